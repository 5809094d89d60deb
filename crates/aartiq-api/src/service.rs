//! [`AgentApi`]: the one place both transports call tools through. It owns the
//! [`ToolRegistry`], registers unknown agents at the default trust level, turns approvals a
//! person gave out of band into registry tickets, and shapes results the same way for MCP and
//! HTTP.

use std::collections::BTreeMap;
use std::sync::Arc;

use aartiq_agents::{AgentId, Authority, Clock, Registration, Transport, TrustLevel};
use aartiq_tools::{
    ApprovalAnswer, ApprovalRequest, Approver, ImageContent, Policy, Services, Step, ToolRegistry,
    ToolSpec,
};
use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;

use crate::approvals::{Approvals, PendingApproval};
use crate::backends::Backends;
use crate::config::ApiConfig;
use crate::error::ApiError;

/// The reason the server's [`Approver`] gives when no person can be asked in-band; the call is
/// then turned into a pending approval with an id.
pub const NO_PERSON_IN_BAND: &str = "no person can be asked in-band";

/// A way to ask a person during the call itself (MCP elicitation).
#[async_trait]
pub trait InBandApproval: Send + Sync {
    /// Asks; `None` when the person cannot be reached this way after all.
    async fn ask(&self, request: &ApprovalRequest) -> Option<ApprovalAnswer>;
}

tokio::task_local! {
    static IN_BAND: Arc<dyn InBandApproval>;
}

/// The server's [`Approver`]: asks the in-band channel of the current call when it has one,
/// and otherwise denies with [`NO_PERSON_IN_BAND`] (the call then gets an approval id).
#[derive(Debug, Clone, Copy, Default)]
pub struct ServerApprover;

#[async_trait]
impl Approver for ServerApprover {
    async fn decide(&self, request: &ApprovalRequest) -> ApprovalAnswer {
        let channel = IN_BAND.try_with(Arc::clone).ok();
        if let Some(channel) = channel
            && let Some(answer) = channel.ask(request).await
        {
            return answer;
        }
        ApprovalAnswer::Deny(NO_PERSON_IN_BAND.to_owned())
    }
}

/// What a tool call came to, in the shape both transports render.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallResult {
    /// Whether the call was refused or failed.
    pub is_error: bool,
    /// The text for the model: the result, or the error message (never withheld content).
    pub text: String,
    /// The structured result, when the tool made one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub json: Option<Value>,
    /// Whether the text came from outside (a page, a search) and passed the injection scan.
    pub untrusted: bool,
    /// The pipeline step that refused, for errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
    /// A machine-readable code (`APPROVAL_REQUIRED`, `REF_STALE_GONE`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The pending approval a person must decide, when the call needs one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval: Option<PendingApproval>,
    /// A picture the tool made (a screenshot), as an image content item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageContent>,
}

impl CallResult {
    fn error(text: impl Into<String>, step: Option<Step>, code: Option<String>) -> CallResult {
        CallResult {
            is_error: true,
            text: text.into(),
            json: None,
            untrusted: false,
            step,
            code,
            approval: None,
            image: None,
        }
    }
}

/// The agent API: the registry and everything around it that both transports share.
pub struct AgentApi {
    registry: Arc<ToolRegistry>,
    specs: Vec<ToolSpec>,
    by_name: BTreeMap<&'static str, usize>,
    /// Tools the registry has that this server's profile leaves out.
    left_out: std::collections::BTreeSet<&'static str>,
    approvals: Approvals,
    default_trust: TrustLevel,
    elicitation: crate::config::Elicitation,
    elicitation_timeout: std::time::Duration,
    clock: Arc<dyn Clock>,
    /// Agent ids generated for calls without `x-agent-id`, oldest first.
    generated: std::sync::Mutex<std::collections::VecDeque<AgentId>>,
    /// Ids no caller of the API may act as (the assistant's own).
    reserved: std::sync::RwLock<std::collections::BTreeSet<AgentId>>,
}

/// How many agents generated for calls without `x-agent-id` stay registered; older ones are
/// forgotten (a revoked one is kept).
pub const MAX_GENERATED_AGENTS: usize = 256;

impl std::fmt::Debug for AgentApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentApi")
            .field("tools", &self.specs.len())
            .field("default_trust", &self.default_trust)
            .finish_non_exhaustive()
    }
}

impl AgentApi {
    /// The built-in tools over `backends`, with the trust level and approvals directory of
    /// `config`.
    ///
    /// # Errors
    /// [`ApiError::Guard`] when the injection scanner cannot be built, [`ApiError::File`] when
    /// the approvals directory cannot be created.
    pub fn new(backends: Backends, config: &ApiConfig) -> Result<AgentApi, ApiError> {
        let guard = aartiq_guard::Guard::new(aartiq_guard::Config::default())
            .map_err(|e| ApiError::Guard(e.to_string()))?;
        let services = Services {
            browser: backends.browser,
            search: backends.search,
            vault: backends.vault,
            extensions: backends.extensions,
            ui: backends.ui,
            approver: Arc::new(ServerApprover),
            clock: backends.clock.clone(),
            guard,
        };
        let registry = ToolRegistry::with_builtin(services, Policy::default());
        let mut specs = registry.specs();
        let known: Vec<&'static str> = specs.iter().map(|s| s.name).collect();
        if let Some(list) = &config.tools {
            let chosen = aartiq_tools::select_tools(list, &known)
                .map_err(|e| ApiError::Config(e.to_string()))?;
            specs.retain(|spec| chosen.contains(spec.name));
        }
        let left_out = known
            .into_iter()
            .filter(|name| !specs.iter().any(|s| s.name == *name))
            .collect();
        for spec in &mut specs {
            portable_schema(&mut spec.input_schema);
        }
        let by_name = specs
            .iter()
            .enumerate()
            .map(|(i, spec)| (spec.name, i))
            .collect();
        Ok(AgentApi {
            registry: Arc::new(registry),
            specs,
            by_name,
            left_out,
            approvals: Approvals::new(config.approvals_dir.clone())?,
            default_trust: config.default_trust,
            elicitation: config.elicitation,
            elicitation_timeout: config.elicitation_timeout,
            clock: backends.clock,
            generated: std::sync::Mutex::default(),
            reserved: std::sync::RwLock::default(),
        })
    }

    /// The registry (for a person's own operations: trust changes, the kill switch).
    pub fn registry(&self) -> &ToolRegistry {
        &self.registry
    }

    /// The same registry, shared: the assistant (`aartiq-runtime`) runs on it, so agents over
    /// MCP and HTTP and the assistant see the same tabs, refs, trust levels and kill switch.
    pub fn shared_registry(&self) -> Arc<ToolRegistry> {
        Arc::clone(&self.registry)
    }

    /// The tools, in catalog order; MCP `tools/list`, `/api/<tool>` and OpenAPI all read this.
    pub fn specs(&self) -> &[ToolSpec] {
        &self.specs
    }

    /// One tool's spec.
    pub fn spec(&self, name: &str) -> Option<&ToolSpec> {
        self.by_name.get(name).and_then(|i| self.specs.get(*i))
    }

    /// The pending approvals.
    pub fn approvals(&self) -> &Approvals {
        &self.approvals
    }

    /// The clock.
    pub fn clock(&self) -> &dyn Clock {
        self.clock.as_ref()
    }

    /// Who may be asked in-band through MCP elicitation.
    pub fn elicitation(&self) -> crate::config::Elicitation {
        self.elicitation
    }

    /// How long an in-band question waits for its answer.
    pub fn elicitation_timeout(&self) -> std::time::Duration {
        self.elicitation_timeout
    }

    /// Whether a call of `tool` may be approved in-band at all: never one about agents or
    /// security (trust, revocation, tab hand-offs, the kill switch). Those decide who may do
    /// what, and an in-band answer may come from the agent itself.
    pub fn elicitable(&self, tool: &str) -> bool {
        use aartiq_tools::Category;
        self.spec(tool).is_some_and(|spec| {
            spec.category != Category::Agents.as_str()
                && spec.category != Category::Security.as_str()
        })
    }

    /// The trust level new agents get.
    pub fn default_trust(&self) -> TrustLevel {
        self.default_trust
    }

    /// Notes an agent id generated for a call without `x-agent-id` (spec d.6). Only the newest
    /// [`MAX_GENERATED_AGENTS`] stay registered; older ones are forgotten (unless revoked), so
    /// anonymous calls do not grow the registry by one record each.
    pub fn note_generated_agent(&self, id: AgentId) {
        let oldest = {
            let mut generated = self
                .generated
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            generated.push_back(id);
            if generated.len() > MAX_GENERATED_AGENTS {
                generated.pop_front()
            } else {
                None
            }
        };
        if let Some(oldest) = oldest {
            self.registry.with_policy(|policy| {
                policy.agents.forget(&oldest);
            });
        }
    }

    /// Reserves `id` for an agent in this process (the assistant): no call over MCP or HTTP
    /// may act as it, whatever header, `_meta` or client name it sends, and no client
    /// credential can be made for it.
    pub fn reserve_agent_id(&self, id: AgentId) {
        self.reserved
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(id);
    }

    /// Whether `id` is reserved (see [`AgentApi::reserve_agent_id`]).
    pub fn is_reserved(&self, id: &AgentId) -> bool {
        self.reserved
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(id)
    }

    /// Registers `id` at the default trust level unless it is already known (a revoked agent
    /// stays revoked) or reserved.
    pub fn ensure_agent(&self, id: &AgentId, name: &str, transport: Transport) {
        if self.is_reserved(id) {
            return;
        }
        let trust = self.default_trust;
        let clock = self.clock.as_ref();
        self.registry.with_policy(|policy| {
            if policy.agents.get(id).is_some() {
                return;
            }
            // The default trust is the server's configuration, set by the person running it.
            let registered = policy.agents.register(
                Registration {
                    id: id.clone(),
                    name: name.to_owned(),
                    trust: Some(trust),
                    transport,
                    remote: false,
                    user_agent: None,
                    origins: Vec::new(),
                },
                &Authority::Human,
                clock,
            );
            if let Err(e) = registered {
                tracing::warn!(agent = %id, error = %e, "could not register agent");
            }
        });
    }

    /// How many agents are connected.
    pub fn agent_count(&self) -> usize {
        self.registry.with_policy(|p| p.agents.connected().count())
    }

    /// Calls `tool` for `agent` with `args` through the registry's pipeline. `approval` is the
    /// id of an approval a person gave for exactly this call; `in_band`, when given, is asked
    /// first when the call needs approval.
    pub async fn call(
        &self,
        agent: &AgentId,
        tool: &str,
        args: Value,
        approval: Option<&str>,
        in_band: Option<Arc<dyn InBandApproval>>,
    ) -> CallResult {
        if self.is_reserved(agent) {
            return CallResult::error(
                format!(
                    "The agent id \"{agent}\" is reserved for aartiq's own assistant: no caller of \
                     the API may act as it. Use a client credential (POST /clients) or another id."
                ),
                Some(Step::Gate),
                Some("RESERVED_AGENT_ID".to_owned()),
            );
        }
        if self.left_out.contains(tool) {
            return CallResult::error(
                format!(
                    "The tool {tool} is not served here: this server's tool profile (--tools) \
                     leaves it out."
                ),
                Some(Step::Lookup),
                Some("TOOL_NOT_ENABLED".to_owned()),
            );
        }
        let untrusted = self.spec(tool).is_some_and(|s| s.untrusted_output);
        let ticket = match approval {
            None => None,
            Some(id) => match self.approvals.claim(id, agent.as_str(), tool) {
                // The ticket is bound to the approved input; the registry compares it with
                // this call's input, so other arguments are refused.
                Ok(approved) => Some(self.registry.issue_ticket(tool, &approved)),
                Err(e) => {
                    return CallResult::error(
                        e.to_string(),
                        Some(Step::Approval),
                        Some(e.code().to_owned()),
                    );
                }
            },
        };
        let run = self
            .registry
            .call_with_ticket(agent, tool, args.clone(), ticket.as_ref());
        let outcome = match in_band {
            Some(channel) => IN_BAND.scope(channel, run).await,
            None => run.await,
        };
        match outcome {
            Ok(output) => CallResult {
                is_error: false,
                text: output.text,
                json: output.json,
                image: output.image,
                untrusted,
                step: None,
                code: None,
                approval: None,
            },
            Err(rejection) => {
                let no_person = rejection.step == Step::Approval
                    && rejection.message == format!("Approval denied: {NO_PERSON_IN_BAND}");
                // What the network rule stopped is told with any refusal.
                let stopped = rejection.notes.join("; ");
                if !no_person {
                    // Spec d.6: on a quarantine only the error text comes back.
                    let text = if stopped.is_empty() || rejection.message.contains(&stopped) {
                        rejection.message
                    } else {
                        format!("{} ({stopped})", rejection.message)
                    };
                    return CallResult::error(text, Some(rejection.step), rejection.code);
                }
                let now = self.clock.now_ms();
                let reason = rejection
                    .gate
                    .as_ref()
                    .map_or_else(|| rejection.message.clone(), |g| g.reason.clone());
                match self
                    .approvals
                    .open(agent.as_str(), tool, args, &reason, now)
                {
                    Ok(pending) => {
                        let mut text = approval_instructions(&pending);
                        text.push_str(&format!(" Why: {}.", pending.reason.trim_end_matches('.')));
                        if !stopped.is_empty() {
                            text.push_str(&format!(
                                " This call ran, and the network rule stopped what it sent: \
                                 {stopped}. With the approval, it runs again and that goes out."
                            ));
                        }
                        let mut result = CallResult::error(
                            text,
                            Some(Step::Approval),
                            Some("APPROVAL_REQUIRED".to_owned()),
                        );
                        result.approval = Some(pending);
                        result
                    }
                    Err(e) => CallResult::error(
                        format!("Approval required, but it could not be recorded: {e}"),
                        Some(Step::Approval),
                        Some("APPROVAL_DENIED".to_owned()),
                    ),
                }
            }
        }
    }
}

/// Makes a tool schema portable to clients that map schemas onto a single-`type` dialect: a
/// `type` list such as `["string", "integer"]` becomes `anyOf` branches with one type each (the
/// MCP Inspector's `--strict` check). MCP and OpenAPI both publish the result.
pub fn portable_schema(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get("type")
                && types.len() > 1
                && !map.contains_key("anyOf")
            {
                let branches = types
                    .iter()
                    .map(|t| serde_json::json!({ "type": t }))
                    .collect();
                map.remove("type");
                map.insert("anyOf".to_owned(), Value::Array(branches));
            }
            for child in map.values_mut() {
                portable_schema(child);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(portable_schema),
        _ => {}
    }
}

/// What the agent is told when a person must approve its call.
pub fn approval_instructions(pending: &PendingApproval) -> String {
    format!(
        "Approval required: {tool} changes something outside the page, and a person must approve \
         this exact call. Ask them to run `aartiq-mcp approve {id}` (or POST /approvals/{id}/approve \
         with the primary token). Then call {tool} again with the same arguments and the approval \
         id: over MCP in `_meta.approvalId`, over HTTP in the `x-approval-id` header. The approval \
         works once, for these arguments only.",
        tool = pending.tool,
        id = pending.id,
    )
}
