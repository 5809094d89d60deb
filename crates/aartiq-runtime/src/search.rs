//! [`SearchAdapter`]: `aartiq-search`'s [`Searcher`](aartiq_search::Searcher) as the
//! tool registry's [`aartiq_tools::SearchService`], so `web_search`, `news_search` and
//! `search_providers` (and with them `WEB_SEARCH` and `SEARCH_RESULTS`) reach the real
//! providers, and as the researcher's [`NewsSearch`](aartiq_research::NewsSearch). It lives
//! here because the runtime is the first crate that sees search, tools and research.

use std::sync::Arc;

use aartiq_search::{SearchOptions, SearchOutcome};
use aartiq_tools::{BackendError, ProviderInfo, SearchHit, SearchRequest};
use async_trait::async_trait;

/// The registry's search backend over an `aartiq-search` service.
#[derive(Debug, Clone)]
pub struct SearchAdapter {
    service: Arc<aartiq_search::Searcher>,
}

impl SearchAdapter {
    /// Wraps `service`.
    pub fn new(service: Arc<aartiq_search::Searcher>) -> SearchAdapter {
        SearchAdapter { service }
    }
}

fn options(request: &SearchRequest) -> Result<SearchOptions, BackendError> {
    let provider = match request.provider.as_deref() {
        Some(name) => Some(
            name.parse()
                .map_err(|e: aartiq_search::SearchError| BackendError::Other(e.to_string()))?,
        ),
        None => None,
    };
    Ok(SearchOptions {
        max_results: Some(u32::try_from(request.max_results).unwrap_or(20)),
        provider,
        days: request.days,
        ..SearchOptions::default()
    })
}

fn hits(outcome: SearchOutcome) -> Vec<SearchHit> {
    let reliable = outcome.timestamps_reliable;
    outcome
        .results
        .into_iter()
        .map(|r| SearchHit {
            title: r.title,
            url: r.url,
            snippet: r.snippet,
            // Dates only when the provider vouches for them (spec g.4).
            published: r.published_at.filter(|_| reliable).map(|t| t.to_string()),
        })
        .collect()
}

#[async_trait]
impl aartiq_tools::SearchService for SearchAdapter {
    async fn providers(&self) -> Vec<ProviderInfo> {
        self.service
            .providers()
            .into_iter()
            .map(|p| ProviderInfo {
                id: p.id.as_str().to_owned(),
                name: p.name.to_owned(),
                configured: p.live,
            })
            .collect()
    }

    async fn web_search(&self, request: &SearchRequest) -> Result<Vec<SearchHit>, BackendError> {
        let outcome = self
            .service
            .search(&request.query, &options(request)?)
            .await
            .map_err(|e| BackendError::Other(e.to_string()))?;
        Ok(hits(outcome))
    }

    async fn news_search(&self, request: &SearchRequest) -> Result<Vec<SearchHit>, BackendError> {
        let outcome = self
            .service
            .news_search(&request.query, &options(request)?)
            .await
            .map_err(|e| BackendError::Other(e.to_string()))?;
        Ok(hits(outcome))
    }
}

/// Deep research over the same service: one `aartiq-search` service feeds both the registry's
/// search tools and the researcher.
impl aartiq_research::NewsSearch for SearchAdapter {
    fn search_news<'a>(
        &'a self,
        query: &'a str,
        count: u32,
        days: u32,
    ) -> aartiq_research::NewsFuture<'a> {
        self.service.as_ref().search_news(query, count, days)
    }
}
