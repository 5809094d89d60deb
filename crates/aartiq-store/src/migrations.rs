//! The schema, as forward-only migrations. Version `n` is `MIGRATIONS[n - 1]`; the applied
//! versions are rows of `schema_version`. Never edit a released migration: add one.

/// Version 1: bookmarks, history, settings, shell grants.
const V1: &str = "
CREATE TABLE bookmarks (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    visited_at INTEGER NOT NULL
);
CREATE INDEX history_visited_at ON history (visited_at);
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE TABLE shell_grants (
    key TEXT PRIMARY KEY,
    level TEXT NOT NULL,
    description TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    expires_at INTEGER
);
CREATE TABLE always_commands (
    position INTEGER PRIMARY KEY,
    key TEXT NOT NULL
);
CREATE TABLE always_records (
    key TEXT PRIMARY KEY,
    granted_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
";

/// Version 2: automations and their runs, the queue of approvals unattended runs could not
/// get, recorded workflows.
const V2: &str = "
CREATE TABLE automations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    schedule TEXT NOT NULL,
    action TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    last_run_at INTEGER,
    next_run_at INTEGER
);
CREATE INDEX automations_due ON automations (enabled, next_run_at);
CREATE TABLE automation_runs (
    id INTEGER PRIMARY KEY,
    automation_id INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    finished_at INTEGER NOT NULL,
    status TEXT NOT NULL,
    summary TEXT NOT NULL
);
CREATE INDEX automation_runs_by_task ON automation_runs (automation_id, started_at);
CREATE TABLE pending_approvals (
    id INTEGER PRIMARY KEY,
    automation_id INTEGER NOT NULL,
    fingerprint TEXT NOT NULL,
    command TEXT NOT NULL,
    risk TEXT NOT NULL,
    reason TEXT NOT NULL,
    prompt TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    created_at INTEGER NOT NULL,
    decided_at INTEGER
);
CREATE INDEX pending_approvals_match ON pending_approvals (automation_id, fingerprint, status);
CREATE TABLE workflows (
    name TEXT PRIMARY KEY,
    steps TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
";

/// Every migration, oldest first.
pub(crate) const MIGRATIONS: &[&str] = &[V1, V2];

/// The newest schema version this build knows.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;
