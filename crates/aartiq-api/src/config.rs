//! The listener's configuration, with the defaults of spec d.9.

use std::path::PathBuf;
use std::time::Duration;

use aartiq_agents::TrustLevel;
use serde_json::Value;

use crate::error::ApiError;

/// The agent API's port (spec d.9; the native bridge keeps 46203).
pub const DEFAULT_PORT: u16 = 46204;

/// The host the listener binds when `remote` is not exactly `true` (spec d.9).
pub const DEFAULT_HOST: &str = "127.0.0.1";

/// The largest request body accepted: 1 MiB.
pub const DEFAULT_BODY_LIMIT: usize = 1024 * 1024;

/// How long one request may take before it is answered 408.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(120);

/// How long a connection may take to send a request's headers, and how long an idle
/// keep-alive connection stays open waiting for its next request.
pub const DEFAULT_HEADER_READ_TIMEOUT: Duration = Duration::from_secs(15);

/// How many connections are served at once; past it a new connection is closed at once, so
/// slow clients cannot use up the process's file descriptors.
pub const DEFAULT_MAX_CONNECTIONS: usize = 512;

/// How many MCP sessions over HTTP are kept at once, overall; past it the one idle longest is
/// closed.
pub const DEFAULT_MAX_MCP_SESSIONS: usize = 256;

/// How many MCP sessions one credential (or the admin token) may hold at once; past it its
/// session idle longest is closed.
pub const DEFAULT_MAX_MCP_SESSIONS_PER_CREDENTIAL: usize = 32;

/// The token file's name in the home directory (spec d.6).
pub const TOKEN_FILE_NAME: &str = ".aartiq-agent-token";

/// Where the client credentials of the token file `token_file` persist: beside it, with
/// `.clients.json` appended to its name (`~/.aartiq-agent-token.clients.json`).
pub fn clients_path(token_file: &std::path::Path) -> PathBuf {
    let mut name = token_file.file_name().unwrap_or_default().to_owned();
    name.push(".clients.json");
    token_file.with_file_name(name)
}

/// How the HTTP listener (and the MCP-over-HTTP mount) is configured.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiConfig {
    /// The host to bind when not remote.
    pub host: String,
    /// The port.
    pub port: u16,
    /// Whether to bind every interface. Only an exact `true` in a configuration file sets it
    /// (spec d.7: the string `"false"` does not open the listener).
    pub remote: bool,
    /// Extra `Host` header values accepted in remote mode: `host` or `host:port` (spec d.7).
    pub remote_hosts: Vec<String>,
    /// The trust level an unknown agent is registered with (spec d.9: `limited`).
    pub default_trust: TrustLevel,
    /// A fixed token; when `None` the token file is used (created on first start).
    pub token: Option<String>,
    /// The token file; `~/.aartiq-agent-token` when `None`.
    pub token_file: Option<PathBuf>,
    /// The largest request body, in bytes (larger ones are answered 413).
    pub body_limit: usize,
    /// How long one request may take (longer ones are answered 408).
    pub request_timeout: Duration,
    /// How long a connection may take to send its request headers, and stay idle between
    /// requests; then it is closed.
    pub header_read_timeout: Duration,
    /// How many connections are served at once (more are closed at once).
    pub max_connections: usize,
    /// How many MCP sessions over HTTP are kept overall.
    pub max_mcp_sessions: usize,
    /// How many MCP sessions one credential may hold.
    pub max_mcp_sessions_per_credential: usize,
    /// Where pending approvals are written so `aartiq-mcp approve` can answer them from another
    /// process; `None` keeps them in memory only (HTTP approval routes still work).
    pub approvals_dir: Option<PathBuf>,
    /// Whether an MCP client may ask its person in-band through elicitation (see
    /// [`Elicitation`]); off by default.
    pub elicitation: Elicitation,
    /// How long an in-band question waits for its answer before the call falls back to an
    /// approval id.
    pub elicitation_timeout: Duration,
    /// The tools served, as tool and group names (`core`, `vision`, ...; see
    /// [`aartiq_tools::TOOL_GROUPS`]); `None` serves every tool.
    pub tools: Option<Vec<String>>,
}

/// The MCP extension a client declares (in `capabilities.extensions`) to say that it shows an
/// elicitation to its person, rather than answering it itself.
pub const PERSON_ELICITATION_EXTENSION: &str = "io.aartiq/person-elicitation";

/// How long an in-band question waits by default.
pub const DEFAULT_ELICITATION_TIMEOUT: Duration = Duration::from_secs(120);

/// Who may be asked for an approval in-band, through MCP elicitation.
///
/// An MCP client that answers its own elicitation is the agent approving itself, so the
/// default asks no client: every approval goes through an approval id a person decides out of
/// band (`aartiq-mcp approve`, or the admin routes). Even when asked in-band, a call about
/// agents or security (registering an agent with trust, revoking, the kill switch) is never
/// elicited: it always needs the out-of-band path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Elicitation {
    /// Never ask in-band.
    #[default]
    Off,
    /// Ask only clients that declare elicitation *and* the extension
    /// [`PERSON_ELICITATION_EXTENSION`], saying they show the question to their person.
    Declared,
}

impl Elicitation {
    /// Reads `off` or `declared`.
    ///
    /// # Errors
    /// [`ApiError::Config`] for anything else.
    pub fn parse(text: &str) -> Result<Elicitation, ApiError> {
        match text {
            "off" => Ok(Elicitation::Off),
            "declared" => Ok(Elicitation::Declared),
            other => Err(ApiError::Config(format!(
                "elicitation \"{other}\" is not one of off, declared"
            ))),
        }
    }
}

impl Default for ApiConfig {
    fn default() -> ApiConfig {
        ApiConfig {
            host: DEFAULT_HOST.to_owned(),
            port: DEFAULT_PORT,
            remote: false,
            remote_hosts: Vec::new(),
            default_trust: TrustLevel::Limited,
            token: None,
            token_file: None,
            body_limit: DEFAULT_BODY_LIMIT,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            header_read_timeout: DEFAULT_HEADER_READ_TIMEOUT,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_mcp_sessions: DEFAULT_MAX_MCP_SESSIONS,
            max_mcp_sessions_per_credential: DEFAULT_MAX_MCP_SESSIONS_PER_CREDENTIAL,
            approvals_dir: None,
            elicitation: Elicitation::Off,
            elicitation_timeout: DEFAULT_ELICITATION_TIMEOUT,
            tools: None,
        }
    }
}

impl ApiConfig {
    /// The address to bind: `0.0.0.0` only when `remote` is true, else `host` (spec d.9).
    pub fn bind_host(&self) -> &str {
        if self.remote { "0.0.0.0" } else { &self.host }
    }

    /// The token file in force: the configured one or `~/.aartiq-agent-token`.
    ///
    /// # Errors
    /// [`ApiError::Config`] when no file is configured and there is no home directory.
    pub fn token_path(&self) -> Result<PathBuf, ApiError> {
        match &self.token_file {
            Some(path) => Ok(path.clone()),
            None => std::env::var_os("HOME")
                .map(|home| PathBuf::from(home).join(TOKEN_FILE_NAME))
                .ok_or_else(|| ApiError::Config("no HOME directory for the token file".to_owned())),
        }
    }

    /// Reads the agent-API keys of a JSON configuration object over the defaults: `port`,
    /// `host`, `remote`, `remoteHosts`, `defaultTrust`, `token`, `elicitation` (`"off"` or
    /// `"declared"`). `remote` counts only when it
    /// is the JSON value `true`.
    ///
    /// # Errors
    /// [`ApiError::Config`] for a value of the wrong type or out of range.
    pub fn from_json(value: &Value) -> Result<ApiConfig, ApiError> {
        let mut config = ApiConfig::default();
        let Some(map) = value.as_object() else {
            return Err(ApiError::Config(
                "the configuration is not a JSON object".to_owned(),
            ));
        };
        if let Some(port) = map.get("port") {
            config.port = port
                .as_u64()
                .and_then(|p| u16::try_from(p).ok())
                .filter(|p| *p != 0)
                .ok_or_else(|| ApiError::Config(format!("port {port} is not a port number")))?;
        }
        if let Some(host) = map.get("host") {
            config.host = host
                .as_str()
                .filter(|h| !h.is_empty())
                .ok_or_else(|| ApiError::Config("host must be a non-empty string".to_owned()))?
                .to_owned();
        }
        // Spec d.7: `remote` must be exactly true; "false", 1 or "true" leave it closed.
        config.remote = map.get("remote") == Some(&Value::Bool(true));
        if let Some(hosts) = map.get("remoteHosts") {
            config.remote_hosts = hosts
                .as_array()
                .map(|items| {
                    items
                        .iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .ok_or_else(|| ApiError::Config("remoteHosts must be a list".to_owned()))?;
        }
        if let Some(trust) = map.get("defaultTrust") {
            config.default_trust = serde_json::from_value(trust.clone()).map_err(|_| {
                ApiError::Config(format!(
                    "defaultTrust {trust} is not one of untrusted, limited, standard, privileged"
                ))
            })?;
        }
        if let Some(mode) = map.get("elicitation") {
            config.elicitation = Elicitation::parse(mode.as_str().unwrap_or_default())?;
        }
        if let Some(token) = map.get("token") {
            config.token = match token {
                Value::Null => None,
                Value::String(t) if !t.is_empty() => Some(t.clone()),
                _ => {
                    return Err(ApiError::Config(
                        "token must be a non-empty string".to_owned(),
                    ));
                }
            };
        }
        Ok(config)
    }
}
