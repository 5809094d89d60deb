//! The `PageHost` of `aartiq-host` on a real Chromium: screenshots, OCR of them with the real
//! `tesseract`, history steps and clicks at a point.

use aartiq_cdp::CdpBrowser;
use aartiq_host::{
    ExecConfig, HistoryDirection, HostError, PageHost, Rect, find_text, ocr_png, png_size,
};
use aartiq_tools::{ActionEffect, Browser, TabId};
use serde_json::{Value, json};

use crate::browser::launch_browser;
use crate::site::{Reply, Site, serve};

const TEXT_PAGE: &str = r#"<!doctype html><html><head><title>Report</title></head>
<body style="margin:0;background:#fff;color:#000;font-family:sans-serif;height:3000px">
<h1 style="font-size:56px;margin:40px">Quarterly Report</h1>
<button id="launch" style="position:absolute;left:60px;top:200px;font-size:40px;padding:10px 30px"
  onclick="document.getElementById('status').textContent='rocket launched'">Launch Rocket</button>
<p id="status" style="position:absolute;left:60px;top:320px;font-size:20px">waiting</p>
<p style="position:absolute;left:60px;top:1900px;font-size:56px;margin:0">Hidden Treasure</p>
</body></html>"#;

const BUTTON_PAGE: &str = r#"<!doctype html><html><head><title>Buttons</title></head>
<body style="margin:0">
<button id="fire" style="position:absolute;left:100px;top:100px;width:200px;height:60px"
  onclick="document.getElementById('status').textContent='fired at ' + event.clientX + ',' + event.clientY + ' trusted=' + event.isTrusted">Fire</button>
<a id="next" href="/two" style="position:absolute;left:100px;top:300px;font-size:30px">Next page</a>
<p id="status" style="position:absolute;left:100px;top:200px">idle</p>
</body></html>"#;

async fn site() -> Site {
    serve(vec![
        ("/text", Reply::Html(TEXT_PAGE.to_owned())),
        ("/buttons", Reply::Html(BUTTON_PAGE.to_owned())),
        (
            "/one",
            Reply::Html("<!doctype html><title>Page one</title><p>one</p>".to_owned()),
        ),
        (
            "/two",
            Reply::Html("<!doctype html><title>Page two</title><p>two</p>".to_owned()),
        ),
    ])
    .await
}

/// The test site, a browser, and a tab on the site's `path`.
async fn open(path: &str) -> (Site, CdpBrowser, aartiq_tools::PageTab) {
    let site = site().await;
    let browser = launch_browser().await;
    let tab = browser
        .new_tab(Some(&format!("{}{path}", site.base())))
        .await
        .unwrap();
    (site, browser, tab)
}

async fn eval(browser: &CdpBrowser, tab: &TabId, expression: &str) -> Value {
    let session = browser.session(tab).unwrap();
    let result = browser
        .connection()
        .call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
            Some(&session),
        )
        .await
        .unwrap();
    result["result"]["value"].clone()
}

#[tokio::test]
async fn a_screenshot_is_a_png_of_the_viewport_or_of_the_clip() {
    let (_site, browser, tab) = open("/text").await;
    // The viewport without its scroll bar (the page is taller than the window).
    let size = eval(
        &browser,
        &tab.id,
        "[document.documentElement.clientWidth, document.documentElement.clientHeight]",
    )
    .await;
    let png = browser.screenshot(&tab.id, None).await.unwrap();
    let (w, h) = png_size(&png).unwrap();
    assert_eq!(json!([w, h]), size);
    let clipped = browser
        .screenshot(&tab.id, Some(Rect::new(10, 20, 300, 100)))
        .await
        .unwrap();
    assert_eq!(png_size(&clipped), Some((300, 100)));
    // Clamped to the viewport.
    let edge = browser
        .screenshot(&tab.id, Some(Rect::new(w - 50, 0, 200, 40)))
        .await
        .unwrap();
    assert_eq!(png_size(&edge), Some((50, 40)));
    assert!(matches!(
        browser
            .screenshot(&tab.id, Some(Rect::new(0, 0, 0, 10)))
            .await,
        Err(HostError::InvalidRect(_))
    ));
    assert!(matches!(
        browser
            .screenshot(&tab.id, Some(Rect::new(w + 10, 0, 10, 10)))
            .await,
        Err(HostError::InvalidRect(_))
    ));
    assert!(matches!(
        browser.screenshot(&TabId::new("t99"), None).await,
        Err(HostError::Backend(_))
    ));
    browser.close().await.unwrap();
}

#[tokio::test]
async fn tesseract_reads_screenshots_and_its_boxes_are_clickable_viewport_points() {
    let (_site, browser, tab) = open("/text").await;
    let exec = ExecConfig::default();
    let ocr = ocr_png(&exec, &browser.screenshot(&tab.id, None).await.unwrap())
        .await
        .unwrap();
    assert!(ocr.text.contains("Quarterly Report"), "{}", ocr.text);
    assert!(
        !ocr.text.contains("Treasure"),
        "below the fold: {}",
        ocr.text
    );

    // FIND_AND_CLICK's fallback: the words' box, clicked at its centre, hits the button.
    let label = find_text(&ocr, "launch rocket").unwrap();
    let (x, y) = label.center();
    let outcome = browser.click_at(&tab.id, x, y, false).await.unwrap();
    assert!(outcome.ok, "{outcome:?}");
    assert_eq!(outcome.value.as_deref(), Some("button \"Launch Rocket\""));
    assert!(
        browser
            .page_text(&tab.id)
            .await
            .unwrap()
            .contains("rocket launched")
    );

    // Scrolled: the screenshot is of what is on screen now, and a clip is viewport-relative.
    eval(&browser, &tab.id, "window.scrollTo(0, 1800)").await;
    let scrolled = ocr_png(&exec, &browser.screenshot(&tab.id, None).await.unwrap())
        .await
        .unwrap();
    let treasure = find_text(&scrolled, "hidden treasure").unwrap();
    assert!(treasure.y.abs_diff(100) <= 15, "{treasure:?}");
    let clip = Rect::new(0, treasure.y.saturating_sub(20), 700, treasure.h + 40);
    let region = ocr_png(
        &exec,
        &browser.screenshot(&tab.id, Some(clip)).await.unwrap(),
    )
    .await
    .unwrap()
    .offset(clip.x, clip.y);
    let again = find_text(&region, "hidden treasure").unwrap();
    assert!(
        again.y.abs_diff(treasure.y) <= 3,
        "{again:?} vs {treasure:?}"
    );
    browser.close().await.unwrap();
}

#[tokio::test]
async fn back_and_forward_across_two_pages_and_typed_errors_at_the_ends() {
    let (site, browser, tab) = open("/one").await;
    browser
        .navigate(&tab.id, &format!("{}/two", site.base()))
        .await
        .unwrap();
    assert_eq!(
        browser.go_forward(&tab.id).await.unwrap_err(),
        HostError::NoHistoryEntry {
            tab: tab.id.clone(),
            direction: HistoryDirection::Forward
        }
    );
    let back = browser.go_back(&tab.id).await.unwrap();
    assert_eq!(
        (back.url.as_str(), back.title.as_str()),
        (format!("{}/one", site.base()).as_str(), "Page one")
    );
    assert!(browser.page_text(&tab.id).await.unwrap().contains("one"));
    let forward = browser.go_forward(&tab.id).await.unwrap();
    assert_eq!(
        (forward.url.as_str(), forward.title.as_str()),
        (format!("{}/two", site.base()).as_str(), "Page two")
    );
    assert!(browser.page_text(&tab.id).await.unwrap().contains("two"));
    // Back to the start of the history, then one more is an error.
    let mut steps = 0;
    let error = loop {
        match browser.go_back(&tab.id).await {
            Ok(_) => steps += 1,
            Err(error) => break error,
        }
        assert!(steps <= 3, "the history has three entries at most");
    };
    assert!(steps >= 1);
    assert_eq!(
        error,
        HostError::NoHistoryEntry {
            tab: tab.id.clone(),
            direction: HistoryDirection::Back
        }
    );
    assert_eq!(
        error.to_string(),
        format!("tab {} has no history entry to go back", tab.id)
    );
    browser.close().await.unwrap();
}

#[tokio::test]
async fn click_at_fires_real_events_and_reports_what_was_there() {
    let (_site, browser, tab) = open("/buttons").await;
    let outcome = browser
        .click_at(&tab.id, 200.0, 130.0, false)
        .await
        .unwrap();
    assert!(outcome.ok, "{outcome:?}");
    assert_eq!(outcome.value.as_deref(), Some("button \"Fire\""));
    assert!(
        browser
            .page_text(&tab.id)
            .await
            .unwrap()
            .contains("fired at 200,130 trusted=true")
    );

    let outside = browser
        .click_at(&tab.id, 5000.0, 10.0, false)
        .await
        .unwrap();
    assert!(!outside.ok);
    assert!(
        outside
            .reason
            .as_deref()
            .unwrap()
            .starts_with("point (5000, 10) is outside the "),
        "{outside:?}"
    );

    // A link: the navigation it starts is reported.
    let link = browser
        .click_at(&tab.id, 130.0, 320.0, false)
        .await
        .unwrap();
    assert_eq!(link.value.as_deref(), Some("link \"Next page\""));
    assert!(
        link.effects
            .iter()
            .any(|e| matches!(e, ActionEffect::Navigation { url } if url.ends_with("/two"))),
        "{link:?}"
    );
    browser.close().await.unwrap();
}
