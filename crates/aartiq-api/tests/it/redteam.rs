//! Attacks an agent plays against the promises, over the real HTTP server and a real client:
//! each is a finding that held on an earlier version, and each must fail now.

use aartiq_agents::{AgentId, TrustLevel};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{Server, TOKEN, client};

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
    let (status, body) = s
        .post_as("/api/trust_list", "aartiq-assistant", None, json!({}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "RESERVED_AGENT_ID", "{body}");
    // Nor through a credential made for that id.
    let made = s
        .post("/clients")
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
    let (status, _) = s
        .post_as("/api/trust_list", "mallory", None, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    s.api
        .registry()
        .with_policy(|p| p.agents.revoke(&AgentId::new("mallory")))
        .unwrap();
    // A friend registers the revoked id afresh (a standard agent, with the person's approval
    // out of band would be needed above limited; limited needs none).
    let (_, body) = s
        .post_as(
            "/api/agent_register",
            "friend",
            None,
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
    let (_, again) = s
        .post_as("/api/trust_list", "mallory", None, json!({}))
        .await;
    assert_eq!(
        again["isError"], true,
        "a revoked agent still calls: {again}"
    );
}

/// Finding 4: marker files were trusted whoever wrote them, and the folder's mode was only set
/// when the server created it. A folder others can write (or a marker others can write)
/// approves nothing now, and the person's own tools refuse to use it.
#[test]
fn an_approvals_folder_others_can_write_approves_nothing() {
    use std::os::unix::fs::PermissionsExt;

    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("approvals");
    let approvals = aartiq_api::Approvals::new(Some(dir.clone())).unwrap();
    let pending = approvals
        .open("agent", "close_tab", json!({"tabId": "1"}), "why", 0)
        .unwrap();
    // Another user (or a process of the agent's) loosens the folder and drops a marker in.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::write(dir.join(format!("{}.approved", pending.id)), b"").unwrap();
    assert_eq!(
        approvals.claim(&pending.id, "agent", "close_tab"),
        Err(aartiq_api::RetryError::Pending(pending.id.clone())),
        "a marker in a folder others can write is no approval"
    );
    let err = aartiq_api::approvals::decide_in_dir(&dir, &pending.id, true).unwrap_err();
    assert!(
        matches!(err, aartiq_api::ApiError::UnsafeApprovals { .. }),
        "{err}"
    );
    assert!(aartiq_api::approvals::list_in_dir(&dir).is_err());
    // A server refuses to start on it.
    assert!(matches!(
        aartiq_api::Approvals::new(Some(dir.clone())),
        Err(aartiq_api::ApiError::UnsafeApprovals { .. })
    ));

    // The folder put right, a marker others can write is still no approval.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let marker = dir.join(format!("{}.approved", pending.id));
    std::fs::set_permissions(&marker, std::fs::Permissions::from_mode(0o666)).unwrap();
    assert_eq!(
        approvals.claim(&pending.id, "agent", "close_tab"),
        Err(aartiq_api::RetryError::Pending(pending.id.clone()))
    );
    // A link in place of the folder is refused too.
    let link = root.path().join("link");
    std::os::unix::fs::symlink(&dir, &link).unwrap();
    assert!(matches!(
        aartiq_api::approvals::check_dir(&link),
        Err(aartiq_api::ApiError::UnsafeApprovals { .. })
    ));
    // The person's own decision, through the folder as it should be, still works.
    std::fs::remove_file(&marker).unwrap();
    aartiq_api::approvals::decide_in_dir(&dir, &pending.id, true).unwrap();
    assert_eq!(
        approvals.claim(&pending.id, "agent", "close_tab"),
        Ok(json!({"tabId": "1"}))
    );
}

/// Finding 16: slow partial headers held connections open until the descriptor limit. Now a
/// connection that has not sent its headers within the header-read timeout is closed, and past
/// `max_connections` a new connection is closed at once, so the slots come back.
#[tokio::test]
async fn slow_partial_headers_are_cut_off_and_cannot_use_up_the_connections() {
    use std::time::Duration;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let s = crate::Server::with_config(TrustLevel::Limited, |c| {
        c.header_read_timeout = Duration::from_millis(500);
        c.max_connections = 8;
    })
    .await;
    // Twenty slow clients, each sending half a request and then nothing.
    let mut slow = Vec::new();
    for _ in 0..20 {
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        let _ = stream
            .write_all(
                format!(
                    "POST /api/browser_status HTTP/1.1\r\nhost: {}\r\nx-pad",
                    s.addr
                )
                .as_bytes(),
            )
            .await;
        slow.push(stream);
    }
    // Every one of them is closed by the server (read gives end of file or an error), in far
    // less than the test's own limit.
    for mut stream in slow {
        let mut buf = [0u8; 256];
        let ended = tokio::time::timeout(Duration::from_secs(20), stream.read(&mut buf)).await;
        match ended {
            Ok(Ok(n)) => {
                // hyper may answer 408 before closing; then the next read ends.
                if n > 0 {
                    let next = tokio::time::timeout(Duration::from_secs(20), stream.read(&mut buf))
                        .await
                        .expect("the server keeps a slow connection open");
                    assert!(matches!(next, Ok(0) | Err(_)), "{next:?}");
                }
            }
            Ok(Err(_)) => {}
            Err(_) => panic!("the server kept a slow connection open"),
        }
    }
    // A real client is served afterwards.
    let (status, body) = s
        .post_as("/api/browser_status", "after", None, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// An MCP `initialize` over HTTP; returns the session id the server gave.
async fn mcp_initialize(s: &crate::Server, token: &str) -> String {
    let response = client()
        .post(s.url("/mcp"))
        .bearer_auth(token)
        .header("accept", "application/json, text/event-stream")
        .json(&json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "flood", "version": "1"}}
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response
        .headers()
        .get("mcp-session-id")
        .expect("a session id")
        .to_str()
        .unwrap()
        .to_owned()
}

/// Whether the server still knows MCP session `id`: the client's `initialized` notification
/// is accepted by a live session and 404 for a closed one.
async fn mcp_session_alive(s: &crate::Server, token: &str, id: &str) -> bool {
    let response = client()
        .post(s.url("/mcp"))
        .bearer_auth(token)
        .header("accept", "application/json, text/event-stream")
        .header("mcp-session-id", id)
        .json(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        .send()
        .await
        .unwrap();
    match response.status() {
        StatusCode::NOT_FOUND => false,
        status if status.is_success() => true,
        status => panic!("unexpected {status} for session {id}"),
    }
}

/// Finding 17: 3,000 `initialize` calls added about 177 MB, sessions being unbounded. Now a
/// credential holds at most its cap of sessions, everyone together at most the overall cap,
/// and past either the session idle longest is closed.
#[tokio::test]
async fn mcp_sessions_are_capped_per_credential_and_overall() {
    let s = crate::Server::with_config(TrustLevel::Limited, |c| {
        c.max_mcp_sessions = 5;
        c.max_mcp_sessions_per_credential = 3;
    })
    .await;
    // One credential floods: only its three newest sessions stay.
    let mut flood = Vec::new();
    for _ in 0..12 {
        flood.push(mcp_initialize(&s, TOKEN).await);
    }
    // Another client, with a credential of its own, is not pushed out by the flood...
    let made: Value = s
        .post_json("/clients", json!({"id": "other", "name": "Other"}))
        .await
        .1;
    let other_token = made["token"].as_str().unwrap().to_owned();
    let other = mcp_initialize(&s, &other_token).await;
    let mut alive = Vec::new();
    for id in &flood {
        alive.push(mcp_session_alive(&s, TOKEN, id).await);
    }
    assert_eq!(
        alive,
        [vec![false; 9], vec![true; 3]].concat(),
        "only the flood's newest three sessions are kept"
    );
    assert!(mcp_session_alive(&s, &other_token, &other).await);
    // ...but everyone together is held to the overall cap (5): with four sessions open, three
    // more of the other credential's push out the two idle longest.
    let mut more = Vec::new();
    for _ in 0..2 {
        more.push(mcp_initialize(&s, &other_token).await);
    }
    let mut kept = usize::from(mcp_session_alive(&s, &other_token, &other).await);
    for id in &more {
        kept += usize::from(mcp_session_alive(&s, &other_token, id).await);
    }
    for id in &flood[9..] {
        kept += usize::from(mcp_session_alive(&s, TOKEN, id).await);
    }
    assert_eq!(kept, 5, "six sessions were open, the cap is five");
}
