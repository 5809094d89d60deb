//! What both API binaries share besides the browser: the trust-level and elicitation flags and
//! the shutdown signal. `aartiq-http` includes this file by path.

use std::path::PathBuf;

use aartiq_agents::TrustLevel;
use aartiq_api::Elicitation;
use anyhow::{Context, Result, bail};
use clap::{Subcommand, ValueEnum};
use tokio_util::sync::CancellationToken;

/// The trust level of agents that connect without being registered by a person.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum Trust {
    Untrusted,
    Limited,
    Standard,
    Privileged,
}

impl From<Trust> for TrustLevel {
    fn from(t: Trust) -> TrustLevel {
        match t {
            Trust::Untrusted => TrustLevel::Untrusted,
            Trust::Limited => TrustLevel::Limited,
            Trust::Standard => TrustLevel::Standard,
            Trust::Privileged => TrustLevel::Privileged,
        }
    }
}

/// Who may be asked for an approval in-band, through MCP elicitation.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub(crate) enum ElicitationArg {
    /// Never: every approval gets an id a person decides out of band.
    #[default]
    Off,
    /// Only clients that declare the `io.aartiq/person-elicitation` extension, saying they
    /// show the question to their person (never for calls about agents or security).
    Declared,
}

impl From<ElicitationArg> for Elicitation {
    fn from(e: ElicitationArg) -> Elicitation {
        match e {
            ElicitationArg::Off => Elicitation::Off,
            ElicitationArg::Declared => Elicitation::Declared,
        }
    }
}

/// Cancels `token` on Ctrl-C or SIGTERM. `term` is registered by the caller before the server
/// says it is listening, so a SIGTERM right after that is never the default (killing) action.
pub(crate) async fn shutdown_signal(
    token: CancellationToken,
    mut term: tokio::signal::unix::Signal,
) {
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    tracing::info!("shutting down");
    token.cancel();
}

/// `clients`: the person makes, lists and revokes agent credentials, on the same machine as
/// the server and as the same user (the store is the token file's, mode 0600). A running
/// server sees the change at the next request.
#[derive(clap::Args, Debug)]
pub(crate) struct ClientsArgs {
    #[command(subcommand)]
    command: ClientsCommand,
    /// The server's token file (default ~/.aartiq-agent-token); the credentials are kept
    /// beside it, in `<token file>.clients.json`.
    #[arg(long, value_name = "FILE", global = true)]
    token_file: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum ClientsCommand {
    /// Makes an agent credential (or a new token for an existing one) and prints it once, as
    /// `{"id", "token"}`. Give the token to the agent: it calls tools as agent ID and can
    /// reach nothing else (no approvals, no admin routes, no web UI).
    Add {
        /// The agent id (1-64 characters of A-Z a-z 0-9 _ . -).
        id: String,
        /// A display name.
        #[arg(long)]
        name: Option<String>,
        /// Also write the token to this file, mode 0600 (for a client that reads its token
        /// from a file); it must not exist yet.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Lists the agent credentials (never their tokens).
    List,
    /// Revokes an agent credential: its token stops working at once.
    Revoke {
        /// The agent id.
        id: String,
    },
}

pub(crate) fn home() -> Result<PathBuf> {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .context("HOME is not set")
}

/// The token file in force: the given one or `~/.aartiq-agent-token`.
pub(crate) fn token_file(given: Option<PathBuf>) -> Result<PathBuf> {
    match given {
        Some(file) => Ok(file),
        None => Ok(home()?.join(aartiq_api::TOKEN_FILE_NAME)),
    }
}

pub(crate) fn print_json(value: &serde_json::Value) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", serde_json::to_string_pretty(value)?)?;
    Ok(())
}

/// Runs `clients add|list|revoke`.
pub(crate) fn clients(args: ClientsArgs) -> Result<()> {
    let store = aartiq_api::clients_path(&token_file(args.token_file)?);
    let credentials = aartiq_api::auth::Credentials::store_only(store.clone())
        .with_context(|| format!("reading {}", store.display()))?;
    match args.command {
        ClientsCommand::Add { id, name, out } => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
            let name = name.unwrap_or_else(|| id.clone());
            let token = credentials.create_client(&id, &name, now)?;
            if let Some(out) = out {
                use std::io::Write;
                use std::os::unix::fs::OpenOptionsExt;
                let mut file = std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .mode(0o600)
                    .open(&out)
                    .with_context(|| format!("creating {}", out.display()))?;
                file.write_all(token.as_bytes())
                    .with_context(|| format!("writing {}", out.display()))?;
            }
            tracing::info!(%id, store = %store.display(), "made an agent credential");
            print_json(&serde_json::json!({ "id": id, "token": token }))
        }
        ClientsCommand::List => {
            print_json(&serde_json::json!({ "clients": credentials.clients() }))
        }
        ClientsCommand::Revoke { id } => {
            if !credentials.revoke_client(&id)? {
                bail!("no agent credential \"{id}\" in {}", store.display());
            }
            tracing::info!(%id, "revoked an agent credential");
            print_json(&serde_json::json!({ "id": id, "revoked": true }))
        }
    }
}
