//! Page dialogs on real Chromium through the tool pipeline: a `confirm` or `prompt` waits for
//! `handle_dialog`, its answer changes the page, what the page sends after a "yes" is under the
//! network rule, and one nobody answers is dismissed when its wait ends.

use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::TrustLevel;
use aartiq_cdp::{BrowserConfig, CdpBrowser};
use aartiq_test_support::register;
use aartiq_test_support::zoo::Zoo;
use aartiq_tools::{Rejection, Step, TabId, ToolOutput, ToolRegistry};
use serde_json::{Value, json};

struct Desk {
    zoo: Zoo,
    browser: Arc<CdpBrowser>,
    registry: ToolRegistry,
    fakes: aartiq_test_support::Fakes,
    agent: aartiq_agents::AgentId,
}

async fn desk(wait: Duration, trust: TrustLevel) -> Desk {
    let zoo = Zoo::start().unwrap();
    let config = BrowserConfig {
        dialog_wait: Some(wait),
        ..BrowserConfig::default()
    };
    let browser = crate::launch_with(config).await;
    let (registry, fakes) = crate::tools_over(&browser);
    let agent = register(&registry, "answerer", trust, &fakes.clock);
    Desk {
        zoo,
        browser,
        registry,
        fakes,
        agent,
    }
}

impl Desk {
    async fn call(&self, tool: &str, args: Value) -> Result<ToolOutput, Rejection> {
        self.registry.call(&self.agent, tool, args).await
    }

    async fn open(&self) -> TabId {
        crate::open_page(
            &self.registry,
            &self.agent,
            &self.browser,
            &self.zoo.url("/dialogs"),
        )
        .await
    }

    async fn snapshot(&self, tab: &TabId) -> Result<ToolOutput, Rejection> {
        self.call(
            "snapshot",
            json!({"tabId": tab.as_str(), "maxTokens": 100_000}),
        )
        .await
    }

    async fn click(&self, tab: &TabId, name: &str) -> ToolOutput {
        let button = crate::ref_named(&self.registry, &self.agent, tab, name).await;
        self.call("click_ref", json!({"tabId": tab.as_str(), "ref": button}))
            .await
            .unwrap()
    }

    async fn answer(
        &self,
        tab: &TabId,
        accept: bool,
        text: Option<&str>,
    ) -> Result<ToolOutput, Rejection> {
        let mut args = json!({"tabId": tab.as_str(), "accept": accept});
        if let Some(text) = text {
            args["promptText"] = json!(text);
        }
        self.call("handle_dialog", args).await
    }

    async fn status(&self, tab: &TabId) -> String {
        let text = self
            .call("get_page_text", json!({"tabId": tab.as_str()}))
            .await
            .unwrap()
            .text;
        text.lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .trim()
            .to_owned()
    }
}

#[tokio::test]
async fn confirm_and_prompt_wait_for_the_agent_and_its_answer_changes_the_page() {
    let d = desk(Duration::from_secs(30), TrustLevel::Limited).await;
    let tab = d.open().await;

    // Nothing to answer yet: a typed error.
    let none = d.answer(&tab, true, None).await.unwrap_err();
    assert_eq!(none.code.as_deref(), Some("NO_DIALOG"), "{none:?}");

    // The click returns while the confirm waits, and says so.
    let clicked = d.click(&tab, "Delete item").await;
    assert!(
        clicked
            .text
            .contains("confirm dialog \"Delete this item?\" (open: answer it with handle_dialog"),
        "{}",
        clicked.text
    );
    // The page is blocked: calls that need it are refused with a typed code, not hung.
    let blocked = d.snapshot(&tab).await.unwrap_err();
    assert_eq!(blocked.code.as_deref(), Some("DIALOG_OPEN"), "{blocked:?}");
    let accepted = d.answer(&tab, true, None).await.unwrap();
    assert!(
        accepted.text.contains("accepting the dialog"),
        "{}",
        accepted.text
    );
    assert_eq!(d.status(&tab).await, "deleted");

    d.snapshot(&tab).await.unwrap();
    d.click(&tab, "Delete item").await;
    d.answer(&tab, false, None).await.unwrap();
    assert_eq!(d.status(&tab).await, "kept");

    // A prompt takes the agent's text when accepted, and gives null when dismissed.
    d.snapshot(&tab).await.unwrap();
    let asked = d.click(&tab, "Rename").await;
    assert!(
        asked.text.contains("prompt dialog \"New name?\""),
        "{}",
        asked.text
    );
    d.answer(&tab, true, Some("Q3 report")).await.unwrap();
    assert_eq!(d.status(&tab).await, "renamed to Q3 report");
    d.snapshot(&tab).await.unwrap();
    d.click(&tab, "Rename").await;
    d.answer(&tab, false, Some("ignored")).await.unwrap();
    assert_eq!(d.status(&tab).await, "rename cancelled");

    // Alerts never wait.
    d.snapshot(&tab).await.unwrap();
    let hello = d.click(&tab, "Say hello").await;
    assert!(
        hello.text.contains("alert dialog \"Hello\" (accepted)"),
        "{}",
        hello.text
    );
    assert_eq!(d.status(&tab).await, "greeted");
}

#[tokio::test]
async fn a_dialog_nobody_answers_is_dismissed_when_its_wait_ends_and_reported() {
    let d = desk(Duration::from_millis(800), TrustLevel::Limited).await;
    let tab = d.open().await;
    d.click(&tab, "Delete item").await;
    tokio::time::sleep(Duration::from_millis(2_000)).await;
    // Dismissed: the page went on with "no".
    assert_eq!(d.status(&tab).await, "kept");
    let late = d.answer(&tab, true, None).await.unwrap_err();
    assert_eq!(late.code.as_deref(), Some("NO_DIALOG"), "{late:?}");
    assert!(
        late.message.contains("nobody answered it in time"),
        "{late:?}"
    );
    // The tab's next action reports it.
    d.snapshot(&tab).await.unwrap();
    let next = d.click(&tab, "Say hello").await;
    assert!(
        next.text.contains(
            "confirm dialog \"Delete this item?\" (dismissed: nobody answered it in time)"
        ),
        "{}",
        next.text
    );
}

#[tokio::test]
async fn what_a_page_sends_after_a_yes_falls_under_the_network_rule() {
    let d = desk(Duration::from_secs(30), TrustLevel::Limited).await;
    let tab = d.open().await;
    d.click(&tab, "Delete on server").await;
    let refused = d.answer(&tab, true, None).await.unwrap_err();
    assert_eq!(refused.step, Step::Network, "{refused:?}");
    assert!(refused.message.contains("/submit/delete"), "{refused:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        d.zoo
            .unsafe_received()
            .iter()
            .all(|r| r.target != "/submit/delete"),
        "a limited agent's yes sent nothing"
    );
    assert!(d.fakes.approver.requests().is_empty());
}
