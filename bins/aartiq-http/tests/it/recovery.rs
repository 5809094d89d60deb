//! The real `aartiq-http` with the contract's flags only: no Chromium until the first browser
//! call, a Chromium killed under it comes back with stale refs named as such, and SIGTERM
//! answers the call in flight, closes the browser and deletes its temporary profile.

use std::time::{Duration, Instant};

use aartiq_test_support::zoo::Zoo;
use serde_json::{Value, json};

use crate::{Running, spawn};

struct Server {
    running: Running,
    token: String,
    http: reqwest::blocking::Client,
}

impl Server {
    /// `aartiq-http --port 0 --print-addr --token-file F --approvals-dir D --default-trust T`.
    fn start() -> Server {
        let home = tempfile::tempdir().unwrap();
        let token_file = home.path().join("token");
        let approvals = home.path().join("approvals");
        let running = spawn(&[
            "--token-file",
            token_file.to_str().unwrap(),
            "--approvals-dir",
            approvals.to_str().unwrap(),
            "--default-trust",
            "limited",
        ]);
        let token = std::fs::read_to_string(&token_file)
            .unwrap()
            .trim()
            .to_owned();
        std::mem::forget(home);
        Server {
            running,
            token,
            http: reqwest::blocking::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap(),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.running.port)
    }

    fn client(&self, id: &str) -> String {
        let made: Value = self
            .http
            .post(self.url("/clients"))
            .bearer_auth(&self.token)
            .json(&json!({"id": id, "name": id}))
            .send()
            .unwrap()
            .json()
            .unwrap();
        made["token"].as_str().unwrap().to_owned()
    }

    fn call(&self, client: &str, tool: &str, args: Value) -> Value {
        call(&self.http, &self.url(&format!("/api/{tool}")), client, args)
    }

    fn text(body: &Value) -> String {
        body["content"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The Chromium processes the server started (its children).
    fn browsers(&self) -> Vec<u32> {
        children(self.running.child.id())
            .into_iter()
            .filter(|pid| {
                std::fs::read_to_string(format!("/proc/{pid}/comm"))
                    .is_ok_and(|c| c.trim().starts_with("chrom"))
            })
            .collect()
    }

    /// A new tab at `url`; its id and the ref named `name`.
    fn open(&self, client: &str, url: &str, name: &str) -> (String, String) {
        let opened = self.call(client, "new_tab", json!({"url": url}));
        assert_eq!(opened["isError"], false, "{opened}");
        let tab = Server::text(&opened)
            .strip_prefix("Opened tab ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("new_tab answered {opened}"))
            .to_owned();
        self.call(
            client,
            "snapshot",
            json!({"tabId": tab, "maxTokens": 100_000}),
        );
        let found = self.call(
            client,
            "page_find",
            json!({"tabId": tab, "query": name, "limit": 50}),
        );
        let found: Value = serde_json::from_str(&Server::text(&found)).unwrap();
        let reference = found["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .and_then(|m| m["ref"].as_str())
            .unwrap_or_else(|| panic!("no {name}: {found}"))
            .to_owned();
        (tab, reference)
    }
}

fn call(http: &reqwest::blocking::Client, url: &str, client: &str, args: Value) -> Value {
    http.post(url)
        .bearer_auth(client)
        .json(&args)
        .send()
        .unwrap()
        .json()
        .unwrap()
}

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // After the command's closing parenthesis: state, then the parent's pid.
        let parent = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if parent == Some(pid) && !stat.contains(") Z ") {
            out.push(child);
        }
    }
    out
}

fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z "))
}

#[test]
fn the_browser_starts_on_the_first_browser_call_and_comes_back_after_a_kill() {
    let zoo = Zoo::start().unwrap();
    let server = Server::start();
    let agent = server.client("survivor");
    let status = server.call(&agent, "browser_status", json!({}));
    let status: Value = serde_json::from_str(&Server::text(&status)).unwrap();
    assert_eq!(status["browser"]["state"], "not_started", "{status}");
    assert!(
        server.browsers().is_empty(),
        "no Chromium before a browser call"
    );

    let (tab, button) = server.open(&agent, &zoo.url("/dialogs"), "Say hello");
    let first = server.browsers();
    assert_eq!(first.len(), 1, "{first:?}");
    // The OOM killer's way: the whole group at once.
    let killed = std::process::Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", first[0])])
        .status()
        .unwrap();
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    while running(first[0]) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let stale = server.call(&agent, "click_ref", json!({"tabId": tab, "ref": button}));
    assert!(
        stale["code"]
            .as_str()
            .unwrap_or_default()
            .contains("BROWSER_RESTARTED"),
        "{stale}"
    );
    // The next calls run on a new browser.
    let (tab, button) = server.open(&agent, &zoo.url("/dialogs"), "Say hello");
    let clicked = server.call(&agent, "click_ref", json!({"tabId": tab, "ref": button}));
    assert_eq!(clicked["isError"], false, "{clicked}");
    let listed = server.call(&agent, "list_tabs", json!({}));
    assert_eq!(listed["isError"], false, "{listed}");
    let again = server.browsers();
    assert_eq!(again.len(), 1, "{again:?}");
    assert_ne!(again[0], first[0]);
    let status = server.call(&agent, "browser_status", json!({}));
    let status: Value = serde_json::from_str(&Server::text(&status)).unwrap();
    assert_eq!(status["browser"]["restarts"], 1, "{status}");
}

#[test]
fn sigterm_answers_the_call_in_flight_then_closes_the_browser_and_its_profile() {
    let zoo = Zoo::start().unwrap();
    let mut server = Server::start();
    let agent = server.client("leaver");
    let (tab, _) = server.open(&agent, &zoo.url("/dialogs"), "Say hello");
    let browser = server.browsers()[0];
    let cmdline = std::fs::read_to_string(format!("/proc/{browser}/cmdline")).unwrap();
    let profile = cmdline
        .split('\0')
        .find_map(|a| a.strip_prefix("--user-data-dir="))
        .unwrap()
        .to_owned();
    assert!(std::path::Path::new(&profile).exists());

    let http = server.http.clone();
    let url = server.url("/api/wait_for");
    let waiter = agent.clone();
    let in_flight = std::thread::spawn(move || {
        call(
            &http,
            &url,
            &waiter,
            json!({"tabId": tab, "text": "never on this page", "timeoutMs": 2_000}),
        )
    });
    std::thread::sleep(Duration::from_millis(500));
    let term = std::process::Command::new("kill")
        .args(["-TERM", &server.running.child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    // The call in flight got its own answer, not a dropped connection.
    let answered = in_flight.join().unwrap();
    assert_eq!(answered["code"], "WAIT_TIMEOUT", "{answered}");
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = server.running.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server did not stop");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    assert!(!running(browser), "the browser was closed");
    assert!(
        !std::path::Path::new(&profile).exists(),
        "the temporary profile {profile} was deleted"
    );
}
