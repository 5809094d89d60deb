//! The vault a server fills logins from: `--vault FILE`, a file `aartiq-browser vault add`
//! writes. It starts locked; the `vault_unlock` tool, a side effect a person approves, opens
//! it with the passphrase in `AARTIQ_VAULT_PASSPHRASE`. Without the flag the vault tools say
//! that no vault is configured.

use std::path::PathBuf;
use std::sync::Arc;

use aartiq_agents::SystemClock;
use aartiq_tools::Vault;
use aartiq_vault::{EnvPassphrase, FileVault, VaultFile};

use crate::error::ServeError;

/// The vault flag of both servers.
#[derive(Debug, Default)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct VaultArgs {
    /// A vault file (made with `aartiq-browser vault add`) whose logins `fill_form` may fill
    /// without the secret entering a transcript. It stays locked until `vault_unlock`, which a
    /// person approves, opens it with the passphrase in `AARTIQ_VAULT_PASSPHRASE`.
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE"))]
    pub vault: Option<PathBuf>,
}

/// The vault `args` name, locked, or `None` without one.
///
/// # Errors
/// [`ServeError::NoVault`] when the file does not exist or is not a file: a mistyped path
/// stops the server at start instead of failing the first login.
pub fn open_vault(args: &VaultArgs) -> Result<Option<Arc<dyn Vault>>, ServeError> {
    let Some(path) = &args.vault else {
        return Ok(None);
    };
    if !path.is_file() {
        return Err(ServeError::NoVault { path: path.clone() });
    }
    let vault = FileVault::new(
        VaultFile::new(path.clone()),
        Arc::new(EnvPassphrase),
        Arc::new(SystemClock),
    );
    Ok(Some(Arc::new(vault)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_flag_no_vault_and_a_missing_file_is_refused_by_name() {
        assert!(open_vault(&VaultArgs::default()).unwrap().is_none());
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope.aqv");
        let error = open_vault(&VaultArgs {
            vault: Some(missing.clone()),
        })
        .err()
        .unwrap();
        assert!(error.to_string().contains("nope.aqv"), "{error}");
        let folder = open_vault(&VaultArgs {
            vault: Some(dir.path().to_path_buf()),
        });
        assert!(folder.is_err());
    }
}
