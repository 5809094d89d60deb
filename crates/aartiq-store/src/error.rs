//! The store's one error type.

use std::path::PathBuf;

/// Why a store operation failed. A missing row is not an error (`Option`, `bool`, counts).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// No platform data directory is known, and no path was given.
    #[error("no platform data directory is known for this user; give the store a path")]
    NoDataDir,
    /// The store's directory could not be created.
    #[error("could not create the store directory {path}: {source}")]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// The IO error.
        #[source]
        source: std::io::Error,
    },
    /// The file exists but is not a SQLite database (or is damaged beyond reading).
    #[error("{path} is not an aartiq store: {reason}")]
    NotAStore {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        reason: String,
    },
    /// The file was written by a newer aartiq (forward-only migrations cannot go back).
    #[error("{path} has store schema version {found}; this build knows versions up to {supported}")]
    TooNew {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: i64,
        /// The newest version this build knows.
        supported: i64,
    },
    /// A migration failed; the file is left at the previous version.
    #[error("store migration to version {version} failed: {source}")]
    Migration {
        /// The version that failed.
        version: i64,
        /// SQLite's error.
        #[source]
        source: rusqlite::Error,
    },
    /// A database operation failed.
    #[error("store operation \"{op}\" failed: {source}")]
    Database {
        /// What was being done.
        op: &'static str,
        /// SQLite's error.
        #[source]
        source: rusqlite::Error,
    },
    /// An input was refused before anything was written.
    #[error("invalid {what}: {reason}")]
    Invalid {
        /// What was invalid (`url`, `schedule`, `setting`, ...).
        what: &'static str,
        /// Why.
        reason: String,
    },
    /// A row read back does not decode (a damaged or hand-edited store).
    #[error("stored {what} is unreadable: {reason}")]
    Corrupt {
        /// What was read.
        what: &'static str,
        /// Why it does not decode.
        reason: String,
    },
    /// Another thread panicked while holding the connection.
    #[error("the store connection is unusable after a panic in another thread")]
    Poisoned,
}

impl StoreError {
    pub(crate) fn invalid(what: &'static str, reason: impl Into<String>) -> StoreError {
        StoreError::Invalid {
            what,
            reason: reason.into(),
        }
    }

    pub(crate) fn corrupt(what: &'static str, reason: impl std::fmt::Display) -> StoreError {
        StoreError::Corrupt {
            what,
            reason: reason.to_string(),
        }
    }
}

/// Attaches the operation's name to SQLite errors.
pub(crate) trait Op<T> {
    fn op(self, op: &'static str) -> Result<T, StoreError>;
}

impl<T> Op<T> for Result<T, rusqlite::Error> {
    fn op(self, op: &'static str) -> Result<T, StoreError> {
        self.map_err(|source| StoreError::Database { op, source })
    }
}
