//! What the two API servers, `aartiq-mcp` and `aartiq-http`, share: their flags (trust level,
//! elicitation, browser and origin policy, the vault), the browser they open, their shutdown signal, and
//! the person's `clients` commands over the agent-credential store. Each binary's `main.rs`
//! keeps its own flags, wiring and exit code.

mod browser;
mod clients;
mod error;
mod flags;
mod vault;

pub use browser::{BrowserArgs, IsolationArg, OpenBrowser, attach_options, open};
pub use clients::{ClientsArgs, clients, home, token_file};
pub use error::ServeError;
pub use flags::{ElicitationArg, Trust, shutdown_signal};
pub use vault::{VaultArgs, open_vault};
