//! Scoring: forged tool calls, weak signals that combine, deduplication, the semantic ladder
//! and the action.

use super::*;

/// Upper-case bracket tags such as `[OPEN_URL https://…][FILL card=…][SUBMIT]`, read on the
/// text as written (the normalised view is lower case).
pub(super) fn bracket_tags(text: &str) -> Vec<Finding> {
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
pub(super) fn command_forgery(text: &str) -> Vec<Finding> {
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
            // A JSON command that documentation shows as an example ("Example response:",
            // "z. B.", "示例", inline code) is not aimed at the reader; it stays listed, too
            // weak to act on its own.
            aartiq_commands::Format::Json if documented(text, s) => DOCUMENTED_COMMAND,
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

/// Severity of a JSON command shown as an example in documentation: below `weak_min`, so it
/// does not combine either.
pub(super) const DOCUMENTED_COMMAND: f64 = 0.3;

/// Words that introduce an example in API and tool documentation, in many languages (lower
/// case; compared, both folded like the normalised view, with the text before a command).
const EXAMPLE_CUES: &[&str] = &[
    "example",
    "e.g.",
    "for instance",
    "sample",
    "schema",
    "returns",
    "response:",
    "request:",
    "request body",
    "beispiel",
    "z. b.",
    "z.b.",
    "exemple",
    "ejemplo",
    "esempio",
    "exemplo",
    "voorbeeld",
    "przykład",
    "пример",
    "приклад",
    "příklad",
    "példa",
    "exemplu",
    "örnek",
    "ví dụ",
    "उदाहरण",
    "مثال",
    "דוגמה",
    "דוגמא",
    "παράδειγμα",
    "示例",
    "例如",
    "例：",
    "例:",
    "の例",
    "예시",
    "예:",
    "contoh",
    "esimerkki",
    "exempel",
    "eksempel",
    "primer",
    "halimbawa",
    "mfano",
    "ตัวอย่าง",
    "przykładowe",
    "пример:",
    "primjer",
    "näide",
    "näiteks",
    "pavyzd",
    "piemēr",
    "zgled",
    "príklad",
    "sampla",
    "eżempju",
    "misal",
    "உதாரணம்",
    "উদাহরণ",
    "ምሳሌ",
    "apẹẹrẹ",
];

/// Folds like the normalised view (lower case, marks dropped), so that a cue written with
/// diacritics ("ví dụ", "παράδειγμα") matches the text as written and as normalised.
fn folded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        normalize::push_folded(c, &mut out);
    }
    out
}

/// Whether the command at `start` is shown as an example: an example cue in the 200 bytes
/// before it, or it opens inside an inline code span (an odd number of backticks before it on
/// its line).
pub(super) fn documented(text: &str, start: usize) -> bool {
    let before = checks::before(text, start, 200);
    let lower = folded(before);
    if EXAMPLE_CUES
        .iter()
        .any(|c| lower.contains(folded(c).as_str()))
    {
        return true;
    }
    let line = before.rsplit('\n').next().unwrap_or("");
    line.matches('`').count() % 2 == 1
}

/// Every constant of the final score, in one place (spec d.10 for the ladder).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Scoring {
    /// Severity of weak signals that `combine` considers (`weak_min..weak_max`).
    pub weak_min: f64,
    pub weak_max: f64,
    /// How far apart (bytes) weak signals may be and still combine.
    pub weak_reach: usize,
    /// Severity of a combination of weak signals.
    pub combined: f64,
    /// A class takes part in the ladder at this severity (urgency at `urgency_min`).
    pub class_min: f64,
    pub urgency_min: f64,
    /// The ladder: override with exfiltration or a leak, override with urgency, a leak alone,
    /// an override alone, exfiltration alone.
    pub hijack_with_exfil: f64,
    pub override_with_urgency: f64,
    pub leak: f64,
    pub override_alone: f64,
    pub exfil_alone: f64,
    /// Goal drift: a class pushes at `drift_push_min`, the goal's words are present in less
    /// than `drift_goal_share` of the text, and the drift counts `drift`.
    pub drift_push_min: f64,
    pub drift_goal_share: f64,
    pub drift: f64,
    /// A combiner window at its threshold maps to this severity (the sentinel threshold);
    /// probability 1 maps to 1.
    pub combiner_floor: f64,
    /// Factor for a phrase match inside a context window (discussion, human, quotation) the
    /// combiner clears: low enough that it no longer combines as a weak signal.
    pub context_veto: f64,
    /// A decoded or hidden view counts through the combiner from this fraction of the
    /// combiner's threshold (hiding a request is evidence in itself).
    pub hidden_combiner: f64,
    /// A directive addressed to the AI by its role ("To the assistant reading this: ...")
    /// with two concepts of a harmful request after it.
    pub role_directive: f64,
}

/// The scoring table in force.
pub(super) const SCORING: Scoring = Scoring {
    weak_min: 0.35,
    weak_max: 0.62,
    weak_reach: 600,
    combined: 0.7,
    class_min: 0.55,
    urgency_min: 0.3,
    hijack_with_exfil: 0.95,
    override_with_urgency: 0.8,
    leak: 0.85,
    override_alone: 0.7,
    exfil_alone: 0.75,
    drift_push_min: 0.4,
    drift_goal_share: 0.34,
    drift: 0.7,
    combiner_floor: 0.62,
    context_veto: 0.35,
    hidden_combiner: 0.6,
    role_directive: 0.7,
};

/// The severity of a combiner window of probability `p` at threshold `t`: the sentinel
/// threshold at `t`, rising linearly to 1.
pub(super) fn combiner_severity(p: f64, t: f64) -> f64 {
    let span = (1.0 - t).max(1e-9);
    (SCORING.combiner_floor + (1.0 - SCORING.combiner_floor) * (p - t) / span).clamp(0.0, 1.0)
}

/// Weak signals close together add up: an intent signal (someone steering the reader) plus
/// a second intent, a payload (dangerous or financial action) or pressure (urgency, authority).
pub(super) fn combine(findings: &mut Vec<Finding>) {
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
        .filter(|f| (SCORING.weak_min..SCORING.weak_max).contains(&f.severity))
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
            if lb == la || !(bs < ae + SCORING.weak_reach && as_ < be + SCORING.weak_reach) {
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
            severity: SCORING.combined,
            span: Some(span),
        });
    }
}

/// Keeps the strongest of same-label overlapping findings; strongest first.
pub(super) fn dedupe(findings: Vec<Finding>) -> Vec<Finding> {
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

pub(super) fn round3(x: f64) -> f64 {
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
    scan_with_best(engine, config, text, ctx, extra).0
}

/// Whether the scan flags `text`, and the combiner's best window probability: with an engine
/// whose combiner threshold is 1, the flag is the rules' verdict alone (threshold selection).
pub(crate) fn scan_parts(engine: &Engine, text: &str) -> (bool, f64) {
    let (v, p) = scan_with_best(
        engine,
        &Config::default(),
        text,
        &Context::new(),
        Vec::new(),
    );
    (v.action != Action::Allow, p)
}

/// [`scan`], also returning the combiner's best window probability.
fn scan_with_best(
    engine: &Engine,
    config: &Config,
    text: &str,
    ctx: &Context,
    extra: Vec<Finding>,
) -> (Verdict, f64) {
    let mut scan = Scan {
        engine,
        findings: extra,
        views: 0,
        top: None,
        best: None,
        own_p: 0.0,
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
    let mut evidence = Vec::new();
    let best_p = scan.best.as_ref().map_or(0.0, |b| b.p);
    let mut combiner: Option<Finding> = None;
    if let Some(best) = scan.best.take() {
        let t = engine.model.threshold;
        if best.p >= t {
            combiner = Some(Finding {
                label: Label::ConceptCombination,
                severity: combiner_severity(best.p, t),
                span: best.span,
            });
            evidence = best
                .evidence
                .into_iter()
                .filter_map(|(concept, span)| {
                    span.map(|(s, e)| crate::Evidence {
                        concept,
                        span: Span::new(s, e),
                    })
                })
                .collect();
            // Longest first per concept; drop spans inside a kept one of the same concept.
            evidence.sort_by_key(|e| (e.concept, e.span.start, std::cmp::Reverse(e.span.end)));
            let mut kept: Vec<crate::Evidence> = Vec::new();
            for e in evidence {
                let inside = kept.iter().any(|k| {
                    k.concept == e.concept
                        && k.span.start <= e.span.start
                        && e.span.end <= k.span.end
                });
                if !inside {
                    kept.push(e);
                }
            }
            evidence = kept;
        }
    }
    let mut findings = scan.findings;
    combine(&mut findings);
    let mut findings = dedupe(findings);

    // Semantic ladder (spec d.10), over findings of weight.
    pub(super) fn has(findings: &[Finding], class: Class, min: f64) -> bool {
        findings
            .iter()
            .any(|f| f.label.class() == class && f.severity >= min)
    }
    let over = has(&findings, Class::Override, SCORING.class_min);
    let exfil = has(&findings, Class::Exfil, SCORING.class_min);
    let leak = has(&findings, Class::Leak, SCORING.class_min);
    let urgency = has(&findings, Class::Urgency, SCORING.urgency_min);
    let mut semantic: f64 = 0.0;
    if over && (exfil || leak) {
        semantic = SCORING.hijack_with_exfil;
        findings.push(Finding {
            label: Label::GoalHijackWithExfil,
            severity: SCORING.hijack_with_exfil,
            span: None,
        });
    } else if over && urgency {
        semantic = SCORING.override_with_urgency;
        findings.push(Finding {
            label: Label::OverrideWithUrgency,
            severity: SCORING.override_with_urgency,
            span: None,
        });
    } else if leak {
        semantic = SCORING.leak;
    } else if over {
        semantic = SCORING.override_alone;
    } else if exfil {
        semantic = SCORING.exfil_alone;
    }
    // Goal drift: the text pushes somewhere the user did not ask to go.
    if let Some(goal) = ctx.user_goal.as_deref() {
        let pushing = has(&findings, Class::Override, SCORING.drift_push_min)
            || has(&findings, Class::Exfil, SCORING.drift_push_min)
            || has(&findings, Class::Leak, SCORING.drift_push_min);
        if pushing {
            let lower = &top_text;
            let words: Vec<String> = goal
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.chars().count() > 4)
                .map(|w| normalize::normalize(w).text)
                .collect();
            if !words.is_empty() {
                let present = words.iter().filter(|w| lower.contains(w.as_str())).count();
                if (present as f64) < SCORING.drift_goal_share * words.len() as f64 {
                    semantic = semantic.max(SCORING.drift);
                    findings.push(Finding {
                        label: Label::GoalDrift,
                        severity: SCORING.drift,
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
    let mut sentinel = sentinel;
    let mut triggered =
        sentinel >= config.sentinel_threshold || semantic >= config.semantic_threshold;
    // The combiner decides only what the rules leave open: a text the rules flag keeps the
    // rules' score (the original's scale), with the combiner's evidence attached.
    if let Some(f) = combiner
        && !triggered
    {
        sentinel = sentinel.max(f.severity);
        triggered = sentinel >= config.sentinel_threshold;
        findings.push(f);
    }
    let overall = round3(sentinel.max(semantic));
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
    (
        Verdict {
            action,
            score: overall,
            threats,
            sanitized,
            triggered_layer: layer,
            quarantine_token: matches!(action, Action::Quarantine | Action::Block)
                .then(|| quarantine_token(overall)),
            evidence,
        },
        best_p,
    )
}
