//! The network rule on real Chromium, through the whole tool pipeline: every way the zoo's page
//! sends, tried by agents of each trust level, judged by what the zoo's server received.

use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::{AgentId, TrustLevel};
use aartiq_cdp::{BrowserConfig, CdpBrowser, LaunchOptions};
use aartiq_test_support::zoo::{SAFE, SENDERS, Zoo};
use aartiq_test_support::{Fakes, register};
use aartiq_tools::{ApprovalAnswer, Browser, Rejection, TabId, ToolOutput, ToolRegistry};
use serde_json::{Value, json};

/// How long a test waits after its actions for a request that should not come.
const QUIET: Duration = Duration::from_millis(600);

pub(crate) struct Zone {
    pub(crate) zoo: Zoo,
    pub(crate) browser: Arc<CdpBrowser>,
    pub(crate) registry: ToolRegistry,
    pub(crate) fakes: Fakes,
}

pub(crate) async fn zone(config: BrowserConfig) -> Zone {
    let zoo = Zoo::start().unwrap();
    let browser = match CdpBrowser::launch_with(LaunchOptions::default(), config).await {
        Ok(browser) => Arc::new(browser),
        Err(error) => panic!("Chromium must be installed for these tests: {error}"),
    };
    let (registry, fakes) = crate::tools_over(&browser);
    Zone {
        zoo,
        browser,
        registry,
        fakes,
    }
}

impl Zone {
    pub(crate) fn agent(&self, id: &str, trust: TrustLevel) -> AgentId {
        register(&self.registry, id, trust, &self.fakes.clock)
    }

    pub(crate) async fn call(
        &self,
        agent: &AgentId,
        tool: &str,
        args: Value,
    ) -> Result<ToolOutput, Rejection> {
        self.registry.call(agent, tool, args).await
    }

    /// `click_ref` on `reference` in `tab`, as `agent`.
    pub(crate) async fn click(
        &self,
        agent: &AgentId,
        tab: &TabId,
        reference: &str,
    ) -> Result<ToolOutput, Rejection> {
        self.call(
            agent,
            "click_ref",
            json!({"tabId": tab.as_str(), "ref": reference}),
        )
        .await
    }

    /// A fresh tab on `path`, snapshotted so its refs resolve.
    pub(crate) async fn open(&self, agent: &AgentId, path: &str) -> TabId {
        let tab = self
            .browser
            .new_tab(Some(&self.zoo.url(path)))
            .await
            .unwrap()
            .id;
        self.refresh(agent, &tab).await;
        tab
    }

    pub(crate) async fn refresh(&self, agent: &AgentId, tab: &TabId) {
        self.call(
            agent,
            "snapshot",
            json!({"tabId": tab.as_str(), "maxTokens": 100_000}),
        )
        .await
        .unwrap();
    }

    /// The ref of the element named exactly `name` in the last snapshot.
    pub(crate) async fn find(&self, agent: &AgentId, tab: &TabId, name: &str) -> String {
        crate::ref_named(&self.registry, agent, tab, name).await
    }

    /// The unsafe requests the server received, after a moment for late ones.
    pub(crate) async fn unsafe_received(&self) -> Vec<String> {
        tokio::time::sleep(QUIET).await;
        self.zoo
            .unsafe_received()
            .iter()
            .map(|r| format!("{} {}", r.method, r.target))
            .collect()
    }
}

fn code(result: &Result<ToolOutput, Rejection>) -> Option<&str> {
    result.as_ref().err().and_then(|r| r.code.as_deref())
}

#[tokio::test]
async fn a_limited_agent_sends_nothing_unsafe_by_any_input_tool_and_is_told_why() {
    let z = zone(BrowserConfig::default()).await;
    let agent = z.agent("limited", TrustLevel::Limited);
    let tab = z.open(&agent, "/zoo").await;
    for (name, path) in SENDERS {
        // Every refused call costs its agent 5 points: a fresh agent per sender keeps each
        // attempt at the limited level.
        let agent = z.agent(&format!("limited {name}"), TrustLevel::Limited);
        let reference = z.find(&agent, &tab, name).await;
        let clicked = z.click(&agent, &tab, &reference).await;
        assert_eq!(
            code(&clicked),
            Some("SIDE_EFFECT_BLOCKED"),
            "{name} ({path}): {clicked:?}"
        );
        let message = &clicked.as_ref().unwrap_err().message;
        assert!(message.contains(path), "{name}: {message}");
        assert!(message.contains("grant more trust"), "{name}: {message}");
        let acted = z
            .call(
                &agent,
                "element_action",
                json!({"tabId": tab.as_str(), "ref": reference, "action": "click"}),
            )
            .await;
        assert_eq!(
            code(&acted),
            Some("SIDE_EFFECT_BLOCKED"),
            "{name}: {acted:?}"
        );
    }
    let field = z.find(&agent, &tab, "Enter field").await;
    let pressed = z
        .call(
            &agent,
            "press_key",
            json!({"tabId": tab.as_str(), "ref": field, "key": "Enter"}),
        )
        .await;
    assert_eq!(code(&pressed), Some("SIDE_EFFECT_BLOCKED"), "{pressed:?}");
    let typed = z
        .call(
            &agent,
            "type_ref",
            json!({"tabId": tab.as_str(), "ref": field, "text": "\n"}),
        )
        .await;
    // A line break typed into the field is Enter to it: a submission, known up front.
    assert_eq!(code(&typed), Some("SIDE_EFFECT_BLOCKED"), "{typed:?}");
    assert_eq!(typed.unwrap_err().step, aartiq_tools::Step::Gate);
    assert_eq!(z.unsafe_received().await, Vec::<String>::new());
    assert!(
        z.zoo.received().iter().any(|r| r.path() == "/zoo"),
        "the page itself loaded"
    );
}

#[tokio::test]
async fn a_standard_agent_without_approval_sends_nothing_and_a_person_is_asked() {
    let z = zone(BrowserConfig::default()).await;
    let agent = z.agent("standard", TrustLevel::Standard);
    let tab = z.open(&agent, "/zoo").await;
    for (name, path) in SENDERS {
        // Refused calls cost their agent trust: a fresh agent per sender keeps every
        // attempt at the standard level.
        let agent = z.agent(&format!("standard {name}"), TrustLevel::Standard);
        let reference = z.find(&agent, &tab, name).await;
        let clicked = z.click(&agent, &tab, &reference).await;
        let rejection = clicked.as_ref().unwrap_err();
        assert_eq!(
            rejection.code.as_deref(),
            Some("APPROVAL_DENIED"),
            "{name}: {rejection:?}"
        );
        assert_eq!(rejection.step, aartiq_tools::Step::Approval, "{name}");
        let asked = z.fakes.approver.requests();
        let last = asked.last().unwrap();
        assert_eq!(last.tool, "click_ref");
        assert!(last.reason.contains(path), "{name}: {}", last.reason);
    }
    assert_eq!(z.unsafe_received().await, Vec::<String>::new());
}

#[tokio::test]
async fn with_a_persons_approval_exactly_the_approved_actions_requests_go_out() {
    let z = zone(BrowserConfig::default()).await;
    let agent = z.agent("standard", TrustLevel::Standard);
    let tab = z.open(&agent, "/zoo").await;
    // Known up front: the person is asked before anything is clicked.
    let send = z.find(&agent, &tab, "Send money").await;
    z.fakes.approver.answer(ApprovalAnswer::Approve);
    z.click(&agent, &tab, &send).await.unwrap();
    assert!(z.zoo.wait_for("/submit/button", Duration::from_secs(5)));
    let sent = z.unsafe_received().await;
    assert_eq!(sent, vec!["POST /submit/button".to_owned()]);
    let body = &z.zoo.unsafe_received()[0].body;
    assert!(body.contains("amount=1000"), "{body}");

    // Known only when the page sends: the person is asked then, and the click runs again.
    z.zoo.clear();
    let tab = z.open(&agent, "/zoo").await;
    let fetch = z.find(&agent, &tab, "Fetch post").await;
    z.fakes.approver.answer(ApprovalAnswer::Approve);
    let clicked = z.click(&agent, &tab, &fetch).await.unwrap();
    assert!(clicked.text.contains("click"), "{}", clicked.text);
    assert_eq!(
        z.unsafe_received().await,
        vec!["POST /api/fetch".to_owned()]
    );

    // The approval covered that action only: the next, unapproved one sends nothing, even
    // within the grace period of the approved one.
    z.zoo.clear();
    let delete = z.find(&agent, &tab, "Delete item").await;
    let refused = z.click(&agent, &tab, &delete).await;
    assert_eq!(code(&refused), Some("APPROVAL_DENIED"), "{refused:?}");
    assert_eq!(z.unsafe_received().await, Vec::<String>::new());
}

#[tokio::test]
async fn safe_controls_work_for_every_trust_level_that_may_give_input() {
    let z = zone(BrowserConfig::default()).await;
    for trust in [
        TrustLevel::Limited,
        TrustLevel::Standard,
        TrustLevel::Privileged,
    ] {
        let agent = z.agent(&format!("{trust:?}"), trust);
        for name in SAFE {
            z.zoo.clear();
            let tab = z.open(&agent, "/zoo").await;
            let reference = z.find(&agent, &tab, name).await;
            let clicked = z.click(&agent, &tab, &reference).await;
            assert!(clicked.is_ok(), "{trust:?} {name}: {clicked:?}");
            match *name {
                "Search" => assert!(
                    z.zoo.wait_for("/search", Duration::from_secs(5)),
                    "{trust:?}: the GET search went out"
                ),
                "Plain link" => assert!(z.zoo.wait_for("/plain", Duration::from_secs(5))),
                _ => {
                    let text = z
                        .call(&agent, "get_page_text", json!({"tabId": tab.as_str()}))
                        .await
                        .unwrap();
                    assert!(text.text.contains("toggled"), "{}", text.text);
                }
            }
            assert_eq!(z.unsafe_received().await, Vec::<String>::new());
            z.browser.close_tab(&tab).await.unwrap();
        }
    }
}

#[tokio::test]
async fn a_page_that_sends_on_load_and_from_a_timer_is_stopped_and_the_navigation_says_so() {
    let z = zone(BrowserConfig::default()).await;
    let agent = z.agent("limited", TrustLevel::Limited);
    let tab = z.browser.new_tab(None).await.unwrap().id;
    let loaded = z
        .call(
            &agent,
            "navigate",
            json!({"tabId": tab.as_str(), "url": z.zoo.url("/timer")}),
        )
        .await
        .unwrap();
    assert!(z.zoo.wait_for("/timer", Duration::from_secs(5)));
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(z.unsafe_received().await, Vec::<String>::new());
    assert!(
        loaded.text.contains("blocked POST") && loaded.text.contains("/api/onload"),
        "{}",
        loaded.text
    );
    assert_eq!(
        loaded.json.unwrap()["sideEffectsBlocked"][0],
        json!(format!(
            "blocked POST {} (side effect without approval)",
            z.zoo.url("/api/onload")
        ))
    );
}

#[tokio::test]
async fn operator_hosts_send_without_approval_and_others_still_do_not() {
    let z = zone(BrowserConfig {
        unsafe_request_hosts: vec!["127.0.0.1".to_owned()],
        ..BrowserConfig::default()
    })
    .await;
    let agent = z.agent("limited", TrustLevel::Limited);
    let tab = z.open(&agent, "/zoo").await;
    let fetch = z.find(&agent, &tab, "Fetch post").await;
    z.click(&agent, &tab, &fetch).await.unwrap();
    assert_eq!(
        z.unsafe_received().await,
        vec!["POST /api/fetch".to_owned()]
    );
    // The cross-site frame is served as localhost: not on the list.
    z.zoo.clear();
    let other = z.find(&agent, &tab, "Cross-site send").await;
    let refused = z.click(&agent, &tab, &other).await;
    assert_eq!(code(&refused), Some("SIDE_EFFECT_BLOCKED"), "{refused:?}");
    assert_eq!(z.unsafe_received().await, Vec::<String>::new());
}

#[tokio::test]
async fn press_key_navigates_a_get_search_closes_a_dialog_and_moves_the_focus() {
    let z = zone(BrowserConfig::default()).await;
    let agent = z.agent("limited", TrustLevel::Limited);
    let tab = z.open(&agent, "/zoo").await;
    let query = |selector: &str| json!({"tabId": tab.as_str(), "selector": selector});
    // Tab moves the focus from the first field to the second.
    let first = z.find(&agent, &tab, "First field").await;
    z.call(
        &agent,
        "element_action",
        json!({"tabId": tab.as_str(), "ref": first, "action": "focus"}),
    )
    .await
    .unwrap();
    z.call(
        &agent,
        "press_key",
        json!({"tabId": tab.as_str(), "key": "Tab"}),
    )
    .await
    .unwrap();
    let focused = z
        .call(&agent, "dom_query", query("#second:focus"))
        .await
        .unwrap();
    assert_eq!(focused.json.unwrap()["total"], 1);
    // Escape closes a modal dialog element.
    let open = z.find(&agent, &tab, "Open dialog").await;
    z.click(&agent, &tab, &open).await.unwrap();
    let shown = z
        .call(&agent, "dom_query", query("dialog[open]"))
        .await
        .unwrap();
    assert_eq!(shown.json.unwrap()["total"], 1);
    z.call(
        &agent,
        "press_key",
        json!({"tabId": tab.as_str(), "key": "Escape"}),
    )
    .await
    .unwrap();
    let shown = z
        .call(&agent, "dom_query", query("dialog[open]"))
        .await
        .unwrap();
    assert_eq!(shown.json.unwrap()["total"], 0);
    // Enter in a GET search box navigates: safe for every agent that may type.
    z.refresh(&agent, &tab).await;
    let search = z.find(&agent, &tab, "Search box").await;
    z.call(
        &agent,
        "press_key",
        json!({"tabId": tab.as_str(), "ref": search, "key": "Enter"}),
    )
    .await
    .unwrap();
    assert!(z.zoo.wait_for("/search", Duration::from_secs(5)));
    let searched = z
        .zoo
        .received()
        .into_iter()
        .find(|r| r.path() == "/search")
        .unwrap();
    assert_eq!(searched.target, "/search?q=shoes");
    // A chord: Control+a selects the field's text, typing replaces it.
    let tab = z.open(&agent, "/zoo").await;
    let field = z.find(&agent, &tab, "Enter field").await;
    z.call(
        &agent,
        "press_key",
        json!({"tabId": tab.as_str(), "ref": field, "key": "Control+a"}),
    )
    .await
    .unwrap();
    let typed = z
        .call(
            &agent,
            "press_key",
            json!({"tabId": tab.as_str(), "ref": field, "key": "x"}),
        )
        .await
        .unwrap();
    assert!(typed.text.contains("value now \"x\""), "{}", typed.text);
    let bad = z
        .call(
            &agent,
            "press_key",
            json!({"tabId": tab.as_str(), "key": "Entr"}),
        )
        .await
        .unwrap_err();
    assert!(bad.message.contains("unknown key"), "{bad:?}");
    assert_eq!(z.unsafe_received().await, Vec::<String>::new());
}

/// One input the property below may try.
#[derive(Debug, Clone)]
enum Input {
    Click(usize),
    Act(usize, &'static str),
    Type(usize, &'static str),
    Fill(usize),
    Key(Option<usize>, &'static str),
    FillForm(usize, usize),
    Reopen,
}

fn input() -> impl proptest::strategy::Strategy<Value = Input> {
    use proptest::prelude::*;
    let target = 0..TARGETS.len();
    prop_oneof![
        target.clone().prop_map(Input::Click),
        (
            target.clone(),
            prop::sample::select(vec!["click", "focus", "hover", "check"])
        )
            .prop_map(|(t, a)| Input::Act(t, a)),
        (
            target.clone(),
            prop::sample::select(vec!["a", "\n", "x\r", " "])
        )
            .prop_map(|(t, s)| Input::Type(t, s)),
        target.clone().prop_map(Input::Fill),
        (
            prop::option::of(target.clone()),
            prop::sample::select(vec![
                "Enter",
                "Space",
                "Tab",
                "a",
                "Shift+Tab",
                "Control+Enter"
            ])
        )
            .prop_map(|(t, k)| Input::Key(t, k)),
        (target.clone(), target).prop_map(|(a, b)| Input::FillForm(a, b)),
        Just(Input::Reopen),
    ]
}

/// Every control of the zoo an input may go to: senders, safe controls and fields.
const TARGETS: &[&str] = &[
    "Send money",
    "Pay with input",
    "Pay with image",
    "Untyped button",
    "Save note",
    "Script submit",
    "Request submit",
    "Override method",
    "Frame send",
    "Cross-site send",
    "Shadow send",
    "Fetch post",
    "XHR put",
    "Beacon",
    "Ping link",
    "Delete item",
    "Search",
    "Plain link",
    "Toggle",
    "Amount",
    "Enter field",
    "Search box",
    "First field",
];

impl Zone {
    /// The refs of every target, in `TARGETS` order.
    async fn refs(&self, agent: &AgentId, tab: &TabId) -> Vec<String> {
        let mut refs = Vec::new();
        for name in TARGETS {
            refs.push(self.find(agent, tab, name).await);
        }
        refs
    }

    /// The refs of every target once the page is loaded again. Under load a `navigate` can
    /// answer (with an error the sequence ignores) before the new document is there, and a
    /// snapshot then sees the old page, whose controls the inputs may have renamed, or none.
    /// So the page is loaded again until every target is found, at most three times.
    async fn refs_after_reopen(&self, agent: &AgentId, tab: &TabId) -> Vec<String> {
        for _ in 0..3 {
            self.refresh(agent, tab).await;
            if let Some(refs) = self.try_refs(agent, tab).await {
                return refs;
            }
            let _ = self
                .call(
                    agent,
                    "navigate",
                    json!({"tabId": tab.as_str(), "url": self.zoo.url("/zoo")}),
                )
                .await;
        }
        self.refs(agent, tab).await
    }

    /// The refs of every target, or `None` when the last snapshot lacks one.
    async fn try_refs(&self, agent: &AgentId, tab: &TabId) -> Option<Vec<String>> {
        let mut refs = Vec::new();
        for name in TARGETS {
            let found = self
                .call(
                    agent,
                    "page_find",
                    json!({"tabId": tab.as_str(), "query": name, "limit": 50}),
                )
                .await
                .ok()?;
            let matches = found.json?["matches"].clone();
            let reference = matches
                .as_array()?
                .iter()
                .find(|m| m["name"].as_str() == Some(name))
                .and_then(|m| m["ref"].as_str())?
                .to_owned();
            refs.push(reference);
        }
        Some(refs)
    }

    /// Runs one input as `agent`; refused or failed calls are fine, only what is sent counts.
    async fn try_input(&self, agent: &AgentId, tab: &TabId, refs: &[String], input: &Input) {
        let tab_id = tab.as_str();
        let call = match input {
            Input::Click(t) => ("click_ref", json!({"tabId": tab_id, "ref": refs[*t]})),
            Input::Act(t, action) => (
                "element_action",
                json!({"tabId": tab_id, "ref": refs[*t], "action": action}),
            ),
            Input::Type(t, text) => (
                "type_ref",
                json!({"tabId": tab_id, "ref": refs[*t], "text": text}),
            ),
            Input::Fill(t) => (
                "fill_ref",
                json!({"tabId": tab_id, "ref": refs[*t], "value": "filled"}),
            ),
            Input::Key(t, key) => match t {
                Some(t) => (
                    "press_key",
                    json!({"tabId": tab_id, "ref": refs[*t], "key": key}),
                ),
                None => ("press_key", json!({"tabId": tab_id, "key": key})),
            },
            Input::FillForm(a, b) => (
                "fill_form",
                json!({"tabId": tab_id, "fields": [{"ref": refs[*a], "value": "1"}, {"ref": refs[*b], "value": "2"}]}),
            ),
            Input::Reopen => (
                "navigate",
                json!({"tabId": tab_id, "url": self.zoo.url("/zoo")}),
            ),
        };
        let _ = self.call(agent, call.0, call.1).await;
    }
}

#[test]
fn any_sequence_of_input_by_an_agent_without_the_side_effect_verb_sends_nothing_unsafe() {
    use proptest::test_runner::{Config, TestRunner};
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let z = runtime.block_on(zone(BrowserConfig::default()));
    let limited = z.agent("limited", TrustLevel::Limited);
    let standard = z.agent("standard", TrustLevel::Standard);
    let mut runner = TestRunner::new(Config {
        cases: 12,
        failure_persistence: None,
        ..Config::default()
    });
    let sequences = proptest::collection::vec(input(), 1..8);
    let strategy = (proptest::bool::ANY, sequences);
    let outcome = runner.run(&strategy, |(as_standard, inputs)| {
        // A standard agent nobody approves for is held to the same promise.
        let agent = if as_standard { &standard } else { &limited };
        runtime.block_on(async {
            z.zoo.clear();
            let tab = z.open(agent, "/zoo").await;
            let mut refs = z.refs(agent, &tab).await;
            for input in &inputs {
                z.try_input(agent, &tab, &refs, input).await;
                if matches!(input, Input::Reopen) {
                    refs = z.refs_after_reopen(agent, &tab).await;
                }
            }
            let sent = z.unsafe_received().await;
            z.browser.close_tab(&tab).await.unwrap();
            proptest::prop_assert!(sent.is_empty(), "{inputs:?} sent {sent:?}");
            Ok(())
        })
    });
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
}
