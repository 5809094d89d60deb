//! The network rule through the real `aartiq-http` with its real Chromium, over loopback with a
//! real HTTP client and client credentials: what the zoo's server received is the verdict.

use std::time::Duration;

use aartiq_test_support::zoo::{SAFE, SENDERS, Zoo};
use serde_json::{Value, json};

use crate::{Running, spawn};

struct Api {
    running: Running,
    token: String,
    http: reqwest::blocking::Client,
    /// The tab each client opened: a client's tabs are its own and count against its level's
    /// limit, so each page after the first is loaded in the same tab.
    tabs: std::cell::RefCell<std::collections::HashMap<String, Value>>,
}

impl Api {
    /// `aartiq-http` with a browser, agents at `trust` by default.
    fn start(trust: &str) -> Api {
        Api::start_with(trust, &[])
    }

    /// [`Api::start`] with more flags.
    fn start_with(trust: &str, extra: &[&str]) -> Api {
        let home = tempfile::tempdir().unwrap();
        let token_file = home.path().join("token");
        let approvals = home.path().join("approvals");
        let mut args = vec![
            "--token-file",
            token_file.to_str().unwrap(),
            "--approvals-dir",
            approvals.to_str().unwrap(),
            "--default-trust",
            trust,
        ];
        args.extend_from_slice(extra);
        let running = spawn(&args);
        let token = std::fs::read_to_string(&token_file)
            .unwrap()
            .trim()
            .to_owned();
        // Keep the folder alive with the server.
        std::mem::forget(home);
        Api {
            running,
            token,
            http: reqwest::blocking::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap(),
            tabs: std::cell::RefCell::default(),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.running.port)
    }

    /// A client credential for agent `id`, made with the primary token.
    fn client(&self, id: &str) -> String {
        let made: Value = self
            .http
            .post(self.url("/clients"))
            .bearer_auth(&self.token)
            .json(&json!({"id": id, "name": id}))
            .send()
            .unwrap()
            .json()
            .unwrap();
        made["token"].as_str().unwrap().to_owned()
    }

    /// `POST /api/<tool>` as the client, with an approval id when given.
    fn call(&self, client: &str, tool: &str, args: Value, approval: Option<&str>) -> Value {
        let mut request = self
            .http
            .post(self.url(&format!("/api/{tool}")))
            .bearer_auth(client)
            .json(&args);
        if let Some(id) = approval {
            request = request.header("x-approval-id", id);
        }
        request.send().unwrap().json().unwrap()
    }

    fn text(body: &Value) -> String {
        body["content"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Opens `url` in the client's tab (a new one the first time) and returns the tab's id and
    /// the ref named `name`.
    fn open(&self, client: &str, url: &str, name: &str) -> (Value, String) {
        let known = self.tabs.borrow().get(client).cloned();
        let tab = match known {
            Some(tab) => {
                let loaded = self.call(client, "navigate", json!({"tabId": tab, "url": url}), None);
                assert_eq!(loaded["isError"], false, "navigate answered {loaded}");
                tab
            }
            None => {
                let opened = self.call(client, "new_tab", json!({"url": url}), None);
                // "Opened tab t2 → URL."
                let text = Api::text(&opened);
                let tab = json!(
                    text.strip_prefix("Opened tab ")
                        .and_then(|rest| rest.split_whitespace().next())
                        .unwrap_or_else(|| panic!("new_tab answered {opened}"))
                );
                self.tabs
                    .borrow_mut()
                    .insert(client.to_owned(), tab.clone());
                tab
            }
        };
        self.call(
            client,
            "snapshot",
            json!({"tabId": tab, "maxTokens": 100_000}),
            None,
        );
        let found = self.call(
            client,
            "page_find",
            json!({"tabId": tab, "query": name, "limit": 50}),
            None,
        );
        let found: Value = serde_json::from_str(&Api::text(&found)).unwrap();
        let reference = found["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .and_then(|m| m["ref"].as_str())
            .unwrap_or_else(|| panic!("no {name}: {found}"))
            .to_owned();
        (tab, reference)
    }
}

fn unsafe_received(zoo: &Zoo) -> Vec<String> {
    std::thread::sleep(Duration::from_millis(600));
    zoo.unsafe_received()
        .iter()
        .map(|r| format!("{} {}", r.method, r.target))
        .collect()
}

#[test]
fn a_limited_client_cannot_submit_by_clicking_and_is_told_why() {
    let zoo = Zoo::start().unwrap();
    let api = Api::start("limited");
    for (s, (name, _)) in SENDERS.iter().enumerate() {
        for (i, tool) in ["click_ref", "element_action", "press_key"]
            .into_iter()
            .enumerate()
        {
            // Every refused call costs its agent 5 points: a fresh client per attempt keeps
            // each at the limited level (and a tab is its opener's own).
            let agent = api.client(&format!("shopper-{s}-{i}"));
            let (tab, send) = api.open(&agent, &zoo.url("/zoo"), name);
            let args = match tool {
                "click_ref" => json!({"tabId": tab, "ref": send}),
                "element_action" => json!({"tabId": tab, "ref": send, "action": "click"}),
                _ => json!({"tabId": tab, "ref": send, "key": "Enter"}),
            };
            let body = api.call(&agent, tool, args, None);
            assert_eq!(body["isError"], true, "{name} {tool}: {body}");
            assert_eq!(body["code"], "SIDE_EFFECT_BLOCKED", "{name} {tool}: {body}");
            assert!(
                Api::text(&body).contains("grant more trust"),
                "{name} {tool}: {body}"
            );
        }
    }
    assert_eq!(unsafe_received(&zoo), Vec::<String>::new());
}

#[test]
fn a_standard_client_gets_an_approval_id_and_after_the_person_approves_sends_once() {
    let zoo = Zoo::start().unwrap();
    let api = Api::start("standard");
    let agent = api.client("buyer");
    for (name, path) in [
        ("Send money", "/submit/button"),
        ("Fetch post", "/api/fetch"),
    ] {
        zoo.clear();
        let (tab, send) = api.open(&agent, &zoo.url("/zoo"), name);
        let args = json!({"tabId": tab, "ref": send});
        let asked = api.call(&agent, "click_ref", args.clone(), None);
        assert_eq!(asked["code"], "APPROVAL_REQUIRED", "{name}: {asked}");
        assert!(Api::text(&asked).contains(path), "{name}: {asked}");
        assert_eq!(unsafe_received(&zoo), Vec::<String>::new(), "{name}");
        // The agent cannot approve itself: its credential is refused on the admin route.
        let id = asked["approvalId"].as_str().unwrap();
        let own = api
            .http
            .post(api.url(&format!("/approvals/{id}/approve")))
            .bearer_auth(&agent)
            .send()
            .unwrap();
        assert!(!own.status().is_success(), "an agent approved itself");
        // The person approves; the agent repeats the call with the id.
        let approved = api
            .http
            .post(api.url(&format!("/approvals/{id}/approve")))
            .bearer_auth(&api.token)
            .send()
            .unwrap();
        assert!(approved.status().is_success());
        let done = api.call(&agent, "click_ref", args.clone(), Some(id));
        assert_eq!(done["isError"], false, "{name}: {done}");
        assert!(zoo.wait_for(path, Duration::from_secs(5)), "{name}");
        assert_eq!(unsafe_received(&zoo), [format!("POST {path}")], "{name}");
        // Used once: the same approval again is refused and sends nothing more.
        zoo.clear();
        let again = api.call(&agent, "click_ref", args, Some(id));
        assert_eq!(again["code"], "APPROVAL_INVALID", "{name}: {again}");
        assert_eq!(unsafe_received(&zoo), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn a_standard_client_nobody_approved_for_sends_nothing_by_any_sender() {
    let zoo = Zoo::start().unwrap();
    let api = Api::start("standard");
    let agent = api.client("waiting");
    for (name, path) in SENDERS {
        let (tab, send) = api.open(&agent, &zoo.url("/zoo"), name);
        let asked = api.call(
            &agent,
            "click_ref",
            json!({"tabId": tab, "ref": send}),
            None,
        );
        assert_eq!(asked["code"], "APPROVAL_REQUIRED", "{name}: {asked}");
        assert!(Api::text(&asked).contains(path), "{name}: {asked}");
    }
    assert_eq!(unsafe_received(&zoo), Vec::<String>::new());
}

#[test]
fn the_safe_controls_work_over_http_at_every_trust_level_that_gives_input() {
    let zoo = Zoo::start().unwrap();
    for trust in ["limited", "standard", "privileged"] {
        let api = Api::start(trust);
        let agent = api.client("reader");
        for name in SAFE {
            zoo.clear();
            let (tab, control) = api.open(&agent, &zoo.url("/zoo"), name);
            let clicked = api.call(
                &agent,
                "click_ref",
                json!({"tabId": tab, "ref": control}),
                None,
            );
            assert_eq!(clicked["isError"], false, "{trust} {name}: {clicked}");
            match *name {
                "Search" => assert!(zoo.wait_for("/search", Duration::from_secs(5)), "{trust}"),
                "Plain link" => assert!(zoo.wait_for("/plain", Duration::from_secs(5)), "{trust}"),
                _ => {
                    let text = api.call(&agent, "get_page_text", json!({"tabId": tab}), None);
                    assert!(Api::text(&text).contains("toggled"), "{trust}: {text}");
                }
            }
            assert_eq!(
                unsafe_received(&zoo),
                Vec::<String>::new(),
                "{trust} {name}"
            );
        }
    }
}

#[test]
fn press_key_is_served_and_listed_in_openapi() {
    let zoo = Zoo::start().unwrap();
    let api = Api::start("limited");
    let agent = api.client("typist");
    let spec: Value = api
        .http
        .get(api.url("/openapi.json"))
        .bearer_auth(&api.token)
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert!(
        spec["paths"]["/api/press_key"].is_object(),
        "{}",
        spec["paths"]
    );
    let (tab, search) = api.open(&agent, &zoo.url("/zoo"), "Search box");
    let body = api.call(
        &agent,
        "press_key",
        json!({"tabId": tab, "ref": search, "key": "Enter"}),
        None,
    );
    assert_eq!(body["isError"], false, "{body}");
    assert!(zoo.wait_for("/search", Duration::from_secs(5)));
    assert_eq!(unsafe_received(&zoo), Vec::<String>::new());
}

/// The pixel size in a PNG or JPEG header.
fn image_size(data: &[u8]) -> (u32, u32) {
    aartiq_tools::image_size(data).unwrap_or_else(|| panic!("neither PNG nor JPEG"))
}

#[test]
fn screenshots_waits_and_history_over_http_with_image_content() {
    use base64::Engine as _;
    let zoo = Zoo::start().unwrap();
    let api = Api::start("limited");
    let agent = api.client("viewer");
    let (tab, _) = api.open(&agent, &zoo.url("/zoo"), "Search");

    let shot = api.call(
        &agent,
        "screenshot",
        json!({"tabId": tab, "maxDimension": 320, "format": "png"}),
        None,
    );
    assert_eq!(shot["isError"], false, "{shot}");
    let image = &shot["content"][1];
    assert_eq!(image["type"], "image", "{shot}");
    assert_eq!(image["mimeType"], "image/png");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(image["data"].as_str().unwrap())
        .unwrap();
    let (w, h) = image_size(&bytes);
    assert_eq!(w.max(h), 320, "{w}x{h}");
    assert!(Api::text(&shot).contains("scale"), "{shot}");

    let waited = api.call(
        &agent,
        "wait_for",
        json!({"tabId": tab, "text": "Search", "timeoutMs": 2000}),
        None,
    );
    assert_eq!(waited["isError"], false, "{waited}");
    let timed_out = api.call(
        &agent,
        "wait_for",
        json!({"tabId": tab, "textGone": "Search", "timeoutMs": 300}),
        None,
    );
    assert_eq!(timed_out["code"], "WAIT_TIMEOUT", "{timed_out}");

    let reloaded = api.call(&agent, "reload", json!({"tabId": tab}), None);
    assert_eq!(reloaded["isError"], false, "{reloaded}");
    let back = api.call(&agent, "go_back", json!({"tabId": tab}), None);
    assert_eq!(back["isError"], false, "{back}");
    assert!(Api::text(&back).contains("about:blank"), "{back}");
}

#[test]
fn uploads_and_downloads_over_http_use_the_folders_the_flags_name() {
    let zoo = Zoo::start().unwrap();
    let uploads = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    std::fs::write(uploads.path().join("cv.txt"), b"Ada's CV").unwrap();
    let api = Api::start_with(
        "standard",
        &[
            "--upload-dir",
            uploads.path().to_str().unwrap(),
            "--download-dir",
            downloads.path().to_str().unwrap(),
        ],
    );
    let agent = api.client("filer");
    let (tab, input) = api.open(&agent, &zoo.url("/files"), "Document");
    let outside = api.call(
        &agent,
        "upload_file",
        json!({"tabId": tab, "ref": input, "paths": ["/etc/hostname"]}),
        None,
    );
    assert_eq!(outside["code"], "UPLOAD_OUTSIDE_FOLDER", "{outside}");
    // A file handed to a page is a side effect: a person approves it first.
    let args = json!({"tabId": tab, "ref": input, "paths": ["cv.txt"]});
    let asked = api.call(&agent, "upload_file", args.clone(), None);
    assert_eq!(asked["code"], "APPROVAL_REQUIRED", "{asked}");
    let id = asked["approvalId"].as_str().unwrap();
    let approved = api
        .http
        .post(api.url(&format!("/approvals/{id}/approve")))
        .bearer_auth(&api.token)
        .send()
        .unwrap();
    assert!(approved.status().is_success());
    let uploaded = api.call(&agent, "upload_file", args, Some(id));
    assert_eq!(uploaded["isError"], false, "{uploaded}");

    let (_, report) = api.open(&agent, &zoo.url("/files"), "Download report");
    let clicked = api.call(
        &agent,
        "click_ref",
        json!({"tabId": tab, "ref": report}),
        None,
    );
    assert_eq!(clicked["isError"], false, "{clicked}");
    let mut listed = Value::Null;
    for _ in 0..100 {
        let body = api.call(&agent, "list_downloads", json!({}), None);
        listed = serde_json::from_str(&Api::text(&body)).unwrap_or(Value::Null);
        if listed[0]["state"] == "completed" {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let entry = &listed[0];
    for field in ["id", "name", "size", "sha256", "url", "state"] {
        assert!(entry.get(field).is_some(), "{field} missing: {entry}");
    }
    assert_eq!(entry["state"], "completed", "{listed}");
    assert!(downloads.path().join("report.csv").exists());
    let read = api.call(&agent, "read_download", json!({"id": entry["id"]}), None);
    assert!(Api::text(&read).starts_with("id,item,price"), "{read}");
    let missing = api.call(&agent, "read_download", json!({"id": "d404"}), None);
    assert_eq!(missing["code"], "DOWNLOAD_NOT_FOUND", "{missing}");
}

#[test]
fn a_tool_profile_serves_only_its_groups() {
    let api = Api::start_with("limited", &["--tools", "core,vision"]);
    let health: Value = api
        .http
        .get(api.url("/health"))
        .bearer_auth(&api.token)
        .send()
        .unwrap()
        .json()
        .unwrap();
    let expected = aartiq_tools::TOOL_GROUPS
        .iter()
        .filter(|(g, _)| *g == "core" || *g == "vision")
        .flat_map(|(_, tools)| tools.iter())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    assert_eq!(health["tools"], expected, "{health}");
    let openapi: Value = api
        .http
        .get(api.url("/openapi.json"))
        .bearer_auth(&api.token)
        .send()
        .unwrap()
        .json()
        .unwrap();
    let paths = openapi["paths"].as_object().unwrap();
    assert!(paths.contains_key("/api/screenshot"));
    assert!(!paths.contains_key("/api/security_scan"));
    let agent = api.client("narrow");
    let refused = api.call(&agent, "security_scan", json!({"text": "hi"}), None);
    assert_eq!(refused["code"], "TOOL_NOT_ENABLED", "{refused}");
    let status = api.call(&agent, "browser_status", json!({}), None);
    assert_eq!(status["isError"], false, "{status}");
}

#[test]
fn dialogs_wait_for_handle_dialog_and_save_pdf_writes_where_the_flag_says() {
    let zoo = Zoo::start().unwrap();
    let output = tempfile::tempdir().unwrap();
    let api = Api::start_with(
        "limited",
        &["--output-dir", output.path().to_str().unwrap()],
    );
    let agent = api.client("answerer");
    let (tab, rename) = api.open(&agent, &zoo.url("/dialogs"), "Rename");
    let asked = api.call(
        &agent,
        "click_ref",
        json!({"tabId": tab, "ref": rename}),
        None,
    );
    assert!(
        Api::text(&asked).contains("prompt dialog \"New name?\" (open"),
        "{asked}"
    );
    let blocked = api.call(&agent, "get_page_text", json!({"tabId": tab}), None);
    assert_eq!(blocked["code"], "DIALOG_OPEN", "{blocked}");
    let answered = api.call(
        &agent,
        "handle_dialog",
        json!({"tabId": tab, "accept": true, "promptText": "Budget 2027"}),
        None,
    );
    assert_eq!(answered["isError"], false, "{answered}");
    let text = api.call(&agent, "get_page_text", json!({"tabId": tab}), None);
    assert!(
        Api::text(&text).contains("renamed to Budget 2027"),
        "{text}"
    );
    let none = api.call(
        &agent,
        "handle_dialog",
        json!({"tabId": tab, "accept": false}),
        None,
    );
    assert_eq!(none["code"], "NO_DIALOG", "{none}");

    let saved = api.call(&agent, "save_pdf", json!({"tabId": tab}), None);
    assert_eq!(saved["isError"], false, "{saved}");
    let pdf = std::fs::read(output.path().join("dialogs.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
}
