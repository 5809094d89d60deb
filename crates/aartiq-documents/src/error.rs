//! The crate's errors: a bad request, a renderer failure, an output folder refusal.

use std::path::PathBuf;

/// Why a renderer (the browser) could not turn HTML or Mermaid code into bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// Mermaid refused the diagram code; the message is Mermaid's own.
    #[error("the Mermaid code is not valid: {0}")]
    Mermaid(String),
    /// The browser failed (protocol error, crash, script error).
    #[error("the browser could not render the document: {0}")]
    Browser(String),
    /// The render did not finish in time.
    #[error("rendering timed out after {seconds} s")]
    Timeout {
        /// How long it waited.
        seconds: u64,
    },
    /// The browser answered with something that is not the expected file.
    #[error("the browser returned an unusable result: {0}")]
    Output(String),
}

/// Why a document command did not produce a file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DocumentError {
    /// The command's payload is not a valid request; `field` names the offending part.
    #[error("invalid {command} request: {field}: {reason}")]
    Invalid {
        /// The command, e.g. `CREATE_FILE_JSON`.
        command: &'static str,
        /// The field, e.g. `slides[2].title` (or `payload` for the whole value).
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The format exists in the original but is not produced here.
    #[error("{format} is not supported; use pdf, docx or pptx")]
    UnsupportedFormat {
        /// The format asked for.
        format: String,
    },
    /// The renderer failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// A DOCX or PPTX package could not be written.
    #[error("could not build the {format} file: {reason}")]
    Package {
        /// `docx` or `pptx`.
        format: &'static str,
        /// Why.
        reason: String,
    },
    /// The output folder refused the write or the file system failed.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// Why the output folder refused or failed a write.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// The configured folder (or what it was replaced with) is a symbolic link.
    #[error("the output folder {path} is a symbolic link; configure the real folder")]
    Symlink {
        /// The configured path.
        path: PathBuf,
    },
    /// The folder is no longer the one configured (moved, replaced, or not a directory).
    #[error("the output folder {path} changed or is not a directory")]
    Changed {
        /// The configured path.
        path: PathBuf,
    },
    /// No free name after many tries (`name-2` ... `name-N` all exist).
    #[error("no free file name for {stem}.{extension} in {dir}")]
    NoFreeName {
        /// The folder.
        dir: PathBuf,
        /// The sanitised stem.
        stem: String,
        /// The extension.
        extension: String,
    },
    /// The file system failed.
    #[error("{action} {path}: {source}")]
    Io {
        /// What was being done, e.g. `writing`.
        action: &'static str,
        /// Where.
        path: PathBuf,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
}
