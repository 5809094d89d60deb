//! The chat client and the OpenClaw client against the scripted server.

use std::time::Duration;

use aartiq_llm::{
    ChatClient, ChatMessage, ChatRequest, ClientConfig, LlmError, ModelConfig, ModelEndpoint,
    OpenClawClient, Provider, Role, TaskOutcome, model_candidates, resolve_model_endpoint,
};
use serde_json::Value;

use crate::server::{Reply, delta, finish, start};

fn endpoint(base: &str) -> ModelEndpoint {
    ModelEndpoint {
        provider: Provider::LmStudio,
        base_url: format!("{base}/v1"),
        api_key: Some("lmstudio".into()),
        model: "local-model".into(),
    }
}

fn config() -> ClientConfig {
    ClientConfig {
        connect_timeout: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(2),
        retries: 2,
        backoff: Duration::from_millis(10),
    }
}

fn request() -> ChatRequest {
    ChatRequest {
        messages: vec![
            ChatMessage::new(Role::System, "You are aartiq."),
            ChatMessage::new(Role::User, "Open example.com"),
        ],
        temperature: Some(0.2),
        ..Default::default()
    }
}

#[tokio::test]
async fn streams_pieces_in_order_and_sends_the_openai_request() {
    let pieces = vec![
        (0, delta("I'll open ")),
        (20, delta("it: [NAVIGATE: https://example.com]")),
        (0, finish("stop")),
        (0, "data: [DONE]\n\n".into()),
    ];
    let server = start(vec![Reply::Stream {
        pieces,
        complete: true,
    }])
    .await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    let mut seen = Vec::new();
    let reply = client
        .chat_stream(&request(), |piece| seen.push(piece.to_owned()))
        .await
        .unwrap();
    assert_eq!(seen, ["I'll open ", "it: [NAVIGATE: https://example.com]"]);
    assert_eq!(reply.text, "I'll open it: [NAVIGATE: https://example.com]");
    assert_eq!(reply.finish_reason.as_deref(), Some("stop"));
    assert_eq!(reply.model.as_deref(), Some("local-model"));

    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    let sent = &requests[0];
    assert_eq!(
        (sent.method.as_str(), sent.path.as_str()),
        ("POST", "/v1/chat/completions")
    );
    assert_eq!(sent.header("authorization"), Some("Bearer lmstudio"));
    assert_eq!(sent.header("content-type"), Some("application/json"));
    let body: Value = serde_json::from_str(&sent.body).unwrap();
    assert_eq!(
        body,
        serde_json::json!({
            "model": "local-model", "stream": true, "temperature": 0.2,
            "messages": [{"role": "system", "content": "You are aartiq."}, {"role": "user", "content": "Open example.com"}]
        })
    );
}

#[tokio::test]
async fn whole_reply_without_streaming() {
    let body = r#"{"id":"c","object":"chat.completion","model":"llama3.1","choices":[{"index":0,"message":{"role":"assistant","content":"[READ_PAGE_CONTENT]"},"finish_reason":"stop"}]}"#;
    let server = start(vec![Reply::Json(200, body.into())]).await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    let reply = client.chat(&request()).await.unwrap();
    assert_eq!(
        (reply.text.as_str(), reply.model.as_deref()),
        ("[READ_PAGE_CONTENT]", Some("llama3.1"))
    );
    let body: Value = serde_json::from_str(&server.requests()[0].body).unwrap();
    assert_eq!(body["stream"], false);
}

#[tokio::test]
async fn error_bodies_are_reported_and_client_errors_not_retried() {
    let error = r#"{"error":{"message":"model 'nope' not found","type":"invalid_request_error"}}"#;
    let server = start(vec![Reply::Json(404, error.into())]).await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    match client.chat_stream(&request(), |_| {}).await.unwrap_err() {
        LlmError::Http {
            status, message, ..
        } => assert_eq!((status, message.as_str()), (404, "model 'nope' not found")),
        other => panic!("{other:?}"),
    }
    assert_eq!(server.requests().len(), 1);
}

#[tokio::test]
async fn overload_is_retried_with_backoff() {
    let busy = r#"{"error":{"message":"busy"}}"#;
    let ok = vec![(0, delta("ok")), (0, "data: [DONE]\n\n".to_owned())];
    let server = start(vec![
        Reply::Json(503, busy.into()),
        Reply::Json(429, busy.into()),
        Reply::Stream {
            pieces: ok,
            complete: true,
        },
    ])
    .await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    assert_eq!(
        client.chat_stream(&request(), |_| {}).await.unwrap().text,
        "ok"
    );
    assert_eq!(server.requests().len(), 3);
}

#[tokio::test]
async fn retries_are_bounded() {
    let server = start(vec![Reply::Json(500, "oops".into())]).await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    match client.chat(&request()).await.unwrap_err() {
        LlmError::Http {
            status: 500,
            message,
            ..
        } => assert_eq!(message, "oops"),
        other => panic!("{other:?}"),
    }
    assert_eq!(server.requests().len(), 3, "one try and two retries");
}

#[tokio::test]
async fn a_slow_stream_times_out() {
    let pieces = vec![(0, delta("thinking")), (1_500, delta("late"))];
    let server = start(vec![Reply::Stream {
        pieces,
        complete: true,
    }])
    .await;
    let client = ChatClient::new(
        endpoint(&server.base),
        ClientConfig {
            idle_timeout: Duration::from_millis(300),
            ..config()
        },
    )
    .unwrap();
    let mut seen = String::new();
    let error = client
        .chat_stream(&request(), |p| seen.push_str(p))
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            LlmError::Timeout {
                what: "the next streamed chunk",
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(seen, "thinking");
}

#[tokio::test]
async fn a_broken_stream_is_an_error_not_a_short_reply() {
    let pieces = vec![(0, delta("half a rep"))];
    let server = start(vec![Reply::Stream {
        pieces,
        complete: false,
    }])
    .await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    let error = client.chat_stream(&request(), |_| {}).await.unwrap_err();
    assert!(matches!(error, LlmError::BrokenStream { .. }), "{error:?}");
}

#[tokio::test]
async fn a_stream_that_ends_with_a_finish_reason_but_no_done_is_complete() {
    let pieces = vec![(0, delta("fine")), (0, finish("length"))];
    let server = start(vec![Reply::Stream {
        pieces,
        complete: true,
    }])
    .await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    let reply = client.chat_stream(&request(), |_| {}).await.unwrap();
    assert_eq!(
        (reply.text.as_str(), reply.finish_reason.as_deref()),
        ("fine", Some("length"))
    );
}

#[tokio::test]
async fn an_error_inside_the_stream_is_reported() {
    let pieces = vec![(
        0,
        "data: {\"error\":{\"message\":\"context length exceeded\"}}\n\n".to_owned(),
    )];
    let server = start(vec![Reply::Stream {
        pieces,
        complete: true,
    }])
    .await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    match client.chat_stream(&request(), |_| {}).await.unwrap_err() {
        LlmError::Http { message, .. } => assert_eq!(message, "context length exceeded"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn nothing_listening_says_so() {
    // Bind, note the port, and close: nothing listens there now.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let client = ChatClient::new(
        endpoint(&format!("http://127.0.0.1:{port}")),
        ClientConfig {
            retries: 0,
            ..config()
        },
    )
    .unwrap();
    let error = client.chat(&request()).await.unwrap_err();
    assert!(matches!(error, LlmError::NotListening { .. }), "{error:?}");
    assert!(
        error.to_string().contains("nothing is listening at"),
        "{error}"
    );
}

#[tokio::test]
async fn lists_models() {
    let body = r#"{"object":"list","data":[{"id":"llama3.1","object":"model"},{"id":"qwen2.5","object":"model"}]}"#;
    let server = start(vec![Reply::Json(200, body.into())]).await;
    let client = ChatClient::new(endpoint(&server.base), config()).unwrap();
    assert_eq!(client.models().await.unwrap(), ["llama3.1", "qwen2.5"]);
    let sent = &server.requests()[0];
    assert_eq!(
        (sent.method.as_str(), sent.path.as_str()),
        ("GET", "/v1/models")
    );
}

#[test]
fn endpoint_resolution_follows_the_original() {
    let mut config = ModelConfig::default();
    let lm = resolve_model_endpoint(&config, None);
    assert_eq!(
        (
            lm.provider,
            lm.base_url.as_str(),
            lm.model.as_str(),
            lm.api_key.as_deref()
        ),
        (
            Provider::LmStudio,
            "http://127.0.0.1:1234/v1",
            "local-model",
            Some("lmstudio")
        )
    );
    assert_eq!(
        resolve_model_endpoint(&config, Some(Provider::Ollama))
            .api_key
            .as_deref(),
        Some("ollama")
    );
    config.lm_studio.enabled = false;
    assert_eq!(
        resolve_model_endpoint(&config, None).provider,
        Provider::Ollama
    );
    config.ollama.enabled = false;
    assert_eq!(
        resolve_model_endpoint(&config, Some(Provider::Ollama)).provider,
        Provider::Ollama,
        "the last resort"
    );
    config.custom = Some(ModelEndpoint {
        provider: Provider::Custom,
        base_url: "http://10.0.0.5:8080/v1".into(),
        api_key: Some("sk-secret".into()),
        model: "m".into(),
    });
    let custom = resolve_model_endpoint(&config, None);
    assert_eq!(custom.provider, Provider::Custom);
    assert!(
        !format!("{custom:?}").contains("sk-secret"),
        "keys never reach logs"
    );
}

#[tokio::test]
async fn openclaw_health_and_tasks() {
    let server = start(vec![
        Reply::Json(200, "{}".into()),
        Reply::Json(200, r#"{"text":"done by openclaw"}"#.into()),
        Reply::Json(500, "{}".into()),
    ])
    .await;
    let client = OpenClawClient::new(server.base.clone(), Duration::from_secs(2)).unwrap();
    assert!(client.ping().await);
    let task = serde_json::json!({"goal": "summarise"});
    assert_eq!(
        client.run_task(&task).await.unwrap(),
        TaskOutcome::Done("done by openclaw".into())
    );
    assert_eq!(
        client.run_task(&task).await.unwrap(),
        TaskOutcome::Failed("HTTP 500".into())
    );
    let requests = server.requests();
    assert_eq!(
        (requests[0].method.as_str(), requests[0].path.as_str()),
        ("GET", "/health")
    );
    assert_eq!(
        (requests[1].method.as_str(), requests[1].path.as_str()),
        ("POST", "/v1/tasks")
    );
    assert_eq!(
        serde_json::from_str::<Value>(&requests[1].body).unwrap(),
        task
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let down =
        OpenClawClient::new(format!("http://127.0.0.1:{port}"), Duration::from_secs(1)).unwrap();
    assert!(!down.ping().await);
}

#[tokio::test]
async fn the_first_server_that_answers_is_used_and_every_failure_is_named() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let body = r#"{"object":"list","data":[{"id":"m","object":"model"}]}"#;
    let server = start(vec![Reply::Json(200, body.into())]).await;
    let ollama = ModelEndpoint {
        provider: Provider::Ollama,
        ..endpoint(&dead)
    };
    let client = ChatClient::first_reachable(
        vec![ollama.clone(), endpoint(&server.base)],
        config(),
        Duration::from_secs(2),
    )
    .await
    .unwrap();
    assert_eq!(client.models().await.unwrap(), ["m"]);
    let tried = ChatClient::first_reachable(vec![ollama], config(), Duration::from_secs(2))
        .await
        .unwrap_err();
    assert_eq!(tried.len(), 1);
    assert!(
        tried[0].starts_with(&format!("Ollama at {dead}/v1: ")),
        "{tried:?}"
    );
    let order: Vec<Provider> = model_candidates(&ModelConfig::default())
        .iter()
        .map(|e| e.provider)
        .collect();
    assert_eq!(order, [Provider::LmStudio, Provider::Ollama]);
}
