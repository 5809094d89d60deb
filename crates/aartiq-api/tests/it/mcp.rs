//! The MCP handler's shapes, from the registry's own specs.

use aartiq_agents::{AgentId, TrustLevel};
use aartiq_api::{UNTRUSTED_META_KEY, mcp_result, mcp_tools};
use serde_json::{Value, json};

use crate::api;

#[test]
fn tools_list_has_37_tools_with_clean_names_schemas_and_annotations() {
    let (api, _fakes) = api(TrustLevel::Limited);
    let tools = mcp_tools(&api);
    assert_eq!(tools.len(), 51);
    for tool in &tools {
        assert!(
            !tool.name.is_empty()
                && tool.name.len() <= 64
                && tool
                    .name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "{}",
            tool.name
        );
        let schema = Value::Object((*tool.input_schema).clone());
        assert_eq!(schema["type"], "object", "{}", tool.name);
        let text = schema.to_string();
        assert!(
            !text.contains("\"uint") && !text.contains("\"int32") && !text.contains("\"null\""),
            "{}: {text}",
            tool.name
        );
        assert!(tool.annotations.is_some());
        assert!(
            !text.contains("\"type\":["),
            "{}: a type list is not portable: {text}",
            tool.name
        );
    }
    let by = |name: &str| tools.iter().find(|t| t.name == name).unwrap();
    let status = by("browser_status").annotations.clone().unwrap();
    assert_eq!(status.read_only_hint, Some(true));
    let close = by("close_tab").annotations.clone().unwrap();
    assert_eq!(
        (close.read_only_hint, close.destructive_hint),
        (Some(false), Some(true))
    );
    assert_eq!(
        by("web_search")
            .annotations
            .clone()
            .unwrap()
            .open_world_hint,
        Some(true)
    );
}

#[tokio::test]
async fn untrusted_results_are_marked_and_structured_content_is_kept() {
    let (api, _fakes) = api(TrustLevel::Limited);
    let agent = AgentId::new("m");
    api.ensure_agent(&agent, "m", aartiq_agents::Transport::Mcp);
    let result = api
        .call(&agent, "get_page_text", json!({"tabId": "1"}), None, None)
        .await;
    assert!(!result.is_error && result.untrusted);
    let out = serde_json::to_value(mcp_result("get_page_text", result)).unwrap();
    assert_eq!(out["_meta"][UNTRUSTED_META_KEY], true);
    assert_eq!(out["content"].as_array().unwrap().len(), 2);
    assert!(
        out["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("untrusted")
    );
    assert!(
        out["content"][1]["text"]
            .as_str()
            .unwrap()
            .contains("Buy now")
    );

    let status = api
        .call(&agent, "browser_status", json!({}), None, None)
        .await;
    let out = serde_json::to_value(mcp_result("browser_status", status)).unwrap();
    assert_eq!(
        out["structuredContent"],
        json!({"agents": 1, "killSwitch": false, "browser": {
            "state": "running", "restarts": 0, "lastReason": null, "generation": 0
        }})
    );
    assert!(out.get("_meta").is_none());
    assert_eq!(out["isError"], false);
}

#[tokio::test]
async fn a_quarantine_returns_only_the_error() {
    let (api, _fakes) = api(TrustLevel::Limited);
    let agent = AgentId::new("m");
    api.ensure_agent(&agent, "m", aartiq_agents::Transport::Mcp);
    let result = api
        .call(&agent, "get_page_text", json!({"tabId": "2"}), None, None)
        .await;
    let out = serde_json::to_value(mcp_result("get_page_text", result)).unwrap();
    assert_eq!(out["isError"], true);
    assert_eq!(out["structuredContent"]["step"], "scan");
    assert!(!out.to_string().contains("exfil.example"), "{out}");
}

#[tokio::test]
async fn a_revoked_agent_stays_revoked_when_it_calls_again() {
    let (api, _fakes) = api(TrustLevel::Limited);
    let agent = AgentId::new("m");
    api.ensure_agent(&agent, "m", aartiq_agents::Transport::Mcp);
    api.registry()
        .with_policy(|p| p.agents.revoke(&agent))
        .unwrap();
    api.ensure_agent(&agent, "m", aartiq_agents::Transport::Mcp);
    let result = api
        .call(&agent, "browser_status", json!({}), None, None)
        .await;
    assert!(result.is_error);
    assert_eq!(result.text, "Agent is revoked.");
}
