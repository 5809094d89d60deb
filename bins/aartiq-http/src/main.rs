//! `aartiq-http`: the aartiq agent API over HTTP (spec d.6, d.7, d.9).
//!
//! `POST /api/<tool>`, `GET /health`, `GET|POST /clients`, `POST /clients/revoke`,
//! `GET /approvals`, `POST /approvals/<id>/approve|deny`, `GET /openapi.json`, and MCP over
//! Streamable HTTP at `/mcp`. Every request needs the token (printed path on start, never the
//! token itself) and passes the Host and Origin checks. Ctrl-C or SIGTERM stops accepting and
//! lets requests in flight finish.

use std::path::PathBuf;
use std::sync::Arc;

use aartiq_api::{AgentApi, ApiConfig, Backends, HttpServer};
use anyhow::{Context, Result};
use clap::Parser;
use tokio_util::sync::CancellationToken;

use aartiq_serve::{ElicitationArg, Trust, shutdown_signal};

#[derive(Parser, Debug)]
#[command(
    name = "aartiq-http",
    version,
    about = "The aartiq agent API over HTTP"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<HttpCommand>,
    /// A JSON configuration file with the keys of spec d.9: port, host, remote (only the JSON
    /// value true binds every interface), remoteHosts, defaultTrust, token.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The port (default 46204; 0 picks a free one).
    #[arg(long)]
    port: Option<u16>,
    /// The host to bind when not remote (default 127.0.0.1).
    #[arg(long)]
    host: Option<String>,
    /// Trust level of agents that connect without being registered by a person.
    #[arg(long, value_enum)]
    default_trust: Option<Trust>,
    /// The token file (default ~/.aartiq-agent-token, created with mode 0600).
    #[arg(long, value_name = "FILE")]
    token_file: Option<PathBuf>,
    /// The tools to serve: tool and group names, comma-separated (core, vision, files, debug,
    /// forms, tabs, agents, security, extensions, search, ui), or all (the default).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    tools: Option<Vec<String>>,
    /// Where pending approvals are written for `aartiq-mcp approve` (default
    /// ~/.aartiq/approvals).
    #[arg(long, value_name = "DIR")]
    approvals_dir: Option<PathBuf>,
    /// Who may be asked for an approval in-band through MCP elicitation at /mcp: `off` (the
    /// default) or `declared` (clients that declare the `io.aartiq/person-elicitation`
    /// extension).
    #[arg(long, value_enum)]
    elicitation: Option<ElicitationArg>,
    /// How long an in-band question waits for its answer before the call falls back to an
    /// approval id, in seconds (default 120).
    #[arg(long, value_name = "SECS")]
    elicitation_timeout: Option<u64>,
    /// Do not mount MCP at /mcp.
    #[arg(long)]
    no_mcp: bool,
    /// Print the bound address as one JSON line on stdout once listening.
    #[arg(long)]
    print_addr: bool,
    #[command(flatten)]
    browser: aartiq_serve::BrowserArgs,
    #[command(flatten)]
    vault: aartiq_serve::VaultArgs,
}

#[derive(clap::Subcommand, Debug)]
enum HttpCommand {
    /// Makes, lists and revokes agent credentials.
    Clients(aartiq_serve::ClientsArgs),
}

fn config(cli: &Cli) -> Result<ApiConfig> {
    let mut config = match &cli.config {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let value: serde_json::Value = serde_json::from_str(&text)
                .with_context(|| format!("{} is not JSON", path.display()))?;
            ApiConfig::from_json(&value)?
        }
        None => ApiConfig::default(),
    };
    if let Some(port) = cli.port {
        config.port = port;
    }
    if let Some(host) = &cli.host {
        config.host.clone_from(host);
    }
    if let Some(trust) = cli.default_trust {
        config.default_trust = trust.into();
    }
    if let Some(mode) = cli.elicitation {
        config.elicitation = mode.into();
    }
    if let Some(secs) = cli.elicitation_timeout {
        config.elicitation_timeout = std::time::Duration::from_secs(secs);
    }
    if let Some(file) = &cli.token_file {
        config.token_file = Some(file.clone());
    }
    if let Some(tools) = &cli.tools {
        config.tools = Some(tools.clone());
    }
    config.approvals_dir = Some(match &cli.approvals_dir {
        Some(dir) => dir.clone(),
        None => std::env::var_os("HOME")
            .map(PathBuf::from)
            .context("HOME is not set")?
            .join(".aartiq")
            .join("approvals"),
    });
    Ok(config)
}

async fn run(cli: Cli) -> Result<()> {
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("installing the SIGTERM handler")?;
    let shutdown = CancellationToken::new();
    tokio::spawn(shutdown_signal(shutdown.clone(), term));
    let config = config(&cli)?;
    // Unusable attach settings stop the server here, not at the first browser call.
    aartiq_serve::attach_options(&cli.browser).context("--attach-header or --attach-ca")?;
    // So does a vault file that is not there.
    let vault = aartiq_serve::open_vault(&cli.vault)?;
    let browser = aartiq_serve::open(&cli.browser).await;
    let mut backends = Backends::headless(browser.browser());
    if let Some(vault) = vault {
        backends.vault = vault;
    }
    let api = Arc::new(AgentApi::new(backends, &config)?);
    let token_note = match (&config.token, config.token_path()) {
        (Some(_), _) => "from the configuration".to_owned(),
        (None, Ok(path)) => path.display().to_string(),
        (None, Err(e)) => e.to_string(),
    };
    let mut server = HttpServer::bind(api, config).await?;
    if cli.no_mcp {
        server = server.without_mcp();
    }
    let addr = server.local_addr()?;
    tracing::info!(%addr, token = %token_note, "aartiq-http listening");
    if cli.print_addr {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", serde_json::json!({ "addr": addr.to_string() }))?;
        out.flush()?;
    }
    server.serve(shutdown).await?;
    browser.close().await;
    Ok(())
}

fn main() -> Result<()> {
    let mut cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("AARTIQ_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    if let Some(HttpCommand::Clients(args)) = cli.command.take() {
        return print_json(&aartiq_serve::clients(args)?);
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?
        .block_on(run(cli))
}

/// Prints one JSON answer on stdout, pretty.
fn print_json(value: &serde_json::Value) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", serde_json::to_string_pretty(value)?)?;
    Ok(())
}
