//! Errors of the runtime: only what stops a runtime from being built. Everything that happens
//! during a run (a denial, a refusal, a model failure) is a value in the run's outcome.

use aartiq_agents::AgentError;

/// Why a [`Runtime`](crate::Runtime) could not be built or a transcript not read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RuntimeError {
    /// The assistant could not be registered as an agent in the tool registry.
    #[error("could not register the assistant as agent \"{agent}\": {source}")]
    Register {
        /// The agent id.
        agent: String,
        /// The registry's reason.
        #[source]
        source: AgentError,
    },
    /// The configuration is unusable.
    #[error("invalid runtime configuration: {0}")]
    Config(String),
    /// The scheduler was started on a runtime without a store.
    #[error("the scheduler needs a store; give the runtime one with Runtime::with_store")]
    NoStore,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] aartiq_store::StoreError),
    /// A transcript line is not a transcript record.
    #[error("transcript line {line} is not a record: {reason}")]
    Transcript {
        /// The 1-based line number.
        line: usize,
        /// What was wrong.
        reason: String,
    },
}
