//! The [`ToolRegistry`] and its fail-closed call pipeline (spec d.3, with j.4 fixed):
//! lookup -> validation -> gate -> approval -> tab lock -> handler -> scan.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use aartiq_agents::{AgentError, AgentId, Authority, GateDecision, Verb, origin_of};
use aartiq_guard::{Action, Context, Origin, Untrusted, Verdict};
use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;
use tracing::Instrument;

use crate::approval::{
    ApprovalAnswer, ApprovalRequest, ApprovalTickets, TicketId, action_digest, canonical_input, hex,
};
use crate::error::ToolError;
use crate::snapshot::SnapshotStore;
use crate::spec::{ToolMeta, ToolSpec, input_schema};
use crate::tool::{Env, Policy, Services, Tool, ToolContext, ToolOutput, lock};

/// A step of the pipeline, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Finding the tool.
    Lookup,
    /// Deserialising the arguments into the tool's type.
    Validation,
    /// Trust, verb, origin and kill switch.
    Gate,
    /// A person's approval, in-band or by ticket.
    Approval,
    /// The tab lock.
    TabLock,
    /// The tool itself.
    Handler,
    /// The injection scan of untrusted output.
    Scan,
}

impl Step {
    /// The step's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Step::Lookup => "lookup",
            Step::Validation => "validation",
            Step::Gate => "gate",
            Step::Approval => "approval",
            Step::TabLock => "tab_lock",
            Step::Handler => "handler",
            Step::Scan => "scan",
        }
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A call that did not return a result: which step refused it and why. Every step before the
/// handler refuses without running the action.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[error("{step}: {message}")]
pub struct Rejection {
    /// The step that refused.
    pub step: Step,
    /// The message (the original's where it has one).
    pub message: String,
    /// A machine-readable code: `APPROVAL_EXPIRED`, `REF_STALE_GONE`, ...
    pub code: Option<String>,
    /// The gate's decision, for gate refusals.
    pub gate: Option<GateDecision>,
    /// The scanner's verdict, for quarantined output.
    pub verdict: Option<Box<Verdict>>,
    /// What the model may see instead of withheld output (the quarantine token).
    pub withheld: Option<String>,
}

impl Rejection {
    fn new(step: Step, message: impl Into<String>) -> Rejection {
        Rejection {
            step,
            message: message.into(),
            code: None,
            gate: None,
            verdict: None,
            withheld: None,
        }
    }

    fn with_code(mut self, code: &str) -> Rejection {
        self.code = Some(code.to_owned());
        self
    }
}

/// Why a tool could not be registered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegistryError {
    /// A tool with this name is already registered.
    #[error("a tool named \"{0}\" is already registered")]
    Duplicate(String),
}

/// The object-safe face of [`Tool`], implemented for every tool by a blanket impl.
#[async_trait]
pub(crate) trait ErasedTool: Send + Sync {
    fn meta(&self) -> ToolMeta;
    fn schema(&self) -> Value;
    fn parse(&self, args: Value) -> Result<Box<dyn Any + Send>, serde_json::Error>;
    async fn run_erased(
        &self,
        ctx: &ToolContext<'_>,
        args: Box<dyn Any + Send>,
    ) -> Result<ToolOutput, ToolError>;
}

#[async_trait]
impl<T: Tool> ErasedTool for T {
    fn meta(&self) -> ToolMeta {
        Tool::meta(self)
    }

    fn schema(&self) -> Value {
        input_schema::<T::Args>()
    }

    fn parse(&self, args: Value) -> Result<Box<dyn Any + Send>, serde_json::Error> {
        serde_json::from_value::<T::Args>(args).map(|a| Box::new(a) as Box<dyn Any + Send>)
    }

    async fn run_erased(
        &self,
        ctx: &ToolContext<'_>,
        args: Box<dyn Any + Send>,
    ) -> Result<ToolOutput, ToolError> {
        match args.downcast::<T::Args>() {
            Ok(args) => self.run(ctx, *args).await,
            // `parse` of this same tool made the box; a mismatch is a defect, refused.
            Err(_) => Err(ToolError::Refused(
                "internal error: arguments of another tool".to_owned(),
            )),
        }
    }
}

/// The tools an agent can call, and the pipeline every call goes through.
pub struct ToolRegistry {
    tools: BTreeMap<&'static str, Box<dyn ErasedTool>>,
    order: Vec<&'static str>,
    env: Env,
}

impl std::fmt::Debug for ToolRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolRegistry")
            .field("tools", &self.order)
            .finish_non_exhaustive()
    }
}

/// Every built-in tool's spec, in catalog order (for `docs/tools.md` and the catalog example).
pub fn catalog() -> Vec<ToolSpec> {
    crate::tools::builtin()
        .iter()
        .map(|tool| ToolSpec::new(tool.meta(), tool.schema()))
        .collect()
}

/// Releases a lock taken for one call when the call ends, however it ends (j.4 fixed).
struct CallLease<'a> {
    env: &'a Env,
    tab: String,
    agent: AgentId,
}

impl Drop for CallLease<'_> {
    fn drop(&mut self) {
        lock(&self.env.policy)
            .locks
            .release(&self.tab, &self.agent, false);
    }
}

/// Clears the one-approval-at-a-time flag when an in-band approval ends.
struct PendingApproval<'a>(&'a AtomicBool);

impl Drop for PendingApproval<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

fn arg_text(args: &Value, key: &str) -> Option<String> {
    match args.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

impl ToolRegistry {
    /// A registry with no tools.
    pub fn new(services: Services, policy: Policy) -> ToolRegistry {
        ToolRegistry {
            tools: BTreeMap::new(),
            order: Vec::new(),
            env: Env {
                services,
                policy: Mutex::new(policy),
                snapshots: Mutex::new(SnapshotStore::new()),
                tickets: Mutex::new(ApprovalTickets::new()),
                approval_pending: AtomicBool::new(false),
            },
        }
    }

    /// A registry with the 36 built-in tools.
    pub fn with_builtin(services: Services, policy: Policy) -> ToolRegistry {
        let mut registry = ToolRegistry::new(services, policy);
        for tool in crate::tools::builtin() {
            registry.insert(tool);
        }
        registry
    }

    fn insert(&mut self, tool: Box<dyn ErasedTool>) -> bool {
        let name = tool.meta().name;
        if self.tools.contains_key(name) {
            return false;
        }
        self.order.push(name);
        self.tools.insert(name, tool);
        true
    }

    /// Adds a tool.
    ///
    /// # Errors
    /// [`RegistryError::Duplicate`] when its name is taken.
    pub fn register<T: Tool>(&mut self, tool: T) -> Result<(), RegistryError> {
        let name = Tool::meta(&tool).name;
        if self.insert(Box::new(tool)) {
            Ok(())
        } else {
            Err(RegistryError::Duplicate(name.to_owned()))
        }
    }

    /// The registered tools' specs, in registration order.
    pub fn specs(&self) -> Vec<ToolSpec> {
        self.order
            .iter()
            .filter_map(|name| self.tools.get(name))
            .map(|tool| ToolSpec::new(tool.meta(), tool.schema()))
            .collect()
    }

    /// Runs `f` on the policy state: register agents, change trust, read the audit log.
    pub fn with_policy<R>(&self, f: impl FnOnce(&mut Policy) -> R) -> R {
        f(&mut lock(&self.env.policy))
    }

    /// Runs `f` on the snapshot store.
    pub fn with_snapshots<R>(&self, f: impl FnOnce(&mut SnapshotStore) -> R) -> R {
        f(&mut lock(&self.env.snapshots))
    }

    /// Engages the kill switch (anyone may).
    pub fn engage_kill_switch(&self) {
        lock(&self.env.policy).guard.engage_kill_switch();
    }

    /// Releases the kill switch: the authorised human path (no tool can release it, because
    /// the switch blocks every agent call).
    ///
    /// # Errors
    /// [`AgentError::HumanOnly`] unless `authority` is a person.
    pub fn release_kill_switch(&self, authority: &Authority) -> Result<(), AgentError> {
        lock(&self.env.policy).guard.release_kill_switch(authority)
    }

    /// Issues an approval ticket for one exact call: the human path of spec b.9 (a person
    /// approves a pending action; the agent then calls with the ticket).
    pub fn issue_ticket(&self, tool: &str, args: &Value) -> TicketId {
        let now = self.env.services.clock.now_ms();
        let args = normalize_args(args.clone());
        lock(&self.env.tickets).issue(tool, &canonical_input(&args), now)
    }

    /// Calls `name` for `agent` with `args`.
    ///
    /// # Errors
    /// A [`Rejection`] naming the step that refused; nothing after that step ran.
    pub async fn call(
        &self,
        agent: &AgentId,
        name: &str,
        args: Value,
    ) -> Result<ToolOutput, Rejection> {
        self.call_with_ticket(agent, name, args, None).await
    }

    /// Calls `name` with an approval ticket, which replaces asking the [`Approver`](crate::Approver).
    ///
    /// # Errors
    /// As [`ToolRegistry::call`]; a ticket that is unknown, used, expired or issued for another
    /// action is refused at the `approval` step with its code.
    pub async fn call_with_ticket(
        &self,
        agent: &AgentId,
        name: &str,
        args: Value,
        ticket: Option<&TicketId>,
    ) -> Result<ToolOutput, Rejection> {
        let span = tracing::info_span!("tool.call", tool = name, agent = %agent);
        self.pipeline(agent, name, args, ticket)
            .instrument(span)
            .await
    }

    async fn pipeline(
        &self,
        agent: &AgentId,
        name: &str,
        args: Value,
        ticket: Option<&TicketId>,
    ) -> Result<ToolOutput, Rejection> {
        // 1. Lookup.
        let tool = {
            let _span = tracing::info_span!("tool.lookup").entered();
            self.tools
                .get(name)
                .ok_or_else(|| Rejection::new(Step::Lookup, format!("Unknown tool: {name}")))?
        };
        let meta = tool.meta();
        // 2. Validation: the typed arguments, unknown fields refused.
        let args = normalize_args(args);
        let parsed = {
            let _span = tracing::info_span!("tool.validate").entered();
            tool.parse(args.clone()).map_err(|e| {
                Rejection::new(
                    Step::Validation,
                    format!("Invalid arguments for {name}: {e}"),
                )
            })?
        };
        // 3. Gate: trust, verb, origin, kill switch. Tools without a verb are gated as
        // `readOnly`, so unknown and revoked agents and the kill switch stop them too.
        let decision = {
            let _span = tracing::info_span!("tool.gate").entered();
            let target = arg_text(&args, "url")
                .or_else(|| arg_text(&args, "target"))
                .or_else(|| arg_text(&args, "tabId"));
            let origin = target
                .as_deref()
                .and_then(origin_of)
                .or_else(|| arg_text(&args, "origin"));
            let verb = meta.verb.unwrap_or(Verb::ReadOnly);
            let mut policy = lock(&self.env.policy);
            let policy = &mut *policy;
            policy.guard.gate(
                &mut policy.agents,
                agent,
                verb,
                origin.as_deref(),
                self.env.services.clock.as_ref(),
            )
        };
        if !decision.allowed {
            let mut rejection = Rejection::new(Step::Gate, decision.reason.clone());
            rejection.gate = Some(decision);
            return Err(rejection);
        }
        // 4. Approval, enforced.
        let human_approved = if decision.requires_approval {
            self.approve(agent, name, &args, &decision, ticket)
                .instrument(tracing::info_span!("tool.approval"))
                .await?
        } else {
            false
        };
        // 5. Tab lock, held for this call only.
        let _lease = {
            let _span = tracing::info_span!("tool.tab_lock").entered();
            self.lock_tab(agent, &meta, &args)?
        };
        // 6. Handler.
        let ctx = ToolContext {
            agent,
            human_approved,
            env: &self.env,
        };
        let output = tool
            .run_erased(&ctx, parsed)
            .instrument(tracing::info_span!("tool.handler"))
            .await
            .map_err(|e| {
                let code = match &e {
                    ToolError::Ref(r) => Some(r.code()),
                    _ => None,
                };
                let rejection = Rejection::new(Step::Handler, e.to_string());
                match code {
                    Some(code) => rejection.with_code(code),
                    None => rejection,
                }
            })?;
        // 7. Scan of untrusted output.
        if !meta.untrusted_output {
            return Ok(output);
        }
        let _span = tracing::info_span!("tool.scan").entered();
        let scanned = Untrusted::new(output, Origin::new(name)).scan_with(
            &self.env.services.guard,
            &Context::new(),
            |o: &ToolOutput| o.text.clone(),
        );
        match scanned.verdict.action {
            Action::Allow => Ok(scanned.value),
            Action::Sanitize => Ok(ToolOutput::text(scanned.verdict.sanitized.clone())),
            Action::Quarantine | Action::Block => {
                let withheld = scanned
                    .verdict
                    .quarantine_token
                    .clone()
                    .unwrap_or_else(|| "<<CONTENT_WITHHELD>>".to_owned());
                let mut rejection = Rejection::new(
                    Step::Scan,
                    format!(
                        "Refusing to return potentially injected content (score {:.2}).",
                        scanned.verdict.score
                    ),
                );
                rejection.verdict = Some(Box::new(scanned.verdict));
                rejection.withheld = Some(withheld);
                Err(rejection)
            }
        }
    }

    async fn approve(
        &self,
        agent: &AgentId,
        tool: &str,
        args: &Value,
        decision: &GateDecision,
        ticket: Option<&TicketId>,
    ) -> Result<bool, Rejection> {
        let input = canonical_input(args);
        if let Some(ticket) = ticket {
            let now = self.env.services.clock.now_ms();
            return lock(&self.env.tickets)
                .consume(ticket, tool, &input, now)
                .map(|()| true)
                .map_err(|e| Rejection::new(Step::Approval, e.to_string()).with_code(e.code()));
        }
        if self.env.approval_pending.swap(true, Ordering::SeqCst) {
            return Err(Rejection::new(
                Step::Approval,
                "Another approval is pending",
            ));
        }
        let _pending = PendingApproval(&self.env.approval_pending);
        let request = ApprovalRequest {
            agent: agent.clone(),
            tool: tool.to_owned(),
            digest: hex(&action_digest(tool, &input)),
            input,
            reason: decision.reason.clone(),
        };
        match self.env.services.approver.decide(&request).await {
            // A tool call has no "always" grant: approved for this action only.
            ApprovalAnswer::Approve | ApprovalAnswer::ApproveAlways => Ok(true),
            ApprovalAnswer::Deny(reason) => Err(Rejection::new(
                Step::Approval,
                format!("Approval denied: {reason}"),
            )
            .with_code("APPROVAL_DENIED")),
        }
    }

    fn lock_tab(
        &self,
        agent: &AgentId,
        meta: &ToolMeta,
        args: &Value,
    ) -> Result<Option<CallLease<'_>>, Rejection> {
        if !meta.needs_tab_lock {
            return Ok(None);
        }
        let Some(tab) = arg_text(args, "tabId") else {
            return Ok(None);
        };
        let clock = self.env.services.clock.as_ref();
        let mut policy = lock(&self.env.policy);
        let holder = policy.locks.holder(&tab, clock).cloned();
        let already_held = holder.as_ref() == Some(agent);
        if !already_held && holder.is_none() {
            let max = policy
                .agents
                .get(agent)
                .map_or(0, |record| record.trust().max_tabs());
            if policy.locks.count_for(agent, clock) >= max {
                return Err(Rejection::new(
                    Step::TabLock,
                    format!("Agent {agent} already holds its maximum of {max} tab locks."),
                )
                .with_code("tab-limit"));
            }
        }
        match policy
            .locks
            .acquire(&tab, agent, aartiq_agents::DEFAULT_LOCK_TTL_MS, clock)
        {
            Ok(_) if already_held => Ok(None),
            Ok(_) => Ok(Some(CallLease {
                env: &self.env,
                tab,
                agent: agent.clone(),
            })),
            Err(refusal) => Err(Rejection::new(
                Step::TabLock,
                format!(
                    "Tab {tab} is locked by another agent ({}).",
                    refusal
                        .held_by
                        .as_ref()
                        .map_or_else(|| "unknown".to_owned(), ToString::to_string)
                ),
            )
            .with_code("tab-locked")),
        }
    }
}

/// Missing arguments are an empty object.
fn normalize_args(args: Value) -> Value {
    if args.is_null() {
        Value::Object(serde_json::Map::new())
    } else {
        args
    }
}
