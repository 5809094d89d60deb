//! Newtypes for secret text: wiped from memory on drop, never shown by `Debug`, never
//! serialised, and readable only through an explicit `expose`.

use zeroize::Zeroizing;

/// A vault passphrase, as a person typed it.
pub struct Passphrase(Zeroizing<String>);

impl Passphrase {
    /// Wraps a passphrase; the `String` is wiped when this value drops.
    pub fn new(text: impl Into<String>) -> Passphrase {
        Passphrase(Zeroizing::new(text.into()))
    }

    /// The passphrase's text, for the key derivation and nothing else.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Passphrase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Passphrase(<redacted>)")
    }
}

/// A stored password released to the browser for in-page filling. Never reaches a tool's
/// output: the [`aartiq_tools::Vault`] trait has no method that returns one.
pub struct Secret(Zeroizing<String>);

impl Secret {
    /// Wraps a secret; the `String` is wiped when this value drops.
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(Zeroizing::new(text.into()))
    }

    /// The secret's text. Hand it to the page and drop this value; never log it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}
