//! Fuzzes the snapshot model through `aartiq_test_support::fuzzing::snapshot_case`: rendering
//! under a budget, ref stability on an unchanged page, expansion, search and autofill. Then the
//! budget itself: whatever the page and the budget, the text never costs more tokens than asked
//! for, and every ref it shows resolves.
#![no_main]

use aartiq_tools::{FrameId, NodeId, PageCapture, RawNode, SnapshotOptions, SnapshotStore, TabId};
use libfuzzer_sys::fuzz_target;

const ROLES: [&str; 8] = [
    "button", "link", "generic", "list", "listitem", "textbox", "group", "heading",
];

/// A wide and deep page from bytes: each byte adds a node (a run of siblings when its low bits
/// say so), descends, or climbs back.
fn page(data: &[u8]) -> RawNode {
    let mut stack = vec![RawNode {
        node: Some(NodeId(0)),
        frame: FrameId::new("main"),
        role: "main".into(),
        ..RawNode::default()
    }];
    let mut next = 1u64;
    for (at, &b) in data.iter().enumerate() {
        let role = ROLES[usize::from(b >> 5)];
        let copies = if b & 0x10 != 0 { usize::from(b & 0x0f) * 16 } else { 1 };
        let name = String::from_utf8_lossy(&data[at..data.len().min(at + usize::from(b & 7))])
            .into_owned();
        let node = |next: u64| RawNode {
            node: (b & 8 == 0).then_some(NodeId(next)),
            frame: FrameId::new("main"),
            role: role.into(),
            name: name.clone(),
            actionable: matches!(role, "button" | "link" | "textbox"),
            ..RawNode::default()
        };
        match b & 3 {
            0 if stack.len() < 48 => {
                stack.push(node(next));
                next += 1;
            }
            1 if stack.len() > 1 => {
                if let Some(done) = stack.pop()
                    && let Some(parent) = stack.last_mut()
                {
                    parent.children.push(done);
                }
            }
            _ => {
                if let Some(parent) = stack.last_mut() {
                    for _ in 0..copies {
                        parent.children.push(node(next));
                        next += 1;
                    }
                }
            }
        }
    }
    while stack.len() > 1 {
        if let Some(done) = stack.pop()
            && let Some(parent) = stack.last_mut()
        {
            parent.children.push(done);
        }
    }
    stack.pop().unwrap_or_default()
}

fn budget_case(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let max_tokens = match first >> 6 {
        0 => usize::from(first & 0x3f),
        1 => usize::from(first & 0x3f) * 16,
        _ => usize::from(first) * 64,
    };
    let capture = PageCapture {
        tab: TabId::new("t1"),
        url: String::from_utf8_lossy(rest).into_owned(),
        title: String::from_utf8_lossy(rest).into_owned(),
        epoch: 1,
        root: page(rest),
    };
    let options = SnapshotOptions {
        max_tokens,
        interactive_only: first & 1 == 1,
        compact: first & 2 == 0,
        ..SnapshotOptions::default()
    };
    let mut store = SnapshotStore::new();
    let Ok(snap) = store.snapshot(capture, &options) else {
        return;
    };
    let cap = max_tokens.max(1);
    let counted: usize = snap.text.lines().map(|l| (l.len() + 1).div_ceil(4)).sum();
    assert!(snap.tokens <= cap, "{} tokens over {cap}", snap.tokens);
    assert!(counted <= cap, "{counted} counted tokens over {cap}");
    for part in snap.text.split("[ref=").skip(1) {
        let reference = part.split(']').next().unwrap_or_default();
        assert!(
            store.resolve(reference, &TabId::new("t1")).is_ok(),
            "{reference} is shown but does not resolve"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    aartiq_test_support::fuzzing::snapshot_case(data);
    budget_case(data);
});
