//! Agent tools: register, list, revoke, tab handoff.

use aartiq_agents::{AgentId, Authority, Registration, Transport, TrustLevel, Verb};
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::Deserialize;

use super::{NoArgs, meta};
use crate::error::ToolError;
use crate::spec::{Category, ToolMeta};
use crate::tool::{Tool, ToolContext, ToolOutput};
use crate::types::TabId;

pub(crate) struct AgentRegister;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RegisterArgs {
    /// The new agent's id.
    id: String,
    /// Its display name.
    name: String,
    /// The trust asked for (`limited` by default; above it needs a person or a privileged caller).
    #[serde(default)]
    trust: Option<TrustArg>,
    /// How it connects: `mcp`, `http` or `in-process`.
    #[serde(default)]
    transport: Option<TransportArg>,
}

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum TrustArg {
    Untrusted,
    Limited,
    Standard,
    Privileged,
}

impl From<TrustArg> for TrustLevel {
    fn from(arg: TrustArg) -> TrustLevel {
        match arg {
            TrustArg::Untrusted => TrustLevel::Untrusted,
            TrustArg::Limited => TrustLevel::Limited,
            TrustArg::Standard => TrustLevel::Standard,
            TrustArg::Privileged => TrustLevel::Privileged,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum TransportArg {
    Mcp,
    Http,
    InProcess,
}

impl From<TransportArg> for Transport {
    fn from(arg: TransportArg) -> Transport {
        match arg {
            TransportArg::Mcp => Transport::Mcp,
            TransportArg::Http => Transport::Http,
            TransportArg::InProcess => Transport::InProcess,
        }
    }
}

#[async_trait]
impl Tool for AgentRegister {
    type Args = RegisterArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "agent_register",
            Category::Agents,
            Some(Verb::SideEffecting),
            false,
            false,
            "Register an agent. Trust above limited needs a person's approval or a privileged caller.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: RegisterArgs,
    ) -> Result<ToolOutput, ToolError> {
        let authority = if ctx.human_approved() {
            Authority::Human
        } else {
            Authority::Agent(ctx.agent().clone())
        };
        let registration = Registration {
            id: AgentId::new(args.id),
            name: args.name,
            trust: args.trust.map(TrustLevel::from),
            transport: args.transport.map(Transport::from).unwrap_or_default(),
            remote: false,
            user_agent: None,
            origins: Vec::new(),
        };
        let record = ctx.with_policy(|p| {
            p.agents
                .register(registration, &authority, ctx.clock())
                .cloned()
        })?;
        ToolOutput::json(&record)
    }
}

pub(crate) struct AgentList;

#[async_trait]
impl Tool for AgentList {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "agent_list",
            Category::Agents,
            None,
            false,
            false,
            "The connected agents.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        let agents: Vec<_> = ctx.with_policy(|p| p.agents.connected().cloned().collect());
        ToolOutput::json(&agents)
    }
}

pub(crate) struct AgentRevoke;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RevokeArgs {
    /// The agent to revoke.
    agent_id: String,
}

#[async_trait]
impl Tool for AgentRevoke {
    type Args = RevokeArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "agent_revoke",
            Category::Agents,
            Some(Verb::SideEffecting),
            false,
            false,
            "Revoke an agent: it loses every verb and its tab locks.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: RevokeArgs) -> Result<ToolOutput, ToolError> {
        let id = AgentId::new(args.agent_id);
        ctx.with_policy(|p| {
            p.agents.revoke(&id)?;
            p.locks.release_all_for_agent(&id);
            p.owners.release_all(&id);
            Ok::<_, ToolError>(())
        })?;
        // Its browsing context goes with it (tabs, cookies, storage), when agents are apart.
        ctx.browser().release_owner(id.as_str()).await;
        Ok(ToolOutput::text(format!("Agent {id} revoked.")))
    }
}

pub(crate) struct TabHandoff;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct HandoffArgs {
    /// The tab.
    tab_id: TabId,
    /// The agent holding it.
    from_agent_id: String,
    /// The agent to pass it to.
    to_agent_id: String,
}

#[async_trait]
impl Tool for TabHandoff {
    type Args = HandoffArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "tab_handoff",
            Category::Agents,
            Some(Verb::SideEffecting),
            false,
            false,
            "Pass a tab's lock from one agent to another.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: HandoffArgs) -> Result<ToolOutput, ToolError> {
        let from = AgentId::new(args.from_agent_id);
        let to = AgentId::new(args.to_agent_id);
        if !ctx.human_approved() && *ctx.agent() != from {
            return Err(ToolError::Refused(
                "Only the holding agent or a person can hand off a tab.".to_owned(),
            ));
        }
        let lease = ctx
            .with_policy(|p| {
                let lease = p
                    .locks
                    .handoff(args.tab_id.as_str(), &from, &to, ctx.clock())?;
                p.owners.hand_off(args.tab_id.as_str(), &from, &to);
                Ok::<_, aartiq_agents::LockRefusal>(lease)
            })
            .map_err(|refusal| ToolError::Refused(refusal.reason.to_owned()))?;
        ToolOutput::json(&serde_json::json!({"ok": true, "lease": lease}))
    }
}
