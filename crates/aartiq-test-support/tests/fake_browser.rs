//! `FakeBrowser`'s snapshots follow aartiq-cdp's `collector.js` (aartiq-cdp's conformance
//! test holds them against Chromium); these pin the rules without a browser.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

use aartiq_test_support::FakeBrowser;
use aartiq_tools::{
    Browser, FrameId, NodeHandle, NodeState, SnapshotOptions, SnapshotStore, TabId,
};

/// The page's snapshot, without its header line.
async fn outline(browser: &FakeBrowser, tab: &str) -> String {
    let capture = browser.capture(&TabId::new(tab)).await.unwrap();
    let snapshot = SnapshotStore::new()
        .snapshot(
            capture,
            &SnapshotOptions {
                max_tokens: 100_000,
                ..SnapshotOptions::default()
            },
        )
        .unwrap();
    snapshot.text.lines().skip(1).collect::<Vec<_>>().join("\n")
}

fn page(html: &str) -> FakeBrowser {
    let browser = FakeBrowser::new();
    browser.add_tab("1", "https://site.example/page", html);
    browser
}

fn handle(browser: &FakeBrowser, selector: &str) -> NodeHandle {
    NodeHandle {
        frame: FrameId::new("main"),
        node: browser.node_of("1", selector).unwrap(),
    }
}

#[tokio::test]
async fn role_less_elements_are_walked_through_and_their_text_merged() {
    let browser =
        page("<p>One <em>two</em></p><ul><li>three</li><li><a href=\"/x\">link</a> four</li></ul>");
    assert_eq!(
        outline(&browser, "1").await,
        "- document\n  - text \"One two three\"\n  - link \"link\" [ref=e1] [url=/x]\n  - text \"four\""
    );
}

#[tokio::test]
async fn a_wrapping_label_names_its_control_and_its_text_is_not_repeated() {
    let browser = page(
        "<label><input type=checkbox checked> Keep me</label>\
         <label><input type=radio> Other</label><label>No control</label>",
    );
    assert_eq!(
        outline(&browser, "1").await,
        "- document\n  - checkbox \"Keep me\" [ref=e1] [checked]\n  - radio \"Other\" [ref=e2]\n  - text \"No control\""
    );
}

#[tokio::test]
async fn a_select_states_its_options_and_shows_the_chosen_ones_text() {
    let browser = page(
        "<select aria-label=\"Plan\"><option value=f>Free</option><option value=p selected>Pro</option></select>\
         <select aria-label=\"Many\" multiple><option selected>A</option><option>B</option><option selected>C</option></select>\
         <select aria-label=\"Tall\" size=2><option>N</option><option>S</option></select>",
    );
    assert_eq!(
        outline(&browser, "1").await,
        "- document\n  - combobox \"Plan\" [ref=e1] value=\"Pro\" [options=Free|Pro]\n  \
         - listbox \"Many\" [ref=e2] value=\"A, C\" [options=A|B|C]\n  \
         - listbox \"Tall\" [ref=e3] [options=N|S]"
    );
}

#[tokio::test]
async fn every_kind_of_input_button_is_a_button() {
    let browser = page(
        "<input type=submit><input type=submit value=Send><input type=reset>\
         <input type=button value=Act><input type=image alt=Go><input type=hidden value=secret>",
    );
    let text = outline(&browser, "1").await;
    assert_eq!(
        text,
        "- document\n  - button \"Submit\" [ref=e1]\n  - button \"Send\" [ref=e2]\n  \
         - button \"Reset\" [ref=e3]\n  - button \"Act\" [ref=e4]\n  - button \"Go\" [ref=e5]"
    );
    assert!(!text.contains("secret"));
}

#[tokio::test]
async fn hidden_content_is_left_out() {
    let browser = page(
        "<p hidden>a</p><div style=\"display: none\"><button>b</button></div>\
         <div style=\"visibility:hidden\">c<span style=\"visibility:visible\">shown</span></div>\
         <div aria-hidden=true>d</div><div inert><button>e</button></div>\
         <details><summary>More</summary><button>f</button></details><dialog><button>g</button></dialog>",
    );
    assert_eq!(
        outline(&browser, "1").await,
        "- document\n  - text \"shown\"\n  - button \"More\" [ref=e1]"
    );
}

#[tokio::test]
async fn a_password_value_never_shows() {
    let browser = page("<input type=password aria-label=Secret value=hunter2>");
    let text = outline(&browser, "1").await;
    assert!(!text.contains("hunter2"), "{text}");
    let capture = browser.capture(&TabId::new("1")).await.unwrap();
    let field = &capture.root.children[0];
    assert_eq!(field.value, None);
    assert_eq!(field.states, ["password"]);
}

#[tokio::test]
async fn a_frame_shows_the_page_it_loads_and_its_fields_can_be_filled() {
    let browser = FakeBrowser::new();
    browser.add_site(
        "https://site.example/inner",
        "<label for=q>Question</label><input id=q>",
    );
    browser.add_tab(
        "1",
        "https://site.example/page",
        "<iframe src=\"/inner\" title=\"Inner\"></iframe><button>After</button>",
    );
    assert_eq!(
        outline(&browser, "1").await,
        "- document\n  - Iframe \"Inner\"\n    - textbox \"Question\" [ref=e1]\n  - button \"After\" [ref=e2]"
    );
    let capture = browser.capture(&TabId::new("1")).await.unwrap();
    let field = &capture.root.children[0].children[0];
    let handle = NodeHandle {
        frame: field.frame.clone(),
        node: field.node.unwrap(),
    };
    assert_ne!(field.frame, FrameId::new("main"));
    assert!(
        browser
            .fill(&TabId::new("1"), &handle, "why")
            .await
            .unwrap()
            .ok
    );
    assert!(
        outline(&browser, "1")
            .await
            .contains("textbox \"Question\" [ref=e1] value=\"why\"")
    );
}

#[tokio::test]
async fn a_select_fill_takes_an_option_by_value_or_text_and_falls_back_to_the_first() {
    let browser = page(
        "<select id=s aria-label=Country><option value=de>Germany</option><option value=fr>France</option></select>",
    );
    let select = handle(&browser, "#s");
    let tab = TabId::new("1");
    assert!(browser.fill(&tab, &select, "France").await.unwrap().ok);
    assert_eq!(browser.value("1", select.node).as_deref(), Some("fr"));
    assert!(outline(&browser, "1").await.contains("value=\"France\""));
    let missed = browser.fill(&tab, &select, "Spain").await.unwrap();
    assert!(!missed.ok);
    assert_eq!(browser.value("1", select.node).as_deref(), Some("de"));
}

#[tokio::test]
async fn inspect_reports_disabled_and_hidden_elements_as_the_collector_does() {
    let browser = page(
        "<fieldset disabled><legend>L</legend><input id=a aria-label=A></fieldset>\
         <div hidden><button id=b>B</button></div><button id=c aria-disabled=true>C</button><button id=d>D</button>",
    );
    let tab = TabId::new("1");
    for (selector, want) in [
        ("#a", Some("is disabled")),
        ("#b", Some("is not visible")),
        ("#c", Some("is disabled")),
        ("#d", None),
    ] {
        let inspection = browser
            .inspect(&tab, &handle(&browser, selector))
            .await
            .unwrap();
        let NodeState::Present { blocker, .. } = inspection.state else {
            panic!("{selector} is not present");
        };
        assert_eq!(blocker.as_deref(), want, "{selector}");
    }
}
