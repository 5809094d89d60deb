//! Prints precision, recall and false-positive rate per category for a labelled corpus
//! (default: the crate's copy of `injection-dev.jsonl`), then the misclassified rows.
//! Usage: `cargo run --release -p aartiq-guard --example corpus_report [-- path.jsonl]`
// An example is a small binary: printing the report is its job.
#![allow(clippy::print_stdout)]

use std::collections::BTreeMap;

use aartiq_guard::{Action, Context, scan};
use serde_json::Value;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/injection-dev.jsonl"
        )
        .to_owned()
    });
    let data = std::fs::read_to_string(path)?;
    // category -> (label, tp, fn, fp, tn)
    let mut table: BTreeMap<(String, String), [usize; 4]> = BTreeMap::new();
    let mut misses = Vec::new();
    let mut totals = [0usize; 4];
    for (i, line) in data.lines().enumerate() {
        let row: Value = serde_json::from_str(line)?;
        let text = row["text"].as_str().unwrap_or_default();
        let label = row["label"].as_str().unwrap_or_default().to_owned();
        let category = row["category"].as_str().unwrap_or_default().to_owned();
        let v = scan(text, &Context::new());
        let flagged = v.action != Action::Allow;
        let injection = label == "injection";
        let slot = match (injection, flagged) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        table.entry((label.clone(), category.clone())).or_default()[slot] += 1;
        totals[slot] += 1;
        if slot == 1 || slot == 2 {
            let top: Vec<String> = v
                .threats
                .iter()
                .take(3)
                .map(|t| format!("{}={}", t.label, t.severity))
                .collect();
            let snippet: String = text.chars().take(110).collect();
            misses.push(format!(
                "row {i} [{category}] {} score={} {:?}\n    {snippet:?}",
                v.action.as_str(),
                v.score,
                top
            ));
        }
    }
    println!("| label | category | rows | flagged | recall | FPR |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for ((label, category), [tp, fnn, fp, tn]) in &table {
        let rows = tp + fnn + fp + tn;
        if label == "injection" {
            println!(
                "| injection | {category} | {rows} | {tp} | {:.2} | - |",
                *tp as f64 / rows as f64
            );
        } else {
            println!(
                "| benign | {category} | {rows} | {fp} | - | {:.3} |",
                *fp as f64 / rows as f64
            );
        }
    }
    let [tp, fnn, fp, tn] = totals;
    let recall = tp as f64 / (tp + fnn) as f64;
    let fpr = fp as f64 / (fp + tn) as f64;
    let precision = tp as f64 / (tp + fp).max(1) as f64;
    println!(
        "\noverall: recall {recall:.3} ({tp}/{}), FPR {fpr:.3} ({fp}/{}), precision {precision:.3}",
        tp + fnn,
        fp + tn
    );
    for m in misses {
        println!("{m}");
    }
    Ok(())
}
