//! `render`: commands back to text in any of the three formats, so that
//! `parse(render(commands, format))` gives the same commands.

use serde_json::{Map, Value};

use crate::catalog::{ParamKind, Risk, Shape};
use crate::command::{ArgValue, Command, Format};

/// Writes commands as a model would, in one format.
///
/// Bracket tags go one per line; comment lines go in one `AI_COMMANDS` block; JSON goes in one
/// fenced `{"commands": [...]}` block. Values that the bracket grammar would misread (pipes,
/// brackets, newlines, leading quotes) are written as JSON string literals, which the parser
/// reads back exactly.
///
/// ```
/// use aartiq_commands::{parse, render, Format};
/// let parsed = parse(r##"[FILL_FORM: #email | user@example.com]"##);
/// let json = render(&parsed.commands, Format::Json);
/// assert_eq!(parse(&json).commands[0].args, parsed.commands[0].args);
/// ```
pub fn render(commands: &[Command], format: Format) -> String {
    match format {
        Format::Bracket => {
            let lines: Vec<String> = commands.iter().map(|c| bracket_tag(c, false)).collect();
            lines.join("\n")
        }
        Format::Comment => {
            let mut out = String::from("<!-- AI_COMMANDS_START -->\n");
            for command in commands {
                out.push_str(&bracket_tag(command, true));
                out.push('\n');
            }
            out.push_str("<!-- AI_COMMANDS_END -->");
            out
        }
        Format::Json => {
            let list: Vec<Value> = commands.iter().map(json_object).collect();
            let mut root = Map::new();
            root.insert("commands".to_owned(), Value::Array(list));
            format!("```json\n{}\n```", json_text(&Value::Object(root)))
        }
    }
}

fn json_object(command: &Command) -> Value {
    let mut object = Map::new();
    object.insert(
        "type".to_owned(),
        Value::String(command.kind.name().to_owned()),
    );
    for (name, value) in command.args.iter() {
        object.insert(name.to_owned(), value.to_json());
    }
    if let Some(reason) = &command.reason {
        object.insert("reason".to_owned(), Value::String(reason.clone()));
    }
    if command.risk != Risk::Medium {
        object.insert(
            "risk".to_owned(),
            Value::String(command.risk.as_str().to_owned()),
        );
    }
    Value::Object(object)
}

/// `[TYPE: content]`, or `[TYPE]: content` for a comment-block line.
fn bracket_tag(command: &Command, comment: bool) -> String {
    let content = content(command);
    let name = command.kind.name();
    match (comment, content.is_empty()) {
        (true, _) => format!("[{name}]: {content}"),
        (false, true) => format!("[{name}]"),
        (false, false) => format!("[{name}: {content}]"),
    }
}

fn content(command: &Command) -> String {
    let spec = command.kind.spec();
    let mut segments: Vec<String> = Vec::new();
    let known = |key: &str| {
        spec.param(key).is_some()
            || key.eq_ignore_ascii_case("reason")
            || key.eq_ignore_ascii_case("risk")
    };
    let mut named_from = 0;
    match spec.shape {
        Shape::Coords => {
            let all: Option<Vec<String>> = spec
                .positional()
                .map(|p| {
                    command
                        .args
                        .get(p.name)
                        .and_then(ArgValue::as_int)
                        .map(|n| n.to_string())
                })
                .collect();
            if let Some(all) = all {
                segments.push(all.join(", "));
                named_from = usize::MAX;
            }
        }
        Shape::Payload { .. } => {
            if let Some(value) = spec
                .positional()
                .next()
                .and_then(|p| command.args.get(p.name))
            {
                segments.push(json_text(&value.to_json()));
                named_from = usize::MAX;
            }
        }
        Shape::Segments | Shape::Rest => {
            let positional: Vec<_> = spec.positional().collect();
            let last = positional.len().saturating_sub(1);
            for (i, param) in positional.iter().enumerate() {
                let Some(value) = command.args.get(param.name) else {
                    break;
                };
                let rest = spec.shape == Shape::Rest && i == last;
                segments.push(value_text(value, param.kind, rest, &known));
                named_from = i + 1;
            }
            // A Rest body that is absent is written as `""`, so a meta segment is not read as
            // the body.
            let has_meta = command.reason.is_some() || command.risk != Risk::Medium;
            if spec.shape == Shape::Rest
                && segments.is_empty()
                && !positional.is_empty()
                && has_meta
            {
                segments.push("\"\"".to_owned());
            }
        }
    }
    let positional: Vec<_> = spec.positional().collect();
    for param in spec.params {
        let index = positional.iter().position(|p| p.name == param.name);
        if index.is_some_and(|i| i < named_from) {
            continue;
        }
        if let Some(value) = command.args.get(param.name) {
            segments.push(format!(
                "{}={}",
                param.name,
                value_text(value, param.kind, false, &known)
            ));
        }
    }
    if let Some(reason) = &command.reason {
        segments.push(format!("reason: {}", text(reason, false, &known)));
    }
    if command.risk != Risk::Medium {
        segments.push(format!("risk: {}", command.risk.as_str()));
    }
    segments.join(" | ")
}

fn value_text(
    value: &ArgValue,
    kind: ParamKind,
    rest: bool,
    known: &dyn Fn(&str) -> bool,
) -> String {
    match value {
        ArgValue::Text(t) => text(t, rest, known),
        ArgValue::Int(n) => n.to_string(),
        ArgValue::List(items) => json_text(&Value::from(items.clone())),
        // A JSON string for a JSON parameter is written as the JSON text of the string, quoted,
        // so that reading it back yields the string and not what it might spell.
        ArgValue::Json(Value::String(s)) if kind == ParamKind::Json => {
            quote(&Value::String(s.clone()).to_string())
        }
        ArgValue::Json(value) => json_text(value),
    }
}

/// A text value as written in a segment: bare when the grammar reads it back as is, else as a
/// JSON string literal.
fn text(value: &str, rest: bool, known: &dyn Fn(&str) -> bool) -> String {
    let bytes = value.as_bytes();
    let risky_char = if rest {
        value.contains(['[', ']', '\n', '\r'])
            || value
                .rsplit('|')
                .next()
                .is_some_and(|tail| starts_with_key(tail, known))
    } else {
        value.contains(['|', '[', ']', '\n', '\r'])
    } || value.contains(['`', '<']);
    let needs_quotes = value.is_empty()
        || value.trim() != value
        || risky_char
        || matches!(bytes.first(), Some(b'"' | b'\'' | b'{'))
        || (!rest && starts_with_key(value, known))
        || (value.len() >= 2 && value.starts_with('\'') && value.ends_with('\''));
    // The tag must end where the value ends: no quote or bracket in it may run past the `]`.
    let closes_cleanly = || {
        // The `"]` after the tag's `]` closes any string the value leaves open, so such a value
        // is caught too.
        let probe = format!("{value}]\"]");
        crate::bracket::content_end(probe.as_bytes(), 0, known) == Some(value.len())
    };
    if needs_quotes || !closes_cleanly() {
        quote(value)
    } else {
        value.to_owned()
    }
}

fn starts_with_key(value: &str, known: &dyn Fn(&str) -> bool) -> bool {
    let key_len = value
        .trim_start()
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
        .count();
    let trimmed = value.trim_start();
    key_len > 0
        && trimmed[key_len..].trim_start().starts_with([':', '='])
        && known(&trimmed[..key_len])
}

fn quote(value: &str) -> String {
    json_text(&Value::String(value.to_owned()))
}

/// JSON text in which backticks and `<` are escaped (`\u0060`, `\u003c`): they may only occur
/// inside strings, and escaped they cannot open a code span, a fence, a `<think>` block or a
/// comment marker that would hide the command from the parser.
fn json_text(value: &Value) -> String {
    let text = value.to_string();
    if text.contains(['`', '<']) {
        text.replace('`', "\\u0060").replace('<', "\\u003c")
    } else {
        text
    }
}
