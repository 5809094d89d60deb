//! What both API binaries share besides the browser: the trust-level flag and the shutdown
//! signal. `aartiq-http` includes this file by path.

use aartiq_agents::TrustLevel;
use clap::ValueEnum;
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
