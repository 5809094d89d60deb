//! `aartiq-mcp` driven by real MCP clients: the official Python SDK over stdio and over
//! Streamable HTTP (`tests/python/mcp_client.py`), the MCP Inspector's CLI, the examples of
//! `docs/mcp.md`, and the `approve` subcommand.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod docs;
mod inspector;
mod python;
