//! `cargo xtask test --remote-browser`: the opt-in tier against a real browser pool.
//!
//! Installs the open-source Browserless (`@browserless.io/browserless`, pinned) from npm into
//! `target/browserless/` without any browser download, points it at Debian's Chromium (it
//! looks for Playwright's Chromium under `PLAYWRIGHT_BROWSERS_PATH`, so that path holds a link
//! to `/usr/bin/chromium`) and gives it only its `chromium` and `management` routes (its
//! default routes refuse to start without Google Chrome). Then it runs the ignored
//! `remote_browser` tests of `aartiq-http` with `AARTIQ_BROWSERLESS` naming the install; the
//! tests start and kill Browserless themselves.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::{cargo, step};

/// The pinned Browserless release (it asks for a newer Node than Debian's but runs on 20).
const BROWSERLESS_VERSION: &str = "2.42.0";

/// The Playwright Chromium build this Browserless release looks for.
const PLAYWRIGHT_CHROMIUM: &str = "chromium-1208/chrome-linux64";

/// The environment variable the tests read the install from.
pub(crate) const BROWSERLESS_VAR: &str = "AARTIQ_BROWSERLESS";

/// Installs Browserless when missing and runs the tier.
pub(crate) fn run(root: &Path) -> Result<()> {
    let dir = ensure(root)?;
    let mut tests = cargo();
    tests
        .args([
            "test",
            "--locked",
            "-p",
            "aartiq-http",
            "--test",
            "it",
            "--",
            "--ignored",
            "--test-threads=1",
            "remote_browser",
        ])
        .env(BROWSERLESS_VAR, &dir);
    step("cargo test (remote browser pool)", tests)
}

fn ensure(root: &Path) -> Result<PathBuf> {
    let dir = root.join("target/browserless");
    let entry = dir.join("node_modules/@browserless.io/browserless/build/index.js");
    let manifest = dir.join("node_modules/@browserless.io/browserless/package.json");
    let installed = std::fs::read_to_string(&manifest)
        .is_ok_and(|m| m.contains(&format!("\"version\": \"{BROWSERLESS_VERSION}\"")));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    if !(installed && entry.exists()) {
        eprintln!(
            "==> installing Browserless {BROWSERLESS_VERSION} into {}",
            dir.display()
        );
        let status = Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--omit=optional",
                "--prefix",
            ])
            .arg(&dir)
            .arg(format!("@browserless.io/browserless@{BROWSERLESS_VERSION}"))
            .env("PUPPETEER_SKIP_DOWNLOAD", "1")
            .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
            .status()
            .context("could not run npm (the remote-browser tier needs Node and npm)")?;
        if !status.success() {
            bail!("installing Browserless failed ({status})");
        }
    }
    let chromium = Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        bail!("the remote-browser tier needs Debian's chromium (apt-get install chromium)");
    }
    let browsers = dir.join("pw-browsers").join(PLAYWRIGHT_CHROMIUM);
    std::fs::create_dir_all(&browsers)?;
    let link = browsers.join("chrome");
    if std::fs::symlink_metadata(&link).is_err() {
        std::os::unix::fs::symlink(chromium, &link)?;
    }
    let routes = dir.join("routes");
    std::fs::create_dir_all(&routes)?;
    for name in ["chromium", "management"] {
        let link = routes.join(name);
        if std::fs::symlink_metadata(&link).is_err() {
            std::os::unix::fs::symlink(
                dir.join("node_modules/@browserless.io/browserless/build/routes")
                    .join(name),
                &link,
            )?;
        }
    }
    Ok(dir)
}
