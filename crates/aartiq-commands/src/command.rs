//! The typed values the parser produces: [`Command`], its [`Args`], and [`Parsed`].

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::catalog::{CommandKind, Risk};

/// A byte range into the text that was parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Length in bytes.
    pub const fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no bytes.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether `other` lies inside this span.
    pub const fn contains(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

/// Serialised as `[start, end]`, the shape of the command-line contract.
impl Serialize for Span {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(2))?;
        seq.serialize_element(&self.start)?;
        seq.serialize_element(&self.end)?;
        seq.end()
    }
}

/// Which of the three forms a command was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A JSON object: fenced in ```` ```json ````, or bare in the text.
    Json,
    /// A line `[TYPE]: value` in an `<!-- AI_COMMANDS_START -->` block.
    Comment,
    /// A bracket tag `[TYPE: value | p2 | key=value]`.
    Bracket,
}

/// One argument's value, typed by its parameter's [`ParamKind`](crate::ParamKind).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ArgValue {
    /// Text, a URL or an enum word.
    Text(String),
    /// A whole number.
    Int(i64),
    /// A list of strings.
    List(Vec<String>),
    /// A JSON object or other JSON value.
    Json(serde_json::Value),
}

impl ArgValue {
    /// The text, if this is text.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            ArgValue::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The number, if this is a number.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            ArgValue::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The value as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            ArgValue::Text(text) => serde_json::Value::String(text.clone()),
            ArgValue::Int(n) => serde_json::Value::from(*n),
            ArgValue::List(items) => serde_json::Value::from(items.clone()),
            ArgValue::Json(value) => value.clone(),
        }
    }
}

impl Serialize for ArgValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ArgValue::Text(text) => serializer.serialize_str(text),
            ArgValue::Int(n) => serializer.serialize_i64(*n),
            ArgValue::List(items) => items.serialize(serializer),
            ArgValue::Json(value) => value.serialize(serializer),
        }
    }
}

/// A command's arguments, keyed by the catalog's parameter names and kept in catalog order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Args(Vec<(&'static str, ArgValue)>);

impl Args {
    /// No arguments.
    pub const fn new() -> Args {
        Args(Vec::new())
    }

    /// The value of the parameter `name`.
    pub fn get(&self, name: &str) -> Option<&ArgValue> {
        self.0
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value)
    }

    /// The text value of the parameter `name`.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.get(name).and_then(ArgValue::as_str)
    }

    /// Each `(name, value)` pair in catalog order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &ArgValue)> {
        self.0.iter().map(|(key, value)| (*key, value))
    }

    /// How many arguments are set.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no argument is set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Sets `name` (a parameter name of the catalog, `'static`) to `value`, replacing an earlier
    /// value. Order is fixed by [`Args::sort_by`] once all are set.
    pub(crate) fn set(&mut self, name: &'static str, value: ArgValue) {
        match self.0.iter_mut().find(|(key, _)| *key == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    pub(crate) fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Puts the arguments in the order of `names`.
    pub(crate) fn sort_by(&mut self, names: impl Fn(&str) -> usize) {
        self.0.sort_by_key(|(key, _)| names(key));
    }
}

impl Serialize for Args {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// One command a model asked for, valid against the catalog.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Command {
    /// The canonical command.
    #[serde(rename = "type")]
    pub kind: CommandKind,
    /// Its arguments, keyed by parameter name.
    pub args: Args,
    /// The risk the model stated, `medium` when it stated none (spec a.7).
    pub risk: Risk,
    /// Why the model wants it, when it said.
    pub reason: Option<String>,
    /// Which form it was written in.
    pub format: Format,
    /// Where it was written: the object for JSON, the line for a comment block, the tag for
    /// brackets.
    pub span: Span,
}

impl Command {
    /// A command with no arguments, `medium` risk and no reason, as if written in brackets at
    /// an empty span; set the rest with the `with_*` methods.
    pub fn new(kind: CommandKind) -> Command {
        Command {
            kind,
            args: Args::new(),
            risk: Risk::Medium,
            reason: None,
            format: Format::Bracket,
            span: Span::default(),
        }
    }

    /// Sets the argument `name`.
    ///
    /// # Errors
    /// When `name` is not one of this command's parameters.
    pub fn with_arg(mut self, name: &str, value: ArgValue) -> Result<Command, crate::Error> {
        let spec = self.kind.spec();
        let param = spec.params.iter().find(|p| p.name == name).ok_or_else(|| {
            crate::Error::UnknownParam {
                kind: self.kind,
                name: name.to_owned(),
            }
        })?;
        self.args.set(param.name, value);
        self.args.sort_by(|key| {
            spec.params
                .iter()
                .position(|p| p.name == key)
                .unwrap_or(usize::MAX)
        });
        Ok(self)
    }

    /// Sets the stated risk.
    pub fn with_risk(mut self, risk: Risk) -> Command {
        self.risk = risk;
        self
    }

    /// Sets the reason.
    pub fn with_reason(mut self, reason: impl Into<String>) -> Command {
        self.reason = Some(reason.into());
        self
    }

    /// The description the original shows for a command (spec a.6).
    pub fn description(&self) -> String {
        let first = || {
            self.kind
                .spec()
                .positional()
                .next()
                .and_then(|p| self.args.get(p.name))
                .map(|value| match value {
                    ArgValue::Text(text) => text.clone(),
                    other => other.to_json().to_string(),
                })
                .unwrap_or_default()
        };
        match self.kind {
            CommandKind::Navigate => format!("Navigate to {}", first()),
            CommandKind::Search => format!("Search for \"{}\"", first()),
            CommandKind::WebSearch => format!("Search web for \"{}\"", first()),
            CommandKind::ShellCommand => {
                let line = first();
                let short: String = line.chars().take(40).collect();
                if short.len() < line.len() {
                    format!("Execute: {short}...")
                } else {
                    format!("Execute: {short}")
                }
            }
            CommandKind::Wait => {
                let ms = self.args.get("ms").and_then(ArgValue::as_int).unwrap_or(0);
                let seconds = ms as f64 / 1000.0;
                match (self.args.text("text"), self.args.text("textGone")) {
                    (Some(text), _) => format!("Wait up to {seconds} seconds for \"{text}\""),
                    (None, Some(gone)) => {
                        format!("Wait up to {seconds} seconds for \"{gone}\" to go")
                    }
                    (None, None) => format!("Wait {seconds} seconds"),
                }
            }
            CommandKind::ClickAt => {
                let x = self.args.get("x").and_then(ArgValue::as_int).unwrap_or(0);
                let y = self.args.get("y").and_then(ArgValue::as_int).unwrap_or(0);
                format!("Click at coordinates ({x}, {y})")
            }
            CommandKind::FillForm => format!("Fill form field: {}", first()),
            CommandKind::RecordWorkflow => {
                let action = first();
                let action = if action.is_empty() {
                    "toggle".to_owned()
                } else {
                    action
                };
                format!("Workflow recording: {action}")
            }
            CommandKind::OcrScreen if self.args.is_empty() => "OCR full screen".to_owned(),
            CommandKind::OcrScreen => {
                let parts: Vec<String> = ["x", "y", "w", "h"]
                    .iter()
                    .filter_map(|k| self.args.get(k).and_then(ArgValue::as_int))
                    .map(|n| n.to_string())
                    .collect();
                format!("OCR screen region: {}", parts.join(","))
            }
            kind => format!("{kind}: {}", first()),
        }
    }
}

/// A problem found while parsing: an unsupported tag, malformed JSON, an invalid command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// What is wrong, in the original's words where it has them (spec a.3, a.5).
    pub message: String,
    /// The text it is about.
    pub span: Span,
}

/// Everything `parse` recognised in one reply.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Parsed {
    /// Valid commands in the order they appear in the text, duplicates dropped.
    pub commands: Vec<Command>,
    /// Problems, in the order they appear in the text.
    pub diagnostics: Vec<Diagnostic>,
    /// The reply with every command (and every unsupported command tag) cut out.
    #[serde(rename = "text")]
    pub text_without_commands: String,
}

impl Parsed {
    /// Whether any command was found (the original's `hasCommands`).
    pub fn has_commands(&self) -> bool {
        !self.commands.is_empty()
    }
}
