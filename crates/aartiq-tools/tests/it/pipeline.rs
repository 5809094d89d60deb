//! Every step of `ToolRegistry::call` and every rejection; each refused call is checked not to
//! have acted.

use std::collections::BTreeSet;

use aartiq_agents::{AgentId, Authority, GuardPolicy, OriginGuard, Registration, TrustLevel, Verb};
use aartiq_test_support::{BrowserCall, Fakes};
use aartiq_tools::{ApprovalAnswer, Policy, Step, ToolRegistry, action_digest, hex};
use serde_json::json;

use crate::Harness;

#[tokio::test]
async fn unknown_tool_is_refused_at_lookup() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Privileged);
    let r = h.refused(&agent, "rm_rf", json!({}), Step::Lookup).await;
    assert_eq!(r.message, "Unknown tool: rm_rf");
    assert!(h.fakes.browser.calls().is_empty());
    assert_eq!(h.registry.with_policy(|p| p.guard.audit().count()), 0);
}

#[tokio::test]
async fn bad_arguments_are_refused_before_the_gate() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Privileged);
    for args in [
        json!({"tabId": "1"}),                             // missing ref
        json!({"tabId": "1", "ref": "e1", "force": true}), // unknown field
        json!({"tabId": "1", "ref": 5}),                   // wrong type
        json!({"tabId": -3, "ref": "e1"}),                 // negative tab id
        json!("click everything"),                         // not an object
    ] {
        let r = h.refused(&agent, "click_ref", args, Step::Validation).await;
        assert!(
            r.message.starts_with("Invalid arguments for click_ref: "),
            "{}",
            r.message
        );
    }
    assert!(h.fakes.browser.calls().is_empty());
    assert_eq!(h.registry.with_policy(|p| p.guard.audit().count()), 0);
}

#[tokio::test]
async fn no_arguments_means_an_empty_object() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Untrusted);
    h.ok(&agent, "list_tabs", serde_json::Value::Null).await;
    h.refused(&agent, "list_tabs", json!({"all": true}), Step::Validation)
        .await;
}

/// A representative tool per verb with valid arguments, and whether it acts on the browser.
fn tool_for(verb: Verb) -> (&'static str, serde_json::Value) {
    match verb {
        Verb::ReadOnly => ("get_page_text", json!({"tabId": "1"})),
        Verb::Navigate => (
            "navigate",
            json!({"tabId": "1", "url": "https://shop.example/next"}),
        ),
        Verb::Input => ("open_panel", json!({"section": "settings"})),
        Verb::SideEffecting => ("close_tab", json!({"tabId": "1"})),
        Verb::Destructive => unreachable!("no tool is destructive"),
    }
}

#[tokio::test]
async fn each_trust_level_against_each_verb() {
    for trust in [
        TrustLevel::Untrusted,
        TrustLevel::Limited,
        TrustLevel::Standard,
        TrustLevel::Privileged,
    ] {
        for verb in [
            Verb::ReadOnly,
            Verb::Navigate,
            Verb::Input,
            Verb::SideEffecting,
        ] {
            let h = Harness::new();
            let agent = h.agent("a", trust);
            h.fakes.approver.answer(ApprovalAnswer::Approve);
            let (tool, args) = tool_for(verb);
            let result = h.call(&agent, tool, args).await;
            let acted = !h.fakes.browser.actions().is_empty() || !h.fakes.ui.panels().is_empty();
            if trust.allows(verb) {
                assert!(result.is_ok(), "{trust} {verb}: {result:?}");
                assert_eq!(acted, verb != Verb::ReadOnly, "{trust} {verb}");
            } else {
                let r = result.expect_err("refused");
                assert_eq!(r.step, Step::Gate);
                assert_eq!(
                    r.message,
                    format!("Agent trust level \"{trust}\" lacks verb \"{verb}\".")
                );
                assert!(!acted, "{trust} {verb} acted");
                assert!(h.fakes.approver.requests().is_empty());
            }
        }
    }
}

#[tokio::test]
async fn unknown_and_revoked_agents_are_refused_even_for_reads() {
    let h = Harness::new();
    let stranger = AgentId::new("stranger");
    let r = h
        .refused(
            &stranger,
            "get_page_text",
            json!({"tabId": "1"}),
            Step::Gate,
        )
        .await;
    assert_eq!(r.message, "Unknown agent: not registered.");
    let agent = h.agent("a", TrustLevel::Standard);
    h.registry.with_policy(|p| p.agents.revoke(&agent)).unwrap();
    let r = h
        .refused(&agent, "get_page_text", json!({"tabId": "1"}), Step::Gate)
        .await;
    assert_eq!(r.message, "Agent is revoked.");
    assert!(h.fakes.browser.calls().is_empty());
}

#[tokio::test]
async fn an_agents_origin_list_is_enforced_on_the_url() {
    let h = Harness::new();
    let agent = AgentId::new("scoped");
    h.registry
        .with_policy(|p| {
            p.agents
                .register(
                    Registration {
                        id: agent.clone(),
                        name: "scoped".into(),
                        trust: None,
                        transport: Default::default(),
                        remote: false,
                        user_agent: None,
                        origins: vec!["https://shop.example".into()],
                    },
                    &Authority::Human,
                    h.fakes.clock.as_ref(),
                )
                .map(|_| ())
        })
        .unwrap();
    let r = h
        .refused(
            &agent,
            "navigate",
            json!({"tabId": "1", "url": "https://evil.example/x"}),
            Step::Gate,
        )
        .await;
    assert_eq!(
        r.message,
        "Origin \"https://evil.example\" is not allowed for this agent."
    );
    assert!(h.fakes.browser.actions().is_empty());
    h.ok(
        &agent,
        "navigate",
        json!({"tabId": "1", "url": "https://shop.example/cart"}),
    )
    .await;
}

#[tokio::test]
async fn an_enforced_allowlist_refuses_other_origins() {
    let fakes = Fakes::new();
    fakes
        .browser
        .add_tab("1", "https://shop.example/", "<p>hi</p>");
    let policy = Policy {
        guard: OriginGuard::new(GuardPolicy {
            enforce_allowlist: true,
            allowlist: BTreeSet::from(["https://shop.example".to_owned()]),
            ..GuardPolicy::default()
        }),
        ..Policy::default()
    };
    let registry = ToolRegistry::with_builtin(fakes.services(), policy);
    let h = Harness::with_registry(fakes, registry);
    let agent = h.agent("a", TrustLevel::Limited);
    let r = h
        .refused(
            &agent,
            "navigate",
            json!({"tabId": "1", "url": "https://evil.example/"}),
            Step::Gate,
        )
        .await;
    assert_eq!(
        r.message,
        "Origin \"https://evil.example\" is not in the allowlist."
    );
    assert!(r.gate.is_some_and(|g| !g.allowed));
    assert!(h.fakes.browser.actions().is_empty());
}

#[tokio::test]
async fn the_kill_switch_blocks_everything_until_a_person_releases_it() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Privileged);
    h.fakes.approver.answer(ApprovalAnswer::Approve);
    let out = h
        .ok(&agent, "security_killswitch", json!({"engaged": true}))
        .await;
    assert_eq!(out.text, "Kill switch engaged.");
    for (tool, args) in [
        ("get_page_text", json!({"tabId": "1"})),
        (
            "navigate",
            json!({"tabId": "1", "url": "https://a.example/"}),
        ),
        ("security_killswitch", json!({"engaged": false})),
    ] {
        let r = h.refused(&agent, tool, args, Step::Gate).await;
        assert_eq!(r.message, "Kill switch engaged: all agent actions blocked.");
    }
    assert!(h.fakes.browser.calls().is_empty());
    // An agent cannot release it; a person can.
    assert!(
        h.registry
            .release_kill_switch(&Authority::Agent(agent.clone()))
            .is_err()
    );
    h.registry.release_kill_switch(&Authority::Human).unwrap();
    h.ok(&agent, "get_page_text", json!({"tabId": "1"})).await;
}

#[tokio::test]
async fn approval_denied_stops_the_action() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Standard);
    let r = h
        .refused(&agent, "close_tab", json!({"tabId": "1"}), Step::Approval)
        .await;
    assert_eq!(r.message, "Approval denied: no person answered");
    assert_eq!(r.code.as_deref(), Some("APPROVAL_DENIED"));
    assert!(h.fakes.browser.actions().is_empty());
    assert_eq!(h.fakes.browser.tab_ids().len(), 1);
    // The person saw exactly this action, bound by its digest.
    let requests = h.fakes.approver.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].tool, "close_tab");
    assert_eq!(requests[0].input, r#"{"tabId":"1"}"#);
    assert_eq!(
        requests[0].digest,
        hex(&action_digest("close_tab", r#"{"tabId":"1"}"#))
    );
}

#[tokio::test]
async fn approval_granted_runs_the_action_once() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Standard);
    h.fakes.approver.answer(ApprovalAnswer::Approve);
    let out = h.ok(&agent, "close_tab", json!({"tabId": 1})).await;
    assert_eq!(out.text, "Closed tab 1.");
    assert_eq!(
        h.fakes.browser.actions(),
        vec![BrowserCall::CloseTab(aartiq_tools::TabId::new("1"))]
    );
}

#[tokio::test]
async fn an_expired_ticket_is_refused() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Standard);
    let args = json!({"tabId": "1"});
    let ticket = h.registry.issue_ticket("close_tab", &args);
    h.fakes.clock.advance(5 * 60 * 1000);
    let r = h
        .registry
        .call_with_ticket(&agent, "close_tab", args, Some(&ticket))
        .await
        .unwrap_err();
    assert_eq!(r.step, Step::Approval);
    assert_eq!(r.code.as_deref(), Some("APPROVAL_EXPIRED"));
    assert!(h.fakes.browser.actions().is_empty());
    assert!(h.fakes.approver.requests().is_empty());
}

#[tokio::test]
async fn a_ticket_for_another_input_or_action_is_refused_and_burned() {
    let h = Harness::new();
    h.fakes
        .browser
        .add_tab("2", "https://other.example/", "<p>2</p>");
    let agent = h.agent("a", TrustLevel::Standard);
    let ticket = h.registry.issue_ticket("close_tab", &json!({"tabId": "2"}));
    let r = h
        .registry
        .call_with_ticket(&agent, "close_tab", json!({"tabId": "1"}), Some(&ticket))
        .await
        .unwrap_err();
    assert_eq!(r.code.as_deref(), Some("APPROVAL_SCOPE_MISMATCH"));
    // Each refused call costs the agent 5 points, and two take a standard agent below the
    // level: a fresh agent for each attempt keeps this test about the tickets.
    let agent = h.agent("b", TrustLevel::Standard);
    // Burned: not even the action it was issued for may use it now.
    let r = h
        .registry
        .call_with_ticket(&agent, "close_tab", json!({"tabId": "2"}), Some(&ticket))
        .await
        .unwrap_err();
    assert_eq!(r.code.as_deref(), Some("APPROVAL_INVALID"));
    let ticket = h.registry.issue_ticket("vault_unlock", &json!({}));
    let agent = h.agent("c", TrustLevel::Standard);
    let r = h
        .registry
        .call_with_ticket(&agent, "close_tab", json!({"tabId": "1"}), Some(&ticket))
        .await
        .unwrap_err();
    assert_eq!(r.code.as_deref(), Some("APPROVAL_SCOPE_MISMATCH"));
    assert!(h.fakes.browser.actions().is_empty());
    assert_eq!(h.fakes.browser.tab_ids().len(), 2);
}

#[tokio::test]
async fn a_replayed_ticket_is_refused() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Standard);
    let ticket = h.registry.issue_ticket("vault_unlock", &json!({}));
    h.registry
        .call_with_ticket(&agent, "vault_unlock", json!({}), Some(&ticket))
        .await
        .unwrap();
    let r = h
        .registry
        .call_with_ticket(&agent, "vault_unlock", json!({}), Some(&ticket))
        .await
        .unwrap_err();
    assert_eq!(r.step, Step::Approval);
    assert_eq!(r.code.as_deref(), Some("APPROVAL_INVALID"));
    assert_eq!(h.fakes.vault.unlocks(), 1);
}

#[tokio::test]
async fn a_ticket_key_order_does_not_matter() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Standard);
    let ticket = h.registry.issue_ticket(
        "tab_handoff",
        &json!({"toAgentId": "b", "fromAgentId": "a", "tabId": "1"}),
    );
    h.registry
        .call_with_ticket(
            &agent,
            "tab_handoff",
            json!({"tabId": "1", "fromAgentId": "a", "toAgentId": "b"}),
            Some(&ticket),
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn a_tab_locked_by_another_agent_is_refused_before_the_handler() {
    let h = Harness::new();
    let holder = h.agent("holder", TrustLevel::Limited);
    let other = h.agent("other", TrustLevel::Limited);
    h.registry
        .with_policy(|p| {
            p.locks
                .acquire("1", &holder, 30_000, h.fakes.clock.as_ref())
        })
        .unwrap();
    let r = h
        .refused(&other, "snapshot", json!({"tabId": "1"}), Step::TabLock)
        .await;
    assert_eq!(r.message, "Tab 1 is locked by another agent (holder).");
    assert_eq!(r.code.as_deref(), Some("tab-locked"));
    assert!(h.fakes.browser.calls().is_empty());
    // The holder's own calls go through and keep its lease.
    h.ok(&holder, "snapshot", json!({"tabId": "1"})).await;
    assert_eq!(
        h.registry
            .with_policy(|p| p.locks.holder("1", h.fakes.clock.as_ref()).cloned()),
        Some(holder)
    );
}

#[tokio::test]
async fn the_tab_lock_is_released_when_the_call_ends() {
    let h = Harness::new();
    let a = h.agent("a", TrustLevel::Limited);
    let b = h.agent("b", TrustLevel::Limited);
    h.ok(&a, "snapshot", json!({"tabId": "1"})).await;
    let held = h
        .registry
        .with_policy(|p| p.locks.holder("1", h.fakes.clock.as_ref()).cloned());
    assert_eq!(held, None, "the lock outlived the call (j.4)");
    // Also after a failing handler.
    h.fakes.browser.fail_next("renderer crashed");
    h.refused(&a, "get_page_text", json!({"tabId": "1"}), Step::Handler)
        .await;
    h.ok(&b, "get_page_text", json!({"tabId": "1"})).await;
}

#[tokio::test]
async fn a_handler_error_is_reported_and_nothing_changed() {
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Limited);
    h.fakes.browser.fail_next("net::ERR_NAME_NOT_RESOLVED");
    let r = h
        .refused(
            &agent,
            "navigate",
            json!({"tabId": "1", "url": "https://nowhere.invalid/"}),
            Step::Handler,
        )
        .await;
    assert_eq!(r.message, "net::ERR_NAME_NOT_RESOLVED");
    let tabs = h.ok(&agent, "list_tabs", json!({})).await;
    assert_eq!(
        tabs.json.unwrap()[0]["url"],
        "https://shop.example/checkout"
    );
}

#[tokio::test]
async fn injected_page_text_is_quarantined() {
    let h = Harness::new();
    h.fakes
        .browser
        .add_tab("2", "https://recipes.example/", crate::HOSTILE);
    let agent = h.agent("a", TrustLevel::Limited);
    let r = h
        .refused(&agent, "get_page_text", json!({"tabId": "2"}), Step::Scan)
        .await;
    let verdict = r.verdict.clone().unwrap();
    assert_eq!(
        r.message,
        format!(
            "Refusing to return potentially injected content (score {:.2}).",
            verdict.score
        )
    );
    assert!(verdict.action >= aartiq_guard::Action::Quarantine);
    let withheld = r.withheld.unwrap();
    assert!(withheld.starts_with("<<CONTENT_WITHHELD"), "{withheld}");
    assert!(!withheld.contains("passwords"));
    // A quarantined read costs 25 points: the limited agent (35) is revoked.
    assert!(
        h.registry
            .with_policy(|p| p.agents.get(&agent).unwrap().revoked)
    );
    // The same page's snapshot carries the text too, and is withheld as well (for an agent
    // that still may read).
    let other = h.agent("b", TrustLevel::Limited);
    h.refused(&other, "snapshot", json!({"tabId": "2"}), Step::Scan)
        .await;
}

#[tokio::test]
async fn one_approval_at_a_time_per_agent() {
    use std::sync::Arc;

    use aartiq_tools::{ApprovalRequest, Approver};
    use async_trait::async_trait;
    use tokio::sync::Notify;

    struct Slow(Arc<Notify>);
    #[async_trait]
    impl Approver for Slow {
        async fn decide(&self, _: &ApprovalRequest) -> ApprovalAnswer {
            self.0.notified().await;
            ApprovalAnswer::Approve
        }
    }
    let fakes = Fakes::new();
    fakes.browser.add_tab("1", "https://a.example/", "<p>a</p>");
    let notify = Arc::new(Notify::new());
    let mut services = fakes.services();
    services.approver = Arc::new(Slow(notify.clone()));
    let registry = ToolRegistry::with_builtin(services, Policy::default());
    let h = Harness::with_registry(fakes, registry);
    let agent = h.agent("a", TrustLevel::Standard);
    let first = h.call(&agent, "vault_unlock", json!({}));
    let second = async {
        tokio::task::yield_now().await;
        let r = h.call(&agent, "close_tab", json!({"tabId": "1"})).await;
        notify.notify_one();
        r
    };
    let (first, second) = tokio::join!(first, second);
    assert!(first.is_ok());
    let r = second.unwrap_err();
    assert_eq!(
        (r.step, r.code.as_deref()),
        (Step::Approval, Some("APPROVAL_PENDING"))
    );
    assert!(
        r.message.contains("Agent a already has a question"),
        "{r:?}"
    );
    assert!(h.fakes.browser.actions().is_empty());
}

/// Red team, finding 18: one agent's unanswered question held up every other agent's
/// approvals. Questions are per agent now: while `a` waits, `b` is asked and runs.
#[tokio::test]
async fn an_unanswered_question_of_one_agent_does_not_block_another_agents_approval() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use aartiq_tools::{ApprovalRequest, Approver};
    use async_trait::async_trait;
    use tokio::sync::Notify;

    /// Never answers agent `a`; approves anyone else at once.
    struct Stuck(Arc<Notify>, Arc<AtomicUsize>);
    #[async_trait]
    impl Approver for Stuck {
        async fn decide(&self, request: &ApprovalRequest) -> ApprovalAnswer {
            self.1.fetch_add(1, Ordering::SeqCst);
            if request.agent.as_str() == "a" {
                self.0.notified().await;
                return ApprovalAnswer::Deny("timed out".to_owned());
            }
            ApprovalAnswer::Approve
        }
    }
    let fakes = Fakes::new();
    fakes.browser.add_tab("1", "https://a.example/", "<p>a</p>");
    let release = Arc::new(Notify::new());
    let asked = Arc::new(AtomicUsize::new(0));
    let mut services = fakes.services();
    services.approver = Arc::new(Stuck(release.clone(), asked.clone()));
    let registry = ToolRegistry::with_builtin(services, Policy::default());
    let h = Harness::with_registry(fakes, registry);
    let a = h.agent("a", TrustLevel::Standard);
    let b = h.agent("b", TrustLevel::Standard);
    let first = h.call(&a, "vault_unlock", json!({}));
    let second = async {
        while asked.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let r = h.call(&b, "close_tab", json!({"tabId": "1"})).await;
        release.notify_one();
        r
    };
    let (first, second) = tokio::join!(first, second);
    assert!(first.is_err(), "a's question was never answered yes");
    assert!(second.is_ok(), "{second:?}");
    assert_eq!(asked.load(Ordering::SeqCst), 2);
}

/// Records the names of the spans opened while it is the default subscriber.
#[derive(Clone, Default)]
struct Spans(std::sync::Arc<std::sync::Mutex<Vec<&'static str>>>);

impl tracing::Subscriber for Spans {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        let mut names = self.0.lock().unwrap();
        names.push(span.metadata().name());
        tracing::span::Id::from_u64(names.len() as u64)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, _: &tracing::Event<'_>) {}
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

#[test]
fn one_span_per_step_and_none_after_a_refusal() {
    let spans = Spans::default();
    let _guard = tracing::subscriber::set_default(spans.clone());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let h = Harness::new();
        let limited = h.agent("a", TrustLevel::Limited);
        let standard = h.agent("s", TrustLevel::Standard);
        let take = || std::mem::take(&mut *spans.0.lock().unwrap());
        take();
        h.ok(&limited, "snapshot", json!({"tabId": "1"})).await;
        assert_eq!(
            take(),
            [
                "tool.call",
                "tool.lookup",
                "tool.validate",
                "tool.gate",
                "tool.foresee",
                "tool.tab_lock",
                "tool.handler",
                "tool.scan"
            ]
        );
        h.fakes.approver.answer(ApprovalAnswer::Approve);
        h.ok(&standard, "vault_unlock", json!({})).await;
        assert_eq!(
            take(),
            [
                "tool.call",
                "tool.lookup",
                "tool.validate",
                "tool.gate",
                "tool.foresee",
                "tool.approval",
                "tool.tab_lock",
                "tool.handler"
            ]
        );
        h.refused(&limited, "close_tab", json!({"tabId": "1"}), Step::Gate)
            .await;
        assert_eq!(
            take(),
            ["tool.call", "tool.lookup", "tool.validate", "tool.gate"]
        );
    });
}

fn call_for(verb: Verb) -> aartiq_tools::ToolCall {
    use aartiq_tools::{TabId, ToolCall};
    match verb {
        Verb::ReadOnly => ToolCall::page_text(TabId::new("1")),
        Verb::Navigate => ToolCall::navigate(TabId::new("1"), "https://shop.example/next"),
        Verb::Input => ToolCall::open_panel("settings"),
        _ => ToolCall::close_tab(TabId::new("1")),
    }
}

#[tokio::test]
async fn the_preflight_answers_what_the_gate_then_decides_and_records_nothing() {
    use aartiq_tools::Preflight;
    let mut seen = BTreeSet::new();
    for trust in [
        TrustLevel::Untrusted,
        TrustLevel::Limited,
        TrustLevel::Standard,
        TrustLevel::Privileged,
    ] {
        for verb in [
            Verb::ReadOnly,
            Verb::Navigate,
            Verb::Input,
            Verb::SideEffecting,
        ] {
            let h = Harness::new();
            let agent = h.agent("a", trust);
            h.fakes.approver.answer(ApprovalAnswer::Approve);
            let call = call_for(verb);
            let audited = h.registry.with_policy(|p| p.guard.audit().count());
            let preflight = h.registry.preflight(&agent, &call);
            assert_eq!(
                h.registry.with_policy(|p| p.guard.audit().count()),
                audited,
                "{trust} {verb}: the preflight audited"
            );
            assert!(h.fakes.browser.calls().is_empty(), "{trust} {verb} acted");
            let result = h.registry.run(&agent, &call, None).await;
            let asked = !h.fakes.approver.requests().is_empty();
            seen.insert(match &preflight {
                Preflight::Allowed => 0,
                Preflight::NeedsApproval { .. } => 1,
                Preflight::Refused { .. } => 2,
            });
            match preflight {
                Preflight::Refused { reason } => {
                    let r = result.expect_err("the gate refuses what the preflight refused");
                    assert_eq!((r.step, r.message), (Step::Gate, reason), "{trust} {verb}");
                }
                Preflight::NeedsApproval { .. } => {
                    assert!(result.is_ok(), "{trust} {verb}: {result:?}");
                    assert!(asked, "{trust} {verb}: a person was not asked");
                }
                Preflight::Allowed => {
                    assert!(result.is_ok(), "{trust} {verb}: {result:?}");
                    assert!(!asked, "{trust} {verb}: a person was asked");
                }
            }
        }
    }
    assert_eq!(seen.len(), 3, "every answer of the preflight was seen");
}

#[tokio::test]
async fn the_preflight_refuses_under_the_kill_switch_and_for_strangers() {
    use aartiq_tools::Preflight;
    let h = Harness::new();
    let agent = h.agent("a", TrustLevel::Privileged);
    let read = call_for(Verb::ReadOnly);
    assert_eq!(h.registry.preflight(&agent, &read), Preflight::Allowed);
    h.registry.engage_kill_switch();
    assert!(matches!(
        h.registry.preflight(&agent, &read),
        Preflight::Refused { reason } if reason.contains("Kill switch")
    ));
    assert_eq!(
        h.registry.preflight(&AgentId::new("stranger"), &read),
        Preflight::Refused {
            reason: "Unknown agent: not registered.".to_owned()
        }
    );
}
