//! The file format and its cryptography: an Argon2id key from the passphrase, XChaCha20-Poly1305
//! over the whole contents, the header bound as associated data.
//!
//! ```text
//! offset size  field
//!      0    8  magic "AQVAULT\0"
//!      8    1  format version (1)
//!      9    1  KDF (1 = Argon2id v1.3)
//!     10   12  memory KiB, iterations, lanes (u32 little-endian each)
//!     22   16  salt (random per passphrase)
//!     38   24  nonce (random per write)
//!     62   32  key check: SHA-256("aartiq-vault/check/v1" || master key)
//!     94    -  ciphertext of the JSON contents, then the 16-byte Poly1305 tag
//! ```
//!
//! The master key (32 bytes of Argon2id output) is never used directly: the cipher key is
//! SHA-256("aartiq-vault/enc/v1" || master) and the key check another domain-separated hash.
//! The check tells a wrong passphrase from an altered file and commits the file to its key
//! (XChaCha20-Poly1305 alone is not key-committing).

use argon2::{Algorithm, Argon2, Params, Version};
use chacha20poly1305::aead::rand_core::RngCore;
use chacha20poly1305::aead::{Aead, KeyInit, OsRng, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use crate::error::VaultError;
use crate::secret::Passphrase;

pub(crate) const MAGIC: &[u8; 8] = b"AQVAULT\0";
pub(crate) const FORMAT_VERSION: u8 = 1;
const KDF_ARGON2ID: u8 = 1;
const SALT_LEN: usize = 16;
const NONCE_LEN: usize = 24;
const CHECK_LEN: usize = 32;
pub(crate) const HEADER_LEN: usize = 8 + 1 + 1 + 12 + SALT_LEN + NONCE_LEN + CHECK_LEN;
const TAG_LEN: usize = 16;

/// Upper bounds accepted from a file, so a tampered header cannot make opening it take
/// unbounded memory or time.
const MAX_MEMORY_KIB: u32 = 4 * 1024 * 1024;
const MAX_ITERATIONS: u32 = 64;
const MAX_LANES: u32 = 16;

/// Argon2id cost parameters, stored in the file's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KdfParams {
    /// Memory in KiB.
    pub memory_kib: u32,
    /// Passes over the memory.
    pub iterations: u32,
    /// Lanes.
    pub parallelism: u32,
}

impl Default for KdfParams {
    /// 64 MiB, 3 passes, 1 lane: above OWASP's Argon2id minimums, a fraction of a second in
    /// a release build.
    fn default() -> KdfParams {
        KdfParams {
            memory_kib: 64 * 1024,
            iterations: 3,
            parallelism: 1,
        }
    }
}

impl KdfParams {
    /// Tiny parameters (64 KiB, 1 pass) so that tests run fast. Far below any recommendation:
    /// never use them for a real vault.
    pub fn for_tests() -> KdfParams {
        KdfParams {
            memory_kib: 64,
            iterations: 1,
            parallelism: 1,
        }
    }

    fn argon2(self) -> Result<Argon2<'static>, VaultError> {
        let params = Params::new(self.memory_kib, self.iterations, self.parallelism, Some(32))
            .map_err(|e| VaultError::Kdf(e.to_string()))?;
        Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
    }
}

/// The keys derived from a passphrase for one salt.
pub(crate) struct Keys {
    enc: Zeroizing<[u8; 32]>,
    check: [u8; CHECK_LEN],
    salt: [u8; SALT_LEN],
    kdf: KdfParams,
}

impl Keys {
    /// Derives keys from `passphrase` with a fresh random salt.
    pub(crate) fn generate(passphrase: &Passphrase, kdf: KdfParams) -> Result<Keys, VaultError> {
        let mut salt = [0u8; SALT_LEN];
        random(&mut salt)?;
        Keys::derive(passphrase, salt, kdf)
    }

    fn derive(
        passphrase: &Passphrase,
        salt: [u8; SALT_LEN],
        kdf: KdfParams,
    ) -> Result<Keys, VaultError> {
        let mut master = Zeroizing::new([0u8; 32]);
        kdf.argon2()?
            .hash_password_into(passphrase.expose().as_bytes(), &salt, master.as_mut())
            .map_err(|e| VaultError::Kdf(e.to_string()))?;
        let enc = Zeroizing::new(labelled_hash(b"aartiq-vault/enc/v1", master.as_ref()));
        let check = labelled_hash(b"aartiq-vault/check/v1", master.as_ref());
        Ok(Keys {
            enc,
            check,
            salt,
            kdf,
        })
    }

    /// Whether these keys are the ones a header was written with (same salt, costs and check).
    fn matches(&self, header: &Header) -> bool {
        self.salt == header.salt && self.kdf == header.kdf && ct_eq(&self.check, &header.check)
    }

    /// Encrypts `plaintext` into a whole file with a fresh nonce.
    pub(crate) fn seal(&self, plaintext: &[u8]) -> Result<Vec<u8>, VaultError> {
        let mut nonce = [0u8; NONCE_LEN];
        random(&mut nonce)?;
        let header = Header {
            version: FORMAT_VERSION,
            kdf: self.kdf,
            salt: self.salt,
            nonce,
            check: self.check,
        };
        let head = header.encode();
        let cipher = XChaCha20Poly1305::new(Key::from_slice(self.enc.as_ref()));
        let body = cipher
            .encrypt(
                XNonce::from_slice(&nonce),
                Payload {
                    msg: plaintext,
                    aad: &head,
                },
            )
            .map_err(|_| VaultError::Kdf("encryption failed".to_owned()))?;
        let mut file = Vec::with_capacity(head.len() + body.len());
        file.extend_from_slice(&head);
        file.extend_from_slice(&body);
        Ok(file)
    }

    /// Decrypts a whole file with these keys; [`VaultError::PassphraseChanged`] when it was
    /// written under other keys.
    pub(crate) fn open(
        &self,
        bytes: &[u8],
        path: &std::path::Path,
    ) -> Result<Zeroizing<Vec<u8>>, VaultError> {
        let header = Header::decode(bytes, path)?;
        if !self.matches(&header) {
            return Err(VaultError::PassphraseChanged);
        }
        self.decrypt(&header, bytes, path)
    }

    fn decrypt(
        &self,
        header: &Header,
        bytes: &[u8],
        path: &std::path::Path,
    ) -> Result<Zeroizing<Vec<u8>>, VaultError> {
        let (head, body) = bytes.split_at(HEADER_LEN);
        let cipher = XChaCha20Poly1305::new(Key::from_slice(self.enc.as_ref()));
        cipher
            .decrypt(
                XNonce::from_slice(&header.nonce),
                Payload {
                    msg: body,
                    aad: head,
                },
            )
            .map(Zeroizing::new)
            .map_err(|_| {
                VaultError::corrupt(path, "authentication failed: the contents were altered")
            })
    }
}

/// Derives keys from the passphrase and the file's own header, then decrypts it.
pub(crate) fn open_with_passphrase(
    bytes: &[u8],
    passphrase: &Passphrase,
    path: &std::path::Path,
) -> Result<(Keys, Zeroizing<Vec<u8>>), VaultError> {
    let header = Header::decode(bytes, path)?;
    let keys = Keys::derive(passphrase, header.salt, header.kdf)?;
    if !ct_eq(&keys.check, &header.check) {
        return Err(VaultError::WrongPassphrase);
    }
    let plaintext = keys.decrypt(&header, bytes, path)?;
    Ok((keys, plaintext))
}

struct Header {
    version: u8,
    kdf: KdfParams,
    salt: [u8; SALT_LEN],
    nonce: [u8; NONCE_LEN],
    check: [u8; CHECK_LEN],
}

impl Header {
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN);
        out.extend_from_slice(MAGIC);
        out.push(self.version);
        out.push(KDF_ARGON2ID);
        out.extend_from_slice(&self.kdf.memory_kib.to_le_bytes());
        out.extend_from_slice(&self.kdf.iterations.to_le_bytes());
        out.extend_from_slice(&self.kdf.parallelism.to_le_bytes());
        out.extend_from_slice(&self.salt);
        out.extend_from_slice(&self.nonce);
        out.extend_from_slice(&self.check);
        out
    }

    fn decode(bytes: &[u8], path: &std::path::Path) -> Result<Header, VaultError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(VaultError::corrupt(path, "not an aartiq vault (bad magic)"));
        }
        let version = bytes.get(8).copied().unwrap_or(0);
        if version != FORMAT_VERSION {
            return Err(VaultError::UnsupportedVersion {
                path: path.to_path_buf(),
                version,
            });
        }
        if bytes.len() < HEADER_LEN + TAG_LEN {
            return Err(VaultError::corrupt(path, "truncated"));
        }
        if bytes[9] != KDF_ARGON2ID {
            return Err(VaultError::corrupt(path, "unknown key derivation function"));
        }
        let u32_at = |at: usize| {
            let mut word = [0u8; 4];
            word.copy_from_slice(&bytes[at..at + 4]);
            u32::from_le_bytes(word)
        };
        let kdf = KdfParams {
            memory_kib: u32_at(10),
            iterations: u32_at(14),
            parallelism: u32_at(18),
        };
        if kdf.memory_kib > MAX_MEMORY_KIB
            || kdf.iterations == 0
            || kdf.iterations > MAX_ITERATIONS
            || kdf.parallelism == 0
            || kdf.parallelism > MAX_LANES
        {
            return Err(VaultError::corrupt(
                path,
                "key derivation parameters out of range",
            ));
        }
        let mut salt = [0u8; SALT_LEN];
        salt.copy_from_slice(&bytes[22..22 + SALT_LEN]);
        let mut nonce = [0u8; NONCE_LEN];
        nonce.copy_from_slice(&bytes[38..38 + NONCE_LEN]);
        let mut check = [0u8; CHECK_LEN];
        check.copy_from_slice(&bytes[62..62 + CHECK_LEN]);
        Ok(Header {
            version,
            kdf,
            salt,
            nonce,
            check,
        })
    }
}

fn labelled_hash(label: &[u8], key: &[u8]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(label);
    hasher.update(key);
    hasher.finalize().into()
}

/// Compares without an early exit.
fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Fills `out` from the operating system's random source.
pub(crate) fn random(out: &mut [u8]) -> Result<(), VaultError> {
    OsRng
        .try_fill_bytes(out)
        .map_err(|e| VaultError::Kdf(format!("no operating-system randomness: {e}")))
}
