//! `cargo xtask train-guard [--check]`: rebuilds the guard's combiner weights
//! (`crates/aartiq-guard/model/combiner.txt`) and manifest from the generated training corpus,
//! or checks that the committed files are what a fresh run writes, byte for byte.

use std::path::Path;

use anyhow::{Context, Result, bail};

pub(crate) fn run(root: &Path, check: bool) -> Result<()> {
    let trained = aartiq_guard::training::train_committed().context("training the combiner")?;
    let dir = root.join("crates/aartiq-guard/model");
    let files = [
        ("combiner.txt", trained.weights.as_str()),
        ("MANIFEST.md", trained.manifest.as_str()),
    ];
    let mut stale = Vec::new();
    for (name, content) in files {
        let path = dir.join(name);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == content {
            continue;
        }
        if check {
            stale.push(name);
        } else {
            std::fs::write(&path, content)
                .with_context(|| format!("writing {}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
    }
    if !stale.is_empty() {
        bail!(
            "the committed guard weights differ from a fresh training run: {}; run `cargo xtask train-guard`",
            stale.join(", ")
        );
    }
    Ok(())
}
