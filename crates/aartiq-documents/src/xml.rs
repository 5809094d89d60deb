//! XML text helpers for the Office formats.

/// Text safe for XML 1.0 content: characters XML forbids (most C0 controls, lone surrogates
/// cannot occur in Rust, U+FFFE and U+FFFF) are dropped; tabs and line breaks become spaces.
pub(crate) fn clean_text(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if c.is_control() && (c as u32) < 0x20 => None,
            '\u{7f}'..='\u{9f}' | '\u{fffe}' | '\u{ffff}' => None,
            c => Some(c),
        })
        .collect()
}

/// [`clean_text`], then escaped for element content and attribute values.
pub(crate) fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in clean_text(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
