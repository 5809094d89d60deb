//! The origin guard with its kill switch, and the gate every agent action passes (spec d.2).

use std::collections::{BTreeSet, VecDeque};

use serde::Serialize;

use crate::{AgentError, AgentId, AgentRegistry, Authority, Clock, Verb};

/// How many audit entries the guard keeps (spec d.2).
pub const AUDIT_CAPACITY: usize = 1000;

/// The guard's policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuardPolicy {
    /// Verbs that always need a person's approval.
    pub approval_verbs: BTreeSet<Verb>,
    /// Verbs that are always refused.
    pub deny_verbs: BTreeSet<Verb>,
    /// Origins agents may act on.
    pub allowlist: BTreeSet<String>,
    /// Whether the allowlist is enforced.
    pub enforce_allowlist: bool,
}

impl Default for GuardPolicy {
    /// The original's defaults: approval for side effects and destruction, destruction denied,
    /// allowlist not enforced.
    fn default() -> GuardPolicy {
        GuardPolicy {
            approval_verbs: [Verb::SideEffecting, Verb::Destructive].into(),
            deny_verbs: [Verb::Destructive].into(),
            allowlist: BTreeSet::new(),
            enforce_allowlist: false,
        }
    }
}

/// The guard's answer for one action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GateDecision {
    /// Whether the action may go on (to approval, when `requires_approval`).
    pub allowed: bool,
    /// Whether a person must approve it first.
    pub requires_approval: bool,
    /// The original's message.
    pub reason: String,
}

impl GateDecision {
    fn deny(reason: impl Into<String>) -> GateDecision {
        GateDecision {
            allowed: false,
            requires_approval: false,
            reason: reason.into(),
        }
    }
}

/// One line of the audit log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    /// When (ms since the epoch).
    pub at: u64,
    /// Who.
    pub agent_id: AgentId,
    /// What kind of action.
    pub verb: Verb,
    /// Where, when known.
    pub origin: Option<String>,
    /// The decision.
    pub decision: GateDecision,
    /// The score change this entry records, for entries that are one (see
    /// [`OriginGuard::record_score`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreChange>,
}

/// A change of an agent's score, as the audit log records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreChange {
    /// The score before.
    pub before: u8,
    /// The score after.
    pub after: u8,
    /// The level in force after.
    pub trust: crate::TrustLevel,
    /// Whether the change revoked the agent.
    pub revoked: bool,
    /// Why: `quarantined read of get_page_text`, `refused call of navigate`, ...
    pub cause: String,
}

/// Origin policy, kill switch and audit log.
#[derive(Debug, Default)]
pub struct OriginGuard {
    policy: GuardPolicy,
    kill_switch: bool,
    audit: VecDeque<AuditEntry>,
}

impl OriginGuard {
    /// A guard with `policy`, kill switch off.
    pub fn new(policy: GuardPolicy) -> OriginGuard {
        OriginGuard {
            policy,
            kill_switch: false,
            audit: VecDeque::new(),
        }
    }

    /// The policy in force.
    pub fn policy(&self) -> &GuardPolicy {
        &self.policy
    }

    /// Whether the kill switch is engaged.
    pub fn kill_switch_engaged(&self) -> bool {
        self.kill_switch
    }

    /// Engages the kill switch: every agent action is refused until a person releases it. Any
    /// authority may engage it.
    pub fn engage_kill_switch(&mut self) {
        self.kill_switch = true;
    }

    /// Releases the kill switch.
    ///
    /// # Errors
    /// [`AgentError::HumanOnly`] unless a person asks: an agent that could release the switch
    /// would make it worthless (the original could not release it at all through its tool,
    /// spec d.4 row 3).
    pub fn release_kill_switch(&mut self, authority: &Authority) -> Result<(), AgentError> {
        if *authority != Authority::Human {
            return Err(AgentError::HumanOnly {
                action: "release the kill switch",
            });
        }
        self.kill_switch = false;
        Ok(())
    }

    /// The policy's verdict on `verb` at `origin` (spec d.2 step 4).
    pub fn evaluate(&self, verb: Verb, origin: Option<&str>) -> GateDecision {
        if self.kill_switch {
            return GateDecision::deny("Kill switch engaged: all agent actions blocked.");
        }
        if self.policy.deny_verbs.contains(&verb) {
            return GateDecision::deny(format!("Verb \"{verb}\" is categorically denied."));
        }
        if self.policy.enforce_allowlist
            && !origin.is_some_and(|o| self.policy.allowlist.contains(o))
        {
            return GateDecision::deny(format!(
                "Origin \"{}\" is not in the allowlist.",
                origin.unwrap_or("unknown")
            ));
        }
        if self.policy.approval_verbs.contains(&verb) {
            return GateDecision {
                allowed: true,
                requires_approval: true,
                reason: format!("Verb \"{verb}\" requires human approval."),
            };
        }
        GateDecision {
            allowed: true,
            requires_approval: false,
            reason: "Action permitted by policy.".to_owned(),
        }
    }

    /// The audit log, oldest first.
    pub fn audit(&self) -> impl Iterator<Item = &AuditEntry> {
        self.audit.iter()
    }

    fn record(&mut self, entry: AuditEntry) {
        if self.audit.len() == AUDIT_CAPACITY {
            self.audit.pop_front();
        }
        self.audit.push_back(entry);
    }

    /// Records a change of `agent`'s score (made by [`AgentRegistry::record_injection`] or
    /// [`AgentRegistry::record_action`]) in the audit log, under the verb of the call that
    /// caused it.
    pub fn record_score(
        &mut self,
        agent: &AgentId,
        verb: Verb,
        change: ScoreChange,
        clock: &dyn Clock,
    ) {
        let reason = format!(
            "Score {} -> {} ({}): trust {}{}.",
            change.before,
            change.after,
            change.cause,
            change.trust,
            if change.revoked { ", revoked" } else { "" }
        );
        self.record(AuditEntry {
            at: clock.now_ms(),
            agent_id: agent.clone(),
            verb,
            origin: None,
            decision: GateDecision {
                allowed: !change.revoked,
                requires_approval: false,
                reason,
            },
            score: Some(change),
        });
    }

    /// What the gate of spec d.2 decides for one action, without acting on it: registry
    /// checks, then the policy. Nothing is touched or audited; [`OriginGuard::gate`] is this
    /// decision, acted on.
    pub fn judge(
        &self,
        registry: &AgentRegistry,
        agent: &AgentId,
        verb: Verb,
        origin: Option<&str>,
    ) -> GateDecision {
        match registry.get(agent) {
            None => GateDecision::deny("Unknown agent: not registered."),
            Some(record) if record.revoked => GateDecision::deny("Agent is revoked."),
            Some(record) if !record.verbs().contains(&verb) => GateDecision::deny(format!(
                "Agent trust level \"{}\" lacks verb \"{verb}\".",
                record.trust()
            )),
            Some(record)
                if origin.is_some_and(|o| {
                    !record.origins.is_empty() && !record.origins.iter().any(|allowed| allowed == o)
                }) =>
            {
                GateDecision::deny(format!(
                    "Origin \"{}\" is not allowed for this agent.",
                    origin.unwrap_or("unknown")
                ))
            }
            Some(record)
                if self.policy.approval_verbs.contains(&verb)
                    && !record.trust().can_request_approval() =>
            {
                GateDecision::deny(format!(
                    "Agent trust level \"{}\" cannot request approval.",
                    record.trust()
                ))
            }
            Some(_) => self.evaluate(verb, origin),
        }
    }

    /// The whole gate of spec d.2 for one action: [`OriginGuard::judge`], then an allowed
    /// action touches the agent. Every decision is audited.
    pub fn gate(
        &mut self,
        registry: &mut AgentRegistry,
        agent: &AgentId,
        verb: Verb,
        origin: Option<&str>,
        clock: &dyn Clock,
    ) -> GateDecision {
        let decision = self.judge(registry, agent, verb, origin);
        if decision.allowed {
            registry.touch(agent, clock);
        }
        self.record(AuditEntry {
            at: clock.now_ms(),
            agent_id: agent.clone(),
            verb,
            origin: origin.map(str::to_owned),
            decision: decision.clone(),
            score: None,
        });
        decision
    }
}

/// The origin of an action's target (spec d.2 `originOf`): `scheme://host[:port]` for a URL,
/// nothing for anything else (a tab id, a bare word).
///
/// ```
/// use aartiq_agents::origin_of;
/// assert_eq!(origin_of("https://Example.com:8443/a?b").as_deref(), Some("https://example.com:8443"));
/// assert_eq!(origin_of("chrome-extension://abc/page.html").as_deref(), Some("chrome-extension://abc"));
/// assert_eq!(origin_of("tab-3"), None);
/// ```
pub fn origin_of(target: &str) -> Option<String> {
    let (scheme, rest) = target.trim().split_once("://")?;
    let valid_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !valid_scheme {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    // Drop user info; it is not part of an origin.
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    if host.is_empty() {
        return None;
    }
    let scheme = scheme.to_ascii_lowercase();
    let mut host = host.to_ascii_lowercase();
    // Default ports are not written in an origin.
    for (s, port) in [("http", ":80"), ("https", ":443")] {
        if scheme == s && host.ends_with(port) {
            host.truncate(host.len() - port.len());
        }
    }
    Some(format!("{scheme}://{host}"))
}
