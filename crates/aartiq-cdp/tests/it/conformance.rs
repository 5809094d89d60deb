//! The fake and the real browser agree: the same pages, captured by `FakeBrowser` (what the
//! tool tests run on) and by Chromium's collector, render the same snapshot. When this fails,
//! the fake has drifted from `collector.js`, and every test written against the fake is
//! testing something the real browser does not do.

use aartiq_agents::TrustLevel;
use aartiq_test_support::{Fakes, register};
use aartiq_tools::{Policy, ToolRegistry};
use serde_json::json;

use crate::site::{Reply, serve};

/// The pages both must agree on, by name.
const PAGES: &[(&str, &str)] = &[
    ("/article", include_str!("../data/conformance/article.html")),
    ("/form", include_str!("../data/conformance/form.html")),
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

/// Run with `--ignored`: today it fails, and its diff is the work left. On these two plain
/// pages the fake differs from the collector in five ways: it shows no `document` root; it
/// gives `<p>`, `<ul>` and `<li>` roles (`paragraph`, `list`, `listitem`) where the collector
/// walks through elements without a role and shows their text; it wraps a checkbox in a
/// `labeltext` node instead of naming the checkbox from its wrapping label; and it lists a
/// select's options as children where the collector (options have no boxes) states
/// `options=Free|Pro`.
#[tokio::test]
#[ignore = "FakeBrowser has drifted from collector.js (see the comment); the tree builder of aartiq-test-support is to follow it"]
async fn the_fake_browser_and_chromium_render_the_same_snapshots() {
    let site = serve(
        PAGES
            .iter()
            .map(|(path, html)| (*path, Reply::Html((*html).to_owned())))
            .collect(),
    )
    .await;
    let browser = std::sync::Arc::new(crate::browser::launch_browser().await);
    let fakes = Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    let real = ToolRegistry::with_builtin(services, Policy::default());
    let real_agent = register(&real, "real", TrustLevel::Standard, &fakes.clock);
    let mut drifted = Vec::new();
    for (name, html) in PAGES {
        let url = format!("{}{name}", site.base());
        let fake_side = Fakes::new();
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
    assert!(drifted.is_empty(), "{}", drifted.join("\n\n"));
}
