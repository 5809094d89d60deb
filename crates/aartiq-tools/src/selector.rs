//! Which CSS selectors an agent may run against a live page: none that tests what a field
//! holds. An attribute selector is an oracle (`#pw[value^='s']` matches or not, one character
//! at a time), so a selector is refused when it
//!
//! - tests the `value` attribute (with or without an operator) of anything that could be a
//!   form field: only `option`, `button`, `li`, `data`, `meter`, `progress` and `param`, named
//!   by their type selector (or by the compound an `:is()`, `:where()`, `:not()` sits in), may
//!   be selected by value;
//! - picks password fields (`[type=password]`, `[type^=pass i]`, ...) and tests any other
//!   attribute's value, which a page may mirror the password into.
//!
//! The selector is read the way a browser tokenises it: comments dropped, escapes decoded
//! (`[v\61lue^=s]` is `[value^=s]`), names compared without case, inside every functional
//! pseudo-class (`:is()`, `:where()`, `:not()`, `:has()`, `:nth-child(... of S)`), and blocks
//! left open at the end closed, as CSS does.

use std::fmt;

/// Elements whose `value` attribute is no field's content.
const VALUE_SAFE: [&str; 7] = [
    "option", "button", "li", "data", "meter", "progress", "param",
];

/// Pseudo-classes whose argument matches the element of the compound they sit in.
const SAME_ELEMENT: [&str; 7] = [
    "is",
    "where",
    "not",
    "matches",
    "any",
    "-webkit-any",
    "-moz-any",
];

/// Why a selector was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelectorRefusal {
    /// It tests the `value` attribute of what may be a form field.
    #[error(
        "Selectors may not test the value attribute of a form field (\"[value...]\"): match counts would spell out what the field holds. Select the field by id, name or type and read it with dom_query or snapshot."
    )]
    FieldValue,
    /// It picks password fields and tests another attribute's value.
    #[error(
        "Selectors that pick password fields may not test attribute values: match counts would spell out the password."
    )]
    PasswordAttribute,
    /// Its pseudo-classes nest too deep to be read.
    #[error("Selectors may nest functional pseudo-classes at most 32 deep.")]
    TooDeep,
}

impl SelectorRefusal {
    /// The machine-readable code: `selector-refused`.
    pub fn code(&self) -> &'static str {
        "selector-refused"
    }
}

/// Refuses `selector` when it could read what a field holds (see the module docs).
///
/// ```
/// use aartiq_tools::{SelectorRefusal, check_selector};
///
/// assert_eq!(check_selector("#pw[value^='s']"), Err(SelectorRefusal::FieldValue));
/// assert_eq!(check_selector(r"input:not([v\61lue=a])"), Err(SelectorRefusal::FieldValue));
/// assert!(check_selector("select option[value=US]").is_ok());
/// assert!(check_selector("input[type=password]").is_ok());
/// ```
///
/// # Errors
/// The [`SelectorRefusal`] that applies.
pub fn check_selector(selector: &str) -> Result<(), SelectorRefusal> {
    let chars = decode(selector);
    let mut parser = Parser {
        chars: &chars,
        at: 0,
        tests: Vec::new(),
        depth: 0,
        too_deep: false,
    };
    parser.list(None, false);
    if parser.too_deep {
        return Err(SelectorRefusal::TooDeep);
    }
    let mut password = false;
    for test in &parser.tests {
        if test.name == "value"
            && !test
                .kind
                .as_deref()
                .is_some_and(|k| VALUE_SAFE.contains(&k))
        {
            return Err(SelectorRefusal::FieldValue);
        }
        if test.name == "type"
            && test.value.as_deref().is_some_and(|v| {
                let v = v.to_lowercase();
                !v.is_empty() && ("password".contains(&v) || v.contains("password"))
            })
        {
            password = true;
        }
    }
    if password
        && parser
            .tests
            .iter()
            .any(|t| t.name != "type" && t.value.is_some())
    {
        return Err(SelectorRefusal::PasswordAttribute);
    }
    Ok(())
}

/// One character after decoding, and whether it was escaped (an escaped character is always
/// part of a name, never syntax).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Char {
    ch: char,
    escaped: bool,
}

impl fmt::Display for Char {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ch)
    }
}

/// The selector with comments dropped and escapes decoded (CSS Syntax 4.3.7).
fn decode(selector: &str) -> Vec<Char> {
    let chars: Vec<char> = selector.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    let mut quote: Option<char> = None;
    while i < chars.len() {
        let c = chars[i];
        if quote.is_none() && c == '/' && chars.get(i + 1) == Some(&'*') {
            let end = (i + 2..chars.len().saturating_sub(1))
                .find(|&j| chars[j] == '*' && chars[j + 1] == '/')
                .map_or(chars.len(), |j| j + 2);
            i = end;
            continue;
        }
        if c == '\\' {
            let mut j = i + 1;
            let mut code = 0u32;
            while j < chars.len() && j < i + 7 && chars[j].is_ascii_hexdigit() {
                code = code * 16 + chars[j].to_digit(16).unwrap_or(0);
                j += 1;
            }
            if j > i + 1 {
                if j < chars.len() && chars[j].is_whitespace() {
                    j += 1;
                }
                let ch = match char::from_u32(code) {
                    Some(ch) if code != 0 => ch,
                    _ => '\u{FFFD}',
                };
                out.push(Char { ch, escaped: true });
                i = j;
                continue;
            }
            match chars.get(i + 1) {
                // An escaped newline is no character; an escape at the end is U+FFFD.
                Some('\n') => i += 2,
                Some(&next) => {
                    out.push(Char {
                        ch: next,
                        escaped: true,
                    });
                    i += 2;
                }
                None => {
                    out.push(Char {
                        ch: '\u{FFFD}',
                        escaped: true,
                    });
                    i += 1;
                }
            }
            continue;
        }
        match quote {
            Some(q) if c == q => quote = None,
            None if c == '"' || c == '\'' => quote = Some(c),
            _ => {}
        }
        out.push(Char {
            ch: c,
            escaped: false,
        });
        i += 1;
    }
    out
}

/// One attribute test: its name (lower case, namespace dropped), its value when it has an
/// operator, and the element kind of the compound it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Test {
    name: String,
    value: Option<String>,
    kind: Option<String>,
}

struct Parser<'a> {
    chars: &'a [Char],
    at: usize,
    tests: Vec<Test>,
    /// How many functional pseudo-classes the parser is inside.
    depth: usize,
    /// Whether they nest deeper than [`MAX_DEPTH`].
    too_deep: bool,
}

/// How deep functional pseudo-classes may nest (the parser recurses once a level).
const MAX_DEPTH: usize = 32;

fn is_name(c: Char) -> bool {
    c.escaped || c.ch.is_alphanumeric() || c.ch == '-' || c.ch == '_' || !c.ch.is_ascii()
}

impl Parser<'_> {
    fn peek(&self) -> Option<Char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<Char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Whether the next character is `ch`, unescaped.
    fn is(&self, ch: char) -> bool {
        self.peek().is_some_and(|c| !c.escaped && c.ch == ch)
    }

    fn name(&mut self) -> String {
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|&c| is_name(c)) {
            name.push(c.ch);
            self.at += 1;
        }
        name.to_lowercase()
    }

    fn spaces(&mut self) {
        while self
            .peek()
            .is_some_and(|c| !c.escaped && c.ch.is_whitespace())
        {
            self.at += 1;
        }
    }

    fn string(&mut self) -> String {
        let Some(quote) = self.peek().map(|c| c.ch) else {
            return String::new();
        };
        self.at += 1;
        let mut text = String::new();
        while let Some(c) = self.peek() {
            self.at += 1;
            if !c.escaped && c.ch == quote {
                break;
            }
            text.push(c.ch);
        }
        text
    }

    /// A selector list, up to its closing `)` (consumed) when `nested`, else to the end.
    /// `inherited` is the element kind of the compound an `:is()`-like list sits in.
    fn list(&mut self, inherited: Option<&str>, nested: bool) {
        while self.peek().is_some() {
            if nested && self.is(')') {
                self.at += 1;
                return;
            }
            self.compound(inherited);
        }
    }

    /// One compound selector; consumes at least one character unless at `)` or the end.
    fn compound(&mut self, inherited: Option<&str>) {
        let mut kind: Option<String> = None;
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return;
            };
            if !c.escaped {
                match c.ch {
                    ')' => {
                        if first {
                            // A stray `)` at the top level: skip it.
                            self.at += 1;
                        }
                        return;
                    }
                    ch if ch.is_whitespace() || matches!(ch, '>' | '+' | '~' | ',') => {
                        self.at += 1;
                        return;
                    }
                    '[' => {
                        self.at += 1;
                        let kind = kind.clone().or_else(|| inherited.map(str::to_owned));
                        self.attribute(kind);
                        first = false;
                        continue;
                    }
                    ':' => {
                        self.at += 1;
                        if self.is(':') {
                            self.at += 1;
                        }
                        let pseudo = self.name();
                        if self.is('(') {
                            self.at += 1;
                            let same = SAME_ELEMENT.contains(&pseudo.as_str());
                            let inner = kind.clone().or_else(|| inherited.map(str::to_owned));
                            let inner = if same { inner } else { None };
                            if self.depth >= MAX_DEPTH {
                                self.too_deep = true;
                                self.at = self.chars.len();
                                return;
                            }
                            self.depth += 1;
                            self.list(inner.as_deref(), true);
                            self.depth -= 1;
                        }
                        first = false;
                        continue;
                    }
                    '#' | '.' => {
                        self.at += 1;
                        self.name();
                        first = false;
                        continue;
                    }
                    '"' | '\'' => {
                        self.string();
                        first = false;
                        continue;
                    }
                    '*' | '|' if first => {
                        kind = Some(self.type_name());
                        first = false;
                        continue;
                    }
                    _ => {}
                }
            }
            if first && is_name(c) {
                kind = Some(self.type_name());
                first = false;
                continue;
            }
            // Anything else (a stray character): skip it.
            self.at += 1;
            first = false;
        }
    }

    /// A type selector, `ns|name`, `*|name`, `|name`, `name` or `*`: the name, lower case.
    fn type_name(&mut self) -> String {
        let mut name = if self.is('*') {
            self.at += 1;
            "*".to_owned()
        } else if self.is('|') {
            String::new()
        } else {
            self.name()
        };
        if self.is('|') && !self.peek_at(1).is_some_and(|c| !c.escaped && c.ch == '=') {
            self.at += 1;
            name = if self.is('*') {
                self.at += 1;
                "*".to_owned()
            } else {
                self.name()
            };
        }
        name
    }

    /// An attribute selector after its `[`, up to its `]` (consumed) or the end.
    fn attribute(&mut self, kind: Option<String>) {
        self.spaces();
        let mut name = if self.is('*') {
            self.at += 1;
            String::new()
        } else {
            self.name()
        };
        if self.is('|') && !self.peek_at(1).is_some_and(|c| !c.escaped && c.ch == '=') {
            self.at += 1;
            name = self.name();
        }
        self.spaces();
        let operator = match self.peek() {
            Some(c) if !c.escaped && c.ch == '=' => 1,
            Some(c)
                if !c.escaped
                    && matches!(c.ch, '~' | '|' | '^' | '$' | '*')
                    && self.peek_at(1).is_some_and(|n| !n.escaped && n.ch == '=') =>
            {
                2
            }
            _ => 0,
        };
        let value = if operator > 0 {
            self.at += operator;
            self.spaces();
            Some(if self.is('"') || self.is('\'') {
                self.string()
            } else {
                self.name()
            })
        } else {
            None
        };
        // Flags and anything else up to the closing bracket.
        while let Some(c) = self.peek() {
            self.at += 1;
            if !c.escaped && c.ch == ']' {
                break;
            }
            if !c.escaped && (c.ch == '"' || c.ch == '\'') {
                self.at -= 1;
                self.string();
            }
        }
        self.tests.push(Test { name, value, kind });
    }
}

#[cfg(test)]
mod tests {
    use super::{SelectorRefusal, check_selector};

    #[test]
    fn value_tests_are_refused_however_they_are_spelled() {
        for selector in [
            "#pw[value^='s']",
            "[value^='s3']",
            "[value='s3cr']",
            "[value~=s]",
            "[value|=s]",
            "[value$=r]",
            "[value*=c]",
            "[value]",
            "input[value]",
            r"[v\61lue^=s]",
            r"[v\000061 lue^=s]",
            r"[\76 \61 \6c \75 \65 ^=s]",
            r"[val\ue^=s]",
            "[VALUE^=s]",
            "[ValuE^=s]",
            "[value^=s i]",
            "[value^=s s]",
            "[*|value^=s]",
            "[|value^=s]",
            "[svg|value^=s]",
            "[ value ^= 's' ]",
            "input:is([value^=s])",
            ":where(#pw)[value$=r]",
            "input:not([value=a])",
            "form:has(input[value*=c])",
            "form:has(> [value^=s])",
            "li:has([value^=s])",
            "option:has(+ input[value^=s])",
            ":is(input, option)[value=x]",
            "div :is(:where(:not([value=x])))",
            "input:nth-child(1 of [value^=s])",
            "[val/**/ue^=s]",
            "[value/* comment */^=s]",
            "#pw[value^='s",
            "#pw[value^=s",
            "textarea[value]",
            "input[type=text][value^=a], option",
            "option, [value^=a]",
            "*[value^=a]",
            "*|*[value^=a]",
            "INPUT[value^=a]",
        ] {
            assert_eq!(
                check_selector(selector),
                Err(SelectorRefusal::FieldValue),
                "{selector}"
            );
        }
    }

    #[test]
    fn deep_nesting_is_refused_without_overflowing() {
        let deep = format!("{}a{}", ":is(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(check_selector(&deep), Err(SelectorRefusal::TooDeep));
        let fine = format!("{}a{}", ":is(".repeat(8), ")".repeat(8));
        assert_eq!(check_selector(&fine), Ok(()));
    }

    #[test]
    fn password_fields_cannot_be_tested_by_other_attributes() {
        for selector in [
            "[type=password][value*=x]",
            "[type=password][data-secret^=s]",
            "input[type=PASSWORD i][name^=p]",
            "input[type^=pass][data-v=a]",
            "input[type*=ssw]:is([data-v$=z])",
            r"[type=p\61ssword][aria-label^=x]",
            "form:has([type=password]) [data-mirror^=s]",
        ] {
            assert!(check_selector(selector).is_err(), "{selector}");
        }
    }

    #[test]
    fn selectors_that_read_no_secret_pass() {
        for selector in [
            "#pw",
            "input",
            "[type=password]",
            "input[type=password]",
            "input:not([type=password])",
            "input[name=user]",
            "option[value=US]",
            "select > option[value='US']",
            "option:is([value=US])",
            "button[value=go]",
            "li[value]",
            "a[href^='https://']",
            "div.note > p:first-child",
            "[data-value=x]",
            "[aria-valuenow='3']",
            "input[name='value']",
            "p:nth-child(2n+1)",
            r"#a\[value\]",
            "",
            "[",
            "*",
            "svg|a",
            "*|option[value=x]",
        ] {
            assert_eq!(check_selector(selector), Ok(()), "{selector}");
        }
    }
}
