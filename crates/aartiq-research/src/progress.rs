//! Progress: the run's events ([`ResearchEvent`]), where they go ([`ProgressSink`]), how a run
//! is cancelled ([`CancelToken`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;
use tokio::sync::Notify;

use crate::run::SourceSummary;
use crate::verify::{Contradiction, Coverage};

/// The step of the pipeline an event reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The query list and budget are known.
    Planning,
    /// A search is starting, or a search left a note.
    Searching,
    /// A search failed; the run goes on.
    SearchError,
    /// All planned searches are done.
    SearchComplete,
    /// The newest source is named, or why it cannot be.
    Ranking,
    /// A page fetch is starting.
    Fetching,
    /// A page could not be read, or had no readable text.
    FetchError,
    /// A page was withheld by the prompt-injection guard (not in the original).
    Quarantined,
    /// Claims were extracted from a page.
    Extracted,
    /// A follow-up round for disputed or single-source claims (not in the original).
    FollowUp,
    /// Claims are being cross-checked.
    ContradictionCheck,
    /// Coverage and contradictions are known.
    CoverageUpdate,
    /// The report is being assembled.
    Generating,
    /// The run ended (`completed` or `failed`).
    Complete,
    /// The run was cancelled (not in the original).
    Cancelled,
    /// The run's handler failed (h.8 main process).
    Error,
}

impl Stage {
    /// The wire name, e.g. `search_error`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Planning => "planning",
            Stage::Searching => "searching",
            Stage::SearchError => "search_error",
            Stage::SearchComplete => "search_complete",
            Stage::Ranking => "ranking",
            Stage::Fetching => "fetching",
            Stage::FetchError => "fetch_error",
            Stage::Quarantined => "quarantined",
            Stage::Extracted => "extracted",
            Stage::FollowUp => "follow_up",
            Stage::ContradictionCheck => "contradiction_check",
            Stage::CoverageUpdate => "coverage_update",
            Stage::Generating => "generating",
            Stage::Complete => "complete",
            Stage::Cancelled => "cancelled",
            Stage::Error => "error",
        }
    }
}

/// The run's status as an event reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// Still working.
    Running,
    /// Ended with at least one page read.
    Completed,
    /// Ended with nothing read, or the handler failed.
    Failed,
    /// Stopped by its [`CancelToken`].
    Cancelled,
}

/// One progress event. Every event carries the run's id.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResearchEvent {
    /// The run's id.
    pub research_id: String,
    /// The job query (planning) or the sub-query being searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// The pipeline step.
    pub stage: Stage,
    /// The run's status.
    pub status: RunStatus,
    /// A human-readable message (the original's texts).
    pub message: String,
    /// 0..=100.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub progress: Option<u32>,
    /// 1-based index of the query or page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// The page concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The domain concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Coverage so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coverage: Option<Coverage>,
    /// Contradictions so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradictions: Option<Vec<Contradiction>>,
    /// The sources.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_summary: Option<Vec<SourceSummary>>,
    /// The error text of a failure event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl ResearchEvent {
    /// A running event with only the required fields.
    #[must_use]
    pub fn new(research_id: &str, stage: Stage, message: impl Into<String>) -> Self {
        ResearchEvent {
            research_id: research_id.to_owned(),
            query: None,
            stage,
            status: RunStatus::Running,
            message: message.into(),
            progress: None,
            index: None,
            url: None,
            source: None,
            coverage: None,
            contradictions: None,
            source_summary: None,
            error: None,
        }
    }
}

/// Where a run's events go. A closed receiver is not an error: the run goes on.
pub trait ProgressSink: Send + Sync {
    /// Delivers one event. Must not block.
    fn emit(&self, event: ResearchEvent);
}

impl ProgressSink for tokio::sync::mpsc::UnboundedSender<ResearchEvent> {
    fn emit(&self, event: ResearchEvent) {
        // A receiver that went away only means nobody is watching.
        let _ = self.send(event);
    }
}

/// A sink that drops every event.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl ProgressSink for NoProgress {
    fn emit(&self, _event: ResearchEvent) {}
}

/// Cancels a run from another task. Cheap to clone; every clone cancels the same run.
#[derive(Debug, Clone, Default)]
pub struct CancelToken {
    inner: Arc<CancelInner>,
}

#[derive(Debug, Default)]
struct CancelInner {
    flag: AtomicBool,
    notify: Notify,
}

impl CancelToken {
    /// A token that is not cancelled.
    #[must_use]
    pub fn new() -> Self {
        CancelToken::default()
    }

    /// Cancels the run: searches and fetches in flight are dropped, and the run returns its
    /// outcome so far with status `cancelled`.
    pub fn cancel(&self) {
        self.inner.flag.store(true, Ordering::SeqCst);
        self.inner.notify.notify_waiters();
    }

    /// True once [`cancel`](Self::cancel) was called.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.inner.flag.load(Ordering::SeqCst)
    }

    /// Resolves when the token is cancelled.
    pub async fn cancelled(&self) {
        loop {
            let notified = self.inner.notify.notified();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }
}
