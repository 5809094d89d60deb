//! Integration tests of `aartiq-cdp` against a real Chromium (Debian's `chromium`; `cargo xtask
//! test` installs it) and pages served from 127.0.0.1 by the tests themselves. A missing
//! browser fails these tests; nothing is skipped.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod browser;
mod conformance;
mod dialogs;
mod files;
mod logins;
mod page_host;
mod policy;
mod recovery;
mod redteam;
mod remote;
mod render;
mod side_effects;
mod site;
mod view;

use std::time::{Duration, Instant};

use aartiq_cdp::{CdpError, Chromium, LaunchOptions, Profile};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Serves `body` as HTML to every request on 127.0.0.1; returns the base URL.
async fn serve(body: &'static str) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = stream.read(&mut buf).await;
                let response = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(response.as_bytes()).await;
            });
        }
    });
    base
}

async fn launch() -> Chromium {
    match Chromium::launch(LaunchOptions::default()).await {
        Ok(browser) => browser,
        Err(error) => panic!(
            "Chromium must be installed for these tests (cargo xtask test installs it): {error}"
        ),
    }
}

/// A launched Chromium with `config`.
pub(crate) async fn launch_with(
    config: aartiq_cdp::BrowserConfig,
) -> std::sync::Arc<aartiq_cdp::CdpBrowser> {
    match aartiq_cdp::CdpBrowser::launch_with(LaunchOptions::default(), config).await {
        Ok(browser) => std::sync::Arc::new(browser),
        Err(error) => panic!("Chromium must be installed for these tests: {error}"),
    }
}

/// A new tab at `url`, snapshotted whole as `agent` so its refs can be used.
pub(crate) async fn open_page(
    registry: &aartiq_tools::ToolRegistry,
    agent: &aartiq_agents::AgentId,
    browser: &aartiq_cdp::CdpBrowser,
    url: &str,
) -> aartiq_tools::TabId {
    use aartiq_tools::Browser as _;
    let tab = browser.new_tab(Some(url)).await.unwrap().id;
    registry
        .call(
            agent,
            "snapshot",
            json!({"tabId": tab.as_str(), "maxTokens": 100_000}),
        )
        .await
        .unwrap();
    tab
}

/// The built-in tools over `browser`, every other service a fake; the fakes come back too.
pub(crate) fn tools_over(
    browser: &std::sync::Arc<aartiq_cdp::CdpBrowser>,
) -> (aartiq_tools::ToolRegistry, aartiq_test_support::Fakes) {
    let fakes = aartiq_test_support::Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    let registry =
        aartiq_tools::ToolRegistry::with_builtin(services, aartiq_tools::Policy::default());
    (registry, fakes)
}

/// The ref of the element named exactly `name` among `page_find`'s matches in the tab's last
/// snapshot, as `agent`.
pub(crate) async fn ref_named(
    registry: &aartiq_tools::ToolRegistry,
    agent: &aartiq_agents::AgentId,
    tab: &aartiq_tools::TabId,
    name: &str,
) -> String {
    let found = registry
        .call(
            agent,
            "page_find",
            json!({"tabId": tab.as_str(), "query": name, "limit": 50}),
        )
        .await
        .unwrap();
    let matches = found.json.unwrap()["matches"].clone();
    matches
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"].as_str() == Some(name))
        .and_then(|m| m["ref"].as_str())
        .unwrap_or_else(|| panic!("no element named {name:?}: {matches}"))
        .to_owned()
}

fn process_exists(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z "))
}

#[tokio::test]
async fn launches_over_the_pipe_and_reads_a_local_page() {
    let base =
        serve("<html><head><title>Local page</title></head><body><h1>Hello</h1></body></html>")
            .await;
    let browser = launch().await;
    assert!(
        browser.version().product.contains("Chrome"),
        "{:?}",
        browser.version()
    );
    let page = browser.new_page(&format!("{base}/")).await.unwrap();
    assert_eq!(
        page.evaluate("document.title").await.unwrap(),
        json!("Local page")
    );
    assert_eq!(
        page.evaluate("document.querySelector('h1').textContent")
            .await
            .unwrap(),
        json!("Hello")
    );
    assert_eq!(
        page.evaluate("Promise.resolve(6 * 7)").await.unwrap(),
        json!(42)
    );
    // No TCP debugging port: the browser was started with the pipe only.
    let cmdline =
        std::fs::read_to_string(format!("/proc/{}/cmdline", browser.pid().unwrap())).unwrap();
    assert!(
        cmdline.contains("--remote-debugging-pipe") && !cmdline.contains("--remote-debugging-port")
    );
    page.close().await.unwrap();
    browser.close().await.unwrap();
}

#[tokio::test]
async fn errors_are_typed() {
    let browser = launch().await;
    let page = browser.new_page("about:blank").await.unwrap();
    match browser
        .connection()
        .call("Nope.nothing", json!({}), None)
        .await
        .unwrap_err()
    {
        CdpError::Protocol { method, code, .. } => {
            assert_eq!((method.as_str(), code), ("Nope.nothing", -32601))
        }
        other => panic!("{other:?}"),
    }
    match page.evaluate("throw new Error('boom')").await.unwrap_err() {
        CdpError::Script(message) => assert!(message.contains("boom"), "{message}"),
        other => panic!("{other:?}"),
    }
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    match page
        .navigate(&format!("http://127.0.0.1:{port}/"))
        .await
        .unwrap_err()
    {
        CdpError::Navigation { reason, .. } => {
            assert!(reason.contains("ERR_CONNECTION_REFUSED"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    browser.close().await.unwrap();
}

#[tokio::test]
async fn a_crashed_browser_fails_waiting_calls_at_once_and_is_reaped_on_drop() {
    let browser = launch().await;
    let pid = browser.pid().unwrap();
    let page = browser.new_page("about:blank").await.unwrap();
    // A call that would wait 20 s for a promise that never settles.
    let pending = tokio::spawn({
        let page = page.clone();
        async move { page.evaluate("new Promise(() => {})").await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    let error = pending.await.unwrap().unwrap_err();
    assert!(matches!(error, CdpError::Closed { .. }), "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
    drop(browser);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!process_exists(pid), "the browser process must be gone");
}

#[tokio::test]
async fn dropping_the_browser_kills_it_and_removes_the_temporary_profile() {
    let browser = launch().await;
    let pid = browser.pid().unwrap();
    let cmdline = std::fs::read_to_string(format!("/proc/{pid}/cmdline")).unwrap();
    let profile = cmdline
        .split('\0')
        .find_map(|arg| arg.strip_prefix("--user-data-dir="))
        .map(std::path::PathBuf::from)
        .unwrap();
    assert!(profile.exists());
    drop(browser);
    let deadline = Instant::now() + Duration::from_secs(5);
    while process_exists(pid) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!process_exists(pid));
    assert!(
        !profile.exists(),
        "the temporary profile is deleted with the browser"
    );
}

#[tokio::test]
async fn a_missing_executable_is_a_clear_error() {
    let options = LaunchOptions {
        executable: Some("/nonexistent/chromium".into()),
        profile: Profile::Temporary,
        ..Default::default()
    };
    let error = Chromium::launch(options).await.unwrap_err();
    assert!(matches!(error, CdpError::BrowserNotFound { .. }));
    assert!(
        error.to_string().contains("apt-get install chromium"),
        "{error}"
    );
}
