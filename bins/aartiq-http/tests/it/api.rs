//! The real `aartiq-http` as a test drives it: started with a browser and the contract's
//! flags, client credentials made with the admin token, tools called over loopback.

use std::time::Duration;

use serde_json::{Value, json};

use crate::{Running, spawn_with};

pub(crate) struct Api {
    pub(crate) running: Running,
    pub(crate) token: String,
    pub(crate) http: reqwest::blocking::Client,
    /// The tab each client opened: a client's tabs are its own and count against its level's
    /// limit, so each page after the first is loaded in the same tab.
    tabs: std::sync::Mutex<std::collections::HashMap<String, Value>>,
}

impl Api {
    /// `aartiq-http` with a browser, agents at `trust` by default.
    pub(crate) fn start(trust: &str) -> Api {
        Api::start_with(trust, &[])
    }

    /// [`Api::start`] with more flags.
    pub(crate) fn start_with(trust: &str, extra: &[&str]) -> Api {
        Api::start_full(trust, extra, &[], None)
    }

    /// [`Api::start_with`] with more environment variables, and the server's log written to
    /// `log` when given.
    pub(crate) fn start_full(
        trust: &str,
        extra: &[&str],
        env: &[(&str, &str)],
        log: Option<std::fs::File>,
    ) -> Api {
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
        let running = spawn_with(&args, env, log);
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
            tabs: std::sync::Mutex::default(),
        }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.running.port)
    }

    /// A client credential for agent `id`, made with the primary token.
    pub(crate) fn client(&self, id: &str) -> String {
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
    pub(crate) fn call(
        &self,
        client: &str,
        tool: &str,
        args: Value,
        approval: Option<&str>,
    ) -> Value {
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

    pub(crate) fn text(body: &Value) -> String {
        body["content"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// `new_tab` at `url` as the client; the new tab's id, or the error body.
    pub(crate) fn new_tab(&self, client: &str, url: &str) -> Result<Value, Value> {
        let opened = self.call(client, "new_tab", json!({"url": url}), None);
        if opened["isError"] == true {
            return Err(opened);
        }
        // "Opened tab t2 → URL.", after a note when the browser restarted.
        let text = Api::text(&opened);
        Ok(json!(
            text.split_once("Opened tab ")
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .unwrap_or_else(|| panic!("new_tab answered {opened}"))
        ))
    }

    /// Opens `url` in the client's tab (a new one the first time) and returns the tab's id and
    /// the ref named `name`.
    pub(crate) fn open(&self, client: &str, url: &str, name: &str) -> (Value, String) {
        let known = self.tabs.lock().unwrap().get(client).cloned();
        let tab = match known {
            Some(tab) => {
                let loaded = self.call(client, "navigate", json!({"tabId": tab, "url": url}), None);
                assert_eq!(loaded["isError"], false, "navigate answered {loaded}");
                tab
            }
            None => {
                let tab = self.new_tab(client, url).unwrap_or_else(|e| panic!("{e}"));
                self.tabs
                    .lock()
                    .unwrap()
                    .insert(client.to_owned(), tab.clone());
                tab
            }
        };
        let reference = self.find(client, &tab, name);
        (tab, reference)
    }

    /// Opens `url` in a new tab every time; its id and the ref named `name`.
    pub(crate) fn open_new(&self, client: &str, url: &str, name: &str) -> (Value, String) {
        let tab = self.new_tab(client, url).unwrap_or_else(|e| panic!("{e}"));
        let reference = self.find(client, &tab, name);
        (tab, reference)
    }

    /// A snapshot of `tab`, then the ref of the element named exactly `name`.
    pub(crate) fn find(&self, client: &str, tab: &Value, name: &str) -> String {
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
        found["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .and_then(|m| m["ref"].as_str())
            .unwrap_or_else(|| panic!("no {name}: {found}"))
            .to_owned()
    }
}
