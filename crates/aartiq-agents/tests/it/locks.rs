//! Tab locks (spec i.3).

use aartiq_agents::{AgentId, DEFAULT_LOCK_TTL_MS, ManualClock, TabLocks};

#[test]
fn leases_follow_the_original() {
    let clock = ManualClock::new(1_000);
    let (a, b) = (AgentId::new("a"), AgentId::new("b"));
    let mut locks = TabLocks::new();
    let lease = locks.acquire("1", &a, DEFAULT_LOCK_TTL_MS, &clock).unwrap();
    assert_eq!((lease.acquired_at, lease.expires_at), (1_000, 31_000));
    let refused = locks
        .acquire("1", &b, DEFAULT_LOCK_TTL_MS, &clock)
        .unwrap_err();
    assert_eq!(
        (refused.reason, refused.held_by),
        ("Tab is locked by another agent.", Some(a.clone()))
    );
    // The same agent gets a fresh lease.
    clock.advance(10_000);
    assert_eq!(
        locks
            .acquire("1", &a, DEFAULT_LOCK_TTL_MS, &clock)
            .unwrap()
            .expires_at,
        41_000
    );
    // A lease with expires_at <= now is expired, and anyone may take the tab.
    clock.advance(30_000);
    assert!(locks.holder("1", &clock).is_none());
    assert!(locks.acquire("1", &b, 5_000, &clock).is_ok());
}

#[test]
fn renew_release_handoff() {
    let clock = ManualClock::new(0);
    let (a, b, c) = (AgentId::new("a"), AgentId::new("b"), AgentId::new("c"));
    let mut locks = TabLocks::new();
    locks.acquire("1", &a, 1_000, &clock).unwrap();
    assert!(locks.renew("1", &b, 1_000, &clock).is_err());
    clock.advance(500);
    assert_eq!(
        locks.renew("1", &a, 1_000, &clock).unwrap().expires_at,
        1_500
    );
    assert!(!locks.release("1", &b, false));
    assert_eq!(
        locks.handoff("1", &b, &c, &clock).unwrap_err().reason,
        "Handoff requires the current owner."
    );
    assert_eq!(locks.handoff("1", &a, &b, &clock).unwrap().agent_id, b);
    assert!(
        locks.release("1", &c, true),
        "force releases anyone's lease"
    );
    // Handoff of an unlocked tab succeeds for anyone.
    assert_eq!(locks.handoff("2", &c, &a, &clock).unwrap().agent_id, a);
}

#[test]
fn release_all_sweep_snapshot() {
    let clock = ManualClock::new(0);
    let (a, b) = (AgentId::new("a"), AgentId::new("b"));
    let mut locks = TabLocks::new();
    locks.acquire("1", &a, 100, &clock).unwrap();
    locks.acquire("2", &a, 10_000, &clock).unwrap();
    locks.acquire("3", &b, 10_000, &clock).unwrap();
    assert_eq!(locks.count_for(&a, &clock), 2);
    clock.advance(100);
    assert_eq!(locks.snapshot(&clock).len(), 2);
    assert_eq!(locks.sweep(&clock), 1);
    assert_eq!(locks.release_all_for_agent(&a), 1);
    assert_eq!(
        locks
            .snapshot(&clock)
            .iter()
            .map(|l| l.tab_id.as_str())
            .collect::<Vec<_>>(),
        ["3"]
    );
}
