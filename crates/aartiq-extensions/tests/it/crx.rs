//! CRX3 verification: packages built and signed here are accepted; every kind of tampering
//! is refused.

use aartiq_extensions::{ExtensionError, extension_id, is_extension_id, verify_crx3};

use crate::{Key, MARKER_MANIFEST, MARKER_SCRIPT, crx3, zip_of};

fn archive() -> Vec<u8> {
    zip_of(&[
        ("manifest.json", MARKER_MANIFEST.as_bytes()),
        ("content.js", MARKER_SCRIPT.as_bytes()),
    ])
}

#[test]
fn accepts_valid_rsa_and_ecdsa_packages() {
    for key in [Key::rsa(), Key::ecdsa(7)] {
        let package = crx3(&archive(), &key.id(), &[&key]);
        let verified = verify_crx3(&package).unwrap();
        assert_eq!(verified.id, key.id());
        assert!(is_extension_id(&verified.id));
        assert_eq!(verified.public_key, key.public_der());
        assert_eq!(verified.archive, archive());
    }
    // A second, extra proof (as the Web Store adds its publisher proof) is fine when valid.
    let developer = Key::rsa();
    let publisher = Key::ecdsa(9);
    let package = crx3(&archive(), &developer.id(), &[&developer, &publisher]);
    assert_eq!(verify_crx3(&package).unwrap().id, developer.id());
}

#[test]
fn the_id_is_the_key_hash_in_letters_a_to_p() {
    // SHA-256("") = e3b0c442 98fc1c14 9afbf4c8 996fb924 ...
    assert_eq!(extension_id(b""), "odlameecjipmbmbejkplpemijjgpljce");
    assert!(!is_extension_id("cjpalhdlnbpafiamejdnhcphjbkeiagz"));
    assert!(!is_extension_id("cjpalhdlnbpafiamejdnhcphjbkeiag"));
}

#[test]
fn rejects_a_tampered_archive() {
    let key = Key::ecdsa(7);
    let mut package = crx3(&archive(), &key.id(), &[&key]);
    let last = package.len() - 30;
    package[last] ^= 0x01;
    assert!(matches!(
        verify_crx3(&package),
        Err(ExtensionError::Signature(_))
    ));

    // An archive swapped for another, proofs kept.
    let key = Key::rsa();
    let good = crx3(&archive(), &key.id(), &[&key]);
    let other = zip_of(&[("manifest.json", b"{\"name\":\"evil\"}")]);
    let header_end = good.len() - archive().len();
    let mut swapped = good[..header_end].to_vec();
    swapped.extend_from_slice(&other);
    let error = verify_crx3(&swapped).unwrap_err();
    assert!(matches!(error, ExtensionError::Signature(_)), "{error:?}");
    assert!(
        error.to_string().contains("RSA proof does not verify"),
        "{error}"
    );
}

#[test]
fn rejects_a_package_whose_declared_id_no_proof_backs() {
    let developer = Key::ecdsa(7);
    let attacker = Key::ecdsa(8);
    // Signed correctly by the attacker, but declaring the developer's id.
    let package = crx3(&archive(), &developer.id(), &[&attacker]);
    let error = verify_crx3(&package).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("no proof is made by the key of the declared id"),
        "{error}"
    );
    // No proof at all.
    let package = crx3(&archive(), &developer.id(), &[]);
    assert!(matches!(
        verify_crx3(&package),
        Err(ExtensionError::Signature(_))
    ));
}

#[test]
fn rejects_what_is_not_crx3() {
    let key = Key::ecdsa(7);
    let good = crx3(&archive(), &key.id(), &[&key]);
    let mut crx2 = good.clone();
    crx2[4] = 2;
    assert!(matches!(verify_crx3(&crx2), Err(ExtensionError::Crx(_))));
    assert!(matches!(
        verify_crx3(&archive()),
        Err(ExtensionError::Crx(_))
    ));
    assert!(matches!(verify_crx3(b"Cr24"), Err(ExtensionError::Crx(_))));
    // A header length past the end.
    let mut long = good.clone();
    long[8..12].copy_from_slice(&(good.len() as u32).to_le_bytes());
    assert!(matches!(verify_crx3(&long), Err(ExtensionError::Crx(_))));
    // Every truncation is an error, never a panic.
    for cut in 0..good.len().min(400) {
        assert!(verify_crx3(&good[..cut]).is_err());
    }
}
