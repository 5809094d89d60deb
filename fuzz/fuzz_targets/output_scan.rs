//! Fuzzes `aartiq_guard::scan` on arbitrary text (tool output, pages, search results): it must
//! never panic and must always return a verdict with a score in 0..=1, severities in 0..=1,
//! threat and evidence spans inside the text on character boundaries, and the same verdict on a
//! second scan.
#![no_main]

use aartiq_guard::{Action, ContentKind, Context, scan};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The first byte picks how the text is read, so both the HTML and plain paths get fuzzed.
    let content = match data.first().map(|b| b % 3) {
        Some(0) => ContentKind::Html,
        Some(1) => ContentKind::Text,
        _ => ContentKind::Auto,
    };
    let mut ctx = Context::new().with_content(content);
    if data.len() > 8 && data[1] % 4 == 0 {
        ctx = ctx.with_user_goal("compare prices of hiking boots").with_hidden_part(text.chars().rev().collect::<String>());
    }
    let v = scan(&text, &ctx);
    assert!((0.0..=1.0).contains(&v.score));
    assert_eq!(v.quarantine_token.is_some(), v.action >= Action::Quarantine);
    for t in &v.threats {
        assert!((0.0..=1.0).contains(&t.severity));
        if let Some(s) = t.span {
            assert!(s.start <= s.end && s.end <= text.len());
            assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
        }
    }
    for e in &v.evidence {
        assert!(e.span.start <= e.span.end && e.span.end <= text.len());
        assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
    }
    assert_eq!(scan(&text, &ctx), v);
});
