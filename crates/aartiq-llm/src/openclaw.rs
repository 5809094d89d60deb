//! The OpenClaw task-server client (spec d.9): `GET /health`, `POST /v1/tasks`.

use serde::Serialize;

use crate::LlmError;
use crate::client::transport_error;

/// What a task run gave back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TaskOutcome {
    /// The task's output (`output`, else `text`, else empty).
    Done(String),
    /// The server refused: `HTTP <status>`.
    Failed(String),
}

/// A client for one OpenClaw server.
#[derive(Debug, Clone)]
pub struct OpenClawClient {
    http: reqwest::Client,
    base_url: String,
}

impl OpenClawClient {
    /// A client for `base_url` (e.g. `http://127.0.0.1:18789`).
    ///
    /// # Errors
    /// [`LlmError::Config`] when the HTTP client cannot be built.
    pub fn new(
        base_url: impl Into<String>,
        timeout: std::time::Duration,
    ) -> Result<OpenClawClient, LlmError> {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|e| LlmError::Config(e.to_string()))?;
        Ok(OpenClawClient {
            http,
            base_url: base_url.into().trim_end_matches('/').to_owned(),
        })
    }

    /// Whether the server answers `GET /health` with a success status; false on any error.
    pub async fn ping(&self) -> bool {
        let url = format!("{}/health", self.base_url);
        self.http
            .get(url)
            .send()
            .await
            .is_ok_and(|r| r.status().is_success())
    }

    /// Runs a task: `POST /v1/tasks` with `task` as the JSON body.
    ///
    /// # Errors
    /// Transport failures and unreadable replies; an error status is a
    /// [`TaskOutcome::Failed`], as in the original.
    pub async fn run_task(&self, task: &impl Serialize) -> Result<TaskOutcome, LlmError> {
        let url = format!("{}/v1/tasks", self.base_url);
        let response = self
            .http
            .post(&url)
            .json(task)
            .send()
            .await
            .map_err(|e| transport_error(e, &url))?;
        if !response.status().is_success() {
            return Ok(TaskOutcome::Failed(format!(
                "HTTP {}",
                response.status().as_u16()
            )));
        }
        let data: serde_json::Value = response.json().await.map_err(|e| LlmError::Protocol {
            url: url.clone(),
            reason: e.to_string(),
        })?;
        let text = ["output", "text"]
            .iter()
            .find_map(|key| data.get(*key).and_then(serde_json::Value::as_str))
            .unwrap_or_default();
        Ok(TaskOutcome::Done(text.to_owned()))
    }
}
