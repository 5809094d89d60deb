//! The real `aartiq-http` with the contract's flags only: no Chromium until the first browser
//! call, a Chromium killed under it comes back with stale refs named as such, and SIGTERM
//! answers the call in flight, closes the browser and deletes its temporary profile.

use std::time::{Duration, Instant};

use aartiq_test_support::zoo::Zoo;
use serde_json::{Value, json};

use crate::api::Api;

/// The Chromium processes `api`'s server started (its children).
fn browsers(api: &Api) -> Vec<u32> {
    children(api.running.child.id())
        .into_iter()
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|c| c.trim().starts_with("chrom"))
        })
        .collect()
}

fn status_of(api: &Api, client: &str) -> Value {
    let status = api.call(client, "browser_status", json!({}), None);
    serde_json::from_str(&Api::text(&status)).unwrap()
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
    // The contract's flags only: --token-file, --approvals-dir, --default-trust.
    let api = Api::start("limited");
    let agent = api.client("survivor");
    let status = status_of(&api, &agent);
    assert_eq!(status["browser"]["state"], "not_started", "{status}");
    assert!(
        browsers(&api).is_empty(),
        "no Chromium before a browser call"
    );

    let (tab, button) = api.open_new(&agent, &zoo.url("/dialogs"), "Say hello");
    let first = browsers(&api);
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
    let stale = api.call(
        &agent,
        "click_ref",
        json!({"tabId": tab, "ref": button}),
        None,
    );
    assert!(
        stale["code"]
            .as_str()
            .unwrap_or_default()
            .contains("BROWSER_RESTARTED"),
        "{stale}"
    );
    // The next calls run on a new browser.
    let (tab, button) = api.open_new(&agent, &zoo.url("/dialogs"), "Say hello");
    let clicked = api.call(
        &agent,
        "click_ref",
        json!({"tabId": tab, "ref": button}),
        None,
    );
    assert_eq!(clicked["isError"], false, "{clicked}");
    let listed = api.call(&agent, "list_tabs", json!({}), None);
    assert_eq!(listed["isError"], false, "{listed}");
    let again = browsers(&api);
    assert_eq!(again.len(), 1, "{again:?}");
    assert_ne!(again[0], first[0]);
    let status = status_of(&api, &agent);
    assert_eq!(status["browser"]["restarts"], 1, "{status}");
}

#[test]
fn sigterm_answers_the_call_in_flight_then_closes_the_browser_and_its_profile() {
    let zoo = Zoo::start().unwrap();
    let mut api = Api::start("limited");
    let agent = api.client("leaver");
    let (tab, _) = api.open_new(&agent, &zoo.url("/dialogs"), "Say hello");
    let browser = browsers(&api)[0];
    let cmdline = std::fs::read_to_string(format!("/proc/{browser}/cmdline")).unwrap();
    let profile = cmdline
        .split('\0')
        .find_map(|a| a.strip_prefix("--user-data-dir="))
        .unwrap()
        .to_owned();
    assert!(std::path::Path::new(&profile).exists());

    let http = api.http.clone();
    let url = api.url("/api/wait_for");
    let waiter = agent.clone();
    let in_flight = std::thread::spawn(move || {
        let answer: Value = http
            .post(url)
            .bearer_auth(waiter)
            .json(&json!({"tabId": tab, "text": "never on this page", "timeoutMs": 2_000}))
            .send()
            .unwrap()
            .json()
            .unwrap();
        answer
    });
    std::thread::sleep(Duration::from_millis(500));
    let term = std::process::Command::new("kill")
        .args(["-TERM", &api.running.child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    // The call in flight got its own answer, not a dropped connection.
    let answered = in_flight.join().unwrap();
    assert_eq!(answered["code"], "WAIT_TIMEOUT", "{answered}");
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = api.running.child.try_wait().unwrap() {
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
