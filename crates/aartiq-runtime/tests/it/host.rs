//! The host capabilities through the runtime on a real Chromium (issue 13): OCR of the page
//! with Tesseract, back and forward, tab grouping, `FIND_AND_CLICK` falling back to OCR and
//! coordinates when the accessibility data has no such element (asked as a high-risk click),
//! `CLICK_AT` asked and denied, the desktop's typed errors on a host without devices, and
//! `ENABLE_CLI` installing a shim that runs.

use std::sync::{Arc, Mutex};

use aartiq_commands::Risk;
use aartiq_host::{Desktop, ExecConfig};
use aartiq_runtime::{
    ApprovalAnswer, ApprovalPrompt, Capabilities, CliShim, FnApprover, NoEvents, Status,
};
use aartiq_test_support::Fakes;
use aartiq_test_support::model_server::{ModelReply, ModelServer};

use crate::support::{asked, chromium, runtime_over, steps};

/// Page `a` has large text for OCR and a canvas that draws "Launch" (no accessible name: only
/// OCR can find it) whose click opens `/launched`; page `b` is a second history entry.
const PAGE_A: &str = r#"<!doctype html><html><head><title>Alpha</title>
<style>body{margin:0;font-family:sans-serif;background:#fff}h1{font-size:56px;margin:20px}</style>
</head><body><h1>Quarterly Harvest Report</h1>
<canvas id="c" width="400" height="120"></canvas>
<script>
const c = document.getElementById('c'); const g = c.getContext('2d');
g.fillStyle = '#fff'; g.fillRect(0, 0, 400, 120);
g.fillStyle = '#000'; g.font = 'bold 64px sans-serif'; g.fillText('Launch', 20, 85);
c.addEventListener('click', () => { location.href = '/launched'; });
</script></body></html>"#;

fn site() -> (String, Arc<Mutex<Vec<String>>>) {
    crate::support::serve(|path| match path {
        "/a" => PAGE_A.to_owned(),
        "/b" => "<!doctype html><title>Beta</title><p>second page</p>".to_owned(),
        _ => "<!doctype html><title>Launched</title><p>launched</p>".to_owned(),
    })
}

#[tokio::test]
async fn host_commands_run_on_real_chromium_through_policy_and_approval() {
    let (base, log) = site();
    let browser = chromium().await;
    let fakes = Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    let model = ModelServer::start(
        [
            format!("[NAVIGATE: {base}/a]"),
            "[OCR_SCREEN]".to_owned(),
            format!("[NAVIGATE: {base}/b]\n[GO_BACK]\n[GO_FORWARD]"),
            "[GO_FORWARD]".to_owned(),
            "[GROUP_TABS: domain]\n[ORGANIZE_TABS]".to_owned(),
            "[GO_BACK]\n[FIND_AND_CLICK: Launch]".to_owned(),
            "[CLICK_AT: 5, 5]".to_owned(),
            "[SET_VOLUME: 40]\n[SET_BRIGHTNESS: 70]\n[ENABLE_CLI]".to_owned(),
            "Done.".to_owned(),
        ]
        .into_iter()
        .map(ModelReply::text)
        .collect(),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let bin_dir = dir.path().join("bin");
    let no_programs = ExecConfig::default().with_search_path(dir.path().join("empty"));
    let host = Capabilities::new()
        .with_page(browser.clone())
        .with_ocr(ExecConfig::default())
        .with_desktop(Arc::new(
            Desktop::new(no_programs).with_sysfs_root(dir.path().join("sys")),
        ))
        .with_cli(CliShim {
            bin_dir: bin_dir.clone(),
            target: "/bin/echo".into(),
        });
    let runtime = runtime_over(services, &model, fakes.clock.clone()).with_capabilities(host);

    let prompts: Arc<Mutex<Vec<ApprovalPrompt>>> = Arc::default();
    let approver = {
        let prompts = Arc::clone(&prompts);
        let log = Arc::clone(&log);
        FnApprover(move |prompt: &ApprovalPrompt| {
            prompts.lock().unwrap().push(prompt.clone());
            if prompt.items[0].command == "FIND_AND_CLICK" {
                assert!(
                    !log.lock().unwrap().iter().any(|p| p == "/launched"),
                    "clicked before the approval"
                );
            }
            if prompt.items[0].command == "CLICK_AT" {
                ApprovalAnswer::Deny("not there".into())
            } else {
                ApprovalAnswer::Approve
            }
        })
    };
    let outcome = runtime
        .run_goal("try the host commands", &approver, &NoEvents)
        .await;
    assert_eq!(
        steps(&outcome),
        [
            ("NAVIGATE", Status::Ok),
            ("OCR_SCREEN", Status::Ok),
            ("NAVIGATE", Status::Ok),
            ("GO_BACK", Status::Ok),
            ("GO_FORWARD", Status::Ok),
            ("GO_FORWARD", Status::Failed),
            ("GROUP_TABS", Status::Ok),
            ("ORGANIZE_TABS", Status::Ok),
            ("GO_BACK", Status::Ok),
            ("FIND_AND_CLICK", Status::Ok),
            ("CLICK_AT", Status::Denied),
            ("SET_VOLUME", Status::Failed),
            ("SET_BRIGHTNESS", Status::Failed),
            ("ENABLE_CLI", Status::Ok),
        ],
        "{:#?}",
        outcome.results
    );
    let text = |i: usize| outcome.results[i].text.as_str();
    // The heading may wrap in the viewport; OCR reads it line by line.
    let words: Vec<&str> = text(1).split_whitespace().collect();
    for word in ["Quarterly", "Harvest", "Report", "Launch"] {
        assert!(words.contains(&word), "{}", text(1));
    }
    assert!(text(3).contains(&format!("{base}/a")), "{}", text(3));
    assert!(text(4).contains(&format!("{base}/b")), "{}", text(4));
    assert!(text(5).contains("history"), "{}", text(5));
    assert!(text(6).contains("127.0.0.1"), "{}", text(6));
    assert!(text(7).starts_with("Suggested order: "), "{}", text(7));
    // The canvas has no name in the accessibility data: OCR found it, and the click went there.
    assert!(log.lock().unwrap().iter().any(|p| p == "/launched"));
    assert!(text(11).contains("pactl"), "{}", text(11));
    assert!(text(11).contains("amixer"), "{}", text(11));
    assert!(text(12).contains("backlight"), "{}", text(12));

    let prompts = prompts.lock().unwrap();
    assert_eq!(
        asked(&prompts),
        [
            ("FIND_AND_CLICK", Risk::High),
            ("CLICK_AT", Risk::High),
            ("ENABLE_CLI", Risk::High),
        ]
    );
    assert!(
        prompts[0].items[0].explanation.contains("OCR"),
        "{}",
        prompts[0].items[0].explanation
    );

    // The shim runs its target with the arguments it is given.
    let shim = bin_dir.join("aartiq");
    let out = std::process::Command::new(&shim)
        .args(["hello", "two words"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hello two words\n");
}

/// `WAIT` with text is the agent API's `wait_for`: text added after 500 ms is seen, text that
/// never comes is a typed timeout that says what the page showed, and a plain `WAIT` still
/// only waits. None of them asks.
#[tokio::test]
async fn wait_for_text_uses_the_wait_for_tool_and_a_plain_wait_only_waits() {
    let (base, _log) = crate::support::serve(|path| {
        match path {
        "/late" => r#"<!doctype html><title>Late</title><p id="s">Working</p>
<script>setTimeout(() => { document.getElementById('s').textContent = 'Report ready'; }, 500);</script>"#
            .to_owned(),
        _ => "<!doctype html><title>Other</title>".to_owned(),
    }
    });
    let browser = chromium().await;
    let fakes = Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    let model = ModelServer::start(
        [
            format!("[NAVIGATE: {base}/late]"),
            "[WAIT: 10000 | text=Report ready]".to_owned(),
            "[WAIT: 10000 | textGone=Report ready]\n[WAIT: 300 | text=Never shown]".to_owned(),
            "[WAIT: 20]".to_owned(),
            "Done.".to_owned(),
        ]
        .into_iter()
        .map(ModelReply::text)
        .collect(),
    )
    .unwrap();
    let runtime = runtime_over(services, &model, fakes.clock.clone());
    let prompts: Arc<Mutex<Vec<ApprovalPrompt>>> = Arc::default();
    let approver = {
        let prompts = Arc::clone(&prompts);
        FnApprover(move |prompt: &ApprovalPrompt| {
            prompts.lock().unwrap().push(prompt.clone());
            ApprovalAnswer::Approve
        })
    };
    let outcome = runtime
        .run_goal("wait for the report", &approver, &NoEvents)
        .await;
    assert_eq!(
        steps(&outcome),
        [
            ("NAVIGATE", Status::Ok),
            ("WAIT", Status::Ok),
            ("WAIT", Status::Failed),
            ("WAIT", Status::Failed),
            ("WAIT", Status::Ok),
        ],
        "{:#?}",
        outcome.results
    );
    let result = |i: usize| &outcome.results[i];
    assert_eq!(result(1).tools, ["wait_for"], "{:#?}", result(1));
    // The text stays, so waiting for it to go times out, and so does text that never comes;
    // both say what the page showed last.
    for i in [2, 3] {
        assert_eq!(result(i).tools, ["wait_for"], "{:#?}", result(i));
        assert!(result(i).text.contains("timed out"), "{:#?}", result(i));
        assert!(result(i).text.contains("/late"), "{:#?}", result(i));
    }
    assert!(result(4).tools.is_empty(), "{:#?}", result(4));
    assert!(result(4).text.contains("waited 20 ms"), "{:#?}", result(4));
    assert!(
        asked(&prompts.lock().unwrap())
            .iter()
            .all(|(command, _)| *command == "NAVIGATE"),
        "only the navigation asks"
    );
}
