//! The scheduler: runs due automations of the store through the runtime, with the same policy
//! and approval rules as an interactive run. Unattended runs never approve what needs a
//! person: the prompt is queued in the store ([`Store::queue_approval`]) and the command
//! skipped; once a person approves the queued prompt, the next run of that automation asking
//! the same thing uses the approval, once.
//!
//! A binary runs [`run`] as a long-lived service; [`tick`] is one pass (tests call it with an
//! injected time).
//!
//! [`Store::queue_approval`]: aartiq_store::Store::queue_approval

use std::future::Future;
use std::time::Duration;

use aartiq_agents::Clock;
use aartiq_commands::{ArgValue, Command, CommandKind};
use aartiq_store::{Automation, AutomationAction, AutomationRun, NewApproval, RunStatus, Store};
use async_trait::async_trait;

use crate::approval::{ApprovalAnswer, ApprovalPrompt, Approver};
use crate::error::RuntimeError;
use crate::event::{Event, EventSink};
use crate::outcome::{CommandResult, Status};
use crate::runtime::Runtime;

/// How the scheduler loop runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchedulerConfig {
    /// How often the store is checked for due automations.
    pub tick: Duration,
}

impl Default for SchedulerConfig {
    fn default() -> SchedulerConfig {
        SchedulerConfig {
            tick: Duration::from_secs(30),
        }
    }
}

/// One automation's run.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduledRun {
    /// The automation as claimed (its next run already advanced).
    pub automation: Automation,
    /// How it ended.
    pub status: RunStatus,
    /// What happened, one line per command.
    pub summary: String,
    /// The commands' results.
    pub results: Vec<CommandResult>,
    /// The ids of the approvals it queued.
    pub queued: Vec<i64>,
}

/// The approver of unattended runs: uses an approval a person gave to a queued prompt of the
/// same automation (once), and otherwise queues the prompt and denies.
struct QueueApprover<'a> {
    store: &'a Store,
    automation: i64,
    now_ms: u64,
    queued: std::sync::Mutex<Vec<i64>>,
}

/// What a prompt asks, independent of run-specific details (prompt ids, steps, tab ids).
fn fingerprint(prompt: &ApprovalPrompt) -> String {
    let items: Vec<String> = prompt
        .items
        .iter()
        .map(|i| format!("{}|{}", i.command, i.description))
        .collect();
    format!("{}|{}", prompt.risk.as_str(), items.join("\n"))
}

#[async_trait]
impl Approver<ApprovalPrompt> for QueueApprover<'_> {
    async fn decide(&self, prompt: &ApprovalPrompt) -> ApprovalAnswer {
        let fingerprint = fingerprint(prompt);
        match self
            .store
            .take_approval(self.automation, &fingerprint, self.now_ms)
        {
            Ok(true) => return ApprovalAnswer::Approve,
            Ok(false) => {}
            Err(e) => {
                return ApprovalAnswer::Deny(format!(
                    "unattended run: the approval queue could not be read ({e})"
                ));
            }
        }
        let new = NewApproval {
            automation_id: self.automation,
            fingerprint,
            command: prompt
                .items
                .iter()
                .map(|i| i.description.clone())
                .collect::<Vec<_>>()
                .join("; "),
            risk: prompt.risk.as_str().to_owned(),
            reason: prompt.reason.clone(),
            prompt: serde_json::to_value(prompt).unwrap_or_default(),
        };
        match self.store.queue_approval(&new, self.now_ms) {
            Ok(queued) => {
                if let Ok(mut ids) = self.queued.lock() {
                    ids.push(queued.id);
                }
                ApprovalAnswer::Deny(format!(
                    "unattended run: this needs a person, so it was queued as approval #{} and \
                     skipped",
                    queued.id
                ))
            }
            Err(e) => ApprovalAnswer::Deny(format!(
                "unattended run: this needs a person and could not be queued ({e})"
            )),
        }
    }
}

/// The command an automation runs, if any (a reminder runs none).
fn command_of(action: &AutomationAction) -> Option<Command> {
    let (kind, param, value) = match action {
        AutomationAction::Navigate { url } => (CommandKind::Navigate, "url", url),
        AutomationAction::Research { query } => (CommandKind::DeepResearch, "query", query),
        AutomationAction::Workflow { workflow } => (CommandKind::PlayWorkflow, "name", workflow),
        _ => return None,
    };
    Command::new(kind)
        .with_arg(param, ArgValue::Text(value.clone()))
        .ok()
        .map(|c| c.with_reason("scheduled task"))
}

/// Runs one claimed automation.
async fn run_one(
    runtime: &Runtime,
    store: &Store,
    automation: Automation,
    now_ms: u64,
    events: &dyn EventSink,
) -> ScheduledRun {
    let approver = QueueApprover {
        store,
        automation: automation.id,
        now_ms,
        queued: std::sync::Mutex::new(Vec::new()),
    };
    let (status, summary, results) = match command_of(&automation.action) {
        None => (
            RunStatus::Ok,
            format!("reminder: {}", automation.action.target()),
            Vec::new(),
        ),
        Some(command) => {
            let label = format!("scheduled {} \"{}\"", automation.task_id(), automation.name);
            let outcome = runtime
                .run_commands(&label, &[command], &approver, events)
                .await;
            let queued = approver
                .queued
                .lock()
                .map(|q| !q.is_empty())
                .unwrap_or(false);
            let status = if outcome.results.iter().all(|r| r.status == Status::Ok) {
                RunStatus::Ok
            } else if queued {
                RunStatus::AwaitingApproval
            } else {
                RunStatus::Failed
            };
            let summary = outcome
                .results
                .iter()
                .map(|r| format!("{} {}: {}", r.command, r.status.as_str(), r.text))
                .collect::<Vec<_>>()
                .join("\n");
            (status, summary, outcome.results)
        }
    };
    let queued = approver
        .queued
        .lock()
        .map(|q| q.clone())
        .unwrap_or_default();
    let run = AutomationRun {
        automation_id: automation.id,
        started_at: now_ms,
        finished_at: runtime.now().max(now_ms),
        status,
        summary: summary.clone(),
    };
    if let Err(e) = store.record_run(&run) {
        tracing::warn!(task = %automation.task_id(), error = %e, "could not record the run");
    }
    events.emit(&Event::AutomationRan {
        task: automation.task_id(),
        name: automation.name.clone(),
        status,
        summary: summary.clone(),
    });
    tracing::info!(task = %automation.task_id(), status = status.as_str(), "automation ran");
    ScheduledRun {
        automation,
        status,
        summary,
        results,
        queued,
    }
}

/// One pass: claims the automations due at `now_ms` and runs each, in order.
///
/// # Errors
/// [`RuntimeError::NoStore`] when the runtime has no store; [`RuntimeError::Store`] when the
/// due automations cannot be claimed. A failing automation is a run with status `failed`.
pub async fn tick(
    runtime: &Runtime,
    now_ms: u64,
    events: &dyn EventSink,
) -> Result<Vec<ScheduledRun>, RuntimeError> {
    let store = runtime.store().cloned().ok_or(RuntimeError::NoStore)?;
    let due = store.claim_due_automations(now_ms)?;
    let mut runs = Vec::with_capacity(due.len());
    for automation in due {
        runs.push(run_one(runtime, &store, automation, now_ms, events).await);
    }
    Ok(runs)
}

/// Runs the scheduler until `shutdown` completes: a [`tick`] at `clock`'s time, then a wait of
/// `config.tick`, again. A pass that fails (the store is busy or damaged) is logged and retried
/// at the next tick.
///
/// # Errors
/// [`RuntimeError::NoStore`] when the runtime has no store (checked before the first pass).
pub async fn run(
    runtime: &Runtime,
    clock: &dyn Clock,
    config: &SchedulerConfig,
    events: &dyn EventSink,
    shutdown: impl Future<Output = ()>,
) -> Result<(), RuntimeError> {
    if runtime.store().is_none() {
        return Err(RuntimeError::NoStore);
    }
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        if let Err(e) = tick(runtime, clock.now_ms(), events).await {
            tracing::warn!(error = %e, "scheduler pass failed");
        }
        tokio::select! {
            () = &mut shutdown => return Ok(()),
            () = tokio::time::sleep(config.tick) => {}
        }
    }
}
