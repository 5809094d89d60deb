//! Entry points shared by the fuzz targets and the tests that replay their failures.

use aartiq_tools::{
    DomainProfile, FindQuery, FormField, FrameId, NodeId, PageCapture, RawNode, SnapshotOptions,
    SnapshotStore, TabId, match_form,
};

const ROLES: [&str; 12] = [
    "generic", "main", "region", "list", "listitem", "link", "button", "textbox", "heading",
    "form", "text", "checkbox",
];

fn decode(data: &[u8]) -> RawNode {
    let mut stack = vec![RawNode {
        node: Some(NodeId(0)),
        role: "main".into(),
        ..RawNode::default()
    }];
    let mut next = 1u64;
    let mut i = 0;
    while i < data.len() && stack.len() < 64 {
        let b = data[i];
        i += 1;
        let len = usize::from(b >> 5);
        let name = String::from_utf8_lossy(&data[i..(i + len).min(data.len())]).into_owned();
        i += len;
        let role = ROLES[usize::from(b >> 2) % ROLES.len()];
        let node = RawNode {
            // Reuse an id now and then: a backend may report duplicates.
            node: if b & 0x10 == 0 {
                Some(NodeId(next))
            } else {
                Some(NodeId(next / 2))
            },
            frame: FrameId::new(if b & 0x80 == 0 { "main" } else { "f1" }),
            role: role.into(),
            name,
            actionable: matches!(role, "link" | "button" | "textbox" | "checkbox"),
            states: if b & 0x40 != 0 {
                vec!["password".into()]
            } else {
                Vec::new()
            },
            value: (b & 0x20 != 0).then(|| "v".into()),
            ..RawNode::default()
        };
        next += 1;
        match b & 3 {
            0 => stack.push(node),
            1 if stack.len() > 1 => {
                if let Some(done) = stack.pop()
                    && let Some(parent) = stack.last_mut()
                {
                    parent.children.push(done);
                }
            }
            _ => {
                if let Some(parent) = stack.last_mut() {
                    parent.children.push(node);
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

/// One fuzz case: decodes a tree from `data`, renders it twice under a budget (the refs must
/// not change), expands each collapsed region, searches it, and matches autofill fields made of
/// the same bytes. Panics (the fuzzer's signal) when a property fails.
pub fn snapshot_case(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let capture = PageCapture {
        tab: TabId::new("1"),
        url: "https://a.example/".into(),
        title: String::from_utf8_lossy(&rest[..rest.len().min(8)]).into_owned(),
        epoch: 1,
        root: decode(rest),
    };
    let options = SnapshotOptions {
        max_tokens: usize::from(first) * 8 + 64,
        interactive_only: first & 1 == 1,
        depth: (first & 2 == 2).then_some(usize::from(first >> 4)),
        ..SnapshotOptions::default()
    };
    let mut store = SnapshotStore::new();
    let Ok(one) = store.snapshot(capture.clone(), &options) else {
        return;
    };
    let Ok(two) = store.snapshot(capture.clone(), &options) else {
        return;
    };
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(
        body(&one.text),
        body(&two.text),
        "refs changed on an unchanged page"
    );
    for region in &two.collapsed {
        let scoped = SnapshotOptions {
            scope: Some(region.reference.to_string()),
            ..SnapshotOptions::default()
        };
        let _ = store.snapshot(capture.clone(), &scoped);
    }
    let query = String::from_utf8_lossy(&rest[..rest.len().min(3)]).into_owned();
    let _ = store.find(
        &TabId::new("1"),
        &FindQuery {
            query,
            role: None,
            actionable_only: first & 4 == 4,
            limit: usize::from(first),
        },
    );
    let text = String::from_utf8_lossy(rest).into_owned();
    let field = FormField {
        name: Some(text.clone()),
        label: Some(text.clone()),
        autocomplete: Some(text.clone()),
        placeholder: Some(text),
        ..FormField::default()
    };
    let _ = match_form(&[field], &DomainProfile::default());
}

const WIDE_ROLES: [&str; 8] = [
    "button", "link", "generic", "list", "listitem", "textbox", "group", "heading",
];

/// A wide and deep page from bytes: each byte adds a node (a run of siblings when its low bits
/// say so), descends, or climbs back.
fn wide_page(data: &[u8]) -> RawNode {
    let mut stack = vec![RawNode {
        node: Some(NodeId(0)),
        frame: FrameId::new("main"),
        role: "main".into(),
        ..RawNode::default()
    }];
    let mut next = 1u64;
    for (at, &b) in data.iter().enumerate() {
        let role = WIDE_ROLES[usize::from(b >> 5)];
        let copies = if b & 0x10 != 0 {
            usize::from(b & 0x0f) * 16
        } else {
            1
        };
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

/// The budget's promise, whatever the page and the budget: the text never costs more tokens than
/// asked for, and every ref it shows resolves (page words cannot write one).
///
/// # Panics
/// When the promise is broken: that is what the fuzzer looks for.
pub fn snapshot_budget_case(data: &[u8]) {
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
        root: wide_page(rest),
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
