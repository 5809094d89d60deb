//! The most recent source, named only when publication dates are reliable (spec h.6).

use aartiq_search::SearchResult;
use jiff::Timestamp;
use serde::Serialize;

use crate::domain::domain_of;

/// Reason when there were no sources at all.
pub const NO_SOURCES_REASON: &str = "No sources were found.";

/// Reason when the search could not vouch for its dates (a scraped web search).
pub const UNRELIABLE_REASON: &str = "No news-capable search API key is configured, so these results came from a scraped web search. Publication dates are unknown, so the most recent source cannot be identified.";

/// Reason when no source carried a publication date.
pub const UNDATED_REASON: &str =
    "None of the sources returned a publication date, so recency cannot be determined.";

/// The newest source, or why it cannot be named.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LastSource {
    /// The newest source's URL; `None` when it cannot be named.
    pub url: Option<String>,
    /// Its title (the URL when it had none); empty when unnamed.
    pub title: String,
    /// Its registrable domain; empty when unnamed.
    pub domain: String,
    /// Its publication time.
    pub published_at: Option<Timestamp>,
    /// True only when a source is named from reliable dates.
    pub reliable: bool,
    /// Why no source is named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl LastSource {
    fn unknown(reason: &str) -> Self {
        LastSource {
            url: None,
            title: String::new(),
            domain: String::new(),
            published_at: None,
            reliable: false,
            reason: Some(reason.to_owned()),
        }
    }
}

/// Picks the newest source (spec h.6): no sources, unreliable timestamps and no dated source
/// each give an unnamed answer with its reason; otherwise the newest date wins and the first
/// wins a tie.
///
/// ```
/// use aartiq_research::{pick_last_source, UNRELIABLE_REASON};
/// let last = pick_last_source(&[], true);
/// assert_eq!(last.reason.as_deref(), Some("No sources were found."));
/// ```
#[must_use]
pub fn pick_last_source(sources: &[SearchResult], timestamps_reliable: bool) -> LastSource {
    if sources.is_empty() {
        return LastSource::unknown(NO_SOURCES_REASON);
    }
    if !timestamps_reliable {
        return LastSource::unknown(UNRELIABLE_REASON);
    }
    let mut best: Option<(&SearchResult, Timestamp)> = None;
    for s in sources {
        if let Some(t) = s.published_at
            && best.is_none_or(|(_, bt)| t > bt)
        {
            best = Some((s, t));
        }
    }
    match best {
        None => LastSource::unknown(UNDATED_REASON),
        Some((s, t)) => LastSource {
            url: Some(s.url.clone()),
            title: if s.title.is_empty() {
                s.url.clone()
            } else {
                s.title.clone()
            },
            domain: domain_of(&s.url),
            published_at: Some(t),
            reliable: true,
            reason: None,
        },
    }
}
