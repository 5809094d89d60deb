//! The errors of the agent API: configuration, token files, approvals, listening.

use std::path::PathBuf;

/// Why the agent API could not start or do what was asked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// A configuration value is wrong.
    #[error("invalid configuration: {0}")]
    Config(String),
    /// A token or approval file could not be read or written.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        #[source]
        source: std::io::Error,
    },
    /// A token file is readable by other users and could not be restricted to its owner.
    #[error("{0}: the token file must be readable by its owner only (mode 0600)")]
    TokenFileMode(PathBuf),
    /// The operating system's random source failed.
    #[error("no randomness available for a token: {0}")]
    Random(String),
    /// The injection scanner could not be built.
    #[error("the injection scanner could not be built: {0}")]
    Guard(String),
    /// No pending approval has this id.
    #[error("no pending approval named \"{0}\"")]
    UnknownApproval(String),
    /// The approval was already decided.
    #[error("approval \"{id}\" was already {state}")]
    ApprovalDecided {
        /// The approval.
        id: String,
        /// `approved` or `denied`.
        state: &'static str,
    },
    /// The approvals directory (or a file in it) could be written, or read, by someone other
    /// than the user running the server: its markers cannot be trusted as a person's.
    #[error(
        "{path}: {why}; the approvals directory must be a directory (not a link) owned by the \
         user running aartiq and not writable by group or others (chmod 700)"
    )]
    UnsafeApprovals {
        /// The directory or file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// An approval id is not of the form this server issues.
    #[error("\"{0}\" is not an approval id (approval-<digits>-<hex>)")]
    BadApprovalId(String),
    /// A listener could not be bound or failed.
    #[error("listener: {0}")]
    Listen(#[source] std::io::Error),
    /// The MCP transport failed.
    #[error("mcp: {0}")]
    Mcp(String),
}

impl ApiError {
    pub(crate) fn file(path: impl Into<PathBuf>, source: std::io::Error) -> ApiError {
        ApiError::File {
            path: path.into(),
            source,
        }
    }
}
