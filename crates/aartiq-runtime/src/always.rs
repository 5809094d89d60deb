//! "Always allow" for shell lines (spec b.7-b.9): a person approving a line the shell policy
//! finds eligible may ask not to be asked again for that exact line (normalized) for 30 days.
//! The grants live in the store's grant tables when the runtime has a store, otherwise for the
//! runtime's lifetime.
//!
//! Fail-closed on top of the original: a grant only turns "ask" into "run". It never lifts a
//! policy denial, and a line must still be eligible when it runs, not only when it was granted.

use aartiq_shell_policy::{Assessment, Grants, Settings, iso8601, normalize_command_pattern};
use serde::Serialize;

use crate::approval::{ApprovalPrompt, ShellVerdict};
use crate::error::RuntimeError;
use crate::judge::{Need, shell_need};
use crate::runtime::Runtime;

/// One line a person allowed always.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AlwaysAllowed {
    /// The normalized line: the grant's key.
    pub line: String,
    /// When it was granted (ms since the epoch).
    pub granted_at: u64,
    /// When it ends (ms since the epoch).
    pub expires_at: u64,
}

/// The runtime's clock as the shell policy's.
struct PolicyClock<'a>(&'a dyn aartiq_agents::Clock);

impl aartiq_shell_policy::GrantClock for PolicyClock<'_> {
    fn now_ms(&self) -> u64 {
        self.0.now_ms()
    }
}

impl Runtime {
    /// Reads the stored grants (with the load-time maintenance of spec b.7). A store that
    /// cannot be read leaves no grant: every line asks.
    pub(crate) fn load_always(&self) {
        let Some(store) = &self.store else {
            return;
        };
        let mut grants = match store.load_shell_grants() {
            Ok(grants) => grants,
            Err(error) => {
                tracing::warn!(%error, "the shell grants could not be read; every shell line will ask");
                return;
            }
        };
        let audit = grants.load(&PolicyClock(self.backends.clock.as_ref()));
        for line in &audit {
            tracing::info!(audit = %line, "shell grants");
        }
        if !audit.is_empty()
            && let Err(error) = store.save_shell_grants(&grants)
        {
            tracing::warn!(%error, "the shell grants' maintenance could not be saved");
        }
        *crate::runtime::lock(&self.always) = grants;
    }

    /// Saves the grants to the store, if the runtime has one.
    fn save_always(&self, grants: &Grants) -> Result<(), RuntimeError> {
        match &self.store {
            Some(store) => Ok(store.save_shell_grants(grants)?),
            None => Ok(()),
        }
    }

    /// The verdict on a shell line and whether a person must approve it: the shell policy's
    /// (spec b), then a live "Always allow" for this exact line turns "ask" into "run".
    pub(crate) fn judge_shell(&self, line: &str, assessment: &Assessment) -> (ShellVerdict, Need) {
        let (mut verdict, need) = shell_need(line, assessment);
        if !matches!(need, Need::Ask { .. }) || !verdict.always_eligible {
            return (verdict, need);
        }
        let clock = PolicyClock(self.backends.clock.as_ref());
        let mut audit = Vec::new();
        let until = {
            let mut grants = crate::runtime::lock(&self.always);
            // With automatic approval off, only a grant can say yes.
            let granted = grants.can_auto_execute(
                line,
                assessment.tier.as_str(),
                &Settings::default(),
                &clock,
                &mut audit,
            );
            if !audit.is_empty()
                && let Err(error) = self.save_always(&grants)
            {
                tracing::warn!(%error, "an expired shell grant could not be removed from the store");
            }
            granted
                .then(|| {
                    grants
                        .auto_approved_command_grants
                        .get(&normalize_command_pattern(line))
                        .map(|r| r.expires_at)
                })
                .flatten()
        };
        for line in &audit {
            tracing::info!(audit = %line, "shell grants");
        }
        match until {
            Some(until) => {
                verdict.always_until = Some(until);
                let reason = format!(
                    "the person allowed this exact line always (until {})",
                    iso8601(until)
                );
                (verdict, Need::Run { reason })
            }
            None => (verdict, need),
        }
    }

    /// Records "Always allow" for every line of `prompt` (all eligible, or the prompt would
    /// not offer it). Returns the keys granted and, when the store could not save them, a note
    /// that they hold for this session only.
    pub(crate) fn grant_always(&self, prompt: &ApprovalPrompt) -> (Vec<String>, Option<String>) {
        let clock = PolicyClock(self.backends.clock.as_ref());
        let mut grants = crate::runtime::lock(&self.always);
        let mut keys = Vec::new();
        for shell in prompt.items.iter().filter_map(|i| i.shell.as_ref()) {
            match grants.allow_always(&shell.line, &clock) {
                Ok(key) => keys.push(key),
                // The prompt offered it, so the line was eligible a moment ago; if the policy
                // says otherwise now, it is approved once and nothing is remembered.
                Err(error) => tracing::warn!(%error, line = %shell.line, "not allowed always"),
            }
        }
        let note = match self.save_always(&grants) {
            Ok(()) => None,
            Err(error) => {
                tracing::warn!(%error, "a shell grant could not be saved");
                Some(format!(
                    "the store could not save it, so it holds until this session ends: {error}"
                ))
            }
        };
        (keys, note)
    }

    /// The shell lines a person allowed always and whose grant has not ended, oldest first.
    pub fn always_allowed(&self) -> Vec<AlwaysAllowed> {
        let now = self.backends.clock.now_ms();
        let grants = crate::runtime::lock(&self.always);
        grants
            .auto_approved_commands
            .iter()
            .filter_map(|line| {
                let record = grants.auto_approved_command_grants.get(line)?;
                (record.expires_at > now).then(|| AlwaysAllowed {
                    line: line.clone(),
                    granted_at: record.granted_at,
                    expires_at: record.expires_at,
                })
            })
            .collect()
    }

    /// Forgets the person's "Always allow" for `line` (normalized as a grant's key): it asks
    /// again. `Ok(false)` when there was none.
    ///
    /// # Errors
    /// [`RuntimeError::Store`] when the store could not save the change; the grant is then
    /// gone for this session but may come back when the store is next read.
    pub fn revoke_always(&self, line: &str) -> Result<bool, RuntimeError> {
        let key = normalize_command_pattern(line);
        let mut grants = crate::runtime::lock(&self.always);
        let had = grants.auto_approved_commands.contains(&key);
        grants.auto_approved_commands.retain(|k| *k != key);
        let had_record = grants.auto_approved_command_grants.remove(&key).is_some();
        if had || had_record {
            self.save_always(&grants)?;
            tracing::info!(line = %key, "a person revoked an always-allowed shell line");
        }
        Ok(had)
    }
}
