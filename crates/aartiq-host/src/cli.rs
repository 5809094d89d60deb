//! `ENABLE_CLI` (spec a.8 row 50): an `aartiq` command on the person's `PATH` - a small shell
//! script that runs the installed binary with its arguments. It carries a marker line, so it
//! is only ever replaced or removed by us; a file someone else put there is left alone.

use std::path::{Path, PathBuf};

use crate::HostError;

/// The shim's file name.
pub const SHIM_NAME: &str = "aartiq";

/// The line that marks a file as ours.
pub const SHIM_MARKER: &str = "# aartiq-cli-shim: written by aartiq ENABLE_CLI; safe to delete";

/// `~/.local/bin`, the usual per-user folder on `PATH`; `None` without `HOME`.
#[must_use]
pub fn default_bin_dir() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|h| PathBuf::from(h).join(".local/bin"))
}

/// Single-quotes for a POSIX shell.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

fn is_ours(path: &Path) -> Result<bool, HostError> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| HostError::io("reading", path, &e))?;
    if !meta.is_file() {
        return Ok(false);
    }
    let text = std::fs::read(path).map_err(|e| HostError::io("reading", path, &e))?;
    Ok(String::from_utf8_lossy(&text)
        .lines()
        .take(3)
        .any(|l| l == SHIM_MARKER))
}

/// Writes `<bin_dir>/aartiq` (mode 0755): `exec '<target_exe>' "$@"`. Creates `bin_dir` when
/// missing; replaces a shim of ours (so it is idempotent and can point at a new binary);
/// writes through a temporary file and a rename, so a reader never sees half a script.
///
/// # Errors
/// [`HostError::NotOurs`] when something else is at that path; [`HostError::NotExecutable`]
/// when `target_exe` is not an absolute path to an executable file; [`HostError::Io`].
pub fn install_cli_shim(bin_dir: &Path, target_exe: &Path) -> Result<PathBuf, HostError> {
    let target_text = target_exe.to_string_lossy().into_owned();
    if !target_exe.is_absolute()
        || crate::exec::find_program(&target_text, None).as_deref() != Some(target_exe)
    {
        return Err(HostError::NotExecutable {
            path: target_exe.to_owned(),
        });
    }
    let path = bin_dir.join(SHIM_NAME);
    if std::fs::symlink_metadata(&path).is_ok() && !is_ours(&path)? {
        return Err(HostError::NotOurs { path });
    }
    std::fs::create_dir_all(bin_dir).map_err(|e| HostError::io("creating", bin_dir, &e))?;
    let script = format!(
        "#!/bin/sh\n{SHIM_MARKER}\nexec {} \"$@\"\n",
        shell_quote(&target_text)
    );
    let temp = bin_dir.join(format!(".{SHIM_NAME}.{}.tmp", std::process::id()));
    std::fs::write(&temp, script).map_err(|e| HostError::io("writing", &temp, &e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&temp, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| HostError::io("setting the mode of", &temp, &e))?;
    }
    std::fs::rename(&temp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        HostError::io("renaming into place", &path, &e)
    })?;
    Ok(path)
}

/// Removes `<bin_dir>/aartiq` if it is our shim; `Ok(false)` when there is none.
///
/// # Errors
/// [`HostError::NotOurs`] when the file there is not ours; [`HostError::Io`].
pub fn remove_cli_shim(bin_dir: &Path) -> Result<bool, HostError> {
    let path = bin_dir.join(SHIM_NAME);
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(false);
    }
    if !is_ours(&path)? {
        return Err(HostError::NotOurs { path });
    }
    std::fs::remove_file(&path).map_err(|e| HostError::io("removing", &path, &e))?;
    Ok(true)
}
