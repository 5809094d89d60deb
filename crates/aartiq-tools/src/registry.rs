//! The [`ToolRegistry`] and its fail-closed call pipeline (spec d.3, with j.4 fixed):
//! lookup -> validation -> gate -> approval -> tab lock -> handler -> scan.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Mutex;

use aartiq_agents::{AgentError, AgentId, Authority, GateDecision, Verb, origin_of};
use aartiq_guard::{Action, Context, Origin, Untrusted, Verdict};
use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;
use tracing::Instrument;

use crate::approval::{
    ApprovalAnswer, ApprovalRequest, ApprovalTickets, TicketId, action_digest, canonical_input, hex,
};
use crate::backend::ActionEffect;
use crate::error::{BackendError, ToolError};
use crate::snapshot::SnapshotStore;
use crate::spec::{ToolMeta, ToolSpec, input_schema};
use crate::tool::{Env, Foreseen, Policy, Services, Tool, ToolContext, ToolOutput, lock};
use crate::types::TabId;

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
    /// The network rule: requests with unsafe methods the call caused that no person approved.
    Network,
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
            Step::Network => "network",
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
    /// The gate's decision, for gate refusals; for an approval refusal, the decision that asked
    /// a person (its reason is what they were asked about).
    pub gate: Option<Box<GateDecision>>,
    /// The scanner's verdict, for quarantined output.
    pub verdict: Option<Box<Verdict>>,
    /// What the model may see instead of withheld output (the quarantine token).
    pub withheld: Option<String>,
    /// What the call caused that the agent must know besides the refusal: the requests the
    /// network rule stopped (`blocked POST http://... (side effect without approval)`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
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
            notes: Vec::new(),
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
    fn parse(&self, args: Value) -> Result<Box<dyn Any + Send + Sync>, serde_json::Error>;
    async fn foresee_erased(
        &self,
        ctx: &ToolContext<'_>,
        args: &(dyn Any + Send + Sync),
    ) -> Result<Option<Foreseen>, ToolError>;
    async fn run_erased(
        &self,
        ctx: &ToolContext<'_>,
        args: Box<dyn Any + Send + Sync>,
    ) -> Result<ToolOutput, ToolError>;
}

/// The refusal when `parse` of one tool made arguments another tool's handler received.
fn foreign_arguments() -> ToolError {
    ToolError::Refused("internal error: arguments of another tool".to_owned())
}

#[async_trait]
impl<T: Tool> ErasedTool for T {
    fn meta(&self) -> ToolMeta {
        Tool::meta(self)
    }

    fn schema(&self) -> Value {
        input_schema::<T::Args>()
    }

    fn parse(&self, args: Value) -> Result<Box<dyn Any + Send + Sync>, serde_json::Error> {
        serde_json::from_value::<T::Args>(args).map(|a| Box::new(a) as Box<dyn Any + Send + Sync>)
    }

    async fn foresee_erased(
        &self,
        ctx: &ToolContext<'_>,
        args: &(dyn Any + Send + Sync),
    ) -> Result<Option<Foreseen>, ToolError> {
        match args.downcast_ref::<T::Args>() {
            Some(args) => self.foresee(ctx, args).await,
            None => Err(foreign_arguments()),
        }
    }

    async fn run_erased(
        &self,
        ctx: &ToolContext<'_>,
        args: Box<dyn Any + Send + Sync>,
    ) -> Result<ToolOutput, ToolError> {
        match args.downcast::<T::Args>() {
            Ok(args) => self.run(ctx, *args).await,
            // `parse` of this same tool made the box; a mismatch is a defect, refused.
            Err(_) => Err(foreign_arguments()),
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

/// The origin the gate judges a call by: its URL, target or tab, else its `origin` argument.
fn call_origin(args: &Value) -> Option<String> {
    arg_text(args, "url")
        .or_else(|| arg_text(args, "target"))
        .or_else(|| arg_text(args, "tabId"))
        .as_deref()
        .and_then(origin_of)
        .or_else(|| arg_text(args, "origin"))
}

/// What the gate would decide on a call ([`ToolRegistry::preflight`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Preflight {
    /// The gate lets it run without asking.
    Allowed,
    /// The gate lets it run once a person approves it.
    NeedsApproval {
        /// Why.
        reason: String,
    },
    /// The gate refuses it (unknown tool or agent, trust, origin, kill switch).
    Refused {
        /// Why.
        reason: String,
    },
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
                approval_pending: crate::approval::OpenQuestions::new(),
                browser_seen: Mutex::new(crate::tool::BrowserSeen::default()),
                vault_grants: Mutex::default(),
            },
        }
    }

    /// Notices a browser that ended since the last call: its tabs, owners, locks and refs are
    /// let go (its refs then fail with `REF_STALE_BROWSER_RESTARTED`). Returns the sentence
    /// that tells `agent`, once per restart, that the browser restarted.
    fn notice_restart(&self, agent: &AgentId) -> Option<String> {
        let browser = &self.env.services.browser;
        let generation = browser.generation();
        if generation == 0 {
            return None;
        }
        let mut seen = lock(&self.env.browser_seen);
        let why = browser
            .last_end()
            .unwrap_or_else(|| "the browser ended".to_owned());
        if seen.generation != generation {
            seen.generation = generation;
            seen.told.clear();
            lock(&self.env.snapshots).browser_restarted(&why);
            let mut policy = lock(&self.env.policy);
            policy.owners.clear();
            // Leases name tabs of the old browser; with ids starting over, one left behind
            // would hold a new tab of the same id.
            policy.locks = aartiq_agents::TabLocks::new();
            tracing::warn!(generation, reason = %why, "the browser restarted: tabs and refs start over");
        }
        seen.told.insert(agent.clone()).then(|| {
            format!(
                "Note: the browser restarted ({why}); tabs and refs from before are gone and tab \
                 ids start over."
            )
        })
    }

    /// A registry with the built-in tools.
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

    /// What the gate would decide on `call` for `agent` now (trust, verb, origin, kill switch),
    /// without running, touching or auditing anything. A caller asks this to explain a call
    /// and to ask a person before it runs, then passes the person's answer as a ticket; the
    /// gate still decides when the call runs, and what a call turns out to cause (a click that
    /// submits a form) is gated again then.
    pub fn preflight(&self, agent: &AgentId, call: &crate::ToolCall) -> Preflight {
        let Some(tool) = self.tools.get(call.tool()) else {
            return Preflight::Refused {
                reason: format!("Unknown tool: {}", call.tool()),
            };
        };
        let args = match call.arguments() {
            Ok(args) => normalize_args(args),
            Err(e) => {
                return Preflight::Refused {
                    reason: e.to_string(),
                };
            }
        };
        let origin = call_origin(&args);
        let verb = tool.meta().verb.unwrap_or(Verb::ReadOnly);
        let policy = lock(&self.env.policy);
        let decision = policy
            .guard
            .judge(&policy.agents, agent, verb, origin.as_deref());
        match (decision.allowed, decision.requires_approval) {
            (false, _) => Preflight::Refused {
                reason: decision.reason,
            },
            (true, true) => Preflight::NeedsApproval {
                reason: decision.reason,
            },
            (true, false) => Preflight::Allowed,
        }
    }

    /// Runs a typed call for `agent` through the same pipeline as [`ToolRegistry::call`]: a
    /// caller in the process builds no JSON.
    ///
    /// # Errors
    /// As [`ToolRegistry::call_with_ticket`].
    pub async fn run(
        &self,
        agent: &AgentId,
        call: &crate::ToolCall,
        ticket: Option<&TicketId>,
    ) -> Result<ToolOutput, Rejection> {
        let args = call
            .arguments()
            .map_err(|e| Rejection::new(Step::Validation, e.to_string()))?;
        self.call_with_ticket(agent, call.tool(), args, ticket)
            .await
    }

    /// A ticket for one typed call, as [`ToolRegistry::issue_ticket`].
    ///
    /// # Errors
    /// [`ToolError::Serialize`] when its arguments cannot be written.
    pub fn issue_ticket_for(&self, call: &crate::ToolCall) -> Result<TicketId, ToolError> {
        Ok(self.issue_ticket(call.tool(), &call.arguments()?))
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
        let restarted = self.notice_restart(agent);
        let mut result = self
            .pipeline(agent, name, args, ticket)
            .instrument(span)
            .await;
        // The call that first learns of a restart may use tab ids and refs from before it; the
        // agent could not know, so its failing on them costs no trust.
        let unknowing = restarted.is_some()
            && matches!(&result, Err(r) if matches!(r.step, Step::Handler | Step::TabLock));
        if !unknowing {
            self.score(agent, name, &result);
        }
        // The first result an agent gets after a restart says so.
        if let Some(note) = restarted {
            match &mut result {
                Ok(output) => output.text = format!("{note}\n{}", output.text),
                Err(rejection) => {
                    rejection.message = format!("{note} {}", rejection.message);
                    rejection.notes.insert(0, note);
                }
            }
        }
        result
    }

    /// Moves the agent's score for the call's outcome (spec d.1): a quarantined read is an
    /// injection attempt (-25; below 20 the agent is revoked, and the gate refuses its next
    /// call), a call refused at the gate, tab lock or network rule, a misused approval ticket
    /// and a failed action -5, a successful action +1. A person's denial costs nothing. Reads that work
    /// or fail, unknown tools, invalid arguments, refusals while the kill switch is engaged,
    /// and failures of the browser's own (`BROWSER_GONE`, `BROWSER_BUSY`,
    /// `BROWSER_RESTART_LIMIT`, `REF_STALE_BROWSER_RESTARTED`) leave it, as does the failure
    /// of the call that first learns of a restart (see `call_with_ticket`). Every change is in the audit log.
    fn score(&self, agent: &AgentId, name: &str, result: &Result<ToolOutput, Rejection>) {
        let meta = self.tools.get(name).map(|tool| tool.meta());
        let acts = meta.as_ref().is_some_and(acts_on_page);
        let verb = meta.as_ref().and_then(|m| m.verb).unwrap_or(Verb::ReadOnly);
        let mut policy = lock(&self.env.policy);
        let event = match result {
            Ok(_) if acts => Some((true, false, format!("action {name} succeeded"))),
            Ok(_) => None,
            Err(r) => match r.step {
                Step::Scan => Some((false, true, format!("quarantined read of {name}"))),
                Step::Gate if policy.guard.kill_switch_engaged() => None,
                Step::Gate | Step::TabLock | Step::Network => {
                    Some((false, false, format!("refused call of {name}")))
                }
                // A ticket for another action, used or expired. Asking a person is no
                // misbehaviour: a denial, or an approval still pending, costs nothing.
                Step::Approval if r.code.as_deref().is_some_and(|c| c != "APPROVAL_DENIED") => {
                    Some((false, false, format!("refused call of {name}")))
                }
                // The browser dying, refusing a session or restarting under a ref is no
                // misbehaviour of the agent's: a crash must not demote every agent.
                Step::Handler if r.code.as_deref().is_some_and(browser_fault) => None,
                Step::Handler if acts => Some((false, false, format!("action {name} failed"))),
                _ => None,
            },
        };
        let Some((success, injection, cause)) = event else {
            return;
        };
        let policy = &mut *policy;
        let Some(before) = policy
            .agents
            .get(agent)
            .filter(|record| !record.revoked)
            .map(|record| record.score)
        else {
            return;
        };
        let clock = self.env.services.clock.as_ref();
        let changed = if injection {
            policy.agents.record_injection(agent)
        } else {
            policy.agents.record_action(agent, success, clock)
        };
        let Some(record) = changed.ok().and_then(|_| policy.agents.get(agent)) else {
            return;
        };
        let change = aartiq_agents::ScoreChange {
            before,
            after: record.score,
            trust: record.trust(),
            revoked: record.revoked,
            cause,
        };
        if change.before == change.after && !change.revoked {
            return;
        }
        tracing::info!(
            target: "audit",
            agent = %agent,
            before = change.before,
            after = change.after,
            revoked = change.revoked,
            cause = %change.cause,
            "score changed"
        );
        if change.revoked {
            policy.locks.release_all_for_agent(agent);
        }
        policy.guard.record_score(agent, verb, change, clock);
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
        let origin = call_origin(&args);
        let mut decision = {
            let _span = tracing::info_span!("tool.gate").entered();
            self.gate(
                agent,
                meta.verb.unwrap_or(Verb::ReadOnly),
                origin.as_deref(),
            )
        };
        if !decision.allowed {
            let mut rejection = Rejection::new(Step::Gate, decision.reason.clone());
            rejection.gate = Some(Box::new(decision));
            return Err(rejection);
        }
        // 3a. A tab another agent opened is that agent's, between calls too.
        if let Some(tab) = arg_text(&args, "tabId") {
            self.check_owner(agent, &tab)?;
        }
        let preview = ToolContext {
            agent,
            human_approved: false,
            env: &self.env,
        };
        // 3b. What the call would cause beyond its verb, known up front (a click that submits
        // a POST form), is gated and approved as that.
        let foreseen = tool
            .foresee_erased(&preview, parsed.as_ref())
            .instrument(tracing::info_span!("tool.foresee"))
            .await
            .map_err(|e| handler_rejection(&self.env.services.guard, e))?;
        if let Some(foreseen) = &foreseen {
            let stronger = self.gate(agent, foreseen.verb, origin.as_deref());
            if !stronger.allowed {
                return Err(side_effect_refused(name, &foreseen.what, stronger));
            }
            if stronger.requires_approval {
                decision = GateDecision {
                    reason: format!("{name} {}: {}", foreseen.what, stronger.reason),
                    ..stronger
                };
            }
        }
        // 4. Approval, enforced. A ticket is a person's approval of this exact call: it is
        // claimed whenever one comes, and lets the call's side effects through.
        let human_approved = if ticket.is_some() || decision.requires_approval {
            self.approve(agent, name, &args, &decision.reason, ticket)
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
        // 6. Handler, under the network rule on the tab it acts in.
        let ctx = ToolContext {
            agent,
            human_approved,
            env: &self.env,
        };
        let acts_in = acts_on_page(&meta).then(|| arg_text(&args, "tabId").map(TabId::new));
        let tab = acts_in.flatten();
        // What an agent's input sends is that input's side effect, and a person's approval of
        // the input lets it out. A navigation is approved as a navigation: what the page
        // sends on its own while it loads is never let out by it.
        let caused = foreseen.is_some()
            || meta
                .verb
                .is_some_and(|v| !matches!(v, Verb::ReadOnly | Verb::Navigate));
        let permit = human_approved && caused && self.may_cause_side_effects(agent);
        let (mut output, blocked) = self
            .run_in_tab(tool.as_ref(), &ctx, parsed, tab.as_ref(), permit, caused)
            .await;
        // 6b. The network rule: what the call sent that nobody approved never left the
        // browser. Caused by an agent's input, it is that input's refusal (or a question to a
        // person); a page that sends on its own while being loaded is only noted.
        if !blocked.is_empty() && caused && !permit {
            let notes: Vec<String> = blocked.iter().map(|b| b.describe(name)).collect();
            let stronger = self.gate(agent, Verb::SideEffecting, origin.as_deref());
            if !stronger.allowed {
                let what = format!("sent what was stopped: {}", notes.join("; "));
                let mut rejection = side_effect_refused(name, &what, stronger);
                rejection.step = Step::Network;
                rejection.notes = notes;
                return Err(rejection);
            }
            let reason = format!(
                "{name} sends {}: {}",
                blocked_list(&blocked),
                stronger.reason
            );
            match self.approve(agent, name, &args, &reason, None).await {
                // A person approved the side effects in-band: the action runs again with them.
                Ok(_) => {
                    let parsed = tool.parse(args.clone()).map_err(|e| {
                        Rejection::new(
                            Step::Validation,
                            format!("Invalid arguments for {name}: {e}"),
                        )
                    })?;
                    let again = ToolContext {
                        agent,
                        human_approved: true,
                        env: &self.env,
                    };
                    let (rerun, still) = self
                        .run_in_tab(tool.as_ref(), &again, parsed, tab.as_ref(), true, true)
                        .await;
                    output = rerun;
                    note_blocked(&mut output, name, &still);
                }
                Err(mut rejection) => {
                    rejection.notes = notes;
                    return Err(rejection);
                }
            }
        } else {
            note_blocked(&mut output, name, &blocked);
        }
        let output = output?;
        // 7. Scan of untrusted output.
        if !meta.untrusted_output {
            return Ok(output);
        }
        let _span = tracing::info_span!("tool.scan").entered();
        let scanned = Untrusted::new(output, Origin::new(name)).scan_with(
            &self.env.services.guard,
            &Context::new(),
            scanned_text,
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

    /// The gate's decision on `verb` for `agent`.
    fn gate(&self, agent: &AgentId, verb: Verb, origin: Option<&str>) -> GateDecision {
        let mut policy = lock(&self.env.policy);
        let policy = &mut *policy;
        policy.guard.gate(
            &mut policy.agents,
            agent,
            verb,
            origin,
            self.env.services.clock.as_ref(),
        )
    }

    /// Whether `agent`'s trust level in force has the side-effect verb.
    fn may_cause_side_effects(&self, agent: &AgentId) -> bool {
        lock(&self.env.policy)
            .agents
            .get(agent)
            .is_some_and(|record| record.trust().allows(Verb::SideEffecting))
    }

    /// Runs the handler; with a tab, as one action under the network rule (side effects let
    /// through only with `permit`; with `settle`, until what an input started was decided),
    /// and with what the rule stopped meanwhile.
    async fn run_in_tab(
        &self,
        tool: &dyn ErasedTool,
        ctx: &ToolContext<'_>,
        parsed: Box<dyn Any + Send + Sync>,
        tab: Option<&TabId>,
        permit: bool,
        settle: bool,
    ) -> (Result<ToolOutput, Rejection>, Vec<ActionEffect>) {
        let browser = self.env.services.browser.as_ref();
        let mark = match tab {
            Some(tab) => Some(browser.begin_action(tab, permit).await),
            None => None,
        };
        let output = tool
            .run_erased(ctx, parsed)
            .instrument(tracing::info_span!("tool.handler"))
            .await
            .map_err(|e| handler_rejection(&self.env.services.guard, e));
        let blocked = match (tab, mark) {
            (Some(tab), Some(mark)) => browser.end_action(tab, mark, settle).await,
            _ => Vec::new(),
        };
        // What was stopped is named by the page (its URL): opened by a scan.
        let blocked = blocked
            .into_iter()
            .map(|effect| crate::screen::open_effect(&self.env.services.guard, effect))
            .collect();
        (output, blocked)
    }

    async fn approve(
        &self,
        agent: &AgentId,
        tool: &str,
        args: &Value,
        reason: &str,
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
        let Some(_open) = self.env.approval_pending.claim(agent) else {
            return Err(Rejection::new(
                Step::Approval,
                format!(
                    "Agent {agent} already has a question to a person open; wait for its answer"
                ),
            )
            .with_code("APPROVAL_PENDING"));
        };
        let request = ApprovalRequest {
            agent: agent.clone(),
            tool: tool.to_owned(),
            digest: hex(&action_digest(tool, &input)),
            input,
            reason: reason.to_owned(),
        };
        match self.env.services.approver.decide(&request).await {
            // A tool call has no "always" grant: approved for this action only.
            ApprovalAnswer::Approve | ApprovalAnswer::ApproveAlways => Ok(true),
            ApprovalAnswer::Deny(answer) => {
                let mut rejection =
                    Rejection::new(Step::Approval, format!("Approval denied: {answer}"))
                        .with_code("APPROVAL_DENIED");
                rejection.gate = Some(Box::new(GateDecision {
                    allowed: true,
                    requires_approval: true,
                    reason: request.reason,
                }));
                Err(rejection)
            }
        }
    }

    /// Refuses `agent` a tab another agent opened (`tab-owned`). The owner's tab is free again
    /// once the owner is revoked, disconnected or forgotten.
    fn check_owner(&self, agent: &AgentId, tab: &str) -> Result<(), Rejection> {
        let mut policy = lock(&self.env.policy);
        let Some(owner) = policy.owners.owner(tab).cloned() else {
            return Ok(());
        };
        if owner == *agent {
            return Ok(());
        }
        let active = policy
            .agents
            .get(&owner)
            .is_some_and(|r| !r.revoked && r.connected);
        if !active {
            // Kept apart, an agent's tab holds its cookies and logins: it is never passed on.
            if self.env.services.browser.isolates_agents() {
                return Err(Rejection::new(
                    Step::TabLock,
                    format!(
                        "Tab {tab} belongs to agent {owner}, which is gone; its tabs are its own \
                         and are not passed on."
                    ),
                )
                .with_code("tab-owned"));
            }
            policy.owners.release_all(&owner);
            return Ok(());
        }
        Err(Rejection::new(
            Step::TabLock,
            format!("Tab {tab} belongs to another agent ({owner}), which opened it."),
        )
        .with_code("tab-owned"))
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

/// What a handler's error says instead of details the injection scan flagged.
pub(crate) const WITHHELD_ERROR: &str =
    "the call failed, and the details of its error are withheld: the injection scan flagged them.";

/// A handler's error as the rejection at the `handler` step, with the ref's code. An error
/// may quote the page (the label a form declares, the name of the element a stale ref pointed
/// at, what a field's handler made of a value), so its message is scanned like any output and
/// withheld, code kept, when the scan flags it.
fn handler_rejection(guard: &aartiq_guard::Guard, error: ToolError) -> Rejection {
    let code = match &error {
        ToolError::Ref(r) => Some(r.code()),
        ToolError::Selector(s) => Some(s.code()),
        ToolError::TabLimit { .. } => Some("tab-limit"),
        ToolError::WaitTimeout { .. } => Some("WAIT_TIMEOUT"),
        ToolError::Backend(BackendError::Unsupported(_)) => Some("UNSUPPORTED"),
        ToolError::Backend(BackendError::Upload(refusal)) => Some(refusal.code()),
        ToolError::Backend(BackendError::UnknownDownload(_)) => Some("DOWNLOAD_NOT_FOUND"),
        ToolError::Backend(BackendError::DialogOpen { .. }) => Some("DIALOG_OPEN"),
        ToolError::Backend(BackendError::BrowserGone(_)) => Some("BROWSER_GONE"),
        ToolError::Backend(BackendError::RestartLimit { .. }) => Some("BROWSER_RESTART_LIMIT"),
        ToolError::Backend(BackendError::Busy(_)) => Some("BROWSER_BUSY"),
        ToolError::Backend(BackendError::SecretOnScreen(_)) => Some("SECRET_ON_SCREEN"),
        ToolError::Backend(BackendError::NoDialog { .. }) => Some("NO_DIALOG"),
        _ => None,
    };
    let message = error.to_string();
    let message = if guard.scan(&message, &Context::new()).action == Action::Allow {
        message
    } else {
        WITHHELD_ERROR.to_owned()
    };
    let rejection = Rejection::new(Step::Handler, message);
    match code {
        Some(code) => rejection.with_code(code),
        None => rejection,
    }
}

/// Whether a refusal's code says the browser failed, not the agent: it ended, a pool refused a
/// session, the restart budget ran out, or a ref died with the browser.
fn browser_fault(code: &str) -> bool {
    matches!(
        code,
        "BROWSER_GONE" | "BROWSER_BUSY" | "BROWSER_RESTART_LIMIT" | "REF_STALE_BROWSER_RESTARTED"
    )
}

/// Whether a tool acts on a page (and so runs as one action under the network rule): every
/// tool with a verb past reading. Reads never let a side effect through either, but need no
/// record of what the page sent meanwhile.
fn acts_on_page(meta: &ToolMeta) -> bool {
    meta.verb.is_some_and(|v| v != Verb::ReadOnly)
}

/// The refusal of a side effect the agent's trust level does not allow.
fn side_effect_refused(tool: &str, what: &str, decision: GateDecision) -> Rejection {
    let mut rejection = Rejection::new(
        Step::Gate,
        format!(
            "{tool} {what}: a side effect, and {} A person can grant more trust.",
            decision.reason
        ),
    )
    .with_code("SIDE_EFFECT_BLOCKED");
    rejection.gate = Some(Box::new(decision));
    rejection
}

/// `POST http://a/x, DELETE http://b/y`.
fn blocked_list(blocked: &[ActionEffect]) -> String {
    blocked
        .iter()
        .filter_map(|effect| match effect {
            ActionEffect::Blocked { method, url } => Some(format!("{method} {url}")),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Tells the agent what the network rule stopped while the call ran, in the text and, for a
/// structured result, as `sideEffectsBlocked`.
fn note_blocked(output: &mut Result<ToolOutput, Rejection>, tool: &str, blocked: &[ActionEffect]) {
    if blocked.is_empty() {
        return;
    }
    let notes: Vec<String> = blocked.iter().map(|b| b.describe(tool)).collect();
    match output {
        Ok(out) => {
            // A text that is the JSON itself stays JSON; any other text gets sentences.
            let text_is_json = out
                .json
                .as_ref()
                .and_then(|j| serde_json::to_string(j).ok())
                .is_some_and(|rendered| rendered == out.text);
            if let Some(Value::Object(map)) = &mut out.json {
                map.insert("sideEffectsBlocked".to_owned(), serde_json::json!(notes));
            }
            match (&out.json, text_is_json) {
                (Some(json), true) => out.text = json.to_string(),
                _ => {
                    for note in &notes {
                        out.text.push_str(&format!(" Note: {note}."));
                    }
                }
            }
        }
        Err(rejection) => rejection.notes.extend(notes),
    }
}

/// What the injection scan reads of an output: the decoded string values of its structured
/// result, one a line (never the JSON, where `\n` escapes glue the lines of a multi-line
/// injection into one harmless-looking word), and its text when that is not the JSON itself.
fn scanned_text(output: &ToolOutput) -> String {
    let mut lines = Vec::new();
    if let Some(json) = &output.json {
        strings_of(json, &mut lines);
    }
    let text_is_json = output
        .json
        .as_ref()
        .and_then(|json| serde_json::to_string(json).ok())
        .is_some_and(|rendered| rendered == output.text);
    // A snapshot's text is also a string of its JSON: read once.
    if !text_is_json && !lines.contains(&output.text.as_str()) {
        lines.push(output.text.as_str());
    }
    lines.join("\n")
}

/// Every string value in `value`, depth first, in order.
fn strings_of<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|v| strings_of(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings_of(v, out)),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
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
