//! Configuration: API keys ([`Keys`]), base URLs ([`Endpoints`]), timeouts, retries, politeness.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use jiff::Timestamp;

use crate::ProviderId;

/// Key names in lookup order: the canonical name first, then the original's aliases.
pub const TAVILY_KEYS: &[&str] = &["TAVILY_API_KEY", "TAVILY_KEY"];
/// Brave key names.
pub const BRAVE_KEYS: &[&str] = &["BRAVE_API_KEY", "BRAVE_SEARCH_API_KEY"];
/// SerpAPI key names.
pub const SERP_KEYS: &[&str] = &["SERP_API_KEY", "SERPAPI_API_KEY"];
/// Google CSE API key names.
pub const GOOGLE_KEYS: &[&str] = &[
    "GOOGLE_API_KEY",
    "GOOGLE_SEARCH_API_KEY",
    "GOOGLE_CSE_API_KEY",
];
/// Google CSE engine id name (no alias).
pub const GOOGLE_ENGINE_KEYS: &[&str] = &["GOOGLE_SEARCH_ENGINE_ID"];

/// The API keys of the keyed providers. Values are never printed: `Debug` shows only which are set.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Keys {
    tavily: Option<String>,
    brave: Option<String>,
    serp: Option<String>,
    google: Option<String>,
    google_engine: Option<String>,
}

impl Keys {
    /// No keys: only the scrapers are live.
    #[must_use]
    pub fn none() -> Self {
        Keys::default()
    }

    /// Resolves every key the way the original did: for each name in order (canonical, then
    /// aliases), the explicit map first, then `env`. Values are trimmed; empty counts as unset.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use aartiq_search::{Keys, ProviderId};
    /// let explicit = BTreeMap::from([("TAVILY_KEY".to_owned(), " tvly-1 ".to_owned())]);
    /// let keys = Keys::resolve(&explicit, |name| (name == "BRAVE_SEARCH_API_KEY").then(|| "b".to_owned()));
    /// assert!(keys.is_configured(ProviderId::Tavily));
    /// assert!(keys.is_configured(ProviderId::Brave));
    /// assert!(!keys.is_configured(ProviderId::Serp));
    /// ```
    #[must_use]
    pub fn resolve(
        explicit: &BTreeMap<String, String>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Self {
        let lookup = |names: &[&str]| -> Option<String> {
            for name in names {
                if let Some(v) = explicit.get(*name).map(|v| v.trim().to_owned())
                    && !v.is_empty()
                {
                    return Some(v);
                }
                if let Some(v) = env(name).map(|v| v.trim().to_owned())
                    && !v.is_empty()
                {
                    return Some(v);
                }
            }
            None
        };
        Keys {
            tavily: lookup(TAVILY_KEYS),
            brave: lookup(BRAVE_KEYS),
            serp: lookup(SERP_KEYS),
            google: lookup(GOOGLE_KEYS),
            google_engine: lookup(GOOGLE_ENGINE_KEYS),
        }
    }

    /// [`Keys::resolve`] with no explicit keys and the process environment.
    #[must_use]
    pub fn from_env() -> Self {
        Keys::resolve(&BTreeMap::new(), |name| std::env::var(name).ok())
    }

    /// Sets the Tavily key.
    #[must_use]
    pub fn with_tavily(mut self, key: impl Into<String>) -> Self {
        self.tavily = clean(key.into());
        self
    }

    /// Sets the Brave key.
    #[must_use]
    pub fn with_brave(mut self, key: impl Into<String>) -> Self {
        self.brave = clean(key.into());
        self
    }

    /// Sets the SerpAPI key.
    #[must_use]
    pub fn with_serp(mut self, key: impl Into<String>) -> Self {
        self.serp = clean(key.into());
        self
    }

    /// Sets the Google CSE key and engine id (both are needed).
    #[must_use]
    pub fn with_google(mut self, key: impl Into<String>, engine_id: impl Into<String>) -> Self {
        self.google = clean(key.into());
        self.google_engine = clean(engine_id.into());
        self
    }

    /// True when the provider has what it needs: its key (Google: key and engine id); always
    /// true for the scrapers.
    #[must_use]
    pub fn is_configured(&self, id: ProviderId) -> bool {
        match id {
            ProviderId::Tavily => self.tavily.is_some(),
            ProviderId::Brave => self.brave.is_some(),
            ProviderId::Serp => self.serp.is_some(),
            ProviderId::Google => self.google.is_some() && self.google_engine.is_some(),
            ProviderId::DuckDuckGo | ProviderId::GoogleScrape => true,
        }
    }

    pub(crate) fn tavily(&self) -> Option<&str> {
        self.tavily.as_deref()
    }
    pub(crate) fn brave(&self) -> Option<&str> {
        self.brave.as_deref()
    }
    pub(crate) fn serp(&self) -> Option<&str> {
        self.serp.as_deref()
    }
    pub(crate) fn google(&self) -> Option<(&str, &str)> {
        Some((self.google.as_deref()?, self.google_engine.as_deref()?))
    }
}

fn clean(v: String) -> Option<String> {
    let t = v.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set = |v: &Option<String>| if v.is_some() { "set" } else { "unset" };
        f.debug_struct("Keys")
            .field("tavily", &set(&self.tavily))
            .field("brave", &set(&self.brave))
            .field("serp", &set(&self.serp))
            .field("google", &set(&self.google))
            .field("google_engine", &set(&self.google_engine))
            .finish()
    }
}

/// Base URLs (scheme, host and optional path prefix, no trailing slash). Every one can be
/// pointed elsewhere, which is how the tests reach local servers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoints {
    /// Tavily, `https://api.tavily.com` (+ `/search`).
    pub tavily: String,
    /// Brave, `https://api.search.brave.com` (+ `/res/v1/web/search`, `/res/v1/news/search`).
    pub brave: String,
    /// SerpAPI, `https://serpapi.com` (+ `/search`, `/search.json`).
    pub serp: String,
    /// Google CSE, `https://www.googleapis.com` (+ `/customsearch/v1`).
    pub google_cse: String,
    /// Google's page, `https://www.google.com` (+ `/search`).
    pub google_scrape: String,
    /// DuckDuckGo's HTML page, `https://html.duckduckgo.com` (+ `/html/`).
    pub duckduckgo_html: String,
    /// DuckDuckGo's Instant Answer API, `https://api.duckduckgo.com` (+ `/`).
    pub duckduckgo_api: String,
}

impl Default for Endpoints {
    fn default() -> Self {
        Endpoints {
            tavily: "https://api.tavily.com".into(),
            brave: "https://api.search.brave.com".into(),
            serp: "https://serpapi.com".into(),
            google_cse: "https://www.googleapis.com".into(),
            google_scrape: "https://www.google.com".into(),
            duckduckgo_html: "https://html.duckduckgo.com".into(),
            duckduckgo_api: "https://api.duckduckgo.com".into(),
        }
    }
}

/// Bounded retries with exponential backoff, for 429 and 5xx answers from the keyed APIs.
/// The scrapers never retry a 429: they fall back to another engine instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (so `max_retries + 1` requests at most).
    pub max_retries: u32,
    /// Delay before the first retry; doubled for each further retry.
    pub base_delay: Duration,
    /// Longest wait, also the cap on a server's `Retry-After`.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 2,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
        }
    }
}

impl RetryPolicy {
    /// No retries at all.
    #[must_use]
    pub fn none() -> Self {
        RetryPolicy {
            max_retries: 0,
            ..RetryPolicy::default()
        }
    }
}

/// The default User-Agent: says what is asking, for every provider including the scrapers.
pub const DEFAULT_USER_AGENT: &str = concat!(
    "aartiq-search/",
    env!("CARGO_PKG_VERSION"),
    " (+https://example.invalid/aartiq; agent web search)"
);

/// Everything the [`Searcher`](crate::Searcher) needs.
#[derive(Debug, Clone)]
pub struct SearchConfig {
    /// API keys.
    pub keys: Keys,
    /// Base URLs.
    pub endpoints: Endpoints,
    /// Whole-request timeout (connect, send, read).
    pub timeout: Duration,
    /// Connect timeout.
    pub connect_timeout: Duration,
    /// Retries for the keyed APIs.
    pub retry: RetryPolicy,
    /// Least time between two requests to the same scraped engine.
    pub scrape_interval: Duration,
    /// User-Agent header sent to every provider.
    pub user_agent: String,
    /// Fixed "now" for relative dates and the Google CSE end date; `None` uses the clock.
    pub now: Option<Timestamp>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            keys: Keys::none(),
            endpoints: Endpoints::default(),
            timeout: Duration::from_secs(20),
            connect_timeout: Duration::from_secs(10),
            retry: RetryPolicy::default(),
            scrape_interval: Duration::from_secs(2),
            user_agent: DEFAULT_USER_AGENT.to_owned(),
            now: None,
        }
    }
}

impl SearchConfig {
    /// Default config with these keys.
    #[must_use]
    pub fn new(keys: Keys) -> Self {
        SearchConfig {
            keys,
            ..SearchConfig::default()
        }
    }

    /// Replaces the endpoints.
    #[must_use]
    pub fn with_endpoints(mut self, endpoints: Endpoints) -> Self {
        self.endpoints = endpoints;
        self
    }

    /// Replaces the retry policy.
    #[must_use]
    pub fn with_retry(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    /// Sets the least time between two scraper requests to one engine.
    #[must_use]
    pub fn with_scrape_interval(mut self, interval: Duration) -> Self {
        self.scrape_interval = interval;
        self
    }

    /// Sets the request timeout.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Fixes "now" (tests, replays).
    #[must_use]
    pub fn with_now(mut self, now: Timestamp) -> Self {
        self.now = Some(now);
        self
    }

    /// Sets the User-Agent.
    #[must_use]
    pub fn with_user_agent(mut self, ua: impl Into<String>) -> Self {
        self.user_agent = ua.into();
        self
    }
}
