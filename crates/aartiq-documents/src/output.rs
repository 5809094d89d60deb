//! The output folder: every generated file lands inside one configured directory, under a name
//! derived from the title, never over an existing file, written whole or not at all.
//!
//! Names are sanitised (letters, digits, `-` and `_` only: no separators, no `..`, no control
//! characters, at most [`MAX_STEM_CHARS`] characters), so a file can only be a direct child of
//! the folder. The folder itself must not be a symbolic link, and it is checked again before
//! every write (a folder swapped for a link elsewhere is refused). Bytes go to a temporary file
//! in the folder and are linked into place with a no-clobber rename; a taken name gets `-2`,
//! `-3`, ... A dangling link with the chosen name counts as taken, so nothing is ever written
//! through a link.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::OutputError;

/// The longest file stem, in characters (before `-N` and the extension).
pub const MAX_STEM_CHARS: usize = 80;

/// How many `-N` suffixes are tried before giving up.
const MAX_SUFFIX: u32 = 10_000;

/// A directory generated files are written into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputDir {
    /// The canonical path, fixed when the folder was opened.
    dir: PathBuf,
}

fn io(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> OutputError {
    let path = path.to_owned();
    move |source| OutputError::Io {
        action,
        path,
        source,
    }
}

/// A file stem from a title: lower case letters and digits (any script), words joined by `-`,
/// at most [`MAX_STEM_CHARS`] characters; `document` when nothing is left.
pub fn file_stem(title: &str) -> String {
    let mut stem = String::new();
    let mut dash = false;
    for c in title.chars() {
        if c.is_alphanumeric() {
            if dash && !stem.is_empty() {
                stem.push('-');
            }
            dash = false;
            stem.extend(c.to_lowercase());
        } else if c == '_' && !stem.is_empty() {
            stem.push('_');
            dash = false;
        } else {
            dash = true;
        }
        if stem.chars().count() >= MAX_STEM_CHARS {
            break;
        }
    }
    let stem: String = stem.chars().take(MAX_STEM_CHARS).collect();
    let stem = stem.trim_matches(['-', '_']).to_owned();
    if stem.is_empty() {
        "document".to_owned()
    } else {
        stem
    }
}

impl OutputDir {
    /// Opens (creating it when missing) the folder files are written into.
    ///
    /// # Errors
    /// [`OutputError::Symlink`] when the path is a symbolic link, [`OutputError::Changed`] when
    /// it is not a directory, [`OutputError::Io`] when it cannot be created or read.
    pub fn new(dir: impl AsRef<Path>) -> Result<OutputDir, OutputError> {
        let dir = dir.as_ref();
        match std::fs::symlink_metadata(dir) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(OutputError::Symlink {
                    path: dir.to_owned(),
                });
            }
            Ok(meta) if !meta.is_dir() => {
                return Err(OutputError::Changed {
                    path: dir.to_owned(),
                });
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir_all(dir).map_err(io("creating", dir))?;
            }
            Err(e) => return Err(io("reading", dir)(e)),
        }
        let canonical = dir.canonicalize().map_err(io("resolving", dir))?;
        Ok(OutputDir { dir: canonical })
    }

    /// The folder (canonical path).
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Checks that the folder is still the real directory it was when opened.
    fn verify(&self) -> Result<(), OutputError> {
        let meta = std::fs::symlink_metadata(&self.dir).map_err(io("reading", &self.dir))?;
        if meta.file_type().is_symlink() {
            return Err(OutputError::Symlink {
                path: self.dir.clone(),
            });
        }
        let now = self
            .dir
            .canonicalize()
            .map_err(io("resolving", &self.dir))?;
        if !meta.is_dir() || now != self.dir {
            return Err(OutputError::Changed {
                path: self.dir.clone(),
            });
        }
        Ok(())
    }

    /// Writes `bytes` to a new file named after `title` with `extension`, never replacing an
    /// existing file, and returns its path (always a direct child of the folder).
    ///
    /// # Errors
    /// [`OutputError::Symlink`] or [`OutputError::Changed`] when the folder was replaced,
    /// [`OutputError::NoFreeName`] when every suffix is taken, [`OutputError::Io`] otherwise.
    pub fn write(
        &self,
        title: &str,
        extension: &str,
        bytes: &[u8],
    ) -> Result<PathBuf, OutputError> {
        self.verify()?;
        let stem = file_stem(title);
        let extension: String = extension
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .take(8)
            .collect::<String>()
            .to_ascii_lowercase();
        let mut temp = tempfile::Builder::new()
            .prefix(".aartiq-")
            .suffix(".part")
            .tempfile_in(&self.dir)
            .map_err(io("creating a temporary file in", &self.dir))?;
        temp.write_all(bytes)
            .and_then(|()| temp.as_file().sync_all())
            .map_err(io("writing", temp.path()))?;
        for n in 1..=MAX_SUFFIX {
            let name = if n == 1 {
                format!("{stem}.{extension}")
            } else {
                format!("{stem}-{n}.{extension}")
            };
            let target = self.dir.join(&name);
            // The name is a plain file name (no separator, no dot first), so the target is a
            // direct child of the folder.
            if std::fs::symlink_metadata(&target).is_ok() {
                continue;
            }
            match temp.persist_noclobber(&target) {
                Ok(_) => return Ok(target),
                Err(error) if error.error.kind() == std::io::ErrorKind::AlreadyExists => {
                    temp = error.file;
                }
                Err(error) => return Err(io("saving", &target)(error.error)),
            }
        }
        Err(OutputError::NoFreeName {
            dir: self.dir.clone(),
            stem,
            extension,
        })
    }
}
