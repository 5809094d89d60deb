//! Security tools: injection scan, audit log, kill switch, trust list.

use aartiq_agents::{AgentId, TrustLevel, Verb};
use aartiq_guard::Context;
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{NoArgs, meta};
use crate::error::ToolError;
use crate::spec::{Category, ToolMeta};
use crate::tool::{Tool, ToolContext, ToolOutput};

pub(crate) struct SecurityScan;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ScanArgs {
    /// The text to scan.
    text: String,
    /// The tool the text came from.
    #[serde(default)]
    tool: Option<String>,
}

#[async_trait]
impl Tool for SecurityScan {
    type Args = ScanArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "security_scan",
            Category::Security,
            None,
            false,
            false,
            "Scan a text for prompt injection and return the verdict.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: ScanArgs) -> Result<ToolOutput, ToolError> {
        let _ = args.tool;
        let verdict = ctx.guard().scan(&args.text, &Context::new());
        ToolOutput::json(&verdict)
    }
}

pub(crate) struct SecurityAudit;

#[async_trait]
impl Tool for SecurityAudit {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "security_audit",
            Category::Security,
            None,
            false,
            false,
            "The origin guard's audit log of gate decisions, oldest first.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        let entries: Vec<_> = ctx.with_policy(|p| p.guard.audit().cloned().collect());
        ToolOutput::json(&entries)
    }
}

pub(crate) struct SecurityKillswitch;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct KillswitchArgs {
    /// True to engage the kill switch. Releasing is for a person only.
    engaged: bool,
}

#[async_trait]
impl Tool for SecurityKillswitch {
    type Args = KillswitchArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "security_killswitch",
            Category::Security,
            Some(Verb::SideEffecting),
            false,
            false,
            "Engage the kill switch: every agent action is blocked until a person releases it.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: KillswitchArgs,
    ) -> Result<ToolOutput, ToolError> {
        if args.engaged {
            ctx.with_policy(|p| p.guard.engage_kill_switch());
            Ok(ToolOutput::text("Kill switch engaged."))
        } else {
            // The gate refuses every call while the switch is engaged, so reaching this means
            // it is not; releasing is the person's path (`ToolRegistry::release_kill_switch`).
            Ok(ToolOutput::text("Kill switch is not engaged."))
        }
    }
}

pub(crate) struct TrustList;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct TrustEntry {
    id: AgentId,
    trust: TrustLevel,
    score: u8,
    verbs: &'static [Verb],
    max_tabs: usize,
    revoked: bool,
}

#[async_trait]
impl Tool for TrustList {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "trust_list",
            Category::Security,
            None,
            false,
            false,
            "Every agent's trust level, score and verbs.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        let entries: Vec<TrustEntry> = ctx.with_policy(|p| {
            p.agents
                .list()
                .map(|a| TrustEntry {
                    id: a.id.clone(),
                    trust: a.trust(),
                    score: a.score,
                    verbs: a.verbs(),
                    max_tabs: a.trust().max_tabs(),
                    revoked: a.revoked,
                })
                .collect()
        });
        ToolOutput::json(&entries)
    }
}
