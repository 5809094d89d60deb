//! [`FileVault`]: the [`aartiq_tools::Vault`] the tools run against. Locked by default,
//! unlocked through an injected [`PassphraseProvider`] (a person), locked again after an idle
//! timeout on an injected clock.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use aartiq_agents::Clock;
use aartiq_tools::{BackendError, DomainProfile, Vault, VaultListing};
use async_trait::async_trait;

use crate::error::VaultError;
use crate::secret::{Passphrase, Secret};
use crate::store::{OpenVault, VaultFile};

/// How long an unlocked vault stays unlocked without being used, unless configured.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(5 * 60);

/// What a person is asked when the vault is to be unlocked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnlockRequest {
    /// The vault file.
    pub path: PathBuf,
}

/// Asks a person for the vault's passphrase (a terminal prompt, a dialog). Asking is the
/// approval: `None` means the person declined.
#[async_trait]
pub trait PassphraseProvider: Send + Sync {
    /// The passphrase, or `None` when the person declines.
    async fn passphrase(&self, request: &UnlockRequest) -> Option<Passphrase>;
}

/// The environment variable [`EnvPassphrase`] reads.
pub const PASSPHRASE_VAR: &str = "AARTIQ_VAULT_PASSPHRASE";

/// The passphrase from [`PASSPHRASE_VAR`], for a program with no person at a prompt (the API
/// servers, a script): whoever set the variable unlocks the vault, and `vault_unlock` (a side
/// effect a person approves) decides when. Unset or empty declines.
#[derive(Debug, Clone, Copy, Default)]
pub struct EnvPassphrase;

#[async_trait]
impl PassphraseProvider for EnvPassphrase {
    async fn passphrase(&self, request: &UnlockRequest) -> Option<Passphrase> {
        match std::env::var(PASSPHRASE_VAR) {
            Ok(text) if !text.is_empty() => Some(Passphrase::new(text)),
            _ => {
                tracing::warn!(
                    vault = %request.path.display(),
                    "vault_unlock declined: {PASSPHRASE_VAR} is not set"
                );
                None
            }
        }
    }
}

struct Session {
    vault: OpenVault,
    last_used_ms: u64,
}

/// The vault behind the `vault_*` and `autofill_match` tools.
///
/// It never returns a secret through [`Vault`]: `list` shows ids, sites and user names,
/// `profile_for_domain` says only whether a password exists. The browser's own filling code
/// gets a password with [`FileVault::fill_secret`], which is not part of the tool layer.
pub struct FileVault {
    file: VaultFile,
    provider: Arc<dyn PassphraseProvider>,
    clock: Arc<dyn Clock>,
    idle_timeout_ms: u64,
    session: Mutex<Option<Session>>,
}

impl std::fmt::Debug for FileVault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileVault")
            .field("path", &self.file.path())
            .field("idle_timeout_ms", &self.idle_timeout_ms)
            .finish_non_exhaustive()
    }
}

impl FileVault {
    /// A locked vault over `file`, unlocked by `provider`, timed by `clock`, with the
    /// [`DEFAULT_IDLE_TIMEOUT`].
    pub fn new(
        file: VaultFile,
        provider: Arc<dyn PassphraseProvider>,
        clock: Arc<dyn Clock>,
    ) -> FileVault {
        FileVault {
            file,
            provider,
            clock,
            idle_timeout_ms: u64::try_from(DEFAULT_IDLE_TIMEOUT.as_millis()).unwrap_or(u64::MAX),
            session: Mutex::new(None),
        }
    }

    /// Sets how long it stays unlocked without use.
    pub fn with_idle_timeout(mut self, timeout: Duration) -> FileVault {
        self.idle_timeout_ms = u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX);
        self
    }

    fn session(&self) -> MutexGuard<'_, Option<Session>> {
        self.session.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Unlocks: asks the provider, derives the key off the async threads, opens the file.
    ///
    /// # Errors
    /// [`VaultError::UnlockDeclined`], [`VaultError::WrongPassphrase`] and the errors of
    /// [`VaultFile::open`].
    pub async fn unlock_vault(&self) -> Result<(), VaultError> {
        let request = UnlockRequest {
            path: self.file.path().to_path_buf(),
        };
        let passphrase = self
            .provider
            .passphrase(&request)
            .await
            .ok_or_else(|| VaultError::UnlockDeclined("no passphrase was given".to_owned()))?;
        let file = self.file.clone();
        let opened = match tokio::runtime::Handle::try_current() {
            Ok(handle) => handle
                .spawn_blocking(move || file.open(&passphrase))
                .await
                .map_err(|e| VaultError::Task(e.to_string()))?,
            Err(_) => file.open(&passphrase),
        };
        let vault = match opened {
            Ok(vault) => vault,
            Err(error) => {
                tracing::warn!(path = %self.file.path().display(), %error, "vault unlock failed");
                return Err(error);
            }
        };
        *self.session() = Some(Session {
            vault,
            last_used_ms: self.clock.now_ms(),
        });
        tracing::info!(path = %self.file.path().display(), "vault unlocked");
        Ok(())
    }

    /// Locks now: the decrypted contents and the key are wiped.
    pub fn lock(&self) {
        if self.session().take().is_some() {
            tracing::info!(path = %self.file.path().display(), "vault locked");
        }
    }

    /// Whether it is unlocked (and not idle past its timeout, which locks it).
    pub fn is_unlocked(&self) -> bool {
        let mut session = self.session();
        self.expire(&mut session);
        session.is_some()
    }

    fn expire(&self, session: &mut Option<Session>) {
        let now = self.clock.now_ms();
        if session
            .as_ref()
            .is_some_and(|s| now.saturating_sub(s.last_used_ms) >= self.idle_timeout_ms)
        {
            *session = None;
            tracing::info!(path = %self.file.path().display(), "vault locked after idle timeout");
        }
    }

    /// Runs `f` on the open vault if it is unlocked, after picking up other processes' writes;
    /// counts as use for the idle timeout.
    fn with_open<T>(
        &self,
        f: impl FnOnce(&OpenVault) -> Result<T, VaultError>,
    ) -> Result<T, VaultError> {
        let mut guard = self.session();
        self.expire(&mut guard);
        let Some(session) = guard.as_mut() else {
            return Err(VaultError::Locked);
        };
        match session.vault.refresh() {
            Ok(_) => {}
            Err(VaultError::PassphraseChanged) => {
                *guard = None;
                tracing::info!(path = %self.file.path().display(), "vault locked: its passphrase was changed");
                return Err(VaultError::Locked);
            }
            Err(error) => return Err(error),
        }
        session.last_used_ms = self.clock.now_ms();
        f(&session.vault)
    }

    /// What it holds, without secrets.
    ///
    /// # Errors
    /// [`VaultError::Locked`], or a file error while picking up changes.
    pub fn listing(&self) -> Result<VaultListing, VaultError> {
        self.with_open(|v| Ok(v.listing()))
    }

    /// The id of the first credential for `host` (spec f.4 `getForDomain`), for the browser
    /// to fill with [`FileVault::fill_secret`].
    ///
    /// # Errors
    /// [`VaultError::Locked`], or a file error.
    pub fn credential_for_host(&self, host: &str) -> Result<Option<String>, VaultError> {
        self.with_open(|v| Ok(v.credential_for_host(host)))
    }

    /// The password of credential `id` for filling into the page at `page_host`, inside the
    /// browser. This is the only way a secret leaves the vault; it is not reachable from any
    /// tool, and a page of another site gets [`VaultError::DomainMismatch`].
    ///
    /// # Errors
    /// [`VaultError::Locked`], [`VaultError::UnknownEntry`], [`VaultError::DomainMismatch`].
    pub fn fill_secret(&self, id: &str, page_host: &str) -> Result<Secret, VaultError> {
        self.release_part(id, aartiq_tools::SecretField::Password, page_host)
    }
}

impl FileVault {
    fn release_part(
        &self,
        id: &str,
        field: aartiq_tools::SecretField,
        page_host: &str,
    ) -> Result<Secret, VaultError> {
        let now = self.clock.now_ms();
        let secret = self.with_open(|v| v.secret_part(id, field, page_host, now))?;
        tracing::info!(
            credential = id,
            field = field.as_str(),
            host = page_host,
            "vault secret released for in-page filling"
        );
        Ok(secret)
    }
}

#[async_trait]
impl Vault for FileVault {
    async fn release(
        &self,
        credential: &str,
        field: aartiq_tools::SecretField,
        host: &str,
    ) -> Result<aartiq_tools::SecretText, BackendError> {
        let secret = self
            .release_part(credential, field, host)
            .map_err(BackendError::from)?;
        Ok(aartiq_tools::SecretText::new(secret.expose().to_owned()))
    }

    async fn unlock(&self) -> Result<(), BackendError> {
        self.unlock_vault().await.map_err(BackendError::from)
    }

    async fn list(&self) -> Result<VaultListing, BackendError> {
        self.listing().map_err(BackendError::from)
    }

    async fn profile_for_domain(&self, domain: &str) -> Result<DomainProfile, BackendError> {
        self.with_open(|v| Ok(v.profile_for_domain(domain)))
            .map_err(BackendError::from)
    }
}
