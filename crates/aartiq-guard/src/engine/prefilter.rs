//! The one-pass prefilter: word n-gram and stem anchors by hash, symbol anchors with an
//! anchored Aho-Corasick automaton at the few bytes that can start one.

use super::*;

pub(super) fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x11FF | 0x2E80..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// Splits an anchor into words if it is made of words (it starts and ends with a letter or
/// digit and holds no CJK); `None` for symbol anchors.
pub(super) fn word_tokens(anchor: &str) -> Option<Vec<&str>> {
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
pub(super) fn suffixed(anchor: &str) -> Option<(&str, u8)> {
    let &last = anchor.as_bytes().last()?;
    if !matches!(last, b':' | b',' | b'.' | b'\'' | b'$' | b'-') {
        return None;
    }
    let core = anchor[..anchor.len() - 1].trim_end_matches(' ');
    let tokens = word_tokens(core)?;
    (tokens.len() <= 3 && core.split(|c: char| !is_word_char(c)).count() == tokens.len())
        .then_some((core, last))
}

pub(super) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || (!c.is_ascii() && c.is_alphanumeric())
}

/// Up to eight bytes as a little-endian integer (zero-padded), without a `memcpy` call:
/// two overlapping loads of the first and last 4 (or 2) bytes.
pub(super) fn load_le(b: &[u8]) -> u64 {
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
pub(super) fn fnv(bytes: &[u8]) -> u64 {
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

pub(super) const fn word_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = c.is_ascii_alphanumeric() || c >= 0x80;
        i += 1;
    }
    t
}

pub(super) static WORD: [bool; 256] = word_table();

pub(super) fn mix(a: u64, b: u64) -> u64 {
    (a.rotate_left(23) ^ b).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

pub(super) fn prefix_key(word: &[u8]) -> u32 {
    let mut k = [0u8; 4];
    k.copy_from_slice(&word[..4]);
    u32::from_le_bytes(k)
}

/// The keys are already hashes: use them as they are.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct KeyHasher(u64);

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

pub(super) type KeyMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// Whole-word anchor lookup: one pass over the words of the text, three hash probes and one
/// stem probe per word.
/// A 65,536-bit set of hash values: a cheap "maybe" before a map lookup.
#[derive(Debug)]
pub(super) struct Bits(Vec<u64>);

impl Default for Bits {
    fn default() -> Self {
        Bits(vec![0; 1024])
    }
}

impl Bits {
    pub(super) fn set(&mut self, h: u64) {
        let k = (h >> 48) as usize;
        self.0[k >> 6] |= 1 << (k & 63);
    }
    pub(super) fn has(&self, h: u64) -> bool {
        let k = (h >> 48) as usize;
        self.0[k >> 6] & (1 << (k & 63)) != 0
    }
}

/// The first `min(len, 4)` bytes of each symbol anchor, by that length. An anchored match at
/// a position needs its pattern's prefix there, so a position none of them fits is skipped
/// without running the automaton.
#[derive(Debug, Default)]
pub(super) struct SymbolPrefixes {
    /// Anchors of one byte.
    one: Vec<u8>,
    /// Two-byte anchors (by the two bytes), and hashed three- and four-byte prefixes.
    two: Bits,
    three: Bits,
    four: Bits,
}

pub(super) fn prefix_hash(p: &[u8]) -> u64 {
    load_le(&p[..p.len().min(4)]).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl SymbolPrefixes {
    pub(super) fn insert(&mut self, anchor: &[u8]) {
        match anchor.len() {
            0 => {}
            1 => self.one.push(anchor[0]),
            2 => self.two.set(prefix_hash(anchor)),
            3 => self.three.set(prefix_hash(anchor)),
            _ => self.four.set(prefix_hash(&anchor[..4])),
        }
    }

    /// Whether some symbol anchor may start at the beginning of `rest`.
    pub(super) fn maybe(&self, rest: &[u8]) -> bool {
        let Some(&first) = rest.first() else {
            return false;
        };
        self.one.contains(&first)
            || (rest.len() >= 2 && self.two.has(prefix_hash(&rest[..2])))
            || (rest.len() >= 3 && self.three.has(prefix_hash(&rest[..3])))
            || (rest.len() >= 4 && self.four.has(prefix_hash(&rest[..4])))
    }
}

pub(super) const SHORT: u8 = 1;
pub(super) const FIRST: u8 = 2;
pub(super) const SFX_SHORT: u8 = 4;

/// Flag bits by the top 16 bits of a word hash (the same index as [`Bits`]).
#[derive(Debug)]
pub(super) struct Flags(Vec<u8>);

impl Default for Flags {
    fn default() -> Self {
        Flags(vec![0; 1 << 16])
    }
}

impl Flags {
    pub(super) fn set(&mut self, h: u64, flag: u8) {
        self.0[(h >> 48) as usize] |= flag;
    }
    pub(super) fn get(&self, h: u64) -> u8 {
        self.0[(h >> 48) as usize]
    }
}

/// Symbol anchors that start with an ASCII letter or digit.
#[derive(Debug)]
pub(super) struct LetterSymbols {
    /// `(run of word bytes, the byte after it)`.
    pub(super) word_ends: Vec<(Vec<u8>, u8)>,
    /// The bytes that follow a run in `word_ends`.
    pub(super) word_end_next: [bool; 256],
    /// Anchors of any other shape.
    pub(super) finders: Vec<memchr::memmem::Finder<'static>>,
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
pub(super) struct SymbolScan<'a> {
    /// First bytes (not ASCII letters or digits) of symbol anchors.
    pub(super) starts: &'a [bool; 256],
    /// See [`LetterSymbols::word_ends`].
    pub(super) word_ends: &'a [(Vec<u8>, u8)],
    /// The bytes that follow a run in `word_ends`.
    pub(super) word_end_next: &'a [bool; 256],
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
pub(super) struct WordIndex {
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
    pub(super) fn insert(&mut self, tokens: &[&str], id: usize, suffix: Option<u8>) {
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
    /// `on_word` gets every word with its hash and the OR of its bytes (the concept lexicons
    /// are looked up there).
    ///
    /// On the same pass, `on_symbol` gets every position where a symbol anchor may start:
    /// each byte marked in `symbols.starts`, and each word end that fits one of
    /// `symbols.word_ends` (the caller sorts them and runs the automaton there).
    pub(super) fn find(
        &self,
        text: &str,
        hits: &mut Vec<(usize, usize, usize)>,
        cand: &mut Candidates,
        symbols: &SymbolScan<'_>,
        mut on_symbol: impl FnMut(usize),
        mut on_word: impl FnMut(usize, usize, u64, u8),
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
            on_word(start, i, h, high);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn load_le_is_the_zero_padded_little_endian_value() {
        let bytes = b"abcdefgh";
        for n in 0..=8 {
            let mut w = [0u8; 8];
            w[..n].copy_from_slice(&bytes[..n]);
            assert_eq!(load_le(&bytes[..n]), u64::from_le_bytes(w), "length {n}");
        }
    }

    #[test]
    pub(super) fn symbol_prefixes_admit_every_anchor_and_little_else() {
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
