//! Judging a command before it runs: its effective risk and whether a person must approve it
//! (spec a.7 for catalog actions, b.x through `aartiq-shell-policy` for shell lines, d.2 for
//! the trust gate's approval verbs).

use aartiq_commands::{ApprovalClass, Command, CommandKind, Risk};
use aartiq_shell_policy::{Assessment, Decision, always_approval_eligibility};
use serde::Serialize;

use crate::approval::ShellVerdict;
use crate::config::ApprovalSettings;
use crate::route::Route;

/// Whether a command may run without a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "need", rename_all = "snake_case")]
pub enum Need {
    /// It runs without asking.
    Run {
        /// Why no approval is needed.
        reason: String,
    },
    /// A person must approve it.
    Ask {
        /// Why.
        reason: String,
    },
    /// Policy refuses it; no one is asked.
    Refuse {
        /// Why.
        reason: String,
    },
}

/// The runtime's judgement of one command.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judgement {
    /// Where it goes.
    #[serde(flatten)]
    pub route: Route,
    /// The tools it will call (for page elements, the tool chosen once the element was found).
    pub tools: Vec<String>,
    /// The effective risk: the catalog's, `high` when the model flagged the command `high`,
    /// `high` for a form submission, the shell tier for a shell line. A model cannot lower it.
    pub risk: Risk,
    /// Whether it needs a person.
    #[serde(flatten)]
    pub need: Need,
    /// The shell policy's verdict, for shell lines.
    pub shell: Option<ShellVerdict>,
}

/// The catalog's risk for the action (spec a.7: the approval manager judges by its catalog),
/// raised to `high` when the model itself flagged the command `high`. A stated `medium` cannot
/// be told apart from the parser's default, so it neither raises nor lowers; a model can never
/// lower a risk.
pub(crate) fn effective_risk(command: &Command) -> Risk {
    let catalog = command.kind.spec().default_risk;
    if command.risk == Risk::High {
        Risk::High
    } else {
        catalog
    }
}

/// Spec a.7 `isActionAutoApproved`: high never; listed types; low and medium by setting.
fn auto_approved(settings: &ApprovalSettings, kind: CommandKind, risk: Risk) -> bool {
    if risk == Risk::High {
        return false;
    }
    if settings
        .auto_approved_actions
        .iter()
        .any(|a| a.eq_ignore_ascii_case(kind.name()))
    {
        return true;
    }
    match risk {
        Risk::Low => settings.auto_approve_low_risk,
        Risk::Medium => settings.auto_approve_mid_risk,
        Risk::High => false,
    }
}

/// The approval need of a catalog action (not a shell line): by approval class and risk, then
/// the trust gate's approval verbs for the tools it calls.
pub(crate) fn action_need(
    settings: &ApprovalSettings,
    kind: CommandKind,
    risk: Risk,
    verb_needs_approval: Option<&str>,
) -> Need {
    if let Some(reason) = verb_needs_approval {
        return Need::Ask {
            reason: reason.to_owned(),
        };
    }
    match kind.spec().approval {
        ApprovalClass::Dialog => Need::Ask {
            reason: format!("{kind} always asks for permission"),
        },
        ApprovalClass::Catalog | ApprovalClass::Shell if auto_approved(settings, kind, risk) => {
            Need::Run {
                reason: format!(
                    "{} risk actions are auto-approved by settings",
                    risk.as_str()
                ),
            }
        }
        ApprovalClass::Catalog | ApprovalClass::Shell => Need::Ask {
            reason: format!("{} risk action", risk.as_str()),
        },
        // A command the catalog does not ask about still asks when it is judged high risk
        // (a CLI shim on the PATH, a click whose target is unknown): fail closed.
        _ if risk >= Risk::High => Need::Ask {
            reason: format!("{} risk action", risk.as_str()),
        },
        _ => Need::Run {
            reason: "the catalog asks no approval for it".to_owned(),
        },
    }
}

/// A shell line of a reply, judged once for the whole reply.
pub(crate) struct ShellJudged {
    /// The shell policy's assessment.
    pub(crate) assessment: Assessment,
    /// As shown to a person.
    pub(crate) verdict: ShellVerdict,
    /// Whether it runs, asks or is refused (grants consulted).
    pub(crate) need: Need,
}

/// The shell policy's verdict on `line` as shown, and what it means for approval, before any
/// "Always allow" grant is consulted ([`Runtime::judge_shell`](crate::Runtime) does that).
pub(crate) fn shell_need(line: &str, assessment: &Assessment) -> (ShellVerdict, Need) {
    let eligibility = always_approval_eligibility(line);
    let verdict = ShellVerdict {
        line: line.to_owned(),
        tier: assessment.tier,
        decision: assessment.decision,
        findings: assessment
            .findings
            .iter()
            .map(|f| format!("{}: {}", f.rule, f.message))
            .collect(),
        strong_confirmation: assessment.needs_strong_confirmation(),
        always_eligible: eligibility.eligible,
        always_refused: eligibility.reason,
        always_until: None,
    };
    let why = || {
        assessment
            .findings
            .first()
            .map(|f| f.message.clone())
            .unwrap_or_else(|| {
                "shell lines ask unless the settings auto-approve their tier".to_owned()
            })
    };
    let need = match assessment.decision {
        Decision::Allow => Need::Run {
            reason: format!(
                "{} tier shell line, auto-approved by settings",
                assessment.tier.as_str()
            ),
        },
        Decision::Deny => Need::Refuse {
            reason: format!(
                "the shell policy denies this {} line: {}",
                assessment.tier.as_str(),
                why()
            ),
        },
        _ => Need::Ask {
            reason: format!("{} tier shell line: {}", assessment.tier.as_str(), why()),
        },
    };
    (verdict, need)
}

/// The risk a shell tier is shown as.
pub(crate) fn shell_risk(assessment: &Assessment) -> Risk {
    match assessment.tier.as_str() {
        "low" => Risk::Low,
        "medium" => Risk::Medium,
        _ => Risk::High,
    }
}
