//! The shared HTTP client: one `reqwest::Client` (rustls), retries with backoff on 429/5xx,
//! a per-engine politeness limiter for the scrapers, bounded bodies, and key redaction.

use std::time::Duration;

use reqwest::header::{HeaderMap, HeaderValue, RETRY_AFTER};
use reqwest::{RequestBuilder, StatusCode};
use tokio::sync::Mutex;
use tokio::time::Instant;

use crate::normalize::truncate_chars;
use crate::{ProviderError, RetryPolicy, SearchConfig, SearchError};

/// The `Accept` header the scrapers send.
pub(crate) const HTML_ACCEPT: &str =
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/// Largest body read from any provider; the rest is dropped.
const MAX_BODY: usize = 4 * 1024 * 1024;

/// What a provider sends through [`Http::send`].
pub(crate) struct Call<'a> {
    /// Label for status errors, e.g. `Tavily Search`.
    pub(crate) label: &'static str,
    /// Secret values to redact from any error text.
    pub(crate) secrets: &'a [&'a str],
    /// Whether 429 and 5xx are retried (keyed APIs) or returned at once (scrapers).
    pub(crate) retry: bool,
}

/// A successful answer: body as text plus the final URL (after redirects).
pub(crate) struct Answer {
    pub(crate) body: String,
    pub(crate) final_url: String,
}

#[derive(Debug)]
pub(crate) struct Http {
    client: reqwest::Client,
    retry: RetryPolicy,
}

impl Http {
    pub(crate) fn new(config: &SearchConfig) -> Result<Self, SearchError> {
        let mut headers = HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("en-US,en;q=0.9"),
        );
        let client = reqwest::Client::builder()
            .user_agent(config.user_agent.clone())
            .default_headers(headers)
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .redirect(reqwest::redirect::Policy::limited(5))
            .build()
            .map_err(|e| SearchError::Client(e.without_url().to_string()))?;
        Ok(Http {
            client,
            retry: config.retry,
        })
    }

    pub(crate) fn client(&self) -> &reqwest::Client {
        &self.client
    }

    /// Sends the request `build` makes, retrying per policy, and returns the body of a 2xx.
    pub(crate) async fn send(
        &self,
        call: Call<'_>,
        build: impl Fn() -> RequestBuilder,
    ) -> Result<Answer, ProviderError> {
        let mut attempt: u32 = 0;
        loop {
            let response = build()
                .send()
                .await
                .map_err(|e| transport(&e, call.secrets))?;
            let status = response.status();
            if status.is_success() {
                let final_url = response.url().to_string();
                let body = read_body(response, call.secrets).await?;
                return Ok(Answer { body, final_url });
            }
            let retryable = status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error();
            if call.retry && retryable && attempt < self.retry.max_retries {
                let wait = self.backoff(attempt, response.headers());
                attempt += 1;
                tokio::time::sleep(wait).await;
                continue;
            }
            if status == StatusCode::TOO_MANY_REQUESTS {
                return Err(ProviderError::RateLimited);
            }
            let body = read_body(response, call.secrets).await.unwrap_or_default();
            return Err(ProviderError::Status {
                label: call.label,
                status: status.as_u16(),
                body: truncate_chars(&crate::normalize::collapse_ws(&body), 300),
            });
        }
    }

    fn backoff(&self, attempt: u32, headers: &HeaderMap) -> Duration {
        let exp = self
            .retry
            .base_delay
            .saturating_mul(2u32.saturating_pow(attempt));
        let from_server = headers
            .get(RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        from_server.unwrap_or(exp).min(self.retry.max_delay)
    }
}

async fn read_body(
    mut response: reqwest::Response,
    secrets: &[&str],
) -> Result<String, ProviderError> {
    let mut buf: Vec<u8> = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| transport(&e, secrets))? {
        let room = MAX_BODY.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if buf.len() >= MAX_BODY {
            break;
        }
    }
    Ok(redact(&String::from_utf8_lossy(&buf), secrets))
}

fn transport(e: &reqwest::Error, secrets: &[&str]) -> ProviderError {
    let mut msg = if e.is_timeout() {
        "timed out".to_owned()
    } else if e.is_connect() {
        "could not connect".to_owned()
    } else {
        "error sending request".to_owned()
    };
    let mut source = std::error::Error::source(e);
    let mut depth = 0;
    while let Some(s) = source {
        if depth >= 4 {
            break;
        }
        msg.push_str(": ");
        msg.push_str(&s.to_string());
        source = s.source();
        depth += 1;
    }
    ProviderError::Transport(redact(&msg, secrets))
}

/// Replaces every occurrence of each secret (and its URL-encoded form) with `[redacted]`.
pub(crate) fn redact(text: &str, secrets: &[&str]) -> String {
    let mut out = text.to_owned();
    for secret in secrets.iter().filter(|s| s.len() >= 3) {
        out = out.replace(secret, "[redacted]");
        let encoded: String = url::form_urlencoded::byte_serialize(secret.as_bytes()).collect();
        if encoded != *secret {
            out = out.replace(&encoded, "[redacted]");
        }
    }
    out
}

/// Spaces out requests to one scraped engine: each caller waits until `interval` has passed
/// since the previous request started.
#[derive(Debug)]
pub(crate) struct Politeness {
    interval: Duration,
    last: Mutex<Option<Instant>>,
}

impl Politeness {
    pub(crate) fn new(interval: Duration) -> Self {
        Politeness {
            interval,
            last: Mutex::new(None),
        }
    }

    pub(crate) async fn wait_turn(&self) {
        let mut last = self.last.lock().await;
        if let Some(prev) = *last {
            let ready = prev + self.interval;
            let now = Instant::now();
            if ready > now {
                tokio::time::sleep_until(ready).await;
            }
        }
        *last = Some(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redaction_covers_encoded_forms() {
        let s = redact("key=a%2Bb%2Fc and a+b/c", &["a+b/c"]);
        assert_eq!(s, "key=[redacted] and [redacted]");
        assert_eq!(redact("ab", &["ab"]), "ab", "too short to redact safely");
    }
}
