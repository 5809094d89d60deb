//! `match_skills`: which built-in skills a message needs, from one `RegexSet` compiled once.

use std::sync::LazyLock;

use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};

use crate::catalog::{AUTOMATION_EXTRA, SECURITY_EXTRA, SKILLS};

/// Compiled-size ceiling for one user pattern (bytes of the compiled program). Keeps a hostile
/// skill file from making the matcher huge.
pub(crate) const PATTERN_SIZE_LIMIT: usize = 1 << 20;

/// Translates a pattern from the JavaScript dialect the original used into `regex` syntax, so
/// matches agree with a JavaScript regex without the `u` flag: `\b`, `\B`, `\d`, `\D`, `\w` and
/// `\W` become their ASCII forms. Everything else is passed through unchanged.
pub(crate) fn js_to_rust(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('b') => out.push_str(r"(?-u:\b)"),
            Some('B') => out.push_str(r"(?-u:\B)"),
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[0-9A-Za-z_]"),
            Some('W') => out.push_str("[^0-9A-Za-z_]"),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Compiles one trigger pattern (JavaScript dialect, case-insensitive).
pub(crate) fn compile_pattern(pattern: &str) -> Result<Regex, regex::Error> {
    RegexBuilder::new(&js_to_rust(pattern))
        .case_insensitive(true)
        .size_limit(PATTERN_SIZE_LIMIT)
        .build()
}

/// Index of the security extra in [`MATCHER`]; the automation extra follows it.
pub(crate) const SECURITY_SLOT: usize = SKILLS.len();
pub(crate) const AUTOMATION_SLOT: usize = SKILLS.len() + 1;

/// The 17 catalog patterns followed by the two extras. `None` only if a built-in pattern failed
/// to compile, which the test suite rules out.
static MATCHER: LazyLock<Option<RegexSet>> = LazyLock::new(|| {
    let patterns = SKILLS
        .iter()
        .map(|s| js_to_rust(s.pattern))
        .chain([js_to_rust(SECURITY_EXTRA), js_to_rust(AUTOMATION_EXTRA)]);
    RegexSetBuilder::new(patterns)
        .case_insensitive(true)
        .build()
        .ok()
});

/// Ids of the built-in skills a message needs (the original's `matchSkills`, spec c.2).
///
/// Every catalog pattern is tested; matching ids come in catalog order. Then `security` is
/// appended if the message mentions a credential term (password, token, login, cookie, ...) and
/// `automation` if it mentions a shell term (shell, terminal, command, `rm `, mkdir, ...), each
/// only if not already present. The result is deterministic and has no duplicates.
///
/// ```
/// assert_eq!(
///     aartiq_skills::match_skills("What is the latest Bitcoin price?"),
///     ["research", "finance"]
/// );
/// assert_eq!(aartiq_skills::match_skills("store my password"), ["security"]);
/// ```
pub fn match_skills(message: &str) -> Vec<&'static str> {
    let Some(hits) = catalog_hits(message) else {
        return Vec::new();
    };
    if !hits.matched_any() {
        return Vec::new();
    }
    let mut out: Vec<&'static str> = SKILLS
        .iter()
        .enumerate()
        .filter(|(i, _)| hits.matched(*i))
        .map(|(_, s)| s.id)
        .collect();
    if hits.matched(SECURITY_SLOT) && !out.contains(&"security") {
        out.push("security");
    }
    if hits.matched(AUTOMATION_SLOT) && !out.contains(&"automation") {
        out.push("automation");
    }
    out
}

/// Which catalog slots (17 skills, then [`SECURITY_SLOT`] and [`AUTOMATION_SLOT`]) match.
pub(crate) fn catalog_hits(message: &str) -> Option<regex::SetMatches> {
    MATCHER.as_ref().map(|set| set.matches(message))
}

/// Whether the built-in matcher compiled (always true in a tested build).
#[cfg(test)]
pub(crate) fn matcher_ready() -> bool {
    MATCHER.is_some()
}
