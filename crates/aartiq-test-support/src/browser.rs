//! `FakeBrowser`: tabs over static HTML, parsed with `scraper`, recording every call. Its
//! snapshots follow aartiq-cdp's `collector.js` (see `tree`); a tab's `<iframe src>` shows the
//! page [`FakeBrowser::add_site`] registered for that URL.
//!
//! Two attributes stand in for a page's scripts: `data-fake-dialog="text"` on an element makes
//! a click on it raise an `alert` with that text, and `data-fake-rewrite="text"` on a field
//! makes the page rewrite whatever is written into it to that text (a fill then fails with
//! "control rejected the value (normalised to text)", as on the real browser).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use aartiq_tools::{
    ActionEffect, ActionMark, ActionOutcome, Activation, BackendError, Browser, DomMatch, DomQuery,
    DomQueryResult, ElementAction, FieldFill, FillOutcome, KeyChord, NodeHandle, NodeId,
    NodeInspection, NodeState, PageCapture, PageOutcome, PageSubmission, PageTab, Submission,
    SubmitOutcome, TabId, TabInfo, TextMatch, TextSearch, TextSearchResult, Untrusted,
};
use async_trait::async_trait;
use scraper::{ElementRef, Selector};

use crate::tree::{self, Builder, Doc, Overrides};

/// One call the browser received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BrowserCall {
    /// `list_tabs`.
    ListTabs,
    /// `new_tab(url)`.
    NewTab(Option<String>),
    /// `close_tab(tab)`.
    CloseTab(TabId),
    /// `navigate(tab, url)`.
    Navigate(TabId, String),
    /// `capture(tab)`.
    Capture(TabId),
    /// `inspect(tab, node)`.
    Inspect(TabId, NodeId),
    /// `click(tab, node)`.
    Click(TabId, NodeId),
    /// `fill(tab, node, value)`.
    Fill(TabId, NodeId, String),
    /// `type_text(tab, node, text, clear_first)`.
    Type(TabId, NodeId, String, bool),
    /// `element_action(tab, node, action)`.
    ElementAction(TabId, NodeId, ElementAction),
    /// `fill_form(tab, [(node, value)])`.
    FillForm(TabId, Vec<(NodeId, String)>),
    /// `submit_form(tab, node, confirm_text)`.
    Submit(TabId, NodeId, Option<String>),
    /// `page_text(tab)`.
    PageText(TabId),
    /// `dom_query(tab, selector)`.
    DomQuery(TabId, String),
    /// `search_text(tab, query)`.
    SearchText(TabId, String),
    /// `press_key(tab, node, key)`.
    PressKey(TabId, Option<NodeId>, String),
}

impl BrowserCall {
    /// Whether the call changes the page or the tabs (as opposed to reading).
    pub fn is_action(&self) -> bool {
        !matches!(
            self,
            BrowserCall::ListTabs
                | BrowserCall::Capture(_)
                | BrowserCall::Inspect(..)
                | BrowserCall::PageText(_)
                | BrowserCall::DomQuery(..)
                | BrowserCall::SearchText(..)
        )
    }
}

#[derive(Debug, Clone, Default)]
struct FakeTab {
    url: String,
    html: String,
    epoch: u64,
    removed: HashSet<u64>,
    detached: HashSet<u64>,
    renamed: HashMap<u64, String>,
    blockers: HashMap<u64, String>,
    values: HashMap<u64, String>,
    checked: HashMap<u64, bool>,
    /// The pages frames may load (the browser's sites, as of the call at hand).
    sites: Arc<HashMap<String, String>>,
}

#[derive(Debug, Default)]
struct State {
    tabs: BTreeMap<TabId, FakeTab>,
    active: Option<TabId>,
    next_tab: u64,
    sites: Arc<HashMap<String, String>>,
    fail_next: Option<BackendError>,
    submissions: Vec<(TabId, NodeId)>,
    /// The fake network: tabs whose action may send side effects now.
    permits: HashSet<TabId>,
    /// Requests with unsafe methods that went out: tab, method, URL.
    sent: Vec<(TabId, String, String)>,
    /// What the network rule stopped, in order.
    stopped: Vec<(TabId, ActionEffect)>,
    /// How many times the browser "ended", and why the last time.
    generation: u64,
    last_end: Option<String>,
}

/// A browser over static HTML pages.
#[derive(Debug, Default)]
pub struct FakeBrowser {
    state: Mutex<State>,
    calls: Mutex<Vec<BrowserCall>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

const SKIPPED_TAGS: [&str; 8] = [
    "script", "style", "noscript", "template", "head", "meta", "link", "title",
];
const INERT_INPUTS: [&str; 5] = ["hidden", "submit", "button", "file", "image"];
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

fn is_hidden(el: &ElementRef<'_>) -> bool {
    el.attr("hidden").is_some()
        || el.attr("aria-hidden") == Some("true")
        || el
            .attr("style")
            .is_some_and(|s| s.replace(' ', "").contains("display:none"))
}

fn visible_text(el: ElementRef<'_>, out: &mut String) {
    for child in el.children() {
        if let Some(text) = child.value().as_text() {
            out.push_str(text);
        } else if let Some(child_el) = ElementRef::wrap(child) {
            let tag = child_el.value().name();
            if SKIPPED_TAGS.contains(&tag) || is_hidden(&child_el) {
                continue;
            }
            if matches!(
                tag,
                "p" | "div" | "li" | "br" | "h1" | "h2" | "h3" | "tr" | "section"
            ) {
                out.push('\n');
            } else {
                out.push(' ');
            }
            visible_text(child_el, out);
        }
    }
}

impl FakeTab {
    fn overrides(&self) -> Overrides<'_> {
        Overrides {
            removed: &self.removed,
            detached: &self.detached,
            renamed: &self.renamed,
            values: &self.values,
            checked: &self.checked,
        }
    }

    /// The tab's page and the pages its frames load.
    fn doc(&self) -> Doc {
        Doc::load(&self.html, &self.url, &self.sites)
    }

    /// An element's role and name as `inspect` reports them (`generic` for no role).
    fn describe(&self, doc: &Doc, el: &ElementRef<'_>, node: NodeId) -> (String, String) {
        let builder = Builder {
            doc,
            overrides: self.overrides(),
        };
        let role = builder.role_of(el).unwrap_or_else(|| "generic".to_owned());
        let name = builder.name_of(doc.doc_of(node), el, node.0, &role);
        (role, name)
    }

    fn value_of(&self, el: &ElementRef<'_>, node: u64) -> Option<String> {
        if let Some(value) = self.values.get(&node) {
            return Some(value.clone());
        }
        match el.value().name() {
            "input" => el.attr("value").map(str::to_owned),
            "textarea" => Some(el.text().collect::<String>()),
            "select" => {
                let selector = Selector::parse("option").ok()?;
                let mut options = el.select(&selector);
                let first = options.clone().next();
                options
                    .find(|o| o.attr("selected").is_some())
                    .or(first)
                    .map(|o| {
                        o.attr("value")
                            .map_or_else(|| collapse(&o.text().collect::<String>()), str::to_owned)
                    })
            }
            _ => None,
        }
        .filter(|v| !v.is_empty())
    }

    fn is_checked(&self, el: &ElementRef<'_>, node: u64) -> bool {
        self.checked
            .get(&node)
            .copied()
            .unwrap_or_else(|| el.attr("checked").is_some())
    }

    fn page_text(&self) -> String {
        let doc = Doc::parse(&self.html);
        let mut text = String::new();
        if let Some(body) = doc.body(0) {
            visible_text(body, &mut text);
        }
        text.lines()
            .map(collapse)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl FakeBrowser {
    /// No tabs, no sites.
    pub fn new() -> FakeBrowser {
        FakeBrowser::default()
    }

    fn record(&self, call: BrowserCall) -> Result<(), BackendError> {
        lock(&self.calls).push(call);
        match lock(&self.state).fail_next.take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// Opens tab `id` at `url` showing `html` (epoch 1) and makes it active.
    pub fn add_tab(&self, id: &str, url: &str, html: &str) {
        let mut state = lock(&self.state);
        state.tabs.insert(
            TabId::new(id),
            FakeTab {
                url: url.to_owned(),
                html: html.to_owned(),
                epoch: 1,
                ..FakeTab::default()
            },
        );
        state.active = Some(TabId::new(id));
    }

    /// The page `navigate`, `new_tab` and frames load for `url` (a blank page for unknown
    /// URLs; a frame of an unknown URL shows nothing).
    pub fn add_site(&self, url: &str, html: &str) {
        Arc::make_mut(&mut lock(&self.state).sites).insert(url.to_owned(), html.to_owned());
    }

    /// The browser ends and comes back (a crash and a relaunch): every tab is gone, tab ids
    /// start over, and the generation grows.
    pub fn restart(&self, reason: &str) {
        let mut state = lock(&self.state);
        state.tabs.clear();
        state.active = None;
        state.next_tab = 0;
        state.generation += 1;
        state.last_end = Some(reason.to_owned());
    }

    /// Makes the next call fail with `message`.
    pub fn fail_next(&self, message: &str) {
        self.fail_next_with(BackendError::Other(message.to_owned()));
    }

    /// Makes the next call fail with `error` (a browser that ended, a pool that is full).
    pub fn fail_next_with(&self, error: BackendError) {
        lock(&self.state).fail_next = Some(error);
    }

    /// Replaces a tab's HTML without navigating (a script changed the page).
    pub fn mutate_html(&self, tab: &str, html: &str) {
        if let Some(t) = lock(&self.state).tabs.get_mut(&TabId::new(tab)) {
            t.html = html.to_owned();
        }
    }

    fn with_tab(&self, tab: &str, f: impl FnOnce(&mut FakeTab)) {
        if let Some(t) = lock(&self.state).tabs.get_mut(&TabId::new(tab)) {
            f(t);
        }
    }

    /// The node no longer exists.
    pub fn remove_node(&self, tab: &str, node: NodeId) {
        self.with_tab(tab, |t| {
            t.removed.insert(node.0);
        });
    }

    /// The node exists but was detached from the page.
    pub fn detach_node(&self, tab: &str, node: NodeId) {
        self.with_tab(tab, |t| {
            t.detached.insert(node.0);
        });
    }

    /// The node's accessible name changes.
    pub fn rename_node(&self, tab: &str, node: NodeId, name: &str) {
        self.with_tab(tab, |t| {
            t.renamed.insert(node.0, name.to_owned());
        });
    }

    /// The node is covered or otherwise not actionable, for `why` (e.g. `is covered by div#x`).
    pub fn block_node(&self, tab: &str, node: NodeId, why: &str) {
        self.with_tab(tab, |t| {
            t.blockers.insert(node.0, why.to_owned());
        });
    }

    /// Every call so far.
    pub fn calls(&self) -> Vec<BrowserCall> {
        lock(&self.calls).clone()
    }

    /// The calls that changed a page or the tabs.
    pub fn actions(&self) -> Vec<BrowserCall> {
        self.calls()
            .into_iter()
            .filter(BrowserCall::is_action)
            .collect()
    }

    /// The requests with unsafe methods the fake network let out: tab, method, URL.
    pub fn sent_requests(&self) -> Vec<(TabId, String, String)> {
        lock(&self.state).sent.clone()
    }

    /// Forms submitted so far, by tab and element.
    pub fn submissions(&self) -> Vec<(TabId, NodeId)> {
        lock(&self.state).submissions.clone()
    }

    /// A field's current value as the page holds it.
    pub fn value(&self, tab: &str, node: NodeId) -> Option<String> {
        let state = lock(&self.state);
        let t = state.tabs.get(&TabId::new(tab))?;
        let doc = t.doc();
        let el = doc.element(node)?;
        t.value_of(&el, node.0)
    }

    /// The node id of the first element matching a CSS `selector` in a tab.
    pub fn node_of(&self, tab: &str, selector: &str) -> Option<NodeId> {
        let state = lock(&self.state);
        let t = state.tabs.get(&TabId::new(tab))?;
        let doc = t.doc();
        let selector = Selector::parse(selector).ok()?;
        let el = doc.main().select(&selector).next()?;
        Some(NodeId(doc.id_of(&el)))
    }

    /// Closes `tab` as a page or a person would, not through the `Browser` trait (so nothing
    /// in the registry hears of it).
    pub fn remove_tab(&self, tab: &str) {
        lock(&self.state).tabs.remove(&TabId::new(tab));
    }

    /// The open tabs' ids.
    pub fn tab_ids(&self) -> Vec<TabId> {
        lock(&self.state).tabs.keys().cloned().collect()
    }

    fn tab_info(state: &State, id: &TabId, tab: &FakeTab) -> TabInfo {
        let doc = tab.doc();
        let title = Selector::parse("title")
            .ok()
            .and_then(|s| {
                doc.main()
                    .select(&s)
                    .next()
                    .map(|t| collapse(&t.text().collect::<String>()))
            })
            .unwrap_or_default();
        TabInfo {
            id: id.clone(),
            url: tab.url.clone(),
            title,
            active: state.active.as_ref() == Some(id),
        }
    }

    fn read<R>(&self, tab: &TabId, f: impl FnOnce(&FakeTab) -> R) -> Result<R, BackendError> {
        let mut state = lock(&self.state);
        if state.tabs.is_empty() {
            return Err(BackendError::NoWindow);
        }
        let sites = Arc::clone(&state.sites);
        state
            .tabs
            .get_mut(tab)
            .map(|t| {
                t.sites = sites;
                &*t
            })
            .map(f)
            .ok_or_else(|| BackendError::UnknownTab(tab.clone()))
    }

    fn write<R>(&self, tab: &TabId, f: impl FnOnce(&mut FakeTab) -> R) -> Result<R, BackendError> {
        let mut state = lock(&self.state);
        if state.tabs.is_empty() {
            return Err(BackendError::NoWindow);
        }
        let sites = Arc::clone(&state.sites);
        state
            .tabs
            .get_mut(tab)
            .map(|t| {
                t.sites = sites;
                f(t)
            })
            .ok_or_else(|| BackendError::UnknownTab(tab.clone()))
    }

    /// The fake network: sends `method url` from `tab` if its action holds a permit, else
    /// stops it like the real browser's network rule.
    fn send(&self, tab: &TabId, submission: Submission) {
        let mut state = lock(&self.state);
        if state.permits.contains(tab) {
            state
                .sent
                .push((tab.clone(), submission.method, submission.url));
        } else {
            state.stopped.push((
                tab.clone(),
                ActionEffect::Blocked {
                    method: submission.method,
                    url: submission.url,
                },
            ));
        }
    }

    fn submission_at(
        &self,
        tab: &TabId,
        node: NodeId,
        activation: Activation,
    ) -> Result<Option<Submission>, BackendError> {
        self.read(tab, |t| {
            let doc = t.doc();
            doc.element(node)
                .and_then(|el| submission_of(&el, activation, &t.url))
        })
    }

    fn fill_one(tab: &mut FakeTab, node: NodeId, value: &str) -> ActionOutcome {
        let doc = tab.doc();
        let Some(el) = doc.element(node) else {
            return ActionOutcome {
                ok: false,
                reason: Some("element is no longer in the DOM (stale ref)".into()),
                value: None,
                effects: Vec::new(),
            };
        };
        if tree::is_disabled(&el) {
            return ActionOutcome {
                ok: false,
                reason: Some("field is disabled".into()),
                value: None,
                effects: Vec::new(),
            };
        }
        let kind = el.attr("type").unwrap_or("").to_ascii_lowercase();
        if el.value().name() == "input" && (kind == "checkbox" || kind == "radio") {
            let wanted = matches!(
                value.trim().to_ascii_lowercase().as_str(),
                "true" | "1" | "yes" | "on" | "checked"
            );
            tab.checked.insert(node.0, wanted);
            return ActionOutcome {
                ok: true,
                reason: None,
                value: Some(wanted.to_string()),
                effects: Vec::new(),
            };
        }
        // A select takes the option of that value or text, else falls back to its first, and
        // reads back what it shows.
        if el.value().name() == "select" {
            let options = tree::options_of(&el);
            let Some(first) = options.first() else {
                return ActionOutcome {
                    ok: false,
                    reason: Some("select has no options".into()),
                    value: None,
                    effects: Vec::new(),
                };
            };
            let text = |o: &ElementRef<'_>| collapse(&o.text().collect::<String>());
            let matched = options
                .iter()
                .find(|o| tree::option_value(o) == value)
                .or_else(|| options.iter().find(|o| text(o) == value.trim()));
            let chosen = matched.unwrap_or(first);
            tab.values.insert(node.0, tree::option_value(chosen));
            return ActionOutcome {
                ok: matched.is_some(),
                reason: matched.is_none().then(|| {
                    format!("no option matched \"{value}\"; selected first option instead")
                }),
                value: Some(cut(&text(chosen), 200)),
                effects: Vec::new(),
            };
        }
        if el.attr("readonly").is_some() {
            return ActionOutcome {
                ok: false,
                reason: Some("field is readOnly".into()),
                value: None,
                effects: Vec::new(),
            };
        }
        // A page's input handler may rewrite what was written (`data-fake-rewrite`): the real
        // browser then reports that the control rejected the value, naming what it holds now.
        if let Some(rewrite) = el.attr("data-fake-rewrite") {
            tab.values.insert(node.0, rewrite.to_owned());
            if rewrite != value {
                return ActionOutcome {
                    ok: false,
                    reason: Some(format!(
                        "control rejected the value (normalised to {})",
                        cut(rewrite, 200)
                    )),
                    value: Some(cut(rewrite, 200)),
                    effects: Vec::new(),
                };
            }
        }
        tab.values.insert(node.0, value.to_owned());
        ActionOutcome {
            ok: true,
            reason: None,
            // Like the real browser: a password never reads back.
            value: (kind != "password").then(|| cut(value, 200)),
            effects: Vec::new(),
        }
    }
}

/// The `POST` submission activating `el` would cause: a submit control (or a `<button>`
/// without `type`) of a POST form; with Enter, also a text field of one.
fn submission_of(el: &ElementRef<'_>, activation: Activation, base: &str) -> Option<Submission> {
    let name = el.value().name();
    let kind = el.attr("type").unwrap_or("").to_ascii_lowercase();
    let control = match name {
        "button" => kind.is_empty() || kind == "submit",
        "input" => kind == "submit" || kind == "image",
        _ => false,
    };
    let field = name == "input"
        && !control
        && !INERT_INPUTS.contains(&kind.as_str())
        && kind != "checkbox"
        && kind != "radio";
    let applies = match activation {
        Activation::Click | Activation::Space => control,
        Activation::Enter => control || field,
    };
    if !applies {
        return None;
    }
    let form = el
        .ancestors()
        .filter_map(ElementRef::wrap)
        .find(|a| a.value().name() == "form")?;
    let method = el
        .attr("formmethod")
        .filter(|_| control)
        .or_else(|| form.attr("method"))
        .unwrap_or("get")
        .to_ascii_uppercase();
    if method != "POST" {
        return None;
    }
    let action = el
        .attr("formaction")
        .filter(|_| control)
        .or_else(|| form.attr("action"))
        .unwrap_or("");
    Some(Submission {
        method,
        url: resolve(base, action),
    })
}

/// `action` against the page's URL, as far as the fake needs: absolute, or a path on the
/// page's origin.
pub(crate) fn resolve(base: &str, action: &str) -> String {
    if action.contains("://") {
        return action.to_owned();
    }
    let origin = base
        .find("://")
        .and_then(|i| base[i + 3..].find('/').map(|j| &base[..i + 3 + j]))
        .unwrap_or(base);
    format!("{origin}/{}", action.trim_start_matches('/'))
}

fn no_element() -> ActionOutcome {
    ActionOutcome {
        ok: false,
        reason: Some("element is no longer in the DOM (stale ref)".into()),
        value: None,
        effects: Vec::new(),
    }
}

#[async_trait]
impl Browser for FakeBrowser {
    fn generation(&self) -> u64 {
        lock(&self.state).generation
    }

    fn last_end(&self) -> Option<String> {
        lock(&self.state).last_end.clone()
    }

    async fn list_tabs(&self) -> Result<Vec<PageTab>, BackendError> {
        self.record(BrowserCall::ListTabs)?;
        let state = lock(&self.state);
        Ok(state
            .tabs
            .iter()
            .map(|(id, tab)| PageTab::untrusted(FakeBrowser::tab_info(&state, id, tab)))
            .collect())
    }

    async fn new_tab(&self, url: Option<&str>) -> Result<PageTab, BackendError> {
        self.record(BrowserCall::NewTab(url.map(str::to_owned)))?;
        let mut state = lock(&self.state);
        state.next_tab += 1;
        let id = TabId::new(format!("t{}", state.next_tab + 100));
        let url = url.unwrap_or("about:blank").to_owned();
        let html = state.sites.get(&url).cloned().unwrap_or_default();
        let tab = FakeTab {
            url,
            html,
            epoch: 1,
            ..FakeTab::default()
        };
        state.tabs.insert(id.clone(), tab);
        state.active = Some(id.clone());
        let tab = state.tabs.get(&id).cloned().unwrap_or_default();
        Ok(PageTab::untrusted(FakeBrowser::tab_info(&state, &id, &tab)))
    }

    async fn close_tab(&self, tab: &TabId) -> Result<(), BackendError> {
        self.record(BrowserCall::CloseTab(tab.clone()))?;
        let mut state = lock(&self.state);
        state
            .tabs
            .remove(tab)
            .map(|_| ())
            .ok_or_else(|| BackendError::UnknownTab(tab.clone()))
    }

    async fn navigate(&self, tab: &TabId, url: &str) -> Result<PageTab, BackendError> {
        self.record(BrowserCall::Navigate(tab.clone(), url.to_owned()))?;
        let mut state = lock(&self.state);
        let html = state.sites.get(url).cloned().unwrap_or_default();
        let Some(t) = state.tabs.get_mut(tab) else {
            return Err(BackendError::UnknownTab(tab.clone()));
        };
        *t = FakeTab {
            url: url.to_owned(),
            html,
            epoch: t.epoch + 1,
            ..FakeTab::default()
        };
        let t = t.clone();
        Ok(PageTab::untrusted(FakeBrowser::tab_info(&state, tab, &t)))
    }

    async fn capture(&self, tab: &TabId) -> Result<Arc<PageCapture>, BackendError> {
        self.record(BrowserCall::Capture(tab.clone()))?;
        let info = {
            let state = lock(&self.state);
            state
                .tabs
                .get(tab)
                .map(|t| FakeBrowser::tab_info(&state, tab, t))
        };
        self.read(tab, |t| {
            let doc = t.doc();
            let root = Builder {
                doc: &doc,
                overrides: t.overrides(),
            }
            .capture();
            Arc::new(PageCapture {
                tab: tab.clone(),
                url: t.url.clone(),
                title: info.map(|i| i.title).unwrap_or_default(),
                epoch: t.epoch,
                root,
            })
        })
    }

    async fn inspect(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
    ) -> Result<NodeInspection, BackendError> {
        self.record(BrowserCall::Inspect(tab.clone(), handle.node))?;
        self.read(tab, |t| {
            let node = handle.node.0;
            let doc = t.doc();
            let state = if t.removed.contains(&node) {
                NodeState::Gone
            } else if t.detached.contains(&node) {
                NodeState::Detached
            } else {
                match doc.element(handle.node) {
                    None => NodeState::Gone,
                    Some(el) => {
                        let (role, name) = t.describe(&doc, &el, handle.node);
                        // As the collector's `inspect` for an action: disabled first, then
                        // not rendered.
                        let blocker = t.blockers.get(&node).cloned().or_else(|| {
                            if tree::is_disabled(&el) {
                                Some("is disabled".to_owned())
                            } else if !tree::is_visible(&el) {
                                Some("is not visible".to_owned())
                            } else {
                                None
                            }
                        });
                        NodeState::Present {
                            role,
                            name,
                            blocker,
                        }
                    }
                }
            };
            NodeInspection {
                epoch: t.epoch,
                state,
            }
        })
    }

    async fn click(&self, tab: &TabId, handle: &NodeHandle) -> Result<PageOutcome, BackendError> {
        self.record(BrowserCall::Click(tab.clone(), handle.node))?;
        if let Some(submission) = self.submission_at(tab, handle.node, Activation::Click)? {
            self.send(tab, submission);
        }
        self.write(tab, |t| {
            let doc = t.doc();
            let Some(el) = doc.element(handle.node) else {
                return no_element();
            };
            let kind = el.attr("type").unwrap_or("").to_ascii_lowercase();
            if kind == "checkbox" || kind == "radio" {
                let now = !t.is_checked(&el, handle.node.0);
                t.checked.insert(handle.node.0, now);
            }
            // `data-fake-dialog="message"`: the click's handler calls `alert(message)`.
            let effects = el
                .attr("data-fake-dialog")
                .map(|message| ActionEffect::Dialog {
                    dialog: "alert".to_owned(),
                    message: message.to_owned(),
                    answer: aartiq_tools::DialogAnswer::Accepted,
                })
                .into_iter()
                .collect();
            ActionOutcome {
                ok: true,
                reason: None,
                value: None,
                effects,
            }
        })
        .map(PageOutcome::untrusted)
    }

    async fn fill(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        value: &str,
    ) -> Result<PageOutcome, BackendError> {
        self.record(BrowserCall::Fill(
            tab.clone(),
            handle.node,
            value.to_owned(),
        ))?;
        self.write(tab, |t| FakeBrowser::fill_one(t, handle.node, value))
            .map(PageOutcome::untrusted)
    }

    async fn type_text(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        text: &str,
        clear_first: bool,
    ) -> Result<PageOutcome, BackendError> {
        self.record(BrowserCall::Type(
            tab.clone(),
            handle.node,
            text.to_owned(),
            clear_first,
        ))?;
        self.write(tab, |t| {
            let doc = t.doc();
            let current = match doc.element(handle.node) {
                Some(el) if !clear_first => t.value_of(&el, handle.node.0).unwrap_or_default(),
                Some(_) => String::new(),
                None => return no_element(),
            };
            let mut typed = FakeBrowser::fill_one(t, handle.node, &format!("{current}{text}"));
            // Typing is key events, not a value write: what a page's handler made of them is
            // simply the field's value now.
            if doc
                .element(handle.node)
                .is_some_and(|el| el.attr("data-fake-rewrite").is_some())
            {
                typed.ok = true;
                typed.reason = None;
            }
            typed
        })
        .map(PageOutcome::untrusted)
    }

    async fn element_action(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        action: ElementAction,
    ) -> Result<PageOutcome, BackendError> {
        self.record(BrowserCall::ElementAction(tab.clone(), handle.node, action))?;
        self.write(tab, |t| {
            let doc = t.doc();
            let Some(el) = doc.element(handle.node) else {
                return no_element();
            };
            let kind = el.attr("type").unwrap_or("").to_ascii_lowercase();
            let checkable = kind == "checkbox" || kind == "radio";
            match action {
                ElementAction::Check | ElementAction::Uncheck if !checkable => ActionOutcome {
                    ok: false,
                    reason: Some("not a checkbox or radio".into()),
                    value: None,
                    effects: Vec::new(),
                },
                ElementAction::Check | ElementAction::Uncheck => {
                    let wanted = action == ElementAction::Check;
                    t.checked.insert(handle.node.0, wanted);
                    ActionOutcome {
                        ok: true,
                        reason: None,
                        value: Some(wanted.to_string()),
                        effects: Vec::new(),
                    }
                }
                _ => ActionOutcome {
                    ok: true,
                    reason: None,
                    value: None,
                    effects: Vec::new(),
                },
            }
        })
        .map(PageOutcome::untrusted)
    }

    async fn fill_form(
        &self,
        tab: &TabId,
        fields: &[FieldFill],
    ) -> Result<FillOutcome, BackendError> {
        self.record(BrowserCall::FillForm(
            tab.clone(),
            fields
                .iter()
                .map(|f| (f.handle.node, f.value.clone()))
                .collect(),
        ))?;
        self.write(tab, |t| FillOutcome {
            fields: fields
                .iter()
                .map(|f| {
                    let outcome = match &f.vault {
                        Some(vault) if host_of(&t.url) != vault.host => ActionOutcome {
                            ok: false,
                            reason: Some(format!(
                                "the field's page is no longer on {}",
                                vault.host
                            )),
                            value: None,
                            effects: Vec::new(),
                        },
                        _ => FakeBrowser::fill_one(t, f.handle.node, &f.value),
                    };
                    PageOutcome::untrusted(outcome)
                })
                .collect(),
        })
    }

    async fn field_host(&self, tab: &TabId, _handle: &NodeHandle) -> Result<String, BackendError> {
        self.read(tab, |t| host_of(&t.url))
    }

    async fn submit_form(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        confirm_text: Option<&str>,
    ) -> Result<PageSubmission, BackendError> {
        self.record(BrowserCall::Submit(
            tab.clone(),
            handle.node,
            confirm_text.map(str::to_owned),
        ))?;
        let outcome = self.read(tab, |t| {
            let doc = t.doc();
            let form = doc.element(handle.node).and_then(|el| {
                el.ancestors()
                    .filter_map(ElementRef::wrap)
                    .find(|a| a.value().name() == "form")
                    .or_else(|| (el.value().name() == "form").then_some(el))
            });
            let Some(form) = form else {
                return SubmitOutcome {
                    ok: false,
                    reason: Some(
                        "no <form> ancestor for this element — it is not part of a submittable form"
                            .into(),
                    ),
                    action: None,
                    method: None,
                };
            };
            let declared = form.attr("data-aartiq-confirm").or_else(|| form.attr("aria-label"));
            if let (Some(expected), Some(declared)) = (confirm_text, declared)
                && expected != declared
            {
                return SubmitOutcome {
                    ok: false,
                    reason: Some(format!(
                        "form confirmation label mismatch: expected \"{expected}\", page declares \"{declared}\""
                    )),
                    action: None,
                    method: None,
                };
            }
            SubmitOutcome {
                ok: true,
                reason: None,
                action: form.attr("action").map(str::to_owned),
                method: Some(form.attr("method").unwrap_or("get").to_ascii_lowercase()),
            }
        })?;
        if outcome.ok {
            lock(&self.state)
                .submissions
                .push((tab.clone(), handle.node));
            if outcome.method.as_deref() == Some("post") {
                let url = self.read(tab, |t| t.url.clone())?;
                let action = outcome.action.clone().unwrap_or_default();
                self.send(
                    tab,
                    Submission {
                        method: "POST".to_owned(),
                        url: resolve(&url, &action),
                    },
                );
            }
        }
        Ok(PageSubmission::untrusted(outcome))
    }

    async fn page_text(&self, tab: &TabId) -> Result<String, BackendError> {
        self.record(BrowserCall::PageText(tab.clone()))?;
        self.read(tab, FakeTab::page_text)
    }

    async fn dom_query(
        &self,
        tab: &TabId,
        query: &DomQuery,
    ) -> Result<DomQueryResult, BackendError> {
        self.record(BrowserCall::DomQuery(tab.clone(), query.selector.clone()))?;
        self.read(tab, |t| {
            let selector = match Selector::parse(&query.selector) {
                Ok(s) => s,
                Err(e) => {
                    return DomQueryResult {
                        ok: false,
                        reason: Some(format!("invalid CSS selector: {e}")),
                        ..DomQueryResult::default()
                    };
                }
            };
            let doc = t.doc();
            let all: Vec<ElementRef<'_>> = doc.main().select(&selector).collect();
            let matches = all
                .iter()
                .take(query.limit)
                .enumerate()
                .map(|(index, el)| {
                    let id = doc.id_of(el);
                    let kind = el.attr("type").unwrap_or("").to_ascii_lowercase();
                    DomMatch {
                        index,
                        tag: el.value().name().to_owned(),
                        id: el.attr("id").map(str::to_owned),
                        classes: el.value().classes().map(str::to_owned).collect(),
                        visible: !is_hidden(el),
                        disabled: el.attr("disabled").is_some(),
                        href: el.attr("href").map(str::to_owned),
                        value: (kind != "password")
                            .then(|| t.value_of(el, id).map(|v| cut(&v, 200)))
                            .flatten(),
                        checked: (kind == "checkbox" || kind == "radio")
                            .then(|| t.is_checked(el, id)),
                        attrs: query
                            .include_attrs
                            .iter()
                            .filter_map(|a| el.attr(a).map(|v| (a.clone(), cut(v, 300))))
                            .collect(),
                        text: query
                            .include_text
                            .then(|| cut(&collapse(&el.text().collect::<String>()), 300)),
                    }
                })
                .collect::<Vec<_>>();
            DomQueryResult {
                ok: true,
                reason: None,
                truncated: all.len() > matches.len(),
                total: all.len(),
                matches,
            }
        })
    }

    async fn search_text(
        &self,
        tab: &TabId,
        search: &TextSearch,
    ) -> Result<TextSearchResult, BackendError> {
        self.record(BrowserCall::SearchText(tab.clone(), search.query.clone()))?;
        self.read(tab, |t| {
            let subject = match &search.scope_selector {
                None => t.page_text(),
                Some(scope) => {
                    let Ok(selector) = Selector::parse(scope) else {
                        return TextSearchResult {
                            ok: false,
                            reason: Some("invalid scope selector".into()),
                            ..TextSearchResult::default()
                        };
                    };
                    let doc = t.doc();
                    let Some(el) = doc.main().select(&selector).next() else {
                        return TextSearchResult {
                            ok: false,
                            reason: Some(format!("scope \"{scope}\" matched nothing")),
                            ..TextSearchResult::default()
                        };
                    };
                    let mut text = String::new();
                    visible_text(el, &mut text);
                    text
                }
            };
            if search.query.is_empty() {
                return TextSearchResult {
                    ok: true,
                    ..TextSearchResult::default()
                };
            }
            let fold = |s: &str| {
                if search.case_sensitive {
                    s.to_owned()
                } else {
                    s.to_lowercase()
                }
            };
            let chars: Vec<char> = subject.chars().collect();
            let hay: Vec<char> = fold(&subject).chars().collect();
            let needle: Vec<char> = fold(&search.query).chars().collect();
            let mut matches = Vec::new();
            let mut from = 0;
            let mut more = false;
            if hay.len() == chars.len() && !needle.is_empty() {
                while from + needle.len() <= hay.len() {
                    if hay[from..from + needle.len()] == needle[..] {
                        if matches.len() == search.limit {
                            more = true;
                            break;
                        }
                        let start = from.saturating_sub(60);
                        let end = (from + needle.len() + 80).min(chars.len());
                        let mut context = String::new();
                        if start > 0 {
                            context.push('…');
                        }
                        context.push_str(&collapse(&chars[start..end].iter().collect::<String>()));
                        if end < chars.len() {
                            context.push('…');
                        }
                        matches.push(TextMatch {
                            index: matches.len(),
                            offset: from,
                            context,
                        });
                        from += needle.len();
                    } else {
                        from += 1;
                    }
                }
            }
            TextSearchResult {
                ok: true,
                reason: None,
                total: matches.len(),
                truncated: more,
                matches,
            }
        })
    }

    async fn press_key(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        key: &KeyChord,
    ) -> Result<PageOutcome, BackendError> {
        self.record(BrowserCall::PressKey(
            tab.clone(),
            handle.map(|h| h.node),
            key.to_string(),
        ))?;
        if let Some(handle) = handle
            && key.activates()
        {
            let activation = if key.key == " " {
                Activation::Space
            } else {
                Activation::Enter
            };
            if let Some(submission) = self.submission_at(tab, handle.node, activation)? {
                self.send(tab, submission);
            }
        }
        self.read(tab, |_| {
            PageOutcome::untrusted(ActionOutcome {
                ok: true,
                reason: None,
                value: None,
                effects: Vec::new(),
            })
        })
    }

    async fn submission(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        activation: Activation,
    ) -> Result<Option<Submission>, BackendError> {
        match handle {
            Some(handle) => self.submission_at(tab, handle.node, activation),
            // The fake keeps no focus: nothing is known up front.
            None => Ok(None),
        }
    }

    async fn begin_action(&self, tab: &TabId, permit: bool) -> ActionMark {
        let mut state = lock(&self.state);
        if permit {
            state.permits.insert(tab.clone());
        } else {
            state.permits.remove(tab);
        }
        ActionMark(state.stopped.len() as u64)
    }

    async fn end_action(
        &self,
        tab: &TabId,
        mark: ActionMark,
        _settle: bool,
    ) -> Vec<Untrusted<ActionEffect>> {
        let mut state = lock(&self.state);
        // The fake has no grace period: the permit ends with the action.
        state.permits.remove(tab);
        let from = usize::try_from(mark.0).unwrap_or(usize::MAX);
        state
            .stopped
            .iter()
            .skip(from)
            .filter(|(t, _)| t == tab)
            .map(|(_, effect)| effect.clone().untrusted())
            .collect()
    }
}

/// The host of a URL (`https://shop.example/login` gives `shop.example`), or `""`.
fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    host.split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase()
}
