//! What the runtime asks a person, one prompt at a time (spec b.9), through the workspace's
//! one [`Approver`] trait with an [`ApprovalPrompt`] as the question.

use aartiq_commands::Risk;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};

pub use aartiq_tools::{ApprovalAnswer, Approver};

/// What kind of prompt a person sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromptKind {
    /// One action.
    Action,
    /// Two or more shell lines of one reply, approved or denied as a whole (spec b.9 `BATCH`).
    ShellBatch,
}

/// The shell policy's verdict on one line, as a person sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShellVerdict {
    /// The exact line.
    pub line: String,
    /// The line's tier (`low`, `medium`, `high` or `critical` in JSON).
    pub tier: aartiq_shell_policy::Tier,
    /// The policy's decision (`allow`, `ask` or `deny` in JSON).
    pub decision: aartiq_shell_policy::Decision,
    /// Why, one line per finding (`rule: message`).
    pub findings: Vec<String>,
    /// Whether `high` asks for stronger confirmation.
    pub strong_confirmation: bool,
    /// Whether "Always allow" may be offered for this line (spec b.8, made stronger: every
    /// command the line runs is checked, and the line's tier must be below `high`).
    pub always_eligible: bool,
    /// Why "Always allow" is not offered (`url-argument`, `network-or-script-capable:curl`,
    /// `policy-tier:high`, ...); `None` when it is eligible.
    pub always_refused: Option<String>,
    /// When the person's "Always allow" for this exact line ends (ms since the epoch), if one
    /// is live: the line then runs without asking.
    pub always_until: Option<u64>,
}

/// One command in a prompt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromptItem {
    /// The command's position in the reply, from 0.
    pub index: usize,
    /// The command's name (`NAVIGATE`, ...).
    pub command: String,
    /// The original's one-line description (`Navigate to https://...`).
    pub description: String,
    /// What will happen if it is approved.
    pub explanation: String,
    /// The shell policy's verdict, for shell lines.
    pub shell: Option<ShellVerdict>,
}

/// What a person is asked to approve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApprovalPrompt {
    /// The prompt's number in this run, from 1.
    pub id: u64,
    /// The step (model reply) it belongs to, from 1.
    pub step: usize,
    /// One action or a shell batch.
    pub kind: PromptKind,
    /// The risk shown: the strictest of the items.
    pub risk: Risk,
    /// Why approval is needed.
    pub reason: String,
    /// The commands it covers (one for an action).
    pub items: Vec<PromptItem>,
    /// Whether the person may answer [`ApprovalAnswer::ApproveAlways`]: every item is a shell
    /// line the policy finds eligible (spec b.9). Set by the runtime when it asks; any other
    /// prompt answered "always" is approved once and nothing is remembered.
    pub always_allow: bool,
}

impl ApprovalPrompt {
    /// Whether "Always allow" may be offered for `items`.
    pub(crate) fn offers_always(items: &[PromptItem]) -> bool {
        !items.is_empty()
            && items
                .iter()
                .all(|i| i.shell.as_ref().is_some_and(|s| s.always_eligible))
    }
}

/// An approver that denies everything with a fixed reason (for unattended runs).
#[derive(Debug, Clone)]
pub struct DenyAll(pub String);

#[async_trait]
impl<Q: ?Sized + Sync> Approver<Q> for DenyAll {
    async fn decide(&self, _question: &Q) -> ApprovalAnswer {
        ApprovalAnswer::Deny(self.0.clone())
    }
}

/// An approver over a closure that answers at once (a test, a policy, a front end with its
/// own event loop).
#[derive(Debug, Clone)]
pub struct FnApprover<F>(pub F);

#[async_trait]
impl<F> Approver<ApprovalPrompt> for FnApprover<F>
where
    F: Fn(&ApprovalPrompt) -> ApprovalAnswer + Send + Sync,
{
    async fn decide(&self, prompt: &ApprovalPrompt) -> ApprovalAnswer {
        (self.0)(prompt)
    }
}

/// Whether a command may run, who decided, why, and the prompt a person answered (when one
/// was shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decision {
    pub(crate) approved: bool,
    pub(crate) reason: String,
    pub(crate) by: crate::event::DecidedBy,
    pub(crate) prompt: Option<u64>,
}

impl Decision {
    /// Decided without asking anyone.
    pub(crate) fn unasked(approved: bool, reason: String, by: crate::event::DecidedBy) -> Decision {
        Decision {
            approved,
            reason,
            by,
            prompt: None,
        }
    }
}
