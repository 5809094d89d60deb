//! The original's PII redaction, as its own function.

use aartiq_guard::redact;

#[test]
fn redacts_emails_sessions_tokens_and_hashes() {
    let text = "Contact jane.doe@example.org; PHPSESSID=abc123def456ghi; Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop; commit 9fceb02d0ae598e95dc970b74767f19372d61af8";
    assert_eq!(
        redact(text),
        "Contact [EMAIL REDACTED]; [SESSION INFO REDACTED]; Authorization: [TOKEN REDACTED]; commit [HASH REDACTED]"
    );
}

#[test]
fn leaves_ordinary_text_alone() {
    let text = "Meet at 10:30 near gate 12. Order #4411 ships tomorrow.";
    assert_eq!(redact(text), text);
}
