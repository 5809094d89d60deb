//! Errors: one provider's failure ([`ProviderError`]) and the service's ([`SearchError`]).

use crate::ProviderId;

/// Why one provider could not answer one query.
///
/// Messages never contain an API key: request URLs are stripped from transport errors and key
/// values are redacted from response bodies before they are stored here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProviderError {
    /// The provider needs a key (or, for Google CSE, a key and an engine id) that is not configured.
    #[error("{provider} is not configured: set {needs}")]
    NotConfigured {
        /// The provider.
        provider: ProviderId,
        /// The key names that would configure it.
        needs: &'static str,
    },
    /// The provider was left out of this build (its cargo feature is off).
    #[error("{0} is not compiled into this build")]
    NotCompiled(ProviderId),
    /// The provider has no news index, so it cannot answer a news search.
    #[error("{0} has no news index")]
    NoNewsIndex(ProviderId),
    /// The provider's service has ended (Google CSE after 2027-01-01).
    #[error("{provider} stopped serving on {date}")]
    Ended {
        /// The provider.
        provider: ProviderId,
        /// The last day it served, `YYYY-MM-DD`.
        date: &'static str,
    },
    /// The request could not be sent or the response not read (connection, timeout, TLS).
    #[error("request failed: {0}")]
    Transport(String),
    /// The server answered 429 Too Many Requests (after the allowed retries).
    #[error("rate limited (HTTP 429)")]
    RateLimited,
    /// The server answered a non-success status; `body` is the start of the response, redacted.
    #[error("{label} error {status}: {body}")]
    Status {
        /// The provider's own label, e.g. `Tavily Search`.
        label: &'static str,
        /// The HTTP status code.
        status: u16,
        /// Up to 300 characters of the body, key values replaced by `[redacted]`.
        body: String,
    },
    /// A JSON answer did not have the documented shape.
    #[error("unexpected response: {0}")]
    Decode(String),
    /// A scraped page was a block or captcha page instead of results.
    #[error("blocked by a captcha or unusual-traffic page")]
    Blocked,
    /// A scraped page had none of the known result layouts (the engine changed its HTML).
    #[error("page layout not recognised (no result blocks and no no-results marker)")]
    UnrecognisedLayout,
}

/// One provider that was tried and why it failed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Attempt {
    /// The provider tried.
    pub provider: ProviderId,
    /// Why it failed, as the [`ProviderError`] message.
    pub error: String,
}

/// Errors from [`Searcher`](crate::Searcher).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The query was empty after trimming.
    #[error("the search query is empty")]
    EmptyQuery,
    /// A provider name that is not one of tavily, brave, serp, google, duckduckgo, googlescrape.
    #[error(
        "unknown search provider `{0}` (expected tavily, brave, serp, google, duckduckgo or googlescrape)"
    )]
    UnknownProvider(String),
    /// The HTTP client could not be built.
    #[error("cannot build the HTTP client: {0}")]
    Client(String),
    /// Every provider in the chain failed; each is named with its reason, in the order tried.
    #[error("every search provider failed: {}", render_attempts(.attempts))]
    AllProvidersFailed {
        /// The providers tried, in order, each with its error.
        attempts: Vec<Attempt>,
    },
}

fn render_attempts(attempts: &[Attempt]) -> String {
    let parts: Vec<String> = attempts
        .iter()
        .map(|a| format!("{} ({})", a.provider, a.error))
        .collect();
    parts.join("; ")
}
