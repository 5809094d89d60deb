//! A Chromium someone else started, with a DevTools port: what a pool, a grid node or a
//! browser on another machine runs, for the tests that attach to one. Killed on drop.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A headless Chromium with `--remote-debugging-port=0`, on a temporary profile.
#[derive(Debug)]
pub struct DebuggableChromium {
    child: Child,
    port: u16,
    path: String,
    _profile: tempfile::TempDir,
}

impl DebuggableChromium {
    /// Starts `/usr/bin/chromium` and waits until it has written its DevTools port.
    ///
    /// # Panics
    /// When Chromium is not installed (`cargo xtask test` installs it) or never opens its
    /// port (a broken test setup).
    #[expect(
        clippy::disallowed_methods,
        reason = "the one place the tests start a browser they attach to"
    )]
    pub fn start() -> DebuggableChromium {
        let profile = tempfile::tempdir().unwrap_or_else(|e| panic!("a profile folder: {e}"));
        let child = Command::new("/usr/bin/chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                &format!("--user-data-dir={}", profile.path().display()),
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("Chromium must be installed (cargo xtask test installs it): {e}")
            });
        let port_file = profile.path().join("DevToolsActivePort");
        // Held from the start, so a browser that never opens its port is killed and reaped.
        let mut chromium = DebuggableChromium {
            child,
            port: 0,
            path: String::new(),
            _profile: profile,
        };
        for _ in 0..200 {
            if let Ok(text) = std::fs::read_to_string(&port_file) {
                let mut lines = text.lines();
                if let (Some(port), Some(path)) = (lines.next(), lines.next())
                    && let Ok(port) = port.parse()
                {
                    chromium.port = port;
                    chromium.path = path.to_owned();
                    return chromium;
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        drop(chromium);
        panic!("the browser never wrote its DevTools port");
    }

    /// Its DevTools port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Its browser WebSocket path, `/devtools/browser/<id>`.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether the process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for DebuggableChromium {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
