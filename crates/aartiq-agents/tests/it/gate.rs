//! The gate of spec d.2: registry checks, origin policy, kill switch, audit.

use aartiq_agents::{
    AUDIT_CAPACITY, AgentError, AgentId, Authority, GuardPolicy, ManualClock, OriginGuard,
    TrustLevel, Verb, origin_of,
};

use crate::with_agent;

#[test]
fn gate_messages_are_the_originals() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Standard, &clock);
    let mut guard = OriginGuard::default();
    let reason = |guard: &mut OriginGuard, registry: &mut _, id: &AgentId, verb| {
        guard.gate(registry, id, verb, None, &clock).reason
    };
    assert_eq!(
        reason(
            &mut guard,
            &mut registry,
            &AgentId::new("ghost"),
            Verb::ReadOnly
        ),
        "Unknown agent: not registered."
    );
    assert_eq!(
        reason(&mut guard, &mut registry, &id, Verb::Navigate),
        "Action permitted by policy."
    );
    let side = guard.gate(&mut registry, &id, Verb::SideEffecting, None, &clock);
    assert_eq!((side.allowed, side.requires_approval), (true, true));
    assert_eq!(
        side.reason,
        "Verb \"sideEffecting\" requires human approval."
    );
    assert_eq!(
        reason(&mut guard, &mut registry, &id, Verb::Destructive),
        "Agent trust level \"standard\" lacks verb \"destructive\"."
    );
    registry.revoke(&id).unwrap();
    assert_eq!(
        reason(&mut guard, &mut registry, &id, Verb::ReadOnly),
        "Agent is revoked."
    );
}

#[test]
fn destructive_is_denied_by_default_even_for_privileged() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("root", TrustLevel::Privileged, &clock);
    let mut guard = OriginGuard::default();
    let decision = guard.gate(&mut registry, &id, Verb::Destructive, None, &clock);
    assert!(!decision.allowed);
    assert_eq!(
        decision.reason,
        "Verb \"destructive\" is categorically denied."
    );
}

#[test]
fn kill_switch_blocks_everything_and_only_a_person_releases_it() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Privileged, &clock);
    let mut guard = OriginGuard::default();
    guard.engage_kill_switch();
    let decision = guard.gate(&mut registry, &id, Verb::ReadOnly, None, &clock);
    assert_eq!(
        (decision.allowed, decision.reason.as_str()),
        (false, "Kill switch engaged: all agent actions blocked.")
    );
    assert_eq!(
        guard.release_kill_switch(&Authority::Agent(id.clone())),
        Err(AgentError::HumanOnly {
            action: "release the kill switch"
        })
    );
    assert!(guard.kill_switch_engaged());
    guard.release_kill_switch(&Authority::Human).unwrap();
    assert!(
        guard
            .gate(&mut registry, &id, Verb::ReadOnly, None, &clock)
            .allowed
    );
}

#[test]
fn enforced_allowlist_refuses_other_origins() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Limited, &clock);
    let policy = GuardPolicy {
        allowlist: ["https://example.com".to_owned()].into(),
        enforce_allowlist: true,
        ..GuardPolicy::default()
    };
    let mut guard = OriginGuard::new(policy);
    assert!(
        guard
            .gate(
                &mut registry,
                &id,
                Verb::Navigate,
                Some("https://example.com"),
                &clock
            )
            .allowed
    );
    let refused = guard.gate(
        &mut registry,
        &id,
        Verb::Navigate,
        Some("https://evil.example"),
        &clock,
    );
    assert_eq!(
        refused.reason,
        "Origin \"https://evil.example\" is not in the allowlist."
    );
    let unknown = guard.gate(&mut registry, &id, Verb::Navigate, None, &clock);
    assert_eq!(
        unknown.reason,
        "Origin \"unknown\" is not in the allowlist."
    );
}

#[test]
fn untrusted_agents_cannot_ask_for_approval() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Untrusted, &clock);
    let policy = GuardPolicy {
        approval_verbs: [Verb::ReadOnly].into(),
        ..GuardPolicy::default()
    };
    let mut guard = OriginGuard::new(policy);
    let decision = guard.gate(&mut registry, &id, Verb::ReadOnly, None, &clock);
    assert!(!decision.allowed);
    assert_eq!(
        decision.reason,
        "Agent trust level \"untrusted\" cannot request approval."
    );
}

#[test]
fn audit_log_is_bounded_and_allowed_actions_touch_the_agent() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Limited, &clock);
    let mut guard = OriginGuard::default();
    clock.advance(1_000);
    for _ in 0..AUDIT_CAPACITY + 5 {
        guard.gate(&mut registry, &id, Verb::ReadOnly, None, &clock);
    }
    assert_eq!(guard.audit().count(), AUDIT_CAPACITY);
    assert_eq!(registry.get(&id).unwrap().last_seen, 1_000);
}

#[test]
fn origin_of_follows_the_original() {
    assert_eq!(
        origin_of("https://example.com/path?q=1").as_deref(),
        Some("https://example.com")
    );
    assert_eq!(
        origin_of("http://user:pw@Example.COM:80/x").as_deref(),
        Some("http://example.com")
    );
    assert_eq!(origin_of("file:///etc/passwd"), None);
    assert_eq!(origin_of("about:blank"), None);
    assert_eq!(origin_of("42"), None);
}
