//! schemathesis (the OpenAPI fuzzer, pinned in the venv `cargo xtask test` creates) against
//! `GET /openapi.json` of the real binary on a real Chromium: every operation of the document is
//! fuzzed and no request may get a server error (issue 11). Settings and the reason for each
//! check left out are in `tests/schemathesis.toml`.
//!
//! What the run may touch is contained. Agents get the default trust, `limited` (spec d.9), so
//! every side-effecting tool (close_tab, form_submit, vault_unlock, the kill switch, extension
//! installs, agent_register...) is refused before it runs (spec d.3). What `limited` allows,
//! navigate, new_tab and input, runs in a browser that can reach nothing: `--block-private`
//! refuses loopback, private and link-local addresses in the origin policy, and Chromium is
//! started through a wrapper that sends every other host to a proxy on a closed loopback port,
//! so a generated URL never leaves the machine (`file:` is refused by the policy anyway).
//! HOME, the token and the approvals directory are in a temporary directory.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::spawn;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The venv `cargo xtask test` creates (`target/mcp-venv`, with the pinned `schemathesis`), or
/// `AARTIQ_MCP_PYTHON`. Missing is a failure, not a skip.
fn python() -> PathBuf {
    let python = match std::env::var_os("AARTIQ_MCP_PYTHON") {
        Some(python) => PathBuf::from(python),
        None => workspace().join("target/mcp-venv/bin/python"),
    };
    let version = Command::new(&python)
        .args([
            "-c",
            "import importlib.metadata as m; print(m.version('schemathesis'))",
        ])
        .output();
    let found = version
        .as_ref()
        .is_ok_and(|out| out.status.success() && !out.stdout.is_empty());
    assert!(
        found,
        "schemathesis is missing from {}: run `cargo xtask test` (it creates target/mcp-venv with \
         the pinned mcp and schemathesis) or set AARTIQ_MCP_PYTHON to a python that has it",
        python.display()
    );
    python
}

/// A Chromium launcher that sends every request through a proxy on a closed loopback port
/// (port 9, discard), loopback included, so the fuzzed navigations reach no server at all.
fn contained_chromium(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let chromium = aartiq_cdp::KNOWN_EXECUTABLES
        .iter()
        .map(Path::new)
        .find(|p| p.exists())
        .expect("Chromium is installed (the schemathesis run drives a real one)");
    let wrapper = dir.join("chromium");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nexec {} --proxy-server=http://127.0.0.1:9 --proxy-bypass-list='<-loopback>' \"$@\"\n",
            chromium.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper
}

/// `POST path` with the token over a plain socket; returns the status and the body.
fn post(port: u16, token: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n\
         x-agent-id: schemathesis-check\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// The one report file of `kind` (`json`, `ndjson`) schemathesis wrote into `dir`.
fn report(dir: &Path, kind: &str) -> String {
    let prefix = format!("{kind}-");
    let suffix = format!(".{kind}");
    let path = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix) && n.ends_with(&suffix))
        })
        .unwrap_or_else(|| panic!("no {kind} report in {}", dir.display()));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn schemathesis_finds_no_server_error_in_any_operation_of_openapi_json() {
    let python = python();
    let dir = tempfile::tempdir().unwrap();
    let chromium = contained_chromium(dir.path());
    let approvals = dir.path().join("approvals");
    let running = spawn(&[
        "--chromium",
        chromium.to_str().unwrap(),
        "--block-private",
        "--default-trust",
        "limited",
        "--approvals-dir",
        approvals.to_str().unwrap(),
    ]);
    let port = running.port;
    let token = std::fs::read_to_string(running.home.path().join(".aartiq-agent-token")).unwrap();
    let token = token.trim();

    // The browser is real and contained: a public URL fails at the proxy (or, where no name
    // resolves, at the origin policy, which lets no unresolvable name load), a loopback one at
    // the origin policy.
    let (status, tabs) = post(port, token, "/api/list_tabs", "{}");
    assert_eq!(status, 200, "no real browser: {tabs}");
    let tabs: Value = serde_json::from_str(&tabs).unwrap();
    let tabs: Value = serde_json::from_str(tabs["content"][0]["text"].as_str().unwrap()).unwrap();
    let tab = tabs[0]["id"]
        .as_str()
        .expect("the browser has a tab")
        .to_owned();
    for (url, refused) in [
        (
            "https://example.com/".to_owned(),
            &["ERR_PROXY_CONNECTION_FAILED", "could not be resolved"][..],
        ),
        (
            format!("http://127.0.0.1:{port}/health"),
            &["private addresses are blocked"][..],
        ),
    ] {
        let args = serde_json::json!({ "tabId": tab, "url": url }).to_string();
        let (status, body) = post(port, token, "/api/navigate", &args);
        assert!(
            status == 400 && refused.iter().any(|r| body.contains(r)),
            "{url}: {status} {body}"
        );
    }

    let reports = dir.path().join("reports");
    let started = Instant::now();
    let out = Command::new(&python)
        .args(["-m", "schemathesis.cli", "--no-color", "--config-file"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemathesis.toml"))
        .arg("run")
        .arg(format!("http://127.0.0.1:{port}/openapi.json"))
        .args(["--report", "json,ndjson", "--report-dir"])
        .arg(&reports)
        .env("AARTIQ_SCHEMATHESIS_TOKEN", token)
        // No schemathesis.toml of the machine or a parent directory is picked up.
        .current_dir(dir.path())
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "schemathesis failed ({}):\n{stdout}\n{stderr}",
        out.status
    );

    let summary: Value = serde_json::from_str(&report(&reports, "json")).unwrap();
    assert_eq!(summary["exit_code"], 0, "{summary}");
    assert_eq!(summary["complete"], true, "{summary}");
    assert_eq!(summary["failures"], serde_json::json!([]), "{stdout}");
    assert_eq!(summary["errors"], serde_json::json!([]), "{stdout}");
    // 51 tools, /health, GET and POST /clients, /clients/revoke, /approvals, approve, deny.
    assert_eq!(summary["operations"]["selected"], 58, "{summary}");
    assert_eq!(summary["operations"]["tested"], 58, "{summary}");
    assert_eq!(summary["operations"]["errored"], 0, "{summary}");

    // Every response the run got, from the event log: none is a server error, and the run
    // reached the tools (200 and 400), the admin routes (201) and the token check (401).
    let mut statuses = std::collections::BTreeMap::<u64, usize>::new();
    let mut not_a_server_error = 0;
    for line in report(&reports, "ndjson").lines() {
        let event: Value = serde_json::from_str(line).unwrap();
        let Some(recorder) = event["ScenarioFinished"]["recorder"].as_object() else {
            continue;
        };
        if let Some(interactions) = recorder.get("interactions").and_then(Value::as_object) {
            for interaction in interactions.values() {
                if let Some(code) = interaction["response"]["status_code"].as_u64() {
                    *statuses.entry(code).or_default() += 1;
                }
            }
        }
        if let Some(checks) = recorder.get("checks").and_then(Value::as_object) {
            for check in checks
                .values()
                .flat_map(|c| c.as_array().cloned().unwrap_or_default())
            {
                if check["name"] == "not_a_server_error" {
                    assert_eq!(check["status"], "success", "{check}");
                    not_a_server_error += 1;
                }
            }
        }
    }
    let total: usize = statuses.values().sum();
    let server_errors: usize = statuses.range(500..).map(|(_, n)| n).sum();
    eprintln!(
        "schemathesis: {total} responses in {:.0} s, by status {statuses:?}",
        elapsed.as_secs_f64()
    );
    assert_eq!(server_errors, 0, "server errors: {statuses:?}\n{stdout}");
    assert!(total >= 1000, "only {total} responses: {statuses:?}");
    assert!(not_a_server_error >= 1000, "{not_a_server_error} checks");
    for code in [200, 201, 400, 401, 404] {
        assert!(statuses.contains_key(&code), "no {code}: {statuses:?}");
    }

    // The server is still up and answering.
    let (status, health) = post(port, token, "/api/browser_status", "{}");
    assert_eq!(status, 200, "{health}");
}
