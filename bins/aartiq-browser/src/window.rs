//! `--headful`: the web UI in a window of its own, beside the controlled browser's window.
//!
//! The window is a second Chromium, not a tab of the controlled one: a tab there would be one
//! the model's tools could see, read and click (its Approve button included). This one has its
//! own temporary profile and speaks DevTools only over a private pipe to this process, so
//! nothing else can drive it. The UI link, token and all, is sent over that pipe; it never
//! appears in a command line (which any local user can read in `/proc`).

use std::path::PathBuf;

use aartiq_cdp::{BrowserConfig, CdpBrowser, LaunchOptions, Profile};
use aartiq_tools::Browser as _;
use anyhow::{Context, Result};

/// Where the two windows go: the UI on the left, the controlled browser beside it.
const UI_WINDOW: [&str; 2] = ["--window-position=0,0", "--window-size=480,900"];
/// The controlled browser's window, right of the UI's.
pub(crate) const BROWSER_WINDOW: [&str; 2] = ["--window-position=500,0", "--window-size=1200,900"];

/// The host of the UI link (`127.0.0.1`, `localhost`, `::1`).
fn ui_host(url: &str) -> String {
    let authority = url
        .split_once("://")
        .map_or(url, |(_, rest)| rest)
        .split(['/', '#', '?'])
        .next()
        .unwrap_or_default();
    match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default().to_owned(),
        None => authority.split(':').next().unwrap_or_default().to_owned(),
    }
}

/// The UI's window; closed with [`UiWindow::close`] (or killed when dropped).
pub(crate) struct UiWindow {
    browser: CdpBrowser,
}

impl UiWindow {
    /// Opens `url` (the UI link with its token in the fragment) in an app window of its own.
    pub(crate) async fn open(executable: Option<PathBuf>, url: &str) -> Result<UiWindow> {
        let mut extra_args = vec!["--app=about:blank".to_owned()];
        extra_args.extend(UI_WINDOW.iter().map(|a| (*a).to_owned()));
        let browser = CdpBrowser::launch_with(
            LaunchOptions {
                executable,
                headless: false,
                profile: Profile::Temporary,
                extra_args,
                ..LaunchOptions::default()
            },
            // Our own page on loopback: no origin policy applies, and the person's posts to
            // the UI (goals, approval answers) are not an agent's side effects.
            BrowserConfig {
                unsafe_request_hosts: vec![ui_host(url)],
                ..BrowserConfig::default()
            },
        )
        .await
        .context("the web UI's window could not start")?;
        let tab = browser
            .list_tabs()
            .await
            .context("the web UI's window has no page")?
            .into_iter()
            .next()
            .context("the web UI's window has no page")?;
        browser
            .navigate(&tab.id, url)
            .await
            .context("the web UI did not load in its window")?;
        Ok(UiWindow { browser })
    }

    /// Closes the window and deletes its profile.
    pub(crate) async fn close(self) {
        if let Err(error) = self.browser.close().await {
            tracing::debug!(%error, "closing the web UI's window");
        }
    }

    /// The window's process (said at start, so a person or a test can tell it from the
    /// controlled browser).
    pub(crate) fn pid(&self) -> Option<u32> {
        self.browser.pid()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_ui_host_is_read_from_its_link() {
        assert_eq!(
            super::ui_host("http://127.0.0.1:46204/ui/#t=abc"),
            "127.0.0.1"
        );
        assert_eq!(super::ui_host("http://[::1]:46204/ui/#t=abc"), "::1");
        assert_eq!(super::ui_host("http://localhost/ui/"), "localhost");
    }
}
