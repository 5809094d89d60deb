//! The scan pipeline: normalise, run the rule table near its anchors, decode hidden and
//! encoded channels and rescan them, weigh context, combine weak signals, score.

use std::collections::HashMap;

use aho_corasick::{
    AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, Anchored, Input, MatchKind, StartKind,
};
use regex::Regex;

use crate::context::{Config, ContentKind, Context};
use crate::decode;
use crate::error::GuardError;
use crate::html;
use crate::normalize::{self, Normalized, fold_pattern};
use crate::rules::{self, Check, RULES, RuleDef};
use crate::verdict::{Action, Class, Label, Layer, Span, Threat, Verdict, quarantine_token};

mod checks;
pub(crate) mod combiner;
pub(crate) mod concepts;
mod prefilter;
mod scoring;
mod views;

#[cfg(test)]
pub(crate) use checks::rule_severity;
use checks::*;
use prefilter::*;
use scoring::combiner_severity;
pub(crate) use scoring::{scan, scan_parts};

use views::*;

/// Strong English words whose ROT13 or reversed spelling betrays an encoded attack.
const PROBES: &[&str] = &[
    "ignore",
    "instructions",
    "previous",
    "disregard",
    "system prompt",
    "reveal",
    "password",
    "the user's",
    "must now",
    "obey",
    "tell them",
    "this site is safe",
    "forget",
    "your instructions",
    "send the",
    "curl http",
    "https://",
    "admin@",
    "assistant",
    "delete",
    "the user",
    "tell no one",
    "email the",
];

/// Common English words whose ROT13 or reversed spelling, beside one strong probe, marks a
/// sentence written that way whatever its verbs ("eht dnes ,eunitnoc uoy erofeB"). Alone they
/// do not count: a spoiler in ROT13 next to plain English is not an attack.
const FUNCTION_PROBES: &[&str] = &["the", "you", "your", "and", "this", "with", "from"];

/// Severity added to a finding that was hidden (encoded, invisible, off-screen).
const HIDDEN_BOOST: f64 = 0.15;
/// Views (decoded or hidden texts) scanned per call, at most.
const MAX_VIEWS: usize = 32;
/// How deep decoded text is decoded again.
const MAX_DEPTH: u8 = 2;

/// A rule match: label, severity, start and end in the normalised text.
type RuleHit = (Label, f64, usize, usize);
/// A probe hit: kind, start and end in the normalised text.
type ProbeHit = (Probe, usize, usize);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Probe {
    Rot13,
    Reversed,
}

#[derive(Debug)]
struct Compiled {
    def: &'static RuleDef,
    regex: Regex,
    line_start: bool,
    needs_also: bool,
    /// A cheap necessary condition for a window (see `rules::GUARDS`).
    guard: Option<Regex>,
}

/// Expands an anchor template (`=a|b c|d` gives `a c`, `a d`, `b c`, `b d`).
pub(crate) fn expand_anchor(anchor: &str) -> Vec<String> {
    let Some(template) = anchor.strip_prefix('=') else {
        return vec![fold_pattern(&anchor.to_lowercase())];
    };
    let mut out = vec![String::new()];
    for (i, slot) in template.split(' ').enumerate() {
        let mut next = Vec::new();
        for prefix in &out {
            for alt in slot.split('|') {
                let mut s = prefix.clone();
                if i > 0 {
                    s.push(' ');
                }
                s.push_str(alt);
                next.push(s);
            }
        }
        out = next;
    }
    out.into_iter()
        .map(|a| fold_pattern(&a.to_lowercase()))
        .collect()
}

/// The compiled rule table. Immutable and shareable; scanning keeps no state (spec j.4).
#[derive(Debug)]
pub(crate) struct Engine {
    rules: Vec<Compiled>,
    /// Anchors that contain punctuation or CJK, found with Aho-Corasick.
    anchors: AhoCorasick,
    /// Anchor ids (index into `anchor_targets`) of the symbol anchors, by automaton pattern.
    symbol_ids: Vec<usize>,
    /// Bytes other than ASCII letters and digits that a symbol anchor can start with: the
    /// automaton runs anchored at these only (and at `letter_symbols`).
    symbol_starts: [bool; 256],
    /// Symbol anchors that start with an ASCII letter or digit (the ROT13 spelling of
    /// `https://` or `admin@`), whose first byte is everywhere. Such an anchor is a run of
    /// word bytes and then punctuation, so its run ends a word of the text: the word pass
    /// reports it at word ends (`(run, next byte)`); any other shape is found with `memmem`.
    letter_symbols: LetterSymbols,
    /// The first one to four bytes of every symbol anchor (see `SymbolPrefixes`): the
    /// automaton runs only where one of them is present.
    symbol_prefixes: SymbolPrefixes,
    /// Word anchors: n-grams of whole words (n <= 3) by hash, and single-word stems.
    words: WordIndex,
    /// For each anchor pattern: the rules it wakes, or a probe kind.
    anchor_targets: Vec<(Vec<usize>, Option<Probe>)>,
    /// For each anchor pattern: the rules for which it is a co-anchor (`also`).
    also_targets: Vec<Vec<usize>>,
    /// Every lexicon term, by concept.
    pub(crate) concepts: concepts::ConceptIndex,
    /// The learned combiner.
    pub(crate) model: combiner::Model,
}

/// The committed combiner weights (`cargo xtask train-guard` rebuilds them).
pub(crate) const MODEL: &str = include_str!("../../model/combiner.txt");

/// A finding before scoring, with a span in the scanned (outermost) text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Finding {
    pub label: Label,
    pub severity: f64,
    pub span: Option<(usize, usize)>,
}

pub(crate) fn expand(pattern: &str) -> String {
    let mut p = pattern.to_owned();
    for (name, frag) in rules::FRAGMENTS {
        p = p.replace(&format!("{{{name}}}"), frag);
    }
    fold_pattern(&p)
}

impl Engine {
    pub(crate) fn new() -> Result<Self, GuardError> {
        Self::build(combiner::Model::parse(MODEL)?)
    }

    fn build(model: combiner::Model) -> Result<Self, GuardError> {
        let mut rules_out = Vec::with_capacity(RULES.len());
        let mut anchor_index: HashMap<String, usize> = HashMap::new();
        let mut anchor_list: Vec<String> = Vec::new();
        let mut anchor_targets: Vec<(Vec<usize>, Option<Probe>)> = Vec::new();
        let mut also_targets: Vec<Vec<usize>> = Vec::new();
        for (idx, def) in RULES.iter().enumerate() {
            let source = expand(def.pattern);
            let regex = regex::RegexBuilder::new(&source)
                .size_limit(1 << 24)
                .dfa_size_limit(1 << 22)
                .build()
                .map_err(|e| GuardError::InvalidRule {
                    rule: def.id,
                    message: e.to_string(),
                })?;
            let line_start = def.pattern.contains("(?:^|\\n");
            let guard = match rules::GUARDS.iter().find(|g| g.0 == def.id) {
                Some((_, guard)) => {
                    Some(
                        Regex::new(&expand(guard)).map_err(|e| GuardError::InvalidRule {
                            rule: def.id,
                            message: e.to_string(),
                        })?,
                    )
                }
                None => None,
            };
            rules_out.push(Compiled {
                def,
                regex,
                line_start,
                needs_also: !def.also.is_empty(),
                guard,
            });
            for (list, is_also) in [(def.anchors, false), (def.also, true)] {
                for a in list.iter().flat_map(|a| expand_anchor(a)) {
                    let slot = *anchor_index.entry(a.clone()).or_insert_with(|| {
                        anchor_list.push(a);
                        anchor_targets.push((Vec::new(), None));
                        also_targets.push(Vec::new());
                        anchor_targets.len() - 1
                    });
                    if is_also {
                        if !also_targets[slot].contains(&idx) {
                            also_targets[slot].push(idx);
                        }
                    } else if !anchor_targets[slot].0.contains(&idx) {
                        anchor_targets[slot].0.push(idx);
                    }
                }
            }
        }
        for probe in PROBES.iter().chain(FUNCTION_PROBES) {
            for (kind, text) in [
                (Probe::Rot13, decode::rot13(probe)),
                (Probe::Reversed, decode::reversed(probe)),
            ] {
                if anchor_index.contains_key(&text) {
                    continue;
                }
                anchor_index.insert(text.clone(), anchor_list.len());
                anchor_list.push(text);
                anchor_targets.push((Vec::new(), Some(kind)));
                also_targets.push(Vec::new());
            }
        }
        let mut symbols = Vec::new();
        let mut symbol_ids = Vec::new();
        let mut words = WordIndex::default();
        for (id, a) in anchor_list.iter().enumerate() {
            if let Some(tokens) = word_tokens(a) {
                words.insert(&tokens, id, None);
            } else if let Some((core, punct)) = suffixed(a) {
                let tokens = word_tokens(core).unwrap_or_default();
                words.insert(&tokens, id, Some(punct));
            } else {
                symbols.push(a.clone());
                symbol_ids.push(id);
            }
        }
        let mut symbol_starts = [false; 256];
        let mut symbol_prefixes = SymbolPrefixes::default();
        let mut letter_symbols = LetterSymbols::default();
        for sym in &symbols {
            match sym.as_bytes().first() {
                Some(b) if b.is_ascii_alphanumeric() => {
                    let bytes = sym.as_bytes();
                    let run = bytes
                        .iter()
                        .position(|&c| !WORD[usize::from(c)])
                        .unwrap_or(bytes.len());
                    match bytes.get(run) {
                        Some(&next) => {
                            letter_symbols.word_end_next[usize::from(next)] = true;
                            letter_symbols.word_ends.push((bytes[..run].to_vec(), next));
                        }
                        None => letter_symbols
                            .finders
                            .push(memchr::memmem::Finder::new(bytes).into_owned()),
                    }
                }
                Some(&b) => symbol_starts[usize::from(b)] = true,
                None => {}
            }
            symbol_prefixes.insert(sym.as_bytes());
        }
        let anchors = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(AhoCorasickKind::DFA))
            .start_kind(StartKind::Anchored)
            .build(&symbols)
            .map_err(|e| GuardError::Prefilter {
                message: e.to_string(),
            })?;
        Ok(Engine {
            rules: rules_out,
            anchors,
            symbol_ids,
            symbol_starts,
            letter_symbols,
            symbol_prefixes,
            words,
            anchor_targets,
            also_targets,
            concepts: concepts::ConceptIndex::new()?,
            model,
        })
    }

    /// The engine with an untrained combiner (every weight 0, threshold 1: the combiner never
    /// fires), for training: it does not depend on the committed weights, whose layout may
    /// be older than the code's.
    pub(crate) fn untrained() -> Result<Self, GuardError> {
        Self::build(combiner::Model {
            weights: vec![0.0; combiner::DIMS],
            threshold: 1.0,
        })
    }

    /// The same engine with another concept index (leave-one-language-out evaluation).
    pub(crate) fn with_concepts(mut self, concepts: concepts::ConceptIndex) -> Self {
        self.concepts = concepts;
        self
    }

    /// The same engine with another combiner (training and leave-one-out evaluation).
    pub(crate) fn with_model(mut self, model: combiner::Model) -> Self {
        self.model = model;
        self
    }

    /// The combiner features of every window of `text`, as the scan computes them for the
    /// text itself (no decoded views): what the trainer learns from.
    pub(crate) fn window_features(&self, text: &str) -> Vec<Vec<u32>> {
        let norm = normalize::normalize(text);
        let mut cand = Candidates::default();
        let (found, _, mut hits) = self.run_rules(&norm.text, &mut cand);
        concepts::cased_acronyms(text, &norm, &mut hits);
        combiner::windows(&norm.text, &hits, &found)
            .into_iter()
            .map(|w| w.features)
            .collect()
    }

    /// Runs the rule table over a normalised text, and finds the concepts on the same word
    /// pass. Returns findings with spans in that text, the probe hits and the concept hits.
    fn run_rules(
        &self,
        text: &str,
        cand: &mut Candidates,
    ) -> (Vec<RuleHit>, Vec<ProbeHit>, Vec<concepts::Hit>) {
        let mut windows: Vec<Vec<(usize, usize)>> = vec![Vec::new(); self.rules.len()];
        let mut probes = Vec::new();
        let mut also: Vec<Vec<usize>> = vec![Vec::new(); self.rules.len()];
        let mut hits: Vec<(usize, usize, usize)> = Vec::with_capacity(text.len() / 128 + 16);
        let bytes = text.as_bytes();
        // Every position where a symbol anchor may start, in order: a rare first byte with a
        // known prefix (found on the word pass), or an occurrence of an anchor that starts
        // with a letter.
        let mut starts: Vec<usize> = Vec::new();
        let symbols = SymbolScan {
            starts: &self.symbol_starts,
            word_ends: &self.letter_symbols.word_ends,
            word_end_next: &self.letter_symbols.word_end_next,
        };
        let mut concept_scan = concepts::ConceptScan::default();
        self.words.find(
            text,
            &mut hits,
            cand,
            &symbols,
            |pos| {
                if self.symbol_prefixes.maybe(&bytes[pos..]) {
                    starts.push(pos);
                }
            },
            |start, end, h, high| {
                self.concepts
                    .on_word(text, start, end, h, high, &mut concept_scan)
            },
        );
        let mut concept_hits = Vec::new();
        self.concepts.finish(text, concept_scan, &mut concept_hits);
        for finder in &self.letter_symbols.finders {
            starts.extend(finder.find_iter(bytes));
        }
        starts.sort_unstable();
        starts.dedup();
        for pos in starts {
            let input = Input::new(text).range(pos..).anchored(Anchored::Yes);
            if let Some(m) = self.anchors.find(input) {
                hits.push((self.symbol_ids[m.pattern().as_usize()], m.start(), m.end()));
            }
        }
        hits.sort_unstable_by_key(|h| (h.1, h.2));
        for &(p, start, _) in &hits {
            for &r in &self.also_targets[p] {
                also[r].push(start);
            }
        }
        for list in &mut also {
            list.sort_unstable();
        }
        for &(p, start, end) in &hits {
            let (targets, probe) = &self.anchor_targets[p];
            if let Some(p) = probe {
                probes.push((*p, start, end));
                continue;
            }
            let m = (start, end);
            for &r in targets {
                if self.rules[r].needs_also {
                    let near = self.rules[r].def.near;
                    let lo = start.saturating_sub(near);
                    let hi = end + near;
                    let list = &also[r];
                    let i = list.partition_point(|&x| x < lo);
                    if list.get(i).is_none_or(|&x| x > hi) {
                        continue;
                    }
                }
                let back = if self.rules[r].line_start { 400 } else { 260 };
                let mut ws = m.0.saturating_sub(back);
                let mut we = (m.1 + 320).min(text.len());
                while !text.is_char_boundary(ws) {
                    ws -= 1;
                }
                while !text.is_char_boundary(we) {
                    we += 1;
                }
                if self.rules[r].line_start && ws > 0 {
                    // start the window at a line start so `^` means a real line start
                    if let Some(p) = text[ws..m.0].find('\n') {
                        ws += p
                    }
                }
                let w = &mut windows[r];
                match w.last_mut() {
                    Some(last) if ws <= last.1 => last.1 = last.1.max(we),
                    _ => w.push((ws, we)),
                }
            }
        }
        let mut found = Vec::new();
        for (r, ws) in windows.iter().enumerate() {
            let rule = &self.rules[r];
            for &(s, e) in ws {
                let hay = &text[s..e];
                if rule.guard.as_ref().is_some_and(|g| !g.is_match(hay)) {
                    continue;
                }
                if rule.def.check == Check::ReactDistinct {
                    for caps in rule.regex.captures_iter(hay) {
                        let (Some(all), Some(a), Some(b)) = (caps.get(0), caps.get(1), caps.get(2))
                        else {
                            continue;
                        };
                        let norm = |x: &str| x.split_whitespace().collect::<Vec<_>>().join(" ");
                        if norm(a.as_str()) != norm(b.as_str()) {
                            found.push((
                                rule.def.label,
                                rule.def.weight,
                                s + all.start(),
                                s + all.end(),
                            ));
                        }
                    }
                    continue;
                }
                for m in rule.regex.find_iter(hay) {
                    let (ms, me) = (s + m.start(), s + m.end());
                    if let Some((label, sev)) = apply_check(rule.def, text, ms, me) {
                        found.push((label, sev, ms, me));
                    }
                }
            }
        }
        (found, probes, concept_hits)
    }
}
