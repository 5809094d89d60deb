//! Why a server's set-up failed.

use std::path::PathBuf;

/// Why a server's set-up or one of its person's commands failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// No home folder to find the default files in.
    #[error("HOME is not set: give the file's path")]
    NoHome,
    /// The agent-credential store could not be read or written.
    #[error("the agent-credential store {}: {source}", path.display())]
    Store {
        /// The store.
        path: PathBuf,
        /// What went wrong.
        #[source]
        source: aartiq_api::ApiError,
    },
    /// A file could not be created or written.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        #[source]
        source: std::io::Error,
    },
    /// `--vault` names no vault file.
    #[error(
        "no vault file at {}: make one with `aartiq-browser vault add SITE USER`",
        path.display()
    )]
    NoVault {
        /// The path given.
        path: PathBuf,
    },
    /// `clients revoke` named no credential.
    #[error("no agent credential \"{id}\" in {}", store.display())]
    NoSuchClient {
        /// The id given.
        id: String,
        /// The store read.
        store: PathBuf,
    },
}
