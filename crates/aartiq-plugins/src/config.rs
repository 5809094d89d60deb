//! Plugin entries (`[[plugins]]` in TOML) and the host's supervision settings.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use aartiq_agents::TrustLevel;
use serde::{Deserialize, Serialize};

use crate::error::PluginError;

/// The longest plugin id.
pub const MAX_ID_LEN: usize = 64;

/// The timeout a plugin gets when its entry names none.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest timeout an entry may ask for (one hour).
pub const MAX_TIMEOUT: Duration = Duration::from_secs(3600);

/// The variables a plugin inherits from aartiq's own environment; everything else it gets is
/// in its entry's `env`. API keys, tokens and the like never reach a plugin by accident.
pub const INHERITED_ENV: &[&str] = &["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR"];

/// One plugin: an MCP server aartiq starts over stdio.
///
/// In TOML (`deny_unknown_fields`: a misspelt key is an error):
///
/// ```toml
/// [[plugins]]
/// id = "notes"
/// command = "/usr/bin/python3"
/// args = ["/opt/notes/server.py"]
/// env = { NOTES_DIR = "/home/me/notes" }
/// cwd = "/opt/notes"
/// trust = "standard"
/// enabled = true
/// timeout_secs = 20
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginConfig {
    /// The id the assistant calls it by: 1 to 64 of `a-z`, `0-9` and `-`.
    pub id: String,
    /// The program to run (a path, or a name looked up on `PATH`).
    pub command: String,
    /// Its arguments.
    #[serde(default)]
    pub args: Vec<String>,
    /// Variables set for it, on top of [`INHERITED_ENV`]; nothing else is passed on.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Its working directory; aartiq's own when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<PathBuf>,
    /// What its tools may do: a tool whose annotations imply a verb this level does not allow
    /// is refused. Default `limited` (read-only tools only, see [`crate::tool_verb`]).
    #[serde(default)]
    pub trust: TrustLevel,
    /// Whether it is started at all.
    #[serde(default = "enabled_default")]
    pub enabled: bool,
    /// How long one request after start-up (a tool call, a refreshed tool list) may take; the
    /// start-up itself has [`HostConfig::start_timeout`].
    #[serde(default = "timeout_default", rename = "timeout_secs", with = "secs")]
    pub timeout: Duration,
}

fn enabled_default() -> bool {
    true
}

fn timeout_default() -> Duration {
    DEFAULT_TIMEOUT
}

/// `timeout_secs` as a number of seconds (fractions allowed).
mod secs {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer, de};

    pub(super) fn serialize<S: Serializer>(value: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(value.as_secs_f64())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let secs = f64::deserialize(d)?;
        Duration::try_from_secs_f64(secs)
            .map_err(|_| de::Error::custom(format!("timeout_secs must be >= 0, got {secs}")))
    }
}

impl PluginConfig {
    /// An enabled plugin running `command`, trusted as `limited`, with the default timeout.
    pub fn new(id: impl Into<String>, command: impl Into<String>) -> Self {
        PluginConfig {
            id: id.into(),
            command: command.into(),
            args: Vec::new(),
            env: BTreeMap::new(),
            cwd: None,
            trust: TrustLevel::default(),
            enabled: true,
            timeout: DEFAULT_TIMEOUT,
        }
    }

    /// Sets the arguments.
    pub fn with_args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.args = args.into_iter().map(Into::into).collect();
        self
    }

    /// Adds one environment variable.
    pub fn with_env(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.insert(key.into(), value.into());
        self
    }

    /// Sets the working directory.
    pub fn with_cwd(mut self, cwd: impl Into<PathBuf>) -> Self {
        self.cwd = Some(cwd.into());
        self
    }

    /// Sets the trust level.
    pub fn with_trust(mut self, trust: TrustLevel) -> Self {
        self.trust = trust;
        self
    }

    /// Enables or disables it.
    pub fn with_enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }

    /// Sets the per-request timeout.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Checks the entry: the id's alphabet and length, a non-empty command, variable names
    /// (no `=`, no NUL, not empty), no NUL in any argument or value, a timeout in
    /// `(0, 1 h]`.
    ///
    /// # Errors
    /// [`PluginError::InvalidConfig`] naming the first problem.
    pub fn validate(&self) -> Result<(), PluginError> {
        let invalid = |reason: String| PluginError::InvalidConfig {
            id: self.id.clone(),
            reason,
        };
        if !is_valid_id(&self.id) {
            return Err(invalid(format!(
                "the id must be 1 to {MAX_ID_LEN} characters of a-z, 0-9 and -"
            )));
        }
        if self.command.trim().is_empty() {
            return Err(invalid("the command is empty".to_owned()));
        }
        if self.command.contains('\0') || self.args.iter().any(|a| a.contains('\0')) {
            return Err(invalid(
                "the command or an argument contains NUL".to_owned(),
            ));
        }
        for (key, value) in &self.env {
            if key.is_empty() || key.contains('=') || key.contains('\0') {
                return Err(invalid(format!(
                    "invalid environment variable name {key:?}"
                )));
            }
            if value.contains('\0') {
                return Err(invalid(format!("the value of {key} contains NUL")));
            }
        }
        if self.timeout.is_zero() || self.timeout > MAX_TIMEOUT {
            return Err(invalid(format!(
                "timeout_secs must be above 0 and at most {}",
                MAX_TIMEOUT.as_secs()
            )));
        }
        Ok(())
    }
}

/// Whether `id` is 1 to 64 characters of `a-z`, `0-9` and `-`.
pub fn is_valid_id(id: &str) -> bool {
    (1..=MAX_ID_LEN).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// How the host supervises its plugins.
#[derive(Debug, Clone, PartialEq)]
pub struct HostConfig {
    /// Restarts allowed per plugin within [`HostConfig::restart_window`]; past it the plugin
    /// stays failed until the oldest restart leaves the window. Default 3.
    pub max_restarts: u32,
    /// The window restarts are counted in. Default one minute.
    pub restart_window: Duration,
    /// The wait before the first restart after a failure; doubled after each failure in a
    /// row. Default 250 ms.
    pub initial_backoff: Duration,
    /// The longest wait between restarts. Default 10 s.
    pub max_backoff: Duration,
    /// How long a plugin may take to start: spawn, MCP handshake and the first `tools/list`.
    /// Default 30 s (package runners such as `npx` may download first).
    pub start_timeout: Duration,
    /// How long a plugin may take to exit after its stdin is closed, and again after
    /// `SIGTERM`, before it is killed. Default 2 s.
    pub shutdown_grace: Duration,
    /// The thresholds plugin output is scanned with.
    pub guard: aartiq_guard::Config,
}

impl Default for HostConfig {
    fn default() -> Self {
        HostConfig {
            max_restarts: 3,
            restart_window: Duration::from_secs(60),
            initial_backoff: Duration::from_millis(250),
            max_backoff: Duration::from_secs(10),
            start_timeout: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(2),
            guard: aartiq_guard::Config::default(),
        }
    }
}

impl HostConfig {
    /// Sets the restarts allowed per window.
    pub fn with_max_restarts(mut self, max: u32) -> Self {
        self.max_restarts = max;
        self
    }

    /// Sets the window restarts are counted in.
    pub fn with_restart_window(mut self, window: Duration) -> Self {
        self.restart_window = window;
        self
    }

    /// Sets the first and the longest backoff.
    pub fn with_backoff(mut self, initial: Duration, max: Duration) -> Self {
        self.initial_backoff = initial;
        self.max_backoff = max.max(initial);
        self
    }

    /// Sets the start-up timeout.
    pub fn with_start_timeout(mut self, timeout: Duration) -> Self {
        self.start_timeout = timeout;
        self
    }

    /// Sets the shutdown grace period.
    pub fn with_shutdown_grace(mut self, grace: Duration) -> Self {
        self.shutdown_grace = grace;
        self
    }

    /// Sets the guard thresholds.
    pub fn with_guard(mut self, guard: aartiq_guard::Config) -> Self {
        self.guard = guard;
        self
    }

    /// The backoff before the restart that follows `failures` failures in a row.
    pub(crate) fn backoff(&self, failures: u32) -> Duration {
        if failures == 0 {
            return Duration::ZERO;
        }
        let factor = 1u32 << failures.saturating_sub(1).min(16);
        self.initial_backoff
            .saturating_mul(factor)
            .min(self.max_backoff)
    }
}
