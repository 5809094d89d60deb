//! Integration tests of `aartiq-vault`: the file (round trip, wrong passphrase, corruption,
//! concurrent writers, passphrase change, CSV import), the tool-facing vault (locked by default,
//! unlock through the provider, idle lock), and the no-secret-leaves run over every tool.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod file;
mod leaks;
mod unlock;

use std::sync::{Arc, Mutex};

use aartiq_vault::{
    KdfParams, NewCredential, OpenVault, Passphrase, PassphraseProvider, Secret, UnlockRequest,
    VaultFile,
};
use async_trait::async_trait;

pub(crate) const PASSPHRASE: &str = "correct horse battery staple";

/// A fresh directory and a vault file in it (not created yet).
pub(crate) fn new_file() -> (tempfile::TempDir, VaultFile) {
    let dir = tempfile::tempdir().unwrap();
    let file = VaultFile::new(dir.path().join("vault.aqv"));
    (dir, file)
}

pub(crate) fn create(file: &VaultFile) -> OpenVault {
    file.create(&Passphrase::new(PASSPHRASE), KdfParams::for_tests())
        .unwrap()
}

pub(crate) fn login(domain: &str, username: &str, password: &str) -> NewCredential {
    NewCredential {
        domain: domain.to_owned(),
        username: username.to_owned(),
        password: Secret::new(password),
    }
}

/// A person at the keyboard: answers with scripted passphrases (then declines), and records
/// how often they were asked.
#[derive(Default)]
pub(crate) struct ScriptedPerson {
    answers: Mutex<Vec<Option<String>>>,
    pub(crate) asked: Mutex<Vec<UnlockRequest>>,
}

impl ScriptedPerson {
    pub(crate) fn answering(answers: &[Option<&str>]) -> Arc<ScriptedPerson> {
        Arc::new(ScriptedPerson {
            answers: Mutex::new(answers.iter().rev().map(|a| a.map(str::to_owned)).collect()),
            asked: Mutex::default(),
        })
    }
}

#[async_trait]
impl PassphraseProvider for ScriptedPerson {
    async fn passphrase(&self, request: &UnlockRequest) -> Option<Passphrase> {
        self.asked.lock().unwrap().push(request.clone());
        self.answers
            .lock()
            .unwrap()
            .pop()
            .flatten()
            .map(Passphrase::new)
    }
}
