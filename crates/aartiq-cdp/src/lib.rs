//! Real Chromium over the DevTools protocol.
//!
//! `aartiq-cdp` is aartiq's browser: a thin client for the Chrome DevTools Protocol written on
//! tokio, with no generated-protocol crate. This first layer launches Chromium hardened (a fresh
//! temporary profile unless a persistent one is named, headless unless a display is wanted,
//! background networking, component updates and sync off, `--no-sandbox` only as root) and
//! talks to it over `--remote-debugging-pipe`: the protocol runs on two private file
//! descriptors, so no TCP debugging port exists for another local process to use. One writer
//! and one reader move NUL-delimited JSON messages; calls are answered by id with per-call
//! timeouts, events are fanned out with their flattened session id, and a browser that exits
//! fails every waiting call at once. The process is killed and reaped when dropped.
//!
//! Still to come on top of this layer: the `Browser` trait of `aartiq-tools` (tabs, snapshots
//! with refs, actions by ref, the origin policy) and attaching to a running browser over a
//! WebSocket.
//!
//! ```no_run
//! # async fn run() -> Result<(), aartiq_cdp::CdpError> {
//! use aartiq_cdp::{Chromium, LaunchOptions};
//!
//! let browser = Chromium::launch(LaunchOptions::default()).await?;
//! let page = browser.new_page("data:text/html,<title>hi</title>").await?;
//! assert_eq!(page.evaluate("document.title").await?, "hi");
//! browser.close().await?;
//! # Ok(()) }
//! ```

mod connection;
mod error;
mod launch;
mod page;

pub use connection::{Connection, Event};
pub use error::CdpError;
pub use launch::{BrowserVersion, Chromium, KNOWN_EXECUTABLES, LaunchOptions, Profile};
pub use page::Page;
