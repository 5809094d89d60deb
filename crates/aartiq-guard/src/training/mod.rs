//! Training the combiner (used by `cargo xtask train-guard` and the crate's reproducibility
//! test; not part of the scanning API). Everything is deterministic: the generated corpus, the
//! decontamination, the shuffle and the logistic regression run in a fixed order in `f64`, so
//! the weights file comes out byte for byte the same.

mod corpus;

use std::collections::HashSet;

pub use corpus::{FAMILIES, Row, generate};

use crate::engine::Engine;
use crate::engine::combiner::{DIMS, Model};
use crate::error::GuardError;

/// Hyperparameters, recorded in the manifest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hyper {
    /// Corpus seed.
    pub seed: u64,
    /// Rows per (language, family) cell.
    pub per_cell: usize,
    /// Passes over the training rows.
    pub epochs: usize,
    /// Initial learning rate (decays as `lr / (1 + epoch)`).
    pub learning_rate: f64,
    /// L2 penalty per update.
    pub l2: f64,
    /// One row in `validation_every` goes to validation instead of training.
    pub validation_every: usize,
}

/// The hyperparameters of the committed model.
pub const HYPER: Hyper = Hyper {
    seed: 0x00A4_7219_C0DE_2026,
    per_cell: 6,
    epochs: 12,
    learning_rate: 0.2,
    l2: 1e-3,
    validation_every: 5,
};

/// A labelled text from a JSON-lines evaluation file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labelled {
    /// The text.
    pub text: String,
    /// Whether it is an injection.
    pub injection: bool,
}

/// Word 8-grams of a text (lower case, split on whitespace), hashed.
fn eight_grams(text: &str) -> Vec<u64> {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    words
        .windows(8)
        .map(|w| {
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for b in w.join(" ").bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
            }
            h
        })
        .collect()
}

/// The outcome of a training run.
#[derive(Debug, Clone, PartialEq)]
pub struct Trained {
    /// The weights file, as committed.
    pub weights: String,
    /// The manifest, as committed.
    pub manifest: String,
    /// The model itself.
    model: Model,
    /// The lexicon left out of the scanner, if any.
    lexicon: Option<&'static str>,
}

/// How many windows and rows a run used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Counts {
    generated: usize,
    dropped_dev: usize,
    dropped_test: usize,
    train_rows: usize,
    validation_rows: usize,
    windows: usize,
}

/// FNV-1a 64 of a text, as hex (the manifest's content hashes).
pub fn fnv_hex(text: &str) -> String {
    format!("{:016x}", fnv(text))
}

/// FNV-1a 64 of a text.
fn fnv(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

/// Reads `{"text", "label"}` JSON lines without a JSON dependency: only the two fields the
/// evaluation needs, with the escapes JSON allows.
pub fn parse_jsonl(data: &str) -> Vec<Labelled> {
    data.lines()
        .filter_map(|line| {
            let text = json_string_field(line, "text")?;
            let label = json_string_field(line, "label")?;
            Some(Labelled {
                text,
                injection: label == "injection",
            })
        })
        .collect()
}

/// The value of string field `key` in one JSON object line.
pub fn json_string_field(line: &str, key: &str) -> Option<String> {
    let pat = format!("\"{key}\": \"");
    let alt = format!("\"{key}\":\"");
    let start = line
        .find(&pat)
        .map(|p| p + pat.len())
        .or_else(|| line.find(&alt).map(|p| p + alt.len()))?;
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let mut code = u32::from_str_radix(&hex, 16).ok()?;
                    if (0xD800..0xDC00).contains(&code) {
                        let rest: String = chars.by_ref().take(6).collect();
                        let low = u32::from_str_radix(rest.get(2..)?, 16).ok()?;
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    }
                    out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// Trains the combiner on the generated corpus minus the rows `exclude` rejects, decontaminated
/// against `dev` and `test`; picks the threshold on `dev` plus the validation split.
///
/// # Errors
/// [`GuardError`] if the built-in rules or lexicons do not compile.
pub fn train(
    hyper: &Hyper,
    dev: &[Labelled],
    test: &[Labelled],
    exclude: &dyn Fn(&Row) -> bool,
) -> Result<Trained, GuardError> {
    train_without_lexicon(hyper, dev, test, exclude, None)
}

/// [`train`] with one language's lexicon removed from the scanner as well (the strict
/// leave-one-language-out evaluation: that language is then unknown to every stage).
///
/// # Errors
/// [`GuardError`] if the built-in rules or lexicons do not compile.
pub fn train_without_lexicon(
    hyper: &Hyper,
    dev: &[Labelled],
    test: &[Labelled],
    exclude: &dyn Fn(&Row) -> bool,
    lexicon: Option<&'static str>,
) -> Result<Trained, GuardError> {
    let engine = engine_without(lexicon)?;
    let dev_grams: HashSet<u64> = dev.iter().flat_map(|r| eight_grams(&r.text)).collect();
    let test_grams: HashSet<u64> = test.iter().flat_map(|r| eight_grams(&r.text)).collect();
    let mut counts = Counts::default();
    let mut train_set: Vec<(Vec<Vec<u32>>, bool, u64)> = Vec::new();
    let mut validation: Vec<(Vec<Vec<u32>>, bool)> = Vec::new();
    for row in &generate(hyper.seed, hyper.per_cell) {
        counts.generated += 1;
        if exclude(row) {
            continue;
        }
        let grams = eight_grams(&row.text);
        if grams.iter().any(|g| dev_grams.contains(g)) {
            counts.dropped_dev += 1;
            continue;
        }
        if grams.iter().any(|g| test_grams.contains(g)) {
            counts.dropped_test += 1;
            continue;
        }
        let mut windows = engine.window_features(&row.text);
        if row.hidden {
            for w in &mut windows {
                crate::engine::combiner::mark_hidden(w);
            }
        }
        counts.windows += windows.len();
        // The split and the shuffle go by the row's own text, not its position in the corpus,
        // so rows added elsewhere in the corpus move no row between the splits and leave the
        // relative order of the others unchanged.
        let key = fnv(&row.text);
        if key.is_multiple_of(hyper.validation_every.max(1) as u64) {
            counts.validation_rows += 1;
            validation.push((windows, row.injection));
        } else {
            counts.train_rows += 1;
            train_set.push((windows, row.injection, key));
        }
    }
    // Window examples: every window of a benign row is negative; the strongest-concept window
    // of an injection row is positive (its other windows carry no label).
    let mut examples: Vec<(&[u32], f64)> = Vec::new();
    let mut keys: Vec<u64> = Vec::new();
    for (windows, injection, key) in &train_set {
        if *injection {
            if let Some(w) = windows.iter().max_by_key(|w| w.len()) {
                examples.push((w, 1.0));
                keys.push(*key);
            }
        } else {
            for (n, w) in windows.iter().enumerate() {
                examples.push((w.as_slice(), 0.0));
                keys.push(key.wrapping_add((n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)));
            }
        }
    }
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut weights = vec![0.0f64; DIMS];
    for epoch in 0..hyper.epochs {
        // Each epoch's order: the examples sorted by a seeded hash of their own key (ties by
        // position), a shuffle in which an added example does not move the others.
        let salt = corpus::cell_rng(hyper.seed, &["shuffle", &epoch.to_string()]).next();
        let mut ranked: Vec<(u64, usize)> = keys
            .iter()
            .enumerate()
            .map(|(k, key)| (corpus::Rng::new(key ^ salt).next(), k))
            .collect();
        ranked.sort_unstable();
        order.clear();
        order.extend(ranked.iter().map(|&(_, k)| k));
        let lr = hyper.learning_rate / (1.0 + epoch as f64);
        for &k in &order {
            let (features, y) = examples[k];
            let z: f64 = features.iter().map(|&f| weights[f as usize]).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let g = p - y;
            for &f in features {
                let w = &mut weights[f as usize];
                *w -= lr * (g + hyper.l2 * *w);
            }
        }
    }
    let mut model = Model {
        weights: weights.iter().map(|w| (w * 1e6).round() / 1e6).collect(),
        threshold: 0.5,
    };
    model.threshold = choose_threshold(&engine, &model, dev, &validation);
    let weights_file = model.render(
        "aartiq-guard combiner weights (logistic regression over window features).\n\
         Rebuilt by `cargo xtask train-guard`; see model/MANIFEST.md. Do not edit by hand.",
    );
    let manifest = manifest(hyper, &counts, &model, &weights_file);
    Ok(Trained {
        weights: weights_file,
        manifest,
        model,
        lexicon,
    })
}

fn engine_without(lexicon: Option<&str>) -> Result<Engine, GuardError> {
    match lexicon {
        None => Engine::untrained(),
        Some(lang) => Ok(Engine::untrained()?
            .with_concepts(crate::engine::concepts::ConceptIndex::without(Some(lang))?)),
    }
}

/// The pre-registered rule: the lowest threshold on a 0.01 grid at which the false-positive
/// rate is at most 1 % on the dev set's benign rows (whole scanner) and on the validation
/// split's benign rows (combiner alone).
fn choose_threshold(
    engine: &Engine,
    model: &Model,
    dev: &[Labelled],
    validation: &[(Vec<Vec<u32>>, bool)],
) -> f64 {
    let never = Model {
        weights: model.weights.clone(),
        threshold: 1.0,
    };
    let rules_only = Engine::untrained().map(|e| e.with_model(never));
    let dev_parts: Vec<(bool, f64)> = match &rules_only {
        Ok(e) => dev
            .iter()
            .filter(|r| !r.injection)
            .map(|r| crate::engine::scan_parts(e, &r.text))
            .collect(),
        Err(_) => Vec::new(),
    };
    let _ = engine;
    let val_p: Vec<f64> = validation
        .iter()
        .filter(|(_, inj)| !inj)
        .map(|(ws, _)| ws.iter().map(|w| model.probability(w)).fold(0.0, f64::max))
        .collect();
    for step in 1..100 {
        let t = f64::from(step) / 100.0;
        let dev_fp = dev_parts.iter().filter(|(r, p)| *r || *p >= t).count();
        let val_fp = val_p.iter().filter(|&&p| p >= t).count();
        let ok = |fp: usize, n: usize| n == 0 || fp as f64 <= 0.01 * n as f64;
        if ok(dev_fp, dev_parts.len()) && ok(val_fp, val_p.len()) {
            return t;
        }
    }
    0.99
}

fn manifest(hyper: &Hyper, c: &Counts, model: &Model, weights: &str) -> String {
    let nonzero = model.weights.iter().filter(|w| **w != 0.0).count();
    let lexicons: Vec<String> = crate::concept::LEXICONS
        .iter()
        .map(|(code, text)| {
            format!(
                "| `lexicons/{code}.tsv` | CC0-1.0 (written for this crate) | `{}` |",
                fnv_hex(text)
            )
        })
        .collect();
    format!(
        "# aartiq-guard combiner manifest\n\n\
         Generated by `cargo xtask train-guard` together with `combiner.txt`; `cargo xtask\n\
         train-guard --check` (and the crate test `committed_weights_are_reproducible`) fails if\n\
         either differs from a fresh run. Hashes are FNV-1a 64 of the file contents.\n\n\
         ## Model\n\
         Logistic regression over window features (512-byte windows, stride 256): concept\n\
         unigrams, pairs and triples, rule labels, flags (quoted, code, strong rule, 3/4/5\n\
         concepts, addressed to the AI, inside a decoded or hidden view). Rows of the corpus\n\
         that stand for what a view yields are trained with the view flag. {dims} features, {nonzero} non-zero weights. Threshold {t:.2}.\n\
         Weights file hash: `{wh}`.\n\n\
         ## Hyperparameters\n\
         seed {seed:#x}; {per_cell} rows per (language, family) cell, each cell drawn from its own\n\
         stream seeded by the seed and the cell's name; {epochs} epochs of SGD, each in the order\n\
         of a seeded hash of every example's text; learning rate {lr} / (1 + epoch); L2 {l2};\n\
         one row in {ve} (by the hash of its text) held out for validation. Positive example per injection row: its window with the\n\
         most features; every window of a benign row is a negative example.\n\n\
         ## Threshold rule (written before training; see `tests/data/README.md`)\n\
         Lowest threshold on a 0.01 grid with false-positive rate <= 1 % on the benign rows of\n\
         `tests/data/injection-dev.jsonl` (whole scanner) and of the validation split (combiner\n\
         alone). The pre-registered sets (`tests/data/prereg-test.jsonl` and\n\
         `tests/data/prereg2` to `tests/data/prereg21`) are never used here.\n\n\
         ## Corpus and decontamination\n\
         {generated} rows generated by `src/training/corpus.rs` (CC0-1.0, our own templates over\n\
         the lexicons; no third-party data; every lexicon generates rows). Dropped for sharing a\n\
         word 8-gram with the dev set:\n\
         {dd}; with the pre-registered test sets: {dt}. Training rows {tr}, validation rows {vr},\n\
         windows {w}.\n\n\
         Never used for training: garak, AgentDojo, PromptInject, InjecAgent, CPython's\n\
         documentation, `injection-dev.jsonl`, `prereg-test.jsonl`, `prereg2.jsonl` to\n\
         `prereg21.jsonl`.\n\n\
         ## Sources\n\
         | file | licence | hash |\n| --- | --- | --- |\n\
         | `src/training/corpus.rs` (generator) | CC0-1.0 | (code) |\n{lex}\n",
        dims = DIMS,
        t = model.threshold,
        wh = fnv_hex(weights),
        seed = hyper.seed,
        per_cell = hyper.per_cell,
        epochs = hyper.epochs,
        lr = hyper.learning_rate,
        l2 = hyper.l2,
        ve = hyper.validation_every,
        generated = c.generated,
        dd = c.dropped_dev,
        dt = c.dropped_test,
        tr = c.train_rows,
        vr = c.validation_rows,
        w = c.windows,
        lex = lexicons.join("\n"),
    )
}

impl Trained {
    /// A scanner that uses this run's weights (for leave-one-out evaluation).
    ///
    /// # Errors
    /// [`GuardError`] if the built-in rules or lexicons do not compile.
    pub fn guard(&self, config: crate::Config) -> Result<crate::Guard, GuardError> {
        crate::Guard::with_engine(
            config,
            engine_without(self.lexicon)?.with_model(self.model.clone()),
        )
    }

    /// The combiner threshold of this run.
    pub fn threshold(&self) -> f64 {
        self.model.threshold
    }

    /// The highest window probability this run's combiner gives `text` (the text itself, no
    /// decoded views), for reading a model's margins.
    pub fn best_probability(&self, text: &str) -> f64 {
        match engine_without(self.lexicon) {
            Ok(e) => e
                .window_features(text)
                .iter()
                .map(|w| self.model.probability(w))
                .fold(0.0, f64::max),
            Err(_) => 0.0,
        }
    }
}

/// The dev set, and the pre-registered test sets together (`prereg-test.jsonl` and
/// `prereg2` to `prereg21`), as compiled into the crate: the first is validation data, the
/// second only ever decontaminates the training corpus.
pub fn evaluation_sets() -> (Vec<Labelled>, Vec<Labelled>) {
    let mut test = parse_jsonl(include_str!("../../tests/data/prereg-test.jsonl"));
    test.extend(parse_jsonl(include_str!(
        "../../tests/data/prereg2/prereg2.jsonl"
    )));
    test.extend(parse_jsonl(include_str!(
        "../../tests/data/prereg3/prereg3.jsonl"
    )));
    for set in [
        include_str!("../../tests/data/prereg4/prereg4.jsonl"),
        include_str!("../../tests/data/prereg5/prereg5.jsonl"),
        include_str!("../../tests/data/prereg6/prereg6.jsonl"),
        include_str!("../../tests/data/prereg7/prereg7.jsonl"),
        include_str!("../../tests/data/prereg8/prereg8.jsonl"),
        include_str!("../../tests/data/prereg9/prereg9.jsonl"),
        include_str!("../../tests/data/prereg10/prereg10.jsonl"),
        include_str!("../../tests/data/prereg11/prereg11.jsonl"),
        include_str!("../../tests/data/prereg12/prereg12.jsonl"),
        include_str!("../../tests/data/prereg13/prereg13.jsonl"),
        include_str!("../../tests/data/prereg14/prereg14.jsonl"),
        include_str!("../../tests/data/prereg15/prereg15.jsonl"),
        include_str!("../../tests/data/prereg16/prereg16.jsonl"),
        include_str!("../../tests/data/prereg17/prereg17.jsonl"),
        include_str!("../../tests/data/prereg18/prereg18.jsonl"),
        include_str!("../../tests/data/prereg19/prereg19.jsonl"),
        include_str!("../../tests/data/prereg20/prereg20.jsonl"),
        include_str!("../../tests/data/prereg21/prereg21.jsonl"),
    ] {
        test.extend(parse_jsonl(set));
    }
    (
        parse_jsonl(include_str!("../../tests/data/injection-dev.jsonl")),
        test,
    )
}

/// Trains the committed model: the whole corpus.
///
/// # Errors
/// [`GuardError`] if the built-in rules or lexicons do not compile.
pub fn train_committed() -> Result<Trained, GuardError> {
    let (dev, test) = evaluation_sets();
    train(&HYPER, &dev, &test, &|_| false)
}

/// The guard's tables for `docs/security.md` (`cargo xtask codegen`): the rules grouped by
/// class, the concepts with their lexicon sizes, and the combiner's strongest weights.
pub fn docs_tables() -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let class_name = |l: crate::Label| match l.class() {
        crate::verdict::Class::Override => "override and directives",
        crate::verdict::Class::Leak => "leak",
        crate::verdict::Class::Exfil => "exfiltration",
        crate::verdict::Class::Urgency => "urgency",
        crate::verdict::Class::Authority => "authority",
        crate::verdict::Class::Signal => "signals and payloads",
    };
    let mut rules: Vec<_> = crate::rules::RULES.iter().collect();
    rules.sort_by_key(|r| (class_name(r.label), r.label.as_str(), r.id));
    let _ = writeln!(out, "#### Rules by class ({} rules)\n", rules.len());
    let _ = writeln!(
        out,
        "| class | label | rule | weight | examples |\n| --- | --- | --- | --- | --- |"
    );
    for r in rules {
        let _ = writeln!(
            out,
            "| {} | `{}` | `{}` | {:.2} | {} |",
            class_name(r.label),
            r.label.as_str(),
            r.id,
            r.weight,
            r.examples.len()
        );
    }
    let index = crate::engine::concepts::ConceptIndex::new();
    let _ = writeln!(
        out,
        "\n#### Concepts ({} lexicons)\n",
        crate::concept::LEXICONS.len()
    );
    let _ = writeln!(
        out,
        "| concept | lexicons with terms | terms | English examples |\n| --- | --- | --- | --- |"
    );
    for c in crate::concept::ALL {
        let mut langs = 0;
        let mut terms = 0;
        let mut english: Vec<&str> = Vec::new();
        for (code, text) in crate::concept::LEXICONS {
            let n = text
                .lines()
                .filter_map(|l| l.split_once('\t'))
                .filter(|(name, _)| crate::Concept::from_lexicon(name) == Some(c))
                .inspect(|(_, t)| {
                    if *code == "en" && english.len() < 4 {
                        english.push(t);
                    }
                })
                .count();
            langs += usize::from(n > 0);
            terms += n;
        }
        let examples = if english.is_empty() {
            "(found by shape)".to_owned()
        } else {
            english
                .iter()
                .map(|t| format!("`{t}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(out, "| `{}` | {langs} | {terms} | {examples} |", c.as_str());
    }
    if let Ok(index) = index {
        let total: usize = index.per_language.iter().map(|(_, n)| n).sum();
        let codes: Vec<&str> = index.per_language.iter().map(|(c, _)| *c).collect();
        let _ = writeln!(out, "\n{total} lexicon entries in: {}.", codes.join(", "));
    }
    if let Ok(model) = Model::parse(crate::engine::MODEL) {
        let mut ranked: Vec<(usize, f64)> = model
            .weights
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, w)| *w != 0.0)
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let _ = writeln!(
            out,
            "\n#### Combiner: strongest features (threshold {:.2})\n",
            model.threshold
        );
        let _ = writeln!(out, "| feature | weight |\n| --- | --- |");
        for (i, w) in ranked.iter().take(12).chain(ranked.iter().rev().take(6)) {
            let _ = writeln!(
                out,
                "| `{}` | {w:.3} |",
                crate::engine::combiner::feature_name(*i)
            );
        }
    }
    out
}

/// The lexicon files compiled in, by language code.
pub fn lexicon_codes() -> &'static [(&'static str, &'static str)] {
    crate::concept::LEXICONS
}

/// Every concept occurrence in `text` (normalised offsets) with the matched text: for
/// explaining a verdict while writing lexicons. The same hits the scanner and the trainer
/// use: a two-letter acronym for the AI written in lower case in a text with capitals
/// elsewhere (Lithuanian "di", Romanian "ai") is not the AI.
pub fn concept_hits(text: &str) -> Vec<(crate::Concept, String)> {
    let Ok(index) = crate::engine::concepts::ConceptIndex::new() else {
        return Vec::new();
    };
    let norm = crate::normalize::normalize(text);
    let mut hits = Vec::new();
    index.find(&norm.text, &mut hits);
    crate::engine::concepts::cased_acronyms(text, &norm, &mut hits);
    let mut out = Vec::new();
    for h in hits {
        for c in crate::concept::ALL {
            if h.mask & (1 << c.index()) != 0 {
                out.push((c, norm.text.get(h.start..h.end).unwrap_or("?").to_owned()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::concept_hits;
    use crate::Concept;

    #[test]
    fn concept_hits_apply_the_scanners_acronym_check() {
        // Lower-case "di" in a text with capitals is the Italian "of", not the AI; "DI" is.
        let ai = |t: &str| {
            concept_hits(t)
                .iter()
                .filter(|(c, _)| *c == Concept::AiAddress)
                .count()
        };
        assert_eq!(ai("Il prezzo di questo articolo è basso."), 0);
        assert_eq!(ai("Un sistema DI legge il testo."), 1);
    }
}
