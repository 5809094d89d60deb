//! The assistant under the network rule, on real Chromium and the side-effect zoo: a person's
//! approval of a command is what lets its side effects out; nothing else does.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use aartiq_cdp::CdpBrowser;
use aartiq_runtime::{
    ApprovalAnswer, ApprovalPrompt, ApprovalSettings, CommandResult, Config, FnApprover, NoEvents,
    Runtime, Status,
};
use aartiq_test_support::Fakes;
use aartiq_test_support::model_server::{ModelReply, ModelServer};
use aartiq_test_support::zoo::Zoo;
use aartiq_tools::{Policy, ToolRegistry};

use crate::support::{chromium, parts};

struct Assistant {
    runtime: Runtime,
    _browser: Arc<CdpBrowser>,
    _model: ModelServer,
}

/// The assistant on a real Chromium, the model replying `replies` in turn; every command is
/// asked about (no automatic approvals), unless `auto` approves low and medium risk.
async fn assistant(replies: Vec<String>, auto: bool) -> Assistant {
    let browser = chromium().await;
    let fakes = Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    let model = ModelServer::start(replies.into_iter().map(ModelReply::text).collect()).unwrap();
    let backends = parts(
        Arc::new(ToolRegistry::with_builtin(services, Policy::default())),
        &model,
        fakes.clock.clone(),
    );
    let config = Config::default().with_planning(false).with_approvals(
        ApprovalSettings::default()
            .with_auto_approve_low_risk(auto)
            .with_auto_approve_mid_risk(auto),
    );
    Assistant {
        runtime: Runtime::new(config, backends).unwrap(),
        _browser: browser,
        _model: model,
    }
}

/// What the person was asked, in order.
type Asked = Arc<Mutex<Vec<String>>>;

/// Approves every prompt except those naming `deny`, and notes what it was asked.
fn person(
    deny: Option<&'static str>,
) -> (
    FnApprover<impl Fn(&ApprovalPrompt) -> ApprovalAnswer>,
    Asked,
) {
    let asked: Asked = Arc::default();
    let seen = Arc::clone(&asked);
    let approver = FnApprover(move |prompt: &ApprovalPrompt| {
        let text = format!("{prompt:?}");
        seen.lock().unwrap().push(text.clone());
        match deny {
            Some(word) if text.contains(word) => ApprovalAnswer::Deny("not this".into()),
            _ => ApprovalAnswer::Approve,
        }
    });
    (approver, asked)
}

fn result<'a>(results: &'a [CommandResult], command: &str) -> &'a CommandResult {
    results
        .iter()
        .find(|r| r.command == command)
        .unwrap_or_else(|| panic!("no {command} in {results:#?}"))
}

async fn unsafe_received(zoo: &Zoo) -> Vec<String> {
    tokio::time::sleep(Duration::from_millis(600)).await;
    zoo.unsafe_received()
        .iter()
        .map(|r| format!("{} {}", r.method, r.target))
        .collect()
}

#[tokio::test]
async fn an_approved_click_on_a_submit_button_sends_the_form_once_and_a_denied_one_nothing() {
    let zoo = Zoo::start().unwrap();
    let replies = |n: usize| {
        vec![
            format!("[NAVIGATE: {} | reason: open the shop]", zoo.url("/zoo")),
            format!("[CLICK_ELEMENT: Send money | reason: pay (try {n})]"),
            "Done.".to_owned(),
        ]
    };
    let approved = assistant(replies(1), false).await;
    let (approver, asked) = person(None);
    let outcome = approved
        .runtime
        .run_goal("Pay the invoice", &approver, &NoEvents)
        .await;
    assert_eq!(
        result(&outcome.results, "CLICK_ELEMENT").status,
        Status::Ok,
        "{outcome:?}"
    );
    assert!(zoo.wait_for("/submit/button", Duration::from_secs(5)));
    assert_eq!(unsafe_received(&zoo).await, ["POST /submit/button"]);
    assert_eq!(
        asked.lock().unwrap().len(),
        2,
        "the navigation and the click were asked"
    );

    zoo.clear();
    let denied = assistant(replies(2), false).await;
    let (approver, _) = person(Some("CLICK_ELEMENT"));
    let outcome = denied
        .runtime
        .run_goal("Pay the invoice", &approver, &NoEvents)
        .await;
    assert_eq!(
        result(&outcome.results, "CLICK_ELEMENT").status,
        Status::Denied,
        "{outcome:?}"
    );
    assert_eq!(unsafe_received(&zoo).await, Vec::<String>::new());
}

#[tokio::test]
async fn a_click_nobody_approved_sends_nothing_and_the_outcome_shows_what_was_stopped() {
    let zoo = Zoo::start().unwrap();
    // Automatic approval of low and medium risk: no person is asked about this click.
    let auto = assistant(
        vec![
            format!("[NAVIGATE: {}]", zoo.url("/zoo")),
            "[CLICK_ELEMENT: Fetch post]".to_owned(),
            "Done.".to_owned(),
        ],
        true,
    )
    .await;
    let (approver, asked) = person(None);
    let outcome = auto
        .runtime
        .run_goal("Click it", &approver, &NoEvents)
        .await;
    let click = result(&outcome.results, "CLICK_ELEMENT");
    assert_ne!(click.status, Status::Ok, "{click:?}");
    assert!(
        click.text.contains("blocked POST") && click.text.contains("/api/fetch"),
        "{click:?}"
    );
    assert!(
        asked.lock().unwrap().is_empty(),
        "{:?}",
        asked.lock().unwrap()
    );
    assert_eq!(unsafe_received(&zoo).await, Vec::<String>::new());

    // The same click, approved by the person: its request goes out, once.
    zoo.clear();
    let asking = assistant(
        vec![
            format!("[NAVIGATE: {}]", zoo.url("/zoo")),
            "[CLICK_ELEMENT: Fetch post]".to_owned(),
            "Done.".to_owned(),
        ],
        false,
    )
    .await;
    let (approver, _) = person(None);
    let outcome = asking
        .runtime
        .run_goal("Click it", &approver, &NoEvents)
        .await;
    assert_eq!(
        result(&outcome.results, "CLICK_ELEMENT").status,
        Status::Ok,
        "{outcome:?}"
    );
    assert_eq!(unsafe_received(&zoo).await, ["POST /api/fetch"]);
}

#[tokio::test]
async fn page_initiated_posts_during_a_typed_navigate_are_blocked_and_shown() {
    let zoo = Zoo::start().unwrap();
    let typed = assistant(Vec::new(), false).await;
    let (approver, _) = person(None);
    let line = format!("[NAVIGATE: {}]", zoo.url("/timer"));
    let commands = aartiq_commands::parse(&line).commands;
    let outcome = typed
        .runtime
        .run_commands("typed", &commands, &approver, &NoEvents)
        .await;
    let navigate = result(&outcome.results, "NAVIGATE");
    assert_eq!(navigate.status, Status::Ok, "{navigate:?}");
    assert!(
        navigate.text.contains("blocked POST") && navigate.text.contains("/api/onload"),
        "{navigate:?}"
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(unsafe_received(&zoo).await, Vec::<String>::new());
}
