//! The agent registry: identity, transport, trust, score and revocation (spec d.1, i.2).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{AgentError, Clock, TabLocks, TrustLevel, Verb};

/// An agent's id, as the agent names itself (MCP `_meta`, an HTTP token's client id, ...).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AgentId(pub String);

impl AgentId {
    /// An id from text.
    pub fn new(id: impl Into<String>) -> AgentId {
        AgentId(id.into())
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for AgentId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// How the agent reaches us.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Transport {
    /// The Model Context Protocol (the original's default).
    #[default]
    Mcp,
    /// The HTTP agent API.
    Http,
    /// Our own assistant, in the same process.
    InProcess,
}

/// Who is asking for a privileged change to the registry or the guard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Authority {
    /// A person, through an approval or a local command.
    Human,
    /// An agent, acting on its own trust.
    Agent(AgentId),
}

/// What an agent says about itself when it connects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Registration {
    /// Its id; a person registering an existing id replaces the record (never a revoked one).
    pub id: AgentId,
    /// A display name.
    pub name: String,
    /// The trust level asked for; `limited` when absent.
    #[serde(default)]
    pub trust: Option<TrustLevel>,
    /// How it connects.
    #[serde(default)]
    pub transport: Transport,
    /// Whether it connects from another machine.
    #[serde(default)]
    pub remote: bool,
    /// Its user agent, when it sent one.
    #[serde(default)]
    pub user_agent: Option<String>,
    /// Origins it may act on; empty means any.
    #[serde(default)]
    pub origins: Vec<String>,
}

/// One agent as the registry knows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentRecord {
    /// Its id.
    pub id: AgentId,
    /// Its display name.
    pub name: String,
    /// The level a person or a privileged agent granted; the score can lower the effective
    /// level below it, never raise it above.
    pub granted: TrustLevel,
    /// Its score, 0-100.
    pub score: u8,
    /// Whether it has been revoked (the record stays for history).
    pub revoked: bool,
    /// Origins it may act on; empty means any.
    pub origins: Vec<String>,
    /// How it connects.
    pub transport: Transport,
    /// Whether it connects from another machine.
    pub remote: bool,
    /// Its user agent.
    pub user_agent: Option<String>,
    /// When it connected (ms since the epoch).
    pub paired_at: u64,
    /// When it last acted.
    pub last_seen: u64,
    /// Whether it is connected now.
    pub connected: bool,
}

impl AgentRecord {
    /// The level in force: the granted level, lowered by a poor score; `untrusted` once revoked.
    pub fn trust(&self) -> TrustLevel {
        if self.revoked {
            TrustLevel::Untrusted
        } else {
            self.granted.min(TrustLevel::for_score(self.score))
        }
    }

    /// The verbs in force (none once revoked). Always derived from [`AgentRecord::trust`].
    pub fn verbs(&self) -> &'static [Verb] {
        if self.revoked {
            &[]
        } else {
            self.trust().verbs()
        }
    }
}

/// The answer of [`AgentRegistry::authorize`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Authorization {
    /// Whether the agent may act.
    pub ok: bool,
    /// The original's reason (spec i.2).
    pub reason: String,
    /// Who holds the tab, when that is the reason.
    pub held_by: Option<AgentId>,
}

/// Every agent that ever connected.
#[derive(Debug, Default)]
pub struct AgentRegistry {
    agents: BTreeMap<AgentId, AgentRecord>,
}

impl AgentRegistry {
    /// No agents.
    pub fn new() -> AgentRegistry {
        AgentRegistry::default()
    }

    /// Whether `authority` may grant `level`: anyone may grant up to `limited`; above that
    /// only a person or a privileged, unrevoked agent.
    fn may_grant(&self, authority: &Authority, level: TrustLevel) -> bool {
        level <= TrustLevel::Limited
            || match authority {
                Authority::Human => true,
                Authority::Agent(id) => self
                    .get(id)
                    .is_some_and(|a| a.trust() == TrustLevel::Privileged),
            }
    }

    /// Registers (or re-registers) an agent.
    ///
    /// # Errors
    /// [`AgentError::NeedsApproval`] when the trust asked for is above `limited` and
    /// `authority` is neither a person nor a privileged agent (the original let any caller
    /// mint a privileged agent, spec d.4 row 5).
    pub fn register(
        &mut self,
        registration: Registration,
        authority: &Authority,
        clock: &dyn Clock,
    ) -> Result<&AgentRecord, AgentError> {
        let level = registration.trust.unwrap_or_default();
        if !self.may_grant(authority, level) {
            return Err(AgentError::NeedsApproval { level });
        }
        // Registering again never launders a record: a revoked id stays revoked, and an agent
        // cannot replace any record (another's trust, or its own score).
        if let Some(existing) = self.agents.get(&registration.id) {
            if existing.revoked {
                return Err(AgentError::Revoked(registration.id));
            }
            if matches!(authority, Authority::Agent(_)) {
                return Err(AgentError::AlreadyRegistered(registration.id));
            }
        }
        let now = clock.now_ms();
        let record = AgentRecord {
            id: registration.id.clone(),
            name: registration.name,
            granted: level,
            score: level.baseline_score(),
            revoked: false,
            origins: registration.origins,
            transport: registration.transport,
            remote: registration.remote,
            user_agent: registration.user_agent,
            paired_at: now,
            last_seen: now,
            connected: true,
        };
        let slot = self
            .agents
            .entry(registration.id)
            .or_insert_with(|| record.clone());
        *slot = record;
        Ok(slot)
    }

    /// The agent's record.
    pub fn get(&self, id: &AgentId) -> Option<&AgentRecord> {
        self.agents.get(id)
    }

    /// Every record, by id.
    pub fn list(&self) -> impl Iterator<Item = &AgentRecord> {
        self.agents.values()
    }

    /// The agents connected now.
    pub fn connected(&self) -> impl Iterator<Item = &AgentRecord> {
        self.agents.values().filter(|a| a.connected && !a.revoked)
    }

    fn record_mut(&mut self, id: &AgentId) -> Result<&mut AgentRecord, AgentError> {
        self.agents
            .get_mut(id)
            .ok_or_else(|| AgentError::UnknownAgent(id.clone()))
    }

    /// Sets an agent's granted trust; the verbs follow (spec d.1 bug fixed). Its score moves to
    /// the level's baseline when the score would hold the new level down.
    ///
    /// # Errors
    /// Unknown agent, or a raise above `limited` without a person or a privileged agent.
    pub fn set_trust(
        &mut self,
        id: &AgentId,
        level: TrustLevel,
        authority: &Authority,
    ) -> Result<TrustLevel, AgentError> {
        if !self.may_grant(authority, level) {
            return Err(AgentError::NeedsApproval { level });
        }
        let record = self.record_mut(id)?;
        record.granted = level;
        if TrustLevel::for_score(record.score) < level {
            record.score = level.baseline_score();
        }
        Ok(record.trust())
    }

    /// Removes the agent's record, returning it. For identities that exist for one call only
    /// (an HTTP call without `x-agent-id` gets a fresh agent, spec d.6): kept, they would grow
    /// the registry by one record per call. A revoked agent is never forgotten, so a
    /// revocation cannot be shed by asking for it.
    pub fn forget(&mut self, id: &AgentId) -> Option<AgentRecord> {
        if self.agents.get(id).is_some_and(|r| r.revoked) {
            return None;
        }
        self.agents.remove(id)
    }

    /// Revokes the agent: no verbs, untrusted, score 0. The record stays.
    ///
    /// # Errors
    /// Unknown agent.
    pub fn revoke(&mut self, id: &AgentId) -> Result<(), AgentError> {
        let record = self.record_mut(id)?;
        record.revoked = true;
        record.score = 0;
        Ok(())
    }

    /// An injection attempt: -25 (floor 0); below 20 the agent is revoked (spec d.1).
    ///
    /// # Errors
    /// Unknown agent.
    pub fn record_injection(&mut self, id: &AgentId) -> Result<TrustLevel, AgentError> {
        let record = self.record_mut(id)?;
        record.score = record.score.saturating_sub(25);
        if record.score < 20 {
            record.revoked = true;
            record.score = 0;
        }
        Ok(record.trust())
    }

    /// An action's outcome: +1 on success (cap 100), -5 on failure (floor 0); the effective
    /// level follows the score downwards, never above what was granted.
    ///
    /// # Errors
    /// Unknown agent.
    pub fn record_action(
        &mut self,
        id: &AgentId,
        success: bool,
        clock: &dyn Clock,
    ) -> Result<TrustLevel, AgentError> {
        let record = self.record_mut(id)?;
        record.score = if success {
            record.score.saturating_add(1).min(100)
        } else {
            record.score.saturating_sub(5)
        };
        record.last_seen = clock.now_ms();
        Ok(record.trust())
    }

    /// Marks the agent as seen now.
    pub fn touch(&mut self, id: &AgentId, clock: &dyn Clock) {
        if let Some(record) = self.agents.get_mut(id) {
            record.last_seen = clock.now_ms();
        }
    }

    /// Disconnects the agent: releases its tab locks, marks it disconnected and revokes it
    /// (spec i.2). Returns how many locks were released.
    ///
    /// # Errors
    /// Unknown agent.
    pub fn disconnect(&mut self, id: &AgentId, locks: &mut TabLocks) -> Result<usize, AgentError> {
        let record = self.record_mut(id)?;
        record.connected = false;
        record.revoked = true;
        record.score = 0;
        Ok(locks.release_all_for_agent(id))
    }

    /// Whether the agent may use `verb` on `origin` (spec d.1 `can`).
    pub fn can(&self, id: &AgentId, verb: Verb, origin: Option<&str>) -> bool {
        let Some(record) = self.get(id) else {
            return false;
        };
        if !record.verbs().contains(&verb) {
            return false;
        }
        match origin {
            Some(origin) if !record.origins.is_empty() => {
                record.origins.iter().any(|o| o == origin)
            }
            _ => true,
        }
    }

    /// Whether the agent may act on `tab_id` with `verb` (spec i.2); does not take the lock.
    pub fn authorize(
        &self,
        id: &AgentId,
        tab_id: &str,
        verb: Verb,
        origin: Option<&str>,
        locks: &TabLocks,
        clock: &dyn Clock,
    ) -> Authorization {
        let refuse = |reason: String, held_by| Authorization {
            ok: false,
            reason,
            held_by,
        };
        match self.get(id) {
            None => return refuse("Agent not connected or revoked.".into(), None),
            Some(record) if record.revoked || !record.connected => {
                return refuse("Agent not connected or revoked.".into(), None);
            }
            Some(record) if !self.can(id, verb, origin) => {
                return refuse(
                    format!("Agent \"{}\" cannot perform \"{verb}\".", record.trust()),
                    None,
                );
            }
            Some(_) => {}
        }
        match locks.holder(tab_id, clock) {
            Some(holder) if holder != id => refuse(
                "Tab is locked by another agent.".into(),
                Some(holder.clone()),
            ),
            _ => Authorization {
                ok: true,
                reason: "authorized".into(),
                held_by: None,
            },
        }
    }
}
