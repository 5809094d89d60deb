//! Errors: a page that could not be fetched ([`FetchError`]), a search that failed
//! ([`SearchFailure`]) and the crate's own failures ([`ResearchError`]).

/// Why one page could not be read. Reported in a `fetch_error` event; the run goes on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FetchError {
    /// The URL did not parse, or is not `http`/`https`.
    #[error("invalid url: {0}")]
    InvalidUrl(String),
    /// The fetch took longer than the per-fetch timeout.
    #[error("timed out after {ms} ms")]
    Timeout {
        /// The timeout that expired, in milliseconds.
        ms: u64,
    },
    /// The server answered a non-success status.
    #[error("HTTP {0}")]
    Status(u16),
    /// More redirects than allowed.
    #[error("too many redirects")]
    TooManyRedirects,
    /// The response is not HTML or text (e.g. a PDF or an image).
    #[error("unsupported content type {0}")]
    UnsupportedContent(String),
    /// Connection, TLS or body errors.
    #[error("request failed: {0}")]
    Transport(String),
    /// The run was cancelled while the page was being fetched.
    #[error("cancelled")]
    Cancelled,
}

/// Why one search failed. Reported in a `search_error` event; the run goes on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SearchFailure {
    /// The provider's or service's message.
    pub message: String,
}

impl SearchFailure {
    /// A failure with this message.
    pub fn new(message: impl Into<String>) -> Self {
        SearchFailure {
            message: message.into(),
        }
    }
}

impl From<aartiq_search::ProviderError> for SearchFailure {
    fn from(e: aartiq_search::ProviderError) -> Self {
        SearchFailure::new(e.to_string())
    }
}

impl From<aartiq_search::SearchError> for SearchFailure {
    fn from(e: aartiq_search::SearchError) -> Self {
        SearchFailure::new(e.to_string())
    }
}

/// Failures of this crate's own setup.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResearchError {
    /// The HTTP client for [`HttpFetcher`](crate::HttpFetcher) could not be built.
    #[error("could not build the http client: {0}")]
    Client(String),
    /// The prompt-injection guard could not be configured.
    #[error("could not configure the guard: {0}")]
    Guard(#[from] aartiq_guard::GuardError),
}
