//! `aartiq-tools`: snapshot rendering of a 5,000-node page under the default budget (collapse
//! included), a re-snapshot of the unchanged page (refs reused), `page_find` tree mode on the
//! cached capture, and `autofill_match` on a 12-field form. Counters are nodes or fields.

use aartiq_tools::{
    DomainProfile, FindQuery, FormField, FrameId, NodeId, PageCapture, ProfileKey, RawNode,
    SnapshotOptions, SnapshotStore, TabId, match_form,
};
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

const NODES: u64 = 5_000;

fn node(id: u64, role: &str, name: String, actionable: bool, children: Vec<RawNode>) -> RawNode {
    RawNode {
        node: Some(NodeId(id)),
        frame: FrameId::new("main"),
        role: role.into(),
        name,
        actionable,
        children,
        ..RawNode::default()
    }
}

/// A catalogue page: 50 regions of 99 links each (plus a heading per region).
fn big_page() -> PageCapture {
    let mut next = 1;
    let mut regions = Vec::new();
    while next < NODES {
        let region_id = next;
        next += 1;
        let mut children = vec![node(
            next,
            "heading",
            format!("Section {region_id}"),
            false,
            vec![],
        )];
        next += 1;
        for _ in 0..98 {
            children.push(node(
                next,
                "link",
                format!("Product {next} in a long descriptive name"),
                true,
                vec![],
            ));
            next += 1;
        }
        regions.push(node(
            region_id,
            "region",
            format!("Region {region_id}"),
            false,
            children,
        ));
    }
    PageCapture {
        tab: TabId::new("1"),
        url: "https://shop.example/all".into(),
        title: "All products".into(),
        epoch: 1,
        root: node(0, "main", String::new(), false, regions),
    }
}

#[divan::bench]
fn snapshot_cold(bencher: Bencher) {
    let page = big_page();
    bencher
        .counter(ItemsCount::new(NODES))
        .with_inputs(|| (SnapshotStore::new(), page.clone()))
        .bench_local_values(|(mut store, page)| {
            black_box(
                store
                    .snapshot(page, &SnapshotOptions::default())
                    .map(|s| s.tokens),
            )
        });
}

#[divan::bench]
fn snapshot_unchanged_page(bencher: Bencher) {
    let page = big_page();
    let mut store = SnapshotStore::new();
    let _ = store.snapshot(page.clone(), &SnapshotOptions::default());
    bencher
        .counter(ItemsCount::new(NODES))
        .with_inputs(|| page.clone())
        .bench_local_values(|page| {
            black_box(
                store
                    .snapshot(page, &SnapshotOptions::default())
                    .map(|s| s.tokens),
            )
        });
}

#[divan::bench]
fn page_find_tree(bencher: Bencher) {
    let mut store = SnapshotStore::new();
    let _ = store.snapshot(big_page(), &SnapshotOptions::default());
    let tab = TabId::new("1");
    let query = FindQuery {
        query: "product 4999".into(),
        role: Some("link".into()),
        actionable_only: true,
        limit: 20,
    };
    bencher
        .counter(ItemsCount::new(NODES))
        .bench_local(|| black_box(store.find(&tab, &query).map(|m| m.len())));
}

#[divan::bench]
fn autofill_match_form(bencher: Bencher) {
    let labels = [
        ("email", "Email"),
        ("given-name", "First name"),
        ("family-name", "Last name"),
        ("organization", "Company"),
        ("address-line1", "Street"),
        ("address-line2", "Apartment"),
        ("address-level2", "City"),
        ("postal-code", "ZIP"),
        ("country", "Country"),
        ("tel", "Phone"),
        ("", "Address line 2"),
        ("", "Your company name"),
    ];
    let fields: Vec<FormField> = labels
        .iter()
        .map(|(ac, label)| FormField {
            autocomplete: (!ac.is_empty()).then(|| format!("shipping {ac}")),
            label: Some((*label).into()),
            ..FormField::default()
        })
        .collect();
    let profile = DomainProfile {
        values: [
            (ProfileKey::Email, "a@b.c"),
            (ProfileKey::FirstName, "Ada"),
            (ProfileKey::LastName, "Lovelace"),
            (ProfileKey::City, "London"),
        ]
        .into_iter()
        .map(|(k, v)| (k, v.to_owned()))
        .collect(),
        has_password: false,
    };
    bencher
        .counter(ItemsCount::new(fields.len()))
        .bench_local(|| black_box(match_form(&fields, &profile).len()));
}
