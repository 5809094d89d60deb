//! The no-secret-leaves test: a password and the passphrase are planted, every one of the
//! tools runs through the real pipeline against this vault (fakes for the other backends),
//! and no output, rejection, `Debug` text or log line may contain either.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::sync::{Arc, Mutex};

use aartiq_agents::{Authority, Clock as _, TrustLevel};
use aartiq_test_support::{Fakes, register};
use aartiq_tools::{ApprovalAnswer, Policy, ProfileKey, SearchHit, ToolRegistry, catalog};
use aartiq_vault::FileVault;
use serde_json::{Value, json};

use crate::{PASSPHRASE, ScriptedPerson, create, login, new_file};

const SECRET: &str = "Zq9-PLANTED-secret-7731";

/// The TOTP seed planted with the login (base32); neither it nor a code may leave.
const SEED: &str = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

const LOGIN_PAGE: &str = r#"<!doctype html>
<html><head><title>Sign in - Shop</title></head><body>
<main><h1>Sign in</h1>
<form id="login" action="/session" method="POST" aria-label="Sign in">
  <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username">
  <label for="pw">Password</label><input id="pw" name="password" type="password" autocomplete="current-password">
  <button id="go" type="submit">Sign in</button>
</form>
<a href="/help">Help</a></main></body></html>"#;

/// A `tracing` writer into a shared buffer.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn ref_in(text: &str, needle: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{text}"));
    let start = line.find("[ref=").unwrap() + 5;
    let end = line[start..].find(']').unwrap() + start;
    line[start..end].to_owned()
}

#[tokio::test]
#[allow(
    unused_must_use,
    reason = "most calls are run for their output, which the macro records"
)]
async fn no_secret_leaves_through_any_tool_or_log() {
    // Every log line of every thread, at every level, with span fields.
    let logs = Captured::default();
    let writer = logs.clone();
    tracing::subscriber::set_global_default(
        tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::FULL)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish(),
    )
    .unwrap();

    let (_dir, file) = new_file();
    let mut store = create(&file);
    let credential = store
        .add_credential(login(
            "https://shop.example/login",
            "ada@shop.example",
            SECRET,
        ))
        .unwrap();
    store
        .set_totp_seed(&credential, &aartiq_vault::Secret::new(SEED))
        .unwrap();
    store
        .add_profile(
            "Home",
            BTreeMap::from([(ProfileKey::FullName, "Ada Lovelace".to_owned())]),
        )
        .unwrap();
    drop(store);

    let fakes = Fakes::new();
    fakes
        .browser
        .add_tab("1", "https://shop.example/login", LOGIN_PAGE);
    fakes
        .browser
        .add_site("https://shop.example/account", LOGIN_PAGE);
    fakes.search.add_provider("brave");
    fakes.search.set_hits(vec![SearchHit {
        title: "Shop".into(),
        url: "https://shop.example/".into(),
        snippet: "Sign in to your account.".into(),
        published: None,
    }]);
    for _ in 0..64 {
        fakes.approver.answer(ApprovalAnswer::Approve);
    }
    let person = ScriptedPerson::answering(&[Some(PASSPHRASE)]);
    let vault = Arc::new(FileVault::new(
        file.clone(),
        person.clone(),
        fakes.clock.clone(),
    ));
    let mut services = fakes.services();
    services.vault = vault.clone();
    let registry = ToolRegistry::with_builtin(services, Policy::default());
    let agent = register(&registry, "agent", TrustLevel::Standard, &fakes.clock);
    register(&registry, "other", TrustLevel::Standard, &fakes.clock);

    let mut seen: Vec<String> = Vec::new();
    let mut called: BTreeSet<String> = BTreeSet::new();
    let mut outputs: BTreeMap<String, Value> = BTreeMap::new();
    macro_rules! call {
        ($tool:expr, $args:expr) => {{
            let tool: &str = $tool;
            let result = registry.call(&agent, tool, $args).await;
            called.insert(tool.to_owned());
            match &result {
                Ok(out) => {
                    seen.push(format!("{tool} ok: {out:?} {}", out.text));
                    if let Some(json) = &out.json {
                        outputs.insert(tool.to_owned(), json.clone());
                    }
                }
                Err(rejection) => {
                    // Every tool got past lookup and validation: the arguments are right.
                    assert!(
                        !matches!(
                            rejection.step,
                            aartiq_tools::Step::Lookup | aartiq_tools::Step::Validation
                        ),
                        "{tool}: {rejection:?}"
                    );
                    seen.push(format!("{tool} rejected: {rejection:?} {rejection}"));
                }
            }
            result
        }};
    }

    // The vault first: locked, then unlocked by the person after approval.
    call!("vault_list", json!({}));
    call!("vault_unlock", json!({})).unwrap();
    call!("vault_list", json!({})).unwrap();
    let fields = json!([
        {"name": "email", "type": "email", "autocomplete": "username", "selector": "#email"},
        {"name": "password", "type": "password", "autocomplete": "current-password", "selector": "#pw"}
    ]);
    call!(
        "autofill_match",
        json!({"domain": "shop.example", "fields": fields})
    )
    .unwrap();

    // The page tools, on the sign-in page.
    let snapshot = call!("snapshot", json!({"tabId": "1"})).unwrap().text;
    let email = ref_in(&snapshot, "textbox \"Email\"");
    let password = ref_in(&snapshot, "textbox \"Password\"");
    let submit = ref_in(&snapshot, "button \"Sign in\"");
    call!("click_ref", json!({"tabId": "1", "ref": email}));
    call!(
        "fill_ref",
        json!({"tabId": "1", "ref": email, "value": "ada@shop.example"})
    );
    call!(
        "type_ref",
        json!({"tabId": "1", "ref": email, "text": "x", "clearFirst": true})
    );
    call!(
        "element_action",
        json!({"tabId": "1", "ref": password, "action": "focus"})
    );
    call!(
        "press_key",
        json!({"tabId": "1", "ref": password, "key": "Tab"})
    );
    call!(
        "fill_form",
        json!({"tabId": "1", "fields": [{"ref": email, "value": "ada@shop.example"}]})
    );
    // The login from the vault: the secrets go into the page and nowhere else.
    let from_vault = call!(
        "fill_form",
        json!({"tabId": "1", "fields": [
            {"ref": email, "secret": {"credential": credential, "field": "username"}},
            {"ref": password, "secret": {"credential": credential, "field": "password"}}
        ]})
    )
    .unwrap();
    let pw_node = fakes.browser.node_of("1", "#pw").unwrap();
    assert_eq!(fakes.browser.value("1", pw_node).as_deref(), Some(SECRET));
    assert_eq!(
        from_vault.json.as_ref().unwrap()["ok"],
        true,
        "{from_vault:?}"
    );
    let code = aartiq_vault::totp_code(SEED, fakes.clock.now_ms() / 1000).unwrap();
    call!(
        "fill_form",
        json!({"tabId": "1", "fields": [
            {"ref": email, "secret": {"credential": credential, "field": "totp"}}
        ]})
    )
    .unwrap();
    let email_node = fakes.browser.node_of("1", "#email").unwrap();
    assert_eq!(fakes.browser.value("1", email_node), Some(code.clone()));
    let totp_seen = seen.last().unwrap().clone();
    assert!(!totp_seen.contains(&code), "{totp_seen}");
    call!("handle_dialog", json!({"tabId": "1", "accept": true}));
    call!("save_pdf", json!({"tabId": "1"}));
    call!("screenshot", json!({"tabId": "1", "ref": password}));
    call!("click_at", json!({"tabId": "1", "x": 5, "y": 5}));
    call!(
        "drag",
        json!({"tabId": "1", "fromRef": email, "toRef": password})
    );
    call!(
        "wait_for",
        json!({"tabId": "1", "text": "Welcome", "ref": password, "timeoutMs": 50})
    );
    call!("go_back", json!({"tabId": "1"}));
    call!("go_forward", json!({"tabId": "1"}));
    call!("reload", json!({"tabId": "1"}));
    call!(
        "upload_file",
        json!({"tabId": "1", "ref": password, "paths": ["cv.pdf"]})
    );
    call!("list_downloads", json!({}));
    call!("console_messages", json!({"tabId": "1"}));
    call!("network_requests", json!({"tabId": "1"}));
    call!("read_download", json!({"id": "d1"}));
    call!("page_find", json!({"tabId": "1", "query": "password"}));
    call!(
        "page_find",
        json!({"tabId": "1", "query": "Password", "mode": "text"})
    );
    call!(
        "dom_query",
        json!({"tabId": "1", "selector": "input", "includeText": true, "includeAttrs": ["value", "name", "type"]})
    );
    call!("get_page_text", json!({"tabId": "1"}));
    call!(
        "form_submit",
        json!({"tabId": "1", "ref": submit, "confirmText": "Sign in"})
    );

    // Everything else.
    call!("security_scan", json!({"text": "Sign in to your account."}));
    call!("security_audit", json!({}));
    call!("trust_list", json!({}));
    call!("agent_register", json!({"id": "helper", "name": "Helper"}));
    call!("agent_list", json!({}));
    call!("agent_revoke", json!({"agentId": "helper"}));
    call!(
        "tab_handoff",
        json!({"tabId": "1", "fromAgentId": "agent", "toAgentId": "other"})
    );
    call!("web_search", json!({"query": "shop sign in"}));
    call!("news_search", json!({"query": "shop"}));
    call!("search_providers", json!({}));
    call!("extension_list", json!({}));
    call!(
        "extension_install_webstore",
        json!({"url": "https://chromewebstore.google.com/detail/x/cjpalhdlnbpafiamejdnhcphjbkeiagm"})
    );
    call!(
        "extension_import_chrome",
        json!({"profileDir": "/nonexistent/profile"})
    );
    call!(
        "extension_analyze",
        json!({"extensionId": "cjpalhdlnbpafiamejdnhcphjbkeiagm"})
    );
    call!("theme_resolve", json!({}));
    call!("ui_mode_set", json!({"mode": "focus"}));
    call!("list_tabs", json!({}));
    let opened = call!("new_tab", json!({"url": "https://shop.example/account"}));
    let new_tab = opened
        .ok()
        .and_then(|o| o.json)
        .and_then(|j| {
            j.get("id")
                .map(|v| v.to_string().trim_matches('"').to_owned())
        })
        .unwrap_or_else(|| "2".to_owned());
    call!(
        "navigate",
        json!({"tabId": new_tab, "url": "https://shop.example/login"})
    );
    call!("close_tab", json!({"tabId": new_tab}));
    call!("browser_status", json!({}));
    call!("open_panel", json!({"section": "vault"}));
    call!("security_killswitch", json!({"engaged": true}));
    registry.release_kill_switch(&Authority::Human).unwrap();
    call!("vault_list", json!({}));

    let names: BTreeSet<String> = catalog().into_iter().map(|t| t.name.to_owned()).collect();
    assert_eq!(names.len(), 51);
    assert_eq!(called, names, "every tool ran");

    // The run was meaningful: the real vault answered, and it knows a password exists.
    assert_eq!(outputs["vault_unlock"], json!({"unlocked": true}));
    assert_eq!(
        outputs["vault_list"]["credentials"][0]["id"],
        json!(credential)
    );
    let matches = outputs["autofill_match"].as_array().unwrap();
    let secret_match = matches
        .iter()
        .find(|m| m["profileKey"] == "password")
        .unwrap();
    assert_eq!(secret_match["secret"], true);
    assert_eq!(secret_match["value"], "");
    // The browser's own path does reach it (and logs that it did, without the value).
    assert_eq!(
        vault
            .fill_secret(&credential, "shop.example")
            .unwrap()
            .expose(),
        SECRET
    );
    vault.lock();
    seen.push(format!("{vault:?}"));
    seen.push(format!("{:?}", aartiq_vault::Secret::new(SECRET)));
    seen.push(format!("{:?}", aartiq_vault::Passphrase::new(PASSPHRASE)));
    seen.push(format!(
        "{:?}",
        file.open(&aartiq_vault::Passphrase::new(PASSPHRASE))
            .unwrap()
    ));
    seen.push(format!(
        "{:?}",
        file.open(&aartiq_vault::Passphrase::new("wrong passphrase!"))
            .unwrap_err()
    ));
    seen.push(format!("{:?}", fakes.approver.requests()));
    // The fake browser's own record of what was written into the page holds the secrets by
    // design (it is the page); that the page got them is asserted above.
    let calls = format!("{:?}", fakes.browser.calls());
    assert!(calls.contains(SECRET), "the secret reached the page");

    let logs = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    assert!(
        logs.contains("vault unlocked"),
        "the log capture works:\n{logs}"
    );
    assert!(logs.contains("released for in-page filling"));
    assert!(logs.contains("tool.call"));
    for needle in [SECRET, PASSPHRASE, SEED] {
        for text in &seen {
            assert!(!text.contains(needle), "{needle:?} leaked in: {text}");
        }
        assert!(!logs.contains(needle), "{needle:?} leaked into the logs");
    }
}
