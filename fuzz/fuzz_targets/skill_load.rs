//! Fuzzes skill files end to end: frontmatter + body parsing, runtime-note stripping, matching,
//! and loading through a user directory (override of a built-in, Agent Skills folder, listing,
//! user-skill matching). The first byte picks how far down the stack an input goes, so the
//! cheap parser paths get most of the executions.
#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use aartiq_skills::{
    LoaderConfig, SkillIndex, SkillLoader, match_skills, parse_skill, resolve_load_request,
    strip_runtime_notes,
};
use libfuzzer_sys::fuzz_target;

fn dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("aartiq-skill-fuzz-{}", std::process::id()));
        let _ = std::fs::create_dir_all(d.join("fuzzed"));
        d
    })
}

/// One loader for the whole run, so built-ins stay cached and only the fuzzed files reload
/// (which also exercises the cache's change detection).
fn loader() -> &'static SkillLoader {
    static LOADER: OnceLock<SkillLoader> = OnceLock::new();
    LOADER.get_or_init(|| SkillLoader::new(LoaderConfig::default().with_user_dir(dir())))
}

fuzz_target!(|input: &[u8]| {
    let Some((&mode, data)) = input.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(data);

    // Parsing never panics, and a parsed body has no runtime note left to strip.
    if let Ok(doc) = parse_skill(&text) {
        assert_eq!(strip_runtime_notes(&doc.body), doc.body);
    }
    // The same bytes as a user message.
    let _ = match_skills(&text);
    let _ = resolve_load_request(&text);

    if mode % 4 == 0 {
        return;
    }
    // Through the user directory: an override of a built-in id must always load (falling back
    // to the built-in when the file is bad); an Agent Skills folder loads or errors.
    let base = dir();
    let _ = std::fs::write(base.join("pdf.md"), data);
    let _ = std::fs::write(base.join("fuzzed").join("SKILL.md"), data);
    let loader = loader();
    let pdf = loader.load("pdf");
    assert!(pdf.is_ok(), "a built-in id always loads: {pdf:?}");
    let _ = loader.load("fuzzed");
    if mode % 4 == 3 {
        let index = SkillIndex::new(&loader.list());
        let _ = index.match_message(&text);
    }
});
