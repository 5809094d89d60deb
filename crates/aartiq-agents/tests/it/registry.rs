//! The registry: trust levels, verbs, scores, revocation (spec d.1, i.2).

use aartiq_agents::{AgentError, AgentId, Authority, ManualClock, TabLocks, TrustLevel, Verb};
use proptest::prelude::*;

use crate::{registration, with_agent};

#[test]
fn levels_have_the_originals_verbs_tabs_and_scores() {
    use TrustLevel::*;
    assert_eq!(Untrusted.verbs(), [Verb::ReadOnly]);
    assert_eq!(
        Limited.verbs(),
        [Verb::ReadOnly, Verb::Navigate, Verb::Input]
    );
    assert_eq!(
        Standard.verbs(),
        [
            Verb::ReadOnly,
            Verb::Navigate,
            Verb::Input,
            Verb::SideEffecting
        ]
    );
    assert_eq!(Privileged.verbs(), Verb::ALL);
    assert_eq!(
        [Untrusted, Limited, Standard, Privileged].map(TrustLevel::max_tabs),
        [1, 2, 4, 8]
    );
    assert_eq!(
        [Untrusted, Limited, Standard, Privileged].map(TrustLevel::baseline_score),
        [10, 35, 60, 85]
    );
    assert!(!Untrusted.can_request_approval() && Limited.can_request_approval());
    assert_eq!(
        [79, 80, 55, 54, 30, 29].map(TrustLevel::for_score),
        [Standard, Privileged, Standard, Limited, Limited, Untrusted]
    );
}

#[test]
fn register_defaults_to_limited() {
    let clock = ManualClock::new(5);
    let mut registry = aartiq_agents::AgentRegistry::new();
    let anonymous = Authority::Agent(AgentId::new("someone"));
    let record = registry
        .register(registration("a", None), &anonymous, &clock)
        .unwrap();
    assert_eq!(
        (record.trust(), record.score, record.paired_at),
        (TrustLevel::Limited, 35, 5)
    );
}

#[test]
fn raising_trust_needs_a_person_or_a_privileged_agent() {
    let clock = ManualClock::new(0);
    let (mut registry, boss) = with_agent("boss", TrustLevel::Privileged, &clock);
    let stranger = Authority::Agent(AgentId::new("stranger"));
    // j.4: agent_register was ungated; now an unprivileged caller cannot mint trust.
    assert_eq!(
        registry
            .register(
                registration("x", Some(TrustLevel::Privileged)),
                &stranger,
                &clock
            )
            .unwrap_err(),
        AgentError::NeedsApproval {
            level: TrustLevel::Privileged
        }
    );
    assert!(
        registry.get(&AgentId::new("x")).is_none(),
        "a refused registration leaves nothing behind"
    );
    registry
        .register(
            registration("x", Some(TrustLevel::Standard)),
            &Authority::Agent(boss),
            &clock,
        )
        .unwrap();
    registry
        .register(
            registration("y", Some(TrustLevel::Privileged)),
            &Authority::Human,
            &clock,
        )
        .unwrap();
    let limited = Authority::Agent(AgentId::new("x"));
    assert!(
        registry
            .set_trust(&AgentId::new("y"), TrustLevel::Privileged, &limited)
            .is_err()
    );
}

#[test]
fn changing_trust_changes_the_verbs() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Limited, &clock);
    assert!(!registry.can(&id, Verb::SideEffecting, None));
    registry
        .set_trust(&id, TrustLevel::Standard, &Authority::Human)
        .unwrap();
    assert!(
        registry.can(&id, Verb::SideEffecting, None),
        "d.1 bug: caps did not follow the level"
    );
    registry
        .set_trust(&id, TrustLevel::Untrusted, &Authority::Human)
        .unwrap();
    assert!(!registry.can(&id, Verb::Navigate, None));
    assert!(registry.can(&id, Verb::ReadOnly, None));
}

#[test]
fn injections_cost_25_and_revoke_below_20() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Standard, &clock);
    // 60 -> 35: the score now only earns `limited`.
    assert_eq!(registry.record_injection(&id).unwrap(), TrustLevel::Limited);
    assert_eq!(registry.get(&id).unwrap().score, 35);
    registry.record_injection(&id).unwrap(); // 35 -> 10 < 20: revoked
    let record = registry.get(&id).unwrap();
    assert!(record.revoked);
    assert_eq!(
        (record.score, record.trust(), record.verbs().len()),
        (0, TrustLevel::Untrusted, 0)
    );
    assert!(!registry.can(&id, Verb::ReadOnly, None));
}

#[test]
fn scores_lower_the_level_but_never_raise_it_past_the_grant() {
    let clock = ManualClock::new(0);
    let (mut registry, id) = with_agent("a", TrustLevel::Limited, &clock);
    for _ in 0..60 {
        registry.record_action(&id, true, &clock).unwrap();
    }
    let record = registry.get(&id).unwrap();
    assert_eq!(record.score, 95);
    assert_eq!(
        record.trust(),
        TrustLevel::Limited,
        "successes must not escalate privileges"
    );
    for _ in 0..14 {
        registry.record_action(&id, false, &clock).unwrap();
    }
    assert_eq!(registry.get(&id).unwrap().score, 25);
    assert_eq!(registry.get(&id).unwrap().trust(), TrustLevel::Untrusted);
}

#[test]
fn origins_restrict_can() {
    let clock = ManualClock::new(0);
    let mut registry = aartiq_agents::AgentRegistry::new();
    let mut reg = registration("a", None);
    reg.origins = vec!["https://example.com".into()];
    registry.register(reg, &Authority::Human, &clock).unwrap();
    let id = AgentId::new("a");
    assert!(registry.can(&id, Verb::Navigate, Some("https://example.com")));
    assert!(!registry.can(&id, Verb::Navigate, Some("https://evil.example")));
    assert!(registry.can(&id, Verb::Navigate, None));
    assert!(!registry.can(&AgentId::new("nobody"), Verb::ReadOnly, None));
}

#[test]
fn authorize_and_disconnect_follow_the_original() {
    let clock = ManualClock::new(0);
    let (mut registry, a) = with_agent("a", TrustLevel::Limited, &clock);
    registry
        .register(registration("b", None), &Authority::Human, &clock)
        .unwrap();
    let b = AgentId::new("b");
    let mut locks = TabLocks::new();
    locks.acquire("7", &b, 30_000, &clock).unwrap();
    let ok = registry.authorize(&a, "1", Verb::Input, None, &locks, &clock);
    assert_eq!((ok.ok, ok.reason.as_str()), (true, "authorized"));
    let held = registry.authorize(&a, "7", Verb::Input, None, &locks, &clock);
    assert_eq!(
        (held.reason.as_str(), held.held_by),
        ("Tab is locked by another agent.", Some(b.clone()))
    );
    let verb = registry.authorize(&a, "1", Verb::SideEffecting, None, &locks, &clock);
    assert_eq!(
        verb.reason,
        "Agent \"limited\" cannot perform \"sideEffecting\"."
    );
    assert_eq!(registry.disconnect(&b, &mut locks).unwrap(), 1);
    let gone = registry.authorize(&b, "1", Verb::ReadOnly, None, &locks, &clock);
    assert_eq!(gone.reason, "Agent not connected or revoked.");
    assert!(registry.get(&b).is_some(), "the record stays for history");
    assert!(locks.snapshot(&clock).is_empty());
}

proptest! {
    /// Whatever happens to an agent, the verbs it may use are exactly those of its level in
    /// force, and none once revoked.
    #[test]
    fn verbs_always_follow_the_level(events in prop::collection::vec(0u8..4, 0..80), start in 0usize..4) {
        let clock = ManualClock::new(0);
        let levels = [TrustLevel::Untrusted, TrustLevel::Limited, TrustLevel::Standard, TrustLevel::Privileged];
        let (mut registry, id) = with_agent("a", levels[start], &clock);
        for event in events {
            match event {
                0 => { registry.record_action(&id, true, &clock).unwrap(); }
                1 => { registry.record_action(&id, false, &clock).unwrap(); }
                2 => { registry.record_injection(&id).unwrap(); }
                _ => { registry.set_trust(&id, levels[start], &Authority::Human).unwrap(); }
            }
            let record = registry.get(&id).unwrap();
            prop_assert!(record.trust() <= levels[start]);
            for verb in Verb::ALL {
                let expected = !record.revoked && record.trust().allows(verb);
                prop_assert_eq!(registry.can(&id, verb, None), expected);
            }
        }
    }
}

#[test]
fn registering_again_never_un_revokes_and_an_agent_cannot_replace_a_record() {
    let clock = ManualClock::new(0);
    let (mut registry, _) = with_agent("victim", TrustLevel::Standard, &clock);
    let attacker = Authority::Agent(AgentId::new("attacker"));
    // Another agent's record (its trust) cannot be overwritten by an agent, even downwards.
    assert_eq!(
        registry
            .register(
                registration("victim", Some(TrustLevel::Limited)),
                &attacker,
                &clock
            )
            .unwrap_err(),
        AgentError::AlreadyRegistered(AgentId::new("victim"))
    );
    assert_eq!(
        registry.get(&AgentId::new("victim")).unwrap().trust(),
        TrustLevel::Standard
    );
    // A revoked id stays revoked, whoever registers it (a person included).
    registry.revoke(&AgentId::new("victim")).unwrap();
    for who in [attacker, Authority::Human] {
        assert_eq!(
            registry
                .register(registration("victim", None), &who, &clock)
                .unwrap_err(),
            AgentError::Revoked(AgentId::new("victim"))
        );
    }
    assert!(registry.get(&AgentId::new("victim")).unwrap().revoked);
}
