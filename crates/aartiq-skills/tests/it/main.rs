//! Integration tests of aartiq-skills: matching, load requests, the loader on temporary
//! directories, the built-in skill files, and the example's JSON-lines contract.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Tests fail loudly on purpose.

mod builtin_files;
mod example_contract;
mod load_requests;
mod loader;
mod matching;

use std::path::PathBuf;

/// A file under `tests/data/`.
pub(crate) fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}
