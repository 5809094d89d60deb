//! `aartiq-http` as a user runs it: the examples of `docs/http.md`, executed against the real
//! binary, a graceful stop on SIGTERM, and schemathesis fuzzing `/openapi.json` on a real
//! Chromium.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod api;
mod attach;
mod docs;
mod recovery;
mod remote_browser;
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
    spawn_with(args, &[], None)
}

/// [`spawn`] with more environment variables, and its log written to `log` when given.
pub(crate) fn spawn_with(
    args: &[&str],
    env: &[(&str, &str)],
    log: Option<std::fs::File>,
) -> Running {
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_aartiq-http"))
        .args(["--port", "0", "--print-addr"])
        .args(args)
        .env("HOME", home.path())
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(log.map_or_else(Stdio::null, Stdio::from))
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

/// A raw HTTP/1.1 request to `127.0.0.1:port`; the status and body.
fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut text = format!(
        "{method} {path} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str("\r\n");
    text.push_str(body);
    stream.write_all(text.as_bytes()).unwrap();
    let mut out = String::new();
    stream.read_to_string(&mut out).unwrap();
    let status = out
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = out
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// Red team, finding 1 (the class): an agent holds an agent credential, made by the person
/// with `aartiq-http clients add`, and with it can call tools as itself and reach nothing of
/// the person's: not the approvals, not the admin routes, not another agent's identity. The
/// credential survives a restart; the token file says it holds the admin token.
#[test]
fn an_agent_credential_calls_tools_as_its_agent_and_reaches_nothing_of_the_persons() {
    let running = start(&[]);
    let token_file = running.home.path().join(".aartiq-agent-token");
    let admin = std::fs::read_to_string(&token_file).unwrap();
    assert!(admin.starts_with("aartiq-admin-"), "{admin}");
    let made = Command::new(env!("CARGO_BIN_EXE_aartiq-http"))
        .args(["clients", "add", "bot", "--name", "A bot", "--token-file"])
        .arg(&token_file)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let made: serde_json::Value = serde_json::from_slice(&made.stdout).unwrap();
    let agent = made["token"].as_str().unwrap().to_owned();
    assert!(agent.starts_with("aartiq-agent-"), "{agent}");
    let bearer = format!("Bearer {agent}");

    // It calls tools, as `bot` whatever header it sends.
    let (status, body) = request(
        running.port,
        "POST",
        "/api/browser_status",
        &[("authorization", &bearer), ("x-agent-id", "someone-else")],
        "{}",
    );
    assert_eq!(status, 200, "{body}");
    let (_, trust) = request(
        running.port,
        "POST",
        "/api/trust_list",
        &[("authorization", &bearer)],
        "{}",
    );
    assert!(trust.contains("bot"), "{trust}");
    assert!(!trust.contains("someone-else"), "{trust}");
    // It reaches nothing of the person's.
    for (method, path, body) in [
        ("GET", "/approvals", ""),
        ("POST", "/approvals/approval-1-ab/approve", "{}"),
        ("GET", "/clients", ""),
        ("POST", "/clients", r#"{"id":"bot2"}"#),
        ("POST", "/clients/revoke", r#"{"id":"bot"}"#),
    ] {
        let (status, answer) = request(
            running.port,
            method,
            path,
            &[("authorization", &bearer)],
            body,
        );
        assert_eq!(status, 403, "{method} {path}: {answer}");
    }
    // A restarted server with the same token file knows the credential.
    let home = tempfile::tempdir().unwrap();
    let copied = home.path().join("token");
    std::fs::copy(&token_file, &copied).unwrap();
    std::fs::copy(
        aartiq_api::clients_path(&token_file),
        aartiq_api::clients_path(&copied),
    )
    .unwrap();
    drop(running);
    let again = start(&["--token-file", copied.to_str().unwrap()]);
    let (status, body) = request(
        again.port,
        "POST",
        "/api/browser_status",
        &[("authorization", &bearer)],
        "{}",
    );
    assert_eq!(status, 200, "{body}");
    // Revoked by the person, it stops working at once.
    let revoked = Command::new(env!("CARGO_BIN_EXE_aartiq-http"))
        .args(["clients", "revoke", "bot", "--token-file"])
        .arg(&copied)
        .output()
        .unwrap();
    assert!(revoked.status.success());
    let mut status = 0;
    for _ in 0..50 {
        status = request(
            again.port,
            "POST",
            "/api/browser_status",
            &[("authorization", &bearer)],
            "{}",
        )
        .0;
        if status == 401 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(status, 401);
}
