//! Deep research that tells you when sources disagree.
//!
//! A bounded plan → search → rank → fetch → scan → extract → follow up → cross-verify → report
//! job (spec h.7). The search ([`NewsSearch`], with adapters for `aartiq-search`'s
//! `Searcher` and any `SearchProvider`), the page [`Fetcher`] ([`HttpFetcher`] for real)
//! and the [`ProgressSink`] (a tokio channel) are injected, so the whole pipeline runs in tests
//! without a network.
//!
//! - Every fetched text arrives as `aartiq_guard::Untrusted` and is opened only by scanning it;
//!   quarantined and blocked pages are reported (`quarantined` events, a note on the source),
//!   never used.
//! - Sources are registrable domains from the embedded public suffix list ([`domain_of`]).
//! - Claims ([`extract_claims`]) are numeric sentences keyed `subject|predicate`; currency and
//!   scale are part of the value. [`verify_claims`] calls a key `corroborated` only with two
//!   independent (different, non-syndicated) domains, and `disputed` only when two such domains
//!   state different figures.
//! - The newest source ([`pick_last_source`]) is named only when the search vouched for its
//!   dates.
//! - [`ResearchState`] folds the events for a UI (spec h.8).
//!
//! ```
//! use aartiq_research::{
//!     CancelToken, FetchFuture, FetchedPage, Fetcher, NewsBatch, NewsFuture, NewsSearch,
//!     ResearchRequest, Researcher, RunStatus,
//! };
//! use aartiq_search::SearchResult;
//!
//! struct Search;
//! impl NewsSearch for Search {
//!     fn search_news<'a>(&'a self, _q: &'a str, _n: u32, _days: u32) -> NewsFuture<'a> {
//!         let hit = |url: &str| SearchResult {
//!             title: "Acme results".into(), url: url.into(), snippet: String::new(),
//!             published_at: None, source: None, score: None,
//!         };
//!         let results = vec![hit("https://news.one.example/a"), hit("https://two.example/b")];
//!         Box::pin(async move { Ok(NewsBatch { results, timestamps_reliable: Some(false), reason: None }) })
//!     }
//! }
//! struct Pages;
//! impl Fetcher for Pages {
//!     fn fetch<'a>(&'a self, url: &'a str, _max: usize) -> FetchFuture<'a> {
//!         let text = if url.contains("one") {
//!             "Acme reported revenue of $450 million for the quarter."
//!         } else {
//!             "Acme reported revenue of $520 million, analysts said."
//!         };
//!         Box::pin(async move { Ok(FetchedPage::new(url, text.to_owned())) })
//!     }
//! }
//!
//! let guard = aartiq_guard::Guard::new(aartiq_guard::Config::default())?;
//! let researcher = Researcher::new(Search, Pages, guard);
//! let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
//! let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
//! let outcome = rt.block_on(researcher.run(&ResearchRequest::new("acme revenue"), &tx, &CancelToken::new()));
//! assert_eq!(outcome.status, RunStatus::Completed);
//! assert_eq!(outcome.contradictions[0].kind, "$450 million vs $520 million reported");
//! assert_eq!(outcome.contradictions[0].ratio.as_deref(), Some("1.2"));
//! assert!(outcome.last_source.url.is_none()); // dates not vouched for
//! assert_eq!(rx.try_recv()?.message, "Planned 1 query · budget: 6 searches, 12 pages");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod budget;
mod claims;
mod domain;
mod error;
mod fetch;
mod last_source;
mod progress;
mod run;
mod search;
mod state;
mod verify;

#[cfg(test)]
mod tests;

pub use aartiq_search::parse_published;
pub use budget::{Budget, clamp_budget};
pub use claims::{Claim, Currency, Figure, Unit, extract_claims, sentences, subject_of};
pub use domain::{domain_of, legacy_domain_of, registrable_domain, suffix_list_loaded};
pub use error::{FetchError, ResearchError, SearchFailure};
pub use fetch::{
    FETCH_ORIGIN, FetchFuture, FetchedPage, Fetcher, FetcherConfig, HttpFetcher, Readable,
    decode_body, readable_text,
};
pub use last_source::{
    LastSource, NO_SOURCES_REASON, UNDATED_REASON, UNRELIABLE_REASON, pick_last_source,
};
pub use progress::{CancelToken, NoProgress, ProgressSink, ResearchEvent, RunStatus, Stage};
pub use run::{Outcome, ResearchRequest, Researcher, RunConfig, SourceSummary};
pub use search::{NewsBatch, NewsFuture, NewsSearch, ProviderNews};
pub use state::{JobStatus, MAX_STEPS, ResearchState, Step, StepStatus};
pub use verify::{
    ClaimVerdict, Contradiction, ContradictionSide, Coverage, Finding, ValueGroup, Verification,
    coverage, verify_claims,
};
