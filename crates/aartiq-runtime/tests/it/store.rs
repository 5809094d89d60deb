//! The store's commands through the runtime, on a real store in a temporary file: approval
//! classes (removing asks, clearing is high risk), history of every navigation, settings
//! applied only after confirmation, automations, the scheduling form, workflows.

use aartiq_commands::Risk;
use aartiq_runtime::{ApprovalAnswer, NoEvents, Status};
use aartiq_store::{HistoryQuery, SettingValue};
use aartiq_test_support::Fakes;

use crate::support::{
    Scripted, asked, assert_statuses, config, harness_with_store, run_with, start_tab,
};

#[tokio::test]
async fn bookmarks_add_list_remove_and_clear_with_the_originals_approval_classes() {
    let (h, _dir, store) = harness_with_store(
        Fakes::new(),
        vec![
            "[ADD_BOOKMARK: https://doc.rust-lang.org/ | Rust docs]\n[ADD_BOOKMARK: https://b.example/]",
            "[LIST_BOOKMARKS]",
            "[REMOVE_BOOKMARK: https://b.example/]",
            "[CLEAR_BOOKMARKS]",
            "Kept one bookmark.",
        ],
        // Even with low and medium risk auto-approved, dialog commands ask.
        config(),
    );
    let (outcome, approver_prompts) = run_with(
        &h,
        "tidy my bookmarks",
        vec![
            ApprovalAnswer::Approve,
            ApprovalAnswer::Approve,
            ApprovalAnswer::Approve,
            ApprovalAnswer::Deny("keep them".into()),
        ],
    )
    .await;
    assert_statuses(
        &outcome,
        &[
            ("ADD_BOOKMARK", Status::Ok),
            ("ADD_BOOKMARK", Status::Ok),
            ("LIST_BOOKMARKS", Status::Ok),
            ("REMOVE_BOOKMARK", Status::Ok),
            ("CLEAR_BOOKMARKS", Status::Denied),
        ],
    );
    let listing = &outcome.results[2].text;
    assert!(
        listing.contains("https://doc.rust-lang.org/ Rust docs"),
        "{listing}"
    );
    assert!(listing.contains("https://b.example/"), "{listing}");
    let prompts = approver_prompts;
    assert_eq!(
        asked(&prompts),
        [
            ("ADD_BOOKMARK", Risk::Medium),
            ("ADD_BOOKMARK", Risk::Medium),
            ("REMOVE_BOOKMARK", Risk::Medium),
            ("CLEAR_BOOKMARKS", Risk::High),
        ]
    );
    assert!(
        prompts[3].items[0]
            .explanation
            .contains("Deletes all 1 bookmarks")
    );
    let left = store.list_bookmarks(10, 0).unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].url, "https://doc.rust-lang.org/");
}

#[tokio::test]
async fn every_navigation_is_recorded_and_history_lists_and_clears() {
    let fakes = start_tab("<p>start</p>");
    fakes
        .browser
        .add_site("https://docs.example/", "<title>Docs</title><h1>Docs</h1>");
    fakes
        .browser
        .add_site("https://other.example/", "<h1>Other</h1>");
    let (h, _dir, store) = harness_with_store(
        fakes,
        vec![
            "[NAVIGATE: https://docs.example/]",
            "[NAVIGATE: https://other.example/]",
            "[LIST_HISTORY: docs | limit=5]",
            "[CLEAR_HISTORY]",
            "History cleared.",
        ],
        config(),
    );
    let (outcome, approver_prompts) =
        run_with(&h, "browse then clean up", vec![ApprovalAnswer::Approve]).await;
    assert!(
        outcome.results.iter().all(|r| r.status == Status::Ok),
        "{:?}",
        outcome.results
    );
    let listing = &outcome.results[2].text;
    assert!(listing.contains("https://docs.example/"), "{listing}");
    assert!(!listing.contains("other.example"), "{listing}");
    // Only clearing asked, at high risk.
    let prompts = approver_prompts;
    assert_eq!(prompts.len(), 1);
    assert_eq!(prompts[0].items[0].command, "CLEAR_HISTORY");
    assert_eq!(prompts[0].risk, Risk::High);
    assert!(
        store
            .list_history(&HistoryQuery::default())
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_denied_clear_keeps_the_history() {
    let fakes = start_tab("<p>start</p>");
    fakes
        .browser
        .add_site("https://docs.example/", "<h1>Docs</h1>");
    let (h, _dir, store) = harness_with_store(
        fakes,
        vec![
            "[NAVIGATE: https://docs.example/]\n[CLEAR_HISTORY]",
            "Kept.",
        ],
        config(),
    );
    let approver = Scripted::new(vec![ApprovalAnswer::Deny("no".into())]);
    h.runtime.run_goal("browse", &approver, &NoEvents).await;
    let visits = store.list_history(&HistoryQuery::default()).unwrap();
    assert_eq!(visits.len(), 1);
    assert_eq!(visits[0].url, "https://docs.example/");
}

#[tokio::test]
async fn settings_are_read_and_changed_only_after_confirmation() {
    let (h, _dir, store) = harness_with_store(
        Fakes::new(),
        vec![
            "[SETTINGS_QUERY: webSearch]",
            r#"[SETTINGS_UPDATE: ui | {"theme": "dark"}]"#,
            r#"[SETTINGS_UPDATE: ui | {"theme": "dark", "chatStyle.fontSize": 16}]"#,
            r#"[SETTINGS_UPDATE: ui | {"theme": "purple"}]"#,
            r#"[SETTINGS_UPDATE: permissions | {"autoApproveMidRisk": true}]"#,
            "Done.",
        ],
        config(),
    );
    let (outcome, approver_prompts) = run_with(
        &h,
        "change my settings",
        vec![
            ApprovalAnswer::Deny("not now".into()),
            ApprovalAnswer::Approve,
            ApprovalAnswer::Deny("no".into()),
        ],
    )
    .await;
    assert_statuses(
        &outcome,
        &[
            ("SETTINGS_QUERY", Status::Ok),
            ("SETTINGS_UPDATE", Status::Denied),
            ("SETTINGS_UPDATE", Status::Ok),
            ("SETTINGS_UPDATE", Status::Failed),
            ("SETTINGS_UPDATE", Status::Denied),
        ],
    );
    assert!(
        outcome.results[0]
            .text
            .contains("webSearch.resultsPerQuery: 8 (default)"),
        "{}",
        outcome.results[0].text
    );
    assert!(
        outcome.results[3]
            .text
            .contains("one of dark, light, system")
    );
    let prompts = approver_prompts;
    // The invalid update asked nobody; the permissions change asked at high risk.
    assert_eq!(prompts.len(), 3);
    assert!(
        prompts[1].items[0]
            .explanation
            .contains("ui.theme: system -> dark"),
        "{}",
        prompts[1].items[0].explanation
    );
    assert_eq!(prompts[2].risk, Risk::High);
    assert_eq!(
        store.setting("ui.theme").unwrap(),
        SettingValue::Text("dark".into())
    );
    assert_eq!(
        store.setting("ui.chatStyle.fontSize").unwrap(),
        SettingValue::Int(16)
    );
    assert_eq!(
        store.setting("permissions.autoApproveMidRisk").unwrap(),
        SettingValue::Bool(false)
    );
}

#[tokio::test]
async fn automations_are_scheduled_listed_and_deleted_and_the_form_only_prefills() {
    let (h, _dir, store) = harness_with_store(
        Fakes::new(),
        vec![
            "```json\n{\"type\": \"SCHEDULE_TASK\", \"value\": {\"name\": \"Morning news\", \"schedule\": \"0 9 * * *\", \"type\": \"navigate\", \"url\": \"https://news.example/\"}}\n```",
            "[OPEN_SCHEDULING_MODAL: 0 9 * * * | navigate | Morning news | Open the news site]",
            "[LIST_AUTOMATIONS]",
            "[DELETE_AUTOMATION: task-1]",
            "[DELETE_AUTOMATION: task-99]",
            "Done.",
        ],
        config(),
    );
    let (outcome, approver_prompts) = run_with(
        &h,
        "schedule the news",
        vec![ApprovalAnswer::Approve, ApprovalAnswer::Approve],
    )
    .await;
    assert_statuses(
        &outcome,
        &[
            ("SCHEDULE_TASK", Status::Ok),
            ("OPEN_SCHEDULING_MODAL", Status::Ok),
            ("LIST_AUTOMATIONS", Status::Ok),
            ("DELETE_AUTOMATION", Status::Ok),
            ("DELETE_AUTOMATION", Status::Failed),
        ],
    );
    // The fake clock reads 1970-01-01T00:16:40Z: the first 09:00 is that morning.
    assert!(
        outcome.results[0]
            .text
            .contains("scheduled task-1 \"Morning news\" (navigate https://news.example/), next run 1970-01-01T09:00:00Z"),
        "{}",
        outcome.results[0].text
    );
    let form = &outcome.results[1].text;
    assert!(form.contains("name: Morning news"), "{form}");
    assert!(form.contains("to fill in: no url for this type"), "{form}");
    assert!(
        outcome.results[2]
            .text
            .contains("- task-1 \"Morning news\"")
    );
    assert!(outcome.results[4].text.contains("there is no task-99"));
    let prompts = approver_prompts;
    let asked: Vec<&str> = prompts
        .iter()
        .map(|p| p.items[0].command.as_str())
        .collect();
    assert_eq!(asked, ["SCHEDULE_TASK", "DELETE_AUTOMATION"]);
    assert!(store.list_automations().unwrap().is_empty());
}

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
