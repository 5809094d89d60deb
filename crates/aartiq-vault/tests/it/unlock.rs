//! The tool-facing vault: locked by default, unlocked only through the person, locked again
//! when idle or when the passphrase changes elsewhere.

use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::ManualClock;
use aartiq_tools::{BackendError, ProfileKey, Vault};
use aartiq_vault::{FileVault, KdfParams, Passphrase, VaultError};

use crate::{PASSPHRASE, ScriptedPerson, create, login, new_file};

fn vault_over(
    file: &aartiq_vault::VaultFile,
    person: &Arc<ScriptedPerson>,
    clock: &Arc<ManualClock>,
) -> FileVault {
    FileVault::new(file.clone(), person.clone(), clock.clone())
        .with_idle_timeout(Duration::from_secs(60))
}

#[tokio::test]
async fn locked_by_default_and_unlocked_only_by_the_person() {
    let (_dir, file) = new_file();
    let id = create(&file)
        .add_credential(login("shop.example", "ada@shop.example", "pw-unlock"))
        .unwrap();
    let person = ScriptedPerson::answering(&[None, Some("not the passphrase"), Some(PASSPHRASE)]);
    let clock = Arc::new(ManualClock::new(1_000));
    let vault = vault_over(&file, &person, &clock);

    assert!(!vault.is_unlocked());
    assert_eq!(vault.list().await, Err(BackendError::VaultLocked));
    assert_eq!(
        vault.profile_for_domain("shop.example").await,
        Err(BackendError::VaultLocked)
    );
    assert!(matches!(
        vault.fill_secret(&id, "shop.example"),
        Err(VaultError::Locked)
    ));
    // The person declines, then mistypes: still locked, and the error never says more.
    assert!(matches!(
        vault.unlock_vault().await,
        Err(VaultError::UnlockDeclined(_))
    ));
    assert_eq!(
        vault.unlock().await,
        Err(BackendError::Other("wrong vault passphrase".to_owned()))
    );
    assert!(!vault.is_unlocked());
    vault.unlock().await.unwrap();
    assert!(vault.is_unlocked());
    assert_eq!(person.asked.lock().unwrap().len(), 3);
    assert_eq!(person.asked.lock().unwrap()[0].path, file.path());

    let listing = vault.list().await.unwrap();
    assert_eq!(listing.credentials[0].username, "ada@shop.example");
    let profile = vault.profile_for_domain("www.shop.example").await.unwrap();
    assert!(profile.has_password);
    assert_eq!(profile.values[&ProfileKey::Email], "ada@shop.example");
    assert_eq!(
        vault.credential_for_host("shop.example").unwrap(),
        Some(id.clone())
    );
    assert_eq!(
        vault.fill_secret(&id, "shop.example").unwrap().expose(),
        "pw-unlock"
    );
    assert!(matches!(
        vault.fill_secret(&id, "sh0p.example"),
        Err(VaultError::DomainMismatch { .. })
    ));
    vault.lock();
    assert!(!vault.is_unlocked());
    assert_eq!(vault.list().await, Err(BackendError::VaultLocked));
}

#[tokio::test]
async fn idle_for_the_timeout_locks_it_and_use_keeps_it_open() {
    let (_dir, file) = new_file();
    drop(create(&file));
    let person = ScriptedPerson::answering(&[Some(PASSPHRASE), Some(PASSPHRASE)]);
    let clock = Arc::new(ManualClock::new(1_000));
    let vault = vault_over(&file, &person, &clock);
    vault.unlock().await.unwrap();

    // Used every 59 s: stays unlocked for five minutes.
    for _ in 0..5 {
        clock.advance(59_000);
        vault.list().await.unwrap();
    }
    // 60 s without use: locked, and a read does not reopen it.
    clock.advance(60_000);
    assert_eq!(vault.list().await, Err(BackendError::VaultLocked));
    assert!(!vault.is_unlocked());
    clock.advance(1);
    assert_eq!(
        vault.profile_for_domain("x.example").await,
        Err(BackendError::VaultLocked)
    );
    // Only the person reopens it.
    vault.unlock().await.unwrap();
    assert!(vault.is_unlocked());
    clock.advance(59_999);
    assert!(vault.is_unlocked());
    clock.advance(60_000);
    assert!(!vault.is_unlocked());
    assert_eq!(person.asked.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn sees_other_writers_and_locks_when_rekeyed_elsewhere() {
    let (_dir, file) = new_file();
    let mut cli = create(&file);
    let person = ScriptedPerson::answering(&[Some(PASSPHRASE)]);
    let clock = Arc::new(ManualClock::new(1_000));
    let vault = vault_over(&file, &person, &clock);
    vault.unlock().await.unwrap();
    assert!(vault.list().await.unwrap().credentials.is_empty());

    // `aartiq-browser vault add` in another process: the running vault picks it up.
    cli.add_credential(login("shop.example", "ada", "pw-cli"))
        .unwrap();
    assert_eq!(vault.list().await.unwrap().credentials.len(), 1);

    // `vault passwd` elsewhere: the old key no longer fits, so it locks itself.
    cli.change_passphrase(
        &Passphrase::new("another passphrase!"),
        KdfParams::for_tests(),
    )
    .unwrap();
    assert_eq!(vault.list().await, Err(BackendError::VaultLocked));
    assert!(!vault.is_unlocked());
}
