//! `SkillLoader` on temporary directories: override, fallback, frontmatter, runtime notes,
//! cache invalidation, Agent Skills folders, listing and matching of user skills.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use aartiq_skills::{
    LoaderConfig, MAX_SKILL_BYTES, SKILLS, SkillError, SkillIndex, SkillLoader, SkillSource,
    parse_skill, strip_runtime_notes,
};

fn loader(dir: &Path) -> SkillLoader {
    SkillLoader::new(LoaderConfig::default().with_user_dir(dir))
}

fn write(path: &Path, text: &str) {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).unwrap();
    }
    fs::write(path, text).unwrap();
}

#[test]
fn every_builtin_loads_without_a_user_dir() {
    let loader = SkillLoader::default();
    for s in &SKILLS {
        let skill = loader.load(s.id).unwrap();
        assert_eq!(skill.source, SkillSource::BuiltIn, "{}", s.id);
        assert_eq!(skill.label, s.label);
        assert_eq!(skill.description, s.description);
        assert!(
            !skill.body.starts_with("---"),
            "{}: frontmatter left in body",
            s.id
        );
        assert!(
            skill.body.starts_with("# "),
            "{}: body starts with a heading",
            s.id
        );
        assert!(skill.warnings.is_empty(), "{}: {:?}", s.id, skill.warnings);
    }
}

#[test]
fn a_user_file_overrides_the_builtin_per_id() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("pdf.md"),
        "---\nname: pdf\ndescription: Our house PDF style\n---\n# House PDFs\n\nUse A4.\n",
    );
    let loader = loader(dir.path());
    let pdf = loader.load("PDF").unwrap();
    assert_eq!(pdf.source, SkillSource::UserFile(dir.path().join("pdf.md")));
    assert_eq!(pdf.body, "# House PDFs\n\nUse A4.");
    assert_eq!(pdf.description, "Our house PDF style");
    // Label and icon not given: the catalog's.
    assert_eq!(pdf.label, "PDF Documents");
    assert_eq!(pdf.icon, "📕");
    // Other ids are untouched.
    assert_eq!(loader.load("docx").unwrap().source, SkillSource::BuiltIn);
}

#[test]
fn a_user_file_without_frontmatter_is_all_body() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("research.md"),
        "Always cite two sources.\n",
    );
    let skill = loader(dir.path()).load("research").unwrap();
    assert_eq!(skill.body, "Always cite two sources.");
    assert_eq!(skill.description, SKILLS[0].description);
}

#[test]
fn a_broken_override_falls_back_to_the_builtin_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("docx.md");
    write(
        &path,
        "---\nname: docx\ndescription: [unclosed\n---\nbody\n",
    );
    let skill = loader(dir.path()).load("docx").unwrap();
    assert_eq!(skill.source, SkillSource::BuiltIn);
    assert_eq!(skill.warnings.len(), 1);
    assert!(
        skill.warnings[0].contains("invalid frontmatter"),
        "{:?}",
        skill.warnings
    );
    assert!(skill.warnings[0].contains("docx.md"));
}

#[test]
fn an_oversized_override_falls_back_and_a_user_only_one_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let big = "x".repeat(usize::try_from(MAX_SKILL_BYTES).unwrap() + 1);
    write(&dir.path().join("pdf.md"), &big);
    write(&dir.path().join("huge.md"), &big);
    let loader = loader(dir.path());
    let pdf = loader.load("pdf").unwrap();
    assert_eq!(pdf.source, SkillSource::BuiltIn);
    assert!(pdf.warnings[0].contains("too large"));
    assert!(matches!(
        loader.load("huge"),
        Err(SkillError::TooLarge { .. })
    ));
}

#[test]
fn frontmatter_is_real_yaml() {
    // A blank line and a comment inside the frontmatter, a block scalar, a list of patterns,
    // unknown keys, and a `---` rule in the body that is not frontmatter.
    let text = "---\nname: release-notes\n\n# a comment\ndescription: >\n  Write release notes\n  from a changelog.\nlicense: MIT\nmetadata:\n  author: someone\npatterns:\n  - \\brelease notes?\\b\n  - \\bchangelog\\b\n---\n# Release notes\n\nIntro.\n\n---\n\nMore.\n";
    let doc = parse_skill(text).unwrap();
    assert_eq!(doc.frontmatter.name.as_deref(), Some("release-notes"));
    assert_eq!(
        doc.frontmatter.description.as_deref(),
        Some("Write release notes from a changelog.\n")
    );
    assert_eq!(
        doc.frontmatter.patterns,
        [r"\brelease notes?\b", r"\bchangelog\b"]
    );
    assert_eq!(doc.body, "# Release notes\n\nIntro.\n\n---\n\nMore.");
}

#[test]
fn frontmatter_edge_cases() {
    // Only at the very start: a leading rule further down is body text.
    let doc = parse_skill("# Title\n\n---\nname: x\n---\n").unwrap();
    assert_eq!(doc.frontmatter.name, None);
    assert!(doc.body.starts_with("# Title"));
    // Byte-order mark, CRLF line ends, `...` as the closing line, single-string patterns.
    let doc =
        parse_skill("\u{feff}---\r\nname: a\r\npatterns: \\bfoo\\b\r\n...\r\nBody\r\n").unwrap();
    assert_eq!(doc.frontmatter.name.as_deref(), Some("a"));
    assert_eq!(doc.frontmatter.patterns, [r"\bfoo\b"]);
    assert_eq!(doc.body, "Body");
    // Empty frontmatter.
    assert_eq!(parse_skill("---\n---\nBody").unwrap().body, "Body");
    // Unterminated and non-mapping frontmatter are errors.
    assert!(matches!(
        parse_skill("---\nname: a\nBody"),
        Err(SkillError::UnterminatedFrontmatter)
    ));
    assert!(matches!(
        parse_skill("---\n- a\n- b\n---\nBody"),
        Err(SkillError::Frontmatter { .. })
    ));
    assert!(matches!(
        parse_skill("---\nname: [1, 2]\n---\n"),
        Err(SkillError::Frontmatter { .. })
    ));
}

#[test]
fn runtime_notes_are_stripped() {
    let text = "---\nname: pdf\n---\n# PDF\n\n> Aartiq runtime note: adapted from another\n> agent's skill; scripts are not available here.\n\n---\n\nUse CREATE_FILE_JSON.\n";
    assert_eq!(
        parse_skill(text).unwrap().body,
        "# PDF\n\nUse CREATE_FILE_JSON."
    );
    // Every note goes, any case; without a closing rule only the quoted lines go.
    let body =
        "A\n> AARTIQ RUNTIME NOTE: one\n---\nB\n>  aartiq runtime note: two\n> still two\nC\n";
    assert_eq!(strip_runtime_notes(body), "A\nB\nC");
    // Ordinary quotes stay.
    assert_eq!(
        strip_runtime_notes("> a quote\n---\nx"),
        "> a quote\n---\nx"
    );
}

#[test]
fn runtime_notes_in_user_files_never_reach_the_skill() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("finance.md"),
        "# Finance\n> Aartiq runtime note: internal\n---\nQuote prices with times.\n",
    );
    let skill = loader(dir.path()).load("finance").unwrap();
    assert_eq!(skill.body, "# Finance\nQuote prices with times.");
}

fn set_mtime(path: &Path, when: SystemTime) {
    let file = fs::OpenOptions::new().write(true).open(path).unwrap();
    file.set_modified(when).unwrap();
}

#[test]
fn the_cache_notices_changed_created_and_removed_files() {
    let dir = tempfile::tempdir().unwrap();
    let loader = loader(dir.path());
    let path = dir.path().join("research.md");

    // Cached as built-in; an override that appears later wins on the next load.
    assert_eq!(
        loader.load("research").unwrap().source,
        SkillSource::BuiltIn
    );
    assert!(loader.is_cached("RESEARCH"));
    write(&path, "one");
    let t0 = SystemTime::now() - Duration::from_secs(100);
    set_mtime(&path, t0);
    assert_eq!(loader.load("research").unwrap().body, "one");

    // Unchanged file: the very same cached value.
    let a = loader.load("research").unwrap();
    let b = loader.load("research").unwrap();
    assert!(std::sync::Arc::ptr_eq(&a, &b));

    // Same length, new modification time.
    write(&path, "two");
    set_mtime(&path, t0 + Duration::from_secs(10));
    assert_eq!(loader.load("research").unwrap().body, "two");

    // New length, same modification time.
    write(&path, "three");
    set_mtime(&path, t0 + Duration::from_secs(10));
    assert_eq!(loader.load("research").unwrap().body, "three");

    // Removed: back to the built-in.
    fs::remove_file(&path).unwrap();
    assert_eq!(
        loader.load("research").unwrap().source,
        SkillSource::BuiltIn
    );

    loader.clear_cache();
    assert!(!loader.is_cached("research"));
}

#[test]
fn agent_skills_folders_load_list_and_match() {
    let dir = tempfile::tempdir().unwrap();
    let skill_md = dir.path().join("code-review").join("SKILL.md");
    write(
        &skill_md,
        "---\nname: code-review\ndescription: Review pull requests for correctness, security and performance regressions.\nlicense: Apache-2.0\nallowed-tools: Read Grep\n---\n# Code review\n\nRead the diff first.\n",
    );
    let loader = loader(dir.path());
    let skill = loader.load("code-review").unwrap();
    assert_eq!(skill.source, SkillSource::AgentSkill(skill_md.clone()));
    assert_eq!(skill.label, "code-review");
    assert_eq!(skill.body, "# Code review\n\nRead the diff first.");
    assert!(skill.warnings.is_empty());

    let listing = loader.list();
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    let ids: Vec<&str> = listing.skills.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids.len(), SKILLS.len() + 1);
    assert_eq!(ids.last(), Some(&"code-review"));

    // The description feeds matching: the name, or two distinct description keywords.
    let index = SkillIndex::new(&listing);
    // "review" is also the analysis pattern: built-ins first, then user skills.
    assert_eq!(
        index.match_message("please do a code review"),
        ["analysis", "code-review"]
    );
    assert!(
        index
            .match_message("check this pull request for performance problems")
            .contains(&"code-review".to_owned())
    );
    assert!(
        !index
            .match_message("performance only")
            .contains(&"code-review".to_owned())
    );
    // Built-ins still match as `match_skills` does, extras included.
    assert_eq!(
        index.match_message("latest news, and my password"),
        ["research", "security"]
    );
}

#[test]
fn agent_skills_need_name_and_description() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("no-desc").join("SKILL.md"),
        "---\nname: no-desc\n---\nbody",
    );
    write(
        &dir.path().join("no-name").join("SKILL.md"),
        "---\ndescription: something\n---\nbody",
    );
    // A folder without SKILL.md and a non-Markdown file are not skills.
    fs::create_dir_all(dir.path().join("empty")).unwrap();
    write(&dir.path().join("notes.txt"), "x");
    let loader = loader(dir.path());
    assert!(matches!(
        loader.load("no-desc"),
        Err(SkillError::Frontmatter { .. })
    ));
    let listing = loader.list();
    assert_eq!(listing.skills.len(), SKILLS.len());
    let mut bad: Vec<PathBuf> = listing.problems.iter().map(|(p, _)| p.clone()).collect();
    bad.sort();
    assert_eq!(
        bad,
        [
            dir.path().join("no-desc").join("SKILL.md"),
            dir.path().join("no-name").join("SKILL.md"),
        ]
    );
}

#[test]
fn a_name_that_differs_from_the_folder_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("tidy").join("SKILL.md"),
        "---\nname: tidy-up\ndescription: Tidy folders\n---\nbody",
    );
    let skill = loader(dir.path()).load("tidy").unwrap();
    assert_eq!(skill.id, "tidy");
    assert_eq!(skill.warnings.len(), 1);
}

#[test]
fn plain_file_wins_over_a_folder_of_the_same_id() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("notes.md"),
        "---\ndescription: plain\n---\nplain",
    );
    write(
        &dir.path().join("notes").join("SKILL.md"),
        "---\nname: notes\ndescription: folder\n---\nfolder",
    );
    let loader = loader(dir.path());
    assert_eq!(loader.load("notes").unwrap().body, "plain");
    assert_eq!(
        loader
            .list()
            .skills
            .iter()
            .filter(|m| m.id == "notes")
            .count(),
        1
    );
}

#[test]
fn user_patterns_are_checked_and_used() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("recipes.md"),
        "---\ndescription: Cooking\npatterns: ['\\b(recipe|bake|simmer)s?\\b']\n---\nbody",
    );
    write(
        &dir.path().join("broken.md"),
        "---\ndescription: Broken\npatterns: ['(unclosed']\n---\nbody",
    );
    let loader = loader(dir.path());
    assert!(matches!(
        loader.load("broken"),
        Err(SkillError::Pattern { .. })
    ));
    let index = SkillIndex::new(&loader.list());
    assert_eq!(index.match_message("a bread RECIPE"), ["recipes"]);
    assert!(
        index
            .match_message("recipes-free")
            .contains(&"recipes".to_owned())
    );
    assert!(index.match_message("hello").is_empty());
}

#[test]
fn an_override_with_patterns_replaces_the_catalog_pattern() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("finance.md"),
        "---\npatterns: ['\\bportfolio\\b']\n---\nbody",
    );
    let index = SkillIndex::new(&loader(dir.path()).list());
    assert_eq!(index.match_message("my portfolio"), ["finance"]);
    assert!(index.match_message("stock market").is_empty());
}

#[test]
fn ids_from_model_output_never_become_paths() {
    let dir = tempfile::tempdir().unwrap();
    let loader = loader(dir.path());
    for bad in ["../secret", "/etc/passwd", "a/b", "..", "x y"] {
        assert!(
            matches!(loader.load(bad), Err(SkillError::InvalidId { .. })),
            "{bad:?}"
        );
    }
    match loader.load("reserch") {
        Err(SkillError::UnknownSkill { id, closest }) => {
            assert_eq!(id, "reserch");
            assert_eq!(closest, ["research"]);
        }
        other => panic!("{other:?}"),
    }
    let err = loader.load("reserch").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"no such skill "reserch"; did you mean research?"#
    );
}

#[test]
fn a_missing_user_dir_is_not_an_error() {
    let loader = loader(Path::new("/nonexistent/aartiq/skills"));
    assert_eq!(loader.load("pdf").unwrap().source, SkillSource::BuiltIn);
    let listing = loader.list();
    assert_eq!(listing.skills.len(), SKILLS.len());
    assert!(listing.problems.is_empty());
}

#[test]
fn user_dir_resolution_order() {
    let configured = Some(PathBuf::from("/cfg"));
    let env = Some("/env".into());
    let platform = Some(PathBuf::from("/home/u/.config"));
    assert_eq!(
        LoaderConfig::resolve_user_dir(configured, env.clone(), platform.clone()),
        Some(PathBuf::from("/cfg"))
    );
    assert_eq!(
        LoaderConfig::resolve_user_dir(None, env, platform.clone()),
        Some(PathBuf::from("/env"))
    );
    assert_eq!(
        LoaderConfig::resolve_user_dir(None, Some("".into()), platform.clone()),
        Some(PathBuf::from("/home/u/.config/aartiq/skills"))
    );
    assert_eq!(LoaderConfig::resolve_user_dir(None, None, None), None);
}

proptest::proptest! {
    #[test]
    fn frontmatter_round_trips_through_yaml(
        name in "[a-z][a-z0-9-]{0,20}",
        description in "\\PC{0,120}",
        body in "[^>\\u{feff}]{0,300}",
    ) {
        // JSON strings are valid YAML double-quoted scalars.
        let text = format!(
            "---\nname: {name}\ndescription: {}\n---\n{body}",
            serde_json::to_string(&description).unwrap()
        );
        let doc = parse_skill(&text).unwrap();
        proptest::prop_assert_eq!(doc.frontmatter.name.as_deref(), Some(name.as_str()));
        proptest::prop_assert_eq!(doc.frontmatter.description.as_deref(), Some(description.as_str()));
        proptest::prop_assert_eq!(doc.body, body.trim());
    }

    #[test]
    fn parsing_any_text_never_panics(text in "(---\\n|> Aartiq runtime note: |\\PC|\\n){0,200}") {
        if let Ok(doc) = parse_skill(&text) {
            proptest::prop_assert_eq!(strip_runtime_notes(&doc.body), doc.body);
        }
    }
}

#[test]
fn agent_skill_descriptions_match_on_their_own_words_not_boilerplate() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("pdf-tools").join("SKILL.md"),
        "---\nname: pdf-tools\ndescription: Extract text and tables from PDF files, fill forms, merge documents. Use when working with PDF files or when the user mentions forms.\n---\nbody",
    );
    let index = SkillIndex::new(&loader(dir.path()).list());
    let has = |m: &str| index.match_message(m).contains(&"pdf-tools".to_owned());
    assert!(has("merge these two files"));
    assert!(has("extract the tables"));
    assert!(has("use the pdf tools"));
    assert!(!has("when the user is working"));
    assert!(!has("merge"));
}
