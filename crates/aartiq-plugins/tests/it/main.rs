//! Integration tests: configuration and command parsing, then real plugins - the fixture MCP
//! server written with the official Python SDK, a command that does not exist, a process that
//! exits at once, one that never answers - through `PluginSupervisor`.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod config;
mod failures;
mod python;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use aartiq_plugins::{HostConfig, PluginConfig};

/// The Python with the official MCP SDK (`AARTIQ_MCP_PYTHON`, else `target/mcp-venv`).
pub(crate) fn python() -> PathBuf {
    aartiq_test_support::mcp_python()
}

/// The fixture MCP server.
pub(crate) fn server_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/plugin_server.py")
}

/// The fixture server as plugin `id`, writing its markers into `markers`.
pub(crate) fn fixture(id: &str, markers: &Path) -> PluginConfig {
    PluginConfig::new(id, python().to_string_lossy())
        .with_args([server_script().to_string_lossy().into_owned()])
        .with_env("MARKER_DIR", markers.to_string_lossy())
        .with_timeout(Duration::from_secs(20))
}

/// Quick backoff, generous start-up (Python start-up is slow on a busy machine), short grace.
pub(crate) fn host_config() -> HostConfig {
    HostConfig::default()
        .with_backoff(Duration::from_millis(20), Duration::from_millis(100))
        .with_start_timeout(Duration::from_secs(60))
        .with_shutdown_grace(Duration::from_secs(2))
}

/// Whether process `pid` still exists, zombie or not.
pub(crate) fn process_exists(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// The state letter of `/proc/<pid>/stat` (`Z` for a zombie), if the process exists.
pub(crate) fn process_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    after.trim_start().chars().next()
}

/// Waits up to `limit` for `done`.
pub(crate) async fn eventually(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    done()
}
