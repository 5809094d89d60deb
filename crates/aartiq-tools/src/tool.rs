//! The public generic [`Tool`] trait, its output, and the context a handler runs in.

use std::sync::{Mutex, MutexGuard, PoisonError};

use aartiq_agents::{AgentId, AgentRegistry, Clock, OriginGuard, TabLocks, Verb};
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::Approver;
use crate::approval::ApprovalTickets;
use crate::backend::{Browser, ExtensionStore, SearchService, UiState, Vault};
use crate::error::{BackendError, ToolError};
use crate::refs::{RefRecord, check_live};
use crate::snapshot::SnapshotStore;
use crate::spec::ToolMeta;
use crate::types::TabId;

/// What a tool returns: text for the model, the structured value it was made from, and an
/// image when the tool pictures something.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolOutput {
    /// What the model reads.
    pub text: String,
    /// The structured result, when there is one (dropped when the scan sanitizes the text).
    pub json: Option<Value>,
    /// A picture (a screenshot), served as image content by MCP and HTTP.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageContent>,
}

/// An image in a tool result, in the shape of an MCP image content item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageContent {
    /// `image/png` or `image/jpeg`.
    pub mime_type: String,
    /// The image, base64 (standard alphabet, padded).
    pub data: String,
}

impl ImageContent {
    /// The content item of `bytes` of type `mime_type`.
    pub fn new(mime_type: &str, bytes: &[u8]) -> ImageContent {
        use base64::Engine as _;
        ImageContent {
            mime_type: mime_type.to_owned(),
            data: base64::engine::general_purpose::STANDARD.encode(bytes),
        }
    }
}

impl ToolOutput {
    /// A plain-text result.
    pub fn text(text: impl Into<String>) -> ToolOutput {
        ToolOutput {
            text: text.into(),
            json: None,
            image: None,
        }
    }

    /// The structured result read as `T` (a navigation's [`TabInfo`](crate::TabInfo), ...):
    /// `None` when there is none or it has another shape.
    pub fn read<T: serde::de::DeserializeOwned>(&self) -> Option<T> {
        self.json
            .as_ref()
            .and_then(|json| T::deserialize(json).ok())
    }

    /// A structured result; its text is the compact JSON.
    ///
    /// # Errors
    /// [`ToolError::Serialize`] if the value cannot be serialised.
    pub fn json<T: Serialize>(value: &T) -> Result<ToolOutput, ToolError> {
        let json = serde_json::to_value(value).map_err(|e| ToolError::Serialize(e.to_string()))?;
        Ok(ToolOutput {
            text: json.to_string(),
            json: Some(json),
            image: None,
        })
    }
}

/// The policy state every call is judged against: agents, origin guard, tab locks, and who
/// owns the tabs agents opened.
#[derive(Debug, Default)]
pub struct Policy {
    /// The agents.
    pub agents: AgentRegistry,
    /// The origin guard and kill switch.
    pub guard: OriginGuard,
    /// The tab locks.
    pub locks: TabLocks,
    /// The tabs agents opened, by owner.
    pub owners: TabOwners,
}

/// The tabs agents opened with `new_tab`, and who opened each. Only its owner (or whoever it
/// hands the tab to) may act in such a tab, between calls as well as during them, and an
/// agent's open tabs count against its level's tab limit. A tab no agent opened (the browser's
/// first, or one a person opened) belongs to nobody.
#[derive(Debug, Default)]
pub struct TabOwners {
    by_tab: std::collections::BTreeMap<String, aartiq_agents::AgentId>,
}

impl TabOwners {
    /// Who opened `tab`, if an agent did.
    pub fn owner(&self, tab: &str) -> Option<&aartiq_agents::AgentId> {
        self.by_tab.get(tab)
    }

    /// Notes that `agent` opened `tab`.
    pub fn open(&mut self, tab: &str, agent: &aartiq_agents::AgentId) {
        self.by_tab.insert(tab.to_owned(), agent.clone());
    }

    /// Forgets `tab` (it closed).
    pub fn close(&mut self, tab: &str) {
        self.by_tab.remove(tab);
    }

    /// Passes `tab` to `to`, if `from` owns it.
    pub fn hand_off(
        &mut self,
        tab: &str,
        from: &aartiq_agents::AgentId,
        to: &aartiq_agents::AgentId,
    ) {
        if let Some(owner) = self.by_tab.get_mut(tab)
            && owner == from
        {
            *owner = to.clone();
        }
    }

    /// How many tabs `agent` has open.
    pub fn count(&self, agent: &aartiq_agents::AgentId) -> usize {
        self.by_tab.values().filter(|a| *a == agent).count()
    }

    /// Keeps only the tabs `open` still lists.
    pub fn retain_open(&mut self, open: &std::collections::BTreeSet<String>) {
        self.by_tab.retain(|tab, _| open.contains(tab));
    }

    /// Forgets every tab: the browser they were in is gone.
    pub fn clear(&mut self) {
        self.by_tab.clear();
    }

    /// Frees every tab of `agent` (revoked, disconnected or forgotten).
    pub fn release_all(&mut self, agent: &aartiq_agents::AgentId) {
        self.by_tab.retain(|_, a| a != agent);
    }
}

/// The backends a registry's tools run against.
pub struct Services {
    /// The browser.
    pub browser: std::sync::Arc<dyn Browser>,
    /// Web search; `None` when no provider is configured.
    pub search: Option<std::sync::Arc<dyn SearchService>>,
    /// The autofill vault.
    pub vault: std::sync::Arc<dyn Vault>,
    /// Extensions.
    pub extensions: std::sync::Arc<dyn ExtensionStore>,
    /// The UI.
    pub ui: std::sync::Arc<dyn UiState>,
    /// Who approves side effects.
    pub approver: std::sync::Arc<dyn Approver>,
    /// The clock.
    pub clock: std::sync::Arc<dyn Clock>,
    /// The injection scanner.
    pub guard: aartiq_guard::Guard,
}

impl std::fmt::Debug for Services {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Services")
            .field("search", &self.search.is_some())
            .finish_non_exhaustive()
    }
}

/// Everything shared by a registry's calls.
#[derive(Debug)]
pub(crate) struct Env {
    pub(crate) services: Services,
    pub(crate) policy: Mutex<Policy>,
    pub(crate) snapshots: Mutex<SnapshotStore>,
    pub(crate) tickets: Mutex<ApprovalTickets>,
    /// The agents with a question to a person open right now: one each, so one agent's
    /// unanswered question never holds up another's.
    pub(crate) approval_pending: crate::approval::OpenQuestions<aartiq_agents::AgentId>,
    /// The browser generation the tabs, refs and owners are of, and which agents were told of
    /// the restart that began it.
    pub(crate) browser_seen: Mutex<BrowserSeen>,
    /// The agents a person approved `vault_unlock` for. The vault itself has one unlocked
    /// session, so this is what keeps an unlock approved for one agent from opening it to the
    /// others (on a server, other clients' agents).
    pub(crate) vault_grants: Mutex<std::collections::BTreeSet<aartiq_agents::AgentId>>,
}

/// See [`Env::browser_seen`].
#[derive(Debug, Default)]
pub(crate) struct BrowserSeen {
    pub(crate) generation: u64,
    pub(crate) told: std::collections::BTreeSet<aartiq_agents::AgentId>,
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic elsewhere while holding the lock leaves plain data behind; keep going with it.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What a handler may use: the calling agent, the backends and the shared state.
pub struct ToolContext<'a> {
    pub(crate) agent: &'a AgentId,
    pub(crate) human_approved: bool,
    pub(crate) env: &'a Env,
}

impl ToolContext<'_> {
    /// The calling agent.
    pub fn agent(&self) -> &AgentId {
        self.agent
    }

    /// Whether a person approved this very call (in-band or by ticket).
    pub fn human_approved(&self) -> bool {
        self.human_approved
    }

    /// The browser.
    pub fn browser(&self) -> &dyn Browser {
        self.env.services.browser.as_ref()
    }

    /// The search service, when one is configured.
    pub fn search(&self) -> Option<&dyn SearchService> {
        self.env.services.search.as_deref()
    }

    /// The vault, to an agent a person approved `vault_unlock` for; to any other it is
    /// locked, whoever else unlocked it.
    ///
    /// # Errors
    /// [`BackendError::VaultLocked`] for an agent without an approved unlock.
    pub fn vault(&self) -> Result<&dyn Vault, ToolError> {
        if lock(&self.env.vault_grants).contains(self.agent) {
            Ok(self.env.services.vault.as_ref())
        } else {
            Err(ToolError::Backend(BackendError::VaultLocked))
        }
    }

    /// Unlocks the vault (the implementation asks the person for the passphrase) and opens it
    /// to the calling agent.
    pub(crate) async fn unlock_vault(&self) -> Result<(), ToolError> {
        self.env.services.vault.unlock().await?;
        lock(&self.env.vault_grants).insert(self.agent.clone());
        Ok(())
    }

    /// The extension store.
    pub fn extensions(&self) -> &dyn ExtensionStore {
        self.env.services.extensions.as_ref()
    }

    /// The UI.
    pub fn ui(&self) -> &dyn UiState {
        self.env.services.ui.as_ref()
    }

    /// The clock.
    pub fn clock(&self) -> &dyn Clock {
        self.env.services.clock.as_ref()
    }

    /// The injection scanner.
    pub fn guard(&self) -> &aartiq_guard::Guard {
        &self.env.services.guard
    }

    /// Runs `f` on the policy state (not across an await).
    pub fn with_policy<R>(&self, f: impl FnOnce(&mut Policy) -> R) -> R {
        f(&mut lock(&self.env.policy))
    }

    /// Runs `f` on the snapshot store (not across an await).
    pub fn with_snapshots<R>(&self, f: impl FnOnce(&mut SnapshotStore) -> R) -> R {
        f(&mut lock(&self.env.snapshots))
    }

    /// Resolves `reference` on `tab` from the snapshot store alone, without asking the page
    /// (for a look ahead; the action itself checks it live with [`ToolContext::live_ref`]).
    ///
    /// # Errors
    /// [`ToolError::Ref`] for an unknown ref or one of another tab.
    pub fn known_ref(&self, tab: &TabId, reference: &str) -> Result<RefRecord, ToolError> {
        Ok(self.with_snapshots(|s| s.resolve(reference, tab))?)
    }

    /// Resolves `reference` for an action on `tab` and checks it against the live page
    /// (all seven checks of browser.md 5.5).
    ///
    /// # Errors
    /// [`ToolError::Ref`] with the reason and a hint, or the backend's error.
    pub async fn live_ref(&self, tab: &TabId, reference: &str) -> Result<RefRecord, ToolError> {
        let record = self.with_snapshots(|s| s.resolve(reference, tab))?;
        let now = self.browser().inspect(tab, &record.handle).await?;
        check_live(&record, &now)?;
        Ok(record)
    }
}

/// A consequence of a call that is known before it runs and needs more than its tool's own
/// verb: a click on the submit button of a `POST` form is a submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Foreseen {
    /// The verb the consequence needs.
    pub verb: Verb,
    /// What it is, for the agent and the person: `submits a form (POST http://...)`.
    pub what: String,
}

/// One tool: typed arguments with a derived JSON schema, a verb, flags and a handler.
///
/// The registry runs every call through its pipeline (lookup, validation, gate, approval, tab
/// lock) before [`Tool::run`], and scans the output of untrusted-output tools after it.
#[async_trait]
pub trait Tool: Send + Sync + 'static {
    /// The arguments; unknown fields must be refused (`#[serde(deny_unknown_fields)]`).
    type Args: DeserializeOwned + JsonSchema + Send + Sync + 'static;

    /// The tool's fixed description.
    fn meta(&self) -> ToolMeta;

    /// What this call would cause beyond the tool's verb, found before anything happens. The
    /// registry gates it, and asks a person about it, like a call of that verb. The default
    /// foresees nothing.
    ///
    /// # Errors
    /// Any [`ToolError`]; the pipeline reports it at the `handler` step.
    async fn foresee(
        &self,
        _ctx: &ToolContext<'_>,
        _args: &Self::Args,
    ) -> Result<Option<Foreseen>, ToolError> {
        Ok(None)
    }

    /// Runs the tool.
    ///
    /// # Errors
    /// Any [`ToolError`]; the pipeline reports it at the `handler` step.
    async fn run(&self, ctx: &ToolContext<'_>, args: Self::Args) -> Result<ToolOutput, ToolError>;
}
