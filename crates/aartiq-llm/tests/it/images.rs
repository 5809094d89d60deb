//! Image generation (`POST /v1/images/generations`) against the scripted server.

use std::time::Duration;

use aartiq_llm::{
    ChatClient, ClientConfig, GeneratedImage, ImageData, ImageFormat, ImageRequest, LlmError,
    ModelEndpoint, Provider,
};
use serde_json::{Value, json};

use crate::server::{Reply, start};

/// The 8-byte PNG signature, and the same in base64.
const PNG_SIGNATURE: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_SIGNATURE_B64: &str = "iVBORw0KGgo=";

fn client(base: &str) -> ChatClient {
    let endpoint = ModelEndpoint {
        provider: Provider::Custom,
        base_url: format!("{base}/v1"),
        api_key: Some("sk-test".into()),
        model: "sd-turbo".into(),
    };
    let config = ClientConfig {
        connect_timeout: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(2),
        retries: 2,
        backoff: Duration::from_millis(10),
    };
    ChatClient::new(endpoint, config).unwrap()
}

fn request() -> ImageRequest {
    ImageRequest {
        prompt: "a lighthouse at dusk".into(),
        ..Default::default()
    }
}

#[tokio::test]
async fn base64_images_are_decoded_and_the_request_is_openai_shaped() {
    let reply = json!({
        "created": 1_700_000_000,
        "data": [
            {"b64_json": PNG_SIGNATURE_B64, "revised_prompt": "a red lighthouse at dusk"},
            // Line-wrapped base64, as some servers send it.
            {"b64_json": "iVBORw0K\nGgo="}
        ]
    });
    let server = start(vec![Reply::Json(200, reply.to_string())]).await;
    let images = client(&server.base)
        .generate_images(&ImageRequest {
            model: Some("dall-e-3".into()),
            n: Some(2),
            size: Some("256x256".into()),
            ..request()
        })
        .await
        .unwrap();
    assert_eq!(
        images,
        [
            GeneratedImage {
                data: ImageData::Bytes(PNG_SIGNATURE.to_vec()),
                revised_prompt: Some("a red lighthouse at dusk".into()),
            },
            GeneratedImage {
                data: ImageData::Bytes(PNG_SIGNATURE.to_vec()),
                revised_prompt: None,
            },
        ]
    );

    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    let sent = &requests[0];
    assert_eq!(
        (sent.method.as_str(), sent.path.as_str()),
        ("POST", "/v1/images/generations")
    );
    assert_eq!(sent.header("authorization"), Some("Bearer sk-test"));
    let body: Value = serde_json::from_str(&sent.body).unwrap();
    assert_eq!(
        body,
        json!({"model": "dall-e-3", "prompt": "a lighthouse at dusk", "n": 2, "size": "256x256", "response_format": "b64_json"})
    );
}

#[tokio::test]
async fn url_images_and_the_endpoint_model_by_default() {
    let reply = json!({"created": 1, "data": [{"url": "http://127.0.0.1:9/img/1.png"}]});
    let server = start(vec![Reply::Json(200, reply.to_string())]).await;
    let images = client(&server.base)
        .generate_images(&ImageRequest {
            response_format: ImageFormat::Url,
            ..request()
        })
        .await
        .unwrap();
    assert_eq!(
        images,
        [GeneratedImage {
            data: ImageData::Url("http://127.0.0.1:9/img/1.png".into()),
            revised_prompt: None,
        }]
    );
    let body: Value = serde_json::from_str(&server.requests()[0].body).unwrap();
    assert_eq!(
        body,
        json!({"model": "sd-turbo", "prompt": "a lighthouse at dusk", "response_format": "url"})
    );
}

#[tokio::test]
async fn an_entry_with_neither_b64_json_nor_url_is_a_typed_error() {
    let reply =
        json!({"created": 1, "data": [{"b64_json": PNG_SIGNATURE_B64}, {"revised_prompt": "x"}]});
    let server = start(vec![Reply::Json(200, reply.to_string())]).await;
    let error = client(&server.base)
        .generate_images(&request())
        .await
        .unwrap_err();
    match &error {
        LlmError::NoImage { url, reason } => {
            assert!(url.ends_with("/v1/images/generations"), "{url}");
            assert_eq!(reason, "data[1] has neither `b64_json` nor `url`");
        }
        other => panic!("{other:?}"),
    }
    assert!(!error.is_retryable());
}

#[tokio::test]
async fn an_empty_data_list_is_a_typed_error() {
    let server = start(vec![Reply::Json(200, r#"{"created":1,"data":[]}"#.into())]).await;
    let error = client(&server.base)
        .generate_images(&request())
        .await
        .unwrap_err();
    assert!(matches!(error, LlmError::NoImage { .. }), "{error:?}");
}

#[tokio::test]
async fn undecodable_base64_is_a_protocol_error() {
    let reply = json!({"data": [{"b64_json": "not base64!"}]});
    let server = start(vec![Reply::Json(200, reply.to_string())]).await;
    match client(&server.base)
        .generate_images(&request())
        .await
        .unwrap_err()
    {
        LlmError::Protocol { reason, .. } => {
            assert!(reason.starts_with("data[0].b64_json: "), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_reply_that_is_not_the_images_format_is_a_protocol_error() {
    let server = start(vec![Reply::Json(200, r#"{"images":["x"]}"#.into())]).await;
    let error = client(&server.base)
        .generate_images(&request())
        .await
        .unwrap_err();
    assert!(matches!(error, LlmError::Protocol { .. }), "{error:?}");
}

#[tokio::test]
async fn error_bodies_are_reported_and_client_errors_not_retried() {
    let error = json!({"error": {"message": "Your request was rejected by the safety system.", "type": "invalid_request_error", "code": "content_policy_violation"}});
    let server = start(vec![Reply::Json(400, error.to_string())]).await;
    match client(&server.base)
        .generate_images(&request())
        .await
        .unwrap_err()
    {
        LlmError::Http {
            status, message, ..
        } => assert_eq!(
            (status, message.as_str()),
            (400, "Your request was rejected by the safety system.")
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(server.requests().len(), 1);
}

#[tokio::test]
async fn overload_is_retried_then_the_image_arrives() {
    let busy = json!({"error": {"message": "busy", "type": "server_error"}}).to_string();
    let ok = json!({"data": [{"b64_json": PNG_SIGNATURE_B64}]}).to_string();
    let server = start(vec![
        Reply::Json(503, busy.clone()),
        Reply::Json(429, busy),
        Reply::Json(200, ok),
    ])
    .await;
    let images = client(&server.base)
        .generate_images(&request())
        .await
        .unwrap();
    assert_eq!(images[0].data, ImageData::Bytes(PNG_SIGNATURE.to_vec()));
    assert_eq!(server.requests().len(), 3);
}

#[tokio::test]
async fn a_slow_reply_times_out() {
    // The head arrives at once, the body only after the idle timeout.
    let late = json!({"data": [{"b64_json": PNG_SIGNATURE_B64}]}).to_string();
    let server = start(vec![Reply::Stream {
        pieces: vec![(1_500, late)],
        complete: true,
    }])
    .await;
    let endpoint = client(&server.base).endpoint().clone();
    let slow = ChatClient::new(
        endpoint,
        ClientConfig {
            idle_timeout: Duration::from_millis(300),
            retries: 0,
            ..ClientConfig::default()
        },
    )
    .unwrap();
    let error = slow.generate_images(&request()).await.unwrap_err();
    assert!(
        matches!(
            error,
            LlmError::Timeout {
                what: "the reply body",
                ..
            }
        ),
        "{error:?}"
    );
}

#[tokio::test]
async fn nothing_listening_says_so() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let endpoint = client(&format!("http://127.0.0.1:{port}"))
        .endpoint()
        .clone();
    let client = ChatClient::new(
        endpoint,
        ClientConfig {
            retries: 0,
            ..ClientConfig::default()
        },
    )
    .unwrap();
    let error = client.generate_images(&request()).await.unwrap_err();
    assert!(matches!(error, LlmError::NotListening { .. }), "{error:?}");
}
