//! `aartiq-mcp`: the aartiq agent API as an MCP server.
//!
//! - `aartiq-mcp` serves MCP over stdio (what Claude Desktop and Cursor launch);
//! - `aartiq-mcp --http 127.0.0.1:46204` serves MCP over Streamable HTTP at `/mcp`, behind the
//!   same token, Host and Origin checks as `aartiq-http` (and the rest of its routes);
//! - `aartiq-mcp approvals` lists calls waiting for a person, `aartiq-mcp approve <id>` and
//!   `aartiq-mcp deny <id>` decide one (through the approvals directory, or `--url` for a
//!   server over HTTP).
//!
//! Logs go to stderr: stdout is the protocol.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use aartiq_api::{AgentApi, ApiConfig, Backends, HttpServer, McpServer};
use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use rmcp::ServiceExt;
use tokio_util::sync::CancellationToken;

use aartiq_serve::{ElicitationArg, Trust, home, shutdown_signal};

#[derive(Parser, Debug)]
#[command(
    name = "aartiq-mcp",
    version,
    about = "The aartiq agent API as an MCP server"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// Serve Streamable HTTP at /mcp on this address instead of stdio.
    #[arg(long, value_name = "ADDR")]
    http: Option<SocketAddr>,
    /// Trust level of agents that connect without being registered by a person.
    #[arg(long, value_enum, default_value = "limited")]
    default_trust: Trust,
    /// The tools to serve: tool and group names, comma-separated (core, vision, files, debug,
    /// forms, tabs, agents, security, extensions, search, ui), or all (the default).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    tools: Option<Vec<String>>,
    /// Where pending approvals are written for `aartiq-mcp approve`.
    #[arg(long, value_name = "DIR")]
    approvals_dir: Option<PathBuf>,
    /// The token file for --http (default ~/.aartiq-agent-token, created with mode 0600).
    #[arg(long, value_name = "FILE")]
    token_file: Option<PathBuf>,
    /// Who may be asked for an approval in-band through MCP elicitation. `off` (the default):
    /// every approval gets an id a person answers with `aartiq-mcp approve`. `declared`: only
    /// clients that declare the `io.aartiq/person-elicitation` extension.
    #[arg(long, value_enum, default_value = "off")]
    elicitation: ElicitationArg,
    /// How long an in-band question waits for its answer before the call falls back to an
    /// approval id, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 120)]
    elicitation_timeout: u64,
    /// The same as `--elicitation off` (kept for existing configurations).
    #[arg(long, conflicts_with = "elicitation")]
    no_elicitation: bool,
    /// With --http: print the bound address as one JSON line on stdout once listening.
    #[arg(long)]
    print_addr: bool,
    #[command(flatten)]
    browser: aartiq_serve::BrowserArgs,
    #[command(flatten)]
    vault: aartiq_serve::VaultArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Approves a pending call, once, for exactly its arguments.
    Approve(Decide),
    /// Denies a pending call.
    Deny(Decide),
    /// Makes, lists and revokes agent credentials (for `--http`).
    Clients(aartiq_serve::ClientsArgs),
    /// Lists the calls waiting for a person.
    Approvals {
        /// The approvals directory (default ~/.aartiq/approvals).
        #[arg(long, value_name = "DIR")]
        approvals_dir: Option<PathBuf>,
    },
}

#[derive(clap::Args, Debug)]
struct Decide {
    /// The approval id the agent was given (`approval-<n>-<hex>`).
    id: String,
    /// The approvals directory (default ~/.aartiq/approvals).
    #[arg(long, value_name = "DIR")]
    approvals_dir: Option<PathBuf>,
    /// Decide through a server's HTTP approval route instead (e.g. http://127.0.0.1:46204).
    #[arg(long, value_name = "URL")]
    url: Option<String>,
    /// The primary token file for --url (default ~/.aartiq-agent-token).
    #[arg(long, value_name = "FILE")]
    token_file: Option<PathBuf>,
}

fn approvals_dir(given: Option<PathBuf>) -> Result<PathBuf> {
    match given {
        Some(dir) => Ok(dir),
        None => Ok(home()?.join(".aartiq").join("approvals")),
    }
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("AARTIQ_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    match cli.command {
        None => runtime.block_on(serve(cli.serve)),
        Some(Command::Approve(args)) => runtime.block_on(decide(args, true)),
        Some(Command::Deny(args)) => runtime.block_on(decide(args, false)),
        Some(Command::Approvals { approvals_dir: dir }) => list(dir),
        Some(Command::Clients(args)) => print_json(&aartiq_serve::clients(args)?),
    }
}

fn list(dir: Option<PathBuf>) -> Result<()> {
    let dir = approvals_dir(dir)?;
    let approvals = aartiq_api::approvals::list_in_dir(&dir)?;
    print_json(&serde_json::json!({ "approvals": approvals }))
}

async fn decide(args: Decide, approve: bool) -> Result<()> {
    let verb = if approve { "approve" } else { "deny" };
    let decided = match &args.url {
        None => {
            let dir = approvals_dir(args.approvals_dir)?;
            serde_json::to_value(aartiq_api::approvals::decide_in_dir(
                &dir, &args.id, approve,
            )?)?
        }
        Some(url) => {
            if !aartiq_api::approvals::valid_approval_id(&args.id) {
                bail!("\"{}\" is not an approval id", args.id);
            }
            let token_file = aartiq_serve::token_file(args.token_file)?;
            let token = std::fs::read_to_string(&token_file)
                .with_context(|| format!("reading {}", token_file.display()))?;
            let endpoint = format!("{}/approvals/{}/{verb}", url.trim_end_matches('/'), args.id);
            let response = reqwest::Client::new()
                .post(&endpoint)
                .bearer_auth(token.trim())
                .send()
                .await
                .with_context(|| format!("POST {endpoint}"))?;
            let status = response.status();
            let body: serde_json::Value = response.json().await.unwrap_or_default();
            if !status.is_success() {
                bail!("the server refused ({status}): {body}");
            }
            body
        }
    };
    tracing::info!(id = %args.id, "{verb}d");
    print_json(&decided)
}

async fn serve(args: ServeArgs) -> Result<()> {
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("installing the SIGTERM handler")?;
    let shutdown = CancellationToken::new();
    tokio::spawn(shutdown_signal(shutdown.clone(), term));
    let config = ApiConfig {
        default_trust: args.default_trust.into(),
        approvals_dir: Some(approvals_dir(args.approvals_dir)?),
        token_file: args.token_file,
        elicitation: if args.no_elicitation {
            aartiq_api::Elicitation::Off
        } else {
            args.elicitation.into()
        },
        elicitation_timeout: std::time::Duration::from_secs(args.elicitation_timeout),
        tools: args.tools,
        ..ApiConfig::default()
    };
    // Unusable attach settings stop the server here, not at the first browser call.
    aartiq_serve::attach_options(&args.browser).context("--attach-header or --attach-ca")?;
    // So does a vault file that is not there.
    let vault = aartiq_serve::open_vault(&args.vault)?;
    let browser = aartiq_serve::open(&args.browser).await;
    let mut backends = Backends::headless(browser.browser());
    if let Some(vault) = vault {
        backends.vault = vault;
    }
    let api = Arc::new(AgentApi::new(backends, &config)?);
    match args.http {
        Some(addr) => {
            let config = ApiConfig {
                host: addr.ip().to_string(),
                port: addr.port(),
                ..config
            };
            let server = HttpServer::bind(api, config).await?;
            let bound = server.local_addr()?;
            tracing::info!(%bound, "serving MCP over Streamable HTTP at /mcp");
            if args.print_addr {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                writeln!(out, "{}", serde_json::json!({ "addr": bound.to_string() }))?;
                out.flush()?;
            }
            server.serve(shutdown).await?;
        }
        None => {
            tracing::info!("serving MCP over stdio");
            let running = McpServer::new(api)
                .serve(rmcp::transport::stdio())
                .await
                .context("starting the MCP session")?;
            let cancel = running.cancellation_token();
            tokio::select! {
                quit = running.waiting() => {
                    quit.context("the MCP session failed")?;
                }
                () = shutdown.cancelled() => cancel.cancel(),
            }
        }
    }
    browser.close().await;
    Ok(())
}

/// Prints one JSON answer on stdout, pretty.
fn print_json(value: &serde_json::Value) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", serde_json::to_string_pretty(value)?)?;
    Ok(())
}
