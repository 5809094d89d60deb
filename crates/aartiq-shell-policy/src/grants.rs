//! The permission gate (spec b.6), grants with levels and lifetimes, "Allow Always" grants and
//! the migration of legacy entries (b.7, b.8): pure functions over a serialisable [`Grants`]
//! value, with time injected through [`GrantClock`]. Nothing here does IO; callers persist `Grants`.

use crate::assess::Settings;
use crate::error::Error;
use crate::legacy::always_approval_eligibility;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Lifetime of a session-only grant: 8 hours.
pub const SESSION_GRANT_TTL_MS: u64 = 8 * 60 * 60 * 1000;
/// Lifetime of an "Allow Always" grant: 30 days (`ALWAYS_GRANT_TTL_MS`, 2,592,000,000 ms).
pub const ALWAYS_GRANT_TTL_MS: u64 = 2_592_000_000;
/// Description prefix of the grants older builds created at start-up; only those are revoked.
pub const LEGACY_DEFAULT_GRANT_PREFIX: &str = "Default session grant for";

/// The source of "now", in milliseconds since the Unix epoch.
pub trait GrantClock {
    /// Current time in ms since the epoch.
    fn now_ms(&self) -> u64;
}

/// A clock that always says the same time (tests, replays).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedClock(pub u64);

impl GrantClock for FixedClock {
    fn now_ms(&self) -> u64 {
        self.0
    }
}

/// Permission levels, ordered by the original's scores (read 1 ... send 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Score 1.
    Read,
    /// Score 2.
    Interact,
    /// Score 3.
    Write,
    /// Score 4.
    Execute,
    /// Score 5.
    Send,
}

impl Level {
    /// The original's score, 1 to 5.
    pub fn score(self) -> u8 {
        match self {
            Level::Read => 1,
            Level::Interact => 2,
            Level::Write => 3,
            Level::Execute => 4,
            Level::Send => 5,
        }
    }

    /// Parse `read|interact|write|execute|send`.
    ///
    /// # Errors
    /// [`Error::InvalidLevel`] (`Invalid permission level: <level>`) for anything else.
    pub fn parse(level: &str) -> Result<Level, Error> {
        match level {
            "read" => Ok(Level::Read),
            "interact" => Ok(Level::Interact),
            "write" => Ok(Level::Write),
            "execute" => Ok(Level::Execute),
            "send" => Ok(Level::Send),
            other => Err(Error::InvalidLevel(other.to_string())),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Read => "read",
            Level::Interact => "interact",
            Level::Write => "write",
            Level::Execute => "execute",
            Level::Send => "send",
        })
    }
}

/// Minimum level score a risk needs (spec b.6): low 1, medium 2, high 3, unknown 2.
pub fn min_score_for_risk(risk: &str) -> u8 {
    match risk.to_ascii_lowercase().as_str() {
        "low" => 1,
        "medium" => 2,
        "high" => 3,
        _ => 2,
    }
}

/// Category grant keys that satisfy a risk (spec b.6); none for unknown risks.
pub fn category_keys(risk: &str) -> &'static [&'static str] {
    match risk.to_ascii_lowercase().as_str() {
        "low" => &["SHELL_LOW", "SHELL_MEDIUM", "SHELL_HIGH", "SHELL_ALL"],
        "medium" => &["SHELL_MEDIUM", "SHELL_HIGH", "SHELL_ALL"],
        "high" => &["SHELL_HIGH", "SHELL_ALL"],
        _ => &[],
    }
}

/// One stored grant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    /// Granted level.
    pub level: Level,
    /// Free text; legacy start-up grants begin with [`LEGACY_DEFAULT_GRANT_PREFIX`].
    pub description: String,
    /// When it was granted (ms).
    pub granted_at: u64,
    /// When it expires (ms); `None` never expires.
    pub expires_at: Option<u64>,
}

/// Lifetime record of an "Allow Always" key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlwaysRecord {
    /// When it was granted (ms).
    pub granted_at: u64,
    /// When it expires (ms).
    pub expires_at: u64,
}

/// Everything the permission store persists. Serialises with the original's field names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Grants {
    /// Grants by key (`SHELL_CMD:<normalized>`, `SHELL_LOW`, ...).
    pub grants: BTreeMap<String, Grant>,
    /// "Allow Always" keys: normalized whole command lines.
    pub auto_approved_commands: Vec<String>,
    /// Lifetimes of the "Allow Always" keys.
    pub auto_approved_command_grants: BTreeMap<String, AlwaysRecord>,
}

/// Trim, collapse whitespace runs to one space, lower-case (the original's
/// `normalizeCommandPattern`).
pub fn normalize_command_pattern(command: &str) -> String {
    command
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// `SHELL_CMD:` + the normalized command; `""` for an empty command (`buildShellCommandKey`).
pub fn shell_command_key(command: &str) -> String {
    let n = normalize_command_pattern(command);
    if n.is_empty() {
        String::new()
    } else {
        format!("SHELL_CMD:{n}")
    }
}

/// `isShellAutoExecutable`: only `low` (any case) with either auto-approve setting on.
pub fn is_shell_auto_executable(risk: &str, settings: &Settings) -> bool {
    risk.trim().eq_ignore_ascii_case("low") && settings.auto_approves_low()
}

/// Milliseconds since the epoch as an ISO-8601 UTC timestamp (`2026-01-01T00:00:00.000Z`).
pub fn iso8601(ms: u64) -> String {
    let secs = ms / 1000;
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        ms % 1000
    )
}

impl Grants {
    /// Grant `key` at `level` (`grant(key, level, description, sessionOnly)`): a session-only
    /// grant lives 8 hours, otherwise it never expires.
    ///
    /// # Errors
    /// [`Error::InvalidLevel`] for a level outside `read|interact|write|execute|send`.
    pub fn grant(
        &mut self,
        key: &str,
        level: &str,
        description: &str,
        session_only: bool,
        clock: &dyn GrantClock,
    ) -> Result<(), Error> {
        let level = Level::parse(level)?;
        let now = clock.now_ms();
        let expires_at = session_only.then(|| now.saturating_add(SESSION_GRANT_TTL_MS));
        self.grants.insert(
            key.to_string(),
            Grant {
                level,
                description: description.to_string(),
                granted_at: now,
                expires_at,
            },
        );
        Ok(())
    }

    fn purge_expired(&mut self, now: u64) {
        self.grants
            .retain(|_, g| g.expires_at.is_none_or(|e| e > now));
    }

    /// Whether `key` holds a live grant; expired rows are purged.
    pub fn is_granted(&mut self, key: &str, clock: &dyn GrantClock) -> bool {
        self.purge_expired(clock.now_ms());
        self.grants.contains_key(key)
    }

    /// The level of a live grant; expired rows are purged.
    pub fn level(&mut self, key: &str, clock: &dyn GrantClock) -> Option<Level> {
        self.purge_expired(clock.now_ms());
        self.grants.get(key).map(|g| g.level)
    }

    /// Remove one grant.
    pub fn revoke(&mut self, key: &str) -> bool {
        self.grants.remove(key).is_some()
    }

    /// Revoke the rows older builds created at start-up (description starts with
    /// `Default session grant for`); grants the user made are kept. Returns audit lines.
    pub fn revoke_legacy_default_grants(&mut self) -> Vec<String> {
        let mut audit = Vec::new();
        self.grants.retain(|k, g| {
            let legacy = g.description.starts_with(LEGACY_DEFAULT_GRANT_PREFIX);
            if legacy {
                audit.push(format!("settings.revokeLegacyDefaultGrant: {k}"));
            }
            !legacy
        });
        audit
    }

    /// Record "Allow Always" for a command line: the key is the normalized whole line, the
    /// lifetime 30 days. Returns the key.
    ///
    /// # Errors
    /// [`Error::NotEligible`] when [`always_approval_eligibility`] refuses the line.
    pub fn allow_always(&mut self, command: &str, clock: &dyn GrantClock) -> Result<String, Error> {
        let e = always_approval_eligibility(command);
        if !e.eligible {
            return Err(Error::NotEligible {
                reason: e.reason.unwrap_or_default(),
            });
        }
        let key = normalize_command_pattern(command);
        let now = clock.now_ms();
        if !self.auto_approved_commands.contains(&key) {
            self.auto_approved_commands.push(key.clone());
        }
        self.auto_approved_command_grants.insert(
            key.clone(),
            AlwaysRecord {
                granted_at: now,
                expires_at: now.saturating_add(ALWAYS_GRANT_TTL_MS),
            },
        );
        Ok(key)
    }

    /// `canAutoExecute(command, risk)`: an unexpired "Allow Always" key runs whatever the tier
    /// (a key with no record gets a fresh 30-day lifetime); an expired one is swept (audit
    /// `settings.expireAutoApprovedCommand: <key> (expired <iso>)`) and falls through to
    /// [`is_shell_auto_executable`].
    pub fn can_auto_execute(
        &mut self,
        command: &str,
        risk: &str,
        settings: &Settings,
        clock: &dyn GrantClock,
        audit: &mut Vec<String>,
    ) -> bool {
        let key = normalize_command_pattern(command);
        let now = clock.now_ms();
        if !key.is_empty() && self.auto_approved_commands.contains(&key) {
            match self.auto_approved_command_grants.get(&key).copied() {
                None => {
                    self.auto_approved_command_grants.insert(
                        key,
                        AlwaysRecord {
                            granted_at: now,
                            expires_at: now.saturating_add(ALWAYS_GRANT_TTL_MS),
                        },
                    );
                    return true;
                }
                Some(r) if r.expires_at <= now => {
                    self.auto_approved_commands.retain(|k| *k != key);
                    self.auto_approved_command_grants.remove(&key);
                    audit.push(format!(
                        "settings.expireAutoApprovedCommand: {key} (expired {})",
                        iso8601(r.expires_at)
                    ));
                }
                Some(_) => return true,
            }
        }
        is_shell_auto_executable(risk, settings)
    }

    /// Load-time maintenance (idempotent): migrate legacy first-word entries, backfill records
    /// for string-only keys, remove expired keys, drop records whose key is gone. Returns audit
    /// lines.
    pub fn load(&mut self, clock: &dyn GrantClock) -> Vec<String> {
        let now = clock.now_ms();
        let mut audit = Vec::new();
        let mut kept: Vec<String> = Vec::new();
        for entry in std::mem::take(&mut self.auto_approved_commands) {
            let key = normalize_command_pattern(&entry);
            if key.is_empty() {
                continue;
            }
            if !key.contains(' ') {
                let e = always_approval_eligibility(&key);
                if !e.eligible {
                    audit.push(format!(
                        "settings.dropLegacyAutoApprovedCommand: {key} ({})",
                        e.reason.unwrap_or_default()
                    ));
                    self.auto_approved_command_grants.remove(&entry);
                    continue;
                }
            }
            if key != entry
                && let Some(r) = self.auto_approved_command_grants.remove(&entry)
            {
                self.auto_approved_command_grants
                    .entry(key.clone())
                    .or_insert(r);
            }
            if !kept.contains(&key) {
                kept.push(key);
            }
        }
        let mut live = Vec::new();
        for key in kept {
            match self.auto_approved_command_grants.get(&key).copied() {
                None => {
                    let expires_at = now.saturating_add(ALWAYS_GRANT_TTL_MS);
                    self.auto_approved_command_grants.insert(
                        key.clone(),
                        AlwaysRecord {
                            granted_at: now,
                            expires_at,
                        },
                    );
                    audit.push(format!(
                        "settings.autoApprovedCommandGrantBackfilled: {key} (expires {})",
                        iso8601(expires_at)
                    ));
                    live.push(key);
                }
                Some(r) if r.expires_at <= now => {
                    self.auto_approved_command_grants.remove(&key);
                    audit.push(format!(
                        "settings.expireAutoApprovedCommand: {key} (expired {})",
                        iso8601(r.expires_at)
                    ));
                }
                Some(_) => live.push(key),
            }
        }
        self.auto_approved_command_grants
            .retain(|k, _| live.contains(k));
        self.auto_approved_commands = live;
        self.purge_expired(now);
        audit
    }
}

/// The permission gate `checkShellPermission(command, reason, risk)` (spec b.6): fail closed
/// without a store; `critical` never; an exact-command grant of sufficient level; a category
/// grant; auto-execution; otherwise no.
pub fn check_shell_permission(
    store: Option<&mut Grants>,
    command: &str,
    risk: &str,
    settings: &Settings,
    clock: &dyn GrantClock,
    audit: &mut Vec<String>,
) -> bool {
    let Some(store) = store else { return false };
    let risk = if risk.trim().is_empty() {
        "medium".to_string()
    } else {
        risk.trim().to_ascii_lowercase()
    };
    if risk == "critical" {
        return false;
    }
    let key = shell_command_key(command);
    if !key.is_empty()
        && store.is_granted(&key, clock)
        && store
            .level(&key, clock)
            .is_some_and(|l| l.score() >= min_score_for_risk(&risk))
    {
        return true;
    }
    for cat in category_keys(&risk) {
        if store.is_granted(cat, clock) {
            return true;
        }
    }
    store.can_auto_execute(command, &risk, settings, clock, audit)
}
