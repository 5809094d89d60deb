//! The 17 built-in skill files: all embedded, frontmatter agrees with the catalog, and the
//! guidance only teaches commands aartiq supports, in forms that parse.

use std::collections::BTreeSet;
use std::path::PathBuf;

use aartiq_skills::{SKILLS, embedded_skill_files, list_all_skills, parse_skill};

fn skills_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../skills")
}

#[test]
fn every_file_in_skills_is_embedded_and_every_catalog_id_has_one() {
    let mut on_disk: Vec<String> = std::fs::read_dir(skills_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let embedded: Vec<String> = embedded_skill_files()
        .iter()
        .map(|(stem, _)| (*stem).to_owned())
        .collect();
    assert_eq!(embedded, on_disk);
    let catalog: BTreeSet<&str> = SKILLS.iter().map(|s| s.id).collect();
    let files: BTreeSet<&str> = on_disk.iter().map(String::as_str).collect();
    assert_eq!(catalog, files);
    assert_eq!(SKILLS.len(), 17);
    for (stem, text) in embedded_skill_files() {
        let disk = std::fs::read_to_string(skills_dir().join(format!("{stem}.md"))).unwrap();
        assert_eq!(*text, disk, "{stem}: embedded copy is stale");
    }
}

#[test]
fn frontmatter_agrees_with_the_catalog() {
    for s in &SKILLS {
        let (_, text) = embedded_skill_files()
            .iter()
            .find(|(stem, _)| *stem == s.id)
            .unwrap();
        let doc = parse_skill(text).unwrap_or_else(|e| panic!("{}: {e}", s.id));
        let fm = &doc.frontmatter;
        assert_eq!(fm.name.as_deref(), Some(s.id));
        assert_eq!(fm.description.as_deref(), Some(s.description), "{}", s.id);
        assert_eq!(fm.label.as_deref(), Some(s.label), "{}", s.id);
        assert_eq!(fm.icon.as_deref(), Some(s.icon), "{}", s.id);
        assert!(
            fm.patterns.is_empty(),
            "{}: patterns live in the catalog",
            s.id
        );
        assert!(
            doc.body.len() >= 2500,
            "{}: only {} bytes of guidance",
            s.id,
            doc.body.len()
        );
        assert!(
            doc.body
                .starts_with(&format!("# {}", s.label.split(" (").next().unwrap()))
                || doc.body.starts_with("# "),
            "{}",
            s.id
        );
    }
}

/// Every command example in a body: bracket tags in inline code, lines of ```text fences,
/// and whole ```json fences.
fn examples(body: &str) -> Vec<String> {
    let inline = regex::Regex::new(r"`(\[[A-Z][A-Z_]{2,}[^`]*\])`").unwrap();
    let mut out: Vec<String> = inline
        .captures_iter(body)
        .map(|c| c[1].to_owned())
        .collect();
    for (lang, block) in fences(body) {
        match lang.as_str() {
            "json" => out.push(block),
            "text" => out.extend(
                block
                    .lines()
                    .filter(|l| l.trim_start().starts_with('['))
                    .map(str::to_owned),
            ),
            _ => {}
        }
    }
    out
}

/// (language, contents) of every fenced block.
fn fences(body: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = body.lines();
    while let Some(line) = lines.next() {
        let Some(lang) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        let mut block = String::new();
        for inner in lines.by_ref() {
            if inner.trim_start().starts_with("```") {
                break;
            }
            block.push_str(inner);
            block.push('\n');
        }
        out.push((lang.trim().to_owned(), block));
    }
    out
}

#[test]
fn every_command_example_parses_as_one_valid_command() {
    let mut taught: BTreeSet<&'static str> = BTreeSet::new();
    let mut count = 0;
    for (stem, text) in embedded_skill_files() {
        let body = parse_skill(text).unwrap().body;
        for example in examples(&body) {
            let parsed = aartiq_commands::parse(&example);
            assert!(
                parsed.diagnostics.is_empty(),
                "{stem}: {example}\n{:?}",
                parsed.diagnostics
            );
            assert_eq!(parsed.commands.len(), 1, "{stem}: {example}");
            let command = &parsed.commands[0];
            aartiq_commands::validate(command).unwrap_or_else(|e| panic!("{stem}: {example}: {e}"));
            taught.insert(command.kind.name());
            count += 1;
        }
    }
    assert!(count >= 100, "only {count} examples");
    // The skills between them teach most of the catalog, and every everyday command.
    assert!(
        taught.len() >= 55,
        "only {} commands taught: {taught:?}",
        taught.len()
    );
    for must in [
        "NAVIGATE",
        "WEB_SEARCH",
        "DEEP_RESEARCH",
        "SHELL_COMMAND",
        "CREATE_FILE_JSON",
        "SCHEDULE_TASK",
        "SETTINGS_UPDATE",
        "FILL_FORM",
        "MULTI_FILL_FORM",
        "COMPARE_TABS",
        "GENERATE_IMAGE",
        "PLUGIN_COMMAND",
        "LOAD_SKILL",
        "READ_PAGE_CONTENT",
        "CLICK_ELEMENT",
    ] {
        assert!(taught.contains(must), "no skill teaches {must}");
    }
}

#[test]
fn list_all_skills_has_the_original_shape() {
    let listing = list_all_skills();
    let items: Vec<&str> = listing.split("\n\n").collect();
    assert_eq!(items.len(), 17);
    assert_eq!(
        items[0],
        "🔍 **Research & Web Search** (`research`)\n  Deep research, news gathering, fact-checking, web search workflows"
    );
}
