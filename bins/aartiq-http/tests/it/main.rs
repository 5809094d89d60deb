//! `aartiq-http` as a user runs it: the examples of `docs/http.md`, executed against the real
//! binary, a graceful stop on SIGTERM, and schemathesis fuzzing `/openapi.json` on a real
//! Chromium.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod docs;
mod schemathesis;
mod side_effects;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The real binary with `HOME` in a temporary directory (so the token file is created there)
/// and a free port.
pub(crate) struct Running {
    pub(crate) child: Child,
    pub(crate) port: u16,
    pub(crate) home: tempfile::TempDir,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The binary without a browser.
pub(crate) fn start(extra: &[&str]) -> Running {
    let mut args = vec!["--no-browser"];
    args.extend_from_slice(extra);
    spawn(&args)
}

/// The binary with `args` (a browser unless they say `--no-browser`); returns once it listens.
pub(crate) fn spawn(args: &[&str]) -> Running {
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_aartiq-http"))
        .args(["--port", "0", "--print-addr"])
        .args(args)
        .env("HOME", home.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: serde_json::Value = serde_json::from_str(&line).unwrap();
    let port = addr["addr"]
        .as_str()
        .unwrap()
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    Running { child, port, home }
}

#[test]
fn the_token_file_is_0600_and_sigterm_stops_the_server_cleanly() {
    use std::os::unix::fs::PermissionsExt;
    let mut running = start(&[]);
    let token = running.home.path().join(".aartiq-agent-token");
    let mode = std::fs::metadata(&token).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert!(Path::new(&token).exists());
    let status = Command::new("kill")
        .args(["-TERM", &running.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = running.child.wait().unwrap();
    assert!(exit.success(), "{exit}");
}
