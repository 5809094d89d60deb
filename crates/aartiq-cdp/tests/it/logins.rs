//! Logins from the vault on real Chromium: `fill_form` fields that name a vault secret reach
//! the test server's sign-in form, and the secrets appear in no tool result, snapshot, query or
//! error; another site gets nothing, and a locked vault releases nothing.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use aartiq_agents::{Clock as _, TrustLevel};
use aartiq_test_support::register;
use aartiq_test_support::zoo::Zoo;
use aartiq_tools::{ApprovalAnswer, Policy, Rejection, TabId, ToolOutput, ToolRegistry};
use aartiq_vault::{
    FileVault, KdfParams, NewCredential, Passphrase, PassphraseProvider, Secret, UnlockRequest,
    VaultFile,
};
use async_trait::async_trait;
use serde_json::{Value, json};

const PASSPHRASE: &str = "correct horse battery staple";
const PASSWORD: &str = "Vq7-login-PASSWORD-4410";
const USERNAME: &str = "ada.lovelace.login";
const SEED: &str = "KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TFOQ";

struct Person(Mutex<Vec<String>>);

#[async_trait]
impl PassphraseProvider for Person {
    async fn passphrase(&self, _request: &UnlockRequest) -> Option<Passphrase> {
        self.0.lock().unwrap().pop().map(Passphrase::new)
    }
}

struct Desk {
    zoo: Zoo,
    browser: Arc<aartiq_cdp::CdpBrowser>,
    registry: ToolRegistry,
    fakes: aartiq_test_support::Fakes,
    agent: aartiq_agents::AgentId,
    credential: String,
    /// Every tool result and rejection, as text.
    seen: Mutex<Vec<String>>,
    _dir: tempfile::TempDir,
}

async fn desk(site: &str) -> Desk {
    let zoo = Zoo::start().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = VaultFile::new(dir.path().join("vault.aqv"));
    let mut store = file
        .create(&Passphrase::new(PASSPHRASE), KdfParams::for_tests())
        .unwrap();
    let credential = store
        .add_credential(NewCredential {
            domain: site.to_owned(),
            username: USERNAME.to_owned(),
            password: Secret::new(PASSWORD),
        })
        .unwrap();
    store
        .set_totp_seed(&credential, &Secret::new(SEED))
        .unwrap();
    drop(store);
    let browser = Arc::new(crate::browser::launch_browser().await);
    let fakes = aartiq_test_support::Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    services.vault = Arc::new(FileVault::new(
        file,
        Arc::new(Person(Mutex::new(vec![PASSPHRASE.to_owned()]))),
        fakes.clock.clone(),
    ));
    let registry = ToolRegistry::with_builtin(services, Policy::default());
    let agent = register(&registry, "signer", TrustLevel::Standard, &fakes.clock);
    Desk {
        zoo,
        browser,
        registry,
        fakes,
        agent,
        credential,
        seen: Mutex::new(Vec::new()),
        _dir: dir,
    }
}

impl Desk {
    async fn call(&self, tool: &str, args: Value) -> Result<ToolOutput, Rejection> {
        let result = self.registry.call(&self.agent, tool, args).await;
        let text = match &result {
            Ok(out) => format!("{tool}: {} {:?}", out.text, out.json),
            Err(rejection) => format!("{tool}: {rejection} {rejection:?}"),
        };
        self.seen.lock().unwrap().push(text);
        result
    }

    async fn open(&self) -> TabId {
        crate::open_page(
            &self.registry,
            &self.agent,
            &self.browser,
            &self.zoo.url("/login"),
        )
        .await
    }

    async fn find(&self, tab: &TabId, name: &str) -> String {
        crate::ref_named(&self.registry, &self.agent, tab, name).await
    }

    async fn shot(&self, tab: &TabId) -> Result<ToolOutput, Rejection> {
        self.call(
            "screenshot",
            json!({"tabId": tab.as_str(), "maxDimension": 400}),
        )
        .await
    }

    fn secret(&self, reference: &str, field: &str) -> Value {
        json!({"ref": reference, "secret": {"credential": self.credential, "field": field}})
    }

    fn assert_nothing_leaked(&self, code: &str) {
        for text in self.seen.lock().unwrap().iter() {
            for needle in [PASSWORD, USERNAME, SEED, code] {
                assert!(!text.contains(needle), "{needle:?} leaked in: {text}");
            }
        }
    }
}

#[tokio::test]
async fn a_login_from_the_vault_reaches_the_form_and_no_result() {
    let d = desk("127.0.0.1").await;
    let tab = d.open().await;
    let user = d.find(&tab, "Username").await;
    let password = d.find(&tab, "Password").await;
    let otp = d.find(&tab, "One-time code").await;
    let fields = json!({"tabId": tab.as_str(), "fields": [
        d.secret(&user, "username"),
        d.secret(&password, "password"),
        d.secret(&otp, "totp"),
    ]});

    // Locked: nothing is released, nothing written.
    let locked = d.call("fill_form", fields.clone()).await.unwrap_err();
    assert!(locked.message.contains("locked"), "{locked:?}");

    d.fakes.approver.answer(ApprovalAnswer::Approve);
    d.call("vault_unlock", json!({})).await.unwrap();
    let filled = d.call("fill_form", fields).await.unwrap();
    let json = filled.json.clone().unwrap();
    assert_eq!(json["ok"], true, "{json}");
    assert_eq!(
        json["fields"][1]["value"], "<password from the vault>",
        "{json}"
    );
    let code = aartiq_vault::totp_code(SEED, d.fakes.clock.now_ms() / 1000).unwrap();

    // The page holds them; nothing that reads the page shows them.
    d.call(
        "snapshot",
        json!({"tabId": tab.as_str(), "maxTokens": 100_000}),
    )
    .await
    .unwrap();
    d.call(
        "dom_query",
        json!({"tabId": tab.as_str(), "selector": "input", "includeText": true, "includeAttrs": ["name", "type"]}),
    )
    .await
    .unwrap();
    d.call("get_page_text", json!({"tabId": tab.as_str()}))
        .await
        .unwrap();
    d.call(
        "page_find",
        json!({"tabId": tab.as_str(), "query": "code", "mode": "text"}),
    )
    .await
    .unwrap();
    // Sending is a side effect a person approves; the server gets the real values.
    let send = d.find(&tab, "Sign in").await;
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    d.call("click_ref", json!({"tabId": tab.as_str(), "ref": send}))
        .await
        .unwrap();
    assert!(d.zoo.wait_for("/submit/login", Duration::from_secs(5)));
    let received = d.zoo.unsafe_received();
    let body = &received
        .iter()
        .find(|r| r.target == "/submit/login")
        .unwrap()
        .body;
    assert!(body.contains(&format!("username={USERNAME}")), "{body}");
    assert!(body.contains(&format!("password={PASSWORD}")), "{body}");
    assert!(body.contains(&format!("otp={code}")), "{body}");
    d.assert_nothing_leaked(&code);
}

#[tokio::test]
async fn another_site_gets_nothing_from_the_vault() {
    // Stored for a look-alike of the zoo's host: the page on 127.0.0.1 is not its site.
    let d = desk("127.0.0.2").await;
    let tab = d.open().await;
    let password = d.find(&tab, "Password").await;
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    d.call("vault_unlock", json!({})).await.unwrap();
    let refused = d
        .call(
            "fill_form",
            json!({"tabId": tab.as_str(), "fields": [d.secret(&password, "password")]}),
        )
        .await
        .unwrap_err();
    assert!(refused.message.contains("not for 127.0.0.1"), "{refused:?}");
    // A value and a secret at once is refused too.
    let both = d
        .call(
            "fill_form",
            json!({"tabId": tab.as_str(), "fields": [
                {"ref": password, "value": "x", "secret": {"credential": d.credential, "field": "password"}}
            ]}),
        )
        .await
        .unwrap_err();
    assert!(
        both.message.contains("exactly one of value and secret"),
        "{both:?}"
    );
    let text = d
        .call(
            "dom_query",
            json!({"tabId": tab.as_str(), "selector": "#pw", "includeAttrs": ["type"]}),
        )
        .await
        .unwrap();
    assert!(!text.text.contains(PASSWORD));
    d.assert_nothing_leaked("no code was made");
}

#[tokio::test]
async fn a_secret_never_shows_as_text_in_a_field_or_a_screenshot() {
    let d = desk("127.0.0.1").await;
    let tab = d.open().await;
    let user = d.find(&tab, "Username").await;
    let password = d.find(&tab, "Password").await;
    let otp = d.find(&tab, "One-time code").await;
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    d.call("vault_unlock", json!({})).await.unwrap();
    d.shot(&tab).await.unwrap();

    // A password goes only into a password field: a text field would show it.
    let misplaced = d
        .call(
            "fill_form",
            json!({"tabId": tab.as_str(), "fields": [d.secret(&user, "password")]}),
        )
        .await
        .unwrap();
    let json = misplaced.json.unwrap();
    assert_eq!(json["fields"][0]["ok"], false, "{json}");
    assert!(
        json["fields"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("only into a password field"),
        "{json}"
    );

    // A code shows as text in its field: no picture until it is replaced.
    d.call(
        "fill_form",
        json!({"tabId": tab.as_str(), "fields": [d.secret(&otp, "totp")]}),
    )
    .await
    .unwrap();
    let refused = d.shot(&tab).await.unwrap_err();
    assert_eq!(
        refused.code.as_deref(),
        Some("SECRET_ON_SCREEN"),
        "{refused:?}"
    );
    d.call(
        "fill_ref",
        json!({"tabId": tab.as_str(), "ref": otp, "value": "000000"}),
    )
    .await
    .unwrap();
    d.shot(&tab).await.unwrap();

    // A password field shows dots; once the page turns it into text, no picture.
    d.call(
        "fill_form",
        json!({"tabId": tab.as_str(), "fields": [d.secret(&password, "password")]}),
    )
    .await
    .unwrap();
    d.shot(&tab).await.unwrap();
    let show = d.find(&tab, "Show password").await;
    d.call("click_ref", json!({"tabId": tab.as_str(), "ref": show}))
        .await
        .unwrap();
    let refused = d.shot(&tab).await.unwrap_err();
    assert_eq!(
        refused.code.as_deref(),
        Some("SECRET_ON_SCREEN"),
        "{refused:?}"
    );
    let code = aartiq_vault::totp_code(SEED, d.fakes.clock.now_ms() / 1000).unwrap();
    d.assert_nothing_leaked(&code);
}
