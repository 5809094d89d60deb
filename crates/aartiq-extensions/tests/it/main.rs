//! Integration tests of `aartiq-extensions`: manifest analysis on real-world-shaped manifests,
//! CRX3 verification of packages built and signed here (RSA and ECDSA), installation from a
//! local "Web Store", import from a Chrome profile, and an imported extension running in a
//! real Chromium.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod analyze;
mod chromium;
mod crx;
mod install;

use std::io::{Cursor, Write};
use std::path::Path;

use p256::ecdsa::signature::Signer as _;
use rsa::signature::SignatureEncoding as _;
use sha2::Sha256;

/// A ZIP archive of `(name, contents)` entries, deflated.
pub(crate) fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, contents) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(contents).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn varint(mut n: usize, out: &mut Vec<u8>) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// One length-delimited protobuf field.
pub(crate) fn field(number: usize, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    varint((number << 3) | 2, &mut out);
    varint(bytes.len(), &mut out);
    out.extend_from_slice(bytes);
    out
}

/// A signing key of either kind CRX3 knows.
pub(crate) enum Key {
    Rsa(Box<rsa::RsaPrivateKey>),
    Ecdsa(p256::ecdsa::SigningKey),
}

impl Key {
    pub(crate) fn rsa() -> Key {
        use rsa::pkcs8::DecodePrivateKey as _;
        let der = include_bytes!("../data/test-only-rsa-2048.pk8.der");
        Key::Rsa(Box::new(rsa::RsaPrivateKey::from_pkcs8_der(der).unwrap()))
    }

    pub(crate) fn ecdsa(seed: u8) -> Key {
        let mut bytes = [0u8; 32];
        bytes[31] = seed;
        bytes[0] = 1;
        Key::Ecdsa(p256::ecdsa::SigningKey::from_bytes(&bytes.into()).unwrap())
    }

    pub(crate) fn public_der(&self) -> Vec<u8> {
        match self {
            Key::Rsa(key) => {
                use rsa::pkcs8::EncodePublicKey as _;
                key.to_public_key()
                    .to_public_key_der()
                    .unwrap()
                    .as_bytes()
                    .to_vec()
            }
            Key::Ecdsa(key) => {
                // SubjectPublicKeyInfo of an uncompressed P-256 point: the fixed DER prefix
                // (id-ecPublicKey, prime256v1, BIT STRING of 66 bytes) and the point.
                let mut der = vec![
                    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
                    0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
                ];
                der.extend_from_slice(key.verifying_key().to_encoded_point(false).as_bytes());
                der
            }
        }
    }

    pub(crate) fn id(&self) -> String {
        aartiq_extensions::extension_id(&self.public_der())
    }

    fn sign(&self, message: &[u8]) -> Vec<u8> {
        match self {
            Key::Rsa(key) => rsa::pkcs1v15::SigningKey::<Sha256>::new((**key).clone())
                .sign(message)
                .to_vec(),
            Key::Ecdsa(key) => {
                let signature: p256::ecdsa::Signature = key.sign(message);
                signature.to_der().as_bytes().to_vec()
            }
        }
    }

    /// The protobuf field number of this kind's proofs in `CrxFileHeader`.
    fn proof_field(&self) -> usize {
        match self {
            Key::Rsa(_) => 2,
            Key::Ecdsa(_) => 3,
        }
    }
}

/// The 16 raw bytes of an id written `a`-`p`.
pub(crate) fn id_bytes(id: &str) -> Vec<u8> {
    id.as_bytes()
        .chunks(2)
        .map(|pair| ((pair[0] - b'a') << 4) | (pair[1] - b'a'))
        .collect()
}

/// A CRX3 package of `archive` declaring `declared_id`, with one proof per signer.
pub(crate) fn crx3(archive: &[u8], declared_id: &str, signers: &[&Key]) -> Vec<u8> {
    let signed_data = field(1, &id_bytes(declared_id));
    let mut message = b"CRX3 SignedData\x00".to_vec();
    message.extend_from_slice(&(signed_data.len() as u32).to_le_bytes());
    message.extend_from_slice(&signed_data);
    message.extend_from_slice(archive);
    let mut header = Vec::new();
    for key in signers {
        let mut proof = field(1, &key.public_der());
        proof.extend(field(2, &key.sign(&message)));
        header.extend(field(key.proof_field(), &proof));
    }
    header.extend(field(10000, &signed_data));
    let mut out = b"Cr24".to_vec();
    out.extend_from_slice(&3u32.to_le_bytes());
    out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(archive);
    out
}

/// A content-script extension that marks pages of 127.0.0.1 (any port).
pub(crate) const MARKER_MANIFEST: &str = r#"{
  "manifest_version": 3,
  "name": "aartiq marker",
  "version": "1.2.0",
  "content_scripts": [
    { "matches": ["http://127.0.0.1/*"], "js": ["content.js"], "run_at": "document_end" }
  ]
}"#;

pub(crate) const MARKER_SCRIPT: &str =
    "document.documentElement.setAttribute('data-aartiq-extension', 'active');\n";

/// A Chrome profile directory holding `ids`, each an unpacked marker extension in Chrome's
/// layout: an old and a new version directory, the store's `_metadata`, and a symbolic link
/// that must not be followed.
pub(crate) fn chrome_profile(dir: &Path, ids: &[&str]) {
    for id in ids {
        for version in ["1.1.0_0", "1.2.0_0"] {
            let root = dir.join("Extensions").join(id).join(version);
            std::fs::create_dir_all(root.join("_metadata")).unwrap();
            std::fs::write(
                root.join("manifest.json"),
                MARKER_MANIFEST.replace("1.2.0", version.trim_end_matches("_0")),
            )
            .unwrap();
            std::fs::write(root.join("content.js"), MARKER_SCRIPT).unwrap();
            std::fs::write(root.join("_metadata/verified_contents.json"), "[]").unwrap();
            std::os::unix::fs::symlink("/etc/passwd", root.join("passwd")).unwrap();
        }
    }
    std::fs::create_dir_all(dir.join("Extensions/Temp")).unwrap();
}

/// Serves `routes` (path -> (status, body)) on 127.0.0.1; returns the base URL.
pub(crate) async fn serve(routes: Vec<(String, u16, Vec<u8>, &'static str)>) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let routes = std::sync::Arc::new(routes);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let routes = routes.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 8192];
                let n = stream.read(&mut buf).await.unwrap_or(0);
                let request = String::from_utf8_lossy(&buf[..n]);
                let path = request.split_whitespace().nth(1).unwrap_or("/").to_owned();
                let (status, body, kind) = routes
                    .iter()
                    .find(|(p, ..)| *p == path)
                    .map(|(_, s, b, k)| (*s, b.clone(), *k))
                    .unwrap_or((404, b"not found".to_vec(), "text/plain"));
                let head = format!(
                    "HTTP/1.1 {status} X\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(&body).await;
            });
        }
    });
    base
}
