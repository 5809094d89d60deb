//! The trust-level and elicitation flags of both servers, and their shutdown signal.

use aartiq_agents::TrustLevel;
use aartiq_api::Elicitation;
use tokio_util::sync::CancellationToken;

/// The trust level of agents that connect without being registered by a person.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Trust {
    /// No verbs past reading what it is shown.
    Untrusted,
    /// Reads and navigates.
    Limited,
    /// Interacts with pages.
    Standard,
    /// Everything a person may grant.
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
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ElicitationArg {
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
pub async fn shutdown_signal(token: CancellationToken, mut term: tokio::signal::unix::Signal) {
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    tracing::info!("shutting down");
    token.cancel();
}
