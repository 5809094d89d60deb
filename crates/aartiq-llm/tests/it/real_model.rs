//! The opt-in real-model tier: the client against a real `llama-server` (llama.cpp) serving the
//! small Gemma 3 270M model, started by `cargo xtask test --real-model`, which hands over its API
//! base in `AARTIQ_REAL_MODEL_URL` (e.g. `http://127.0.0.1:PORT/v1`) and the served model's id in
//! `AARTIQ_REAL_MODEL_NAME`. The tests are `#[ignore]`d, so the normal suite and CI report them as
//! ignored (never as passed) and need no model; the tier runs them with `--ignored`, and then a
//! missing `AARTIQ_REAL_MODEL_URL` is a failure.
//!
//! The model's text is not meaningful: these tests assert protocol and shapes (streaming, `[DONE]`,
//! typed errors with the server's error body, timeouts, replies parsed), never wording.
#![allow(
    clippy::print_stderr,
    reason = "the observed shapes are reported on the terminal"
)]

use std::time::Duration;

use aartiq_llm::{
    ChatClient, ChatMessage, ChatRequest, ClientConfig, ContentPart, ImageRequest, LlmError,
    ModelEndpoint, Provider, Role, SseEvent, SseParser,
};
use serde_json::{Value, json};

/// The environment variable with the real server's API base.
const URL_VAR: &str = "AARTIQ_REAL_MODEL_URL";
/// The environment variable with the served model's id.
const NAME_VAR: &str = "AARTIQ_REAL_MODEL_NAME";

struct RealModel {
    base_url: String,
    model: String,
}

/// The real server the tier started; its absence fails the test (it only runs when asked for).
fn real_model() -> RealModel {
    let base_url = std::env::var(URL_VAR).unwrap_or_else(|_| {
        panic!(
            "{URL_VAR} is not set: the real-model tier runs with `cargo xtask test --real-model`"
        )
    });
    let model = std::env::var(NAME_VAR).unwrap_or_else(|_| "gemma3-270m".to_owned());
    RealModel {
        base_url: base_url.trim_end_matches('/').to_owned(),
        model,
    }
}

impl RealModel {
    fn endpoint(&self) -> ModelEndpoint {
        ModelEndpoint {
            provider: Provider::Custom,
            base_url: self.base_url.clone(),
            api_key: None,
            model: self.model.clone(),
        }
    }

    fn client(&self) -> ChatClient {
        self.client_with(ClientConfig {
            connect_timeout: Duration::from_secs(5),
            idle_timeout: Duration::from_secs(120),
            retries: 0,
            backoff: Duration::from_millis(100),
        })
    }

    fn client_with(&self, config: ClientConfig) -> ChatClient {
        ChatClient::new(self.endpoint(), config).unwrap()
    }
}

fn request(max_tokens: u32) -> ChatRequest {
    ChatRequest {
        messages: vec![
            ChatMessage::new(
                Role::System,
                "You control a browser. To open a page, write [NAVIGATE: https://example.com].",
            ),
            ChatMessage::new(Role::User, "Open example.com and tell me what you did."),
        ],
        temperature: Some(0.0),
        max_tokens: Some(max_tokens),
        ..Default::default()
    }
}

#[tokio::test]
#[ignore = "needs a real model server: cargo xtask test --real-model"]
async fn real_models_lists_the_served_model() {
    let real = real_model();
    let models = real.client().models().await.unwrap();
    assert!(
        models.contains(&real.model),
        "{} not in {models:?}",
        real.model
    );
}

#[tokio::test]
#[ignore = "needs a real model server: cargo xtask test --real-model"]
async fn real_whole_reply_has_a_choice_with_content() {
    let real = real_model();
    let reply = real.client().chat(&request(16)).await.unwrap();
    assert!(!reply.text.is_empty(), "{reply:?}");
    assert!(
        matches!(reply.finish_reason.as_deref(), Some("stop" | "length")),
        "{reply:?}"
    );
    assert!(reply.model.is_some(), "{reply:?}");
    let parsed = aartiq_commands::parse(&reply.text);
    eprintln!(
        "whole reply: {} chars, {} commands, {} diagnostics",
        reply.text.len(),
        parsed.commands.len(),
        parsed.diagnostics.len()
    );
}

#[tokio::test]
#[ignore = "needs a real model server: cargo xtask test --real-model"]
async fn real_streamed_reply_comes_in_several_chunks_and_goes_through_the_parser() {
    let real = real_model();
    let mut pieces = Vec::new();
    let reply = real
        .client()
        .chat_stream(&request(24), |p| pieces.push(p.to_owned()))
        .await
        .unwrap();
    assert!(pieces.len() >= 2, "{pieces:?}");
    assert_eq!(pieces.concat(), reply.text);
    assert!(
        matches!(reply.finish_reason.as_deref(), Some("stop" | "length")),
        "{reply:?}"
    );
    let parsed = aartiq_commands::parse(&reply.text);
    eprintln!(
        "streamed reply: {} pieces, {} commands, {} diagnostics",
        pieces.len(),
        parsed.commands.len(),
        parsed.diagnostics.len()
    );
}

/// The raw stream, read with the crate's own SSE parser: OpenAI chunk objects, the last event
/// `[DONE]`, and the connection closed cleanly after it.
#[tokio::test]
#[ignore = "needs a real model server: cargo xtask test --real-model"]
async fn real_raw_stream_is_openai_chunks_ending_in_done() {
    let real = real_model();
    let body = json!({
        "model": real.model, "stream": true, "max_tokens": 12, "temperature": 0.0,
        "messages": [{"role": "user", "content": "Count to five."}]
    });
    let mut response = reqwest::Client::new()
        .post(format!("{}/chat/completions", real.base_url))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str().unwrap();
    assert!(
        content_type.starts_with("text/event-stream"),
        "{content_type}"
    );
    let mut parser = SseParser::new();
    let mut events = Vec::new();
    while let Some(bytes) = response.chunk().await.unwrap() {
        events.extend(parser.push(&bytes).unwrap());
    }
    events.extend(parser.finish());
    assert_eq!(events.last(), Some(&SseEvent::Done), "{events:?}");
    let chunks: Vec<Value> = events
        .iter()
        .filter_map(|e| match e {
            SseEvent::Data(data) => Some(serde_json::from_str(data).unwrap()),
            SseEvent::Done => None,
        })
        .collect();
    assert!(chunks.len() >= 2, "{chunks:?}");
    for chunk in &chunks {
        assert_eq!(chunk["object"], "chat.completion.chunk", "{chunk}");
        assert!(
            chunk["id"].is_string() && chunk["model"].is_string(),
            "{chunk}"
        );
        assert!(chunk["choices"].is_array(), "{chunk}");
    }
    let finishes: Vec<&Value> = chunks
        .iter()
        .flat_map(|c| c["choices"].as_array().into_iter().flatten())
        .map(|choice| &choice["finish_reason"])
        .filter(|r| !r.is_null())
        .collect();
    assert_eq!(finishes.len(), 1, "exactly one finish reason: {chunks:?}");
    for (i, chunk) in chunks.iter().enumerate().take(2) {
        eprintln!("chunk {i}: {chunk}");
    }
    if let Some(last) = chunks.last() {
        eprintln!("last chunk: {last}");
    }
}

#[tokio::test]
#[ignore = "needs a real model server: cargo xtask test --real-model"]
async fn real_tiny_timeout_is_the_typed_timeout() {
    let real = real_model();
    let impatient = real.client_with(ClientConfig {
        connect_timeout: Duration::from_millis(1),
        idle_timeout: Duration::from_millis(1),
        retries: 0,
        backoff: Duration::from_millis(1),
    });
    let error = impatient
        .chat_stream(&request(256), |_| {})
        .await
        .unwrap_err();
    assert!(matches!(error, LlmError::Timeout { .. }), "{error:?}");
    let error = impatient.chat(&request(256)).await.unwrap_err();
    assert!(matches!(error, LlmError::Timeout { .. }), "{error:?}");
}

/// A request the server rejects (a prompt longer than the context the xtask serves with) gives
/// our typed HTTP error carrying the server's own message, the same as in its raw error body.
#[tokio::test]
#[ignore = "needs a real model server: cargo xtask test --real-model"]
async fn real_bad_request_is_the_typed_http_error_with_the_servers_message() {
    let real = real_model();
    let too_long = "lorem ipsum dolor sit amet ".repeat(4_000);
    let request = ChatRequest {
        messages: vec![ChatMessage::new(Role::User, too_long.clone())],
        max_tokens: Some(4),
        ..Default::default()
    };
    let error = real.client().chat(&request).await.unwrap_err();
    let LlmError::Http {
        status, message, ..
    } = &error
    else {
        panic!("{error:?}");
    };
    assert!((400..500).contains(status), "{error:?}");
    assert!(!error.is_retryable(), "{error:?}");

    let raw = reqwest::Client::new()
        .post(format!("{}/chat/completions", real.base_url))
        .json(&json!({"model": real.model, "max_tokens": 4, "messages": [{"role": "user", "content": too_long}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(raw.status().as_u16(), *status);
    let body: Value = raw.json().await.unwrap();
    assert_eq!(
        body["error"]["message"].as_str(),
        Some(message.as_str()),
        "{body}"
    );
    assert!(body["error"]["type"].is_string(), "{body}");
    eprintln!("bad request: HTTP {status}, body {body}");
}

/// A text-only model given an image, and a server without image generation: typed errors, not
/// hangs or panics.
#[tokio::test]
#[ignore = "needs a real model server: cargo xtask test --real-model"]
async fn real_server_without_vision_or_images_gives_typed_errors() {
    let real = real_model();
    let png = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    let vision = ChatRequest {
        messages: vec![
            ChatMessage::new(Role::User, "What is this?")
                .with_part(ContentPart::image_bytes("image/png", &png)),
        ],
        max_tokens: Some(4),
        ..Default::default()
    };
    match real.client().chat(&vision).await {
        Err(LlmError::Http {
            status, message, ..
        }) => {
            assert!((400..600).contains(&status) && !message.is_empty());
            eprintln!("image to a text-only model: HTTP {status}: {message}");
        }
        other => panic!("{other:?}"),
    }
    let error = real
        .client()
        .generate_images(&ImageRequest {
            prompt: "a lighthouse".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    match &error {
        LlmError::Http { status, .. } => {
            assert!((400..500).contains(status), "{error:?}");
            eprintln!("images endpoint: {error}");
        }
        other => panic!("{other:?}"),
    }
}
