//! The backend traits the tools run against, and the values that cross them.
//!
//! Implementations live further out: the CDP browser, the search service, the vault and the
//! extension store are separate crates; `aartiq-test-support` has hand-written fakes.

use std::collections::BTreeMap;
use std::sync::Arc;

use aartiq_guard::{Origin, Untrusted};
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::autofill::DomainProfile;
use crate::error::BackendError;
use crate::files::{DownloadInfo, DownloadText};
use crate::keys::KeyChord;
use crate::snapshot::PageCapture;
use crate::types::{NodeHandle, TabId};
use crate::view::{
    ConsoleEntry, HistoryStep, NetworkEntry, Shot, ShotRequest, WaitOutcome, WaitRequest,
};

/// One open tab as an agent sees it: what [`PageTab::screened`] makes of what the browser
/// reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TabInfo {
    /// Its id.
    pub id: TabId,
    /// The page's URL.
    pub url: String,
    /// The page's title.
    pub title: String,
    /// Whether it is the focused tab.
    pub active: bool,
}

/// One open tab as the browser reports it: its URL and title are the page's words, readable
/// only through a scan ([`PageTab::screened`]).
#[derive(Debug)]
pub struct PageTab {
    /// Its id.
    pub id: TabId,
    /// The page's URL (a page can set it to any text with `history.pushState`).
    pub url: Untrusted<String>,
    /// The page's title.
    pub title: Untrusted<String>,
    /// Whether it is the focused tab.
    pub active: bool,
}

impl PageTab {
    /// What a browser read of a tab, closed: its URL and title become untrusted.
    pub fn untrusted(info: TabInfo) -> PageTab {
        let origin = Origin::new("tab").with_locator(info.url.clone());
        PageTab {
            id: info.id,
            url: Untrusted::new(info.url, origin.clone()),
            title: Untrusted::new(info.title, origin),
            active: info.active,
        }
    }
}

/// What a backend sees of a node when an action is about to use it (browser.md 5.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeInspection {
    /// The document epoch of the node's frame now; bumped on every navigation.
    pub epoch: u64,
    /// The node's state.
    pub state: NodeState,
}

/// Whether a node is still there and usable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeState {
    /// The node no longer exists.
    Gone,
    /// The node exists but is not attached to the page.
    Detached,
    /// The node is on the page.
    Present {
        /// Its role now.
        role: String,
        /// Its accessible name now.
        name: String,
        /// Why it cannot be acted on (covered, disabled, no size), if so.
        blocker: Option<String>,
    },
}

/// An element action of `element_action` (spec f.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ElementAction {
    /// Click it.
    Click,
    /// Move the pointer over it.
    Hover,
    /// Scroll it into view.
    Scroll,
    /// Focus it.
    Focus,
    /// Take the focus away from it.
    Blur,
    /// Check a checkbox or radio.
    Check,
    /// Uncheck a checkbox.
    Uncheck,
}

impl ElementAction {
    /// The action's name.
    pub fn as_str(self) -> &'static str {
        match self {
            ElementAction::Click => "click",
            ElementAction::Hover => "hover",
            ElementAction::Scroll => "scroll",
            ElementAction::Focus => "focus",
            ElementAction::Blur => "blur",
            ElementAction::Check => "check",
            ElementAction::Uncheck => "uncheck",
        }
    }
}

/// Something an action caused that the agent must know about (browser.md 5.5): after it,
/// refs may be stale or another tab may hold the page the agent expects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ActionEffect {
    /// A new tab (a popup or a `target=_blank` link) was opened by the action.
    TabOpened {
        /// The new tab's id.
        tab: TabId,
        /// Its URL when it opened.
        url: String,
    },
    /// The page raised a dialog: answered at once (alerts and leaving the page are
    /// accepted), or a `confirm` or `prompt` waiting for `handle_dialog`.
    Dialog {
        /// `alert`, `confirm`, `prompt` or `beforeunload`.
        dialog: String,
        /// The page's message (untrusted text).
        message: String,
        /// What became of it.
        answer: DialogAnswer,
    },
    /// The page opened a file chooser; nothing was chosen.
    FileChooser {
        /// Whether it accepts several files.
        multiple: bool,
    },
    /// The tab started navigating: refs of its current document go stale once it commits.
    Navigation {
        /// Where to.
        url: String,
    },
    /// The action started a download; it goes to the download folder.
    Download {
        /// The download's id, for `list_downloads` and `read_download`.
        id: String,
        /// The name it gets there.
        name: String,
        /// Where it comes from.
        url: String,
    },
    /// The network rule stopped a request with an unsafe method (a side effect) that no
    /// person approved; it never left the browser.
    Blocked {
        /// `POST`, `PUT`, `PATCH`, `DELETE`, ...
        method: String,
        /// Where it was going.
        url: String,
    },
}

/// How the browser behind the tools is doing, for `browser_status`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrowserHealth {
    /// `running`, `not_started` (launched on the first browser call), `gone` (started again
    /// by the next call), or `unavailable` (this backend has none).
    pub state: String,
    /// How many times it was started again after it died.
    pub restarts: u32,
    /// Why it last died, when it did.
    pub last_reason: Option<String>,
    /// How many browsers have ended so far; a ref of an earlier one is stale.
    pub generation: u64,
}

/// What became of a page's dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DialogAnswer {
    /// Accepted at once (alerts, "leave this page?") or by `handle_dialog`.
    Accepted,
    /// Dismissed at once (a backend that does not wait) or by `handle_dialog`.
    Dismissed,
    /// Open: the page waits for `handle_dialog`, for a bounded time.
    Waiting,
    /// Nobody answered it in time: it was dismissed.
    Expired,
}

impl DialogAnswer {
    fn describe(self) -> &'static str {
        match self {
            DialogAnswer::Accepted => "accepted",
            DialogAnswer::Dismissed => "dismissed",
            DialogAnswer::Waiting => {
                "open: answer it with handle_dialog, or it is dismissed when its wait ends"
            }
            DialogAnswer::Expired => "dismissed: nobody answered it in time",
        }
    }
}

impl ActionEffect {
    /// The effect as a browser saw it, closed: its dialog text and URLs are the page's.
    pub fn untrusted(self) -> Untrusted<ActionEffect> {
        Untrusted::new(self, Origin::new("page effect"))
    }

    /// A short sentence for a model, `cause` being e.g. `click on e12`.
    pub fn describe(&self, cause: &str) -> String {
        match self {
            ActionEffect::TabOpened { tab, url } => {
                format!("tab {tab} opened by {cause} ({url})")
            }
            ActionEffect::Dialog {
                dialog,
                message,
                answer,
            } => format!(
                "{cause} raised a {dialog} dialog \"{}\" ({})",
                message.chars().take(120).collect::<String>(),
                answer.describe()
            ),
            ActionEffect::FileChooser { multiple } => format!(
                "{cause} opened a file chooser{} (nothing was chosen; upload_file with the same \
                 ref chooses its files)",
                if *multiple { " for several files" } else { "" }
            ),
            ActionEffect::Navigation { url } => {
                format!("{cause} started a navigation to {url}; refs of this page will be stale")
            }
            ActionEffect::Blocked { method, url } => {
                format!("blocked {method} {url} (side effect without approval)")
            }
            ActionEffect::Download { id, name, url } => {
                format!("{cause} started download {id} \"{name}\" from {url} (see list_downloads)")
            }
        }
    }
}

/// Whether a request method is safe (RFC 9110 9.2.1 as browsers use it: `GET`, `HEAD`,
/// `OPTIONS`). Every other method is a side effect under the network rule.
pub fn is_safe_method(method: &str) -> bool {
    ["GET", "HEAD", "OPTIONS"]
        .iter()
        .any(|safe| safe.eq_ignore_ascii_case(method.trim()))
}

/// How an action would activate an element: what can submit a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    /// A click (pointer or `element_action`).
    Click,
    /// Enter: activates a button, and in a form's field submits the form implicitly.
    Enter,
    /// Space: activates a focused button.
    Space,
}

/// A form submission an action would cause, found before it happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    /// The method it would use (`POST`; `GET` submissions are navigations and not reported).
    pub method: String,
    /// Where it would go.
    pub url: String,
}

/// Where an action began in a tab's record of stopped requests (see [`Browser::begin_action`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ActionMark(pub u64);

/// The outcome of an action on one element as an agent sees it: what
/// [`PageOutcome::screened`] makes of what the browser reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct ActionOutcome {
    /// Whether it worked.
    pub ok: bool,
    /// Why not.
    pub reason: Option<String>,
    /// The value (or checked state, or text) read back after a write.
    pub value: Option<String>,
    /// What the action caused besides itself: tabs opened, dialogs, navigations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<ActionEffect>,
}

/// The outcome of an action on one element as the browser reports it: the reason, the value
/// read back and the effects are the page's words (a page's handler can write anything into a
/// field, raise a dialog with any text), readable only through a scan
/// ([`PageOutcome::screened`]).
#[derive(Debug, Default)]
pub struct PageOutcome {
    /// Whether it worked.
    pub ok: bool,
    /// Why not.
    pub reason: Option<Untrusted<String>>,
    /// The value (or checked state, or text) read back after a write.
    pub value: Option<Untrusted<String>>,
    /// What the action caused besides itself.
    pub effects: Vec<Untrusted<ActionEffect>>,
}

impl PageOutcome {
    /// What a browser read of an action, closed: everything but `ok` becomes untrusted.
    pub fn untrusted(outcome: ActionOutcome) -> PageOutcome {
        let origin = || Origin::new("page action");
        PageOutcome {
            ok: outcome.ok,
            reason: outcome.reason.map(|r| Untrusted::new(r, origin())),
            value: outcome.value.map(|v| Untrusted::new(v, origin())),
            effects: outcome
                .effects
                .into_iter()
                .map(ActionEffect::untrusted)
                .collect(),
        }
    }
}

/// One field of a batch fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldFill {
    /// The element.
    pub handle: NodeHandle,
    /// The value to write.
    pub value: String,
    /// Set when the value is a vault secret: see [`VaultTarget`].
    pub vault: Option<VaultTarget>,
}

/// Where a vault secret may go. The page writes it only while the field's document is on
/// `host`, checked in the same step as the write (a page that moved on to another site in
/// between gets nothing); a password only into a password field; and while a password or
/// code shows as text (a code field, a password field a page turned into text), no
/// screenshot of the tab is taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VaultTarget {
    /// The host the vault released it for.
    pub host: String,
    /// Which part of the login it is.
    pub field: SecretField,
}

/// The outcome of a batch fill; it never submits.
#[derive(Debug, Default)]
pub struct FillOutcome {
    /// One outcome per field, in the order given.
    pub fields: Vec<PageOutcome>,
}

/// The outcome of a form submission (spec f.2 `formSubmitScript`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SubmitOutcome {
    /// Whether it was submitted.
    pub ok: bool,
    /// Why not.
    pub reason: Option<String>,
    /// The form's action attribute.
    pub action: Option<String>,
    /// The form's method, lower-cased (`get` by default).
    pub method: Option<String>,
}

/// A form submission as the browser reports it: why it was refused (it quotes the page's own
/// label and field names) and the form's action are the page's words, readable only through a
/// scan ([`PageSubmission::screened`]).
#[derive(Debug, Default)]
pub struct PageSubmission {
    /// Whether it was submitted.
    pub ok: bool,
    /// Why not.
    pub reason: Option<Untrusted<String>>,
    /// The form's action attribute.
    pub action: Option<Untrusted<String>>,
    /// The form's method as the page wrote it.
    pub method: Option<Untrusted<String>>,
}

impl PageSubmission {
    /// What a browser read of a submission, closed: everything but `ok` becomes untrusted.
    pub fn untrusted(outcome: SubmitOutcome) -> PageSubmission {
        let origin = || Origin::new("form submission");
        PageSubmission {
            ok: outcome.ok,
            reason: outcome.reason.map(|r| Untrusted::new(r, origin())),
            action: outcome.action.map(|a| Untrusted::new(a, origin())),
            method: outcome.method.map(|m| Untrusted::new(m, origin())),
        }
    }
}

/// A live-DOM query (spec e.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DomQuery {
    /// The CSS selector.
    pub selector: String,
    /// At most this many rows (1..=200).
    pub limit: usize,
    /// Whether rows carry their text.
    pub include_text: bool,
    /// Attributes to copy onto each row.
    pub include_attrs: Vec<String>,
}

/// One row of a DOM query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct DomMatch {
    /// Position among all matches.
    pub index: usize,
    /// Lower-case tag name.
    pub tag: String,
    /// The id attribute.
    pub id: Option<String>,
    /// The class list.
    pub classes: Vec<String>,
    /// Whether it has a box.
    pub visible: bool,
    /// Whether it is disabled.
    pub disabled: bool,
    /// The href of a link.
    pub href: Option<String>,
    /// The value of a field (cut to 200).
    pub value: Option<String>,
    /// The state of a checkbox or radio.
    pub checked: Option<bool>,
    /// Requested attributes (cut to 300).
    pub attrs: BTreeMap<String, String>,
    /// Its text, whitespace collapsed, cut to 300.
    pub text: Option<String>,
}

/// The result of a DOM query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct DomQueryResult {
    /// False when the selector was invalid.
    pub ok: bool,
    /// Why not.
    pub reason: Option<String>,
    /// The rows.
    pub matches: Vec<DomMatch>,
    /// How many elements matched in all.
    pub total: usize,
    /// Whether rows were left out.
    pub truncated: bool,
}

/// A text search in the live page (spec e.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextSearch {
    /// What to look for.
    pub query: String,
    /// Whether case matters.
    pub case_sensitive: bool,
    /// Search only under this selector.
    pub scope_selector: Option<String>,
    /// At most this many matches (1..=200).
    pub limit: usize,
}

/// One text match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextMatch {
    /// The match's number.
    pub index: usize,
    /// Its character offset in the page text.
    pub offset: usize,
    /// 60 characters before and 80 after, whitespace collapsed, `…` on cuts.
    pub context: String,
}

/// The result of a text search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct TextSearchResult {
    /// False when the scope was invalid or matched nothing.
    pub ok: bool,
    /// Why not.
    pub reason: Option<String>,
    /// The matches.
    pub matches: Vec<TextMatch>,
    /// How many were returned.
    pub total: usize,
    /// Whether more matches exist than were returned (the original's was always true, e.5).
    pub truncated: bool,
}

/// The browser: tabs, navigation, the accessibility capture and actions on nodes.
///
/// Whatever a page controls comes back [`Untrusted`]: tab titles and URLs ([`PageTab`]), the
/// reason, value read back and effects of an action ([`PageOutcome`]), the requests the network
/// rule stopped. A tool can hand them to an agent only through a scan.
#[async_trait]
pub trait Browser: Send + Sync {
    /// How many browsers have ended so far (0 for one that never restarts). When it grows,
    /// the tabs, documents and refs of before are gone.
    fn generation(&self) -> u64 {
        0
    }
    /// Why the last browser ended, when one did.
    fn last_end(&self) -> Option<String> {
        None
    }
    /// How it is doing, for `browser_status`.
    fn health(&self) -> BrowserHealth {
        BrowserHealth {
            state: "running".to_owned(),
            ..BrowserHealth::default()
        }
    }
    /// The open tabs.
    async fn list_tabs(&self) -> Result<Vec<PageTab>, BackendError>;
    /// Opens a tab, at `url` or blank.
    async fn new_tab(&self, url: Option<&str>) -> Result<PageTab, BackendError>;
    /// Whether each agent's tabs live in a browsing context of their own (separate cookies,
    /// storage and cache), so one agent's tabs are no other agent's business.
    fn isolates_agents(&self) -> bool {
        false
    }
    /// Opens a tab for agent `owner`: in its own browsing context when the backend isolates
    /// agents, else as [`Browser::new_tab`].
    ///
    /// # Errors
    /// As [`Browser::new_tab`].
    async fn new_tab_for(&self, owner: &str, url: Option<&str>) -> Result<PageTab, BackendError> {
        let _ = owner;
        self.new_tab(url).await
    }
    /// Lets go of everything agent `owner` had in the browser: its browsing context, with its
    /// tabs, cookies and storage, when the backend isolates agents.
    async fn release_owner(&self, owner: &str) {
        let _ = owner;
    }
    /// Closes a tab.
    async fn close_tab(&self, tab: &TabId) -> Result<(), BackendError>;
    /// Navigates a tab; the document epoch changes.
    async fn navigate(&self, tab: &TabId, url: &str) -> Result<PageTab, BackendError>;
    /// Captures the tab's accessibility tree (every frame) with its document epoch. Shared:
    /// a page of a million nodes is held once, by whoever keeps it (a backend's cache, the
    /// snapshot store), never copied.
    async fn capture(&self, tab: &TabId) -> Result<Arc<PageCapture>, BackendError>;
    /// Looks at one node before an action uses it.
    async fn inspect(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
    ) -> Result<NodeInspection, BackendError>;
    /// Clicks an element.
    async fn click(&self, tab: &TabId, handle: &NodeHandle) -> Result<PageOutcome, BackendError>;
    /// Replaces a field's value.
    async fn fill(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        value: &str,
    ) -> Result<PageOutcome, BackendError>;
    /// Types text into a field, appending unless `clear_first`.
    async fn type_text(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        text: &str,
        clear_first: bool,
    ) -> Result<PageOutcome, BackendError>;
    /// Runs an element action.
    async fn element_action(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        action: ElementAction,
    ) -> Result<PageOutcome, BackendError>;
    /// Fills several fields; never submits.
    async fn fill_form(
        &self,
        tab: &TabId,
        fields: &[FieldFill],
    ) -> Result<FillOutcome, BackendError>;
    /// Submits the form owning `handle`.
    async fn submit_form(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        confirm_text: Option<&str>,
    ) -> Result<PageSubmission, BackendError>;
    /// The page's visible text.
    async fn page_text(&self, tab: &TabId) -> Result<String, BackendError>;
    /// Queries the live DOM.
    async fn dom_query(
        &self,
        tab: &TabId,
        query: &DomQuery,
    ) -> Result<DomQueryResult, BackendError>;
    /// Searches the live page text.
    async fn search_text(
        &self,
        tab: &TabId,
        search: &TextSearch,
    ) -> Result<TextSearchResult, BackendError>;
    /// Presses one key (with its modifiers) as real key events, into the element after
    /// focusing it, or into whatever has the focus when `handle` is `None`.
    async fn press_key(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        key: &KeyChord,
    ) -> Result<PageOutcome, BackendError>;
    /// The submission `activation` of the element (the focused one when `handle` is `None`)
    /// would cause, when it submits a form with a method other than `GET`: a submit control,
    /// a `<button>` without `type` in a form, Enter in a form's field. `None` when it submits
    /// nothing that is known up front.
    async fn submission(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        activation: Activation,
    ) -> Result<Option<Submission>, BackendError>;
    /// Starts an action on `tab` under the network rule: with `permit` (a person approved this
    /// action and the agent may cause side effects), the tab's requests with unsafe methods go
    /// out until [`Browser::end_action`] and for a short grace after it; without, they are
    /// stopped in the browser, and any grace left from an earlier action ends now.
    async fn begin_action(&self, tab: &TabId, permit: bool) -> ActionMark;
    /// Ends the action begun at `mark`: the requests the network rule stopped in the tab since,
    /// each an [`ActionEffect::Blocked`]. With `settle` (an input, whose script or submission
    /// may still be starting), first until the requests the action started were decided.
    async fn end_action(
        &self,
        tab: &TabId,
        mark: ActionMark,
        settle: bool,
    ) -> Vec<Untrusted<ActionEffect>>;
    /// Takes a screenshot: scaled down to fit `request.max_dimension` and its byte budget.
    ///
    /// # Errors
    /// [`BackendError::Unsupported`] from a backend without pixels; [`BackendError::Other`]
    /// when nothing can be pictured (an element without a box, an empty viewport) or the
    /// image cannot fit the budget.
    async fn picture(&self, tab: &TabId, request: &ShotRequest) -> Result<Shot, BackendError> {
        let _ = (tab, request);
        Err(BackendError::Unsupported("take screenshots"))
    }
    /// Steps through the tab's history (or reloads it) and waits for the page to be shown.
    ///
    /// # Errors
    /// [`BackendError::Other`] at either end of the history; [`BackendError::Unsupported`]
    /// from a backend without history.
    async fn history(&self, tab: &TabId, step: HistoryStep) -> Result<PageTab, BackendError> {
        let _ = (tab, step);
        Err(BackendError::Unsupported("step through history"))
    }
    /// Clicks at a document point (CSS pixels) with real pointer events, scrolling it into
    /// view first. The outcome's `value` names the element that was there. One action under
    /// the network rule, like every input.
    ///
    /// # Errors
    /// [`BackendError::Unsupported`] from a backend without pointer input.
    async fn click_point(&self, tab: &TabId, x: f64, y: f64) -> Result<PageOutcome, BackendError> {
        let _ = (tab, x, y);
        Err(BackendError::Unsupported("click at a point"))
    }
    /// Drags one element onto another with real pointer events (press, moves, release).
    ///
    /// # Errors
    /// [`BackendError::Unsupported`] from a backend without pointer input.
    async fn drag(
        &self,
        tab: &TabId,
        from: &NodeHandle,
        to: &NodeHandle,
    ) -> Result<PageOutcome, BackendError> {
        let _ = (tab, from, to);
        Err(BackendError::Unsupported("drag"))
    }
    /// The host of the document that holds `handle` (a frame's own), for a value that may only
    /// go to one site.
    ///
    /// # Errors
    /// The backend's; [`BackendError::Unsupported`] from a backend without hosts.
    async fn field_host(&self, tab: &TabId, handle: &NodeHandle) -> Result<String, BackendError> {
        let _ = (tab, handle);
        Err(BackendError::Unsupported("tell a field's host"))
    }
    /// Checks, before anything is read or asked, that `paths` name files `upload` would take:
    /// inside the upload folder, canonical, no `..` or symlink out, under the size cap. Only
    /// names and metadata are looked at.
    ///
    /// # Errors
    /// [`BackendError::Upload`] for paths it refuses; [`BackendError::Unsupported`] from a
    /// backend without files.
    async fn check_upload(&self, paths: &[String]) -> Result<(), BackendError> {
        let _ = paths;
        Err(BackendError::Unsupported("upload files"))
    }
    /// Gives the file input of `handle` the files `paths` name inside the backend's upload
    /// folder: canonical, no `..` or symlink out, capped at [`MAX_UPLOAD_BYTES`](crate::MAX_UPLOAD_BYTES);
    /// nothing outside it is read.
    ///
    /// # Errors
    /// [`BackendError::Upload`] for paths it refuses; [`BackendError::Unsupported`] from a
    /// backend without files.
    async fn upload(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        paths: &[String],
    ) -> Result<PageOutcome, BackendError> {
        let _ = (tab, handle, paths);
        Err(BackendError::Unsupported("upload files"))
    }
    /// Answers the `confirm` or `prompt` dialog open in `tab`: accepts it (with `prompt_text`
    /// typed into a prompt) or dismisses it. What the page does next is the outcome's effects.
    ///
    /// # Errors
    /// [`BackendError::NoDialog`] when none is open; [`BackendError::Unsupported`] from a
    /// backend whose dialogs never wait.
    async fn answer_dialog(
        &self,
        tab: &TabId,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<PageOutcome, BackendError> {
        let _ = (tab, accept, prompt_text);
        Err(BackendError::Unsupported("answer dialogs"))
    }
    /// Prints the tab's page to a PDF in the output folder, named after `name` or the page's
    /// title, never replacing a file.
    ///
    /// # Errors
    /// [`BackendError::Unsupported`] from a backend without an output folder; the backend's
    /// own for a print or a write that failed.
    async fn save_pdf(
        &self,
        tab: &TabId,
        name: Option<&str>,
    ) -> Result<crate::SavedFile, BackendError> {
        let _ = (tab, name);
        Err(BackendError::Unsupported("print pages to PDF"))
    }
    /// Every download of this browser session, oldest first.
    ///
    /// # Errors
    /// [`BackendError::Unsupported`] from a backend without downloads.
    async fn downloads(&self) -> Result<Vec<DownloadInfo>, BackendError> {
        Err(BackendError::Unsupported("download files"))
    }
    /// The text of a completed text-like download (plain text, CSV, JSON, HTML; PDF through
    /// `pdftotext` when installed), at most `max_chars` characters. Nothing downloaded is
    /// ever opened by a program that could run it.
    ///
    /// # Errors
    /// [`BackendError::UnknownDownload`] for an id it never gave; [`BackendError::Other`] for
    /// a download that is not complete or not text.
    async fn read_download(
        &self,
        id: &str,
        max_chars: usize,
    ) -> Result<DownloadText, BackendError> {
        let _ = (id, max_chars);
        Err(BackendError::Unsupported("download files"))
    }
    /// The tab's latest console messages and uncaught exceptions, oldest first (at most
    /// [`LOG_CAPACITY`](crate::LOG_CAPACITY)).
    ///
    /// # Errors
    /// [`BackendError::UnknownTab`]; [`BackendError::Unsupported`] from a backend without a
    /// console.
    async fn console(&self, tab: &TabId) -> Result<Vec<ConsoleEntry>, BackendError> {
        let _ = tab;
        Err(BackendError::Unsupported("read the console"))
    }
    /// The tab's latest requests, oldest first (at most [`LOG_CAPACITY`](crate::LOG_CAPACITY)).
    ///
    /// # Errors
    /// [`BackendError::UnknownTab`]; [`BackendError::Unsupported`] from a backend without a
    /// network log.
    async fn network(&self, tab: &TabId) -> Result<Vec<NetworkEntry>, BackendError> {
        let _ = tab;
        Err(BackendError::Unsupported("list network requests"))
    }
    /// Waits until every condition of `request` holds or its timeout passes; a timeout is an
    /// outcome with `met: false`, not an error.
    ///
    /// # Errors
    /// [`BackendError::Unsupported`] from a backend that cannot watch a page.
    async fn wait_for(
        &self,
        tab: &TabId,
        request: &WaitRequest,
    ) -> Result<WaitOutcome, BackendError> {
        let _ = (tab, request);
        Err(BackendError::Unsupported("wait for a page"))
    }
}

/// A web search provider as the service describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderInfo {
    /// Its id (`tavily`, `brave`, ...).
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Whether it has what it needs (a key) to run.
    pub configured: bool,
}

/// A web or news search request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRequest {
    /// The query.
    pub query: String,
    /// The provider asked for, if any.
    pub provider: Option<String>,
    /// At most this many results.
    pub max_results: usize,
    /// Only results from the last `days` days.
    pub days: Option<u32>,
}

/// One search result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchHit {
    /// Its title.
    pub title: String,
    /// Its URL.
    pub url: String,
    /// Its snippet.
    pub snippet: String,
    /// When it was published, if known.
    pub published: Option<String>,
}

/// Web and news search: `aartiq-runtime`'s `SearchAdapter` serves it from `aartiq-search`; tests use
/// a fake.
#[async_trait]
pub trait SearchService: Send + Sync {
    /// The providers, configured or not.
    async fn providers(&self) -> Vec<ProviderInfo>;
    /// A web search.
    async fn web_search(&self, request: &SearchRequest) -> Result<Vec<SearchHit>, BackendError>;
    /// A news search.
    async fn news_search(&self, request: &SearchRequest) -> Result<Vec<SearchHit>, BackendError>;
}

/// A stored credential, without its secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CredentialSummary {
    /// Its id.
    pub id: String,
    /// The site.
    pub domain: String,
    /// The user name.
    pub username: String,
}

/// A stored identity profile, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileSummary {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
}

/// Which part of a stored login `fill_form` writes from the vault.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SecretField {
    /// The user name.
    Username,
    /// The password.
    Password,
    /// The current RFC 6238 code from the login's stored TOTP seed.
    Totp,
}

impl SecretField {
    /// Its name in arguments.
    pub fn as_str(self) -> &'static str {
        match self {
            SecretField::Username => "username",
            SecretField::Password => "password",
            SecretField::Totp => "totp",
        }
    }
}

/// A secret the vault released for one field of one page: handed to the browser and dropped.
/// It has no `Display` and no `Serialize`, and its `Debug` is redacted.
pub struct SecretText(zeroize::Zeroizing<String>);

impl SecretText {
    /// Wraps released text; it is wiped when this value drops.
    pub fn new(text: String) -> SecretText {
        SecretText(zeroize::Zeroizing::new(text))
    }

    /// The text, for the browser only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for SecretText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretText(<redacted>)")
    }
}

/// What `vault_list` shows: never a password.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct VaultListing {
    /// The credentials.
    pub credentials: Vec<CredentialSummary>,
    /// The identity profiles.
    pub profiles: Vec<ProfileSummary>,
}

/// The autofill vault. Every method but `unlock` fails with [`BackendError::VaultLocked`] while
/// it is locked (spec f.4).
#[async_trait]
pub trait Vault: Send + Sync {
    /// Unlocks it (the implementation asks the person).
    async fn unlock(&self) -> Result<(), BackendError>;
    /// What it holds, without secrets.
    async fn list(&self) -> Result<VaultListing, BackendError>;
    /// The profile values for a site (first matching credential's user name as email, then the
    /// first identity profile over it) and whether a password is stored for it.
    async fn profile_for_domain(&self, domain: &str) -> Result<DomainProfile, BackendError>;
    /// Releases one part of the stored login `credential` for a field on a page of `host`:
    /// only while the vault is unlocked, and only when `host` is the login's own domain or
    /// under it. Nothing else ever takes a secret out of the vault.
    ///
    /// # Errors
    /// [`BackendError::VaultLocked`]; the vault's own refusals (unknown login, another
    /// site, no TOTP seed); [`BackendError::Unsupported`] from a vault that releases nothing.
    async fn release(
        &self,
        credential: &str,
        field: SecretField,
        host: &str,
    ) -> Result<SecretText, BackendError> {
        let _ = (credential, field, host);
        Err(BackendError::Unsupported("release vault secrets"))
    }
}

/// An installed extension.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtensionInfo {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Whether it is enabled.
    pub enabled: bool,
}

/// What `extension_analyze` reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtensionAnalysis {
    /// The extension.
    pub id: String,
    /// API permissions it asks for.
    pub permissions: Vec<String>,
    /// Host permissions it asks for.
    pub host_permissions: Vec<String>,
    /// `low`, `medium` or `high`.
    pub risk: String,
    /// Why.
    pub findings: Vec<String>,
}

/// Installed extensions.
#[async_trait]
pub trait ExtensionStore: Send + Sync {
    /// The installed extensions.
    async fn list(&self) -> Result<Vec<ExtensionInfo>, BackendError>;
    /// Installs from a Chrome Web Store URL (CRX3 verified by the implementation).
    async fn install_webstore(&self, url: &str) -> Result<ExtensionInfo, BackendError>;
    /// Imports from a Chrome profile directory (the default profile when `None`).
    async fn import_chrome(
        &self,
        profile_dir: Option<&str>,
    ) -> Result<Vec<ExtensionInfo>, BackendError>;
    /// Analyses an installed extension.
    async fn analyze(&self, id: &str) -> Result<ExtensionAnalysis, BackendError>;
}

/// A UI mode of `ui_mode_set`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "lowercase")]
pub enum UiMode {
    /// The normal browser.
    #[default]
    Normal,
    /// Distractions hidden.
    Focus,
    /// Reader view.
    Reader,
    /// Everything but the page hidden.
    Zen,
    /// Full screen for presenting.
    Presentation,
}

impl UiMode {
    /// The mode's name.
    pub fn as_str(self) -> &'static str {
        match self {
            UiMode::Normal => "normal",
            UiMode::Focus => "focus",
            UiMode::Reader => "reader",
            UiMode::Zen => "zen",
            UiMode::Presentation => "presentation",
        }
    }
}

/// The UI's theme state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct ThemeState {
    /// The mode.
    pub mode: UiMode,
    /// Mode preferences.
    pub prefs: BTreeMap<String, serde_json::Value>,
}

/// The browser UI: theme, mode, panels.
#[async_trait]
pub trait UiState: Send + Sync {
    /// The current theme state.
    async fn theme(&self) -> Result<ThemeState, BackendError>;
    /// Sets the mode and its preferences; returns the new state.
    async fn set_mode(
        &self,
        mode: UiMode,
        prefs: BTreeMap<String, serde_json::Value>,
    ) -> Result<ThemeState, BackendError>;
    /// Opens a panel of the UI.
    async fn open_panel(&self, section: &str) -> Result<(), BackendError>;
}
