//! The bounded process runner, through `SHELL_COMMAND`: timeout, output cap, scrubbed
//! environment, working directory.

use std::time::{Duration, Instant};

use aartiq_runtime::{ApprovalAnswer, FnApprover, NoEvents, Status};
use aartiq_test_support::Fakes;

use crate::support::{config, harness};

async fn run_line(
    line: &str,
    tweak: impl FnOnce(&mut aartiq_runtime::Config),
) -> aartiq_runtime::CommandResult {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config();
    config.shell.working_dir = dir.path().to_owned();
    tweak(&mut config);
    let reply = format!("[SHELL_COMMAND: {line}]");
    let h = harness(Fakes::new(), vec![reply.as_str(), "Done."], config);
    let approver = FnApprover(|_: &aartiq_runtime::ApprovalPrompt| ApprovalAnswer::Approve);
    let mut outcome = h.runtime.run_goal("run it", &approver, &NoEvents).await;
    outcome.results.remove(0)
}

#[tokio::test]
async fn a_line_that_runs_too_long_is_killed_with_its_children() {
    let started = Instant::now();
    let result = run_line("sleep 30 & sleep 30; echo never", |c| {
        c.shell.timeout = Duration::from_millis(300);
    })
    .await;
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(result.status, Status::Failed);
    assert!(result.text.contains("timed out"), "{}", result.text);
    assert!(!result.text.contains("never"));
}

#[tokio::test]
async fn output_past_the_cap_is_dropped_and_counted() {
    let result = run_line("head -c 5000 /dev/zero | tr '\\0' x", |c| {
        c.shell.output_cap = 100;
    })
    .await;
    assert_eq!(result.status, Status::Ok, "{}", result.text);
    assert!(result.text.contains(&"x".repeat(100)));
    assert!(!result.text.contains(&"x".repeat(101)));
    assert!(
        result.text.contains("4900 bytes of output dropped"),
        "{}",
        result.text
    );
}

#[tokio::test]
async fn the_environment_holds_only_allowlisted_names_and_the_directory_is_fixed() {
    let result = run_line("env; pwd", |_| {}).await;
    assert_eq!(result.status, Status::Ok, "{}", result.text);
    let allowed = aartiq_runtime::ShellConfig::default().env_allowlist;
    let names: Vec<&str> = result
        .text
        .lines()
        .skip_while(|l| *l != "stdout:")
        .skip(1)
        .filter_map(|l| l.split_once('=').map(|(n, _)| n))
        .collect();
    // bash sets a few of its own (PWD, SHLVL, _).
    for name in names {
        assert!(
            allowed.iter().any(|a| a == name) || ["PWD", "SHLVL", "_", "OLDPWD"].contains(&name),
            "{name} reached the shell"
        );
    }
    assert!(
        !result.text.contains("CARGO"),
        "cargo's variables reached the shell"
    );
    assert!(
        result.text.contains("/tmp") || result.text.contains("tmp"),
        "{}",
        result.text
    );
}

#[tokio::test]
async fn a_failing_line_reports_its_exit_code_and_stderr() {
    let result = run_line("ls /does-not-exist", |_| {}).await;
    assert_eq!(result.status, Status::Failed);
    assert!(result.text.contains("exit code 2"), "{}", result.text);
    assert!(result.text.contains("stderr:"), "{}", result.text);
}

/// Red-team finding: the kill switch stopped the registry's tools but not the assistant's host
/// commands (documents, plugins, shell ran while it was engaged).
#[tokio::test]
async fn nothing_runs_while_the_kill_switch_is_engaged_not_even_the_shell() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran");
    let mut config = config();
    config.shell.working_dir = dir.path().to_owned();
    let reply = "[SHELL_COMMAND: touch ran]";
    let h = harness(Fakes::new(), vec![reply, "Done."], config);
    h.runtime.parts().registry.engage_kill_switch();
    let approver = FnApprover(|_: &aartiq_runtime::ApprovalPrompt| ApprovalAnswer::Approve);
    let outcome = h.runtime.run_goal("run it", &approver, &NoEvents).await;
    let shell = &outcome.results[0];
    assert_eq!(shell.status, Status::Refused, "{shell:?}");
    assert!(shell.text.contains("kill switch"), "{shell:?}");
    assert!(
        !marker.exists(),
        "the shell ran while the kill switch was engaged"
    );
}
