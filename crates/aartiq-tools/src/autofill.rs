//! `autofill_match` (spec f.4) as a pure function over a profile, with the j.7 bugs fixed:
//! hyphenated autocomplete tokens and `section-*` prefixes match, `_`-names match, "address
//! line 2" maps to `addressLine2`, and the vault's password match is labelled `password`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A profile value an autofill match fills in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum ProfileKey {
    /// E-mail address.
    Email,
    /// Telephone number.
    Phone,
    /// Given name.
    FirstName,
    /// Family name.
    LastName,
    /// Full name.
    FullName,
    /// Company.
    Organization,
    /// Street address.
    AddressLine1,
    /// Apartment, suite, unit.
    AddressLine2,
    /// City or town.
    City,
    /// State, province, region.
    State,
    /// Postal code.
    PostalCode,
    /// Country.
    Country,
    /// The site's password (filled from the vault, never shown).
    Password,
}

/// What the vault knows for one site: profile values and whether a password is stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct DomainProfile {
    /// Values by key.
    pub values: BTreeMap<ProfileKey, String>,
    /// Whether a password is stored for the site.
    pub has_password: bool,
}

/// A form field as a page describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormField {
    /// A selector or ref for the field.
    #[serde(default)]
    pub selector: Option<String>,
    /// The name attribute.
    #[serde(default)]
    pub name: Option<String>,
    /// The id attribute.
    #[serde(default)]
    pub id: Option<String>,
    /// The label text.
    #[serde(default)]
    pub label: Option<String>,
    /// The placeholder.
    #[serde(default)]
    pub placeholder: Option<String>,
    /// The autocomplete attribute.
    #[serde(default)]
    pub autocomplete: Option<String>,
    /// The input type (`text` when absent).
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    /// Whether the field is disabled.
    #[serde(default)]
    pub disabled: bool,
}

/// How a match was found, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchedBy {
    /// The vault's stored password.
    Vault,
    /// The autocomplete attribute (100).
    Autocomplete,
    /// The input type (90).
    Type,
    /// The name attribute (80 exact, 70 contained).
    Name,
    /// The label (75 exact, 65 contained).
    Label,
    /// The placeholder (50).
    Placeholder,
}

/// One field matched to a profile value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AutofillMatch {
    /// The field's index in the request.
    pub field_index: usize,
    /// The field's selector.
    pub selector: Option<String>,
    /// The value to fill; empty for a secret, which is filled by the vault, never shown.
    pub value: String,
    /// Whether the value is a secret withheld from the caller.
    pub secret: bool,
    /// 0-100.
    pub confidence: u8,
    /// How it was found.
    pub matched_by: MatchedBy,
    /// The profile key.
    pub profile_key: ProfileKey,
}

use ProfileKey as K;

const AUTOCOMPLETE: &[(&str, ProfileKey)] = &[
    ("email", K::Email),
    ("username", K::Email),
    ("tel", K::Phone),
    ("tel national", K::Phone),
    ("phone", K::Phone),
    ("given name", K::FirstName),
    ("family name", K::LastName),
    ("surname", K::LastName),
    ("name", K::FullName),
    ("organization", K::Organization),
    ("company", K::Organization),
    ("street address", K::AddressLine1),
    ("address line 1", K::AddressLine1),
    ("address line 2", K::AddressLine2),
    ("address level 2", K::City),
    ("city", K::City),
    ("address level 1", K::State),
    ("state", K::State),
    ("province", K::State),
    ("postal code", K::PostalCode),
    ("zip", K::PostalCode),
    ("country", K::Country),
    ("country name", K::Country),
];

/// Name keys, most specific first so that `address line 2` is tried before `address`.
const NAMES: &[(&str, ProfileKey)] = &[
    ("email", K::Email),
    ("e mail", K::Email),
    ("phone", K::Phone),
    ("tel", K::Phone),
    ("mobile", K::Phone),
    ("first name", K::FirstName),
    ("fname", K::FirstName),
    ("given name", K::FirstName),
    ("last name", K::LastName),
    ("lname", K::LastName),
    ("surname", K::LastName),
    ("family name", K::LastName),
    ("full name", K::FullName),
    ("company", K::Organization),
    ("organization", K::Organization),
    ("organisation", K::Organization),
    ("address line 2", K::AddressLine2),
    ("address 2", K::AddressLine2),
    ("apartment", K::AddressLine2),
    ("suite", K::AddressLine2),
    ("address line 1", K::AddressLine1),
    ("address 1", K::AddressLine1),
    ("street", K::AddressLine1),
    ("address", K::AddressLine1),
    ("city", K::City),
    ("town", K::City),
    ("state", K::State),
    ("province", K::State),
    ("region", K::State),
    ("postal code", K::PostalCode),
    ("postcode", K::PostalCode),
    ("zip", K::PostalCode),
    ("country", K::Country),
    ("name", K::FullName),
];

const LABELS: &[(ProfileKey, &[&str])] = &[
    (K::Email, &["email", "e mail", "email address"]),
    (K::Phone, &["phone", "telephone", "mobile", "phone number"]),
    (K::FirstName, &["first name", "given name", "forename"]),
    (K::LastName, &["last name", "surname", "family name"]),
    (K::FullName, &["full name", "your name"]),
    (
        K::Organization,
        &["company", "organization", "organisation"],
    ),
    (
        K::AddressLine2,
        &["address line 2", "apartment", "suite", "apt"],
    ),
    (
        K::AddressLine1,
        &["address line 1", "street address", "address", "street"],
    ),
    (K::City, &["city", "town"]),
    (K::State, &["state", "province", "region", "county"]),
    (
        K::PostalCode,
        &["postal code", "zip code", "postcode", "zip"],
    ),
    (K::Country, &["country"]),
    (K::FullName, &["name"]),
];

const SKIPPED_TYPES: [&str; 8] = [
    "hidden", "submit", "button", "file", "image", "password", "checkbox", "radio",
];

/// Lower-cases, splits camelCase and letters from digits, and collapses every run of spaces,
/// `_`, `-` and other separators to one space: `address_line2` and `addressLine2` both become
/// `address line 2`.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut prev: Option<char> = None;
    for c in text.trim().chars() {
        if c.is_alphanumeric() {
            if let Some(p) = prev {
                let boundary = (p.is_lowercase() && c.is_uppercase())
                    || (p.is_alphabetic() && c.is_ascii_digit())
                    || (p.is_ascii_digit() && c.is_alphabetic());
                if boundary && !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        prev = Some(c);
    }
    out.trim_end().to_owned()
}

/// Whether `key` occurs in `text` as whole words (both normalised).
fn contains_words(text: &str, key: &str) -> bool {
    format!(" {text} ").contains(&format!(" {key} "))
}

/// The profile key of an autocomplete attribute: `section-*`, `shipping`/`billing` and contact
/// kinds (`home`, `work`, ...) are dropped, hyphens match (j.7 fixed).
pub fn autocomplete_key(attribute: &str) -> Option<ProfileKey> {
    let tokens: Vec<&str> = attribute
        .split_whitespace()
        .filter(|t| {
            let t = t.to_ascii_lowercase();
            !t.starts_with("section-")
                && !matches!(
                    t.as_str(),
                    "shipping"
                        | "billing"
                        | "home"
                        | "work"
                        | "mobile"
                        | "fax"
                        | "pager"
                        | "webauthn"
                )
        })
        .collect();
    let token = normalize(&tokens.join(" "));
    AUTOCOMPLETE
        .iter()
        .find(|(key, _)| *key == token)
        .map(|(_, k)| *k)
}

/// Matches one field: autocomplete (100), type (90), name (80/70), label (75/65), placeholder
/// (50); the first hit wins.
pub fn match_field(field: &FormField) -> Option<(ProfileKey, u8, MatchedBy)> {
    if let Some(key) = field.autocomplete.as_deref().and_then(autocomplete_key) {
        return Some((key, 100, MatchedBy::Autocomplete));
    }
    match field
        .kind
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("email") => return Some((K::Email, 90, MatchedBy::Type)),
        Some("tel") => return Some((K::Phone, 90, MatchedBy::Type)),
        _ => {}
    }
    for name in [field.name.as_deref(), field.id.as_deref()]
        .into_iter()
        .flatten()
    {
        let name = normalize(name);
        if name.is_empty() {
            continue;
        }
        if let Some((_, key)) = NAMES.iter().find(|(k, _)| *k == name) {
            return Some((*key, 80, MatchedBy::Name));
        }
        if let Some((_, key)) = NAMES.iter().find(|(k, _)| contains_words(&name, k)) {
            return Some((*key, 70, MatchedBy::Name));
        }
    }
    if let Some(label) = field
        .label
        .as_deref()
        .map(normalize)
        .filter(|l| !l.is_empty())
    {
        for (key, words) in LABELS {
            if words.contains(&label.as_str()) {
                return Some((*key, 75, MatchedBy::Label));
            }
        }
        for (key, words) in LABELS {
            if words.iter().any(|w| contains_words(&label, w)) {
                return Some((*key, 65, MatchedBy::Label));
            }
        }
    }
    if let Some(placeholder) = field
        .placeholder
        .as_deref()
        .map(normalize)
        .filter(|p| !p.is_empty())
    {
        for (key, words) in LABELS {
            if words.iter().any(|w| contains_words(&placeholder, w)) {
                return Some((*key, 50, MatchedBy::Placeholder));
            }
        }
    }
    None
}

/// Matches a form's fields against a profile (spec f.4 `matchFields` and `matchForm`): skipped
/// field types and empty values are left out, one match per key (replaced only by a strictly
/// higher confidence), ordered by first insertion of each key; then the first password field
/// gets the vault's password (as a secret, `profileKey: password`).
pub fn match_form(fields: &[FormField], profile: &DomainProfile) -> Vec<AutofillMatch> {
    let mut matches: Vec<AutofillMatch> = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        let kind = field.kind.as_deref().unwrap_or("text").to_ascii_lowercase();
        if field.disabled || SKIPPED_TYPES.contains(&kind.as_str()) {
            continue;
        }
        let Some((key, confidence, matched_by)) = match_field(field) else {
            continue;
        };
        let Some(value) = profile.values.get(&key).filter(|v| !v.is_empty()) else {
            continue;
        };
        let candidate = AutofillMatch {
            field_index: index,
            selector: field.selector.clone(),
            value: value.clone(),
            secret: false,
            confidence,
            matched_by,
            profile_key: key,
        };
        match matches.iter_mut().find(|m| m.profile_key == key) {
            Some(existing) if confidence > existing.confidence => *existing = candidate,
            Some(_) => {}
            None => matches.push(candidate),
        }
    }
    if profile.has_password {
        let password_field = fields.iter().enumerate().find(|(_, f)| {
            !f.disabled
                && f.kind
                    .as_deref()
                    .is_some_and(|k| k.eq_ignore_ascii_case("password"))
        });
        if let Some((index, field)) = password_field {
            matches.push(AutofillMatch {
                field_index: index,
                selector: field.selector.clone(),
                value: String::new(),
                secret: true,
                confidence: 100,
                matched_by: MatchedBy::Vault,
                profile_key: K::Password,
            });
        }
    }
    matches
}

/// Whether a credential stored for `stored` applies to `site` (spec f.4 `getForDomain`): `www.`
/// stripped from both, equal, or either a subdomain of the other.
pub fn domain_matches(stored: &str, site: &str) -> bool {
    let clean = |d: &str| {
        let d = d.trim().trim_end_matches('.').to_ascii_lowercase();
        d.strip_prefix("www.").map(str::to_owned).unwrap_or(d)
    };
    let (a, b) = (clean(stored), clean(site));
    !a.is_empty()
        && !b.is_empty()
        && (a == b || a.ends_with(&format!(".{b}")) || b.ends_with(&format!(".{a}")))
}
