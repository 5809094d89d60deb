//! `clients add|list|revoke`: the person makes, lists and revokes agent credentials, on the
//! same machine as the server and as the same user. Each command answers with the JSON its
//! binary prints.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::error::ServeError;

/// `clients`: the person makes, lists and revokes agent credentials, on the same machine as
/// the server and as the same user (the store is the token file's, mode 0600). A running
/// server sees the change at the next request.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct ClientsArgs {
    #[cfg_attr(feature = "cli", command(subcommand))]
    /// What to do.
    pub command: ClientsCommand,
    /// The server's token file (default ~/.aartiq-agent-token); the credentials are kept
    /// beside it, in `<token file>.clients.json`.
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE", global = true))]
    pub token_file: Option<PathBuf>,
}

/// One `clients` command.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Subcommand))]
pub enum ClientsCommand {
    /// Makes an agent credential (or a new token for an existing one) and prints it once, as
    /// `{"id", "token"}`. Give the token to the agent: it calls tools as agent ID and can
    /// reach nothing else (no approvals, no admin routes, no web UI).
    Add {
        /// The agent id (1-64 characters of A-Z a-z 0-9 _ . -).
        id: String,
        /// A display name.
        #[cfg_attr(feature = "cli", arg(long))]
        name: Option<String>,
        /// Also write the token to this file, mode 0600 (for a client that reads its token
        /// from a file); it must not exist yet.
        #[cfg_attr(feature = "cli", arg(long, value_name = "FILE"))]
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

/// The user's home folder.
///
/// # Errors
/// [`ServeError::NoHome`] when `HOME` is not set.
pub fn home() -> Result<PathBuf, ServeError> {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .ok_or(ServeError::NoHome)
}

/// The token file in force: the given one or `~/.aartiq-agent-token`.
///
/// # Errors
/// [`ServeError::NoHome`] when none is given and `HOME` is not set.
pub fn token_file(given: Option<PathBuf>) -> Result<PathBuf, ServeError> {
    match given {
        Some(file) => Ok(file),
        None => Ok(home()?.join(aartiq_api::TOKEN_FILE_NAME)),
    }
}

fn store_error(path: &Path) -> impl FnOnce(aartiq_api::ApiError) -> ServeError {
    let path = path.to_path_buf();
    move |source| ServeError::Store { path, source }
}

/// Runs `clients add|list|revoke` and returns what to print.
///
/// # Errors
/// [`ServeError`] when the store cannot be read or written, the id is not valid, the token
/// file for `--out` exists, or there is no such credential to revoke.
pub fn clients(args: ClientsArgs) -> Result<Value, ServeError> {
    let store = aartiq_api::clients_path(&token_file(args.token_file)?);
    let credentials =
        aartiq_api::auth::Credentials::store_only(store.clone()).map_err(store_error(&store))?;
    match args.command {
        ClientsCommand::Add { id, name, out } => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
            let name = name.unwrap_or_else(|| id.clone());
            let token = credentials
                .create_client(&id, &name, now)
                .map_err(store_error(&store))?;
            if let Some(out) = out {
                write_token(&out, &token)?;
            }
            tracing::info!(%id, store = %store.display(), "made an agent credential");
            Ok(json!({ "id": id, "token": token }))
        }
        ClientsCommand::List => Ok(json!({ "clients": credentials.clients() })),
        ClientsCommand::Revoke { id } => {
            if !credentials
                .revoke_client(&id)
                .map_err(store_error(&store))?
            {
                return Err(ServeError::NoSuchClient { id, store });
            }
            tracing::info!(%id, "revoked an agent credential");
            Ok(json!({ "id": id, "revoked": true }))
        }
    }
}

/// Writes a new token file, mode 0600; it must not exist yet.
fn write_token(out: &Path, token: &str) -> Result<(), ServeError> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let file_error = |source: std::io::Error| ServeError::File {
        path: out.to_path_buf(),
        source,
    };
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(out)
        .map_err(file_error)?;
    file.write_all(token.as_bytes()).map_err(file_error)
}
