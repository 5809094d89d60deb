//! `autofill_match` (spec f.4) with the j.7 bugs fixed.

use std::collections::BTreeMap;

use aartiq_tools::{
    DomainProfile, FormField, MatchedBy, ProfileKey, autocomplete_key, domain_matches, match_field,
    match_form, normalize,
};

fn field(f: impl FnOnce(&mut FormField)) -> FormField {
    let mut field = FormField::default();
    f(&mut field);
    field
}

#[test]
fn normalisation() {
    assert_eq!(normalize("address_line2"), "address line 2");
    assert_eq!(normalize("addressLine2"), "address line 2");
    assert_eq!(normalize("  Postal--Code "), "postal code");
}

#[test]
fn hyphenated_autocomplete_tokens_match() {
    for (token, key) in [
        ("given-name", ProfileKey::FirstName),
        ("family-name", ProfileKey::LastName),
        ("postal-code", ProfileKey::PostalCode),
        ("shipping address-line2", ProfileKey::AddressLine2),
        (
            "section-blue billing street-address",
            ProfileKey::AddressLine1,
        ),
        ("shipping address-level2", ProfileKey::City),
        ("work email", ProfileKey::Email),
        ("tel-national", ProfileKey::Phone),
    ] {
        assert_eq!(autocomplete_key(token), Some(key), "{token}");
    }
    assert_eq!(autocomplete_key("off"), None);
}

#[test]
fn address_line_2_is_not_line_1() {
    let by_name = field(|f| f.name = Some("address_line2".into()));
    assert_eq!(
        match_field(&by_name),
        Some((ProfileKey::AddressLine2, 80, MatchedBy::Name))
    );
    let by_label = field(|f| f.label = Some("Address line 2".into()));
    assert_eq!(
        match_field(&by_label),
        Some((ProfileKey::AddressLine2, 75, MatchedBy::Label))
    );
    let contained = field(|f| f.name = Some("billing_address_line2_field".into()));
    assert_eq!(
        match_field(&contained),
        Some((ProfileKey::AddressLine2, 70, MatchedBy::Name))
    );
    let line1 = field(|f| f.name = Some("address".into()));
    assert_eq!(
        match_field(&line1),
        Some((ProfileKey::AddressLine1, 80, MatchedBy::Name))
    );
}

#[test]
fn strategy_order_and_scores() {
    let ac = field(|f| {
        f.autocomplete = Some("email".into());
        f.name = Some("phone".into());
    });
    assert_eq!(
        match_field(&ac),
        Some((ProfileKey::Email, 100, MatchedBy::Autocomplete))
    );
    let ty = field(|f| f.kind = Some("tel".into()));
    assert_eq!(
        match_field(&ty),
        Some((ProfileKey::Phone, 90, MatchedBy::Type))
    );
    let underscore = field(|f| f.name = Some("first_name".into()));
    assert_eq!(
        match_field(&underscore),
        Some((ProfileKey::FirstName, 80, MatchedBy::Name))
    );
    let label = field(|f| f.label = Some("Your company name".into()));
    assert_eq!(
        match_field(&label),
        Some((ProfileKey::Organization, 65, MatchedBy::Label))
    );
    let placeholder = field(|f| f.placeholder = Some("e.g. 10115 (zip code)".into()));
    assert_eq!(
        match_field(&placeholder),
        Some((ProfileKey::PostalCode, 50, MatchedBy::Placeholder))
    );
    assert_eq!(match_field(&field(|f| f.name = Some("q".into()))), None);
}

#[test]
fn match_form_skips_keeps_the_best_and_labels_the_password() {
    let profile = DomainProfile {
        values: BTreeMap::from([
            (ProfileKey::Email, "ada@example.com".to_owned()),
            (ProfileKey::FirstName, "Ada".to_owned()),
            (ProfileKey::City, String::new()),
        ]),
        has_password: true,
    };
    let fields = vec![
        field(|f| f.label = Some("First name".into())), // 0: 75
        field(|f| f.name = Some("email".into())),       // 1: 80
        field(|f| f.autocomplete = Some("given-name".into())), // 2: 100, replaces 0
        field(|f| f.kind = Some("hidden".into())),      // 3: skipped
        field(|f| {
            f.kind = Some("email".into());
            f.disabled = true;
        }), // 4: skipped
        field(|f| f.name = Some("city".into())),        // 5: empty value
        field(|f| {
            f.kind = Some("password".into());
            f.selector = Some("#pw".into());
        }), // 6: vault
    ];
    let matches = match_form(&fields, &profile);
    let summary: Vec<_> = matches
        .iter()
        .map(|m| (m.field_index, m.profile_key, m.confidence, m.secret))
        .collect();
    assert_eq!(
        summary,
        vec![
            (2, ProfileKey::FirstName, 100, false),
            (1, ProfileKey::Email, 80, false),
            (6, ProfileKey::Password, 100, true),
        ]
    );
    assert_eq!(matches[2].value, "", "the password must never be returned");
    assert_eq!(matches[2].matched_by, MatchedBy::Vault);
}

#[test]
fn domains() {
    assert!(domain_matches("www.shop.example", "shop.example"));
    assert!(domain_matches("shop.example", "login.shop.example"));
    assert!(!domain_matches("shop.example", "evilshop.example"));
    assert!(!domain_matches("", "shop.example"));
}
