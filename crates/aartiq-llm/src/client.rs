//! The OpenAI-compatible chat client: `/v1/chat/completions` (plain and streamed) and
//! `/v1/models`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::sse::{SseEvent, SseParser};
use crate::{ChatMessage, LlmError, ModelEndpoint};

/// A chat request; the model comes from the endpoint unless set here.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChatRequest {
    /// The conversation so far.
    pub messages: Vec<ChatMessage>,
    /// Overrides the endpoint's model.
    pub model: Option<String>,
    /// Sampling temperature.
    pub temperature: Option<f32>,
    /// The most tokens to generate.
    pub max_tokens: Option<u32>,
}

/// A finished reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// The reply's text.
    pub text: String,
    /// Why the model stopped (`stop`, `length`, ...), when it said.
    pub finish_reason: Option<String>,
    /// The model that answered, when it said.
    pub model: Option<String>,
}

/// Time limits and retries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientConfig {
    /// Connecting and getting the response head.
    pub connect_timeout: Duration,
    /// The longest wait for the next streamed chunk (or for a whole non-streamed reply).
    pub idle_timeout: Duration,
    /// Tries after the first, for retryable failures before any text arrived.
    pub retries: u32,
    /// The first backoff; doubled on every retry.
    pub backoff: Duration,
}

impl Default for ClientConfig {
    fn default() -> ClientConfig {
        ClientConfig {
            connect_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            retries: 2,
            backoff: Duration::from_millis(250),
        }
    }
}

/// A client for one endpoint.
#[derive(Debug, Clone)]
pub struct ChatClient {
    pub(crate) http: reqwest::Client,
    endpoint: ModelEndpoint,
    config: ClientConfig,
}

#[derive(Serialize)]
struct WireRequest<'a> {
    model: &'a str,
    messages: &'a [ChatMessage],
    stream: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    temperature: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_tokens: Option<u32>,
}

#[derive(Deserialize)]
struct WireChunk {
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    choices: Vec<WireChoice>,
}

#[derive(Deserialize)]
struct WireChoice {
    #[serde(default)]
    delta: Option<WireContent>,
    #[serde(default)]
    message: Option<WireContent>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct WireContent {
    #[serde(default)]
    content: Option<String>,
}

#[derive(Deserialize)]
struct WireModels {
    data: Vec<WireModel>,
}

#[derive(Deserialize)]
struct WireModel {
    id: String,
}

impl ChatClient {
    /// A client for `endpoint`.
    ///
    /// # Errors
    /// [`LlmError::Config`] when the HTTP client cannot be built.
    pub fn new(endpoint: ModelEndpoint, config: ClientConfig) -> Result<ChatClient, LlmError> {
        let http = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .user_agent(concat!("aartiq/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| LlmError::Config(e.to_string()))?;
        Ok(ChatClient {
            http,
            endpoint,
            config,
        })
    }

    /// The endpoint this client talks to.
    pub fn endpoint(&self) -> &ModelEndpoint {
        &self.endpoint
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}/{}", self.endpoint.base_url.trim_end_matches('/'), path)
    }

    /// The first of `candidates` whose server answers `GET /models` within `probe_timeout`,
    /// as a client with `config`; else, for each candidate, what was tried and why it failed
    /// (`"Ollama at http://127.0.0.1:11434/v1: nothing is listening ..."`).
    ///
    /// # Errors
    /// The list of failures when no candidate answers.
    pub async fn first_reachable(
        candidates: Vec<ModelEndpoint>,
        config: ClientConfig,
        probe_timeout: Duration,
    ) -> Result<ChatClient, Vec<String>> {
        let mut tried = Vec::new();
        for endpoint in candidates {
            let what = format!("{} at {}", endpoint.provider.label(), endpoint.base_url);
            let probe = ClientConfig {
                connect_timeout: probe_timeout,
                retries: 0,
                ..config
            };
            let answered = match ChatClient::new(endpoint.clone(), probe) {
                Ok(client) => match tokio::time::timeout(probe_timeout, client.models()).await {
                    Ok(Ok(_)) => Ok(()),
                    Ok(Err(error)) => Err(error.to_string()),
                    Err(_) => Err(format!("no answer within {probe_timeout:?}")),
                },
                Err(error) => Err(error.to_string()),
            };
            match answered
                .and_then(|()| ChatClient::new(endpoint, config).map_err(|e| e.to_string()))
            {
                Ok(client) => return Ok(client),
                Err(error) => tried.push(format!("{what}: {error}")),
            }
        }
        Err(tried)
    }

    /// The models the server offers (`GET /models`).
    ///
    /// # Errors
    /// Transport, status and format errors; see [`LlmError`].
    pub async fn models(&self) -> Result<Vec<String>, LlmError> {
        let url = self.url("models");
        let response = self.send(|| self.http.get(&url), &url).await?;
        let body = self.read_body(response, &url).await?;
        let models: WireModels = serde_json::from_slice(&body).map_err(|e| LlmError::Protocol {
            url: url.clone(),
            reason: e.to_string(),
        })?;
        Ok(models.data.into_iter().map(|m| m.id).collect())
    }

    /// One whole reply, not streamed.
    ///
    /// # Errors
    /// Transport, status, timeout and format errors; see [`LlmError`].
    pub async fn chat(&self, request: &ChatRequest) -> Result<Completion, LlmError> {
        let url = self.url("chat/completions");
        let body = self.body(request, false);
        let response = self.send(|| self.http.post(&url).json(&body), &url).await?;
        let bytes = self.read_body(response, &url).await?;
        let chunk: WireChunk = serde_json::from_slice(&bytes).map_err(|e| LlmError::Protocol {
            url: url.clone(),
            reason: e.to_string(),
        })?;
        let choice = chunk
            .choices
            .into_iter()
            .next()
            .ok_or_else(|| LlmError::Protocol {
                url: url.clone(),
                reason: "no choices in the reply".into(),
            })?;
        Ok(Completion {
            text: choice.message.and_then(|m| m.content).unwrap_or_default(),
            finish_reason: choice.finish_reason,
            model: chunk.model,
        })
    }

    /// A streamed reply: `on_text` gets each piece as it arrives; the whole reply is returned
    /// at the end. Dropping the future cancels the request.
    ///
    /// # Errors
    /// Transport, status, timeout and format errors, and [`LlmError::BrokenStream`] when the
    /// stream ends before `[DONE]` or a finish reason.
    pub async fn chat_stream(
        &self,
        request: &ChatRequest,
        mut on_text: impl FnMut(&str),
    ) -> Result<Completion, LlmError> {
        let url = self.url("chat/completions");
        let body = self.body(request, true);
        let mut response = self.send(|| self.http.post(&url).json(&body), &url).await?;
        let mut parser = SseParser::new();
        let mut completion = Completion {
            text: String::new(),
            finish_reason: None,
            model: None,
        };
        let broken = |reason: String| LlmError::BrokenStream {
            url: url.clone(),
            reason,
        };
        loop {
            let chunk = tokio::time::timeout(self.config.idle_timeout, response.chunk())
                .await
                .map_err(|_| LlmError::Timeout {
                    what: "the next streamed chunk",
                    after: self.config.idle_timeout,
                })?
                .map_err(|e| broken(e.to_string()))?;
            let events = match chunk {
                Some(bytes) => parser.push(&bytes).map_err(|e| broken(e.to_string()))?,
                None => {
                    let last = parser.finish();
                    let ended = completion.finish_reason.is_some() || last == Some(SseEvent::Done);
                    if let Some(SseEvent::Data(data)) = last {
                        self.apply(&data, &url, &mut completion, &mut on_text)?;
                    }
                    if ended || completion.finish_reason.is_some() {
                        return Ok(completion);
                    }
                    return Err(broken("the connection closed before [DONE]".into()));
                }
            };
            for event in events {
                match event {
                    SseEvent::Done => return Ok(completion),
                    SseEvent::Data(data) => {
                        self.apply(&data, &url, &mut completion, &mut on_text)?
                    }
                }
            }
        }
    }

    fn apply(
        &self,
        data: &str,
        url: &str,
        completion: &mut Completion,
        on_text: &mut impl FnMut(&str),
    ) -> Result<(), LlmError> {
        let value: serde_json::Value =
            serde_json::from_str(data).map_err(|e| LlmError::Protocol {
                url: url.to_owned(),
                reason: e.to_string(),
            })?;
        // Some servers report a failure inside the stream.
        if let Some(error) = value.get("error") {
            return Err(LlmError::Http {
                url: url.to_owned(),
                status: 200,
                message: error_message(error),
            });
        }
        let chunk: WireChunk = serde_json::from_value(value).map_err(|e| LlmError::Protocol {
            url: url.to_owned(),
            reason: e.to_string(),
        })?;
        if completion.model.is_none() {
            completion.model = chunk.model;
        }
        for choice in chunk.choices {
            if let Some(text) = choice
                .delta
                .and_then(|d| d.content)
                .filter(|t| !t.is_empty())
            {
                on_text(&text);
                completion.text.push_str(&text);
            }
            if choice.finish_reason.is_some() {
                completion.finish_reason = choice.finish_reason;
            }
        }
        Ok(())
    }

    fn body<'a>(&'a self, request: &'a ChatRequest, stream: bool) -> WireRequest<'a> {
        WireRequest {
            model: request.model.as_deref().unwrap_or(&self.endpoint.model),
            messages: &request.messages,
            stream,
            temperature: request.temperature,
            max_tokens: request.max_tokens,
        }
    }

    /// Sends with bounded retries (connection failures, 429, 5xx) and exponential backoff;
    /// returns a response with a success status.
    pub(crate) async fn send(
        &self,
        build: impl Fn() -> reqwest::RequestBuilder,
        url: &str,
    ) -> Result<reqwest::Response, LlmError> {
        let mut attempt = 0;
        loop {
            let result = self.send_once(build(), url).await;
            match result {
                Err(error) if error.is_retryable() && attempt < self.config.retries => {
                    tokio::time::sleep(self.config.backoff * 2u32.saturating_pow(attempt)).await;
                    attempt += 1;
                }
                other => return other,
            }
        }
    }

    async fn send_once(
        &self,
        builder: reqwest::RequestBuilder,
        url: &str,
    ) -> Result<reqwest::Response, LlmError> {
        let builder = match &self.endpoint.api_key {
            Some(key) => builder.bearer_auth(key),
            None => builder,
        };
        let timeout = self.config.connect_timeout + self.config.idle_timeout;
        let response = tokio::time::timeout(timeout, builder.send())
            .await
            .map_err(|_| LlmError::Timeout {
                what: "the response",
                after: timeout,
            })?
            .map_err(|e| transport_error(e, url))?;
        let status = response.status();
        if status.is_success() {
            return Ok(response);
        }
        let body = response.bytes().await.unwrap_or_default();
        let message = serde_json::from_slice::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v.get("error").map(error_message))
            .unwrap_or_else(|| String::from_utf8_lossy(&body).chars().take(500).collect());
        Err(LlmError::Http {
            url: url.to_owned(),
            status: status.as_u16(),
            message,
        })
    }

    pub(crate) async fn read_body(
        &self,
        response: reqwest::Response,
        url: &str,
    ) -> Result<Vec<u8>, LlmError> {
        tokio::time::timeout(self.config.idle_timeout, response.bytes())
            .await
            .map_err(|_| LlmError::Timeout {
                what: "the reply body",
                after: self.config.idle_timeout,
            })?
            .map(|b| b.to_vec())
            .map_err(|e| LlmError::BrokenStream {
                url: url.to_owned(),
                reason: e.to_string(),
            })
    }
}

/// The message of an OpenAI error object (`{"error": {"message": ...}}`, or a bare string).
fn error_message(error: &serde_json::Value) -> String {
    match error {
        serde_json::Value::String(s) => s.clone(),
        other => other
            .get("message")
            .and_then(serde_json::Value::as_str)
            .map_or_else(|| other.to_string(), str::to_owned),
    }
}

pub(crate) fn transport_error(error: reqwest::Error, url: &str) -> LlmError {
    if error.is_connect() {
        LlmError::NotListening {
            url: url.to_owned(),
        }
    } else if error.is_timeout() {
        LlmError::Timeout {
            what: "the connection",
            after: Duration::ZERO,
        }
    } else {
        LlmError::Transport {
            url: url.to_owned(),
            reason: error.to_string(),
        }
    }
}
