//! Automations (`SCHEDULE_TASK`, `LIST_AUTOMATIONS`, `DELETE_AUTOMATION`,
//! `OPEN_SCHEDULING_MODAL`, spec a.8 rows 32-35): what runs, when, and the record of each run.
//! Reading a task payload ([`parse_task`]) is pure, so a scheduling form can be pre-filled
//! without a store.

use rusqlite::{OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

use crate::error::{Op, StoreError};
use crate::schedule::Schedule;
use crate::store::{Store, check_text, clamp_ms, ms_from_sql, ms_to_sql};

/// The longest name accepted.
pub const MAX_NAME_CHARS: usize = 200;
/// The longest description, query or message accepted.
pub const MAX_DESCRIPTION_CHARS: usize = 2000;

/// What an automation does when it runs (the original's task `type`, spec a.8 row 35).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum AutomationAction {
    /// Shows a reminder; runs no command.
    Reminder {
        /// The text shown.
        message: String,
    },
    /// Opens a page (`NAVIGATE`).
    Navigate {
        /// The page.
        url: String,
    },
    /// Researches a question (`DEEP_RESEARCH`).
    Research {
        /// The question.
        query: String,
    },
    /// Replays a recorded workflow (`PLAY_WORKFLOW`).
    Workflow {
        /// The workflow's name.
        workflow: String,
    },
}

impl AutomationAction {
    /// The type word (`reminder`, `navigate`, `research`, `workflow`).
    pub fn type_name(&self) -> &'static str {
        match self {
            AutomationAction::Reminder { .. } => "reminder",
            AutomationAction::Navigate { .. } => "navigate",
            AutomationAction::Research { .. } => "research",
            AutomationAction::Workflow { .. } => "workflow",
        }
    }

    /// The target (message, URL, query or workflow name).
    pub fn target(&self) -> &str {
        match self {
            AutomationAction::Reminder { message } => message,
            AutomationAction::Navigate { url } => url,
            AutomationAction::Research { query } => query,
            AutomationAction::Workflow { workflow } => workflow,
        }
    }
}

/// An automation to create.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewAutomation {
    /// A short title the person recognises.
    pub name: String,
    /// One sentence: what and when.
    pub description: String,
    /// When it runs.
    pub schedule: Schedule,
    /// What it does.
    pub action: AutomationAction,
}

/// A stored automation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Automation {
    /// Its number; shown as `task-<id>`.
    pub id: i64,
    /// Title.
    pub name: String,
    /// Description.
    pub description: String,
    /// When it runs.
    pub schedule: Schedule,
    /// What it does.
    pub action: AutomationAction,
    /// Whether it still runs (a one-off is disabled once it ran).
    pub enabled: bool,
    /// When it was created (ms).
    pub created_at: u64,
    /// When it last started (ms).
    pub last_run_at: Option<u64>,
    /// When it runs next (ms); `None` when never again.
    pub next_run_at: Option<u64>,
}

impl Automation {
    /// The id as the model and the person see it: `task-<id>`.
    pub fn task_id(&self) -> String {
        format!("task-{}", self.id)
    }
}

/// Reads `task-12`, `12` or `#12` as an automation id.
pub fn parse_task_id(text: &str) -> Option<i64> {
    let text = text.trim();
    let digits = text
        .strip_prefix("task-")
        .or_else(|| text.strip_prefix('#'))
        .unwrap_or(text);
    digits.parse::<i64>().ok().filter(|n| *n > 0)
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RunStatus {
    /// Everything it asked for ran.
    Ok,
    /// Something needed a person; the approval was queued and the run skipped it.
    AwaitingApproval,
    /// Policy refused something, or it failed.
    Failed,
}

impl RunStatus {
    /// The lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Ok => "ok",
            RunStatus::AwaitingApproval => "awaiting_approval",
            RunStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Option<RunStatus> {
        [
            RunStatus::Ok,
            RunStatus::AwaitingApproval,
            RunStatus::Failed,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// One run of an automation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AutomationRun {
    /// The automation.
    pub automation_id: i64,
    /// When it started (ms).
    pub started_at: u64,
    /// When it ended (ms).
    pub finished_at: u64,
    /// How it ended.
    pub status: RunStatus,
    /// What happened, for the person.
    pub summary: String,
}

/// A task payload read for `SCHEDULE_TASK` or a scheduling form (`OPEN_SCHEDULING_MODAL`): the
/// fields found, and what is missing or wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TaskDraft {
    /// The name, when given.
    pub name: Option<String>,
    /// The description (may be empty).
    pub description: String,
    /// The schedule as written.
    pub schedule_text: Option<String>,
    /// The schedule, when it reads.
    pub schedule: Option<Schedule>,
    /// The type as written.
    pub type_text: Option<String>,
    /// The action, when type and target are there.
    pub action: Option<AutomationAction>,
    /// What is missing or wrong, one line each; empty when the draft is complete.
    pub problems: Vec<String>,
}

impl TaskDraft {
    /// The automation this draft describes.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] listing the draft's problems.
    pub fn into_new(self) -> Result<NewAutomation, StoreError> {
        match (self.schedule, self.action) {
            (Some(schedule), Some(action)) if self.problems.is_empty() => Ok(NewAutomation {
                name: self
                    .name
                    .unwrap_or_else(|| default_name(&action, &self.description)),
                description: self.description,
                schedule,
                action,
            }),
            _ => Err(StoreError::invalid("task", self.problems.join("; "))),
        }
    }
}

fn default_name(action: &AutomationAction, description: &str) -> String {
    if !description.is_empty() {
        return description.chars().take(60).collect();
    }
    format!("{} {}", action.type_name(), action.target())
        .chars()
        .take(60)
        .collect()
}

/// The first `http(s)://` URL in `text`.
fn find_url(text: &str) -> Option<String> {
    text.split_whitespace()
        .find(|w| w.starts_with("http://") || w.starts_with("https://"))
        .map(|w| w.trim_end_matches(['.', ',', ')', ';']).to_owned())
}

/// Reads a task payload: `schedule` (alias `cron`), `type`, `name`, `description`, and the
/// target for the type (`url`, `query`, `workflow`, `message`). The pipe form of the catalog
/// (`schedule | type | name | description`) arrives as the same object. Never fails: what is
/// wrong is listed in [`TaskDraft::problems`].
pub fn parse_task(payload: &serde_json::Value) -> TaskDraft {
    let field = |names: &[&str]| {
        names
            .iter()
            .find_map(|n| {
                payload.get(*n).and_then(|v| match v {
                    serde_json::Value::String(s) => Some(s.trim().to_owned()),
                    serde_json::Value::Number(n) => Some(n.to_string()),
                    _ => None,
                })
            })
            .filter(|s| !s.is_empty())
    };
    let mut problems = Vec::new();
    if !payload.is_object() {
        problems.push("the task must be a JSON object".to_owned());
    }
    let name = field(&["name", "title"]);
    let description = field(&["description"]).unwrap_or_default();
    let schedule_text = field(&["schedule", "cron"]);
    let type_text = field(&["type", "taskType"]);
    for (what, text, max) in [
        ("name", name.as_deref(), MAX_NAME_CHARS),
        (
            "description",
            Some(description.as_str()),
            MAX_DESCRIPTION_CHARS,
        ),
    ] {
        if let Some(text) = text
            && let Err(e) = check_text(what, text, max)
        {
            problems.push(e.to_string());
        }
    }
    let schedule = match &schedule_text {
        None => {
            problems.push("no schedule: give a cron expression such as \"0 9 * * *\"".into());
            None
        }
        Some(text) => match Schedule::parse(text) {
            Ok(s) => Some(s),
            Err(e) => {
                problems.push(e.to_string());
                None
            }
        },
    };
    let target =
        |keys: &[&str], fallback: Option<String>, what: &str, problems: &mut Vec<String>| {
            let found = field(keys).or(fallback);
            match &found {
                None => problems.push(format!("no {what} for this type")),
                Some(t) => {
                    if let Err(e) = check_text("target", t, MAX_DESCRIPTION_CHARS) {
                        problems.push(e.to_string());
                    }
                }
            }
            found
        };
    let described = (!description.is_empty()).then(|| description.clone());
    let action = match type_text.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => {
            problems.push("no type: one of reminder, navigate, research, workflow".to_owned());
            None
        }
        Some("reminder" | "notification" | "notify") => target(
            &["message", "text"],
            described.clone().or_else(|| name.clone()),
            "message",
            &mut problems,
        )
        .map(|message| AutomationAction::Reminder { message }),
        Some("navigate" | "open" | "url") => {
            let url = target(&["url"], find_url(&description), "url", &mut problems);
            match url {
                Some(u) if !(u.starts_with("http://") || u.starts_with("https://")) => {
                    problems.push(format!("\"{u}\" is not an http(s) URL"));
                    None
                }
                other => other.map(|url| AutomationAction::Navigate { url }),
            }
        }
        Some("research" | "search" | "news") => {
            target(&["query"], described.clone(), "query", &mut problems)
                .map(|query| AutomationAction::Research { query })
        }
        Some("workflow" | "play_workflow") => {
            target(&["workflow"], None, "workflow name", &mut problems)
                .map(|workflow| AutomationAction::Workflow { workflow })
        }
        Some(other) => {
            problems.push(format!(
                "unknown type \"{other}\": one of reminder, navigate, research, workflow"
            ));
            None
        }
    };
    TaskDraft {
        name,
        description,
        schedule_text,
        schedule,
        type_text,
        action,
        problems,
    }
}

const COLUMNS: &str =
    "id, name, description, schedule, action, enabled, created_at, last_run_at, next_run_at";

fn automation_row(r: &Row<'_>) -> rusqlite::Result<(Automation, String, String)> {
    // Schedule and action are decoded after the query, so a damaged row is a typed error.
    Ok((
        Automation {
            id: r.get(0)?,
            name: r.get(1)?,
            description: r.get(2)?,
            schedule: Schedule::Every { minutes: 1 },
            action: AutomationAction::Reminder {
                message: String::new(),
            },
            enabled: r.get::<_, i64>(5)? != 0,
            created_at: ms_from_sql(r.get(6)?),
            last_run_at: r.get::<_, Option<i64>>(7)?.map(ms_from_sql),
            next_run_at: r.get::<_, Option<i64>>(8)?.map(ms_from_sql),
        },
        r.get(3)?,
        r.get(4)?,
    ))
}

fn decode(
    (mut a, schedule, action): (Automation, String, String),
) -> Result<Automation, StoreError> {
    a.schedule = Schedule::parse(&schedule)
        .map_err(|e| StoreError::corrupt("automation", format!("task-{}: {e}", a.id)))?;
    a.action = serde_json::from_str(&action)
        .map_err(|e| StoreError::corrupt("automation", format!("task-{}: {e}", a.id)))?;
    Ok(a)
}

impl Store {
    /// Stores an automation; its first run is the schedule's first time after `now_ms`.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a blank or oversized name, description or target, or a
    /// schedule that never runs; [`StoreError::Database`].
    pub fn add_automation(
        &self,
        new: &NewAutomation,
        now_ms: u64,
    ) -> Result<Automation, StoreError> {
        let now_ms = clamp_ms(now_ms);
        let name = new.name.trim();
        if name.is_empty() {
            return Err(StoreError::invalid("name", "it is empty"));
        }
        check_text("name", name, MAX_NAME_CHARS)?;
        check_text("description", &new.description, MAX_DESCRIPTION_CHARS)?;
        let target = new.action.target().trim();
        if target.is_empty() {
            return Err(StoreError::invalid("task", "its target is empty"));
        }
        check_text("target", target, MAX_DESCRIPTION_CHARS)?;
        let next = new
            .schedule
            .next_after(now_ms, self.time_zone())?
            .ok_or_else(|| {
                StoreError::invalid("schedule", format!("{} is in the past", new.schedule))
            })
            .map(clamp_ms)?;
        let action = serde_json::to_string(&new.action)
            .map_err(|e| StoreError::invalid("task", e.to_string()))?;
        let id = self.write("add automation", |tx| {
            tx.execute(
                "INSERT INTO automations (name, description, schedule, action, enabled, created_at, next_run_at)
                 VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6)",
                params![name, new.description.trim(), new.schedule.to_string(), action, ms_to_sql(now_ms), ms_to_sql(next)],
            )
            .op("add automation")?;
            Ok(tx.last_insert_rowid())
        })?;
        Ok(Automation {
            id,
            name: name.to_owned(),
            description: new.description.trim().to_owned(),
            schedule: new.schedule.clone(),
            action: new.action.clone(),
            enabled: true,
            created_at: now_ms,
            last_run_at: None,
            next_run_at: Some(next),
        })
    }

    /// Every automation, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a row that does not decode; [`StoreError::Database`].
    pub fn list_automations(&self) -> Result<Vec<Automation>, StoreError> {
        let rows = self.read("list automations", |conn| {
            let mut stmt =
                conn.prepare(&format!("SELECT {COLUMNS} FROM automations ORDER BY id"))?;
            let rows = stmt.query_map([], automation_row)?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })?;
        rows.into_iter().map(decode).collect()
    }

    /// The automation `id`, if there is one.
    ///
    /// # Errors
    /// As [`Store::list_automations`].
    pub fn automation(&self, id: i64) -> Result<Option<Automation>, StoreError> {
        let row = self.read("read automation", |conn| {
            conn.query_row(
                &format!("SELECT {COLUMNS} FROM automations WHERE id = ?1"),
                [id],
                automation_row,
            )
            .optional()
        })?;
        row.map(decode).transpose()
    }

    /// Deletes the automation `id` (and its run records); whether there was one.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn delete_automation(&self, id: i64) -> Result<bool, StoreError> {
        self.write("delete automation", |tx| {
            tx.execute("DELETE FROM automation_runs WHERE automation_id = ?1", [id])
                .op("delete automation")?;
            tx.execute(
                "DELETE FROM pending_approvals WHERE automation_id = ?1 AND status = 'pending'",
                [id],
            )
            .op("delete automation")?;
            tx.execute("DELETE FROM automations WHERE id = ?1", [id])
                .op("delete automation")
                .map(|n| n > 0)
        })
    }

    /// Claims every enabled automation due at `now_ms`, in one transaction: each gets
    /// `last_run_at = now_ms` and its next run after `now_ms` (a one-off is disabled), so a
    /// second scheduler on the same file does not run it again, and runs missed while nothing
    /// was running are run once, not once per missed time. Returns them as claimed.
    ///
    /// # Errors
    /// As [`Store::list_automations`].
    pub fn claim_due_automations(&self, now_ms: u64) -> Result<Vec<Automation>, StoreError> {
        let tz = self.time_zone().clone();
        self.write("claim due automations", |tx| {
            let rows = {
                let mut stmt = tx
                    .prepare(&format!(
                        "SELECT {COLUMNS} FROM automations
                         WHERE enabled = 1 AND next_run_at IS NOT NULL AND next_run_at <= ?1
                         ORDER BY next_run_at, id"
                    ))
                    .op("claim due automations")?;
                let rows = stmt
                    .query_map([ms_to_sql(now_ms)], automation_row)
                    .op("claim due automations")?;
                rows.collect::<rusqlite::Result<Vec<_>>>()
                    .op("claim due automations")?
            };
            let mut claimed = Vec::with_capacity(rows.len());
            for row in rows {
                let mut automation = decode(row)?;
                let next = automation
                    .schedule
                    .next_after(now_ms, &tz)
                    .unwrap_or(None)
                    .map(clamp_ms);
                automation.last_run_at = Some(now_ms);
                automation.next_run_at = next;
                automation.enabled = next.is_some();
                tx.execute(
                    "UPDATE automations SET last_run_at = ?2, next_run_at = ?3, enabled = ?4 WHERE id = ?1",
                    params![automation.id, ms_to_sql(now_ms), next.map(ms_to_sql), i64::from(automation.enabled)],
                )
                .op("claim due automations")?;
                claimed.push(automation);
            }
            Ok(claimed)
        })
    }

    /// Records how a run ended.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for an oversized summary; [`StoreError::Database`].
    pub fn record_run(&self, run: &AutomationRun) -> Result<(), StoreError> {
        let summary: String = run
            .summary
            .chars()
            .take(MAX_DESCRIPTION_CHARS * 4)
            .collect();
        self.write("record automation run", |tx| {
            tx.execute(
                "INSERT INTO automation_runs (automation_id, started_at, finished_at, status, summary)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![run.automation_id, ms_to_sql(run.started_at), ms_to_sql(run.finished_at), run.status.as_str(), summary.replace('\0', "")],
            )
            .op("record automation run")
            .map(|_| ())
        })
    }

    /// The runs of automation `id`, newest first, at most `limit`.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for an unknown status; [`StoreError::Database`].
    pub fn automation_runs(&self, id: i64, limit: u32) -> Result<Vec<AutomationRun>, StoreError> {
        let rows: Vec<(i64, i64, i64, String, String)> =
            self.read("list automation runs", |conn| {
                let mut stmt = conn.prepare(
                "SELECT automation_id, started_at, finished_at, status, summary FROM automation_runs
                 WHERE automation_id = ?1 ORDER BY started_at DESC, id DESC LIMIT ?2",
            )?;
                let rows = stmt.query_map(params![id, limit.min(1000)], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
                })?;
                rows.collect()
            })?;
        rows.into_iter()
            .map(|(automation_id, started, finished, status, summary)| {
                Ok(AutomationRun {
                    automation_id,
                    started_at: ms_from_sql(started),
                    finished_at: ms_from_sql(finished),
                    status: RunStatus::parse(&status)
                        .ok_or_else(|| StoreError::corrupt("automation run", status.clone()))?,
                    summary,
                })
            })
            .collect()
    }
}
