//! The transcript of a run as JSON lines: goal, replies, commands, decisions, results, plans,
//! end. It is the record of the run's events ([`TranscriptSink`] is an [`EventSink`]), not a
//! second record written beside them. Timestamps come from the injected clock, so a run with a
//! manual clock replays exactly.

use std::sync::{Arc, Mutex, PoisonError};

use aartiq_agents::Clock;
use serde::{Deserialize, Serialize};

use crate::error::RuntimeError;
use crate::event::{CommandView, DecidedBy, Event, EventSink};
use crate::outcome::{CommandResult, StopReason};

/// One line of a transcript.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Record {
    /// The run's goal and the skills loaded for it.
    Goal {
        /// When (ms since the epoch, from the injected clock).
        at: u64,
        /// The goal.
        goal: String,
        /// The skills loaded into the system prompt.
        skills: Vec<String>,
    },
    /// A plan from the planner.
    Plan {
        /// When.
        at: u64,
        /// The steps' descriptions.
        steps: Vec<String>,
    },
    /// A model reply.
    Reply {
        /// When.
        at: u64,
        /// The step, from 1.
        step: usize,
        /// The whole text.
        text: String,
    },
    /// A command found in a reply.
    Command {
        /// The step.
        step: usize,
        /// Its position in the reply.
        index: usize,
        /// The command.
        command: CommandView,
        /// What it was explained as.
        explanation: String,
    },
    /// Whether it may run, and who said so.
    Decision {
        /// The step.
        step: usize,
        /// The command's position in the reply.
        index: usize,
        /// Whether it may run.
        approved: bool,
        /// Who decided.
        by: DecidedBy,
        /// Why.
        reason: String,
        /// The prompt a person answered, when one was shown (a shell batch covers several
        /// commands with one prompt).
        prompt: Option<u64>,
    },
    /// A command's result.
    Result {
        /// When.
        at: u64,
        /// The step.
        step: usize,
        /// The result.
        result: CommandResult,
    },
    /// The run's end.
    End {
        /// When.
        at: u64,
        /// Why it stopped.
        reason: StopReason,
        /// Steps taken.
        steps: usize,
    },
}

impl Record {
    /// The record of `event` at `at` (ms since the epoch), when the transcript keeps it: the
    /// goal, plans, replies, explained commands, decisions, results and the end. Streamed
    /// pieces, prompts, diagnostics and research progress are for front ends only.
    pub fn of(event: &Event, at: u64) -> Option<Record> {
        Some(match event {
            Event::Started { goal, skills } => Record::Goal {
                at,
                goal: goal.clone(),
                skills: skills.clone(),
            },
            Event::Planned { plan } => Record::Plan {
                at,
                steps: plan.steps.iter().map(|s| s.description.clone()).collect(),
            },
            Event::Reply { step, text, .. } => Record::Reply {
                at,
                step: *step,
                text: text.clone(),
            },
            Event::Explained {
                step,
                index,
                command,
                explanation,
                ..
            } => Record::Command {
                step: *step,
                index: *index,
                command: command.clone(),
                explanation: explanation.clone(),
            },
            Event::Decided {
                step,
                index,
                approved,
                by,
                reason,
                prompt,
            } => Record::Decision {
                step: *step,
                index: *index,
                approved: *approved,
                by: *by,
                reason: reason.clone(),
                prompt: *prompt,
            },
            Event::Result { step, result } => Record::Result {
                at,
                step: *step,
                result: result.clone(),
            },
            Event::Finished { reason, steps } => Record::End {
                at,
                reason: reason.clone(),
                steps: *steps,
            },
            _ => return None,
        })
    }
}

/// Records a run's events as its [`Transcript`], stamped by `clock`.
pub struct TranscriptSink {
    clock: Arc<dyn Clock>,
    records: Mutex<Vec<Record>>,
}

impl std::fmt::Debug for TranscriptSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranscriptSink").finish_non_exhaustive()
    }
}

impl TranscriptSink {
    /// An empty transcript stamped by `clock`.
    pub fn new(clock: Arc<dyn Clock>) -> TranscriptSink {
        TranscriptSink {
            clock,
            records: Mutex::new(Vec::new()),
        }
    }

    /// The transcript so far.
    pub fn transcript(&self) -> Transcript {
        Transcript {
            records: self
                .records
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone(),
        }
    }
}

impl EventSink for TranscriptSink {
    fn emit(&self, event: &Event) {
        if let Some(record) = Record::of(event, self.clock.now_ms()) {
            self.records
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(record);
        }
    }
}

/// A run's records, in order.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Transcript {
    /// The records.
    pub records: Vec<Record>,
}

impl Transcript {
    /// One JSON object per line, each line ending in `\n`.
    pub fn to_jsonl(&self) -> String {
        let mut out = String::new();
        for record in &self.records {
            // A record is plain data (strings, numbers, JSON values): it always serialises.
            if let Ok(line) = serde_json::to_string(record) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }

    /// Reads JSON lines back; blank lines are skipped.
    ///
    /// # Errors
    /// [`RuntimeError::Transcript`] naming the first line that is not a record.
    pub fn from_jsonl(text: &str) -> Result<Transcript, RuntimeError> {
        let mut records = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let record = serde_json::from_str(line).map_err(|e| RuntimeError::Transcript {
                line: i + 1,
                reason: e.to_string(),
            })?;
            records.push(record);
        }
        Ok(Transcript { records })
    }

    /// The model's replies in order: what a scripted model must say to replay the run.
    pub fn replies(&self) -> Vec<String> {
        self.records
            .iter()
            .filter_map(|r| match r {
                Record::Reply { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// The person's answers in order (`true` approved): what a scripted approver must answer
    /// to replay the run.
    pub fn answers(&self) -> Vec<(bool, String)> {
        let mut seen = std::collections::BTreeSet::new();
        self.records
            .iter()
            .filter_map(|r| match r {
                Record::Decision {
                    approved,
                    by: DecidedBy::Person,
                    reason,
                    prompt: Some(prompt),
                    ..
                } if seen.insert(*prompt) => Some((*approved, reason.clone())),
                _ => None,
            })
            .collect()
    }

    /// Every command result in order.
    pub fn results(&self) -> Vec<&CommandResult> {
        self.records
            .iter()
            .filter_map(|r| match r {
                Record::Result { result, .. } => Some(result),
                _ => None,
            })
            .collect()
    }
}
