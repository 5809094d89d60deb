//! Shared helpers for the benchmark targets in `benches/benches/`.
//!
//! Every target reads a fixed corpus from `benches/resources/` so that figures compare across
//! runs and machines as ratios to a baseline measured in the same run.

use std::path::PathBuf;

/// Absolute path of a file in `benches/resources/`.
pub fn resource(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("resources")
        .join(name)
}
