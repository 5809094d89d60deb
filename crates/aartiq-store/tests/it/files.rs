//! The file: creation, WAL, migrations, newer and foreign files, concurrent writers.

use std::sync::Arc;

use aartiq_store::{SCHEMA_VERSION, Store, StoreError};

#[test]
fn a_new_file_is_created_in_wal_mode_at_the_newest_version() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join("dir").join("aartiq.db");
    let store = Store::open(&path).unwrap();
    assert!(path.exists());
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 2);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    // Reopening changes nothing.
    drop(store);
    let again = Store::open(&path).unwrap();
    assert_eq!(again.schema_version().unwrap(), SCHEMA_VERSION);
    let versions: Vec<i64> = conn
        .prepare("SELECT version FROM schema_version ORDER BY version")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(versions, vec![1, 2]);
}

#[test]
fn an_empty_file_is_migrated_from_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.db");
    std::fs::write(&path, b"").unwrap();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(store.list_workflows().unwrap().is_empty());
}

#[test]
fn a_version_1_file_is_migrated_and_keeps_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(include_str!("../data/schema-v1.sql"))
            .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), 2);
    let bookmarks = store.list_bookmarks(10, 0).unwrap();
    assert_eq!(bookmarks.len(), 1);
    assert_eq!(bookmarks[0].url, "https://old.example/");
    assert_eq!(
        store.setting("ui.theme").unwrap(),
        aartiq_store::SettingValue::Text("dark".into())
    );
    let history = store.list_history(&Default::default()).unwrap();
    assert_eq!(history[0].url, "https://old.example/page");
    // The tables of version 2 work.
    assert!(store.list_automations().unwrap().is_empty());
    store
        .save_workflow(
            "w",
            &[aartiq_store::WorkflowStep {
                command: "WAIT".into(),
                text: "[WAIT: 1]".into(),
            }],
            1,
        )
        .unwrap();
}

#[test]
fn a_file_from_a_newer_build_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.db");
    drop(Store::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("INSERT INTO schema_version (version) VALUES (99)", [])
            .unwrap();
    }
    match Store::open(&path) {
        Err(StoreError::TooNew {
            found, supported, ..
        }) => {
            assert_eq!(found, 99);
            assert_eq!(supported, SCHEMA_VERSION);
        }
        other => panic!("expected TooNew, got {other:?}"),
    }
}

#[test]
fn a_file_that_is_not_sqlite_gives_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [
        (
            "text.db",
            b"this is a text file, not a database\n".repeat(200),
        ),
        (
            "random.db",
            (0..8192u32).map(|i| (i * 7919 % 251) as u8).collect(),
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).unwrap();
        let err = Store::open(&path).unwrap_err();
        assert!(
            matches!(err, StoreError::NotAStore { .. }),
            "{name}: {err:?}"
        );
        let message = err.to_string();
        assert!(message.contains("is not an aartiq store"), "{message}");
        // The file is left alone.
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }
}

#[test]
fn a_damaged_store_gives_a_clear_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.db");
    {
        let store = Store::open(&path).unwrap();
        for i in 0..200 {
            store
                .record_visit(&format!("https://x.example/{i}"), "t", i)
                .unwrap();
        }
    }
    // Checkpoint the WAL into the file, then overwrite the header's magic string.
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
            .unwrap();
    }
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[..16].copy_from_slice(b"garbage-garbage!");
    std::fs::write(&path, &bytes).unwrap();
    let _ = std::fs::remove_file(path.with_extension("db-wal"));
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::NotAStore { .. }), "{err:?}");
}

#[test]
fn a_directory_in_the_way_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, b"x").unwrap();
    let err = Store::open(blocker.join("aartiq.db")).unwrap_err();
    assert!(matches!(err, StoreError::CreateDir { .. }), "{err:?}");
}

#[test]
fn two_connections_write_at_once_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.db");
    let a = Arc::new(Store::open(&path).unwrap());
    let b = Arc::new(Store::open(&path).unwrap());
    let writers: Vec<_> = [(a.clone(), "a"), (b.clone(), "b")]
        .into_iter()
        .map(|(store, who)| {
            std::thread::spawn(move || {
                for i in 0..200u64 {
                    store
                        .record_visit(&format!("https://{who}.example/{i}"), who, i)
                        .unwrap();
                    store
                        .add_bookmark(&format!("https://{who}.example/{i}"), who, i)
                        .unwrap();
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    let all = a
        .list_history(&aartiq_store::HistoryQuery::default().with_limit(1000))
        .unwrap();
    assert_eq!(all.len(), 400);
    assert_eq!(b.count_bookmarks().unwrap(), 400);
    let only_b = a
        .list_history(
            &aartiq_store::HistoryQuery::default()
                .with_query("b.example")
                .with_limit(1000),
        )
        .unwrap();
    assert_eq!(only_b.len(), 200);
}

#[test]
fn a_failed_write_leaves_nothing_half_written() {
    let (_dir, store) = crate::store();
    store
        .add_bookmark("https://keep.example/", "keep", 1)
        .unwrap();
    // Settings are all or nothing: one bad value refuses the whole update.
    let updates = serde_json::json!({"theme": "dark", "chatStyle.fontSize": 99});
    assert!(aartiq_store::plan_settings_update(Some("ui"), &updates).is_err());
    assert_eq!(
        store.setting("ui.theme").unwrap(),
        aartiq_store::SettingValue::Text("system".into())
    );
    // A workflow with one oversized step is not saved at all.
    let steps = vec![
        aartiq_store::WorkflowStep {
            command: "WAIT".into(),
            text: "[WAIT: 1]".into(),
        },
        aartiq_store::WorkflowStep {
            command: "WAIT".into(),
            text: "x".repeat(aartiq_store::MAX_STEP_CHARS + 1),
        },
    ];
    assert!(store.save_workflow("w", &steps, 1).is_err());
    assert!(store.workflow("w").unwrap().is_none());
    assert_eq!(store.count_bookmarks().unwrap(), 1);
}

/// The child half of the crash test below, run by it in a separate process: writes
/// generations of grants until it is killed. Run by the test harness itself, it does nothing.
#[test]
fn crash_child() {
    let Ok(path) = std::env::var("AARTIQ_STORE_CRASH_PATH") else {
        return;
    };
    let store = Store::open(&path).unwrap();
    for generation in 1u64.. {
        store
            .save_shell_grants(&generation_grants(generation))
            .unwrap();
        // Written aside and renamed, so the parent never reads a half-written number.
        std::fs::write(format!("{path}.progress.tmp"), generation.to_string()).unwrap();
        std::fs::rename(format!("{path}.progress.tmp"), format!("{path}.progress")).unwrap();
    }
}

/// 50 grants all stamped with `generation`: a half-written save would mix generations.
fn generation_grants(generation: u64) -> aartiq_shell_policy::Grants {
    let mut grants = aartiq_shell_policy::Grants::default();
    for i in 0..50 {
        grants.grants.insert(
            format!("SHELL_CMD:cmd-{i}"),
            aartiq_shell_policy::Grant {
                level: aartiq_shell_policy::Level::Execute,
                description: format!("generation {generation}"),
                granted_at: generation,
                expires_at: Some(generation + 1),
            },
        );
        grants.auto_approved_commands.push(format!("ls {i}"));
    }
    grants
}

#[test]
fn killing_a_writer_mid_write_loses_nothing_committed_and_leaves_nothing_half_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.db");
    drop(Store::open(&path).unwrap());
    let progress = format!("{}.progress", path.display());
    for round in 0..3 {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "files::crash_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("AARTIQ_STORE_CRASH_PATH", &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Let it commit some generations, then kill it (SIGKILL: no cleanup runs).
        let started = std::time::Instant::now();
        loop {
            let done: u64 = std::fs::read_to_string(&progress)
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            if done >= 5 || started.elapsed() > std::time::Duration::from_secs(60) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5 + round * 3));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let committed: u64 = std::fs::read_to_string(&progress).unwrap().parse().unwrap();
        let store = Store::open(&path).unwrap();
        let grants = store.load_shell_grants().unwrap();
        assert_eq!(grants.grants.len(), 50, "round {round}");
        assert_eq!(grants.auto_approved_commands.len(), 50, "round {round}");
        let generations: std::collections::BTreeSet<u64> =
            grants.grants.values().map(|g| g.granted_at).collect();
        assert_eq!(
            generations.len(),
            1,
            "a save was half written: {generations:?}"
        );
        let generation = *generations.iter().next().unwrap();
        // Everything reported committed is there (the kill may land after one more commit).
        assert!(
            generation == committed || generation == committed + 1,
            "round {round}: stored generation {generation}, committed {committed}"
        );
        std::fs::remove_file(&progress).unwrap();
    }
}
