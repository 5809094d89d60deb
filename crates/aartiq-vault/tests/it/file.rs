//! The vault file: round trip, wrong passphrase, corruption, concurrent writers, passphrase
//! change, CSV import.

use std::collections::BTreeMap;

use aartiq_tools::{DomainProfile, ProfileKey};
use aartiq_vault::{KdfParams, Passphrase, VaultError, VaultFile};

use crate::{PASSPHRASE, create, login, new_file};

#[test]
fn round_trip_through_the_file() {
    let (_dir, file) = new_file();
    let mut vault = create(&file);
    let id = vault
        .add_credential(login(
            "https://www.shop.example/login",
            "ada@shop.example",
            "pw-round-trip-1",
        ))
        .unwrap();
    let profile = vault
        .add_profile(
            "Home",
            BTreeMap::from([
                (ProfileKey::FirstName, "Ada".to_owned()),
                (ProfileKey::City, "London".to_owned()),
            ]),
        )
        .unwrap();
    drop(vault);

    let reopened = file.open(&Passphrase::new(PASSPHRASE)).unwrap();
    let listing = reopened.listing();
    assert_eq!(listing.credentials.len(), 1);
    assert_eq!(listing.credentials[0].id, id);
    assert_eq!(listing.credentials[0].domain, "www.shop.example");
    assert_eq!(listing.credentials[0].username, "ada@shop.example");
    assert_eq!(listing.profiles[0].id, profile);
    assert_eq!(listing.profiles[0].name, "Home");
    assert_eq!(
        reopened.profile_for_domain("shop.example"),
        DomainProfile {
            values: BTreeMap::from([
                (ProfileKey::Email, "ada@shop.example".to_owned()),
                (ProfileKey::FirstName, "Ada".to_owned()),
                (ProfileKey::City, "London".to_owned()),
            ]),
            has_password: true,
        }
    );
    assert_eq!(
        reopened.secret_for(&id, "shop.example").unwrap().expose(),
        "pw-round-trip-1"
    );
    assert_eq!(
        reopened.credential_for_host("login.shop.example"),
        Some(id.clone())
    );
    assert!(matches!(
        reopened.secret_for(&id, "shop.example.evil.test"),
        Err(VaultError::DomainMismatch { .. })
    ));
    // Ids have the original's shape: v_ + 8 base36 + time in base36.
    assert!(id.starts_with("v_") && id.len() > 10, "{id}");
}

#[test]
fn the_file_holds_no_plaintext_and_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, file) = new_file();
    let mut vault = create(&file);
    vault
        .add_credential(login("bank.example", "ada-the-user", "pw-PLAINTEXT-CHECK"))
        .unwrap();
    let bytes = std::fs::read(file.path()).unwrap();
    for needle in [
        "pw-PLAINTEXT-CHECK",
        "ada-the-user",
        "bank.example",
        PASSPHRASE,
    ] {
        assert!(
            !bytes.windows(needle.len()).any(|w| w == needle.as_bytes()),
            "{needle} is in the file"
        );
    }
    let mode = std::fs::metadata(file.path()).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    // Nothing is left behind from the atomic writes but the vault and its lock file.
    let mut names: Vec<String> = std::fs::read_dir(file.path().parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, vec!["vault.aqv", "vault.aqv.lock"]);
}

#[test]
fn a_wrong_passphrase_is_told_apart_from_damage() {
    let (_dir, file) = new_file();
    let mut vault = create(&file);
    vault
        .add_credential(login("shop.example", "ada", "pw-wrong-pass"))
        .unwrap();
    let error = file
        .open(&Passphrase::new("correct horse battery stapler"))
        .unwrap_err();
    assert!(matches!(error, VaultError::WrongPassphrase), "{error:?}");
    assert_eq!(error.to_string(), "wrong vault passphrase");
    assert!(matches!(
        VaultFile::new(file.path().with_extension("missing")).open(&Passphrase::new(PASSPHRASE)),
        Err(VaultError::NotFound { .. })
    ));
    assert!(matches!(
        file.create(&Passphrase::new(PASSPHRASE), KdfParams::for_tests()),
        Err(VaultError::AlreadyExists { .. })
    ));
    let (_d, other) = new_file();
    assert!(matches!(
        other.create(&Passphrase::new("short"), KdfParams::for_tests()),
        Err(VaultError::Invalid(_))
    ));
}

#[test]
fn a_corrupted_file_is_refused_never_misread() {
    let (_dir, file) = new_file();
    let mut vault = create(&file);
    vault
        .add_credential(login("shop.example", "ada", "pw-corrupt"))
        .unwrap();
    let good = std::fs::read(file.path()).unwrap();
    let open = || file.open(&Passphrase::new(PASSPHRASE));

    // One flipped bit anywhere in the ciphertext or tag: authentication fails.
    for at in [94, good.len() / 2, good.len() - 1] {
        let mut bad = good.clone();
        bad[at] ^= 0x01;
        std::fs::write(file.path(), &bad).unwrap();
        let error = open().unwrap_err();
        assert!(
            matches!(error, VaultError::Corrupt { .. }),
            "byte {at}: {error:?}"
        );
    }
    // A changed nonce (bound as associated data) as well.
    let mut bad = good.clone();
    bad[40] ^= 0x80;
    std::fs::write(file.path(), &bad).unwrap();
    assert!(matches!(open(), Err(VaultError::Corrupt { .. })));
    // A changed salt gives another key: it reads as a wrong passphrase, never as data.
    let mut bad = good.clone();
    bad[25] ^= 0x01;
    std::fs::write(file.path(), &bad).unwrap();
    assert!(matches!(open(), Err(VaultError::WrongPassphrase)));
    // Absurd key-derivation costs are refused before any work.
    let mut bad = good.clone();
    bad[10..14].copy_from_slice(&u32::MAX.to_le_bytes());
    std::fs::write(file.path(), &bad).unwrap();
    assert!(matches!(open(), Err(VaultError::Corrupt { .. })));
    // Truncated, empty, foreign, newer.
    std::fs::write(file.path(), &good[..100]).unwrap();
    assert!(matches!(open(), Err(VaultError::Corrupt { .. })));
    std::fs::write(file.path(), b"").unwrap();
    assert!(matches!(open(), Err(VaultError::Corrupt { .. })));
    std::fs::write(file.path(), b"{\"credentials\": []}").unwrap();
    assert!(matches!(open(), Err(VaultError::Corrupt { .. })));
    let mut newer = good.clone();
    newer[8] = 9;
    std::fs::write(file.path(), &newer).unwrap();
    assert!(matches!(
        open(),
        Err(VaultError::UnsupportedVersion { version: 9, .. })
    ));
    // The intact file still opens.
    std::fs::write(file.path(), &good).unwrap();
    assert_eq!(open().unwrap().listing().credentials.len(), 1);
}

#[test]
fn concurrent_writers_lose_nothing() {
    const WRITERS: usize = 6;
    const EACH: usize = 8;
    let (_dir, file) = new_file();
    drop(create(&file));
    // Each thread opens its own handle, as separate processes would; every write is a
    // read-modify-write under the lock file.
    let threads: Vec<_> = (0..WRITERS)
        .map(|w| {
            let file = file.clone();
            std::thread::spawn(move || {
                let mut vault = file.open(&Passphrase::new(PASSPHRASE)).unwrap();
                for i in 0..EACH {
                    vault
                        .add_credential(login(
                            &format!("site{w}.example"),
                            &format!("user{i}"),
                            &format!("pw-{w}-{i}"),
                        ))
                        .unwrap();
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let vault = file.open(&Passphrase::new(PASSPHRASE)).unwrap();
    let listing = vault.listing();
    assert_eq!(listing.credentials.len(), WRITERS * EACH);
    for w in 0..WRITERS {
        for i in 0..EACH {
            let found = listing
                .credentials
                .iter()
                .find(|c| {
                    c.domain == format!("site{w}.example") && c.username == format!("user{i}")
                })
                .unwrap();
            assert_eq!(
                vault.secret_for(&found.id, &found.domain).unwrap().expose(),
                format!("pw-{w}-{i}")
            );
        }
    }
}

#[test]
fn a_stale_handle_merges_instead_of_overwriting() {
    let (_dir, file) = new_file();
    let mut first = create(&file);
    let mut second = file.open(&Passphrase::new(PASSPHRASE)).unwrap();
    first
        .add_credential(login("a.example", "u", "pw-a"))
        .unwrap();
    // `second` has not seen a.example, but its write starts from the file, not its memory.
    second
        .add_credential(login("b.example", "u", "pw-b"))
        .unwrap();
    assert_eq!(second.listing().credentials.len(), 2);
    assert!(first.refresh().unwrap());
    assert_eq!(first.listing().credentials.len(), 2);
    assert!(!first.refresh().unwrap());
}

#[test]
fn remove_and_replace() {
    let (_dir, file) = new_file();
    let mut vault = create(&file);
    let id = vault
        .add_credential(login("shop.example", "ada", "pw-old"))
        .unwrap();
    // Same site and user: the password is replaced, the id kept.
    let again = vault
        .add_credential(login("SHOP.example.", "ada", "pw-new"))
        .unwrap();
    assert_eq!(id, again);
    assert_eq!(
        vault.secret_for(&id, "shop.example").unwrap().expose(),
        "pw-new"
    );
    vault.remove(&id).unwrap();
    assert!(vault.listing().credentials.is_empty());
    assert!(matches!(
        vault.remove(&id),
        Err(VaultError::UnknownEntry(_))
    ));
    assert!(matches!(
        vault.add_credential(login("not a host", "ada", "pw")),
        Err(VaultError::Invalid(_))
    ));
    assert!(matches!(
        vault.add_credential(login("shop.example", "ada", "")),
        Err(VaultError::Invalid(_))
    ));
    assert!(matches!(
        vault.add_profile(
            "P",
            BTreeMap::from([(ProfileKey::Password, "x".to_owned())])
        ),
        Err(VaultError::Invalid(_))
    ));
    let reopened = file.open(&Passphrase::new(PASSPHRASE)).unwrap();
    assert!(reopened.listing().credentials.is_empty());
}

#[test]
fn changing_the_passphrase_rekeys_the_file() {
    let (_dir, file) = new_file();
    let mut vault = create(&file);
    let mut other = file.open(&Passphrase::new(PASSPHRASE)).unwrap();
    let id = vault
        .add_credential(login("shop.example", "ada", "pw-kept"))
        .unwrap();
    let before = std::fs::read(file.path()).unwrap();
    vault
        .change_passphrase(
            &Passphrase::new("a brand new passphrase"),
            KdfParams::for_tests(),
        )
        .unwrap();
    let after = std::fs::read(file.path()).unwrap();
    assert_ne!(before[22..38], after[22..38], "a new salt");
    assert!(matches!(
        file.open(&Passphrase::new(PASSPHRASE)),
        Err(VaultError::WrongPassphrase)
    ));
    let reopened = file
        .open(&Passphrase::new("a brand new passphrase"))
        .unwrap();
    assert_eq!(
        reopened.secret_for(&id, "shop.example").unwrap().expose(),
        "pw-kept"
    );
    // A handle holding the old key can neither read nor write any more.
    assert!(matches!(
        other.refresh(),
        Err(VaultError::PassphraseChanged)
    ));
    assert!(matches!(
        other.add_credential(login("x.example", "u", "p")),
        Err(VaultError::PassphraseChanged)
    ));
    vault
        .add_credential(login("x.example", "u", "pw-x"))
        .unwrap();
    assert_eq!(vault.listing().credentials.len(), 2);
}

#[test]
fn imports_chrome_and_firefox_exports() {
    let (_dir, file) = new_file();
    let mut vault = create(&file);
    let chrome = "\u{feff}name,url,username,password,note\r\n\
        shop.example,https://shop.example/login,ada@shop.example,\"pw,with \"\"quotes\"\"\",\r\n\
        app,android://hash@com.example.app/,ada,pw-android,\r\n\
        empty,https://empty.example/,ada,,\r\n\
        mail,https://mail.example/,\"ada\",\"multi\nline\",note\r\n";
    let report = vault.import_csv(chrome.as_bytes()).unwrap();
    assert_eq!((report.added, report.updated, report.unchanged), (2, 0, 0));
    assert_eq!(
        report
            .skipped
            .iter()
            .map(|s| (s.line, s.reason.as_str()))
            .collect::<Vec<_>>(),
        vec![(3, "not a web site URL"), (4, "no password")]
    );
    let listing = vault.listing();
    let shop = listing
        .credentials
        .iter()
        .find(|c| c.domain == "shop.example")
        .unwrap();
    assert_eq!(
        vault.secret_for(&shop.id, "shop.example").unwrap().expose(),
        "pw,with \"quotes\""
    );
    let mail = listing
        .credentials
        .iter()
        .find(|c| c.domain == "mail.example")
        .unwrap();
    assert_eq!(
        vault.secret_for(&mail.id, "mail.example").unwrap().expose(),
        "multi\nline"
    );

    let firefox = "\"url\",\"username\",\"password\",\"httpRealm\",\"formActionOrigin\",\"guid\",\"timeCreated\",\"timeLastUsed\",\"timePasswordChanged\"\n\
        \"https://shop.example\",\"ada@shop.example\",\"pw-from-firefox\",,\"https://shop.example\",\"{a}\",\"1\",\"1\",\"1\"\n\
        \"https://mail.example\",\"ada\",\"multi\nline\",,\"\",\"{b}\",\"1\",\"1\",\"1\"\n\
        \"https://news.example:8443\",\"\",\"pw-news\",,\"\",\"{c}\",\"1\",\"1\",\"1\"\n";
    let report = vault.import_csv(firefox.as_bytes()).unwrap();
    assert_eq!((report.added, report.updated, report.unchanged), (1, 1, 1));
    assert!(report.skipped.is_empty());
    assert_eq!(
        vault.secret_for(&shop.id, "shop.example").unwrap().expose(),
        "pw-from-firefox"
    );

    // Not an export: refused with a line, and the secret-looking content is not echoed.
    let error = vault
        .import_csv("a,b\nsecret-cell,1\n".as_bytes())
        .unwrap_err();
    assert!(
        matches!(error, VaultError::Import { line: 1, .. }),
        "{error:?}"
    );
    let error = vault
        .import_csv("url,password\nhttps://x.example,\"pw-unclosed\n".as_bytes())
        .unwrap_err();
    assert!(
        matches!(error, VaultError::Import { line: 2, .. }),
        "{error:?}"
    );
    assert!(!error.to_string().contains("pw-unclosed"));
    assert_eq!(
        file.open(&aartiq_vault::Passphrase::new(PASSPHRASE))
            .unwrap()
            .listing()
            .credentials
            .len(),
        3
    );
}
