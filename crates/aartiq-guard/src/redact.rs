//! PII redaction for chat input and output, the original's `PII_PATTERNS` as a separate
//! function: e-mail addresses, session identifiers, tokens and hashes are replaced with
//! `[EMAIL REDACTED]`, `[SESSION INFO REDACTED]`, `[TOKEN REDACTED]` and `[HASH REDACTED]`.

use std::sync::LazyLock;

use regex::Regex;

struct Pii {
    regex: Option<Regex>,
    replacement: &'static str,
}

static PII: LazyLock<Vec<Pii>> = LazyLock::new(|| {
    [
        (r"(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b", "[EMAIL REDACTED]"),
        (
            r"(?i)\b(?:session[_-]?id|sessionid|sid|phpsessid|jsessionid)\s*[=:]\s*[a-z0-9%._-]{8,}",
            "[SESSION INFO REDACTED]",
        ),
        (
            r"(?i)\b(?:bearer\s+[a-z0-9._~+/-]{16,}=*|(?:sk|pk|rk)[-_](?:live|test|proj)?[-_]?[a-z0-9]{16,}|gh[pousr]_[a-z0-9]{30,}|xox[baprs]-[a-z0-9-]{10,}|eyJ[a-zA-Z0-9_-]{10,}\.[a-zA-Z0-9_-]{10,}\.[a-zA-Z0-9_-]{10,}|(?:api[_-]?key|access[_-]?token|auth[_-]?token|secret)\s*[=:]\s*['\x22]?[a-z0-9._-]{12,})",
            "[TOKEN REDACTED]",
        ),
        (r"(?i)\b(?:[a-f0-9]{64}|[a-f0-9]{40}|[a-f0-9]{32})\b", "[HASH REDACTED]"),
    ]
    .into_iter()
    .map(|(p, replacement)| Pii { regex: Regex::new(p).ok(), replacement })
    .collect()
});

/// Replaces e-mail addresses, session identifiers, tokens and hashes with redaction markers.
///
/// ```
/// let out = aartiq_guard::redact("mail bob@example.com, Authorization: Bearer abcdefghijklmnop1234");
/// assert_eq!(out, "mail [EMAIL REDACTED], Authorization: [TOKEN REDACTED]");
/// ```
pub fn redact(text: &str) -> String {
    let mut out = text.to_owned();
    for p in PII.iter() {
        if let Some(r) = &p.regex
            && r.is_match(&out)
        {
            out = r.replace_all(&out, p.replacement).into_owned();
        }
    }
    out
}
