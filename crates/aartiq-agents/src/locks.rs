//! Tab locks: one lease per tab, with a time to live (spec i.3).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{AgentId, Clock};

/// How long a lease lives unless given otherwise: 30 seconds.
pub const DEFAULT_LOCK_TTL_MS: u64 = 30_000;

/// One agent's hold on one tab.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Lease {
    /// The tab.
    pub tab_id: String,
    /// Who holds it.
    pub agent_id: AgentId,
    /// When it was taken (ms since the epoch).
    pub acquired_at: u64,
    /// When it lapses; a lease with `expires_at <= now` is expired.
    pub expires_at: u64,
}

/// Why a lock operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LockRefusal {
    /// The original's message.
    pub reason: &'static str,
    /// Who holds the tab, when someone does.
    pub held_by: Option<AgentId>,
}

/// The tab locks of one browser.
#[derive(Debug, Default)]
pub struct TabLocks {
    leases: BTreeMap<String, Lease>,
}

impl TabLocks {
    /// No locks.
    pub fn new() -> TabLocks {
        TabLocks::default()
    }

    fn live<'a>(&'a self, tab_id: &str, clock: &dyn Clock) -> Option<&'a Lease> {
        self.leases
            .get(tab_id)
            .filter(|lease| lease.expires_at > clock.now_ms())
    }

    /// Who holds a live lease on `tab_id`.
    pub fn holder(&self, tab_id: &str, clock: &dyn Clock) -> Option<&AgentId> {
        self.live(tab_id, clock).map(|lease| &lease.agent_id)
    }

    /// Takes the tab for `agent` for `ttl_ms`. The same agent, or anyone when the lease has
    /// expired, gets a fresh lease.
    ///
    /// # Errors
    /// `Tab is locked by another agent.` when another agent holds a live lease.
    pub fn acquire(
        &mut self,
        tab_id: &str,
        agent: &AgentId,
        ttl_ms: u64,
        clock: &dyn Clock,
    ) -> Result<Lease, LockRefusal> {
        if let Some(lease) = self
            .live(tab_id, clock)
            .filter(|lease| &lease.agent_id != agent)
        {
            return Err(LockRefusal {
                reason: "Tab is locked by another agent.",
                held_by: Some(lease.agent_id.clone()),
            });
        }
        let now = clock.now_ms();
        let lease = Lease {
            tab_id: tab_id.to_owned(),
            agent_id: agent.clone(),
            acquired_at: now,
            expires_at: now.saturating_add(ttl_ms),
        };
        self.leases.insert(tab_id.to_owned(), lease.clone());
        Ok(lease)
    }

    /// Extends the owner's lease by `ttl_ms` from now.
    ///
    /// # Errors
    /// When `agent` does not hold a live lease on the tab.
    pub fn renew(
        &mut self,
        tab_id: &str,
        agent: &AgentId,
        ttl_ms: u64,
        clock: &dyn Clock,
    ) -> Result<Lease, LockRefusal> {
        let now = clock.now_ms();
        match self.leases.get_mut(tab_id) {
            Some(lease) if &lease.agent_id == agent && lease.expires_at > now => {
                lease.expires_at = now.saturating_add(ttl_ms);
                Ok(lease.clone())
            }
            other => Err(LockRefusal {
                reason: "Only the owner can renew a lock.",
                held_by: other.map(|lease| lease.agent_id.clone()),
            }),
        }
    }

    /// Releases the tab; only its owner may, unless `force`. Returns whether a lease was
    /// released.
    pub fn release(&mut self, tab_id: &str, agent: &AgentId, force: bool) -> bool {
        match self.leases.get(tab_id) {
            Some(lease) if force || &lease.agent_id == agent => {
                self.leases.remove(tab_id);
                true
            }
            _ => false,
        }
    }

    /// Passes the tab from `from` to `to`. A handoff of an unlocked (or expired) tab succeeds
    /// for anyone.
    ///
    /// # Errors
    /// `Handoff requires the current owner.` when someone other than `from` holds it.
    pub fn handoff(
        &mut self,
        tab_id: &str,
        from: &AgentId,
        to: &AgentId,
        clock: &dyn Clock,
    ) -> Result<Lease, LockRefusal> {
        if let Some(lease) = self
            .live(tab_id, clock)
            .filter(|lease| &lease.agent_id != from)
        {
            return Err(LockRefusal {
                reason: "Handoff requires the current owner.",
                held_by: Some(lease.agent_id.clone()),
            });
        }
        self.leases.remove(tab_id);
        self.acquire(tab_id, to, DEFAULT_LOCK_TTL_MS, clock)
    }

    /// Releases every lease `agent` holds; returns how many.
    pub fn release_all_for_agent(&mut self, agent: &AgentId) -> usize {
        let before = self.leases.len();
        self.leases.retain(|_, lease| &lease.agent_id != agent);
        before - self.leases.len()
    }

    /// Drops expired leases; returns how many.
    pub fn sweep(&mut self, clock: &dyn Clock) -> usize {
        let now = clock.now_ms();
        let before = self.leases.len();
        self.leases.retain(|_, lease| lease.expires_at > now);
        before - self.leases.len()
    }

    /// The live leases, by tab id.
    pub fn snapshot(&self, clock: &dyn Clock) -> Vec<Lease> {
        let now = clock.now_ms();
        self.leases
            .values()
            .filter(|lease| lease.expires_at > now)
            .cloned()
            .collect()
    }

    /// How many live leases `agent` holds.
    pub fn count_for(&self, agent: &AgentId, clock: &dyn Clock) -> usize {
        let now = clock.now_ms();
        self.leases
            .values()
            .filter(|lease| &lease.agent_id == agent && lease.expires_at > now)
            .count()
    }
}
