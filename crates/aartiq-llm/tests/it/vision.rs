//! Messages with image parts (the OpenAI content-parts format) for vision models, plain and
//! streamed, against the scripted server; plain text messages stay plain strings on the wire.

use std::time::Duration;

use aartiq_llm::{
    ChatClient, ChatMessage, ChatRequest, ClientConfig, ContentPart, ImageUrl, LlmError,
    ModelEndpoint, Provider, Role,
};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::server::{Reply, delta, finish, start};

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_DATA_URL: &str = "data:image/png;base64,iVBORw0KGgo=";

fn client(base: &str) -> ChatClient {
    let endpoint = ModelEndpoint {
        provider: Provider::Custom,
        base_url: format!("{base}/v1"),
        api_key: None,
        model: "llava".into(),
    };
    let config = ClientConfig {
        connect_timeout: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(2),
        retries: 0,
        backoff: Duration::from_millis(10),
    };
    ChatClient::new(endpoint, config).unwrap()
}

fn screenshot_request() -> ChatRequest {
    ChatRequest {
        messages: vec![
            ChatMessage::new(Role::System, "Describe screenshots."),
            ChatMessage::new(Role::User, "What does this page show?")
                .with_part(ContentPart::image_bytes("image/png", PNG)),
        ],
        ..Default::default()
    }
}

fn expected_messages() -> Value {
    json!([
        {"role": "system", "content": "Describe screenshots."},
        {"role": "user", "content": [
            {"type": "text", "text": "What does this page show?"},
            {"type": "image_url", "image_url": {"url": PNG_DATA_URL}}
        ]}
    ])
}

#[test]
fn plain_text_messages_stay_strings_and_parts_become_arrays() {
    let plain = ChatMessage::new(Role::User, "hi");
    assert_eq!(
        serde_json::to_string(&plain).unwrap(),
        r#"{"role":"user","content":"hi"}"#
    );
    let only_image =
        ChatMessage::new(Role::User, "").with_part(ContentPart::image_url("https://x.test/a.png"));
    assert_eq!(
        serde_json::to_value(&only_image).unwrap(),
        json!({"role": "user", "content": [{"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}]})
    );
    let detailed = ChatMessage::new(Role::User, "look").with_part(ContentPart::ImageUrl {
        image_url: ImageUrl {
            url: PNG_DATA_URL.into(),
            detail: Some("low".into()),
        },
    });
    assert_eq!(
        serde_json::to_value(&detailed).unwrap()["content"][1],
        json!({"type": "image_url", "image_url": {"url": PNG_DATA_URL, "detail": "low"}})
    );
}

#[test]
fn both_content_forms_are_read_back() {
    let plain: ChatMessage =
        serde_json::from_str(r#"{"role":"assistant","content":"done"}"#).unwrap();
    assert_eq!(plain, ChatMessage::new(Role::Assistant, "done"));
    let parts: ChatMessage = serde_json::from_value(expected_messages()[1].clone()).unwrap();
    assert_eq!(parts, screenshot_request().messages[1]);
    let bad =
        serde_json::from_str::<ChatMessage>(r#"{"role":"user","content":[{"type":"audio"}]}"#);
    assert!(bad.is_err());
}

#[tokio::test]
async fn an_image_goes_to_the_model_in_a_whole_reply() {
    let body = json!({
        "id": "c", "object": "chat.completion", "model": "llava",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "A login form."}, "finish_reason": "stop"}]
    });
    let server = start(vec![Reply::Json(200, body.to_string())]).await;
    let reply = client(&server.base)
        .chat(&screenshot_request())
        .await
        .unwrap();
    assert_eq!(reply.text, "A login form.");
    let sent: Value = serde_json::from_str(&server.requests()[0].body).unwrap();
    assert_eq!(
        sent,
        json!({"model": "llava", "stream": false, "messages": expected_messages()})
    );
}

#[tokio::test]
async fn an_image_goes_to_the_model_in_a_streamed_reply() {
    let pieces = vec![
        (0, delta("A login ")),
        (10, delta("form.")),
        (0, finish("stop")),
        (0, "data: [DONE]\n\n".to_owned()),
    ];
    let server = start(vec![Reply::Stream {
        pieces,
        complete: true,
    }])
    .await;
    let mut seen = Vec::new();
    let reply = client(&server.base)
        .chat_stream(&screenshot_request(), |p| seen.push(p.to_owned()))
        .await
        .unwrap();
    assert_eq!(
        (seen.as_slice(), reply.text.as_str()),
        (
            ["A login ".to_owned(), "form.".to_owned()].as_slice(),
            "A login form."
        )
    );
    let sent: Value = serde_json::from_str(&server.requests()[0].body).unwrap();
    assert_eq!(
        sent,
        json!({"model": "llava", "stream": true, "messages": expected_messages()})
    );
}

#[tokio::test]
async fn a_model_without_vision_answers_with_a_typed_error() {
    let error = json!({"error": {"message": "image input is not supported by this model", "type": "invalid_request_error"}});
    let server = start(vec![Reply::Json(400, error.to_string())]).await;
    match client(&server.base)
        .chat_stream(&screenshot_request(), |_| {})
        .await
        .unwrap_err()
    {
        LlmError::Http {
            status, message, ..
        } => assert_eq!(
            (status, message.as_str()),
            (400, "image input is not supported by this model")
        ),
        other => panic!("{other:?}"),
    }
}

fn part() -> impl Strategy<Value = ContentPart> {
    prop_oneof![
        any::<String>().prop_map(ContentPart::text),
        proptest::collection::vec(any::<u8>(), 0..64)
            .prop_map(|bytes| ContentPart::image_bytes("image/png", &bytes)),
    ]
}

proptest! {
    /// Whatever is read back is sent again unchanged.
    #[test]
    fn the_wire_form_survives_a_round_trip(
        text in any::<String>(),
        parts in proptest::collection::vec(part(), 0..4),
    ) {
        let mut message = ChatMessage::new(Role::User, text);
        message.parts = parts;
        let wire = serde_json::to_value(&message).unwrap();
        let back: ChatMessage = serde_json::from_value(wire.clone()).unwrap();
        prop_assert_eq!(serde_json::to_value(&back).unwrap(), wire);
    }
}
