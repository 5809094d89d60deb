//! What the host reports: a plugin's state and tools (OPEN_MCP_SETTINGS) and a call's result
//! (PLUGIN_COMMAND).

use aartiq_agents::{TrustLevel, Verb};
use aartiq_guard::{Action, Scanned, Verdict};
use serde::Serialize;
use serde_json::Value;

/// Where a plugin is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PluginState {
    /// Its process is being started or restarted.
    Starting,
    /// Its process runs and answered the MCP handshake.
    Running,
    /// Not running: disabled, not started yet, or shut down.
    Stopped,
    /// It could not start, crashed, or hit the restart limit; the next use tries again
    /// (within the limit).
    Failed,
}

impl PluginState {
    /// `starting`, `running`, `stopped` or `failed`.
    pub fn as_str(self) -> &'static str {
        match self {
            PluginState::Starting => "starting",
            PluginState::Running => "running",
            PluginState::Stopped => "stopped",
            PluginState::Failed => "failed",
        }
    }
}

impl std::fmt::Display for PluginState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One tool of a plugin, as its `tools/list` described it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PluginTool {
    /// The tool's name: the `commandName` of `pluginId.commandName`.
    pub name: String,
    /// Its description as the assistant may see it: the plugin's text when the guard allows
    /// it, sanitized, or the quarantine token (descriptions are untrusted: tool poisoning).
    pub description: String,
    /// What the guard decided about the description.
    pub description_action: Action,
    /// `readOnlyHint` (MCP default `false`).
    pub read_only: bool,
    /// `destructiveHint` for a tool that is not read-only (MCP default `true`); always `false`
    /// for a read-only tool.
    pub destructive: bool,
    /// The verb the annotations imply (see [`tool_verb`]).
    pub verb: Verb,
    /// Whether the plugin's trust level allows that verb; a tool that is not allowed is listed
    /// but refused when called.
    pub allowed: bool,
}

/// The verb a tool's annotations imply: `readOnly` for a read-only tool, `destructive` for a
/// tool that may destroy (the MCP default for a tool without annotations), `sideEffecting` for
/// one that only adds. Annotations are hints from the plugin, so this is an upper bound on
/// what it admits to, not a sandbox.
pub fn tool_verb(read_only: bool, destructive: bool) -> Verb {
    if read_only {
        Verb::ReadOnly
    } else if destructive {
        Verb::Destructive
    } else {
        Verb::SideEffecting
    }
}

/// One plugin as OPEN_MCP_SETTINGS shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PluginStatus {
    /// Its id.
    pub id: String,
    /// Its state.
    pub state: PluginState,
    /// Why it is stopped or failed (with the end of its stderr), or `None` when running.
    pub message: Option<String>,
    /// Its tools from the last `tools/list` (kept when it fails, empty before it first ran).
    pub tools: Vec<PluginTool>,
    /// Its trust level.
    pub trust: TrustLevel,
    /// Whether it is enabled in the configuration.
    pub enabled: bool,
    /// How many times it was restarted since the host started.
    pub restarts: u32,
    /// The process id while it runs.
    pub pid: Option<u32>,
}

/// A tool call resolved before it runs: what the runtime shows in an approval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResolvedTool {
    /// The plugin id.
    pub plugin: String,
    /// The plugin's trust level.
    pub trust: TrustLevel,
    /// The tool.
    pub tool: PluginTool,
    /// The arguments that will be sent.
    pub arguments: serde_json::Map<String, Value>,
}

/// What a tool call returned. Everything in it came from the plugin and was scanned by
/// `aartiq-guard`: show a model only [`PluginResult::model_text`].
#[derive(Debug, Clone)]
pub struct PluginResult {
    /// The plugin id.
    pub plugin: String,
    /// The tool.
    pub tool: String,
    /// The text content blocks joined by newlines (images, audio and blobs as
    /// `[image: type]`-style placeholders), with the guard's verdict.
    pub text: Scanned<String>,
    /// The structured content, if the tool returned any, with the verdict on its JSON text.
    pub structured: Option<Scanned<Value>>,
    /// The tool reported a failure (`isError`); its text says why.
    pub is_error: bool,
}

impl PluginResult {
    /// The strictest verdict of the text and the structured content.
    pub fn verdict(&self) -> &Verdict {
        match &self.structured {
            Some(s) if s.verdict.action > self.text.verdict.action => &s.verdict,
            _ => &self.text.verdict,
        }
    }

    /// The strictest action of the text and the structured content.
    pub fn action(&self) -> Action {
        self.verdict().action
    }

    /// What may be shown to a model: the quarantine token when either part is quarantined or
    /// blocked, else the text (sanitized where the guard says so), else the structured
    /// content's JSON when there is no text.
    pub fn model_text(&self) -> String {
        let verdict = self.verdict();
        if matches!(verdict.action, Action::Quarantine | Action::Block) {
            return verdict.model_text("").to_owned();
        }
        if !self.text.value.is_empty() {
            return self.text.model_text().to_owned();
        }
        match &self.structured {
            Some(s) => {
                let json = s.value.to_string();
                s.verdict.model_text(&json).to_owned()
            }
            None => String::new(),
        }
    }
}
