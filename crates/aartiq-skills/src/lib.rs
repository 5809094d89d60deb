//! Skills for aartiq: Markdown instructions loaded into the system prompt only when a message
//! needs them, so the prompt stays small.
//!
//! In the pipeline this crate sits beside the command parser: the runtime asks
//! [`match_skills`] (or a [`SkillIndex`] that also knows the user's own skills) which skills a
//! user message needs, resolves explicit "load the pdf skill" requests with
//! [`resolve_load_request`], and gets each skill's text from a [`SkillLoader`]; the model's
//! `LOAD_SKILL` command goes through [`SkillLoader::load`] as well.
//!
//! - [`SKILLS`]: the catalog of the 17 built-in skills (id, label, description, icon, trigger
//!   pattern). Their instructions are the files `skills/*.md`, embedded at compile time.
//! - [`match_skills`]: one `RegexSet`, compiled once; deterministic order.
//! - [`SkillLoader`]: user directory (plain `<id>.md` files or Agent Skills folders
//!   `<name>/SKILL.md`) over the embedded skills over inline fallbacks, with a cache that
//!   notices changed files. Frontmatter is real YAML ([`parse_skill`]); runtime notes are
//!   stripped ([`strip_runtime_notes`]).
//!
//! This crate reads files but is otherwise synchronous and never panics on any input.
//!
//! ```
//! use aartiq_skills::{LoaderConfig, SkillLoader, SkillSource, match_skills, resolve_load_request};
//!
//! # fn main() -> Result<(), aartiq_skills::SkillError> {
//! assert_eq!(match_skills("Compare Nvidia's earnings with AMD"), ["analysis", "finance"]);
//!
//! let request = resolve_load_request("load the excel skill").unwrap_or_else(|| unreachable!());
//! assert_eq!(request.skills, ["xlsx"]);
//!
//! let loader = SkillLoader::new(LoaderConfig::default());
//! let skill = loader.load("xlsx")?;
//! assert_eq!(skill.source, SkillSource::BuiltIn);
//! assert!(skill.body.contains("CREATE_FILE_JSON"));
//! # Ok(())
//! # }
//! ```

mod catalog;
mod document;
mod embedded;
mod error;
mod index;
mod load_request;
mod loader;
mod matching;

pub use catalog::{SKILLS, SkillInfo, list_all_skills, skill_info};
pub use document::{Frontmatter, MAX_SKILL_BYTES, SkillDocument, parse_skill, strip_runtime_notes};
pub use error::SkillError;
pub use index::SkillIndex;
pub use load_request::{LoadRequest, UnknownSkillName, resolve_load_request};
pub use loader::{
    AGENT_SKILL_FILE, LoaderConfig, SKILLS_DIR_ENV, Skill, SkillListing, SkillLoader, SkillMeta,
    SkillSource,
};
pub use matching::match_skills;

/// The built-in skill files embedded at compile time, as `(file stem, contents)` sorted by stem.
/// Exposed for tests and tools that check the embedded set against `skills/`.
pub fn embedded_skill_files() -> &'static [(&'static str, &'static str)] {
    embedded::EMBEDDED
}

/// Skills for a message: [`match_skills`] first, then the ids of an explicit load request that
/// are not already there (the original's union, spec c.3).
pub fn skills_for_message(message: &str) -> Vec<&'static str> {
    let mut out = match_skills(message);
    if let Some(request) = resolve_load_request(message) {
        for id in request.skills {
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
