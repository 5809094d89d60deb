//! The public entry point: `assess(line, &Settings) -> Assessment`.

use crate::commands::BLOCKED;
use crate::error::Error;
use crate::rules::{RULES, RuleDef, RuleId};
use crate::tier::{Decision, Tier};
use crate::walk::{self, Ctx, OffsetMap, Src};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The original's limit on a command line, in characters (spec b.5).
pub const MAX_COMMAND_CHARS: usize = 10_000;

/// A byte range in the assessed line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// One reason for the tier: the rule that matched, its tier, a message and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// The rule id (see [`RuleId`] and [`RuleSet::rules`]).
    pub rule: &'static str,
    /// The tier this finding asks for.
    pub tier: Tier,
    /// Human-readable explanation; reject-layer findings carry the original's messages.
    pub message: String,
    /// The text that matched (for nested scripts, the word that carried them).
    pub span: Span,
    /// The bypass class the rule belongs to (`data-becomes-code`, `persists`, ...), if any.
    pub class: Option<&'static str>,
}

/// How a line is judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Assessment {
    /// The strictest tier over all findings (`low` when there are none).
    pub tier: Tier,
    /// What to do with the line under the given settings.
    pub decision: Decision,
    /// Every finding, in the order found.
    pub findings: Vec<Finding>,
}

impl Assessment {
    /// `high` lines need stronger confirmation than a plain "yes" (spec b.9: device unlock, QR/PIN).
    pub fn needs_strong_confirmation(&self) -> bool {
        self.tier == Tier::High
    }

    /// Whether a manual approval must also unlock the device (spec b.9): the risk is not low and
    /// the setting is on (the default); always for `high`.
    pub fn needs_device_unlock(&self, settings: &Settings) -> bool {
        self.decision == Decision::Ask
            && (self.tier == Tier::High
                || (self.tier != Tier::Low && settings.require_device_unlock_for_manual_approval))
    }
}

/// Settings that change decisions (spec b.7 defaults: nothing runs unasked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Let `low` lines run without asking (`autoApproveLowRiskShell`, default false).
    pub auto_approve_low_risk_shell: bool,
    /// Legacy alias of the above, still honoured (`autoApproveLowRisk`, default false).
    pub auto_approve_low_risk: bool,
    /// Manual approval of non-low lines also needs device unlock (default true).
    pub require_device_unlock_for_manual_approval: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            auto_approve_low_risk_shell: false,
            auto_approve_low_risk: false,
            require_device_unlock_for_manual_approval: true,
        }
    }
}

impl Settings {
    /// Builder: set [`Settings::auto_approve_low_risk_shell`].
    pub fn with_auto_approve_low_risk_shell(mut self, on: bool) -> Self {
        self.auto_approve_low_risk_shell = on;
        self
    }

    /// Whether `low` lines run unasked under either the current or the legacy setting.
    pub fn auto_approves_low(&self) -> bool {
        self.auto_approve_low_risk_shell || self.auto_approve_low_risk
    }

    /// The decision for a tier under these settings.
    pub fn decision_for(&self, tier: Tier) -> Decision {
        match tier {
            Tier::Low if self.auto_approves_low() => Decision::Allow,
            Tier::Low | Tier::Medium | Tier::High => Decision::Ask,
            Tier::Critical => Decision::Deny,
        }
    }
}

/// The validated rule table. Loading checks every rule's examples against the classifier.
#[derive(Debug, Clone)]
pub struct RuleSet {
    rules: &'static [RuleDef],
}

impl RuleSet {
    /// Load the built-in rules and check them: ids unique and in order, every positive example
    /// produces the rule, no negative example does.
    ///
    /// # Errors
    /// [`Error::RuleTable`] or [`Error::RuleExample`] when the table disagrees with itself.
    pub fn load() -> Result<RuleSet, Error> {
        match Self::check().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(RuleSet { rules: RULES }),
        }
    }

    /// Every problem with the built-in table (empty when it is sound); [`RuleSet::load`] fails
    /// with the first.
    pub fn check() -> Vec<Error> {
        let mut errors = Vec::new();
        for (i, def) in RULES.iter().enumerate() {
            if def.rule as usize != i {
                errors.push(Error::RuleTable(format!("rule `{}` out of order", def.id)));
            }
            if RULES.iter().filter(|d| d.id == def.id).count() != 1 {
                errors.push(Error::RuleTable(format!(
                    "rule id `{}` listed twice",
                    def.id
                )));
            }
        }
        if walk::parse("true").is_none() {
            errors.push(Error::Grammar("tree-sitter-bash did not load".into()));
            return errors;
        }
        for def in RULES {
            // A class rule's examples are checked against its class: any rule of the class may
            // be the one that judges them.
            let is_class = RuleId::CLASSES.contains(&def.rule);
            let hit = |f: &Finding| {
                if is_class {
                    f.class == Some(def.id)
                } else {
                    f.rule == def.id
                }
            };
            for ex in def.positives {
                if !analyze(ex).iter().any(hit) {
                    errors.push(Error::RuleExample {
                        rule: def.id,
                        example: ex,
                        problem: "did not match",
                    });
                }
            }
            for ex in def.negatives {
                if analyze(ex).iter().any(hit) {
                    errors.push(Error::RuleExample {
                        rule: def.id,
                        example: ex,
                        problem: "matched a negative example",
                    });
                }
            }
        }
        errors
    }

    /// Judge a line without the rule self-check (for diagnosing a table that fails to load).
    #[doc(hidden)]
    pub fn assess_unchecked(line: &str, settings: &Settings) -> Assessment {
        combine(analyze(line), settings)
    }

    /// Every rule with its documentation and examples.
    pub fn rules(&self) -> &'static [RuleDef] {
        self.rules
    }

    /// Judge one shell line.
    pub fn assess(&self, line: &str, settings: &Settings) -> Assessment {
        let findings = analyze(line);
        combine(findings, settings)
    }
}

fn combine(mut findings: Vec<Finding>, settings: &Settings) -> Assessment {
    let mut seen = std::collections::HashSet::new();
    findings.retain(|f| seen.insert((f.rule, f.span, f.message.clone())));
    let tier = findings.iter().map(|f| f.tier).max().unwrap_or(Tier::Low);
    let decision = findings
        .iter()
        .map(|f| settings.decision_for(f.tier))
        .max()
        .unwrap_or(settings.decision_for(Tier::Low));
    Assessment {
        tier,
        decision,
        findings,
    }
}

static BUILTIN: OnceLock<Result<RuleSet, Error>> = OnceLock::new();

/// Judge one shell line with the built-in rules.
///
/// Never fails: if the rule table or the grammar cannot load, the line is denied with a
/// `policy-unavailable` finding.
pub fn assess(line: &str, settings: &Settings) -> Assessment {
    match BUILTIN.get_or_init(RuleSet::load) {
        Ok(rules) => rules.assess(line, settings),
        Err(e) => {
            let def = RuleId::PolicyUnavailable.def();
            combine(
                vec![Finding {
                    rule: def.id,
                    tier: def.tier,
                    message: e.to_string(),
                    span: Span {
                        start: 0,
                        end: line.len(),
                    },
                    class: def.class,
                }],
                settings,
            )
        }
    }
}

/// The classifier proper: all findings for a line.
pub(crate) fn analyze(line: &str) -> Vec<Finding> {
    analyze_ctx(line).findings
}

/// Findings plus the names of every command the line runs (after unwrapping).
pub(crate) fn analyze_with_commands(line: &str) -> (Vec<Finding>, Vec<String>) {
    let ctx = analyze_ctx(line);
    (ctx.findings, ctx.commands)
}

/// A lone carriage return lets a terminal print what follows it over what precedes it, and a
/// reviewer reads the line as two; so the line is judged as bash reads it and, too, with each
/// lone CR as a line break (the same length, so spans agree).
fn analyze_ctx(line: &str) -> Ctx {
    let mut ctx = analyze_one(line);
    let b = line.as_bytes();
    let lone_cr = |i: usize| b[i] == b'\r' && b.get(i + 1) != Some(&b'\n');
    if (0..b.len()).any(lone_cr) {
        let split: String = line
            .char_indices()
            .map(|(i, ch)| if ch == '\r' && lone_cr(i) { '\n' } else { ch })
            .collect();
        let other = analyze_one(&split);
        ctx.findings.extend(other.findings);
        ctx.commands.extend(other.commands);
    }
    // A brace expansion in a command's place (`{sh,/tmp/x}`) is the words it expands to: the
    // line is judged, too, as bash runs it (same length, so spans agree).
    if let Some(spaced) = brace_commands(line) {
        let other = analyze_one(&spaced);
        ctx.findings.extend(other.findings);
        ctx.commands.extend(other.commands);
    }
    ctx
}

/// `line` with each brace expansion that stands where a command starts (`{bash,-c,'...'}`)
/// spelled as its words: the braces and the top-level commas become spaces. `None` when the
/// line has none.
fn brace_commands(line: &str) -> Option<String> {
    let b = line.as_bytes();
    let mut out = b.to_vec();
    let mut changed = false;
    let mut at_start = true;
    let mut quote: Option<u8> = None;
    let mut k = 0;
    while k < b.len() {
        let ch = b[k];
        if let Some(q) = quote {
            if ch == q {
                quote = None;
            } else if ch == b'\\' && q == b'"' {
                k += 1;
            }
            k += 1;
            continue;
        }
        match ch {
            b'\'' | b'"' => {
                quote = Some(ch);
                at_start = false;
            }
            b'\\' => {
                k += 1;
                at_start = false;
            }
            b';' | b'|' | b'&' | b'(' | b'\n' => at_start = true,
            b' ' | b'\t' => {}
            b'{' if at_start && b.get(k + 1).is_some_and(|c| !c.is_ascii_whitespace()) => {
                if let Some((end, commas)) = brace_group(b, k) {
                    let after = b.get(end + 1).copied();
                    if !commas.is_empty()
                        && after.is_none_or(|c| c.is_ascii_whitespace() || b";|&)".contains(&c))
                    {
                        out[k] = b' ';
                        out[end] = b' ';
                        for c in commas {
                            out[c] = b' ';
                        }
                        changed = true;
                        k = end;
                    }
                }
                at_start = false;
            }
            _ => at_start = false,
        }
        k += 1;
    }
    if !changed {
        return None;
    }
    String::from_utf8(out).ok()
}

/// The close of the brace group opening at `open` and its top-level commas, outside quotes.
fn brace_group(b: &[u8], open: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    let mut quote: Option<u8> = None;
    let mut k = open;
    while k < b.len() {
        let ch = b[k];
        if let Some(q) = quote {
            if ch == q {
                quote = None;
            }
        } else {
            match ch {
                b'\'' | b'"' => quote = Some(ch),
                b'\\' => k += 1,
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some((k, commas));
                    }
                }
                b',' if depth == 1 => commas.push(k),
                // A space outside quotes ends the word: not one brace expansion.
                b' ' | b'\t' | b'\n' | b';' | b'|' | b'&' => return None,
                _ => {}
            }
        }
        k += 1;
    }
    None
}

fn analyze_one(line: &str) -> Ctx {
    let mut ctx = Ctx::new();
    let whole = Span {
        start: 0,
        end: line.len(),
    };
    if line.trim().is_empty() {
        ctx.emit(
            RuleId::RejectEmpty,
            whole,
            "Command must be a non-empty string",
        );
        return ctx;
    }
    if line.chars().count() > MAX_COMMAND_CHARS {
        ctx.emit(
            RuleId::RejectLength,
            whole,
            "Command exceeds maximum length of 10000 characters",
        );
        return ctx;
    }
    precheck(&mut ctx, line);
    let (spliced, map) = walk::splice(line);
    let Some(tree) = walk::parse(&spliced) else {
        ctx.emit(RuleId::ParseError, whole, "the line could not be parsed");
        fallback_scan(&mut ctx, &spliced, whole);
        return ctx;
    };
    let root = tree.root_node();
    let dropped = dropped_text(root, &spliced);
    if root.has_error() || dropped.is_some() {
        let (span, message) = match first_error(root) {
            Some(n) => (
                Span {
                    start: map.original(n.start_byte()),
                    end: map.original(n.end_byte()),
                },
                "the line does not parse as bash",
            ),
            None => (
                dropped.map_or(whole, |(start, end)| Span {
                    start: map.original(start),
                    end: map.original(end),
                }),
                "the grammar skipped part of the line, which bash would run",
            ),
        };
        ctx.emit(RuleId::ParseError, span, message);
        fallback_scan(&mut ctx, &spliced, whole);
        // The error node can start anywhere up to the line's start (recovery wraps what came
        // before it), so every separator is a candidate cut.
        judge_clean_prefix(&mut ctx, &spliced, &map, spliced.len());
    }
    let src = Src::new(&spliced, &map, None);
    ctx.walk_stmt(src, root, None);
    if ctx
        .findings
        .iter()
        .any(|f| f.rule == RuleId::TooComplex.def().id)
    {
        fallback_scan(&mut ctx, &spliced, whole);
    }
    let _: &OffsetMap = &map;
    ctx
}

/// How many cut points before a parse error are tried for a clean prefix.
const PREFIX_TRIES: usize = 16;

/// A line that breaks after some commands is judged at least as those commands alone: the
/// longest prefix cut at a separator (`|`, `;`, `&`, newline) before `error_at` that parses
/// cleanly is walked too. Text appended to a line never lowers its decision.
fn judge_clean_prefix(ctx: &mut Ctx, spliced: &str, map: &walk::OffsetMap, error_at: usize) {
    let bytes = spliced.as_bytes();
    let cuts = (0..error_at.min(bytes.len()))
        .rev()
        .filter(|&i| matches!(bytes[i], b'|' | b';' | b'&' | b'\n'))
        .take(PREFIX_TRIES);
    for cut in cuts {
        let Some(prefix) = spliced.get(..cut) else {
            continue;
        };
        if prefix.trim().is_empty() {
            return;
        }
        let Some(tree) = walk::parse(prefix) else {
            continue;
        };
        let root = tree.root_node();
        if root.has_error() {
            continue;
        }
        let src = Src::new(prefix, map, None);
        ctx.walk_stmt(src, root, None);
        return;
    }
}

/// The first run of text, outside blanks, that no token of the tree covers. The grammar can
/// recover from some input by skipping it without an error node (`-` then a new line then
/// `a=` parses as the assignment alone), while bash runs what was skipped.
fn dropped_text(root: tree_sitter::Node<'_>, text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut covered = 0;
    let mut gap: Option<(usize, usize)> = None;
    let mut check = |from: usize, to: usize| {
        let to = to.min(bytes.len());
        if gap.is_none()
            && let Some(k) = (from..to).find(|&k| !bytes[k].is_ascii_whitespace())
        {
            gap = Some((k, to));
        }
    };
    let mut cursor = root.walk();
    'walk: loop {
        let node = cursor.node();
        if node.child_count() == 0 {
            if node.start_byte() > covered {
                check(covered, node.start_byte());
            }
            covered = covered.max(node.end_byte());
        }
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    check(covered, bytes.len());
    gap
}

fn first_error(root: tree_sitter::Node<'_>) -> Option<tree_sitter::Node<'_>> {
    // Iterative: error paths can be as deep as the input is long.
    let mut node = root;
    loop {
        if node.is_error() || node.is_missing() {
            return Some(node);
        }
        let mut cur = node.walk();
        let next = node
            .children(&mut cur)
            .find(|c| c.has_error() || c.is_missing());
        match next {
            Some(n) => node = n,
            None => return None,
        }
    }
}

/// Byte-level checks that do not need the parse.
fn precheck(ctx: &mut Ctx, line: &str) {
    let mut bidi = None;
    let mut invisible = None;
    let mut control = None;
    let bytes = line.as_bytes();
    for (i, c) in line.char_indices() {
        let u = c as u32;
        let span = Span {
            start: i,
            end: i + c.len_utf8(),
        };
        match u {
            0x202A..=0x202E | 0x2066..=0x2069 | 0x200E | 0x200F | 0x061C => {
                bidi = bidi.or(Some(span))
            }
            0x200B..=0x200D
            | 0x2060..=0x2064
            | 0xFEFF
            | 0x00AD
            | 0x180E
            | 0xE0000..=0xE007F
            | 0xFE00..=0xFE0F
            | 0x00A0
            | 0x2000..=0x200A
            | 0x202F
            | 0x205F
            | 0x3000
            | 0x115F
            | 0x1160
            | 0x3164
            | 0xFFA0 => invisible = invisible.or(Some(span)),
            0x0D if bytes.get(i + 1) == Some(&b'\n') => {}
            0x00..=0x08 | 0x0B..=0x1F | 0x7F | 0x80..=0x9F => control = control.or(Some(span)),
            _ => {}
        }
    }
    if let Some(s) = bidi {
        ctx.emit(
            RuleId::BidiControl,
            s,
            "bidirectional control character reorders what the reviewer sees",
        );
    }
    if let Some(s) = invisible {
        ctx.emit(
            RuleId::InvisibleCharacter,
            s,
            "invisible or look-alike space character",
        );
    }
    if let Some(s) = control {
        ctx.emit(
            RuleId::ControlCharacter,
            s,
            "control character (carriage return, NUL or escape)",
        );
    }
}

/// When the parse failed: look for blocked or destructive program names anywhere in the text.
pub(crate) fn fallback_scan(ctx: &mut Ctx, text: &str, span: Span) {
    const DANGEROUS: &[&str] = &[
        "mkfs", "dd", "shred", "shutdown", "reboot", "halt", "poweroff", "iptables", "ufw",
        "wipefs", "fdisk", "doas", "pkexec", "crontab", "chmod", "chown",
    ];
    // Brace expansions spell names in pieces (`{r,}m`): their expansions are read too.
    let expanded: Vec<String> = text
        .split_whitespace()
        .filter(|w| w.contains('{') && w.contains(','))
        .flat_map(crate::commands::brace_expand)
        .collect();
    let text = format!("{text} {}", expanded.join(" "));
    for tok in text.split(|c: char| {
        !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.' || c == '/')
    }) {
        let base = tok.rsplit('/').next().unwrap_or(tok).to_ascii_lowercase();
        let stem = base.split('.').next().unwrap_or(&base);
        if BLOCKED.contains(&base.as_str()) || DANGEROUS.contains(&stem) {
            ctx.emit(
                RuleId::ParseErrorDangerous,
                span,
                format!("`{base}` appears in a line that does not parse; bash may still run it"),
            );
            return;
        }
    }
}
