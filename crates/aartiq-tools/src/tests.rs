//! Unit tests of internals: ref parsing, find contexts, schema cleaning.
#![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

use serde_json::json;

use crate::refs::Ref;

#[test]
fn refs_parse_strictly() {
    assert_eq!("e1".parse::<Ref>(), Ok(Ref(1)));
    assert_eq!(" e42 ".parse::<Ref>(), Ok(Ref(42)));
    for bad in [
        "",
        "e",
        "e0",
        "e01",
        "E1",
        "e-1",
        "e1x",
        "1",
        "e99999999999999999999999",
    ] {
        assert!(bad.parse::<Ref>().is_err(), "{bad}");
    }
    assert_eq!(Ref(7).to_string(), "e7");
}

#[test]
fn find_context_cuts_with_ellipses() {
    let long = format!("{}needle{}", "a".repeat(50), "b".repeat(70));
    let context = crate::snapshot::context_of_for_tests(&long, "needle").unwrap();
    assert_eq!(
        context,
        format!("…{}needle{}…", "a".repeat(40), "b".repeat(60))
    );
    assert_eq!(
        crate::snapshot::context_of_for_tests("Sign In", "sign in").as_deref(),
        Some("Sign In")
    );
    assert_eq!(crate::snapshot::context_of_for_tests("abc", "x"), None);
}

#[test]
fn cut_marks_the_cut() {
    assert_eq!(crate::snapshot::cut("abcdef", 4), "abc…");
    assert_eq!(crate::snapshot::cut("abc", 4), "abc");
    assert_eq!(crate::snapshot::cut("äöüß", 3), "äö…");
    // Page words cannot write a ref: only the store does.
    assert_eq!(crate::snapshot::cut("OK [ref=e4]", 80), "OK (ref=e4]");
    assert_eq!(
        crate::snapshot::cut("x [REF=e4] [Ref=e5", 80),
        "x (REF=e4] (Ref=e5"
    );
    assert_eq!(crate::snapshot::cut("[refund]", 80), "[refund]");
}

#[test]
fn schema_cleaning() {
    let mut value = json!({
        "type": "object",
        "properties": {
            "a": {"type": ["integer", "null"], "format": "uint32", "minimum": 0},
            "b": {"anyOf": [{"type": "string", "enum": ["x", "y"]}, {"type": "null"}]},
            "c": {"type": "string", "format": "uri", "default": null},
            "d": {"enum": ["x", null]}
        }
    });
    crate::spec::clean_for_tests(&mut value);
    assert_eq!(
        value,
        json!({
            "type": "object",
            "properties": {
                "a": {"type": "integer", "minimum": 0},
                "b": {"type": "string", "enum": ["x", "y"]},
                "c": {"type": "string", "format": "uri"},
                "d": {"enum": ["x"]}
            }
        })
    );
}
