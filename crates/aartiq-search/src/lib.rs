//! Web and news search behind one trait, honest about what each answer is.
//!
//! A search is real egress: the query goes to a third party. This crate puts every backend the
//! original Aartiq used behind [`SearchProvider`] - Tavily, Brave, SerpAPI and Google Custom
//! Search with API keys, and, with no key at all, scraping Google's or DuckDuckGo's result page
//! (rate-limited, slower, fragile, no publication dates) - and [`Searcher`] picks one per
//! the original's order, falls back when it fails, and says so in the [`SearchOutcome`]
//! (`provider`, `scraped`, `timestamps_reliable`, `fallback_from`, `reason`). When everything
//! fails, [`SearchError::AllProvidersFailed`] names each provider and why.
//!
//! In the pipeline it sits under the agent-API tools `web_search`, `news_search` and
//! `search_providers`, and under deep research, which takes any [`SearchProvider`].
//!
//! Main types: [`Searcher`] (with [`SearchConfig`], [`Keys`], [`Endpoints`]),
//! [`SearchOptions`], [`SearchOutcome`], [`SearchResult`], [`ProviderStatus`], and the pure parsers
//! in [`scrape`]. Every base URL is overridable, which is how the tests reach local servers.
//!
//! ```
//! use aartiq_search::{
//!     Keys, ProviderId, SearchConfig, SearchFuture, SearchOptions, SearchParams, SearchProvider,
//!     SearchResult, Searcher,
//! };
//!
//! /// A stand-in for Tavily that answers from memory.
//! struct Canned;
//! impl SearchProvider for Canned {
//!     fn id(&self) -> ProviderId {
//!         ProviderId::Tavily
//!     }
//!     fn search<'a>(&'a self, query: &'a str, _: &'a SearchParams) -> SearchFuture<'a> {
//!         let hit = SearchResult {
//!             title: format!("About {query}"),
//!             url: "https://example.org/".into(),
//!             snippet: String::new(),
//!             published_at: None,
//!             source: None,
//!             score: Some(0.9),
//!         };
//!         Box::pin(async move { Ok(vec![hit]) })
//!     }
//! }
//!
//! let service = Searcher::new(SearchConfig::new(Keys::none()))?.with_provider(Canned);
//! assert_eq!(service.best_provider(), ProviderId::Tavily);
//! let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
//! let outcome = rt.block_on(service.search("rust", &SearchOptions::new().with_max_results(3)))?;
//! assert_eq!(outcome.provider, ProviderId::Tavily);
//! assert!(!outcome.scraped);
//! assert_eq!(outcome.results[0].title, "About rust");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// A build that leaves providers out (their cargo features off) does not use every shared helper.
#![cfg_attr(
    not(all(
        feature = "tavily",
        feature = "brave",
        feature = "serpapi",
        feature = "google-cse",
        feature = "google-scrape",
        feature = "duckduckgo"
    )),
    allow(dead_code, unused_imports)
)]

mod config;
mod error;
mod http;
mod normalize;
mod provider;
mod providers;
#[cfg(any(feature = "google-scrape", feature = "duckduckgo"))]
pub mod scrape;
mod service;

pub use config::{
    BRAVE_KEYS, DEFAULT_USER_AGENT, Endpoints, GOOGLE_ENGINE_KEYS, GOOGLE_KEYS, Keys, RetryPolicy,
    SERP_KEYS, SearchConfig, TAVILY_KEYS,
};
pub use error::{Attempt, ProviderError, SearchError};
pub use normalize::{DEFAULT_COUNT, MAX_COUNT, brave_freshness, clamp_count, parse_published};
pub use provider::{Depth, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult};
pub use service::{
    GOOGLE_CSE_WARNING, ProviderStatus, SearchOptions, SearchOutcome, Searcher, UNKEYED_NEWS_REASON,
};
