//! The network rule through the real `aartiq-http` with its real Chromium, over loopback with a
//! real HTTP client and client credentials: what the zoo's server received is the verdict.

use std::time::Duration;

use aartiq_test_support::zoo::{SAFE, SENDERS, Zoo};
use serde_json::{Value, json};

use crate::api::Api;

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

#[test]
fn pointer_tools_page_logs_and_snapshot_diffs_over_http() {
    let zoo = Zoo::start().unwrap();
    let api = Api::start("limited");
    let agent = api.client("pointer");
    let (tab, card) = api.open(&agent, &zoo.url("/board"), "Card");
    let zone = api.find(&agent, &tab, "Drop zone");
    let status = |api: &Api| {
        let text = api.call(&agent, "get_page_text", json!({"tabId": tab}), None);
        Api::text(&text)
    };
    let first = api.call(
        &agent,
        "snapshot",
        json!({"tabId": tab, "maxTokens": 100_000}),
        None,
    );
    // "page t2 ... snapshot s3": the id a later snapshot names as `since`.
    let id = Api::text(&first)
        .split("snapshot ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .map(str::to_owned)
        .unwrap_or_else(|| panic!("no snapshot id: {first}"));

    // click_at in the coordinates of the last screenshot: its scale maps the page to it.
    let shot = api.call(
        &agent,
        "screenshot",
        json!({"tabId": tab, "maxDimension": 640}),
        None,
    );
    let scale: f64 = Api::text(&shot)
        .split("scale ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no scale: {shot}"));
    assert!(scale > 0.0 && scale <= 1.0, "{shot}");
    let clicked = api.call(
        &agent,
        "click_at",
        json!({"tabId": tab, "x": 500.0 * scale, "y": 80.0 * scale}),
        None,
    );
    assert_eq!(clicked["isError"], false, "{clicked}");
    assert!(status(&api).contains("right clicked"), "{}", status(&api));

    let dragged = api.call(
        &agent,
        "drag",
        json!({"tabId": tab, "fromRef": card, "toRef": zone}),
        None,
    );
    assert_eq!(dragged["isError"], false, "{dragged}");
    assert!(status(&api).contains("dropped on zone"), "{}", status(&api));

    // Only what changed since the first snapshot: the status line, not the rest of the page.
    let diff = api.call(
        &agent,
        "snapshot",
        json!({"tabId": tab, "maxTokens": 100_000, "since": id}),
        None,
    );
    let changed = Api::text(&diff);
    assert!(changed.contains("dropped on zone"), "{diff}");
    assert!(!changed.contains("Plain link"), "{diff}");
    assert!(changed.len() < Api::text(&first).len(), "{diff}");

    let mut console = String::new();
    for _ in 0..50 {
        let body = api.call(&agent, "console_messages", json!({"tabId": tab}), None);
        console = Api::text(&body);
        if console.contains("items loaded") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    for line in ["board ready 7", "careful with the card", "items loaded"] {
        assert!(console.contains(line), "{line}: {console}");
    }
    let warnings = api.call(
        &agent,
        "console_messages",
        json!({"tabId": tab, "level": "warning"}),
        None,
    );
    // One line an entry: "[level] text".
    assert_eq!(
        Api::text(&warnings),
        "[warning] careful with the card",
        "{warnings}"
    );

    let network = api.call(
        &agent,
        "network_requests",
        json!({"tabId": tab, "filter": "/api/items"}),
        None,
    );
    // One line a request: "METHOD URL STATUS TYPE", and BLOCKED when the rule stopped it.
    let text = Api::text(&network);
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
    assert!(!lines.is_empty(), "{network}");
    for line in &lines {
        assert!(line[1].ends_with("/api/items"), "{text}");
        assert_eq!(line[0], "GET", "{text}");
        assert_eq!(line[2], "200", "{text}");
        assert!(!line.contains(&"BLOCKED"), "{text}");
    }

    // History both ways.
    let away = api.call(
        &agent,
        "navigate",
        json!({"tabId": tab, "url": zoo.url("/plain")}),
        None,
    );
    assert_eq!(away["isError"], false, "{away}");
    let back = api.call(&agent, "go_back", json!({"tabId": tab}), None);
    assert!(Api::text(&back).contains("/board"), "{back}");
    let forward = api.call(&agent, "go_forward", json!({"tabId": tab}), None);
    assert_eq!(forward["isError"], false, "{forward}");
    assert!(Api::text(&forward).contains("/plain"), "{forward}");
}

/// `--vault FILE`: an approved `vault_unlock` opens it with `AARTIQ_VAULT_PASSPHRASE`, a
/// `fill_form` field that names the login fills the sign-in form, and the approved send
/// carries the real values; the secrets show in no answer and no line of the server's log.
#[test]
fn a_login_from_the_servers_vault_reaches_the_form_and_no_answer_or_log() {
    use aartiq_vault::{KdfParams, NewCredential, Passphrase, Secret, VaultFile};
    const PASSPHRASE: &str = "correct horse battery staple";
    const PASSWORD: &str = "Vq7-http-PASSWORD-4410";
    const USERNAME: &str = "ada.lovelace.http";
    const SEED: &str = "KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TFOQ";

    let zoo = Zoo::start().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vault.aqv");
    let mut store = VaultFile::new(path.clone())
        .create(&Passphrase::new(PASSPHRASE), KdfParams::for_tests())
        .unwrap();
    let credential = store
        .add_credential(NewCredential {
            domain: "127.0.0.1".to_owned(),
            username: USERNAME.to_owned(),
            password: Secret::new(PASSWORD),
        })
        .unwrap();
    store
        .set_totp_seed(&credential, &Secret::new(SEED))
        .unwrap();
    drop(store);
    let log_path = dir.path().join("server.log");
    let api = Api::start_full(
        "standard",
        &["--vault", path.to_str().unwrap()],
        &[
            ("AARTIQ_VAULT_PASSPHRASE", PASSPHRASE),
            ("AARTIQ_LOG", "debug"),
        ],
        Some(std::fs::File::create(&log_path).unwrap()),
    );
    let agent = api.client("signer");
    let mut seen: Vec<String> = Vec::new();
    let mut call = |tool: &str, args: Value, approval: Option<&str>| {
        let body = api.call(&agent, tool, args, approval);
        seen.push(body.to_string());
        body
    };
    // A side effect: asked, approved by the person, then run with the approval's id.
    let approve = |api: &Api, asked: &Value| {
        assert_eq!(asked["code"], "APPROVAL_REQUIRED", "{asked}");
        let id = asked["approvalId"].as_str().unwrap().to_owned();
        let approved = api
            .http
            .post(api.url(&format!("/approvals/{id}/approve")))
            .bearer_auth(&api.token)
            .send()
            .unwrap();
        assert!(approved.status().is_success());
        id
    };

    let (tab, user) = api.open(&agent, &zoo.url("/login"), "Username");
    let password = api.find(&agent, &tab, "Password");
    let otp = api.find(&agent, &tab, "One-time code");
    let secret = |reference: &str, field: &str| json!({"ref": reference, "secret": {"credential": credential, "field": field}});
    let fields = json!({"tabId": tab, "fields": [
        secret(&user, "username"),
        secret(&password, "password"),
        secret(&otp, "totp"),
    ]});
    let locked = call("fill_form", fields.clone(), None);
    assert!(Api::text(&locked).contains("locked"), "{locked}");

    let asked = call("vault_unlock", json!({}), None);
    let id = approve(&api, &asked);
    let unlocked = call("vault_unlock", json!({}), Some(&id));
    assert_eq!(unlocked["isError"], false, "{unlocked}");
    let filled = call("fill_form", fields, None);
    assert_eq!(filled["isError"], false, "{filled}");
    assert!(
        filled.to_string().contains("<password from the vault>"),
        "{filled}"
    );
    call(
        "snapshot",
        json!({"tabId": tab, "maxTokens": 100_000}),
        None,
    );
    call("get_page_text", json!({"tabId": tab}), None);
    call(
        "dom_query",
        json!({"tabId": tab, "selector": "input", "includeText": true}),
        None,
    );
    let send = api.find(&agent, &tab, "Sign in");
    let asked = call("click_ref", json!({"tabId": tab, "ref": send}), None);
    let id = approve(&api, &asked);
    let sent = call("click_ref", json!({"tabId": tab, "ref": send}), Some(&id));
    assert_eq!(sent["isError"], false, "{sent}");
    assert!(zoo.wait_for("/submit/login", Duration::from_secs(5)));
    let received = zoo.unsafe_received();
    let body = &received
        .iter()
        .find(|r| r.target == "/submit/login")
        .unwrap()
        .body;
    assert!(body.contains(&format!("username={USERNAME}")), "{body}");
    assert!(body.contains(&format!("password={PASSWORD}")), "{body}");
    let code = body
        .split('&')
        .find_map(|pair| pair.strip_prefix("otp="))
        .unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let codes: Vec<String> = [now - 60, now - 30, now, now + 30]
        .iter()
        .map(|t| aartiq_vault::totp_code(SEED, *t).unwrap())
        .collect();
    assert!(codes.iter().any(|c| c == code), "{code} not in {codes:?}");

    drop(api);
    let log = std::fs::read_to_string(&log_path).unwrap();
    assert!(!log.is_empty(), "the server logged nothing at debug");
    for text in seen.iter().chain(std::iter::once(&log)) {
        for needle in [PASSWORD, USERNAME, SEED, PASSPHRASE] {
            assert!(!text.contains(needle), "{needle:?} leaked in: {text}");
        }
        assert!(!has_number(text, code), "the code {code} leaked in: {text}");
    }
}

/// Whether `number` stands in `text` as a whole number (not inside a longer run of digits,
/// such as a timestamp).
fn has_number(text: &str, number: &str) -> bool {
    text.match_indices(number).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + number.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}
