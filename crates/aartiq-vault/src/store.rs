//! The vault file on disk: create, open, and read-modify-write under an exclusive lock with an
//! atomic replace (temporary file, fsync, rename, fsync of the directory).

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use aartiq_tools::{DomainProfile, ProfileKey, VaultListing};
use zeroize::Zeroizing;

use crate::crypto::{KdfParams, Keys, open_with_passphrase};
use crate::data::{Credential, IdentityProfile, VaultData, new_id, normalize_domain, now_ms};
use crate::error::VaultError;
use crate::import::{ImportReport, parse_export};
use crate::secret::{Passphrase, Secret};

/// The shortest passphrase a vault accepts.
pub const MIN_PASSPHRASE_CHARS: usize = 8;

/// A vault file by path. Nothing is read until [`VaultFile::open`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VaultFile {
    path: PathBuf,
}

/// A new login to store.
#[derive(Debug)]
pub struct NewCredential {
    /// The site: a host name or a URL (its host is kept).
    pub domain: String,
    /// The user name (often an e-mail address).
    pub username: String,
    /// The password.
    pub password: Secret,
}

/// Identifies one version of the file on disk, to notice writes by other processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    inode: u64,
    len: u64,
    mtime_ns: i128,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp {
            inode: meta.ino(),
            len: meta.len(),
            mtime_ns: i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec()),
        }
    }
}

/// An exclusive advisory lock on `<vault>.lock`, released on drop. The lock file is never
/// deleted: deleting it would let two writers lock two different files.
struct WriteLock(File);

impl Drop for WriteLock {
    fn drop(&mut self) {
        let _ = self.0.unlock();
    }
}

impl VaultFile {
    /// The vault at `path`.
    pub fn new(path: impl Into<PathBuf>) -> VaultFile {
        VaultFile { path: path.into() }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether a file exists there.
    pub fn exists(&self) -> bool {
        self.path.exists()
    }

    fn lock_path(&self) -> PathBuf {
        let mut name = self.path.as_os_str().to_owned();
        name.push(".lock");
        PathBuf::from(name)
    }

    fn lock(&self) -> Result<WriteLock, VaultError> {
        let path = self.lock_path();
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(&path)
            .map_err(|e| VaultError::io(&path, e))?;
        file.lock().map_err(|e| VaultError::io(&path, e))?;
        Ok(WriteLock(file))
    }

    fn read(&self) -> Result<(Zeroizing<Vec<u8>>, Stamp), VaultError> {
        let mut file = File::open(&self.path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                VaultError::NotFound {
                    path: self.path.clone(),
                }
            } else {
                VaultError::io(&self.path, e)
            }
        })?;
        let meta = file.metadata().map_err(|e| VaultError::io(&self.path, e))?;
        let mut bytes =
            Zeroizing::new(Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0)));
        file.read_to_end(&mut bytes)
            .map_err(|e| VaultError::io(&self.path, e))?;
        Ok((bytes, Stamp::of(&meta)))
    }

    fn stamp(&self) -> Result<Stamp, VaultError> {
        std::fs::metadata(&self.path)
            .map(|m| Stamp::of(&m))
            .map_err(|e| VaultError::io(&self.path, e))
    }

    /// Replaces the file atomically: a temporary file in the same directory (mode 0600) is
    /// written and fsynced, renamed over the vault, and the directory fsynced. Returns the new
    /// file's stamp.
    fn write_atomically(&self, bytes: &[u8]) -> Result<Stamp, VaultError> {
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut suffix = [0u8; 6];
        crate::crypto::random(&mut suffix)?;
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "vault".to_owned());
        let tmp = dir.join(format!(
            ".{name}.tmp-{}-{}",
            std::process::id(),
            suffix
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        ));
        let written = (|| {
            let mut file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&tmp)?;
            file.write_all(bytes)?;
            file.sync_all()?;
            drop(file);
            std::fs::rename(&tmp, &self.path)?;
            File::open(&dir)?.sync_all()
        })();
        if let Err(error) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(VaultError::io(&self.path, error));
        }
        self.stamp()
    }

    /// Creates a new, empty vault under `passphrase` and returns it open.
    ///
    /// # Errors
    /// [`VaultError::AlreadyExists`], [`VaultError::Invalid`] for a passphrase shorter than
    /// [`MIN_PASSPHRASE_CHARS`], I/O and key-derivation errors.
    pub fn create(&self, passphrase: &Passphrase, kdf: KdfParams) -> Result<OpenVault, VaultError> {
        check_passphrase(passphrase)?;
        let keys = Keys::generate(passphrase, kdf)?;
        let _lock = self.lock()?;
        if self.exists() {
            return Err(VaultError::AlreadyExists {
                path: self.path.clone(),
            });
        }
        let data = VaultData::default();
        let stamp = self.write_atomically(&keys.seal(&serialize(&data)?)?)?;
        tracing::info!(path = %self.path.display(), "vault created");
        Ok(OpenVault {
            file: self.clone(),
            keys,
            data,
            stamp,
        })
    }

    /// Opens the vault with `passphrase` (this runs the key derivation: a fraction of a second
    /// with the default costs).
    ///
    /// # Errors
    /// [`VaultError::NotFound`], [`VaultError::WrongPassphrase`], [`VaultError::Corrupt`] for a
    /// file that is not a vault, is truncated or was altered, [`VaultError::UnsupportedVersion`].
    pub fn open(&self, passphrase: &Passphrase) -> Result<OpenVault, VaultError> {
        let (bytes, stamp) = self.read()?;
        let (keys, plaintext) = open_with_passphrase(&bytes, passphrase, &self.path)?;
        let data = deserialize(&plaintext, &self.path)?;
        Ok(OpenVault {
            file: self.clone(),
            keys,
            data,
            stamp,
        })
    }
}

/// An unlocked vault: the decrypted contents and the derived key (no passphrase is kept).
/// Everything is wiped when it drops. Changes are written through at once, under the lock,
/// merged with whatever other processes wrote in between.
pub struct OpenVault {
    file: VaultFile,
    keys: Keys,
    data: VaultData,
    stamp: Stamp,
}

impl std::fmt::Debug for OpenVault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenVault")
            .field("path", &self.file.path)
            .field("credentials", &self.data.credentials.len())
            .field("profiles", &self.data.profiles.len())
            .finish_non_exhaustive()
    }
}

impl OpenVault {
    /// The file.
    pub fn file(&self) -> &VaultFile {
        &self.file
    }

    /// Credentials (without passwords) and profiles, as `vault_list` shows them.
    pub fn listing(&self) -> VaultListing {
        self.data.listing()
    }

    /// The identity profile's values for a site and whether a password is stored for it
    /// (spec f.4 `resolveProfileForDomain`).
    pub fn profile_for_domain(&self, domain: &str) -> DomainProfile {
        self.data.profile_for(domain)
    }

    /// The password of credential `id`, for filling into a page whose host is `page_host`.
    /// For the browser's own filling code only; never put it in a tool's output or a log.
    ///
    /// # Errors
    /// [`VaultError::UnknownEntry`], or [`VaultError::DomainMismatch`] when the page is not the
    /// credential's host or one under it (a look-alike page gets nothing), as
    /// [`OpenVault::secret_part`] judges it.
    pub fn secret_for(&self, id: &str, page_host: &str) -> Result<Secret, VaultError> {
        self.secret_part(id, aartiq_tools::SecretField::Password, page_host, 0)
    }

    /// One part of credential `id` for a field on a page of `page_host`, at `now_ms`: the user
    /// name, the password, or the current one-time code of its seed. Stricter than autofill's
    /// site match: the page must be the login's own host or under it (a login stored for
    /// `accounts.example.com` goes to `accounts.example.com` and its subdomains, never to
    /// `example.com` or a sibling), and a login stored for a bare one-label name or a public
    /// suffix-like name of one label is released only to that very host.
    ///
    /// # Errors
    /// [`VaultError::UnknownEntry`], [`VaultError::DomainMismatch`], [`VaultError::Invalid`]
    /// for a TOTP asked of a login without a seed.
    pub fn secret_part(
        &self,
        id: &str,
        field: aartiq_tools::SecretField,
        page_host: &str,
        now_ms: u64,
    ) -> Result<Secret, VaultError> {
        let credential = self
            .data
            .credentials
            .iter()
            .find(|c| c.id == id)
            .ok_or_else(|| VaultError::UnknownEntry(id.to_owned()))?;
        if !own_site(&credential.domain, page_host) {
            return Err(VaultError::DomainMismatch {
                id: id.to_owned(),
                domain: credential.domain.clone(),
                host: page_host.to_owned(),
            });
        }
        Ok(match field {
            aartiq_tools::SecretField::Username => Secret::new(credential.username.as_str()),
            aartiq_tools::SecretField::Password => Secret::new(credential.password.as_str()),
            aartiq_tools::SecretField::Totp => {
                let seed = credential.totp_seed.as_deref().ok_or_else(|| {
                    VaultError::Invalid(format!("credential {id} has no TOTP seed"))
                })?;
                Secret::new(crate::totp::totp_code(seed, now_ms / 1000)?)
            }
        })
    }

    /// Stores the base32 seed of credential `id`'s one-time codes (RFC 6238), replacing any.
    ///
    /// # Errors
    /// [`VaultError::UnknownEntry`], [`VaultError::Invalid`] for a seed that is not base32 or
    /// too short, I/O errors, [`VaultError::PassphraseChanged`].
    pub fn set_totp_seed(&mut self, id: &str, seed: &Secret) -> Result<(), VaultError> {
        crate::totp::decode_seed(seed.expose())?;
        let seed = seed.expose().to_owned();
        let id = id.to_owned();
        let now = now_ms();
        self.update(move |data| {
            let credential = data
                .credentials
                .iter_mut()
                .find(|c| c.id == id)
                .ok_or_else(|| VaultError::UnknownEntry(id.clone()))?;
            credential.totp_seed = Some(seed);
            credential.updated_ms = now;
            Ok(())
        })
    }

    /// The id of the first credential stored for `host` (spec f.4 `getForDomain`), if any.
    pub fn credential_for_host(&self, host: &str) -> Option<String> {
        self.data.credential_for(host).map(|c| c.id.clone())
    }

    /// Stores a login and returns its id. A login for the same site and user name is
    /// replaced (its id kept).
    ///
    /// # Errors
    /// [`VaultError::Invalid`] for a bad site or an empty password, I/O errors,
    /// [`VaultError::PassphraseChanged`] when another process re-keyed the file.
    pub fn add_credential(&mut self, new: NewCredential) -> Result<String, VaultError> {
        let domain = normalize_domain(&new.domain)?;
        if new.password.expose().is_empty() {
            return Err(VaultError::Invalid("the password is empty".to_owned()));
        }
        let now = now_ms();
        let fresh_id = new_id(now)?;
        let username = new.username.trim().to_owned();
        self.update(move |data| {
            Ok(upsert(
                data,
                &domain,
                &username,
                new.password.expose(),
                fresh_id,
                now,
            )
            .0)
        })
    }

    /// Stores an identity profile and returns its id. `Password` values are refused: a
    /// password belongs to a credential.
    ///
    /// # Errors
    /// [`VaultError::Invalid`], I/O errors, [`VaultError::PassphraseChanged`].
    pub fn add_profile(
        &mut self,
        name: &str,
        values: BTreeMap<ProfileKey, String>,
    ) -> Result<String, VaultError> {
        if values.contains_key(&ProfileKey::Password) {
            return Err(VaultError::Invalid(
                "a profile cannot hold a password; add a credential".to_owned(),
            ));
        }
        let name = name.trim();
        if name.is_empty() {
            return Err(VaultError::Invalid("the profile name is empty".to_owned()));
        }
        let now = now_ms();
        let id = new_id(now)?;
        let name = name.to_owned();
        self.update(move |data| {
            data.profiles.push(IdentityProfile {
                id: id.clone(),
                name,
                values,
                created_ms: now,
            });
            Ok(id)
        })
    }

    /// Removes the credential or profile `id`.
    ///
    /// # Errors
    /// [`VaultError::UnknownEntry`], I/O errors, [`VaultError::PassphraseChanged`].
    pub fn remove(&mut self, id: &str) -> Result<(), VaultError> {
        self.update(|data| data.remove(id))
    }

    /// Re-encrypts the vault under a new passphrase (new salt, new key). Other open handles
    /// see [`VaultError::PassphraseChanged`] on their next write and lock themselves on their
    /// next read.
    ///
    /// # Errors
    /// [`VaultError::Invalid`] for a short passphrase, I/O errors,
    /// [`VaultError::PassphraseChanged`].
    pub fn change_passphrase(
        &mut self,
        new: &Passphrase,
        kdf: KdfParams,
    ) -> Result<(), VaultError> {
        check_passphrase(new)?;
        let keys = Keys::generate(new, kdf)?;
        let _lock = self.file.lock()?;
        let data = self.read_current()?;
        let stamp = self
            .file
            .write_atomically(&keys.seal(&serialize(&data)?)?)?;
        self.keys = keys;
        self.data = data;
        self.stamp = stamp;
        tracing::info!(path = %self.file.path.display(), "vault passphrase changed");
        Ok(())
    }

    /// Imports a Chrome or Firefox password export (CSV). Rows for the same site and user
    /// name replace the stored password; rows without a web URL or password are skipped and
    /// reported by line (never by content). Delete the export afterwards: it is plain text.
    ///
    /// # Errors
    /// [`VaultError::Import`] when it is not a password export, I/O errors,
    /// [`VaultError::PassphraseChanged`].
    pub fn import_csv(&mut self, mut reader: impl Read) -> Result<ImportReport, VaultError> {
        let mut text = Zeroizing::new(Vec::new());
        reader
            .read_to_end(&mut text)
            .map_err(|e| VaultError::io(self.file.path.clone(), e))?;
        let rows = parse_export(&text)?;
        let now = now_ms();
        let mut ids = Vec::with_capacity(rows.rows.len());
        for _ in &rows.rows {
            ids.push(new_id(now)?);
        }
        self.update(move |data| {
            let mut report = ImportReport {
                skipped: rows.skipped.clone(),
                ..ImportReport::default()
            };
            for (row, id) in rows.rows.iter().zip(ids) {
                match upsert(data, &row.domain, &row.username, &row.password, id, now).1 {
                    Upsert::Added => report.added += 1,
                    Upsert::Updated => report.updated += 1,
                    Upsert::Unchanged => report.unchanged += 1,
                }
            }
            Ok(report)
        })
    }

    /// Reads the file again if another process changed it since this handle last read or
    /// wrote it. Returns whether it did.
    ///
    /// # Errors
    /// [`VaultError::PassphraseChanged`] when it was re-keyed, [`VaultError::Corrupt`], I/O.
    pub fn refresh(&mut self) -> Result<bool, VaultError> {
        if self.file.stamp()? == self.stamp {
            return Ok(false);
        }
        let (bytes, stamp) = self.file.read()?;
        let plaintext = self.keys.open(&bytes, &self.file.path)?;
        self.data = deserialize(&plaintext, &self.file.path)?;
        self.stamp = stamp;
        Ok(true)
    }

    /// The contents as they are on disk now (the caller holds the lock).
    fn read_current(&self) -> Result<VaultData, VaultError> {
        let (bytes, _) = self.file.read()?;
        let plaintext = self.keys.open(&bytes, &self.file.path)?;
        deserialize(&plaintext, &self.file.path)
    }

    /// Read-modify-write under the lock: the change applies to what is on disk now, so no
    /// other writer's change is lost.
    fn update<T>(
        &mut self,
        change: impl FnOnce(&mut VaultData) -> Result<T, VaultError>,
    ) -> Result<T, VaultError> {
        let _lock = self.file.lock()?;
        let mut data = self.read_current()?;
        let out = change(&mut data)?;
        let stamp = self
            .file
            .write_atomically(&self.keys.seal(&serialize(&data)?)?)?;
        self.data = data;
        self.stamp = stamp;
        Ok(out)
    }
}

enum Upsert {
    Added,
    Updated,
    Unchanged,
}

fn upsert(
    data: &mut VaultData,
    domain: &str,
    username: &str,
    password: &str,
    fresh_id: String,
    now: u64,
) -> (String, Upsert) {
    if let Some(existing) = data
        .credentials
        .iter_mut()
        .find(|c| c.domain == domain && c.username == username)
    {
        if existing.password == password {
            return (existing.id.clone(), Upsert::Unchanged);
        }
        existing.password.clear();
        existing.password.push_str(password);
        existing.updated_ms = now;
        return (existing.id.clone(), Upsert::Updated);
    }
    data.credentials.push(Credential {
        id: fresh_id.clone(),
        domain: domain.to_owned(),
        username: username.to_owned(),
        password: password.to_owned(),
        totp_seed: None,
        created_ms: now,
        updated_ms: now,
    });
    (fresh_id, Upsert::Added)
}

fn check_passphrase(passphrase: &Passphrase) -> Result<(), VaultError> {
    if passphrase.expose().chars().count() < MIN_PASSPHRASE_CHARS {
        return Err(VaultError::Invalid(format!(
            "the passphrase must have at least {MIN_PASSPHRASE_CHARS} characters"
        )));
    }
    Ok(())
}

/// Counts bytes, to size the plaintext buffer once (no reallocation leaves copies behind).
struct Counter(usize);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn serialize(data: &VaultData) -> Result<Zeroizing<Vec<u8>>, VaultError> {
    let failed =
        |e: serde_json::Error| VaultError::Invalid(format!("cannot encode the vault: {e}"));
    let mut counter = Counter(0);
    serde_json::to_writer(&mut counter, data).map_err(failed)?;
    let mut out = Zeroizing::new(Vec::with_capacity(counter.0));
    serde_json::to_writer(&mut *out, data).map_err(failed)?;
    Ok(out)
}

fn deserialize(plaintext: &[u8], path: &Path) -> Result<VaultData, VaultError> {
    // The error names a position only: serde_json does not echo string contents.
    serde_json::from_slice(plaintext)
        .map_err(|e| VaultError::corrupt(path, format!("unreadable contents at line {}", e.line())))
}

/// Whether a page of `host` is the site of a login stored for `stored`: the same host, or one
/// under it (`www.` aside on both).
fn own_site(stored: &str, host: &str) -> bool {
    let clean = |d: &str| {
        let d = d.trim().trim_end_matches('.').to_ascii_lowercase();
        d.strip_prefix("www.").map(str::to_owned).unwrap_or(d)
    };
    let (stored, host) = (clean(stored), clean(host));
    if stored.is_empty() || host.is_empty() {
        return false;
    }
    // A one-label name (`localhost`, `com`) is only ever itself.
    host == stored || (stored.contains('.') && host.ends_with(&format!(".{stored}")))
}

#[cfg(test)]
mod site_tests {
    use super::own_site;

    #[test]
    fn a_secret_goes_to_its_own_host_and_below_only() {
        assert!(own_site("example.com", "example.com"));
        assert!(own_site("example.com", "www.example.com"));
        assert!(own_site("example.com", "login.example.com"));
        assert!(own_site("accounts.example.com", "accounts.example.com"));
        assert!(own_site("127.0.0.1", "127.0.0.1"));
        assert!(!own_site("accounts.example.com", "example.com"), "a parent");
        assert!(
            !own_site("accounts.example.com", "mail.example.com"),
            "a sibling"
        );
        assert!(!own_site("example.com", "example.com.evil.test"));
        assert!(!own_site("example.com", "notexample.com"));
        assert!(!own_site("localhost", "evil.localhost"));
        assert!(!own_site("example.com", ""));
    }
}
