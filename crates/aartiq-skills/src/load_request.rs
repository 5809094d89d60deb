//! "load / use / activate / enable `<skill>`" requests in natural language (spec c.3), resolved
//! without the original's label-containment shortcut (spec j.2).

use std::sync::LazyLock;

use regex::Regex;

use crate::catalog::{SKILLS, SkillInfo};

/// What a load request asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadRequest {
    /// The skills it resolved to, in the order the message named them, without duplicates.
    pub skills: Vec<&'static str>,
    /// Names that resolved to no skill, each with the closest known ids.
    pub unknown: Vec<UnknownSkillName>,
}

/// A name in a load request that is not a skill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSkillName {
    /// The name as the message gave it, lower-cased.
    pub name: String,
    /// The closest skill ids, best first (at most three); for an ambiguous name, every skill it
    /// could mean.
    pub closest: Vec<&'static str>,
}

impl LoadRequest {
    /// True when every name resolved.
    pub fn is_complete(&self) -> bool {
        self.unknown.is_empty()
    }

    /// A one-line message for the unresolved names, e.g.
    /// `no such skill "web"; did you mean research, browsing?`. `None` when all resolved.
    pub fn problem(&self) -> Option<String> {
        if self.unknown.is_empty() {
            return None;
        }
        let parts: Vec<String> = self
            .unknown
            .iter()
            .map(|u| {
                if u.closest.is_empty() {
                    format!("no such skill {:?}", u.name)
                } else {
                    format!(
                        "no such skill {:?}; did you mean {}?",
                        u.name,
                        u.closest.join(", ")
                    )
                }
            })
            .collect();
        Some(parts.join("; "))
    }
}

/// The original's phrasing, `^(?:load|use|activate|enable)\s+(?:the\s+)?(.+?)(?:\s+skill)?$`,
/// extended with an optional "please", "skills" and trailing punctuation. One line only.
static LOAD_RE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^[ \t]*(?:please[ \t]+)?(load|use|activate|enable)[ \t]+(?:the[ \t]+)?(.+?)(?:[ \t]+skills?)?[ \t]*[.!]?[ \t]*$",
    )
    .ok()
});

/// Separators between several names: "pdf and docx", "pdf, docx", "pdf + docx".
static SPLIT_RE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"(?i)\s*(?:,|\+|/|\band\b|&)\s*").ok());

/// Resolves a "load / use / activate / enable `<skill>`" message (spec c.3).
///
/// Returns `None` when the message is not a load request. It is one when the whole message is a
/// single line of that shape and either a name resolves, the verb is `load` or `activate`, or
/// the message says "skill"; so "use google to find it" is not a load request but "load foo" is
/// one with an unknown name.
///
/// A name resolves when it is a skill id (spaces and `_` read as `-`), a label, one of the
/// skill's aliases, or a run of whole words of exactly one label. A name that fits several
/// labels ("web") or none is reported in [`LoadRequest::unknown`] with the closest ids; it never
/// resolves by accident of catalog order.
///
/// ```
/// let req = aartiq_skills::resolve_load_request("load the pdf skill").unwrap();
/// assert_eq!(req.skills, ["pdf"]);
/// let req = aartiq_skills::resolve_load_request("load web").unwrap();
/// assert!(req.skills.is_empty());
/// assert_eq!(req.unknown[0].closest, ["research", "browsing"]);
/// assert!(aartiq_skills::resolve_load_request("what is the weather").is_none());
/// ```
pub fn resolve_load_request(message: &str) -> Option<LoadRequest> {
    let re = LOAD_RE.as_ref()?;
    let caps = re.captures(message)?;
    let verb = caps.get(1)?.as_str().to_ascii_lowercase();
    let raw = caps.get(2)?.as_str();
    let explicit = verb == "load" || verb == "activate" || contains_word(message, "skill");

    let whole = clean_name(raw);
    if whole.is_empty() {
        return None;
    }
    // Resolve first; the closest-name search (edit distances) only runs for a message that
    // turns out to be a load request.
    let mut skills: Vec<&'static str> = Vec::new();
    let mut unresolved: Vec<(String, Resolution)> = Vec::new();
    match resolve_name(&whole) {
        Resolution::Found(id) => skills.push(id),
        whole_resolution => {
            let parts: Vec<String> = match SPLIT_RE.as_ref() {
                Some(split) => split
                    .split(&whole)
                    .map(clean_name)
                    .filter(|p| !p.is_empty())
                    .collect(),
                None => Vec::new(),
            };
            if parts.len() <= 1 {
                unresolved.push((whole, whole_resolution));
            } else {
                for part in parts {
                    match resolve_name(&part) {
                        Resolution::Found(id) => {
                            if !skills.contains(&id) {
                                skills.push(id);
                            }
                        }
                        other => unresolved.push((part, other)),
                    }
                }
            }
        }
    }
    if skills.is_empty() && !explicit {
        return None;
    }
    Some(LoadRequest {
        skills,
        unknown: unresolved
            .into_iter()
            .map(|(name, resolution)| unknown_entry(&name, resolution))
            .collect(),
    })
}

/// How one name resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Resolution {
    Found(&'static str),
    Ambiguous(Vec<&'static str>),
    NotFound,
}

fn unknown_entry(name: &str, resolution: Resolution) -> UnknownSkillName {
    let closest = match resolution {
        Resolution::Ambiguous(ids) => ids,
        _ => closest_ids(name),
    };
    UnknownSkillName {
        name: name.to_owned(),
        closest,
    }
}

/// Lower-cases, collapses whitespace, and drops a leading "the" and a trailing "skill(s)".
fn clean_name(raw: &str) -> String {
    let lower = raw.to_lowercase();
    let mut words: Vec<&str> = lower.split_whitespace().collect();
    if words.first() == Some(&"the") {
        words.remove(0);
    }
    if matches!(words.first(), Some(&"skill") | Some(&"skills")) {
        words.remove(0);
    }
    if matches!(words.last(), Some(&"skill") | Some(&"skills")) {
        words.pop();
    }
    words
        .join(" ")
        .trim_matches(|c: char| matches!(c, '"' | '\'' | '`' | '.' | '!' | '?'))
        .trim()
        .to_owned()
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn contains_word(text: &str, word: &str) -> bool {
    words(text)
        .iter()
        .any(|w| w == word || *w == format!("{word}s"))
}

/// Resolves one cleaned name against the catalog.
pub(crate) fn resolve_name(name: &str) -> Resolution {
    let hyphenated: String = name
        .split(|c: char| c.is_whitespace() || c == '_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let and_form = name.replace(" and ", " & ");
    if let Some(s) = SKILLS.iter().find(|s| {
        s.id == name
            || s.id == hyphenated
            || s.label.eq_ignore_ascii_case(name)
            || s.label.eq_ignore_ascii_case(&and_form)
            || s.aliases.contains(&name)
    }) {
        return Resolution::Found(s.id);
    }
    let name_words = words(name);
    if name_words.is_empty() {
        return Resolution::NotFound;
    }
    let hits: Vec<&'static str> = SKILLS
        .iter()
        .filter(|s| contains_run(&words(s.label), &name_words))
        .map(|s| s.id)
        .collect();
    match hits.len() {
        0 => Resolution::NotFound,
        1 => hits
            .first()
            .map_or(Resolution::NotFound, |id| Resolution::Found(id)),
        _ => Resolution::Ambiguous(hits),
    }
}

fn contains_run(haystack: &[String], needle: &[String]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// Up to three ids whose id, label or alias is closest to `name` by edit distance, best first,
/// within a distance that still looks like a typo.
pub(crate) fn closest_ids(name: &str) -> Vec<&'static str> {
    let limit = 1 + name.chars().count() / 3;
    let mut scored: Vec<(usize, usize, &'static str)> = SKILLS
        .iter()
        .enumerate()
        .filter_map(|(pos, s)| {
            let best = candidates(s)
                .map(|c| edit_distance(name, &c))
                .min()
                .unwrap_or(usize::MAX);
            (best <= limit).then_some((best, pos, s.id))
        })
        .collect();
    scored.sort_unstable();
    scored.into_iter().take(3).map(|(_, _, id)| id).collect()
}

fn candidates(s: &'static SkillInfo) -> impl Iterator<Item = String> {
    [s.id.to_owned(), s.label.to_lowercase()]
        .into_iter()
        .chain(s.aliases.iter().map(|a| (*a).to_owned()))
}

/// Levenshtein distance over chars, capped input length so hostile names stay cheap.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(128).collect();
    let b: Vec<char> = b.chars().take(128).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}
