//! One-off helper for the semantic-stage measurement (built by `fetch.sh` as a throwaway crate
//! under `target/semantic/export`; it is not part of aartiq-guard and changes none of its code).
//!
//! `export corpus`: the guard's generated training corpus (seed and cell count of the committed
//! model) as JSON lines `{i, text, injection, family, language, carrier, hidden}`.
//! `export score [LANG [strict]]`: reads JSON lines `{"text"}` and prints
//! `{"action", "flagged", "score", "p"}` per line: the whole scanner's verdict and, for texts it
//! allows, the combiner's best window probability (`Trained::best_probability`, the text
//! itself; -1 for flagged texts). Without LANG: the committed
//! model. With LANG: the combiner retrained without LANG's generated rows (and, with `strict`,
//! without LANG's lexicon), exactly as the `train_guard --eval` leave-one-language-out tables do.
use std::io::{BufRead, Write};

use aartiq_guard::training::{self, HYPER, Row, generate, json_string_field};
use aartiq_guard::{Action, Config, Context};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.first().map(String::as_str) == Some("corpus") {
        for (i, r) in generate(HYPER.seed, HYPER.per_cell).iter().enumerate() {
            writeln!(out, "{}", serde_json::json!({"i": i, "text": r.text, "injection": r.injection,
                "family": r.family, "language": r.language, "carrier": r.carrier, "hidden": r.hidden}))?;
        }
        return Ok(());
    }
    let (dev, test) = training::evaluation_sets();
    let trained = match args.get(1) {
        None => training::train_committed()?,
        Some(lang) => {
            let lang: &'static str = Box::leak(lang.clone().into_boxed_str());
            let lex = training::lexicon_codes().iter().map(|(c, _)| *c).find(|c| *c == lang);
            let strict = args.get(2).map(String::as_str) == Some("strict");
            training::train_without_lexicon(&HYPER, &dev, &test, &|r: &Row| r.language == lang,
                if strict { lex } else { None })?
        }
    };
    let guard = trained.guard(Config::default())?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let text = json_string_field(&line, "text").unwrap_or_default();
        let v = guard.scan(&text, &Context::new());
        let flagged = v.action != Action::Allow;
        // The margin is only needed where the scanner allows (the uncertain band), and
        // `best_probability` rebuilds the engine on every call: skip it for flagged texts.
        let p = if flagged { -1.0 } else { trained.best_probability(&text) };
        writeln!(out, "{}", serde_json::json!({"action": v.action.as_str(), "flagged": flagged,
            "score": v.score, "p": (p * 1e4).round() / 1e4}))?;
    }
    Ok(())
}
