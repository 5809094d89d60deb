//! Typed calls: how code in the same process calls a tool. JSON is for the edges (MCP, HTTP,
//! a model's arguments); a caller here builds a [`ToolCall`] from the tool's own argument type,
//! the very struct the tool reads its arguments into, and the registry runs it through the same
//! pipeline as any call ([`ToolRegistry::run`](crate::ToolRegistry::run)).
//!
//! A call names what it acts on with [`ToolCall::target`], so a caller never digs a URL or a
//! tab out of arguments.

use serde::Serialize;
use serde_json::Value;

use crate::error::ToolError;
use crate::tools::forms::{FieldArg, FillFormArgs, FormSubmitArgs};
use crate::tools::misc::{NavigateArgs, NewTabArgs, PanelArgs};
use crate::tools::page::{DomQueryArgs, FindMode, PageFindArgs, TabArgs};
use crate::tools::search::{WebProvider, WebSearchArgs};
use crate::tools::snapshots::{ElementActionArgs, FillRefArgs, RefArgs, SnapshotArgs};
use crate::tools::view::{ClickAtArgs, DragArgs, ScreenshotArgs, WaitForArgs};
use crate::types::TabId;
use crate::view::HistoryStep;

/// The argument types of the tools a process calls with [`ToolCall`].
pub mod args {
    pub use crate::backend::ElementAction;
    pub use crate::tools::files::{ReadDownloadArgs, SavePdfArgs, UploadFileArgs};
    pub use crate::tools::forms::{FieldArg, FillFormArgs, FormSubmitArgs, SecretArg};
    pub use crate::tools::misc::{NavigateArgs, NewTabArgs, PanelArgs};
    pub use crate::tools::page::{DomQueryArgs, FindMode, PageFindArgs, TabArgs};
    pub use crate::tools::search::WebSearchArgs;
    pub use crate::tools::snapshots::{ElementActionArgs, FillRefArgs, RefArgs, SnapshotArgs};
    pub use crate::tools::view::{
        ClickAtArgs, ConsoleArgs, DragArgs, HandleDialogArgs, NetworkArgs, ScreenshotArgs,
        WaitForArgs,
    };
    pub use crate::view::ImageFormat;
}

/// What a call acts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target<'a> {
    /// Nothing in particular (listing tabs, opening a panel, searching the web).
    Nothing,
    /// A tab.
    Tab(&'a TabId),
    /// A URL, in a tab or (for a new tab) in none yet.
    Url {
        /// The tab it loads in, when there is one.
        tab: Option<&'a TabId>,
        /// The URL.
        url: &'a str,
    },
    /// One element of a tab, by ref.
    Element {
        /// The tab.
        tab: &'a TabId,
        /// The element's ref (`e12`).
        reference: &'a str,
    },
}

/// One typed tool call.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum ToolCall {
    /// `list_tabs`.
    ListTabs,
    /// `navigate`.
    Navigate(NavigateArgs),
    /// `new_tab`.
    NewTab(NewTabArgs),
    /// `close_tab`.
    CloseTab(TabArgs),
    /// `snapshot`.
    Snapshot(SnapshotArgs),
    /// `page_find`.
    PageFind(PageFindArgs),
    /// `dom_query`.
    DomQuery(DomQueryArgs),
    /// `get_page_text`.
    GetPageText(TabArgs),
    /// `web_search`.
    WebSearch(WebSearchArgs),
    /// `open_panel`.
    OpenPanel(PanelArgs),
    /// `click_ref`.
    ClickRef(RefArgs),
    /// `fill_ref`.
    FillRef(FillRefArgs),
    /// `element_action`.
    ElementAction(ElementActionArgs),
    /// `fill_form`.
    FillForm(FillFormArgs),
    /// `form_submit`.
    FormSubmit(FormSubmitArgs),
    /// `screenshot`.
    Screenshot(ScreenshotArgs),
    /// `click_at`.
    ClickAt(ClickAtArgs),
    /// `drag`.
    Drag(DragArgs),
    /// `wait_for`.
    WaitFor(WaitForArgs),
    /// `go_back`, `go_forward` or `reload`.
    History(HistoryStep, TabArgs),
}

impl ToolCall {
    /// The tool it calls.
    pub fn tool(&self) -> &'static str {
        match self {
            ToolCall::ListTabs => "list_tabs",
            ToolCall::Navigate(_) => "navigate",
            ToolCall::NewTab(_) => "new_tab",
            ToolCall::CloseTab(_) => "close_tab",
            ToolCall::Snapshot(_) => "snapshot",
            ToolCall::PageFind(_) => "page_find",
            ToolCall::DomQuery(_) => "dom_query",
            ToolCall::GetPageText(_) => "get_page_text",
            ToolCall::WebSearch(_) => "web_search",
            ToolCall::OpenPanel(_) => "open_panel",
            ToolCall::ClickRef(_) => "click_ref",
            ToolCall::FillRef(_) => "fill_ref",
            ToolCall::ElementAction(_) => "element_action",
            ToolCall::FillForm(_) => "fill_form",
            ToolCall::FormSubmit(_) => "form_submit",
            ToolCall::Screenshot(_) => "screenshot",
            ToolCall::ClickAt(_) => "click_at",
            ToolCall::Drag(_) => "drag",
            ToolCall::WaitFor(_) => "wait_for",
            ToolCall::History(HistoryStep::Back, _) => "go_back",
            ToolCall::History(HistoryStep::Forward, _) => "go_forward",
            ToolCall::History(HistoryStep::Reload, _) => "reload",
        }
    }

    /// What it acts on.
    pub fn target(&self) -> Target<'_> {
        match self {
            ToolCall::ListTabs | ToolCall::WebSearch(_) | ToolCall::OpenPanel(_) => Target::Nothing,
            ToolCall::FillForm(a) => Target::Tab(&a.tab_id),
            ToolCall::Navigate(a) => Target::Url {
                tab: Some(&a.tab_id),
                url: &a.url,
            },
            ToolCall::NewTab(a) => match &a.url {
                Some(url) => Target::Url { tab: None, url },
                None => Target::Nothing,
            },
            ToolCall::CloseTab(a) | ToolCall::GetPageText(a) => Target::Tab(&a.tab_id),
            ToolCall::Snapshot(a) => Target::Tab(&a.tab_id),
            ToolCall::PageFind(a) => Target::Tab(&a.tab_id),
            ToolCall::DomQuery(a) => Target::Tab(&a.tab_id),
            ToolCall::ClickRef(a) => element(&a.tab_id, &a.reference),
            ToolCall::FillRef(a) => element(&a.tab_id, &a.reference),
            ToolCall::ElementAction(a) => element(&a.tab_id, &a.reference),
            ToolCall::FormSubmit(a) => element(&a.tab_id, &a.reference),
            ToolCall::Screenshot(a) => Target::Tab(&a.tab_id),
            ToolCall::ClickAt(a) => Target::Tab(&a.tab_id),
            ToolCall::Drag(a) => element(&a.tab_id, &a.from_ref),
            ToolCall::WaitFor(a) => Target::Tab(&a.tab_id),
            ToolCall::History(_, a) => Target::Tab(&a.tab_id),
        }
    }

    /// The arguments as the pipeline reads them (the edge format: the same JSON an MCP or HTTP
    /// client would send).
    ///
    /// # Errors
    /// [`ToolError::Serialize`] when they cannot be written (no argument type here can fail).
    pub(crate) fn arguments(&self) -> Result<Value, ToolError> {
        fn json(args: &impl Serialize) -> Result<Value, ToolError> {
            serde_json::to_value(args).map_err(|e| ToolError::Serialize(e.to_string()))
        }
        match self {
            ToolCall::ListTabs => Ok(Value::Object(serde_json::Map::new())),
            ToolCall::Navigate(a) => json(a),
            ToolCall::NewTab(a) => json(a),
            ToolCall::CloseTab(a) | ToolCall::GetPageText(a) => json(a),
            ToolCall::Snapshot(a) => json(a),
            ToolCall::PageFind(a) => json(a),
            ToolCall::DomQuery(a) => json(a),
            ToolCall::WebSearch(a) => json(a),
            ToolCall::OpenPanel(a) => json(a),
            ToolCall::ClickRef(a) => json(a),
            ToolCall::FillRef(a) => json(a),
            ToolCall::ElementAction(a) => json(a),
            ToolCall::FillForm(a) => json(a),
            ToolCall::FormSubmit(a) => json(a),
            ToolCall::Screenshot(a) => json(a),
            ToolCall::ClickAt(a) => json(a),
            ToolCall::Drag(a) => json(a),
            ToolCall::WaitFor(a) => json(a),
            ToolCall::History(_, a) => json(a),
        }
    }
}

fn element<'a>(tab: &'a TabId, reference: &'a str) -> Target<'a> {
    Target::Element { tab, reference }
}

// Constructors that read as the call they make.
impl ToolCall {
    /// `navigate {tabId, url}`.
    pub fn navigate(tab: TabId, url: impl Into<String>) -> ToolCall {
        ToolCall::Navigate(NavigateArgs {
            tab_id: tab,
            url: url.into(),
        })
    }

    /// `new_tab {url}`.
    pub fn new_tab(url: impl Into<String>) -> ToolCall {
        ToolCall::NewTab(NewTabArgs {
            url: Some(url.into()),
        })
    }

    /// `close_tab {tabId}`.
    pub fn close_tab(tab: TabId) -> ToolCall {
        ToolCall::CloseTab(TabArgs { tab_id: tab })
    }

    /// `go_back`, `go_forward` or `reload` `{tabId}`.
    pub fn history(tab: TabId, step: HistoryStep) -> ToolCall {
        ToolCall::History(step, TabArgs { tab_id: tab })
    }

    /// `screenshot {tabId}` of the viewport with the tool's defaults.
    pub fn screenshot(tab: TabId) -> ToolCall {
        ToolCall::Screenshot(ScreenshotArgs {
            tab_id: tab,
            reference: None,
            full_page: None,
            max_dimension: None,
            format: None,
        })
    }

    /// `wait_for {tabId, text?, textGone?, timeoutMs}`: until `text` appears and `text_gone`
    /// has gone, at most `timeout_ms`.
    pub fn wait_for_text(
        tab: TabId,
        text: Option<String>,
        text_gone: Option<String>,
        timeout_ms: u64,
    ) -> ToolCall {
        ToolCall::WaitFor(WaitForArgs {
            tab_id: tab,
            text,
            text_gone,
            reference: None,
            url: None,
            timeout_ms: Some(timeout_ms),
        })
    }

    /// `get_page_text {tabId}`.
    pub fn page_text(tab: TabId) -> ToolCall {
        ToolCall::GetPageText(TabArgs { tab_id: tab })
    }

    /// `snapshot {tabId, scopeSelector?}` with the tool's defaults otherwise.
    pub fn snapshot(tab: TabId, scope_selector: Option<String>) -> ToolCall {
        ToolCall::Snapshot(SnapshotArgs {
            tab_id: tab,
            interactive_only: None,
            compact: None,
            depth: None,
            scope_selector,
            scope: None,
            max_nodes: None,
            max_tokens: None,
            since: None,
        })
    }

    /// `page_find` over the snapshot: actionable elements matching `query`, at most `limit`.
    pub fn find_actionable(tab: TabId, query: impl Into<String>, limit: u32) -> ToolCall {
        ToolCall::PageFind(PageFindArgs {
            tab_id: tab,
            query: query.into(),
            mode: None,
            role: None,
            actionable_only: Some(true),
            scope_selector: None,
            limit: Some(limit),
        })
    }

    /// `page_find` in the live page text.
    pub fn find_text(tab: TabId, query: impl Into<String>) -> ToolCall {
        ToolCall::PageFind(PageFindArgs {
            tab_id: tab,
            query: query.into(),
            mode: Some(FindMode::Text),
            role: None,
            actionable_only: None,
            scope_selector: None,
            limit: None,
        })
    }

    /// `dom_query {tabId, selector, limit, includeAttrs}`.
    pub fn dom_query(
        tab: TabId,
        selector: impl Into<String>,
        limit: u32,
        include_attrs: Vec<String>,
    ) -> ToolCall {
        ToolCall::DomQuery(DomQueryArgs {
            tab_id: tab,
            selector: selector.into(),
            limit: Some(limit),
            include_text: None,
            include_attrs: Some(include_attrs),
        })
    }

    /// `web_search {query, maxResults}` on the default provider.
    pub fn web_search(query: impl Into<String>, max_results: u32) -> ToolCall {
        ToolCall::WebSearch(WebSearchArgs {
            query: query.into(),
            max_results: Some(max_results),
            provider: None::<WebProvider>,
            days: None,
        })
    }

    /// `open_panel {section}`.
    pub fn open_panel(section: impl Into<String>) -> ToolCall {
        ToolCall::OpenPanel(PanelArgs {
            section: section.into(),
        })
    }

    /// `click_ref {tabId, ref}`.
    pub fn click(tab: TabId, reference: impl Into<String>) -> ToolCall {
        ToolCall::ClickRef(RefArgs {
            tab_id: tab,
            reference: reference.into(),
        })
    }

    /// `form_submit {tabId, ref}`.
    pub fn submit(tab: TabId, reference: impl Into<String>) -> ToolCall {
        ToolCall::FormSubmit(FormSubmitArgs {
            tab_id: tab,
            reference: reference.into(),
            confirm_text: None,
        })
    }

    /// `fill_ref {tabId, ref, value}`.
    pub fn fill(tab: TabId, reference: impl Into<String>, value: impl Into<String>) -> ToolCall {
        ToolCall::FillRef(FillRefArgs {
            tab_id: tab,
            reference: reference.into(),
            value: value.into(),
        })
    }

    /// `element_action {tabId, ref, action}`.
    pub fn element_action(
        tab: TabId,
        reference: impl Into<String>,
        action: crate::backend::ElementAction,
    ) -> ToolCall {
        ToolCall::ElementAction(ElementActionArgs {
            tab_id: tab,
            reference: reference.into(),
            action,
        })
    }

    /// `fill_form {tabId, fields}`; it never submits.
    pub fn fill_form(tab: TabId, fields: Vec<(String, String)>) -> ToolCall {
        ToolCall::FillForm(FillFormArgs {
            tab_id: tab,
            fields: fields
                .into_iter()
                .map(|(reference, value)| FieldArg {
                    reference,
                    value: Some(value),
                    secret: None,
                })
                .collect(),
            submit: None,
        })
    }
}
