//! Agents: who may do what, on which tab, and how a goal becomes a plan.
//!
//! `aartiq-agents` holds the policy state every tool call is judged against (spec d.1, d.2, i):
//!
//! - [`AgentRegistry`]: each agent's identity, transport, [`TrustLevel`] and score. The verbs an
//!   agent may use are always derived from its level in force, so changing trust changes the
//!   verbs; raising an agent above `limited` needs a person or a privileged agent.
//! - [`OriginGuard`]: per-origin policy, approval and deny verbs, the kill switch (only a person
//!   releases it) and a bounded audit log; [`OriginGuard::gate`] is the whole gate of spec d.2.
//! - [`TabLocks`]: one lease per tab with a time to live, handoff and release.
//! - [`Planner`]: goal -> plan through an injected [`PlanModel`], re-planning every three steps,
//!   at most ten steps a plan, and completion scoring.
//!
//! No IO: the only outside input is a [`Clock`]. The types are plain values; callers that share
//! them across tasks wrap them in a lock.
//!
//! ```
//! use aartiq_agents::{AgentId, AgentRegistry, Authority, ManualClock, OriginGuard, Registration, Verb};
//!
//! let clock = ManualClock::new(0);
//! let mut agents = AgentRegistry::new();
//! let mut guard = OriginGuard::default();
//! let id = AgentId::new("claude-desktop");
//! let registration = Registration {
//!     id: id.clone(), name: "Claude".into(), trust: None, transport: Default::default(),
//!     remote: false, user_agent: None, origins: vec![],
//! };
//! agents.register(registration, &Authority::Agent(id.clone()), &clock)?;
//!
//! // A new agent is `limited`: it may navigate but not submit forms.
//! assert!(guard.gate(&mut agents, &id, Verb::Navigate, None, &clock).allowed);
//! let refused = guard.gate(&mut agents, &id, Verb::SideEffecting, None, &clock);
//! assert_eq!(refused.reason, "Agent trust level \"limited\" lacks verb \"sideEffecting\".");
//! # Ok::<(), aartiq_agents::AgentError>(())
//! ```

mod clock;
mod error;
mod locks;
mod origin;
mod planner;
mod registry;
mod trust;

pub use clock::{Clock, ManualClock, SystemClock};
pub use error::AgentError;
pub use locks::{DEFAULT_LOCK_TTL_MS, Lease, LockRefusal, TabLocks};
pub use origin::{
    AUDIT_CAPACITY, AuditEntry, GateDecision, GuardPolicy, OriginGuard, ScoreChange, origin_of,
};
pub use planner::{
    AgentRole, AgentState, AgentStatus, CompletionCheck, Confidence, Plan, PlanContext, PlanModel,
    PlanStep, Planner, PlannerConfig,
};
pub use registry::{
    AgentId, AgentRecord, AgentRegistry, Authority, Authorization, Registration, Transport,
};
pub use trust::{TrustLevel, Verb};
