//! `match_skills`: the original's examples (spec c.2), the j.2 fixes, and properties.

use aartiq_skills::{SKILLS, match_skills, skills_for_message};
use proptest::prelude::*;

#[track_caller]
fn check(message: &str, expected: &[&str]) {
    assert_eq!(match_skills(message), expected, "message: {message:?}");
}

#[test]
fn original_examples() {
    check("What is the latest news?", &["research"]);
    check("Compare these two laptops", &["analysis"]);
    check("AAPL stock and market cap", &["finance"]);
    check("go to example.com", &["browsing"]);
    check("click the OCR button", &["automation"]);
    check("sync my dropbox", &["mcp"]);
    check("genmoji of a cat", &["apple-intelligence"]);
    check("analyse tabs", &["tab-intelligence"]);
    check("stable diffusion please", &["image-generation"]);
    check("set an alarm", &["scheduling"]);
    check("is it dangerous", &["security"]);
    check("open preferences", &["settings"]);
    check("hello there", &[]);
}

#[test]
fn order_is_catalog_order_then_extras() {
    check(
        "search stock news and export a pdf report",
        &["research", "finance", "documents", "pdf"],
    );
    // `security` for credential terms and `automation` for shell terms come last.
    check("compare cookie banners", &["analysis", "security"]);
    check("research how to mkdir", &["research", "automation"]);
    // Already present from its own pattern: not appended twice.
    check("security of my login", &["security"]);
    check("open a terminal and run a command", &["automation"]);
}

#[test]
fn word_boundary_non_matches_are_kept() {
    // Spec c.2 "notable non-matches": these stay as in the original.
    check("my sessions expired", &[]);
    check("two tokens left", &[]);
    check("analysing it", &[]);
    check("call mom at 5pm", &[]);
    check("call mom at 5 pm", &["scheduling"]);
}

#[test]
fn j2_generate_image_matches() {
    for message in [
        "generate image of a cat",
        "Generate an image of a red fox",
        "please generate a picture of a dragon",
        "generating pictures for my deck",
        "image generation",
        "create an illustration",
        "draw me a picture",
    ] {
        assert!(
            match_skills(message).contains(&"image-generation"),
            "{message:?}"
        );
    }
    check("generate a report", &["documents"]);
}

#[test]
fn shell_terms_fixed_for_rm_and_mv_with_flags() {
    check("rm -rf build", &["automation"]);
    check("mv -f a b", &["automation"]);
    check("rm file.txt", &["automation"]);
}

#[test]
fn case_and_unicode() {
    check("NEWS", &["research"]);
    check("café news", &["research"]);
    check("énews", &["research"]);
    check("新闻 news 新闻", &["research"]);
}

#[test]
fn snapshot_of_a_message_corpus() {
    let text = std::fs::read_to_string(crate::data("messages.txt")).unwrap();
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("{l} => {:?}", skills_for_message(l)))
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}

proptest! {
    #[test]
    fn deterministic_ordered_and_unique(message in "\\PC{0,200}") {
        let first = match_skills(&message);
        prop_assert_eq!(&first, &match_skills(&message));
        let mut seen = std::collections::HashSet::new();
        for id in &first {
            prop_assert!(seen.insert(*id), "duplicate {}", id);
            prop_assert!(SKILLS.iter().any(|s| s.id == *id));
        }
    }

    #[test]
    fn appending_text_never_removes_a_skill(
        a in "[a-zA-Z0-9 ,.?!]{0,80}",
        b in "[a-zA-Z0-9 ,.?!]{0,80}",
    ) {
        let before = match_skills(&a);
        let after = match_skills(&format!("{a} {b}"));
        for id in before {
            prop_assert!(after.contains(&id), "{} lost", id);
        }
    }

    #[test]
    fn words_from_the_catalog_vocabulary(words in proptest::collection::vec(
        prop_oneof![
            Just("news"), Just("stock"), Just("pdf"), Just("tabs"), Just("password"),
            Just("shell"), Just("generate image"), Just("every day"), Just("excel"),
            Just("slides"), Just("docx"), Just("hello"), Just("at 5"), Just("mcp"),
        ],
        0..8,
    )) {
        let message = words.join(" ");
        let got = match_skills(&message);
        // Catalog ids come first in catalog order; extras may only follow.
        let positions: Vec<usize> = got
            .iter()
            .map(|id| SKILLS.iter().position(|s| s.id == *id).unwrap())
            .collect();
        let body_len = positions
            .windows(2)
            .position(|w| w[0] >= w[1])
            .map_or(positions.len(), |i| i + 1);
        for extra in &got[body_len..] {
            prop_assert!(*extra == "security" || *extra == "automation");
        }
    }
}
