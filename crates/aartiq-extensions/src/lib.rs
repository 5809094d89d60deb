//! Chromium extensions of an aartiq profile: list, analyse, import from Chrome, install a
//! verified CRX3 from the Web Store.
//!
//! It sits behind the `extension_*` tools of `aartiq-tools` (spec d.4 rows 25-28) as an
//! [`ExtensionDir`]: the profile's extensions, unpacked under one directory and loaded into
//! Chromium with the switches of [`ExtensionDir::launch_args`].
//!
//! - [`analyze_manifest`] reads a manifest v2 or v3 (API permissions, host permissions, v2
//!   host patterns inside `permissions`, content scripts, native messaging, ...) into a risk
//!   summary: `low`, `medium` or `high`, the strictest finding wins.
//! - [`ExtensionDir::import_from`] copies the newest version of each extension of a Chrome or
//!   Chromium profile (links and reserved `_` names are not copied). The tool layer asks a
//!   person first: `extension_import_chrome` is side-effecting.
//! - [`ExtensionDir::install_from_webstore`] only ever fetches the package of a Web Store URL's
//!   extension id, checks it with [`verify_crx3`] (every RSA and ECDSA proof verifies, one is
//!   made by the key of the declared id, and that id is the one asked for), and unpacks it
//!   refusing path traversal, links and zip bombs.
//!
//! ```
//! use aartiq_extensions::{analyze_manifest, extension_id};
//!
//! let manifest = serde_json::json!({
//!     "manifest_version": 3,
//!     "name": "Helper",
//!     "version": "1.0",
//!     "permissions": ["nativeMessaging", "storage"],
//!     "host_permissions": ["<all_urls>"],
//! });
//! let analysis = analyze_manifest("abcdefghijklmnopabcdefghijklmnop", &manifest);
//! assert_eq!(analysis.risk, "high");
//! assert_eq!(analysis.host_permissions, vec!["<all_urls>"]);
//! assert!(analysis.findings.iter().any(|f| f.starts_with("high: nativeMessaging")));
//!
//! // An extension id is the SHA-256 of its public key, written with the letters a-p.
//! assert_eq!(extension_id(b"key").len(), 32);
//! ```

mod crx;
mod error;
mod manifest;
mod store;
mod unpack;

pub use crx::{VerifiedCrx, extension_id, is_extension_id, verify_crx3};
pub use error::ExtensionError;
pub use manifest::{Risk, analyze_manifest};
pub use store::{
    ExtensionDir, WEBSTORE_DOWNLOAD_URL, WebstoreConfig, default_chrome_profiles, webstore_id,
};
