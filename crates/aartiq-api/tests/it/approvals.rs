//! The approval book's cap: calls that are never retried cannot grow the server without end.

use aartiq_api::approvals::MAX_PENDING_APPROVALS;
use aartiq_api::{Approvals, RetryError};
use serde_json::json;

#[test]
fn past_the_cap_the_oldest_approval_is_forgotten_in_memory_and_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let approvals = Approvals::with_capacity(Some(dir.path().to_owned()), 3).unwrap();
    let ids: Vec<String> = (0..5)
        .map(|n| {
            approvals
                .open("agent", "close_tab", json!({ "tabId": n }), "approval", 1)
                .unwrap()
                .id
        })
        .collect();
    assert_eq!(approvals.len(), 3);
    let listed: Vec<String> = approvals.list().into_iter().map(|a| a.id).collect();
    let mut newest = ids[2..].to_vec();
    newest.sort();
    let mut listed_sorted = listed.clone();
    listed_sorted.sort();
    assert_eq!(listed_sorted, newest);
    // The two oldest are gone: their files too, and a retry with them is APPROVAL_INVALID.
    let files = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(files, 3);
    for old in &ids[..2] {
        assert_eq!(
            approvals.claim(old, "agent", "close_tab"),
            Err(RetryError::Unknown(old.clone()))
        );
    }
    // A decided one still counts until it is used; using it frees its slot.
    approvals.decide(&ids[2], true).unwrap();
    assert_eq!(
        approvals.claim(&ids[2], "agent", "close_tab").unwrap(),
        json!({ "tabId": 2 })
    );
    assert_eq!(approvals.len(), 2);
    let next = approvals
        .open("agent", "close_tab", json!({ "tabId": 9 }), "approval", 2)
        .unwrap();
    assert_eq!(approvals.len(), 3);
    // Freeing a slot did not forget anything else.
    assert!(approvals.decide(&ids[3], false).is_ok());
    assert!(approvals.decide(&next.id, true).is_ok());
}

#[test]
fn the_default_book_holds_at_most_max_pending_approvals() {
    let approvals = Approvals::new(None).unwrap();
    for n in 0..MAX_PENDING_APPROVALS + 50 {
        approvals
            .open("agent", "form_submit", json!({ "n": n }), "approval", 1)
            .unwrap();
    }
    assert_eq!(approvals.len(), MAX_PENDING_APPROVALS);
    assert_eq!(MAX_PENDING_APPROVALS, 1000);
}
