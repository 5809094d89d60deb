//! Integration tests of `aartiq-llm` against a local server on 127.0.0.1 that speaks the OpenAI
//! wire format (and OpenClaw's), playing scripted replies.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod chat;
mod images;
mod real_model;
mod server;
mod sse;
mod vision;
