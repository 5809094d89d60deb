//! Snapshot tools: the snapshot itself and actions by ref.

use aartiq_agents::Verb;
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::meta;
use crate::backend::{Activation, ElementAction, PageOutcome};
use crate::error::ToolError;
use crate::keys::KeyChord;
use crate::snapshot::{DEFAULT_MAX_TOKENS, SnapshotOptions};
use crate::spec::{Category, ToolMeta};
use crate::tool::{Foreseen, Tool, ToolContext, ToolOutput};
use crate::types::{NodeHandle, TabId};

pub(crate) struct SnapshotTool;

/// The arguments of `snapshot`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SnapshotArgs {
    /// The tab.
    pub tab_id: TabId,
    /// Only actionable elements and their ancestors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interactive_only: Option<bool>,
    /// Drop unnamed wrapper nodes (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compact: Option<bool>,
    /// Keep levels 0..=depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Only the subtree of the element with this `#id` selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope_selector: Option<String>,
    /// Only the subtree of this ref; expands a collapsed region.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// Visit at most this many nodes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_nodes: Option<u32>,
    /// Token budget (default 6000); larger regions are collapsed into expandable refs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
    /// An earlier snapshot id of this tab (`s12`): only what changed since it comes back
    /// (`~` changed, `+` added, `-` removed lines, with refs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
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
        let since = match &args.since {
            None => None,
            Some(given) => Some(
                given
                    .trim()
                    .trim_start_matches('s')
                    .parse::<u64>()
                    .map_err(|_| {
                        ToolError::Refused(format!(
                            "since must be a snapshot id like s12, not \"{}\".",
                            given.chars().take(40).collect::<String>()
                        ))
                    })?,
            ),
        };
        let earlier = since.map(|id| {
            (
                id,
                ctx.with_snapshots(|s| s.outline(&args.tab_id, id).map(str::to_owned)),
            )
        });
        if let Some((id, None)) = &earlier {
            return Err(ToolError::Refused(format!(
                "Snapshot s{id} of {} is not kept (only the last three of a tab are): call \
                 snapshot without since.",
                args.tab_id
            )));
        }
        // The store keeps refs across snapshots (the original reset it here, spec e.7).
        let snapshot = ctx.with_snapshots(|s| s.snapshot(capture, &options))?;
        if let Some((id, Some(old))) = earlier {
            let diff = crate::diff::diff_outlines(&old, &snapshot.text);
            let header = snapshot.text.lines().next().unwrap_or_default();
            let counts = format!(
                "changes since s{id}: {} changed, {} added, {} removed",
                diff.changed.len(),
                diff.added.len(),
                diff.removed.len()
            );
            let text = if diff.is_empty() {
                format!("{header}\n{counts} (nothing changed)")
            } else {
                format!("{header}\n{counts}\n{}", diff.render())
            };
            return Ok(ToolOutput {
                text,
                json: Some(serde_json::json!({
                    "id": snapshot.id,
                    "tab": snapshot.tab,
                    "since": id,
                    "changed": diff.changed.len(),
                    "added": diff.added.len(),
                    "removed": diff.removed.len(),
                })),
                image: None,
            });
        }
        Ok(ToolOutput {
            text: snapshot.text.clone(),
            json: Some(
                serde_json::to_value(&snapshot).map_err(|e| ToolError::Serialize(e.to_string()))?,
            ),
            image: None,
        })
    }
}

fn outcome(
    ctx: &ToolContext<'_>,
    verb: &str,
    reference: &str,
    outcome: PageOutcome,
) -> Result<ToolOutput, ToolError> {
    described(
        ctx,
        &format!("{verb} {reference}"),
        &format!("{verb} on {reference}"),
        outcome,
    )
}

/// `action` (`click e3`) as the result's text, `cause` (`click on e3`) in its effects' notes.
/// Everything the page said (the value read back, the reason, a dialog's text) is opened by
/// the injection scan and withheld where it flags.
pub(crate) fn described(
    ctx: &ToolContext<'_>,
    action: &str,
    cause: &str,
    outcome: PageOutcome,
) -> Result<ToolOutput, ToolError> {
    let outcome = &outcome.screened(ctx.guard());
    if outcome.ok {
        let mut out = ToolOutput::json(outcome)?;
        out.text = match &outcome.value {
            Some(value) => format!("{action}: ok (value now \"{value}\")."),
            None => format!("{action}: ok."),
        };
        for effect in &outcome.effects {
            out.text
                .push_str(&format!(" Note: {}.", effect.describe(cause)));
        }
        Ok(out)
    } else {
        Err(ToolError::Refused(format!(
            "{action} failed: {}",
            outcome.reason.as_deref().unwrap_or("no reason given")
        )))
    }
}

/// The submission `activation` of the element would cause, as a side effect to gate and ask
/// about before anything is clicked or pressed.
async fn foresee_submission(
    ctx: &ToolContext<'_>,
    tab: &TabId,
    handle: Option<&NodeHandle>,
    activation: Activation,
) -> Result<Option<Foreseen>, ToolError> {
    let submission = ctx.browser().submission(tab, handle, activation).await?;
    Ok(submission.map(|s| {
        let (method, url) = crate::screen::noted_request(ctx.guard(), &s.method, &s.url);
        Foreseen {
            verb: Verb::SideEffecting,
            what: format!("submits a form ({method} {url})"),
        }
    }))
}

/// [`foresee_submission`] on the element of `reference`: one look at the page, and a live check
/// of the ref only when it would submit, so a stale ref is reported as stale, not as a form.
async fn foresee_on_ref(
    ctx: &ToolContext<'_>,
    tab: &TabId,
    reference: &str,
    activation: Activation,
) -> Result<Option<Foreseen>, ToolError> {
    let record = ctx.known_ref(tab, reference)?;
    let foreseen = foresee_submission(ctx, tab, Some(&record.handle), activation).await?;
    if foreseen.is_some() {
        ctx.live_ref(tab, reference).await?;
    }
    Ok(foreseen)
}

pub(crate) struct ClickRef;

/// The arguments of a tool that takes a tab and a ref (`click_ref`, `hover_ref`, ...).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RefArgs {
    /// The tab.
    pub tab_id: TabId,
    /// The element's ref from snapshot or page_find.
    #[serde(rename = "ref")]
    pub reference: String,
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
            "Click the element with this ref. A click that submits a form with POST (or sends \
             anything but GET, HEAD or OPTIONS) is a side effect: it needs the sideEffecting verb \
             and a person's approval, and without them its requests never leave the browser.",
        )
    }

    async fn foresee(
        &self,
        ctx: &ToolContext<'_>,
        args: &RefArgs,
    ) -> Result<Option<Foreseen>, ToolError> {
        foresee_on_ref(ctx, &args.tab_id, &args.reference, Activation::Click).await
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: RefArgs) -> Result<ToolOutput, ToolError> {
        let record = ctx.live_ref(&args.tab_id, &args.reference).await?;
        let result = ctx.browser().click(&args.tab_id, &record.handle).await?;
        outcome(ctx, "click", &args.reference, result)
    }
}

pub(crate) struct FillRef;

/// The arguments of `fill_ref`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FillRefArgs {
    /// The tab.
    pub tab_id: TabId,
    /// The field's ref.
    #[serde(rename = "ref")]
    pub reference: String,
    /// The value to set (replaces the current one).
    pub value: String,
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
        outcome(ctx, "fill", &args.reference, result)
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
            "Type text into the field with this ref, appending unless clearFirst. A line break \
             typed into a field of a POST form submits it, like Enter: a side effect that needs \
             a person's approval.",
        )
    }

    async fn foresee(
        &self,
        ctx: &ToolContext<'_>,
        args: &TypeRefArgs,
    ) -> Result<Option<Foreseen>, ToolError> {
        // A typed line break is Enter to the field: an implicit submission.
        if !args.text.contains(['\n', '\r']) {
            return Ok(None);
        }
        foresee_on_ref(ctx, &args.tab_id, &args.reference, Activation::Enter).await
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
        outcome(ctx, "type", &args.reference, result)
    }
}

pub(crate) struct ElementActionTool;

/// The arguments of `element_action`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ElementActionArgs {
    /// The tab.
    pub tab_id: TabId,
    /// The element's ref.
    #[serde(rename = "ref")]
    pub reference: String,
    /// What to do.
    pub action: ElementAction,
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
            "Click, hover, scroll to, focus, blur, check or uncheck the element with this ref. \
             A click that submits a POST form, like any request but GET, HEAD or OPTIONS, is a \
             side effect that needs a person's approval.",
        )
    }

    async fn foresee(
        &self,
        ctx: &ToolContext<'_>,
        args: &ElementActionArgs,
    ) -> Result<Option<Foreseen>, ToolError> {
        if args.action != ElementAction::Click {
            return Ok(None);
        }
        foresee_on_ref(ctx, &args.tab_id, &args.reference, Activation::Click).await
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
        outcome(ctx, args.action.as_str(), &args.reference, result)
    }
}

pub(crate) struct PressKey;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PressKeyArgs {
    /// The tab.
    tab_id: TabId,
    /// The element to focus first; without it the key goes to whatever has the focus.
    #[serde(default, rename = "ref")]
    reference: Option<String>,
    /// A DOM `KeyboardEvent.key` name (`Enter`, `Tab`, `Escape`, `ArrowDown`, `Backspace`), one
    /// character, or a chord with modifiers (`Control+a`, `Shift+Tab`).
    key: String,
}

impl PressKeyArgs {
    fn chord(&self) -> Result<KeyChord, ToolError> {
        KeyChord::parse(&self.key).map_err(|e| ToolError::Refused(e.to_string()))
    }

    async fn handle(&self, ctx: &ToolContext<'_>) -> Result<Option<NodeHandle>, ToolError> {
        match &self.reference {
            Some(reference) => Ok(Some(ctx.live_ref(&self.tab_id, reference).await?.handle)),
            None => Ok(None),
        }
    }
}

#[async_trait]
impl Tool for PressKey {
    type Args = PressKeyArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "press_key",
            Category::Snapshots,
            Some(Verb::Input),
            false,
            true,
            "Press a key (Enter, Tab, Escape, ArrowDown, a character, or a chord like Control+a) \
             as real key events, into the element with this ref or the focused one. Enter in a \
             field of a POST form submits it: a side effect that needs a person's approval.",
        )
    }

    async fn foresee(
        &self,
        ctx: &ToolContext<'_>,
        args: &PressKeyArgs,
    ) -> Result<Option<Foreseen>, ToolError> {
        let chord = args.chord()?;
        if !chord.activates() {
            return Ok(None);
        }
        let activation = if chord.key == " " {
            Activation::Space
        } else {
            Activation::Enter
        };
        let handle = args.handle(ctx).await?;
        foresee_submission(ctx, &args.tab_id, handle.as_ref(), activation).await
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: PressKeyArgs,
    ) -> Result<ToolOutput, ToolError> {
        let chord = args.chord()?;
        let handle = args.handle(ctx).await?;
        let result = ctx
            .browser()
            .press_key(&args.tab_id, handle.as_ref(), &chord)
            .await?;
        let target = args.reference.as_deref().unwrap_or("the focused element");
        let action = format!("press {chord} in {target}");
        described(ctx, &action, &action, result)
    }
}
