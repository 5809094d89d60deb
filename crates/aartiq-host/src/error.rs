//! The one error type of `aartiq-host`.

use std::path::PathBuf;
use std::time::Duration;

use aartiq_tools::{BackendError, TabId};

use crate::page::HistoryDirection;

/// One way a capability was tried and why it did not work (for [`HostError::Unavailable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// What was tried: a program name or a path.
    pub via: String,
    /// Why it did not work, in a few words (`not installed`, `no backlight device`, a stderr
    /// excerpt).
    pub why: String,
}

impl Attempt {
    /// An attempt from its two parts.
    pub fn new(via: impl Into<String>, why: impl Into<String>) -> Attempt {
        Attempt {
            via: via.into(),
            why: why.into(),
        }
    }
}

fn list(tried: &[Attempt]) -> String {
    tried
        .iter()
        .map(|a| format!("{}: {}", a.via, a.why))
        .collect::<Vec<_>>()
        .join("; ")
}

fn excerpt(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!(": {stderr}")
    }
}

/// Why a host capability failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum HostError {
    /// The program is not on the search path (or the named file is not executable).
    #[error("{program} is not installed (not found on PATH)")]
    NotInstalled {
        /// The program asked for.
        program: String,
    },
    /// The program was found but could not be started.
    #[error("could not start {program}: {message}")]
    Spawn {
        /// The program.
        program: String,
        /// The operating system's reason.
        message: String,
    },
    /// The program ran longer than allowed and was killed with its process group.
    #[error("{program} timed out after {after:?} and was killed")]
    TimedOut {
        /// The program.
        program: String,
        /// The limit.
        after: Duration,
    },
    /// The program exited unsuccessfully.
    #[error("{program} failed (exit code {}){}", code.map_or_else(|| "none: killed by a signal".to_owned(), |c| c.to_string()), excerpt(stderr))]
    Failed {
        /// The program.
        program: String,
        /// Its exit code; `None` when a signal ended it.
        code: Option<i32>,
        /// The start of its standard error, trimmed (at most 1000 characters).
        stderr: String,
    },
    /// No way to do this exists on this host: every method tried is listed with why it failed.
    #[error("cannot {capability} on this host ({})", list(tried))]
    Unavailable {
        /// What was wanted, e.g. `set the volume`.
        capability: &'static str,
        /// Every method tried, in order.
        tried: Vec<Attempt>,
    },
    /// A level outside 0..=100.
    #[error("level {0} is out of range (0-100)")]
    InvalidLevel(u32),
    /// No desktop application matches the name.
    #[error("no application named \"{name}\" (searched the desktop entries in {})", searched.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "))]
    AppNotFound {
        /// The name asked for.
        name: String,
        /// The `applications` folders searched, in order.
        searched: Vec<PathBuf>,
    },
    /// A desktop entry was found but its `Exec` line cannot be run.
    #[error("the desktop entry {path} has an unusable Exec line: {reason}")]
    BadDesktopEntry {
        /// The `.desktop` file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// Tesseract's output could not be read.
    #[error("unreadable OCR output: {0}")]
    Ocr(String),
    /// A rectangle with no area, or one that does not fit the page.
    #[error("invalid region {0}")]
    InvalidRect(String),
    /// The tab's history has no entry in that direction.
    #[error("tab {tab} has no history entry to go {direction}")]
    NoHistoryEntry {
        /// The tab.
        tab: TabId,
        /// Which way.
        direction: HistoryDirection,
    },
    /// The browser failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// Not a YouTube video id or an http(s) URL.
    #[error(
        "\"{0}\" is neither a YouTube video id (11 characters of A-Z a-z 0-9 _ -) nor an http(s) URL"
    )]
    InvalidVideo(String),
    /// An empty search query.
    #[error("the video search query is empty")]
    EmptyQuery,
    /// Not an absolute path to an executable file.
    #[error("{path} is not an absolute path to an executable file")]
    NotExecutable {
        /// The path given.
        path: PathBuf,
    },
    /// A file is in the way that this crate did not write.
    #[error("{path} exists and was not written by aartiq; it is left alone")]
    NotOurs {
        /// The file.
        path: PathBuf,
    },
    /// A file operation failed.
    #[error("{action} {path}: {message}")]
    Io {
        /// What was being done (`writing`, `reading`, ...).
        action: &'static str,
        /// The path.
        path: PathBuf,
        /// The operating system's reason.
        message: String,
    },
}

impl HostError {
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        error: &std::io::Error,
    ) -> Self {
        HostError::Io {
            action,
            path: path.into(),
            message: error.to_string(),
        }
    }
}
