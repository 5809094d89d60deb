//! Files across the browser's edge on [`CdpBrowser`]: uploads with `DOM.setFileInputFiles`
//! (only files `resolve_uploads` lets through), and downloads kept by the browser under
//! their GUID in a staging folder (`Browser.setDownloadBehavior`), then moved into the download
//! folder under a sanitised name that never overwrites, with their SHA-256.

use std::collections::HashMap;
use std::io::Read as _;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use aartiq_tools::{
    ActionOutcome, BackendError, DownloadInfo, DownloadState, DownloadText, MAX_PDF_BYTES,
    MAX_PDF_TOTAL_BYTES, MAX_PDFS, MAX_UPLOAD_BYTES, NodeHandle, SavedFile, TabId, UploadRefusal,
    download_room, mime_of, pdf_room, sanitize_file_name, unique_name,
};
use serde_json::{Value, json};
use sha2::Digest as _;

use crate::actions::failed;
use crate::browser::{CdpBrowser, Inner, backend};

/// The folder inside the download folder where files arrive before they are whole.
const STAGING: &str = ".aartiq-partial";

/// How long `pdftotext` may take over one file.
const PDF_TIMEOUT: Duration = Duration::from_secs(20);

/// Where downloads go, and how large one may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DownloadFolder {
    pub(crate) dir: PathBuf,
    pub(crate) cap: u64,
}

impl DownloadFolder {
    fn staging(&self) -> PathBuf {
        self.dir.join(STAGING)
    }
}

#[derive(Debug)]
struct Download {
    info: DownloadInfo,
    path: Option<PathBuf>,
    /// Whether aartiq told the browser to cancel it.
    stopped: bool,
}

/// Every download of a browser session.
#[derive(Debug, Default)]
pub(crate) struct Downloads {
    items: Vec<Download>,
    by_guid: HashMap<String, usize>,
    /// Names given to downloads not yet in the folder, so two never get the same one.
    reserved: Vec<String>,
}

impl Downloads {
    pub(crate) fn list(&self) -> Vec<DownloadInfo> {
        self.items.iter().map(|d| d.info.clone()).collect()
    }
}

impl Inner {
    /// Tells the browser where downloads go: the staging folder, or nowhere.
    pub(crate) async fn set_up_downloads(&self) -> Result<(), crate::CdpError> {
        self.set_up_downloads_in(None).await
    }

    /// [`Inner::set_up_downloads`] for one browsing context (the default one when `None`).
    pub(crate) async fn set_up_downloads_in(
        &self,
        context: Option<&str>,
    ) -> Result<(), crate::CdpError> {
        let mut params = match &self.download_folder {
            Some(folder) => {
                std::fs::create_dir_all(folder.staging()).map_err(|e| {
                    crate::CdpError::Script(format!(
                        "the download folder {} cannot be made: {e}",
                        folder.dir.display()
                    ))
                })?;
                json!({"behavior": "allowAndName", "downloadPath": folder.staging(), "eventsEnabled": true})
            }
            None => json!({"behavior": "deny", "eventsEnabled": true}),
        };
        if let Some(context) = context {
            params["browserContextId"] = json!(context);
        }
        self.call("Browser.setDownloadBehavior", params, None)
            .await
            .map(|_| ())
    }

    /// The download a `Browser.downloadWillBegin` announces: registered once per GUID; its
    /// id, name and URL.
    pub(crate) fn download_begins(&self, params: &Value) -> Option<(String, String, String)> {
        let guid = params["guid"].as_str()?.to_owned();
        let mut downloads = self.downloads();
        if let Some(&at) = downloads.by_guid.get(&guid) {
            let info = &downloads.items[at].info;
            return Some((info.id.clone(), info.name.clone(), info.url.clone()));
        }
        let url = params["url"].as_str().unwrap_or_default().to_owned();
        let suggested = sanitize_file_name(params["suggestedFilename"].as_str().unwrap_or(""));
        let room = |cap| download_room(downloads.items.iter().map(|d| &d.info), 0, cap);
        let (name, state) = match &self.download_folder {
            Some(folder) if !room(folder.cap) => (suggested, DownloadState::LimitReached),
            Some(folder) => {
                let reserved = downloads.reserved.clone();
                let name = unique_name(&suggested, |n| {
                    folder.dir.join(n).exists() || reserved.iter().any(|r| r == n)
                });
                downloads.reserved.push(name.clone());
                (name, DownloadState::InProgress)
            }
            None => (suggested, DownloadState::Refused),
        };
        let id = format!("d{}", downloads.items.len() + 1);
        let index = downloads.items.len();
        downloads.by_guid.insert(guid, index);
        downloads.items.push(Download {
            info: DownloadInfo {
                id: id.clone(),
                name: name.clone(),
                size: 0,
                mime: mime_of(&name).to_owned(),
                sha256: None,
                url: url.clone(),
                state,
            },
            path: None,
            stopped: false,
        });
        Some((id, name, url))
    }

    /// A `Browser.downloadProgress`: the size so far; over the cap it is cancelled; whole,
    /// it is moved into the folder and hashed.
    pub(crate) fn download_progress(self: &std::sync::Arc<Self>, params: &Value) {
        let Some(guid) = params["guid"].as_str() else {
            return;
        };
        let received = params["receivedBytes"].as_f64().unwrap_or(0.0).max(0.0) as u64;
        let state = params["state"].as_str().unwrap_or("inProgress");
        let Some(folder) = self.download_folder.clone() else {
            return;
        };
        let mut downloads = self.downloads();
        let Some(&at) = downloads.by_guid.get(guid) else {
            return;
        };
        let staged = folder.staging().join(guid);
        let others = downloads
            .items
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .map(|(_, d)| &d.info);
        let room = download_room(others, received, folder.cap);
        let entry = &mut downloads.items[at];
        let over = match entry.info.state {
            DownloadState::InProgress if received > folder.cap => Some(DownloadState::TooLarge),
            DownloadState::InProgress if !room => Some(DownloadState::LimitReached),
            DownloadState::InProgress => None,
            // Refused at its start: the browser is told to stop once, on its first progress.
            DownloadState::LimitReached if !entry.stopped => Some(DownloadState::LimitReached),
            _ => return,
        };
        entry.info.size = received;
        if let Some(state) = over {
            entry.info.state = state;
            entry.stopped = true;
            let guid = guid.to_owned();
            let inner = std::sync::Arc::clone(self);
            tokio::spawn(async move {
                let _ = inner
                    .call("Browser.cancelDownload", json!({"guid": guid}), None)
                    .await;
                let _ = std::fs::remove_file(staged);
            });
            return;
        }
        match state {
            "canceled" => {
                entry.info.state = DownloadState::Canceled;
                let _ = std::fs::remove_file(staged);
            }
            "completed" => {
                let target = folder.dir.join(&entry.info.name);
                let index = at;
                let inner = std::sync::Arc::clone(self);
                tokio::task::spawn_blocking(move || {
                    let finished = finish(&staged, &target);
                    let mut downloads = inner.downloads();
                    let entry = &mut downloads.items[index];
                    match finished {
                        Ok((size, sha)) => {
                            entry.info.size = size;
                            entry.info.sha256 = Some(sha);
                            entry.info.state = DownloadState::Completed;
                            entry.path = Some(target);
                        }
                        Err(_) => entry.info.state = DownloadState::Canceled,
                    }
                });
            }
            _ => {}
        }
    }

    fn downloads(&self) -> std::sync::MutexGuard<'_, Downloads> {
        self.downloads
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Moves a whole download into place and hashes it. The move is a hard link, which fails
/// when the name exists (a file or a link, dangling or not), so nothing is ever replaced or
/// written through a link; then the staged name goes.
fn finish(staged: &Path, target: &Path) -> std::io::Result<(u64, String)> {
    std::fs::hard_link(staged, target)?;
    std::fs::remove_file(staged)?;
    let mut file = std::fs::File::open(target)?;
    let mut hasher = sha2::Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut size = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        size += n as u64;
        hasher.update(&buf[..n]);
    }
    Ok((size, aartiq_tools::hex(&hasher.finalize())))
}

/// The files `paths` name inside `folder`, canonical, each a regular file of at most `cap`
/// bytes. A relative path is taken inside the folder; an absolute one must lead into it. Only
/// names and metadata are looked at: no file is opened.
///
/// # Errors
/// The first [`UploadRefusal`] that applies.
pub(crate) fn resolve_uploads(
    folder: Option<&Path>,
    paths: &[String],
    cap: u64,
) -> Result<Vec<PathBuf>, UploadRefusal> {
    let folder = folder.ok_or(UploadRefusal::NoFolder)?;
    if paths.is_empty() {
        return Err(UploadRefusal::Empty);
    }
    let root = folder
        .canonicalize()
        .map_err(|e| UploadRefusal::BadFolder {
            folder: folder.display().to_string(),
            reason: e.to_string(),
        })?;
    let mut out = Vec::with_capacity(paths.len());
    for given in paths {
        let path = Path::new(given);
        let joined = if path.is_absolute() {
            path.to_path_buf()
        } else {
            // `..` is refused outright, before any look at the disk.
            if path
                .components()
                .any(|c| matches!(c, Component::ParentDir | Component::Prefix(_)))
            {
                return Err(UploadRefusal::Outside {
                    path: given.clone(),
                });
            }
            root.join(path)
        };
        // Symlinks are followed here: a link that leads out is outside.
        let real = match joined.canonicalize() {
            Ok(real) => real,
            Err(_) if !joined.starts_with(&root) => {
                return Err(UploadRefusal::Outside {
                    path: given.clone(),
                });
            }
            Err(_) => {
                return Err(UploadRefusal::NotAFile {
                    path: given.clone(),
                });
            }
        };
        if !real.starts_with(&root) || real == root {
            return Err(UploadRefusal::Outside {
                path: given.clone(),
            });
        }
        let meta = real.metadata().map_err(|_| UploadRefusal::NotAFile {
            path: given.clone(),
        })?;
        if !meta.is_file() {
            return Err(UploadRefusal::NotAFile {
                path: given.clone(),
            });
        }
        if meta.len() > cap {
            return Err(UploadRefusal::TooLarge {
                path: given.clone(),
                size: meta.len(),
                cap,
            });
        }
        out.push(real);
    }
    Ok(out)
}

/// Whether `mime` is read as text.
fn textual(mime: &str) -> bool {
    mime.starts_with("text/") || matches!(mime, "application/json" | "application/xml")
}

/// The first `max_chars` characters of `text`, and whether there was more.
fn cut(text: &str, max_chars: usize) -> (String, bool) {
    match text.char_indices().nth(max_chars) {
        Some((at, _)) => (text[..at].to_owned(), true),
        None => (text.to_owned(), false),
    }
}

impl CdpBrowser {
    /// Every download so far.
    pub(crate) fn download_list(&self) -> Vec<DownloadInfo> {
        self.inner.downloads().list()
    }

    /// The text of a completed download.
    pub(crate) async fn download_text(
        &self,
        id: &str,
        max_chars: usize,
    ) -> Result<DownloadText, BackendError> {
        let (info, path) = {
            let downloads = self.inner.downloads();
            let entry = downloads
                .items
                .iter()
                .find(|d| d.info.id == id)
                .ok_or_else(|| BackendError::UnknownDownload(id.to_owned()))?;
            (entry.info.clone(), entry.path.clone())
        };
        let path = match (info.state, path) {
            (DownloadState::Completed, Some(path)) => path,
            (state, _) => {
                return Err(BackendError::Other(format!(
                    "Download {id} is {}, not completed.",
                    serde_json::to_value(state)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                        .unwrap_or_default()
                )));
            }
        };
        let text = if textual(&info.mime) {
            // At most four bytes a character: enough for `max_chars` of any text.
            let limit = u64::try_from(max_chars.saturating_mul(4)).unwrap_or(u64::MAX);
            let mut bytes = Vec::new();
            std::fs::File::open(&path)
                .and_then(|f| f.take(limit.saturating_add(4)).read_to_end(&mut bytes))
                .map_err(|e| BackendError::Other(format!("Download {id} cannot be read: {e}")))?;
            String::from_utf8_lossy(&bytes).into_owned()
        } else if info.mime == "application/pdf" {
            pdf_text(&path).await?
        } else {
            return Err(BackendError::Other(format!(
                "Download {id} is {}, not text: read_download reads plain text, CSV, JSON, HTML \
                 and PDF.",
                info.mime
            )));
        };
        let (text, truncated) = cut(&text, max_chars);
        Ok(DownloadText {
            id: info.id,
            name: info.name,
            text,
            truncated,
        })
    }

    /// The files `paths` name in the upload folder, or why they are refused.
    pub(crate) fn upload_paths(&self, paths: &[String]) -> Result<Vec<PathBuf>, BackendError> {
        Ok(resolve_uploads(
            self.inner.upload_dir.as_deref(),
            paths,
            MAX_UPLOAD_BYTES,
        )?)
    }

    /// Puts the files `paths` name in the upload folder into the file input of `handle`, or,
    /// when `handle` is not a file input (a button that opens a hidden one, say), into the
    /// file chooser the tab's page opened last.
    pub(crate) async fn upload_files(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        paths: &[String],
    ) -> Result<ActionOutcome, BackendError> {
        let files = self.upload_paths(paths)?;
        let at = self.locate(tab, handle)?;
        let context = self
            .inner
            .context(at.tab, &at.session, &at.frame)
            .await
            .map_err(backend)?;
        let found = self
            .inner
            .call(
                "Runtime.evaluate",
                json!({
                    "expression": format!("(() => {{ const A = globalThis.__aartiq; const el = A && A.get({}); return el && el.localName === 'input' && el.type === 'file' ? el : null; }})()", at.id),
                    "contextId": context,
                    "returnByValue": false,
                }),
                Some(&at.session),
            )
            .await
            .map_err(backend)?;
        // Either chooser ends here: the next upload_file needs a new one.
        let chooser = self
            .inner
            .state()
            .tabs
            .get_mut(&at.tab)
            .and_then(|t| t.chooser.take());
        let (input, session, multiple, opened) = match found["result"]["objectId"].as_str() {
            Some(object) => {
                let multiple: bool = self
                    .ask(&at, &format!("!!(A.get({}) || {{}}).multiple", at.id))
                    .await?;
                (
                    json!({"objectId": object}),
                    at.session.clone(),
                    multiple,
                    false,
                )
            }
            None => match chooser {
                Some(chooser) => (
                    json!({"backendNodeId": chooser.node}),
                    chooser.session,
                    chooser.multiple,
                    true,
                ),
                None => {
                    return Ok(failed(
                        "the element of the ref is not a file input and no file chooser is \
                         open in this tab: act on the control that opens one first",
                    ));
                }
            },
        };
        if files.len() > 1 && !multiple {
            return Ok(failed("the file input takes one file"));
        }
        let mut params = input;
        params["files"] = json!(
            files
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
        );
        match self
            .inner
            .call("DOM.setFileInputFiles", params, Some(&session))
            .await
        {
            Ok(_) => {}
            // The chooser's input went with its page.
            Err(error) if opened => {
                tracing::debug!(%error, "setting the chosen files failed");
                return Ok(failed(
                    "the file chooser's input is gone (the page changed): open it again",
                ));
            }
            Err(error) => return Err(backend(error)),
        }
        let shown: Vec<String> = files
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        Ok(ActionOutcome {
            ok: true,
            reason: None,
            value: Some(shown.join(", ")),
            effects: Vec::new(),
        })
    }
}

impl CdpBrowser {
    /// Prints the tab's page (`Page.printToPDF`, backgrounds included) into the output folder.
    pub(crate) async fn print_pdf(
        &self,
        tab: &TabId,
        name: Option<&str>,
    ) -> Result<SavedFile, BackendError> {
        let dir = self
            .inner
            .output_dir
            .clone()
            .ok_or(BackendError::Unsupported(
                "print pages to PDF without an output folder (--output-dir, [host] output_dir)",
            ))?;
        let (number, session) = self.inner.session_of(tab)?;
        let title = match name {
            Some(name) => name.to_owned(),
            None => self.inner.tab_info(number).await?.title,
        };
        let printed = self
            .inner
            .conn
            .call_with_timeout(
                "Page.printToPDF",
                json!({"printBackground": true, "transferMode": "ReturnAsBase64"}),
                Some(&session),
                PRINT_TIMEOUT,
            )
            .await
            .map_err(backend)?;
        let data = printed["data"].as_str().unwrap_or_default();
        // Base64 is four characters for three bytes.
        let estimate = u64::try_from(data.len() / 4 * 3).unwrap_or(u64::MAX);
        {
            let mut printed = self
                .inner
                .printed
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if !pdf_room(printed.0, printed.1, estimate) {
                return Err(BackendError::Other(format!(
                    "save_pdf refused: this session keeps at most {MAX_PDFS} PDFs, {MAX_PDF_BYTES} \
                     bytes each and {MAX_PDF_TOTAL_BYTES} in all (this one is about {estimate} bytes)"
                )));
            }
            // Counted before it is written, so two calls at once cannot both slip under.
            printed.0 += 1;
            printed.1 = printed.1.saturating_add(estimate);
        }
        let bytes = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, data)
            .map_err(|e| BackendError::Other(format!("the browser's PDF did not decode: {e}")))?;
        tokio::task::spawn_blocking(move || {
            let out = aartiq_documents::OutputDir::new(&dir)
                .map_err(|e| BackendError::Other(e.to_string()))?;
            let stem = if title.trim().is_empty() {
                "page"
            } else {
                title.as_str()
            };
            let path = out
                .write(stem, "pdf", &bytes)
                .map_err(|e| BackendError::Other(e.to_string()))?;
            let sha = aartiq_tools::hex(&sha2::Sha256::digest(&bytes));
            Ok(SavedFile {
                name: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                path: path.display().to_string(),
                size: u64::try_from(bytes.len()).unwrap_or(u64::MAX),
                sha256: sha,
            })
        })
        .await
        .map_err(|e| BackendError::Other(format!("saving the PDF failed: {e}")))?
    }
}

/// How long printing a page may take.
const PRINT_TIMEOUT: Duration = Duration::from_secs(60);

/// The text of a PDF, by `pdftotext` (poppler), which only reads it, through the host's one
/// process runner (bounded time and output, a clean environment).
async fn pdf_text(path: &Path) -> Result<String, BackendError> {
    let config = aartiq_host::ExecConfig {
        timeout: PDF_TIMEOUT,
        ..aartiq_host::ExecConfig::default()
    };
    let args = [
        std::ffi::OsStr::new("-q"),
        std::ffi::OsStr::new("-enc"),
        std::ffi::OsStr::new("UTF-8"),
        path.as_os_str(),
        std::ffi::OsStr::new("-"),
    ];
    match aartiq_host::exec::run(&config, "pdftotext", &args, None).await {
        Ok(out) => Ok(String::from_utf8_lossy(&out.stdout).into_owned()),
        Err(aartiq_host::HostError::NotInstalled { .. }) => Err(BackendError::Other(
            "pdftotext is not installed (Debian: poppler-utils): PDF downloads cannot be read"
                .to_owned(),
        )),
        Err(e) => Err(BackendError::Other(format!(
            "the PDF could not be read: {e}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

    use super::*;

    #[test]
    fn uploads_come_only_from_inside_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("up");
        std::fs::create_dir(&root).unwrap();
        std::fs::write(root.join("cv.pdf"), b"%PDF").unwrap();
        std::fs::create_dir(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a.txt"), b"a").unwrap();
        std::fs::write(dir.path().join("secret.txt"), b"s").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), root.join("link.txt")).unwrap();
        let ok =
            resolve_uploads(Some(&root), &["cv.pdf".into(), "sub/a.txt".into()], 1 << 20).unwrap();
        assert_eq!(ok.len(), 2);
        let absolute = root.join("cv.pdf").display().to_string();
        assert!(resolve_uploads(Some(&root), &[absolute], 1 << 20).is_ok());
        let refused = |path: &str| {
            resolve_uploads(Some(&root), &[path.to_owned()], 1 << 20)
                .unwrap_err()
                .code()
        };
        assert_eq!(refused("../secret.txt"), "UPLOAD_OUTSIDE_FOLDER");
        assert_eq!(refused("link.txt"), "UPLOAD_OUTSIDE_FOLDER");
        assert_eq!(
            refused(&dir.path().join("secret.txt").display().to_string()),
            "UPLOAD_OUTSIDE_FOLDER"
        );
        assert_eq!(refused("/etc/passwd"), "UPLOAD_OUTSIDE_FOLDER");
        assert_eq!(refused("missing.txt"), "UPLOAD_NOT_A_FILE");
        assert_eq!(refused("sub"), "UPLOAD_NOT_A_FILE");
        assert_eq!(
            resolve_uploads(Some(&root), &["cv.pdf".into()], 2)
                .unwrap_err()
                .code(),
            "UPLOAD_TOO_LARGE"
        );
        assert_eq!(
            resolve_uploads(None, &["cv.pdf".into()], 2)
                .unwrap_err()
                .code(),
            "UPLOAD_DISABLED"
        );
        assert_eq!(
            resolve_uploads(Some(&root), &[], 2).unwrap_err().code(),
            "UPLOAD_NO_PATHS"
        );
    }

    #[test]
    fn text_is_cut_at_characters_not_bytes() {
        assert_eq!(cut("héllo", 2), ("hé".to_owned(), true));
        assert_eq!(cut("héllo", 5), ("héllo".to_owned(), false));
        assert_eq!(cut("", 3), (String::new(), false));
    }

    #[test]
    fn a_whole_download_is_moved_hashed_and_never_put_over_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let staged = dir.path().join("guid");
        std::fs::write(&staged, b"abc").unwrap();
        let (size, sha) = finish(&staged, &dir.path().join("a.txt")).unwrap();
        assert_eq!(size, 3);
        assert_eq!(
            sha,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        std::fs::write(&staged, b"x").unwrap();
        assert!(finish(&staged, &dir.path().join("a.txt")).is_err());
        assert_eq!(std::fs::read(dir.path().join("a.txt")).unwrap(), b"abc");
    }

    #[test]
    fn only_text_types_are_read_as_text() {
        assert!(textual("text/csv") && textual("application/json"));
        assert!(!textual("application/zip") && !textual("application/pdf"));
    }
}
