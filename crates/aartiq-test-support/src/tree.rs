//! The fake's page model: a tab's HTML (and the pages its frames load) parsed with `scraper`,
//! and the snapshot tree built from it by the rules of aartiq-cdp's `collector.js`, so tests
//! written against `FakeBrowser` see what Chromium shows.
//!
//! The collector walks the body: an element with a role becomes a node (a leaf when the role
//! is named from its content or is a control), an element without one is walked through, and
//! text becomes `text` nodes, adjacent runs merged. What the fake cannot know (style sheets,
//! layout, scripts) it takes from markup alone: `hidden`, inline `display`/`visibility`, closed
//! `<dialog>` and `<details>`.

use std::collections::{HashMap, HashSet};

use aartiq_tools::{FrameId, NodeId, RawNode};
use ego_tree::NodeId as TreeId;
use scraper::{ElementRef, Html};

/// Tags the collector never enters.
const SKIP: [&str; 8] = [
    "script", "style", "noscript", "template", "head", "meta", "link", "title",
];

/// Roles whose subtree is their name (or a control's inside), so it is not walked.
const LEAF: [&str; 21] = [
    "button",
    "link",
    "heading",
    "option",
    "tab",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "treeitem",
    "switch",
    "img",
    "textbox",
    "searchbox",
    "combobox",
    "listbox",
    "checkbox",
    "radio",
    "slider",
    "spinbutton",
    "progressbar",
    "meter",
];

/// Roles named from their content when nothing else names them.
const NAMED_FROM_CONTENT: [&str; 17] = [
    "button",
    "link",
    "heading",
    "option",
    "tab",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "treeitem",
    "switch",
    "cell",
    "columnheader",
    "rowheader",
    "checkbox",
    "radio",
    "tooltip",
    "status",
];

/// Elements a `<label>` can label.
const LABELABLE: [&str; 7] = [
    "button", "input", "meter", "output", "progress", "select", "textarea",
];

/// Input types whose value never shows in a snapshot (a password's, above all).
const VALUELESS_INPUTS: [&str; 9] = [
    "password", "checkbox", "radio", "button", "submit", "reset", "image", "file", "hidden",
];

const MAX_TEXT: usize = 300;
const MAX_NAME: usize = 200;
const MAX_HREF: usize = 500;
/// Deeper than this the collector stops walking.
const MAX_DEPTH: usize = 200;
/// Past this many emitted levels children are flattened.
const MAX_LEVEL: usize = 100;
/// Frames the fake loads into one tab at most (a page framing itself stops here).
const MAX_DOCUMENTS: usize = 16;

/// Whitespace runs to one space, trimmed (JavaScript's `\s`: Unicode spaces and the BOM).
pub(crate) fn squash(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '\u{feff}')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first `max` characters of `text`.
pub(crate) fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

fn lower_attr(el: &ElementRef<'_>, name: &str) -> Option<String> {
    el.attr(name).map(str::to_ascii_lowercase)
}

/// An `<input>`'s type as the collector reads it: lower case, `text` when absent or empty.
fn input_type(el: &ElementRef<'_>) -> String {
    match el.attr("type") {
        Some(t) if !t.is_empty() => t.to_ascii_lowercase(),
        _ => "text".to_owned(),
    }
}

/// The declarations of an inline `style`, by lower-case property (the last one wins).
fn inline_style(el: &ElementRef<'_>) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for declaration in el.attr("style").unwrap_or("").split(';') {
        if let Some((name, value)) = declaration.split_once(':') {
            let value = value.trim().to_ascii_lowercase();
            let value = value.trim_end_matches("!important").trim().to_owned();
            out.insert(name.trim().to_ascii_lowercase(), value);
        }
    }
    out
}

/// A tab's documents: the page, then the pages its frames load, with one node id space
/// across all of them (an element's id is its position in that order + 1, so a page without
/// frames numbers its elements in document order from 1).
pub(crate) struct Doc {
    docs: Vec<Html>,
    order: Vec<(usize, TreeId)>,
    index: HashMap<(usize, TreeId), u64>,
    /// A frame element and the document it shows.
    frames: HashMap<(usize, TreeId), usize>,
    /// The first element with each `id`, per document.
    by_id: Vec<HashMap<String, TreeId>>,
}

impl Doc {
    /// The page alone, without its frames.
    pub(crate) fn parse(source: &str) -> Doc {
        Doc::load(source, "", &HashMap::new())
    }

    /// The page at `url` and, breadth first, the pages of `sites` its frames load.
    pub(crate) fn load(source: &str, url: &str, sites: &HashMap<String, String>) -> Doc {
        let mut doc = Doc {
            docs: Vec::new(),
            order: Vec::new(),
            index: HashMap::new(),
            frames: HashMap::new(),
            by_id: Vec::new(),
        };
        let mut queue = vec![(source.to_owned(), url.to_owned(), None)];
        let mut next = 0;
        while next < queue.len() {
            let (html, url, owner) = queue[next].clone();
            next += 1;
            let number = doc.docs.len();
            let parsed = Html::parse_document(&html);
            if let Some(owner) = owner {
                doc.frames.insert(owner, number);
            }
            let mut ids = HashMap::new();
            for el in parsed.root_element().descendent_elements() {
                doc.order.push((number, el.id()));
                doc.index.insert((number, el.id()), doc.order.len() as u64);
                if let Some(id) = el.attr("id") {
                    ids.entry(id.to_owned()).or_insert(el.id());
                }
                if matches!(el.value().name(), "iframe" | "frame")
                    && let Some(src) = el.attr("src")
                    && queue.len() < MAX_DOCUMENTS
                {
                    let target = crate::browser::resolve(&url, src);
                    if let Some(page) = sites.get(&target) {
                        queue.push((page.clone(), target, Some((number, el.id()))));
                    }
                }
            }
            doc.by_id.push(ids);
            doc.docs.push(parsed);
        }
        doc
    }

    /// The page's own document.
    pub(crate) fn main(&self) -> &Html {
        &self.docs[0]
    }

    fn get(&self, doc: usize, id: TreeId) -> Option<ElementRef<'_>> {
        ElementRef::wrap(self.docs.get(doc)?.tree.get(id)?)
    }

    /// The element with node id `node`, in any document of the tab.
    pub(crate) fn element(&self, node: NodeId) -> Option<ElementRef<'_>> {
        let index = usize::try_from(node.0).ok()?.checked_sub(1)?;
        let (doc, id) = *self.order.get(index)?;
        self.get(doc, id)
    }

    /// The node id of an element of document `doc` (0 for one that is not in it).
    pub(crate) fn id_in(&self, doc: usize, el: &ElementRef<'_>) -> u64 {
        self.index.get(&(doc, el.id())).copied().unwrap_or(0)
    }

    /// The node id of an element of the page's own document.
    pub(crate) fn id_of(&self, el: &ElementRef<'_>) -> u64 {
        self.id_in(0, el)
    }

    /// The document of node `node` (the page's own for an unknown one).
    pub(crate) fn doc_of(&self, node: NodeId) -> usize {
        usize::try_from(node.0)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| self.order.get(i))
            .map_or(0, |(doc, _)| *doc)
    }

    /// Where the collector starts in document `doc`: its body (or its root element).
    pub(crate) fn body(&self, doc: usize) -> Option<ElementRef<'_>> {
        let html = self.docs.get(doc)?;
        let root = html.root_element();
        Some(
            root.descendent_elements()
                .find(|e| e.value().name() == "body")
                .unwrap_or(root),
        )
    }

    fn by_id(&self, doc: usize, id: &str) -> Option<ElementRef<'_>> {
        let found = *self.by_id.get(doc)?.get(id)?;
        self.get(doc, found)
    }

    /// The control a `<label>` labels: its `for` target when labelable, else (without `for`)
    /// its first labelable descendant.
    fn control_of<'a>(&'a self, doc: usize, label: &ElementRef<'a>) -> Option<ElementRef<'a>> {
        let labelable = |e: &ElementRef<'_>| {
            LABELABLE.contains(&e.value().name())
                && !(e.value().name() == "input" && input_type(e) == "hidden")
        };
        match label.attr("for") {
            Some(id) => self.by_id(doc, id).filter(labelable),
            None => label.descendent_elements().skip(1).find(labelable),
        }
    }

    /// The labels of a control, in document order.
    fn labels_of<'a>(&'a self, doc: usize, el: &ElementRef<'a>) -> Vec<ElementRef<'a>> {
        let Some(html) = self.docs.get(doc) else {
            return Vec::new();
        };
        html.root_element()
            .descendent_elements()
            .filter(|l| l.value().name() == "label")
            .filter(|l| self.control_of(doc, l).is_some_and(|c| c.id() == el.id()))
            .collect()
    }
}

/// What a tab's state changes about its elements.
#[derive(Clone, Copy)]
pub(crate) struct Overrides<'a> {
    pub(crate) removed: &'a HashSet<u64>,
    pub(crate) detached: &'a HashSet<u64>,
    pub(crate) renamed: &'a HashMap<u64, String>,
    pub(crate) values: &'a HashMap<u64, String>,
    pub(crate) checked: &'a HashMap<u64, bool>,
}

/// Whether an element and what it inherits are rendered: `display: none` (and its like) hides
/// a whole subtree, `visibility` is inherited and may be overridden below.
#[derive(Clone, Copy, Default)]
struct Shown {
    undisplayed: bool,
    invisible: bool,
}

impl Shown {
    fn of(self, el: &ElementRef<'_>) -> Shown {
        let style = inline_style(el);
        let tag = el.value().name();
        let undisplayed = self.undisplayed
            || el.attr("hidden").is_some()
            || style.get("display").is_some_and(|d| d == "none")
            || (tag == "dialog" && el.attr("open").is_none())
            || matches!(tag, "datalist" | "rp" | "area");
        let invisible = match style.get("visibility").map(String::as_str) {
            Some("hidden" | "collapse") => true,
            Some("visible") => false,
            _ => self.invisible,
        };
        Shown {
            undisplayed,
            invisible,
        }
    }

    /// What `checkVisibility({visibilityProperty: true})` says, with `display: contents`
    /// counted as visible.
    fn visible(self, el: &ElementRef<'_>) -> bool {
        (!self.undisplayed && !self.invisible)
            || inline_style(el)
                .get("display")
                .is_some_and(|d| d == "contents")
    }
}

/// Where the walk is: the document, how deep (in elements, and in emitted levels), whether
/// text is skipped (inside a label of a control), and what is rendered.
#[derive(Clone, Copy)]
struct At {
    doc: usize,
    depth: usize,
    skip_text: bool,
    level: usize,
    shown: Shown,
}

/// The tree builder over one tab.
pub(crate) struct Builder<'a> {
    pub(crate) doc: &'a Doc,
    pub(crate) overrides: Overrides<'a>,
}

impl<'a> Builder<'a> {
    /// The whole tab: a `document` root over the page's body.
    pub(crate) fn capture(&self) -> RawNode {
        RawNode {
            node: None,
            frame: frame_of(0),
            role: "document".to_owned(),
            children: self.document(0),
            ..RawNode::default()
        }
    }

    fn document(&self, doc: usize) -> Vec<RawNode> {
        let mut out = Vec::new();
        if let Some(body) = self.doc.body(doc) {
            let at = At {
                doc,
                depth: 0,
                skip_text: false,
                level: 0,
                shown: Shown::default().of(&body),
            };
            self.walk_children(body, &mut out, at);
        }
        out
    }

    /// The children of `parent` into `out`; `at` is where `parent`'s children are.
    fn walk_children(&self, parent: ElementRef<'a>, out: &mut Vec<RawNode>, at: At) {
        for child in parent.children() {
            let at = if hides_child(&parent, child.id()) {
                At {
                    shown: Shown {
                        undisplayed: true,
                        ..at.shown
                    },
                    ..at
                }
            } else {
                at
            };
            if let Some(text) = child.value().as_text() {
                if at.skip_text || !at.shown.visible(&parent) {
                    continue;
                }
                let text = squash(text);
                if !text.is_empty() {
                    push_text(out, &text, at.doc);
                }
            } else if let Some(el) = ElementRef::wrap(child) {
                self.visit(el, out, at);
            }
        }
    }

    fn visit(&self, el: ElementRef<'a>, out: &mut Vec<RawNode>, at: At) {
        let tag = el.value().name();
        if at.depth > MAX_DEPTH || SKIP.contains(&tag) {
            return;
        }
        if el.attr("aria-hidden") == Some("true") || el.attr("inert").is_some() {
            return;
        }
        let doc = at.doc;
        let id = self.doc.id_in(doc, &el);
        if self.overrides.removed.contains(&id) || self.overrides.detached.contains(&id) {
            return;
        }
        let shown = at.shown.of(&el);
        let role = self.role_of(&el);
        if role.as_deref() == Some("hidden") {
            return;
        }
        let mut frame = None;
        let index = match &role {
            Some(role) => {
                if !shown.visible(&el) {
                    return;
                }
                let node = self.make(doc, &el, id, role);
                if role == "Iframe" {
                    frame = self.doc.frames.get(&(doc, el.id())).copied();
                }
                out.push(node);
                if LEAF.contains(&role.as_str()) {
                    return;
                }
                Some(out.len() - 1)
            }
            None => None,
        };
        let inner = At {
            doc,
            depth: at.depth + 1,
            // Label text repeats its control's name: it is skipped, the control kept.
            skip_text: at.skip_text || (tag == "label" && self.doc.control_of(doc, &el).is_some()),
            level: at.level,
            shown,
        };
        match index {
            Some(index) if at.level < MAX_LEVEL => {
                let mut children = Vec::new();
                self.walk_children(
                    el,
                    &mut children,
                    At {
                        level: at.level + 1,
                        ..inner
                    },
                );
                out[index].children = children;
            }
            _ => self.walk_children(el, out, inner),
        }
        if let (Some(index), Some(frame)) = (index, frame) {
            let content = self.document(frame);
            out[index].children.extend(content);
        }
    }

    fn make(&self, doc: usize, el: &ElementRef<'_>, id: u64, role: &str) -> RawNode {
        RawNode {
            node: Some(NodeId(id)),
            frame: frame_of(doc),
            role: role.to_owned(),
            name: self.name_of(doc, el, id, role),
            value: self.value_of(el, id, role),
            href: (role == "link")
                .then(|| el.attr("href").map(|h| cut(h, MAX_HREF)))
                .flatten(),
            selector: el
                .attr("id")
                .filter(|i| !i.is_empty())
                .map(|i| format!("#{i}")),
            states: self.states_of(el, id, role),
            actionable: aartiq_tools::INTERACTIVE_ROLES.contains(&role),
            children: Vec::new(),
        }
    }

    /// The collector's `roleOf`: an explicit role's first token, else the tag's.
    pub(crate) fn role_of(&self, el: &ElementRef<'_>) -> Option<String> {
        if let Some(explicit) = el.attr("role")
            && let Some(first) = explicit.split_whitespace().next()
        {
            let role = first.to_ascii_lowercase();
            if role == "none" || role == "presentation" {
                return None;
            }
            return Some(role);
        }
        let tag = el.value().name();
        let has = |name: &str| el.attr(name).is_some();
        let role = match tag {
            "a" | "area" => has("href").then_some("link")?,
            "button" | "summary" => "button",
            "input" => match input_type(el).as_str() {
                "hidden" => "hidden",
                "checkbox" if has("switch") => "switch",
                "checkbox" => "checkbox",
                "radio" => "radio",
                "button" | "submit" | "reset" | "image" | "file" => "button",
                "range" => "slider",
                "number" => "spinbutton",
                "search" if has("list") => "combobox",
                "search" => "searchbox",
                _ if has("list") => "combobox",
                _ => "textbox",
            },
            "select" if has("multiple") || select_size(el) > 1 => "listbox",
            "select" => "combobox",
            "textarea" => "textbox",
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => "heading",
            "img" if el.attr("alt") == Some("") => return None,
            "img" => "img",
            "nav" => "navigation",
            "main" => "main",
            "aside" => "complementary",
            "header" if in_sectioning(el) => return None,
            "header" => "banner",
            "footer" if in_sectioning(el) => return None,
            "footer" => "contentinfo",
            "section" if has_own_name(el) => "region",
            "form" if has_own_name(el) => "form",
            "search" => "search",
            "dialog" => "dialog",
            "table" => "table",
            "tr" => "row",
            "td" => "cell",
            "th" => "columnheader",
            "iframe" | "frame" => "Iframe",
            "fieldset" => "group",
            "progress" => "progressbar",
            "meter" => "meter",
            "output" => "status",
            "option" => "option",
            _ if is_content_editable(el)
                && el
                    .parent()
                    .and_then(ElementRef::wrap)
                    .is_none_or(|p| !is_content_editable(&p)) =>
            {
                "textbox"
            }
            _ => return None,
        };
        Some(role.to_owned())
    }

    /// The collector's `nameOf`.
    pub(crate) fn name_of(&self, doc: usize, el: &ElementRef<'_>, id: u64, role: &str) -> String {
        if let Some(name) = self.overrides.renamed.get(&id) {
            return name.clone();
        }
        if let Some(ids) = el.attr("aria-labelledby") {
            let text = squash(
                &ids.split_whitespace()
                    .map(|id| {
                        self.doc
                            .by_id(doc, id)
                            .map(|target| self.text_of(&target))
                            .unwrap_or_default()
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            if !text.is_empty() {
                return cut(&text, MAX_NAME);
            }
        }
        let label = squash(el.attr("aria-label").unwrap_or(""));
        if !label.is_empty() {
            return cut(&label, MAX_NAME);
        }
        let tag = el.value().name();
        let attr = |name: &str| el.attr(name).filter(|v| !v.is_empty());
        if matches!(tag, "input" | "textarea" | "select") {
            let kind = lower_attr(el, "type").unwrap_or_default();
            if tag == "input" && matches!(kind.as_str(), "submit" | "reset" | "button") {
                let value = squash(el.attr("value").unwrap_or(""));
                return match (value.is_empty(), kind.as_str()) {
                    (false, _) => value,
                    (true, "submit") => "Submit".to_owned(),
                    (true, "reset") => "Reset".to_owned(),
                    (true, _) => String::new(),
                };
            }
            if tag == "input" && kind == "image" {
                return squash(attr("alt").or_else(|| attr("value")).unwrap_or("Submit"));
            }
            let labels = squash(
                &self
                    .doc
                    .labels_of(doc, el)
                    .iter()
                    .map(|l| self.text_of(l))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            if !labels.is_empty() {
                return cut(&labels, MAX_NAME);
            }
            return cut(
                &squash(attr("placeholder").or_else(|| attr("title")).unwrap_or("")),
                MAX_NAME,
            );
        }
        if tag == "img" {
            return cut(
                &squash(attr("alt").or_else(|| attr("title")).unwrap_or("")),
                MAX_NAME,
            );
        }
        if role == "Iframe" {
            return cut(
                &squash(attr("title").or_else(|| attr("name")).unwrap_or("")),
                MAX_NAME,
            );
        }
        let first_child = |name: &str| {
            el.children()
                .filter_map(ElementRef::wrap)
                .find(|c| c.value().name() == name)
        };
        if tag == "fieldset"
            && let Some(legend) = first_child("legend")
        {
            return self.text_of(&legend);
        }
        if tag == "table"
            && let Some(caption) = first_child("caption")
        {
            return self.text_of(&caption);
        }
        if NAMED_FROM_CONTENT.contains(&role) {
            let text = self.text_of(el);
            if !text.is_empty() {
                return text;
            }
        }
        cut(&squash(el.attr("title").unwrap_or("")), MAX_NAME)
    }

    /// The collector's `textOf`: a subtree's text for a name, without form controls' own
    /// content and hidden parts.
    fn text_of(&self, el: &ElementRef<'_>) -> String {
        fn visit(node: ego_tree::NodeRef<'_, scraper::Node>, out: &mut String) {
            if out.chars().count() > MAX_NAME * 2 {
                return;
            }
            if let Some(text) = node.value().as_text() {
                out.push_str(text);
                return;
            }
            let Some(el) = ElementRef::wrap(node) else {
                return;
            };
            let tag = el.value().name();
            if SKIP.contains(&tag) || tag == "select" || tag == "textarea" {
                return;
            }
            if el.attr("aria-hidden") == Some("true") || el.attr("hidden").is_some() {
                return;
            }
            if tag == "img" {
                out.push(' ');
                out.push_str(el.attr("alt").unwrap_or(""));
                out.push(' ');
                return;
            }
            if tag == "input" {
                return;
            }
            for child in node.children() {
                visit(child, out);
            }
            if matches!(tag, "br" | "p" | "div" | "li") {
                out.push(' ');
            }
        }
        let mut out = String::new();
        visit(**el, &mut out);
        cut(&squash(&out), MAX_NAME)
    }

    fn is_checked(&self, el: &ElementRef<'_>, id: u64) -> bool {
        self.overrides
            .checked
            .get(&id)
            .copied()
            .unwrap_or_else(|| el.attr("checked").is_some())
    }

    /// The collector's `statesOf`.
    fn states_of(&self, el: &ElementRef<'_>, id: u64, role: &str) -> Vec<String> {
        let mut states = Vec::new();
        let tag = el.value().name();
        if matches!(
            role,
            "checkbox" | "radio" | "switch" | "menuitemcheckbox" | "menuitemradio"
        ) {
            let aria = el.attr("aria-checked");
            let checked = if tag == "input" {
                self.is_checked(el, id)
            } else {
                aria == Some("true")
            };
            if checked {
                states.push("checked".to_owned());
            } else if aria == Some("mixed") {
                states.push("mixed".to_owned());
            }
        }
        if is_disabled(el) {
            states.push("disabled".to_owned());
        }
        for (attr, state) in [
            ("aria-expanded", "expanded"),
            ("aria-selected", "selected"),
            ("aria-pressed", "pressed"),
        ] {
            if el.attr(attr) == Some("true") {
                states.push(state.to_owned());
            }
        }
        if role == "heading" {
            let level = el
                .attr("aria-level")
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .or_else(|| {
                    tag.strip_prefix('h')
                        .filter(|l| l.len() == 1 && ("1"..="6").contains(l))
                        .map(str::to_owned)
                });
            if let Some(level) = level {
                states.push(format!("level={level}"));
            }
        }
        if tag == "input" && lower_attr(el, "type").as_deref() == Some("password") {
            states.push("password".to_owned());
        }
        if matches!(tag, "input" | "textarea") && el.attr("readonly").is_some() {
            states.push("readonly".to_owned());
        }
        if matches!(tag, "input" | "select" | "textarea") && el.attr("required").is_some() {
            states.push("required".to_owned());
        }
        if tag == "select" {
            let options = options_of(el)
                .iter()
                .map(option_label)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>();
            if !options.is_empty() {
                states.push(format!("options={}", options.join("|")));
            }
        }
        states
    }

    /// The collector's `valueOf`, with what the tab's fills and typing wrote.
    fn value_of(&self, el: &ElementRef<'_>, id: u64, role: &str) -> Option<String> {
        let tag = el.value().name();
        let written = self.overrides.values.get(&id);
        let value = match tag {
            "input" => {
                let kind = input_type(el);
                if VALUELESS_INPUTS.contains(&kind.as_str()) {
                    return None;
                }
                written.cloned().unwrap_or_else(|| input_value(el, &kind))
            }
            "textarea" => written
                .cloned()
                .unwrap_or_else(|| el.text().collect::<String>()),
            "select" => {
                let options = options_of(el);
                let chosen: Vec<String> = match written {
                    Some(written) => options
                        .iter()
                        .find(|o| option_value(o) == *written)
                        .or_else(|| {
                            options
                                .iter()
                                .find(|o| squash(&o.text().collect::<String>()) == written.trim())
                        })
                        .or(options.first())
                        .map(option_label)
                        .into_iter()
                        .collect(),
                    None => selected_options(el, &options)
                        .iter()
                        .map(option_label)
                        .collect(),
                };
                return Some(chosen.join(", ")).filter(|v| !v.is_empty());
            }
            _ if role == "textbox" && is_content_editable(el) => {
                return Some(cut(
                    &squash(
                        &written
                            .cloned()
                            .unwrap_or_else(|| el.text().collect::<String>()),
                    ),
                    MAX_TEXT,
                ))
                .filter(|v| !v.is_empty());
            }
            _ if matches!(role, "slider" | "spinbutton" | "progressbar" | "meter") => {
                return el
                    .attr("aria-valuenow")
                    .filter(|v| !v.is_empty())
                    .map(str::to_owned)
                    .or_else(|| gauge_value(el));
            }
            _ => return None,
        };
        Some(cut(&value, MAX_TEXT)).filter(|v| !v.is_empty())
    }
}

/// Whether `parent` keeps its child `child` from rendering: a closed `<details>` renders its
/// first `<summary>` alone.
fn hides_child(parent: &ElementRef<'_>, child: TreeId) -> bool {
    if parent.value().name() != "details" || parent.attr("open").is_some() {
        return false;
    }
    let summary = parent
        .children()
        .filter_map(ElementRef::wrap)
        .find(|c| c.value().name() == "summary")
        .map(|s| s.id());
    summary != Some(child)
}

/// Whether an element renders, judged as the collector's `isVisible` from markup alone.
pub(crate) fn is_visible(el: &ElementRef<'_>) -> bool {
    let mut chain: Vec<ElementRef<'_>> = el.ancestors().filter_map(ElementRef::wrap).collect();
    chain.reverse();
    chain.push(*el);
    let mut shown = Shown::default();
    let mut parent: Option<ElementRef<'_>> = None;
    for e in &chain {
        if parent.is_some_and(|p| hides_child(&p, e.id())) {
            shown.undisplayed = true;
        }
        shown = shown.of(e);
        parent = Some(*e);
    }
    shown.visible(el)
}

fn frame_of(doc: usize) -> FrameId {
    if doc == 0 {
        FrameId::new("main")
    } else {
        FrameId::new(format!("main/{doc}"))
    }
}

/// Appends `text` to `out`, merged into a text node just before it while that stays short.
fn push_text(out: &mut Vec<RawNode>, text: &str, doc: usize) {
    if let Some(last) = out.last_mut()
        && last.role == "text"
        && last.children.is_empty()
        && last.name.chars().count() < MAX_TEXT
    {
        last.name = cut(&format!("{} {text}", last.name), MAX_TEXT);
        return;
    }
    out.push(RawNode {
        node: None,
        frame: frame_of(doc),
        role: "text".to_owned(),
        name: cut(text, MAX_TEXT),
        ..RawNode::default()
    });
}

fn in_sectioning(el: &ElementRef<'_>) -> bool {
    el.ancestors().filter_map(ElementRef::wrap).any(|a| {
        matches!(
            a.value().name(),
            "article" | "aside" | "main" | "nav" | "section"
        )
    })
}

fn has_own_name(el: &ElementRef<'_>) -> bool {
    ["aria-label", "aria-labelledby", "title"]
        .iter()
        .any(|a| el.attr(a).is_some_and(|v| !v.is_empty()))
}

/// `isContentEditable`: the nearest `contenteditable` attribute (`""`, `true`,
/// `plaintext-only`: editable; `false`: not; anything else defers to the parent).
fn is_content_editable(el: &ElementRef<'_>) -> bool {
    for node in std::iter::once(**el).chain(el.ancestors()) {
        let Some(e) = ElementRef::wrap(node) else {
            continue;
        };
        match lower_attr(&e, "contenteditable").as_deref() {
            Some("" | "true" | "plaintext-only") => return true,
            Some("false") => return false,
            _ => {}
        }
    }
    false
}

/// `:disabled` (own attribute, a disabled `<optgroup>` above an option, or a disabled
/// `<fieldset>` outside its first legend) or `aria-disabled="true"`.
pub(crate) fn is_disabled(el: &ElementRef<'_>) -> bool {
    if el.attr("aria-disabled") == Some("true") {
        return true;
    }
    let tag = el.value().name();
    let own = matches!(
        tag,
        "button" | "input" | "select" | "textarea" | "optgroup" | "option" | "fieldset"
    ) && el.attr("disabled").is_some();
    if own {
        return true;
    }
    if tag == "option" {
        return el
            .parent()
            .and_then(ElementRef::wrap)
            .is_some_and(|p| p.value().name() == "optgroup" && p.attr("disabled").is_some());
    }
    if !matches!(tag, "button" | "input" | "select" | "textarea" | "fieldset") {
        return false;
    }
    let mut below = **el;
    for ancestor in el.ancestors() {
        if let Some(a) = ElementRef::wrap(ancestor)
            && a.value().name() == "fieldset"
            && a.attr("disabled").is_some()
        {
            let first_legend = a
                .children()
                .filter_map(ElementRef::wrap)
                .find(|c| c.value().name() == "legend")
                .map(|l| l.id());
            if first_legend != Some(below.id()) {
                return true;
            }
        }
        below = ancestor;
    }
    false
}

fn select_size(el: &ElementRef<'_>) -> u64 {
    el.attr("size")
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(0)
}

/// A select's options: its `<option>` children and those of its `<optgroup>` children.
pub(crate) fn options_of<'a>(select: &ElementRef<'a>) -> Vec<ElementRef<'a>> {
    let mut out = Vec::new();
    for child in select.children().filter_map(ElementRef::wrap) {
        match child.value().name() {
            "option" => out.push(child),
            "optgroup" => out.extend(
                child
                    .children()
                    .filter_map(ElementRef::wrap)
                    .filter(|o| o.value().name() == "option"),
            ),
            _ => {}
        }
    }
    out
}

/// `option.label || option.text`, squashed.
fn option_label(option: &ElementRef<'_>) -> String {
    match option.attr("label").map(squash).filter(|l| !l.is_empty()) {
        Some(label) => label,
        None => squash(&option.text().collect::<String>()),
    }
}

/// `option.value`: its attribute, else its text.
pub(crate) fn option_value(option: &ElementRef<'_>) -> String {
    option
        .attr("value")
        .map_or_else(|| squash(&option.text().collect::<String>()), str::to_owned)
}

/// The options a freshly parsed select has selected: those marked `selected` (the last one
/// of a single select), else a single select shown as a drop-down picks its first enabled
/// option.
fn selected_options<'a>(
    select: &ElementRef<'a>,
    options: &[ElementRef<'a>],
) -> Vec<ElementRef<'a>> {
    let marked = options
        .iter()
        .filter(|o| o.attr("selected").is_some())
        .copied()
        .collect::<Vec<_>>();
    if select.attr("multiple").is_some() {
        return marked;
    }
    if let Some(last) = marked.last() {
        return vec![*last];
    }
    if select_size(select) > 1 {
        return Vec::new();
    }
    options
        .iter()
        .find(|o| !is_disabled(o))
        .copied()
        .into_iter()
        .collect()
}

/// An input's value before anything was written to it: its `value` attribute, sanitised by
/// type as the browser does.
fn input_value(el: &ElementRef<'_>, kind: &str) -> String {
    let raw = el.attr("value").unwrap_or("");
    let no_breaks = || {
        raw.chars()
            .filter(|c| *c != '\n' && *c != '\r')
            .collect::<String>()
    };
    match kind {
        "email" | "url" => no_breaks()
            .trim_matches(|c: char| c.is_ascii_whitespace())
            .to_owned(),
        "number" => {
            if is_valid_float(raw) {
                raw.to_owned()
            } else {
                String::new()
            }
        }
        "range" => {
            let number = |name: &str, default: f64| {
                el.attr(name)
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|v| v.is_finite())
                    .unwrap_or(default)
            };
            let min = number("min", 0.0);
            let max = number("max", 100.0).max(min);
            let value = raw
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map_or(min + (max - min) / 2.0, |v| v.clamp(min, max));
            format_number(value)
        }
        "color" => {
            let lower = raw.to_ascii_lowercase();
            if lower.len() == 7
                && lower.starts_with('#')
                && lower[1..].chars().all(|c| c.is_ascii_hexdigit())
            {
                lower
            } else {
                "#000000".to_owned()
            }
        }
        "text" | "search" | "tel" | "password" => no_breaks(),
        _ => raw.to_owned(),
    }
}

/// HTML's valid floating-point number: `-`?, digits with an optional fraction (or a bare
/// fraction), an optional exponent.
fn is_valid_float(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], Some(&unsigned[at + 1..])),
        None => (unsigned, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole.is_empty() || digits(whole)) && digits(fraction),
        None => digits(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        digits(
            e.strip_prefix('-')
                .or_else(|| e.strip_prefix('+'))
                .unwrap_or(e),
        )
    });
    mantissa_ok && exponent_ok && text.parse::<f64>().is_ok_and(f64::is_finite)
}

/// A `<progress>` or `<meter>`'s value as JavaScript prints it.
fn gauge_value(el: &ElementRef<'_>) -> Option<String> {
    let number = |name: &str| {
        el.attr(name)
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite())
    };
    match el.value().name() {
        "progress" => {
            let max = number("max").filter(|m| *m > 0.0).unwrap_or(1.0);
            Some(format_number(
                number("value").map_or(0.0, |v| v.clamp(0.0, max)),
            ))
        }
        "meter" => {
            let min = number("min").unwrap_or(0.0);
            let max = number("max").unwrap_or(1.0).max(min);
            Some(format_number(
                number("value").unwrap_or(0.0).clamp(min, max),
            ))
        }
        _ => None,
    }
}

fn format_number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}
