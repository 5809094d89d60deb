//! The runtime's configuration: plain values, no file IO (reading a config file is the
//! binary's job).

use std::path::PathBuf;
use std::time::Duration;

use aartiq_agents::TrustLevel;

/// When actions of the catalog's `by risk` approval class run without asking (spec a.7
/// `isActionAutoApproved`). The defaults ask for everything, as the original does.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ApprovalSettings {
    /// Run `low` risk actions without asking (`autoApproveLowRisk`, default off).
    pub auto_approve_low_risk: bool,
    /// Run `medium` risk actions without asking (`autoApproveMidRisk`, default off).
    pub auto_approve_mid_risk: bool,
    /// Command names (upper case) that run without asking unless their risk is `high`
    /// (`autoApprovedActions`).
    pub auto_approved_actions: Vec<String>,
}

impl ApprovalSettings {
    /// Sets `auto_approve_low_risk`.
    #[must_use]
    pub fn with_auto_approve_low_risk(mut self, on: bool) -> Self {
        self.auto_approve_low_risk = on;
        self
    }

    /// Sets `auto_approve_mid_risk`.
    #[must_use]
    pub fn with_auto_approve_mid_risk(mut self, on: bool) -> Self {
        self.auto_approve_mid_risk = on;
        self
    }
}

/// The bounded process runner for approved `SHELL_COMMAND` lines.
#[derive(Debug, Clone, PartialEq)]
pub struct ShellConfig {
    /// The shell policy's settings (`auto_approve_low_risk_shell` and friends).
    pub policy: aartiq_shell_policy::Settings,
    /// The shell that runs a line as `<program> -c <line>`.
    pub program: PathBuf,
    /// The working directory of every line.
    pub working_dir: PathBuf,
    /// A line still running after this long is killed (with its process group).
    pub timeout: Duration,
    /// At most this many bytes of stdout and of stderr are kept; the rest is counted and dropped.
    pub output_cap: usize,
    /// The only environment variables passed on, when set in the runtime's own environment.
    /// Names that look like secrets (`*KEY*`, `*TOKEN*`, `*SECRET*`, `*PASSWORD*`, ...) are
    /// dropped even when listed.
    pub env_allowlist: Vec<String>,
}

impl Default for ShellConfig {
    fn default() -> ShellConfig {
        ShellConfig {
            policy: aartiq_shell_policy::Settings::default(),
            program: PathBuf::from("/bin/bash"),
            working_dir: PathBuf::from("."),
            timeout: Duration::from_secs(30),
            output_cap: 64 * 1024,
            env_allowlist: [
                "PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TERM", "USER", "LOGNAME", "SHELL",
                "TMPDIR", "TZ",
            ]
            .into_iter()
            .map(str::to_owned)
            .collect(),
        }
    }
}

/// Everything a [`Runtime`](crate::Runtime) is told. Build with `Config::default()` and the
/// `with_*` methods.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The assistant's agent id in the tool registry.
    pub agent_id: String,
    /// The assistant's trust level. `standard` lets it ask for side effects (each approved).
    pub trust: TrustLevel,
    /// The most model replies one goal may take.
    pub max_steps: usize,
    /// Whether the planner runs (it asks the model for a plan with a separate request).
    pub planning: bool,
    /// Re-plan every this many steps (spec i.1: 3).
    pub planning_interval: usize,
    /// Approval of catalog actions.
    pub approvals: ApprovalSettings,
    /// The shell runner.
    pub shell: ShellConfig,
    /// `WAIT` longer than this is cut to it.
    pub max_wait: Duration,
    /// The browser's search engine for `SEARCH`; `{query}` is replaced by the encoded query.
    pub search_engine_url: String,
    /// Each result is cut to this many characters before the model sees it.
    pub max_result_chars: usize,
    /// Sampling temperature of the chat requests.
    pub temperature: Option<f32>,
    /// Extra instructions appended to the system prompt.
    pub extra_instructions: Option<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            agent_id: "aartiq-assistant".to_owned(),
            trust: TrustLevel::Standard,
            max_steps: 12,
            planning: true,
            planning_interval: 3,
            approvals: ApprovalSettings::default(),
            shell: ShellConfig::default(),
            max_wait: Duration::from_secs(30),
            search_engine_url: "https://duckduckgo.com/?q={query}".to_owned(),
            max_result_chars: 8000,
            temperature: Some(0.2),
            extra_instructions: None,
        }
    }
}

impl Config {
    /// Sets the step budget.
    #[must_use]
    pub fn with_max_steps(mut self, steps: usize) -> Self {
        self.max_steps = steps;
        self
    }

    /// Turns the planner on or off.
    #[must_use]
    pub fn with_planning(mut self, on: bool) -> Self {
        self.planning = on;
        self
    }

    /// Sets the approval settings.
    #[must_use]
    pub fn with_approvals(mut self, approvals: ApprovalSettings) -> Self {
        self.approvals = approvals;
        self
    }

    /// Sets the shell runner's settings.
    #[must_use]
    pub fn with_shell(mut self, shell: ShellConfig) -> Self {
        self.shell = shell;
        self
    }
}
