//! Errors of backends and tool handlers.

use aartiq_agents::AgentError;

use crate::files::UploadRefusal;
use crate::refs::RefError;
use crate::selector::SelectorRefusal;
use crate::types::TabId;

/// A backend (browser, vault, search, extensions, UI) could not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BackendError {
    /// The tab id names no open tab.
    #[error("Unknown tabId \"{0}\". Call list_tabs to get current ids.")]
    UnknownTab(TabId),
    /// There is no browser window at all.
    #[error("No browser window is open.")]
    NoWindow,
    /// The vault is locked.
    #[error("Vault is locked. Call unlock() first.")]
    VaultLocked,
    /// A script or protocol call in the page failed.
    #[error("Page script failed: {0}")]
    Script(String),
    /// `upload_file` refused its paths before anything was read.
    #[error(transparent)]
    Upload(#[from] UploadRefusal),
    /// No download has this id (code `DOWNLOAD_NOT_FOUND`).
    #[error("No download has the id \"{0}\". Call list_downloads for the ids.")]
    UnknownDownload(String),
    /// A `confirm` or `prompt` dialog is open in the tab and blocks its page until it is
    /// answered (code `DIALOG_OPEN`).
    #[error(
        "A {kind} dialog is open in tab {tab}: answer it with handle_dialog first (it is dismissed when nobody answers in time)."
    )]
    DialogOpen {
        /// The tab.
        tab: TabId,
        /// `confirm` or `prompt`.
        kind: String,
    },
    /// No dialog waits in the tab (code `NO_DIALOG`); `closed` says what became of the last one.
    #[error("No dialog is open in tab {tab}.{}", closed.as_deref().map(|c| format!(" {c}")).unwrap_or_default())]
    NoDialog {
        /// The tab.
        tab: TabId,
        /// The last dialog's end, when it was not answered by the agent.
        closed: Option<String>,
    },
    /// The browser exited or its connection dropped during the call (code `BROWSER_GONE`);
    /// the next call starts or reconnects a new one.
    #[error("The browser is gone: {0}. The next browser call starts a new one.")]
    BrowserGone(String),
    /// The browser died too often to be started again now (code `BROWSER_RESTART_LIMIT`).
    #[error(
        "The browser died {restarts} times in {window_secs} s and is not started again for now ({reason}); try again in {retry_secs} s."
    )]
    RestartLimit {
        /// Restarts in the window.
        restarts: u32,
        /// The window, in seconds.
        window_secs: u64,
        /// Why it last died.
        reason: String,
        /// When the next start is allowed.
        retry_secs: u64,
    },
    /// A remote browser pool refused a session: full, queue full or rate-limited (code
    /// `BROWSER_BUSY`), in the pool's words.
    #[error("The browser pool is busy: {0}")]
    Busy(String),
    /// A vault password or code shows as text in the tab, so no picture of it is taken
    /// (code `SECRET_ON_SCREEN`).
    #[error(
        "A password or one-time code from the vault shows as text in tab {0}: no screenshot is taken until it is sent or replaced."
    )]
    SecretOnScreen(TabId),
    /// This backend cannot do what was asked (code `UNSUPPORTED`).
    #[error("This browser backend cannot {0}.")]
    Unsupported(&'static str),
    /// Anything else the backend reports, in its own words.
    #[error("{0}")]
    Other(String),
}

/// Why a tool handler failed. The pipeline turns it into a rejection at the `handler` step.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ToolError {
    /// The backend failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// A ref could not be used (stale, unknown, not actionable...).
    #[error(transparent)]
    Ref(Box<RefError>),
    /// The agent registry refused (unknown agent, trust needing approval...).
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// The tool refuses these arguments, with the original's message where it has one.
    #[error("{0}")]
    Refused(String),
    /// A CSS selector could test what a field holds (code `selector-refused`).
    #[error(transparent)]
    Selector(#[from] SelectorRefusal),
    /// The agent already has its level's number of tabs open (code `tab-limit`).
    #[error("Agent {agent} already has its maximum of {max} tabs open; close one first.")]
    TabLimit {
        /// The agent.
        agent: String,
        /// Its level's limit.
        max: usize,
    },
    /// `wait_for` ran out of time (code `WAIT_TIMEOUT`); says what it saw last.
    #[error("wait_for timed out after {waited_ms} ms: {}. URL: {url}", unmet.join("; "))]
    WaitTimeout {
        /// How long it waited.
        waited_ms: u64,
        /// The tab's URL at the end.
        url: String,
        /// Each condition that did not hold, as last seen.
        unmet: Vec<String>,
    },
    /// A value could not be turned into JSON (a defect).
    #[error("could not serialise the result: {0}")]
    Serialize(String),
}

impl From<RefError> for ToolError {
    fn from(error: RefError) -> ToolError {
        ToolError::Ref(Box::new(error))
    }
}
