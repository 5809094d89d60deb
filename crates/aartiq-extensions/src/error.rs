//! The extension store's one error type.

use std::path::PathBuf;

use aartiq_tools::BackendError;

/// Why an extension operation failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExtensionError {
    /// No installed extension has this id.
    #[error("Extension {0} is not installed.")]
    NotInstalled(String),
    /// Not a Chrome Web Store URL or extension id.
    #[error("not a Chrome Web Store extension URL or id: {0}")]
    BadWebstoreUrl(String),
    /// The download failed: no network, refused, timed out, or an HTTP error status.
    #[error("could not download the extension from {url}: network error: {reason}")]
    Network {
        /// What was fetched.
        url: String,
        /// Why it failed.
        reason: String,
    },
    /// The package is not a valid CRX3 file.
    #[error("not a valid CRX3 package: {0}")]
    Crx(String),
    /// A signature in the package does not verify, or no proof matches its id.
    #[error("CRX3 signature verification failed: {0}")]
    Signature(String),
    /// The package is for another extension than the one asked for.
    #[error("the package is extension {actual}, not the requested {expected}")]
    IdMismatch {
        /// The id asked for.
        expected: String,
        /// The id the package proves.
        actual: String,
    },
    /// The archive is unsafe or unreadable (path traversal, links, too large).
    #[error("refusing the extension archive: {0}")]
    Archive(String),
    /// The manifest is missing or not a manifest.
    #[error("bad manifest in {}: {reason}", path.display())]
    Manifest {
        /// The manifest's path.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// No Chrome profile to import from.
    #[error("no Chrome profile with extensions at {}", path.display())]
    NoChromeProfile {
        /// Where it looked.
        path: PathBuf,
    },
    /// Reading or writing files failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The path involved.
        path: PathBuf,
        /// The error.
        #[source]
        source: std::io::Error,
    },
    /// The background task did not finish.
    #[error("extension task failed: {0}")]
    Task(String),
}

impl ExtensionError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> ExtensionError {
        ExtensionError::Io {
            path: path.into(),
            source,
        }
    }
}

impl From<ExtensionError> for BackendError {
    fn from(error: ExtensionError) -> BackendError {
        BackendError::Other(error.to_string())
    }
}
