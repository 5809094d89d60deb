//! The search side of a run: [`NewsSearch`], what the pipeline asks of a search backend, with
//! adapters for `aartiq-search`'s [`Searcher`] and any single [`SearchProvider`].

use std::future::Future;
use std::pin::Pin;

use aartiq_search::{SearchOptions, SearchParams, SearchProvider, SearchResult, Searcher};

use crate::error::SearchFailure;

/// One news search's answer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NewsBatch {
    /// The hits, in rank order.
    pub results: Vec<SearchResult>,
    /// Whether the hits' publication dates can order sources by recency; `None` leaves the
    /// run's flag as it was (the last batch that says wins).
    pub timestamps_reliable: Option<bool>,
    /// A note from the search (a fallback, a scraped search), emitted as a `searching` event.
    pub reason: Option<String>,
}

/// The future a [`NewsSearch`] returns.
pub type NewsFuture<'a> =
    Pin<Box<dyn Future<Output = Result<NewsBatch, SearchFailure>> + Send + 'a>>;

/// A news search backend, as the research pipeline uses it (the original's
/// `searchNews(q, count, {days})`).
pub trait NewsSearch: Send + Sync {
    /// Searches news for `query`: at most `count` hits from the last `days` days.
    fn search_news<'a>(&'a self, query: &'a str, count: u32, days: u32) -> NewsFuture<'a>;
}

impl NewsSearch for Searcher {
    fn search_news<'a>(&'a self, query: &'a str, count: u32, days: u32) -> NewsFuture<'a> {
        Box::pin(async move {
            let opts = SearchOptions::new().with_max_results(count).with_days(days);
            let outcome = self.news_search(query, &opts).await?;
            Ok(NewsBatch {
                results: outcome.results,
                timestamps_reliable: Some(outcome.timestamps_reliable),
                reason: outcome.reason,
            })
        })
    }
}

/// Uses one [`SearchProvider`]'s news search directly, with no fallback. Its dates count as
/// reliable when the provider has a news index with dates ([`aartiq_search::ProviderId::has_dates`]).
#[derive(Debug, Clone)]
pub struct ProviderNews<P>(pub P);

impl<P: SearchProvider> NewsSearch for ProviderNews<P> {
    fn search_news<'a>(&'a self, query: &'a str, count: u32, days: u32) -> NewsFuture<'a> {
        Box::pin(async move {
            let params = SearchParams::new(count, jiff::Timestamp::now()).with_days(Some(days));
            let mut results = self.0.news(query, &params).await?;
            results.truncate(usize::try_from(count).unwrap_or(usize::MAX));
            Ok(NewsBatch {
                results,
                timestamps_reliable: Some(self.0.id().has_dates()),
                reason: None,
            })
        })
    }
}
