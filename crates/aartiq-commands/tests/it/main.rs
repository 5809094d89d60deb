//! Integration tests of `aartiq-commands`: one binary, one module per concern.

mod catalog;
mod corpus;
mod fuzz_failures;
mod roundtrip;
mod spec;
