//! Unpacking an extension's ZIP archive without trusting it: no absolute paths, no `..`, no
//! links, bounded entry count and size, and a `manifest.json` at the top.

use std::io::Read;
use std::path::Path;

use crate::error::ExtensionError;

/// At most this many entries.
pub(crate) const MAX_ENTRIES: usize = 20_000;
/// At most this many bytes unpacked in all.
pub(crate) const MAX_UNPACKED: u64 = 512 * 1024 * 1024;

fn refuse(message: String) -> ExtensionError {
    ExtensionError::Archive(message)
}

/// Whether the first component of `relative` is a name Chromium reserves (`_metadata`...).
pub(crate) fn is_reserved(relative: &Path) -> bool {
    relative
        .components()
        .next()
        .and_then(|c| c.as_os_str().to_str())
        .is_some_and(|first| first.starts_with('_') && first != "_locales")
}

/// Unpacks `archive` into the directory `dest` (which must exist and be empty).
pub(crate) fn unpack_zip(archive: &[u8], dest: &Path) -> Result<(), ExtensionError> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(archive))
        .map_err(|e| refuse(format!("not a ZIP archive: {e}")))?;
    if zip.len() > MAX_ENTRIES {
        return Err(refuse(format!(
            "{} entries (at most {MAX_ENTRIES})",
            zip.len()
        )));
    }
    let mut total = 0u64;
    let mut has_manifest = false;
    for index in 0..zip.len() {
        let mut entry = zip
            .by_index(index)
            .map_err(|e| refuse(format!("entry {index}: {e}")))?;
        let raw_name = String::from_utf8_lossy(entry.name_raw()).into_owned();
        // `enclosed_name` would quietly turn `/etc/x` into `etc/x`; an absolute name is
        // refused outright, like one that climbs out with `..`.
        let absolute =
            raw_name.starts_with(['/', '\\']) || raw_name.as_bytes().get(1) == Some(&b':');
        let Some(relative) = entry.enclosed_name().filter(|_| !absolute) else {
            return Err(refuse(format!(
                "entry {raw_name:?} escapes the extension directory"
            )));
        };
        if is_reserved(&relative) {
            // Chromium refuses to load an unpacked extension holding `_`-names other than
            // `_locales` (the store's `_metadata` signatures are for packed installs).
            continue;
        }
        if entry.is_symlink() {
            return Err(refuse(format!("entry {raw_name:?} is a symbolic link")));
        }
        let target = dest.join(&relative);
        if entry.is_dir() {
            std::fs::create_dir_all(&target).map_err(|e| ExtensionError::io(&target, e))?;
            continue;
        }
        if relative == Path::new("manifest.json") {
            has_manifest = true;
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| ExtensionError::io(parent, e))?;
        }
        let mut out = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
            .map_err(|e| ExtensionError::io(&target, e))?;
        // The declared size is not trusted: copy at most what is left of the budget, plus one
        // byte to notice going over.
        let budget = MAX_UNPACKED - total;
        let copied = std::io::copy(&mut (&mut entry).take(budget + 1), &mut out)
            .map_err(|e| refuse(format!("entry {raw_name:?}: {e}")))?;
        total += copied;
        if total > MAX_UNPACKED {
            return Err(refuse(format!("more than {MAX_UNPACKED} bytes unpacked")));
        }
    }
    if !has_manifest {
        return Err(refuse(
            "no manifest.json at the top of the archive".to_owned(),
        ));
    }
    Ok(())
}
