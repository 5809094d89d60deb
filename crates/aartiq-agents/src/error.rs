//! Errors of the agent registry, the guard's human-only switches and the planner.

use crate::{AgentId, AgentStatus, TrustLevel};

/// Why an operation on agents was refused or failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AgentError {
    /// No agent with this id was ever registered.
    #[error("Unknown agent: not registered.")]
    UnknownAgent(AgentId),
    /// Granting this trust level needs a human approval or an already-privileged caller.
    #[error("granting trust level \"{level}\" needs a human approval or a privileged caller")]
    NeedsApproval {
        /// The level asked for.
        level: TrustLevel,
    },
    /// Only a person can do this (e.g. release the kill switch).
    #[error("only a person can {action}")]
    HumanOnly {
        /// What was attempted.
        action: &'static str,
    },
    /// The agent's state machine does not allow this step.
    #[error("an agent cannot go from {from:?} to {to:?}")]
    BadTransition {
        /// Where it is.
        from: AgentStatus,
        /// Where it was asked to go.
        to: AgentStatus,
    },
    /// The id was revoked: it stays revoked, whoever registers it again.
    #[error("agent {0} was revoked, and a revoked id stays revoked: register a new id")]
    Revoked(AgentId),
    /// The id is taken, and only a person may replace an agent's record.
    #[error("agent {0} is already registered; only a person can replace its record")]
    AlreadyRegistered(AgentId),
    /// The injected planning model failed.
    #[error("planning failed: {0}")]
    Planning(String),
}
