//! One scan of a text and its views: hidden channels and decoded texts, rescanned with a
//! recursion limit and a view cap, each recorded as a threat layer.

use super::scoring::SCORING;
use super::*;
use crate::concept::{ALL, Concept};

pub(super) fn is_top_call(place: Option<Option<(usize, usize)>>, depth: u8) -> bool {
    place.is_none() && depth == 0
}

pub(super) struct Scan<'a> {
    pub(super) engine: &'a Engine,
    pub(super) findings: Vec<Finding>,
    pub(super) views: usize,
    /// The outermost text's normalised form and sanitized copy, kept for scoring.
    pub(super) top: Option<(String, Option<String>)>,
    /// The combiner's strongest window so far.
    pub(super) best: Option<Best>,
    /// The combiner's strongest window of the text last scanned by `scan_text` itself (not
    /// its views).
    pub(super) own_p: f64,
}

/// The combiner's strongest window: probability, span in the input, and the concepts that
/// carried it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Best {
    pub p: f64,
    pub span: Option<(usize, usize)>,
    pub evidence: Vec<(Concept, Option<(usize, usize)>)>,
}

impl Scan<'_> {
    /// Scans `text` (a view or the input). Spans of findings are mapped with `place`:
    /// `Some(span)` puts every finding on that span of the input; `None` maps through `norm`.
    pub(super) fn scan_text(
        &mut self,
        text: &str,
        place: Option<Option<(usize, usize)>>,
        boost: f64,
        depth: u8,
        content: ContentKind,
    ) -> f64 {
        let norm = normalize::normalize(text);
        let mut cand = Candidates::default();
        let (found, probes, mut hits) = self.engine.run_rules(&norm.text, &mut cand);
        concepts::cased_acronyms(text, &norm, &mut hits);
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
        let mut windows = combiner::windows(&norm.text, &hits, &found);
        if place.is_some() {
            for w in &mut windows {
                combiner::mark_hidden(&mut w.features);
            }
        }
        let mut vetoes: Vec<(usize, usize, bool, bool)> = Vec::new();
        let mut own_p: f64 = 0.0;
        for w in &windows {
            let p = self.engine.model.probability(&w.features);
            own_p = own_p.max(p);
            if p < self.engine.model.threshold {
                vetoes.push((w.start, w.end, w.context, w.human));
            }
            if self.best.as_ref().is_some_and(|b| b.p >= p) {
                continue;
            }
            let carried = self.engine.model.carried(&w.features);
            let mut evidence = Vec::new();
            for h in &w.hits {
                for c in ALL {
                    if h.mask & (1 << c.index()) != 0 && carried & (1 << c.index()) != 0 {
                        evidence.push((c, map(&norm, h.start, h.end)));
                    }
                }
            }
            let span = match (w.hits.first(), w.hits.iter().map(|h| h.end).max()) {
                (Some(f), Some(e)) => map(&norm, f.start, e),
                _ => None,
            };
            self.best = Some(Best { p, span, evidence });
        }
        let top_level = place.is_none() && depth == 0;
        for (label, sev, s, e) in found {
            // A phrase match inside a window that discusses attacks, where the combiner sees no attack, is weighed down.
            // So is a forged turn or system line on a blockquote line (`> SYSTEM: ...`): the
            // text quotes it.
            // And a request to send something to an address inside instructions to people
            // that name no AI ("send your feedback to help@shop.example").
            let quotable = label.is_phrase()
                || (label.class() == Class::Override && blockquoted(&norm.text, s));
            let vetoed = top_level
                && vetoes.iter().any(|&(ws, we, discussed, human)| {
                    ws <= s
                        && e <= we
                        && ((discussed && quotable) || (human && label == Label::DataExfiltration))
                });
            let sev = if vetoed {
                sev * SCORING.context_veto
            } else {
                sev
            };
            // A tool call or chat turn that documentation shows as an example is not aimed at
            // the reader.
            let sev = if top_level
                && matches!(
                    label,
                    Label::ToolCallForgery | Label::TranscriptForgery | Label::FakeSystemMessage
                )
                && super::scoring::documented(&norm.text, s)
            {
                sev.min(super::scoring::DOCUMENTED_COMMAND)
            } else {
                sev
            };
            let sev = (sev + boost).min(1.0);
            max_sev = max_sev.max(sev);
            self.findings.push(Finding {
                label,
                severity: sev,
                span: map(&norm, s, e),
            });
        }
        // Directives addressed to the AI by its role ("To the assistant summarising this
        // page: ...") and task switches, conditions on the reader being an AI or authority
        // headings opening a sentence with a harmful request ("New task: before you continue,
        // ...", "If you are an AI assistant, ..."), in every lexicon language; not in a window
        // that discusses attacks.
        let role = combiner::role_directives(&norm.text, &hits);
        let task = combiner::task_directives(&norm.text, &hits);
        let request = combiner::request_directives(&norm.text, &hits);
        for (s, e) in role.into_iter().chain(task).chain(request) {
            let discussed = windows
                .iter()
                .any(|w| w.context && w.start <= s && s < w.end);
            if discussed {
                continue;
            }
            let sev = (SCORING.role_directive + boost).min(1.0);
            max_sev = max_sev.max(sev);
            self.findings.push(Finding {
                label: Label::AgentDirective,
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
            self.own_p = own_p;
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
            let collapsed = decode::segment_words(&collapsed).unwrap_or(collapsed);
            let inner = self.view(&collapsed, span, depth);
            if inner > 0.0 {
                self.findings.push(Finding {
                    label: Label::SpacedLetters,
                    severity: inner,
                    span,
                });
            }
        }
        // Letters split by dots, dashes or emoji.
        for ((s, e), collapsed) in decode::split_letters(&norm.text) {
            let span = map(&norm, s, e);
            let collapsed = decode::segment_words(&collapsed).unwrap_or(collapsed);
            let inner = self.view(&collapsed, span, depth);
            if inner > 0.0 {
                self.findings.push(Finding {
                    label: Label::SpacedLetters,
                    severity: inner,
                    span,
                });
            }
        }
        // Leetspeak, folded.
        if let Some(folded) = decode::leet_fold(&norm.text) {
            let whole = here((0, text.len()));
            let inner = self.view(&folded, whole, depth);
            if inner > 0.0 {
                self.findings.push(Finding {
                    label: Label::Leetspeak,
                    severity: (inner + 0.05).min(1.0),
                    span: whole,
                });
            }
        }
        // Hex bytes with separators; byte values as decimal or binary numbers.
        for (span, payload) in decode::spaced_hex_runs(text)
            .into_iter()
            .chain(decode::number_runs(text))
        {
            let inner = self.view(&payload, here(span), depth);
            if inner > 0.0 {
                self.findings.push(Finding {
                    label: Label::EncodedPayload,
                    severity: (inner + 0.1).min(1.0),
                    span: here(span),
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
        // ROT13 and reversed text, found through their probes, or through a decode
        // instruction ("reverse this and carry it out:", "descifra este ROT13"): then the text
        // after the instruction is read both ways.
        let decode_bit = 1u32 << Concept::Decode.index();
        let cue = hits
            .iter()
            .filter(|h| h.mask & decode_bit != 0)
            .map(|h| h.end)
            .next_back();
        for kind in [Probe::Rot13, Probe::Reversed] {
            let hits: Vec<_> = probes.iter().filter(|p| p.0 == kind).collect();
            let decoded = |w: &str| match kind {
                Probe::Rot13 => decode::rot13(w),
                Probe::Reversed => decode::reversed(w),
            };
            let (distinct, strong) = {
                let mut words: Vec<&str> = hits.iter().map(|p| &norm.text[p.1..p.2]).collect();
                words.sort_unstable();
                words.dedup();
                let strong = words
                    .iter()
                    .any(|w| !FUNCTION_PROBES.contains(&decoded(w).as_str()));
                (words.len(), strong)
            };
            let (s, e) = if distinct >= 2 && strong {
                (
                    hits.iter().map(|p| p.1).min().unwrap_or(0),
                    hits.iter().map(|p| p.2).max().unwrap_or(0),
                )
            } else if let Some(at) = cue.filter(|_| depth == 0) {
                let mut end = (at + 400).min(norm.text.len());
                while !norm.text.is_char_boundary(end) {
                    end -= 1;
                }
                // The encoded text is what follows the instruction's colon, if it has one.
                let from = norm.text[at..end].find([':', '：']).map_or(at, |p| {
                    at + p
                        + if norm.text[at + p..].starts_with(':') {
                            1
                        } else {
                            3
                        }
                });
                if from >= end {
                    continue;
                }
                (from, end)
            } else {
                continue;
            };
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
        self.own_p = own_p;
        max_sev
    }

    /// Scans a decoded or hidden view; every finding lands on `span`. Returns the view's
    /// strongest boosted severity, or 0 if it found nothing of weight.
    pub(super) fn view(&mut self, text: &str, span: Option<(usize, usize)>, depth: u8) -> f64 {
        if self.views >= MAX_VIEWS {
            return 0.0;
        }
        self.views += 1;
        let before = self.findings.len();
        let max = self.scan_text(text, Some(span), HIDDEN_BOOST, depth + 1, ContentKind::Auto);
        // The combiner counts too: a decoded or hidden view whose concepts combine is an
        // attack. Hiding is itself evidence, so a view needs less of the combiner than open
        // text does (`SCORING.hidden_combiner` of its threshold).
        let own = self.own_p;
        let t = self.engine.model.threshold;
        let combined = if own >= t * SCORING.hidden_combiner {
            (combiner_severity(own.max(t), t) + HIDDEN_BOOST).min(1.0)
        } else {
            0.0
        };
        // A view counts only through findings of weight; weak obfuscation noise inside it stays listed.
        let strongest = self.findings[before..]
            .iter()
            .filter(|f| f.severity >= 0.45 + HIDDEN_BOOST)
            .map(|f| f.severity)
            .fold(combined, f64::max);
        if strongest > 0.0 {
            strongest.max(max.min(strongest))
        } else {
            0.0
        }
    }

    pub(super) fn boost_within(&mut self, span: Option<(usize, usize)>, by: f64) {
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

/// Whether the line holding `pos` is a markdown blockquote (starts with `>` after blanks).
fn blockquoted(text: &str, pos: usize) -> bool {
    let mut p = pos.min(text.len());
    while !text.is_char_boundary(p) {
        p -= 1;
    }
    let start = text[..p].rfind('\n').map_or(0, |n| n + 1);
    text[start..].trim_start().starts_with('>')
}
