//! The queue of approvals unattended runs could not get. A scheduled run never approves what
//! needs a person: it queues the prompt here and skips the command. A person decides later;
//! an approval is then used once, by the next run of the same automation asking the same
//! thing (matched by fingerprint).

use rusqlite::{OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

use crate::error::{Op, StoreError};
use crate::store::{Store, ms_from_sql, ms_to_sql};

/// Where a queued approval stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ApprovalStatus {
    /// Waiting for a person.
    Pending,
    /// A person approved it; the next matching run uses it.
    Approved,
    /// A person denied it.
    Denied,
    /// A run used the approval.
    Used,
}

impl ApprovalStatus {
    /// The lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            ApprovalStatus::Pending => "pending",
            ApprovalStatus::Approved => "approved",
            ApprovalStatus::Denied => "denied",
            ApprovalStatus::Used => "used",
        }
    }

    fn parse(text: &str) -> Option<ApprovalStatus> {
        [
            ApprovalStatus::Pending,
            ApprovalStatus::Approved,
            ApprovalStatus::Denied,
            ApprovalStatus::Used,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// A prompt to queue.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NewApproval {
    /// The automation whose run asked.
    pub automation_id: i64,
    /// What exactly is asked (the caller's digest of the prompt); an approval only serves a
    /// later request with the same fingerprint.
    pub fingerprint: String,
    /// The command(s), for the person.
    pub command: String,
    /// The risk shown.
    pub risk: String,
    /// Why approval is needed.
    pub reason: String,
    /// The whole prompt as the runtime built it.
    pub prompt: serde_json::Value,
}

/// A queued approval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueuedApproval {
    /// Its number.
    pub id: i64,
    /// The automation whose run asked.
    pub automation_id: i64,
    /// What exactly is asked.
    pub fingerprint: String,
    /// The command(s).
    pub command: String,
    /// The risk shown.
    pub risk: String,
    /// Why approval is needed.
    pub reason: String,
    /// The whole prompt.
    pub prompt: serde_json::Value,
    /// Where it stands.
    pub status: ApprovalStatus,
    /// When it was queued (ms).
    pub created_at: u64,
    /// When a person decided or a run used it (ms).
    pub decided_at: Option<u64>,
}

const COLUMNS: &str =
    "id, automation_id, fingerprint, command, risk, reason, prompt, status, created_at, decided_at";

type RawRow = (
    i64,
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    Option<i64>,
);

fn raw(r: &Row<'_>) -> rusqlite::Result<RawRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
    ))
}

fn decode(row: RawRow) -> Result<QueuedApproval, StoreError> {
    let (id, automation_id, fingerprint, command, risk, reason, prompt, status, created, decided) =
        row;
    Ok(QueuedApproval {
        id,
        automation_id,
        fingerprint,
        command,
        risk,
        reason,
        prompt: serde_json::from_str(&prompt)
            .map_err(|e| StoreError::corrupt("queued approval", format!("#{id}: {e}")))?,
        status: ApprovalStatus::parse(&status)
            .ok_or_else(|| StoreError::corrupt("queued approval", format!("#{id}: {status}")))?,
        created_at: ms_from_sql(created),
        decided_at: decided.map(ms_from_sql),
    })
}

impl Store {
    /// Queues a prompt; when the same automation already has a pending one with this
    /// fingerprint, that one is returned instead of a duplicate.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn queue_approval(
        &self,
        new: &NewApproval,
        now_ms: u64,
    ) -> Result<QueuedApproval, StoreError> {
        let id = self.write("queue approval", |tx| {
            let existing: Option<i64> = tx
                .query_row(
                    "SELECT id FROM pending_approvals
                     WHERE automation_id = ?1 AND fingerprint = ?2 AND status = 'pending'",
                    params![new.automation_id, new.fingerprint],
                    |r| r.get(0),
                )
                .optional()
                .op("queue approval")?;
            if let Some(id) = existing {
                return Ok(id);
            }
            tx.execute(
                "INSERT INTO pending_approvals
                 (automation_id, fingerprint, command, risk, reason, prompt, status, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7)",
                params![
                    new.automation_id,
                    new.fingerprint,
                    new.command,
                    new.risk,
                    new.reason,
                    new.prompt.to_string(),
                    ms_to_sql(now_ms)
                ],
            )
            .op("queue approval")?;
            Ok(tx.last_insert_rowid())
        })?;
        self.queued_approval(id)?
            .ok_or_else(|| StoreError::corrupt("queued approval", format!("#{id} vanished")))
    }

    /// The queued approval `id`.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`], [`StoreError::Database`].
    pub fn queued_approval(&self, id: i64) -> Result<Option<QueuedApproval>, StoreError> {
        let row = self.read("read queued approval", |conn| {
            conn.query_row(
                &format!("SELECT {COLUMNS} FROM pending_approvals WHERE id = ?1"),
                [id],
                raw,
            )
            .optional()
        })?;
        row.map(decode).transpose()
    }

    /// Queued approvals, oldest first; only those with `status` when given.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`], [`StoreError::Database`].
    pub fn queued_approvals(
        &self,
        status: Option<ApprovalStatus>,
    ) -> Result<Vec<QueuedApproval>, StoreError> {
        let rows = self.read("list queued approvals", |conn| {
            let mut stmt = conn.prepare(&format!(
                "SELECT {COLUMNS} FROM pending_approvals
                 WHERE (?1 IS NULL OR status = ?1) ORDER BY id"
            ))?;
            let rows = stmt.query_map([status.map(ApprovalStatus::as_str)], raw)?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })?;
        rows.into_iter().map(decode).collect()
    }

    /// A person's decision on a pending approval.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] when there is no pending approval `id`; [`StoreError::Database`].
    pub fn decide_approval(
        &self,
        id: i64,
        approve: bool,
        now_ms: u64,
    ) -> Result<QueuedApproval, StoreError> {
        let status = if approve {
            ApprovalStatus::Approved
        } else {
            ApprovalStatus::Denied
        };
        let changed = self.write("decide approval", |tx| {
            tx.execute(
                "UPDATE pending_approvals SET status = ?2, decided_at = ?3
                 WHERE id = ?1 AND status = 'pending'",
                params![id, status.as_str(), ms_to_sql(now_ms)],
            )
            .op("decide approval")
        })?;
        if changed == 0 {
            return Err(StoreError::invalid(
                "approval",
                format!("there is no pending approval #{id}"),
            ));
        }
        self.queued_approval(id)?
            .ok_or_else(|| StoreError::corrupt("queued approval", format!("#{id} vanished")))
    }

    /// Uses a person's approval for automation `automation_id` and `fingerprint`, once:
    /// whether there was one (it is then marked used).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn take_approval(
        &self,
        automation_id: i64,
        fingerprint: &str,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        self.write("use approval", |tx| {
            tx.execute(
                "UPDATE pending_approvals SET status = 'used', decided_at = ?3
                 WHERE id = (SELECT id FROM pending_approvals
                             WHERE automation_id = ?1 AND fingerprint = ?2 AND status = 'approved'
                             ORDER BY id LIMIT 1)",
                params![automation_id, fingerprint, ms_to_sql(now_ms)],
            )
            .op("use approval")
            .map(|n| n > 0)
        })
    }
}
