//! Integration tests of the store, each on a fresh file in a temporary directory.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod automations;
mod files;
mod never_panics;
mod records;
mod settings;

use aartiq_store::{Store, TimeZone};

/// A new store in a temporary directory (kept alive by the returned guard), cron in UTC.
pub(crate) fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("aartiq.db"))
        .unwrap()
        .with_time_zone(TimeZone::UTC);
    (dir, store)
}

/// 2026-01-01T00:00:00Z in ms.
pub(crate) const JAN_1: u64 = 1_767_225_600_000;
pub(crate) const HOUR: u64 = 3_600_000;
