//! The fixture MCP server (official Python SDK) as a real plugin: listing, calls, trust,
//! injection, environment, timeout, cancellation, crash and restart, shutdown and drop.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use aartiq_agents::{TrustLevel, Verb};
use aartiq_guard::Action;
use aartiq_plugins::{
    CallOptions, CancellationToken, INHERITED_ENV, PluginError, PluginState, PluginStatus,
    PluginSupervisor,
};
use serde_json::{Value, json};

use crate::{eventually, fixture, host_config, process_exists, process_state};

async fn host(trust: TrustLevel, markers: &std::path::Path) -> PluginSupervisor {
    PluginSupervisor::start(
        vec![fixture("fx", markers).with_trust(trust)],
        host_config(),
    )
    .await
    .unwrap()
}

fn status_of(list: &[PluginStatus], id: &str) -> PluginStatus {
    list.iter().find(|s| s.id == id).unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lists_tools_with_annotations_verbs_and_trust() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(TrustLevel::Standard, dir.path()).await;
    let list = host.list().await;
    assert_eq!(list.len(), 1);
    let fx = &list[0];
    assert_eq!(fx.state, PluginState::Running, "{:?}", fx.message);
    assert_eq!(fx.message, None);
    assert_eq!(fx.trust, TrustLevel::Standard);
    assert!(fx.enabled);
    assert_eq!(fx.restarts, 0);
    assert!(process_exists(fx.pid.unwrap()));

    let rows: Vec<(&str, bool, bool, Verb, bool)> = fx
        .tools
        .iter()
        .map(|t| {
            (
                t.name.as_str(),
                t.read_only,
                t.destructive,
                t.verb,
                t.allowed,
            )
        })
        .collect();
    for expected in [
        ("echo", true, false, Verb::ReadOnly, true),
        ("add", true, false, Verb::ReadOnly, true),
        ("note", false, false, Verb::SideEffecting, true),
        ("wipe", false, true, Verb::Destructive, false),
        // No annotations: the MCP defaults make it destructive.
        ("legacy", false, true, Verb::Destructive, false),
    ] {
        assert!(rows.contains(&expected), "{expected:?} not in {rows:?}");
    }
    let echo = fx.tools.iter().find(|t| t.name == "echo").unwrap();
    assert_eq!(echo.description, "Echo the text back.");
    assert_eq!(echo.description_action, Action::Allow);
    // What OPEN_MCP_SETTINGS hands on serialises.
    let json = serde_json::to_value(fx).unwrap();
    assert_eq!(json["state"], "running");
    assert_eq!(json["trust"], "standard");
    assert_eq!(json["tools"][0]["verb"], "readOnly");
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_tools_with_object_or_string_params() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(TrustLevel::Limited, dir.path()).await;

    let result = host
        .call("fx.echo", json!({"text": "hello plugin"}))
        .await
        .unwrap();
    assert_eq!(result.plugin, "fx");
    assert_eq!(result.tool, "echo");
    assert_eq!(result.text.value, "hello plugin");
    assert_eq!(result.action(), Action::Allow);
    assert_eq!(result.model_text(), "hello plugin");
    assert!(!result.is_error);

    // The bracket form: `[PLUGIN_COMMAND: fx.add | {"a": 2, "b": 40}]`.
    let result = host
        .call("fx.add", Value::String(r#"{"a": 2, "b": 40}"#.into()))
        .await
        .unwrap();
    assert_eq!(result.model_text(), "42");

    let result = host.call("fx.rich", json!({"city": "Oslo"})).await.unwrap();
    let structured = result.structured.as_ref().unwrap();
    assert_eq!(structured.value, json!({"city": "Oslo", "celsius": 21}));
    assert_eq!(structured.verdict.action, Action::Allow);

    // A tool's own failure is a result with is_error, not an error.
    let result = host
        .call("fx.add", json!({"a": "two", "b": 1}))
        .await
        .unwrap();
    assert!(result.is_error, "{}", result.text.value);

    let err = host.call("fx.add", json!([2, 40])).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid parameters for `fx.add`: expected a JSON object, got an array"
    );
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_plugins_and_tools_name_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(TrustLevel::Limited, dir.path()).await;
    let err = host.call("nope.echo", Value::Null).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown plugin `nope`; configured plugins: fx"
    );
    let err = host.call("fx.ech", Value::Null).await.unwrap_err();
    let PluginError::UnknownTool {
        plugin,
        tool,
        known,
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!((plugin.as_str(), tool.as_str()), ("fx", "ech"));
    assert!(known.contains(&"echo".to_owned()) && known.contains(&"wipe".to_owned()));
    assert!(err.to_string().contains("its tools: echo, add"), "{err}");
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_plugins_trust_decides_which_tools_run() {
    let dir = tempfile::tempdir().unwrap();
    let limited = host(TrustLevel::Limited, dir.path()).await;
    let err = limited
        .call("fx.note", json!({"text": "n"}))
        .await
        .unwrap_err();
    assert_eq!(
        err,
        PluginError::NotAllowed {
            plugin: "fx".into(),
            tool: "note".into(),
            verb: Verb::SideEffecting,
            trust: TrustLevel::Limited,
        }
    );
    limited.shutdown().await;

    let standard = host(TrustLevel::Standard, dir.path()).await;
    assert_eq!(
        standard
            .call("fx.note", json!({"text": "n"}))
            .await
            .unwrap()
            .model_text(),
        "noted"
    );
    let err = standard.call("fx.wipe", Value::Null).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "plugin `fx` is trusted as `standard`, which does not allow tool `wipe` (annotated \
         destructive)"
    );
    let err = standard.call("fx.legacy", Value::Null).await.unwrap_err();
    assert!(
        matches!(
            err,
            PluginError::NotAllowed {
                verb: Verb::Destructive,
                ..
            }
        ),
        "{err}"
    );
    // The resolution the runtime shows in an approval refuses the same way.
    let err = standard.resolve("fx.wipe", Value::Null).await.unwrap_err();
    assert!(matches!(err, PluginError::NotAllowed { .. }), "{err}");
    standard.shutdown().await;
    assert!(
        !dir.path().join("wiped").exists(),
        "a refused tool must not run"
    );
    assert!(
        !dir.path().join("legacy").exists(),
        "a refused tool must not run"
    );

    let privileged = host(TrustLevel::Privileged, dir.path()).await;
    let resolved = privileged.resolve("fx.wipe", json!({})).await.unwrap();
    assert_eq!(resolved.tool.verb, Verb::Destructive);
    assert_eq!(resolved.trust, TrustLevel::Privileged);
    assert_eq!(
        privileged
            .call("fx.wipe", Value::Null)
            .await
            .unwrap()
            .model_text(),
        "wiped"
    );
    assert!(dir.path().join("wiped").exists());
    privileged.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn injected_output_comes_back_with_a_quarantine_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(TrustLevel::Limited, dir.path()).await;
    let result = host.call("fx.page", Value::Null).await.unwrap();
    assert!(
        result.action() >= Action::Quarantine,
        "{:?}",
        result.verdict()
    );
    assert!(
        result
            .text
            .value
            .contains("IGNORE ALL PREVIOUS INSTRUCTIONS")
    );
    let shown = result.model_text();
    assert!(shown.starts_with("<<CONTENT_WITHHELD"), "{shown}");
    assert!(!shown.contains("IGNORE"));
    assert_eq!(result.text.origin.locator.as_deref(), Some("fx.page"));
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_child_gets_a_scrubbed_environment_plus_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let config = fixture("fx", dir.path()).with_env("PLUGIN_TOKEN", "t0k3n");
    let host = PluginSupervisor::start(vec![config], host_config())
        .await
        .unwrap();
    let result = host.call("fx.environment", Value::Null).await.unwrap();
    let seen: BTreeSet<&str> = result.text.value.lines().collect();
    let allowed: BTreeSet<&str> = INHERITED_ENV
        .iter()
        .copied()
        .chain(["MARKER_DIR", "PLUGIN_TOKEN"])
        .collect();
    // Python itself may add LC_CTYPE when it coerces the locale; nothing else.
    let extra: Vec<&&str> = seen.difference(&allowed).collect();
    assert!(extra.is_empty(), "leaked into the plugin: {extra:?}");
    assert!(seen.contains("MARKER_DIR") && seen.contains("PLUGIN_TOKEN"));
    // Something this test process has (cargo sets these) did not get through.
    let parent: Vec<String> = std::env::vars().map(|(k, _)| k).collect();
    let leaked = parent
        .iter()
        .find(|k| !allowed.contains(k.as_str()))
        .expect("the test process has variables outside the allow-list");
    assert!(!seen.contains(leaked.as_str()));
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_tool_times_out_and_is_cancelled_in_the_plugin() {
    let dir = tempfile::tempdir().unwrap();
    let config = fixture("fx", dir.path()).with_timeout(Duration::from_secs(3));
    let host = PluginSupervisor::start(vec![config], host_config())
        .await
        .unwrap();
    let started = Instant::now();
    let err = host
        .call("fx.sleep", json!({"seconds": 60}))
        .await
        .unwrap_err();
    assert_eq!(
        err,
        PluginError::Timeout {
            plugin: "fx".into(),
            tool: "sleep".into(),
            after: Duration::from_secs(3),
        }
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(dir.path().join("sleep-started").exists());
    // notifications/cancelled reached the plugin: its task was cancelled.
    let cancelled = dir.path().join("sleep-cancelled");
    assert!(eventually(Duration::from_secs(10), || cancelled.exists()).await);
    // The session survives a timeout.
    assert_eq!(
        host.call("fx.echo", json!({"text": "still here"}))
            .await
            .unwrap()
            .model_text(),
        "still here"
    );
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_or_a_dropped_future_cancels_the_call() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(TrustLevel::Limited, dir.path()).await;
    let started = dir.path().join("sleep-started");
    let cancelled = dir.path().join("sleep-cancelled");

    let token = CancellationToken::new();
    let canceller = {
        let token = token.clone();
        let started = started.clone();
        tokio::spawn(async move {
            assert!(eventually(Duration::from_secs(20), || started.exists()).await);
            token.cancel();
        })
    };
    let options = CallOptions::new().with_cancel(token);
    let err = host
        .call_with("fx.sleep", json!({"seconds": 60}), &options)
        .await
        .unwrap_err();
    canceller.await.unwrap();
    assert_eq!(
        err,
        PluginError::Cancelled {
            plugin: "fx".into(),
            tool: "sleep".into()
        }
    );
    assert!(eventually(Duration::from_secs(10), || cancelled.exists()).await);

    std::fs::remove_file(&started).unwrap();
    std::fs::remove_file(&cancelled).unwrap();
    let dropped = tokio::time::timeout(Duration::from_secs(60), async {
        tokio::select! {
            _ = host.call("fx.sleep", json!({"seconds": 60})) => unreachable!("the call sleeps"),
            () = async {
                while !started.exists() {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            } => {}
        }
    })
    .await;
    assert!(dropped.is_ok(), "the sleep never started");
    assert!(eventually(Duration::from_secs(10), || cancelled.exists()).await);
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashed_plugin_is_reported_and_restarted_on_next_use() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(TrustLevel::Limited, dir.path()).await;
    let first_pid = host.list().await[0].pid.unwrap();

    let err = host.call("fx.crash", Value::Null).await.unwrap_err();
    let PluginError::Crashed { id, reason, stderr } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(id, "fx");
    assert_eq!(reason, "exited with status 7");
    assert!(stderr.contains("plugin: crashing on purpose"), "{stderr}");
    let fx = status_of(&host.list().await, "fx");
    assert_eq!(fx.state, PluginState::Failed);
    assert!(fx.message.unwrap().contains("exited with status 7"));
    assert_eq!(fx.pid, None);
    assert!(
        !process_exists(first_pid),
        "the crashed process was not reaped"
    );

    let result = host.call("fx.echo", json!({"text": "back"})).await.unwrap();
    assert_eq!(result.model_text(), "back");
    let fx = status_of(&host.list().await, "fx");
    assert_eq!((fx.state, fx.restarts), (PluginState::Running, 1));
    assert_ne!(fx.pid, Some(first_pid));
    host.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plugin_killed_between_calls_is_noticed_by_list_and_restarted() {
    let dir = tempfile::tempdir().unwrap();
    let host = host(TrustLevel::Limited, dir.path()).await;
    let pid = host.list().await[0].pid.unwrap();
    let status = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // list() notices the death (a killed multi-threaded process is reported exited once all
    // its threads are gone, a moment after its state reads `Z`).
    let fx = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let fx = status_of(&host.list().await, "fx");
            if fx.state != PluginState::Running {
                return fx;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("list() never noticed the dead plugin");
    assert_eq!(fx.state, PluginState::Failed);
    assert!(
        fx.message
            .as_deref()
            .unwrap()
            .contains("killed by signal 9"),
        "{:?}",
        fx.message
    );
    assert!(!process_exists(pid), "no zombie");
    assert_eq!(
        host.call("fx.add", json!({"a": 1, "b": 1}))
            .await
            .unwrap()
            .model_text(),
        "2"
    );
    host.shutdown().await;
}

/// Plugin `id` through a shell that also leaves a `sleep` behind in the group (its pid in
/// `sleeper-<id>`): the server is a grandchild, and both must go with the plugin.
fn wrapped(id: &str, markers: &std::path::Path) -> aartiq_plugins::PluginConfig {
    let fx = fixture(id, markers);
    let line = format!(
        "sleep 300 & echo $! > \"$MARKER_DIR/sleeper-{id}\"; '{}' '{}'; true",
        fx.command, fx.args[0]
    );
    aartiq_plugins::PluginConfig {
        command: "/bin/sh".into(),
        args: vec!["-c".into(), line],
        ..fx
    }
}

/// The pids of the server (a grandchild) and the sleeper of wrapped plugin `id`.
async fn wrapped_pids(host: &PluginSupervisor, id: &str, markers: &std::path::Path) -> [u32; 2] {
    let text = host
        .call(&format!("{id}.pids"), Value::Null)
        .await
        .unwrap()
        .text
        .value;
    let server = text.split(' ').next().unwrap().parse().unwrap();
    let sleeper = std::fs::read_to_string(markers.join(format!("sleeper-{id}"))).unwrap();
    [server, sleeper.trim().parse().unwrap()]
}

/// Gone, or a zombie waiting for init (an orphan's reaping is not ours).
fn not_running(pid: u32) -> bool {
    !process_exists(pid) || process_state(pid) == Some('Z')
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_and_drop_leave_no_process_behind() {
    let dir = tempfile::tempdir().unwrap();
    let host = PluginSupervisor::start(
        vec![wrapped("one", dir.path()), fixture("two", dir.path())],
        host_config(),
    )
    .await
    .unwrap();
    let left = wrapped_pids(&host, "one", dir.path()).await;
    let leaders: Vec<u32> = host.list().await.iter().map(|s| s.pid.unwrap()).collect();
    assert!(!leaders.contains(&left[0]), "the shell did not fork");
    assert!(left.iter().all(|pid| process_exists(*pid)));
    host.shutdown().await;
    for pid in &leaders {
        assert!(
            !process_exists(*pid),
            "leader {pid} not reaped: {:?}",
            process_state(*pid)
        );
    }
    for pid in left {
        assert!(
            eventually(Duration::from_secs(5), || not_running(pid)).await,
            "{pid} survived the shutdown"
        );
    }
    let err = host
        .call("two.echo", json!({"text": "x"}))
        .await
        .unwrap_err();
    assert_eq!(err, PluginError::ShutDown("two".into()));
    assert!(
        host.list()
            .await
            .iter()
            .all(|s| s.state == PluginState::Stopped)
    );

    // Dropped without a shutdown: the group is killed at once and tokio reaps the leader.
    let host = PluginSupervisor::start(vec![wrapped("three", dir.path())], host_config())
        .await
        .unwrap();
    let left = wrapped_pids(&host, "three", dir.path()).await;
    let leader = host.list().await[0].pid.unwrap();
    drop(host);
    assert!(
        eventually(Duration::from_secs(10), || !process_exists(leader)).await,
        "the leader is left as {:?}",
        process_state(leader)
    );
    for pid in left {
        assert!(
            eventually(Duration::from_secs(10), || not_running(pid)).await,
            "{pid} survived its host"
        );
    }
}
