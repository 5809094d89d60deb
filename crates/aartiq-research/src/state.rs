//! The UI-side reducer of progress events (spec h.8), with the j.6 fixes: a terminal status
//! is final, and sub-queries do not overwrite the job query.

use jiff::Timestamp;
use serde::Serialize;

use crate::progress::{ResearchEvent, RunStatus, Stage};
use crate::run::SourceSummary;
use crate::verify::{Contradiction, Coverage};

/// A job's status in the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JobStatus {
    /// No job.
    Idle,
    /// Created, no event yet.
    Queued,
    /// Events are arriving.
    Running,
    /// Ended with a report.
    Completed,
    /// Ended without one.
    Failed,
    /// Stopped by the user.
    Cancelled,
}

impl JobStatus {
    /// Completed, failed or cancelled.
    #[must_use]
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            JobStatus::Completed | JobStatus::Failed | JobStatus::Cancelled
        )
    }
}

/// A step's status in the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StepStatus {
    /// In progress.
    Running,
    /// Finished.
    Done,
    /// Failed.
    Error,
}

/// One row of the step list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// `<job>:<stage>:<url|query|source|index|current>`.
    pub id: String,
    /// The event's stage.
    pub stage: Stage,
    /// The row's status.
    pub status: StepStatus,
    /// The event's message.
    pub message: String,
}

/// The most steps kept (the newest).
pub const MAX_STEPS: usize = 24;

/// What a research panel shows, folded from events by [`ResearchState::apply`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResearchState {
    /// The job id.
    pub id: Option<String>,
    /// The job query; events never overwrite it.
    pub query: String,
    /// The sub-query of the latest event that carried one.
    pub current_query: Option<String>,
    /// The job's status; once terminal it stays.
    pub status: JobStatus,
    /// 0..=100, never decreasing.
    pub progress: u32,
    /// The step being worked on, 1-based.
    pub current_step: usize,
    /// The number of steps shown.
    pub total_steps: usize,
    /// The latest event's stage.
    pub stage: Option<Stage>,
    /// The latest event's message.
    pub message: String,
    /// The newest [`MAX_STEPS`] steps.
    pub steps: Vec<Step>,
    /// The latest source summary.
    pub sources: Vec<SourceSummary>,
    /// The latest coverage.
    pub coverage: Option<Coverage>,
    /// The latest contradictions.
    pub contradictions: Vec<Contradiction>,
    /// Every error text received.
    pub errors: Vec<String>,
    /// When the job was created.
    pub started_at: Option<Timestamp>,
    /// When a terminal event arrived.
    pub completed_at: Option<Timestamp>,
}

impl Default for ResearchState {
    fn default() -> Self {
        ResearchState::empty()
    }
}

impl ResearchState {
    /// `createEmptyResearchState()`: idle, nothing known.
    #[must_use]
    pub fn empty() -> Self {
        ResearchState {
            id: None,
            query: String::new(),
            current_query: None,
            status: JobStatus::Idle,
            progress: 0,
            current_step: 0,
            total_steps: 0,
            stage: None,
            message: String::new(),
            steps: Vec::new(),
            sources: Vec::new(),
            coverage: None,
            contradictions: Vec::new(),
            errors: Vec::new(),
            started_at: None,
            completed_at: None,
        }
    }

    /// `createResearchState(id, q)`: queued, `Researching "<q>"...`, started now.
    #[must_use]
    pub fn new(id: impl Into<String>, query: impl Into<String>, now: Timestamp) -> Self {
        let query = query.into();
        ResearchState {
            id: Some(id.into()),
            message: format!("Researching \"{query}\"..."),
            query,
            status: JobStatus::Queued,
            started_at: Some(now),
            ..ResearchState::empty()
        }
    }

    /// True when the event belongs to this job (or either side has no id).
    #[must_use]
    pub fn is_for_active_job(&self, event: &ResearchEvent) -> bool {
        match &self.id {
            None => true,
            Some(id) => event.research_id.is_empty() || *id == event.research_id,
        }
    }

    /// Folds one event in; an event of another job changes nothing. Returns whether it applied.
    pub fn apply(&mut self, event: &ResearchEvent, now: Timestamp) -> bool {
        if !self.is_for_active_job(event) {
            return false;
        }
        let terminal_now = match event.status {
            RunStatus::Completed => Some(JobStatus::Completed),
            RunStatus::Failed => Some(JobStatus::Failed),
            RunStatus::Cancelled => Some(JobStatus::Cancelled),
            RunStatus::Running => match event.stage {
                Stage::Complete => Some(JobStatus::Completed),
                Stage::Error => Some(JobStatus::Failed),
                Stage::Cancelled => Some(JobStatus::Cancelled),
                _ => None,
            },
        };
        if !self.status.is_terminal() {
            self.status = terminal_now.unwrap_or(JobStatus::Running);
        }
        let terminal = self.status.is_terminal();
        if terminal {
            self.progress = 100;
        } else if let Some(p) = event.progress {
            self.progress = self.progress.max(p.min(100));
        }

        // Steps.
        let job = if event.research_id.is_empty() {
            self.id.clone().unwrap_or_else(|| "research".to_owned())
        } else {
            event.research_id.clone()
        };
        let tail = event
            .url
            .clone()
            .or_else(|| event.query.clone())
            .or_else(|| event.source.clone())
            .or_else(|| event.index.map(|i| i.to_string()))
            .unwrap_or_else(|| "current".to_owned());
        let step_id = format!("{job}:{}:{tail}", event.stage.as_str());
        let step_status =
            if terminal_now == Some(JobStatus::Failed) || event.stage.as_str().contains("error") {
                StepStatus::Error
            } else if matches!(
                terminal_now,
                Some(JobStatus::Completed | JobStatus::Cancelled)
            ) || event.stage == Stage::Complete
            {
                StepStatus::Done
            } else {
                StepStatus::Running
            };
        if step_status == StepStatus::Running {
            for s in &mut self.steps {
                if s.status == StepStatus::Running {
                    s.status = StepStatus::Done;
                }
            }
        }
        let step = Step {
            id: step_id,
            stage: event.stage,
            status: step_status,
            message: event.message.clone(),
        };
        match self.steps.iter_mut().find(|s| s.id == step.id) {
            Some(slot) => *slot = step,
            None => {
                self.steps.push(step);
                if self.steps.len() > MAX_STEPS {
                    let extra = self.steps.len() - MAX_STEPS;
                    self.steps.drain(..extra);
                }
            }
        }
        self.total_steps = self.steps.len();
        self.current_step = if terminal {
            self.steps.len()
        } else {
            let finished = self
                .steps
                .iter()
                .filter(|s| s.status != StepStatus::Running)
                .count();
            (finished + 1).max(1).min(self.steps.len().max(1))
        };

        // Fields.
        if let Some(q) = &event.query {
            self.current_query = Some(q.clone());
        }
        self.stage = Some(event.stage);
        self.message.clone_from(&event.message);
        if let Some(s) = &event.source_summary {
            self.sources.clone_from(s);
        }
        if let Some(c) = event.coverage {
            self.coverage = Some(c);
        }
        if let Some(c) = &event.contradictions {
            self.contradictions.clone_from(c);
        }
        if let Some(e) = &event.error {
            self.errors.push(e.clone());
        }
        if terminal && self.completed_at.is_none() {
            self.completed_at = Some(now);
        }
        true
    }
}
