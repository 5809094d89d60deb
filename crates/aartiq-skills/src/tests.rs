//! Unit tests of internals: pattern translation, id checks, edit distance, inline fallbacks.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Tests fail loudly on purpose.

use crate::catalog::{AUTOMATION_EXTRA, SECURITY_EXTRA, SKILLS};
use crate::load_request::{Resolution, closest_ids, edit_distance, resolve_name};
use crate::loader::{inline_fallback, normalise_id};
use crate::matching::{compile_pattern, js_to_rust, matcher_ready};
use crate::{LoaderConfig, SkillError, SkillLoader, SkillSource};

#[test]
fn every_catalog_pattern_compiles_alone_and_in_the_set() {
    for s in &SKILLS {
        compile_pattern(s.pattern).unwrap_or_else(|e| panic!("{}: {e}", s.id));
    }
    compile_pattern(SECURITY_EXTRA).unwrap();
    compile_pattern(AUTOMATION_EXTRA).unwrap();
    assert!(matcher_ready());
}

#[test]
fn js_escapes_become_ascii_classes() {
    assert_eq!(js_to_rust(r"\bat \d\b"), r"(?-u:\b)at [0-9](?-u:\b)");
    assert_eq!(
        js_to_rust(r"\w+\W\D\B"),
        r"[0-9A-Za-z_]+[^0-9A-Za-z_][^0-9](?-u:\B)"
    );
    // Escaped backslash followed by `b` is a literal backslash and a `b`.
    assert_eq!(js_to_rust(r"\\b"), r"\\b");
    assert_eq!(js_to_rust(r"a\.b\s"), r"a\.b\s");
    assert_eq!(js_to_rust("trailing\\"), "trailing\\");
}

#[test]
fn word_boundaries_are_ascii_like_javascript() {
    let re = compile_pattern(r"\bnews\b").unwrap();
    // JavaScript's `\b` treats `é` as a non-word character, so "énews" has a boundary.
    assert!(re.is_match("énews"));
    assert!(re.is_match("café news"));
    assert!(!re.is_match("newsletter"));
    let digits = compile_pattern(r"at \d").unwrap();
    assert!(!digits.is_match("at ٣"), "\\d is ASCII only");
}

#[test]
fn ids_are_checked_before_touching_paths() {
    assert_eq!(normalise_id("PDF").unwrap(), "pdf");
    assert_eq!(
        normalise_id(" tab-intelligence ").unwrap(),
        "tab-intelligence"
    );
    for bad in [
        "",
        "../etc/passwd",
        "a/b",
        "-x",
        "a b",
        "é",
        ".",
        "x".repeat(65).as_str(),
    ] {
        assert!(
            matches!(normalise_id(bad), Err(SkillError::InvalidId { .. })),
            "{bad:?}"
        );
    }
}

#[test]
fn edit_distance_is_levenshtein() {
    assert_eq!(edit_distance("", ""), 0);
    assert_eq!(edit_distance("pdf", "pfd"), 2);
    assert_eq!(edit_distance("reserch", "research"), 1);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    assert_eq!(edit_distance("abc", ""), 3);
}

#[test]
fn names_resolve_by_id_label_alias_or_unique_label_words() {
    assert_eq!(resolve_name("pdf"), Resolution::Found("pdf"));
    assert_eq!(
        resolve_name("tab intelligence"),
        Resolution::Found("tab-intelligence")
    );
    assert_eq!(
        resolve_name("image_generation"),
        Resolution::Found("image-generation")
    );
    assert_eq!(
        resolve_name("research & web search"),
        Resolution::Found("research")
    );
    assert_eq!(
        resolve_name("research and web search"),
        Resolution::Found("research")
    );
    assert_eq!(resolve_name("excel"), Resolution::Found("xlsx"));
    assert_eq!(
        resolve_name("financial analysis"),
        Resolution::Found("finance")
    );
    assert_eq!(
        resolve_name("web"),
        Resolution::Ambiguous(vec!["research", "browsing"])
    );
    assert_eq!(resolve_name("a"), Resolution::NotFound);
    assert_eq!(resolve_name("analysis"), Resolution::Found("analysis"));
}

#[test]
fn closest_ids_are_typo_distance_only() {
    assert_eq!(closest_ids("reserch"), ["research"]);
    assert_eq!(closest_ids("xlxs"), ["xlsx"]);
    assert_eq!(closest_ids("powerpiont"), ["pptx"]);
    assert!(closest_ids("a").is_empty());
    assert!(closest_ids("quantum chromodynamics").is_empty());
}

#[test]
fn inline_fallbacks_exist_for_the_original_three_only() {
    for id in ["pdf", "docx", "pptx"] {
        assert!(inline_fallback(id).is_some_and(|t| t.contains("CREATE_FILE_JSON")));
    }
    for s in SKILLS
        .iter()
        .filter(|s| !matches!(s.id, "pdf" | "docx" | "pptx"))
    {
        assert!(inline_fallback(s.id).is_none(), "{}", s.id);
    }
}

#[test]
fn loader_without_embedded_files_uses_inline_fallbacks() {
    static NONE: &[(&str, &str)] = &[];
    let loader = SkillLoader::with_embedded(LoaderConfig::default(), NONE);
    let docx = loader.load("docx").unwrap();
    assert_eq!(docx.source, SkillSource::InlineFallback);
    assert_eq!(docx.label, "Word Documents");
    assert!(docx.body.starts_with("# Word documents"));
    assert!(matches!(
        loader.load("research"),
        Err(SkillError::UnknownSkill { .. })
    ));
}

#[test]
fn malformed_embedded_file_falls_back_with_a_warning() {
    static BROKEN: &[(&str, &str)] = &[("pdf", "---\nname: [unclosed\n---\nbody")];
    let loader = SkillLoader::with_embedded(LoaderConfig::default(), BROKEN);
    let pdf = loader.load("pdf").unwrap();
    assert_eq!(pdf.source, SkillSource::InlineFallback);
    assert_eq!(pdf.warnings.len(), 1);
    assert!(pdf.warnings[0].starts_with("built-in skill pdf is malformed"));
}
