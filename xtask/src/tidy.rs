//! `cargo xtask tidy`: project rules no compiler checks.
//!
//! - every Rust source file starts with a `//!` module doc;
//! - a library crate depends only on crates above it in ARCHITECTURE.md's order, and never on
//!   `anyhow` or `clap` (those belong to binaries), except as an optional dependency behind a
//!   feature that only binaries turn on (`aartiq-serve`'s `cli`: its flags as clap arguments).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use serde_json::Value;

/// The library crates, leaves first (ARCHITECTURE.md "Crates"). A crate may depend only on
/// crates before it.
const CRATE_ORDER: &[&str] = &[
    "aartiq-commands",
    "aartiq-shell-policy",
    "aartiq-guard",
    "aartiq-skills",
    "aartiq-agents",
    "aartiq-search",
    "aartiq-tools",
    "aartiq-research",
    "aartiq-vault",
    "aartiq-extensions",
    "aartiq-documents",
    "aartiq-host",
    "aartiq-cdp",
    "aartiq-llm",
    "aartiq-api",
    "aartiq-plugins",
    "aartiq-store",
    "aartiq-runtime",
    "aartiq-test-support",
    "aartiq-serve",
];

/// Dependencies only binaries, xtask, benches and tests may use.
const BINARY_ONLY: &[&str] = &["anyhow", "clap"];

pub(crate) fn run(root: &Path) -> Result<()> {
    let mut problems = Vec::new();
    for dir in ["crates", "bins", "xtask", "benches", "fuzz/fuzz_targets"] {
        let mut files = Vec::new();
        collect_rs(&root.join(dir), &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            if !text.starts_with("//!") {
                let shown = file.strip_prefix(root).unwrap_or(&file);
                problems.push(format!(
                    "{}: must start with a `//!` module doc",
                    shown.display()
                ));
            }
        }
    }
    problems.extend(dependency_problems(root)?);
    if problems.is_empty() {
        return Ok(());
    }
    for problem in &problems {
        eprintln!("tidy: {problem}");
    }
    bail!("tidy found {} problem(s)", problems.len())
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != "snapshots" {
                collect_rs(&path, out);
            }
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

fn dependency_problems(root: &Path) -> Result<Vec<String>> {
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root)
        .output()
        .context("running cargo metadata")?;
    if !output.status.success() {
        bail!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let metadata: Value = serde_json::from_slice(&output.stdout)?;
    let crates_dir = root.join("crates");
    let mut problems = Vec::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let name = package["name"].as_str().unwrap_or_default();
        let manifest = PathBuf::from(package["manifest_path"].as_str().unwrap_or_default());
        if !manifest.starts_with(&crates_dir) {
            continue;
        }
        let Some(rank) = CRATE_ORDER.iter().position(|c| *c == name) else {
            problems.push(format!(
                "{name}: not in the crate order of ARCHITECTURE.md (xtask/src/tidy.rs)"
            ));
            continue;
        };
        for dep in package["dependencies"].as_array().into_iter().flatten() {
            // Dev-dependencies may point anywhere (the test-support crate is last on purpose).
            if dep["kind"].as_str() == Some("dev") {
                continue;
            }
            let dep_name = dep["name"].as_str().unwrap_or_default();
            if BINARY_ONLY.contains(&dep_name) && dep["optional"].as_bool() != Some(true) {
                problems.push(format!(
                    "{name}: libraries must not depend on `{dep_name}` (binaries only)"
                ));
            }
            if let Some(dep_rank) = CRATE_ORDER.iter().position(|c| *c == dep_name)
                && dep_rank >= rank
            {
                problems.push(format!(
                    "{name} depends on {dep_name}, which comes after it in the crate order"
                ));
            }
        }
    }
    Ok(problems)
}
