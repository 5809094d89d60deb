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
//! On top of it, [`CdpBrowser`] implements the `Browser` trait of `aartiq-tools`:
//!
//! - **Tabs** are page targets with stable ids (`t1`, `t2`, ...). Every page, popup,
//!   out-of-process iframe and worker is auto-attached paused, set up, then resumed, so the
//!   origin policy is in force before its first request. Popups, dialogs, file choosers and
//!   navigations an action causes come back as [`aartiq_tools::ActionEffect`]s of that action.
//! - **Snapshots** come from an in-page collector running in aartiq's own isolated world (page
//!   scripts can neither see nor change it): it walks the DOM through open and closed shadow
//!   roots (closed ones are found with `DOM.describeNode` and handed in) and every frame,
//!   same-process or out-of-process. Each document carries a random token, so a navigation is
//!   noticed without racing events, and a mutation counter, so an unchanged page is answered
//!   from the cache with one round trip per frame.
//! - **Actions** re-check the node first (gone, detached, changed, disabled, covered) and click
//!   and hover with real input events at the element's centre; fills follow the original's
//!   rules (spec f.1).
//! - **The origin policy** ([`OriginPolicy`]) is enforced with `Fetch` interception on every
//!   target (redirects included) and checked up front on navigation. A launched browser also
//!   connects through a SOCKS5 fence on loopback that judges every connection's host again, so
//!   what interception cannot pause (WebSocket handshakes) is refused too.
//!
//! [`CdpBrowser::attach`] reaches a browser aartiq did not launch, over its DevTools WebSocket.
//! See `docs/browser.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! use aartiq_cdp::{CdpBrowser, LaunchOptions};
//! use aartiq_tools::Browser;
//!
//! let browser = CdpBrowser::launch(LaunchOptions::default()).await?;
//! let tab = browser.new_tab(Some("data:text/html,<button>Go</button>")).await?;
//! let capture = browser.capture(&tab.id).await?;
//! assert_eq!(capture.root.children[0].role, "button");
//! browser.close().await?;
//! # Ok(()) }
//! ```

mod actions;
mod browser;
mod capture;
mod connection;
mod dialogs;
mod error;
mod fence;
mod files;
mod launch;
mod logs;
mod page;
mod page_host;
mod policy;
mod render;
mod rule;
mod supervisor;
mod view;
mod ws;

pub use browser::{BrowserConfig, CdpBrowser, Isolation};
pub use connection::{Connection, Event};
pub use dialogs::DEFAULT_DIALOG_WAIT;
pub use error::CdpError;
pub use launch::{BrowserVersion, Chromium, KNOWN_EXECUTABLES, LaunchOptions, Profile};
pub use page::Page;
pub use policy::{Blocked, OriginPolicy};
pub use rule::SIDE_EFFECT_GRACE;
pub use supervisor::{BrowserSource, MAX_RESTARTS, ManagedBrowser, RESTART_WINDOW};
pub use ws::AttachOptions;
