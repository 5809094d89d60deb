//! The bracket grammar `[TYPE: value | value | key=value]`, the comment-block line grammar
//! `[TYPE]: value`, and the segment grammar both share. Written with `nom`; nothing of `nom`
//! leaves this module.

use std::borrow::Cow;

use nom::branch::alt;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, one_of, space0};
use nom::combinator::{recognize, rest, verify};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

use crate::catalog::{CommandSpec, Shape};
use crate::command::Span;
use crate::json::{balanced_end, decode_string, string_end};

/// One piece of bracket content, before typing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Segment<'a> {
    /// `key=value` or `key: value` with a key the command knows (or `reason`, `risk`).
    Named { key: &'a str, value: Cow<'a, str> },
    /// A bare value.
    Plain(Cow<'a, str>),
    /// `a, b, ...` for coordinate commands.
    Coords(Vec<String>),
    /// A JSON payload.
    Payload(serde_json::Value),
    /// Content that should have been JSON and is not.
    BadJson(String),
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn name(input: &str) -> IResult<&str, &str> {
    recognize(verify(take_while1(is_name_char), |s: &str| {
        s.starts_with(is_name_start)
    }))
    .parse(input)
}

/// `[ TYPE :` or `[ TYPE ]` at the start of `input`: the name and the delimiter.
pub(crate) fn tag_header(input: &str) -> Option<(&str, char, usize)> {
    let result: IResult<&str, (&str, char)> = (
        preceded((char('['), space0), name),
        preceded(space0, one_of(":]")),
    )
        .parse(input);
    result
        .ok()
        .map(|(remaining, (name, delim))| (name, delim, input.len() - remaining.len()))
}

/// A comment-block line `[TYPE]: value`: the name and the value (untrimmed).
pub(crate) fn comment_line(line: &str) -> Option<(&str, &str)> {
    let result: IResult<&str, (&str, &str)> = (
        delimited((space0, char('[')), name, char(']')),
        preceded((space0, char(':')), rest),
    )
        .parse(line);
    result.ok().map(|(_, pair)| pair)
}

/// `key` followed by `=` or `:` at the start of `input`: the key and the byte length consumed.
fn key_prefix(input: &str) -> Option<(&str, usize)> {
    let result: IResult<&str, &str> = terminated(
        preceded(
            space0,
            recognize(take_while1(|c: char| {
                c.is_ascii_alphanumeric() || c == '_' || c == '-'
            })),
        ),
        (
            space0,
            alt((char('='), char(':'))),
            take_while(|c| c == ' ' || c == '\t'),
        ),
    )
    .parse(input);
    result
        .ok()
        .map(|(remaining, key)| (key, input.len() - remaining.len()))
}

/// Whether `key=` / `key:` names something in this command's bracket content: `reason` and
/// `risk` always, parameters except in `Rest` content (a shell line's `FOO=bar` is its own).
pub(crate) fn is_key(spec: &CommandSpec, key: &str) -> bool {
    is_meta_key(key) || (spec.shape != Shape::Rest && spec.param(key).is_some())
}

fn is_meta_key(key: &str) -> bool {
    key.eq_ignore_ascii_case("reason") || key.eq_ignore_ascii_case("risk")
}

/// The index of the `]` that closes the tag whose content starts at `from` (just after the
/// colon). Brackets nest; a JSON string or JSON value that starts a segment is skipped whole, so
/// a quoted `]` does not close the tag.
pub(crate) fn content_end(
    bytes: &[u8],
    from: usize,
    known: &dyn Fn(&str) -> bool,
) -> Option<usize> {
    let mut depth = 1usize;
    let mut i = from;
    let mut segment_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        if segment_start {
            if b == b' ' || b == b'\t' {
                i += 1;
                continue;
            }
            segment_start = false;
            match b {
                b'"' => {
                    if let Some(end) = string_end(bytes, i, bytes.len()) {
                        i = end;
                        continue;
                    }
                }
                b'{' | b'[' => {
                    if let Some(end) = balanced_end(bytes, i, bytes.len()) {
                        i = end;
                        continue;
                    }
                }
                _ => {
                    // `key=` keeps us at the start of a value.
                    if let Some((key, len)) =
                        key_prefix(utf8_prefix(&bytes[i..bytes.len().min(i + 40)]))
                        && known(key)
                        && bytes
                            .get(i + len)
                            .is_some_and(|&b| matches!(b, b'"' | b'{' | b'['))
                    {
                        i += len;
                        segment_start = true;
                        continue;
                    }
                }
            }
        }
        match b {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'|' => segment_start = true,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The longest valid UTF-8 prefix of `bytes`.
fn utf8_prefix(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    }
}

/// One raw piece of content: its text and where it ends.
struct Piece<'a> {
    key: Option<&'a str>,
    value: &'a str,
    /// A double-quoted JSON string literal, decoded.
    quoted: Option<String>,
    /// Whether the value is a complete JSON object or array.
    json: bool,
}

impl<'a> Piece<'a> {
    fn text(self) -> Cow<'a, str> {
        match self.quoted {
            Some(text) => Cow::Owned(text),
            None => Cow::Borrowed(strip_single_quotes(self.value.trim())),
        }
    }
}

fn strip_single_quotes(text: &str) -> &str {
    if text.len() >= 2 && text.starts_with('\'') && text.ends_with('\'') {
        text[1..text.len() - 1].trim()
    } else {
        text
    }
}

/// Splits content at top-level `|`, keeping quoted strings and JSON values that start a segment
/// whole. Returns each piece and the offset where it starts.
fn pieces<'a>(content: &'a str, known_key: &dyn Fn(&str) -> bool) -> Vec<(usize, Piece<'a>)> {
    let bytes = content.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let mut value_start = start
            + bytes[start..]
                .iter()
                .take_while(|b| **b == b' ' || **b == b'\t')
                .count();
        let mut key = None;
        if let Some((k, len)) = key_prefix(&content[value_start..])
            && known_key(k)
        {
            key = Some(k);
            value_start += len;
        }
        // A quoted string or JSON value followed by blanks and then `|` or the end.
        let token_end = match bytes.get(value_start) {
            Some(b'"') => string_end(bytes, value_start, bytes.len()),
            Some(b'{' | b'[') => balanced_end(bytes, value_start, bytes.len()),
            _ => None,
        }
        .filter(|&end| {
            let after = &bytes[end..];
            let blanks = after.iter().take_while(|b| b.is_ascii_whitespace()).count();
            after.get(blanks).is_none_or(|&b| b == b'|')
        });
        let (value_end, next) = match token_end {
            Some(end) => {
                let blanks = bytes[end..]
                    .iter()
                    .take_while(|b| b.is_ascii_whitespace())
                    .count();
                (end, end + blanks)
            }
            None => {
                let end = memchr::memchr(b'|', &bytes[value_start..])
                    .map_or(bytes.len(), |o| value_start + o);
                (end, end)
            }
        };
        let value = &content[value_start..value_end];
        let quoted = match (token_end, bytes.get(value_start)) {
            (Some(_), Some(b'"')) => decode_string(content, Span::new(value_start, value_end)),
            _ => None,
        };
        let json = token_end.is_some() && matches!(bytes.get(value_start), Some(b'{' | b'['));
        out.push((
            start,
            Piece {
                key,
                value,
                quoted,
                json,
            },
        ));
        if next >= bytes.len() {
            break;
        }
        // `next` is at a `|`.
        start = next + 1;
    }
    out
}

/// Splits `content` by the command's shape.
pub(crate) fn segments<'a>(content: &'a str, spec: &CommandSpec) -> Vec<Segment<'a>> {
    let content = content.trim();
    if content.is_empty() {
        return Vec::new();
    }
    let known = |key: &str| is_key(spec, key);
    match spec.shape {
        Shape::Segments => pieces(content, &known)
            .into_iter()
            .map(|(_, piece)| to_segment(piece))
            .collect(),
        Shape::Rest => rest_segments(content, spec.positional().count(), &known),
        Shape::Coords => {
            let mut out = Vec::new();
            for (i, (_, piece)) in pieces(content, &known).into_iter().enumerate() {
                if i == 0 && piece.key.is_none() {
                    let text = piece.text();
                    out.push(Segment::Coords(
                        text.split(',').map(|s| s.trim().to_owned()).collect(),
                    ));
                } else {
                    out.push(to_segment(piece));
                }
            }
            out
        }
        Shape::Payload { pipe_keys } => payload_segments(content, pipe_keys),
    }
}

fn to_segment(piece: Piece<'_>) -> Segment<'_> {
    match piece.key {
        Some(key) => Segment::Named {
            key,
            value: piece.text(),
        },
        None => Segment::Plain(piece.text()),
    }
}

/// `Rest`: each positional parameter but the last takes one segment; the last takes the rest,
/// pipes included, less trailing `| reason: ...` and `| risk: ...` segments.
fn rest_segments<'a>(
    content: &'a str,
    positional: usize,
    known: &dyn Fn(&str) -> bool,
) -> Vec<Segment<'a>> {
    let mut out = Vec::new();
    let mut body = content;
    if positional > 1 {
        let all = pieces(content, known);
        let leading = positional - 1;
        if let Some(&(rest_start, _)) = all.get(leading) {
            // The remainder starts where the piece after the leading ones starts.
            out.extend(
                all.into_iter()
                    .take(leading)
                    .map(|(_, piece)| Segment::Plain(piece.text())),
            );
            body = &content[rest_start..];
        }
    }
    let mut meta = Vec::new();
    let mut cut = body.len();
    for (start, piece) in pieces(body, &|key| is_meta_key(key)).into_iter().rev() {
        match piece.key {
            Some(key) if start > 0 => {
                meta.push(Segment::Named {
                    key,
                    value: piece.text(),
                });
                // The piece starts just after its `|`.
                cut = start - 1;
            }
            _ => break,
        }
    }
    let body = &body[..cut];
    meta.reverse();
    out.push(Segment::Plain(unquote_whole(body)));
    out.extend(meta);
    out
}

/// The whole text, or the string it spells when it is exactly one JSON string literal.
fn unquote_whole(text: &str) -> Cow<'_, str> {
    let text = text.trim();
    let bytes = text.as_bytes();
    if bytes.first() == Some(&b'"')
        && string_end(bytes, 0, bytes.len()) == Some(bytes.len())
        && let Some(decoded) = decode_string(text, Span::new(0, bytes.len()))
    {
        return Cow::Owned(decoded);
    }
    Cow::Borrowed(text)
}

fn payload_segments<'a>(content: &'a str, pipe_keys: &[&str]) -> Vec<Segment<'a>> {
    let all = pieces(content, &|key| is_meta_key(key));
    let mut out = Vec::new();
    let mut iter = all.into_iter().peekable();
    if let Some((_, first)) = iter.peek()
        && first.key.is_none()
        && (first.json || first.value.trim_start().starts_with('{'))
    {
        let Some((_, first)) = iter.next() else {
            return out;
        };
        let text = first.value.trim();
        match crate::json::parse_exact(text, Span::new(0, text.len())) {
            Ok(node) => out.push(Segment::Payload(node.to_value())),
            Err(e) => out.push(Segment::BadJson(e.message)),
        }
        out.extend(iter.map(|(_, piece)| to_segment(piece)));
        return out;
    }
    if pipe_keys.is_empty() {
        let (named, unnamed): (Vec<_>, Vec<_>) = iter.partition(|(_, piece)| piece.key.is_some());
        if !unnamed.is_empty() {
            out.push(Segment::BadJson("expected a JSON object".to_owned()));
        }
        out.extend(named.into_iter().map(|(_, piece)| to_segment(piece)));
        return out;
    }
    let mut object = serde_json::Map::new();
    let mut keys = pipe_keys.iter();
    for (_, piece) in iter {
        if piece.key.is_some() {
            out.push(to_segment(piece));
        } else if let Some(key) = keys.next() {
            object.insert(
                (*key).to_owned(),
                serde_json::Value::String(piece.text().into_owned()),
            );
        } else {
            out.push(Segment::Plain(piece.text()));
        }
    }
    if !object.is_empty() {
        out.insert(0, Segment::Payload(serde_json::Value::Object(object)));
    }
    out
}
