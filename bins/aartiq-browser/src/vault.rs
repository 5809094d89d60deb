//! `aartiq-browser vault add|list|remove|passwd|import`: a person manages the encrypted vault.
//! Passphrases and passwords are read without echo, or from `AARTIQ_VAULT_PASSPHRASE` /
//! `AARTIQ_VAULT_PASSWORD` / `AARTIQ_VAULT_NEW_PASSPHRASE` for scripts; they are never printed.

use std::io::Write;
use std::path::PathBuf;

use aartiq_vault::{KdfParams, NewCredential, Passphrase, Secret, VaultFile};
use anyhow::{Context, Result, bail};
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub(crate) enum Action {
    /// Store a login (the password is asked for, never passed as an argument).
    Add {
        /// The site, as a host name or URL.
        domain: String,
        /// The user name.
        username: String,
    },
    /// Show the stored logins and profiles (never a password).
    List,
    /// Remove a login or profile by id.
    Remove {
        /// Its id, from `list`.
        id: String,
    },
    /// Change the vault's passphrase.
    Passwd,
    /// Import logins from a Chrome or Firefox password export (CSV).
    Import {
        /// The CSV file.
        csv: PathBuf,
    },
}

fn vault_path(file: Option<PathBuf>) -> Result<PathBuf> {
    match file.or_else(|| std::env::var_os("AARTIQ_VAULT").map(PathBuf::from)) {
        Some(path) => Ok(path),
        None => Ok(dirs::data_dir()
            .context("no data directory on this platform; pass --file")?
            .join("aartiq")
            .join("vault.aqv")),
    }
}

fn secret(env: &str, prompt: &str) -> Result<String> {
    if let Ok(value) = std::env::var(env) {
        return Ok(value);
    }
    let mut stderr = std::io::stderr();
    let _ = stderr.flush();
    rpassword::prompt_password(prompt).with_context(|| format!("reading {prompt:?}"))
}

fn say(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
}

pub(crate) fn run(action: &Action, file: Option<PathBuf>) -> Result<()> {
    let path = vault_path(file)?;
    let file = VaultFile::new(&path);
    let passphrase = Passphrase::new(secret("AARTIQ_VAULT_PASSPHRASE", "Vault passphrase: ")?);
    let mut vault = if file.exists() {
        file.open(&passphrase)?
    } else {
        if !matches!(action, Action::Add { .. } | Action::Import { .. }) {
            bail!(
                "there is no vault at {} yet; `aartiq-browser vault add` creates it",
                path.display()
            );
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        say(&format!("Creating a new vault at {}", path.display()));
        file.create(&passphrase, KdfParams::default())?
    };
    match action {
        Action::Add { domain, username } => {
            let password = Secret::new(secret("AARTIQ_VAULT_PASSWORD", "Password to store: ")?);
            let id = vault.add_credential(NewCredential {
                domain: domain.clone(),
                username: username.clone(),
                password,
            })?;
            say(&format!("Stored {username} for {domain} as {id}"));
        }
        Action::List => {
            let listing = vault.listing();
            if listing.credentials.is_empty() && listing.profiles.is_empty() {
                say("The vault is empty.");
            }
            for c in &listing.credentials {
                say(&format!("{}  {}  {}", c.id, c.domain, c.username));
            }
            for p in &listing.profiles {
                say(&format!("{}  profile  {}", p.id, p.name));
            }
        }
        Action::Remove { id } => {
            vault.remove(id)?;
            say(&format!("Removed {id}"));
        }
        Action::Passwd => {
            let new = secret("AARTIQ_VAULT_NEW_PASSPHRASE", "New passphrase: ")?;
            if std::env::var("AARTIQ_VAULT_NEW_PASSPHRASE").is_err() {
                let again = secret("AARTIQ_VAULT_NEW_PASSPHRASE", "New passphrase again: ")?;
                if again != new {
                    bail!("the two passphrases differ; nothing was changed");
                }
            }
            vault.change_passphrase(&Passphrase::new(new), KdfParams::default())?;
            say("Passphrase changed.");
        }
        Action::Import { csv } => {
            let reader =
                std::fs::File::open(csv).with_context(|| format!("opening {}", csv.display()))?;
            let report = vault.import_csv(reader)?;
            say(&format!(
                "Imported: {} added, {} updated, {} unchanged, {} skipped",
                report.added,
                report.updated,
                report.unchanged,
                report.skipped.len()
            ));
            for skipped in &report.skipped {
                say(&format!("  line {}: {}", skipped.line, skipped.reason));
            }
        }
    }
    Ok(())
}
