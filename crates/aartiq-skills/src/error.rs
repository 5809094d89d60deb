//! The one error type of this crate.

use std::path::PathBuf;

/// Why a skill could not be loaded or parsed.
///
/// A message that simply names no skill is not an error: see
/// [`LoadRequest::unknown`](crate::LoadRequest::unknown).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SkillError {
    /// The id is not a valid skill id (lower-case ASCII letters, digits and `-`, 1 to 64
    /// characters, starting with a letter or digit). Ids come from model output, so they are
    /// checked before they are ever joined to a path.
    #[error("invalid skill id {id:?}: use lower-case letters, digits and '-' (at most 64)")]
    InvalidId {
        /// The rejected id, as given.
        id: String,
    },
    /// No built-in, user or Agent Skills folder provides this id.
    #[error("no such skill {id:?}{}", closest_hint(closest))]
    UnknownSkill {
        /// The id that was asked for.
        id: String,
        /// The closest known ids, best first (possibly empty).
        closest: Vec<String>,
    },
    /// The file opens a `---` frontmatter block that never closes.
    #[error("unterminated frontmatter: no closing '---' line")]
    UnterminatedFrontmatter,
    /// The frontmatter is not a YAML mapping with the expected fields.
    #[error("invalid frontmatter: {message}")]
    Frontmatter {
        /// What the YAML parser or the field checks reported.
        message: String,
    },
    /// A trigger pattern in the frontmatter does not compile.
    #[error("invalid trigger pattern {pattern:?}: {message}")]
    Pattern {
        /// The pattern as written.
        pattern: String,
        /// What the regex compiler reported.
        message: String,
    },
    /// The skill file is larger than [`MAX_SKILL_BYTES`](crate::MAX_SKILL_BYTES).
    #[error("skill file is too large: {len} bytes (limit {limit})")]
    TooLarge {
        /// Size of the file.
        len: u64,
        /// The limit.
        limit: u64,
    },
    /// Reading a user skill file or directory failed.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

fn closest_hint(closest: &[String]) -> String {
    if closest.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", closest.join(", "))
    }
}
