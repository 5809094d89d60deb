//! `SkillLoader`: built-in skills embedded at compile time, a user directory that overrides them
//! per id (plain `<id>.md` files or Agent Skills folders), inline fallbacks, and a cache that
//! notices when a user file changes.

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use crate::catalog::{SKILLS, skill_info};
use crate::document::{MAX_SKILL_BYTES, SkillDocument, parse_skill};
use crate::load_request::closest_ids;
use crate::matching::compile_pattern;
use crate::{SkillError, embedded};

/// Environment variable naming the user skills directory.
pub const SKILLS_DIR_ENV: &str = "AARTIQ_SKILLS_DIR";

/// The file name of a skill in the Agent Skills format: `<dir>/<name>/SKILL.md`.
pub const AGENT_SKILL_FILE: &str = "SKILL.md";

/// Where a loaded skill came from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SkillSource {
    /// Embedded in the binary from `skills/<id>.md`.
    BuiltIn,
    /// The short text compiled into the loader for `pdf`, `docx` and `pptx` (as in the
    /// original), used only if a build has no embedded file for them.
    InlineFallback,
    /// A plain `<user dir>/<id>.md` file.
    UserFile(PathBuf),
    /// An Agent Skills folder, `<user dir>/<id>/SKILL.md`.
    AgentSkill(PathBuf),
}

impl SkillSource {
    /// The file on disk, for user skills.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::UserFile(p) | Self::AgentSkill(p) => Some(p),
            Self::BuiltIn | Self::InlineFallback => None,
        }
    }
}

/// A skill ready to be put into a prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skill {
    /// Lower-case id.
    pub id: String,
    /// Label for listings (the catalog's for built-in ids unless the file sets one).
    pub label: String,
    /// Description (the file's, else the catalog's).
    pub description: String,
    /// Icon for listings.
    pub icon: String,
    /// Trigger patterns from the frontmatter (empty for most user skills; built-in ids match
    /// through the catalog).
    pub patterns: Vec<String>,
    /// Markdown instructions, frontmatter and runtime notes removed.
    pub body: String,
    /// Where it came from.
    pub source: SkillSource,
    /// Problems that did not stop loading, e.g. an override file that failed to parse and was
    /// replaced by the built-in skill.
    pub warnings: Vec<String>,
}

/// Where the loader looks for user skills.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoaderConfig {
    /// The user skills directory, if any. Files there override built-in skills per id.
    pub user_dir: Option<PathBuf>,
}

impl LoaderConfig {
    /// Uses `dir` as the user skills directory.
    pub fn with_user_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.user_dir = Some(dir.into());
        self
    }

    /// Chooses the user directory: an explicitly configured one, else the value of
    /// [`SKILLS_DIR_ENV`] (ignored when empty), else `<platform config dir>/aartiq/skills`.
    /// Pure, so callers and tests pass in what they read.
    pub fn resolve_user_dir(
        configured: Option<PathBuf>,
        env_value: Option<OsString>,
        platform_config_dir: Option<PathBuf>,
    ) -> Option<PathBuf> {
        configured
            .or_else(|| env_value.filter(|v| !v.is_empty()).map(PathBuf::from))
            .or_else(|| platform_config_dir.map(|d| d.join("aartiq").join("skills")))
    }

    /// [`resolve_user_dir`](Self::resolve_user_dir) with the real environment variable and the
    /// platform config directory (`dirs::config_dir`, e.g. `~/.config` on Linux).
    pub fn from_environment(configured: Option<PathBuf>) -> Self {
        Self {
            user_dir: Self::resolve_user_dir(
                configured,
                std::env::var_os(SKILLS_DIR_ENV),
                dirs::config_dir(),
            ),
        }
    }
}

/// Summary of one available skill, for listings and matching.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillMeta {
    /// Lower-case id.
    pub id: String,
    /// Label.
    pub label: String,
    /// Description.
    pub description: String,
    /// Icon.
    pub icon: String,
    /// Trigger patterns from the frontmatter.
    pub patterns: Vec<String>,
    /// Where it comes from.
    pub source: SkillSource,
}

/// Everything the loader can offer, plus the user files it had to skip.
#[derive(Debug, Default)]
pub struct SkillListing {
    /// Built-in skills in catalog order (each replaced by its override when one is valid), then
    /// user-only skills sorted by id.
    pub skills: Vec<SkillMeta>,
    /// User files that could not be used, with the reason.
    pub problems: Vec<(PathBuf, SkillError)>,
}

/// Identity of the file a cached skill was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Stamp {
    /// No user file existed.
    NoFile,
    /// A user file with this size and modification time.
    File {
        path: PathBuf,
        agent_skill: bool,
        len: u64,
        modified: Option<SystemTime>,
    },
}

#[derive(Debug)]
struct Cached {
    stamp: Stamp,
    skill: Arc<Skill>,
}

/// Loads skills by id: user override, then embedded built-in, then inline fallback.
///
/// Results are cached per id. Every call re-checks the user directory with at most two `stat`
/// calls, so a user file that appears, changes (size or modification time) or disappears is
/// picked up on the next call without reading unchanged files again.
#[derive(Debug)]
pub struct SkillLoader {
    user_dir: Option<PathBuf>,
    embedded: &'static [(&'static str, &'static str)],
    cache: Mutex<HashMap<String, Cached>>,
}

impl Default for SkillLoader {
    fn default() -> Self {
        Self::new(LoaderConfig::default())
    }
}

impl SkillLoader {
    /// A loader over the embedded built-in skills and the configured user directory.
    pub fn new(config: LoaderConfig) -> Self {
        Self::with_embedded(config, embedded::EMBEDDED)
    }

    pub(crate) fn with_embedded(
        config: LoaderConfig,
        embedded: &'static [(&'static str, &'static str)],
    ) -> Self {
        Self {
            user_dir: config.user_dir,
            embedded,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The user directory in use.
    pub fn user_dir(&self) -> Option<&Path> {
        self.user_dir.as_deref()
    }

    /// Loads the skill `id` (case-insensitive).
    ///
    /// Order: `<user dir>/<id>.md`, then `<user dir>/<id>/SKILL.md`, then the embedded
    /// `skills/<id>.md`, then an inline fallback. A user file that cannot be read or parsed
    /// falls back to the built-in skill with a warning; for a user-only id it is an error.
    ///
    /// # Errors
    /// [`SkillError::InvalidId`] for an id that is not `[a-z0-9][a-z0-9-]{0,63}` (so model
    /// output can never name a path), [`SkillError::UnknownSkill`] when nothing provides the
    /// id, and the read or parse error of a user-only skill file.
    pub fn load(&self, id: &str) -> Result<Arc<Skill>, SkillError> {
        let id = normalise_id(id)?;
        let stamp = self.stamp(&id);
        if let Some(hit) = self.lock().get(&id)
            && hit.stamp == stamp
        {
            return Ok(Arc::clone(&hit.skill));
        }
        let skill = Arc::new(self.build(&id, &stamp)?);
        self.lock().insert(
            id,
            Cached {
                stamp,
                skill: Arc::clone(&skill),
            },
        );
        Ok(skill)
    }

    /// Whether `id` (case-insensitive) has a cache entry. The entry may still be refreshed by
    /// the next [`load`](Self::load) if its user file changed.
    pub fn is_cached(&self, id: &str) -> bool {
        self.lock().contains_key(&id.to_ascii_lowercase())
    }

    /// Empties the cache.
    pub fn clear_cache(&self) {
        self.lock().clear();
    }

    /// Lists every available skill: the 17 built-ins (overridden where a valid user file
    /// exists) and every user-only skill (`*.md` files and `*/SKILL.md` folders).
    pub fn list(&self) -> SkillListing {
        let mut listing = SkillListing::default();
        let mut user: Vec<SkillMeta> = Vec::new();
        for s in &SKILLS {
            match self.load(s.id) {
                Ok(skill) => listing.skills.push(meta_of(&skill)),
                Err(err) => listing.problems.push((PathBuf::from(s.id), err)),
            }
        }
        for (id, path) in self.user_ids(&mut listing.problems) {
            if skill_info(&id).is_some() || user.iter().any(|m| m.id == id) {
                continue;
            }
            match self.load(&id) {
                Ok(skill) => user.push(meta_of(&skill)),
                Err(err) => listing.problems.push((path, err)),
            }
        }
        user.sort_by(|a, b| a.id.cmp(&b.id));
        listing.skills.extend(user);
        listing
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Cached>> {
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Which user file provides `id` right now, by metadata only.
    fn stamp(&self, id: &str) -> Stamp {
        let Some(dir) = &self.user_dir else {
            return Stamp::NoFile;
        };
        let candidates = [
            (dir.join(format!("{id}.md")), false),
            (dir.join(id).join(AGENT_SKILL_FILE), true),
        ];
        for (path, agent_skill) in candidates {
            if let Ok(meta) = fs::metadata(&path)
                && meta.is_file()
            {
                return Stamp::File {
                    len: meta.len(),
                    modified: meta.modified().ok(),
                    path,
                    agent_skill,
                };
            }
        }
        Stamp::NoFile
    }

    fn build(&self, id: &str, stamp: &Stamp) -> Result<Skill, SkillError> {
        let mut warnings = Vec::new();
        if let Stamp::File {
            path, agent_skill, ..
        } = stamp
        {
            match read_user_skill(id, path, *agent_skill) {
                Ok(skill) => return Ok(skill),
                Err(err) => {
                    if !self.has_builtin(id) {
                        return Err(err);
                    }
                    warnings.push(format!(
                        "ignored {}: {err}; using the built-in skill",
                        path.display()
                    ));
                }
            }
        }
        self.builtin(id, warnings)
    }

    fn has_builtin(&self, id: &str) -> bool {
        self.embedded.iter().any(|(stem, _)| *stem == id) || inline_fallback(id).is_some()
    }

    fn builtin(&self, id: &str, mut warnings: Vec<String>) -> Result<Skill, SkillError> {
        if let Some((_, text)) = self.embedded.iter().find(|(stem, _)| *stem == id) {
            match parse_skill(text) {
                Ok(doc) => {
                    return Ok(skill_from(id, doc, SkillSource::BuiltIn, warnings));
                }
                Err(err) => warnings.push(format!("built-in skill {id} is malformed: {err}")),
            }
        }
        if let Some(body) = inline_fallback(id) {
            let doc = SkillDocument {
                body: body.to_owned(),
                ..SkillDocument::default()
            };
            return Ok(skill_from(id, doc, SkillSource::InlineFallback, warnings));
        }
        Err(SkillError::UnknownSkill {
            id: id.to_owned(),
            closest: closest_ids(id).into_iter().map(str::to_owned).collect(),
        })
    }

    /// Candidate user-only ids in the user directory, sorted.
    fn user_ids(&self, problems: &mut Vec<(PathBuf, SkillError)>) -> Vec<(String, PathBuf)> {
        let Some(dir) = &self.user_dir else {
            return Vec::new();
        };
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
            Err(source) => {
                problems.push((
                    dir.clone(),
                    SkillError::Io {
                        path: dir.clone(),
                        source,
                    },
                ));
                return Vec::new();
            }
        };
        let mut ids = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let (raw_id, file) = if path.is_dir() {
                let file = path.join(AGENT_SKILL_FILE);
                if !file.is_file() {
                    continue;
                }
                (name, file)
            } else if let Some(stem) = name.strip_suffix(".md") {
                (stem.to_owned(), path)
            } else {
                continue;
            };
            match normalise_id(&raw_id) {
                Ok(id) => ids.push((id, file)),
                Err(err) => problems.push((file, err)),
            }
        }
        ids.sort();
        ids
    }
}

/// Lower-cases and checks an id: `[a-z0-9][a-z0-9-]{0,63}`.
pub(crate) fn normalise_id(id: &str) -> Result<String, SkillError> {
    let lower = id.trim().to_ascii_lowercase();
    let valid = !lower.is_empty()
        && lower.len() <= 64
        && !lower.starts_with('-')
        && lower
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if valid {
        Ok(lower)
    } else {
        Err(SkillError::InvalidId { id: id.to_owned() })
    }
}

fn read_user_skill(id: &str, path: &Path, agent_skill: bool) -> Result<Skill, SkillError> {
    let io = |source| SkillError::Io {
        path: path.to_owned(),
        source,
    };
    let len = fs::metadata(path).map_err(io)?.len();
    if len > MAX_SKILL_BYTES {
        return Err(SkillError::TooLarge {
            len,
            limit: MAX_SKILL_BYTES,
        });
    }
    let bytes = fs::read(path).map_err(io)?;
    let text = String::from_utf8_lossy(&bytes);
    let doc = parse_skill(&text)?;
    let mut warnings = Vec::new();
    validate_frontmatter(id, &doc, agent_skill, &mut warnings)?;
    let source = if agent_skill {
        SkillSource::AgentSkill(path.to_owned())
    } else {
        SkillSource::UserFile(path.to_owned())
    };
    Ok(skill_from(id, doc, source, warnings))
}

/// Checks the fields a user file must have, and that its patterns compile.
///
/// # Errors
/// An Agent Skills file without `name` or `description`, a description over 1024 characters,
/// or a pattern that does not compile.
pub(crate) fn validate_frontmatter(
    id: &str,
    doc: &SkillDocument,
    agent_skill: bool,
    warnings: &mut Vec<String>,
) -> Result<(), SkillError> {
    let fm = &doc.frontmatter;
    if agent_skill {
        if fm.name.as_deref().is_none_or(|n| n.trim().is_empty()) {
            return Err(SkillError::Frontmatter {
                message: "an Agent Skills SKILL.md needs a `name`".to_owned(),
            });
        }
        if fm
            .description
            .as_deref()
            .is_none_or(|d| d.trim().is_empty())
        {
            return Err(SkillError::Frontmatter {
                message: "an Agent Skills SKILL.md needs a `description`".to_owned(),
            });
        }
    }
    if let Some(name) = &fm.name
        && !name.trim().eq_ignore_ascii_case(id)
    {
        warnings.push(format!(
            "frontmatter name {name:?} differs from the file or folder name {id:?}; using {id:?}"
        ));
    }
    if let Some(desc) = &fm.description
        && desc.chars().count() > 1024
    {
        return Err(SkillError::Frontmatter {
            message: "`description` is longer than 1024 characters".to_owned(),
        });
    }
    for pattern in &fm.patterns {
        compile_pattern(pattern).map_err(|e| SkillError::Pattern {
            pattern: pattern.clone(),
            message: e.to_string(),
        })?;
    }
    Ok(())
}

fn skill_from(id: &str, doc: SkillDocument, source: SkillSource, warnings: Vec<String>) -> Skill {
    let info = skill_info(id);
    let fm = doc.frontmatter;
    let pick = |own: Option<String>, builtin: Option<&str>, default: &str| {
        own.map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .or_else(|| builtin.map(str::to_owned))
            .unwrap_or_else(|| default.to_owned())
    };
    Skill {
        id: id.to_owned(),
        label: pick(fm.label, info.map(|i| i.label), id),
        description: pick(fm.description, info.map(|i| i.description), ""),
        icon: pick(fm.icon, info.map(|i| i.icon), "🧩"),
        patterns: fm.patterns,
        body: doc.body,
        source,
        warnings,
    }
}

fn meta_of(skill: &Skill) -> SkillMeta {
    SkillMeta {
        id: skill.id.clone(),
        label: skill.label.clone(),
        description: skill.description.clone(),
        icon: skill.icon.clone(),
        patterns: skill.patterns.clone(),
        source: skill.source.clone(),
    }
}

/// The original kept inline text for `pdf`, `docx` and `pptx` only (spec c.4).
pub(crate) fn inline_fallback(id: &str) -> Option<&'static str> {
    match id {
        "pdf" => Some(
            "# PDF generation\n\nCreate PDFs with `CREATE_FILE_JSON` and `\"format\": \"pdf\"` \
             (a title plus Markdown content), or `[GENERATE_PDF: Title | content]` for a quick \
             single-section document. Structure the content with headings, short paragraphs and \
             tables; cite sources for facts.",
        ),
        "docx" => Some(
            "# Word documents\n\nCreate DOCX files with `CREATE_FILE_JSON` and \
             `\"format\": \"docx\"`: a title and Markdown content with headings, lists and \
             tables. Keep one topic per section and state the purpose in the first paragraph.",
        ),
        "pptx" => Some(
            "# Presentations\n\nCreate PPTX decks with `CREATE_FILE_JSON` and \
             `\"format\": \"pptx\"`: a title and a `slides` array of `{title, bullets, notes}`. \
             One idea per slide, at most six short bullets, speaker notes for detail.",
        ),
        _ => None,
    }
}
