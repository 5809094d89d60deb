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
];

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
}

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
        for probe in PROBES {
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
        })
    }

    /// Runs the rule table over a normalised text. Returns findings with spans in that text,
    /// and the probe hits.
    fn run_rules(&self, text: &str, cand: &mut Candidates) -> (Vec<RuleHit>, Vec<ProbeHit>) {
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
        self.words.find(text, &mut hits, cand, &symbols, |pos| {
            if self.symbol_prefixes.maybe(&bytes[pos..]) {
                starts.push(pos);
            }
        });
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
        (found, probes)
    }
}

// ------------------------------------------------------------------------- word prefilter

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x11FF | 0x2E80..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// Splits an anchor into words if it is made of words (it starts and ends with a letter or
/// digit and holds no CJK); `None` for symbol anchors.
fn word_tokens(anchor: &str) -> Option<Vec<&str>> {
    let first = anchor.chars().next()?;
    let last = anchor.chars().last()?;
    if !first.is_alphanumeric() || !last.is_alphanumeric() || anchor.chars().any(is_cjk) {
        return None;
    }
    let tokens: Vec<&str> = anchor
        .split(|c: char| !is_word_char(c))
        .filter(|t| !t.is_empty())
        .collect();
    (!tokens.is_empty()).then_some(tokens)
}

/// A word anchor followed by one punctuation byte, optionally after a space (`ai:`, `ai :`,
/// `www.`, `move $`): the words and the byte.
fn suffixed(anchor: &str) -> Option<(&str, u8)> {
    let &last = anchor.as_bytes().last()?;
    if !matches!(last, b':' | b',' | b'.' | b'\'' | b'$' | b'-') {
        return None;
    }
    let core = anchor[..anchor.len() - 1].trim_end_matches(' ');
    let tokens = word_tokens(core)?;
    (tokens.len() <= 3 && core.split(|c: char| !is_word_char(c)).count() == tokens.len())
        .then_some((core, last))
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || (!c.is_ascii() && c.is_alphanumeric())
}

/// Up to eight bytes as a little-endian integer (zero-padded), without a `memcpy` call:
/// two overlapping loads of the first and last 4 (or 2) bytes.
fn load_le(b: &[u8]) -> u64 {
    let n = b.len();
    let u16_at = |i: usize| u64::from(u16::from_le_bytes([b[i], b[i + 1]]));
    let u32_at = |i: usize| u64::from(u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]));
    match n {
        0 => 0,
        1 => u64::from(b[0]),
        2..=3 => u16_at(0) | (u16_at(n - 2) << (8 * (n - 2))),
        4..=7 => u32_at(0) | (u32_at(n - 4) << (8 * (n - 4))),
        _ => u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
    }
}

/// Hash of a word, eight bytes at a time.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h ^ u64::from_le_bytes(w))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        h = (h ^ load_le(rest))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
    h ^ (h >> 32)
}

const fn word_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = c.is_ascii_alphanumeric() || c >= 0x80;
        i += 1;
    }
    t
}

static WORD: [bool; 256] = word_table();

fn mix(a: u64, b: u64) -> u64 {
    (a.rotate_left(23) ^ b).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn prefix_key(word: &[u8]) -> u32 {
    let mut k = [0u8; 4];
    k.copy_from_slice(&word[..4]);
    u32::from_le_bytes(k)
}

/// The keys are already hashes: use them as they are.
#[derive(Debug, Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b) ^ (self.0 >> 56);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type KeyMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// Whole-word anchor lookup: one pass over the words of the text, three hash probes and one
/// stem probe per word.
/// A 65,536-bit set of hash values: a cheap "maybe" before a map lookup.
#[derive(Debug)]
struct Bits(Vec<u64>);

impl Default for Bits {
    fn default() -> Self {
        Bits(vec![0; 1024])
    }
}

impl Bits {
    fn set(&mut self, h: u64) {
        let k = (h >> 48) as usize;
        self.0[k >> 6] |= 1 << (k & 63);
    }
    fn has(&self, h: u64) -> bool {
        let k = (h >> 48) as usize;
        self.0[k >> 6] & (1 << (k & 63)) != 0
    }
}

/// The first `min(len, 4)` bytes of each symbol anchor, by that length. An anchored match at
/// a position needs its pattern's prefix there, so a position none of them fits is skipped
/// without running the automaton.
#[derive(Debug, Default)]
struct SymbolPrefixes {
    /// Anchors of one byte.
    one: Vec<u8>,
    /// Two-byte anchors (by the two bytes), and hashed three- and four-byte prefixes.
    two: Bits,
    three: Bits,
    four: Bits,
}

fn prefix_hash(p: &[u8]) -> u64 {
    load_le(&p[..p.len().min(4)]).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl SymbolPrefixes {
    fn insert(&mut self, anchor: &[u8]) {
        match anchor.len() {
            0 => {}
            1 => self.one.push(anchor[0]),
            2 => self.two.set(prefix_hash(anchor)),
            3 => self.three.set(prefix_hash(anchor)),
            _ => self.four.set(prefix_hash(&anchor[..4])),
        }
    }

    /// Whether some symbol anchor may start at the beginning of `rest`.
    fn maybe(&self, rest: &[u8]) -> bool {
        let Some(&first) = rest.first() else {
            return false;
        };
        self.one.contains(&first)
            || (rest.len() >= 2 && self.two.has(prefix_hash(&rest[..2])))
            || (rest.len() >= 3 && self.three.has(prefix_hash(&rest[..3])))
            || (rest.len() >= 4 && self.four.has(prefix_hash(&rest[..4])))
    }
}

const SHORT: u8 = 1;
const FIRST: u8 = 2;
const SFX_SHORT: u8 = 4;

/// Flag bits by the top 16 bits of a word hash (the same index as [`Bits`]).
#[derive(Debug)]
struct Flags(Vec<u8>);

impl Default for Flags {
    fn default() -> Self {
        Flags(vec![0; 1 << 16])
    }
}

impl Flags {
    fn set(&mut self, h: u64, flag: u8) {
        self.0[(h >> 48) as usize] |= flag;
    }
    fn get(&self, h: u64) -> u8 {
        self.0[(h >> 48) as usize]
    }
}

/// Symbol anchors that start with an ASCII letter or digit.
#[derive(Debug)]
struct LetterSymbols {
    /// `(run of word bytes, the byte after it)`.
    word_ends: Vec<(Vec<u8>, u8)>,
    /// The bytes that follow a run in `word_ends`.
    word_end_next: [bool; 256],
    /// Anchors of any other shape.
    finders: Vec<memchr::memmem::Finder<'static>>,
}

impl Default for LetterSymbols {
    fn default() -> Self {
        LetterSymbols {
            word_ends: Vec::new(),
            word_end_next: [false; 256],
            finders: Vec::new(),
        }
    }
}

/// What the word pass reports as possible symbol-anchor starts.
struct SymbolScan<'a> {
    /// First bytes (not ASCII letters or digits) of symbol anchors.
    starts: &'a [bool; 256],
    /// See [`LetterSymbols::word_ends`].
    word_ends: &'a [(Vec<u8>, u8)],
    /// The bytes that follow a run in `word_ends`.
    word_end_next: &'a [bool; 256],
}

/// Where the decoders should look, found during the word pass.
#[derive(Debug, Default)]
pub(crate) struct Candidates {
    /// Starts of one-character words followed by another a few spaces later.
    pub spaced: Vec<usize>,
    /// Long words (normalised offsets).
    pub long: Vec<(usize, usize)>,
}

#[derive(Debug, Default)]
struct WordIndex {
    /// Per word hash (top 16 bits): `SHORT` (a whole short anchor), `FIRST` (begins a 2- or
    /// 3-word anchor), `SFX_SHORT` (begins a word anchor followed by punctuation). One
    /// lookup per word gives all three.
    flags: Flags,
    /// Pairs (hash) that begin a 3-word anchor.
    first_pair: Bits,
    /// Four-byte prefixes (as hash) of stems.
    stem_keys: Bits,
    /// Hash of a 1-, 2- or 3-word sequence -> anchor ids. Single words shorter than 4 bytes
    /// match exactly; longer single words match as stems (see `stems`).
    grams: KeyMap<u64, Vec<usize>>,
    /// First 4 bytes of a single-word stem -> (stem, anchor id); matches any word it begins.
    stems: KeyMap<u32, Vec<(String, usize)>>,
    /// Word n-grams that must be followed by a punctuation byte (maybe after one space).
    sfx: KeyMap<u64, Vec<(u8, usize)>>,
    /// Every key of `grams` and `sfx`: a cheap "maybe" before a map lookup.
    keys: Bits,
}

impl WordIndex {
    fn insert(&mut self, tokens: &[&str], id: usize, suffix: Option<u8>) {
        let tokens = &tokens[..tokens.len().min(3)];
        if let Some(p) = suffix {
            let mut h = fnv(tokens[0].as_bytes());
            match tokens.len() {
                1 => self.flags.set(h, SFX_SHORT),
                2 => self.flags.set(h, FIRST),
                _ => {
                    self.flags.set(h, FIRST);
                    self.first_pair.set(mix(h, fnv(tokens[1].as_bytes())));
                }
            }
            for t in &tokens[1..] {
                h = mix(h, fnv(t.as_bytes()));
            }
            self.keys.set(h ^ tokens.len() as u64);
            self.sfx
                .entry(h ^ tokens.len() as u64)
                .or_default()
                .push((p, id));
            return;
        }
        if tokens.len() == 1 && tokens[0].len() >= 4 {
            let t = tokens[0];
            let key = prefix_key(t.as_bytes());
            self.stem_keys
                .set(u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            self.stems.entry(key).or_default().push((t.to_owned(), id));
            return;
        }
        let mut h = fnv(tokens[0].as_bytes());
        match tokens.len() {
            1 => self.flags.set(h, SHORT),
            2 => self.flags.set(h, FIRST),
            _ => {
                self.flags.set(h, FIRST);
                self.first_pair.set(mix(h, fnv(tokens[1].as_bytes())));
            }
        }
        for t in &tokens[1..] {
            h = mix(h, fnv(t.as_bytes()));
        }
        self.keys.set(h ^ tokens.len() as u64);
        let ids = self.grams.entry(h ^ tokens.len() as u64).or_default();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }

    /// Finds anchor hits, and notes two kinds of candidates for the decoders on the way:
    /// pairs of one-character words a few spaces apart (spaced-out letters) and long words
    /// (encoded runs).
    ///
    /// On the same pass, `on_symbol` gets every position where a symbol anchor may start:
    /// each byte marked in `symbols.starts`, and each word end that fits one of
    /// `symbols.word_ends` (the caller sorts them and runs the automaton there).
    fn find(
        &self,
        text: &str,
        hits: &mut Vec<(usize, usize, usize)>,
        cand: &mut Candidates,
        symbols: &SymbolScan<'_>,
        mut on_symbol: impl FnMut(usize),
    ) {
        let symbol_starts = symbols.starts;
        let b = text.as_bytes();
        let mut prev_single: Option<usize> = None;
        let mut prev_end = 0usize;
        // (start, hash, begins a 2- or 3-word anchor) of the previous two words
        let mut prev: [(usize, u64, bool); 2] = [(0, 0, false); 2];
        let mut count = 0usize;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if !WORD[usize::from(c)] {
                if symbol_starts[usize::from(c)] {
                    on_symbol(i);
                }
                i += 1;
                continue;
            }
            let start = i;
            let mut high = 0u8;
            i = b[start..]
                .iter()
                .position(|&c| {
                    high |= c;
                    !WORD[usize::from(c)]
                })
                .map_or(b.len(), |p| start + p);
            let word = &b[start..i];
            if let Some(&next) = b.get(i)
                && symbols.word_end_next[usize::from(next)]
            {
                for (run, after) in symbols.word_ends {
                    if next == *after && word.ends_with(run) {
                        on_symbol(i - run.len());
                    }
                }
            }
            if high & 0x80 != 0 {
                // Only non-ASCII bytes inside a word can start a symbol anchor here.
                for (k, &c) in word.iter().enumerate() {
                    if c >= 0x80 && symbol_starts[usize::from(c)] {
                        on_symbol(start + k);
                    }
                }
            }
            let single =
                word.len() == 1 || (word.len() <= 4 && word[1..].iter().all(|&c| c & 0xC0 == 0x80));
            if single {
                if let Some(ps) = prev_single {
                    let gap = &b[prev_end..start];
                    if !gap.is_empty()
                        && gap.len() <= 3
                        && gap.iter().all(|&c| c == b' ')
                        && cand.spaced.last().is_none_or(|&l| l < ps)
                    {
                        cand.spaced.push(ps);
                    }
                }
                prev_single = Some(start);
            } else {
                prev_single = None;
                if word.len() >= 12 && cand.long.len() < 64 {
                    cand.long.push((start, i));
                }
            }
            prev_end = i;
            // Non-ASCII bytes that are not letters (CJK, symbols) end up in `word`; they only
            // cost a lookup that finds nothing.
            let h = fnv(word);
            let flags = self.flags.get(h);
            if word.len() < 4 {
                if flags & SHORT != 0
                    && let Some(ids) = self.grams.get(&(h ^ 1))
                {
                    hits.extend(ids.iter().map(|&id| (id, start, i)));
                }
            } else {
                let key = prefix_key(word);
                if self
                    .stem_keys
                    .has(u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15))
                    && let Some(stems) = self.stems.get(&key)
                {
                    for (stem, id) in stems {
                        if word.starts_with(stem.as_bytes()) {
                            hits.push((*id, start, i));
                        }
                    }
                }
            }
            // the punctuation right after this word, maybe after one space
            let next_punct = match b.get(i) {
                Some(b' ') => b.get(i + 1).map(|&c| (c, i + 2)),
                Some(&c) => Some((c, i + 1)),
                None => None,
            };
            let suffix_hits = |key: u64, from: usize, hits: &mut Vec<(usize, usize, usize)>| {
                if !self.keys.has(key) {
                    return;
                }
                if let (Some(list), Some((c, end))) = (self.sfx.get(&key), next_punct) {
                    for &(p, id) in list {
                        if p == c {
                            hits.push((id, from, end));
                        }
                    }
                }
            };
            if flags & SFX_SHORT != 0 {
                suffix_hits(h ^ 1, start, hits);
            }
            if count >= 1 && prev[1].2 {
                let h2 = mix(prev[1].1, h);
                if self.keys.has(h2 ^ 2)
                    && let Some(ids) = self.grams.get(&(h2 ^ 2))
                {
                    hits.extend(ids.iter().map(|&id| (id, prev[1].0, i)));
                }
                suffix_hits(h2 ^ 2, prev[1].0, hits);
            }
            if count >= 2 && prev[0].2 {
                let p2 = mix(prev[0].1, prev[1].1);
                if self.first_pair.has(p2) {
                    let h3 = mix(p2, h);
                    if self.keys.has(h3 ^ 3)
                        && let Some(ids) = self.grams.get(&(h3 ^ 3))
                    {
                        hits.extend(ids.iter().map(|&id| (id, prev[0].0, i)));
                    }
                    suffix_hits(h3 ^ 3, prev[0].0, hits);
                }
            }
            prev[0] = prev[1];
            prev[1] = (start, h, flags & FIRST != 0);
            count += 1;
        }
    }
}

// ------------------------------------------------------------------------- context checks

fn before(text: &str, pos: usize, n: usize) -> &str {
    let mut s = pos.saturating_sub(n);
    while !text.is_char_boundary(s) {
        s -= 1;
    }
    &text[s..pos]
}

fn after(text: &str, pos: usize, n: usize) -> &str {
    let mut e = (pos + n).min(text.len());
    while !text.is_char_boundary(e) {
        e += 1;
    }
    &text[pos.min(e)..e]
}

fn is_quote(c: char) -> bool {
    matches!(c, '"' | '\'' | '`' | '«' | '»' | '<')
}

/// The match sits inside a short quotation or a code span.
fn quoted(text: &str, s: usize, e: usize) -> bool {
    let pre = before(text, s, 3).trim_end();
    let post = after(text, e, 4);
    let opens = pre.chars().last().is_some_and(is_quote);
    let closes = post
        .trim_start_matches(['.', ',', '!', '?', ' '])
        .chars()
        .next()
        .is_some_and(|c| is_quote(c) || c == '>');
    let line_before = before(text, s, 200);
    let line_before = line_before.rsplit('\n').next().unwrap_or("");
    let in_code = line_before.matches('`').count() % 2 == 1;
    (opens && closes) || in_code
}

fn discussion(text: &str, s: usize, e: usize) -> bool {
    let ctx_before = before(text, s, 260);
    let ctx_after = after(text, e, 160);
    rules::DISCUSSION_CUES
        .iter()
        .any(|c| ctx_before.contains(c) || ctx_after.contains(c))
}

/// The match starts a sentence (an imperative), allowing a few filler words.
fn sentence_start(text: &str, s: usize) -> bool {
    let pre = before(text, s, 60);
    let mut words = 0;
    for (i, c) in pre.char_indices().rev() {
        if matches!(
            c,
            '.' | '!'
                | '?'
                | ':'
                | ';'
                | '\n'
                | '>'
                | '('
                | '['
                | '-'
                | '*'
                | '#'
                | ')'
                | ']'
                | '|'
                | '"'
                | '\''
                | '，'
                | '。'
                | '：'
        ) {
            let between = &pre[i + c.len_utf8()..];
            return between.split_whitespace().all(|w| {
                matches!(
                    w.trim_matches(|c: char| !c.is_alphanumeric()),
                    "please"
                        | "now"
                        | "also"
                        | "so"
                        | "then"
                        | "and"
                        | "just"
                        | "kindly"
                        | "simply"
                        | "okay"
                        | "ok"
                        | "first"
                        | "but"
                        | "nevermind"
                        | "instead"
                        | "you"
                        | "should"
                        | "must"
                        | "will"
                        | "can"
                        | "to"
                        | "do"
                        | "important"
                        | "note"
                        | "todo"
                        | ""
                        | "i"
                        | "want"
                        | "need"
                        | "hey"
                        | "hi"
                        | "hello"
                        | "always"
                        | "immediately"
                        | "the"
                        | "assistant"
                        | "ai"
                        | "model"
                        | "agent"
                        | "llm"
                        | "bot"
                        | "a"
                        | "all"
                        | "is"
                        | "are"
                )
            }) && words <= 6;
        }
        if c.is_whitespace() {
            words += 1;
        }
    }
    s < 60
}

fn starts_with_any(s: &str, list: &[&str]) -> bool {
    list.iter().any(|w| {
        s.starts_with(w)
            && s[w.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Applies a rule's context check. `None` drops the match.
fn apply_check(def: &RuleDef, text: &str, s: usize, e: usize) -> Option<(Label, f64)> {
    let w = def.weight;
    let mention = |w: f64| -> f64 {
        let q = quoted(text, s, e);
        let d = discussion(text, s, e);
        let start = sentence_start(text, s);
        if q && d {
            w * 0.35
        } else if d && !start {
            w * 0.45
        } else if q && !start {
            w * 0.6
        } else {
            w
        }
    };
    match def.check {
        Check::Plain => Some((def.label, w)),
        Check::Mention => Some((def.label, mention(w))),
        Check::Locative => {
            let next = after(text, e, 40).trim_start();
            let locative = starts_with_any(
                next,
                &[
                    "in",
                    "on",
                    "printed",
                    "from",
                    "that came",
                    "included",
                    "inside",
                    "at",
                    "of the",
                    "for the old",
                    "for the previous",
                    "for older",
                    "for the former",
                    "written on",
                    "below if",
                    "if you",
                ],
            );
            Some((
                def.label,
                if locative {
                    mention(w) * 0.4
                } else {
                    mention(w)
                },
            ))
        }
        Check::Directive => {
            let next = after(text, e, 120);
            let next = next.trim_start_matches(|c: char| {
                c.is_whitespace() || matches!(c, '[' | ']' | '"' | '\'' | ':' | '-' | '*' | ',')
            });
            let head: String = next.chars().take(60).collect();
            let first_word = head
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("");
            let directive = rules::DIRECTIVE_VERBS.contains(&first_word)
                || rules::DIRECTIVE_CUES.iter().any(|c| head.contains(c));
            Some((def.label, if directive { mention(w) } else { w * 0.45 }))
        }
        Check::RoleSwitch => {
            let m = &text[s..e];
            let tail = m
                .split_once("now")
                .or_else(|| m.split_once("longer"))
                .or_else(|| m.split_once("henceforth"))
                .map_or("", |(_, t)| t)
                .trim_start();
            if starts_with_any(tail, rules::ROLE_BENIGN_NEXT) {
                return None;
            }
            let roleish = tail.contains('\'') || tail.contains('"') || {
                let t = after(text, s, 90);
                [
                    "assistant",
                    " ai",
                    "bot",
                    "model",
                    "agent",
                    "persona",
                    "character",
                    " mode",
                    "daemon",
                    "admin",
                    "developer",
                    "hacker",
                    "gpt",
                    "dan",
                    "jailbr",
                    "unrestricted",
                    "unfiltered",
                    "uncensored",
                    "evil",
                    "named",
                    "called",
                    "playing",
                    "no rules",
                    "no restrictions",
                ]
                .iter()
                .any(|k| t.contains(k))
            };
            Some((def.label, if roleish { mention(w) } else { w * 0.5 }))
        }
        Check::AiNoun => {
            let next = after(text, e, 30).trim_start();
            if starts_with_any(next, rules::AI_PERSON_NEXT) {
                None
            } else {
                Some((def.label, mention(w)))
            }
        }
        Check::ReactDistinct => Some((def.label, w)),
        Check::Exfil => {
            // "this email", "an email": the verb is a noun here.
            let word_before = before(text, s, 16).split_whitespace().last().unwrap_or("");
            if matches!(
                word_before,
                "this"
                    | "the"
                    | "an"
                    | "a"
                    | "that"
                    | "our"
                    | "your"
                    | "my"
                    | "his"
                    | "her"
                    | "their"
                    | "each"
                    | "every"
                    | "its"
                    | "per"
            ) {
                return None;
            }
            let m = &text[s..e];
            let secret = [
                "password",
                "credential",
                "api key",
                "api_key",
                "apikey",
                "api-key",
                "token",
                "secret",
                "cookie",
                "security code",
                "2fa",
                "otp",
                "verification code",
                "passcode",
                "private key",
                "ssh key",
                "seed phrase",
                "card number",
                "credit card",
            ]
            .iter()
            .any(|k| m.contains(k));
            let label = if secret && def.label == Label::DataExfiltration && w >= 0.8 {
                Label::SecretExfiltration
            } else {
                def.label
            };
            Some((label, mention(w)))
        }
    }
}

/// The strongest severity one rule gives `text` after its context check (for the rule tests).
#[cfg(test)]
pub(crate) fn rule_severity(def: &RuleDef, regex: &Regex, text: &str) -> Option<f64> {
    let mut best: Option<f64> = None;
    if def.check == Check::ReactDistinct {
        for caps in regex.captures_iter(text) {
            if let (Some(a), Some(b)) = (caps.get(1), caps.get(2)) {
                let norm = |x: &str| x.split_whitespace().collect::<Vec<_>>().join(" ");
                if norm(a.as_str()) != norm(b.as_str()) {
                    best = Some(def.weight);
                }
            }
        }
        return best;
    }
    for m in regex.find_iter(text) {
        if let Some((_, sev)) = apply_check(def, text, m.start(), m.end()) {
            best = Some(best.map_or(sev, |b: f64| b.max(sev)));
        }
    }
    best
}

// ------------------------------------------------------------------------- the scan

fn is_top_call(place: Option<Option<(usize, usize)>>, depth: u8) -> bool {
    place.is_none() && depth == 0
}

struct Scan<'a> {
    engine: &'a Engine,
    findings: Vec<Finding>,
    views: usize,
    /// The outermost text's normalised form and sanitized copy, kept for scoring.
    top: Option<(String, Option<String>)>,
}

impl Scan<'_> {
    /// Scans `text` (a view or the input). Spans of findings are mapped with `place`:
    /// `Some(span)` puts every finding on that span of the input; `None` maps through `norm`.
    fn scan_text(
        &mut self,
        text: &str,
        place: Option<Option<(usize, usize)>>,
        boost: f64,
        depth: u8,
        content: ContentKind,
    ) -> f64 {
        let norm = normalize::normalize(text);
        let mut cand = Candidates::default();
        let (found, probes) = self.engine.run_rules(&norm.text, &mut cand);
        let mut max_sev: f64 = 0.0;
        let map = |n: &Normalized, s: usize, e: usize| -> Option<(usize, usize)> {
            match place {
                Some(fixed) => fixed,
                None => Some((
                    n.to_original(s, text),
                    n.to_original(e, text).max(n.to_original(s, text)),
                )),
            }
        };
        for (label, sev, s, e) in found {
            let sev = (sev + boost).min(1.0);
            max_sev = max_sev.max(sev);
            self.findings.push(Finding {
                label,
                severity: sev,
                span: map(&norm, s, e),
            });
        }
        // Obfuscation recorded by normalisation.
        let span_of = |positions: &[usize]| -> Option<(usize, usize)> {
            match place {
                Some(fixed) => fixed,
                None => {
                    let first = positions.first().copied().unwrap_or(0).min(text.len());
                    let last = positions.last().copied().unwrap_or(0).min(text.len());
                    // end after the last recorded character, on a character boundary
                    let end = text
                        .get(last..)
                        .and_then(|t| t.chars().next())
                        .map_or(last, |c| last + c.len_utf8());
                    Some((first, end))
                }
            }
        };
        if !norm.invisible.is_empty() {
            let n = norm.invisible.len() as f64;
            self.findings.push(Finding {
                label: Label::InvisibleCharacters,
                severity: (0.2 + 0.05 * n).min(0.5),
                span: span_of(&norm.invisible),
            });
            if max_sev > 0.0 {
                self.boost_within(span_of(&norm.invisible), 0.1);
            }
        }
        if !norm.bidi.is_empty() {
            self.findings.push(Finding {
                label: Label::BidiControl,
                severity: 0.3,
                span: span_of(&norm.bidi),
            });
        }
        if !norm.homoglyph_words.is_empty() {
            let n = norm.homoglyph_words.len() as f64;
            let first = norm.homoglyph_words.first().map_or(0, |w| w.0);
            let last = norm.homoglyph_words.last().map_or(0, |w| w.1);
            let span = match place {
                Some(fixed) => fixed,
                None => Some((first, last)),
            };
            self.findings.push(Finding {
                label: Label::HomoglyphObfuscation,
                severity: (0.3 + 0.05 * n).min(0.55),
                span,
            });
            if max_sev > 0.0 {
                self.boost_within(span, 0.1);
            }
        }
        if depth >= MAX_DEPTH {
            if is_top_call(place, depth) && self.top.is_none() {
                self.top = Some((norm.text, norm.sanitized));
            }
            return max_sev;
        }
        let is_top = place.is_none() && depth == 0 && self.top.is_none();
        let here = |span: (usize, usize)| -> Option<(usize, usize)> {
            match place {
                Some(fixed) => fixed,
                None => Some(span),
            }
        };
        // Smuggled ASCII.
        for (span, payload) in &norm.tag_payloads {
            let inner = self.view(payload, here(*span), depth);
            let sev = if inner > 0.0 {
                (inner + 0.1).min(1.0)
            } else if payload.len() >= 8 {
                0.65
            } else {
                0.4
            };
            self.findings.push(Finding {
                label: Label::TagSmuggling,
                severity: sev,
                span: here(*span),
            });
        }
        for (span, payload) in &norm.selector_payloads {
            let inner = self.view(payload, here(*span), depth);
            let sev = if inner > 0.0 {
                (inner + 0.1).min(1.0)
            } else {
                0.5
            };
            self.findings.push(Finding {
                label: Label::VariationSelectorSmuggling,
                severity: sev,
                span: here(*span),
            });
        }
        // Spaced-out letters.
        for ((s, e), collapsed) in normalize::spaced_runs(&norm.text, &cand.spaced) {
            let span = map(&norm, s, e);
            let inner = self.view(&collapsed, span, depth);
            if inner > 0.0 {
                self.findings.push(Finding {
                    label: Label::SpacedLetters,
                    severity: inner,
                    span,
                });
            }
        }
        // Encodings (on the text as written: base64 is case-sensitive).
        let long: Vec<(usize, usize)> = cand
            .long
            .iter()
            .map(|&(s, e)| (norm.to_original(s, text), norm.to_original(e, text)))
            .collect();
        let decoded = decode::encoded_runs(text, &long);
        for (span, payload) in decoded {
            let inner = self.view(&payload, here(span), depth);
            let sev = if inner > 0.0 {
                (inner + 0.1).min(1.0)
            } else {
                0.5
            };
            self.findings.push(Finding {
                label: Label::EncodedPayload,
                severity: sev,
                span: here(span),
            });
        }
        if let Some(unescaped) = decode::unescape(text) {
            let whole = here((0, text.len()));
            let inner = self.view(&unescaped, whole, depth);
            if inner > 0.0 {
                self.findings.push(Finding {
                    label: Label::EncodedPayload,
                    severity: (inner + 0.1).min(1.0),
                    span: whole,
                });
            }
        }
        // ROT13 and reversed text, found through their probes.
        for kind in [Probe::Rot13, Probe::Reversed] {
            let hits: Vec<_> = probes.iter().filter(|p| p.0 == kind).collect();
            let distinct = {
                let mut words: Vec<&str> = hits.iter().map(|p| &norm.text[p.1..p.2]).collect();
                words.sort_unstable();
                words.dedup();
                words.len()
            };
            if distinct < 2 {
                continue;
            }
            let (s, e) = (
                hits.iter().map(|p| p.1).min().unwrap_or(0),
                hits.iter().map(|p| p.2).max().unwrap_or(0),
            );
            let mut rs = norm.text[..s]
                .rfind(['\n', ':'])
                .map_or(0, |p| p + 1)
                .max(s.saturating_sub(400));
            let mut re = norm.text[e..]
                .find('\n')
                .map_or(norm.text.len(), |p| e + p)
                .min(e + 400);
            while !norm.text.is_char_boundary(rs) {
                rs += 1;
            }
            while !norm.text.is_char_boundary(re) {
                re -= 1;
            }
            let region = &norm.text[rs..re.max(rs)];
            let (view_text, label) = match kind {
                Probe::Rot13 => (decode::rot13(region), Label::Rot13Payload),
                Probe::Reversed => (decode::reversed(region), Label::ReversedText),
            };
            let span = map(&norm, rs, re.max(rs));
            let inner = self.view(&view_text, span, depth);
            if inner > 0.0 {
                self.findings.push(Finding {
                    label,
                    severity: (inner + 0.1).min(1.0),
                    span,
                });
            }
        }
        // Hidden HTML channels.
        let is_html = match content {
            ContentKind::Html => true,
            ContentKind::Text => false,
            _ => html::looks_like_html(text),
        };
        if is_html {
            for h in html::hidden_regions(text) {
                let span = here(h.span);
                let inner = self.view(&h.text, span, depth);
                if inner > 0.0 {
                    self.findings.push(Finding {
                        label: Label::HiddenContent,
                        severity: (inner + 0.05).min(1.0),
                        span,
                    });
                } else if h.kind != html::HiddenKind::Attribute {
                    let t = h.text.to_lowercase();
                    let suspicious = [
                        "ignore",
                        "instruction",
                        "system",
                        "prompt",
                        "admin",
                        "password",
                        "send",
                        "exfil",
                        "assistant",
                        " ai ",
                        "llm",
                    ]
                    .iter()
                    .any(|k| t.contains(k));
                    if suspicious {
                        self.findings.push(Finding {
                            label: Label::HiddenContent,
                            severity: 0.55,
                            span,
                        });
                    }
                }
            }
        }
        if is_top {
            self.top = Some((norm.text, norm.sanitized));
        }
        max_sev
    }

    /// Scans a decoded or hidden view; every finding lands on `span`. Returns the view's
    /// strongest boosted severity, or 0 if it found nothing of weight.
    fn view(&mut self, text: &str, span: Option<(usize, usize)>, depth: u8) -> f64 {
        if self.views >= MAX_VIEWS {
            return 0.0;
        }
        self.views += 1;
        let before = self.findings.len();
        let max = self.scan_text(text, Some(span), HIDDEN_BOOST, depth + 1, ContentKind::Auto);
        // A view counts only through findings of weight; weak obfuscation noise inside it stays listed.
        let strongest = self.findings[before..]
            .iter()
            .filter(|f| f.severity >= 0.45 + HIDDEN_BOOST)
            .map(|f| f.severity)
            .fold(0.0, f64::max);
        if strongest > 0.0 {
            strongest.max(max.min(strongest))
        } else {
            0.0
        }
    }

    fn boost_within(&mut self, span: Option<(usize, usize)>, by: f64) {
        let Some((s, e)) = span else { return };
        for f in &mut self.findings {
            if let Some((fs, fe)) = f.span
                && fs < e
                && s < fe
                && f.label.class() != Class::Signal
            {
                f.severity = (f.severity + by).min(1.0);
            }
        }
    }
}

/// Upper-case bracket tags such as `[OPEN_URL https://…][FILL card=…][SUBMIT]`, read on the
/// text as written (the normalised view is lower case).
fn bracket_tags(text: &str) -> Vec<Finding> {
    let b = text.as_bytes();
    let mut tags: Vec<(usize, usize, bool, bool)> = Vec::new(); // start, end, has_underscore, has_arg
    let mut i = 0;
    while let Some(off) = memchr::memchr(b'[', &b[i..]) {
        let s = i + off;
        let mut j = s + 1;
        while j < b.len() && (b[j].is_ascii_uppercase() || b[j] == b'_' || b[j].is_ascii_digit()) {
            j += 1;
        }
        let name = &text[s + 1..j];
        i = s + 1;
        if name.len() < 3 || !name.as_bytes()[0].is_ascii_uppercase() {
            continue;
        }
        let Some(close) = b[j..]
            .iter()
            .take(300)
            .position(|&c| c == b']' || c == b'\n')
        else {
            continue;
        };
        if b[j + close] != b']' {
            continue;
        }
        let arg = text[j..j + close].trim_start_matches([':', ' ']);
        if !(arg.is_empty() || b[j] == b' ' || b[j] == b':') {
            continue;
        }
        let has_arg =
            arg.contains("://") || arg.contains('=') || arg.contains('{') || arg.contains('|');
        tags.push((s, j + close + 1, name.contains('_'), has_arg));
        i = j + close + 1;
    }
    let mut out = Vec::new();
    let strong = tags.iter().filter(|t| t.2 || t.3).count();
    if tags.len() >= 2 && strong >= 1 {
        let s = tags.first().map_or(0, |t| t.0);
        let e = tags.last().map_or(0, |t| t.1);
        out.push(Finding {
            label: Label::ToolCallForgery,
            severity: 0.85,
            span: Some((s, e)),
        });
    } else if let Some(t) = tags.iter().find(|t| t.2 && t.3) {
        out.push(Finding {
            label: Label::ToolCallForgery,
            severity: 0.75,
            span: Some((t.0, t.1)),
        });
    } else if let Some(t) = tags.iter().find(|t| t.2) {
        out.push(Finding {
            label: Label::ToolCallForgery,
            severity: 0.4,
            span: Some((t.0, t.1)),
        });
    }
    out
}

/// Text that the agent's own command parser turns into commands is an attempt to drive the
/// agent (tool-call forgery). JSON and comment-block commands count fully; a bracket tag
/// counts fully when written in upper case or with an argument, and weakly otherwise (a
/// markdown link such as `[Search]` parses as a command too).
fn command_forgery(text: &str) -> Vec<Finding> {
    let b = text.as_bytes();
    let maybe_bracket = memchr::memchr_iter(b'[', b).any(|i| {
        b.get(i + 1)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b' ')
    });
    let maybe_json = memchr::memmem::find(b, b"\"type\"").is_some()
        || memchr::memmem::find(b, b"\"command").is_some();
    let maybe_comment = memchr::memmem::find(b, b"AI_COMMANDS").is_some();
    if !(maybe_bracket || maybe_json || maybe_comment) {
        return Vec::new();
    }
    let parsed = aartiq_commands::parse(text);
    let mut out = Vec::new();
    for cmd in &parsed.commands {
        let (s, e) = (cmd.span.start.min(text.len()), cmd.span.end.min(text.len()));
        let (s, e) = (s.min(e), e);
        if !text.is_char_boundary(s) || !text.is_char_boundary(e) {
            continue;
        }
        let written = &text[s..e];
        let severity = match cmd.format {
            aartiq_commands::Format::Json | aartiq_commands::Format::Comment => 0.85,
            _ => {
                let name: String = written
                    .trim_start_matches(['[', ' '])
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let upper = name.len() >= 3 && name.chars().all(|c| !c.is_lowercase());
                let with_arg = written.contains(':') && written.len() > name.len() + 4;
                if upper {
                    0.85
                } else if with_arg {
                    0.5
                } else {
                    0.3
                }
            }
        };
        out.push(Finding {
            label: Label::ToolCallForgery,
            severity,
            span: Some((s, e)),
        });
    }
    out
}

/// Weak signals close together add up: an intent signal (someone steering the reader) plus
/// a second intent, a payload (dangerous or financial action) or pressure (urgency, authority).
fn combine(findings: &mut Vec<Finding>) {
    #[derive(PartialEq)]
    enum Kind {
        Intent,
        Payload,
        Pressure,
    }
    let kind = |l: Label| match l {
        Label::DangerousAction | Label::FinancialAction => Some(Kind::Payload),
        Label::FabricatedUrgency | Label::AuthorityImpersonation => Some(Kind::Pressure),
        Label::InvisibleCharacters
        | Label::BidiControl
        | Label::HomoglyphObfuscation
        | Label::EncodedPayload => None,
        _ => Some(Kind::Intent),
    };
    let weak: Vec<(Label, (usize, usize))> = findings
        .iter()
        .filter(|f| (0.35..0.62).contains(&f.severity))
        .filter_map(|f| f.span.map(|s| (f.label, s)))
        .collect();
    let mut best: Option<(usize, usize)> = None;
    for &(la, (as_, ae)) in &weak {
        if kind(la) != Some(Kind::Intent) {
            continue;
        }
        let (mut s, mut e) = (as_, ae);
        let mut support = false;
        for &(lb, (bs, be)) in &weak {
            if lb == la || !(bs < ae + 600 && as_ < be + 600) {
                continue;
            }
            if kind(lb).is_some() {
                support = true;
                s = s.min(bs);
                e = e.max(be);
            }
        }
        if support {
            best = Some((s, e));
            break;
        }
    }
    if let Some(span) = best {
        findings.push(Finding {
            label: Label::CombinedSignals,
            severity: 0.7,
            span: Some(span),
        });
    }
}

/// Keeps the strongest of same-label overlapping findings; strongest first.
fn dedupe(findings: Vec<Finding>) -> Vec<Finding> {
    let mut sorted = findings;
    sorted.sort_by(|a, b| b.severity.total_cmp(&a.severity));
    let mut out: Vec<Finding> = Vec::new();
    for f in sorted {
        let dup = out.iter().any(|g| {
            g.label == f.label
                && match (g.span, f.span) {
                    (Some((gs, ge)), Some((fs, fe))) => {
                        gs < fe && fs < ge || (gs == fs && ge == fe)
                    }
                    (None, None) => true,
                    _ => false,
                }
        });
        if !dup {
            out.push(f);
        }
    }
    out
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Scans `text` and decides. Never panics; never fails.
pub(crate) fn scan(
    engine: &Engine,
    config: &Config,
    text: &str,
    ctx: &Context,
    extra: Vec<Finding>,
) -> Verdict {
    let mut scan = Scan {
        engine,
        findings: extra,
        views: 0,
        top: None,
    };
    scan.scan_text(text, None, 0.0, 0, ctx.content);
    for part in &ctx.hidden_parts {
        let inner = scan.view(part, None, 0);
        if inner > 0.0 {
            scan.findings.push(Finding {
                label: Label::HiddenContent,
                severity: (inner + 0.05).min(1.0),
                span: None,
            });
        }
    }
    scan.findings.extend(bracket_tags(text));
    scan.findings.extend(command_forgery(text));
    let (top_text, sanitized) = scan.top.take().unwrap_or_default();
    let mut findings = scan.findings;
    combine(&mut findings);
    let mut findings = dedupe(findings);

    // Semantic ladder (spec d.10), over findings of weight.
    fn has(findings: &[Finding], class: Class, min: f64) -> bool {
        findings
            .iter()
            .any(|f| f.label.class() == class && f.severity >= min)
    }
    let over = has(&findings, Class::Override, 0.55);
    let exfil = has(&findings, Class::Exfil, 0.55);
    let leak = has(&findings, Class::Leak, 0.55);
    let urgency = has(&findings, Class::Urgency, 0.3);
    let mut semantic: f64 = 0.0;
    if over && (exfil || leak) {
        semantic = 0.95;
        findings.push(Finding {
            label: Label::GoalHijackWithExfil,
            severity: 0.95,
            span: None,
        });
    } else if over && urgency {
        semantic = 0.8;
        findings.push(Finding {
            label: Label::OverrideWithUrgency,
            severity: 0.8,
            span: None,
        });
    } else if leak {
        semantic = 0.85;
    } else if over {
        semantic = 0.7;
    } else if exfil {
        semantic = 0.75;
    }
    // Goal drift: the text pushes somewhere the user did not ask to go.
    if let Some(goal) = ctx.user_goal.as_deref() {
        let pushing = has(&findings, Class::Override, 0.4)
            || has(&findings, Class::Exfil, 0.4)
            || has(&findings, Class::Leak, 0.4);
        if pushing {
            let lower = &top_text;
            let words: Vec<String> = goal
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.chars().count() > 4)
                .map(|w| normalize::normalize(w).text)
                .collect();
            if !words.is_empty() {
                let present = words.iter().filter(|w| lower.contains(w.as_str())).count();
                if (present as f64) < 0.34 * words.len() as f64 {
                    semantic = semantic.max(0.7);
                    findings.push(Finding {
                        label: Label::GoalDrift,
                        severity: 0.7,
                        span: None,
                    });
                }
            }
        }
    }
    let sentinel = findings
        .iter()
        .filter(|f| {
            !matches!(
                f.label,
                Label::GoalHijackWithExfil | Label::OverrideWithUrgency | Label::GoalDrift
            )
        })
        .map(|f| f.severity)
        .fold(0.0, f64::max);
    let overall = round3(sentinel.max(semantic));
    let triggered = sentinel >= config.sentinel_threshold || semantic >= config.semantic_threshold;
    let (action, layer) = if triggered {
        let layer = if semantic >= sentinel {
            Layer::Semantic
        } else {
            Layer::Sentinel
        };
        let action = if overall >= config.block_at {
            Action::Block
        } else if overall >= config.quarantine_at {
            Action::Quarantine
        } else {
            Action::Sanitize
        };
        (action, layer)
    } else {
        (Action::Allow, Layer::None)
    };
    findings.sort_by(|a, b| b.severity.total_cmp(&a.severity));
    let threats = findings
        .into_iter()
        .map(|f| Threat {
            label: f.label,
            severity: round3(f.severity),
            span: f.span.map(|(s, e)| Span::new(s, e)),
        })
        .collect();
    let sanitized = sanitized.unwrap_or_else(|| text.to_owned());
    Verdict {
        action,
        score: overall,
        threats,
        sanitized,
        triggered_layer: layer,
        quarantine_token: matches!(action, Action::Quarantine | Action::Block)
            .then(|| quarantine_token(overall)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_le_is_the_zero_padded_little_endian_value() {
        let bytes = b"abcdefgh";
        for n in 0..=8 {
            let mut w = [0u8; 8];
            w[..n].copy_from_slice(&bytes[..n]);
            assert_eq!(load_le(&bytes[..n]), u64::from_le_bytes(w), "length {n}");
        }
    }

    #[test]
    fn symbol_prefixes_admit_every_anchor_and_little_else() {
        let mut p = SymbolPrefixes::default();
        for a in ["@", "<|", "</system", "[sys", "忽略"] {
            p.insert(a.as_bytes());
        }
        for a in ["@x", "<|im", "</system>", "[system", "忽略之前"] {
            assert!(p.maybe(a.as_bytes()), "{a}");
        }
        assert!(!p.maybe(b"<div>"));
        assert!(!p.maybe(b"</p>"));
    }
}
