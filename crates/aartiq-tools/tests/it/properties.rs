//! Properties: no sequence of calls by an agent lacking a verb ever reaches a handler.

use aartiq_agents::{TrustLevel, Verb};
use aartiq_tools::{ApprovalAnswer, Step, catalog};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::Harness;

/// Valid arguments for every tool that has a verb, so a call would pass validation.
fn args_for(tool: &str, variant: u8) -> Value {
    let tab = if variant.is_multiple_of(2) {
        json!("1")
    } else {
        json!(1)
    };
    match tool {
        "security_killswitch" => json!({"engaged": variant.is_multiple_of(2)}),
        "agent_register" => {
            json!({"id": format!("x{variant}"), "name": "X", "trust": "privileged"})
        }
        "agent_revoke" => json!({"agentId": "victim"}),
        "tab_handoff" => json!({"tabId": tab, "fromAgentId": "victim", "toAgentId": "p"}),
        "click_ref" => json!({"tabId": tab, "ref": format!("e{}", variant % 5 + 1)}),
        "fill_ref" => json!({"tabId": tab, "ref": "e2", "value": "v"}),
        "type_ref" => json!({"tabId": tab, "ref": "e2", "text": "t"}),
        "press_key" => json!({"tabId": tab, "ref": "e2", "key": "Enter"}),
        "element_action" => json!({"tabId": tab, "ref": "e3", "action": "check"}),
        "fill_form" => json!({"tabId": tab, "fields": [{"ref": "e2", "value": "v"}]}),
        "form_submit" => json!({"tabId": tab, "ref": "e1"}),
        "vault_unlock" => json!({}),
        "extension_install_webstore" => {
            json!({"url": "https://chromewebstore.google.com/detail/x/abc"})
        }
        "extension_import_chrome" => json!({}),
        "ui_mode_set" => json!({"mode": "zen"}),
        "navigate" => json!({"tabId": tab, "url": "https://evil.example/"}),
        "new_tab" => json!({"url": "https://evil.example/"}),
        "close_tab" => json!({"tabId": tab}),
        "open_panel" => json!({"section": "settings"}),
        "click_at" => json!({"tabId": tab, "x": 10, "y": f64::from(variant) / 2.0}),
        "drag" => json!({"tabId": tab, "fromRef": "e2", "toRef": "e3"}),
        "go_back" | "go_forward" | "reload" => json!({"tabId": tab}),
        "handle_dialog" => json!({"tabId": tab, "accept": variant.is_multiple_of(2)}),
        "save_pdf" => json!({"tabId": tab}),
        "upload_file" => json!({"tabId": tab, "ref": "e2", "paths": ["cv.pdf"]}),
        other => panic!("no arguments for {other}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn an_agent_lacking_a_verb_never_reaches_a_handler(
        untrusted in any::<bool>(),
        calls in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12),
    ) {
        let trust = if untrusted { TrustLevel::Untrusted } else { TrustLevel::Limited };
        let forbidden: Vec<&'static str> = catalog()
            .into_iter()
            .filter(|t| t.verb.is_some_and(|v| !trust.allows(v)))
            .map(|t| t.name)
            .collect();
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        runtime.block_on(async {
            let h = Harness::new();
            let agent = h.agent("agent", trust);
            h.agent("victim", TrustLevel::Standard);
            // Even a person ready to approve everything must not be asked.
            for _ in 0..calls.len() {
                h.fakes.approver.answer(ApprovalAnswer::Approve);
            }
            for (index, variant) in &calls {
                let tool = forbidden[index.index(forbidden.len())];
                let r = h.call(&agent, tool, args_for(tool, *variant)).await.unwrap_err();
                prop_assert_eq!(r.step, Step::Gate);
                // Interleaved allowed reads do not open a way either.
                h.call(&agent, "list_tabs", json!({})).await.unwrap();
            }
            prop_assert!(h.fakes.browser.actions().is_empty());
            prop_assert!(h.fakes.ui.panels().is_empty());
            prop_assert_eq!(h.fakes.vault.unlocks(), 0);
            prop_assert!(h.fakes.extensions.calls().is_empty());
            prop_assert!(h.fakes.approver.requests().is_empty());
            prop_assert!(!h.registry.with_policy(|p| p.guard.kill_switch_engaged()));
            prop_assert_eq!(h.registry.with_policy(|p| p.agents.list().count()), 2);
            prop_assert!(h.registry.with_policy(|p| p.agents.list().all(|a| !a.revoked)));
            prop_assert_eq!(h.fakes.ui.mode(), aartiq_tools::UiMode::Normal);
            Ok(())
        })?;
        let _ = Verb::ALL;
    }
}
