//! `aartiq-browser scheduler`: runs due automations through the same policy and approval rules
//! as a person's session; and `aartiq-browser approvals`: a person decides what unattended
//! runs queued.

use std::io::Write;
use std::time::Duration;

use aartiq_agents::{Clock, SystemClock};
use aartiq_runtime::scheduler::{SchedulerConfig, run as run_scheduler};
use aartiq_runtime::{Event, EventSink};
use anyhow::{Context, Result};
use clap::Subcommand;

use crate::session;
use crate::settings::Settings;

#[derive(Subcommand, Debug)]
pub(crate) enum ApprovalAction {
    /// List the queued approvals (the default).
    List,
    /// Approve one; the next run of its automation may use it once.
    Approve {
        /// Its number, from `list`.
        id: i64,
    },
    /// Deny one.
    Deny {
        /// Its number, from `list`.
        id: i64,
    },
}

/// Logs each event as one JSON line on stdout (for the journal).
struct Log;

impl EventSink for Log {
    fn emit(&self, event: &Event) {
        if let Ok(line) = serde_json::to_string(event) {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
        }
    }
}

async fn stopped() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}

pub(crate) async fn run(settings: Settings, tick: u64) -> Result<()> {
    let session = session::build(&settings, true, false).await?;
    let config = SchedulerConfig {
        tick: Duration::from_secs(tick.max(1)),
    };
    let result = run_scheduler(&session.runtime, &SystemClock, &config, &Log, stopped()).await;
    session.close().await;
    result.context("the scheduler stopped")
}

pub(crate) fn approvals(settings: &Settings, action: Option<&ApprovalAction>) -> Result<()> {
    let store = settings.open_store()?;
    let mut out = std::io::stdout().lock();
    match action.unwrap_or(&ApprovalAction::List) {
        ApprovalAction::List => {
            let queued = store.queued_approvals(None)?;
            if queued.is_empty() {
                writeln!(out, "No approvals are queued.")?;
            }
            for approval in queued {
                writeln!(out, "{}", serde_json::to_string(&approval)?)?;
            }
        }
        ApprovalAction::Approve { id } | ApprovalAction::Deny { id } => {
            let approve = matches!(action, Some(ApprovalAction::Approve { .. }));
            let decided = store.decide_approval(*id, approve, SystemClock.now_ms())?;
            writeln!(
                out,
                "{} approval {} ({})",
                if approve { "Approved" } else { "Denied" },
                decided.id,
                decided.fingerprint
            )?;
        }
    }
    Ok(())
}
