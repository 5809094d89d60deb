//! Screenshots, clicks at their points, drags, waits and history steps on real Chromium,
//! through the whole tool pipeline.

use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::{AgentId, TrustLevel};
use aartiq_cdp::{BrowserConfig, CdpBrowser};
use aartiq_test_support::register;
use aartiq_tools::{Browser, Rejection, TabId, ToolOutput, ToolRegistry, image_size};
use base64::Engine as _;
use serde_json::{Value, json};

use crate::site::{Reply, Site, serve};

/// Buttons at fixed places, a tall page, a late text, a pointer-driven drop zone.
const BOARD: &str = r#"<!doctype html><html><head><title>Board</title><style>
body { margin: 0; font: 16px sans-serif; }
#left { position: absolute; left: 40px; top: 40px; width: 200px; height: 80px; background: #36c; color: white; }
#right { position: absolute; left: 400px; top: 40px; width: 200px; height: 80px; background: #c63; }
#far { position: absolute; left: 40px; top: 2600px; width: 200px; height: 60px; }
#card { position: absolute; left: 40px; top: 200px; width: 120px; height: 50px; background: #393; }
#zone { position: absolute; left: 400px; top: 200px; width: 200px; height: 120px; background: #999; }
#status { position: absolute; left: 40px; top: 400px; }
#tall { height: 3000px; }
</style></head><body>
<button id="left" onclick="status('left clicked')">Left</button>
<button id="right" onclick="status('right clicked')">Right</button>
<button id="far" onclick="status('far clicked')">Far</button>
<div id="card" role="button" aria-label="Card">Card</div>
<div id="zone" role="button" aria-label="Drop zone">Drop here</div>
<p id="status">idle</p>
<div id="tall"></div>
<script>
function status(t) { document.getElementById('status').textContent = t; }
let held = false;
const card = document.getElementById('card');
card.addEventListener('pointerdown', () => { held = true; });
document.addEventListener('pointerup', (e) => {
  if (!held) return;
  held = false;
  const zone = document.getElementById('zone').getBoundingClientRect();
  const inside = e.clientX >= zone.left && e.clientX <= zone.right && e.clientY >= zone.top && e.clientY <= zone.bottom;
  status(inside ? 'dropped on zone' : 'dropped elsewhere');
});
</script></body></html>"#;

/// HTML5 drag and drop: a draggable card whose drag carries data, a zone that takes drops.
const DND_BOARD: &str = r#"<!doctype html><html><head><title>Cards</title><style>
body { margin: 0; font: 16px sans-serif; }
#card { position: absolute; left: 40px; top: 40px; width: 120px; height: 50px; background: #393; }
#zone { position: absolute; left: 400px; top: 40px; width: 200px; height: 120px; background: #999; }
#status { position: absolute; left: 40px; top: 300px; }
</style></head><body>
<div id="card" draggable="true" role="button" aria-label="Task card">Task</div>
<div id="zone" role="button" aria-label="Done column">Done</div>
<p id="status">idle</p>
<script>
const status = (t) => { document.getElementById('status').textContent = t; };
document.getElementById('card').addEventListener('dragstart', (e) => {
  e.dataTransfer.setData('text/plain', 'card-7');
  status('dragging');
});
const zone = document.getElementById('zone');
zone.addEventListener('dragover', (e) => e.preventDefault());
zone.addEventListener('drop', (e) => {
  e.preventDefault();
  status('dropped ' + e.dataTransfer.getData('text/plain') + ' on done');
});
</script></body></html>"#;

/// Text that comes and goes on timers, an element shown late, a same-document URL change.
const LATER: &str = r#"<!doctype html><html><head><title>Later</title></head><body>
<p id="spinner">Loading…</p>
<button id="late" style="opacity:0">Continue</button>
<a id="next" href="/second">Next page</a>
<script>
setTimeout(() => {
  const p = document.createElement('p'); p.textContent = 'Order confirmed'; document.body.appendChild(p);
  document.getElementById('spinner').remove();
}, 500);
setTimeout(() => { document.getElementById('late').style.opacity = '1'; }, 300);
setTimeout(() => { history.pushState({}, '', '/later/done'); }, 400);
</script></body></html>"#;

/// A frame whose button shows late, in a page whose own text comes late too.
const FRAMED: &str = r#"<!doctype html><html><head><title>Framed</title></head><body>
<p id="top">Top loading</p>
<iframe src="/framed/inner" title="Inner" width="400" height="200"></iframe>
<script>setTimeout(() => { document.getElementById('top').textContent = 'Top ready'; }, 200);</script>
</body></html>"#;

const FRAMED_INNER: &str = r#"<!doctype html><html><body>
<button id="go" style="opacity:0">Inner continue</button>
<button id="never" style="opacity:0">Inner never</button>
<script>setTimeout(() => { document.getElementById('go').style.opacity = '1'; }, 500);</script>
</body></html>"#;

/// A page that logs, throws, and sends a GET and a POST while it loads.
const NOISY: &str = r#"<!doctype html><html><head><title>Noisy</title></head><body><p>noisy</p>
<script>
console.log('hello from the page', 42);
console.warn('careful');
console.error('broken thing');
setTimeout(() => { throw new Error('uncaught boom'); }, 0);
fetch('/first').then(() => console.info('fetched first'));
fetch('/api/track', {method: 'POST', body: 'x=1'}).catch(() => console.info('post stopped'));
</script></body></html>"#;

struct Bench {
    browser: Arc<CdpBrowser>,
    registry: ToolRegistry,
    agent: AgentId,
    site: Site,
}

async fn bench() -> Bench {
    let site = serve(vec![
        ("/board", Reply::Html(BOARD.to_owned())),
        ("/cards", Reply::Html(DND_BOARD.to_owned())),
        ("/framed", Reply::Html(FRAMED.to_owned())),
        ("/framed/inner", Reply::Html(FRAMED_INNER.to_owned())),
        ("/later", Reply::Html(LATER.to_owned())),
        ("/noisy", Reply::Html(NOISY.to_owned())),
        (
            "/first",
            Reply::Html(
                "<!doctype html><title>First</title><p id=n>0</p><a href=/second>Second</a>"
                    .to_owned(),
            ),
        ),
        (
            "/second",
            Reply::Html("<!doctype html><title>Second</title><p>Second page</p>".to_owned()),
        ),
    ])
    .await;
    let browser = Arc::new(crate::browser::launch_browser().await);
    let (registry, fakes) = crate::tools_over(&browser);
    let agent = register(&registry, "viewer", TrustLevel::Standard, &fakes.clock);
    Bench {
        browser,
        registry,
        agent,
        site,
    }
}

impl Bench {
    async fn call(&self, tool: &str, args: Value) -> Result<ToolOutput, Rejection> {
        self.registry.call(&self.agent, tool, args).await
    }

    async fn ok(&self, tool: &str, args: Value) -> ToolOutput {
        match self.call(tool, args).await {
            Ok(out) => out,
            Err(rejection) => panic!("{tool} was rejected: {rejection:?}"),
        }
    }

    async fn open(&self, path: &str) -> TabId {
        let url = format!("{}{path}", self.site.base());
        self.browser.new_tab(Some(&url)).await.unwrap().id
    }

    async fn status(&self, tab: &TabId) -> String {
        let text = self
            .ok("get_page_text", json!({"tabId": tab.as_str()}))
            .await;
        text.text
    }

    /// The ref of the element named `name` in a fresh snapshot.
    async fn find(&self, tab: &TabId, name: &str) -> String {
        self.ok(
            "snapshot",
            json!({"tabId": tab.as_str(), "maxTokens": 100_000}),
        )
        .await;
        crate::ref_named(&self.registry, &self.agent, tab, name).await
    }
}

/// The decoded image of a screenshot result, its MIME type and its pixel size.
fn picture(out: &ToolOutput) -> (Vec<u8>, String, (u32, u32)) {
    let image = out.image.as_ref().expect("a screenshot carries an image");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(&image.data)
        .unwrap();
    let size = image_size(&bytes).expect("a PNG or JPEG");
    (bytes, image.mime_type.clone(), size)
}

#[tokio::test]
async fn screenshots_fit_their_dimension_and_byte_budget_and_say_their_scale() {
    let b = bench().await;
    let tab = b.open("/board").await;
    let viewport = b.ok("screenshot", json!({"tabId": tab.as_str()})).await;
    let (bytes, mime, (w, h)) = picture(&viewport);
    assert_eq!(mime, "image/jpeg", "JPEG by default");
    assert!(bytes.starts_with(&[0xFF, 0xD8]));
    assert!(w.max(h) <= 1280 && w > 0 && h > 0, "{w}x{h}");
    assert!(bytes.len() <= 300 * 1024, "{} bytes", bytes.len());
    assert!(viewport.text.contains("scale"), "{}", viewport.text);
    assert!(viewport.text.contains("Untrusted"), "{}", viewport.text);
    let json = viewport.json.clone().unwrap();
    assert_eq!(json["width"], w);
    assert_eq!(json["height"], h);

    // Smaller on request, PNG on request.
    let small = b
        .ok(
            "screenshot",
            json!({"tabId": tab.as_str(), "maxDimension": 300, "format": "png"}),
        )
        .await;
    let (bytes, mime, (w, h)) = picture(&small);
    assert_eq!(mime, "image/png");
    assert!(bytes.starts_with(b"\x89PNG"));
    assert_eq!(w.max(h), 300, "scaled to the longer side: {w}x{h}");
    let scale = small.json.unwrap()["scale"].as_f64().unwrap();
    assert!(scale < 1.0, "{scale}");

    // The full page (3000+ px tall) in 1600 px: all of it, scaled down.
    let full = b
        .ok(
            "screenshot",
            json!({"tabId": tab.as_str(), "fullPage": true, "maxDimension": 1600}),
        )
        .await;
    let (bytes, _, (w, h)) = picture(&full);
    assert!(h <= 1600 && h > w, "a tall picture scaled down: {w}x{h}");
    assert!(bytes.len() <= 300 * 1024);
    let json = full.json.clone().unwrap();
    assert!(json.get("pageHeight").is_none(), "{json}");
    assert!(!full.text.contains("The page is"), "{}", full.text);

    // In 1280 px the whole page would be read at under half scale: its top 2560 px are
    // pictured at half scale, and the result says how tall the page is.
    let top = b
        .ok(
            "screenshot",
            json!({"tabId": tab.as_str(), "fullPage": true}),
        )
        .await;
    let (_, _, (w, h)) = picture(&top);
    assert_eq!(h, 1280, "{w}x{h}");
    let json = top.json.clone().unwrap();
    let scale = json["scale"].as_f64().unwrap();
    assert!((scale - 0.5).abs() < 0.01, "{json}");
    let whole = json["pageHeight"].as_f64().unwrap();
    assert!(whole >= 3000.0, "{json}");
    assert!(
        top.text
            .contains(&format!("The page is {whole:.0} CSS px tall"))
            && top.text.contains("top 2560 px"),
        "{}",
        top.text
    );

    // One element: its box, at one pixel per CSS pixel.
    let left = b.find(&tab, "Left").await;
    let element = b
        .ok("screenshot", json!({"tabId": tab.as_str(), "ref": left}))
        .await;
    let (_, _, (w, h)) = picture(&element);
    assert_eq!((w, h), (200, 80));

    // Bad arguments are refused before anything is pictured.
    let tiny = b
        .call(
            "screenshot",
            json!({"tabId": tab.as_str(), "maxDimension": 10}),
        )
        .await
        .unwrap_err();
    assert!(tiny.message.contains("at least 64"), "{tiny:?}");
    let stale = b
        .call("screenshot", json!({"tabId": tab.as_str(), "ref": "e999"}))
        .await
        .unwrap_err();
    assert!(
        stale.code.is_some(),
        "an unknown ref is a typed error: {stale:?}"
    );
}

#[tokio::test]
async fn click_at_maps_points_of_the_last_screenshot_back_to_the_page() {
    let b = bench().await;
    let tab = b.open("/board").await;
    let never = b
        .call("click_at", json!({"tabId": tab.as_str(), "x": 10, "y": 10}))
        .await
        .unwrap_err();
    assert!(never.message.contains("screenshot first"), "{never:?}");

    // At half scale, the right button's centre (500, 80) is image point (250, 40).
    let shot = b
        .ok(
            "screenshot",
            json!({"tabId": tab.as_str(), "maxDimension": 640}),
        )
        .await;
    let scale = shot.json.unwrap()["scale"].as_f64().unwrap();
    let clicked = b
        .ok(
            "click_at",
            json!({"tabId": tab.as_str(), "x": 500.0 * scale, "y": 80.0 * scale}),
        )
        .await;
    assert!(clicked.text.contains("Right"), "{}", clicked.text);
    assert!(b.status(&tab).await.contains("right clicked"));

    // A point of a full-page picture below the fold is scrolled to, then clicked.
    let full = b
        .ok(
            "screenshot",
            json!({"tabId": tab.as_str(), "fullPage": true, "maxDimension": 1600}),
        )
        .await;
    let json = full.json.unwrap();
    let scale = json["scale"].as_f64().unwrap();
    b.ok(
        "click_at",
        json!({"tabId": tab.as_str(), "x": 140.0 * scale, "y": 2630.0 * scale}),
    )
    .await;
    assert!(b.status(&tab).await.contains("far clicked"));

    let outside = b
        .call(
            "click_at",
            json!({"tabId": tab.as_str(), "x": 5000, "y": 10}),
        )
        .await
        .unwrap_err();
    assert!(outside.message.contains("outside"), "{outside:?}");
}

#[tokio::test]
async fn drag_moves_the_pointer_with_the_button_held() {
    let b = bench().await;
    let tab = b.open("/board").await;
    let card = b.find(&tab, "Card").await;
    let zone = b.find(&tab, "Drop zone").await;
    let dragged = b
        .ok(
            "drag",
            json!({"tabId": tab.as_str(), "fromRef": card, "toRef": zone}),
        )
        .await;
    assert!(dragged.text.contains("ok"), "{}", dragged.text);
    assert!(
        b.status(&tab).await.contains("dropped on zone"),
        "{}",
        b.status(&tab).await
    );
}

#[tokio::test]
async fn drag_carries_html5_drag_and_drop_with_its_data() {
    let b = bench().await;
    let tab = b.open("/cards").await;
    let card = b.find(&tab, "Task card").await;
    let zone = b.find(&tab, "Done column").await;
    let dragged = b
        .ok(
            "drag",
            json!({"tabId": tab.as_str(), "fromRef": card, "toRef": zone}),
        )
        .await;
    assert!(dragged.text.contains("ok"), "{}", dragged.text);
    assert!(
        b.status(&tab).await.contains("dropped card-7 on done"),
        "{}",
        b.status(&tab).await
    );
}

#[tokio::test]
async fn wait_for_sees_an_element_inside_a_frame_beside_the_top_documents_text() {
    let b = bench().await;
    let tab = b.open("/framed").await;
    let inner = b.find(&tab, "Inner continue").await;
    let seen = b
        .ok(
            "wait_for",
            json!({"tabId": tab.as_str(), "ref": inner, "text": "Top ready", "timeoutMs": 5000}),
        )
        .await;
    let json = seen.json.unwrap();
    assert_eq!(json["met"], true, "{json}");
    let waited = json["waitedMs"].as_u64().unwrap();
    // The frame's button shows 500 ms after its load: seen then, well before the timeout.
    assert!(waited < 5000, "{waited} ms");
    assert!(
        json["url"].as_str().unwrap().ends_with("/framed"),
        "the tab's URL, not the frame's: {json}"
    );

    let never = b.find(&tab, "Inner never").await;
    let timed_out = b
        .call(
            "wait_for",
            json!({"tabId": tab.as_str(), "ref": never, "timeoutMs": 400}),
        )
        .await
        .unwrap_err();
    assert!(
        timed_out.message.contains("not visible"),
        "the timeout says what it saw last: {timed_out:?}"
    );
}

#[tokio::test]
async fn wait_for_sees_late_text_elements_and_urls_and_times_out_typed() {
    let b = bench().await;
    let tab = b.open("/later").await;
    let late = b.find(&tab, "Continue").await;
    let seen = b
        .ok(
            "wait_for",
            json!({"tabId": tab.as_str(), "text": "Order confirmed", "textGone": "Loading…",
                   "ref": late, "url": "*/later/done", "timeoutMs": 5000}),
        )
        .await;
    let json = seen.json.unwrap();
    assert_eq!(json["met"], true);
    let waited = json["waitedMs"].as_u64().unwrap();
    // The text is added 500 ms after the load: seen after it was added, well before the
    // timeout.
    assert!((300..5000).contains(&waited), "{waited} ms");

    let timed_out = b
        .call(
            "wait_for",
            json!({"tabId": tab.as_str(), "text": "Never there", "timeoutMs": 400}),
        )
        .await
        .unwrap_err();
    assert_eq!(
        timed_out.code.as_deref(),
        Some("WAIT_TIMEOUT"),
        "{timed_out:?}"
    );
    assert!(
        timed_out
            .message
            .contains("\"Never there\" not on the page"),
        "{timed_out:?}"
    );
    assert!(timed_out.message.contains("/later/done"), "{timed_out:?}");

    // A navigation during the wait: the wait goes on in the new document.
    let waiting = b.call(
        "wait_for",
        json!({"tabId": tab.as_str(), "text": "Second page", "timeoutMs": 8000}),
    );
    let browser = Arc::clone(&b.browser);
    let tab2 = tab.clone();
    let click = async move {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let session = browser.session(&tab2).unwrap();
        browser
            .connection()
            .call(
                "Runtime.evaluate",
                json!({"expression": "document.getElementById('next').click()"}),
                Some(&session),
            )
            .await
            .unwrap();
    };
    let (waited, ()) = tokio::join!(waiting, click);
    assert!(waited.is_ok(), "{waited:?}");

    let nothing = b
        .call("wait_for", json!({"tabId": tab.as_str()}))
        .await
        .unwrap_err();
    assert!(nothing.message.contains("at least one"), "{nothing:?}");
}

#[tokio::test]
async fn history_steps_and_reload_go_through_the_tools() {
    let b = bench().await;
    let tab = b.open("/first").await;
    // A new tab starts blank: one step back is that blank page, and no further.
    let blank = b.ok("go_back", json!({"tabId": tab.as_str()})).await;
    assert!(blank.text.ends_with("about:blank."), "{}", blank.text);
    let back = b
        .call("go_back", json!({"tabId": tab.as_str()}))
        .await
        .unwrap_err();
    assert!(back.message.contains("no page back"), "{back:?}");
    let first = b.ok("go_forward", json!({"tabId": tab.as_str()})).await;
    assert!(first.text.ends_with("/first."), "{}", first.text);
    b.ok(
        "navigate",
        json!({"tabId": tab.as_str(), "url": format!("{}/second", b.site.base())}),
    )
    .await;
    let back = b.ok("go_back", json!({"tabId": tab.as_str()})).await;
    assert!(back.text.ends_with("/first."), "{}", back.text);
    let forward = b.ok("go_forward", json!({"tabId": tab.as_str()})).await;
    assert!(forward.text.ends_with("/second."), "{}", forward.text);
    let before = b.site.log.lock().unwrap().len();
    let reloaded = b.ok("reload", json!({"tabId": tab.as_str()})).await;
    assert!(reloaded.text.starts_with("Reloaded"), "{}", reloaded.text);
    assert!(
        b.site.log.lock().unwrap()[before..]
            .iter()
            .any(|p| p == "/second"),
        "the page was asked for again"
    );
}

#[tokio::test]
async fn a_limited_agents_click_at_sends_nothing_unsafe() {
    let z = crate::side_effects::zone(BrowserConfig::default()).await;
    let tab = z
        .open(&z.agent("opener", TrustLevel::Limited), "/zoo")
        .await;
    let session = z.browser.session(&tab).unwrap();
    // A form's submit button (a POST document request) and a script's fetch POST: clicking
    // either at its pixels is refused, and nothing reaches the server.
    for (name, path) in [
        ("Send money", "/submit/button"),
        ("Fetch post", "/api/fetch"),
    ] {
        // Every refused call costs its agent trust: a fresh limited agent per sender.
        let agent = z.agent(&format!("limited {name}"), TrustLevel::Limited);
        let found = z
            .browser
            .connection()
            .call(
                "Runtime.evaluate",
                json!({"expression": format!("(() => {{ const b = [...document.querySelectorAll('button, input[type=submit]')].find(b => (b.textContent || b.value).trim() === {name:?}); b.scrollIntoView({{block: 'center'}}); const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }})()"), "returnByValue": true}),
                Some(&session),
            )
            .await
            .unwrap();
        let point = found["result"]["value"].as_array().unwrap().clone();
        let shot = z
            .call(&agent, "screenshot", json!({"tabId": tab.as_str()}))
            .await
            .unwrap();
        let scale = shot.json.unwrap()["scale"].as_f64().unwrap();
        let clicked = z
            .call(
                &agent,
                "click_at",
                json!({"tabId": tab.as_str(), "x": point[0].as_f64().unwrap() * scale,
                       "y": point[1].as_f64().unwrap() * scale}),
            )
            .await;
        let rejection = clicked.unwrap_err();
        assert_eq!(
            rejection.code.as_deref(),
            Some("SIDE_EFFECT_BLOCKED"),
            "{name}: {rejection:?}"
        );
        assert!(rejection.message.contains(path), "{name}: {rejection:?}");
        // The refused form submission may have left the page: back to the zoo for the next.
        z.browser.navigate(&tab, &z.zoo.url("/zoo")).await.unwrap();
    }
    assert_eq!(z.unsafe_received().await, Vec::<String>::new());
}

#[tokio::test]
async fn console_and_network_logs_show_what_the_page_did_and_what_was_blocked() {
    let b = bench().await;
    let tab = b.open("/noisy").await;
    b.ok(
        "wait_for",
        json!({"tabId": tab.as_str(), "text": "noisy", "timeoutMs": 5000}),
    )
    .await;
    // The page's own timers finish after load: wait for their console lines.
    let mut console = Value::Null;
    for _ in 0..50 {
        console = b
            .ok("console_messages", json!({"tabId": tab.as_str()}))
            .await
            .json
            .unwrap();
        let text = console.to_string();
        if text.contains("uncaught boom") && text.contains("post stopped") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let entries = console.as_array().unwrap();
    let has = |level: &str, text: &str| {
        entries
            .iter()
            .any(|e| e["level"] == level && e["text"].as_str().unwrap().contains(text))
    };
    assert!(has("log", "hello from the page 42"), "{console}");
    assert!(has("warning", "careful"), "{console}");
    assert!(has("error", "broken thing"), "{console}");
    assert!(has("error", "uncaught boom"), "{console}");
    let errors = b
        .ok(
            "console_messages",
            json!({"tabId": tab.as_str(), "level": "error", "limit": 1}),
        )
        .await;
    assert_eq!(errors.json.unwrap().as_array().unwrap().len(), 1);

    let network = b
        .ok("network_requests", json!({"tabId": tab.as_str()}))
        .await
        .json
        .unwrap();
    let requests = network.as_array().unwrap();
    let document = requests
        .iter()
        .find(|r| r["url"].as_str().unwrap().ends_with("/noisy"))
        .unwrap_or_else(|| panic!("{network}"));
    assert_eq!(document["status"], 200);
    assert_eq!(document["resourceType"], "Document");
    let post = requests
        .iter()
        .find(|r| r["method"] == "POST")
        .unwrap_or_else(|| panic!("{network}"));
    assert_eq!(post["blocked"], true, "{post}");
    assert!(!b.site.requested("/api/track"), "the POST never left");
    let filtered = b
        .ok(
            "network_requests",
            json!({"tabId": tab.as_str(), "filter": "/first"}),
        )
        .await;
    let only = filtered.json.unwrap();
    assert!(
        only.as_array()
            .unwrap()
            .iter()
            .all(|r| r["url"].as_str().unwrap().contains("/first")),
        "{only}"
    );
}

#[tokio::test]
async fn a_snapshot_since_an_earlier_one_returns_only_what_changed() {
    let b = bench().await;
    let tab = b.open("/board").await;
    let first = b
        .ok(
            "snapshot",
            json!({"tabId": tab.as_str(), "maxTokens": 100_000}),
        )
        .await;
    let id = first.json.unwrap()["id"].as_u64().unwrap();
    let left = b.find(&tab, "Left").await;
    b.ok("click_ref", json!({"tabId": tab.as_str(), "ref": left}))
        .await;
    let diff = b
        .ok(
            "snapshot",
            json!({"tabId": tab.as_str(), "maxTokens": 100_000, "since": format!("s{id}")}),
        )
        .await;
    assert!(
        diff.text.contains(&format!("changes since s{id}")),
        "{}",
        diff.text
    );
    assert!(diff.text.contains("left clicked"), "{}", diff.text);
    assert!(
        !diff.text.contains("\"Right\""),
        "unchanged lines stay out: {}",
        diff.text
    );
    let json = diff.json.unwrap();
    assert!(json["added"].as_u64().unwrap() + json["changed"].as_u64().unwrap() >= 1);

    let same = b
        .ok(
            "snapshot",
            json!({"tabId": tab.as_str(), "since": format!("s{}", json["id"])}),
        )
        .await;
    assert!(same.text.contains("nothing changed"), "{}", same.text);
    let unknown = b
        .call("snapshot", json!({"tabId": tab.as_str(), "since": "s9999"}))
        .await
        .unwrap_err();
    assert!(unknown.message.contains("not kept"), "{unknown:?}");
    let bad = b
        .call(
            "snapshot",
            json!({"tabId": tab.as_str(), "since": "yesterday"}),
        )
        .await
        .unwrap_err();
    assert!(bad.message.contains("snapshot id"), "{bad:?}");
}

#[tokio::test]
async fn reloading_or_stepping_back_to_a_posted_page_sends_nothing_again() {
    let z = crate::side_effects::zone(BrowserConfig::default()).await;
    let buyer = z.agent("buyer", TrustLevel::Standard);
    let tab = z.open(&buyer, "/zoo").await;
    let send = z.find(&buyer, &tab, "Send money").await;
    z.fakes
        .approver
        .answer(aartiq_tools::ApprovalAnswer::Approve);
    z.click(&buyer, &tab, &send).await.unwrap();
    assert!(z.zoo.wait_for("/submit/button", Duration::from_secs(5)));
    assert_eq!(z.unsafe_received().await.len(), 1);
    // The page now shown is a POST's answer: a reload would send the form again, and so would
    // going back and forward to it. Neither is the navigation verb's to let out.
    let limited = z.agent("limited", TrustLevel::Limited);
    let reloaded = z
        .call(&limited, "reload", json!({"tabId": tab.as_str()}))
        .await;
    let back = z
        .call(&limited, "go_back", json!({"tabId": tab.as_str()}))
        .await;
    let forward = z
        .call(&limited, "go_forward", json!({"tabId": tab.as_str()}))
        .await;
    assert_eq!(
        z.unsafe_received().await,
        vec!["POST /submit/button".to_owned()],
        "reload {reloaded:?}, back {back:?}, forward {forward:?}"
    );
}
