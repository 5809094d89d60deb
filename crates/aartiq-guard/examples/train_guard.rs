//! Trains the combiner and writes `model/combiner.txt` and `model/MANIFEST.md`
//! (`cargo run --release -p aartiq-guard --example train_guard`), checks the committed files
//! (`-- --check`), prints the docs tables (`-- --docs`), explains one verdict read from
//! standard input (`-- --explain`), or prints the evaluation tables
//! (`-- --eval`): recall and false-positive
//! rate with Wilson intervals on the pre-registered set and the dev set, per category, and
//! leave-one-family-out and leave-one-language-out recall (`--loo-set PATH`, repeatable, adds a
//! set to the leave-one-out tables; `--no-loo` skips them). `-- --try [per_cell epochs lr l2]`
//! trains in memory (optionally with other hyperparameters) and prints recall and FPR on the
//! validation sets (`prereg2`, dev; `-v` lists the errors with their window probability, `-f`
//! the generated validation split by family, `-x` scores lines of standard input, `-j` JSON
//! lines of standard input), writing
//! nothing. `cargo xtask train-guard` runs the same training code.
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
        let t = training::train_committed()?;
        println!(
            "{} {} (combiner p {:.3}, threshold {})",
            v.action.as_str(),
            v.score,
            t.best_probability(&text),
            t.threshold()
        );
        for (c, t) in training::concept_hits(&text) {
            println!("  hit {} {t:?}", c.as_str());
        }
        for e in &v.evidence {
            let piece = text.get(e.span.start..e.span.end).unwrap_or("?");
            println!("  {} {:?}", e.concept.as_str(), piece);
        }
        return Ok(());
    }
    if let Some(pos) = args.iter().position(|a| a == "--try") {
        // Trains with other hyperparameters (`--try per_cell epochs learning_rate l2`) and
        // prints the overall figures on the validation sets, writing nothing.
        let num = |i: usize| args.get(pos + i).and_then(|a| a.parse::<f64>().ok());
        let mut hyper = HYPER;
        if let (Some(p), Some(e), Some(lr), Some(l2)) = (num(1), num(2), num(3), num(4)) {
            hyper.per_cell = p as usize;
            hyper.epochs = e as usize;
            hyper.learning_rate = lr;
            hyper.l2 = l2;
        }
        let (dev_l, test_l) = training::evaluation_sets();
        let t = training::train(&hyper, &dev_l, &test_l, &|_| false)?;
        let g = t.guard(Config::default())?;
        let fresh = rows(include_str!("../tests/data/prereg2/prereg2.jsonl"));
        let dev = rows(include_str!("../tests/data/injection-dev.jsonl"));
        for (name, set) in [("prereg2", &fresh), ("dev", &dev)] {
            let (mut tp, mut pos, mut fp, mut neg) = (0, 0, 0, 0);
            for r in set.iter() {
                let f = flagged(&g, &r.text);
                if r.injection {
                    pos += 1;
                    tp += usize::from(f);
                } else {
                    neg += 1;
                    fp += usize::from(f);
                }
            }
            println!("{name}: recall {} FPR {}", rate(tp, pos), rate(fp, neg));
            if args.iter().any(|a| a == "-v") {
                for r in set.iter() {
                    if r.injection != flagged(&g, &r.text) {
                        let head: String = r.text.chars().take(90).collect();
                        println!(
                            "  {} {} {} p={:.3} {head:?}",
                            if r.injection { "miss" } else { "fp" },
                            r.category,
                            r.language,
                            t.best_probability(&r.text)
                        );
                    }
                }
            }
        }
        println!(
            "{}",
            t.manifest
                .lines()
                .find(|l| l.contains("Threshold"))
                .unwrap_or("")
        );
        if args.iter().any(|a| a == "-j") {
            // JSON lines of standard input (`{"text": ...}`), each answered with `J 1` when this
            // run's scanner flags it and `J 0` when not, in order.
            let mut input = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)?;
            for line in input.lines() {
                let text = json_string_field(line, "text").unwrap_or_default();
                println!("J {}", u8::from(flagged(&g, &text)));
            }
        }
        if args.iter().any(|a| a == "-x") {
            // Lines of standard input, each with this run's verdict and window probability.
            let mut input = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)?;
            for line in input.lines() {
                println!(
                    "  {} p={:.3} {line}",
                    flagged(&g, line),
                    t.best_probability(line)
                );
            }
        }
        if args.iter().any(|a| a == "-f") {
            // Per generated family of the validation split: rows, and rows at or above 0.5,
            // 0.8 and the threshold.
            let mut fam: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
            for (i, r) in training::generate(hyper.seed, hyper.per_cell)
                .iter()
                .enumerate()
            {
                if i % hyper.validation_every != 0 {
                    continue;
                }
                let p = t.best_probability(&r.text);
                let e = fam.entry(r.family).or_default();
                e[0] += 1;
                e[1] += usize::from(p >= 0.5);
                e[2] += usize::from(p >= 0.8);
                e[3] += usize::from(p >= t.threshold());
                if !r.injection && p >= 0.85 && args.iter().any(|a| a == "-v") {
                    println!("  high benign {} p={p:.3} {:?}", r.family, r.text);
                }
            }
            for (f, c) in fam {
                println!("  {f}: {c:?}");
            }
        }
        return Ok(());
    }
    if args.iter().any(|a| a == "--docs") {
        print!("{}", training::docs_tables());
        return Ok(());
    }
    if args.iter().any(|a| a == "--eval") {
        let fifth = rows(include_str!("../tests/data/prereg5/prereg5.jsonl"));
        let fourth = rows(include_str!("../tests/data/prereg4/prereg4.jsonl"));
        let third = rows(include_str!("../tests/data/prereg3/prereg3.jsonl"));
        let fresh = rows(include_str!("../tests/data/prereg2/prereg2.jsonl"));
        let test = rows(include_str!("../tests/data/prereg-test.jsonl"));
        let dev = rows(include_str!("../tests/data/injection-dev.jsonl"));
        let guard = Guard::new(Config::default())?;
        table(
            "Fifth pre-registered set prereg5 (committed model)",
            &guard,
            &fifth,
        );
        table(
            "Fourth pre-registered set prereg4 (committed model)",
            &guard,
            &fourth,
        );
        table(
            "Third pre-registered set prereg3 (committed model)",
            &guard,
            &third,
        );
        table(
            "Second pre-registered set prereg2 (committed model)",
            &guard,
            &fresh,
        );
        table(
            "First pre-registered set prereg-test (committed model)",
            &guard,
            &test,
        );
        table("Dev set (committed model)", &guard, &dev);
        // The generated validation split (one row in `validation_every`), whole scanner.
        let validation: Vec<EvalRow> = training::generate(HYPER.seed, HYPER.per_cell)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % HYPER.validation_every == 0)
            .map(|(_, r)| EvalRow {
                text: r.text,
                injection: r.injection,
                category: r.family.to_owned(),
                family: r.family.to_owned(),
                language: r.language.to_owned(),
            })
            .collect();
        table(
            "Generated validation split (committed model, whole scanner)",
            &guard,
            &validation,
        );
        if args.iter().any(|a| a == "--no-loo") {
            return Ok(());
        }
        // The sets scored by the leave-one-out tables: three committed ones, and any set named
        // by `--loo-set PATH` (read at run time; a set is scored once, so this is how a new
        // held-out set gets its leave-one-out figures).
        let mut sets: Vec<(String, Vec<EvalRow>)> = vec![
            ("prereg3".to_owned(), third),
            ("prereg2".to_owned(), fresh),
            ("prereg".to_owned(), test),
        ];
        for (i, a) in args.iter().enumerate() {
            if a == "--loo-set" {
                let path = args.get(i + 1).ok_or("--loo-set needs a path")?;
                let name = std::path::Path::new(path)
                    .file_stem()
                    .map_or_else(|| path.clone(), |s| s.to_string_lossy().into_owned());
                sets.push((name, rows(&std::fs::read_to_string(path)?)));
            }
        }
        let (dev_l, test_l) = training::evaluation_sets();
        // One retraining per held-out family or language, scored on every set.
        let held_out = |g: &Guard,
                        pick: &dyn Fn(&EvalRow) -> bool,
                        totals: &mut [(usize, usize)]| {
            let mut cells = Vec::new();
            for (i, (_, set)) in sets.iter().enumerate() {
                let held: Vec<&EvalRow> = set.iter().filter(|r| r.injection && pick(r)).collect();
                let k = held.iter().filter(|r| flagged(g, &r.text)).count();
                totals[i].0 += k;
                totals[i].1 += held.len();
                cells.push(if held.is_empty() {
                    "-".to_owned()
                } else {
                    rate(k, held.len())
                });
            }
            cells.join(" | ")
        };
        let header = |first: &str| {
            let names: Vec<String> = sets
                .iter()
                .map(|(name, _)| format!("{name} recall [95% Wilson]"))
                .collect();
            println!("| {first} | {} |", names.join(" | "));
            println!("| --- |{}", " --- |".repeat(sets.len()));
        };
        let footer = |totals: &[(usize, usize)]| {
            // A set without the field held out (a `family` the generator knows) has no rows.
            let cells: Vec<String> = totals
                .iter()
                .map(|&(k, n)| if n == 0 { "-".to_owned() } else { rate(k, n) })
                .collect();
            println!("| **all held-out rows** | {} |\n", cells.join(" | "));
        };
        println!("## Leave-one-family-out recall (retrained without the family)\n");
        header("family held out");
        let mut totals = vec![(0, 0); sets.len()];
        for &fam in FAMILIES {
            let t = training::train(&HYPER, &dev_l, &test_l, &|r: &Row| r.family == fam)?;
            let g = t.guard(Config::default())?;
            let cells = held_out(&g, &|r| r.family == fam, &mut totals);
            println!("| {fam} | {cells} |");
        }
        footer(&totals);
        let mut langs: Vec<&str> = sets
            .iter()
            .flat_map(|(_, set)| set.iter())
            .filter(|r| r.injection)
            .map(|r| r.language.as_str())
            .collect();
        langs.sort_unstable();
        langs.dedup();
        let codes: Vec<&str> = training::lexicon_codes().iter().map(|(c, _)| *c).collect();
        println!(
            "## Leave-one-language-out recall (retrained without the language's rows; lexicon kept)\n"
        );
        println!(
            "Languages without a lexicon are scored with the committed model (nothing to hold out).\n"
        );
        header("language held out");
        let mut totals = vec![(0, 0); sets.len()];
        for &lang in &langs {
            let cells = if codes.contains(&lang) {
                let t = training::train(&HYPER, &dev_l, &test_l, &|r: &Row| r.language == lang)?;
                held_out(
                    &t.guard(Config::default())?,
                    &|r| r.language == lang,
                    &mut totals,
                )
            } else {
                held_out(&guard, &|r| r.language == lang, &mut totals)
            };
            println!("| {lang} | {cells} |");
        }
        footer(&totals);
        println!("## Strict leave-one-language-out recall: rows and lexicon removed\n");
        header("language held out");
        let mut totals = vec![(0, 0); sets.len()];
        for &lang in &langs {
            let cells = if codes.contains(&lang) {
                let code = training::lexicon_codes()
                    .iter()
                    .map(|(c, _)| *c)
                    .find(|c| *c == lang)
                    .unwrap_or("en");
                let t = training::train_without_lexicon(
                    &HYPER,
                    &dev_l,
                    &test_l,
                    &|r: &Row| r.language == lang,
                    Some(code),
                )?;
                held_out(
                    &t.guard(Config::default())?,
                    &|r| r.language == lang,
                    &mut totals,
                )
            } else {
                held_out(&guard, &|r| r.language == lang, &mut totals)
            };
            println!("| {lang} | {cells} |");
        }
        footer(&totals);
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
