//! Who may talk to the listener (spec d.6, d.7): the token file (mode 0600), tokens in their
//! header order compared in constant time, per-client credentials, the `Host` and `Origin`
//! checks against DNS rebinding, and the per-address lockout.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::net::IpAddr;
use std::path::Path;
use std::sync::Mutex;

use aartiq_agents::Clock;
use serde::Serialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::ApiError;

/// Failures are counted over this window, and a locked address stays locked this long.
pub const LOCKOUT_WINDOW_MS: u64 = 15 * 60 * 1000;
/// Failures that lock a non-loopback address (spec d.7).
pub const LOCKOUT_THRESHOLD: u32 = 20;
/// Failures from loopback after which a warning is logged (loopback never locks).
pub const LOOPBACK_WARN_THRESHOLD: u32 = 100;

/// When the lockout tracks this many addresses, a new one first drops the entries whose window
/// has passed and that are not locked: failures from many addresses then cost memory for 15
/// minutes, not for the life of the server.
pub const LOCKOUT_SWEEP_AT: usize = 4096;

/// `n` random bytes as lower-case hex.
///
/// # Errors
/// [`ApiError::Random`] when the operating system has no random source.
pub fn random_hex(n: usize) -> Result<String, ApiError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Random(e.to_string()))?;
    Ok(aartiq_tools::hex(&bytes))
}

/// What every new admin token starts with, so the token (and the file holding it) says what
/// it is: the person's key to the admin routes, never to be given to an agent.
pub const ADMIN_TOKEN_PREFIX: &str = "aartiq-admin-";

/// What every new agent credential starts with.
pub const AGENT_TOKEN_PREFIX: &str = "aartiq-agent-";

/// A new admin token: [`ADMIN_TOKEN_PREFIX`] and 32 random bytes, hex.
///
/// # Errors
/// [`ApiError::Random`].
pub fn new_token() -> Result<String, ApiError> {
    Ok(format!("{ADMIN_TOKEN_PREFIX}{}", random_hex(32)?))
}

/// A new agent credential: [`AGENT_TOKEN_PREFIX`] and 32 random bytes, hex.
///
/// # Errors
/// [`ApiError::Random`].
pub fn new_agent_token() -> Result<String, ApiError> {
    Ok(format!("{AGENT_TOKEN_PREFIX}{}", random_hex(32)?))
}

/// Reads the token in `path`, or creates the file with a new admin token, readable by its
/// owner only (`loadOrCreateSessionToken`, spec d.6). A token made by an earlier version (bare
/// hex) is kept as it is, so existing clients keep working. A file with looser permissions is restricted
/// to 0600 before it is trusted; an empty file gets a new token.
///
/// # Errors
/// [`ApiError::File`] when the file cannot be read or written, [`ApiError::TokenFileMode`]
/// when its mode cannot be restricted.
pub fn load_or_create_token(path: &Path) -> Result<String, ApiError> {
    match std::fs::read_to_string(path) {
        Ok(text) if !text.trim().is_empty() => {
            restrict_to_owner(path)?;
            return Ok(text.trim().to_owned());
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(ApiError::file(path, e)),
    }
    let token = new_token()?;
    write_owner_only(path, token.as_bytes())?;
    Ok(token)
}

/// Restricts the file `path` to mode 0600 when group or others can reach it, before it is
/// trusted.
///
/// # Errors
/// [`ApiError::File`], or [`ApiError::TokenFileMode`] when the mode cannot be changed.
fn restrict_to_owner(path: &Path) -> Result<(), ApiError> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path).map_err(|e| ApiError::file(path, e))?;
    if meta.permissions().mode() & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(|_| ApiError::TokenFileMode(path.to_path_buf()))?;
    }
    Ok(())
}

/// Writes `bytes` to `path`, readable and writable by its owner only, whatever the umask and
/// whatever mode an existing file had.
///
/// # Errors
/// [`ApiError::File`].
pub(crate) fn write_owner_only(path: &Path, bytes: &[u8]) -> Result<(), ApiError> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| ApiError::file(path, e))?;
    // `mode` applies only on creation; an existing file is restricted here.
    file.set_permissions(std::fs::Permissions::from_mode(0o600))
        .map_err(|e| ApiError::file(path, e))?;
    file.write_all(bytes).map_err(|e| ApiError::file(path, e))
}

/// Where a request carried its token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenSource {
    /// `Authorization: Bearer <t>`.
    Bearer,
    /// `X-Aartiq-Token`.
    Header,
    /// `X-Aartiq-Native-Token`.
    NativeHeader,
    /// The `token` query parameter (for mcp-remote).
    Query,
}

/// The token a request presents, in the priority order of spec d.6: `Authorization: Bearer`,
/// `X-Aartiq-Token`, `X-Aartiq-Native-Token`, then `?token=`. The first one present wins,
/// even when a later one would match.
pub fn presented_token<'a>(
    header: impl Fn(&str) -> Option<&'a str>,
    query: Option<&'a str>,
) -> Option<(&'a str, TokenSource)> {
    if let Some(auth) = header("authorization") {
        let mut parts = auth.splitn(2, ' ');
        if let (Some(scheme), Some(token)) = (parts.next(), parts.next())
            && scheme.eq_ignore_ascii_case("bearer")
            && !token.trim().is_empty()
        {
            return Some((token.trim(), TokenSource::Bearer));
        }
    }
    if let Some(t) = header("x-aartiq-token").filter(|t| !t.is_empty()) {
        return Some((t, TokenSource::Header));
    }
    if let Some(t) = header("x-aartiq-native-token").filter(|t| !t.is_empty()) {
        return Some((t, TokenSource::NativeHeader));
    }
    query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, v)| *k == "token" && !v.is_empty())
        .map(|(_, v)| (v, TokenSource::Query))
}

/// Constant-time equality of two tokens (SHA-256 first, so the length leaks nothing either).
pub fn tokens_equal(a: &str, b: &str) -> bool {
    let da = Sha256::digest(a.as_bytes());
    let db = Sha256::digest(b.as_bytes());
    da.ct_eq(&db).into()
}

/// Who a valid token belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Principal {
    /// The primary token: the person running the server (admin routes allowed).
    Primary,
    /// A per-client credential; the client's id is its agent id.
    Client(String),
}

/// The outcome of checking a presented token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenCheck {
    /// A valid token.
    Valid(Principal),
    /// The token of a revoked client.
    Revoked,
    /// No token matches.
    Bad,
}

/// A per-client credential as listed by `GET /clients` (never the token).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientInfo {
    /// The client's id, used as its agent id.
    pub id: String,
    /// A display name.
    pub name: String,
    /// When it was created (ms since the epoch).
    pub created_at: u64,
    /// Whether it was revoked.
    pub revoked: bool,
}

#[derive(Debug, Clone, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredClient {
    id: String,
    name: String,
    created_at: u64,
    revoked: bool,
    /// SHA-256 of the token, hex: the token itself is never kept.
    sha256: String,
}

#[derive(Debug, Default, Serialize, serde::Deserialize)]
struct StoredClients {
    clients: Vec<StoredClient>,
}

#[derive(Debug)]
struct ClientRecord {
    info: ClientInfo,
    digest: [u8; 32],
}

/// The client credentials, and the file they persist in when there is one.
#[derive(Debug, Default)]
struct Clients {
    records: BTreeMap<String, ClientRecord>,
    store: Option<std::path::PathBuf>,
    /// The store's modification time when it was last read or written.
    stamp: Option<std::time::SystemTime>,
}

fn from_hex(text: &str) -> Option<[u8; 32]> {
    let bytes = text.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks(2).enumerate() {
        let high = char::from(pair[0]).to_digit(16)?;
        let low = char::from(pair[1]).to_digit(16)?;
        out[i] = u8::try_from(high * 16 + low).ok()?;
    }
    Some(out)
}

fn modified(path: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

impl Clients {
    /// Reads the store (a missing file is no clients); a file others can read is restricted to
    /// its owner first, like the token file.
    fn load(&mut self) -> Result<(), ApiError> {
        let Some(path) = self.store.clone() else {
            return Ok(());
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                self.records.clear();
                self.stamp = None;
                return Ok(());
            }
            Err(e) => return Err(ApiError::file(&path, e)),
        };
        restrict_to_owner(&path)?;
        let stored: StoredClients = serde_json::from_str(&text).map_err(|e| {
            ApiError::Config(format!("{}: not a clients file: {e}", path.display()))
        })?;
        let mut records = BTreeMap::new();
        for client in stored.clients {
            let Some(digest) = from_hex(&client.sha256) else {
                return Err(ApiError::Config(format!(
                    "{}: client \"{}\" has no valid sha256",
                    path.display(),
                    client.id
                )));
            };
            records.insert(
                client.id.clone(),
                ClientRecord {
                    info: ClientInfo {
                        id: client.id,
                        name: client.name,
                        created_at: client.created_at,
                        revoked: client.revoked,
                    },
                    digest,
                },
            );
        }
        self.records = records;
        self.stamp = modified(&path);
        Ok(())
    }

    /// Writes the store, if there is one: a new file renamed over the old, mode 0600.
    fn save(&mut self) -> Result<(), ApiError> {
        use std::os::unix::fs::OpenOptionsExt;
        let Some(path) = self.store.clone() else {
            return Ok(());
        };
        let stored = StoredClients {
            clients: self
                .records
                .values()
                .map(|r| StoredClient {
                    id: r.info.id.clone(),
                    name: r.info.name.clone(),
                    created_at: r.info.created_at,
                    revoked: r.info.revoked,
                    sha256: aartiq_tools::hex(&r.digest),
                })
                .collect(),
        };
        let text = serde_json::to_vec_pretty(&stored)
            .map_err(|e| ApiError::file(&path, std::io::Error::other(e)))?;
        let temporary = path.with_extension(format!("tmp-{}", random_hex(4)?));
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&temporary)
            .map_err(|e| ApiError::file(&temporary, e))?;
        file.write_all(&text)
            .and_then(|()| file.sync_all())
            .map_err(|e| ApiError::file(&temporary, e))?;
        std::fs::rename(&temporary, &path).map_err(|e| ApiError::file(&path, e))?;
        self.stamp = modified(&path);
        Ok(())
    }

    /// Reads the store again when another process (`aartiq-http clients add`) changed it.
    fn refresh(&mut self) {
        let Some(path) = &self.store else { return };
        if modified(path) != self.stamp
            && let Err(error) = self.load()
        {
            tracing::warn!(%error, "could not read the client credentials again");
        }
    }

    fn find(&self, digest: &[u8; 32]) -> Option<&ClientRecord> {
        let mut found = None;
        for record in self.records.values() {
            if bool::from(record.digest.ct_eq(digest)) {
                found = Some(record);
            }
        }
        found
    }
}

/// The primary (admin) token and the agents' client credentials.
///
/// The two never mix: the admin token is the person's key to the admin routes (`/clients`,
/// `/approvals`); an agent is given a client credential, whose id is its agent id. Client
/// credentials persist in a store file when there is one (only SHA-256 digests of their tokens,
/// mode 0600), so they survive a restart and can be made by `aartiq-http clients add` while the
/// server runs.
#[derive(Debug)]
pub struct Credentials {
    primary: String,
    clients: Mutex<Clients>,
}

impl Credentials {
    /// Credentials with `primary` as the primary token and no clients, kept in memory only.
    pub fn new(primary: String) -> Credentials {
        Credentials {
            primary,
            clients: Mutex::new(Clients::default()),
        }
    }

    /// Credentials with `primary` as the primary token and the clients of the store `path`
    /// (created on the first client).
    ///
    /// # Errors
    /// [`ApiError::File`] or [`ApiError::Config`] when the store cannot be read.
    pub fn with_store(primary: String, path: std::path::PathBuf) -> Result<Credentials, ApiError> {
        let mut clients = Clients {
            store: Some(path),
            ..Clients::default()
        };
        clients.load()?;
        Ok(Credentials {
            primary,
            clients: Mutex::new(clients),
        })
    }

    /// The client store at `path` alone, for the person's command line (`clients add`): no
    /// primary token matches anything presented to it.
    ///
    /// # Errors
    /// As [`Credentials::with_store`], or [`ApiError::Random`].
    pub fn store_only(path: std::path::PathBuf) -> Result<Credentials, ApiError> {
        Credentials::with_store(new_token()?, path)
    }

    /// The primary token.
    pub fn primary(&self) -> &str {
        &self.primary
    }

    /// Checks `token` against the primary token and every client's, in constant time each.
    pub fn check(&self, token: &str) -> TokenCheck {
        if tokens_equal(token, &self.primary) {
            return TokenCheck::Valid(Principal::Primary);
        }
        let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        let mut clients = crate::lock(&self.clients);
        // One `stat` of the store: a credential the person added or revoked from the command
        // line counts at once.
        clients.refresh();
        match clients.find(&digest) {
            Some(record) if record.info.revoked => TokenCheck::Revoked,
            Some(record) => TokenCheck::Valid(Principal::Client(record.info.id.clone())),
            None => TokenCheck::Bad,
        }
    }

    /// Creates a client credential and returns its token (shown once; only a digest is kept).
    /// An existing id gets a new token and is un-revoked: only the person can call this.
    ///
    /// # Errors
    /// [`ApiError::Random`], [`ApiError::File`] when the store cannot be written, or
    /// [`ApiError::Config`] for an id that is not 1-64 characters of `[A-Za-z0-9_.-]`.
    pub fn create_client(&self, id: &str, name: &str, now_ms: u64) -> Result<String, ApiError> {
        if !valid_id(id) {
            return Err(ApiError::Config(format!(
                "client id \"{id}\" must be 1-64 characters of A-Z a-z 0-9 _ . -"
            )));
        }
        let token = new_agent_token()?;
        let digest = Sha256::digest(token.as_bytes()).into();
        let mut clients = crate::lock(&self.clients);
        clients.refresh();
        clients.records.insert(
            id.to_owned(),
            ClientRecord {
                info: ClientInfo {
                    id: id.to_owned(),
                    name: name.to_owned(),
                    created_at: now_ms,
                    revoked: false,
                },
                digest,
            },
        );
        clients.save()?;
        Ok(token)
    }

    /// Revokes a client; `Ok(false)` when there is no such client.
    ///
    /// # Errors
    /// [`ApiError::File`] when the store cannot be written.
    pub fn revoke_client(&self, id: &str) -> Result<bool, ApiError> {
        let mut clients = crate::lock(&self.clients);
        clients.refresh();
        match clients.records.get_mut(id) {
            Some(record) => {
                record.info.revoked = true;
                clients.save()?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Every client, by id.
    pub fn clients(&self) -> Vec<ClientInfo> {
        let mut clients = crate::lock(&self.clients);
        clients.refresh();
        clients.records.values().map(|r| r.info.clone()).collect()
    }
}

/// Whether `id` is a usable agent or client id: 1-64 characters of `[A-Za-z0-9_.-]`.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// The `Host` check of spec d.7: loopback names on our port (or no port), or in remote mode
/// a configured `host` / `host:port`. Anything else fails, which defeats DNS rebinding.
pub fn host_allowed(
    host: Option<&str>,
    own_port: u16,
    remote: bool,
    remote_hosts: &[String],
) -> bool {
    let Some(host) = host.map(str::trim).filter(|h| !h.is_empty()) else {
        return false;
    };
    if host.contains(',') {
        return false;
    }
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        // `[v6]` or `[v6]:port`
        let Some(end) = rest.find(']') else {
            return false;
        };
        let name = &host[..end + 2];
        let after = &rest[end + 1..];
        match after.strip_prefix(':') {
            Some(port) => (name, Some(port)),
            None if after.is_empty() => (name, None),
            None => return false,
        }
    } else if host.matches(':').count() > 1 {
        // A bare IPv6 address without brackets: `::1`.
        (host, None)
    } else {
        match host.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        }
    };
    if let Some(port) = port
        && (port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()))
    {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    let loopback = matches!(
        lower.as_str(),
        "127.0.0.1" | "localhost" | "::1" | "[::1]" | "[::ffff:127.0.0.1]"
    );
    if loopback {
        return port.is_none_or(|p| p.parse::<u16>().ok() == Some(own_port));
    }
    if remote {
        let full = host.to_ascii_lowercase();
        return remote_hosts.iter().any(|allowed| {
            let allowed = allowed.to_ascii_lowercase();
            allowed == lower || allowed == full
        });
    }
    false
}

/// The `Origin` check of spec d.7: absent or empty is allowed (non-browser callers); otherwise
/// `file://`, `app://`, `null`, or http(s) on `localhost`, `127.0.0.1` or `[::1]` with an
/// optional port.
pub fn origin_allowed(origin: Option<&str>) -> bool {
    let Some(origin) = origin.filter(|o| !o.is_empty()) else {
        return true;
    };
    let lower = origin.to_ascii_lowercase();
    if lower.starts_with("file://") || lower.starts_with("app://") || lower == "null" {
        return true;
    }
    let Some(rest) = lower
        .strip_prefix("http://")
        .or_else(|| lower.strip_prefix("https://"))
    else {
        return false;
    };
    for name in ["localhost", "127.0.0.1", "[::1]"] {
        if let Some(after) = rest.strip_prefix(name) {
            return after.is_empty()
                || after
                    .strip_prefix(':')
                    .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        }
    }
    false
}

/// The address a failure is counted for: IPv4-mapped IPv6 addresses count as IPv4.
pub fn normalize_ip(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    window_start: u64,
    locked_until: Option<u64>,
}

/// Authentication failures per address over a 15-minute window (spec d.7): 20 lock a
/// non-loopback address for 15 minutes; loopback never locks (100 only warn); a success clears.
#[derive(Debug, Default)]
pub struct Lockout {
    failures: Mutex<HashMap<IpAddr, Failures>>,
}

impl Lockout {
    /// No failures recorded.
    pub fn new() -> Lockout {
        Lockout::default()
    }

    /// Whether `ip` is locked out now.
    pub fn is_locked(&self, ip: IpAddr, clock: &dyn Clock) -> bool {
        let ip = normalize_ip(ip);
        let now = clock.now_ms();
        let mut map = crate::lock(&self.failures);
        match map.get(&ip).and_then(|f| f.locked_until) {
            Some(until) if until > now => true,
            Some(_) => {
                map.remove(&ip);
                false
            }
            None => false,
        }
    }

    /// Records a failure from `ip`; returns whether the address is now locked.
    pub fn record_failure(&self, ip: IpAddr, clock: &dyn Clock) -> bool {
        let ip = normalize_ip(ip);
        let now = clock.now_ms();
        let mut map = crate::lock(&self.failures);
        if map.len() >= LOCKOUT_SWEEP_AT && !map.contains_key(&ip) {
            map.retain(|_, f| {
                f.locked_until.is_some_and(|until| until > now)
                    || now.saturating_sub(f.window_start) < LOCKOUT_WINDOW_MS
            });
        }
        let entry = map.entry(ip).or_insert(Failures {
            count: 0,
            window_start: now,
            locked_until: None,
        });
        if now.saturating_sub(entry.window_start) >= LOCKOUT_WINDOW_MS {
            *entry = Failures {
                count: 0,
                window_start: now,
                locked_until: None,
            };
        }
        entry.count = entry.count.saturating_add(1);
        if ip.is_loopback() {
            if entry.count == LOOPBACK_WARN_THRESHOLD {
                tracing::warn!(%ip, failures = entry.count, "many authentication failures from loopback");
            }
            return false;
        }
        if entry.count >= LOCKOUT_THRESHOLD {
            entry.locked_until = Some(now.saturating_add(LOCKOUT_WINDOW_MS));
            tracing::warn!(%ip, failures = entry.count, "address locked out");
            return true;
        }
        false
    }

    /// How many addresses have failures on record.
    pub fn tracked(&self) -> usize {
        crate::lock(&self.failures).len()
    }

    /// A success from `ip` clears its failures.
    pub fn record_success(&self, ip: IpAddr) {
        crate::lock(&self.failures).remove(&normalize_ip(ip));
    }
}
