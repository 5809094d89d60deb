//! Context checks: quotation, discussion about attacks, sentence position; they lower or drop
//! a rule match.

use super::*;

/// The character boundary at or before `i` (clamped to the text).
pub(super) fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The character boundary at or after `i` (clamped to the text).
pub(super) fn ceil_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Up to `n` bytes of `text` before `pos`, cut on character boundaries (a `pos` inside a
/// character counts from that character's start).
pub(super) fn before(text: &str, pos: usize, n: usize) -> &str {
    let pos = floor_boundary(text, pos);
    &text[floor_boundary(text, pos.saturating_sub(n))..pos]
}

/// Up to `n` bytes of `text` after `pos`, cut on character boundaries (a `pos` inside a
/// character counts from that character's end).
pub(super) fn after(text: &str, pos: usize, n: usize) -> &str {
    let pos = ceil_boundary(text, pos);
    &text[pos..ceil_boundary(text, pos.saturating_add(n))]
}

pub(super) fn is_quote(c: char) -> bool {
    matches!(
        c,
        '"' | '\''
            | '`'
            | '«'
            | '»'
            | '<'
            | '“'
            | '”'
            | '„'
            | '‹'
            | '›'
            | '「'
            | '」'
            | '『'
            | '』'
            | '《'
            | '》'
    )
}

/// The match sits inside a short quotation or a code span.
pub(super) fn quoted(text: &str, s: usize, e: usize) -> bool {
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

pub(super) fn discussion(text: &str, s: usize, e: usize) -> bool {
    let ctx_before = before(text, s, 260);
    let ctx_after = after(text, e, 160);
    rules::DISCUSSION_CUES
        .iter()
        .any(|c| ctx_before.contains(c) || ctx_after.contains(c))
}

/// The match starts a sentence (an imperative), allowing a few filler words.
pub(super) fn sentence_start(text: &str, s: usize) -> bool {
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

pub(super) fn starts_with_any(s: &str, list: &[&str]) -> bool {
    list.iter().any(|w| {
        s.starts_with(w)
            && s[w.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Applies a rule's context check. `None` drops the match.
pub(super) fn apply_check(def: &RuleDef, text: &str, s: usize, e: usize) -> Option<(Label, f64)> {
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
        Check::RoleTag => (!structured_element(text, s, e)).then_some((def.label, w)),
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

/// Whether the tag at `s..e` (`<name>` or `</name>`) opens or closes an element of structured
/// data: its content (up to 2000 bytes) starts with a child element and, tags aside, holds
/// only single tokens (`<System><EventID>307</EventID>...</System>`), no prose.
fn structured_element(text: &str, s: usize, e: usize) -> bool {
    let Some(tag) = text.get(s..e) else {
        return false;
    };
    let name: String = tag
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() {
        return false;
    }
    let content = if tag.trim_start_matches('<').trim_start().starts_with('/') {
        let open = format!("<{name}>");
        let window = before(text, s, 2000);
        match window.rfind(&open) {
            Some(i) => &window[i + open.len()..],
            None => return false,
        }
    } else {
        let close = format!("</{name}>");
        let rest = after(text, e, 2000);
        match rest.find(&close) {
            Some(i) => &rest[..i],
            None => return false,
        }
    };
    let content = content.trim_start();
    if !content.starts_with('<') || content.chars().nth(1).is_none_or(|c| !c.is_alphabetic()) {
        return false;
    }
    // Text between tags: every run a single token.
    content
        .split('<')
        .filter_map(|part| part.split_once('>').map(|(_, run)| run.trim()))
        .all(|run| !run.contains(char::is_whitespace))
}
