//! Backends for a headless server: what exists is reported truthfully, what does not exist
//! fails with a clear error instead of pretending (no vault, no UI, no extension installs).

use std::collections::BTreeMap;
use std::sync::Arc;

use aartiq_agents::{Clock, SystemClock};
use aartiq_tools::{
    ActionEffect, ActionMark, Activation, BackendError, Browser, ConsoleEntry, DomQuery,
    DomQueryResult, DomainProfile, DownloadInfo, DownloadText, ElementAction, ExtensionAnalysis,
    ExtensionInfo, ExtensionStore, FieldFill, FillOutcome, HistoryStep, KeyChord, NetworkEntry,
    NodeHandle, NodeInspection, PageCapture, PageOutcome, PageSubmission, PageTab, SearchService,
    Shot, ShotRequest, Submission, TabId, TextSearch, TextSearchResult, ThemeState, UiMode,
    UiState, Untrusted, Vault, VaultListing, WaitOutcome, WaitRequest,
};
use async_trait::async_trait;

/// The backends the agent API serves its tools on.
#[derive(Clone)]
pub struct Backends {
    /// The browser.
    pub browser: Arc<dyn Browser>,
    /// Web search; `None` when no provider is configured (the search tools say so).
    pub search: Option<Arc<dyn SearchService>>,
    /// The autofill vault.
    pub vault: Arc<dyn Vault>,
    /// Browser extensions.
    pub extensions: Arc<dyn ExtensionStore>,
    /// The UI.
    pub ui: Arc<dyn UiState>,
    /// The clock (tickets, lockout, agent records).
    pub clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for Backends {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Backends")
            .field("search", &self.search.is_some())
            .finish_non_exhaustive()
    }
}

impl Backends {
    /// A headless server's backends around `browser`: no search provider, no vault
    /// ([`NoVault`]), no extensions ([`NoExtensions`]), no UI ([`HeadlessUi`]), the system
    /// clock.
    pub fn headless(browser: Arc<dyn Browser>) -> Backends {
        Backends {
            browser,
            search: None,
            vault: Arc::new(NoVault),
            extensions: Arc::new(NoExtensions),
            ui: Arc::new(HeadlessUi),
            clock: Arc::new(SystemClock),
        }
    }
}

/// No vault is configured in this server: listing shows nothing stored, everything else fails
/// with that reason.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoVault;

const NO_VAULT: &str = "No credential vault is configured in this server.";

#[async_trait]
impl Vault for NoVault {
    async fn unlock(&self) -> Result<(), BackendError> {
        Err(BackendError::Other(NO_VAULT.to_owned()))
    }

    async fn list(&self) -> Result<VaultListing, BackendError> {
        Err(BackendError::Other(NO_VAULT.to_owned()))
    }

    async fn profile_for_domain(&self, _domain: &str) -> Result<DomainProfile, BackendError> {
        Err(BackendError::Other(NO_VAULT.to_owned()))
    }
}

/// The headless browser runs without extensions; installing or importing is not supported.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoExtensions;

#[async_trait]
impl ExtensionStore for NoExtensions {
    async fn list(&self) -> Result<Vec<ExtensionInfo>, BackendError> {
        Ok(Vec::new())
    }

    async fn install_webstore(&self, _url: &str) -> Result<ExtensionInfo, BackendError> {
        Err(BackendError::Other(
            "This server's browser runs without extensions; installing is not supported."
                .to_owned(),
        ))
    }

    async fn import_chrome(
        &self,
        _profile_dir: Option<&str>,
    ) -> Result<Vec<ExtensionInfo>, BackendError> {
        Err(BackendError::Other(
            "This server's browser runs without extensions; importing is not supported.".to_owned(),
        ))
    }

    async fn analyze(&self, id: &str) -> Result<ExtensionAnalysis, BackendError> {
        Err(BackendError::Other(format!(
            "No extension \"{id}\" is installed."
        )))
    }
}

/// A server has no browser window chrome: the theme is the default one, and UI changes fail.
#[derive(Debug, Clone, Copy, Default)]
pub struct HeadlessUi;

const NO_UI: &str = "This server has no user interface.";

#[async_trait]
impl UiState for HeadlessUi {
    async fn theme(&self) -> Result<ThemeState, BackendError> {
        Ok(ThemeState {
            mode: UiMode::Normal,
            prefs: BTreeMap::new(),
        })
    }

    async fn set_mode(
        &self,
        _mode: UiMode,
        _prefs: BTreeMap<String, serde_json::Value>,
    ) -> Result<ThemeState, BackendError> {
        Err(BackendError::Other(NO_UI.to_owned()))
    }

    async fn open_panel(&self, _section: &str) -> Result<(), BackendError> {
        Err(BackendError::Other(NO_UI.to_owned()))
    }
}

/// A browser that is not there: every call fails with the reason given (for example the
/// launch error), so the non-browser tools keep working.
#[derive(Debug, Clone)]
pub struct UnavailableBrowser {
    reason: String,
}

impl UnavailableBrowser {
    /// A browser that fails every call with `reason`.
    pub fn new(reason: impl Into<String>) -> UnavailableBrowser {
        UnavailableBrowser {
            reason: reason.into(),
        }
    }

    fn fail<T>(&self) -> Result<T, BackendError> {
        Err(BackendError::Other(format!(
            "No browser is available: {}",
            self.reason
        )))
    }
}

#[async_trait]
impl Browser for UnavailableBrowser {
    fn health(&self) -> aartiq_tools::BrowserHealth {
        aartiq_tools::BrowserHealth {
            state: "unavailable".to_owned(),
            last_reason: Some(self.reason.clone()),
            ..aartiq_tools::BrowserHealth::default()
        }
    }
    async fn list_tabs(&self) -> Result<Vec<PageTab>, BackendError> {
        self.fail()
    }
    async fn new_tab(&self, _url: Option<&str>) -> Result<PageTab, BackendError> {
        self.fail()
    }
    async fn close_tab(&self, _tab: &TabId) -> Result<(), BackendError> {
        self.fail()
    }
    async fn navigate(&self, _tab: &TabId, _url: &str) -> Result<PageTab, BackendError> {
        self.fail()
    }
    async fn capture(&self, _tab: &TabId) -> Result<Arc<PageCapture>, BackendError> {
        self.fail()
    }
    async fn inspect(
        &self,
        _tab: &TabId,
        _handle: &NodeHandle,
    ) -> Result<NodeInspection, BackendError> {
        self.fail()
    }
    async fn click(&self, _tab: &TabId, _handle: &NodeHandle) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn fill(
        &self,
        _tab: &TabId,
        _handle: &NodeHandle,
        _value: &str,
    ) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn type_text(
        &self,
        _tab: &TabId,
        _handle: &NodeHandle,
        _text: &str,
        _clear_first: bool,
    ) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn element_action(
        &self,
        _tab: &TabId,
        _handle: &NodeHandle,
        _action: ElementAction,
    ) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn fill_form(
        &self,
        _tab: &TabId,
        _fields: &[FieldFill],
    ) -> Result<FillOutcome, BackendError> {
        self.fail()
    }
    async fn submit_form(
        &self,
        _tab: &TabId,
        _handle: &NodeHandle,
        _confirm_text: Option<&str>,
    ) -> Result<PageSubmission, BackendError> {
        self.fail()
    }
    async fn page_text(&self, _tab: &TabId) -> Result<String, BackendError> {
        self.fail()
    }
    async fn dom_query(
        &self,
        _tab: &TabId,
        _query: &DomQuery,
    ) -> Result<DomQueryResult, BackendError> {
        self.fail()
    }
    async fn search_text(
        &self,
        _tab: &TabId,
        _search: &TextSearch,
    ) -> Result<TextSearchResult, BackendError> {
        self.fail()
    }
    async fn press_key(
        &self,
        _tab: &TabId,
        _handle: Option<&NodeHandle>,
        _key: &KeyChord,
    ) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn submission(
        &self,
        _tab: &TabId,
        _handle: Option<&NodeHandle>,
        _activation: Activation,
    ) -> Result<Option<Submission>, BackendError> {
        self.fail()
    }
    // No page exists that could send anything: nothing to permit, nothing stopped.
    async fn begin_action(&self, _tab: &TabId, _permit: bool) -> ActionMark {
        ActionMark::default()
    }
    async fn end_action(
        &self,
        _tab: &TabId,
        _mark: ActionMark,
        _settle: bool,
    ) -> Vec<Untrusted<ActionEffect>> {
        Vec::new()
    }
    async fn picture(&self, _tab: &TabId, _request: &ShotRequest) -> Result<Shot, BackendError> {
        self.fail()
    }
    async fn history(&self, _tab: &TabId, _step: HistoryStep) -> Result<PageTab, BackendError> {
        self.fail()
    }
    async fn click_point(
        &self,
        _tab: &TabId,
        _x: f64,
        _y: f64,
    ) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn drag(
        &self,
        _tab: &TabId,
        _from: &NodeHandle,
        _to: &NodeHandle,
    ) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn check_upload(&self, _paths: &[String]) -> Result<(), BackendError> {
        self.fail()
    }
    async fn upload(
        &self,
        _tab: &TabId,
        _handle: &NodeHandle,
        _paths: &[String],
    ) -> Result<PageOutcome, BackendError> {
        self.fail()
    }
    async fn downloads(&self) -> Result<Vec<DownloadInfo>, BackendError> {
        self.fail()
    }
    async fn console(&self, _tab: &TabId) -> Result<Vec<ConsoleEntry>, BackendError> {
        self.fail()
    }
    async fn network(&self, _tab: &TabId) -> Result<Vec<NetworkEntry>, BackendError> {
        self.fail()
    }
    async fn read_download(&self, _id: &str, _max: usize) -> Result<DownloadText, BackendError> {
        self.fail()
    }
    async fn wait_for(
        &self,
        _tab: &TabId,
        _request: &WaitRequest,
    ) -> Result<WaitOutcome, BackendError> {
        self.fail()
    }
}
