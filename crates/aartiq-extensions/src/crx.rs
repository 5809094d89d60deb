//! CRX3 packages: parsing the header and verifying its signatures.
//!
//! ```text
//! "Cr24" | version u32 LE (3) | header size u32 LE | CrxFileHeader (protobuf) | ZIP archive
//!
//! message CrxFileHeader {
//!   repeated AsymmetricKeyProof sha256_with_rsa = 2;
//!   repeated AsymmetricKeyProof sha256_with_ecdsa = 3;
//!   bytes signed_header_data = 10000;            // a serialised SignedData
//! }
//! message AsymmetricKeyProof { bytes public_key = 1; bytes signature = 2; }
//! message SignedData { bytes crx_id = 1; }
//! ```
//!
//! Every proof signs `"CRX3 SignedData\x00" || u32 LE len(signed_header_data) ||
//! signed_header_data || archive`. Public keys are DER SubjectPublicKeyInfo; RSA proofs are
//! PKCS#1 v1.5 over SHA-256, ECDSA proofs P-256 over SHA-256 with DER signatures. An
//! extension's id is the first 16 bytes of SHA-256 of its public key, each nibble written as a
//! letter `a`-`p`. As in Chromium, every proof must verify, and one of them must be made by the
//! key whose id the signed header declares.

use p256::ecdsa::signature::Verifier as _;
use p256::pkcs8::DecodePublicKey as _;
use rsa::pkcs1v15;
use sha2::{Digest, Sha256};

use crate::error::ExtensionError;

const MAGIC: &[u8; 4] = b"Cr24";
const SIGNATURE_CONTEXT: &[u8] = b"CRX3 SignedData\x00";
/// Larger headers are refused (real ones are a few KiB).
const MAX_HEADER: usize = 1 << 20;

/// A parsed and verified CRX3 package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedCrx {
    /// The extension id the package proves.
    pub id: String,
    /// The developer key (DER SubjectPublicKeyInfo) whose proof matched the id.
    pub public_key: Vec<u8>,
    /// The ZIP archive.
    pub archive: Vec<u8>,
}

/// The extension id of a DER public key: SHA-256, first 16 bytes, nibbles as `a`-`p`.
pub fn extension_id(public_key: &[u8]) -> String {
    let digest = Sha256::digest(public_key);
    digest[..16]
        .iter()
        .flat_map(|b| [b >> 4, b & 0x0f])
        .map(|n| char::from(b'a' + n))
        .collect()
}

/// Whether `id` has the shape of an extension id (32 letters `a`-`p`).
pub fn is_extension_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| (b'a'..=b'p').contains(&b))
}

fn crx_error(message: &str) -> ExtensionError {
    ExtensionError::Crx(message.to_owned())
}

/// A protobuf field: number and, for length-delimited fields, the bytes.
struct Field<'a> {
    number: u64,
    bytes: Option<&'a [u8]>,
}

fn varint(data: &[u8], at: &mut usize) -> Result<u64, ExtensionError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *data.get(*at).ok_or_else(|| crx_error("truncated varint"))?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err(crx_error("varint too long"))
}

/// The fields of one protobuf message, unknown ones included (callers pick theirs).
fn fields(data: &[u8]) -> Result<Vec<Field<'_>>, ExtensionError> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < data.len() {
        let key = varint(data, &mut at)?;
        let number = key >> 3;
        let skip = |at: &mut usize, n: usize| -> Result<(), ExtensionError> {
            *at = at
                .checked_add(n)
                .filter(|end| *end <= data.len())
                .ok_or_else(|| crx_error("truncated field"))?;
            Ok(())
        };
        match key & 7 {
            0 => {
                varint(data, &mut at)?;
                out.push(Field {
                    number,
                    bytes: None,
                });
            }
            1 => skip(&mut at, 8)?,
            5 => skip(&mut at, 4)?,
            2 => {
                let len = usize::try_from(varint(data, &mut at)?)
                    .map_err(|_| crx_error("field too long"))?;
                let start = at;
                skip(&mut at, len)?;
                out.push(Field {
                    number,
                    bytes: Some(&data[start..at]),
                });
            }
            _ => return Err(crx_error("unsupported protobuf wire type")),
        }
    }
    Ok(out)
}

struct Proof<'a> {
    public_key: &'a [u8],
    signature: &'a [u8],
}

fn proof(bytes: &[u8]) -> Result<Proof<'_>, ExtensionError> {
    let mut public_key = None;
    let mut signature = None;
    for field in fields(bytes)? {
        match (field.number, field.bytes) {
            (1, Some(b)) => public_key = Some(b),
            (2, Some(b)) => signature = Some(b),
            _ => {}
        }
    }
    match (public_key, signature) {
        (Some(public_key), Some(signature)) => Ok(Proof {
            public_key,
            signature,
        }),
        _ => Err(crx_error("a key proof lacks its key or signature")),
    }
}

fn verify_rsa(proof: &Proof<'_>, message: &[u8]) -> Result<(), ExtensionError> {
    use rsa::pkcs8::DecodePublicKey as _;
    let key = rsa::RsaPublicKey::from_public_key_der(proof.public_key)
        .map_err(|e| ExtensionError::Signature(format!("bad RSA public key: {e}")))?;
    let key = pkcs1v15::VerifyingKey::<Sha256>::new(key);
    let signature = pkcs1v15::Signature::try_from(proof.signature)
        .map_err(|e| ExtensionError::Signature(format!("bad RSA signature: {e}")))?;
    key.verify(message, &signature)
        .map_err(|_| ExtensionError::Signature("an RSA proof does not verify".to_owned()))
}

fn verify_ecdsa(proof: &Proof<'_>, message: &[u8]) -> Result<(), ExtensionError> {
    let key = p256::ecdsa::VerifyingKey::from_public_key_der(proof.public_key)
        .map_err(|e| ExtensionError::Signature(format!("bad ECDSA public key: {e}")))?;
    let signature = p256::ecdsa::Signature::from_der(proof.signature)
        .map_err(|e| ExtensionError::Signature(format!("bad ECDSA signature: {e}")))?;
    key.verify(message, &signature)
        .map_err(|_| ExtensionError::Signature("an ECDSA proof does not verify".to_owned()))
}

/// Parses a CRX3 package and verifies every proof in it.
///
/// # Errors
/// [`ExtensionError::Crx`] when it is not CRX3, [`ExtensionError::Signature`] when a proof
/// fails or none is made by the key of the declared id.
pub fn verify_crx3(package: &[u8]) -> Result<VerifiedCrx, ExtensionError> {
    if package.len() < 12 || &package[..4] != MAGIC {
        return Err(crx_error("no Cr24 magic"));
    }
    let word = |at: usize| {
        u32::from_le_bytes([
            package[at],
            package[at + 1],
            package[at + 2],
            package[at + 3],
        ])
    };
    let version = word(4);
    if version != 3 {
        return Err(ExtensionError::Crx(format!(
            "format version {version}, only CRX3 is accepted"
        )));
    }
    let header_len = usize::try_from(word(8)).map_err(|_| crx_error("header too large"))?;
    if header_len > MAX_HEADER {
        return Err(crx_error("header too large"));
    }
    let header = package
        .get(12..12 + header_len)
        .ok_or_else(|| crx_error("truncated header"))?;
    let archive = &package[12 + header_len..];

    let mut rsa_proofs = Vec::new();
    let mut ecdsa_proofs = Vec::new();
    let mut signed_header_data = None;
    for field in fields(header)? {
        match (field.number, field.bytes) {
            (2, Some(b)) => rsa_proofs.push(proof(b)?),
            (3, Some(b)) => ecdsa_proofs.push(proof(b)?),
            (10000, Some(b)) => signed_header_data = Some(b),
            _ => {}
        }
    }
    let signed_header_data =
        signed_header_data.ok_or_else(|| crx_error("no signed header data"))?;
    let declared = fields(signed_header_data)?
        .into_iter()
        .find(|f| f.number == 1)
        .and_then(|f| f.bytes)
        .filter(|b| b.len() == 16)
        .ok_or_else(|| crx_error("the signed header declares no 16-byte crx_id"))?;
    let declared_id: String = declared
        .iter()
        .flat_map(|b| [b >> 4, b & 0x0f])
        .map(|n| char::from(b'a' + n))
        .collect();
    if rsa_proofs.is_empty() && ecdsa_proofs.is_empty() {
        return Err(ExtensionError::Signature(
            "the package carries no proof".to_owned(),
        ));
    }

    let len = u32::try_from(signed_header_data.len()).map_err(|_| crx_error("header too large"))?;
    let mut message =
        Vec::with_capacity(SIGNATURE_CONTEXT.len() + 4 + signed_header_data.len() + archive.len());
    message.extend_from_slice(SIGNATURE_CONTEXT);
    message.extend_from_slice(&len.to_le_bytes());
    message.extend_from_slice(signed_header_data);
    message.extend_from_slice(archive);

    let mut developer_key = None;
    for proof in &rsa_proofs {
        verify_rsa(proof, &message)?;
        if extension_id(proof.public_key) == declared_id {
            developer_key = Some(proof.public_key);
        }
    }
    for proof in &ecdsa_proofs {
        verify_ecdsa(proof, &message)?;
        if extension_id(proof.public_key) == declared_id {
            developer_key = Some(proof.public_key);
        }
    }
    let public_key = developer_key.ok_or_else(|| {
        ExtensionError::Signature(format!(
            "no proof is made by the key of the declared id {declared_id}"
        ))
    })?;
    Ok(VerifiedCrx {
        id: declared_id,
        public_key: public_key.to_vec(),
        archive: archive.to_vec(),
    })
}
