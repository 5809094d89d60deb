//! The dev corpus (`tests/data/shell-dev.jsonl`) scored as its README says, plus our own
//! adversarial set. Thresholds are asserted; nothing is printed.

use crate::auto;
use aartiq_shell_policy::Decision;
use serde_json::Value;

pub(crate) fn load(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

pub(crate) fn decision(s: &str) -> Decision {
    match s {
        "allow" => Decision::Allow,
        "ask" => Decision::Ask,
        "deny" => Decision::Deny,
        other => panic!("unknown decision {other}"),
    }
}

#[test]
fn dev_corpus_meets_the_acceptance_thresholds() {
    let rows = load("shell-dev.jsonl");
    assert_eq!(rows.len(), 100);
    let s = crate::classes::tally(&rows);
    assert!(
        s.let_through.is_empty(),
        "ask/deny rows allowed: {:?}",
        s.let_through
    );
    assert!(
        s.denied * 100 >= s.deny_rows * 95,
        "denied {}/{}",
        s.denied,
        s.deny_rows
    );
    assert!(
        s.safe_allowed * 100 >= s.safe_rows * 90,
        "safe allowed {}/{}",
        s.safe_allowed,
        s.safe_rows
    );
    // Today's figures, so that a regression is seen even while above the thresholds. The one
    // deny row that asks is `cat ~/.ssh/id_ed25519`: a credential printed into the transcript
    // asks (secrets sent off the machine are denied); the copied corpus still expects deny.
    assert_eq!(
        (s.denied, s.deny_rows, s.safe_allowed, s.safe_rows),
        (47, 48, 21, 21)
    );
}

#[test]
fn dev_corpus_low_rows_are_never_denied() {
    for row in load("shell-dev.jsonl") {
        if row["expected_tier"].as_str() == Some("low") {
            let command = row["command"].as_str().unwrap();
            assert_ne!(auto(command).decision, Decision::Deny, "{command}");
        }
    }
}

#[test]
fn adversarial_set_matches_exactly() {
    let rows = load("adversarial.jsonl");
    let mut wrong = Vec::new();
    for row in &rows {
        let command = row["command"].as_str().unwrap();
        let expected = decision(row["expected_decision"].as_str().unwrap());
        let got = auto(command).decision;
        if got != expected {
            wrong.push(format!("{command:?}: expected {expected}, got {got}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    let s = crate::classes::tally(&rows);
    assert!(s.let_through.is_empty());
}

#[test]
fn bench_corpus_never_panics_and_blocks_the_obvious() {
    let text = std::fs::read_to_string(format!(
        "{}/../../benches/resources/shell-bench.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    assert_eq!(text.lines().count(), 5000);
    for line in text.lines() {
        let a = auto(line);
        if line.contains("| sh") && line.starts_with("curl") {
            assert_eq!(a.decision, Decision::Deny, "{line}");
        }
        if line.starts_with("sudo ") {
            assert_eq!(a.decision, Decision::Deny, "{line}");
        }
    }
}

#[test]
fn every_class_row_names_a_known_class_and_split() {
    let classes = [
        "data-becomes-code",
        "env-runs-code",
        "exec-option",
        "persistence",
        "two-step",
        "secrets-leaving",
        "shared-history",
        "never-ends",
        "evasive-spelling",
        "looks-dangerous",
    ];
    let rows = load("classes.jsonl");
    assert!(rows.len() >= 300);
    let deny = rows
        .iter()
        .filter(|r| r["expected_decision"] == "deny")
        .count();
    assert!(deny >= 150, "{deny} deny rows");
    for r in &rows {
        assert!(classes.contains(&r["class"].as_str().unwrap()), "{r}");
        assert!(
            matches!(
                r["split"].as_str(),
                Some(
                    "tune"
                        | "test"
                        | "test2"
                        | "test3"
                        | "test4"
                        | "test5"
                        | "test6"
                        | "test7"
                        | "test8"
                        | "test9"
                        | "test10"
                        | "test11"
                        | "test12"
                        | "test13"
                        | "test14"
                        | "test15"
                        | "test16"
                        | "test17"
                        | "test18"
                        | "test19"
                )
            ),
            "{r}"
        );
    }
    let held_out = rows.iter().filter(|r| r["split"] != "tune").count();
    // A third of each class of the first rows, rounded down, and every later split: at least 30%.
    assert!(held_out * 10 >= rows.len() * 3, "{held_out} held-out rows");
    for (split, least) in [
        ("test2", 60),
        ("test3", 120),
        ("test4", 50),
        ("test5", 90),
        ("test6", 90),
        ("test7", 100),
        ("test8", 150),
        ("test9", 200),
        ("test10", 250),
        ("test11", 200),
        ("test12", 250),
        ("test13", 220),
        ("test14", 250),
        ("test15", 300),
        ("test16", 450),
        ("test17", 300),
    ] {
        let n = rows.iter().filter(|r| r["split"] == split).count();
        assert!(n >= least, "{n} {split} rows");
    }
}
