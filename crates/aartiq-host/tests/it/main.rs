//! Integration tests of `aartiq-host`: real programs where this host has them (`tesseract`,
//! `/bin/sh`, `xdg-open`), temporary folders for sysfs and XDG data, and the not-installed
//! paths through an empty search path.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod cli;
mod desktop;
mod exec;
mod media;
mod ocr;
mod tabs;
mod xdg;

use std::path::{Path, PathBuf};

/// An executable script at `dir/name`.
pub(crate) fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Waits up to 5 s for a file to appear.
pub(crate) async fn appears(path: &Path) -> bool {
    for _ in 0..100 {
        if path.exists() {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    false
}
