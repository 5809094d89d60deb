//! The MCP Inspector's CLI (`@modelcontextprotocol/inspector --cli`) lists the tools of the real
//! binary with `--strict` schema checks: no error-severity problem, no type lists.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The launcher `cargo xtask test` installs (`target/mcp-inspector`, with Node 22), or
/// `AARTIQ_MCP_INSPECTOR`. Missing is a failure, not a skip.
fn inspector() -> PathBuf {
    if let Some(path) = std::env::var_os("AARTIQ_MCP_INSPECTOR") {
        return PathBuf::from(path);
    }
    let local = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/mcp-inspector/node_modules/.bin/mcp-inspector");
    assert!(
        local.exists(),
        "the MCP Inspector is missing: run `cargo xtask test` (it installs target/mcp-inspector) \
         or set AARTIQ_MCP_INSPECTOR"
    );
    local
}

#[test]
fn the_inspector_lists_every_tool_with_strict_schema_checks() {
    let launcher = inspector();
    let bin = launcher.parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(&launcher)
        .args(["--cli", "--strict", "--method", "tools/list"])
        .arg(env!("CARGO_BIN_EXE_aartiq-mcp"))
        .args(["--no-browser", "--approvals-dir"])
        .arg(dir.path())
        .env("PATH", path)
        .env("HOME", dir.path())
        .env("AARTIQ_LOG", "error")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "inspector failed ({}):\n{stderr}",
        out.status
    );
    // `--strict` exits 6 on any error-severity problem; the one warning left is `fill_form`'s
    // `submit`, deliberately any value (a truthy one is refused with the original's message).
    assert!(stderr.contains("0 errors"), "{stderr}");
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("Warning: tool"))
        .collect();
    assert_eq!(warnings, ["Warning: tool \"fill_form\""], "{stderr}");
    let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let tools = listed["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 51);
    assert!(
        tools
            .iter()
            .all(|t| t["annotations"]["readOnlyHint"].is_boolean())
    );
}
