//! The [`Store`]: one SQLite file in WAL mode, migrated on open, every write in one
//! `BEGIN IMMEDIATE` transaction.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use jiff::tz::TimeZone;
use rusqlite::{Connection, ErrorCode, OpenFlags, Transaction, TransactionBehavior};

use crate::error::{Op, StoreError};
use crate::migrations::{MIGRATIONS, SCHEMA_VERSION};

/// How long a writer waits for another connection's write lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The file name of the store under the data directory.
pub const STORE_FILE: &str = "aartiq.db";

/// The default store path: `<platform data dir>/aartiq/aartiq.db` (`$XDG_DATA_HOME` or
/// `~/.local/share` on Linux).
///
/// # Errors
/// [`StoreError::NoDataDir`] when the platform knows no data directory for this user.
pub fn default_path() -> Result<PathBuf, StoreError> {
    dirs::data_dir()
        .map(|dir| dir.join("aartiq").join(STORE_FILE))
        .ok_or(StoreError::NoDataDir)
}

/// The assistant's persistent store. Share it behind an `Arc`; calls are short and
/// serialised on one connection. Several `Store`s (threads or processes) may open the same
/// file: WAL lets readers run beside one writer, and writers wait for each other.
pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
    tz: TimeZone,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.path)
            .field("time_zone", &self.tz.iana_name())
            .finish_non_exhaustive()
    }
}

/// Whether a SQLite error says the file is not a (readable) database.
fn not_a_database(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

impl Store {
    /// Opens (creating if needed) the store at [`default_path`].
    ///
    /// # Errors
    /// As [`Store::open`], and [`StoreError::NoDataDir`].
    pub fn open_default() -> Result<Store, StoreError> {
        Store::open(default_path()?)
    }

    /// Opens the store at `path`, creating the file and its directory if needed, switching it
    /// to WAL and applying the migrations it lacks. Cron schedules use the system's time zone
    /// (see [`Store::with_time_zone`]).
    ///
    /// # Errors
    /// [`StoreError::NotAStore`] for a file that is not a SQLite database;
    /// [`StoreError::TooNew`] for a store of a newer build; [`StoreError::CreateDir`],
    /// [`StoreError::Migration`], [`StoreError::Database`] otherwise.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref().to_path_buf();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let classify = |path: &Path, e: rusqlite::Error, op: &'static str| {
            if not_a_database(&e) {
                StoreError::NotAStore {
                    path: path.to_path_buf(),
                    reason: e.to_string(),
                }
            } else {
                StoreError::Database { op, source: e }
            }
        };
        let conn = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
                | OpenFlags::SQLITE_OPEN_URI,
        )
        .map_err(|e| classify(&path, e, "open"))?;
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| classify(&path, e, "set busy timeout"))?;
        // Reading the schema is the first real read: a file that is not SQLite fails here.
        let journal: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |row| row.get(0))
            .map_err(|e| classify(&path, e, "switch to WAL"))?;
        if !journal.eq_ignore_ascii_case("wal") {
            return Err(StoreError::NotAStore {
                path,
                reason: format!("it cannot use write-ahead logging (journal mode {journal})"),
            });
        }
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(|e| classify(&path, e, "enable foreign keys"))?;
        let mut store = Store {
            conn: Mutex::new(conn),
            path,
            tz: TimeZone::system(),
        };
        store.migrate()?;
        Ok(store)
    }

    /// Uses `tz` for cron schedules instead of the system's time zone.
    #[must_use]
    pub fn with_time_zone(mut self, tz: TimeZone) -> Store {
        self.tz = tz;
        self
    }

    /// The file of this store.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The time zone cron schedules are read in.
    pub fn time_zone(&self) -> &TimeZone {
        &self.tz
    }

    /// The schema version of the file (after [`Store::open`], always [`SCHEMA_VERSION`]).
    ///
    /// # Errors
    /// [`StoreError::Database`] when it cannot be read.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.read("read schema version", current_version)
    }

    /// Applies every migration the file lacks, each in its own immediate transaction that
    /// re-reads the version first (two processes opening a new file migrate it once).
    fn migrate(&mut self) -> Result<(), StoreError> {
        let path = self.path.clone();
        let conn = self.conn.get_mut().map_err(|_| StoreError::Poisoned)?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS schema_version (
                version INTEGER PRIMARY KEY,
                applied_at INTEGER NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER))
            )",
        )
        .map_err(|e| {
            if not_a_database(&e) {
                StoreError::NotAStore {
                    path: path.clone(),
                    reason: e.to_string(),
                }
            } else {
                StoreError::Database {
                    op: "create schema_version",
                    source: e,
                }
            }
        })?;
        let found = current_version(conn).op("read schema version")?;
        if found > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path,
                found,
                supported: SCHEMA_VERSION,
            });
        }
        for (index, sql) in MIGRATIONS.iter().enumerate() {
            let version = i64::try_from(index).unwrap_or(i64::MAX).saturating_add(1);
            let fail = |source| StoreError::Migration { version, source };
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(fail)?;
            if current_version(&tx).map_err(fail)? >= version {
                continue;
            }
            tx.execute_batch(sql).map_err(fail)?;
            tx.execute(
                "INSERT INTO schema_version (version) VALUES (?1)",
                [version],
            )
            .map_err(fail)?;
            tx.commit().map_err(fail)?;
        }
        Ok(())
    }

    fn lock(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        self.conn.lock().map_err(|_| StoreError::Poisoned)
    }

    /// Runs `f` on the connection (reads).
    pub(crate) fn read<T>(
        &self,
        op: &'static str,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let conn = self.lock()?;
        f(&conn).op(op)
    }

    /// Runs `f` in one immediate transaction and commits it; nothing is written when `f` fails.
    pub(crate) fn write<T>(
        &self,
        op: &'static str,
        f: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = self.lock()?;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .op(op)?;
        let value = f(&tx)?;
        tx.commit().op(op)?;
        Ok(value)
    }
}

fn current_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM schema_version",
        [],
        |row| row.get(0),
    )
}

/// A time as the store keeps it: SQLite integers are signed, so later than `i64::MAX` ms
/// (the year 292 million) is kept as `i64::MAX`.
pub(crate) fn clamp_ms(ms: u64) -> u64 {
    ms.min(i64::MAX.unsigned_abs())
}

/// Milliseconds as SQLite stores them.
pub(crate) fn ms_to_sql(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// Milliseconds read back (negative values, only from a hand-edited file, become 0).
pub(crate) fn ms_from_sql(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or(0)
}

/// Checks free text: at most `max` characters, no NUL.
pub(crate) fn check_text(what: &'static str, text: &str, max: usize) -> Result<(), StoreError> {
    if text.chars().count() > max {
        return Err(StoreError::invalid(
            what,
            format!("longer than {max} characters"),
        ));
    }
    if text.contains('\0') {
        return Err(StoreError::invalid(what, "contains a NUL character"));
    }
    Ok(())
}
