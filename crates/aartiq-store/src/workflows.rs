//! Recorded workflows (`RECORD_WORKFLOW`, `PLAY_WORKFLOW`, spec a.8 rows 59-60): a name and the
//! commands that ran while recording, each kept as command text that parses back to the same
//! command, so a replay goes through parsing, policy and approval like a model's reply.

use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{Op, StoreError};
use crate::store::{Store, check_text, clamp_ms, ms_from_sql, ms_to_sql};

/// The longest workflow name accepted.
pub const MAX_WORKFLOW_NAME_CHARS: usize = 100;
/// The most steps a workflow may have.
pub const MAX_WORKFLOW_STEPS: usize = 500;
/// The longest step text accepted.
pub const MAX_STEP_CHARS: usize = 20_000;

/// One step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkflowStep {
    /// The command's name (`NAVIGATE`), for listings.
    pub command: String,
    /// The command as text in one of the parser's forms (JSON), parsed again on replay.
    pub text: String,
}

/// A stored workflow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Workflow {
    /// Its name (unique).
    pub name: String,
    /// The steps, in order.
    pub steps: Vec<WorkflowStep>,
    /// When it was first saved (ms).
    pub created_at: u64,
    /// When it was last saved (ms).
    pub updated_at: u64,
}

/// Checks a workflow name: 1 to 100 characters, no control characters; returns it trimmed.
///
/// # Errors
/// [`StoreError::Invalid`] saying why.
pub fn check_workflow_name(name: &str) -> Result<&str, StoreError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(StoreError::invalid("workflow name", "it is empty"));
    }
    if name.chars().any(char::is_control) {
        return Err(StoreError::invalid(
            "workflow name",
            "it contains control characters",
        ));
    }
    check_text("workflow name", name, MAX_WORKFLOW_NAME_CHARS)?;
    Ok(name)
}

impl Store {
    /// Saves `steps` as workflow `name`, replacing one of that name (its creation time kept).
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a bad name, no steps, too many or oversized steps;
    /// [`StoreError::Database`].
    pub fn save_workflow(
        &self,
        name: &str,
        steps: &[WorkflowStep],
        now_ms: u64,
    ) -> Result<Workflow, StoreError> {
        let now_ms = clamp_ms(now_ms);
        let name = check_workflow_name(name)?;
        if steps.is_empty() {
            return Err(StoreError::invalid("workflow", "it has no steps"));
        }
        if steps.len() > MAX_WORKFLOW_STEPS {
            return Err(StoreError::invalid(
                "workflow",
                format!("more than {MAX_WORKFLOW_STEPS} steps"),
            ));
        }
        for step in steps {
            check_text("workflow step", &step.text, MAX_STEP_CHARS)?;
            check_text("workflow step", &step.command, 64)?;
        }
        let json = serde_json::to_string(steps)
            .map_err(|e| StoreError::invalid("workflow", e.to_string()))?;
        let created = self.write("save workflow", |tx| {
            let created: Option<i64> = tx
                .query_row(
                    "SELECT created_at FROM workflows WHERE name = ?1",
                    [name],
                    |r| r.get(0),
                )
                .optional()
                .op("save workflow")?;
            let created = created.unwrap_or(ms_to_sql(now_ms));
            tx.execute(
                "INSERT INTO workflows (name, steps, created_at, updated_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (name) DO UPDATE SET steps = ?2, updated_at = ?4",
                params![name, json, created, ms_to_sql(now_ms)],
            )
            .op("save workflow")?;
            Ok(created)
        })?;
        Ok(Workflow {
            name: name.to_owned(),
            steps: steps.to_vec(),
            created_at: ms_from_sql(created),
            updated_at: now_ms,
        })
    }

    /// The workflow `name`, if there is one.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for steps that do not decode; [`StoreError::Database`].
    pub fn workflow(&self, name: &str) -> Result<Option<Workflow>, StoreError> {
        let row: Option<(String, String, i64, i64)> = self.read("read workflow", |conn| {
            conn.query_row(
                "SELECT name, steps, created_at, updated_at FROM workflows WHERE name = ?1",
                [name.trim()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
        })?;
        row.map(decode).transpose()
    }

    /// Every workflow, by name.
    ///
    /// # Errors
    /// As [`Store::workflow`].
    pub fn list_workflows(&self) -> Result<Vec<Workflow>, StoreError> {
        let rows: Vec<(String, String, i64, i64)> = self.read("list workflows", |conn| {
            let mut stmt = conn.prepare(
                "SELECT name, steps, created_at, updated_at FROM workflows ORDER BY name",
            )?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
            rows.collect()
        })?;
        rows.into_iter().map(decode).collect()
    }

    /// Deletes the workflow `name`; whether there was one.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn delete_workflow(&self, name: &str) -> Result<bool, StoreError> {
        self.write("delete workflow", |tx| {
            tx.execute("DELETE FROM workflows WHERE name = ?1", [name.trim()])
                .op("delete workflow")
                .map(|n| n > 0)
        })
    }
}

fn decode(
    (name, steps, created, updated): (String, String, i64, i64),
) -> Result<Workflow, StoreError> {
    let steps = serde_json::from_str(&steps)
        .map_err(|e| StoreError::corrupt("workflow", format!("{name}: {e}")))?;
    Ok(Workflow {
        name,
        steps,
        created_at: ms_from_sql(created),
        updated_at: ms_from_sql(updated),
    })
}
