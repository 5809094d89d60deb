//! `CdpBrowser` through the whole tool pipeline of `aartiq-tools`: snapshots with refs over
//! shadow roots and frames, actions, typed stale-ref errors, tabs, popups and dialogs.

use std::sync::Arc;
use std::time::Instant;

use aartiq_agents::{AgentId, TrustLevel};
use aartiq_cdp::{CdpBrowser, LaunchOptions};
use aartiq_test_support::register;
use aartiq_tools::{
    ActionEffect, Browser, ElementAction, FieldFill, NodeHandle, Rejection, TabId, ToolOutput,
    ToolRegistry,
};
use serde_json::{Value, json};

use crate::site::{Reply, Site, serve};

pub(crate) const FORMS: &str = r#"<!doctype html><html><head><title>Shop</title></head><body>
<h1>Checkout</h1>
<form id="order" action="/echo" method="get" aria-label="Order form">
  <label for="email">Email</label><input id="email" name="email">
  <label for="country">Country</label>
  <select id="country" name="country"><option value="de">Germany</option><option value="fr">France</option></select>
  <label><input type="checkbox" name="news" id="news"> Newsletter</label>
  <textarea id="notes" name="notes" aria-label="Notes"></textarea>
  <input type="password" id="pw" name="pw" aria-label="Password" value="hunter2">
  <button id="buy" type="submit">Place order</button>
</form>
<p id="status">idle</p>
<div id="dynamic"><button id="save" onclick="this.textContent='Saving now'">Save</button></div>
<button id="remove" onclick="document.getElementById('doomed').remove()">Remove</button>
<button id="doomed">Doomed</button>
<a id="pop" href="/popup" target="_blank">Open popup</a>
<button id="danger" onclick="document.getElementById('status').textContent = confirm('Delete everything?') ? 'yes' : 'no'">Danger</button>
<input type="file" id="upload" aria-label="Upload">
<div style="position:relative"><button id="covered">Hidden behind</button>
<div id="overlay" style="position:absolute;inset:0;background:white"></div></div>
<button id="off" disabled>Unavailable</button>
</body></html>"#;

const SHADOW: &str = r#"<!doctype html><html><head><title>Shadows</title></head><body>
<p id="status">none</p>
<div id="open-host"></div><div id="closed-host"></div>
<fancy-widget id="widget"><span>light text</span></fancy-widget>
<iframe id="same" src="/frame" title="Same frame" width="300" height="80"></iframe>
<iframe id="remote" src="{remote}/remote" title="Remote frame" width="300" height="80"></iframe>
<script>
const say = (t) => { document.getElementById('status').textContent = t; };
const open = document.getElementById('open-host').attachShadow({mode: 'open'});
open.innerHTML = '<button onclick="say(\'open clicked\')">Shadow action</button>';
const closed = document.getElementById('closed-host').attachShadow({mode: 'closed'});
closed.innerHTML = '<button>Closed shadow action</button>';
closed.querySelector('button').addEventListener('click', () => say('closed clicked'));
customElements.define('fancy-widget', class extends HTMLElement {
  constructor() { super(); const r = this.attachShadow({mode: 'closed'});
    r.innerHTML = '<label>Inner <input aria-label="Widget field"></label><slot></slot>'; }
});
window.addEventListener('message', (e) => say(String(e.data)));
</script></body></html>"#;

const FRAME: &str = r#"<!doctype html><body><button onclick="parent.document.getElementById('status').textContent='frame clicked'">Frame action</button></body>"#;
const REMOTE: &str = r#"<!doctype html><body><button onclick="parent.postMessage('remote clicked', '*')">Remote action</button></body>"#;

pub(crate) struct Live {
    pub(crate) browser: Arc<CdpBrowser>,
    pub(crate) registry: ToolRegistry,
    pub(crate) agent: AgentId,
    pub(crate) site: Site,
}

pub(crate) async fn launch_browser() -> CdpBrowser {
    match CdpBrowser::launch(LaunchOptions::default()).await {
        Ok(browser) => browser,
        Err(error) => panic!(
            "Chromium must be installed for these tests (cargo xtask test installs it): {error}"
        ),
    }
}

async fn live() -> Live {
    let site = serve(vec![
        ("/forms", Reply::Html(FORMS.to_owned())),
        (
            "/shadow",
            Reply::Html(SHADOW.replace("{remote}", "http://localhost:{port}")),
        ),
        ("/frame", Reply::Html(FRAME.to_owned())),
        ("/remote", Reply::Html(REMOTE.to_owned())),
        (
            "/popup",
            Reply::Html("<!doctype html><title>Popup</title><p>popped</p>".to_owned()),
        ),
        (
            "/rerender",
            Reply::Html(
                r#"<!doctype html><div id="box"><button id="b">Send</button></div>
<button id="swap" onclick="document.getElementById('box').innerHTML='<button id=b>Send</button>'">Swap</button>"#
                    .to_owned(),
            ),
        ),
        ("/big", Reply::Html(big_page(100))),
    ])
    .await;
    let browser = Arc::new(launch_browser().await);
    let (registry, fakes) = crate::tools_over(&browser);
    let agent = register(&registry, "tester", TrustLevel::Standard, &fakes.clock);
    Live {
        browser,
        registry,
        agent,
        site,
    }
}

impl Live {
    async fn call(&self, tool: &str, args: Value) -> Result<ToolOutput, Rejection> {
        self.registry.call(&self.agent, tool, args).await
    }

    async fn ok(&self, tool: &str, args: Value) -> ToolOutput {
        match self.call(tool, args).await {
            Ok(out) => out,
            Err(rejection) => panic!("{tool} was rejected: {rejection:?}"),
        }
    }

    /// `click_ref` on `reference` in `tab`.
    async fn click(&self, tab: &TabId, reference: &str) -> Result<ToolOutput, Rejection> {
        self.call(
            "click_ref",
            json!({"tabId": tab.as_str(), "ref": reference}),
        )
        .await
    }

    /// `click_ref` on `reference` in `tab`, which must succeed.
    async fn click_ok(&self, tab: &TabId, reference: &str) -> ToolOutput {
        self.ok(
            "click_ref",
            json!({"tabId": tab.as_str(), "ref": reference}),
        )
        .await
    }

    async fn open(&self, path: &str) -> TabId {
        let url = format!("{}{path}", self.site.base());
        let tab = self.browser.new_tab(Some(&url)).await.unwrap();
        tab.id
    }

    /// A fresh tab on `path` and its outline.
    async fn open_outlined(&self, path: &str) -> (TabId, String) {
        let tab = self.open(path).await;
        let outline = self.snapshot(&tab, json!({})).await;
        (tab, outline)
    }

    async fn snapshot(&self, tab: &TabId, extra: Value) -> String {
        let mut args = json!({"tabId": tab.as_str(), "maxTokens": 100_000});
        if let (Some(args), Some(extra)) = (args.as_object_mut(), extra.as_object()) {
            args.extend(extra.clone());
        }
        let out = self.ok("snapshot", args).await;
        out.json.as_ref().unwrap()["text"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    async fn text(&self, tab: &TabId, selector: &str) -> String {
        let out = self
            .ok(
                "dom_query",
                json!({"tabId": tab.as_str(), "selector": selector}),
            )
            .await;
        out.json.as_ref().unwrap()["matches"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

/// The ref on the first outline line containing `needle`.
pub(crate) fn ref_of(outline: &str, needle: &str) -> String {
    let line = outline
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in:\n{outline}"));
    let start = line
        .find("[ref=")
        .unwrap_or_else(|| panic!("no ref on {line:?}"))
        + 5;
    line[start..].split(']').next().unwrap().to_owned()
}

/// A page like the peer benchmark's: `sections * 50` controls plus a "Confirm order" button.
pub(crate) fn big_page(sections: usize) -> String {
    let mut html = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Benchmark page</title></head><body>",
    );
    for i in 0..sections {
        if i == sections / 2 {
            html.push_str("<main><h1>Benchmark page</h1><p id=\"status\" role=\"status\">clicks: 0</p><button id=\"target\" type=\"button\" onclick=\"window.__clicks=(window.__clicks||0)+1;document.getElementById('status').textContent='clicks: '+window.__clicks\">Confirm order</button>");
        }
        let base = i * 50;
        html.push_str(&format!(
            "<section aria-labelledby=\"h{i}\"><h2 id=\"h{i}\">Section {i}</h2><nav><ul>"
        ));
        for k in 0..10 {
            let n = base + k;
            html.push_str(&format!("<li><a href=\"#item-{n}\">Link {n}</a></li>"));
        }
        html.push_str("</ul></nav><div class=\"buttons\">");
        for k in 10..20 {
            let n = base + k;
            html.push_str(&format!("<button type=\"button\">Action {n}</button>"));
        }
        html.push_str(&format!(
            "</div><form id=\"form-{i}\" onsubmit=\"return false\">"
        ));
        for k in 20..30 {
            let n = base + k;
            html.push_str(&format!("<label for=\"in-{n}\">Field {n}</label><input id=\"in-{n}\" name=\"f{n}\" type=\"text\" placeholder=\"value {n}\">"));
        }
        for k in 30..40 {
            let n = base + k;
            html.push_str(&format!(
                "<label><input type=\"checkbox\" name=\"c{n}\"> Option {n}</label>"
            ));
        }
        for k in 40..45 {
            let n = base + k;
            html.push_str(&format!("<label for=\"sel-{n}\">Choice {n}</label><select id=\"sel-{n}\"><option>alpha</option><option>beta</option><option>gamma</option></select>"));
        }
        for k in 45..50 {
            let n = base + k;
            html.push_str(&format!(
                "<label for=\"ta-{n}\">Notes {n}</label><textarea id=\"ta-{n}\"></textarea>"
            ));
        }
        html.push_str(&format!(
            "</form><p id=\"item-{base}\">Paragraph text for section {i}.</p></section>"
        ));
    }
    html.push_str("</main></body></html>");
    html
}

#[tokio::test]
async fn snapshots_reach_open_and_closed_shadow_roots_and_every_frame() {
    let live = live().await;
    let (tab, outline) = live.open_outlined("/shadow").await;
    for needle in [
        "button \"Shadow action\"",
        "button \"Closed shadow action\"",
        "textbox \"Widget field\"",
        "button \"Frame action\"",
        "button \"Remote action\"",
        "Iframe \"Remote frame\"",
    ] {
        assert!(
            outline.contains(needle),
            "{needle} missing from:\n{outline}"
        );
    }
    // The cross-site frame really is out of process: it has its own target.
    let targets = live
        .browser
        .connection()
        .call("Target.getTargets", json!({}), None)
        .await
        .unwrap();
    assert!(
        targets["targetInfos"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["type"] == "iframe"),
        "expected an out-of-process iframe: {targets}"
    );
    for (needle, status) in [
        ("Closed shadow action", "closed clicked"),
        ("Shadow action", "open clicked"),
        ("Frame action", "frame clicked"),
        ("Remote action", "remote clicked"),
    ] {
        let reference = ref_of(&outline, &format!("\"{needle}\""));
        live.click_ok(&tab, &reference).await;
        // postMessage is asynchronous: give it a moment.
        let mut now = String::new();
        for _ in 0..20 {
            now = live.text(&tab, "#status").await;
            if now == status {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        assert_eq!(now, status, "after clicking {needle}");
    }
}

#[tokio::test]
async fn forms_fill_type_select_check_and_submit_separately() {
    let live = live().await;
    let (tab, outline) = live.open_outlined("/forms").await;
    // A password's value never reaches the outline.
    assert!(!outline.contains("hunter2"), "{outline}");
    assert!(outline.contains("[disabled]"), "{outline}");
    let email = ref_of(&outline, "textbox \"Email\"");
    let country = ref_of(&outline, "combobox \"Country\"");
    let news = ref_of(&outline, "checkbox \"Newsletter\"");
    let notes = ref_of(&outline, "textbox \"Notes\"");
    let out = live
        .ok(
            "fill_ref",
            json!({"tabId": tab.as_str(), "ref": email, "value": "a@b.example"}),
        )
        .await;
    assert_eq!(out.json.as_ref().unwrap()["value"], "a@b.example");
    // A password is written but never read back, by the write or by a query.
    let pw = ref_of(&outline, "textbox \"Password\"");
    let out = live
        .ok(
            "fill_ref",
            json!({"tabId": tab.as_str(), "ref": pw, "value": "s3cret-Value"}),
        )
        .await;
    assert!(!format!("{out:?}").contains("s3cret"), "{out:?}");
    let queried = live
        .ok(
            "dom_query",
            json!({"tabId": tab.as_str(), "selector": "#pw", "includeAttrs": ["value"]}),
        )
        .await;
    assert!(!format!("{queried:?}").contains("s3cret"), "{queried:?}");
    assert!(!format!("{queried:?}").contains("hunter2"), "{queried:?}");
    let out = live
        .ok(
            "type_ref",
            json!({"tabId": tab.as_str(), "ref": notes, "text": "hello"}),
        )
        .await;
    assert_eq!(out.json.as_ref().unwrap()["value"], "hello");
    let out = live
        .ok(
            "type_ref",
            json!({"tabId": tab.as_str(), "ref": notes, "text": " world"}),
        )
        .await;
    assert_eq!(
        out.json.as_ref().unwrap()["value"],
        "hello world",
        "typing appends"
    );
    let out = live
        .ok(
            "type_ref",
            json!({"tabId": tab.as_str(), "ref": notes, "text": "fresh", "clearFirst": true}),
        )
        .await;
    assert_eq!(out.json.as_ref().unwrap()["value"], "fresh");
    let out = live
        .ok(
            "fill_form",
            json!({"tabId": tab.as_str(), "fields": [
                {"ref": country, "value": "France"},
                {"ref": news, "value": "true"},
            ]}),
        )
        .await;
    assert_eq!(out.json.as_ref().unwrap()["ok"], true, "{:?}", out.json);
    assert_eq!(out.json.as_ref().unwrap()["submitted"], false);
    let outline = live.snapshot(&tab, json!({})).await;
    assert!(
        outline.contains("combobox \"Country\"") && outline.contains("value=\"France\""),
        "{outline}"
    );
    assert!(
        outline
            .lines()
            .any(|l| l.contains("Newsletter") && l.contains("[checked]")),
        "{outline}"
    );
    assert!(outline.contains("value=\"a@b.example\""), "{outline}");
    // element_action uncheck, then check again.
    live.ok(
        "element_action",
        json!({"tabId": tab.as_str(), "ref": news, "action": "uncheck"}),
    )
    .await;
    let news_state = live
        .ok(
            "dom_query",
            json!({"tabId": tab.as_str(), "selector": "#news"}),
        )
        .await;
    assert_eq!(
        news_state.json.as_ref().unwrap()["matches"][0]["checked"],
        false
    );
    // Submission is its own step, and goes where the form says.
    let buy = ref_of(&outline, "button \"Place order\"");
    let record = live
        .registry
        .with_snapshots(|s| s.resolve(&buy, &tab))
        .unwrap();
    let submitted = live
        .browser
        .submit_form(&tab, &record.handle, Some("Order form"))
        .await
        .unwrap()
        .screened(&aartiq_test_support::default_guard());
    assert!(submitted.ok, "{submitted:?}");
    assert_eq!(submitted.method.as_deref(), Some("get"));
    let mut landed = String::new();
    for _ in 0..40 {
        landed = live.browser.page_text(&tab).await.unwrap_or_default();
        if landed.contains("email=") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        landed.contains("email=a%40b.example") && landed.contains("country=fr"),
        "{landed}"
    );
    // The mismatching confirmation label is refused (spec f.2).
    let tab2 = live.open("/forms").await;
    let outline = live.snapshot(&tab2, json!({})).await;
    let buy = ref_of(&outline, "button \"Place order\"");
    let record = live
        .registry
        .with_snapshots(|s| s.resolve(&buy, &tab2))
        .unwrap();
    let refused = live
        .browser
        .submit_form(&tab2, &record.handle, Some("Delete account"))
        .await
        .unwrap()
        .screened(&aartiq_test_support::default_guard());
    assert!(!refused.ok);
    assert!(
        refused.reason.unwrap().contains("label mismatch"),
        "spec f.2"
    );
}

#[tokio::test]
async fn fill_form_writes_nothing_when_one_field_is_gone() {
    let live = live().await;
    let (tab, outline) = live.open_outlined("/forms").await;
    let email = ref_of(&outline, "textbox \"Email\"");
    let doomed = ref_of(&outline, "button \"Doomed\"");
    let remove = ref_of(&outline, "button \"Remove\"");
    let handle = |r: &str| -> NodeHandle {
        live.registry
            .with_snapshots(|s| s.resolve(r, &tab))
            .unwrap()
            .handle
    };
    live.click_ok(&tab, &remove).await;
    // Straight at the backend, past the tool layer's own checks: still all or nothing.
    let outcome = live
        .browser
        .fill_form(
            &tab,
            &[
                FieldFill {
                    handle: handle(&email),
                    value: "x@y.example".into(),
                    vault: None,
                },
                FieldFill {
                    handle: handle(&doomed),
                    value: "boom".into(),
                    vault: None,
                },
            ],
        )
        .await
        .unwrap();
    assert!(outcome.fields.iter().all(|f| !f.ok), "{outcome:?}");
    let email_now = live
        .ok(
            "dom_query",
            json!({"tabId": tab.as_str(), "selector": "#email"}),
        )
        .await;
    assert_eq!(
        email_now.json.as_ref().unwrap()["matches"][0]["value"],
        "",
        "nothing written"
    );
    // Through the tool, the stale field refuses the whole batch before anything is written.
    let rejection = live
        .call(
            "fill_form",
            json!({"tabId": tab.as_str(), "fields": [
                {"ref": email, "value": "x@y.example"},
                {"ref": doomed, "value": "boom"},
            ]}),
        )
        .await
        .unwrap_err();
    assert!(
        rejection.message.contains("REF_STALE") || rejection.message.contains("removed"),
        "{rejection:?}"
    );
}

#[tokio::test]
async fn stale_refs_say_why_changed_detached_navigated() {
    let live = live().await;
    let (tab, outline) = live.open_outlined("/forms").await;
    let save = ref_of(&outline, "button \"Save\"");
    let doomed = ref_of(&outline, "button \"Doomed\"");
    let remove = ref_of(&outline, "button \"Remove\"");
    let covered = ref_of(&outline, "button \"Hidden behind\"");
    let off = ref_of(&outline, "button \"Unavailable\"");

    // Re-labelled by the page: changed.
    live.click_ok(&tab, &save).await;
    let error = live.click(&tab, &save).await.unwrap_err();
    assert_eq!(
        error.code.as_deref(),
        Some("REF_STALE_CHANGED"),
        "{error:?}"
    );
    assert!(error.message.contains("Saving now"), "{error:?}");

    // Removed from the page: detached.
    live.click_ok(&tab, &remove).await;
    let error = live.click(&tab, &doomed).await.unwrap_err();
    assert_eq!(
        error.code.as_deref(),
        Some("REF_STALE_DETACHED"),
        "{error:?}"
    );

    // Covered by another element, and disabled: not actionable, with the reason.
    let error = live.click(&tab, &covered).await.unwrap_err();
    assert_eq!(error.code.as_deref(), Some("NOT_ACTIONABLE"), "{error:?}");
    assert!(
        error.message.contains("covered by div#overlay"),
        "{error:?}"
    );
    let error = live.click(&tab, &off).await.unwrap_err();
    assert!(error.message.contains("disabled"), "{error:?}");

    // Reloaded: every ref of the old document is stale as navigated, and quickly so.
    let email = ref_of(&outline, "textbox \"Email\"");
    let url = format!("{}/forms", live.site.base());
    live.ok("navigate", json!({"tabId": tab.as_str(), "url": url}))
        .await;
    let started = Instant::now();
    let error = live
        .call(
            "fill_ref",
            json!({"tabId": tab.as_str(), "ref": email, "value": "x"}),
        )
        .await
        .unwrap_err();
    let took = started.elapsed();
    assert_eq!(
        error.code.as_deref(),
        Some("REF_STALE_NAVIGATED"),
        "{error:?}"
    );
    eprintln!("stale ref reported in {took:?}");

    // A fresh snapshot gives working refs again.
    let outline = live.snapshot(&tab, json!({})).await;
    let email = ref_of(&outline, "textbox \"Email\"");
    live.ok(
        "fill_ref",
        json!({"tabId": tab.as_str(), "ref": email, "value": "again@example.test"}),
    )
    .await;
}

#[tokio::test]
async fn a_re_rendered_button_is_detached_and_the_new_one_gets_a_new_ref() {
    let live = live().await;
    let (tab, outline) = live.open_outlined("/rerender").await;
    let send = ref_of(&outline, "button \"Send\"");
    let swap = ref_of(&outline, "button \"Swap\"");
    live.click_ok(&tab, &swap).await;
    let error = live.click(&tab, &send).await.unwrap_err();
    assert_eq!(
        error.code.as_deref(),
        Some("REF_STALE_DETACHED"),
        "{error:?}"
    );
    let outline = live.snapshot(&tab, json!({})).await;
    let again = ref_of(&outline, "button \"Send\"");
    assert_ne!(again, send, "a new element never inherits an old ref");
    // Unchanged nodes keep their refs across snapshots.
    assert_eq!(ref_of(&outline, "button \"Swap\""), swap);
}

#[tokio::test]
async fn popups_dialogs_and_file_choosers_are_reported_with_the_action() {
    let live = live().await;
    let (tab, outline) = live.open_outlined("/forms").await;

    let pop = ref_of(&outline, "link \"Open popup\"");
    let out = live.click_ok(&tab, &pop).await;
    assert!(
        out.text.contains("opened by click on"),
        "the click result names the new tab: {}",
        out.text
    );
    let effects: Vec<ActionEffect> =
        serde_json::from_value(out.json.as_ref().unwrap()["effects"].clone()).unwrap();
    let ActionEffect::TabOpened { tab: popup, .. } = &effects[0] else {
        panic!("{effects:?}");
    };
    assert_eq!(live.browser.opener(popup).as_ref(), Some(&tab));
    let tabs = live.browser.list_tabs().await.unwrap();
    assert!(tabs.iter().any(|t| t.id == *popup), "{tabs:?}");

    let danger = ref_of(&outline, "button \"Danger\"");
    let out = live.click_ok(&tab, &danger).await;
    assert!(
        out.text
            .contains("confirm dialog \"Delete everything?\" (dismissed)"),
        "{}",
        out.text
    );
    assert_eq!(
        live.text(&tab, "#status").await,
        "no",
        "a confirm is never answered yes"
    );

    let upload = ref_of(&outline, "button \"Upload\"");
    let out = live.click_ok(&tab, &upload).await;
    assert!(out.text.contains("file chooser"), "{}", out.text);
}

#[tokio::test]
async fn tabs_open_navigate_list_and_close_with_stable_ids() {
    let live = live().await;
    let first = live.browser.list_tabs().await.unwrap();
    assert_eq!(first.len(), 1, "the launch tab: {first:?}");
    assert_eq!(first[0].id.as_str(), "t1");
    let a = live.open("/forms").await;
    let b = live.open("/popup").await;
    assert_eq!((a.as_str(), b.as_str()), ("t2", "t3"));
    let guard = aartiq_test_support::default_guard();
    let tabs: Vec<_> = live
        .browser
        .list_tabs()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.screened(&guard))
        .collect();
    assert_eq!(tabs.len(), 3);
    assert_eq!(
        tabs.iter().find(|t| t.id == a).unwrap().title,
        "Shop",
        "{tabs:?}"
    );
    assert!(tabs.iter().find(|t| t.id == b).unwrap().active);
    live.browser.close_tab(&a).await.unwrap();
    let tabs = live.browser.list_tabs().await.unwrap();
    assert!(tabs.iter().all(|t| t.id != a));
    let error = live.browser.capture(&a).await.unwrap_err();
    assert!(error.to_string().contains("Unknown tabId"), "{error}");
    // Page text and text search read the live page.
    let c = live.open("/forms").await;
    let text = live.browser.page_text(&c).await.unwrap();
    assert!(text.contains("Checkout") && text.contains("idle"), "{text}");
    let found = live
        .ok(
            "page_find",
            json!({"tabId": c.as_str(), "query": "checkout", "mode": "text"}),
        )
        .await;
    assert!(
        found
            .json
            .as_ref()
            .unwrap()
            .to_string()
            .contains("Checkout"),
        "{:?}",
        found.json
    );
}

#[tokio::test]
async fn a_5000_control_page_is_snapshotted_within_budget_and_cached() {
    let live = live().await;
    let tab = live.open("/big").await;
    let out = live.ok("snapshot", json!({"tabId": tab.as_str()})).await;
    let text = out.json.as_ref().unwrap()["text"].as_str().unwrap();
    assert!(
        out.json.as_ref().unwrap()["tokens"].as_u64().unwrap() <= 6000,
        "default budget holds"
    );
    assert!(
        !out.json.as_ref().unwrap()["collapsed"]
            .as_array()
            .unwrap()
            .is_empty(),
        "big regions are collapsed, not cut: {text}"
    );
    let full = live.browser.capture(&tab).await.unwrap();
    // A value set by a page script fires no event and mutates no node: the dirty check cannot
    // see it, so an unchanged version answers from the cache, showing the old (empty) value.
    let session = live.browser.session(&tab).unwrap();
    live.browser
        .connection()
        .call(
            "Runtime.evaluate",
            json!({"expression": "document.getElementById('in-20').value = 'silent'"}),
            Some(&session),
        )
        .await
        .unwrap();
    let again = live.browser.capture(&tab).await.unwrap();
    assert_eq!(full, again, "an unchanged page is answered from the cache");
    assert!(
        !format!("{again:?}").contains("silent"),
        "served from the cache"
    );
    fn count(node: &aartiq_tools::RawNode) -> usize {
        usize::from(node.actionable) + node.children.iter().map(count).sum::<usize>()
    }
    assert!(count(&full.root) >= 5001, "{} controls", count(&full.root));
    let found = live
        .ok(
            "page_find",
            json!({"tabId": tab.as_str(), "query": "Confirm order", "role": "button"}),
        )
        .await;
    let reference = found.json.as_ref().unwrap()["matches"][0]["ref"]
        .as_str()
        .unwrap()
        .to_owned();
    live.click_ok(&tab, &reference).await;
    assert_eq!(live.text(&tab, "#status").await, "clicks: 1");
    // The click changed the page: the next capture sees it.
    let after = live.browser.capture(&tab).await.unwrap();
    assert_ne!(after, full);
    let hover = live
        .browser
        .element_action(
            &tab,
            &live
                .registry
                .with_snapshots(|s| s.resolve(&reference, &tab))
                .unwrap()
                .handle,
            ElementAction::Hover,
        )
        .await
        .unwrap();
    assert!(hover.ok, "{hover:?}");
}
