//! The bounded process runner: the runtime's one module that spawns processes (see
//! `clippy.toml` `disallowed-methods`; the output cap, secret filter and group kill are
//! `aartiq-host`'s, shared with its runner of fixed host programs). It runs one shell line that already passed the shell
//! policy and approval, in a fixed working directory, with a scrubbed environment, a timeout
//! that kills the whole process group, and a cap on the output kept.

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aartiq_host::exec::{Captured, drain, kill_group, lock};
use serde::{Deserialize, Serialize};

use crate::config::ShellConfig;

/// What one line did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ProcessOutput {
    /// The exit code; `None` when killed by a signal or the timeout.
    pub(crate) exit_code: Option<i32>,
    /// Whether the timeout killed it.
    pub(crate) timed_out: bool,
    /// Standard output, lossily decoded, at most the cap.
    pub(crate) stdout: String,
    /// Standard error, lossily decoded, at most the cap.
    pub(crate) stderr: String,
    /// Bytes of output dropped past the cap (both streams).
    pub(crate) dropped_bytes: u64,
}

/// The environment a line gets: the allowlisted variables of `from` whose names do not look
/// like secrets (the rule `aartiq-host` applies to the programs it runs).
pub(crate) fn scrubbed_env(
    config: &ShellConfig,
    from: impl Iterator<Item = (String, String)>,
) -> Vec<(String, String)> {
    aartiq_host::exec::scrubbed_env(&config.env_allowlist, from)
}

/// Runs `line` as `<program> -c <line>`.
///
/// # Errors
/// The spawn error's message when the shell cannot be started (missing program, bad working
/// directory).
#[expect(
    clippy::disallowed_methods,
    reason = "the one module allowed to spawn processes: lines here passed the shell policy and approval"
)]
pub(crate) async fn run_line(config: &ShellConfig, line: &str) -> Result<ProcessOutput, String> {
    let mut command = tokio::process::Command::new(&config.program);
    command
        .arg("-c")
        .arg(line)
        .current_dir(&config.working_dir)
        .env_clear()
        .envs(scrubbed_env(config, std::env::vars()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    #[cfg(unix)]
    command.process_group(0);
    let mut child = command.spawn().map_err(|e| {
        format!(
            "could not start {} in {}: {e}",
            config.program.display(),
            config.working_dir.display()
        )
    })?;
    let out = Arc::new(Mutex::new(Captured::default()));
    let err = Arc::new(Mutex::new(Captured::default()));
    let mut readers = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        readers.push(tokio::spawn(drain(stdout, config.output_cap, out.clone())));
    }
    if let Some(stderr) = child.stderr.take() {
        readers.push(tokio::spawn(drain(stderr, config.output_cap, err.clone())));
    }
    let (exit_code, timed_out) = match tokio::time::timeout(config.timeout, child.wait()).await {
        Ok(Ok(status)) => (status.code(), false),
        Ok(Err(e)) => return Err(format!("waiting for the shell failed: {e}")),
        Err(_) => {
            kill_group(&mut child).await;
            (None, true)
        }
    };
    // Children that outlive the shell may hold the pipes open: give the readers a moment, then
    // keep what they have.
    for reader in readers {
        let abort = reader.abort_handle();
        if tokio::time::timeout(Duration::from_millis(200), reader)
            .await
            .is_err()
        {
            abort.abort();
        }
    }
    let (out, err) = (lock(&out), lock(&err));
    Ok(ProcessOutput {
        exit_code,
        timed_out,
        stdout: String::from_utf8_lossy(&out.kept).into_owned(),
        stderr: String::from_utf8_lossy(&err.kept).into_owned(),
        dropped_bytes: out.dropped + err.dropped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_never_passed_on_even_when_allowlisted() {
        let mut config = ShellConfig::default();
        config.env_allowlist.push("OPENAI_API_KEY".to_owned());
        config.env_allowlist.push("GITHUB_TOKEN".to_owned());
        let env = vec![
            ("PATH".to_owned(), "/usr/bin".to_owned()),
            ("OPENAI_API_KEY".to_owned(), "sk-1".to_owned()),
            ("GITHUB_TOKEN".to_owned(), "ghp".to_owned()),
            ("UNLISTED".to_owned(), "x".to_owned()),
        ];
        let kept = scrubbed_env(&config, env.into_iter());
        assert_eq!(kept, vec![("PATH".to_owned(), "/usr/bin".to_owned())]);
    }
}
