//! The assistant's persistent store: one embedded SQLite file holding bookmarks, browsing
//! history, typed settings, shell grants, scheduled automations (with their runs and the
//! approvals unattended runs queued), and recorded workflows.
//!
//! `aartiq-store` sits beside the runtime: `aartiq-runtime` runs the bookmark, history,
//! settings, automation and workflow commands of the catalog against a [`Store`], and its
//! scheduler runs due automations from it. The store itself knows no policy; approval stays
//! with the runtime.
//!
//! - One file, by default `<data dir>/aartiq/aartiq.db` ([`default_path`]); the path is
//!   always injectable ([`Store::open`]).
//! - Write-ahead logging; every write is one `BEGIN IMMEDIATE` transaction, so a crash leaves
//!   either all of a write or none of it, and two connections (threads or processes) writing
//!   at once wait for each other instead of failing.
//! - Forward-only migrations ([`SCHEMA_VERSION`]); a file from a newer build is refused with
//!   [`StoreError::TooNew`], a file that is not SQLite with [`StoreError::NotAStore`].
//! - Inputs are checked before anything is written; nothing here panics on bad input.
//!
//! ```
//! use aartiq_store::{HistoryQuery, Schedule, Store, parse_task};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let store = Store::open(dir.path().join("aartiq.db"))?
//!     .with_time_zone(jiff::tz::TimeZone::UTC);
//!
//! store.add_bookmark("https://doc.rust-lang.org/", "Rust docs", 1_000)?;
//! store.record_visit("https://doc.rust-lang.org/std/", "std", 2_000)?;
//! let visits = store.list_history(&HistoryQuery::default().with_query("std"))?;
//! assert_eq!(visits.len(), 1);
//!
//! // A SCHEDULE_TASK payload, read and stored; its next run is computed from the cron.
//! let task = serde_json::json!({
//!     "name": "Morning news", "schedule": "0 9 * * *", "type": "navigate",
//!     "url": "https://news.example/"
//! });
//! let draft = parse_task(&task);
//! assert!(draft.problems.is_empty());
//! let now = 1_767_225_600_000; // 2026-01-01T00:00:00Z
//! let automation = store.add_automation(&draft.into_new()?, now)?;
//! assert_eq!(automation.next_run_at, Some(now + 9 * 3_600_000));
//! assert_eq!(automation.schedule, Schedule::parse("0 9 * * *")?);
//! # Ok(()) }
//! ```

mod approvals;
mod automations;
mod bookmarks;
mod error;
mod grants;
mod history;
mod migrations;
mod schedule;
mod settings;
mod store;
mod workflows;

pub use approvals::{ApprovalStatus, NewApproval, QueuedApproval};
pub use automations::{
    Automation, AutomationAction, AutomationRun, MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS,
    NewAutomation, RunStatus, TaskDraft, parse_task, parse_task_id,
};
pub use bookmarks::{Bookmark, MAX_LIST, MAX_TITLE_CHARS, MAX_URL_CHARS};
pub use error::StoreError;
pub use history::{DEFAULT_HISTORY_LIMIT, HistoryEntry, HistoryQuery};
pub use jiff::tz::TimeZone;
pub use migrations::SCHEMA_VERSION;
pub use schedule::Schedule;
pub use settings::{
    AppliedChange, Category, SETTINGS, SettingChange, SettingEntry, SettingKind, SettingSpec,
    SettingValue, plan_settings_update, setting_spec,
};
pub use store::{STORE_FILE, Store, default_path};
pub use workflows::{
    MAX_STEP_CHARS, MAX_WORKFLOW_NAME_CHARS, MAX_WORKFLOW_STEPS, Workflow, WorkflowStep,
    check_workflow_name,
};
