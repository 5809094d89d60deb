//! `SearchAdapter`: `aartiq-search` behind the registry's search trait and the researcher's.

use std::sync::Arc;

use aartiq_research::NewsSearch;
use aartiq_runtime::SearchAdapter;
use aartiq_search::{
    Keys, ProviderId, SearchConfig, SearchFuture, SearchParams, SearchProvider, SearchResult,
    Searcher,
};
use aartiq_tools::{SearchRequest, SearchService as _};

struct Canned;
impl SearchProvider for Canned {
    fn id(&self) -> ProviderId {
        ProviderId::Tavily
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        let hits = (0..params.count)
            .map(|i| SearchResult {
                title: format!("{query} {i}"),
                url: format!("https://r{i}.example/"),
                snippet: "about it".into(),
                published_at: None,
                source: None,
                score: Some(0.5),
            })
            .collect();
        Box::pin(async move { Ok(hits) })
    }
    fn news<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        self.search(query, params)
    }
}

fn adapter() -> SearchAdapter {
    let service = Searcher::new(SearchConfig::new(Keys::none()))
        .unwrap()
        .with_provider(Canned);
    SearchAdapter::new(Arc::new(service))
}

#[tokio::test]
async fn web_search_reaches_the_service_with_the_requested_count() {
    let adapter = adapter();
    let request = SearchRequest {
        query: "rust".into(),
        provider: Some("tavily".into()),
        max_results: 3,
        days: None,
    };
    let hits = adapter.web_search(&request).await.unwrap();
    assert_eq!(hits.len(), 3);
    assert_eq!(hits[0].title, "rust 0");
    assert!(hits.iter().all(|h| h.published.is_none()));
    let providers = adapter.providers().await;
    assert!(providers.iter().any(|p| p.id == "tavily" && p.configured));
}

#[tokio::test]
async fn an_unknown_provider_is_an_error_not_a_guess() {
    let request = SearchRequest {
        query: "rust".into(),
        provider: Some("bing".into()),
        max_results: 3,
        days: None,
    };
    let error = adapter().web_search(&request).await.unwrap_err();
    assert!(error.to_string().contains("bing"), "{error}");
}

#[tokio::test]
async fn the_same_adapter_feeds_deep_research() {
    let batch = adapter().search_news("acme", 2, 7).await.unwrap();
    assert_eq!(batch.results.len(), 2);
}
