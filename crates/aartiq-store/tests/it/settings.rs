//! Typed settings: names, defaults, validation, query and update.

use aartiq_store::{Category, SettingValue, plan_settings_update};
use serde_json::json;

#[test]
fn defaults_are_the_originals() {
    let (_dir, store) = crate::store();
    let permissions = store.settings(Some(Category::Permissions)).unwrap();
    let get = |key: &str| {
        permissions
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value.clone())
            .unwrap()
    };
    // Spec b.7.
    assert_eq!(
        get("permissions.autoApproveLowRiskShell"),
        SettingValue::Bool(false)
    );
    assert_eq!(
        get("permissions.autoApproveMidRisk"),
        SettingValue::Bool(false)
    );
    assert_eq!(
        get("permissions.requireDeviceUnlockForManualApproval"),
        SettingValue::Bool(true)
    );
    assert_eq!(
        get("permissions.autoApprovedActions"),
        SettingValue::List(vec![])
    );
    assert!(permissions.iter().all(|e| e.is_default));
    // Spec h.1 and g.1.
    assert_eq!(
        store.setting("webSearch.pagesToFetch").unwrap(),
        SettingValue::Int(12)
    );
    assert_eq!(
        store.setting("webSearch.resultsPerQuery").unwrap(),
        SettingValue::Int(8)
    );
    // Spec d.9.
    assert_eq!(
        store.setting("ai.ollama.baseUrl").unwrap(),
        SettingValue::Text("http://127.0.0.1:11434/v1".into())
    );
    assert_eq!(
        store.settings(None).unwrap().len(),
        aartiq_store::SETTINGS.len()
    );
    assert!(store.setting("ui.nope").is_err());
}

#[test]
fn an_update_is_validated_then_applied_with_old_and_new_values() {
    let (_dir, store) = crate::store();
    let changes = plan_settings_update(
        Some("webSearch"),
        &json!({"provider": "Brave", "resultsPerQuery": "10"}),
    )
    .unwrap();
    // Nothing is written by planning.
    assert_eq!(
        store.setting("webSearch.provider").unwrap(),
        SettingValue::Text("auto".into())
    );
    let applied = store.apply_settings(&changes, 5).unwrap();
    assert_eq!(applied[0].old, SettingValue::Text("auto".into()));
    assert_eq!(applied[0].new, SettingValue::Text("brave".into()));
    assert_eq!(applied[1].new, SettingValue::Int(10));
    let entry = store
        .settings(Some(Category::WebSearch))
        .unwrap()
        .into_iter()
        .find(|e| e.name == "resultsPerQuery")
        .unwrap();
    assert!(!entry.is_default);
    // Full keys work without a category; a change back to the default is not stored.
    let back = plan_settings_update(None, &json!({"webSearch.resultsPerQuery": 8})).unwrap();
    store.apply_settings(&back, 6).unwrap();
    assert!(
        store
            .settings(Some(Category::WebSearch))
            .unwrap()
            .iter()
            .find(|e| e.name == "resultsPerQuery")
            .unwrap()
            .is_default
    );
    let list = plan_settings_update(
        Some("permissions"),
        &json!({"autoApprovedActions": "navigate, read_page_content"}),
    )
    .unwrap();
    store.apply_settings(&list, 7).unwrap();
    assert_eq!(
        store.setting("permissions.autoApprovedActions").unwrap(),
        SettingValue::List(vec!["NAVIGATE".into(), "READ_PAGE_CONTENT".into()])
    );
}

#[test]
fn bad_updates_are_refused_whole_and_never_panic() {
    for (category, updates) in [
        (Some("nope"), json!({"theme": "dark"})),
        (Some("ui"), json!({"nope": 1})),
        (Some("ui"), json!({"resultsPerQuery": 3})),
        (Some("ui"), json!({"theme": "purple"})),
        (Some("ui"), json!({"chatStyle.fontSize": 1e300})),
        (Some("ai"), json!({"temperature": "NaN"})),
        (
            Some("ai"),
            json!({"lmStudio.baseUrl": "file:///etc/passwd"}),
        ),
        (Some("permissions"), json!({"autoApproveMidRisk": "maybe"})),
        (Some("permissions"), json!({"autoApprovedActions": [1, 2]})),
        (Some("ui"), json!({})),
        (Some("ui"), json!([1, 2])),
        (None, json!("theme=dark")),
        (None, json!({"theme": "dark"})),
    ] {
        assert!(
            plan_settings_update(category, &updates).is_err(),
            "{category:?} {updates}"
        );
    }
    assert_eq!(Category::parse("web_search"), Some(Category::WebSearch));
    assert_eq!(Category::parse("PERMISSIONS"), Some(Category::Permissions));
}

#[test]
fn a_hand_edited_value_is_a_typed_error() {
    let (dir, store) = crate::store();
    drop(store);
    let path = dir.path().join("aartiq.db");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute(
            "INSERT INTO settings (key, value, updated_at) VALUES ('ui.theme', 'not json', 1)",
            [],
        )
        .unwrap();
    let store = aartiq_store::Store::open(&path).unwrap();
    assert!(matches!(
        store.settings(None),
        Err(aartiq_store::StoreError::Corrupt { .. })
    ));
}
