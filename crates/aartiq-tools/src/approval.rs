//! Approval: the [`Approver`] a person answers through, and approval tickets bound to the exact
//! action (spec b.9): SHA-256 of `"<action>:<canonical input>"`, 5-minute life, single use,
//! claimed atomically, at most 500.

use std::collections::{BTreeMap, VecDeque};

use aartiq_agents::AgentId;
use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// How long a ticket lives: 5 minutes.
pub const TICKET_TTL_MS: u64 = 5 * 60 * 1000;

/// How many tickets are kept; issuing one more evicts the oldest.
pub const MAX_TICKETS: usize = 500;

/// What a person is asked to approve: one concrete action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalRequest {
    /// The agent asking.
    pub agent: AgentId,
    /// The tool (the action type).
    pub tool: String,
    /// The canonical input (JSON with sorted keys).
    pub input: String,
    /// Hex SHA-256 of `"<tool>:<input>"`.
    pub digest: String,
    /// Why approval is needed.
    pub reason: String,
}

/// A person's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApprovalAnswer {
    /// Approved, for this action only.
    Approve,
    /// Approved, and the person asks not to be asked again for the same shell line (spec b.8
    /// "Always Allow"). Only the assistant's shell prompts offer it, and only for lines the
    /// shell policy finds eligible; everywhere else it counts as [`ApprovalAnswer::Approve`]
    /// for this action only.
    ApproveAlways,
    /// Denied, with a reason (`timed out`, `denied by user`, ...).
    Deny(String),
}

/// Asks a person (a UI prompt, the terminal, MCP elicitation, an HTTP pending action) to
/// approve one thing: the workspace's one approval trait. `Q` is what the asker shows: the
/// registry asks about one tool call ([`ApprovalRequest`], the default), the assistant's
/// runtime about a prompt of its own (one action or a batch of shell lines).
#[async_trait]
pub trait Approver<Q: ?Sized + Sync = ApprovalRequest>: Send + Sync {
    /// Decides on `question`. An implementation that cannot reach a person denies.
    async fn decide(&self, question: &Q) -> ApprovalAnswer;
}

/// Who has a question open to a person: at most one each. This is the one place "one approval
/// at a time" is kept: the registry keys it by agent, the assistant's runtime by itself, and
/// an [`Approver`] may rely on never being asked twice at once by the same asker.
#[derive(Debug)]
pub struct OpenQuestions<K: Ord> {
    open: std::sync::Mutex<std::collections::BTreeSet<K>>,
}

impl<K: Ord> Default for OpenQuestions<K> {
    fn default() -> OpenQuestions<K> {
        OpenQuestions {
            open: std::sync::Mutex::new(std::collections::BTreeSet::new()),
        }
    }
}

impl<K: Ord + Clone> OpenQuestions<K> {
    /// None open.
    pub fn new() -> OpenQuestions<K> {
        OpenQuestions::default()
    }

    /// Opens `asker`'s one question, or `None` while it has one open. Dropping the returned
    /// claim closes it, whatever the answer (or a cancelled wait).
    pub fn claim(&self, asker: &K) -> Option<OpenQuestion<'_, K>> {
        crate::tool::lock(&self.open)
            .insert(asker.clone())
            .then(|| OpenQuestion {
                open: &self.open,
                asker: asker.clone(),
            })
    }

    /// Whether `asker` has a question open.
    pub fn is_open(&self, asker: &K) -> bool {
        crate::tool::lock(&self.open).contains(asker)
    }
}

/// One open question; closed on drop.
#[derive(Debug)]
pub struct OpenQuestion<'a, K: Ord> {
    open: &'a std::sync::Mutex<std::collections::BTreeSet<K>>,
    asker: K,
}

impl<K: Ord> Drop for OpenQuestion<'_, K> {
    fn drop(&mut self) {
        crate::tool::lock(self.open).remove(&self.asker);
    }
}

/// A ticket's id: `ticket-<n>-<ms>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct TicketId(pub String);

impl std::fmt::Display for TicketId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a ticket was refused (spec b.9 `consumeTicket`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, thiserror::Error)]
#[non_exhaustive]
pub enum TicketError {
    /// Unknown or already consumed.
    #[error("APPROVAL_INVALID: the approval ticket is unknown or was already used")]
    Invalid,
    /// Older than five minutes (the ticket is deleted).
    #[error("APPROVAL_EXPIRED: the approval ticket expired")]
    Expired,
    /// Issued for another action or another input (the ticket is burned).
    #[error("APPROVAL_SCOPE_MISMATCH: the approval ticket was issued for a different action")]
    ScopeMismatch,
}

impl TicketError {
    /// The original's code.
    pub fn code(self) -> &'static str {
        match self {
            TicketError::Invalid => "APPROVAL_INVALID",
            TicketError::Expired => "APPROVAL_EXPIRED",
            TicketError::ScopeMismatch => "APPROVAL_SCOPE_MISMATCH",
        }
    }
}

#[derive(Debug, Clone)]
struct Ticket {
    action: String,
    digest: [u8; 32],
    expires_at: u64,
}

/// The approval tickets. Callers share it behind a lock; [`ApprovalTickets::consume`] checks
/// and removes in one step, so of two consumers of one ticket exactly one succeeds.
#[derive(Debug, Default)]
pub struct ApprovalTickets {
    tickets: BTreeMap<TicketId, Ticket>,
    order: VecDeque<TicketId>,
    issued: u64,
}

/// `input` serialised with object keys sorted at every level; strings stay as they are.
pub fn canonical_input(input: &Value) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .filter_map(|k| map.get(k).map(|v| (k.clone(), sorted(v))))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    match input {
        Value::String(text) => text.clone(),
        other => sorted(other).to_string(),
    }
}

/// SHA-256 of `"<action>:<input>"`.
pub fn action_digest(action: &str, input: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(action.as_bytes());
    hasher.update(b":");
    hasher.update(input.as_bytes());
    hasher.finalize().into()
}

/// Lower-case hex of a digest.
pub fn hex(digest: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(digest.len() * 2);
    for byte in digest {
        out.push(char::from(DIGITS[usize::from(byte >> 4)]));
        out.push(char::from(DIGITS[usize::from(byte & 0xf)]));
    }
    out
}

impl ApprovalTickets {
    /// No tickets.
    pub fn new() -> ApprovalTickets {
        ApprovalTickets::default()
    }

    /// How many tickets are held.
    pub fn len(&self) -> usize {
        self.tickets.len()
    }

    /// Whether none are held.
    pub fn is_empty(&self) -> bool {
        self.tickets.is_empty()
    }

    /// Issues a ticket for `action` on `input` (already canonical), valid for five minutes.
    pub fn issue(&mut self, action: &str, input: &str, now_ms: u64) -> TicketId {
        self.issued += 1;
        let id = TicketId(format!("ticket-{}-{now_ms}", self.issued));
        while self.tickets.len() >= MAX_TICKETS {
            match self.order.pop_front() {
                Some(oldest) => {
                    self.tickets.remove(&oldest);
                }
                None => break,
            }
        }
        self.tickets.insert(
            id.clone(),
            Ticket {
                action: action.to_owned(),
                digest: action_digest(action, input),
                expires_at: now_ms.saturating_add(TICKET_TTL_MS),
            },
        );
        self.order.push_back(id.clone());
        id
    }

    fn check(
        &self,
        id: &TicketId,
        action: &str,
        input: &str,
        now_ms: u64,
    ) -> Result<(), TicketError> {
        let ticket = self.tickets.get(id).ok_or(TicketError::Invalid)?;
        if ticket.expires_at <= now_ms {
            return Err(TicketError::Expired);
        }
        if ticket.action != action || ticket.digest != action_digest(action, input) {
            return Err(TicketError::ScopeMismatch);
        }
        Ok(())
    }

    /// Validates without consuming (`peekTicket`).
    ///
    /// # Errors
    /// As [`ApprovalTickets::consume`], but nothing is deleted.
    pub fn peek(
        &self,
        id: &TicketId,
        action: &str,
        input: &str,
        now_ms: u64,
    ) -> Result<(), TicketError> {
        self.check(id, action, input, now_ms)
    }

    /// Claims the ticket for `action` on `input`. Any outcome but "unknown" deletes it: a
    /// ticket is used once, an expired one is dropped, a mismatched one is burned.
    ///
    /// # Errors
    /// [`TicketError::Invalid`], [`TicketError::Expired`] or [`TicketError::ScopeMismatch`].
    pub fn consume(
        &mut self,
        id: &TicketId,
        action: &str,
        input: &str,
        now_ms: u64,
    ) -> Result<(), TicketError> {
        let outcome = self.check(id, action, input, now_ms);
        if outcome != Err(TicketError::Invalid) {
            self.tickets.remove(id);
            self.order.retain(|t| t != id);
        }
        outcome
    }
}
