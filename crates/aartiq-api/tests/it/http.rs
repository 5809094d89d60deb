//! Every row of spec d.6 and d.7 with a real HTTP client over loopback.

use aartiq_agents::TrustLevel;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{Server, TOKEN, client, json_of, status_and_body, status_and_json, status_of};

const KILL: &str = "/api/security_killswitch";

#[tokio::test]
async fn a_foreign_host_header_is_refused() {
    let s = Server::start(TrustLevel::Limited).await;
    let port = s.addr.port();
    for host in [
        "evil.example".to_owned(),
        format!("evil.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("127.0.0.1:{port},evil.example"),
        "127.0.0.1:80x".to_owned(),
        format!("localhost.evil.example:{port}"),
    ] {
        let (status, body) = status_and_body(s.get("/health").header("host", &host)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
        assert_eq!(body, r#"{"error":"bad_host"}"#, "{host}");
    }
    for host in [
        format!("localhost:{port}"),
        format!("LOCALHOST:{port}"),
        "127.0.0.1".to_owned(),
        format!("[::1]:{port}"),
    ] {
        let (status, _) = status_and_body(s.get("/health").header("host", &host)).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
}

#[tokio::test]
async fn a_foreign_origin_is_refused_and_local_ones_pass() {
    let s = Server::start(TrustLevel::Limited).await;
    for origin in [
        "https://evil.example",
        "http://localhost.evil.example",
        "http://127.0.0.1.nip.io",
    ] {
        let (status, body) = status_and_body(s.get("/health").header("origin", origin)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
        assert_eq!(body, r#"{"error":"bad_origin"}"#);
    }
    for origin in [
        "http://localhost:3000",
        "https://127.0.0.1",
        "null",
        "file://",
        "app://aartiq",
    ] {
        let (status, _) = status_and_body(s.get("/health").header("origin", origin)).await;
        assert_eq!(status, StatusCode::OK, "{origin}");
    }
}

#[tokio::test]
async fn no_token_and_bad_token_are_401_with_their_bodies() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, body) = status_and_body(client().get(s.url("/health"))).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::UNAUTHORIZED, r#"{"error":"no_token"}"#)
    );
    let (status, body) = status_and_body(client().get(s.url("/health")).bearer_auth("nope")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::UNAUTHORIZED, r#"{"error":"bad_token"}"#)
    );
    // The same on every route, the MCP mount included: checks run before routing.
    for path in ["/api/browser_status", "/mcp", "/nowhere"] {
        let (status, body) = status_and_body(client().post(s.url(path))).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::UNAUTHORIZED, r#"{"error":"no_token"}"#),
            "{path}"
        );
    }
}

#[tokio::test]
async fn tokens_are_read_in_the_header_order_of_d6() {
    let s = Server::start(TrustLevel::Limited).await;
    let ok = |r: reqwest::RequestBuilder| async move { r.send().await.unwrap().status() };
    assert_eq!(ok(s.get("/health")).await, StatusCode::OK);
    assert_eq!(
        ok(client()
            .get(s.url("/health"))
            .header("x-aartiq-token", TOKEN))
        .await,
        StatusCode::OK
    );
    assert_eq!(
        ok(client()
            .get(s.url("/health"))
            .header("x-aartiq-native-token", TOKEN))
        .await,
        StatusCode::OK
    );
    assert_eq!(
        ok(client().get(s.url(&format!("/health?token={TOKEN}")))).await,
        StatusCode::OK
    );
    // A present higher-priority token decides, even when a lower one would match.
    assert_eq!(
        ok(client()
            .get(s.url("/health"))
            .bearer_auth("wrong")
            .header("x-aartiq-token", TOKEN))
        .await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        ok(client()
            .get(s.url(&format!("/health?token={TOKEN}")))
            .header("x-aartiq-token", "wrong"))
        .await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        ok(client()
            .get(s.url("/health"))
            .header("x-aartiq-token", TOKEN)
            .header("x-aartiq-native-token", "wrong"))
        .await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn health_needs_the_token_and_reports_tools_and_remote() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, body) = status_and_body(s.get("/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, r#"{"ok":true,"tools":51,"remote":false}"#);
}

#[tokio::test]
async fn unknown_routes_and_methods_are_404_with_an_empty_body() {
    let s = Server::start(TrustLevel::Limited).await;
    for request in [
        client().get(s.url("/nowhere")),
        client().get(s.url("/api/browser_status")),
        client().delete(s.url("/health")),
        client().post(s.url("/api/")),
    ] {
        let (status, body) = status_and_body(request.bearer_auth(TOKEN)).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body, "");
    }
}

#[tokio::test]
async fn a_tool_call_is_200_with_text_content() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, body) = status_and_json(
        s.post("/api/browser_status?ignored=1")
            .header("x-agent-id", "http-agent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["isError"], false, "{body}");
    assert_eq!(body["content"][0]["type"], "text", "{body}");
    let text: Value = serde_json::from_str(body["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(
        text,
        json!({"agents": 1, "killSwitch": false, "browser": {
            "state": "running", "restarts": 0, "lastReason": null, "generation": 0
        }})
    );
    // The unknown id was registered at the default trust level, over HTTP.
    let (_, agents) = s.post_json("/api/agent_list", json!({})).await;
    let text = agents["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("\"id\":\"http-agent\""), "{text}");
    assert!(text.contains("\"granted\":\"limited\""), "{text}");
}

#[tokio::test]
async fn a_missing_agent_id_becomes_agent_and_six_base36_characters() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, _) = s.post_json("/api/browser_status", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<String> = s
        .api
        .registry()
        .with_policy(|p| p.agents.list().map(|a| a.id.to_string()).collect());
    assert_eq!(ids.len(), 1);
    let id = &ids[0];
    assert!(
        id.len() == 12
            && id.starts_with("agent-")
            && id[6..]
                .bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()),
        "{id}"
    );
}

#[tokio::test]
async fn anonymous_calls_keep_only_the_newest_generated_agents() {
    let s = Server::start(TrustLevel::Limited).await;
    let count = |s: &Server| s.api.registry().with_policy(|p| p.agents.list().count());
    // Revoke the first generated agent: a revocation is never shed.
    s.post_json("/api/browser_status", json!({})).await;
    let first = s
        .api
        .registry()
        .with_policy(|p| p.agents.list().next().map(|a| a.id.clone()))
        .unwrap();
    s.api
        .registry()
        .with_policy(|p| p.agents.revoke(&first))
        .unwrap();
    for _ in 0..aartiq_api::MAX_GENERATED_AGENTS + 40 {
        let (status, _) = s.post_json("/api/browser_status", json!({})).await;
        assert_eq!(status, StatusCode::OK);
    }
    // The newest MAX_GENERATED_AGENTS, plus the revoked one that was not forgotten.
    assert_eq!(count(&s), aartiq_api::MAX_GENERATED_AGENTS + 1);
    assert!(
        s.api
            .registry()
            .with_policy(|p| p.agents.get(&first).is_some_and(|a| a.revoked))
    );
    // A named agent is never forgotten.
    let (named, _) = s
        .post_as("/api/browser_status", "named", None, json!({}))
        .await;
    assert_eq!(named, StatusCode::OK);
    for _ in 0..10 {
        s.post_json("/api/browser_status", json!({})).await;
    }
    assert!(s.api.registry().with_policy(|p| {
        p.agents
            .get(&aartiq_agents::AgentId::new("named"))
            .is_some()
    }));
}

#[tokio::test]
async fn a_refused_call_is_400_with_the_error_body() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, body) = s
        .post_json("/api/navigate", json!({"url": "https://a.example/"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["isError"], true);
    assert_eq!(
        body["content"][0]["text"],
        "Invalid arguments for navigate: tabId must be a string or a non-negative integer"
    );
    // A limited agent is refused a side effect outright (spec d.3).
    let (status, body) = s.post_json("/api/close_tab", json!({"tabId": "1"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"isError": true, "content": [{"type": "text", "text": "Agent trust level \"limited\" lacks verb \"sideEffecting\"."}]})
    );
    // An unknown tool, an invalid body (becomes `{}`).
    let (status, body) = s.post_json("/api/no_such_tool", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["content"][0]["text"], "Unknown tool: no_such_tool");
    assert_eq!(
        status_of(s.post("/api/browser_status").body("{not json")).await,
        StatusCode::OK
    );
}

/// Found by schemathesis (`bins/aartiq-http/tests/it/schemathesis.rs`): bad input in the path,
/// a header or a field is a 400 (or the route's 404) with a JSON error body, never axum's
/// plain-text rejection and never silently ignored.
#[tokio::test]
async fn bad_input_in_path_headers_and_fields_gets_a_json_error() {
    use reqwest::header::HeaderValue;
    let s = Server::start(TrustLevel::Limited).await;
    // A tool name that is not UTF-8.
    let (status, body) = s.post_json("/api/%FF%FE", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"isError": true, "content": [{"type": "text", "text": "Unknown tool: the name in the URL is not valid UTF-8"}]})
    );
    // An approval id that is not UTF-8 names no approval.
    for verb in ["approve", "deny"] {
        let (status, body) = s
            .post_json(&format!("/approvals/%C3%28/{verb}"), json!({}))
            .await;
        assert_eq!(
            (status, body),
            (StatusCode::NOT_FOUND, json!({"error": "unknown_approval"}))
        );
    }
    // Header values that are not visible ASCII: refused, not taken as "no header".
    for (name, code) in [
        ("x-agent-id", "BAD_AGENT_ID"),
        ("x-approval-id", "APPROVAL_INVALID"),
    ] {
        let (status, body) = status_and_json(
            s.post("/api/browser_status")
                .header(name, HeaderValue::from_bytes(b"caf\xc3\xa9").unwrap()),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}");
        assert_eq!(body["isError"], true, "{name}");
        assert_eq!(body["code"], code, "{name}");
    }
    // No agent was registered by any of those calls.
    assert_eq!(s.api.registry().with_policy(|p| p.agents.list().count()), 0);
    // A client name that is there must be a string.
    let (status, body) = s
        .post_json("/clients", json!({"id": "x", "name": {}}))
        .await;
    assert_eq!(
        (status, body),
        (StatusCode::BAD_REQUEST, json!({"error": "bad_client_name"}))
    );
    let (status, _) = s
        .post_json("/clients", json!({"id": "x", "name": null}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = s.post_json("/clients", json!({"id": "x"})).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn snapshot_then_click_by_ref_over_http() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, body) = s.post_json("/api/snapshot", json!({"tabId": "1"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let text = body["content"][0]["text"].as_str().unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("button \"Buy now\""))
        .unwrap();
    let start = line.find("[ref=").unwrap() + 5;
    let reference = &line[start..start + line[start..].find(']').unwrap()];
    let (status, body) = s
        .post_json("/api/click_ref", json!({"tabId": "1", "ref": reference}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(s.fakes.browser.actions().len(), 1);
}

#[tokio::test]
async fn quarantined_page_text_comes_back_as_the_error_only() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, body) = s
        .post_json("/api/get_page_text", json!({"tabId": "2"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let text = body["content"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("Refusing to return potentially injected content (score "),
        "{text}"
    );
    assert!(!body.to_string().contains("exfil.example"), "{body}");
    assert_eq!(body["content"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_body_limit_answers_413() {
    let s = Server::with_config(TrustLevel::Limited, |c| c.body_limit = 1024).await;
    assert_eq!(
        status_of(
            s.post("/api/security_scan")
                .json(&json!({"text": "x".repeat(4096)}))
        )
        .await,
        StatusCode::PAYLOAD_TOO_LARGE
    );
}

#[tokio::test]
async fn client_credentials_identify_agents_and_can_be_revoked() {
    let s = Server::start(TrustLevel::Limited).await;
    let (status, created) = s
        .post_json("/clients", json!({"id": "cursor", "name": "Cursor"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let token = created["token"].as_str().unwrap().to_owned();
    assert_eq!(created["id"], "cursor");
    // The client's token works on tool routes, and its id is its agent id.
    let response = client()
        .post(s.url("/api/browser_status"))
        .bearer_auth(&token)
        .header("x-agent-id", "someone-else")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(s.api.registry().with_policy(|p| {
        p.agents
            .get(&aartiq_agents::AgentId::new("cursor"))
            .is_some()
    }));
    assert!(s.api.registry().with_policy(|p| {
        p.agents
            .get(&aartiq_agents::AgentId::new("someone-else"))
            .is_none()
    }));
    // Admin routes need the primary token.
    let (status, body) = status_and_body(client().get(s.url("/clients")).bearer_auth(&token)).await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::FORBIDDEN,
            r#"{"error":"primary_token_required"}"#
        )
    );
    let listed: Value = s.get_json("/clients").await;
    assert_eq!(listed["clients"][0]["id"], "cursor");
    assert!(!listed.to_string().contains(&token), "a token was listed");
    // Revoked: 401 token_revoked.
    let (status, _) = s
        .post_json("/clients/revoke", json!({"id": "cursor"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = status_and_body(client().get(s.url("/health")).bearer_auth(&token)).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::UNAUTHORIZED, r#"{"error":"token_revoked"}"#)
    );
    let (status, body) = s
        .post_json("/clients/revoke", json!({"id": "nobody"}))
        .await;
    assert_eq!(
        (status, body),
        (StatusCode::NOT_FOUND, json!({"error": "unknown_client"}))
    );
    let (status, _) = s.post_json("/clients", json!({"id": "../etc"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn loopback_never_locks_out() {
    let s = Server::start(TrustLevel::Limited).await;
    for _ in 0..25 {
        let status = client()
            .get(s.url("/health"))
            .bearer_auth("wrong")
            .send()
            .await
            .unwrap()
            .status();
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let status = status_of(s.get("/health")).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn approval_over_http_runs_the_approved_call_once() {
    let s = Server::start(TrustLevel::Standard).await;
    let (status, body) = s
        .post_json("/api/security_killswitch", json!({"engaged": true}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "APPROVAL_REQUIRED");
    let id = body["approvalId"].as_str().unwrap().to_owned();
    assert!(
        body["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains(&format!("aartiq-mcp approve {id}"))
    );
    let listed: Value = s.get_json("/approvals").await;
    assert_eq!(listed["approvals"][0]["id"], id.as_str());
    assert_eq!(listed["approvals"][0]["state"], "pending");
    assert_eq!(listed["approvals"][0]["input"], json!({"engaged": true}));
    // Retrying before a person decided is refused.
    let retry = |args: Value| s.post_as(KILL, "a1", Some(&id), args);
    // The approval belongs to the agent that asked (a generated id), so agent a1 cannot use it.
    let (status, body) = retry(json!({"engaged": true})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("APPROVAL_PENDING"),
        "{body}"
    );

    // A fresh request from a named agent; the person approves it through the route.
    let ask = |args: Value| async { s.post_as(KILL, "a1", None, args).await.1 };
    let body = ask(json!({"engaged": true})).await;
    let id = body["approvalId"].as_str().unwrap().to_owned();
    assert_eq!(
        status_of(s.post(&format!("/approvals/{id}/approve"))).await,
        StatusCode::OK
    );
    assert_eq!(
        status_of(s.post(&format!("/approvals/{id}/approve"))).await,
        StatusCode::CONFLICT
    );
    let with = |args: Value| s.post_as(KILL, "a1", Some(&id), args);
    let (status, body) = with(json!({"engaged": true})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["content"][0]["text"], "Kill switch engaged.");
    // Used once.
    let (status, body) = with(json!({"engaged": true})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("APPROVAL_INVALID"),
        "{body}"
    );
}

#[tokio::test]
async fn an_approval_is_bound_to_the_exact_arguments() {
    let s = Server::start(TrustLevel::Standard).await;
    let (_, ask) = s
        .post_as("/api/close_tab", "a1", None, json!({"tabId": "1"}))
        .await;
    let id = ask["approvalId"].as_str().unwrap().to_owned();
    // An agent token cannot approve; only the primary token can.
    let created: Value = s.post_json("/clients", json!({"id": "a1"})).await.1;
    let agent_token = created["token"].as_str().unwrap();
    let response = client()
        .post(s.url(&format!("/approvals/{id}/approve")))
        .bearer_auth(agent_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    s.post(&format!("/approvals/{id}/approve"))
        .send()
        .await
        .unwrap();
    // The approved call was close_tab on tab 1; tab 2 with the same approval is refused.
    let (status, body) = s
        .post_as("/api/close_tab", "a1", Some(&id), json!({"tabId": "2"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("APPROVAL_SCOPE_MISMATCH"),
        "{body}"
    );
    assert_eq!(s.fakes.browser.tab_ids().len(), 2, "a tab was closed");
}

#[tokio::test]
async fn a_denied_approval_never_runs() {
    let s = Server::start(TrustLevel::Standard).await;
    let (_, ask) = s
        .post_as("/api/close_tab", "a1", None, json!({"tabId": "1"}))
        .await;
    let id = ask["approvalId"].as_str().unwrap().to_owned();
    let denied: Value = json_of(s.post(&format!("/approvals/{id}/deny"))).await;
    assert_eq!(denied["state"], "denied");
    let (_, body) = s
        .post_as("/api/close_tab", "a1", Some(&id), json!({"tabId": "1"}))
        .await;
    assert!(
        body["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("APPROVAL_DENIED"),
        "{body}"
    );
    assert_eq!(s.fakes.browser.tab_ids().len(), 2);
    assert_eq!(
        status_of(s.post("/approvals/approval-99-abc/approve")).await,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn openapi_is_generated_from_the_registry_schemas() {
    let s = Server::start(TrustLevel::Limited).await;
    let doc: Value = s.get_json("/openapi.json").await;
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    let tools: Vec<&String> = paths.keys().filter(|p| p.starts_with("/api/")).collect();
    assert_eq!(tools.len(), 51);
    for spec in s.api.specs() {
        let schema = &paths[&format!("/api/{}", spec.name)]["post"]["requestBody"]["content"]["application/json"]
            ["schema"];
        assert_eq!(schema, &spec.input_schema, "{}", spec.name);
    }
}

#[tokio::test]
async fn shutdown_is_graceful() {
    let mut s = Server::start(TrustLevel::Limited).await;
    let status = status_of(s.get("/health")).await;
    assert_eq!(status, StatusCode::OK);
    s.stop();
    let done = s.done.take().unwrap();
    let result = tokio::time::timeout(std::time::Duration::from_secs(10), done).await;
    assert!(matches!(result, Ok(Ok(Ok(())))), "{result:?}");
    assert!(s.get("/health").send().await.is_err());
}

/// A server with one extra route (`/extra/who`) that answers who presented a token.
async fn with_extra_route() -> (std::net::SocketAddr, tokio_util::sync::CancellationToken) {
    use axum::routing::get;
    let (api, _fakes) = crate::api(TrustLevel::Limited);
    let config = aartiq_api::ApiConfig {
        port: 0,
        token: Some(TOKEN.to_owned()),
        ..aartiq_api::ApiConfig::default()
    };
    let routes = axum::Router::new().route(
        "/extra/who",
        get(
            |axum::Extension(local): axum::Extension<aartiq_api::LocalRequest>| async move {
                match local.principal() {
                    Some(aartiq_api::auth::Principal::Primary) => "primary".to_owned(),
                    Some(_) => "client".to_owned(),
                    None if local.check_token("wrong").is_none() => "anonymous".to_owned(),
                    None => "impossible".to_owned(),
                }
            },
        ),
    );
    let server = aartiq_api::HttpServer::bind(api, config)
        .await
        .unwrap()
        .with_routes(routes);
    let addr = server.local_addr().unwrap();
    let shutdown = tokio_util::sync::CancellationToken::new();
    tokio::spawn(server.serve(shutdown.clone()));
    (addr, shutdown)
}

#[tokio::test]
async fn extra_routes_share_the_host_and_origin_checks_and_authenticate_on_their_own() {
    let (addr, shutdown) = with_extra_route().await;
    let url = format!("http://{addr}/extra/who");
    let (status, body) = status_and_body(client().get(&url)).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "anonymous"));
    let (status, body) = status_and_body(client().get(&url).bearer_auth(TOKEN)).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "primary"));
    let (status, body) =
        status_and_body(client().get(&url).header("origin", "http://evil.example")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body, r#"{"error":"bad_origin"}"#);
    let (status, body) = status_and_body(client().get(&url).header("host", "evil.example")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body, r#"{"error":"bad_host"}"#);
    // The API's routes on the same listener still need the token.
    let (status, _) = status_and_body(client().get(format!("http://{addr}/health"))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, body) = status_and_body(client().get(format!("http://{addr}/nowhere"))).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::UNAUTHORIZED, r#"{"error":"no_token"}"#)
    );
    shutdown.cancel();
}
