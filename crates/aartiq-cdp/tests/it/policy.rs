//! The origin policy on a real browser: navigation, iframes, redirects and workers, and
//! attaching to a running browser over its DevTools WebSocket.

use std::time::Duration;

use aartiq_cdp::{BrowserConfig, CdpBrowser, LaunchOptions, OriginPolicy};
use aartiq_tools::Browser;

use crate::site::{Reply, serve};

const EMBEDS: &str = r#"<!doctype html><title>Embeds</title>
<iframe src="http://localhost:{port}/inner" title="Blocked frame"></iframe>
<script>new Worker('/worker.js');</script><p>host page</p>"#;

#[tokio::test]
async fn blocked_hosts_never_load_in_pages_frames_redirects_or_workers() {
    let site = serve(vec![
        ("/embeds", Reply::Html(EMBEDS.to_owned())),
        ("/inner", Reply::Html("<button>Inner</button>".to_owned())),
        (
            "/worker.js",
            Reply::Js("fetch('http://localhost:{port}/from-worker').catch(() => {});".to_owned()),
        ),
        (
            "/hop",
            Reply::Redirect("http://localhost:{port}/inner".to_owned()),
        ),
    ])
    .await;
    let config = BrowserConfig {
        policy: OriginPolicy {
            block_hosts: vec!["localhost".into()],
            ..OriginPolicy::default()
        },
        ..BrowserConfig::default()
    };
    let browser = CdpBrowser::launch_with(LaunchOptions::default(), config)
        .await
        .unwrap();
    // Navigation: refused up front with the reason.
    let error = browser
        .new_tab(Some(&format!("{}/inner", site.other())))
        .await
        .unwrap_err();
    assert!(
        error.to_string().contains("blocked by the origin policy"),
        "{error}"
    );
    // A page may load, but its blocked iframe and its worker's request do not.
    let tab = browser
        .new_tab(Some(&format!("{}/embeds", site.base())))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let capture = browser.capture(&tab.id).await.unwrap();
    let text = format!("{capture:?}");
    assert!(
        text.contains("host page") && !text.contains("Inner"),
        "{text}"
    );
    assert!(
        site.requested("/worker.js"),
        "the worker itself is same-origin"
    );
    assert!(
        !site.requested("/inner"),
        "the frame never reached the server"
    );
    assert!(
        !site.requested("/from-worker"),
        "the worker's request never reached the server"
    );
    let blocked = browser.blocked_requests(&tab.id);
    assert!(
        blocked.iter().any(|b| b.contains("/from-worker")),
        "{blocked:?}"
    );
    // A redirect from an allowed host to a blocked one stops at the hop.
    let error = browser
        .navigate(&tab.id, &format!("{}/hop", site.base()))
        .await
        .unwrap_err();
    assert!(error.to_string().contains("origin policy"), "{error}");
    assert!(site.requested("/hop") && !site.requested("/inner"));
    browser.close().await.unwrap();
}

#[tokio::test]
async fn private_addresses_can_be_blocked() {
    let site = serve(vec![("/x", Reply::Html("<p>private</p>".to_owned()))]).await;
    let config = BrowserConfig {
        policy: OriginPolicy {
            block_private: true,
            ..OriginPolicy::default()
        },
        ..BrowserConfig::default()
    };
    let browser = CdpBrowser::launch_with(LaunchOptions::default(), config)
        .await
        .unwrap();
    let tabs = browser.list_tabs().await.unwrap();
    for url in [format!("{}/x", site.base()), format!("{}/x", site.other())] {
        let error = browser.navigate(&tabs[0].id, &url).await.unwrap_err();
        assert!(error.to_string().contains("private"), "{error}");
    }
    assert!(!site.requested("/x"));
    browser.close().await.unwrap();
}

#[tokio::test]
async fn attaches_to_a_running_browser_over_its_websocket() {
    let site = serve(vec![(
        "/a",
        Reply::Html("<title>Attached</title><button>Hello</button>".to_owned()),
    )])
    .await;
    let profile = tempfile::tempdir().unwrap();
    // A browser someone else started, with a debugging port (what a pool or a grid node runs).
    #[allow(
        clippy::disallowed_methods,
        reason = "the test starts the browser it attaches to"
    )]
    let mut other = tokio::process::Command::new("/usr/bin/chromium")
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
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("Chromium must be installed (cargo xtask test installs it)");
    let port_file = profile.path().join("DevToolsActivePort");
    let mut port = String::new();
    for _ in 0..200 {
        if let Ok(text) = std::fs::read_to_string(&port_file)
            && let Some(first) = text.lines().next()
            && !first.is_empty()
        {
            port = first.to_owned();
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        !port.is_empty(),
        "the browser never wrote its DevTools port"
    );
    let browser = CdpBrowser::attach(
        &format!("http://127.0.0.1:{port}"),
        aartiq_cdp::BrowserConfig::default(),
    )
    .await
    .unwrap();
    assert!(browser.pid().is_none(), "not ours to kill");
    let tab = browser
        .new_tab(Some(&format!("{}/a", site.base())))
        .await
        .unwrap()
        .screened(&aartiq_test_support::default_guard());
    assert_eq!(tab.title, "Attached");
    let capture = browser.capture(&tab.id).await.unwrap();
    assert_eq!(capture.root.children[0].name, "Hello");
    browser.close().await.unwrap();
    assert!(
        other.try_wait().unwrap().is_none(),
        "an attached browser keeps running"
    );
    let _ = other.kill().await;
    // Nothing listening: a clear transport error.
    let error = CdpBrowser::attach("http://127.0.0.1:9/", Default::default())
        .await
        .unwrap_err();
    assert!(error.to_string().contains("nothing answers"), "{error}");
}
