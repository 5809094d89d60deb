//! `aartiq-browser`: the assistant. A person states a goal; a local model plans; every command
//! is explained, judged, approved where policy says so (one approval at a time, at the
//! prompt) and run on a real Chromium through the same tool pipeline outside agents use, which
//! is served at the same time over HTTP and MCP (`/mcp`).
//!
//! With no model reachable it still starts, says what it tried, and runs commands typed
//! directly in any of the three formats (`[NAVIGATE: https://...]`).

mod scheduler;
mod session;
mod settings;
mod term;
mod ui;
mod vault;
mod window;

use std::path::PathBuf;

use anyhow::Result;
use clap::{Parser, Subcommand};

use crate::settings::{FileConfig, Overrides, Settings};

#[derive(Parser, Debug)]
#[command(
    name = "aartiq-browser",
    version,
    about = "The aartiq assistant on a real Chromium"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Run one goal and exit (exit code 1 when it does not complete).
    #[arg(long, value_name = "TEXT")]
    goal: Option<String>,
    /// Machine-readable output: one JSON object per line.
    #[arg(long)]
    json: bool,
    /// Show the browser window instead of running headless, with the web UI in a window of its
    /// own beside it.
    #[arg(long)]
    headful: bool,
    /// The config file (default: $AARTIQ_CONFIG, else ~/.config/aartiq/config.toml when it
    /// exists).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// An OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1.
    #[arg(long, value_name = "URL")]
    model_url: Option<String>,
    /// The model name to ask for.
    #[arg(long)]
    model: Option<String>,
    /// Attach to a running browser (ws://... or http://host:port) instead of launching one.
    #[arg(long, value_name = "URL")]
    cdp_url: Option<String>,
    /// The Chromium executable.
    #[arg(long, value_name = "PATH")]
    chromium: Option<PathBuf>,
    /// Do not serve the agent API (HTTP and MCP).
    #[arg(long)]
    no_api: bool,
    /// The agent API's port (default 46204; 0 picks a free one).
    #[arg(long)]
    port: Option<u16>,
    /// The most model replies one goal may take.
    #[arg(long)]
    max_steps: Option<usize>,
    /// The SQLite store (default: the platform data dir's aartiq/aartiq.db).
    #[arg(long, value_name = "FILE", global = true)]
    store: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Manage the encrypted vault of logins and identity profiles.
    Vault {
        #[command(subcommand)]
        action: vault::Action,
        /// The vault file (default: the platform data dir's aartiq/vault.aqv).
        #[arg(long, value_name = "FILE", global = true)]
        file: Option<PathBuf>,
    },
    /// Run scheduled automations (SCHEDULE_TASK) until stopped; see docs/configuration.md for
    /// the systemd user unit. What needs a person is queued, never approved on its own.
    Scheduler {
        /// How often to look for due automations, in seconds.
        #[arg(long, default_value_t = 30)]
        tick: u64,
    },
    /// Review the approvals unattended runs queued.
    Approvals {
        #[command(subcommand)]
        action: Option<scheduler::ApprovalAction>,
    },
}

fn settings(cli: &Cli) -> Result<Settings> {
    let path = cli
        .config
        .clone()
        .or_else(|| std::env::var_os("AARTIQ_CONFIG").map(PathBuf::from));
    let file = match path {
        Some(path) => settings::read_file(&path)?,
        None => match settings::default_path() {
            Some(path) if path.exists() => settings::read_file(&path)?,
            _ => FileConfig::default(),
        },
    };
    let flags = Overrides {
        model_url: cli.model_url.clone(),
        model: cli.model.clone(),
        headful: cli.headful,
        executable: cli.chromium.clone(),
        cdp_url: cli.cdp_url.clone(),
        no_api: cli.no_api,
        port: cli.port,
        max_steps: cli.max_steps,
        store: cli.store.clone(),
    };
    Settings::resolve(file, |name| std::env::var(name).ok(), &flags)
}

#[tokio::main]
async fn main() -> Result<()> {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("AARTIQ_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    let cli = Cli::parse();
    match &cli.command {
        Some(Command::Vault { action, file }) => vault::run(action, file.clone()),
        Some(Command::Scheduler { tick }) => scheduler::run(settings(&cli)?, *tick).await,
        Some(Command::Approvals { action }) => {
            scheduler::approvals(&settings(&cli)?, action.as_ref())
        }
        None => {
            let settings = settings(&cli)?;
            session::run(
                settings,
                session::Mode {
                    goal: cli.goal.clone(),
                    json: cli.json,
                },
            )
            .await
        }
    }
}
