//! Integration tests of `aartiq-research`: the whole pipeline over a local HTTP server, the
//! event sequence, concurrency, timeouts, cancellation and properties.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Tests may panic.

mod e2e;
mod events;
mod fakes;
mod fetcher;
mod pipeline;
mod props;
mod server;
