//! Fakes of the search service, vault, extension store, UI and approver.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Mutex, MutexGuard, PoisonError};

use aartiq_tools::{
    ApprovalAnswer, ApprovalRequest, Approver, BackendError, DomainProfile, ExtensionAnalysis,
    ExtensionInfo, ExtensionStore, ProviderInfo, SearchHit, SearchRequest, SearchService,
    ThemeState, UiMode, UiState, Vault, VaultListing,
};
use async_trait::async_trait;
use serde_json::Value;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A search service with canned providers and results; records every request.
#[derive(Debug, Default)]
pub struct FakeSearch {
    providers: Mutex<Vec<ProviderInfo>>,
    hits: Mutex<Vec<SearchHit>>,
    requests: Mutex<Vec<(String, SearchRequest)>>,
}

impl FakeSearch {
    /// No providers configured.
    pub fn new() -> FakeSearch {
        FakeSearch::default()
    }

    /// Configures a provider.
    pub fn add_provider(&self, id: &str) {
        lock(&self.providers).push(ProviderInfo {
            id: id.to_owned(),
            name: id.to_owned(),
            configured: true,
        });
    }

    /// What every search returns (possibly hostile snippets).
    pub fn set_hits(&self, hits: Vec<SearchHit>) {
        *lock(&self.hits) = hits;
    }

    /// The requests so far: (`web` or `news`, request).
    pub fn requests(&self) -> Vec<(String, SearchRequest)> {
        lock(&self.requests).clone()
    }
}

#[async_trait]
impl SearchService for FakeSearch {
    async fn providers(&self) -> Vec<ProviderInfo> {
        lock(&self.providers).clone()
    }

    async fn web_search(&self, request: &SearchRequest) -> Result<Vec<SearchHit>, BackendError> {
        lock(&self.requests).push(("web".to_owned(), request.clone()));
        Ok(lock(&self.hits)
            .iter()
            .take(request.max_results)
            .cloned()
            .collect())
    }

    async fn news_search(&self, request: &SearchRequest) -> Result<Vec<SearchHit>, BackendError> {
        lock(&self.requests).push(("news".to_owned(), request.clone()));
        Ok(lock(&self.hits)
            .iter()
            .take(request.max_results)
            .cloned()
            .collect())
    }
}

/// A vault, locked until `unlock`; records unlocks.
#[derive(Debug, Default)]
pub struct FakeVault {
    unlocked: Mutex<bool>,
    listing: Mutex<VaultListing>,
    profiles: Mutex<HashMap<String, DomainProfile>>,
    unlocks: Mutex<usize>,
}

impl FakeVault {
    /// A locked, empty vault.
    pub fn new() -> FakeVault {
        FakeVault::default()
    }

    /// Sets what `list` shows.
    pub fn set_listing(&self, listing: VaultListing) {
        *lock(&self.listing) = listing;
    }

    /// Sets the profile for a domain.
    pub fn set_profile(&self, domain: &str, profile: DomainProfile) {
        lock(&self.profiles).insert(domain.to_owned(), profile);
    }

    /// Whether it is unlocked.
    pub fn is_unlocked(&self) -> bool {
        *lock(&self.unlocked)
    }

    /// How many times `unlock` ran.
    pub fn unlocks(&self) -> usize {
        *lock(&self.unlocks)
    }

    fn ensure_unlocked(&self) -> Result<(), BackendError> {
        if self.is_unlocked() {
            Ok(())
        } else {
            Err(BackendError::VaultLocked)
        }
    }
}

#[async_trait]
impl Vault for FakeVault {
    async fn unlock(&self) -> Result<(), BackendError> {
        *lock(&self.unlocks) += 1;
        *lock(&self.unlocked) = true;
        Ok(())
    }

    async fn list(&self) -> Result<VaultListing, BackendError> {
        self.ensure_unlocked()?;
        Ok(lock(&self.listing).clone())
    }

    async fn profile_for_domain(&self, domain: &str) -> Result<DomainProfile, BackendError> {
        self.ensure_unlocked()?;
        let profiles = lock(&self.profiles);
        Ok(profiles
            .iter()
            .find(|(stored, _)| aartiq_tools::domain_matches(stored, domain))
            .map(|(_, p)| p.clone())
            .unwrap_or_default())
    }
}

/// An extension store; records installs and imports.
#[derive(Debug, Default)]
pub struct FakeExtensions {
    installed: Mutex<Vec<ExtensionInfo>>,
    calls: Mutex<Vec<String>>,
}

impl FakeExtensions {
    /// Nothing installed.
    pub fn new() -> FakeExtensions {
        FakeExtensions::default()
    }

    /// The calls so far, as `install <url>`, `import <dir>`, `analyze <id>`.
    pub fn calls(&self) -> Vec<String> {
        lock(&self.calls).clone()
    }

    /// The installed extensions.
    pub fn installed(&self) -> Vec<ExtensionInfo> {
        lock(&self.installed).clone()
    }
}

#[async_trait]
impl ExtensionStore for FakeExtensions {
    async fn list(&self) -> Result<Vec<ExtensionInfo>, BackendError> {
        Ok(self.installed())
    }

    async fn install_webstore(&self, url: &str) -> Result<ExtensionInfo, BackendError> {
        lock(&self.calls).push(format!("install {url}"));
        let id = url
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .filter(|s| !s.is_empty())
            .ok_or_else(|| BackendError::Other(format!("not a Web Store URL: {url}")))?;
        let info = ExtensionInfo {
            id: id.to_owned(),
            name: id.to_owned(),
            version: "1.0.0".to_owned(),
            enabled: true,
        };
        lock(&self.installed).push(info.clone());
        Ok(info)
    }

    async fn import_chrome(
        &self,
        profile_dir: Option<&str>,
    ) -> Result<Vec<ExtensionInfo>, BackendError> {
        lock(&self.calls).push(format!("import {}", profile_dir.unwrap_or("default")));
        let info = ExtensionInfo {
            id: "imported".to_owned(),
            name: "Imported".to_owned(),
            version: "2.0".to_owned(),
            enabled: true,
        };
        lock(&self.installed).push(info.clone());
        Ok(vec![info])
    }

    async fn analyze(&self, id: &str) -> Result<ExtensionAnalysis, BackendError> {
        lock(&self.calls).push(format!("analyze {id}"));
        if !self.installed().iter().any(|e| e.id == id) {
            return Err(BackendError::Other(format!(
                "Extension {id} is not installed."
            )));
        }
        Ok(ExtensionAnalysis {
            id: id.to_owned(),
            permissions: vec!["storage".to_owned()],
            host_permissions: Vec::new(),
            risk: "low".to_owned(),
            findings: Vec::new(),
        })
    }
}

/// The UI: theme state and opened panels.
#[derive(Debug, Default)]
pub struct FakeUi {
    theme: Mutex<ThemeState>,
    panels: Mutex<Vec<String>>,
}

impl FakeUi {
    /// Normal mode, no panel opened.
    pub fn new() -> FakeUi {
        FakeUi::default()
    }

    /// The current mode.
    pub fn mode(&self) -> UiMode {
        lock(&self.theme).mode
    }

    /// The panels opened so far.
    pub fn panels(&self) -> Vec<String> {
        lock(&self.panels).clone()
    }
}

#[async_trait]
impl UiState for FakeUi {
    async fn theme(&self) -> Result<ThemeState, BackendError> {
        Ok(lock(&self.theme).clone())
    }

    async fn set_mode(
        &self,
        mode: UiMode,
        prefs: BTreeMap<String, Value>,
    ) -> Result<ThemeState, BackendError> {
        let mut theme = lock(&self.theme);
        *theme = ThemeState { mode, prefs };
        Ok(theme.clone())
    }

    async fn open_panel(&self, section: &str) -> Result<(), BackendError> {
        lock(&self.panels).push(section.to_owned());
        Ok(())
    }
}

/// An approver answering from a script (then denying with `no person answered`); records every
/// request it was shown.
#[derive(Debug, Default)]
pub struct ScriptedApprover {
    answers: Mutex<VecDeque<ApprovalAnswer>>,
    requests: Mutex<Vec<ApprovalRequest>>,
}

impl ScriptedApprover {
    /// Denies everything until told otherwise.
    pub fn new() -> ScriptedApprover {
        ScriptedApprover::default()
    }

    /// Queues an answer.
    pub fn answer(&self, answer: ApprovalAnswer) {
        lock(&self.answers).push_back(answer);
    }

    /// The requests shown so far.
    pub fn requests(&self) -> Vec<ApprovalRequest> {
        lock(&self.requests).clone()
    }
}

#[async_trait]
impl Approver for ScriptedApprover {
    async fn decide(&self, request: &ApprovalRequest) -> ApprovalAnswer {
        lock(&self.requests).push(request.clone());
        lock(&self.answers)
            .pop_front()
            .unwrap_or_else(|| ApprovalAnswer::Deny("no person answered".to_owned()))
    }
}
