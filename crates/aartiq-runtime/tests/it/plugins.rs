//! Plugins through the runtime (issue 13): `OPEN_MCP_SETTINGS` lists them, `PLUGIN_COMMAND`
//! calls a real MCP server (written with the official Python SDK) - a read-only tool runs,
//! a side-effecting one asks and is denied (nothing written), an injected result is
//! quarantined, a tool beyond the plugin's trust is refused before anyone is asked.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aartiq_agents::TrustLevel;
use aartiq_plugins::{HostConfig, PluginConfig, PluginSupervisor};
use aartiq_runtime::{ApprovalAnswer, ApprovalPrompt, Capabilities, FnApprover, NoEvents, Status};
use aartiq_test_support::Fakes;

use crate::support::{config, harness, steps};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plugin_commands_go_through_trust_approval_and_the_guard() {
    let markers = tempfile::tempdir().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../aartiq-plugins/tests/it/fixtures/plugin_server.py");
    let plugin = PluginConfig::new("fx", aartiq_test_support::mcp_python().to_string_lossy())
        .with_args([script.to_string_lossy().into_owned()])
        .with_env("MARKER_DIR", markers.path().to_string_lossy())
        .with_timeout(Duration::from_secs(20))
        .with_trust(TrustLevel::Standard);
    let plugins = Arc::new(
        PluginSupervisor::start(
            vec![plugin],
            HostConfig::default().with_start_timeout(Duration::from_secs(60)),
        )
        .await
        .unwrap(),
    );
    let mut config = config();
    config.max_steps = 10;
    let h = harness(
        Fakes::new(),
        vec![
            "[OPEN_MCP_SETTINGS]",
            r#"[PLUGIN_COMMAND: fx.echo | {"text": "hello plugin"}]"#,
            r#"[PLUGIN_COMMAND: fx.note | {"text": "remember this"}]"#,
            "[PLUGIN_COMMAND: fx.page]",
            "[PLUGIN_COMMAND: fx.wipe]",
            "Done.",
        ],
        config,
    );
    let runtime = h
        .runtime
        .with_capabilities(Capabilities::new().with_plugins(plugins.clone()));
    let prompts: Arc<Mutex<Vec<ApprovalPrompt>>> = Arc::default();
    let approver = {
        let prompts = Arc::clone(&prompts);
        FnApprover(move |prompt: &ApprovalPrompt| {
            prompts.lock().unwrap().push(prompt.clone());
            ApprovalAnswer::Deny("not now".into())
        })
    };
    let outcome = runtime
        .run_goal("use the plugin", &approver, &NoEvents)
        .await;
    assert_eq!(
        steps(&outcome),
        [
            ("OPEN_MCP_SETTINGS", Status::Ok),
            ("PLUGIN_COMMAND", Status::Ok),
            ("PLUGIN_COMMAND", Status::Denied),
            ("PLUGIN_COMMAND", Status::Quarantined),
            ("PLUGIN_COMMAND", Status::Failed),
        ],
        "{:#?}",
        outcome.results
    );
    let text = |i: usize| outcome.results[i].text.as_str();
    assert!(
        text(0).contains("- fx [running] trust standard"),
        "{}",
        text(0)
    );
    assert!(
        text(0).contains("fx.echo (readOnly): Echo the text back."),
        "{}",
        text(0)
    );
    assert!(
        text(0).contains("fx.wipe (destructive, not allowed"),
        "{}",
        text(0)
    );
    assert!(text(1).contains("hello plugin"), "{}", text(1));
    assert!(!text(3).contains("evil.example"), "{}", text(3));
    assert!(text(4).contains("destructive"), "{}", text(4));
    // Only the side-effecting call asked; the refused one never reached the person.
    let prompts = prompts.lock().unwrap().clone();
    assert_eq!(prompts.len(), 1);
    assert!(
        prompts[0].items[0]
            .explanation
            .contains("\"note\" of plugin \"fx\""),
        "{}",
        prompts[0].items[0].explanation
    );
    assert!(!markers.path().join("notes.txt").exists());
    assert!(!markers.path().join("wiped").exists());
    // The model never saw the injected text.
    for request in h.model.chat_requests() {
        assert!(!format!("{request:?}").contains("evil.example"));
    }
    plugins.shutdown().await;
}
