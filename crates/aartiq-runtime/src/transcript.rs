//! The transcript of a run as JSON lines: goal, replies, commands, decisions, results, plans,
//! end. Timestamps come from the injected clock, so a run with a manual clock replays exactly.

use aartiq_commands::Command;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::RuntimeError;
use crate::outcome::{CommandResult, StopReason};

/// A command as recorded and shown: name, arguments, stated risk, reason, description.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandView {
    /// The command's name.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its arguments, keyed by the catalog's parameter names.
    pub args: Value,
    /// The risk the model stated (`low`, `medium` or `high`; `medium` when it stated none).
    pub risk: String,
    /// The model's reason.
    pub reason: Option<String>,
    /// The original's one-line description.
    pub description: String,
}

impl CommandView {
    /// The view of `command`.
    pub fn of(command: &Command) -> CommandView {
        CommandView {
            kind: command.kind.name().to_owned(),
            args: serde_json::to_value(&command.args).unwrap_or(Value::Null),
            risk: command.risk.as_str().to_owned(),
            reason: command.reason.clone(),
            description: command.description(),
        }
    }
}

/// Who decided whether a command runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    /// Nothing needed deciding (no approval class, or auto-approved by settings).
    Settings,
    /// Policy (shell `critical`, a pending approval).
    Policy,
    /// A person, through the approver.
    Person,
    /// A person's earlier "Always allow" for this exact shell line (spec b.7).
    Grant,
}

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
