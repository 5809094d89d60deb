//! Plugins that cannot run: a command that does not exist, one that exits at once (restart
//! limit), one that never answers the handshake, a disabled one, a missing working directory.

use std::time::Duration;

use aartiq_plugins::{HostConfig, PluginConfig, PluginError, PluginState, PluginSupervisor};
use serde_json::Value;

use crate::host_config;

#[tokio::test]
async fn a_command_that_does_not_exist_fails_to_start() {
    let config = PluginConfig::new("ghost", "/nonexistent/aartiq-ghost-plugin");
    let host = PluginSupervisor::start(vec![config], host_config())
        .await
        .unwrap();
    let ghost = &host.list().await[0];
    assert_eq!(ghost.state, PluginState::Failed);
    let message = ghost.message.clone().unwrap();
    assert!(
        message.starts_with(
            "plugin `ghost` failed to start: command `/nonexistent/aartiq-ghost-plugin` not found"
        ),
        "{message}"
    );
    let err = host.call("ghost.anything", Value::Null).await.unwrap_err();
    let PluginError::StartFailed { id, reason, stderr } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(id, "ghost");
    assert!(reason.contains("not found"), "{reason}");
    assert_eq!(stderr, "");
    assert_eq!(host.list().await[0].restarts, 1);
}

#[tokio::test]
async fn a_plugin_that_exits_at_once_hits_the_restart_limit() {
    let config = PluginConfig::new("flaky", "/bin/sh")
        .with_args(["-c", "echo 'boom: bad config' >&2; exit 3"]);
    let host_config = host_config()
        .with_max_restarts(2)
        .with_restart_window(Duration::from_secs(3));
    let host = PluginSupervisor::start(vec![config], host_config)
        .await
        .unwrap();

    let flaky = &host.list().await[0];
    assert_eq!(flaky.state, PluginState::Failed);
    let message = flaky.message.clone().unwrap();
    assert!(
        message.contains("exited with status 3 during start-up"),
        "{message}"
    );
    assert!(message.ends_with("; stderr: boom: bad config"), "{message}");

    for _ in 0..2 {
        let err = host.call("flaky.x", Value::Null).await.unwrap_err();
        let PluginError::StartFailed { reason, stderr, .. } = &err else {
            panic!("{err:?}");
        };
        assert!(reason.starts_with("exited with status 3"), "{reason}");
        assert_eq!(stderr, "boom: bad config");
    }
    let err = host.call("flaky.x", Value::Null).await.unwrap_err();
    let PluginError::RestartLimit {
        restarts,
        window_secs,
        retry_after,
        last_error,
        ..
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!((*restarts, *window_secs), (2, 3));
    assert!(*retry_after <= Duration::from_secs(3));
    assert!(last_error.contains("boom: bad config"), "{last_error}");
    let flaky = &host.list().await[0];
    assert_eq!((flaky.state, flaky.restarts), (PluginState::Failed, 2));
    assert!(
        flaky
            .message
            .as_deref()
            .unwrap()
            .contains("restarted 2 times within 3 s")
    );

    // Once the window has passed, the next use tries again.
    tokio::time::sleep(*retry_after + Duration::from_millis(100)).await;
    let err = host.call("flaky.x", Value::Null).await.unwrap_err();
    assert!(matches!(err, PluginError::StartFailed { .. }), "{err:?}");
    assert_eq!(host.list().await[0].restarts, 3);
}

#[tokio::test]
async fn a_plugin_that_never_answers_is_killed_after_the_start_timeout() {
    let config = PluginConfig::new("mute", "/bin/sh").with_args(["-c", "exec sleep 60"]);
    let host_config = HostConfig::default().with_start_timeout(Duration::from_millis(500));
    let started = std::time::Instant::now();
    let host = PluginSupervisor::start(vec![config], host_config)
        .await
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    let mute = &host.list().await[0];
    assert_eq!(mute.state, PluginState::Failed);
    assert_eq!(
        mute.message.as_deref(),
        Some("plugin `mute` failed to start: no answer to the MCP handshake within 500ms")
    );
    assert_eq!(mute.pid, None);
}

#[tokio::test]
async fn disabled_plugins_and_missing_directories() {
    let host = PluginSupervisor::start(
        vec![
            PluginConfig::new("off", "/bin/true").with_enabled(false),
            PluginConfig::new("lost", "/bin/true").with_cwd("/nonexistent/aartiq-dir"),
        ],
        HostConfig::default(),
    )
    .await
    .unwrap();
    let list = host.list().await;
    assert_eq!(list[0].state, PluginState::Stopped);
    assert_eq!(
        list[0].message.as_deref(),
        Some("disabled in the configuration")
    );
    assert!(!list[0].enabled);
    assert_eq!(
        host.call("off.x", Value::Null).await.unwrap_err(),
        PluginError::Disabled("off".into())
    );
    assert_eq!(
        list[1].message.as_deref(),
        Some(
            "plugin `lost` failed to start: the working directory /nonexistent/aartiq-dir does \
             not exist"
        )
    );
    assert_eq!(host.ids(), vec!["off".to_owned(), "lost".to_owned()]);
}
