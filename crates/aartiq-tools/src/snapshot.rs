//! The snapshot model, independent of any browser: a captured accessibility tree, the ref
//! registry, the compact outline with a token budget, and `page_find` tree mode (spec e,
//! browser.md 5).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::refs::{Ref, RefError, RefRecord, StaleReason};
use crate::types::{FrameId, NodeHandle, NodeId, TabId};

/// Roles that are interactive (spec e.1, and `collector.js`'s `INTERACTIVE`).
pub const INTERACTIVE_ROLES: [&str; 17] = [
    "button",
    "link",
    "textbox",
    "searchbox",
    "combobox",
    "checkbox",
    "radio",
    "slider",
    "menuitem",
    "tab",
    "switch",
    "spinbutton",
    "listbox",
    "option",
    "treeitem",
    "menuitemcheckbox",
    "menuitemradio",
];

/// Unnamed wrappers that compact rendering drops, hoisting their children (browser.md 5.2).
const WRAPPER_ROLES: [&str; 13] = [
    "body",
    "html",
    "generic",
    "none",
    "presentation",
    "div",
    "span",
    "listitem",
    "labeltext",
    "paragraph",
    "group",
    "section",
    "statictext",
];

/// The largest budget a snapshot may ask for: beyond it the rendering is cut anyway.
pub(crate) const MAX_TOKENS_LIMIT: usize = 100_000;

/// How many times the budget collapses a region before what still does not fit is cut.
const MAX_COLLAPSES: usize = 256;

/// Tokens kept free for the line that marks a cut.
const MARKER_TOKENS: usize = 40;

/// How many snapshots of a tab keep their refs: older refs are let go, and using one is a
/// [`StaleReason::Pruned`] error.
pub(crate) const KEPT_SNAPSHOTS: usize = 3;

/// Wrappers with this many children or more are kept by compact rendering.
const HOIST_MAX_CHILDREN: usize = 8;

/// One node of a captured tree, as a backend reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RawNode {
    /// Its identity in its frame's document; `None` for a node with no element handle.
    pub node: Option<NodeId>,
    /// Its frame.
    pub frame: FrameId,
    /// Its role (lower case).
    pub role: String,
    /// Its accessible name.
    pub name: String,
    /// A field's value.
    pub value: Option<String>,
    /// A link's target.
    pub href: Option<String>,
    /// `#id` when it has an id attribute.
    pub selector: Option<String>,
    /// States: `checked`, `disabled`, `expanded`, `selected`, `password`, `level=2`, ...
    pub states: Vec<String>,
    /// Whether it can be acted on.
    pub actionable: bool,
    /// Its children, in document order.
    pub children: Vec<RawNode>,
}

impl RawNode {
    fn handle(&self) -> Option<NodeHandle> {
        self.node.map(|node| NodeHandle {
            frame: self.frame.clone(),
            node,
        })
    }

    fn is_password(&self) -> bool {
        self.states.iter().any(|s| s == "password")
    }

    fn count_actionable(&self) -> usize {
        usize::from(self.actionable)
            + self
                .children
                .iter()
                .map(RawNode::count_actionable)
                .sum::<usize>()
    }
}

/// One capture of a tab: its tree and the document epoch it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageCapture {
    /// The tab.
    pub tab: TabId,
    /// The page's URL.
    pub url: String,
    /// The page's title.
    pub title: String,
    /// The document epoch, bumped on every navigation.
    pub epoch: u64,
    /// The tree.
    pub root: RawNode,
}

/// How to render a snapshot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotOptions {
    /// Drop non-actionable nodes without kept children.
    pub interactive_only: bool,
    /// Drop unnamed wrappers, hoisting their children.
    pub compact: bool,
    /// Keep levels `0..=depth`.
    pub depth: Option<usize>,
    /// Render only subtrees whose selector is this.
    pub scope_selector: Option<String>,
    /// Render only the subtree of this ref (expands a collapsed region).
    pub scope: Option<String>,
    /// Visit at most this many nodes.
    pub max_nodes: Option<usize>,
    /// Token budget of the rendering; larger regions are collapsed.
    pub max_tokens: usize,
}

/// The default token budget (browser.md 5.3).
pub const DEFAULT_MAX_TOKENS: usize = 6000;

impl Default for SnapshotOptions {
    fn default() -> SnapshotOptions {
        SnapshotOptions {
            interactive_only: false,
            compact: true,
            depth: None,
            scope_selector: None,
            scope: None,
            max_nodes: None,
            max_tokens: DEFAULT_MAX_TOKENS,
        }
    }
}

/// A region left out of a rendering to keep within the budget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CollapsedRegion {
    /// Its ref; `snapshot(scope=<ref>)` expands it.
    #[serde(rename = "ref")]
    pub reference: Ref,
    /// Its role.
    pub role: String,
    /// Its name.
    pub name: String,
    /// How many actionable controls it holds.
    pub controls: usize,
    /// The estimated tokens of its full rendering.
    pub tokens: usize,
}

/// A rendered snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Snapshot {
    /// Its number in this session (`s<N>`).
    pub id: u64,
    /// The tab.
    pub tab: TabId,
    /// The compact outline.
    pub text: String,
    /// The estimated tokens of `text`.
    pub tokens: usize,
    /// Regions collapsed to keep within the budget.
    pub collapsed: Vec<CollapsedRegion>,
}

/// A `page_find` tree-mode query (spec e.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindQuery {
    /// What to look for, case-insensitively.
    pub query: String,
    /// Only nodes with this role (case-insensitive).
    pub role: Option<String>,
    /// Only actionable nodes.
    pub actionable_only: bool,
    /// At most this many matches (clamped to 1..=200; 20 by default).
    pub limit: usize,
}

/// One `page_find` tree-mode match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindMatch {
    /// The node's ref, when it has an element handle.
    #[serde(rename = "ref")]
    pub reference: Option<Ref>,
    /// Its role.
    pub role: String,
    /// Its name.
    pub name: String,
    /// Its value (never a password field's).
    pub value: Option<String>,
    /// Its link target.
    pub href: Option<String>,
    /// Which field matched: `name`, `value`, `href` or `role`.
    pub field: String,
    /// Up to 40 characters before the hit and 60 after, `…` on cuts.
    pub context: String,
    /// The roles and names of its ancestors, outermost first.
    pub path: String,
}

/// What `page_find` answers in tree mode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeFind {
    /// Always `tree`.
    pub mode: String,
    /// The matches, best first.
    pub matches: Vec<FindMatch>,
}

/// Why `page_find` could not search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FindError {
    /// No snapshot was taken of this tab yet (spec e.4).
    #[error("No snapshot to search. Run snapshot first so the page has refs.")]
    NoSnapshot,
}

type RefKey = (TabId, FrameId, u64, NodeId, String, String);

/// The session's snapshots and refs. Refs are minted in pre-order, never reused, and a node
/// keeps its ref while its (tab, frame, epoch, node, role, name) stays the same.
#[derive(Debug, Default)]
pub struct SnapshotStore {
    next_ref: u64,
    next_snapshot: u64,
    by_key: HashMap<RefKey, Ref>,
    records: BTreeMap<Ref, RefRecord>,
    pages: HashMap<TabId, (Arc<PageCapture>, u64)>,
    /// Each tab's latest snapshot ids, oldest first (at most [`KEPT_SNAPSHOTS`]).
    recent: HashMap<TabId, std::collections::VecDeque<u64>>,
    /// How each tab's last screenshot maps to its document, for `click_at`.
    shots: HashMap<TabId, ShotFrame>,
    /// The outlines of each tab's kept snapshots, by id, for `snapshot {since}`.
    outlines: HashMap<u64, (TabId, String)>,
    /// Refs up to this one came from a browser that died, and why it did.
    restarted: Option<(u64, String)>,
}

/// Where a screenshot's pixels were on the page: enough to map an image point back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShotFrame {
    /// Image pixels per CSS pixel.
    pub scale: f64,
    /// The document point (CSS pixels) of the image's top-left corner.
    pub left: f64,
    /// See [`ShotFrame::left`].
    pub top: f64,
    /// The image's width in pixels.
    pub width: u32,
    /// The image's height in pixels.
    pub height: u32,
}

impl ShotFrame {
    /// The document point (CSS pixels) of the image point `(x, y)`.
    pub fn to_document(&self, x: f64, y: f64) -> (f64, f64) {
        (self.left + x / self.scale, self.top + y / self.scale)
    }
}

impl SnapshotStore {
    /// An empty store.
    pub fn new() -> SnapshotStore {
        SnapshotStore::default()
    }

    /// How many refs are held (issued and not let go).
    pub fn issued(&self) -> usize {
        self.records.len()
    }

    /// The latest capture of a tab.
    pub fn page(&self, tab: &TabId) -> Option<&PageCapture> {
        self.pages.get(tab).map(|(capture, _)| capture.as_ref())
    }

    /// Forgets a closed tab's capture (its refs stay issued and now fail as navigated or gone).
    pub fn forget_tab(&mut self, tab: &TabId) {
        self.pages.remove(tab);
        self.shots.remove(tab);
        self.outlines.retain(|_, (of, _)| of != tab);
    }

    /// The outline of snapshot `id` of `tab`, while it is one of the tab's kept snapshots.
    pub fn outline(&self, tab: &TabId, id: u64) -> Option<&str> {
        self.outlines
            .get(&id)
            .filter(|(of, _)| of == tab)
            .map(|(_, text)| text.as_str())
    }

    /// Notes how `tab`'s last screenshot maps to its page.
    pub fn remember_shot(&mut self, tab: &TabId, frame: ShotFrame) {
        self.shots.insert(tab.clone(), frame);
    }

    /// How `tab`'s last screenshot maps to its page, if one was taken.
    pub fn last_shot(&self, tab: &TabId) -> Option<ShotFrame> {
        self.shots.get(tab).copied()
    }

    fn mint(&mut self, tab: &TabId, epoch: u64, node: &RawNode, snapshot: u64) -> Option<Ref> {
        let handle = node.handle()?;
        let key = (
            tab.clone(),
            handle.frame.clone(),
            epoch,
            handle.node,
            node.role.clone(),
            node.name.clone(),
        );
        let reference = match self.by_key.get(&key) {
            Some(reference) => *reference,
            None => {
                self.next_ref += 1;
                let reference = Ref(self.next_ref);
                self.by_key.insert(key, reference);
                reference
            }
        };
        self.records.insert(
            reference,
            RefRecord {
                reference,
                tab: tab.clone(),
                handle,
                epoch,
                role: node.role.clone(),
                name: node.name.clone(),
                actionable: node.actionable,
                snapshot,
            },
        );
        Some(reference)
    }

    /// Looks a ref up for an action on `tab` (checks 1-2 of browser.md 5.5).
    ///
    /// # Errors
    /// [`StaleReason::Unknown`] for a ref never issued (or not of the form `e<N>`),
    /// [`StaleReason::Pruned`] for one of a snapshot whose refs were let go,
    /// [`StaleReason::OtherTab`] for a ref of another tab.
    pub fn resolve(&self, reference: &str, tab: &TabId) -> Result<RefRecord, RefError> {
        let parsed = reference.parse::<Ref>().ok();
        let record = match parsed.and_then(|r| self.records.get(&r)) {
            Some(record) => record,
            None if parsed.is_some_and(|r| {
                self.restarted
                    .as_ref()
                    .is_some_and(|(last, _)| r.0 <= *last)
            }) =>
            {
                let why = self.restarted.as_ref().map_or("", |(_, why)| why.as_str());
                return Err(RefError::browser_restarted(reference, why));
            }
            None if parsed.is_some_and(|r| r.0 <= self.next_ref) => {
                return Err(RefError::pruned(reference, tab, KEPT_SNAPSHOTS));
            }
            None => return Err(RefError::unknown(reference, tab)),
        };
        if record.tab != *tab {
            return Err(RefError::other_tab(record, tab));
        }
        Ok(record.clone())
    }

    /// The browser died and a new one took its place (`why`): every tab, page and ref of the
    /// old one is let go, and its refs fail with [`StaleReason::BrowserRestarted`]. Ref
    /// numbers go on, so an old ref never names a new element.
    pub fn browser_restarted(&mut self, why: &str) {
        self.restarted = Some((self.next_ref, why.to_owned()));
        self.by_key.clear();
        self.records.clear();
        self.pages.clear();
        self.recent.clear();
        self.shots.clear();
        self.outlines.clear();
    }

    /// Stores `capture` as the tab's current page and renders it.
    ///
    /// # Errors
    /// A [`RefError`] when `options.scope` names a ref that is unknown, of another tab, from an
    /// older document, or no longer in the page.
    pub fn snapshot(
        &mut self,
        capture: impl Into<Arc<PageCapture>>,
        options: &SnapshotOptions,
    ) -> Result<Snapshot, RefError> {
        let capture: Arc<PageCapture> = capture.into();
        self.next_snapshot += 1;
        let id = self.next_snapshot;
        let tab = capture.tab.clone();
        let scope_handle = match &options.scope {
            None => None,
            Some(scope) => {
                let record = self.resolve(scope, &tab)?;
                if record.epoch != capture.epoch {
                    return Err(RefError::navigated(&record));
                }
                Some(record)
            }
        };
        let mut arena = Arena::default();
        let mut budget = options.max_nodes.unwrap_or(usize::MAX);
        let header = format!(
            "page {} \"{}\" {}  snapshot s{id}",
            cut(tab.as_str(), 40),
            cut(&capture.title, 80).replace('"', "'"),
            cut(&capture.url, 200)
        );
        let mut notes = Vec::new();
        let roots: Vec<&RawNode> = if let Some(record) = &scope_handle {
            match find_node(&capture.root, &record.handle) {
                Some(node) => vec![node],
                None => {
                    return Err(RefError {
                        reason: StaleReason::Gone,
                        reference: record.reference.to_string(),
                        was: None,
                        message: format!(
                            "{} is not in the current capture of tab {tab}.",
                            record.reference
                        ),
                        hint: format!("Call snapshot(tabId={tab}) for current refs."),
                    });
                }
            }
        } else if let Some(selector) = &options.scope_selector {
            let mut found = Vec::new();
            collect_selector(&capture.root, selector, &mut found);
            if found.is_empty() {
                notes.push(format!("# scope \"{selector}\" matched nothing"));
            }
            found
        } else {
            vec![&capture.root]
        };
        let mut top = Vec::new();
        for root in roots {
            top.extend(arena.build(root, None, 0, 0, options, &mut budget));
        }
        if budget == 0 && options.max_nodes.is_some() {
            notes.push("# maxNodes reached: part of the page was not visited".to_owned());
        }
        // Collapse first, then cut: the text never exceeds the budget (browser.md 5.3).
        let max_tokens = options.max_tokens.clamp(1, MAX_TOKENS_LIMIT);
        let reserve = MARKER_TOKENS.min(max_tokens / 2);
        arena.apply_budget(
            &top,
            max_tokens.saturating_sub(reserve),
            estimate_tokens(header.len()),
        );
        let mut out = Rendering {
            lines: Vec::new(),
            tokens: 0,
            room: max_tokens.saturating_sub(reserve),
            left_out: 0,
            collapsed: Vec::new(),
        };
        // The header always leads, cut to fit a tiny budget.
        out.lines.push(fit(&header, out.room.max(1)));
        out.tokens = estimate_tokens(out.lines[0].len());
        for note in notes {
            out.push(note);
        }
        for &index in &top {
            self.render(&arena, index, &tab, capture.epoch, id, &mut out);
        }
        if out.left_out > 0 && reserve > 0 {
            let marker = fit(
                &format!(
                    "# truncated: {} more lines do not fit {max_tokens} tokens; \
                     snapshot(scope=<ref>) expands a region, page_find searches the page",
                    out.left_out
                ),
                reserve,
            );
            out.tokens += estimate_tokens(marker.len());
            out.lines.push(marker);
        }
        let text = out.lines.join("\n");
        let tokens = out.tokens;
        let collapsed = out.collapsed;
        self.pages.insert(tab.clone(), (capture, id));
        self.outlines.insert(id, (tab.clone(), text.clone()));
        self.prune(&tab, id);
        Ok(Snapshot {
            id,
            tab,
            text,
            tokens,
            collapsed,
        })
    }

    /// Keeps the refs of the tab's last [`KEPT_SNAPSHOTS`] snapshots (`id` the newest) and
    /// lets the tab's older ones go. A ref shown again later belongs to that later snapshot.
    fn prune(&mut self, tab: &TabId, id: u64) {
        let recent = self.recent.entry(tab.clone()).or_default();
        recent.push_back(id);
        if recent.len() <= KEPT_SNAPSHOTS {
            return;
        }
        while recent.len() > KEPT_SNAPSHOTS {
            recent.pop_front();
        }
        let Some(&oldest) = recent.front() else {
            return;
        };
        self.outlines
            .retain(|snapshot, (of, _)| of != tab || *snapshot >= oldest);
        self.records
            .retain(|_, record| record.tab != *tab || record.snapshot >= oldest);
        let records = &self.records;
        self.by_key
            .retain(|_, reference| records.contains_key(reference));
    }

    /// Renders one item and what it shows below it into `out`, while it fits; what does not
    /// fit is counted, never minted.
    fn render(
        &mut self,
        arena: &Arena<'_>,
        index: usize,
        tab: &TabId,
        epoch: u64,
        snapshot: u64,
        out: &mut Rendering,
    ) {
        let Some(item) = arena.items.get(index) else {
            return;
        };
        if out.full() {
            out.left_out += arena.visible_lines(index);
            return;
        }
        let indent = "  ".repeat(item.indent);
        // The longest ref the next mint could write (a node seen before keeps a shorter one).
        let ref_room = format!(" [ref=e{}]", self.next_ref + 1).len();
        let wants_ref = item.node.handle().is_some();
        if item.collapsed && wants_ref {
            let controls = item.node.count_actionable();
            let tail = format!(
                " (collapsed: {controls} controls, ~{} tokens)",
                item.full_tokens
            );
            let room = indent.len() + item.body.len() + ref_room + tail.len();
            if !out.fits(room) {
                out.left_out += 1;
                return;
            }
            if let Some(reference) = self.mint(tab, epoch, item.node, snapshot) {
                out.push(format!("{indent}{} [ref={reference}]{tail}", item.body));
                out.collapsed.push(CollapsedRegion {
                    reference,
                    role: item.node.role.clone(),
                    name: item.node.name.clone(),
                    controls,
                    tokens: item.full_tokens,
                });
            }
            return;
        }
        let mints = item.node.actionable && wants_ref;
        let room =
            indent.len() + item.body.len() + item.suffix.len() + if mints { ref_room } else { 0 };
        if !out.fits(room) {
            out.left_out += arena.visible_lines(index);
            return;
        }
        let reference = if mints {
            self.mint(tab, epoch, item.node, snapshot)
        } else {
            None
        };
        let mut line = format!("{indent}{}", item.body);
        if let Some(reference) = reference {
            line.push_str(&format!(" [ref={reference}]"));
        }
        line.push_str(&item.suffix);
        out.push(line);
        for &child in &item.children {
            self.render(arena, child, tab, epoch, snapshot, out);
        }
    }

    /// `page_find` tree mode over the tab's cached capture (spec e.4): every node is walked in
    /// document order; filters decide only what is recorded.
    ///
    /// # Errors
    /// [`FindError::NoSnapshot`] when the tab has no snapshot yet.
    pub fn find(&mut self, tab: &TabId, query: &FindQuery) -> Result<Vec<FindMatch>, FindError> {
        let needle = query.query.to_lowercase();
        if !self.pages.contains_key(tab) {
            return Err(FindError::NoSnapshot);
        }
        if needle.is_empty() {
            return Ok(Vec::new());
        }
        // Taken out while refs are minted, put back below: no copy of the page.
        let Some((capture, snapshot)) = self.pages.remove(tab) else {
            return Err(FindError::NoSnapshot);
        };
        let limit = query.limit.clamp(1, 200);
        let mut hits = Vec::new();
        let mut path = Vec::new();
        collect_find(&capture.root, &needle, query, limit, &mut path, &mut hits);
        let mut matches = Vec::with_capacity(hits.len());
        for (node, field, context, path) in hits {
            let reference = self.mint(tab, capture.epoch, node, snapshot);
            matches.push(FindMatch {
                reference,
                role: node.role.clone(),
                name: node.name.clone(),
                value: if node.is_password() {
                    None
                } else {
                    node.value.clone()
                },
                href: node.href.clone(),
                field: field.to_owned(),
                context,
                path,
            });
        }
        self.pages.insert(tab.clone(), (capture, snapshot));
        Ok(matches)
    }
}

/// The lines of a rendering so far, against its room.
struct Rendering {
    lines: Vec<String>,
    tokens: usize,
    /// Tokens the lines may use (the budget less the marker's reserve).
    room: usize,
    /// Lines that did not fit.
    left_out: usize,
    collapsed: Vec<CollapsedRegion>,
}

impl Rendering {
    fn fits(&self, chars: usize) -> bool {
        self.tokens + estimate_tokens(chars) <= self.room
    }

    /// Whether no further line can fit (the shortest line is a few tokens).
    fn full(&self) -> bool {
        self.left_out > 0 || self.tokens + 2 > self.room
    }

    /// Adds `line` when it fits, else counts it as left out.
    fn push(&mut self, line: String) {
        if self.fits(line.len()) && self.left_out == 0 {
            self.tokens += estimate_tokens(line.len());
            self.lines.push(line);
        } else {
            self.left_out += 1;
        }
    }
}

/// `line` cut (at a character boundary) so that it costs at most `tokens`.
fn fit(line: &str, tokens: usize) -> String {
    let max = (tokens * 4).saturating_sub(1);
    if line.len() <= max {
        return line.to_owned();
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while end > 0 && !line.is_char_boundary(end) {
        end -= 1;
    }
    let mut cut = line.get(..end).unwrap_or_default().to_owned();
    if max >= '…'.len_utf8() {
        cut.push('…');
    }
    cut
}

type Hit<'a> = (&'a RawNode, &'static str, String, String);

fn path_of(path: &[&RawNode]) -> String {
    path.iter()
        .map(|node| {
            if node.name.is_empty() {
                node.role.clone()
            } else {
                format!("{} \"{}\"", node.role, cut(&node.name, 40))
            }
        })
        .collect::<Vec<_>>()
        .join(" > ")
}

fn collect_find<'a>(
    node: &'a RawNode,
    needle: &str,
    query: &FindQuery,
    limit: usize,
    path: &mut Vec<&'a RawNode>,
    hits: &mut Vec<Hit<'a>>,
) {
    if hits.len() >= limit {
        return;
    }
    let recordable = (!query.actionable_only || node.actionable)
        && query
            .role
            .as_ref()
            .is_none_or(|role| role.eq_ignore_ascii_case(&node.role));
    if recordable {
        let value = if node.is_password() {
            None
        } else {
            node.value.as_deref()
        };
        let fields: [(&'static str, Option<&str>); 4] = [
            ("name", Some(node.name.as_str())),
            ("value", value),
            ("href", node.href.as_deref()),
            ("role", Some(node.role.as_str())),
        ];
        for (field, haystack) in fields {
            let Some(haystack) = haystack else { continue };
            if let Some(context) = context_of(haystack, needle) {
                hits.push((node, field, context, path_of(path)));
                break;
            }
        }
    }
    path.push(node);
    for child in &node.children {
        collect_find(child, needle, query, limit, path, hits);
    }
    path.pop();
}

/// The context of the first case-insensitive hit of `needle` (already lower case) in
/// `haystack`: 40 characters before, 60 after, `…` on cuts.
fn context_of(haystack: &str, needle: &str) -> Option<String> {
    let ascii_miss = haystack.is_ascii()
        && !haystack
            .as_bytes()
            .windows(needle.len().max(1))
            .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()));
    if ascii_miss || needle.is_empty() {
        return None;
    }
    let chars: Vec<char> = haystack.chars().collect();
    let lower: Vec<char> = chars.iter().flat_map(|c| c.to_lowercase()).collect();
    // Lower-casing can change lengths; fall back to the lowered text for positions then.
    let source = if lower.len() == chars.len() {
        &chars
    } else {
        &lower
    };
    let needle: Vec<char> = needle.chars().collect();
    let at = lower
        .windows(needle.len().max(1))
        .position(|w| w == needle.as_slice())?;
    let start = at.saturating_sub(40);
    let end = (at + needle.len() + 60).min(source.len());
    let mut context = String::new();
    if start > 0 {
        context.push('…');
    }
    context.extend(&source[start..end]);
    if end < source.len() {
        context.push('…');
    }
    Some(context)
}

#[cfg(test)]
pub(crate) fn context_of_for_tests(haystack: &str, needle: &str) -> Option<String> {
    context_of(haystack, needle)
}

fn find_node<'a>(node: &'a RawNode, handle: &NodeHandle) -> Option<&'a RawNode> {
    if node.node == Some(handle.node) && node.frame == handle.frame {
        return Some(node);
    }
    node.children.iter().find_map(|c| find_node(c, handle))
}

fn collect_selector<'a>(node: &'a RawNode, selector: &str, found: &mut Vec<&'a RawNode>) {
    if node.selector.as_deref() == Some(selector) {
        found.push(node);
        return;
    }
    for child in &node.children {
        collect_selector(child, selector, found);
    }
}

fn estimate_tokens(chars: usize) -> usize {
    (chars + 1).div_ceil(4)
}

/// Cuts `text` to `max` characters, marking the cut with `…`, on one line: control characters
/// (newlines included) become spaces, so page text cannot forge outline lines.
pub(crate) fn cut(text: &str, max: usize) -> String {
    let one_line = |c: char| if c.is_control() { ' ' } else { c };
    let out = if text.chars().count() <= max {
        text.chars().map(one_line).collect()
    } else {
        let mut out: String = text
            .chars()
            .take(max.saturating_sub(1))
            .map(one_line)
            .collect();
        out.push('…');
        out
    };
    no_refs(out)
}

/// `text` with every `[ref=` (any case) made `(ref=`: in a snapshot only the store writes
/// refs, so a page cannot name an element (or title itself) `OK [ref=e4]` and have the model
/// act on another element's ref.
fn no_refs(text: String) -> String {
    fn at_ref(bytes: &[u8], at: usize) -> bool {
        bytes[at] == b'['
            && bytes
                .get(at + 1..at + 5)
                .is_some_and(|r| r.eq_ignore_ascii_case(b"ref="))
    }
    if !(0..text.len()).any(|at| at_ref(text.as_bytes(), at)) {
        return text;
    }
    let mut out = text.into_bytes();
    for at in 0..out.len() {
        if at_ref(&out, at) {
            out[at] = b'(';
        }
    }
    // Only an ASCII byte was replaced by another: still UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

struct Item<'a> {
    node: &'a RawNode,
    indent: usize,
    parent: Option<usize>,
    children: Vec<usize>,
    /// `- role "name"`.
    body: String,
    /// ` value="…" [checked] [url=…]`.
    suffix: String,
    /// Tokens of this subtree as currently rendered.
    tokens: usize,
    /// Tokens of this subtree fully rendered.
    full_tokens: usize,
    collapsed: bool,
}

#[derive(Default)]
struct Arena<'a> {
    items: Vec<Item<'a>>,
}

impl<'a> Arena<'a> {
    /// Builds the kept view of `node`; returns the indices of the items standing for it (several
    /// when a dropped wrapper's children are hoisted).
    fn build(
        &mut self,
        node: &'a RawNode,
        parent: Option<usize>,
        level: usize,
        indent: usize,
        options: &SnapshotOptions,
        budget: &mut usize,
    ) -> Vec<usize> {
        if *budget == 0 {
            return Vec::new();
        }
        *budget -= 1;
        let role = node.role.to_ascii_lowercase();
        // A wrapper of many children is kept: it is a unit the budget can collapse.
        let hoist = options.compact
            && !node.actionable
            && node.name.trim().is_empty()
            && node.children.len() < HOIST_MAX_CHILDREN
            && (WRAPPER_ROLES.contains(&role.as_str()) || role.is_empty());
        let descend = options.depth.is_none_or(|depth| level < depth);
        if hoist {
            let mut kept = Vec::new();
            if descend {
                for child in &node.children {
                    kept.extend(self.build(child, parent, level + 1, indent, options, budget));
                }
            }
            return kept;
        }
        let index = self.items.len();
        let mut body = format!("- {}", cut(&node.role, 40));
        if !node.name.is_empty() {
            body.push_str(&format!(" \"{}\"", cut(&node.name, 80).replace('"', "'")));
        }
        let mut suffix = String::new();
        if let Some(value) = node.value.as_deref().filter(|v| !v.is_empty())
            && !node.is_password()
        {
            suffix.push_str(&format!(" value=\"{}\"", cut(value, 40).replace('"', "'")));
        }
        for state in node.states.iter().filter(|s| *s != "password") {
            suffix.push_str(&format!(" [{}]", cut(state, 40)));
        }
        if let Some(href) = &node.href {
            suffix.push_str(&format!(" [url={}]", cut(href, 120)));
        }
        // Room for ` [ref=eNNNN]` on actionable lines.
        let ref_room = if node.actionable { 12 } else { 0 };
        let line_tokens = estimate_tokens(indent * 2 + body.len() + suffix.len() + ref_room);
        self.items.push(Item {
            node,
            indent,
            parent,
            children: Vec::new(),
            body,
            suffix,
            tokens: line_tokens,
            full_tokens: line_tokens,
            collapsed: false,
        });
        let mut children = Vec::new();
        if descend {
            for child in &node.children {
                children.extend(self.build(
                    child,
                    Some(index),
                    level + 1,
                    indent + 1,
                    options,
                    budget,
                ));
            }
        }
        if options.compact {
            // Drop label text that repeats a sibling control's name (browser.md 5.2).
            let items = &self.items;
            let control_names: Vec<&str> = children
                .iter()
                .filter_map(|&c| items.get(c))
                .filter(|c| c.node.actionable)
                .map(|c| c.node.name.as_str())
                .collect();
            children.retain(|&c| {
                items.get(c).is_none_or(|item| {
                    let label = matches!(
                        item.node.role.to_ascii_lowercase().as_str(),
                        "labeltext" | "text" | "statictext"
                    );
                    !(label
                        && item.children.is_empty()
                        && !item.node.actionable
                        && control_names.contains(&item.node.name.as_str()))
                })
            });
        }
        // A child's parent is this item even when hoisted through wrappers.
        for &child in &children {
            if let Some(item) = self.items.get_mut(child) {
                item.parent = Some(index);
            }
        }
        if options.interactive_only && !node.actionable && children.is_empty() {
            self.items.truncate(index);
            return Vec::new();
        }
        let below: usize = children
            .iter()
            .filter_map(|&c| self.items.get(c))
            .map(|c| c.tokens)
            .sum();
        if let Some(item) = self.items.get_mut(index) {
            item.children = children;
            item.tokens += below;
            item.full_tokens = item.tokens;
        }
        vec![index]
    }

    fn collapsed_line_tokens(&self, index: usize) -> usize {
        self.items.get(index).map_or(0, |item| {
            estimate_tokens(item.indent * 2 + item.body.len() + 48)
        })
    }

    /// For every item, whether a collapsed ancestor hides it. Items are in pre-order (a
    /// parent before its children), so one pass decides them all.
    fn hidden_all(&self) -> Vec<bool> {
        let mut hidden = vec![false; self.items.len()];
        for index in 0..self.items.len() {
            let parent = self.items.get(index).and_then(|i| i.parent);
            if let Some(parent) = parent.filter(|&p| p < index) {
                let above = self.items.get(parent).is_some_and(|p| p.collapsed);
                let value = above || hidden.get(parent).copied().unwrap_or(false);
                if let Some(slot) = hidden.get_mut(index) {
                    *slot = value;
                }
            }
        }
        hidden
    }

    /// How many lines the item's rendering takes: one when collapsed, else one for it and
    /// those of its children.
    fn visible_lines(&self, index: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![index];
        while let Some(at) = stack.pop() {
            let Some(item) = self.items.get(at) else {
                continue;
            };
            count += 1;
            if !item.collapsed {
                stack.extend(item.children.iter().copied());
            }
        }
        count
    }

    /// Collapses regions until the rendering fits `max_tokens`: the smallest region whose
    /// collapse alone is enough, else the largest, repeatedly (at most [`MAX_COLLAPSES`]
    /// times; the rendering cuts what still does not fit). Only nodes with an element handle
    /// and children can be collapsed (they get a ref to expand them).
    fn apply_budget(&mut self, top: &[usize], max_tokens: usize, header_tokens: usize) {
        let total = |arena: &Arena<'_>| -> usize {
            header_tokens
                + top
                    .iter()
                    .filter_map(|&i| arena.items.get(i))
                    .map(|i| i.tokens)
                    .sum::<usize>()
        };
        for _ in 0..MAX_COLLAPSES {
            let now = total(self);
            if now <= max_tokens {
                return;
            }
            let hidden = self.hidden_all();
            let excess = now - max_tokens;
            let mut fits: Option<(usize, usize)> = None;
            let mut largest: Option<(usize, usize)> = None;
            for index in 0..self.items.len() {
                let Some(item) = self.items.get(index) else {
                    continue;
                };
                if item.collapsed
                    || item.children.is_empty()
                    || item.node.node.is_none()
                    || hidden.get(index).copied().unwrap_or(true)
                {
                    continue;
                }
                let saving = item
                    .tokens
                    .saturating_sub(self.collapsed_line_tokens(index));
                if saving == 0 {
                    continue;
                }
                if saving >= excess && fits.is_none_or(|(_, s)| saving < s) {
                    fits = Some((index, saving));
                }
                if largest.is_none_or(|(_, s)| saving > s) {
                    largest = Some((index, saving));
                }
            }
            let Some((index, saving)) = fits.or(largest) else {
                return;
            };
            if let Some(item) = self.items.get_mut(index) {
                item.collapsed = true;
                item.tokens -= saving;
            }
            let mut at = self.items.get(index).and_then(|i| i.parent);
            while let Some(parent) = at {
                match self.items.get_mut(parent) {
                    Some(item) => {
                        item.tokens = item.tokens.saturating_sub(saving);
                        at = item.parent;
                    }
                    None => break,
                }
            }
        }
    }
}

#[cfg(test)]
mod budget_tests {
    #![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

    use super::*;

    /// A page of `buttons` buttons straight under its body, as the snapshot attack builds it.
    fn button_page(tab: &str, epoch: u64, buttons: u64) -> PageCapture {
        let frame = FrameId::new("main");
        let children = (0..buttons)
            .map(|n| RawNode {
                node: Some(NodeId(n + 2)),
                frame: frame.clone(),
                role: "button".into(),
                name: format!("Button {n}"),
                actionable: true,
                ..RawNode::default()
            })
            .collect();
        PageCapture {
            tab: TabId::new(tab),
            url: "http://127.0.0.1/buttons".into(),
            title: "Buttons".into(),
            epoch,
            root: RawNode {
                node: None,
                frame,
                role: "document".into(),
                children,
                ..RawNode::default()
            },
        }
    }

    fn budget(max_tokens: usize) -> SnapshotOptions {
        SnapshotOptions {
            max_tokens,
            ..SnapshotOptions::default()
        }
    }

    #[test]
    fn a_snapshot_never_exceeds_its_budget() {
        let mut store = SnapshotStore::new();
        for max in [1, 20, 64, 100, 6000] {
            let snap = store
                .snapshot(button_page("t1", 1, 200_000), &budget(max))
                .unwrap();
            let counted: usize = snap.text.lines().map(|l| estimate_tokens(l.len())).sum();
            assert!(
                snap.tokens <= max && counted <= max,
                "{max}: {} tokens, {} bytes",
                snap.tokens,
                snap.text.len()
            );
            assert!(
                snap.text.len() <= 4 * max,
                "{max}: {} bytes",
                snap.text.len()
            );
            if max >= 64 {
                assert!(
                    snap.text.contains("# truncated"),
                    "{max}: the cut is marked: {}",
                    snap.text
                );
            }
        }
        assert!(
            store.issued() < 3000,
            "refs only for what was shown: {}",
            store.issued()
        );
    }

    #[test]
    fn refs_of_old_snapshots_are_let_go_with_a_clear_error() {
        let mut store = SnapshotStore::new();
        let first = store
            .snapshot(button_page("t1", 1, 50), &budget(6000))
            .unwrap();
        assert!(first.text.contains("[ref=e1]"), "{}", first.text);
        // Later snapshots of other documents in the same tab.
        for epoch in 2..=(2 + KEPT_SNAPSHOTS as u64) {
            store
                .snapshot(button_page("t1", epoch, 50), &budget(6000))
                .unwrap();
        }
        let error = store.resolve("e1", &TabId::new("t1")).unwrap_err();
        assert_eq!(error.reason, StaleReason::Pruned, "{error}");
        assert!(
            error
                .to_string()
                .to_lowercase()
                .contains("take a new snapshot"),
            "{error}"
        );
        assert!(
            store.issued() <= 50 * KEPT_SNAPSHOTS,
            "at most the kept snapshots' refs: {}",
            store.issued()
        );
        // A ref never issued is still unknown.
        let error = store.resolve("e999999", &TabId::new("t1")).unwrap_err();
        assert_eq!(error.reason, StaleReason::Unknown);
        // Another tab's refs are its own to keep.
        let other = store
            .snapshot(button_page("t2", 1, 5), &budget(6000))
            .unwrap();
        for epoch in 10..20 {
            store
                .snapshot(button_page("t1", epoch, 5), &budget(6000))
                .unwrap();
        }
        let kept = other.text.split("[ref=").nth(1).unwrap();
        let kept = kept.split(']').next().unwrap();
        assert!(store.resolve(kept, &TabId::new("t2")).is_ok());
    }
}
