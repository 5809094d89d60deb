//! Integration tests of `aartiq-commands`: one binary, one module per concern.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod catalog;
mod corpus;
mod fuzz_failures;
mod roundtrip;
mod spec;
