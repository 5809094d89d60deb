//! The bounded runner: lookup, environment, timeout, output cap, typed failures.

use std::ffi::OsStr;
use std::time::{Duration, Instant};

use aartiq_host::exec::{find_program, run, spawn_detached};
use aartiq_host::{ExecConfig, HostError};

use crate::script;

fn args<'a>(list: &'a [&'a str]) -> Vec<&'a OsStr> {
    list.iter().map(OsStr::new).collect()
}

#[tokio::test]
async fn a_missing_program_is_not_installed() {
    let empty = tempfile::tempdir().unwrap();
    let config = ExecConfig::default().with_search_path(empty.path());
    let error = run(&config, "pactl", &args(&["info"]), None)
        .await
        .unwrap_err();
    assert_eq!(
        error,
        HostError::NotInstalled {
            program: "pactl".to_owned()
        }
    );
    assert_eq!(
        error.to_string(),
        "pactl is not installed (not found on PATH)"
    );
    assert_eq!(
        find_program("sh", Some(OsStr::new("/bin"))),
        Some("/bin/sh".into())
    );
    assert_eq!(find_program("/nonexistent/sh", None), None);
}

#[tokio::test]
async fn arguments_are_passed_as_they_are_never_through_a_shell() {
    let config = ExecConfig::default();
    let out = run(
        &config,
        "printf",
        &args(&["%s|", "a b", "$(id)", "; rm -rf /", "'q'"]),
        None,
    )
    .await
    .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "a b|$(id)|; rm -rf /|'q'|"
    );
}

#[tokio::test]
async fn the_environment_is_scrubbed_of_secrets_and_unlisted_names() {
    let dir = tempfile::tempdir().unwrap();
    let env_dump = script(dir.path(), "dump-env", "env | sort");
    let config = ExecConfig::default().with_env_allowlist(&[
        "PATH",
        "HOME",
        "AARTIQ_HOST_TEST_SECRET_TOKEN",
    ]);
    let out = run(&config, env_dump.to_str().unwrap(), &[], None)
        .await
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once('=').map(|(n, _)| n))
        .filter(|n| !matches!(*n, "PWD" | "SHLVL" | "_" | "OLDPWD"))
        .collect();
    assert!(
        names.iter().all(|n| matches!(*n, "PATH" | "HOME")),
        "{names:?}"
    );
    assert!(names.contains(&"PATH"), "{names:?}");
}

#[tokio::test]
async fn stdin_is_fed_and_the_output_is_capped() {
    let config = ExecConfig::default().with_output_cap(5);
    let out = run(&config, "cat", &[], Some(b"hello world"))
        .await
        .unwrap();
    assert_eq!(out.stdout, b"hello");
    assert_eq!(out.dropped_bytes, 6);
}

#[tokio::test]
async fn a_failure_carries_the_exit_code_and_stderr() {
    let config = ExecConfig::default();
    let error = run(
        &config,
        "sh",
        &args(&["-c", "echo 'no audio server' >&2; exit 7"]),
        None,
    )
    .await
    .unwrap_err();
    assert_eq!(
        error,
        HostError::Failed {
            program: "sh".to_owned(),
            code: Some(7),
            stderr: "no audio server".to_owned()
        }
    );
    assert_eq!(
        error.to_string(),
        "sh failed (exit code 7): no audio server"
    );
}

#[tokio::test]
async fn a_timeout_kills_the_whole_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("survived");
    let config = ExecConfig::default().with_timeout(Duration::from_millis(300));
    let started = Instant::now();
    // The grandchild would write the marker after 1.5 s if it outlived the kill.
    let line = format!("(sleep 1.5; touch {}) & sleep 30", marker.display());
    let error = run(&config, "sh", &args(&["-c", &line]), None)
        .await
        .unwrap_err();
    assert_eq!(
        error,
        HostError::TimedOut {
            program: "sh".to_owned(),
            after: Duration::from_millis(300)
        }
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert!(
        !marker.exists(),
        "the background child was killed with its group"
    );
}

#[tokio::test]
async fn a_detached_program_that_fails_at_once_is_reported_with_its_stderr() {
    let config = ExecConfig::default();
    let error = spawn_detached(
        &config,
        "sh",
        &args(&["-c", "echo cannot open display >&2; exit 1"]),
    )
    .await
    .unwrap_err();
    assert_eq!(
        error,
        HostError::Failed {
            program: "sh".to_owned(),
            code: Some(1),
            stderr: "cannot open display".to_owned()
        }
    );
    let started = Instant::now();
    let running = spawn_detached(
        &config.clone().with_detach_grace(Duration::from_millis(200)),
        "sleep",
        &args(&["2"]),
    )
    .await
    .unwrap();
    assert!(!running.exited && running.pid.is_some());
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "it is left running"
    );
}
