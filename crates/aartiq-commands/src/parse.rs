//! `parse`: the three passes over one reply, in the order of spec a.3 with its bugs fixed.

use memchr::memchr2;

use crate::bracket::{comment_line, content_end, tag_header};
use crate::build::{self, Draft};
use crate::catalog::CommandKind;
use crate::command::{Command, Diagnostic, Format, Parsed, Span};
use crate::json::{self, Node};
use crate::mask::{self, Masked};

/// A command attempt found by one of the passes.
struct Found {
    draft: Draft,
    format: Format,
    /// The command's own text.
    span: Span,
}

#[derive(Default)]
struct State {
    found: Vec<Found>,
    diagnostics: Vec<Diagnostic>,
    /// Text to cut from the reply.
    removals: Vec<Span>,
}

impl State {
    fn diagnose(&mut self, message: String, span: Span) {
        self.diagnostics.push(Diagnostic { message, span });
    }
}

/// Parses a model's reply into the commands it asks for.
///
/// Never fails as a whole and never panics: what is not a valid command becomes a
/// [`Diagnostic`] with the span it is about. Commands come in the order they are written.
///
/// ```
/// let parsed = aartiq_commands::parse("Opening it now. [NAVIGATE: https://example.com]");
/// assert_eq!(parsed.commands[0].args.text("url"), Some("https://example.com"));
/// assert_eq!(parsed.text_without_commands, "Opening it now.");
/// ```
pub fn parse(text: &str) -> Parsed {
    let masked = mask::mask(text);
    let mut state = State::default();

    for fence in &masked.json_fences {
        json_candidate(text, fence.body, fence.fence, &mut state);
    }
    for block in &masked.comment_blocks {
        comment_block(text, block.body, &mut state);
        state.removals.push(block.block);
    }
    scan(text, &masked, &mut state);

    finish(text, state)
}

/// Whether `bytes` holds a `"type"`, `"command"` or `"commands"` key (or string).
fn has_command_key(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'"', bytes).any(|at| {
        let rest = &bytes[at + 1..];
        rest.starts_with(b"type\"")
            || rest.starts_with(b"command\"")
            || rest.starts_with(b"commands\"")
    })
}

/// Tries the JSON value at `body` as a command payload. Returns whether it was taken as one
/// (then `container` is cut from the text).
fn json_candidate(text: &str, body: Span, container: Span, state: &mut State) -> bool {
    let bytes = &text.as_bytes()[body.start..body.end];
    if !has_command_key(bytes) {
        return false;
    }
    let node = match json::parse_exact(text, body) {
        Ok(node) => node,
        Err(error) => {
            if container != body {
                // A fenced block meant as commands but not JSON: say so, keep the text.
                state.diagnose(
                    format!(
                        "malformed JSON command block: {} at byte {}",
                        error.message, error.at
                    ),
                    container,
                );
            }
            return false;
        }
    };
    let elements: Vec<&Node> = match &node {
        Node::Array(items) => items.iter().collect(),
        Node::Object(..) => match node.get("commands") {
            Some(Node::Array(items)) => items.iter().collect(),
            _ if node.get("type").is_some() || node.get("command").is_some() => vec![&node],
            _ => return false,
        },
        Node::Scalar(_) => return false,
    };
    let mut taken = false;
    for element in elements {
        let Node::Object(members, span) = element else {
            continue;
        };
        let (type_key, raw_type) = match (element.get("type"), element.get("command")) {
            (Some(Node::Scalar(serde_json::Value::String(t))), _) => ("type", t),
            (_, Some(Node::Scalar(serde_json::Value::String(t)))) => ("command", t),
            _ => continue,
        };
        match CommandKind::from_name(raw_type.trim()) {
            Some(kind) => {
                taken = true;
                let draft = build::from_json(kind, members, type_key);
                state.found.push(Found {
                    draft,
                    format: Format::Json,
                    span: *span,
                });
            }
            None if looks_like_command_name(raw_type) => {
                taken = true;
                state.diagnose(
                    format!("Unsupported command \"{}\" was ignored.", raw_type.trim()),
                    *span,
                );
            }
            None => {}
        }
    }
    if taken {
        state.removals.push(container);
    }
    taken
}

/// `UPPER_CASE` with an underscore or at least five letters: the original's filter that keeps
/// Mermaid node names like `[A]` and `[FIN]` out of the diagnostics (spec a.3).
fn looks_like_command_name(name: &str) -> bool {
    let name = name.trim();
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && (name.as_bytes()[0].is_ascii_uppercase() || name.as_bytes()[0] == b'_')
        && (name.contains('_') || name.len() >= 5)
}

fn comment_block(text: &str, body: Span, state: &mut State) {
    let mut line_start = body.start;
    for line in text[body.start..body.end].split_inclusive('\n') {
        let span = Span::new(line_start, line_start + line.trim_end().len());
        line_start += line.len();
        let Some((name, value)) = comment_line(line.trim_end()) else {
            continue;
        };
        let lead = line.len() - line.trim_start().len();
        let span = Span::new(span.start + lead, span.end);
        match CommandKind::from_name(name) {
            Some(kind) => {
                let draft = build::from_content(kind, value.trim());
                state.found.push(Found {
                    draft,
                    format: Format::Comment,
                    span,
                });
            }
            None if looks_like_command_name(name) => {
                state.diagnose(format!("Unsupported command \"{name}\" was ignored."), span);
            }
            None => {}
        }
    }
}

/// The left-to-right scan over the mask for bracket tags and bare JSON.
fn scan(text: &str, masked: &Masked, state: &mut State) {
    let bytes = &masked.bytes;
    let mut pos = 0;
    while let Some(off) = memchr2(b'[', b'{', &bytes[pos..]) {
        let at = pos + off;
        pos = if bytes[at] == b'{' {
            bare_json(text, bytes, at, state)
        } else {
            bracket(text, bytes, at, state)
        };
    }
}

/// A `{` (or a `[` that opens an array of objects): a bare JSON command payload, or nothing.
/// Returns where to go on.
fn bare_json(text: &str, bytes: &[u8], at: usize, state: &mut State) -> usize {
    let Some(end) = json::balanced_end(bytes, at, bytes.len()) else {
        return at + 1;
    };
    let span = Span::new(at, end);
    if json_candidate(text, span, span, state) {
        return end;
    }
    // Valid JSON that is not a command is data: nothing inside it is a command either.
    if has_command_key(&bytes[at..end]) && json::parse_exact(text, span).is_ok() {
        return end;
    }
    at + 1
}

fn bracket(text: &str, bytes: &[u8], at: usize, state: &mut State) -> usize {
    let after = bytes[at + 1..]
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    if bytes.get(at + 1 + after) == Some(&b'{') {
        let next = bare_json(text, bytes, at, state);
        if next != at + 1 {
            return next;
        }
    }
    // The mask has the same bytes as `text` wherever it was not blanked, and a tag header is
    // ASCII, so reading the header from the mask is reading the text.
    let Some(window) = text.get(at..) else {
        return at + 1;
    };
    let head = floor_char_boundary(window, window.len().min(64));
    let Some((name, delim, header_len)) = tag_header(&window[..head]) else {
        return at + 1;
    };
    let kind = CommandKind::from_name(name);
    let upper = looks_like_command_name(name);
    if kind.is_none() && !upper {
        return at + 1;
    }
    let (content, end) = if delim == ':' {
        let known = |key: &str| kind.is_some_and(|k| crate::bracket::is_key(k.spec(), key));
        let Some(close) = content_end(bytes, at + header_len, &known) else {
            return at + 1;
        };
        (Some(Span::new(at + header_len, close)), close + 1)
    } else {
        (None, at + header_len)
    };
    // `[NAME](url)` is a Markdown link, not a tag.
    if content.is_none() && bytes.get(end) == Some(&b'(') {
        return at + 1;
    }
    // The trailing-colon form `[TYPE]: value`, value to the end of the line (spec a.3, with the
    // original's broken whitespace and newline literals fixed).
    let mut span = Span::new(at, end);
    let mut content = content;
    if content.is_none() {
        let blanks = bytes[end..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let takes_value = kind.is_none_or(|k| !k.spec().params.is_empty());
        if bytes.get(end + blanks) == Some(&b':') && takes_value {
            let value_start = end + blanks + 1;
            let line_end = memchr::memchr(b'\n', &bytes[value_start..])
                .map_or(bytes.len(), |o| value_start + o);
            let line_end = if line_end > value_start && bytes[line_end - 1] == b'\r' {
                line_end - 1
            } else {
                line_end
            };
            if bytes[value_start..line_end]
                .iter()
                .any(|b| !b.is_ascii_whitespace())
            {
                content = Some(Span::new(value_start, line_end));
                span = Span::new(at, line_end);
            }
        }
    }
    match kind {
        Some(kind) => {
            let value = content.map_or("", |c| text[c.start..c.end].trim());
            let draft = build::from_content(kind, value);
            state.found.push(Found {
                draft,
                format: Format::Bracket,
                span,
            });
            span.end
        }
        None => {
            state.diagnose(format!("Unsupported command \"{name}\" was ignored."), span);
            if content.is_some() || name.contains('_') {
                state.removals.push(span);
            }
            at + 1
        }
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while index > 0 && !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

fn finish(text: &str, mut state: State) -> Parsed {
    state.found.sort_by_key(|found| found.span.start);
    let mut commands: Vec<Command> = Vec::new();
    for found in state.found {
        let removal = found.span;
        match found.draft.finish(found.format, found.span) {
            Ok((command, notes)) => {
                for note in notes {
                    state.diagnostics.push(Diagnostic {
                        message: note,
                        span: found.span,
                    });
                }
                // A repeat of an earlier command is dropped; its text goes all the same.
                if !commands
                    .iter()
                    .any(|c| c.kind == command.kind && c.args == command.args)
                {
                    commands.push(command);
                }
            }
            Err((message, notes)) => {
                state.diagnostics.push(Diagnostic {
                    message,
                    span: found.span,
                });
                for note in notes {
                    state.diagnostics.push(Diagnostic {
                        message: note,
                        span: found.span,
                    });
                }
            }
        }
        if found.format != Format::Json {
            state.removals.push(removal);
        }
    }
    state.diagnostics.sort_by_key(|d| d.span.start);
    let text_without_commands = cut(text, state.removals);
    Parsed {
        commands,
        diagnostics: state.diagnostics,
        text_without_commands,
    }
}

/// The text with every span cut once; a cut that leaves its line blank takes the line.
fn cut(text: &str, mut spans: Vec<Span>) -> String {
    spans.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut pos = 0;
    for span in spans {
        if span.end <= pos {
            continue;
        }
        let mut start = span.start.max(pos);
        let mut end = span.end;
        let line_start = memchr::memrchr(b'\n', &bytes[..start])
            .map_or(0, |i| i + 1)
            .max(pos);
        let line_end = memchr::memchr(b'\n', &bytes[end..]).map_or(bytes.len(), |o| end + o);
        let blank_before = bytes[line_start..start]
            .iter()
            .all(|b| b.is_ascii_whitespace());
        let blank_after = bytes[end..line_end].iter().all(|b| b.is_ascii_whitespace());
        if blank_before && blank_after {
            start = line_start;
            end = (line_end + 1).min(bytes.len());
        }
        out.push_str(&text[pos..start]);
        pos = end;
    }
    out.push_str(&text[pos..]);
    let trimmed = out.trim();
    if trimmed.len() == out.len() {
        out
    } else {
        trimmed.to_owned()
    }
}
