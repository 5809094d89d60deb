//! The one error type of the crate: configuration, start, lookup, policy and call failures.

use std::time::Duration;

use aartiq_agents::{TrustLevel, Verb};
use aartiq_guard::GuardError;

/// Why a plugin could not be configured, started or called.
///
/// A plugin tool's own failure (`isError: true` in its result) is not an error: it comes back
/// as a [`PluginResult`](crate::PluginResult) with `is_error` set.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PluginError {
    /// A plugin entry of the configuration is not valid.
    #[error("plugin `{id}`: invalid configuration: {reason}")]
    InvalidConfig {
        /// The plugin id as written (may itself be the invalid part).
        id: String,
        /// What is wrong.
        reason: String,
    },
    /// The guard thresholds of the [`HostConfig`](crate::HostConfig) are not valid.
    #[error("the plugin output scanner could not be built: {0}")]
    Guard(#[from] GuardError),
    /// Two plugin entries share an id.
    #[error("plugin id `{0}` is configured more than once")]
    DuplicateId(String),
    /// The command is not `pluginId.commandName`.
    #[error("invalid plugin command `{command}`: expected `pluginId.commandName`")]
    InvalidCommand {
        /// The command as given.
        command: String,
    },
    /// The parameters are not a JSON object (or a string holding one).
    #[error("invalid parameters for `{command}`: {reason}")]
    InvalidParams {
        /// The command as given.
        command: String,
        /// What is wrong with them.
        reason: String,
    },
    /// No plugin has this id.
    #[error("unknown plugin `{id}`; configured plugins: {}", list_or_none(known))]
    UnknownPlugin {
        /// The id asked for.
        id: String,
        /// The configured ids.
        known: Vec<String>,
    },
    /// The plugin has no tool of this name.
    #[error(
        "plugin `{plugin}` has no tool `{tool}`; its tools: {}",
        list_or_none(known)
    )]
    UnknownTool {
        /// The plugin.
        plugin: String,
        /// The tool asked for.
        tool: String,
        /// The tools the plugin listed.
        known: Vec<String>,
    },
    /// The plugin is disabled in the configuration.
    #[error("plugin `{0}` is disabled in the configuration")]
    Disabled(String),
    /// The host was shut down.
    #[error("plugin `{0}` is stopped: the plugin host was shut down")]
    ShutDown(String),
    /// The plugin's process could not be started or did not complete the MCP handshake.
    #[error("plugin `{id}` failed to start: {reason}{}", stderr_suffix(stderr))]
    StartFailed {
        /// The plugin.
        id: String,
        /// What went wrong (spawn error, exit status, handshake error, timeout).
        reason: String,
        /// The end of what the process wrote to stderr (empty when it wrote nothing).
        stderr: String,
    },
    /// The plugin's process ended while serving a call.
    #[error("plugin `{id}` crashed: {reason}{}", stderr_suffix(stderr))]
    Crashed {
        /// The plugin.
        id: String,
        /// How it ended (exit status or lost connection).
        reason: String,
        /// The end of what the process wrote to stderr.
        stderr: String,
    },
    /// The plugin was restarted too often; it is left failed until the window passes.
    #[error(
        "plugin `{id}` restarted {restarts} times within {window_secs} s; not restarting it for \
         another {retry_after:?}: {last_error}"
    )]
    RestartLimit {
        /// The plugin.
        id: String,
        /// Restarts counted in the window.
        restarts: u32,
        /// The window, in seconds.
        window_secs: u64,
        /// When the next restart may be tried.
        retry_after: Duration,
        /// Why it last failed.
        last_error: String,
    },
    /// The tool's annotations call for a verb the plugin's trust level does not allow.
    #[error(
        "plugin `{plugin}` is trusted as `{trust}`, which does not allow tool `{tool}` \
         (annotated {verb})"
    )]
    NotAllowed {
        /// The plugin.
        plugin: String,
        /// The tool.
        tool: String,
        /// The verb its annotations imply.
        verb: Verb,
        /// The plugin's trust level.
        trust: TrustLevel,
    },
    /// The call did not answer within the plugin's timeout; a cancellation was sent.
    #[error("plugin `{plugin}` tool `{tool}` did not answer within {after:?}")]
    Timeout {
        /// The plugin.
        plugin: String,
        /// The tool.
        tool: String,
        /// The timeout that passed.
        after: Duration,
    },
    /// The caller cancelled the call; a cancellation was sent to the plugin.
    #[error("plugin `{plugin}` tool `{tool}` was cancelled")]
    Cancelled {
        /// The plugin.
        plugin: String,
        /// The tool.
        tool: String,
    },
    /// The plugin answered with an MCP error or with something that is not a tool result.
    #[error("plugin `{plugin}` tool `{tool}` failed: {message}")]
    Protocol {
        /// The plugin.
        plugin: String,
        /// The tool (or `tools/list`).
        tool: String,
        /// The error as the plugin or the SDK stated it.
        message: String,
    },
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

fn stderr_suffix(stderr: &str) -> String {
    if stderr.trim().is_empty() {
        String::new()
    } else {
        format!("; stderr: {}", stderr.trim())
    }
}
