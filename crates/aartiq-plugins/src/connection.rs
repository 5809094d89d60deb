//! One MCP session with one plugin process: the handshake, `tools/list`, liveness and the
//! shutdown, on the official Rust SDK (`rmcp`) over the process's stdin and stdout.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation, Tool};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::{ClientHandler, Peer, RoleClient, ServiceExt};

use crate::config::PluginConfig;
use crate::error::PluginError;
use crate::process::{Process, describe_exit};

/// How long a failed or crashed process gets to exit and flush stderr before it is killed.
const EXIT_WAIT: Duration = Duration::from_secs(1);

/// The client side of the session: who we are, and a flag for `tools/list_changed`.
struct PluginClient {
    info: ClientConfig,
    tools_changed: Arc<AtomicBool>,
}

impl ClientHandler for PluginClient {
    fn get_info(&self) -> ClientConfig {
        self.info.clone()
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.tools_changed.store(true, Ordering::Release);
    }
}

/// A running plugin: its MCP session and its process.
pub(crate) struct Connection {
    service: RunningService<RoleClient, PluginClient>,
    process: Process,
    tools_changed: Arc<AtomicBool>,
}

impl Connection {
    /// Spawns the plugin, does the MCP handshake and lists its tools, each step within
    /// `start_timeout`.
    pub(crate) async fn open(
        config: &PluginConfig,
        start_timeout: Duration,
    ) -> Result<(Connection, Vec<Tool>), PluginError> {
        let (mut process, pipes) =
            Process::spawn(config).map_err(|reason| PluginError::StartFailed {
                id: config.id.clone(),
                reason,
                stderr: String::new(),
            })?;
        let tools_changed = Arc::new(AtomicBool::new(false));
        let client = PluginClient {
            info: ClientConfig::new(
                ClientCapabilities::default(),
                Implementation::new("aartiq", env!("CARGO_PKG_VERSION")),
            ),
            tools_changed: Arc::clone(&tools_changed),
        };
        let service = match tokio::time::timeout(start_timeout, client.serve(pipes)).await {
            Ok(Ok(service)) => service,
            Ok(Err(e)) => {
                let reason = format!("the MCP handshake failed ({e})");
                return Err(start_failed(config, &mut process, reason, true).await);
            }
            Err(_) => {
                let reason = format!("no answer to the MCP handshake within {start_timeout:?}");
                return Err(start_failed(config, &mut process, reason, false).await);
            }
        };
        let mut connection = Connection {
            service,
            process,
            tools_changed,
        };
        match connection.list_tools(start_timeout).await {
            Ok(tools) => Ok((connection, tools)),
            Err(reason) => {
                let reason = format!("tools/list failed: {reason}");
                let error = start_failed(config, &mut connection.process, reason, true).await;
                connection.close(Duration::ZERO).await;
                Err(error)
            }
        }
    }

    /// Every tool, across pages, within `timeout`; clears the `list_changed` flag.
    pub(crate) async fn list_tools(&mut self, timeout: Duration) -> Result<Vec<Tool>, String> {
        self.tools_changed.store(false, Ordering::Release);
        match tokio::time::timeout(timeout, self.service.peer().list_all_tools()).await {
            Ok(Ok(tools)) => Ok(tools),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err(format!("no answer within {timeout:?}")),
        }
    }

    /// Whether the plugin said its tools changed since the last listing.
    pub(crate) fn tools_changed(&self) -> bool {
        self.tools_changed.load(Ordering::Acquire)
    }

    /// A handle to send requests on.
    pub(crate) fn peer(&self) -> Peer<RoleClient> {
        self.service.peer().clone()
    }

    /// The process id while it runs.
    pub(crate) fn pid(&self) -> Option<u32> {
        self.process.pid()
    }

    /// `Err(why)` when the process exited or the session closed.
    pub(crate) fn check_alive(&mut self) -> Result<(), String> {
        if self.process.has_exited() {
            return Err("it exited".to_owned());
        }
        if self.service.is_closed() || self.service.peer().is_transport_closed() {
            return Err("its MCP connection closed".to_owned());
        }
        Ok(())
    }

    /// After a failure: how it ended (waiting briefly for the exit, killing it otherwise) and
    /// the end of its stderr. Consumes the connection.
    pub(crate) async fn post_mortem(mut self, fallback: String) -> (String, String) {
        let exited = self.process.wait_exited(EXIT_WAIT).await;
        let status = self.process.finish().await;
        let reason = match status {
            Some(status) if exited => describe_exit(status),
            _ => format!("{fallback}; killed"),
        };
        let stderr = self.process.stderr_excerpt(EXIT_WAIT).await;
        let _ = self.service.close_with_timeout(Duration::ZERO).await;
        (reason, stderr)
    }

    /// Closes the session (the plugin sees end of input), then stops the process: `grace` to
    /// exit, `SIGTERM` to its group, `grace` again, `SIGKILL`; always reaped.
    pub(crate) async fn close(mut self, grace: Duration) {
        // Cancelling the session ends its task, which drops the transport: stdin closes.
        let _ = self.service.close_with_timeout(grace).await;
        self.process.shutdown(grace).await;
    }
}

/// The error for a process that did not get through the handshake: waits briefly for it to
/// exit when `may_exit` (it closed the connection), kills it otherwise, adds its stderr.
async fn start_failed(
    config: &PluginConfig,
    process: &mut Process,
    reason: String,
    may_exit: bool,
) -> PluginError {
    let exited = may_exit && process.wait_exited(EXIT_WAIT).await;
    let status = process.finish().await;
    let reason = match status {
        Some(status) if exited => format!("{} during start-up; {reason}", describe_exit(status)),
        _ => reason,
    };
    PluginError::StartFailed {
        id: config.id.clone(),
        reason,
        stderr: process.stderr_excerpt(EXIT_WAIT).await,
    }
}
