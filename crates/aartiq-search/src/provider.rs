//! The provider vocabulary: [`ProviderId`], [`SearchParams`], [`SearchResult`] and the
//! [`SearchProvider`] trait every backend implements.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;

use jiff::Timestamp;

use crate::{ProviderError, SearchError};

/// One of the six search backends, by the names the agent API uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderId {
    /// Tavily search API (`tavily`).
    Tavily,
    /// Brave Search API (`brave`).
    Brave,
    /// SerpAPI (`serp`).
    Serp,
    /// Google Custom Search JSON API (`google`), closed to new customers, ends 2027-01-01.
    Google,
    /// DuckDuckGo's HTML page, scraped (`duckduckgo`).
    #[serde(rename = "duckduckgo")]
    DuckDuckGo,
    /// Google's result page, scraped (`googlescrape`).
    #[serde(rename = "googlescrape")]
    GoogleScrape,
}

impl ProviderId {
    /// All six, in the order [`Searcher::providers`](crate::Searcher::providers)
    /// reports them.
    pub const ALL: [ProviderId; 6] = [
        ProviderId::Tavily,
        ProviderId::Brave,
        ProviderId::Serp,
        ProviderId::Google,
        ProviderId::DuckDuckGo,
        ProviderId::GoogleScrape,
    ];

    /// The agent-API name: `tavily`, `brave`, `serp`, `google`, `duckduckgo`, `googlescrape`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderId::Tavily => "tavily",
            ProviderId::Brave => "brave",
            ProviderId::Serp => "serp",
            ProviderId::Google => "google",
            ProviderId::DuckDuckGo => "duckduckgo",
            ProviderId::GoogleScrape => "googlescrape",
        }
    }

    /// The display name, e.g. `Brave Search`.
    #[must_use]
    pub fn display_name(self) -> &'static str {
        match self {
            ProviderId::Tavily => "Tavily",
            ProviderId::Brave => "Brave Search",
            ProviderId::Serp => "SerpAPI",
            ProviderId::Google => "Google Custom Search JSON",
            ProviderId::DuckDuckGo => "DuckDuckGo (scraped)",
            ProviderId::GoogleScrape => "Google (scraped)",
        }
    }

    /// True for the HTML scrapers (no key, rate-limited, fragile, no dates).
    #[must_use]
    pub fn scrapes(self) -> bool {
        matches!(self, ProviderId::DuckDuckGo | ProviderId::GoogleScrape)
    }

    /// True when the provider has a real news index (Tavily, Brave, SerpAPI).
    #[must_use]
    pub fn has_news_index(self) -> bool {
        matches!(
            self,
            ProviderId::Tavily | ProviderId::Brave | ProviderId::Serp
        )
    }

    /// True when the provider's results carry publication dates.
    #[must_use]
    pub fn has_dates(self) -> bool {
        matches!(
            self,
            ProviderId::Tavily | ProviderId::Brave | ProviderId::Serp
        )
    }

    /// True for Google CSE, which is closed to new customers.
    #[must_use]
    pub fn deprecated(self) -> bool {
        matches!(self, ProviderId::Google)
    }
}

impl fmt::Display for ProviderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProviderId {
    type Err = SearchError;

    /// Parses an agent-API provider name, case-insensitively; `serpapi` is accepted for `serp`.
    ///
    /// Unlike the original, an unknown name is an error instead of silently meaning Google CSE.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "tavily" => Ok(ProviderId::Tavily),
            "brave" => Ok(ProviderId::Brave),
            "serp" | "serpapi" => Ok(ProviderId::Serp),
            "google" => Ok(ProviderId::Google),
            "duckduckgo" => Ok(ProviderId::DuckDuckGo),
            "googlescrape" => Ok(ProviderId::GoogleScrape),
            _ => Err(SearchError::UnknownProvider(s.to_owned())),
        }
    }
}

/// Tavily's search depth (`search_depth`); other providers ignore it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Depth {
    /// `basic` (1 credit).
    #[default]
    Basic,
    /// `advanced` (2 credits).
    Advanced,
}

/// What a provider is asked for, already normalised by the service.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchParams {
    /// Number of results wanted, 1..=20.
    pub count: u8,
    /// Restrict to the last `days` days (1..=365), where the provider supports it.
    pub days: Option<u32>,
    /// Tavily's search depth.
    pub depth: Depth,
    /// Brave's `country` parameter (two-letter code).
    pub country: Option<String>,
    /// The moment relative dates ("3 hours ago") count back from.
    pub now: Timestamp,
}

impl SearchParams {
    /// Params for `count` results (clamped to 1..=20) and no other restriction, now = `now`.
    #[must_use]
    pub fn new(count: u32, now: Timestamp) -> Self {
        SearchParams {
            count: crate::clamp_count(f64::from(count)),
            days: None,
            depth: Depth::Basic,
            country: None,
            now,
        }
    }

    /// Sets `days` (0 means none).
    #[must_use]
    pub fn with_days(mut self, days: Option<u32>) -> Self {
        self.days = days.filter(|d| *d > 0).map(|d| d.min(365));
        self
    }
}

/// One search hit, from whichever provider.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SearchResult {
    /// The result's title, tags stripped and whitespace collapsed.
    pub title: String,
    /// The target URL (redirect wrappers removed).
    pub url: String,
    /// The text shown under the title; empty when the provider gave none.
    pub snippet: String,
    /// Publication time, when the provider gave one that could be parsed.
    #[serde(rename = "publishedAt")]
    pub published_at: Option<Timestamp>,
    /// The publisher, for news results that name one.
    pub source: Option<String>,
    /// Tavily's relevance score.
    pub score: Option<f64>,
}

/// The future every provider method returns: boxed, so providers can sit behind `dyn`.
pub type SearchFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Vec<SearchResult>, ProviderError>> + Send + 'a>>;

/// A search backend. Implemented by each built-in provider and by test fakes; the
/// [`Searcher`](crate::Searcher) picks among them and handles fallbacks.
///
/// Implementations must not panic on any response, and must keep API keys out of errors.
pub trait SearchProvider: Send + Sync {
    /// Which provider this is (used for reporting and fallback decisions).
    fn id(&self) -> ProviderId;

    /// A general web search.
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a>;

    /// A news search. The default says the provider has no news index.
    fn news<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        let _ = (query, params);
        let id = self.id();
        Box::pin(async move { Err(ProviderError::NoNewsIndex(id)) })
    }
}
