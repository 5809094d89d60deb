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
