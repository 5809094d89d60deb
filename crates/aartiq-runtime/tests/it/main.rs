//! Integration tests of the runtime: scripted model server on 127.0.0.1, fake backends.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod always;
mod catalog;
mod chromium;
mod documents;
mod goals;
mod host;
mod media;
mod plugins;
mod process;
mod research;
mod scenarios;
mod scheduler;
mod search;
mod side_effects;
mod store;
mod support;
mod tabs;
mod transcript;
