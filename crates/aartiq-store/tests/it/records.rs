//! Bookmarks, history, shell grants and workflows: round trips and bad input.

use aartiq_store::{HistoryQuery, StoreError, WorkflowStep};

#[test]
fn bookmarks_round_trip_list_remove_clear() {
    let (_dir, store) = crate::store();
    let (first, new) = store.add_bookmark(" https://a.example/ ", "A", 10).unwrap();
    assert!(new);
    assert_eq!(first.url, "https://a.example/");
    store.add_bookmark("https://b.example/", "B", 20).unwrap();
    store.add_bookmark("https://c.example/", "", 30).unwrap();
    // Adding again retitles, keeps the date, adds no row.
    let (again, new) = store.add_bookmark("https://a.example/", "A2", 40).unwrap();
    assert!(!new);
    assert_eq!(again.created_at, 10);
    let all = store.list_bookmarks(100, 0).unwrap();
    let urls: Vec<&str> = all.iter().map(|b| b.url.as_str()).collect();
    assert_eq!(
        urls,
        [
            "https://c.example/",
            "https://b.example/",
            "https://a.example/"
        ]
    );
    assert_eq!(all[2].title, "A2");
    assert_eq!(
        store.list_bookmarks(1, 1).unwrap()[0].url,
        "https://b.example/"
    );
    assert!(store.remove_bookmark("https://b.example/").unwrap());
    assert!(!store.remove_bookmark("https://b.example/").unwrap());
    assert_eq!(store.clear_bookmarks().unwrap(), 2);
    assert!(store.list_bookmarks(100, 0).unwrap().is_empty());
}

#[test]
fn history_lists_by_query_limit_and_dates_newest_first() {
    let (_dir, store) = crate::store();
    for (i, (url, title)) in [
        ("https://github.com/rust-lang", "Rust"),
        ("https://news.example/", "News"),
        ("https://github.com/tokio-rs", "Tokio"),
        ("https://example.org/100%_done", "Percent"),
    ]
    .iter()
    .enumerate()
    {
        store
            .record_visit(url, title, (i as u64 + 1) * 100)
            .unwrap();
    }
    let github = store
        .list_history(&HistoryQuery::default().with_query("GITHUB"))
        .unwrap();
    let urls: Vec<&str> = github.iter().map(|h| h.url.as_str()).collect();
    assert_eq!(
        urls,
        [
            "https://github.com/tokio-rs",
            "https://github.com/rust-lang"
        ]
    );
    let by_title = store
        .list_history(&HistoryQuery::default().with_query("tokio"))
        .unwrap();
    assert_eq!(by_title.len(), 1);
    // LIKE wildcards in the query are literal.
    let percent = store
        .list_history(&HistoryQuery::default().with_query("%_"))
        .unwrap();
    assert_eq!(percent.len(), 1);
    assert_eq!(
        store
            .list_history(&HistoryQuery::default().with_limit(2))
            .unwrap()
            .len(),
        2
    );
    let window = store
        .list_history(&HistoryQuery {
            since_ms: Some(200),
            until_ms: Some(300),
            ..HistoryQuery::default()
        })
        .unwrap();
    assert_eq!(window.len(), 2);
    assert_eq!(store.clear_history().unwrap(), 4);
    assert!(
        store
            .list_history(&HistoryQuery::default())
            .unwrap()
            .is_empty()
    );
}

#[test]
fn bad_records_are_refused_before_anything_is_written() {
    let (_dir, store) = crate::store();
    for url in ["", "   ", "a\0b"] {
        assert!(matches!(
            store.add_bookmark(url, "t", 1),
            Err(StoreError::Invalid { .. })
        ));
        assert!(store.record_visit(url, "t", 1).is_err());
    }
    let huge = "x".repeat(aartiq_store::MAX_URL_CHARS + 1);
    assert!(store.add_bookmark(&huge, "t", 1).is_err());
    assert!(
        store
            .add_bookmark("https://ok.example/", &"t".repeat(5000), 1)
            .is_err()
    );
    assert!(store.remove_bookmark("").is_err());
    assert_eq!(store.count_bookmarks().unwrap(), 0);
    // Odd but valid text is stored as it is.
    store
        .add_bookmark(
            "https://ü.example/'; DROP TABLE bookmarks; --",
            "😀",
            u64::MAX,
        )
        .unwrap();
    // Times past i64::MAX ms are kept (and returned) as i64::MAX (found by proptest).
    assert_eq!(
        store
            .record_visit("https://x.example/", "", u64::MAX)
            .unwrap()
            .visited_at,
        i64::MAX as u64
    );
    let b = &store.list_bookmarks(1, 0).unwrap()[0];
    assert_eq!(b.url, "https://ü.example/'; DROP TABLE bookmarks; --");
    assert_eq!(b.created_at, i64::MAX as u64);
}

#[test]
fn shell_grants_round_trip_exactly() {
    let (_dir, store) = crate::store();
    assert_eq!(store.load_shell_grants().unwrap(), Default::default());
    let mut grants = aartiq_shell_policy::Grants::default();
    grants
        .grant(
            "SHELL_LOW",
            "read",
            "made in settings",
            false,
            &aartiq_shell_policy::FixedClock(5),
        )
        .unwrap();
    grants
        .grant(
            "SHELL_CMD:ls",
            "execute",
            "session",
            true,
            &aartiq_shell_policy::FixedClock(5),
        )
        .unwrap();
    grants
        .allow_always("ls -la", &aartiq_shell_policy::FixedClock(1_000))
        .unwrap();
    grants
        .auto_approved_commands
        .push("legacy-without-record".into());
    store.save_shell_grants(&grants).unwrap();
    assert_eq!(store.load_shell_grants().unwrap(), grants);
    // Saving again replaces, it does not merge.
    let mut fewer = grants.clone();
    fewer.grants.remove("SHELL_LOW");
    fewer.auto_approved_commands.clear();
    fewer.auto_approved_command_grants.clear();
    store.save_shell_grants(&fewer).unwrap();
    assert_eq!(store.load_shell_grants().unwrap(), fewer);
}

#[test]
fn workflows_round_trip_and_refuse_bad_names() {
    let (_dir, store) = crate::store();
    let steps = vec![
        WorkflowStep {
            command: "NAVIGATE".into(),
            text: r#"{"type": "NAVIGATE", "value": "https://a.example/"}"#.into(),
        },
        WorkflowStep {
            command: "WAIT".into(),
            text: "[WAIT: 100]".into(),
        },
    ];
    let saved = store.save_workflow(" checkout ", &steps, 10).unwrap();
    assert_eq!(saved.name, "checkout");
    let loaded = store.workflow("checkout").unwrap().unwrap();
    assert_eq!(loaded.steps, steps);
    assert_eq!((loaded.created_at, loaded.updated_at), (10, 10));
    let resaved = store.save_workflow("checkout", &steps[..1], 20).unwrap();
    assert_eq!(resaved.created_at, 10);
    assert_eq!(store.workflow("checkout").unwrap().unwrap().steps.len(), 1);
    assert_eq!(store.list_workflows().unwrap().len(), 1);
    for bad in ["", "  ", "a\nb", &"n".repeat(101)] {
        assert!(store.save_workflow(bad, &steps, 1).is_err(), "{bad:?}");
    }
    assert!(store.save_workflow("empty", &[], 1).is_err());
    assert!(store.workflow("nope").unwrap().is_none());
    assert!(store.delete_workflow("checkout").unwrap());
    assert!(!store.delete_workflow("checkout").unwrap());
}
