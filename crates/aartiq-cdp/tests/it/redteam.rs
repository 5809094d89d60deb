//! The red team's selector attack on real Chromium (issue 21, finding 12): a page keeps a
//! password in its field's `value` attribute, and an agent tries to spell it out from
//! `dom_query` match counts.

use std::sync::Arc;

use aartiq_agents::TrustLevel;
use aartiq_cdp::{BrowserConfig, CdpBrowser, LaunchOptions};
use aartiq_test_support::register;
use aartiq_tools::{Browser, DomQuery};
use serde_json::json;

const LOGIN: &str = r#"<html><body><form><input id="user" value="ada"><input type="password" id="pw" value="s3cr"></form></body></html>"#;

#[tokio::test]
async fn a_password_cannot_be_spelled_out_from_dom_query_match_counts() {
    let base = crate::serve(LOGIN).await;
    let browser = Arc::new(
        CdpBrowser::launch_with(LaunchOptions::default(), BrowserConfig::default())
            .await
            .expect("Chromium must be installed for these tests"),
    );
    let (registry, fakes) = crate::tools_over(&browser);
    let tab = browser.new_tab(Some(&base)).await.unwrap().id;
    // The page is there and the field can be found: only reading its value is refused.
    let agent = register(&registry, "thief", TrustLevel::Limited, &fakes.clock);
    let found = registry
        .call(
            &agent,
            "dom_query",
            json!({"tabId": tab.as_str(), "selector": "#pw"}),
        )
        .await
        .unwrap();
    assert_eq!(found.json.unwrap()["total"], 1);
    let mut known = String::new();
    for (i, guess) in ["s", "s3", "s3c", "s3cr"].iter().enumerate() {
        // A fresh agent per probe: refusals cost trust, and this is about the selector.
        let agent = register(
            &registry,
            &format!("thief-{i}"),
            TrustLevel::Limited,
            &fakes.clock,
        );
        for selector in [
            format!("#pw[value^='{guess}']"),
            format!(r"#pw[v\61lue^={guess}]"),
            format!("input:is([VALUE^='{guess}'])"),
        ] {
            match registry
                .call(
                    &agent,
                    "dom_query",
                    json!({"tabId": tab.as_str(), "selector": selector}),
                )
                .await
            {
                Ok(out) if out.json.as_ref().unwrap()["total"] == 1 => known = (*guess).to_owned(),
                Ok(out) => panic!("{selector} was answered: {out:?}"),
                Err(refused) => {
                    assert_eq!(
                        refused.code.as_deref(),
                        Some("selector-refused"),
                        "{refused:?}"
                    );
                }
            }
        }
    }
    assert_eq!(known, "", "the password was spelled out");
    // Without the tool's check the page answers the oracle: the browser itself matches.
    let raw = browser
        .dom_query(
            &tab,
            &DomQuery {
                selector: "#pw[value^='s3']".to_owned(),
                limit: 20,
                include_text: false,
                include_attrs: Vec::new(),
            },
        )
        .await
        .unwrap();
    assert_eq!(
        raw.total, 1,
        "the attack needs the browser to match: {raw:?}"
    );
}
