//! Page tools: find, DOM query, page text.

use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::meta;
use crate::backend::{DomQuery, TextSearch};
use crate::error::ToolError;
use crate::selector::check_selector;
use crate::snapshot::{FindError, FindQuery};
use crate::spec::{Category, ToolMeta};
use crate::tool::{Tool, ToolContext, ToolOutput};
use crate::types::TabId;

fn limit(requested: Option<u32>) -> usize {
    requested
        .map_or(20, |n| usize::try_from(n).unwrap_or(200))
        .clamp(1, 200)
}

pub(crate) struct PageFind;

/// Where `page_find` looks.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum FindMode {
    /// Search the cached snapshot (default); returns refs.
    #[default]
    Tree,
    /// Search the live page text.
    Text,
}

/// The arguments of `page_find`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageFindArgs {
    /// The tab.
    pub tab_id: TabId,
    /// What to look for (case-insensitive).
    pub query: String,
    /// `tree` (default) or `text`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<FindMode>,
    /// Tree mode: only elements with this role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Tree mode: only actionable elements (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actionable_only: Option<bool>,
    /// Text mode: search only under this selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope_selector: Option<String>,
    /// At most this many matches, 1-200 (default 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
}

#[async_trait]
impl Tool for PageFind {
    type Args = PageFindArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "page_find",
            Category::Page,
            None,
            true,
            true,
            "Find elements in the last snapshot (tree mode, with refs) or text in the live page (text mode).",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: PageFindArgs,
    ) -> Result<ToolOutput, ToolError> {
        match args.mode.unwrap_or_default() {
            FindMode::Tree => {
                let query = FindQuery {
                    query: args.query,
                    role: args.role,
                    actionable_only: args.actionable_only.unwrap_or(true),
                    limit: limit(args.limit),
                };
                let matches = ctx
                    .with_snapshots(|s| s.find(&args.tab_id, &query))
                    .map_err(|e: FindError| ToolError::Refused(e.to_string()))?;
                ToolOutput::json(&crate::snapshot::TreeFind {
                    mode: "tree".to_owned(),
                    matches,
                })
            }
            FindMode::Text => {
                if let Some(scope) = &args.scope_selector {
                    check_selector(scope)?;
                }
                let search = TextSearch {
                    query: args.query,
                    case_sensitive: false,
                    scope_selector: args.scope_selector,
                    limit: limit(args.limit),
                };
                let result = ctx.browser().search_text(&args.tab_id, &search).await?;
                let mut json = serde_json::to_value(&result)
                    .map_err(|e| ToolError::Serialize(e.to_string()))?;
                if let Some(map) = json.as_object_mut() {
                    map.insert("mode".into(), "text".into());
                }
                Ok(ToolOutput {
                    text: json.to_string(),
                    json: Some(json),
                    image: None,
                })
            }
        }
    }
}

pub(crate) struct DomQueryTool;

/// The arguments of `dom_query`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DomQueryArgs {
    /// The tab.
    pub tab_id: TabId,
    /// A CSS selector.
    pub selector: String,
    /// At most this many rows, 1-200 (default 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
    /// Include each element's text (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub include_text: Option<bool>,
    /// Attributes to include.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub include_attrs: Option<Vec<String>>,
}

#[async_trait]
impl Tool for DomQueryTool {
    type Args = DomQueryArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "dom_query",
            Category::Page,
            None,
            true,
            true,
            "Query the live DOM with a CSS selector. Selectors that test a field's value attribute, or any attribute of a password field, are refused.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: DomQueryArgs,
    ) -> Result<ToolOutput, ToolError> {
        check_selector(&args.selector)?;
        let query = DomQuery {
            selector: args.selector,
            limit: limit(args.limit),
            include_text: args.include_text.unwrap_or(true),
            include_attrs: args.include_attrs.unwrap_or_default(),
        };
        let result = ctx.browser().dom_query(&args.tab_id, &query).await?;
        ToolOutput::json(&result)
    }
}

pub(crate) struct GetPageText;

/// The arguments of a tool that takes only a tab (`get_page_text`, `close_tab`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TabArgs {
    /// The tab.
    pub tab_id: TabId,
}

#[async_trait]
impl Tool for GetPageText {
    type Args = TabArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "get_page_text",
            Category::Page,
            None,
            true,
            true,
            "The visible text of the page.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: TabArgs) -> Result<ToolOutput, ToolError> {
        let text = ctx.browser().page_text(&args.tab_id).await?;
        Ok(ToolOutput::text(text))
    }
}
