//! OpenAI-compatible model clients for the assistant.
//!
//! `aartiq-llm` talks to the model that plans and writes commands: any server that speaks the
//! OpenAI chat API (`/v1/chat/completions`, streamed as server-sent events, and `/v1/models`),
//! with presets for LM Studio and Ollama (spec d.9) and a client for the OpenClaw task server.
//! Requests have a connect timeout and an idle timeout per streamed chunk, retry a bounded number
//! of times on connection failures, 429 and 5xx before any text arrives, and are cancelled by
//! dropping their future. When nothing listens, the error says so and how to start a server.
//!
//! Vision models get images as content parts of a message ([`ChatMessage::with_part`] with
//! [`ContentPart::image_bytes`], e.g. a PNG screenshot; the OpenAI `image_url` format), streamed
//! or not; a message without parts is sent as a plain string as before. Images are generated
//! through `POST /v1/images/generations` ([`ChatClient::generate_images`]), base64 replies
//! decoded to bytes.
//!
//! Configuration is passed in as values; reading files and environment variables is the binary's
//! job.
//!
//! ```no_run
//! use aartiq_llm::{ChatClient, ChatMessage, ChatRequest, ClientConfig, ModelConfig, Role, resolve_model_endpoint};
//!
//! # async fn run() -> Result<(), aartiq_llm::LlmError> {
//! let endpoint = resolve_model_endpoint(&ModelConfig::default(), None);
//! let client = ChatClient::new(endpoint, ClientConfig::default())?;
//! let request = ChatRequest { messages: vec![ChatMessage::new(Role::User, "Say hi")], ..Default::default() };
//! let reply = client.chat_stream(&request, |piece| eprint!("{piece}")).await?;
//! assert!(!reply.text.is_empty());
//! # Ok(()) }
//! ```

mod client;
mod error;
mod images;
mod message;
mod openclaw;
mod presets;
mod sse;

pub use client::{ChatClient, ChatRequest, ClientConfig, Completion};
pub use error::LlmError;
pub use images::{GeneratedImage, ImageData, ImageFormat, ImageRequest};
pub use message::{ChatMessage, ContentPart, ImageUrl, Role};
pub use openclaw::{OpenClawClient, TaskOutcome};
pub use presets::{
    LocalProvider, ModelConfig, ModelEndpoint, OpenClawSettings, Provider, model_candidates,
    resolve_model_endpoint,
};
pub use sse::{LineTooLong, SseEvent, SseParser};
