//! `resolve_load_request`: the original's phrasing (spec c.3) and the j.2 fix.

use aartiq_skills::{LoadRequest, UnknownSkillName, resolve_load_request, skills_for_message};

#[track_caller]
fn loads(message: &str, expected: &[&'static str]) {
    let request = resolve_load_request(message)
        .unwrap_or_else(|| panic!("{message:?} is not a load request"));
    assert_eq!(
        request,
        LoadRequest {
            skills: expected.to_vec(),
            unknown: Vec::new(),
        },
        "{message:?}"
    );
}

#[test]
fn verbs_articles_and_suffix() {
    loads("load pdf", &["pdf"]);
    loads("Load the PDF skill", &["pdf"]);
    loads("use the docx skill", &["docx"]);
    loads("activate research", &["research"]);
    loads("enable scheduling", &["scheduling"]);
    loads("please load the xlsx skill.", &["xlsx"]);
    loads("  load   tab-intelligence  ", &["tab-intelligence"]);
}

#[test]
fn ids_labels_and_aliases() {
    loads("load tab intelligence", &["tab-intelligence"]);
    loads("use the Image Generation skill", &["image-generation"]);
    loads("load Research & Web Search", &["research"]);
    loads("load excel", &["xlsx"]);
    loads("use powerpoint", &["pptx"]);
    loads("load word", &["docx"]);
    loads("load stock", &["finance"]);
    loads("load apple intelligence", &["apple-intelligence"]);
}

#[test]
fn several_names() {
    loads("load pdf and docx skills", &["pdf", "docx"]);
    loads(
        "load the pdf, xlsx and pptx skills",
        &["pdf", "xlsx", "pptx"],
    );
    loads("use excel + powerpoint", &["xlsx", "pptx"]);
    loads("load pdf and pdf", &["pdf"]);
}

#[test]
fn j2_load_web_does_not_resolve_by_label_containment() {
    let request = resolve_load_request("load web").unwrap();
    assert_eq!(
        request,
        LoadRequest {
            skills: Vec::new(),
            unknown: vec![UnknownSkillName {
                name: "web".to_owned(),
                closest: vec!["research", "browsing"],
            }],
        }
    );
    assert_eq!(
        request.problem().unwrap(),
        r#"no such skill "web"; did you mean research, browsing?"#
    );
}

#[test]
fn unknown_names_are_reported_with_the_closest_ids() {
    let request = resolve_load_request("load reserch").unwrap();
    assert!(request.skills.is_empty());
    assert_eq!(request.unknown[0].closest, ["research"]);

    let request = resolve_load_request("load a").unwrap();
    assert_eq!(request.unknown[0].name, "a");
    assert!(request.unknown[0].closest.is_empty());
    assert_eq!(request.problem().unwrap(), r#"no such skill "a""#);

    let request = resolve_load_request("load pdf and telepathy").unwrap();
    assert_eq!(request.skills, ["pdf"]);
    assert_eq!(request.unknown[0].name, "telepathy");
    assert!(!request.is_complete());
}

#[test]
fn ordinary_messages_are_not_load_requests() {
    for message in [
        "what is the weather",
        "use google to find the weather",
        "enable dark mode",
        "download the file",
        "loading screen stuck",
        "load pdf\nand then summarise it",
        "",
        "load",
        "load the",
    ] {
        assert_eq!(resolve_load_request(message), None, "{message:?}");
    }
    // "load" and "activate" are explicit even when the name is unknown; so is "skill".
    assert!(resolve_load_request("load quantum").is_some());
    assert!(resolve_load_request("use the quantum skill").is_some());
}

#[test]
fn union_with_message_matches_comes_after_them() {
    assert_eq!(
        skills_for_message("load the pdf skill"),
        ["documents", "pdf"]
    );
    assert_eq!(skills_for_message("load finance"), ["finance"]);
    assert_eq!(skills_for_message("use the mcp skill"), ["mcp"]);
    assert_eq!(skills_for_message("activate settings"), ["settings"]);
    assert_eq!(skills_for_message("load apple"), ["apple-intelligence"]);
}
