//! Errors of the model clients.

use std::time::Duration;

/// Why a model request failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LlmError {
    /// Nothing accepted the connection: the model server is not running.
    #[error(
        "nothing is listening at {url}; start the model server (e.g. LM Studio on port 1234 or `ollama serve`)"
    )]
    NotListening {
        /// The URL tried.
        url: String,
    },
    /// The server answered with an error status.
    #[error("{url} answered HTTP {status}: {message}")]
    Http {
        /// The URL.
        url: String,
        /// The status code.
        status: u16,
        /// The error body's message, or the body itself.
        message: String,
    },
    /// No answer, or no next chunk, in time.
    #[error("{what} timed out after {after:?}")]
    Timeout {
        /// What was waited for.
        what: &'static str,
        /// How long.
        after: Duration,
    },
    /// The stream ended before `[DONE]` or a finish reason.
    #[error("the stream from {url} broke off: {reason}")]
    BrokenStream {
        /// The URL.
        url: String,
        /// What happened.
        reason: String,
    },
    /// The server sent something that is not the OpenAI wire format.
    #[error("unexpected response from {url}: {reason}")]
    Protocol {
        /// The URL.
        url: String,
        /// What was wrong.
        reason: String,
    },
    /// The images endpoint answered without an image: an empty `data` list, or an entry with
    /// neither `b64_json` nor `url`.
    #[error("{url} answered without an image: {reason}")]
    NoImage {
        /// The URL.
        url: String,
        /// What was missing.
        reason: String,
    },
    /// The base URL or another setting is unusable.
    #[error("invalid configuration: {0}")]
    Config(String),
    /// Any other transport failure.
    #[error("request to {url} failed: {reason}")]
    Transport {
        /// The URL.
        url: String,
        /// The transport's message.
        reason: String,
    },
}

impl LlmError {
    /// Whether trying again may help (connection refused, 429, 5xx, timeouts).
    pub fn is_retryable(&self) -> bool {
        match self {
            LlmError::NotListening { .. }
            | LlmError::Timeout { .. }
            | LlmError::Transport { .. } => true,
            LlmError::Http { status, .. } => *status == 429 || *status >= 500,
            _ => false,
        }
    }
}
