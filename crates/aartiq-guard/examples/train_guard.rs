//! Trains the combiner and writes `model/combiner.txt` and `model/MANIFEST.md`
//! (`cargo run --release -p aartiq-guard --example train_guard`), checks the committed files
//! (`-- --check`), prints the docs tables (`-- --docs`), explains one verdict read from
//! standard input (`-- --explain`), or prints the evaluation tables
//! (`-- --eval`): recall and false-positive
//! rate with Wilson intervals on the pre-registered set and the dev set, per category, and
//! leave-one-family-out and leave-one-language-out recall. `cargo xtask train-guard` runs the
//! same code.
// An example is a small binary: printing its output is its job.
#![allow(clippy::print_stdout)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use aartiq_guard::training::{self, FAMILIES, HYPER, Row, json_string_field};
use aartiq_guard::{Action, Config, Context, Guard};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

struct EvalRow {
    text: String,
    injection: bool,
    category: String,
    family: String,
    language: String,
}

fn rows(data: &str) -> Vec<EvalRow> {
    data.lines()
        .filter_map(|l| {
            Some(EvalRow {
                text: json_string_field(l, "text")?,
                injection: json_string_field(l, "label")? == "injection",
                category: json_string_field(l, "category").unwrap_or_default(),
                family: json_string_field(l, "family").unwrap_or_default(),
                language: json_string_field(l, "language").unwrap_or_default(),
            })
        })
        .collect()
}

fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = p + z * z / (2.0 * n);
    let r = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (((c - r) / d).max(0.0), ((c + r) / d).min(1.0))
}

fn rate(k: usize, n: usize) -> String {
    let (lo, hi) = wilson(k, n);
    let p = if n == 0 { 0.0 } else { k as f64 / n as f64 };
    format!("{k}/{n} = {p:.3} [{lo:.3}, {hi:.3}]")
}

fn flagged(guard: &Guard, text: &str) -> bool {
    guard.scan(text, &Context::new()).action != Action::Allow
}

fn table(name: &str, guard: &Guard, set: &[EvalRow]) {
    let (mut tp, mut pos, mut fp, mut neg) = (0, 0, 0, 0);
    let mut cats: BTreeMap<(bool, &str), (usize, usize)> = BTreeMap::new();
    for r in set {
        let f = flagged(guard, &r.text);
        let e = cats.entry((r.injection, r.category.as_str())).or_default();
        e.1 += 1;
        if r.injection {
            pos += 1;
            tp += usize::from(f);
            e.0 += usize::from(f);
        } else {
            neg += 1;
            fp += usize::from(f);
            e.0 += usize::from(f);
        }
    }
    println!("## {name}\n");
    println!("recall {} | FPR {}\n", rate(tp, pos), rate(fp, neg));
    println!("| label | category | flagged | rate [95% Wilson] |\n| --- | --- | --- | --- |");
    for ((inj, cat), (k, n)) in &cats {
        let label = if *inj { "injection" } else { "benign" };
        println!("| {label} | {cat} | {k}/{n} | {} |", rate(*k, *n));
    }
    println!();
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("model");
    if args.iter().any(|a| a == "--explain") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)?;
        let v = aartiq_guard::scan(&text, &Context::new());
        println!("{} {}", v.action.as_str(), v.score);
        for (c, t) in training::concept_hits(&text) {
            println!("  hit {} {t:?}", c.as_str());
        }
        for e in &v.evidence {
            let piece = text.get(e.span.start..e.span.end).unwrap_or("?");
            println!("  {} {:?}", e.concept.as_str(), piece);
        }
        return Ok(());
    }
    if args.iter().any(|a| a == "--docs") {
        print!("{}", training::docs_tables());
        return Ok(());
    }
    if args.iter().any(|a| a == "--eval") {
        let test = rows(include_str!("../tests/data/prereg-test.jsonl"));
        let dev = rows(include_str!("../tests/data/injection-dev.jsonl"));
        let guard = Guard::new(Config::default())?;
        table("Pre-registered test set (committed model)", &guard, &test);
        table("Dev set (committed model)", &guard, &dev);
        if args.iter().any(|a| a == "--no-loo") {
            return Ok(());
        }
        let (dev_l, test_l) = training::evaluation_sets();
        println!("## Leave-one-family-out recall (pre-registered set)\n");
        println!("| family held out | recall [95% Wilson] |\n| --- | --- |");
        let (mut k_all, mut n_all) = (0, 0);
        for &fam in FAMILIES {
            let held: Vec<&EvalRow> = test
                .iter()
                .filter(|r| r.injection && r.family == fam)
                .collect();
            if held.is_empty() {
                continue;
            }
            let t = training::train(&HYPER, &dev_l, &test_l, &|r: &Row| r.family == fam)?;
            let g = t.guard(Config::default())?;
            let k = held.iter().filter(|r| flagged(&g, &r.text)).count();
            k_all += k;
            n_all += held.len();
            println!("| {fam} | {} |", rate(k, held.len()));
        }
        println!("| **all held-out rows** | {} |\n", rate(k_all, n_all));
        println!("## Leave-one-language-out recall (pre-registered set)\n");
        println!("| language held out | recall |\n| --- | --- |");
        let mut langs: Vec<&str> = test
            .iter()
            .filter(|r| r.injection)
            .map(|r| r.language.as_str())
            .collect();
        langs.sort_unstable();
        langs.dedup();
        let (mut k_all, mut n_all) = (0, 0);
        for lang in langs {
            let held: Vec<&EvalRow> = test
                .iter()
                .filter(|r| r.injection && r.language == lang)
                .collect();
            let t = training::train(&HYPER, &dev_l, &test_l, &|r: &Row| r.language == lang)?;
            let g = t.guard(Config::default())?;
            let k = held.iter().filter(|r| flagged(&g, &r.text)).count();
            k_all += k;
            n_all += held.len();
            println!("| {lang} | {k}/{} |", held.len());
        }
        println!("| **all held-out rows** | {} |\n", rate(k_all, n_all));
        println!("## Strict leave-one-language-out recall: rows and lexicon removed\n");
        println!("| language held out | recall |\n| --- | --- |");
        let (mut k_all, mut n_all) = (0, 0);
        for &(code, _) in aartiq_guard::training::lexicon_codes() {
            let held: Vec<&EvalRow> = test
                .iter()
                .filter(|r| r.injection && r.language == code)
                .collect();
            if held.is_empty() {
                continue;
            }
            let t = training::train_without_lexicon(
                &HYPER,
                &dev_l,
                &test_l,
                &|r: &Row| r.language == code,
                Some(code),
            )?;
            let g = t.guard(Config::default())?;
            let k = held.iter().filter(|r| flagged(&g, &r.text)).count();
            k_all += k;
            n_all += held.len();
            println!("| {code} | {k}/{} |", held.len());
        }
        println!("| **all held-out rows** | {} |", rate(k_all, n_all));
        return Ok(());
    }
    let trained = training::train_committed()?;
    let weights_path = dir.join("combiner.txt");
    let manifest_path = dir.join("MANIFEST.md");
    if args.iter().any(|a| a == "--check") {
        let same = std::fs::read_to_string(&weights_path)? == trained.weights
            && std::fs::read_to_string(&manifest_path)? == trained.manifest;
        if !same {
            return Err("committed weights differ from a fresh training run".into());
        }
        println!("weights and manifest reproduce byte for byte");
        return Ok(());
    }
    std::fs::create_dir_all(&dir)?;
    std::fs::write(&weights_path, &trained.weights)?;
    std::fs::write(&manifest_path, &trained.manifest)?;
    println!(
        "wrote {} and {}",
        weights_path.display(),
        manifest_path.display()
    );
    Ok(())
}
