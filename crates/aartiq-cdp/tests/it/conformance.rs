//! The fake and the real browser agree: the same pages, captured by `FakeBrowser` (what the
//! tool tests run on) and by Chromium's collector, render the same snapshot. When this fails,
//! the fake has drifted from `collector.js`, and every test written against the fake is
//! testing something the real browser does not do.

use aartiq_agents::TrustLevel;
use aartiq_test_support::{Fakes, register};
use aartiq_tools::ToolRegistry;
use serde_json::json;

use crate::site::{Reply, serve};

/// The pages both must agree on, by path: forms, labels, selects, buttons, links, headings
/// and landmarks, lists and tables, widgets (gauges, ranges, tabs, editable regions), hidden
/// content, frames (`/frames` embeds `/frame-inner` and `/frame-plain`), and the page
/// aartiq-tools' snapshot tests run on.
const PAGES: &[(&str, &str)] = &[
    ("/article", include_str!("../data/conformance/article.html")),
    ("/form", include_str!("../data/conformance/form.html")),
    ("/lists", include_str!("../data/conformance/lists.html")),
    ("/labels", include_str!("../data/conformance/labels.html")),
    ("/selects", include_str!("../data/conformance/selects.html")),
    ("/buttons", include_str!("../data/conformance/buttons.html")),
    ("/links", include_str!("../data/conformance/links.html")),
    (
        "/headings",
        include_str!("../data/conformance/headings.html"),
    ),
    ("/hidden", include_str!("../data/conformance/hidden.html")),
    ("/widgets", include_str!("../data/conformance/widgets.html")),
    ("/frames", include_str!("../data/conformance/frames.html")),
    (
        "/frame-inner",
        include_str!("../data/conformance/frame-inner.html"),
    ),
    (
        "/frame-plain",
        include_str!("../data/conformance/frame-plain.html"),
    ),
    // The page aartiq-tools' snapshot tests run on (its other page is an injection the
    // guard withholds from either side).
    (
        "/tools-checkout",
        include_str!("../../../aartiq-tools/tests/data/pages/checkout.html"),
    ),
];

/// Pages of the same kinds that were written before the fake's tree builder was changed and
/// kept out of its tuning: they check that it follows the collector's rules, not the examples
/// above.
const HELD_OUT: &[(&str, &str)] = &[
    (
        "/checkout",
        include_str!("../data/conformance/held-out/checkout.html"),
    ),
    (
        "/docs",
        include_str!("../data/conformance/held-out/docs.html"),
    ),
    (
        "/settings",
        include_str!("../data/conformance/held-out/settings.html"),
    ),
    (
        "/held-frame",
        include_str!("../data/conformance/held-out/held-frame.html"),
    ),
];

/// A snapshot without what legitimately differs: the header (tab ids and URLs) and ref
/// numbers (each side mints its own).
fn normalised(text: &str) -> String {
    let mut lines = text.lines();
    lines.next();
    let body = lines.collect::<Vec<_>>().join("\n");
    // `e12` (a ref) becomes `e#`; an `e` inside a word is left alone.
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    let mut after_word = false;
    while let Some(c) = chars.next() {
        out.push(c);
        if c == 'e' && !after_word && chars.peek().is_some_and(char::is_ascii_digit) {
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
            out.push('#');
        }
        after_word = c.is_alphanumeric();
    }
    out
}

async fn snapshot(registry: &ToolRegistry, agent: &aartiq_agents::AgentId, tab: &str) -> String {
    registry
        .call(
            agent,
            "snapshot",
            json!({"tabId": tab, "maxTokens": 100_000}),
        )
        .await
        .unwrap_or_else(|r| panic!("snapshot was rejected: {r:?}"))
        .text
}

/// Every page of `pages`, captured by the fake (which knows every page as a site, so its
/// frames load) and by Chromium; the pages whose snapshots differ, with both renderings.
async fn drift(pages: &[(&'static str, &'static str)]) -> Vec<String> {
    let site = serve(
        pages
            .iter()
            .map(|(path, html)| (*path, Reply::Html((*html).to_owned())))
            .collect(),
    )
    .await;
    let browser = std::sync::Arc::new(crate::browser::launch_browser().await);
    let (real, fakes) = crate::tools_over(&browser);
    let real_agent = register(&real, "real", TrustLevel::Standard, &fakes.clock);
    let mut drifted = Vec::new();
    for (name, html) in pages {
        let url = format!("{}{name}", site.base());
        let fake_side = Fakes::new();
        for (path, page) in pages {
            fake_side
                .browser
                .add_site(&format!("{}{path}", site.base()), page);
        }
        fake_side.browser.add_tab("1", &url, html);
        let fake = fake_side.registry();
        let fake_agent = register(&fake, "fake", TrustLevel::Standard, &fake_side.clock);
        let from_fake = normalised(&snapshot(&fake, &fake_agent, "1").await);
        let tab = aartiq_tools::Browser::new_tab(browser.as_ref(), Some(&url))
            .await
            .unwrap();
        let from_chromium = normalised(&snapshot(&real, &real_agent, tab.id.as_str()).await);
        if from_fake != from_chromium {
            drifted.push(format!(
                "{name}:\n--- fake\n{from_fake}\n--- chromium\n{from_chromium}"
            ));
        }
    }
    drifted
}

#[tokio::test]
async fn the_fake_browser_and_chromium_render_the_same_snapshots() {
    let drifted = drift(PAGES).await;
    assert!(drifted.is_empty(), "{}", drifted.join("\n\n"));
}

#[tokio::test]
async fn the_fake_browser_and_chromium_agree_on_pages_kept_out_of_tuning() {
    let drifted = drift(HELD_OUT).await;
    assert!(drifted.is_empty(), "{}", drifted.join("\n\n"));
}
