//! The vault's one error type. No message ever contains a secret value: passwords and
//! passphrases are never formatted into an error.

use std::path::PathBuf;

use aartiq_tools::BackendError;

/// Why a vault operation failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VaultError {
    /// The vault is locked (never unlocked, locked, or idle for too long; spec f.4).
    #[error("vault is locked")]
    Locked,
    /// The person declined to unlock it, or no passphrase was given.
    #[error("vault unlock was declined: {0}")]
    UnlockDeclined(String),
    /// The passphrase does not open this vault.
    #[error("wrong vault passphrase")]
    WrongPassphrase,
    /// The file was re-encrypted under another passphrase since this handle opened it.
    #[error("the vault's passphrase was changed elsewhere; unlock it again")]
    PassphraseChanged,
    /// No vault file exists at the path.
    #[error("no vault at {}", path.display())]
    NotFound {
        /// The path.
        path: PathBuf,
    },
    /// A vault file already exists at the path.
    #[error("a vault already exists at {}", path.display())]
    AlreadyExists {
        /// The path.
        path: PathBuf,
    },
    /// The file is not a vault, is truncated, or was altered.
    #[error("vault file {} is corrupted: {reason}", path.display())]
    Corrupt {
        /// The path.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The file was written by a newer format version.
    #[error("vault file {} has format version {version}, which this build cannot read", path.display())]
    UnsupportedVersion {
        /// The path.
        path: PathBuf,
        /// The version found.
        version: u8,
    },
    /// Reading, writing or locking the file failed.
    #[error("vault file {}: {source}", path.display())]
    Io {
        /// The path involved.
        path: PathBuf,
        /// The error.
        #[source]
        source: std::io::Error,
    },
    /// No credential or profile has this id.
    #[error("no vault entry with id {0}")]
    UnknownEntry(String),
    /// A credential may only be filled into a page of its own site.
    #[error("credential {id} is stored for {domain}, not for {host}")]
    DomainMismatch {
        /// The credential's id.
        id: String,
        /// The credential's site.
        domain: String,
        /// The page's host.
        host: String,
    },
    /// An argument is unusable (empty domain, weak passphrase, ...).
    #[error("{0}")]
    Invalid(String),
    /// The key derivation function refused its parameters.
    #[error("key derivation failed: {0}")]
    Kdf(String),
    /// The import file is not a browser password export.
    #[error("password export, line {line}: {reason}")]
    Import {
        /// The 1-based line.
        line: usize,
        /// What is wrong (never the row's content).
        reason: String,
    },
    /// The background task deriving the key did not finish.
    #[error("key derivation task failed: {0}")]
    Task(String),
}

impl VaultError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> VaultError {
        VaultError::Io {
            path: path.into(),
            source,
        }
    }

    pub(crate) fn corrupt(path: impl Into<PathBuf>, reason: impl Into<String>) -> VaultError {
        VaultError::Corrupt {
            path: path.into(),
            reason: reason.into(),
        }
    }
}

impl From<VaultError> for BackendError {
    fn from(error: VaultError) -> BackendError {
        match error {
            VaultError::Locked => BackendError::VaultLocked,
            other => BackendError::Other(other.to_string()),
        }
    }
}
