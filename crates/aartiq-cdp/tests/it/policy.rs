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
    let browser = launched(blocking_localhost()).await;
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
    // The worker runs on its own schedule: wait for its request to be stopped.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let mut blocked = browser.blocked_requests(&tab.id);
    while !blocked.iter().any(|b| b.contains("/from-worker"))
        && std::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
        blocked = browser.blocked_requests(&tab.id);
    }
    assert!(
        blocked.iter().any(|b| b.contains("/from-worker")),
        "{blocked:?}"
    );
    assert!(
        !site.requested("/from-worker"),
        "the worker's request never reached the server"
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
    // A browser someone else started, with a debugging port (what a pool or a grid node runs).
    let mut other = aartiq_test_support::chromium::DebuggableChromium::start();
    let port = other.port();
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
    assert!(other.running(), "an attached browser keeps running");
    drop(other);
    // The fence cannot stand in front of a browser aartiq did not start: private blocking is
    // refused rather than half kept.
    let error = CdpBrowser::attach(&format!("http://127.0.0.1:{port}"), private_only())
        .await
        .unwrap_err();
    assert!(matches!(error, aartiq_cdp::CdpError::Unfenced), "{error}");
    // Nothing listening: a clear transport error.
    let error = CdpBrowser::attach("http://127.0.0.1:9/", Default::default())
        .await
        .unwrap_err();
    assert!(error.to_string().contains("nothing answers"), "{error}");
}

/// Runs `script` in the tab's page (its main world), as the page itself would.
async fn page_runs(browser: &CdpBrowser, tab: &aartiq_tools::TabId, script: &str) {
    let session = browser.session(tab).unwrap();
    browser
        .connection()
        .call(
            "Runtime.evaluate",
            serde_json::json!({"expression": script}),
            Some(&session),
        )
        .await
        .unwrap();
}

/// A browser launched here under `config`.
async fn launched(config: BrowserConfig) -> CdpBrowser {
    CdpBrowser::launch_with(LaunchOptions::default(), config)
        .await
        .unwrap()
}

/// `localhost` on the block list, nothing else fenced.
fn blocking_localhost() -> BrowserConfig {
    BrowserConfig {
        policy: OriginPolicy {
            block_hosts: vec!["localhost".into()],
            ..OriginPolicy::default()
        },
        ..BrowserConfig::default()
    }
}

fn private_only() -> BrowserConfig {
    BrowserConfig {
        policy: OriginPolicy {
            block_private: true,
            ..OriginPolicy::default()
        },
        ..BrowserConfig::default()
    }
}

#[tokio::test]
async fn localhost_names_are_loopback_when_private_addresses_are_blocked() {
    let site = serve(vec![("/x", Reply::Html("<p>private</p>".to_owned()))]).await;
    let browser = launched(private_only()).await;
    let tabs = browser.list_tabs().await.unwrap();
    let tab = &tabs[0].id;
    // Up front: refused with the reason, never loaded.
    let error = browser
        .navigate(tab, &format!("http://anything.localhost:{}/x", site.port))
        .await
        .unwrap_err();
    assert!(error.to_string().contains("private"), "{error}");
    // From a page: a fetch, an image and a frame to names the resolver here does not know
    // but Chromium sends to 127.0.0.1.
    page_runs(
        &browser,
        tab,
        &format!(
            "fetch('http://anything.localhost:{p}/from-fetch').catch(() => {{}});
             new Image().src = 'http://img.sub.localhost:{p}/from-image';
             const f = document.createElement('iframe');
             f.src = 'http://frame.localhost:{p}/from-frame';
             document.body.appendChild(f);",
            p = site.port
        ),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    for path in ["/x", "/from-fetch", "/from-image", "/from-frame"] {
        assert!(!site.requested(path), "{path} reached the private server");
    }
    browser.close().await.unwrap();
}

const WORKERS: &str = r#"<!doctype html><title>Workers</title><p>workers</p>
<script>
new SharedWorker('/shared.js');
navigator.serviceWorker.register('/sw.js');
</script>"#;

#[tokio::test]
async fn shared_and_service_workers_are_intercepted() {
    let site = serve(vec![
        ("/workers", Reply::Html(WORKERS.to_owned())),
        (
            "/shared.js",
            Reply::Js(
                "fetch('http://localhost:{port}/from-shared').catch(() => {}); onconnect = () => {};"
                    .to_owned(),
            ),
        ),
        (
            "/sw.js",
            Reply::Js(
                "self.addEventListener('install', (e) => e.waitUntil(fetch('http://localhost:{port}/from-service').catch(() => {})));
                 fetch('http://localhost:{port}/from-service-top').catch(() => {});"
                    .to_owned(),
            ),
        ),
    ])
    .await;
    let browser = launched(blocking_localhost()).await;
    browser
        .new_tab(Some(&format!("{}/workers", site.base())))
        .await
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while !(site.requested("/shared.js") && site.requested("/sw.js"))
        && std::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(site.requested("/shared.js"), "the shared worker started");
    assert!(site.requested("/sw.js"), "the service worker was fetched");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for path in ["/from-shared", "/from-service"] {
        assert!(!site.requested(path), "{path} reached a blocked host");
    }
    browser.close().await.unwrap();
}

/// The DevTools protocol cannot refuse a WebSocket handshake (`Fetch` never pauses one, and
/// `Network.setBlockedURLs` does not apply to them), so a launched browser connects through
/// the fence, which judges every connection's host again.
#[tokio::test]
async fn websockets_to_private_addresses_are_refused() {
    let site = serve(vec![("/x", Reply::Html("<p>private</p>".to_owned()))]).await;
    let browser = launched(private_only()).await;
    let tabs = browser.list_tabs().await.unwrap();
    let tab = &tabs[0].id;
    page_runs(
        &browser,
        tab,
        &format!(
            "new WebSocket('ws://127.0.0.1:{p}/ws-literal');
             new WebSocket('ws://anything.localhost:{p}/ws-name');",
            p = site.port
        ),
    )
    .await;
    // The browser's own background connections are fenced too: look for the page's two.
    let ours = [
        format!("127.0.0.1:{}", site.port),
        format!("anything.localhost:{}", site.port),
    ];
    let both_refused = |refused: &[String]| {
        ours.iter()
            .all(|o| refused.iter().any(|r| r.starts_with(o.as_str())))
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !both_refused(&browser.refused_connections()) && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for path in ["/ws-literal", "/ws-name"] {
        assert!(!site.requested(path), "{path} reached the private server");
    }
    let refused = browser.refused_connections();
    assert!(both_refused(&refused), "{refused:#?}");
    browser.close().await.unwrap();
}

#[tokio::test]
async fn websockets_through_the_fence_reach_allowed_hosts_only() {
    let site = serve(vec![("/page", Reply::Html("<p>page</p>".to_owned()))]).await;
    let browser = launched(blocking_localhost()).await;
    let tab = browser
        .new_tab(Some(&format!("{}/page", site.base())))
        .await
        .unwrap();
    page_runs(
        &browser,
        &tab.id,
        &format!(
            "new WebSocket('ws://127.0.0.1:{p}/ws-open');
             new WebSocket('ws://localhost:{p}/ws-blocked');",
            p = site.port
        ),
    )
    .await;
    // The allowed handshake reaches the server through the fence: the control that shows the
    // refused one was refused by the policy, not lost on the way.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !site.requested("/ws-open") && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        site.requested("/ws-open"),
        "the allowed WebSocket never arrived"
    );
    let blocked = format!("localhost:{}: localhost is on the block list", site.port);
    while !browser.refused_connections().contains(&blocked) && std::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!site.requested("/ws-blocked"), "a blocked host was reached");
    let refused = browser.refused_connections();
    assert!(refused.contains(&blocked), "{refused:#?}");
    browser.close().await.unwrap();
}
