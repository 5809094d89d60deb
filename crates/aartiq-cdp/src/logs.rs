//! Each tab's console and network logs: bounded rings filled from `Runtime` and `Network`
//! events, read by `console_messages` and `network_requests`. No bodies are kept.

use aartiq_tools::{BackendError, ConsoleEntry, LOG_CAPACITY, NetworkEntry, TabId};
use serde_json::Value;

use crate::browser::{CdpBrowser, Inner};
use crate::connection::Event;

/// The longest console text kept.
const TEXT_LIMIT: usize = 1000;

/// The longest URL kept.
const URL_LIMIT: usize = 2000;

/// One request as the ring keeps it.
#[derive(Debug, Clone)]
pub(crate) struct Request {
    id: String,
    started: f64,
    entry: NetworkEntry,
}

fn cut(text: &str, limit: usize) -> String {
    text.chars().take(limit).collect()
}

/// A console argument as text: its value, or the description of an object.
fn argument(arg: &Value) -> String {
    match &arg["value"] {
        Value::String(s) => s.clone(),
        Value::Null => arg["description"]
            .as_str()
            .or_else(|| arg["type"].as_str())
            .unwrap_or_default()
            .to_owned(),
        other => other.to_string(),
    }
}

fn level_of(kind: &str) -> &'static str {
    match kind {
        "error" | "assert" => "error",
        "warning" | "warn" => "warning",
        "info" => "info",
        "debug" | "trace" => "debug",
        _ => "log",
    }
}

fn push<T>(ring: &mut std::collections::VecDeque<T>, item: T) {
    if ring.len() >= LOG_CAPACITY {
        ring.pop_front();
    }
    ring.push_back(item);
}

impl Inner {
    /// Files one `Runtime` or `Network` event in its tab's ring.
    pub(crate) fn log_event(&self, event: &Event) {
        let Some(session) = event.session_id.as_deref() else {
            return;
        };
        let p = &event.params;
        let mut state = self.state();
        let Some(tab) = state.sessions.get(session).map(|s| s.tab) else {
            return;
        };
        let Some(entry) = state.tabs.get_mut(&tab) else {
            return;
        };
        match event.method.as_str() {
            "Runtime.consoleAPICalled" => {
                let text = p["args"]
                    .as_array()
                    .map(|args| args.iter().map(argument).collect::<Vec<_>>().join(" "))
                    .unwrap_or_default();
                let source = p["stackTrace"]["callFrames"][0]["url"]
                    .as_str()
                    .filter(|u| !u.is_empty())
                    .map(|u| cut(u, URL_LIMIT));
                push(
                    &mut entry.console,
                    ConsoleEntry {
                        level: level_of(p["type"].as_str().unwrap_or("log")).to_owned(),
                        text: cut(&text, TEXT_LIMIT),
                        source,
                    },
                );
            }
            "Runtime.exceptionThrown" => {
                let details = &p["exceptionDetails"];
                let text = details["exception"]["description"]
                    .as_str()
                    .or_else(|| details["text"].as_str())
                    .unwrap_or("uncaught exception");
                push(
                    &mut entry.console,
                    ConsoleEntry {
                        level: "error".to_owned(),
                        text: cut(text, TEXT_LIMIT),
                        source: details["url"].as_str().map(|u| cut(u, URL_LIMIT)),
                    },
                );
            }
            "Network.requestWillBeSent" => {
                let id = p["requestId"].as_str().unwrap_or_default().to_owned();
                let url = p["request"]["url"].as_str().unwrap_or_default();
                if url.starts_with("data:") {
                    return;
                }
                push(
                    &mut entry.network,
                    Request {
                        id,
                        started: p["timestamp"].as_f64().unwrap_or(0.0),
                        entry: NetworkEntry {
                            method: p["request"]["method"].as_str().unwrap_or("GET").to_owned(),
                            url: cut(url, URL_LIMIT),
                            resource_type: p["type"].as_str().unwrap_or("Other").to_owned(),
                            status: None,
                            duration_ms: None,
                            failed: None,
                            blocked: false,
                        },
                    },
                );
            }
            method => {
                let id = p["requestId"].as_str().unwrap_or_default();
                // A redirect reuses the id: the newest request of that id is the one.
                let Some(request) = entry.network.iter_mut().rev().find(|r| r.id == id) else {
                    return;
                };
                match method {
                    "Network.responseReceived" => {
                        request.entry.status = p["response"]["status"]
                            .as_f64()
                            .and_then(|s| u16::try_from(s as i64).ok());
                    }
                    "Network.loadingFinished" => {
                        let end = p["timestamp"].as_f64().unwrap_or(request.started);
                        request.entry.duration_ms =
                            Some(((end - request.started) * 1000.0).max(0.0));
                    }
                    "Network.loadingFailed" => {
                        let error = p["errorText"].as_str().unwrap_or("failed");
                        request.entry.blocked =
                            p["blockedReason"].is_string() || error.contains("BLOCKED_BY_CLIENT");
                        request.entry.failed = Some(cut(error, 200));
                    }
                    _ => {}
                }
            }
        }
    }
}

impl CdpBrowser {
    /// The tab's console ring.
    pub(crate) fn console_of(&self, tab: &TabId) -> Result<Vec<ConsoleEntry>, BackendError> {
        let (number, _) = self.inner.attached_session(tab)?;
        Ok(self
            .inner
            .state()
            .tabs
            .get(&number)
            .map(|t| t.console.iter().cloned().collect())
            .unwrap_or_default())
    }

    /// The tab's network ring; a request the origin policy refused in the tab counts as
    /// blocked too.
    pub(crate) fn network_of(&self, tab: &TabId) -> Result<Vec<NetworkEntry>, BackendError> {
        let (number, _) = self.inner.attached_session(tab)?;
        let state = self.inner.state();
        let Some(entry) = state.tabs.get(&number) else {
            return Ok(Vec::new());
        };
        Ok(entry
            .network
            .iter()
            .map(|r| {
                let mut e = r.entry.clone();
                if e.failed.is_some() && entry.blocked.iter().any(|b| b.contains(&e.url)) {
                    e.blocked = true;
                }
                e
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn console_arguments_read_as_text_and_levels_are_named() {
        assert_eq!(
            argument(&serde_json::json!({"type": "string", "value": "hi"})),
            "hi"
        );
        assert_eq!(
            argument(&serde_json::json!({"type": "number", "value": 4})),
            "4"
        );
        assert_eq!(
            argument(&serde_json::json!({"type": "object", "description": "Array(2)"})),
            "Array(2)"
        );
        assert_eq!(level_of("warning"), "warning");
        assert_eq!(level_of("assert"), "error");
        assert_eq!(level_of("table"), "log");
    }

    #[test]
    fn a_ring_keeps_the_newest() {
        let mut ring = std::collections::VecDeque::new();
        for i in 0..LOG_CAPACITY + 5 {
            push(&mut ring, i);
        }
        assert_eq!(ring.len(), LOG_CAPACITY);
        assert_eq!(ring.front(), Some(&5));
    }
}
