//! One skill file: YAML frontmatter plus a Markdown body, with runtime notes stripped.

use serde::Deserialize;

use crate::SkillError;

/// Largest skill file read from disk, in bytes (1 MiB). A skill goes into a model's prompt, so
/// anything near this size is already a mistake.
pub const MAX_SKILL_BYTES: u64 = 1 << 20;

/// The frontmatter fields aartiq reads. Unknown keys (`license`, `allowed-tools`, `metadata`,
/// ... from the Agent Skills format) are accepted and ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Frontmatter {
    /// Skill name; for Agent Skills folders it should equal the folder name. `id` is accepted as
    /// a synonym.
    #[serde(alias = "id")]
    pub name: Option<String>,
    /// What the skill is for and when to use it. Feeds matching for user skills without
    /// `patterns`.
    pub description: Option<String>,
    /// Human label for listings.
    pub label: Option<String>,
    /// Icon for listings.
    pub icon: Option<String>,
    /// Trigger patterns (case-insensitive regexes, JavaScript dialect); a single string is read
    /// as a one-element list.
    #[serde(deserialize_with = "one_or_many")]
    pub patterns: Vec<String>,
}

fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
        Nothing(()),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(s) => vec![s],
        OneOrMany::Many(v) => v,
        OneOrMany::Nothing(()) => Vec::new(),
    })
}

/// A parsed skill file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SkillDocument {
    /// The frontmatter (all fields empty when the file has none).
    pub frontmatter: Frontmatter,
    /// The Markdown instructions: everything after the frontmatter, runtime notes removed,
    /// trimmed.
    pub body: String,
}

/// Parses a skill file: optional YAML frontmatter, then the Markdown body.
///
/// Frontmatter exists only when the very first line (after an optional byte-order mark) is
/// `---`; it runs to the next line that is `---` or `...`, and the text between is parsed as
/// YAML (blank lines, comments and block scalars included). A `---` later in the file is a
/// horizontal rule, never frontmatter. Runtime-note blocks are then removed from the body
/// ([`strip_runtime_notes`]).
///
/// # Errors
/// [`SkillError::UnterminatedFrontmatter`] when the opening `---` is never closed, and
/// [`SkillError::Frontmatter`] when the block is not a YAML mapping of the expected field types.
pub fn parse_skill(text: &str) -> Result<SkillDocument, SkillError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((yaml, rest)) = split_frontmatter(text)? else {
        return Ok(SkillDocument {
            frontmatter: Frontmatter::default(),
            body: strip_runtime_notes(text),
        });
    };
    let frontmatter = if yaml.trim().is_empty() {
        Frontmatter::default()
    } else {
        serde_norway::from_str::<Frontmatter>(yaml).map_err(|e| SkillError::Frontmatter {
            message: e.to_string(),
        })?
    };
    Ok(SkillDocument {
        frontmatter,
        body: strip_runtime_notes(rest),
    })
}

/// Splits `---\n<yaml>\n---\n<body>`; `None` when the first line is not `---`.
fn split_frontmatter(text: &str) -> Result<Option<(&str, &str)>, SkillError> {
    let mut lines = LineIter::new(text);
    let Some((_, first_end, first)) = lines.next() else {
        return Ok(None);
    };
    if first.trim_end() != "---" {
        return Ok(None);
    }
    for (start, end, line) in lines {
        let line = line.trim_end();
        if line == "---" || line == "..." {
            return Ok(Some((&text[first_end..start], &text[end..])));
        }
    }
    Err(SkillError::UnterminatedFrontmatter)
}

/// Lines with their byte range including the terminator: (start, end, line without `\n`).
struct LineIter<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> LineIter<'a> {
    fn new(text: &'a str) -> Self {
        Self { text, pos: 0 }
    }
}

impl<'a> Iterator for LineIter<'a> {
    type Item = (usize, usize, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.text.len() {
            return None;
        }
        let start = self.pos;
        let rest = &self.text[start..];
        let (line, advance) = match rest.find('\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        self.pos = start + advance;
        Some((start, self.pos, line))
    }
}

/// Removes every "Aartiq runtime note" block from a skill body, then trims it.
///
/// A block starts at a blockquote line whose text begins with `Aartiq runtime note:` (any
/// case), e.g. `> Aartiq runtime note: ...`, and runs to and including the next line that is
/// `---`. Without such a closing line only the block's own contiguous `>` lines are removed, so
/// a note can never swallow the rest of the file. These notes are for people maintaining the
/// file, not for the model.
pub fn strip_runtime_notes(body: &str) -> String {
    let lines: Vec<(usize, usize, &str)> = LineIter::new(body).collect();
    // next_rule[i]: index of the first `---` line at or after line i (linear, so a file full of
    // unclosed notes stays cheap).
    let mut next_rule = vec![None; lines.len() + 1];
    for (i, (_, _, line)) in lines.iter().enumerate().rev() {
        next_rule[i] = if line.trim() == "---" {
            Some(i)
        } else {
            next_rule[i + 1]
        };
    }
    let mut out = String::with_capacity(body.len());
    let mut i = 0;
    while let Some(&(start, end, line)) = lines.get(i) {
        if !is_note_start(line) {
            out.push_str(&body[start..end]);
            i += 1;
            continue;
        }
        let close = next_rule.get(i + 1).copied().flatten();
        i = match close {
            Some(close) => close + 1,
            None => {
                let mut j = i + 1;
                while lines
                    .get(j)
                    .is_some_and(|(_, _, l)| l.trim_start().starts_with('>'))
                {
                    j += 1;
                }
                j
            }
        };
        // Do not leave two blank lines where the note was.
        if out.is_empty() || out.ends_with("\n\n") {
            while lines.get(i).is_some_and(|(_, _, l)| l.trim().is_empty()) {
                i += 1;
            }
        }
    }
    out.trim().to_owned()
}

fn is_note_start(line: &str) -> bool {
    let Some(quoted) = line.trim_start().strip_prefix('>') else {
        return false;
    };
    let text = quoted.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
    text.get(..20)
        .is_some_and(|head| head.eq_ignore_ascii_case("aartiq runtime note:"))
}
