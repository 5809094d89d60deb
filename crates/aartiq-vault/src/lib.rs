//! The autofill vault: logins and identity profiles encrypted at rest, locked by default, and
//! no secret value ever handed to an agent.
//!
//! It sits behind the `autofill_match`, `vault_list` and `vault_unlock` tools of
//! `aartiq-tools` (spec f.4, d.4 rows 22-24) as a [`FileVault`], and behind
//! `aartiq-browser vault add|list|remove|passwd` as a [`VaultFile`] opened into an
//! [`OpenVault`].
//!
//! - **At rest**: one file, XChaCha20-Poly1305 over the JSON contents with the header as
//!   associated data, the key derived from a passphrase with Argon2id (costs in the header;
//!   64 MiB, 3 passes by default). A key check tells a wrong passphrase
//!   ([`VaultError::WrongPassphrase`]) from an altered file ([`VaultError::Corrupt`]).
//! - **Writes** are read-modify-write under an exclusive lock on `<file>.lock`, then an atomic
//!   replace (temporary file, fsync, rename, fsync of the directory): concurrent writers never
//!   lose each other's changes and a crash never leaves half a file.
//! - **Locked by default**: [`FileVault`] unlocks only through its [`PassphraseProvider`] (a
//!   person) and locks itself after an idle timeout on an injected clock.
//! - **No secret leaves**: the [`aartiq_tools::Vault`] methods return sites, user names and
//!   "has a password"; a password leaves only through [`FileVault::fill_secret`] for the
//!   browser's in-page filling, and only for a page of the credential's own site. Secrets are
//!   wiped from memory on drop and never appear in `Debug`, errors or logs.
//!
//! ```
//! use aartiq_vault::{KdfParams, NewCredential, Passphrase, Secret, VaultError, VaultFile};
//!
//! let dir = std::env::temp_dir().join(format!("aartiq-vault-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).map_err(|e| VaultError::Invalid(e.to_string()))?;
//! let file = VaultFile::new(dir.join("vault.aqv"));
//! # let _ = std::fs::remove_file(file.path());
//! let passphrase = Passphrase::new("correct horse battery staple");
//! // `for_tests` keeps this example fast; a real vault uses `KdfParams::default()`.
//! let mut vault = file.create(&passphrase, KdfParams::for_tests())?;
//! let id = vault.add_credential(NewCredential {
//!     domain: "https://accounts.example.com/login".into(),
//!     username: "ada@example.com".into(),
//!     password: Secret::new("s3cret-pw"),
//! })?;
//!
//! // Reopened from disk: listed without the password; filled only into its own site.
//! let vault = file.open(&passphrase)?;
//! assert_eq!(vault.listing().credentials[0].domain, "accounts.example.com");
//! assert_eq!(vault.secret_for(&id, "accounts.example.com")?.expose(), "s3cret-pw");
//! assert!(vault.secret_for(&id, "accounts.example.com.evil.test").is_err());
//! assert!(matches!(file.open(&Passphrase::new("wrong passphrase")), Err(VaultError::WrongPassphrase)));
//! # std::fs::remove_dir_all(&dir).map_err(|e| VaultError::Invalid(e.to_string()))?;
//! # Ok::<(), VaultError>(())
//! ```

mod crypto;
mod data;
mod error;
mod import;
mod secret;
mod store;
mod totp;
mod vault;

pub use crypto::KdfParams;
pub use data::normalize_domain;
pub use error::VaultError;
pub use import::{ImportReport, SkippedRow};
pub use secret::{Passphrase, Secret};
pub use store::{MIN_PASSPHRASE_CHARS, NewCredential, OpenVault, VaultFile};
pub use totp::totp_code;
pub use vault::{
    DEFAULT_IDLE_TIMEOUT, EnvPassphrase, FileVault, PASSPHRASE_VAR, PassphraseProvider,
    UnlockRequest,
};
