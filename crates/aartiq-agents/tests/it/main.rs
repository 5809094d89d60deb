//! Integration tests of `aartiq-agents`: the original's rules of spec d.1, d.2 and i, and the
//! bugs of j.4 and j.8 fixed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod gate;
mod locks;
mod planner;
mod registry;

use aartiq_agents::{AgentId, AgentRegistry, Authority, ManualClock, Registration, TrustLevel};

pub(crate) fn registration(id: &str, trust: Option<TrustLevel>) -> Registration {
    Registration {
        id: AgentId::new(id),
        name: id.to_owned(),
        trust,
        transport: Default::default(),
        remote: false,
        user_agent: None,
        origins: Vec::new(),
    }
}

/// A registry holding `id` at `trust`, granted by a person.
pub(crate) fn with_agent(
    id: &str,
    trust: TrustLevel,
    clock: &ManualClock,
) -> (AgentRegistry, AgentId) {
    let mut registry = AgentRegistry::new();
    registry
        .register(registration(id, Some(trust)), &Authority::Human, clock)
        .unwrap();
    (registry, AgentId::new(id))
}
