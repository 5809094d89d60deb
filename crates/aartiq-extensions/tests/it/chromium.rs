//! An extension imported from a Chrome profile runs in a real Chromium launched by
//! `aartiq-cdp` with the store's launch switches: a page served here sees its content script.

use std::time::{Duration, Instant};

use aartiq_cdp::{Chromium, LaunchOptions};
use aartiq_extensions::ExtensionDir;
use aartiq_tools::ExtensionStore;
use serde_json::Value;

use crate::{Key, chrome_profile, serve};

const PAGE: &str = "<!doctype html><html><head><title>Extension check</title></head><body><p>hello</p></body></html>";

#[tokio::test]
async fn an_imported_extension_is_active_in_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("chrome-profile");
    let id = Key::ecdsa(5).id();
    chrome_profile(&profile, &[&id]);
    let store = ExtensionDir::new(dir.path().join("extensions"));
    let imported = store
        .import_chrome(Some(profile.to_str().unwrap()))
        .await
        .unwrap();
    assert_eq!(imported.len(), 1);

    let base = serve(vec![(
        "/".to_owned(),
        200,
        PAGE.as_bytes().to_vec(),
        "text/html",
    )])
    .await;
    // `--load-extension` and `--disable-extensions-except`. aartiq-cdp's plain `--headless` is
    // the new headless mode since Chromium 132, which runs extensions: no other switch needed
    // (checked on Debian's Chromium 156; without these switches the marker never appears).
    let extra_args = store.launch_args().unwrap();
    assert_eq!(extra_args.len(), 2);
    let browser = match Chromium::launch(LaunchOptions {
        extra_args,
        ..LaunchOptions::default()
    })
    .await
    {
        Ok(browser) => browser,
        Err(error) => panic!(
            "Chromium must be installed for this test (cargo xtask test installs it): {error}"
        ),
    };
    let page = browser.new_page(&format!("{base}/")).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    let marker = loop {
        let value = page
            .evaluate("document.documentElement.getAttribute('data-aartiq-extension')")
            .await
            .unwrap();
        if value != Value::Null || Instant::now() > deadline {
            break value;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        marker,
        Value::String("active".to_owned()),
        "the content script did not run; browser stderr:\n{}",
        browser.stderr_tail().join("\n")
    );
    browser.close().await.unwrap();
}
