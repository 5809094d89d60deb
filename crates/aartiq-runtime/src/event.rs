//! The events a run emits, for a terminal or web front end to render.

use aartiq_agents::Plan;
use aartiq_commands::Command;
use aartiq_research::ResearchEvent;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::approval::ApprovalPrompt;
use crate::judge::Judgement;
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

/// Something that happened in a run, in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// The run began; `skills` were loaded into the system prompt.
    Started {
        /// The goal.
        goal: String,
        /// Skill ids matched to the goal.
        skills: Vec<String>,
    },
    /// A new or revised plan.
    Planned {
        /// The plan.
        plan: Plan,
    },
    /// The planner could not plan; the run goes on without a plan.
    PlanFailed {
        /// Why.
        message: String,
    },
    /// A model request for step `step` (from 1) is about to be sent.
    StepStarted {
        /// The step.
        step: usize,
        /// The step budget.
        max_steps: usize,
    },
    /// A piece of the streamed reply.
    ReplyChunk {
        /// The step.
        step: usize,
        /// The text.
        text: String,
    },
    /// The whole reply.
    Reply {
        /// The step.
        step: usize,
        /// The reply's text.
        text: String,
        /// How many commands it holds.
        commands: usize,
    },
    /// A problem the parser found in the reply.
    Diagnostic {
        /// The step.
        step: usize,
        /// What is wrong.
        message: String,
    },
    /// A command, what it will do, and the runtime's judgement of it.
    Explained {
        /// The step.
        step: usize,
        /// The command's position in the reply.
        index: usize,
        /// The command.
        command: CommandView,
        /// What it will do.
        explanation: String,
        /// Route, risk and approval (boxed: the largest event by far).
        judgement: Box<Judgement>,
    },
    /// Whether an explained command may run, and who said so.
    Decided {
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
    /// A person is asked.
    ApprovalAsked {
        /// The prompt.
        prompt: ApprovalPrompt,
    },
    /// The answer.
    ApprovalAnswered {
        /// The prompt's id.
        id: u64,
        /// Whether it was approved.
        approved: bool,
        /// The reason of a denial.
        reason: Option<String>,
        /// The shell lines the person allowed always (normalized keys, spec b.7); empty for a
        /// one-time answer.
        always: Vec<String>,
    },
    /// A picture of the page that a command took (`SCREENSHOT_AND_ANALYZE`), small enough to
    /// show beside its step: the model is given its own copy, not this one.
    Screenshot {
        /// The step.
        step: usize,
        /// The command's position in its reply, from 0.
        index: usize,
        /// `image/jpeg` or `image/png`.
        mime_type: String,
        /// The image, base64.
        data: String,
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// A command's result, as the model will see it.
    Result {
        /// The step.
        step: usize,
        /// The result.
        result: CommandResult,
    },
    /// Progress of a deep research job.
    Research {
        /// The research pipeline's event.
        event: Box<ResearchEvent>,
    },
    /// The run ended.
    Finished {
        /// Why.
        reason: StopReason,
        /// Steps taken.
        steps: usize,
    },
    /// The scheduler ran a due automation (`aartiq_runtime::scheduler`); a reminder's message
    /// is its summary.
    AutomationRan {
        /// `task-<id>`.
        task: String,
        /// Its name.
        name: String,
        /// How it ended.
        status: aartiq_store::RunStatus,
        /// What happened.
        summary: String,
    },
}

/// Where events go. Must not block: a slow front end should buffer.
pub trait EventSink: Send + Sync {
    /// Delivers one event.
    fn emit(&self, event: &Event);
}

impl<F: Fn(&Event) + Send + Sync> EventSink for F {
    fn emit(&self, event: &Event) {
        self(event);
    }
}

impl EventSink for tokio::sync::mpsc::UnboundedSender<Event> {
    fn emit(&self, event: &Event) {
        // A receiver that went away only means nobody is watching.
        let _ = self.send(event.clone());
    }
}

/// A sink that drops every event.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    fn emit(&self, _event: &Event) {}
}
