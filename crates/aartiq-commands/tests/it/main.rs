//! Integration tests of `aartiq-commands`: one binary, one module per concern.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
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
