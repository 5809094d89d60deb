//! A small, tolerant JSON reader that keeps the byte span of every value.
//!
//! Models write JSON with trailing commas and raw newlines in strings; this reader accepts both
//! and otherwise follows RFC 8259. Spans let each command of a `{"commands":[...]}` block point
//! at its own object (the original gave every command the whole block, spec a.9 item 2).

use serde_json::{Map, Value};

use crate::command::Span;

/// Nesting deeper than this is refused rather than recursed into.
const MAX_DEPTH: usize = 128;

#[derive(Debug, Clone)]
pub(crate) enum Node {
    Object(Vec<(String, Node)>, Span),
    Array(Vec<Node>),
    Scalar(Value),
}

impl Node {
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Object(entries, _) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub(crate) fn to_value(&self) -> Value {
        match self {
            Node::Object(entries, _) => {
                let mut map = Map::new();
                for (key, node) in entries {
                    map.insert(key.clone(), node.to_value());
                }
                Value::Object(map)
            }
            Node::Array(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            Node::Scalar(value) => value.clone(),
        }
    }
}

/// Why a candidate is not JSON, and where.
#[derive(Debug, Clone)]
pub(crate) struct JsonError {
    pub(crate) message: String,
    pub(crate) at: usize,
}

fn err<T>(message: impl Into<String>, at: usize) -> Result<T, JsonError> {
    Err(JsonError {
        message: message.into(),
        at,
    })
}

/// Reads one JSON value that must fill `src[span]` (surrounding blanks allowed).
pub(crate) fn parse_exact(src: &str, span: Span) -> Result<Node, JsonError> {
    let bytes = &src.as_bytes()[..span.end];
    let mut reader = Reader {
        src: bytes,
        text: src,
        pos: span.start,
    };
    reader.blanks();
    let node = reader.value(0)?;
    reader.blanks();
    if reader.pos != span.end {
        return err("unexpected text after the JSON value", reader.pos);
    }
    Ok(node)
}

/// The end (exclusive) of the bracketed value that starts at `start` (`{` or `[`): brackets
/// must close in order and strings are skipped. `None` when it never closes within `limit`, a
/// closer does not match, or it nests deeper than 128.
pub(crate) fn balanced_end(src: &[u8], start: usize, limit: usize) -> Option<usize> {
    // One bit per open bracket: 1 for `{`, 0 for `[`.
    let mut stack: u128 = 0;
    let mut depth = 0u32;
    let mut i = start;
    let end = limit.min(src.len());
    while i < end {
        match src[i] {
            open @ (b'{' | b'[') => {
                if depth == 128 {
                    return None;
                }
                stack = (stack << 1) | u128::from(open == b'{');
                depth += 1;
            }
            close @ (b'}' | b']') => {
                if depth == 0 || (stack & 1 == 1) != (close == b'}') {
                    return None;
                }
                stack >>= 1;
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' => i = string_end(src, i, end)? - 1,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The end (exclusive) of the string literal starting with the quote at `start`.
pub(crate) fn string_end(src: &[u8], start: usize, limit: usize) -> Option<usize> {
    let mut i = start + 1;
    let end = limit.min(src.len());
    while i < end {
        match src[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Decodes the string literal `src[span]` (quotes included), tolerating raw control
/// characters, which models often leave in.
pub(crate) fn decode_string(text: &str, span: Span) -> Option<String> {
    let raw = text.get(span.start..span.end)?;
    if let Ok(s) = serde_json::from_str::<String>(raw) {
        return Some(s);
    }
    let mut escaped = String::with_capacity(raw.len() + 8);
    for c in raw.chars() {
        match c {
            '\n' => escaped.push_str("\\n"),
            '\r' => escaped.push_str("\\r"),
            '\t' => escaped.push_str("\\t"),
            c if (c as u32) < 0x20 => escaped.push_str(&format!("\\u{:04x}", c as u32)),
            c => escaped.push(c),
        }
    }
    serde_json::from_str::<String>(&escaped).ok()
}

struct Reader<'a> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn blanks(&mut self) {
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn value(&mut self, depth: usize) -> Result<Node, JsonError> {
        if depth > MAX_DEPTH {
            return err("JSON nested too deeply", self.pos);
        }
        let start = self.pos;
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                let end = string_end(self.src, start, self.src.len()).ok_or_else(|| JsonError {
                    message: "unterminated string".into(),
                    at: start,
                })?;
                let span = Span::new(start, end);
                let s = decode_string(self.text, span).ok_or_else(|| JsonError {
                    message: "invalid string escape".into(),
                    at: start,
                })?;
                self.pos = end;
                Ok(Node::Scalar(Value::String(s)))
            }
            Some(b't' | b'f' | b'n') => {
                for (word, value) in [
                    ("true", Value::Bool(true)),
                    ("false", Value::Bool(false)),
                    ("null", Value::Null),
                ] {
                    if self.src[start..].starts_with(word.as_bytes()) {
                        self.pos += word.len();
                        return Ok(Node::Scalar(value));
                    }
                }
                err("unexpected word", start)
            }
            Some(b'-' | b'0'..=b'9') => {
                let len = self.src[start..]
                    .iter()
                    .take_while(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .count();
                let raw = &self.text[start..start + len];
                let number: serde_json::Number =
                    serde_json::from_str(raw).map_err(|_| JsonError {
                        message: format!("invalid number `{raw}`"),
                        at: start,
                    })?;
                self.pos += len;
                Ok(Node::Scalar(Value::Number(number)))
            }
            Some(_) => err("expected a JSON value", start),
            None => err("unexpected end of JSON", start),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Node, JsonError> {
        let start = self.pos;
        self.pos += 1;
        let mut entries = Vec::new();
        loop {
            self.blanks();
            match self.peek() {
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Node::Object(entries, Span::new(start, self.pos)));
                }
                Some(b'"') => {}
                Some(_) => return err("expected a key or `}`", self.pos),
                None => return err("unterminated object", start),
            }
            let key = match self.value(depth + 1)? {
                Node::Scalar(Value::String(key)) => key,
                _ => return err("expected a string key", self.pos),
            };
            self.blanks();
            if self.peek() != Some(b':') {
                return err("expected `:` after a key", self.pos);
            }
            self.pos += 1;
            self.blanks();
            let value = self.value(depth + 1)?;
            entries.push((key, value));
            self.blanks();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {}
                Some(_) => return err("expected `,` or `}`", self.pos),
                None => return err("unterminated object", start),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Node, JsonError> {
        let start = self.pos;
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.blanks();
            match self.peek() {
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Node::Array(items));
                }
                Some(_) => {}
                None => return err("unterminated array", start),
            }
            items.push(self.value(depth + 1)?);
            self.blanks();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {}
                Some(_) => return err("expected `,` or `]`", self.pos),
                None => return err("unterminated array", start),
            }
        }
    }
}
