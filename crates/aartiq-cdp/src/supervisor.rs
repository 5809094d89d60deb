//! A browser that comes back. [`ManagedBrowser`] stands for "the browser" behind the tools:
//! it starts one on the first browser call (or at once, [`ManagedBrowser::start`]), notices at
//! once when it exits or its connection drops (every waiting call fails with `BROWSER_GONE`),
//! and starts a new one on the next call: launched again with a bounded backoff and at most
//! [`MAX_RESTARTS`] in [`RESTART_WINDOW`], or reconnected to the same endpoint. Each browser
//! that ends raises the generation, which tells the tools layer that tabs and refs start over.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use aartiq_tools::{
    ActionEffect, ActionMark, Activation, BackendError, Browser, BrowserHealth, ConsoleEntry,
    DomQuery, DomQueryResult, DownloadInfo, DownloadText, ElementAction, FieldFill, FillOutcome,
    HistoryStep, KeyChord, NetworkEntry, NodeHandle, NodeInspection, PageCapture, PageOutcome,
    PageSubmission, PageTab, SavedFile, Shot, ShotRequest, Submission, TabId, TextSearch,
    TextSearchResult, Untrusted, WaitOutcome, WaitRequest,
};
use async_trait::async_trait;

use crate::{BrowserConfig, CdpBrowser, CdpError, LaunchOptions};

/// The most times a browser is started again within [`RESTART_WINDOW`].
pub const MAX_RESTARTS: u32 = 5;

/// The window [`MAX_RESTARTS`] counts in.
pub const RESTART_WINDOW: Duration = Duration::from_secs(600);

/// The first wait before a start that follows a death; it doubles per recent restart.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);

/// The longest wait before a start.
const MAX_BACKOFF: Duration = Duration::from_secs(4);

/// Where the browser comes from. `Debug` shows an attach URL without its query (where pools
/// put tokens) and no header value.
#[derive(Clone)]
pub enum BrowserSource {
    /// Launched here, over a private pipe.
    Launch(LaunchOptions),
    /// Attached to a DevTools WebSocket (a browser elsewhere, or a pool); every reconnect
    /// goes to the same endpoint with the same headers and trust.
    Attach {
        /// `ws://`, `wss://` or `http(s)://host:port`; shown only without its query.
        url: String,
        /// The handshake headers and extra trusted certificates.
        options: crate::AttachOptions,
    },
}

impl std::fmt::Debug for BrowserSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BrowserSource::Launch(options) => f.debug_tuple("Launch").field(options).finish(),
            BrowserSource::Attach { url, options } => f
                .debug_struct("Attach")
                .field("url", &crate::ws::redacted(url))
                .field("options", options)
                .finish(),
        }
    }
}

#[derive(Debug, Default)]
struct Lifetimes {
    /// The browser in use, with the serial of its start.
    current: Option<(u64, Arc<CdpBrowser>)>,
    /// Whether a browser was ever started.
    started: bool,
    /// When each restart (a start after a death) happened, oldest first, within the window.
    restarts: VecDeque<Instant>,
    /// Restarts in all.
    restart_count: u32,
    /// Why the last browser ended.
    last_reason: Option<String>,
    /// Why the last start failed, when it did.
    last_failure: Option<String>,
}

/// The browser the tools drive, started on demand and again after it dies.
pub struct ManagedBrowser {
    source: BrowserSource,
    config: BrowserConfig,
    lifetimes: Mutex<Lifetimes>,
    /// Held while a browser starts, so two calls never start two.
    starting: tokio::sync::Mutex<()>,
    /// How many browsers ended so far.
    generation: AtomicU64,
    /// The generation, for those who want to hear of an end as it happens.
    endings: tokio::sync::watch::Sender<u64>,
    serial: AtomicU64,
    me: Weak<ManagedBrowser>,
}

impl std::fmt::Debug for ManagedBrowser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManagedBrowser")
            .field("generation", &self.generation.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

impl ManagedBrowser {
    /// A browser from `source`, not started yet: the first browser call starts it.
    pub fn new(source: BrowserSource, config: BrowserConfig) -> Arc<ManagedBrowser> {
        Arc::new_cyclic(|me| ManagedBrowser {
            source,
            config,
            lifetimes: Mutex::new(Lifetimes::default()),
            starting: tokio::sync::Mutex::new(()),
            generation: AtomicU64::new(0),
            endings: tokio::sync::watch::Sender::new(0),
            serial: AtomicU64::new(0),
            me: me.clone(),
        })
    }

    /// Starts the browser now (for `--eager-browser`), unless one runs.
    ///
    /// # Errors
    /// As the first browser call would fail.
    pub async fn start(&self) -> Result<(), BackendError> {
        self.browser().await.map(|_| ())
    }

    /// The running browser, if one is up (nothing is started).
    pub fn running(&self) -> Option<Arc<CdpBrowser>> {
        self.lock().current.as_ref().map(|(_, b)| Arc::clone(b))
    }

    /// Hears of every browser that ends, as it ends: the value is the number of browsers that
    /// ended so far ([`Browser::generation`]), and [`Browser::last_end`] says why the last did.
    /// The assistant uses it to tell the person at once, before any call notices.
    pub fn endings(&self) -> tokio::sync::watch::Receiver<u64> {
        self.endings.subscribe()
    }

    /// The running launched browser's process id, if there is one.
    pub fn pid(&self) -> Option<u32> {
        self.running().and_then(|b| b.pid())
    }

    /// Closes the browser in use (a launched one is killed and reaped, its temporary profile
    /// deleted); the next browser call would start a new one.
    pub async fn close(&self) {
        let current = self.lock().current.take();
        if let Some((_, browser)) = current {
            match Arc::try_unwrap(browser) {
                Ok(browser) => {
                    if let Err(error) = browser.close().await {
                        tracing::warn!(%error, "closing the browser");
                    }
                }
                // A call in flight still holds it: dropping the last handle kills it.
                Err(shared) => drop(shared),
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, Lifetimes> {
        self.lifetimes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The browser in use, started (again) when there is none.
    pub(crate) async fn browser(&self) -> Result<Arc<CdpBrowser>, BackendError> {
        if let Some(browser) = self.alive() {
            return Ok(browser);
        }
        let _starting = self.starting.lock().await;
        if let Some(browser) = self.alive() {
            return Ok(browser);
        }
        let wait = {
            let mut lifetimes = self.lock();
            let now = Instant::now();
            while lifetimes
                .restarts
                .front()
                .is_some_and(|t| now.duration_since(*t) > RESTART_WINDOW)
            {
                lifetimes.restarts.pop_front();
            }
            let recent = u32::try_from(lifetimes.restarts.len()).unwrap_or(u32::MAX);
            if lifetimes.started && recent >= MAX_RESTARTS {
                let oldest = lifetimes.restarts.front().copied().unwrap_or(now);
                let retry = RESTART_WINDOW.saturating_sub(now.duration_since(oldest));
                return Err(BackendError::RestartLimit {
                    restarts: recent,
                    window_secs: RESTART_WINDOW.as_secs(),
                    reason: lifetimes
                        .last_reason
                        .clone()
                        .unwrap_or_else(|| "unknown".to_owned()),
                    retry_secs: retry.as_secs().max(1),
                });
            }
            if lifetimes.started {
                let factor = 2u32.saturating_pow(recent);
                Some(FIRST_BACKOFF.saturating_mul(factor).min(MAX_BACKOFF))
            } else {
                None
            }
        };
        if let Some(wait) = wait {
            tokio::time::sleep(wait).await;
        }
        let restart = self.lock().started;
        let started = match &self.source {
            BrowserSource::Launch(options) => {
                CdpBrowser::launch_with(options.clone(), self.config.clone()).await
            }
            BrowserSource::Attach { url, options } => {
                CdpBrowser::attach_with(url, options, self.config.clone()).await
            }
        };
        let browser = match started {
            Ok(browser) => Arc::new(browser),
            Err(error) => {
                let error = start_error(error, restart);
                let mut lifetimes = self.lock();
                lifetimes.last_failure = Some(error.to_string());
                if restart {
                    // A failed restart counts against the budget like a successful one.
                    lifetimes.restarts.push_back(Instant::now());
                }
                return Err(error);
            }
        };
        let serial = self.serial.fetch_add(1, Ordering::Relaxed);
        {
            let mut lifetimes = self.lock();
            if lifetimes.started {
                lifetimes.restarts.push_back(Instant::now());
                lifetimes.restart_count = lifetimes.restart_count.saturating_add(1);
            }
            lifetimes.started = true;
            lifetimes.last_failure = None;
            lifetimes.current = Some((serial, Arc::clone(&browser)));
        }
        tracing::info!(pid = ?browser.pid(), restart, "browser ready");
        self.watch(serial, &browser);
        Ok(browser)
    }

    /// The browser in use when its connection still stands.
    fn alive(&self) -> Option<Arc<CdpBrowser>> {
        let current = self.lock().current.clone();
        match current {
            Some((_, browser)) if !browser.is_gone() => Some(browser),
            Some((serial, browser)) => {
                self.ended(serial, &browser);
                None
            }
            None => None,
        }
    }

    /// Notices the end of browser `serial` as soon as its connection closes.
    fn watch(&self, serial: u64, browser: &Arc<CdpBrowser>) {
        let connection = browser.connection().clone();
        let me = self.me.clone();
        let watched = Arc::downgrade(browser);
        tokio::spawn(async move {
            connection.closed().await;
            if let (Some(me), Some(browser)) = (me.upgrade(), watched.upgrade()) {
                me.ended(serial, &browser);
            }
        });
    }

    /// Browser `serial` ended: it is let go (a launched one is killed and reaped with its
    /// temporary profile), and the generation goes up once.
    fn ended(&self, serial: u64, browser: &Arc<CdpBrowser>) {
        let gone = {
            let mut lifetimes = self.lock();
            match &lifetimes.current {
                Some((current, _)) if *current == serial => {
                    let reason = browser.end_reason();
                    lifetimes.last_reason = Some(reason.clone());
                    lifetimes.current.take().map(|(_, b)| (b, reason))
                }
                _ => None,
            }
        };
        if let Some((browser, reason)) = gone {
            let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
            self.endings.send_replace(generation);
            tracing::warn!(%reason, "the browser is gone; the next browser call starts a new one");
            drop(browser);
        }
    }
}

/// A start that failed, as the agent sees it.
fn start_error(error: CdpError, restart: bool) -> BackendError {
    if let CdpError::Busy { .. } = error {
        return BackendError::Busy(error.to_string());
    }
    let text = error.to_string();
    if restart {
        BackendError::BrowserGone(format!("it could not be started again: {text}"))
    } else {
        BackendError::Other(format!("the browser could not start: {text}"))
    }
}

/// Runs `call` on the browser in use (started when there is none).
macro_rules! on_browser {
    ($self:ident, |$b:ident| $call:expr) => {{
        let $b = $self.browser().await?;
        $call.await
    }};
}

#[async_trait]
impl Browser for ManagedBrowser {
    fn generation(&self) -> u64 {
        // A browser whose connection closed counts as ended at once, before any call.
        let _ = self.alive();
        self.generation.load(Ordering::SeqCst)
    }

    fn last_end(&self) -> Option<String> {
        self.lock().last_reason.clone()
    }

    fn health(&self) -> BrowserHealth {
        let alive = self.alive().is_some();
        let lifetimes = self.lock();
        let state = match (alive, lifetimes.started) {
            (true, _) => "running",
            (false, false) => "not_started",
            (false, true) => "gone",
        };
        BrowserHealth {
            state: state.to_owned(),
            restarts: lifetimes.restart_count,
            last_reason: lifetimes
                .last_failure
                .clone()
                .or_else(|| lifetimes.last_reason.clone()),
            generation: self.generation.load(Ordering::SeqCst),
        }
    }

    async fn list_tabs(&self) -> Result<Vec<PageTab>, BackendError> {
        on_browser!(self, |b| b.list_tabs())
    }

    async fn new_tab(&self, url: Option<&str>) -> Result<PageTab, BackendError> {
        on_browser!(self, |b| b.new_tab(url))
    }

    fn isolates_agents(&self) -> bool {
        self.config.isolation == crate::Isolation::Agent
    }

    async fn new_tab_for(&self, owner: &str, url: Option<&str>) -> Result<PageTab, BackendError> {
        on_browser!(self, |b| b.new_tab_for(owner, url))
    }

    async fn release_owner(&self, owner: &str) {
        if let Some(b) = self.alive() {
            b.release_owner(owner).await;
        }
    }

    async fn close_tab(&self, tab: &TabId) -> Result<(), BackendError> {
        on_browser!(self, |b| b.close_tab(tab))
    }

    async fn navigate(&self, tab: &TabId, url: &str) -> Result<PageTab, BackendError> {
        on_browser!(self, |b| b.navigate(tab, url))
    }

    async fn capture(&self, tab: &TabId) -> Result<Arc<PageCapture>, BackendError> {
        on_browser!(self, |b| b.capture(tab))
    }

    async fn inspect(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
    ) -> Result<NodeInspection, BackendError> {
        on_browser!(self, |b| b.inspect(tab, handle))
    }

    async fn click(&self, tab: &TabId, handle: &NodeHandle) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.click(tab, handle))
    }

    async fn fill(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        value: &str,
    ) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.fill(tab, handle, value))
    }

    async fn type_text(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        text: &str,
        clear_first: bool,
    ) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.type_text(tab, handle, text, clear_first))
    }

    async fn element_action(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        action: ElementAction,
    ) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.element_action(tab, handle, action))
    }

    async fn fill_form(
        &self,
        tab: &TabId,
        fields: &[FieldFill],
    ) -> Result<FillOutcome, BackendError> {
        on_browser!(self, |b| b.fill_form(tab, fields))
    }

    async fn submit_form(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        confirm_text: Option<&str>,
    ) -> Result<PageSubmission, BackendError> {
        on_browser!(self, |b| b.submit_form(tab, handle, confirm_text))
    }

    async fn page_text(&self, tab: &TabId) -> Result<String, BackendError> {
        on_browser!(self, |b| b.page_text(tab))
    }

    async fn dom_query(
        &self,
        tab: &TabId,
        query: &DomQuery,
    ) -> Result<DomQueryResult, BackendError> {
        on_browser!(self, |b| b.dom_query(tab, query))
    }

    async fn search_text(
        &self,
        tab: &TabId,
        search: &TextSearch,
    ) -> Result<TextSearchResult, BackendError> {
        on_browser!(self, |b| b.search_text(tab, search))
    }

    async fn press_key(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        key: &KeyChord,
    ) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.press_key(tab, handle, key))
    }

    async fn submission(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        activation: Activation,
    ) -> Result<Option<Submission>, BackendError> {
        on_browser!(self, |b| b.submission(tab, handle, activation))
    }

    async fn begin_action(&self, tab: &TabId, permit: bool) -> ActionMark {
        // Never starts a browser: an action without one fails at its own call.
        match self.alive() {
            Some(b) => b.begin_action(tab, permit).await,
            None => ActionMark::default(),
        }
    }

    async fn end_action(
        &self,
        tab: &TabId,
        mark: ActionMark,
        settle: bool,
    ) -> Vec<Untrusted<ActionEffect>> {
        match self.alive() {
            Some(b) => b.end_action(tab, mark, settle).await,
            None => Vec::new(),
        }
    }

    async fn picture(&self, tab: &TabId, request: &ShotRequest) -> Result<Shot, BackendError> {
        on_browser!(self, |b| b.picture(tab, request))
    }

    async fn history(&self, tab: &TabId, step: HistoryStep) -> Result<PageTab, BackendError> {
        on_browser!(self, |b| b.history(tab, step))
    }

    async fn click_point(&self, tab: &TabId, x: f64, y: f64) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.click_point(tab, x, y))
    }

    async fn drag(
        &self,
        tab: &TabId,
        from: &NodeHandle,
        to: &NodeHandle,
    ) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.drag(tab, from, to))
    }

    async fn field_host(&self, tab: &TabId, handle: &NodeHandle) -> Result<String, BackendError> {
        on_browser!(self, |b| b.field_host(tab, handle))
    }

    async fn check_upload(&self, paths: &[String]) -> Result<(), BackendError> {
        on_browser!(self, |b| b.check_upload(paths))
    }

    async fn upload(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        paths: &[String],
    ) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.upload(tab, handle, paths))
    }

    async fn answer_dialog(
        &self,
        tab: &TabId,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<PageOutcome, BackendError> {
        on_browser!(self, |b| b.answer_dialog(tab, accept, prompt_text))
    }

    async fn save_pdf(&self, tab: &TabId, name: Option<&str>) -> Result<SavedFile, BackendError> {
        on_browser!(self, |b| b.save_pdf(tab, name))
    }

    async fn downloads(&self) -> Result<Vec<DownloadInfo>, BackendError> {
        on_browser!(self, |b| b.downloads())
    }

    async fn read_download(
        &self,
        id: &str,
        max_chars: usize,
    ) -> Result<DownloadText, BackendError> {
        on_browser!(self, |b| b.read_download(id, max_chars))
    }

    async fn console(&self, tab: &TabId) -> Result<Vec<ConsoleEntry>, BackendError> {
        on_browser!(self, |b| b.console(tab))
    }

    async fn network(&self, tab: &TabId) -> Result<Vec<NetworkEntry>, BackendError> {
        on_browser!(self, |b| b.network(tab))
    }

    async fn wait_for(
        &self,
        tab: &TabId,
        request: &WaitRequest,
    ) -> Result<WaitOutcome, BackendError> {
        on_browser!(self, |b| b.wait_for(tab, request))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_pool_is_busy_and_other_failures_are_not() {
        let full = CdpError::Busy {
            endpoint: "ws://pool/?<redacted>".into(),
            status: 429,
            message: "Too many requests".into(),
        };
        let busy = start_error(full, true);
        assert!(
            matches!(&busy, BackendError::Busy(m) if m.contains("429") && m.contains("Too many")),
            "{busy:?}"
        );
        let gone = start_error(CdpError::Transport("connection refused".into()), true);
        assert!(matches!(gone, BackendError::BrowserGone(_)), "{gone:?}");
        let first = start_error(CdpError::Transport("connection refused".into()), false);
        assert!(matches!(first, BackendError::Other(_)), "{first:?}");
    }
}
