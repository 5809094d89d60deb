//! One tab: a page target with a flattened session.

use std::time::Duration;

use serde_json::{Value, json};

use crate::connection::{load_event, script_value};
use crate::{CdpError, Connection};

/// A tab attached over a flattened session.
#[derive(Debug, Clone)]
pub struct Page {
    connection: Connection,
    target_id: String,
    session_id: String,
}

/// How long a navigation may take to fire its load event.
const LOAD_TIMEOUT: Duration = Duration::from_secs(30);

fn field<'a>(value: &'a Value, key: &str, method: &str) -> Result<&'a str, CdpError> {
    value
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| CdpError::Decode(format!("{method} returned no `{key}`")))
}

impl Page {
    pub(crate) async fn create(connection: Connection, url: &str) -> Result<Page, CdpError> {
        let created = connection
            .call("Target.createTarget", json!({"url": "about:blank"}), None)
            .await?;
        let target_id = field(&created, "targetId", "Target.createTarget")?.to_owned();
        let attached = connection
            .call(
                "Target.attachToTarget",
                json!({"targetId": target_id, "flatten": true}),
                None,
            )
            .await?;
        let session_id = field(&attached, "sessionId", "Target.attachToTarget")?.to_owned();
        let page = Page {
            connection,
            target_id,
            session_id,
        };
        page.call("Page.enable", json!({})).await?;
        if url != "about:blank" {
            page.navigate(url).await?;
        }
        Ok(page)
    }

    /// The DevTools target id.
    pub fn target_id(&self) -> &str {
        &self.target_id
    }

    /// The flattened session id.
    pub fn session_id(&self) -> &str {
        &self.session_id
    }

    /// Calls a method on this page's session.
    ///
    /// # Errors
    /// As [`Connection::call`].
    pub async fn call(&self, method: &str, params: Value) -> Result<Value, CdpError> {
        self.connection
            .call(method, params, Some(&self.session_id))
            .await
    }

    /// Navigates and waits for the new document's load event (a same-document navigation
    /// returns at once).
    ///
    /// # Errors
    /// [`CdpError::Navigation`] when the browser reports a network error (the page shows an
    /// error page), [`CdpError::Timeout`] when it never loads.
    pub async fn navigate(&self, url: &str) -> Result<(), CdpError> {
        let mut events = self.connection.events();
        let result = self.call("Page.navigate", json!({"url": url})).await?;
        if let Some(error) = result
            .get("errorText")
            .and_then(Value::as_str)
            .filter(|e| !e.is_empty())
        {
            return Err(CdpError::Navigation {
                url: url.to_owned(),
                reason: error.to_owned(),
            });
        }
        if result.get("loaderId").is_none() {
            return Ok(());
        }
        let session = self.session_id.clone();
        tokio::time::timeout(LOAD_TIMEOUT, load_event(&mut events, &session))
            .await
            .map_err(|_| CdpError::Timeout {
                method: "Page.loadEventFired".to_owned(),
                after: LOAD_TIMEOUT,
            })?
    }

    /// Evaluates a JavaScript expression in the page and returns its value (promises awaited).
    ///
    /// # Errors
    /// [`CdpError::Script`] when it throws.
    pub async fn evaluate(&self, expression: &str) -> Result<Value, CdpError> {
        let result = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
            )
            .await?;
        script_value(&result)
    }

    /// Closes the tab.
    ///
    /// # Errors
    /// Protocol errors and timeouts.
    pub async fn close(self) -> Result<(), CdpError> {
        self.connection
            .call(
                "Target.closeTarget",
                json!({"targetId": self.target_id}),
                None,
            )
            .await
            .map(|_| ())
    }
}
