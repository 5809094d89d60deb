//! Properties: no input makes the store's parsers or writes panic; what is stored reads back.

use aartiq_store::{HistoryQuery, Schedule, TimeZone, parse_task, plan_settings_update};
use proptest::prelude::*;
use serde_json::json;

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9*/,@ a-z-]{0,30}",
        "(every|once|at) [0-9a-zA-Z:TZ -]{0,25}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn schedules_parse_or_refuse_and_next_runs_never_panic(input in text(), after in any::<u64>()) {
        if let Ok(schedule) = Schedule::parse(&input) {
            let _ = schedule.next_after(after, &TimeZone::UTC);
            // What parses prints as text that parses to the same schedule.
            prop_assert_eq!(Schedule::parse(&schedule.to_string()).ok(), Some(schedule));
        }
    }

    #[test]
    fn task_payloads_never_panic(
        schedule in text(), kind in text(), name in text(), url in text(), n in any::<i64>()
    ) {
        for payload in [
            json!({"schedule": schedule, "type": kind, "name": name, "url": url}),
            json!({"cron": n, "type": [kind], "name": {"x": name}}),
            json!(schedule),
        ] {
            let draft = parse_task(&payload);
            let complete = draft.problems.is_empty();
            prop_assert_eq!(draft.into_new().is_ok(), complete);
        }
    }

    #[test]
    fn settings_updates_never_panic(category in text(), key in text(), value in text(), n in any::<f64>()) {
        let _ = plan_settings_update(Some(&category), &json!({ key.clone(): value }));
        let _ = plan_settings_update(None, &json!({ key: n }));
        let _ = plan_settings_update(Some("ui"), &json!({"chatStyle.fontSize": n}));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn writes_of_any_text_are_refused_or_read_back(url in any::<String>(), title in any::<String>(), at in any::<u64>()) {
        let (_dir, store) = crate::store();
        match store.add_bookmark(&url, &title, at) {
            Ok((bookmark, _)) => {
                let listed = store.list_bookmarks(10, 0).unwrap();
                prop_assert_eq!(listed, vec![bookmark]);
            }
            Err(e) => {
                let invalid = matches!(e, aartiq_store::StoreError::Invalid { .. });
                prop_assert!(invalid, "{}", e);
            }
        }
        if let Ok(visit) = store.record_visit(&url, &title, at) {
            let query = HistoryQuery::default().with_query(title.trim());
            let found = store.list_history(&query).unwrap();
            prop_assert!(found.contains(&visit));
        }
        let _ = store.workflow(&url);
        let _ = store.remove_bookmark(&title);
    }
}
