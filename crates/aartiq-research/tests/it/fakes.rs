//! Hand-written fakes: a scripted news search and an in-memory fetcher that records calls.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use aartiq_research::{
    FetchError, FetchFuture, FetchedPage, Fetcher, NewsBatch, NewsFuture, NewsSearch, SearchFailure,
};
use aartiq_search::SearchResult;

pub(crate) fn hit(url: &str, title: &str, date: Option<&str>) -> SearchResult {
    SearchResult {
        title: title.into(),
        url: url.into(),
        snippet: String::new(),
        published_at: date.map(|d| d.parse().unwrap()),
        source: None,
        score: None,
    }
}

/// Answers by query; an unknown query gets `fallback`; `fail` queries fail.
#[derive(Default)]
pub(crate) struct ScriptedSearch {
    pub(crate) answers: HashMap<String, Vec<SearchResult>>,
    pub(crate) fallback: Vec<SearchResult>,
    pub(crate) fail: HashMap<String, String>,
    pub(crate) reliable: Option<bool>,
    pub(crate) reason: Option<String>,
    pub(crate) calls: Mutex<Vec<String>>,
}

impl NewsSearch for ScriptedSearch {
    fn search_news<'a>(&'a self, query: &'a str, count: u32, _days: u32) -> NewsFuture<'a> {
        self.calls.lock().unwrap().push(query.to_owned());
        let res = if let Some(msg) = self.fail.get(query) {
            Err(SearchFailure::new(msg.clone()))
        } else {
            let mut results = self
                .answers
                .get(query)
                .cloned()
                .unwrap_or_else(|| self.fallback.clone());
            results.truncate(count as usize);
            Ok(NewsBatch {
                results,
                timestamps_reliable: self.reliable,
                reason: self.reason.clone(),
            })
        };
        Box::pin(async move { res })
    }
}

/// What the in-memory fetcher does for one URL.
#[derive(Clone)]
pub(crate) enum Reply {
    Text(String),
    Fail(FetchError),
    Slow(Duration, String),
}

#[derive(Default)]
pub(crate) struct MemoryFetcher {
    pub(crate) pages: HashMap<String, Reply>,
    pub(crate) delay: Duration,
    pub(crate) in_flight: AtomicUsize,
    pub(crate) max_in_flight: AtomicUsize,
    pub(crate) calls: Mutex<Vec<String>>,
}

impl Fetcher for MemoryFetcher {
    fn fetch<'a>(&'a self, url: &'a str, max_chars: usize) -> FetchFuture<'a> {
        Box::pin(async move {
            self.calls.lock().unwrap().push(url.to_owned());
            let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            self.max_in_flight.fetch_max(now, Ordering::SeqCst);
            tokio::time::sleep(self.delay).await;
            let reply = self
                .pages
                .get(url)
                .cloned()
                .unwrap_or(Reply::Fail(FetchError::Status(404)));
            let out = match reply {
                Reply::Text(t) => Ok(FetchedPage::new(url, t.chars().take(max_chars).collect())),
                Reply::Fail(e) => Err(e),
                Reply::Slow(d, t) => {
                    tokio::time::sleep(d).await;
                    Ok(FetchedPage::new(url, t))
                }
            };
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            out
        })
    }
}
