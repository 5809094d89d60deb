//! Memory under the snapshot attack: the real `aartiq-http` binary with a real Chromium, five
//! rounds of `navigate` + `snapshot {tabId, maxTokens: 100}` of a page with 200,000 buttons,
//! served from 127.0.0.1. After each round it reads the server's resident memory (`VmRSS` of
//! `/proc/PID/status`, and its peak `VmHWM`) and, apart, the sum over the Chromium processes
//! the server started; it also reports each snapshot's size, its token count and the refs it
//! shows, and how long each round took. The target: the server stays under 300 MiB resident.
//!
//! The binary is found at `$AARTIQ_HTTP_BIN`, else `$CARGO_TARGET_DIR` (or `target/`) under
//! `release/` then `debug/`: `cargo build --release -p aartiq-http` first, then
//! `cargo bench -p aartiq-benches --bench snapshot_memory`. `AARTIQ_BENCH_BUTTONS` (default
//! 200000) and `AARTIQ_BENCH_ROUNDS` (default 5) change the attack. Everything stays on
//! 127.0.0.1 and every wait is bounded.
#![allow(
    clippy::disallowed_methods,
    reason = "a benchmark starts the programs it measures"
)]
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark binary that reports on the terminal and fails loudly"
)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The server's resident-memory ceiling under this attack.
const LIMIT_MIB: f64 = 300.0;

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn binary() -> PathBuf {
    if let Some(path) = std::env::var_os("AARTIQ_HTTP_BIN") {
        return PathBuf::from(path);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| aartiq_benches::workspace().join("target"), PathBuf::from);
    for profile in ["release", "debug"] {
        let path = target.join(profile).join("aartiq-http");
        if path.exists() {
            return path;
        }
    }
    panic!(
        "no aartiq-http binary under {}: run `cargo build --release -p aartiq-http` first",
        target.display()
    );
}

/// A `/proc/PID/status` field in MiB.
fn status_mib(pid: u32, field: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// Every process below `pid` (its browser and the browser's helpers).
fn descendants(pid: u32) -> Vec<u32> {
    let mut parents: Vec<(u32, u32)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for entry in entries.flatten() {
            let Some(child) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
                continue;
            };
            // The parent id is the second field after the parenthesised command.
            let Some(after) = stat.rsplit_once(')').map(|(_, a)| a) else {
                continue;
            };
            if let Some(parent) = after.split_whitespace().nth(1).and_then(|p| p.parse().ok()) {
                parents.push((child, parent));
            }
        }
    }
    let mut found = vec![pid];
    let mut at = 0;
    while at < found.len() {
        let parent = found[at];
        found.extend(
            parents
                .iter()
                .filter(|(_, p)| *p == parent)
                .map(|(c, _)| *c),
        );
        at += 1;
    }
    found.remove(0);
    found
}

struct Server {
    child: Child,
    base: String,
    _home: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(binary: &PathBuf) -> (Server, String) {
    let home = tempfile::tempdir().unwrap();
    let token_file = home.path().join("token");
    let approvals = home.path().join("approvals");
    let mut child = Command::new(binary)
        .args(["--port", "0", "--print-addr", "--default-trust", "standard"])
        .arg("--token-file")
        .arg(&token_file)
        .arg("--approvals-dir")
        .arg(&approvals)
        .env("HOME", home.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: Value = serde_json::from_str(&line).unwrap();
    let base = format!("http://{}", addr["addr"].as_str().unwrap());
    let token = std::fs::read_to_string(&token_file)
        .unwrap()
        .trim()
        .to_owned();
    (
        Server {
            child,
            base,
            _home: home,
        },
        token,
    )
}

fn main() {
    let buttons = env_usize("AARTIQ_BENCH_BUTTONS", 200_000);
    let rounds = env_usize("AARTIQ_BENCH_ROUNDS", 5);
    let binary = binary();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut html = String::from("<!doctype html><title>Buttons</title><body>");
    for n in 0..buttons {
        html.push_str(&format!("<button>Button {n}</button>"));
    }
    std::fs::write(dir.path().join("buttons.html"), &html).unwrap();
    let port = runtime
        .block_on(aartiq_benches::serve_dir(dir.path().to_path_buf()))
        .unwrap();
    let (server, token) = start(&binary);
    let pid = server.child.id();
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(600))
        .build()
        .unwrap();
    let call = |path: String, bearer: String, body: Value| {
        let client = client.clone();
        async move {
            let response = client
                .post(path)
                .bearer_auth(bearer)
                .json(&body)
                .send()
                .await
                .unwrap();
            let status = response.status();
            let bytes = response.bytes().await.unwrap();
            (
                status.as_u16(),
                bytes.len(),
                serde_json::from_slice::<Value>(&bytes).unwrap_or(Value::Null),
            )
        }
    };
    // An agent credential, as the docs tell agents to use.
    let (status, _, created) = runtime.block_on(call(
        format!("{}/clients", server.base),
        token.clone(),
        json!({"id": "bench-agent", "name": "Snapshot attack"}),
    ));
    assert!(status == 200 || status == 201, "POST /clients: {created}");
    let agent = created["token"].as_str().unwrap().to_owned();
    println!(
        "snapshot attack: {} on a {buttons}-button page ({:.1} MiB of HTML), {rounds} rounds, maxTokens 100",
        binary.display(),
        html.len() as f64 / 1_048_576.0
    );
    println!(
        "start: server {:.1} MiB resident",
        status_mib(pid, "VmRSS").unwrap_or(f64::NAN)
    );
    // The tab every round drives: the browser's first.
    let (status, _, tabs) = runtime.block_on(call(
        format!("{}/api/list_tabs", server.base),
        agent.clone(),
        json!({}),
    ));
    assert_eq!(status, 200, "list_tabs: {tabs}");
    let listing = tabs
        .pointer("/content/0/text")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let tab = listing
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| w.len() > 1 && w.starts_with('t') && w[1..].bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or("t1")
        .to_owned();
    let mut rss = Vec::new();
    let mut seconds = Vec::new();
    for round in 1..=rounds {
        let started = Instant::now();
        let url = format!("http://127.0.0.1:{port}/buttons.html?round={round}");
        let (status, _, navigated) = runtime.block_on(call(
            format!("{}/api/navigate", server.base),
            agent.clone(),
            json!({"tabId": tab, "url": url}),
        ));
        assert_eq!(status, 200, "navigate: {navigated}");
        let (status, bytes, snap) = runtime.block_on(call(
            format!("{}/api/snapshot", server.base),
            agent.clone(),
            json!({"tabId": tab, "maxTokens": 100}),
        ));
        assert_eq!(status, 200, "snapshot: {snap}");
        let elapsed = started.elapsed().as_secs_f64();
        let text = snap
            .pointer("/content/0/text")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let tokens: usize = text.lines().map(|l| (l.len() + 1).div_ceil(4)).sum();
        let refs = text.matches("[ref=").count();
        let server_mib = status_mib(pid, "VmRSS").unwrap_or(f64::NAN);
        let peak_mib = status_mib(pid, "VmHWM").unwrap_or(f64::NAN);
        let browser_mib: f64 = descendants(pid)
            .into_iter()
            .filter_map(|p| status_mib(p, "VmRSS"))
            .sum();
        println!(
            "round {round}: {elapsed:.1} s, response {bytes} bytes, {tokens} tokens, {refs} refs shown; \
             server {server_mib:.1} MiB resident (peak {peak_mib:.1}), Chromium processes {browser_mib:.1} MiB"
        );
        rss.push(server_mib);
        seconds.push(elapsed);
    }
    let peak = status_mib(pid, "VmHWM").unwrap_or(f64::NAN);
    let last = rss.last().copied().unwrap_or(f64::NAN);
    println!(
        "server resident after the last round {last:.1} MiB, peak {peak:.1} MiB (limit {LIMIT_MIB} MiB); median round {:.1} s",
        aartiq_benches::median(&mut seconds)
    );
    println!(
        "verdict: {}",
        if peak < LIMIT_MIB && last < LIMIT_MIB {
            "under the limit"
        } else {
            "OVER THE LIMIT"
        }
    );
    drop(server);
}
