//! The store's commands through the runtime, on a real store in a temporary file, where the
//! checks go past a scenario file: workflows recorded and replayed, UI preferences seen by the
//! agent API. Bookmarks, history, settings and automations are scenarios:
//! `tests/data/goals/*.toml`.

use aartiq_runtime::{ApprovalAnswer, Status};
use aartiq_store::SettingValue;
use aartiq_test_support::Fakes;

use crate::support::{assert_statuses, config, harness_with_store, run_with, start_tab};

#[tokio::test]
async fn a_recorded_workflow_replays_step_by_step_through_approval() {
    let fakes = start_tab("<p>start</p>");
    fakes
        .browser
        .add_site("https://docs.example/", "<h1>Docs</h1><p>Version 2.1</p>");
    let (h, _dir, store) = harness_with_store(
        fakes,
        vec![
            "[RECORD_WORKFLOW: start]",
            "[NAVIGATE: https://docs.example/]\n[THINK: checking]\n[READ_PAGE_CONTENT]",
            "[RECORD_WORKFLOW: save:docs-check]",
            "Recorded.",
            "[PLAY_WORKFLOW: docs-check]",
            "Played.",
            "[PLAY_WORKFLOW: docs-check]",
            "Stopped.",
        ],
        // Everything asks.
        aartiq_runtime::Config::default().with_planning(false),
    );
    let (outcome, _) = run_with(
        &h,
        "record a workflow",
        vec![ApprovalAnswer::Approve, ApprovalAnswer::Approve],
    )
    .await;
    assert!(
        outcome.results.iter().all(|r| r.status == Status::Ok),
        "{:?}",
        outcome.results
    );
    assert_eq!(h.runtime.recording_steps(), None);
    let workflow = store.workflow("docs-check").unwrap().unwrap();
    let steps: Vec<&str> = workflow.steps.iter().map(|s| s.command.as_str()).collect();
    assert_eq!(steps, ["NAVIGATE", "READ_PAGE_CONTENT"]);

    // Replayed: each step asks on its own; both approved, both run.
    let (outcome, play_prompts) = run_with(
        &h,
        "check the docs",
        vec![ApprovalAnswer::Approve, ApprovalAnswer::Approve],
    )
    .await;
    let played = outcome.results.last().unwrap();
    assert_eq!(played.command, "PLAY_WORKFLOW");
    assert_eq!(played.status, Status::Ok, "{}", played.text);
    assert!(played.text.contains("Version 2.1"), "{}", played.text);
    let asked: Vec<String> = play_prompts
        .iter()
        .map(|p| p.items[0].command.clone())
        .collect();
    assert_eq!(asked, ["NAVIGATE", "READ_PAGE_CONTENT"]);

    // A denied step stops the replay there.
    let (outcome, deny_prompts) = run_with(
        &h,
        "check again",
        vec![ApprovalAnswer::Deny("not now".into())],
    )
    .await;
    let played = outcome.results.last().unwrap();
    assert_eq!(played.status, Status::Denied, "{}", played.text);
    assert!(
        played.text.contains("2. READ_PAGE_CONTENT skipped"),
        "{}",
        played.text
    );
    assert_eq!(deny_prompts.len(), 1);
}

/// A harness whose registry's UI state is the store's (`StoredUi`), as `aartiq-browser` runs it.
fn harness_with_stored_ui(
    replies: Vec<&str>,
) -> (
    crate::support::Harness,
    tempfile::TempDir,
    std::sync::Arc<aartiq_store::Store>,
    std::sync::Arc<aartiq_tools::ToolRegistry>,
) {
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(aartiq_store::Store::open(dir.path().join("aartiq.db")).unwrap());
    let fakes = Fakes::new();
    let mut services = fakes.services();
    services.ui = Arc::new(aartiq_runtime::StoredUi::new(store.clone(), || 5_000));
    let registry = Arc::new(aartiq_tools::ToolRegistry::with_builtin(
        services,
        aartiq_tools::Policy::default(),
    ));
    let model = aartiq_test_support::model_server::ModelServer::with_routes(
        replies
            .into_iter()
            .map(aartiq_test_support::model_server::ModelReply::text)
            .collect(),
        Vec::new(),
    )
    .unwrap();
    let backends = aartiq_runtime::RuntimeParts {
        registry: registry.clone(),
        chat: crate::support::client(&model),
        researcher: None,
        skills: Arc::new(aartiq_skills::SkillLoader::new(Default::default())),
        guard: aartiq_test_support::default_guard(),
        clock: fakes.clock.clone(),
    };
    let runtime = aartiq_runtime::Runtime::new(config(), backends)
        .unwrap()
        .with_store(store.clone());
    (
        crate::support::Harness {
            fakes,
            model,
            runtime,
        },
        dir,
        store,
        registry,
    )
}

#[tokio::test]
async fn ui_preferences_persist_and_the_agent_api_reports_them() {
    let (h, _dir, store, registry) = harness_with_stored_ui(vec![
        "[SET_THEME: dark]\n[SET_CHAT_STYLE: fontSize=18 | glowMode=rgb]",
        "[OPEN_VIEW: workspace]\n[OPEN_SETTINGS_PANEL: bookmarks]\n[SET_CHAT_STYLE: glowPreset=aurora-aurora-aurora-aurora-aurora-aurora-aurora-aurora-aurora-aurora]",
        "Done.",
    ]);
    let (outcome, prompts) = run_with(&h, "make it dark", Vec::new()).await;
    assert_statuses(
        &outcome,
        &[
            ("SET_THEME", Status::Ok),
            ("SET_CHAT_STYLE", Status::Ok),
            ("OPEN_VIEW", Status::Ok),
            ("OPEN_SETTINGS_PANEL", Status::Ok),
            ("SET_CHAT_STYLE", Status::Failed),
        ],
    );
    // A preference is not a setting change: nothing was asked (catalog approval none).
    assert!(prompts.is_empty());
    assert!(
        outcome.results[4].text.contains("chatStyle.glowPreset"),
        "{}",
        outcome.results[4].text
    );
    assert_eq!(
        store.setting("ui.theme").unwrap(),
        SettingValue::Text("dark".into())
    );
    assert_eq!(
        store.setting("ui.chatStyle.fontSize").unwrap(),
        SettingValue::Int(18)
    );

    // The agent API reports what the assistant changed, and changes the same state.
    let agent = aartiq_test_support::register(
        &registry,
        "reader",
        aartiq_agents::TrustLevel::Standard,
        &h.fakes.clock,
    );
    let theme = registry
        .call(&agent, "theme_resolve", serde_json::json!({}))
        .await
        .unwrap();
    let json = theme.json.unwrap();
    assert_eq!(json["mode"], "normal");
    assert_eq!(json["prefs"]["theme"], "dark");
    assert_eq!(json["prefs"]["view"], "workspace");
    assert_eq!(json["prefs"]["panel"], "bookmarks");
    assert_eq!(json["prefs"]["chatStyle.glowMode"], "rgb");

    let set = registry
        .call(
            &agent,
            "ui_mode_set",
            serde_json::json!({"mode": "reader", "prefs": {"theme": "light"}}),
        )
        .await
        .unwrap();
    assert_eq!(set.json.unwrap()["prefs"]["theme"], "light");
    assert_eq!(
        store.setting("ui.mode").unwrap(),
        SettingValue::Text("reader".into())
    );
    // An unknown preference changes nothing, the mode included.
    let refused = registry
        .call(
            &agent,
            "ui_mode_set",
            serde_json::json!({"mode": "zen", "prefs": {"wallpaper": "cats"}}),
        )
        .await
        .unwrap_err();
    assert!(refused.message.contains("wallpaper"), "{}", refused.message);
    assert_eq!(
        store.setting("ui.mode").unwrap(),
        SettingValue::Text("reader".into())
    );
}
