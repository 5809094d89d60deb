//! `PluginSupervisor`: starts the configured plugins, supervises them (restart on next use with
//! backoff, at most N restarts per window), lists them and calls their tools.

use std::collections::VecDeque;
use std::sync::Mutex as SyncMutex;
use std::time::{Duration, Instant};

use aartiq_guard::{Context, Guard, Origin, Untrusted};
use futures_util::future::join_all;
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, ResourceContents, Tool};
use rmcp::{Peer, RoleClient, ServiceError};
use serde_json::{Map, Value};
use tokio::sync::Mutex;
use tokio_util::sync::CancellationToken;

use crate::command::{PluginCommand, parse_params};
use crate::config::{HostConfig, PluginConfig};
use crate::connection::Connection;
use crate::error::PluginError;
use crate::status::{PluginResult, PluginState, PluginStatus, PluginTool, ResolvedTool, tool_verb};

/// The most text a result keeps; the rest is cut with a marker.
const MAX_TEXT: usize = 1 << 20;

/// Options of one call.
#[derive(Debug, Clone, Default)]
pub struct CallOptions {
    /// What the guard knows when it scans the result (the user's goal, for goal drift).
    pub context: Context,
    /// Cancels the call: the plugin is sent `notifications/cancelled` and the call returns
    /// [`PluginError::Cancelled`]. Dropping the call's future sends the cancellation too.
    pub cancel: Option<CancellationToken>,
}

impl CallOptions {
    /// No goal, no cancellation token.
    pub fn new() -> Self {
        CallOptions::default()
    }

    /// Scans the result against the user's goal.
    pub fn with_context(mut self, context: Context) -> Self {
        self.context = context;
        self
    }

    /// Cancels the call when `token` is cancelled.
    pub fn with_cancel(mut self, token: CancellationToken) -> Self {
        self.cancel = Some(token);
        self
    }
}

/// Starts, supervises, lists and calls plugins (MCP servers over stdio).
///
/// Shut it down with [`PluginSupervisor::shutdown`] (each plugin sees end of input, then `SIGTERM`
/// and `SIGKILL` to its process group after [`HostConfig::shutdown_grace`] each). Dropping it
/// without that kills every plugin's process group at once; the processes are reaped either
/// way.
pub struct PluginSupervisor {
    slots: Vec<Slot>,
    config: HostConfig,
    guard: Guard,
}

impl std::fmt::Debug for PluginSupervisor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PluginSupervisor")
            .field(
                "plugins",
                &self.slots.iter().map(|s| &s.config.id).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

/// One configured plugin.
struct Slot {
    config: PluginConfig,
    /// The process and the supervision counters; held across a (re)start.
    inner: Mutex<Inner>,
    /// What [`PluginSupervisor::list`] reports; updated on every change, readable during a restart.
    status: SyncMutex<Snapshot>,
}

#[derive(Default)]
struct Inner {
    conn: Option<Connection>,
    /// Bumped on every successful start, so a failure is only pinned on the session it hit.
    generation: u64,
    started_once: bool,
    stopped: bool,
    restarts: VecDeque<Instant>,
    failures: u32,
    last_failure: Option<Instant>,
    last_error: Option<String>,
}

#[derive(Clone)]
struct Snapshot {
    state: PluginState,
    message: Option<String>,
    tools: Vec<PluginTool>,
    restarts: u32,
    pid: Option<u32>,
}

/// A live session to call on.
struct Live {
    peer: Peer<RoleClient>,
    tools: Vec<PluginTool>,
    generation: u64,
}

impl PluginSupervisor {
    /// A host for `plugins`, nothing started yet: each enabled plugin starts on
    /// [`PluginSupervisor::start_all`] or its first use.
    ///
    /// # Errors
    /// [`PluginError::InvalidConfig`] or [`PluginError::DuplicateId`] for the first bad entry;
    /// [`PluginError::Guard`] for invalid guard thresholds.
    pub fn new(plugins: Vec<PluginConfig>, config: HostConfig) -> Result<Self, PluginError> {
        let guard = Guard::new(config.guard)?;
        let mut slots: Vec<Slot> = Vec::with_capacity(plugins.len());
        for plugin in plugins {
            plugin.validate()?;
            if slots.iter().any(|s| s.config.id == plugin.id) {
                return Err(PluginError::DuplicateId(plugin.id));
            }
            let message = if plugin.enabled {
                "not started yet"
            } else {
                "disabled in the configuration"
            };
            slots.push(Slot {
                status: SyncMutex::new(Snapshot {
                    state: PluginState::Stopped,
                    message: Some(message.to_owned()),
                    tools: Vec::new(),
                    restarts: 0,
                    pid: None,
                }),
                inner: Mutex::new(Inner::default()),
                config: plugin,
            });
        }
        Ok(PluginSupervisor {
            slots,
            config,
            guard,
        })
    }

    /// [`PluginSupervisor::new`], then [`PluginSupervisor::start_all`].
    ///
    /// # Errors
    /// As [`PluginSupervisor::new`]. A plugin that fails to start is not an error here: it is
    /// reported `failed` by [`PluginSupervisor::list`] and tried again on its next use.
    pub async fn start(
        plugins: Vec<PluginConfig>,
        config: HostConfig,
    ) -> Result<Self, PluginError> {
        let host = PluginSupervisor::new(plugins, config)?;
        host.start_all().await;
        Ok(host)
    }

    /// Starts every enabled plugin that is not running yet, concurrently.
    pub async fn start_all(&self) {
        join_all(
            self.slots
                .iter()
                .filter(|s| s.config.enabled)
                .map(|slot| async {
                    let _ = self.ensure_running(slot).await;
                }),
        )
        .await;
    }

    /// Every configured plugin in configuration order, with its state and tools
    /// (OPEN_MCP_SETTINGS). A plugin found dead is reported `failed` here; it is restarted on
    /// its next use.
    pub async fn list(&self) -> Vec<PluginStatus> {
        let mut out = Vec::with_capacity(self.slots.len());
        for slot in &self.slots {
            // A plugin being (re)started keeps its lock; its snapshot says `starting`.
            if let Ok(mut inner) = slot.inner.try_lock() {
                let dead = match inner.conn.as_mut() {
                    Some(conn) => conn.check_alive().err(),
                    None => None,
                };
                if let Some(reason) = dead {
                    self.record_crash(slot, &mut inner, reason).await;
                }
            }
            let snap = slot.snapshot();
            out.push(PluginStatus {
                id: slot.config.id.clone(),
                state: snap.state,
                message: snap.message,
                tools: snap.tools,
                trust: slot.config.trust,
                enabled: slot.config.enabled,
                restarts: snap.restarts,
                pid: snap.pid,
            });
        }
        out
    }

    /// The configured plugin ids, in configuration order.
    pub fn ids(&self) -> Vec<String> {
        self.slots.iter().map(|s| s.config.id.clone()).collect()
    }

    /// Resolves `pluginId.commandName` and its parameters without calling anything: the
    /// plugin (started if needed), the tool and the verb its annotations imply, and the
    /// arguments. What the runtime shows in an approval before [`PluginSupervisor::call`].
    ///
    /// # Errors
    /// [`PluginError::InvalidCommand`], [`PluginError::InvalidParams`],
    /// [`PluginError::UnknownPlugin`], [`PluginError::UnknownTool`],
    /// [`PluginError::NotAllowed`], and the start errors of [`PluginSupervisor::call`].
    pub async fn resolve(&self, command: &str, params: Value) -> Result<ResolvedTool, PluginError> {
        let (slot, live, tool, arguments) = self.prepare(command, params).await?;
        drop(live);
        Ok(ResolvedTool {
            plugin: slot.config.id.clone(),
            trust: slot.config.trust,
            tool,
            arguments,
        })
    }

    /// PLUGIN_COMMAND: calls tool `commandName` of plugin `pluginId` with `params` (an object,
    /// or a string holding one; spec a.8 row 46), within the plugin's timeout, and scans what
    /// it returns.
    ///
    /// # Errors
    /// See [`PluginSupervisor::call_with`].
    pub async fn call(&self, command: &str, params: Value) -> Result<PluginResult, PluginError> {
        self.call_with(command, params, &CallOptions::new()).await
    }

    /// [`PluginSupervisor::call`] with a guard context and a cancellation token.
    ///
    /// # Errors
    /// - [`PluginError::InvalidCommand`], [`PluginError::InvalidParams`]: the input;
    /// - [`PluginError::UnknownPlugin`], [`PluginError::UnknownTool`] (listing the known ones);
    /// - [`PluginError::Disabled`], [`PluginError::ShutDown`];
    /// - [`PluginError::StartFailed`] (with the end of its stderr), [`PluginError::RestartLimit`];
    /// - [`PluginError::NotAllowed`]: the tool's annotations imply a verb the plugin's trust
    ///   level does not allow;
    /// - [`PluginError::Timeout`], [`PluginError::Cancelled`] (the plugin is sent a
    ///   cancellation), [`PluginError::Crashed`], [`PluginError::Protocol`].
    pub async fn call_with(
        &self,
        command: &str,
        params: Value,
        options: &CallOptions,
    ) -> Result<PluginResult, PluginError> {
        let (slot, live, tool, arguments) = self.prepare(command, params).await?;
        let id = &slot.config.id;
        let mut request = CallToolRequestParams::new(tool.name.clone());
        request.arguments = Some(arguments);
        // Dropping this future (timeout, cancellation, the caller giving up) makes rmcp send
        // `notifications/cancelled` for the request.
        let call = tokio::time::timeout(slot.config.timeout, live.peer.call_tool(request));
        let outcome = match &options.cancel {
            Some(token) => tokio::select! {
                outcome = call => outcome,
                () = token.cancelled() => {
                    return Err(PluginError::Cancelled { plugin: id.clone(), tool: tool.name });
                }
            },
            None => call.await,
        };
        let result = match outcome {
            Err(_) => {
                return Err(PluginError::Timeout {
                    plugin: id.clone(),
                    tool: tool.name,
                    after: slot.config.timeout,
                });
            }
            Ok(Ok(result)) => result,
            Ok(Err(ServiceError::McpError(e))) => {
                return Err(PluginError::Protocol {
                    plugin: id.clone(),
                    tool: tool.name,
                    message: e.message.into_owned(),
                });
            }
            Ok(Err(e)) => return Err(self.call_failed(slot, live.generation, &tool.name, e).await),
        };
        Ok(self.scan_result(id, &tool.name, result, &options.context))
    }

    /// Stops every plugin: end of input, then `SIGTERM` and `SIGKILL` to its process group
    /// after the grace period each; reaps them. Later calls fail with
    /// [`PluginError::ShutDown`].
    pub async fn shutdown(&self) {
        let grace = self.config.shutdown_grace;
        join_all(self.slots.iter().map(|slot| async move {
            let mut inner = slot.inner.lock().await;
            inner.stopped = true;
            if let Some(conn) = inner.conn.take() {
                conn.close(grace).await;
            }
            slot.update(|s| {
                s.state = PluginState::Stopped;
                s.message = Some("shut down".to_owned());
                s.pid = None;
            });
        }))
        .await;
    }

    fn slot(&self, id: &str) -> Result<&Slot, PluginError> {
        self.slots
            .iter()
            .find(|s| s.config.id == id)
            .ok_or_else(|| PluginError::UnknownPlugin {
                id: id.to_owned(),
                known: self.ids(),
            })
    }

    /// Parses, finds the plugin, makes sure it runs, finds the tool and checks its verb.
    async fn prepare(
        &self,
        command: &str,
        params: Value,
    ) -> Result<(&Slot, Live, PluginTool, Map<String, Value>), PluginError> {
        let parsed = PluginCommand::parse(command)?;
        let arguments = parse_params(command, params)?;
        let slot = self.slot(parsed.plugin)?;
        let live = self.ensure_running(slot).await?;
        let Some(tool) = live.tools.iter().find(|t| t.name == parsed.tool).cloned() else {
            return Err(PluginError::UnknownTool {
                plugin: slot.config.id.clone(),
                tool: parsed.tool.to_owned(),
                known: live.tools.iter().map(|t| t.name.clone()).collect(),
            });
        };
        if !tool.allowed {
            return Err(PluginError::NotAllowed {
                plugin: slot.config.id.clone(),
                tool: tool.name,
                verb: tool.verb,
                trust: slot.config.trust,
            });
        }
        Ok((slot, live, tool, arguments))
    }

    /// The running session of `slot`, (re)starting it if needed within the restart limit and
    /// after the backoff.
    async fn ensure_running(&self, slot: &Slot) -> Result<Live, PluginError> {
        let id = &slot.config.id;
        let mut inner = slot.inner.lock().await;
        if inner.stopped {
            return Err(PluginError::ShutDown(id.clone()));
        }
        if !slot.config.enabled {
            return Err(PluginError::Disabled(id.clone()));
        }
        let dead = match inner.conn.as_mut() {
            Some(conn) => conn.check_alive().err(),
            None => None,
        };
        if let Some(reason) = dead {
            self.record_crash(slot, &mut inner, reason).await;
        }
        let generation = inner.generation;
        if let Some(conn) = inner.conn.as_mut() {
            if conn.tools_changed() {
                match conn.list_tools(slot.config.timeout).await {
                    Ok(tools) => {
                        let tools = self.describe_tools(&slot.config, tools);
                        slot.update(|s| s.tools = tools);
                    }
                    Err(reason) => {
                        return Err(PluginError::Protocol {
                            plugin: id.clone(),
                            tool: "tools/list".to_owned(),
                            message: reason,
                        });
                    }
                }
            }
            return Ok(Live {
                peer: conn.peer(),
                tools: slot.snapshot().tools,
                generation,
            });
        }

        let is_restart = inner.started_once;
        if is_restart {
            let now = Instant::now();
            let window = self.config.restart_window;
            while inner
                .restarts
                .front()
                .is_some_and(|t| now.duration_since(*t) >= window)
            {
                inner.restarts.pop_front();
            }
            let restarts = u32::try_from(inner.restarts.len()).unwrap_or(u32::MAX);
            if restarts >= self.config.max_restarts {
                let retry_after = inner.restarts.front().map_or(Duration::ZERO, |t| {
                    window.saturating_sub(now.duration_since(*t))
                });
                let last_error = inner.last_error.clone().unwrap_or_default();
                let error = PluginError::RestartLimit {
                    id: id.clone(),
                    restarts,
                    window_secs: window.as_secs(),
                    retry_after,
                    last_error,
                };
                slot.update(|s| {
                    s.state = PluginState::Failed;
                    s.message = Some(error.to_string());
                });
                return Err(error);
            }
            let backoff = self.config.backoff(inner.failures);
            if let Some(last) = inner.last_failure {
                let waited = last.elapsed();
                if waited < backoff {
                    slot.update(|s| s.state = PluginState::Starting);
                    tokio::time::sleep(backoff - waited).await;
                }
            }
            inner.restarts.push_back(Instant::now());
        }
        inner.started_once = true;
        slot.update(|s| {
            s.state = PluginState::Starting;
            s.message = None;
            if is_restart {
                s.restarts = s.restarts.saturating_add(1);
            }
        });
        match Connection::open(&slot.config, self.config.start_timeout).await {
            Ok((conn, tools)) => {
                let tools = self.describe_tools(&slot.config, tools);
                let peer = conn.peer();
                let pid = conn.pid();
                inner.conn = Some(conn);
                inner.generation += 1;
                inner.failures = 0;
                inner.last_error = None;
                slot.update(|s| {
                    s.state = PluginState::Running;
                    s.message = None;
                    s.tools = tools.clone();
                    s.pid = pid;
                });
                Ok(Live {
                    peer,
                    tools,
                    generation: inner.generation,
                })
            }
            Err(error) => {
                inner.failures = inner.failures.saturating_add(1);
                inner.last_failure = Some(Instant::now());
                inner.last_error = Some(error.to_string());
                slot.update(|s| {
                    s.state = PluginState::Failed;
                    s.message = Some(error.to_string());
                    s.pid = None;
                });
                Err(error)
            }
        }
    }

    /// Takes a dead session out of `inner`, records why and returns the crash.
    async fn record_crash(&self, slot: &Slot, inner: &mut Inner, reason: String) -> PluginError {
        let (reason, stderr) = match inner.conn.take() {
            Some(conn) => conn.post_mortem(reason).await,
            None => (reason, String::new()),
        };
        let error = PluginError::Crashed {
            id: slot.config.id.clone(),
            reason,
            stderr,
        };
        inner.failures = inner.failures.saturating_add(1);
        inner.last_failure = Some(Instant::now());
        inner.last_error = Some(error.to_string());
        slot.update(|s| {
            s.state = PluginState::Failed;
            s.message = Some(error.to_string());
            s.pid = None;
        });
        error
    }

    /// A call that failed below MCP (the connection): if the session is still the one the
    /// call used and it is dead, record and report the crash.
    async fn call_failed(
        &self,
        slot: &Slot,
        generation: u64,
        tool: &str,
        error: ServiceError,
    ) -> PluginError {
        let mut inner = slot.inner.lock().await;
        if inner.generation == generation {
            let dead = match inner.conn.as_mut() {
                Some(conn) => {
                    // The session may notice the end before the process is gone.
                    match conn.check_alive() {
                        Err(reason) => Some(reason),
                        Ok(()) if matches!(error, ServiceError::TransportClosed) => {
                            Some("its MCP connection closed".to_owned())
                        }
                        Ok(()) => None,
                    }
                }
                None => None,
            };
            if let Some(reason) = dead {
                return self.record_crash(slot, &mut inner, reason).await;
            }
        }
        PluginError::Protocol {
            plugin: slot.config.id.clone(),
            tool: tool.to_owned(),
            message: error.to_string(),
        }
    }

    /// The tools of a listing with their verbs, trust decisions and scanned descriptions.
    fn describe_tools(&self, config: &PluginConfig, tools: Vec<Tool>) -> Vec<PluginTool> {
        tools
            .into_iter()
            .map(|tool| {
                let annotations = tool.annotations.as_ref();
                let read_only = annotations.and_then(|a| a.read_only_hint).unwrap_or(false);
                // MCP: destructiveHint defaults to true and means nothing for a read-only tool.
                let destructive =
                    !read_only && annotations.and_then(|a| a.destructive_hint).unwrap_or(true);
                let verb = tool_verb(read_only, destructive);
                let description = tool.description.as_deref().unwrap_or_default().to_owned();
                let origin = Origin::new("plugin")
                    .with_locator(format!("{}.{} (description)", config.id, tool.name));
                let scanned =
                    Untrusted::new(description, origin).scan(&self.guard, &Context::new());
                PluginTool {
                    description: scanned.model_text().to_owned(),
                    description_action: scanned.verdict.action,
                    name: tool.name.into_owned(),
                    read_only,
                    destructive,
                    verb,
                    allowed: config.trust.allows(verb),
                }
            })
            .collect()
    }

    /// The result's text and structured content, each through the guard.
    fn scan_result(
        &self,
        plugin: &str,
        tool: &str,
        result: CallToolResult,
        context: &Context,
    ) -> PluginResult {
        let origin = Origin::new("plugin").with_locator(format!("{plugin}.{tool}"));
        let text = content_text(&result.content);
        let text = Untrusted::new(text, origin.clone()).scan(&self.guard, context);
        let structured = result.structured_content.map(|value| {
            Untrusted::new(value, origin).scan_with(&self.guard, context, Value::to_string)
        });
        PluginResult {
            plugin: plugin.to_owned(),
            tool: tool.to_owned(),
            text,
            structured,
            is_error: result.is_error.unwrap_or(false),
        }
    }
}

impl Slot {
    fn snapshot(&self) -> Snapshot {
        match self.status.lock() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    fn update(&self, f: impl FnOnce(&mut Snapshot)) {
        match self.status.lock() {
            Ok(mut s) => f(&mut s),
            Err(poisoned) => f(&mut poisoned.into_inner()),
        }
    }
}

/// The content blocks as text: text as is, other kinds as placeholders; cut at 1 MiB.
fn content_text(content: &[ContentBlock]) -> String {
    let mut parts: Vec<String> = Vec::with_capacity(content.len());
    for block in content {
        parts.push(match block {
            ContentBlock::Text(t) => t.text.clone(),
            ContentBlock::Image(i) => format!("[image: {}]", i.mime_type),
            ContentBlock::Audio(a) => format!("[audio: {}]", a.mime_type),
            ContentBlock::Resource(r) => match &r.resource {
                ResourceContents::TextResourceContents { text, .. } => text.clone(),
                ResourceContents::BlobResourceContents { uri, mime_type, .. } => format!(
                    "[resource {uri}: {}]",
                    mime_type.as_deref().unwrap_or("binary")
                ),
                #[allow(unreachable_patterns, reason = "the enum may grow")]
                _ => "[resource]".to_owned(),
            },
            ContentBlock::ResourceLink(link) => format!("[resource link: {}]", link.uri),
            #[allow(unreachable_patterns, reason = "the enum may grow")]
            _ => "[content]".to_owned(),
        });
    }
    let mut text = parts.join("\n");
    if text.len() > MAX_TEXT {
        let mut cut = MAX_TEXT;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str("\n[truncated]");
    }
    text
}
