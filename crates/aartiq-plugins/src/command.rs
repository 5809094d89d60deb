//! PLUGIN_COMMAND's value and parameters: `pluginId.commandName | {json}` (spec a.8 row 46).

use serde_json::{Map, Value};

use crate::config::is_valid_id;
use crate::error::PluginError;

/// `pluginId.commandName`, split at the first dot (an id has no dot; a tool name may).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PluginCommand<'a> {
    /// The plugin id.
    pub plugin: &'a str,
    /// The tool name.
    pub tool: &'a str,
}

impl<'a> PluginCommand<'a> {
    /// Splits `pluginId.commandName` (surrounding whitespace ignored).
    ///
    /// # Errors
    /// [`PluginError::InvalidCommand`] when there is no dot, the id is not a valid plugin id,
    /// or the tool name is empty.
    pub fn parse(command: &'a str) -> Result<Self, PluginError> {
        let trimmed = command.trim();
        let invalid = || PluginError::InvalidCommand {
            command: command.to_owned(),
        };
        let (plugin, tool) = trimmed.split_once('.').ok_or_else(invalid)?;
        if !is_valid_id(plugin) || tool.trim().is_empty() {
            return Err(invalid());
        }
        Ok(PluginCommand { plugin, tool })
    }
}

/// The tool arguments from PLUGIN_COMMAND's parameters: an object as is; `null` or an
/// empty/blank string as no arguments; a string holding a JSON object parsed (the bracket form
/// carries them as text, spec a.8 row 46).
///
/// # Errors
/// [`PluginError::InvalidParams`] for a string that is not JSON or any value that is not an
/// object.
pub fn parse_params(command: &str, params: Value) -> Result<Map<String, Value>, PluginError> {
    let invalid = |reason: String| PluginError::InvalidParams {
        command: command.to_owned(),
        reason,
    };
    let value = match params {
        Value::String(text) if text.trim().is_empty() => return Ok(Map::new()),
        Value::String(text) => serde_json::from_str::<Value>(text.trim())
            .map_err(|e| invalid(format!("not valid JSON ({e})")))?,
        other => other,
    };
    match value {
        Value::Object(map) => Ok(map),
        Value::Null => Ok(Map::new()),
        other => Err(invalid(format!(
            "expected a JSON object, got {}",
            kind_of(&other)
        ))),
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
