//! The concept prefilter: every lexicon term of every language in one Aho-Corasick automaton,
//! run once over the normalised text, plus the two concepts found by shape (destinations and
//! markdown URLs with parameters).

use std::collections::BTreeMap;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::concept::{Concept, LEXICONS};
use crate::error::GuardError;
use crate::normalize;

/// A concept occurrence in the normalised text: the concepts (as a bit set) and the span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hit {
    pub mask: u32,
    pub start: usize,
    pub end: usize,
}

#[derive(Debug, Clone, Copy, Default)]
struct Term {
    mask: u32,
    /// Matches any word it begins (`ignor*`).
    stem: bool,
    /// The term starts (ends) with a letter of a script that separates words with spaces, so
    /// the text must have a word boundary there.
    bound_start: bool,
    bound_end: bool,
}

/// The compiled lexicons.
#[derive(Debug)]
pub(crate) struct ConceptIndex {
    automaton: AhoCorasick,
    terms: Vec<Term>,
    /// Number of distinct terms per language, for the docs.
    pub per_language: Vec<(&'static str, usize)>,
}

/// Scripts written without spaces between words, or with clitics glued to words (Hebrew,
/// Arabic script): their terms match inside words.
fn glued_script(c: char) -> bool {
    matches!(c as u32,
        0x0590..=0x06FF | 0x0750..=0x077F | 0x08A0..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF
        | 0x0E00..=0x0E7F | 0x1100..=0x11FF | 0x3040..=0x30FF | 0x2E80..=0x2FFF
        | 0x3400..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric()
}

impl ConceptIndex {
    pub(crate) fn new() -> Result<Self, GuardError> {
        Self::without(None)
    }

    /// The index without one language's lexicon (leave-one-language-out evaluation).
    pub(crate) fn without(skip: Option<&str>) -> Result<Self, GuardError> {
        let mut map: BTreeMap<String, Term> = BTreeMap::new();
        let mut per_language = Vec::new();
        for &(lang, text) in LEXICONS {
            if skip == Some(lang) {
                continue;
            }
            let mut count = 0;
            for (n, line) in text.lines().enumerate() {
                let line = line.trim_end();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let bad = |why: &str| GuardError::InvalidLexicon {
                    language: lang,
                    line: n + 1,
                    message: why.to_owned(),
                };
                let (name, raw) = line.split_once('\t').ok_or_else(|| bad("no tab"))?;
                let concept = Concept::from_lexicon(name).ok_or_else(|| bad("unknown concept"))?;
                let stem = raw.ends_with('*');
                let norm = normalize::normalize(raw.trim_end_matches('*')).text;
                let norm = norm.trim();
                if norm.is_empty() {
                    return Err(bad("empty term"));
                }
                let first = norm.chars().next().unwrap_or(' ');
                let last = norm.chars().next_back().unwrap_or(' ');
                let entry = map.entry(norm.to_owned()).or_insert_with(|| Term {
                    bound_start: is_word(first) && !glued_script(first),
                    bound_end: is_word(last) && !glued_script(last),
                    ..Term::default()
                });
                entry.mask |= 1 << concept.index();
                // A short Latin stem (`ava*`, `colle*`) would match words of other languages
                // written in the same letters; other scripts are shared by fewer lexicons.
                let min = if first.is_ascii() { 6 } else { 4 };
                entry.stem |= stem && norm.chars().count() >= min;
                count += 1;
            }
            per_language.push((lang, count));
        }
        let (patterns, terms): (Vec<String>, Vec<Term>) = map.into_iter().unzip();
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::Standard)
            .build(&patterns)
            .map_err(|e| GuardError::Prefilter {
                message: e.to_string(),
            })?;
        Ok(ConceptIndex {
            automaton,
            terms,
            per_language,
        })
    }

    /// Every concept occurrence in `text` (normalised), in order of start.
    pub(crate) fn find(&self, text: &str, out: &mut Vec<Hit>) {
        let first = out.len();
        destinations(text, out);
        // Words inside an address or a URL (`pirate@exemple.fr`) are not what the text says.
        let places: Vec<(usize, usize)> = out[first..].iter().map(|h| (h.start, h.end)).collect();
        let inside_place = |s: usize, e: usize| places.iter().any(|&(ps, pe)| ps <= s && e <= pe);
        for m in self.automaton.find_overlapping_iter(text) {
            let Some(term) = self.terms.get(m.pattern().as_usize()) else {
                continue;
            };
            let (s, e) = (m.start(), m.end());
            if term.bound_start && text[..s].chars().next_back().is_some_and(is_word) {
                continue;
            }
            if term.bound_end && !term.stem && text[e..].chars().next().is_some_and(is_word) {
                continue;
            }
            if inside_place(s, e) {
                continue;
            }
            out.push(Hit {
                mask: term.mask,
                start: s,
                end: e,
            });
        }
        markdown_urls(text, out);
        out.sort_unstable_by_key(|h| (h.start, h.end));
    }
}

/// Mail addresses (`name@host.tld`) and URLs (`scheme://host`).
fn destinations(text: &str, out: &mut Vec<Hit>) {
    let b = text.as_bytes();
    let bit = 1 << Concept::Destination.index();
    for at in memchr::memchr_iter(b'@', b) {
        let local = b[..at]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+'))
            .count();
        let mut host = b[at + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-'))
            .count();
        while host > 0 && b[at + host] == b'.' {
            host -= 1;
        }
        let host_text = &b[at + 1..at + 1 + host];
        if local > 0 && host > 3 && host_text.contains(&b'.') {
            out.push(Hit {
                mask: bit,
                start: at - local,
                end: at + 1 + host,
            });
        }
    }
    for p in memchr::memmem::find_iter(b, b"://") {
        let scheme = b[..p]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if scheme >= 3 && b.get(p + 3).is_some_and(u8::is_ascii_alphanumeric) {
            let rest = b[p + 3..]
                .iter()
                .take_while(|&&c| c > b' ' && !matches!(c, b'"' | b'\'' | b')' | b'>' | b'<'))
                .count();
            out.push(Hit {
                mask: bit,
                start: p - scheme,
                end: p + 3 + rest,
            });
        }
    }
}

/// `![alt](url?x=...)` and `[text](url?x=...)`: a markdown target that carries parameters or a
/// placeholder to fill in.
fn markdown_urls(text: &str, out: &mut Vec<Hit>) {
    let b = text.as_bytes();
    let bit = 1 << Concept::MarkdownUrl.index();
    for p in memchr::memmem::find_iter(b, b"](") {
        let url_len = b[p + 2..]
            .iter()
            .take(400)
            .take_while(|&&c| c != b')' && c != b'\n' && c != b' ')
            .count();
        let url = &b[p + 2..p + 2 + url_len];
        let carries = url.contains(&b'?') || url.contains(&b'{') || url.contains(&b'[');
        let image = p > 0 && b[..p].iter().rev().take(200).any(|&c| c == b'!');
        if url_len > 8 && carries && (image || url.contains(&b'=')) {
            let start = b[..p].iter().rposition(|&c| c == b'[').unwrap_or(p);
            out.push(Hit {
                mask: bit,
                start,
                end: p + 2 + url_len,
            });
        }
    }
}
