//! One-time codes (RFC 6238, TOTP): HMAC-SHA1 over the 30-second step count, six digits, from
//! a base32 seed (RFC 4648, the form sites show under their QR codes).

use sha1::{Digest as _, Sha1};

use crate::error::VaultError;

/// The length of a step in seconds.
const STEP_SECS: u64 = 30;

/// The digits of a code.
const DIGITS: u32 = 6;

/// The bytes of a base32 seed; spaces, dashes, padding and case are ignored.
///
/// # Errors
/// [`VaultError::Invalid`] for a seed that is not base32 or is shorter than 10 bytes (80 bits).
pub(crate) fn decode_seed(seed: &str) -> Result<Vec<u8>, VaultError> {
    let clean: String = seed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '=' | '\t'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let bytes = data_encoding::BASE32_NOPAD
        .decode(clean.as_bytes())
        .map_err(|_| VaultError::Invalid("the TOTP seed is not base32".to_owned()))?;
    if bytes.len() < 10 {
        return Err(VaultError::Invalid(
            "the TOTP seed is shorter than 80 bits".to_owned(),
        ));
    }
    Ok(bytes)
}

/// The six-digit code of `key` at `unix_secs`.
pub(crate) fn code_at(key: &[u8], unix_secs: u64) -> String {
    let counter = (unix_secs / STEP_SECS).to_be_bytes();
    let mac = hmac_sha1(key, &counter);
    // Dynamic truncation (RFC 4226 5.3).
    let offset = usize::from(mac[19] & 0x0f);
    let word = u32::from_be_bytes([
        mac[offset],
        mac[offset + 1],
        mac[offset + 2],
        mac[offset + 3],
    ]) & 0x7fff_ffff;
    format!(
        "{:0width$}",
        word % 10u32.pow(DIGITS),
        width = DIGITS as usize
    )
}

/// The six-digit code of the base32 `seed` at `unix_secs`, as an authenticator app shows it.
///
/// # Errors
/// [`VaultError::Invalid`] for a seed that is not base32 or is too short.
pub fn totp_code(seed: &str, unix_secs: u64) -> Result<String, VaultError> {
    let mut key = decode_seed(seed)?;
    let code = code_at(&key, unix_secs);
    key.iter_mut().for_each(|b| *b = 0);
    Ok(code)
}

/// HMAC (RFC 2104) with SHA-1.
fn hmac_sha1(key: &[u8], message: &[u8]) -> [u8; 20] {
    const BLOCK: usize = 64;
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        block[..20].copy_from_slice(&Sha1::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.map(|b| b ^ byte);
    let mut inner = Sha1::new();
    inner.update(pad(0x36));
    inner.update(message);
    let inner = inner.finalize();
    let mut outer = Sha1::new();
    outer.update(pad(0x5c));
    outer.update(inner);
    let mut out = [0u8; 20];
    out.copy_from_slice(&outer.finalize());
    block.iter_mut().for_each(|b| *b = 0);
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

    use super::*;

    #[test]
    fn rfc_6238_sha1_vectors_give_their_last_six_digits() {
        // Appendix B: the ASCII seed "12345678901234567890", 8-digit codes.
        let key = b"12345678901234567890";
        for (time, code) in [
            (59, "94287082"),
            (1_111_111_109, "07081804"),
            (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"),
            (20_000_000_000, "65353130"),
        ] {
            assert_eq!(code_at(key, time), code[2..], "at {time}");
        }
    }

    #[test]
    fn hmac_matches_rfc_2202() {
        // Test case 2 of RFC 2202.
        let mac = hmac_sha1(b"Jefe", b"what do ya want for nothing?");
        let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
        // A key longer than a block is hashed first (test case 6).
        let mac = hmac_sha1(
            &[0xaa; 80],
            b"Test Using Larger Than Block-Size Key - Hash Key First",
        );
        let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "aa4ae5e15272d00e95705637ce8a3b55ed402112");
    }

    #[test]
    fn seeds_are_read_as_sites_show_them_and_bad_ones_refused() {
        // "12345678901234567890" in base32, as a site might print it.
        let shown = "gezd gnbv gy3t qojq gezd gnbv gy3t qojq";
        assert_eq!(decode_seed(shown).unwrap(), b"12345678901234567890");
        assert!(decode_seed("not base32 at all!").is_err());
        assert!(decode_seed("GEZDGNBV").is_err(), "too short");
    }
}
