//! A browser that comes back, on real Chromium: killed between calls and during one, it gives
//! typed errors (never a hang), the next call starts a new one, refs of the old one fail with
//! `REF_STALE_BROWSER_RESTARTED`, and nothing starts before the first browser call.

use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::TrustLevel;
use aartiq_cdp::{BrowserConfig, BrowserSource, LaunchOptions, ManagedBrowser};
use aartiq_test_support::register;
use aartiq_test_support::zoo::Zoo;
use aartiq_tools::{Browser, Policy, ToolRegistry};
use serde_json::{Value, json};

struct Desk {
    zoo: Zoo,
    managed: Arc<ManagedBrowser>,
    registry: Arc<ToolRegistry>,
    agent: aartiq_agents::AgentId,
}

fn desk() -> Desk {
    let managed = ManagedBrowser::new(
        BrowserSource::Launch(LaunchOptions::default()),
        BrowserConfig::default(),
    );
    let fakes = aartiq_test_support::Fakes::new();
    let mut services = fakes.services();
    services.browser = managed.clone();
    let registry = Arc::new(ToolRegistry::with_builtin(services, Policy::default()));
    let agent = register(&registry, "survivor", TrustLevel::Standard, &fakes.clock);
    Desk {
        zoo: Zoo::start().unwrap(),
        managed,
        registry,
        agent,
    }
}

impl Desk {
    async fn call(
        &self,
        tool: &str,
        args: Value,
    ) -> Result<aartiq_tools::ToolOutput, aartiq_tools::Rejection> {
        self.registry.call(&self.agent, tool, args).await
    }

    /// A new tab on the zoo's page, its id and the ref named `name` in its snapshot.
    async fn open(&self, name: &str) -> (String, String) {
        let opened = self
            .call("new_tab", json!({"url": self.zoo.url("/dialogs")}))
            .await
            .unwrap();
        let tab = opened.json.unwrap()["id"].as_str().unwrap().to_owned();
        self.call("snapshot", json!({"tabId": tab, "maxTokens": 100_000}))
            .await
            .unwrap();
        let found = crate::ref_named(
            &self.registry,
            &self.agent,
            &aartiq_tools::TabId::new(tab.clone()),
            name,
        )
        .await;
        (tab, found)
    }

    /// Kills the browser's whole process group, as the OOM killer or a crash would.
    fn kill(&self) -> u32 {
        let pid = self.managed.pid().expect("a launched browser has a pid");
        let status = std::process::Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .status()
            .unwrap();
        assert!(status.success());
        pid
    }
}

fn alive(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .unwrap_or_default()
            .contains(") Z ")
}

#[tokio::test]
async fn nothing_starts_before_the_first_browser_call() {
    let d = desk();
    assert_eq!(d.managed.pid(), None);
    let status = d.call("browser_status", json!({})).await.unwrap();
    assert_eq!(status.json.unwrap()["browser"]["state"], "not_started");
    assert_eq!(d.managed.pid(), None, "browser_status starts nothing");
    d.call("list_tabs", json!({})).await.unwrap();
    let pid = d.managed.pid().expect("the first browser call started one");
    assert!(alive(pid));
    let status = d.call("browser_status", json!({})).await.unwrap();
    assert_eq!(status.json.unwrap()["browser"]["state"], "running");
    d.managed.close().await;
}

#[tokio::test]
async fn a_browser_killed_between_calls_comes_back_and_old_refs_say_why() {
    let d = desk();
    let (tab, button) = d.open("Say hello").await;
    let old = d.kill();
    // As an outside killer would: only until the process is dead, not until we noticed.
    for _ in 0..200 {
        if !alive(old) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(!alive(old), "the old browser's process is gone");

    // The old ref: a typed error naming the restart, and the note that tabs start over.
    let stale = d
        .call("click_ref", json!({"tabId": tab, "ref": button}))
        .await
        .unwrap_err();
    assert_eq!(
        stale.code.as_deref(),
        Some("REF_STALE_BROWSER_RESTARTED"),
        "{stale:?}"
    );
    assert!(stale.message.contains("the browser restarted"), "{stale:?}");
    // The next browser call starts a new one; it works, and says so only once.
    let listed = d.call("list_tabs", json!({})).await.unwrap();
    assert!(!listed.text.contains("restarted"), "{}", listed.text);
    let new = d.managed.pid().unwrap();
    assert_ne!(new, old);
    let (tab, button) = d.open("Say hello").await;
    let clicked = d
        .call("click_ref", json!({"tabId": tab, "ref": button}))
        .await
        .unwrap();
    assert!(clicked.text.contains("alert dialog"), "{}", clicked.text);
    let status = d.call("browser_status", json!({})).await.unwrap();
    let health = status.json.unwrap()["browser"].clone();
    assert_eq!(health["state"], "running", "{health}");
    assert_eq!(health["restarts"], 1, "{health}");
    assert!(
        health["lastReason"]
            .as_str()
            .unwrap()
            .contains("the browser process"),
        "{health}"
    );
    d.managed.close().await;
    assert!(!alive(new));
}

#[tokio::test]
async fn a_call_waiting_on_a_browser_that_dies_fails_typed_at_once() {
    let d = desk();
    let (tab, _) = d.open("Say hello").await;
    let registry = Arc::clone(&d.registry);
    let agent = d.agent.clone();
    let waiting = tokio::spawn(async move {
        registry
            .call(
                &agent,
                "wait_for",
                json!({"tabId": tab, "text": "never on this page", "timeoutMs": 60_000}),
            )
            .await
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    d.kill();
    // Long before its own 60 s timeout, and not as a timeout.
    let ended = tokio::time::timeout(Duration::from_secs(20), waiting)
        .await
        .expect("the waiting call ended when the browser died")
        .unwrap()
        .unwrap_err();
    assert_eq!(ended.code.as_deref(), Some("BROWSER_GONE"), "{ended:?}");
    // And the browser comes back for the next call.
    d.call("new_tab", json!({"url": d.zoo.url("/dialogs")}))
        .await
        .unwrap();
    d.managed.close().await;
}

/// Two agents over one registry on a browser that keeps agents apart.
async fn apart() -> (
    Zoo,
    Arc<ManagedBrowser>,
    ToolRegistry,
    aartiq_test_support::Fakes,
) {
    let managed = ManagedBrowser::new(
        BrowserSource::Launch(LaunchOptions::default()),
        BrowserConfig {
            isolation: aartiq_cdp::Isolation::Agent,
            ..BrowserConfig::default()
        },
    );
    let fakes = aartiq_test_support::Fakes::new();
    let mut services = fakes.services();
    services.browser = managed.clone();
    let registry = ToolRegistry::with_builtin(services, Policy::default());
    (Zoo::start().unwrap(), managed, registry, fakes)
}

async fn jar(
    registry: &ToolRegistry,
    agent: &aartiq_agents::AgentId,
    url: &str,
) -> (String, String) {
    let opened = registry
        .call(agent, "new_tab", json!({"url": url}))
        .await
        .unwrap();
    let tab = opened.json.unwrap()["id"].as_str().unwrap().to_owned();
    let text = registry
        .call(agent, "get_page_text", json!({"tabId": tab}))
        .await
        .unwrap()
        .text;
    (tab, text)
}

#[tokio::test]
async fn each_agent_browses_in_its_own_context_and_sees_only_its_tabs() {
    let (zoo, managed, registry, fakes) = apart().await;
    let alice = register(&registry, "alice", TrustLevel::Standard, &fakes.clock);
    let bob = register(&registry, "bob", TrustLevel::Standard, &fakes.clock);
    let (alice_tab, seen) = jar(&registry, &alice, &format!("{}#alice", zoo.url("/cookies"))).await;
    assert!(seen.contains("cookie: who=alice; stored: alice"), "{seen}");
    // The same site in Bob's tab: none of Alice's cookies or storage.
    let (bob_tab, seen) = jar(&registry, &bob, &zoo.url("/cookies")).await;
    assert!(seen.contains("cookie: none; stored: none"), "{seen}");
    // Alice's own second tab shares her context.
    let (_, seen) = jar(&registry, &alice, &zoo.url("/cookies")).await;
    assert!(seen.contains("cookie: who=alice"), "{seen}");

    let listed = |agent: aartiq_agents::AgentId| {
        let registry = &registry;
        async move {
            let out = registry.call(&agent, "list_tabs", json!({})).await.unwrap();
            out.json
                .unwrap()
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["id"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    let bobs = listed(bob.clone()).await;
    assert!(bobs.contains(&bob_tab), "{bobs:?}");
    assert!(!bobs.contains(&alice_tab), "Bob sees Alice's tab: {bobs:?}");
    let boss = register(&registry, "boss", TrustLevel::Privileged, &fakes.clock);
    let all = listed(boss.clone()).await;
    assert!(
        all.contains(&alice_tab) && all.contains(&bob_tab),
        "{all:?}"
    );
    // Bob cannot act in Alice's tab either.
    let refused = registry
        .call(&bob, "get_page_text", json!({"tabId": alice_tab}))
        .await
        .unwrap_err();
    assert_eq!(refused.code.as_deref(), Some("tab-owned"), "{refused:?}");

    // Revoking Alice disposes her context: her tabs are closed, not passed on.
    fakes.approver.answer(aartiq_tools::ApprovalAnswer::Approve);
    registry
        .call(&boss, "agent_revoke", json!({"agentId": "alice"}))
        .await
        .unwrap();
    let mut left = Vec::new();
    for _ in 0..50 {
        left = managed
            .list_tabs()
            .await
            .unwrap()
            .into_iter()
            .map(|t| t.id.as_str().to_owned())
            .collect();
        if !left.contains(&alice_tab) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!left.contains(&alice_tab), "{left:?}");
    assert!(left.contains(&bob_tab), "{left:?}");
    managed.close().await;
}

#[tokio::test]
async fn the_network_rule_holds_in_an_agents_own_context() {
    let (zoo, managed, registry, fakes) = apart().await;
    for (n, (name, path)) in aartiq_test_support::zoo::SENDERS.iter().enumerate() {
        let agent = register(
            &registry,
            &format!("apart{n}"),
            TrustLevel::Limited,
            &fakes.clock,
        );
        let opened = registry
            .call(&agent, "new_tab", json!({"url": zoo.url("/zoo")}))
            .await
            .unwrap();
        let tab = opened.json.unwrap()["id"].as_str().unwrap().to_owned();
        registry
            .call(
                &agent,
                "snapshot",
                json!({"tabId": tab, "maxTokens": 100_000}),
            )
            .await
            .unwrap();
        let button = crate::ref_named(
            &registry,
            &agent,
            &aartiq_tools::TabId::new(tab.clone()),
            name,
        )
        .await;
        let clicked = registry
            .call(&agent, "click_ref", json!({"tabId": tab, "ref": button}))
            .await;
        // Which sender got through the report, and whether its request reached the server.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let reached = zoo.unsafe_received().iter().any(|r| r.target == *path);
        assert!(
            !reached,
            "{name} reached the server from an agent's own context"
        );
        let refused = match clicked {
            Err(refused) => refused,
            Ok(ok) => panic!("{name}: the click was not refused, though nothing went out: {ok:?}"),
        };
        assert_eq!(
            refused.code.as_deref(),
            Some("SIDE_EFFECT_BLOCKED"),
            "{name}: {refused:?}"
        );
    }
    managed.close().await;
}
