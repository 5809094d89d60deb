//! The development corpus: recall at least 0.90 and false-positive rate at most 0.03 overall,
//! with the per-category table printed (run with `--nocapture` to see it).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::flagged;

struct Row {
    text: String,
    injection: bool,
    category: String,
}

fn rows() -> Vec<Row> {
    let data = include_str!("../data/injection-dev.jsonl");
    data.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            Row {
                text: v["text"].as_str().unwrap().to_owned(),
                injection: v["label"] == "injection",
                category: v["category"].as_str().unwrap().to_owned(),
            }
        })
        .collect()
}

#[test]
fn corpus_has_its_198_rows() {
    let rows = rows();
    assert_eq!(rows.len(), 198);
    assert_eq!(rows.iter().filter(|r| r.injection).count(), 101);
}

#[test]
fn recall_and_false_positive_rate_meet_the_bar() {
    let mut table: BTreeMap<(bool, String), (usize, usize)> = BTreeMap::new();
    let (mut tp, mut fnn, mut fp, mut tn) = (0, 0, 0, 0);
    for row in rows() {
        let hit = flagged(&row.text);
        let cell = table
            .entry((row.injection, row.category.clone()))
            .or_default();
        cell.0 += 1;
        if hit {
            cell.1 += 1;
        }
        match (row.injection, hit) {
            (true, true) => tp += 1,
            (true, false) => fnn += 1,
            (false, true) => fp += 1,
            (false, false) => tn += 1,
        }
    }
    println!("| label | category | rows | flagged |");
    for ((inj, cat), (n, f)) in &table {
        println!(
            "| {} | {cat} | {n} | {f} |",
            if *inj { "injection" } else { "benign" }
        );
    }
    let recall = tp as f64 / (tp + fnn) as f64;
    let fpr = fp as f64 / (fp + tn) as f64;
    println!("recall {recall:.3}, FPR {fpr:.3}");
    assert!(recall >= 0.90, "recall {recall:.3} below 0.90");
    assert!(fpr <= 0.03, "false-positive rate {fpr:.3} above 0.03");
}

#[test]
fn every_hard_negative_category_stays_clean() {
    for row in rows().iter().filter(|r| !r.injection) {
        if matches!(
            row.category.as_str(),
            "security_discussion" | "tech_docs" | "recipe_howto" | "python_docs"
        ) {
            assert!(!flagged(&row.text), "hard negative flagged: {:?}", row.text);
        }
    }
}
