//! Page words as an agent may see them. The [`Browser`](crate::Browser) reports every string a
//! page controls (titles, URLs, dialog text, values read back, error details) as
//! [`Untrusted`]; these functions are what open it, each by an injection scan. What the scan
//! flags is withheld with a marker, field by field, so the rest of a result still reads.

use aartiq_guard::{Action, Context, Guard, Untrusted};

use crate::backend::{
    ActionEffect, ActionOutcome, PageOutcome, PageSubmission, PageTab, SubmitOutcome, TabInfo,
};

/// What replaces a value, reason or dialog message the scan flagged.
pub(crate) const WITHHELD: &str = "<withheld: the injection scan flagged it>";
/// What replaces a tab title the scan flagged.
pub(crate) const WITHHELD_TITLE: &str = "<title withheld: the injection scan flagged it>";
/// What replaces a URL the scan flagged.
pub(crate) const WITHHELD_URL: &str = "<URL withheld: the injection scan flagged it>";

/// How much of a stopped request's URL the agent is told.
const MAX_NOTED_URL: usize = 200;

/// `url` with its percent escapes decoded and its separators (`-_+/.=&?#`) made spaces.
fn url_words(url: &str) -> String {
    let bytes = url.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(hi), Some(lo)) => {
                    out.push(u8::try_from(hi * 16 + lo).unwrap_or(b' '));
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'-' | b'_' | b'+' | b'/' | b'.' | b'=' | b'&' | b'?' | b'#' => out.push(b' '),
            other => out.push(other),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out)
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A request the page made, as the agent may be told of it: its method and URL are the
/// page's words, so a URL the injection scan flags is withheld, both are cut short, and a
/// method that is not a plain token reads `OTHER`.
pub(crate) fn noted_request(guard: &Guard, method: &str, url: &str) -> (String, String) {
    let method = if !method.is_empty()
        && method.len() <= 16
        && method.bytes().all(|b| b.is_ascii_alphabetic())
    {
        method.to_owned()
    } else {
        "OTHER".to_owned()
    };
    (method, screen_url(guard, url, false))
}

/// A URL as the agent may be told of it: withheld when the scan flags it raw or as words
/// (`raw_scanned` when the raw text was scanned already), else cut to 200 characters.
fn screen_url(guard: &Guard, url: &str, raw_scanned: bool) -> String {
    // A URL hides words behind escapes and separators: scan it as words too.
    let words = url_words(url);
    let raw = (!raw_scanned).then_some(url);
    let flagged = raw
        .into_iter()
        .chain(std::iter::once(words.as_str()))
        .any(|text| guard.scan(text, &Context::new()).action != Action::Allow);
    if flagged {
        return WITHHELD_URL.to_owned();
    }
    let mut cut: String = url.chars().take(MAX_NOTED_URL).collect();
    if cut.len() < url.len() {
        cut.push('…');
    }
    cut
}

/// Opens `text`: itself when the scan allows it, else `withheld`.
pub(crate) fn open_text(guard: &Guard, text: Untrusted<String>, withheld: &str) -> String {
    let scanned = text.scan(guard, &Context::new());
    if scanned.verdict.action == Action::Allow {
        scanned.value
    } else {
        withheld.to_owned()
    }
}

/// Opens a URL the page chose: scanned raw and as words, withheld when flagged, else cut to
/// 200 characters.
pub(crate) fn open_url(guard: &Guard, url: Untrusted<String>) -> String {
    let scanned = url.scan(guard, &Context::new());
    if scanned.verdict.action != Action::Allow {
        return WITHHELD_URL.to_owned();
    }
    screen_url(guard, &scanned.value, true)
}

/// Opens an effect: its dialog text and URLs scanned, what is flagged withheld.
pub(crate) fn open_effect(guard: &Guard, effect: Untrusted<ActionEffect>) -> ActionEffect {
    let scanned = effect.scan_with(guard, &Context::new(), |e| match e {
        ActionEffect::Dialog { message, .. } => message.clone(),
        ActionEffect::Download { name, .. } => name.clone(),
        _ => String::new(),
    });
    let allowed = scanned.verdict.action == Action::Allow;
    match scanned.value {
        ActionEffect::Dialog {
            dialog,
            message,
            answer,
        } => ActionEffect::Dialog {
            dialog: if matches!(
                dialog.as_str(),
                "alert" | "confirm" | "prompt" | "beforeunload"
            ) {
                dialog
            } else {
                "other".to_owned()
            },
            message: if allowed {
                message
            } else {
                WITHHELD.to_owned()
            },
            answer,
        },
        ActionEffect::TabOpened { tab, url } => ActionEffect::TabOpened {
            tab,
            url: screen_url(guard, &url, false),
        },
        ActionEffect::Navigation { url } => ActionEffect::Navigation {
            url: screen_url(guard, &url, false),
        },
        ActionEffect::Blocked { method, url } => {
            let (method, url) = noted_request(guard, &method, &url);
            ActionEffect::Blocked { method, url }
        }
        ActionEffect::Download { id, name, url } => ActionEffect::Download {
            id,
            name: if allowed { name } else { WITHHELD.to_owned() },
            url: screen_url(guard, &url, false),
        },
        other @ ActionEffect::FileChooser { .. } => other,
    }
}

impl PageTab {
    /// The tab as an agent may see it: a title or URL the injection scan flags is withheld
    /// (the title reads `<title withheld: ...>`), the id and focus are the browser's own.
    pub fn screened(self, guard: &Guard) -> TabInfo {
        TabInfo {
            id: self.id,
            url: open_url(guard, self.url),
            title: open_text(guard, self.title, WITHHELD_TITLE),
            active: self.active,
        }
    }
}

impl PageOutcome {
    /// The outcome as an agent may see it: a reason, value or effect text the injection scan
    /// flags is withheld, field by field.
    pub fn screened(self, guard: &Guard) -> ActionOutcome {
        ActionOutcome {
            ok: self.ok,
            reason: self.reason.map(|r| open_text(guard, r, WITHHELD)),
            value: self.value.map(|v| open_text(guard, v, WITHHELD)),
            effects: self
                .effects
                .into_iter()
                .map(|e| open_effect(guard, e))
                .collect(),
        }
    }
}

impl PageSubmission {
    /// The submission as an agent may see it: a reason or action the injection scan flags is
    /// withheld, and a method that is not one a form can have reads `other`.
    pub fn screened(self, guard: &Guard) -> SubmitOutcome {
        SubmitOutcome {
            ok: self.ok,
            reason: self.reason.map(|r| open_text(guard, r, WITHHELD)),
            action: self.action.map(|a| open_url(guard, a)),
            method: self.method.map(|m| {
                let method = open_text(guard, m, "other").to_ascii_lowercase();
                if matches!(method.as_str(), "get" | "post" | "dialog") {
                    method
                } else {
                    "other".to_owned()
                }
            }),
        }
    }
}
