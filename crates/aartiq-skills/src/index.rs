//! `SkillIndex`: matching over every available skill, user skills included.

use regex::Regex;

use crate::catalog::{catalog_position, skill_info};
use crate::loader::{SkillListing, SkillMeta};
use crate::matching::{AUTOMATION_SLOT, SECURITY_SLOT, catalog_hits, compile_pattern};

/// Matches messages against a [`SkillListing`]: built-in ids through the catalog (or the
/// override's own `patterns`), user skills through their `patterns` or, failing those, their
/// name and description.
///
/// A user skill without patterns matches when the message contains its name (`-` read as a
/// space) or at least two distinct keywords of its description (one, if the description has
/// only one keyword). Keywords are description words of four or more letters that are not
/// common English or skill boilerplate.
#[derive(Debug)]
pub struct SkillIndex {
    entries: Vec<Entry>,
}

#[derive(Debug)]
struct Entry {
    id: String,
    rule: Rule,
}

#[derive(Debug)]
enum Rule {
    /// A built-in id without its own patterns: use `match_skills`.
    Catalog,
    /// Own patterns, any of which matches.
    Patterns(Vec<Regex>),
    /// Name phrase or keywords from the description.
    Keywords {
        name: Option<Regex>,
        keywords: Option<Regex>,
        needed: usize,
    },
}

impl SkillIndex {
    /// Builds the index. Patterns were checked when the skills loaded; one that still fails to
    /// compile is skipped.
    pub fn new(listing: &SkillListing) -> Self {
        let entries = listing.skills.iter().map(entry_for).collect();
        Self { entries }
    }

    /// Ids of the skills a message needs: built-in ids in catalog order, then user skills in
    /// listing order (sorted by id), then the `security` and `automation` extras as in
    /// [`match_skills`](crate::match_skills).
    pub fn match_message(&self, message: &str) -> Vec<String> {
        let hits = catalog_hits(message);
        let slot = |i: usize| hits.as_ref().is_some_and(|h| h.matched(i));
        let mut out: Vec<String> = Vec::new();
        for entry in &self.entries {
            let hit = match &entry.rule {
                Rule::Catalog => catalog_position(&entry.id).is_some_and(slot),
                Rule::Patterns(res) => res.iter().any(|re| re.is_match(message)),
                Rule::Keywords {
                    name,
                    keywords,
                    needed,
                } => keyword_hit(message, name.as_ref(), keywords.as_ref(), *needed),
            };
            if hit {
                out.push(entry.id.clone());
            }
        }
        for (extra, i) in [("security", SECURITY_SLOT), ("automation", AUTOMATION_SLOT)] {
            if slot(i) && !out.iter().any(|id| id == extra) {
                out.push(extra.to_owned());
            }
        }
        out
    }
}

fn entry_for(meta: &SkillMeta) -> Entry {
    let rule = if !meta.patterns.is_empty() {
        Rule::Patterns(
            meta.patterns
                .iter()
                .filter_map(|p| compile_pattern(p).ok())
                .collect(),
        )
    } else if skill_info(&meta.id).is_some() {
        Rule::Catalog
    } else {
        keyword_rule(&meta.id, &meta.description)
    };
    Entry {
        id: meta.id.clone(),
        rule,
    }
}

fn keyword_rule(id: &str, description: &str) -> Rule {
    let name_words: Vec<String> = id
        .split('-')
        .filter(|w| !w.is_empty())
        .map(regex::escape)
        .collect();
    let name = (!name_words.is_empty())
        .then(|| compile_pattern(&format!(r"\b{}\b", name_words.join(r"[\s_-]+"))).ok())
        .flatten();
    let mut keywords: Vec<String> = Vec::new();
    for word in description
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
    {
        if word.chars().count() >= 4
            && !STOPWORDS.contains(&word.as_str())
            && !keywords.contains(&word)
            && keywords.len() < 32
        {
            keywords.push(word);
        }
    }
    let needed = keywords.len().clamp(0, 2);
    let keywords = (!keywords.is_empty())
        .then(|| {
            let alternation: Vec<String> = keywords.iter().map(|k| regex::escape(k)).collect();
            compile_pattern(&format!(r"\b({})\b", alternation.join("|"))).ok()
        })
        .flatten();
    Rule::Keywords {
        name,
        keywords,
        needed,
    }
}

fn keyword_hit(
    message: &str,
    name: Option<&Regex>,
    keywords: Option<&Regex>,
    needed: usize,
) -> bool {
    if name.is_some_and(|re| re.is_match(message)) {
        return true;
    }
    let Some(re) = keywords else {
        return false;
    };
    if needed == 0 {
        return false;
    }
    let mut seen: Vec<String> = Vec::new();
    for m in re.find_iter(message) {
        let word = m.as_str().to_lowercase();
        if !seen.contains(&word) {
            seen.push(word);
            if seen.len() >= needed {
                return true;
            }
        }
    }
    false
}

/// Words too common to say anything about a skill.
const STOPWORDS: &[&str] = &[
    "about",
    "above",
    "after",
    "again",
    "also",
    "always",
    "among",
    "another",
    "anything",
    "asks",
    "asked",
    "based",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "can't",
    "cannot",
    "could",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "either",
    "else",
    "even",
    "every",
    "from",
    "further",
    "have",
    "having",
    "help",
    "helps",
    "here",
    "into",
    "just",
    "like",
    "make",
    "makes",
    "many",
    "more",
    "most",
    "much",
    "must",
    "need",
    "needs",
    "only",
    "other",
    "over",
    "same",
    "should",
    "skill",
    "skills",
    "some",
    "such",
    "than",
    "that",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "under",
    "until",
    "upon",
    "used",
    "user",
    "users",
    "uses",
    "using",
    "very",
    "want",
    "wants",
    "well",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "will",
    "with",
    "within",
    "without",
    "work",
    "works",
    "would",
    "your",
    "yours",
    "working",
    "mention",
    "mentions",
    "mentioned",
    "involve",
    "involves",
    "involving",
    "including",
    "related",
    "task",
    "tasks",
    "thing",
    "things",
    "whenever",
    "specific",
    "various",
    "provide",
    "provides",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::SKILLS;

    #[test]
    fn builtin_catalog_has_no_keyword_rules() {
        for s in &SKILLS {
            let meta = SkillMeta {
                id: s.id.to_owned(),
                label: s.label.to_owned(),
                description: s.description.to_owned(),
                icon: s.icon.to_owned(),
                patterns: Vec::new(),
                source: crate::SkillSource::BuiltIn,
            };
            assert!(matches!(entry_for(&meta).rule, Rule::Catalog), "{}", s.id);
        }
    }
}
