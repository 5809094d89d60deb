//! A remote browser over `wss://`: a real Chromium with a debugging port behind a TLS
//! terminator signed by a test CA (`aartiq_test_support::tls`), that lets a handshake through
//! only with the pool's token, in a header or in `?token=`, as hosted pools do.

use std::path::Path;
use std::time::Duration;

use aartiq_cdp::{AttachOptions, CdpBrowser, CdpError};
use aartiq_test_support::chromium::DebuggableChromium;
use aartiq_test_support::tls::{Gate, Terminator, ca_file, other_ca_file};
use aartiq_tools::Browser;

use crate::site::{Reply, serve};

const TOKEN: &str = "pool-token-s3cret";

#[tokio::test]
async fn attaches_over_wss_with_a_private_ca_and_the_pools_token() {
    let site = serve(vec![(
        "/a",
        Reply::Html("<title>Remote</title><button>Far away</button>".to_owned()),
    )])
    .await;
    let mut chromium = DebuggableChromium::start();
    let proxy = Terminator::start(chromium.port(), Gate::Token(TOKEN.to_owned()));
    let trusted = AttachOptions::new().with_ca_file(&ca_file()).unwrap();
    let with_header = trusted
        .clone()
        .with_header(&format!("Authorization: Bearer {TOKEN}"))
        .unwrap();
    let ws = format!("wss://localhost:{}{}", proxy.port(), chromium.path());

    // The system's roots alone do not know the test CA: refused at the TLS handshake.
    let error = CdpBrowser::attach_with(&ws, &AttachOptions::new(), Default::default())
        .await
        .unwrap_err();
    assert!(matches!(error, CdpError::Transport(_)), "{error:?}");
    // Nor does another CA.
    let other = AttachOptions::new().with_ca_file(&other_ca_file()).unwrap();
    assert!(
        CdpBrowser::attach_with(&ws, &other, Default::default())
            .await
            .is_err()
    );
    // The right CA but no token: the pool says 401, and the error says so.
    let error = CdpBrowser::attach_with(&ws, &trusted, Default::default())
        .await
        .unwrap_err();
    assert!(error.to_string().contains("401"), "{error}");
    // Each of the three was refused by the terminator (it counts them as it sees them).
    for _ in 0..100 {
        if proxy.refused() >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(proxy.refused(), 3);

    // The token in a header: a working browser.
    let browser = CdpBrowser::attach_with(&ws, &with_header, Default::default())
        .await
        .unwrap();
    let tab = browser
        .new_tab(Some(&format!("{}/a", site.base())))
        .await
        .unwrap()
        .screened(&aartiq_test_support::default_guard());
    assert_eq!(tab.title, "Remote");
    let capture = browser.capture(&tab.id).await.unwrap();
    assert_eq!(capture.root.children[0].name, "Far away");
    browser.close().await.unwrap();

    // The token in the URL, the way pools hand it out: it works, and a wrong one is never
    // shown in the error.
    let with_query = format!("{ws}?token={TOKEN}");
    let browser = CdpBrowser::attach_with(&with_query, &trusted, Default::default())
        .await
        .unwrap();
    browser.close().await.unwrap();
    let error = CdpBrowser::attach_with(
        &format!("{ws}?token=wrong-s3cret-guess"),
        &trusted,
        Default::default(),
    )
    .await
    .unwrap_err();
    assert!(!error.to_string().contains("s3cret"), "{error}");

    // An https:// endpoint: /json/version is read through TLS with the header, and the
    // ws:// URL it names is reached as wss://.
    let endpoint = format!("https://localhost:{}", proxy.port());
    let browser = CdpBrowser::attach_with(&endpoint, &with_header, Default::default())
        .await
        .unwrap();
    assert!(browser.list_tabs().await.is_ok());
    browser.close().await.unwrap();
    assert!(chromium.running(), "an attached browser keeps running");
}

#[test]
fn attach_settings_that_cannot_work_are_refused_without_quoting_a_value() {
    for bad in [
        "Authorization Bearer x",
        "Bad Name: x",
        "Host: pool.example",
        "Sec-WebSocket-Key: x",
        "X-Token: line\r\nInjected: yes",
    ] {
        let error = AttachOptions::new().with_header(bad).unwrap_err();
        assert!(matches!(error, CdpError::Attach(_)), "{bad}: {error:?}");
        assert!(!error.to_string().contains("yes"), "{error}");
    }
    let options = AttachOptions::new()
        .with_header("Authorization: Bearer s3cret")
        .unwrap()
        .with_header("X-Pool: a")
        .unwrap();
    assert_eq!(
        options.header_names().collect::<Vec<_>>(),
        ["authorization", "x-pool"]
    );
    let shown = format!("{options:?}");
    assert!(
        shown.contains("authorization") && !shown.contains("s3cret"),
        "{shown}"
    );
    let missing = AttachOptions::new()
        .with_ca_file(Path::new("/nonexistent/ca.pem"))
        .unwrap_err();
    assert!(missing.to_string().contains("cannot read"), "{missing}");
    let empty = tempfile::NamedTempFile::new().unwrap();
    let error = AttachOptions::new().with_ca_file(empty.path()).unwrap_err();
    assert!(error.to_string().contains("no certificate"), "{error}");
}
