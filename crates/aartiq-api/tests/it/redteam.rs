//! Attacks an agent plays against the promises, over the real HTTP server and a real client:
//! each is a finding that held on an earlier version, and each must fail now.

use aartiq_agents::{AgentId, TrustLevel};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{Server, TOKEN, client};

async fn post(s: &Server, path: &str, agent: Option<&str>, body: Value) -> (StatusCode, Value) {
    let mut request = client().post(s.url(path)).bearer_auth(TOKEN);
    if let Some(agent) = agent {
        request = request.header("x-agent-id", agent);
    }
    let response = request.json(&body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Finding: `x-agent-id: aartiq-assistant` let any caller act with the assistant's trust.
#[tokio::test]
async fn no_caller_can_claim_the_assistants_identity() {
    let s = Server::start(TrustLevel::Limited).await;
    let assistant = AgentId::new("aartiq-assistant");
    // The assistant is registered at standard by the person who starts aartiq-browser.
    s.api.registry().with_policy(|p| {
        p.agents
            .register(
                aartiq_agents::Registration {
                    id: assistant.clone(),
                    name: "assistant".into(),
                    trust: Some(TrustLevel::Standard),
                    transport: aartiq_agents::Transport::InProcess,
                    remote: false,
                    user_agent: None,
                    origins: Vec::new(),
                },
                &aartiq_agents::Authority::Human,
                &aartiq_agents::ManualClock::new(0),
            )
            .unwrap();
    });
    s.api.reserve_agent_id(assistant.clone());
    let (status, body) = post(&s, "/api/trust_list", Some("aartiq-assistant"), json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "RESERVED_AGENT_ID", "{body}");
    // Nor through a credential made for that id.
    let made = client()
        .post(s.url("/clients"))
        .bearer_auth(TOKEN)
        .json(&json!({"id": "aartiq-assistant"}))
        .send()
        .await
        .unwrap();
    assert_eq!(made.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        made.json::<Value>().await.unwrap()["error"],
        "reserved_client_id"
    );
    // The assistant's own record is untouched.
    let trust = s
        .api
        .registry()
        .with_policy(|p| p.agents.get(&assistant).map(|r| r.trust()));
    assert_eq!(trust, Some(TrustLevel::Standard));
}

/// Finding: `agent_register` of a revoked id silently un-revoked it.
#[tokio::test]
async fn registering_a_revoked_agent_again_keeps_it_revoked() {
    let s = Server::start(TrustLevel::Limited).await;
    // `limited` callers: the agent is registered on first call, then revoked by the person.
    let (status, _) = post(&s, "/api/trust_list", Some("mallory"), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    s.api
        .registry()
        .with_policy(|p| p.agents.revoke(&AgentId::new("mallory")))
        .unwrap();
    // A friend registers the revoked id afresh (a standard agent, with the person's approval
    // out of band would be needed above limited; limited needs none).
    let (_, body) = post(
        &s,
        "/api/agent_register",
        Some("friend"),
        json!({"id": "mallory", "name": "Mallory again"}),
    )
    .await;
    assert_eq!(body["isError"], true, "{body}");
    let revoked = s.api.registry().with_policy(|p| {
        p.agents
            .get(&AgentId::new("mallory"))
            .is_some_and(|r| r.revoked)
    });
    assert!(revoked, "the revoked id came back: {body}");
    let (_, again) = post(&s, "/api/trust_list", Some("mallory"), json!({})).await;
    assert_eq!(
        again["isError"], true,
        "a revoked agent still calls: {again}"
    );
}
