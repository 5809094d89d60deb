//! Approval tickets (spec b.9) as a value.

use aartiq_tools::{
    ApprovalTickets, MAX_TICKETS, TICKET_TTL_MS, TicketError, action_digest, canonical_input, hex,
};
use serde_json::json;

#[test]
fn canonical_input_sorts_keys_at_every_level() {
    let a = canonical_input(&json!({"b": 1, "a": {"d": [1, {"z": 0, "y": 1}], "c": null}}));
    assert_eq!(a, r#"{"a":{"c":null,"d":[1,{"y":1,"z":0}]},"b":1}"#);
    assert_eq!(canonical_input(&json!("rm -rf /")), "rm -rf /");
}

#[test]
fn the_digest_is_sha256_of_action_and_input() {
    // Computed independently: sha256(b'close_tab:{"tabId":"1"}').
    assert_eq!(
        hex(&action_digest("close_tab", r#"{"tabId":"1"}"#)),
        "bc4c17eab7e60e819e62053c1ecfb2eb83b11011d20c0e0510c60a28f7beb966"
    );
    assert_ne!(action_digest("a", "b:c"), action_digest("a:b", "d"));
}

#[test]
fn lifetime_single_use_and_scope() {
    let mut t = ApprovalTickets::new();
    let id = t.issue("form_submit", "{}", 1_000);
    assert!(id.0.starts_with("ticket-1-1000"));
    assert_eq!(t.peek(&id, "form_submit", "{}", 1_000), Ok(()));
    assert_eq!(
        t.consume(&id, "form_submit", "{}", 1_000 + TICKET_TTL_MS),
        Err(TicketError::Expired)
    );
    assert_eq!(
        t.consume(&id, "form_submit", "{}", 1_000),
        Err(TicketError::Invalid)
    );
    let id = t.issue("form_submit", "{}", 0);
    assert_eq!(
        t.consume(&id, "form_submit", "{\"x\":1}", 0),
        Err(TicketError::ScopeMismatch)
    );
    assert_eq!(
        t.consume(&id, "form_submit", "{}", 0),
        Err(TicketError::Invalid)
    );
    let id = t.issue("form_submit", "{}", 0);
    assert_eq!(
        t.consume(&id, "close_tab", "{}", 0),
        Err(TicketError::ScopeMismatch)
    );
    let id = t.issue("form_submit", "{}", 0);
    assert_eq!(
        t.consume(&id, "form_submit", "{}", TICKET_TTL_MS - 1),
        Ok(())
    );
    assert_eq!(
        t.consume(&id, "form_submit", "{}", 0),
        Err(TicketError::Invalid)
    );
    assert!(t.is_empty());
}

#[test]
fn at_most_500_tickets_oldest_evicted() {
    let mut t = ApprovalTickets::new();
    let first = t.issue("a", "", 0);
    let second = t.issue("a", "", 0);
    for _ in 0..MAX_TICKETS - 1 {
        t.issue("a", "", 0);
    }
    assert_eq!(t.len(), MAX_TICKETS);
    assert_eq!(t.consume(&first, "a", "", 0), Err(TicketError::Invalid));
    assert_eq!(t.consume(&second, "a", "", 0), Ok(()));
}

#[test]
fn concurrent_consumers_exactly_one_wins() {
    use std::sync::{Arc, Mutex};
    let tickets = Arc::new(Mutex::new(ApprovalTickets::new()));
    let id = tickets.lock().unwrap().issue("vault_unlock", "{}", 0);
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let tickets = tickets.clone();
            let id = id.clone();
            std::thread::spawn(move || {
                tickets
                    .lock()
                    .unwrap()
                    .consume(&id, "vault_unlock", "{}", 1)
                    .is_ok()
            })
        })
        .collect();
    let wins = handles
        .into_iter()
        .map(|h| h.join().unwrap())
        .filter(|ok| *ok)
        .count();
    assert_eq!(wins, 1);
}

#[test]
fn each_asker_has_one_question_open_at_a_time() {
    use aartiq_tools::OpenQuestions;
    let open = OpenQuestions::new();
    let first = open.claim(&"ada").expect("nothing open yet");
    assert!(open.claim(&"ada").is_none(), "a second question waits");
    let other = open.claim(&"bob").expect("another asker is not held up");
    assert!(open.is_open(&"ada") && open.is_open(&"bob"));
    drop(first);
    assert!(!open.is_open(&"ada"));
    assert!(
        open.claim(&"ada").is_some(),
        "answered: the next may be asked"
    );
    drop(other);
    assert!(!open.is_open(&"bob"));
}
