//! The agent API over MCP and HTTP, from one codebase: the shared library of the `aartiq-mcp`
//! and `aartiq-http` binaries.
//!
//! Outside agents reach the tools of `aartiq-tools` through two transports that contain no
//! tool logic of their own. Both go through one [`AgentApi`], which owns the
//! [`aartiq_tools::ToolRegistry`] and its fail-closed pipeline:
//!
//! - [`McpServer`]: a hand-written `rmcp` [`rmcp::ServerHandler`] (spec d.8), served over stdio
//!   or Streamable HTTP. `tools/list` publishes the registry's own schemas and annotations; the
//!   agent id comes from the client's credential, else `_meta.agentId` or its `clientInfo`; side
//!   effects are approved with an approval id a person answers out of band (`aartiq-mcp
//!   approve <id>`), or in-band by elicitation only when the operator allows it
//!   ([`Elicitation::Declared`]) and the client says it shows the question to its person; the
//!   built-in skills are prompts.
//! - [`HttpServer`] / [`router`]: axum with `POST /api/<tool>`, `GET /health`, the client
//!   credential and approval routes, `GET /openapi.json` ([`openapi`], generated from the same
//!   schemas) and `/mcp` (spec d.6). Every request passes the `Host` and `Origin` checks, the
//!   lockout and the token check ([`auth`], spec d.7) before anything else.
//! - [`ApiConfig`]: the defaults of spec d.9 (port 46204, host 127.0.0.1, not remote, new agents
//!   `limited`).
//! - [`Backends`]: what the tools run on; [`Backends::headless`] fills in truthful backends for
//!   what a server does not have (no vault, no UI).
//!
//! ```
//! use std::sync::Arc;
//! use aartiq_api::{AgentApi, ApiConfig, Backends, UnavailableBrowser};
//! use aartiq_agents::AgentId;
//!
//! # fn main() -> Result<(), aartiq_api::ApiError> {
//! let backends = Backends::headless(Arc::new(UnavailableBrowser::new("not launched")));
//! let api = AgentApi::new(backends, &ApiConfig::default())?;
//! assert_eq!(api.specs().len(), 51);
//!
//! let runtime = tokio::runtime::Builder::new_current_thread().build().map_err(aartiq_api::ApiError::Listen)?;
//! let agent = AgentId::new("demo");
//! api.ensure_agent(&agent, "demo", aartiq_agents::Transport::Http);
//! let status = runtime.block_on(api.call(&agent, "browser_status", serde_json::json!({}), None, None));
//! assert!(!status.is_error);
//! let status: serde_json::Value = serde_json::from_str(&status.text).map_err(|_| aartiq_api::ApiError::Listen(std::io::Error::other("not JSON")))?;
//! assert_eq!(status["agents"], 1);
//! assert_eq!(status["browser"]["state"], "unavailable");
//! # Ok(())
//! # }
//! ```

pub mod approvals;
pub mod auth;
mod backends;
mod config;
mod error;
mod http;
mod mcp;
mod openapi;
mod service;

pub use approvals::{ApprovalState, Approvals, PendingApproval, RetryError};
pub use backends::{Backends, HeadlessUi, NoExtensions, NoVault, UnavailableBrowser};
pub use config::{
    ApiConfig, DEFAULT_BODY_LIMIT, DEFAULT_ELICITATION_TIMEOUT, DEFAULT_HEADER_READ_TIMEOUT,
    DEFAULT_HOST, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_MCP_SESSIONS,
    DEFAULT_MAX_MCP_SESSIONS_PER_CREDENTIAL, DEFAULT_PORT, DEFAULT_REQUEST_TIMEOUT, Elicitation,
    PERSON_ELICITATION_EXTENSION, TOKEN_FILE_NAME, clients_path,
};
pub use error::ApiError;
pub use http::{HttpServer, HttpState, LocalRequest, http_body, router, router_with};
pub use mcp::{McpServer, SERVER_NAME, SERVER_TITLE, UNTRUSTED_META_KEY, mcp_result, mcp_tools};
pub use openapi::openapi;
pub use service::{
    AgentApi, CallResult, InBandApproval, MAX_GENERATED_AGENTS, NO_PERSON_IN_BAND, ServerApprover,
    approval_instructions, portable_schema,
};

/// Locks `mutex`, going on with the data if a panic elsewhere poisoned it (plain data).
pub(crate) fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
