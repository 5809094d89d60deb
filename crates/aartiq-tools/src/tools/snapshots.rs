//! Snapshot tools: the snapshot itself and actions by ref.

use aartiq_agents::Verb;
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::Deserialize;

use super::meta;
use crate::backend::{ActionOutcome, ElementAction};
use crate::error::ToolError;
use crate::snapshot::{DEFAULT_MAX_TOKENS, SnapshotOptions};
use crate::spec::{Category, ToolMeta};
use crate::tool::{Tool, ToolContext, ToolOutput};
use crate::types::TabId;

pub(crate) struct SnapshotTool;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SnapshotArgs {
    /// The tab.
    tab_id: TabId,
    /// Only actionable elements and their ancestors.
    #[serde(default)]
    interactive_only: Option<bool>,
    /// Drop unnamed wrapper nodes (default true).
    #[serde(default)]
    compact: Option<bool>,
    /// Keep levels 0..=depth.
    #[serde(default)]
    depth: Option<u32>,
    /// Only the subtree of the element with this `#id` selector.
    #[serde(default)]
    scope_selector: Option<String>,
    /// Only the subtree of this ref; expands a collapsed region.
    #[serde(default)]
    scope: Option<String>,
    /// Visit at most this many nodes.
    #[serde(default)]
    max_nodes: Option<u32>,
    /// Token budget (default 6000); larger regions are collapsed into expandable refs.
    #[serde(default)]
    max_tokens: Option<u32>,
}

fn widen(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

#[async_trait]
impl Tool for SnapshotTool {
    type Args = SnapshotArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "snapshot",
            Category::Snapshots,
            None,
            true,
            true,
            "A compact outline of the tab with refs (e12) for its controls. Refs stay valid while the page is unchanged.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: SnapshotArgs,
    ) -> Result<ToolOutput, ToolError> {
        let capture = ctx.browser().capture(&args.tab_id).await?;
        let options = SnapshotOptions {
            interactive_only: args.interactive_only.unwrap_or(false),
            compact: args.compact.unwrap_or(true),
            depth: args.depth.map(widen),
            scope_selector: args.scope_selector,
            scope: args.scope,
            max_nodes: args.max_nodes.map(widen),
            max_tokens: args.max_tokens.map_or(DEFAULT_MAX_TOKENS, widen).max(64),
        };
        // The store keeps refs across snapshots (the original reset it here, spec e.7).
        let snapshot = ctx.with_snapshots(|s| s.snapshot(capture, &options))?;
        Ok(ToolOutput {
            text: snapshot.text.clone(),
            json: Some(
                serde_json::to_value(&snapshot).map_err(|e| ToolError::Serialize(e.to_string()))?,
            ),
        })
    }
}

fn outcome(verb: &str, reference: &str, outcome: &ActionOutcome) -> Result<ToolOutput, ToolError> {
    if outcome.ok {
        let mut out = ToolOutput::json(outcome)?;
        out.text = match &outcome.value {
            Some(value) => format!("{verb} {reference}: ok (value now \"{value}\")."),
            None => format!("{verb} {reference}: ok."),
        };
        let cause = format!("{verb} on {reference}");
        for effect in &outcome.effects {
            out.text
                .push_str(&format!(" Note: {}.", effect.describe(&cause)));
        }
        Ok(out)
    } else {
        Err(ToolError::Refused(format!(
            "{verb} {reference} failed: {}",
            outcome.reason.as_deref().unwrap_or("no reason given")
        )))
    }
}

pub(crate) struct ClickRef;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RefArgs {
    /// The tab.
    tab_id: TabId,
    /// The element's ref from snapshot or page_find.
    #[serde(rename = "ref")]
    reference: String,
}

#[async_trait]
impl Tool for ClickRef {
    type Args = RefArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "click_ref",
            Category::Snapshots,
            Some(Verb::Input),
            false,
            true,
            "Click the element with this ref.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: RefArgs) -> Result<ToolOutput, ToolError> {
        let record = ctx.live_ref(&args.tab_id, &args.reference).await?;
        let result = ctx.browser().click(&args.tab_id, &record.handle).await?;
        outcome("click", &args.reference, &result)
    }
}

pub(crate) struct FillRef;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct FillRefArgs {
    /// The tab.
    tab_id: TabId,
    /// The field's ref.
    #[serde(rename = "ref")]
    reference: String,
    /// The value to set (replaces the current one).
    value: String,
}

#[async_trait]
impl Tool for FillRef {
    type Args = FillRefArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "fill_ref",
            Category::Snapshots,
            Some(Verb::Input),
            false,
            true,
            "Set the value of the field with this ref.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: FillRefArgs) -> Result<ToolOutput, ToolError> {
        let record = ctx.live_ref(&args.tab_id, &args.reference).await?;
        let result = ctx
            .browser()
            .fill(&args.tab_id, &record.handle, &args.value)
            .await?;
        outcome("fill", &args.reference, &result)
    }
}

pub(crate) struct TypeRef;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct TypeRefArgs {
    /// The tab.
    tab_id: TabId,
    /// The field's ref.
    #[serde(rename = "ref")]
    reference: String,
    /// The text to type (appended).
    text: String,
    /// Clear the field first.
    #[serde(default)]
    clear_first: Option<bool>,
}

#[async_trait]
impl Tool for TypeRef {
    type Args = TypeRefArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "type_ref",
            Category::Snapshots,
            Some(Verb::Input),
            false,
            true,
            "Type text into the field with this ref, appending unless clearFirst.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: TypeRefArgs) -> Result<ToolOutput, ToolError> {
        let record = ctx.live_ref(&args.tab_id, &args.reference).await?;
        let result = ctx
            .browser()
            .type_text(
                &args.tab_id,
                &record.handle,
                &args.text,
                args.clear_first.unwrap_or(false),
            )
            .await?;
        outcome("type", &args.reference, &result)
    }
}

pub(crate) struct ElementActionTool;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ElementActionArgs {
    /// The tab.
    tab_id: TabId,
    /// The element's ref.
    #[serde(rename = "ref")]
    reference: String,
    /// What to do.
    action: ElementAction,
}

#[async_trait]
impl Tool for ElementActionTool {
    type Args = ElementActionArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "element_action",
            Category::Snapshots,
            Some(Verb::Input),
            false,
            true,
            "Click, hover, scroll to, focus, blur, check or uncheck the element with this ref.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: ElementActionArgs,
    ) -> Result<ToolOutput, ToolError> {
        let record = ctx.live_ref(&args.tab_id, &args.reference).await?;
        let result = ctx
            .browser()
            .element_action(&args.tab_id, &record.handle, args.action)
            .await?;
        outcome(args.action.as_str(), &args.reference, &result)
    }
}
