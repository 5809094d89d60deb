//! [`CdpBrowser`]: the `Browser` trait of `aartiq-tools` on a real Chromium.
//!
//! One browser-level connection with flattened sessions: every page, popup, out-of-process
//! iframe and worker is auto-attached (paused until it is set up, so the origin policy is in
//! force before its first request). Tabs get stable ids `t1`, `t2`, ... in creation order.
//! Everything a snapshot or an action needs runs in aartiq's isolated world, one per frame
//! document (see `collector.js`); a document's random token is how a navigation is noticed.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use aartiq_tools::{
    ActionEffect, ActionMark, BackendError, DialogAnswer, MAX_DOWNLOAD_BYTES, TabId, TabInfo,
    is_safe_method,
};
use serde_json::{Value, json};
use tokio::sync::{Notify, broadcast};

use crate::capture::CaptureCache;
use crate::connection::{Connection, Event, load_event};
use crate::fence::Fence;
use crate::files::{DownloadFolder, Downloads};
use crate::launch::{Chromium, LaunchOptions};
use crate::policy::{OriginPolicy, host_matches, url_host};
use crate::rule::{SideEffects, error_reason};
use crate::{CdpError, ws};

/// How `CdpBrowser` behaves beyond launching.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BrowserConfig {
    /// Which URLs may load at all.
    pub policy: OriginPolicy,
    /// Hosts (and their subdomains) whose requests with unsafe methods go out without a
    /// person's approval: analytics an operator accepts, a site that reads through `POST`.
    /// Empty by default: every side effect needs approval.
    pub unsafe_request_hosts: Vec<String>,
    /// The only folder `upload_file` takes files from; nothing can be uploaded without one.
    pub upload_dir: Option<PathBuf>,
    /// Where downloads go; without one, every download is refused (and reported).
    pub download_dir: Option<PathBuf>,
    /// The largest download kept ([`MAX_DOWNLOAD_BYTES`] when unset).
    pub download_cap: Option<u64>,
    /// How long a page's `confirm` or `prompt` waits for `handle_dialog` before it is
    /// dismissed; `None` dismisses them at once (alerts are always accepted at once). The
    /// servers wait [`DEFAULT_DIALOG_WAIT`](crate::DEFAULT_DIALOG_WAIT).
    pub dialog_wait: Option<Duration>,
    /// Where `save_pdf` writes; without one, nothing is printed to a file.
    pub output_dir: Option<PathBuf>,
    /// Whether each agent's tabs get a browsing context of their own.
    pub isolation: Isolation,
}

/// Whether agents share one browsing context or each gets its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Isolation {
    /// One context: every agent sees the same cookies, storage and logins (a persistent
    /// profile's, or the assistant's).
    #[default]
    Shared,
    /// Each agent's tabs live in their own `Target.createBrowserContext`: separate cookies,
    /// storage and cache, disposed when the agent is revoked.
    Agent,
}

/// The name of aartiq's isolated world in every frame.
pub(crate) const WORLD: &str = "aartiq";

/// How long a new tab may take to be attached and set up.
const ATTACH_TIMEOUT: Duration = Duration::from_secs(15);

/// How long an action's end waits for what it started to reach the network.
const SETTLE_TIMEOUT: Duration = Duration::from_millis(750);

/// How long an action's end waits for a task turn of its page: a page whose main thread is
/// busy for longer answers nothing meanwhile.
const TURN_TIMEOUT: Duration = Duration::from_secs(2);

/// How long an action's end waits for the pause of an unsafe request its page announced: a
/// request known to be on its way, so only a browser under heavy load takes long.
const ANNOUNCED_TIMEOUT: Duration = Duration::from_secs(5);

/// How long `navigate` waits for the load event before answering with what it has.
const LOAD_TIMEOUT: Duration = Duration::from_secs(15);

/// A session's place: which tab it serves and what kind of target it is.
#[derive(Debug, Clone)]
pub(crate) struct SessionInfo {
    pub(crate) tab: u64,
    pub(crate) target_id: String,
    pub(crate) kind: String,
}

/// One document seen in one frame.
#[derive(Debug, Clone)]
pub(crate) struct FrameDoc {
    pub(crate) token: String,
    pub(crate) epoch: u64,
}

#[derive(Debug, Default)]
pub(crate) struct Tab {
    pub(crate) target_id: String,
    pub(crate) session: Option<String>,
    pub(crate) ready: bool,
    pub(crate) opener: Option<u64>,
    /// The isolated world's execution context per (session, frame).
    pub(crate) contexts: HashMap<(String, String), i64>,
    /// The document currently known in each frame.
    pub(crate) docs: HashMap<String, FrameDoc>,
    /// Which iframe element (in which parent frame) holds each child frame.
    pub(crate) owners: HashMap<String, (String, u64)>,
    /// The last capture and what it was made of.
    pub(crate) cache: Option<CaptureCache>,
    /// URLs the origin policy refused in this tab, newest last (at most 20).
    pub(crate) blocked: Vec<String>,
    /// The network rule's permit and what it stopped.
    pub(crate) side: SideEffects,
    /// The latest console messages (see `logs.rs`).
    pub(crate) console: std::collections::VecDeque<aartiq_tools::ConsoleEntry>,
    /// The latest requests, with their DevTools ids and start times.
    pub(crate) network: std::collections::VecDeque<crate::logs::Request>,
    /// The dialog open in it, and those nobody answered (see `dialogs.rs`).
    pub(crate) dialogs: crate::dialogs::TabDialogs,
    /// Whether a vault secret was ever written into one of its pages.
    pub(crate) vault_filled: bool,
    /// The file chooser its page opened last and nobody has chosen files for (the chooser
    /// is intercepted, so it never shows).
    pub(crate) chooser: Option<Chooser>,
}

/// A file chooser a page opened: the file input behind it, in the session of its frame.
#[derive(Debug, Clone)]
pub(crate) struct Chooser {
    pub(crate) session: String,
    pub(crate) node: i64,
    pub(crate) multiple: bool,
}

#[derive(Debug, Default)]
pub(crate) struct State {
    pub(crate) tabs: BTreeMap<u64, Tab>,
    pub(crate) by_target: HashMap<String, u64>,
    pub(crate) sessions: HashMap<String, SessionInfo>,
    next_tab: u64,
    pub(crate) active: Option<u64>,
    pub(crate) next_epoch: u64,
}

impl State {
    fn tab_for_target(&mut self, target_id: &str, opener: Option<u64>) -> u64 {
        if let Some(number) = self.by_target.get(target_id) {
            return *number;
        }
        self.next_tab += 1;
        let number = self.next_tab;
        self.by_target.insert(target_id.to_owned(), number);
        self.tabs.insert(
            number,
            Tab {
                target_id: target_id.to_owned(),
                opener,
                ..Tab::default()
            },
        );
        number
    }

    pub(crate) fn fresh_epoch(&mut self) -> u64 {
        self.next_epoch += 1;
        self.next_epoch
    }
}

pub(crate) struct Inner {
    pub(crate) conn: Connection,
    pub(crate) policy: OriginPolicy,
    unsafe_hosts: Vec<String>,
    /// Whether the network rule is in force: always, but for the baseline a benchmark measures
    /// its cost against (`measure-without-network-rule`).
    network_rule: bool,
    state: Mutex<State>,
    attached: Notify,
    /// Woken whenever a tab's request is paused, or an announced one ends without a pause
    /// (see `end_side_effects`).
    decisions: Notify,
    /// Where `upload_file` takes files from.
    pub(crate) upload_dir: Option<PathBuf>,
    /// Where downloads go.
    pub(crate) download_folder: Option<DownloadFolder>,
    /// Every download so far.
    pub(crate) downloads: Mutex<Downloads>,
    /// Where `save_pdf` writes, and how many PDFs of how many bytes it wrote.
    pub(crate) output_dir: Option<PathBuf>,
    pub(crate) printed: Mutex<(u32, u64)>,
    pub(crate) isolation: Isolation,
    /// Each agent's browsing context, by agent id.
    pub(crate) agent_contexts: tokio::sync::Mutex<HashMap<String, String>>,
    /// How long a `confirm` or `prompt` waits for the agent; `None`: answered at once.
    pub(crate) dialog_wait: Option<Duration>,
    /// Woken whenever a dialog starts waiting in some tab.
    pub(crate) dialog_opened: Notify,
    serial: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inner").finish_non_exhaustive()
    }
}

/// A real Chromium behind the `aartiq_tools::Browser` trait, launched by us over a private pipe
/// or attached to a running one over a WebSocket.
#[derive(Debug)]
pub struct CdpBrowser {
    pub(crate) inner: Arc<Inner>,
    process: Mutex<Option<Chromium>>,
    /// The proxy every connection of a launched browser goes through while an origin policy
    /// is in force (what request interception cannot pause, WebSockets, it refuses).
    fence: Option<Fence>,
}

pub(crate) fn tab_number(tab: &TabId) -> Option<u64> {
    let text = tab.as_str().trim();
    text.strip_prefix('t').unwrap_or(text).parse().ok()
}

pub(crate) fn tab_id(number: u64) -> TabId {
    TabId::new(format!("t{number}"))
}

pub(crate) fn backend(error: CdpError) -> BackendError {
    match error {
        CdpError::Script(message) => BackendError::Script(message),
        CdpError::Closed { method } => {
            BackendError::BrowserGone(format!("its connection closed during {method}"))
        }
        other => BackendError::Other(other.to_string()),
    }
}

impl Inner {
    pub(crate) fn state(&self) -> MutexGuard<'_, State> {
        match self.state.lock() {
            Ok(guard) => guard,
            // A panic elsewhere cannot leave the maps half-written in a way that matters more
            // than losing the browser: keep going with what is there.
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// A number no earlier call returned.
    pub(crate) fn next_serial(&self) -> u64 {
        self.serial
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    /// The tab's top-level session, once it is attached and set up, for a call that needs
    /// its page: refused while a dialog blocks the page.
    pub(crate) fn session_of(&self, tab: &TabId) -> Result<(u64, String), BackendError> {
        let (number, session) = self.attached_session(tab)?;
        self.not_blocked(number)?;
        Ok((number, session))
    }

    /// The tab's top-level session, once it is attached and set up, dialog or not.
    pub(crate) fn attached_session(&self, tab: &TabId) -> Result<(u64, String), BackendError> {
        let number = tab_number(tab).ok_or_else(|| BackendError::UnknownTab(tab.clone()))?;
        let state = self.state();
        let entry = state
            .tabs
            .get(&number)
            .ok_or_else(|| BackendError::UnknownTab(tab.clone()))?;
        match (&entry.session, entry.ready) {
            (Some(session), true) => Ok((number, session.clone())),
            _ => Err(BackendError::Other(format!(
                "tab {tab} is still being attached; try again"
            ))),
        }
    }

    pub(crate) async fn call(
        &self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> Result<Value, CdpError> {
        self.conn.call(method, params, session).await
    }

    /// One mouse event at `x`,`y` (CSS pixels of the target's viewport): `mouseMoved` with no
    /// button, `mousePressed`/`mouseReleased` with the left one.
    pub(crate) async fn mouse_event(
        &self,
        session: &str,
        kind: &str,
        x: f64,
        y: f64,
    ) -> Result<(), CdpError> {
        let mut params = json!({"type": kind, "x": x, "y": y, "button": "none", "buttons": 0});
        if kind != "mouseMoved" {
            params["button"] = json!("left");
            params["clickCount"] = json!(1);
            params["buttons"] = json!(if kind == "mousePressed" { 1 } else { 0 });
        }
        self.call("Input.dispatchMouseEvent", params, Some(session))
            .await
            .map(|_| ())
    }

    fn on_event(self: &Arc<Self>, event: Event) {
        let params = &event.params;
        match event.method.as_str() {
            "Target.attachedToTarget" => self.on_attached(event.session_id.as_deref(), params),
            "Target.detachedFromTarget" => {
                if let Some(session) = params.get("sessionId").and_then(Value::as_str) {
                    self.state().sessions.remove(session);
                }
            }
            "Target.targetCreated" => {
                let info = &params["targetInfo"];
                if info["type"] == "page" {
                    let target = info["targetId"].as_str().unwrap_or_default().to_owned();
                    let mut state = self.state();
                    let opener = info["openerId"]
                        .as_str()
                        .and_then(|o| state.by_target.get(o).copied());
                    state.tab_for_target(&target, opener);
                }
            }
            "Target.targetDestroyed" => {
                if let Some(target) = params.get("targetId").and_then(Value::as_str) {
                    let mut state = self.state();
                    if let Some(number) = state.by_target.remove(target) {
                        state.tabs.remove(&number);
                        if state.active == Some(number) {
                            state.active = state.tabs.keys().next_back().copied();
                        }
                    }
                }
            }
            "Page.javascriptDialogOpening" => {
                if let Some(session) = event.session_id.as_deref() {
                    self.dialog_opening(session, params);
                }
            }
            "Page.javascriptDialogClosed" => {
                if let Some(session) = event.session_id.as_deref() {
                    self.dialog_closed(session);
                }
            }
            "Page.fileChooserOpened" => {
                // A chooser without a file input behind it (`showOpenFilePicker`) cannot be
                // answered with files: nothing is kept for it.
                if let (Some(session), Some(node)) =
                    (event.session_id.clone(), params["backendNodeId"].as_i64())
                {
                    let mut state = self.state();
                    let tab = state.sessions.get(&session).map(|s| s.tab);
                    if let Some(entry) = tab.and_then(|t| state.tabs.get_mut(&t)) {
                        entry.chooser = Some(Chooser {
                            session,
                            node,
                            multiple: params["mode"] == "selectMultiple",
                        });
                    }
                }
            }
            "Fetch.requestPaused" => {
                if let Some(session) = event.session_id.clone() {
                    let request_id = params["requestId"].as_str().unwrap_or_default().to_owned();
                    let url = params["request"]["url"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned();
                    let method = params["request"]["method"].as_str().unwrap_or("GET");
                    let resource = params["resourceType"].as_str().unwrap_or_default();
                    let network_id = params["networkId"].as_str();
                    // The network rule is decided here, in event order, so an action's end
                    // sees every request that was paused before it.
                    let stopped =
                        self.side_effect_stopped(&session, method, &url, resource, network_id);
                    let inner = Arc::clone(self);
                    tokio::spawn(async move {
                        match stopped {
                            Some(reason) => inner.fail(&session, &request_id, reason).await,
                            None => inner.decide(&session, &request_id, &url).await,
                        }
                    });
                }
            }
            "Network.requestWillBeSent"
            | "Network.responseReceived"
            | "Network.loadingFinished"
            | "Network.loadingFailed" => {
                self.announce(&event);
                self.log_event(&event);
            }
            "Runtime.consoleAPICalled" | "Runtime.exceptionThrown" => self.log_event(&event),
            "Browser.downloadWillBegin" => {
                self.download_begins(params);
            }
            "Browser.downloadProgress" => self.download_progress(params),
            "Page.frameRequestedNavigation" | "Page.frameStartedNavigating" => {
                let same_document = params["navigationType"]
                    .as_str()
                    .is_some_and(|t| t.contains("ameDocument"));
                let url = params["url"].as_str().unwrap_or_default();
                if !same_document && (url.starts_with("http:") || url.starts_with("https:")) {
                    let mut state = self.state();
                    let tab = event
                        .session_id
                        .as_ref()
                        .and_then(|s| state.sessions.get(s))
                        .map(|s| s.tab);
                    if let Some(entry) = tab.and_then(|t| state.tabs.get_mut(&t)) {
                        entry.side.navigation_requested = Some(std::time::Instant::now());
                    }
                }
            }
            _ => {}
        }
    }

    fn on_attached(self: &Arc<Self>, parent: Option<&str>, params: &Value) {
        let Some(session) = params["sessionId"].as_str().map(str::to_owned) else {
            return;
        };
        let info = &params["targetInfo"];
        let kind = info["type"].as_str().unwrap_or_default().to_owned();
        let target = info["targetId"].as_str().unwrap_or_default().to_owned();
        let waiting = params["waitingForDebugger"].as_bool().unwrap_or(false);
        let tab = {
            let mut state = self.state();
            let tab = if kind == "page" {
                let opener = info["openerId"]
                    .as_str()
                    .and_then(|o| state.by_target.get(o).copied());
                let number = state.tab_for_target(&target, opener);
                if let Some(entry) = state.tabs.get_mut(&number) {
                    entry.session = Some(session.clone());
                }
                Some(number)
            } else {
                parent
                    .and_then(|p| state.sessions.get(p))
                    .map(|parent| parent.tab)
            };
            if let Some(tab) = tab {
                state.sessions.insert(
                    session.clone(),
                    SessionInfo {
                        tab,
                        target_id: target.clone(),
                        kind: kind.clone(),
                    },
                );
            }
            tab
        };
        let inner = Arc::clone(self);
        tokio::spawn(async move {
            // A dedicated worker has no `Fetch` domain of its own: its requests go out through
            // the page that started it, whose interception sees them.
            let intercepted = if kind == "worker" {
                Ok(())
            } else {
                inner.intercept(&session).await
            };
            if let Err(error) = intercepted {
                // Fail closed: a target whose requests are not intercepted never runs. It stays
                // paused, and is closed (a target that went away meanwhile needs nothing).
                tracing::warn!(%error, %kind, "intercepting a target failed; closing it unrun");
                let _ = inner
                    .call("Target.closeTarget", json!({ "targetId": target }), None)
                    .await;
                inner.attached.notify_waiters();
                return;
            }
            let setup = inner.set_up(&session, &kind).await;
            if let Err(error) = &setup {
                tracing::debug!(%error, %kind, "target setup failed");
            }
            if waiting {
                let _ = inner
                    .call("Runtime.runIfWaitingForDebugger", json!({}), Some(&session))
                    .await;
            }
            if kind == "page"
                && let Some(tab) = tab
            {
                if let Some(entry) = inner.state().tabs.get_mut(&tab) {
                    entry.ready = true;
                }
                inner.attached.notify_waiters();
            }
        });
    }

    /// Pauses every request of a freshly attached target: the network rule needs each one's
    /// method, and the origin policy its URL.
    async fn intercept(&self, session: &str) -> Result<(), CdpError> {
        if self.network_rule || self.policy.intercepts() {
            self.call(
                "Fetch.enable",
                json!({"patterns": [{"urlPattern": "*", "requestStage": "Request"}]}),
                Some(session),
            )
            .await?;
        }
        Ok(())
    }

    /// The rest of a freshly attached target's setup, once it is intercepted.
    async fn set_up(&self, session: &str, kind: &str) -> Result<(), CdpError> {
        let s = Some(session);
        if kind == "page" || kind == "iframe" {
            self.call("Page.enable", json!({}), s).await?;
            self.call(
                "Target.setAutoAttach",
                json!({"autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true}),
                s,
            )
            .await?;
        }
        if kind == "page" || kind == "iframe" {
            // For console_messages and network_requests.
            self.call("Runtime.enable", json!({}), s).await?;
            self.call(
                "Network.enable",
                json!({"maxTotalBufferSize": 0, "maxResourceBufferSize": 0}),
                s,
            )
            .await?;
        }
        if kind == "page" {
            self.call(
                "Page.setInterceptFileChooserDialog",
                json!({"enabled": true}),
                s,
            )
            .await?;
        }
        Ok(())
    }

    /// What the network rule learns from the page's own account of its requests: an unsafe
    /// request on its way to being paused, or one that ended without a pause.
    fn announce(&self, event: &Event) {
        let Some(session) = event.session_id.as_deref() else {
            return;
        };
        let p = &event.params;
        let Some(id) = p["requestId"].as_str() else {
            return;
        };
        let mut state = self.state();
        let Some(entry) = state
            .sessions
            .get(session)
            .map(|s| s.tab)
            .and_then(|t| state.tabs.get_mut(&t))
        else {
            return;
        };
        if event.method == "Network.requestWillBeSent" {
            let method = p["request"]["method"].as_str().unwrap_or("GET");
            let url = p["request"]["url"].as_str().unwrap_or_default();
            let intercepted = url.starts_with("http:") || url.starts_with("https:");
            if intercepted && !is_safe_method(method) && self.network_rule {
                entry.side.announced(id);
            }
        } else {
            entry.side.ended(id);
            self.decisions.notify_waiters();
        }
    }

    /// The network rule for one paused request: `Some(how to fail it)` when it has an unsafe
    /// method and neither the tab's permit nor the operator's host list lets it out.
    fn side_effect_stopped(
        &self,
        session: &str,
        method: &str,
        url: &str,
        resource: &str,
        network_id: Option<&str>,
    ) -> Option<&'static str> {
        let now = std::time::Instant::now();
        let mut state = self.state();
        let tab = state.sessions.get(session).map(|s| s.tab);
        if let Some(entry) = tab.and_then(|t| state.tabs.get_mut(&t)) {
            if resource == "Document" {
                entry.side.document_paused = Some(now);
            }
            if let Some(id) = network_id.filter(|_| !is_safe_method(method)) {
                entry.side.decided(id);
            }
            self.decisions.notify_waiters();
        }
        if is_safe_method(method) || !self.network_rule {
            return None;
        }
        let host = url_host(url);
        if self
            .unsafe_hosts
            .iter()
            .any(|pattern| host.as_deref().is_some_and(|h| host_matches(h, pattern)))
        {
            return None;
        }
        let permitted = match tab {
            // A tab's own permit, or its opener's (a form that posts into a new tab).
            Some(number) => {
                let entry = state.tabs.get(&number);
                let opener = entry
                    .and_then(|t| t.opener)
                    .and_then(|o| state.tabs.get(&o));
                entry.is_some_and(|t| t.side.permits(now))
                    || opener.is_some_and(|t| t.side.permits(now))
            }
            // A worker no tab owns (a shared or service worker): only while some approved
            // action is running.
            None => state.tabs.values().any(|t| t.side.permits(now)),
        };
        if permitted {
            return None;
        }
        tracing::info!(method, url, "side effect stopped: no person approved it");
        match tab.and_then(|t| state.tabs.get_mut(&t)) {
            Some(entry) => entry.side.stop(method, url),
            None => {
                // Reported in every tab, since any of them may have caused it.
                for entry in state.tabs.values_mut() {
                    entry.side.stop(method, url);
                }
            }
        }
        Some(error_reason(resource))
    }

    async fn fail(&self, session: &str, request_id: &str, reason: &str) {
        let _ = self
            .call(
                "Fetch.failRequest",
                json!({"requestId": request_id, "errorReason": reason}),
                Some(session),
            )
            .await;
    }

    async fn decide(&self, session: &str, request_id: &str, url: &str) {
        let verdict = if self.policy.intercepts() {
            self.policy.check(url).await
        } else {
            Ok(())
        };
        match verdict {
            Ok(()) => {
                let _ = self
                    .call(
                        "Fetch.continueRequest",
                        json!({"requestId": request_id}),
                        Some(session),
                    )
                    .await;
            }
            Err(blocked) => {
                tracing::info!(url, reason = %blocked.reason, "request blocked by the origin policy");
                {
                    let mut state = self.state();
                    let tab = state.sessions.get(session).map(|s| s.tab);
                    if let Some(entry) = tab.and_then(|t| state.tabs.get_mut(&t)) {
                        if entry.blocked.len() == 20 {
                            entry.blocked.remove(0);
                        }
                        entry.blocked.push(format!("{url}: {}", blocked.reason));
                    }
                }
                let _ = self
                    .call(
                        "Fetch.failRequest",
                        json!({"requestId": request_id, "errorReason": "BlockedByClient"}),
                        Some(session),
                    )
                    .await;
            }
        }
    }

    /// One task turn of the tab's page, in aartiq's world: what an action scheduled (a form's
    /// submission) has run when it returns. A page that is navigating away has
    /// no world to answer: that is a turn too.
    async fn turn_of_page(&self, tab: u64) {
        let (top, frame) = {
            let state = self.state();
            match state.tabs.get(&tab) {
                Some(entry) => (entry.session.clone(), entry.target_id.clone()),
                None => return,
            }
        };
        let Some(top) = top else {
            return;
        };
        let Ok(context) = self.context(tab, &top, &frame).await else {
            return;
        };
        let _ = self
            .call(
                "Runtime.evaluate",
                json!({
                    // A posted message, not a timer: it runs after the tasks the action
                    // queued without waiting for a timer's clamp or the next frame.
                    "expression": "new Promise((done) => { const c = new MessageChannel(); c.port1.onmessage = () => done(); c.port2.postMessage(0); })",
                    "contextId": context,
                    "awaitPromise": true,
                }),
                Some(&top),
            )
            .await;
    }

    async fn wait_ready(&self, target: &str) -> Result<u64, BackendError> {
        let deadline = tokio::time::Instant::now() + ATTACH_TIMEOUT;
        loop {
            let notified = self.attached.notified();
            {
                let state = self.state();
                if let Some(number) = state.by_target.get(target)
                    && state.tabs.get(number).is_some_and(|t| t.ready)
                {
                    return Ok(*number);
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return Err(BackendError::Other(format!(
                    "the new tab was not attached within {ATTACH_TIMEOUT:?}"
                )));
            }
        }
    }

    pub(crate) async fn tab_info(&self, number: u64) -> Result<TabInfo, BackendError> {
        let target = self
            .state()
            .tabs
            .get(&number)
            .map(|t| t.target_id.clone())
            .ok_or_else(|| BackendError::UnknownTab(tab_id(number)))?;
        let info = self
            .call("Target.getTargetInfo", json!({"targetId": target}), None)
            .await
            .map_err(backend)?;
        let active = self.state().active == Some(number);
        Ok(TabInfo {
            id: tab_id(number),
            url: info["targetInfo"]["url"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            title: info["targetInfo"]["title"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            active,
        })
    }

    /// Events that arrived on `receiver` so far that an action on `tab` caused; with
    /// `wait_for_tab`, up to that long more for the new tab a targeted link opens.
    pub(crate) async fn effects(
        &self,
        tab: u64,
        receiver: &mut broadcast::Receiver<Event>,
        wait_for_tab: Option<Duration>,
    ) -> Vec<ActionEffect> {
        let mut effects = self.expired_dialogs(tab);
        effects.append(&mut self.drain_effects(tab, receiver));
        if let Some(wait) = wait_for_tab
            && !effects
                .iter()
                .any(|e| matches!(e, ActionEffect::TabOpened { .. }))
        {
            let deadline = tokio::time::Instant::now() + wait;
            loop {
                let Ok(Ok(event)) = tokio::time::timeout_at(deadline, receiver.recv()).await else {
                    break;
                };
                let opened = event.method == "Target.targetCreated";
                // Handled with the same rules as the events already drained.
                let mut more = self.effects_of(tab, std::iter::once(event));
                effects.append(&mut more);
                if opened
                    && effects
                        .iter()
                        .any(|e| matches!(e, ActionEffect::TabOpened { .. }))
                {
                    break;
                }
            }
            effects.append(&mut self.drain_effects(tab, receiver));
        }
        effects
    }

    fn drain_effects(
        &self,
        tab: u64,
        receiver: &mut broadcast::Receiver<Event>,
    ) -> Vec<ActionEffect> {
        let mut arrived = Vec::new();
        loop {
            match receiver.try_recv() {
                Ok(event) => arrived.push(event),
                Err(broadcast::error::TryRecvError::Lagged(_)) => {}
                Err(_) => break,
            }
        }
        self.effects_of(tab, arrived.into_iter())
    }

    fn effects_of(&self, tab: u64, events: impl Iterator<Item = Event>) -> Vec<ActionEffect> {
        let mut effects = Vec::new();
        let (target, sessions) = {
            let state = self.state();
            let target = state
                .tabs
                .get(&tab)
                .map(|t| t.target_id.clone())
                .unwrap_or_default();
            let sessions: Vec<String> = state
                .sessions
                .iter()
                .filter(|(_, s)| s.tab == tab)
                .map(|(id, _)| id.clone())
                .collect();
            (target, sessions)
        };
        let ours = |e: &Event| {
            e.session_id
                .as_ref()
                .is_some_and(|s| sessions.iter().any(|o| o == s))
        };
        for event in events {
            {
                match event.method.as_str() {
                    "Target.targetCreated"
                        if event.params["targetInfo"]["type"] == "page"
                            && event.params["targetInfo"]["openerId"] == target.as_str() =>
                    {
                        let info = &event.params["targetInfo"];
                        let created = info["targetId"].as_str().unwrap_or_default();
                        let number = self.state().tab_for_target(created, Some(tab));
                        effects.push(ActionEffect::TabOpened {
                            tab: tab_id(number),
                            url: info["url"].as_str().unwrap_or_default().to_owned(),
                        });
                    }
                    "Page.javascriptDialogOpening" if ours(&event) => {
                        let kind = event.params["type"].as_str().unwrap_or("alert");
                        let answer = if matches!(kind, "alert" | "beforeunload") {
                            DialogAnswer::Accepted
                        } else if crate::dialogs::waits_for_agent(self.dialog_wait, kind) {
                            DialogAnswer::Waiting
                        } else {
                            DialogAnswer::Dismissed
                        };
                        effects.push(ActionEffect::Dialog {
                            dialog: kind.to_owned(),
                            message: event.params["message"]
                                .as_str()
                                .unwrap_or_default()
                                .to_owned(),
                            answer,
                        });
                    }
                    "Browser.downloadWillBegin"
                        if event.params["frameId"] == target.as_str()
                            || self.state().tabs.get(&tab).is_some_and(|t| {
                                event.params["frameId"]
                                    .as_str()
                                    .is_some_and(|f| t.docs.contains_key(f))
                            }) =>
                    {
                        if let Some((id, name, url)) = self.download_begins(&event.params) {
                            effects.push(ActionEffect::Download { id, name, url });
                        }
                    }
                    "Page.fileChooserOpened" if ours(&event) => {
                        effects.push(ActionEffect::FileChooser {
                            multiple: event.params["mode"] == "selectMultiple",
                        });
                    }
                    "Page.frameRequestedNavigation" | "Page.frameStartedNavigating"
                        if ours(&event) && event.params.get("frameId").is_some() =>
                    {
                        let url = event.params["url"].as_str().unwrap_or_default().to_owned();
                        let main = event.params["frameId"] == target.as_str();
                        let seen = effects
                            .iter()
                            .any(|e| matches!(e, ActionEffect::Navigation { url: u } if *u == url));
                        if main && !seen && !url.is_empty() {
                            effects.push(ActionEffect::Navigation { url });
                        }
                    }
                    _ => {}
                }
            }
        }
        effects
    }
}

async fn event_loop(inner: Weak<Inner>, mut events: broadcast::Receiver<Event>) {
    loop {
        match events.recv().await {
            Ok(event) => {
                let Some(inner) = inner.upgrade() else {
                    return;
                };
                inner.on_event(event);
            }
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!(
                    missed,
                    "DevTools events dropped: the event loop fell behind"
                );
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

impl CdpBrowser {
    /// Launches Chromium (see [`LaunchOptions`]) with the default configuration.
    ///
    /// # Errors
    /// As [`Chromium::launch`], and protocol errors while attaching to the first tab.
    pub async fn launch(options: LaunchOptions) -> Result<CdpBrowser, CdpError> {
        CdpBrowser::launch_with(options, BrowserConfig::default()).await
    }

    /// Launches Chromium with a configuration (an origin policy).
    ///
    /// # Errors
    /// As [`CdpBrowser::launch`].
    pub async fn launch_with(
        options: LaunchOptions,
        config: BrowserConfig,
    ) -> Result<CdpBrowser, CdpError> {
        CdpBrowser::launch_fenced(options, config, true).await
    }

    /// Starts the fence when the policy needs one, then the browser behind it.
    async fn launch_fenced(
        mut options: LaunchOptions,
        config: BrowserConfig,
        network_rule: bool,
    ) -> Result<CdpBrowser, CdpError> {
        let fence = if config.policy.intercepts() {
            let fence = Fence::start(config.policy.clone()).await?;
            options.extra_args.extend(fence.browser_args());
            Some(fence)
        } else {
            None
        };
        let chromium = Chromium::launch(options).await?;
        let connection = chromium.connection().clone();
        let mut browser =
            CdpBrowser::start(connection, Some(chromium), config, network_rule).await?;
        browser.fence = fence;
        Ok(browser)
    }

    /// Launches Chromium **without the network rule**: requests are paused only for an origin
    /// policy, and side effects go out unasked, as before the rule existed. For benchmarks
    /// that measure what the rule costs; never drive an agent with it.
    ///
    /// # Errors
    /// As [`CdpBrowser::launch`].
    #[cfg(feature = "measure-without-network-rule")]
    pub async fn launch_without_network_rule(
        options: LaunchOptions,
        config: BrowserConfig,
    ) -> Result<CdpBrowser, CdpError> {
        CdpBrowser::launch_fenced(options, config, false).await
    }

    /// Attaches to a running browser through its DevTools WebSocket: either the browser's
    /// `ws://host:port/devtools/browser/<id>` URL or its `http://host:port` endpoint (the URL
    /// is read from `/json/version`). The browser keeps running when this is dropped.
    ///
    /// A browser aartiq did not launch cannot be put behind the fence, so its WebSocket
    /// handshakes could reach private addresses: with `block_private` on, attaching is refused
    /// rather than promising what cannot be kept.
    ///
    /// # Errors
    /// [`CdpError::Transport`] when nothing answers at that address or the handshake fails;
    /// [`CdpError::Unfenced`] when the policy blocks private addresses.
    pub async fn attach(url: &str, config: BrowserConfig) -> Result<CdpBrowser, CdpError> {
        CdpBrowser::attach_with(url, &ws::AttachOptions::default(), config).await
    }

    /// [`CdpBrowser::attach`] with the headers and extra trusted certificates `options`
    /// give: `wss://` URLs and `https://` endpoints are verified against the system's roots
    /// and the extra ones, and every handshake carries the headers (a pool's token).
    ///
    /// # Errors
    /// As [`CdpBrowser::attach`]; [`CdpError::Attach`] when no certificate can be trusted;
    /// [`CdpError::Busy`] when a pool refuses the session (HTTP 429 or 503).
    pub async fn attach_with(
        url: &str,
        options: &ws::AttachOptions,
        config: BrowserConfig,
    ) -> Result<CdpBrowser, CdpError> {
        if config.policy.block_private {
            return Err(CdpError::Unfenced);
        }
        let connection = ws::connect(url, options, Duration::from_secs(30)).await?;
        CdpBrowser::start(connection, None, config, true).await
    }

    async fn start(
        connection: Connection,
        process: Option<Chromium>,
        config: BrowserConfig,
        network_rule: bool,
    ) -> Result<CdpBrowser, CdpError> {
        let inner = Arc::new(Inner {
            conn: connection.clone(),
            policy: config.policy,
            unsafe_hosts: config.unsafe_request_hosts,
            network_rule,
            state: Mutex::new(State::default()),
            attached: Notify::new(),
            decisions: Notify::new(),
            upload_dir: config.upload_dir,
            download_folder: config.download_dir.map(|dir| DownloadFolder {
                dir,
                cap: config.download_cap.unwrap_or(MAX_DOWNLOAD_BYTES),
            }),
            downloads: Mutex::new(Downloads::default()),
            dialog_wait: config.dialog_wait,
            output_dir: config.output_dir,
            printed: Mutex::new((0, 0)),
            isolation: config.isolation,
            agent_contexts: tokio::sync::Mutex::new(HashMap::new()),
            dialog_opened: Notify::new(),
            serial: std::sync::atomic::AtomicU64::new(0),
        });
        tokio::spawn(event_loop(Arc::downgrade(&inner), connection.events()));
        inner.set_up_downloads().await?;
        inner
            .call("Target.setDiscoverTargets", json!({"discover": true}), None)
            .await?;
        // Attaches to every existing page now and every new one (popups included) as it is
        // created, paused until `set_up` has run.
        inner
            .call(
                "Target.setAutoAttach",
                json!({"autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true}),
                None,
            )
            .await?;
        let targets = inner.call("Target.getTargets", json!({}), None).await?;
        let pages: Vec<String> = targets["targetInfos"]
            .as_array()
            .map(|all| {
                all.iter()
                    .filter(|t| t["type"] == "page")
                    .filter_map(|t| t["targetId"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        for target in &pages {
            if inner.wait_ready(target).await.is_err() {
                tracing::warn!(target, "an existing page could not be attached");
            }
        }
        {
            let mut state = inner.state();
            state.active = state.tabs.keys().next().copied();
        }
        Ok(CdpBrowser {
            inner,
            process: Mutex::new(process),
            fence: None,
        })
    }

    /// The DevTools connection (for calls this crate does not wrap).
    pub fn connection(&self) -> &Connection {
        &self.inner.conn
    }

    /// A tab's flattened DevTools session, for calls this crate does not wrap (with
    /// [`CdpBrowser::connection`]); `None` for an unknown or not yet attached tab.
    pub fn session(&self, tab: &TabId) -> Option<String> {
        self.inner
            .attached_session(tab)
            .ok()
            .map(|(_, session)| session)
    }

    /// Whether the browser is gone: its connection closed, or the process we launched exited
    /// (noticed without waiting, before its pipe reports it).
    pub fn is_gone(&self) -> bool {
        self.inner.conn.is_closed()
            || self
                .process
                .lock()
                .ok()
                .is_some_and(|mut p| p.as_mut().is_some_and(Chromium::has_exited))
    }

    /// Why the browser ended, once its connection closed: the exit of the process we
    /// launched, or the dropped connection of one we attached to.
    pub fn end_reason(&self) -> String {
        // Never waits: a process still being torn down has no status yet, and is named so.
        let exit = self
            .process
            .lock()
            .ok()
            .and_then(|mut p| p.as_mut().and_then(Chromium::exit_status));
        match exit {
            Some(status) => format!("the browser process exited ({status})"),
            None if self.pid().is_some() => {
                "the browser process ended (killed, or it crashed)".to_owned()
            }
            None => "the DevTools connection to the browser dropped".to_owned(),
        }
    }

    /// The browser process's id when we launched it.
    pub fn pid(&self) -> Option<u32> {
        self.process
            .lock()
            .ok()
            .and_then(|p| p.as_ref().and_then(Chromium::pid))
    }

    /// The connections the fence refused (newest last, at most 20), each as `host:port: why`;
    /// these are what request interception cannot pause, such as WebSocket handshakes. Empty
    /// when no origin policy is in force or the browser was attached.
    pub fn refused_connections(&self) -> Vec<String> {
        self.fence.as_ref().map(Fence::refused).unwrap_or_default()
    }

    /// The URLs the origin policy refused in a tab (newest last, at most 20), each with why.
    pub fn blocked_requests(&self, tab: &TabId) -> Vec<String> {
        tab_number(tab)
            .and_then(|n| self.inner.state().tabs.get(&n).map(|t| t.blocked.clone()))
            .unwrap_or_default()
    }

    /// Closes the browser when we launched it (an attached browser is left running).
    ///
    /// # Errors
    /// When the process cannot be reaped.
    pub async fn close(self) -> Result<(), CdpError> {
        let process = self.process.lock().ok().and_then(|mut p| p.take());
        match process {
            Some(chromium) => chromium.close().await,
            None => Ok(()),
        }
    }

    pub(crate) async fn open_tab(&self, url: Option<&str>) -> Result<TabInfo, BackendError> {
        self.open_tab_in(None, url).await
    }

    /// Opens a tab for agent `owner`: in its own browsing context when agents are kept apart.
    pub(crate) async fn open_tab_for(
        &self,
        owner: &str,
        url: Option<&str>,
    ) -> Result<TabInfo, BackendError> {
        if self.inner.isolation == Isolation::Shared {
            return self.open_tab_in(None, url).await;
        }
        let context = {
            let mut contexts = self.inner.agent_contexts.lock().await;
            match contexts.get(owner) {
                Some(context) => context.clone(),
                None => {
                    let created = self
                        .inner
                        .call("Target.createBrowserContext", json!({}), None)
                        .await
                        .map_err(backend)?;
                    let context = created["browserContextId"]
                        .as_str()
                        .ok_or_else(|| {
                            BackendError::Other("Target.createBrowserContext returned no id".into())
                        })?
                        .to_owned();
                    self.inner
                        .set_up_downloads_in(Some(&context))
                        .await
                        .map_err(backend)?;
                    contexts.insert(owner.to_owned(), context.clone());
                    context
                }
            }
        };
        self.open_tab_in(Some(&context), url).await
    }

    /// Disposes agent `owner`'s browsing context, with its tabs, cookies and storage.
    pub(crate) async fn release_context(&self, owner: &str) {
        let context = self.inner.agent_contexts.lock().await.remove(owner);
        if let Some(context) = context {
            let _ = self
                .inner
                .call(
                    "Target.disposeBrowserContext",
                    json!({"browserContextId": context}),
                    None,
                )
                .await;
        }
    }

    async fn open_tab_in(
        &self,
        context: Option<&str>,
        url: Option<&str>,
    ) -> Result<TabInfo, BackendError> {
        if let Some(url) = url {
            self.check_url(url).await?;
        }
        let mut params = json!({"url": "about:blank"});
        if let Some(context) = context {
            params["browserContextId"] = json!(context);
        }
        let created = self
            .inner
            .call("Target.createTarget", params, None)
            .await
            .map_err(backend)?;
        let target = created["targetId"]
            .as_str()
            .ok_or_else(|| BackendError::Other("Target.createTarget returned no id".into()))?
            .to_owned();
        let number = self.inner.wait_ready(&target).await?;
        self.inner.state().active = Some(number);
        match url {
            Some(url) if url != "about:blank" => self.go(&tab_id(number), url).await,
            _ => self.inner.tab_info(number).await,
        }
    }

    pub(crate) async fn check_url(&self, url: &str) -> Result<(), BackendError> {
        self.inner.policy.check(url).await.map_err(|blocked| {
            BackendError::Other(format!(
                "navigation to {} blocked by the origin policy: {}",
                blocked.url, blocked.reason
            ))
        })
    }

    pub(crate) async fn go(&self, tab: &TabId, url: &str) -> Result<TabInfo, BackendError> {
        self.check_url(url).await?;
        let (number, session) = self.inner.session_of(tab)?;
        let mut events = self.inner.conn.events();
        let result = self
            .inner
            .call("Page.navigate", json!({"url": url}), Some(&session))
            .await
            .map_err(backend)?;
        if let Some(error) = result["errorText"].as_str().filter(|e| !e.is_empty()) {
            let blocked = self
                .inner
                .state()
                .tabs
                .get(&number)
                .and_then(|t| t.blocked.last().cloned());
            return Err(BackendError::Other(match blocked {
                Some(why) if error.contains("BLOCKED_BY_CLIENT") => {
                    format!("navigation to {url} blocked by the origin policy ({why})")
                }
                _ => format!("navigation to {url} failed: {error}"),
            }));
        }
        if result.get("loaderId").is_some() {
            // A page that never finishes loading is still usable: answer with what is there.
            let _ = tokio::time::timeout(LOAD_TIMEOUT, load_event(&mut events, &session)).await;
        }
        self.inner.state().active = Some(number);
        self.inner.tab_info(number).await
    }

    pub(crate) async fn all_tabs(&self) -> Result<Vec<TabInfo>, BackendError> {
        let targets = self
            .inner
            .call("Target.getTargets", json!({}), None)
            .await
            .map_err(backend)?;
        let (known, active) = {
            let state = self.inner.state();
            (state.by_target.clone(), state.active)
        };
        let mut tabs: Vec<TabInfo> = targets["targetInfos"]
            .as_array()
            .map(|all| {
                all.iter()
                    .filter(|t| t["type"] == "page")
                    .filter_map(|t| {
                        let number = known.get(t["targetId"].as_str()?)?;
                        Some(TabInfo {
                            id: tab_id(*number),
                            url: t["url"].as_str().unwrap_or_default().to_owned(),
                            title: t["title"].as_str().unwrap_or_default().to_owned(),
                            active: active == Some(*number),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        tabs.sort_by_key(|t| tab_number(&t.id));
        Ok(tabs)
    }

    pub(crate) async fn shut_tab(&self, tab: &TabId) -> Result<(), BackendError> {
        let number = tab_number(tab).ok_or_else(|| BackendError::UnknownTab(tab.clone()))?;
        let target = self
            .inner
            .state()
            .tabs
            .get(&number)
            .map(|t| t.target_id.clone())
            .ok_or_else(|| BackendError::UnknownTab(tab.clone()))?;
        self.inner
            .call("Target.closeTarget", json!({"targetId": target}), None)
            .await
            .map_err(backend)?;
        let mut state = self.inner.state();
        state.tabs.remove(&number);
        state.by_target.remove(&target);
        if state.active == Some(number) {
            state.active = state.tabs.keys().next_back().copied();
        }
        Ok(())
    }

    /// Whether the network rule is in force (always, but for a benchmark's baseline).
    pub(crate) fn network_rule(&self) -> bool {
        self.inner.network_rule
    }

    /// Starts an action in `tab` under the network rule (see `rule.rs`).
    pub(crate) fn begin_side_effects(&self, tab: &TabId, permit: bool) -> ActionMark {
        let mut state = self.inner.state();
        match tab_number(tab).and_then(|n| state.tabs.get_mut(&n)) {
            Some(entry) => {
                let mark = entry.side.begin(permit);
                entry.side.navigation_requested = None;
                entry.side.document_paused = None;
                mark
            }
            None => ActionMark::default(),
        }
    }

    /// Ends the action begun at `mark`: with `settle`, lets what it started reach the browser's
    /// network first (one task turn of the page, and the document request of a navigation it
    /// asked for, bounded); then returns what the rule stopped meanwhile.
    pub(crate) async fn end_side_effects(
        &self,
        tab: &TabId,
        mark: ActionMark,
        settle: bool,
    ) -> Vec<ActionEffect> {
        let Some(number) = tab_number(tab) else {
            return Vec::new();
        };
        if !self.inner.network_rule {
            return Vec::new();
        }
        // A submission a script scheduled runs in a later task of the page, and a request a
        // handler sent itself (fetch, XHR, beacon) travels from the renderer to the browser on
        // a channel of its own, which under load can arrive after the action's own answer. A
        // page loaded by a navigation may likewise have sent from its inline scripts just as
        // it finished loading. So: a turn of the page, then one round trip to the browser, lets
        // those pauses arrive before the action says what was stopped.
        let _ = tokio::time::timeout(TURN_TIMEOUT, self.inner.turn_of_page(number)).await;
        let _ = self.inner.call("Browser.getVersion", json!({}), None).await;
        let started = tokio::time::Instant::now();
        let settled = started + SETTLE_TIMEOUT;
        let announced = started + ANNOUNCED_TIMEOUT;
        loop {
            let decisions = self.inner.decisions.notified();
            let now = tokio::time::Instant::now();
            let deadline = {
                let mut state = self.inner.state();
                let Some(entry) = state.tabs.get_mut(&number) else {
                    return Vec::new();
                };
                // A document the action asked for whose request was not paused yet (the two
                // events may arrive in either order: both are reset when the action begins),
                // and unsafe requests the page announced whose pause has not come.
                let document = settle
                    && entry.side.navigation_requested.is_some()
                    && entry.side.document_paused.is_none()
                    && now < settled;
                let undecided = entry.side.undecided() && now < announced;
                if !document && !undecided {
                    if entry.side.undecided() {
                        tracing::warn!(
                            "an announced unsafe request was not paused in time; the action's \
                             report may miss it (the rule still stops it)"
                        );
                    }
                    entry.side.end(std::time::Instant::now());
                    return entry.side.since(mark);
                }
                if undecided { announced } else { settled }
            };
            let _ = tokio::time::timeout_at(deadline, decisions).await;
        }
    }

    /// Who opened a tab (popups), if we saw it.
    pub fn opener(&self, tab: &TabId) -> Option<TabId> {
        let number = tab_number(tab)?;
        self.inner
            .state()
            .tabs
            .get(&number)
            .and_then(|t| t.opener)
            .map(tab_id)
    }
}
