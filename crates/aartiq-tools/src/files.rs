//! Files that cross the browser's edge, as values: why an upload was refused, what a download
//! is, and the pure rules for naming one. The backend that owns the folders does the disk work.

use serde::{Deserialize, Serialize};

/// The largest file `upload_file` hands to a page.
pub const MAX_UPLOAD_BYTES: u64 = 50 * 1024 * 1024;

/// The largest download kept; a larger one is cancelled and reported.
pub const MAX_DOWNLOAD_BYTES: u64 = 200 * 1024 * 1024;

/// The most downloads one browser session keeps; later ones are refused.
pub const MAX_DOWNLOADS: usize = 100;

/// How many single-file caps all kept downloads of a session may add up to; past that, the
/// download that would cross it is cancelled. With the default cap that is 1 GiB.
pub const TOTAL_DOWNLOAD_CAPS: u64 = 5;

/// The longest text `read_download` returns when the caller names no limit.
pub const DEFAULT_READ_CHARS: usize = 20_000;

/// Why `upload_file` refused its paths, before anything was read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UploadRefusal {
    /// No upload folder is configured: nothing may be uploaded.
    #[error(
        "No upload folder is configured ([browser] upload_dir, or --upload-dir for the servers): nothing can be uploaded."
    )]
    NoFolder,
    /// The upload folder itself is missing or unreadable.
    #[error("The upload folder {folder} cannot be used: {reason}.")]
    BadFolder {
        /// The configured folder.
        folder: String,
        /// Why.
        reason: String,
    },
    /// No paths were given.
    #[error("upload_file needs at least one path.")]
    Empty,
    /// A path is outside the upload folder (after `..`, symlinks and absolute paths).
    #[error("{path} is not inside the upload folder; only files in it can be uploaded.")]
    Outside {
        /// The path as given.
        path: String,
    },
    /// A path names nothing, or something that is not a regular file.
    #[error("{path} is not a file in the upload folder.")]
    NotAFile {
        /// The path as given.
        path: String,
    },
    /// A file is larger than the cap.
    #[error("{path} is {size} bytes, over the upload cap of {cap} bytes.")]
    TooLarge {
        /// The path as given.
        path: String,
        /// Its size.
        size: u64,
        /// The cap.
        cap: u64,
    },
}

impl UploadRefusal {
    /// The machine-readable code of the refusal.
    pub fn code(&self) -> &'static str {
        match self {
            UploadRefusal::NoFolder => "UPLOAD_DISABLED",
            UploadRefusal::BadFolder { .. } => "UPLOAD_FOLDER_UNUSABLE",
            UploadRefusal::Empty => "UPLOAD_NO_PATHS",
            UploadRefusal::Outside { .. } => "UPLOAD_OUTSIDE_FOLDER",
            UploadRefusal::NotAFile { .. } => "UPLOAD_NOT_A_FILE",
            UploadRefusal::TooLarge { .. } => "UPLOAD_TOO_LARGE",
        }
    }
}

/// Where a download stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DownloadState {
    /// Still arriving.
    InProgress,
    /// In the download folder, whole.
    Completed,
    /// Cancelled by the page or the browser.
    Canceled,
    /// Cancelled by aartiq: over the size cap.
    TooLarge,
    /// Refused: no download folder is configured.
    Refused,
    /// Refused or cancelled by aartiq: the session keeps [`MAX_DOWNLOADS`] downloads, or
    /// [`TOTAL_DOWNLOAD_CAPS`] times the size cap in all, at most.
    LimitReached,
}

impl DownloadState {
    /// Whether the file is, or will be, in the download folder.
    pub fn kept(self) -> bool {
        matches!(self, DownloadState::InProgress | DownloadState::Completed)
    }
}

/// Whether the session's other downloads, `others`, leave room for `more` bytes of one more
/// under a single-file cap of `cap`: at most [`MAX_DOWNLOADS`] kept, and
/// [`TOTAL_DOWNLOAD_CAPS`] times `cap` in all. A page cannot fill the disk by starting
/// downloads one after another.
pub fn download_room<'a>(
    others: impl IntoIterator<Item = &'a DownloadInfo>,
    more: u64,
    cap: u64,
) -> bool {
    let (count, bytes) = others
        .into_iter()
        .filter(|d| d.state.kept())
        .fold((0usize, 0u64), |(n, b), d| {
            (n + 1, b.saturating_add(d.size))
        });
    count < MAX_DOWNLOADS && bytes.saturating_add(more) <= cap.saturating_mul(TOTAL_DOWNLOAD_CAPS)
}

/// One download as `list_downloads` reports it. The name and URL come from the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DownloadInfo {
    /// Its id (`d1`, `d2`, ...).
    pub id: String,
    /// The file's name in the download folder (sanitised; never an existing file's).
    pub name: String,
    /// Bytes received.
    pub size: u64,
    /// Its type, from the server's name for it (`text/csv`, `application/pdf`, ...).
    #[serde(rename = "type")]
    pub mime: String,
    /// SHA-256 of the file, hex, once completed.
    pub sha256: Option<String>,
    /// Where it came from.
    pub url: String,
    /// Where it stands.
    pub state: DownloadState,
}

/// A file aartiq wrote into its output folder (`save_pdf`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedFile {
    /// Its name in the folder (never an existing file's).
    pub name: String,
    /// Its full path.
    pub path: String,
    /// Its size in bytes.
    pub size: u64,
    /// SHA-256 of the file, hex.
    pub sha256: String,
}

/// The largest PDF `save_pdf` writes.
pub const MAX_PDF_BYTES: u64 = 100 * 1024 * 1024;

/// The most PDFs `save_pdf` writes in one browser session.
pub const MAX_PDFS: u32 = 100;

/// The most bytes of PDF `save_pdf` writes in one browser session, in all.
pub const MAX_PDF_TOTAL_BYTES: u64 = 5 * MAX_PDF_BYTES;

/// Whether a session that wrote `saved` PDFs of `bytes` in all may write one of `more` bytes:
/// an agent cannot fill the disk by printing page after page.
pub fn pdf_room(saved: u32, bytes: u64, more: u64) -> bool {
    saved < MAX_PDFS && more <= MAX_PDF_BYTES && bytes.saturating_add(more) <= MAX_PDF_TOTAL_BYTES
}

/// A downloaded file's text, as `read_download` returns it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DownloadText {
    /// The download's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The text (cut to the limit).
    pub text: String,
    /// Whether it was cut.
    pub truncated: bool,
}

/// A file name a page suggested, made safe to create in the download folder: no path
/// separators, no control or bidi characters, no leading dots, at most 120 characters.
pub fn sanitize_file_name(suggested: &str) -> String {
    let base = suggested
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control() && !is_bidi(*c))
        .map(|c| match c {
            ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c => c,
        })
        .collect::<String>();
    let trimmed = base.trim().trim_start_matches('.').trim();
    let mut name: String = trimmed.chars().take(120).collect();
    if name.is_empty() {
        name = "download".to_owned();
    }
    name
}

fn is_bidi(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `name`, or `stem (2).ext`, `stem (3).ext`, ... : the first that `taken` says is free.
pub fn unique_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(name) {
        return name.to_owned();
    }
    let (stem, ext) = match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => (stem, format!(".{ext}")),
        _ => (name, String::new()),
    };
    (2u32..)
        .map(|n| format!("{stem} ({n}){ext}"))
        .find(|candidate| !taken(candidate))
        .unwrap_or_else(|| format!("{stem}-{}{ext}", u32::MAX))
}

/// The type of a file by its name: what `read_download` can read as text, and PDF.
pub fn mime_of(name: &str) -> &'static str {
    let ext = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "txt" | "log" | "md" => "text/plain",
        "csv" => "text/csv",
        "tsv" => "text/tab-separated-values",
        "json" => "application/json",
        "html" | "htm" => "text/html",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "zip" => "application/zip",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

    use super::*;

    fn download(size: u64, state: DownloadState) -> DownloadInfo {
        DownloadInfo {
            id: "d".to_owned(),
            name: "f".to_owned(),
            size,
            mime: "text/plain".to_owned(),
            sha256: None,
            url: String::new(),
            state,
        }
    }

    #[test]
    fn a_session_keeps_a_bounded_count_and_total_of_downloads() {
        let cap = 100;
        let total = cap * TOTAL_DOWNLOAD_CAPS;
        assert!(download_room(&[], 0, cap));
        let full = vec![download(cap, DownloadState::Completed); 5];
        assert_eq!(u64::try_from(full.len()).unwrap() * cap, total);
        assert!(!download_room(&full, 1, cap), "over the total");
        assert!(download_room(&full, 0, cap), "an empty file still fits");
        assert!(download_room(&full[1..], cap, cap));
        // What aartiq or the page cancelled no longer counts.
        let cancelled = vec![download(cap, DownloadState::TooLarge); 50];
        assert!(download_room(&cancelled, cap, cap));
        let many = vec![download(0, DownloadState::InProgress); MAX_DOWNLOADS];
        assert!(!download_room(&many, 0, cap), "over the count");
        assert!(download_room(&many[1..], 0, cap));
    }

    #[test]
    fn a_session_prints_a_bounded_count_and_total_of_pdfs() {
        assert!(pdf_room(0, 0, 1));
        assert!(!pdf_room(MAX_PDFS, 0, 1), "over the count");
        assert!(pdf_room(MAX_PDFS - 1, 0, 1));
        assert!(!pdf_room(0, 0, MAX_PDF_BYTES + 1), "one too large");
        assert!(!pdf_room(1, MAX_PDF_TOTAL_BYTES, 1), "over the total");
        assert!(pdf_room(1, MAX_PDF_TOTAL_BYTES - 10, 10));
    }

    #[test]
    fn download_names_are_made_safe_and_never_overwrite() {
        assert_eq!(sanitize_file_name("../../.bashrc"), "bashrc");
        assert_eq!(sanitize_file_name("a\\b\\report.csv"), "report.csv");
        assert_eq!(sanitize_file_name("inv\u{202E}fdp.exe"), "invfdp.exe");
        assert_eq!(sanitize_file_name("what?.txt"), "what_.txt");
        assert_eq!(sanitize_file_name("..."), "download");
        assert_eq!(sanitize_file_name(&"x".repeat(300)).len(), 120);
        let taken = ["report.csv", "report (2).csv"];
        assert_eq!(
            unique_name("report.csv", |n| taken.contains(&n)),
            "report (3).csv"
        );
        assert_eq!(unique_name("README", |n| n == "README"), "README (2)");
        assert_eq!(unique_name("new.txt", |_| false), "new.txt");
    }

    #[test]
    fn types_come_from_the_name() {
        assert_eq!(mime_of("a.CSV"), "text/csv");
        assert_eq!(mime_of("a.pdf"), "application/pdf");
        assert_eq!(mime_of("noext"), "application/octet-stream");
    }
}
