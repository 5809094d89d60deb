//! What a command and a run come to.

use serde::{Deserialize, Serialize};

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// It ran.
    Ok,
    /// A person denied it (or another approval was pending); it did not run.
    Denied,
    /// Policy refused it (shell `critical`, trust gate, tab lock, a tool's own refusal); it did
    /// not run.
    Refused,
    /// It ran and failed, or could not be prepared (no such element, backend error).
    Failed,
    /// Its output was withheld as a likely prompt injection.
    Quarantined,
    /// This host lacks the capability it needs; nothing was done.
    Unavailable,
    /// It was not run because an earlier command of the same reply was denied or refused.
    Skipped,
}

impl Status {
    /// The lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Denied => "denied",
            Status::Refused => "refused",
            Status::Failed => "failed",
            Status::Quarantined => "quarantined",
            Status::Unavailable => "unavailable",
            Status::Skipped => "skipped",
        }
    }
}

/// One command's result: what the model is told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandResult {
    /// The command's position in its reply, from 0.
    pub index: usize,
    /// The command's name.
    pub command: String,
    /// How it ended.
    pub status: Status,
    /// The tools that ran for it, in order.
    pub tools: Vec<String>,
    /// What the model reads (cut to the configured length; already scanned when untrusted).
    pub text: String,
}

/// Why a run stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
#[non_exhaustive]
pub enum StopReason {
    /// The model replied without commands: its reply is the answer.
    Answered,
    /// A given list of commands ran ([`Runtime::run_commands`](crate::Runtime::run_commands):
    /// a scheduled automation, no model).
    Commands,
    /// The planner found nothing left to do and scored the goal complete.
    PlannerDone {
        /// The planner's completion message.
        message: String,
    },
    /// The step budget ran out.
    StepBudget {
        /// The budget.
        max_steps: usize,
    },
    /// The model could not be reached or broke off.
    ModelError {
        /// What went wrong.
        message: String,
    },
}
