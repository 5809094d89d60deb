//! From raw pieces (bracket segments or JSON members) to a validated [`Command`].

use serde_json::Value;

use crate::catalog::{CommandKind, ParamKind, ParamSpec, Risk, Shape};
use crate::command::{ArgValue, Args, Command, Format, Span};

/// A command being assembled; `notes` are problems that do not invalidate it.
pub(crate) struct Draft {
    pub(crate) kind: CommandKind,
    pub(crate) args: Args,
    pub(crate) risk: Risk,
    pub(crate) reason: Option<String>,
    pub(crate) notes: Vec<String>,
    /// A problem that makes the command invalid, found while reading it.
    pub(crate) invalid: Option<String>,
}

/// A raw value before typing: text from a bracket segment, or a JSON value.
#[derive(Clone, Copy)]
pub(crate) enum Raw<'a> {
    Text(&'a str),
    Json(&'a Value),
}

impl Draft {
    pub(crate) fn new(kind: CommandKind) -> Draft {
        Draft {
            kind,
            args: Args::new(),
            risk: Risk::Medium,
            reason: None,
            notes: Vec::new(),
            invalid: None,
        }
    }

    pub(crate) fn set_risk(&mut self, raw: &str) {
        match Risk::from_stated(raw) {
            Some(risk) => self.risk = risk,
            None => self.notes.push(format!(
                "{} has an unknown risk `{}`; using medium",
                self.kind,
                raw.trim()
            )),
        }
    }

    pub(crate) fn set_reason(&mut self, raw: &str) {
        let reason = raw.trim();
        if !reason.is_empty() {
            self.reason = Some(reason.to_owned());
        }
    }

    /// Types `raw` for `param` and stores it. A bad value for a required parameter makes the
    /// command invalid; for an optional one it is dropped with a note.
    pub(crate) fn set(&mut self, param: &'static ParamSpec, raw: Raw<'_>) {
        match typed(self.kind, param, raw) {
            Ok(Some(value)) => self.args.set(param.name, value),
            Ok(None) => {}
            Err(message) if param.required => {
                self.invalid.get_or_insert(message);
            }
            Err(message) => self.notes.push(format!("{message}; the value was ignored")),
        }
    }

    /// Checks the catalog's rules (spec a.5) and returns the command or why it is invalid.
    pub(crate) fn finish(
        mut self,
        format: Format,
        span: Span,
    ) -> Result<(Command, Vec<String>), (String, Vec<String>)> {
        if let Some(message) = self
            .invalid
            .take()
            .or_else(|| rule_violation(self.kind, &self.args))
        {
            return Err((message, self.notes));
        }
        let spec = self.kind.spec();
        self.args.sort_by(|key| {
            spec.params
                .iter()
                .position(|p| p.name == key)
                .unwrap_or(usize::MAX)
        });
        let command = Command {
            kind: self.kind,
            args: self.args,
            risk: self.risk,
            reason: self.reason,
            format,
            span,
        };
        Ok((command, self.notes))
    }
}

/// The message for a missing or unusable required value, in the original's words (spec a.5).
pub(crate) fn requirement_message(kind: CommandKind) -> String {
    match kind {
        CommandKind::SetVolume | CommandKind::SetBrightness => {
            format!("{kind} requires a percentage between 0-100")
        }
        CommandKind::Wait => "WAIT requires a positive duration in milliseconds".to_owned(),
        CommandKind::GeneratePdf => "GENERATE_PDF requires format: title | content".to_owned(),
        CommandKind::ClickElement => {
            "CLICK_ELEMENT requires a selector, text, or aria-label target".to_owned()
        }
        CommandKind::FindAndClick => "FIND_AND_CLICK requires text to search for".to_owned(),
        CommandKind::MultiFillForm => {
            "MULTI_FILL_FORM requires a JSON object mapping selectors to values".to_owned()
        }
        CommandKind::ClickAt => "CLICK_AT requires coordinates as \"x, y\"".to_owned(),
        CommandKind::RecordWorkflow => {
            "RECORD_WORKFLOW requires: start, stop, or save:name".to_owned()
        }
        CommandKind::PlayWorkflow => "PLAY_WORKFLOW requires a workflow name".to_owned(),
        CommandKind::FillForm => "FILL_FORM requires a selector".to_owned(),
        kind => format!("{kind} requires a value"),
    }
}

pub(crate) fn rule_violation(kind: CommandKind, args: &Args) -> Option<String> {
    let spec = kind.spec();
    if spec
        .params
        .iter()
        .any(|p| p.required && !args.contains(p.name))
    {
        return Some(requirement_message(kind));
    }
    match kind {
        CommandKind::ClickElement
            if !["selector", "text", "ariaLabel"]
                .iter()
                .any(|k| args.contains(k)) =>
        {
            Some(requirement_message(kind))
        }
        CommandKind::RecordWorkflow => {
            let action = args.text("action").unwrap_or("");
            let ok = matches!(action, "" | "start" | "stop" | "save")
                || action
                    .strip_prefix("save:")
                    .is_some_and(|name| !name.trim().is_empty());
            (!ok).then(|| requirement_message(kind))
        }
        CommandKind::OcrScreen => {
            let set = ["x", "y", "w", "h"]
                .iter()
                .filter(|k| args.contains(k))
                .count();
            (set != 0 && set != 4)
                .then(|| "OCR_SCREEN requires a region as \"x, y, w, h\" or none".to_owned())
        }
        _ => None,
    }
}

/// Reads one value for `param`. `Ok(None)` means "not given" (blank text for an optional
/// parameter, or JSON null).
fn typed(kind: CommandKind, param: &ParamSpec, raw: Raw<'_>) -> Result<Option<ArgValue>, String> {
    let bad = || -> String {
        if param.required
            && kind
                .spec()
                .positional()
                .next()
                .is_some_and(|p| p.name == param.name)
        {
            requirement_message(kind)
        } else {
            describe_expectation(kind, param)
        }
    };
    if let Raw::Json(Value::Null) = raw {
        return Ok(None);
    }
    if let Raw::Text(text) = raw
        && text.trim().is_empty()
        && !matches!(param.kind, ParamKind::Text)
    {
        return if param.required { Err(bad()) } else { Ok(None) };
    }
    let value = match param.kind {
        ParamKind::Text | ParamKind::Url => {
            let text = match raw {
                Raw::Text(text) => text.trim().to_owned(),
                Raw::Json(Value::String(text)) => text.trim().to_owned(),
                Raw::Json(other) => other.to_string(),
            };
            if text.is_empty() {
                return if param.required { Err(bad()) } else { Ok(None) };
            }
            ArgValue::Text(text)
        }
        ParamKind::Int { min, max } => {
            let n = match raw {
                Raw::Text(text) => text.trim().parse::<i64>().ok(),
                Raw::Json(Value::Number(n)) => n.as_i64().or_else(|| {
                    n.as_f64()
                        .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                        .map(|f| f as i64)
                }),
                Raw::Json(Value::String(text)) => text.trim().parse::<i64>().ok(),
                Raw::Json(_) => None,
            };
            match n {
                Some(n) if (min..=max).contains(&n) => ArgValue::Int(n),
                _ => return Err(bad()),
            }
        }
        ParamKind::Enum(words) => {
            let text = match raw {
                Raw::Text(text) => text.trim(),
                Raw::Json(Value::String(text)) => text.trim(),
                Raw::Json(_) => return Err(bad()),
            };
            match words.iter().find(|w| w.eq_ignore_ascii_case(text)) {
                Some(word) => ArgValue::Text((*word).to_owned()),
                None => return Err(bad()),
            }
        }
        ParamKind::List => match raw {
            Raw::Json(Value::Array(items)) => ArgValue::List(
                items
                    .iter()
                    .map(|item| match item {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .collect(),
            ),
            Raw::Json(Value::String(text)) => {
                typed(kind, param, Raw::Text(text.as_str()))?.ok_or_else(bad)?
            }
            Raw::Text(text) => {
                let trimmed = text.trim();
                if trimmed.starts_with('[') {
                    match serde_json::from_str::<Value>(trimmed) {
                        Ok(value @ Value::Array(_)) => {
                            return typed(kind, param, Raw::Json(&value));
                        }
                        _ => return Err(bad()),
                    }
                }
                let items: Vec<String> = trimmed
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                if items.is_empty() {
                    return Err(bad());
                }
                ArgValue::List(items)
            }
            Raw::Json(_) => return Err(bad()),
        },
        ParamKind::Object | ParamKind::Json => {
            let value = match raw {
                Raw::Json(Value::String(text)) => {
                    return typed(kind, param, Raw::Text(text.as_str()));
                }
                Raw::Text(text) => {
                    let trimmed = text.trim();
                    match serde_json::from_str::<Value>(trimmed) {
                        Ok(Value::Null) => return Ok(None),
                        Ok(value) => value,
                        Err(_) if param.kind == ParamKind::Json => {
                            Value::String(trimmed.to_owned())
                        }
                        Err(_) => return Err(not_json_message(kind, param)),
                    }
                }
                Raw::Json(value) => value.clone(),
            };
            if param.kind == ParamKind::Object && !value.is_object() {
                return Err(match kind {
                    CommandKind::MultiFillForm => {
                        "MULTI_FILL_FORM value must be a JSON object {selector: value}".to_owned()
                    }
                    _ => format!("{kind} {} must be a JSON object", param.name),
                });
            }
            ArgValue::Json(value)
        }
    };
    Ok(Some(value))
}

fn not_json_message(kind: CommandKind, param: &ParamSpec) -> String {
    match kind {
        CommandKind::MultiFillForm => "MULTI_FILL_FORM value must be valid JSON".to_owned(),
        _ => format!("{kind} {} must be valid JSON", param.name),
    }
}

fn describe_expectation(kind: CommandKind, param: &ParamSpec) -> String {
    match param.kind {
        ParamKind::Int { .. }
            if matches!(
                kind,
                CommandKind::SetVolume
                    | CommandKind::SetBrightness
                    | CommandKind::Wait
                    | CommandKind::ClickAt
            ) =>
        {
            requirement_message(kind)
        }
        ParamKind::Int { min, max } if max == i64::MAX && min == 0 => {
            format!("{kind} {} must be a whole number of at least 0", param.name)
        }
        ParamKind::Int { min, max } if max == i64::MAX || min == i64::MIN => {
            format!("{kind} {} must be a whole number", param.name)
        }
        ParamKind::Int { min, max } => format!(
            "{kind} {} must be a whole number from {min} to {max}",
            param.name
        ),
        ParamKind::Enum(words) => {
            format!("{kind} {} must be one of {}", param.name, words.join(", "))
        }
        ParamKind::List => format!("{kind} {} must be a list", param.name),
        ParamKind::Object => format!("{kind} {} must be a JSON object", param.name),
        ParamKind::Text | ParamKind::Url | ParamKind::Json => requirement_message(kind),
    }
}

/// Fills a draft from bracket or comment-line content (`value | value | key=value`).
pub(crate) fn from_content(kind: CommandKind, content: &str) -> Draft {
    let mut draft = Draft::new(kind);
    let spec = kind.spec();
    let segments = crate::bracket::segments(content, spec);
    let mut positional = spec.positional();
    let mut extra: Vec<String> = Vec::new();
    for segment in &segments {
        match segment {
            crate::bracket::Segment::Named { key, value } => {
                if key.eq_ignore_ascii_case("reason") {
                    draft.set_reason(value);
                } else if key.eq_ignore_ascii_case("risk") {
                    draft.set_risk(value);
                } else if let Some(param) = spec.param(key) {
                    draft.set(param, Raw::Text(value));
                }
            }
            crate::bracket::Segment::Plain(value) => match positional.next() {
                Some(param) => draft.set(param, Raw::Text(value)),
                None => extra.push(value.clone().into_owned()),
            },
            crate::bracket::Segment::Coords(values) => {
                for (param, value) in spec.positional().zip(values) {
                    draft.set(param, Raw::Text(value));
                }
                if values.len() < spec.positional().filter(|p| p.required).count()
                    || values.len() > spec.params.len()
                {
                    draft
                        .invalid
                        .get_or_insert_with(|| requirement_message(kind));
                }
                // Coordinates fill every positional parameter.
                for _ in positional.by_ref() {}
            }
            crate::bracket::Segment::Payload(value) => {
                if let Some(param) = positional.next() {
                    draft.set(param, Raw::Json(value));
                }
            }
            crate::bracket::Segment::BadJson(message) => {
                draft.invalid.get_or_insert_with(|| match kind {
                    CommandKind::MultiFillForm => {
                        "MULTI_FILL_FORM value must be valid JSON".to_owned()
                    }
                    _ => format!("{kind} value must be valid JSON: {message}"),
                });
                for _ in positional.by_ref() {}
            }
        }
    }
    // The original's rule: an unnamed segment past the parameters is the reason (spec a.3).
    let mut extra = extra.into_iter().filter(|s| !s.trim().is_empty());
    if let Some(first) = extra.next() {
        let consumed_any = segments.len() > 1 || spec.positional().next().is_some();
        if draft.reason.is_none() && consumed_any {
            draft.set_reason(&first);
        } else {
            draft.notes.push(format!(
                "{kind} takes no value `{}`; it was ignored",
                first.trim()
            ));
        }
    }
    for rest in extra {
        draft.notes.push(format!(
            "{kind} has an extra value `{}`; it was ignored",
            rest.trim()
        ));
    }
    draft
}

/// Fills a draft from a JSON command object (spec a.3 "per command object").
pub(crate) fn from_json(
    kind: CommandKind,
    members: &[(String, crate::json::Node)],
    type_key: &str,
) -> Draft {
    let spec = kind.spec();
    let mut draft = Draft::new(kind);
    let primary = spec.positional().next();
    for (key, node) in members {
        if key == type_key {
            continue;
        }
        let value = node.to_value();
        if key.eq_ignore_ascii_case("reason") {
            if let Value::String(reason) = &value {
                draft.set_reason(reason);
            }
        } else if key.eq_ignore_ascii_case("risk") {
            match &value {
                Value::String(risk) => draft.set_risk(risk),
                other => draft.set_risk(&other.to_string()),
            }
        } else if let Some(param) = spec.param(key) {
            draft.set(param, Raw::Json(&value));
        } else if key.eq_ignore_ascii_case("value") {
            // `value` is the bracket content by another name: read it with the same grammar
            // when the command splits its content, else it is the first parameter.
            let splits = matches!(spec.shape, Shape::Coords)
                || spec.positional().filter(|p| p.required).count() > 1;
            match (&value, primary) {
                (Value::String(text), Some(_)) if splits => {
                    let inner = from_content(kind, text);
                    draft.notes.extend(inner.notes);
                    if let Some(message) = inner.invalid {
                        draft.invalid.get_or_insert(message);
                    }
                    for (name, value) in inner.args.iter() {
                        draft.args.set(name, value.clone());
                    }
                }
                (_, Some(param)) => draft.set(param, Raw::Json(&value)),
                (_, None) => draft
                    .notes
                    .push(format!("{kind} takes no value; `{key}` was ignored")),
            }
        } else {
            draft
                .notes
                .push(format!("{kind} has no parameter `{key}`; it was ignored"));
        }
    }
    draft
}
