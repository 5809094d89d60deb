//! Errors of the DevTools client.

use std::path::PathBuf;
use std::time::Duration;

/// Why talking to the browser failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CdpError {
    /// No browser executable was found.
    #[error("no Chromium found (tried {}); install it with `apt-get install chromium` or give its path", tried.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "))]
    BrowserNotFound {
        /// The paths tried.
        tried: Vec<PathBuf>,
    },
    /// The browser did not start or did not answer.
    #[error("could not launch the browser: {message}{}", if stderr.is_empty() { String::new() } else { format!("\nbrowser stderr:\n{stderr}") })]
    Launch {
        /// What went wrong.
        message: String,
        /// The browser's last stderr lines.
        stderr: String,
    },
    /// The browser answered a call with an error.
    #[error("{method} failed: {message} (code {code})")]
    Protocol {
        /// The method called.
        method: String,
        /// The protocol error code.
        code: i64,
        /// The browser's message.
        message: String,
    },
    /// No answer in time.
    #[error("{method} timed out after {after:?}")]
    Timeout {
        /// The method called.
        method: String,
        /// How long it waited.
        after: Duration,
    },
    /// The connection is gone (the browser exited or crashed).
    #[error("the browser connection closed during {method}")]
    Closed {
        /// The method that was waiting.
        method: String,
    },
    /// A navigation failed at the network level.
    #[error("navigation to {url} failed: {reason}")]
    Navigation {
        /// Where to.
        url: String,
        /// The browser's error text, e.g. `net::ERR_CONNECTION_REFUSED`.
        reason: String,
    },
    /// A script threw.
    #[error("page script failed: {0}")]
    Script(String),
    /// A message could not be read.
    #[error("unreadable DevTools message: {0}")]
    Decode(String),
    /// Private addresses are to be blocked on a browser aartiq did not launch, where the
    /// fence that refuses WebSocket handshakes cannot be put in front of it.
    #[error(
        "private addresses cannot be blocked on an attached browser: its WebSocket handshakes \
         cannot be refused over the DevTools protocol, and only a browser aartiq launches \
         connects through aartiq's fence; launch the browser here or drop block-private"
    )]
    Unfenced,
    /// The process or pipe failed.
    #[error("browser process error: {0}")]
    Transport(String),
    /// The settings for reaching a remote browser are unusable (a header that is not
    /// `Name: value`, a CA file that holds no certificate); the message never quotes a
    /// header's value.
    #[error("cannot attach: {0}")]
    Attach(String),
    /// A remote browser pool refused a session because it is full or rate-limited (HTTP 429
    /// or 503 at the WebSocket handshake), in its own words.
    #[error("{endpoint} refused a session: HTTP {status}{}", if message.is_empty() { String::new() } else { format!(" ({message})") })]
    Busy {
        /// The endpoint, as it may be shown (no token).
        endpoint: String,
        /// The HTTP status.
        status: u16,
        /// The pool's message.
        message: String,
    },
}
