//! What a vault holds once decrypted: credentials and identity profiles, and the pure rules
//! over them (spec f.4 `getForDomain`, `resolveProfileForDomain`).

use std::collections::BTreeMap;

use aartiq_tools::{
    CredentialSummary, DomainProfile, ProfileKey, ProfileSummary, VaultListing, domain_matches,
};
use serde::{Deserialize, Serialize};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::error::VaultError;

/// The decrypted contents. Every string is wiped when it drops.
#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct VaultData {
    pub(crate) credentials: Vec<Credential>,
    pub(crate) profiles: Vec<IdentityProfile>,
}

/// A site login. Its `Debug` hides the password.
#[derive(Serialize, Deserialize, Zeroize, ZeroizeOnDrop)]
pub(crate) struct Credential {
    pub(crate) id: String,
    pub(crate) domain: String,
    pub(crate) username: String,
    pub(crate) password: String,
    /// The base32 seed of its one-time codes, when the site uses them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) totp_seed: Option<String>,
    pub(crate) created_ms: u64,
    pub(crate) updated_ms: u64,
}

impl std::fmt::Debug for Credential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credential")
            .field("id", &self.id)
            .field("domain", &self.domain)
            .field("username", &self.username)
            .field("password", &"<redacted>")
            .finish()
    }
}

impl Credential {
    pub(crate) fn summary(&self) -> CredentialSummary {
        CredentialSummary {
            id: self.id.clone(),
            domain: self.domain.clone(),
            username: self.username.clone(),
        }
    }
}

/// An identity profile: values that autofill puts into forms (never a password).
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct IdentityProfile {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) values: BTreeMap<ProfileKey, String>,
    pub(crate) created_ms: u64,
}

impl Drop for IdentityProfile {
    fn drop(&mut self) {
        self.name.zeroize();
        for value in self.values.values_mut() {
            value.zeroize();
        }
    }
}

impl VaultData {
    pub(crate) fn listing(&self) -> VaultListing {
        VaultListing {
            credentials: self.credentials.iter().map(Credential::summary).collect(),
            profiles: self
                .profiles
                .iter()
                .map(|p| ProfileSummary {
                    id: p.id.clone(),
                    name: p.name.clone(),
                })
                .collect(),
        }
    }

    /// The first credential stored for `site` (spec f.4 `getForDomain`).
    pub(crate) fn credential_for(&self, site: &str) -> Option<&Credential> {
        self.credentials
            .iter()
            .find(|c| domain_matches(&c.domain, site))
    }

    /// Spec f.4 `resolveProfileForDomain`: the first matching credential's user name as the
    /// e-mail, then the first identity profile over it (the profile wins); plus whether that
    /// credential has a password.
    pub(crate) fn profile_for(&self, site: &str) -> DomainProfile {
        let mut profile = DomainProfile::default();
        if let Some(credential) = self.credential_for(site) {
            if !credential.username.is_empty() {
                profile
                    .values
                    .insert(ProfileKey::Email, credential.username.clone());
            }
            profile.has_password = !credential.password.is_empty();
        }
        if let Some(first) = self.profiles.first() {
            for (key, value) in &first.values {
                if *key != ProfileKey::Password && !value.is_empty() {
                    profile.values.insert(*key, value.clone());
                }
            }
        }
        profile
    }

    pub(crate) fn remove(&mut self, id: &str) -> Result<(), VaultError> {
        if let Some(at) = self.credentials.iter().position(|c| c.id == id) {
            self.credentials.remove(at);
            return Ok(());
        }
        if let Some(at) = self.profiles.iter().position(|p| p.id == id) {
            self.profiles.remove(at);
            return Ok(());
        }
        Err(VaultError::UnknownEntry(id.to_owned()))
    }
}

/// The site a credential is stored for: the host of a URL, or a bare host name, lower-cased,
/// without a trailing dot.
///
/// # Errors
/// [`VaultError::Invalid`] when it is neither.
pub fn normalize_domain(input: &str) -> Result<String, VaultError> {
    let input = input.trim();
    let host = if input.contains("://") {
        let url = url::Url::parse(input)
            .map_err(|e| VaultError::Invalid(format!("not a site URL ({e})")))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(VaultError::Invalid(format!(
                "not a web site: {} URL",
                url.scheme()
            )));
        }
        url.host_str()
            .ok_or_else(|| VaultError::Invalid("the URL has no host".to_owned()))?
            .to_owned()
    } else {
        input.to_owned()
    };
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let valid = !host.is_empty()
        && host.len() <= 253
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':'));
    if valid {
        Ok(host)
    } else {
        Err(VaultError::Invalid(format!("not a host name: {host:?}")))
    }
}

/// A new id in the original's shape, `v_<8 base36><time base36>` (spec f.4), with the eight
/// characters from the operating system's random source.
pub(crate) fn new_id(now_ms: u64) -> Result<String, VaultError> {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut bytes = [0u8; 8];
    crate::crypto::random(&mut bytes)?;
    let mut id = String::from("v_");
    for b in bytes {
        id.push(char::from(DIGITS[usize::from(b) % 36]));
    }
    let mut time = Vec::new();
    let mut t = now_ms;
    loop {
        time.push(DIGITS[(t % 36) as usize]);
        t /= 36;
        if t == 0 {
            break;
        }
    }
    id.extend(time.iter().rev().map(|b| char::from(*b)));
    Ok(id)
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}
