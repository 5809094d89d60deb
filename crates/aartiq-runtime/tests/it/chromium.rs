//! The multi-step goal of `goals.rs` on a real Chromium (`aartiq-cdp`) with pages this test
//! serves on 127.0.0.1: search -> open the result -> fill the form -> submit only after the
//! person approves; a denial sends nothing.

use std::sync::{Arc, Mutex};

use aartiq_cdp::CdpBrowser;
use aartiq_runtime::{ApprovalAnswer, Runtime, Status, StopReason};
use aartiq_test_support::Fakes;
use aartiq_test_support::model_server::{ModelReply, ModelServer};
use aartiq_tools::{Policy, SearchHit, ToolRegistry};

use crate::support::{FORM_RESULTS, assert_statuses, chromium, config, parts};

const CONTACT: &str = r#"<!doctype html><html><head><title>Contact ACME</title></head><body>
<h1>Contact us</h1>
<form id="contact" aria-label="Contact" action="/sent" method="get">
  <label for="name">Name</label><input id="name" name="name">
  <label for="email">Email</label><input id="email" name="email" type="email">
  <button id="send">Send</button>
</form></body></html>"#;

/// Serves the contact page and a landing page; records every path asked for.
fn site() -> (String, Arc<Mutex<Vec<String>>>) {
    crate::support::serve(|path| {
        if path.starts_with("/contact") {
            CONTACT.to_owned()
        } else {
            "<!doctype html><title>Thanks</title><p>Message sent.</p>".to_owned()
        }
    })
}

async fn runtime(base: &str) -> (Runtime, Arc<CdpBrowser>, ModelServer) {
    let browser = chromium().await;
    let fakes = Fakes::new();
    fakes.search.add_provider("tavily");
    fakes.search.set_hits(vec![SearchHit {
        title: "ACME - contact".into(),
        url: format!("{base}/contact"),
        snippet: "Write to ACME through the contact form.".into(),
        published: None,
    }]);
    let mut services = fakes.services();
    services.browser = browser.clone();
    let model = ModelServer::start(
        [
            "I'll search first.\n[WEB_SEARCH: acme contact form | reason: find the form]"
                .to_owned(),
            format!("[NAVIGATE: {base}/contact | reason: open the first result]"),
            "[FILL_FORM: #name | Ada Lovelace]\n[FILL_FORM: Email | ada@example.com]".to_owned(),
            "[CLICK_ELEMENT: #send | reason: send the message]".to_owned(),
            "I sent the contact form to ACME.".to_owned(),
        ]
        .into_iter()
        .map(ModelReply::text)
        .collect(),
    )
    .unwrap();
    let backends = parts(
        Arc::new(ToolRegistry::with_builtin(services, Policy::default())),
        &model,
        fakes.clock.clone(),
    );
    (Runtime::new(config(), backends).unwrap(), browser, model)
}

fn sent(log: &Arc<Mutex<Vec<String>>>) -> Vec<String> {
    log.lock()
        .unwrap()
        .iter()
        .filter(|p| p.starts_with("/sent"))
        .cloned()
        .collect()
}

#[tokio::test]
async fn a_multi_step_goal_on_real_chromium_submits_only_after_approval() {
    let (base, log) = site();
    let (runtime, _browser, _model) = runtime(&base).await;
    let asked = Arc::new(Mutex::new(0));
    let approver = {
        let log = Arc::clone(&log);
        let asked = Arc::clone(&asked);
        aartiq_runtime::FnApprover(move |_: &aartiq_runtime::ApprovalPrompt| {
            assert!(sent(&log).is_empty(), "submitted before approval");
            *asked.lock().unwrap() += 1;
            ApprovalAnswer::Approve
        })
    };
    let outcome = runtime
        .run_goal(
            "Send ACME a message through their contact form",
            &approver,
            &aartiq_runtime::NoEvents,
        )
        .await;
    assert_eq!(outcome.reason, StopReason::Answered, "{outcome:?}");
    assert_statuses(&outcome, &FORM_RESULTS);
    assert_eq!(outcome.results[4].tools, ["form_submit"]);
    assert_eq!(
        *asked.lock().unwrap(),
        1,
        "one approval, for the submission"
    );
    // The real form went out once, with what the model filled in.
    let mut posted = Vec::new();
    for _ in 0..100 {
        posted = sent(&log);
        if !posted.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        posted,
        ["/sent?name=Ada+Lovelace&email=ada%40example.com"],
        "{:?}",
        log.lock().unwrap()
    );
}

#[tokio::test]
async fn a_denied_submission_sends_nothing_from_real_chromium() {
    let (base, log) = site();
    let (runtime, _browser, _model) = runtime(&base).await;
    let approver = aartiq_runtime::FnApprover(|_: &aartiq_runtime::ApprovalPrompt| {
        ApprovalAnswer::Deny("not now".into())
    });
    let outcome = runtime
        .run_goal("Send ACME a message", &approver, &aartiq_runtime::NoEvents)
        .await;
    let click = outcome
        .results
        .iter()
        .find(|r| r.command == "CLICK_ELEMENT")
        .unwrap();
    assert_eq!(click.status, Status::Denied, "{outcome:?}");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert!(sent(&log).is_empty(), "{:?}", log.lock().unwrap());
    assert!(
        log.lock().unwrap().iter().any(|p| p == "/contact"),
        "the page was opened and filled, only the submission was refused"
    );
}
