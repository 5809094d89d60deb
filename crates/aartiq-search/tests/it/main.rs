//! Integration tests: every provider against a real HTTP server on 127.0.0.1, the scrapers on
//! saved pages, the service's selection and fallbacks, properties, and fuzz-failure replays.

// The tests exercise every provider, so they need every provider compiled in.
#![cfg(all(
    feature = "tavily",
    feature = "brave",
    feature = "serpapi",
    feature = "google-cse",
    feature = "google-scrape",
    feature = "duckduckgo"
))]
// Tests may unwrap: a panic is a test failure with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod api;
mod fuzz_failures;
mod props;
mod scrape;
mod server;
mod service;

use std::time::Duration;

use aartiq_search::{Endpoints, Keys, RetryPolicy, SearchConfig, Searcher};

/// Fixed "now" for every test: relative dates count back from here.
pub(crate) const NOW: &str = "2026-03-01T12:00:00Z";

/// A loopback address nothing listens on: a provider pointed here fails fast with a
/// connection error, and no test ever reaches the real providers.
pub(crate) const DEAD: &str = "http://127.0.0.1:9";

pub(crate) fn dead_endpoints() -> Endpoints {
    Endpoints {
        tavily: DEAD.into(),
        brave: DEAD.into(),
        serp: DEAD.into(),
        google_cse: DEAD.into(),
        google_scrape: DEAD.into(),
        duckduckgo_html: DEAD.into(),
        duckduckgo_api: DEAD.into(),
    }
}

pub(crate) fn config(keys: Keys, endpoints: Endpoints) -> SearchConfig {
    SearchConfig::new(keys)
        .with_endpoints(endpoints)
        .with_retry(RetryPolicy {
            max_retries: 2,
            base_delay: Duration::from_millis(5),
            max_delay: Duration::from_millis(50),
        })
        .with_scrape_interval(Duration::ZERO)
        .with_timeout(Duration::from_secs(10))
        .with_now(NOW.parse().unwrap())
}

pub(crate) fn service(keys: Keys, endpoints: Endpoints) -> Searcher {
    Searcher::new(config(keys, endpoints)).unwrap()
}

pub(crate) fn data(path: &str) -> String {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}
