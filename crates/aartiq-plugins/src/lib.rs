//! Plugins: MCP servers that aartiq starts, supervises and calls, each with its own trust level.
//!
//! A plugin is any program that speaks the Model Context Protocol over stdio. Its entry in the
//! configuration ([`PluginConfig`], `[[plugins]]` in TOML) names the command, its arguments, the
//! environment it gets (a scrubbed one: only [`INHERITED_ENV`] plus its own `env`), its
//! working directory, its [trust level](aartiq_agents::TrustLevel), whether it is enabled, and a
//! per-request timeout.
//!
//! [`PluginSupervisor`] runs them on the official Rust SDK (`rmcp`, client side):
//! - **start**: each enabled plugin in its own process group, the MCP handshake, `tools/list`
//!   cached (refreshed when the plugin sends `tools/list_changed`);
//! - **supervise**: a plugin that crashed or failed to start is started again on its next use,
//!   after a backoff that doubles per failure in a row, at most [`HostConfig::max_restarts`]
//!   times per [`HostConfig::restart_window`]; its state and the end of its stderr are in
//!   [`PluginSupervisor::list`];
//! - **call** ([`PluginSupervisor::call`], PLUGIN_COMMAND `pluginId.commandName | {json}`, spec a.8
//!   row 46): typed errors for an unknown plugin or tool (listing the known ones), a failed
//!   start, a timeout, and a tool whose annotations imply a verb the plugin's trust does not
//!   allow ([`tool_verb`]: read-only, side-effecting, or destructive - the MCP default for a tool
//!   that says nothing); dropping the call or cancelling its token sends MCP
//!   `notifications/cancelled`;
//! - **scan**: everything a plugin returns, and every tool description it lists, is untrusted
//!   and goes through `aartiq-guard`; a [`PluginResult`] carries the verdicts so the runtime can
//!   quarantine, and [`PluginResult::model_text`] is what a model may see;
//! - **stop** ([`PluginSupervisor::shutdown`]): end of input, `SIGTERM`, `SIGKILL` to the group, each
//!   after a grace period; dropping the host kills the groups at once. No zombies either way.
//!
//! The runtime maps PLUGIN_COMMAND to [`PluginSupervisor::resolve`] (for the approval) and
//! [`PluginSupervisor::call_with`], and OPEN_MCP_SETTINGS to [`PluginSupervisor::list`].
//!
//! ```
//! use std::time::Duration;
//! use aartiq_plugins::{HostConfig, PluginConfig, PluginError, PluginSupervisor, PluginState};
//!
//! #[derive(serde::Deserialize)]
//! struct Settings {
//!     plugins: Vec<PluginConfig>,
//! }
//! let settings: Settings = toml::from_str(r#"
//!     [[plugins]]
//!     id = "notes"
//!     command = "/nonexistent/notes-mcp-server"
//!     trust = "standard"
//!     timeout_secs = 5
//! "#)?;
//!
//! let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
//! rt.block_on(async {
//!     let config = HostConfig::default().with_backoff(Duration::from_millis(10), Duration::from_millis(10));
//!     let host = PluginSupervisor::start(settings.plugins, config).await?;
//!     let status = &host.list().await[0];
//!     assert_eq!(status.state, PluginState::Failed);
//!     assert!(status.message.as_deref().unwrap_or_default().contains("not found"));
//!
//!     let err = host.call("notes.search", serde_json::json!({"query": "rust"})).await.unwrap_err();
//!     assert!(matches!(err, PluginError::StartFailed { .. }));
//!     let err = host.call("mail.send", serde_json::Value::Null).await.unwrap_err();
//!     assert_eq!(err.to_string(), "unknown plugin `mail`; configured plugins: notes");
//!     host.shutdown().await;
//!     Ok::<(), PluginError>(())
//! })?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod command;
mod config;
mod connection;
mod error;
mod process;
mod status;
mod supervisor;

pub use aartiq_guard::{Action, Scanned, Verdict};
pub use command::{PluginCommand, parse_params};
pub use config::{
    DEFAULT_TIMEOUT, HostConfig, INHERITED_ENV, MAX_ID_LEN, MAX_TIMEOUT, PluginConfig, is_valid_id,
};
pub use error::PluginError;
pub use status::{PluginResult, PluginState, PluginStatus, PluginTool, ResolvedTool, tool_verb};
pub use supervisor::{CallOptions, PluginSupervisor};
pub use tokio_util::sync::CancellationToken;
