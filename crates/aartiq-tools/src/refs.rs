//! Refs: session-unique element names (`e<N>`) and the typed reasons a ref can no longer be
//! used (browser.md 5.4, 5.5).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::backend::{NodeInspection, NodeState};
use crate::types::{NodeHandle, TabId};

/// A ref: `e<N>`, never reused for another node in a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ref(pub u64);

impl fmt::Display for Ref {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "e{}", self.0)
    }
}

impl Serialize for Ref {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Ref {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Ref, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|()| serde::de::Error::custom(format!("\"{text}\" is not a ref (e<N>)")))
    }
}

impl FromStr for Ref {
    type Err = ();

    /// Parses `e<N>` (with N > 0 and no sign or leading zero).
    fn from_str(text: &str) -> Result<Ref, ()> {
        let digits = text.trim().strip_prefix('e').ok_or(())?;
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(());
        }
        digits.parse().map(Ref).map_err(|_| ())
    }
}

/// What a ref stands for: one element as it was described to the agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RefRecord {
    /// The ref.
    #[serde(rename = "ref")]
    pub reference: Ref,
    /// The tab it belongs to.
    pub tab: TabId,
    /// How the backend finds the node.
    #[serde(skip)]
    pub handle: NodeHandle,
    /// The document epoch it was seen in.
    pub epoch: u64,
    /// Its role then.
    pub role: String,
    /// Its name then.
    pub name: String,
    /// Whether it can be acted on (structural containers get refs only to be expanded).
    pub actionable: bool,
    /// The snapshot that last showed it.
    pub snapshot: u64,
}

/// Why a ref cannot be used, in check order (browser.md 5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[non_exhaustive]
pub enum StaleReason {
    /// Never issued in this session.
    Unknown,
    /// Issued for a snapshot so old that its refs were let go (a tab keeps the refs of its
    /// last few snapshots).
    Pruned,
    /// Issued for another tab.
    OtherTab,
    /// The tab navigated since.
    Navigated,
    /// The node no longer exists.
    Gone,
    /// The node was removed from the page.
    Detached,
    /// The node's role or name changed.
    Changed,
    /// Covered, disabled, without size, or a structural node.
    NotActionable,
    /// Issued by a browser that has since died and been started again: its tabs and
    /// documents are gone.
    BrowserRestarted,
}

impl StaleReason {
    /// The machine-readable code: `REF_UNKNOWN`, `REF_STALE_PRUNED`, `REF_OTHER_TAB`, `REF_STALE_NAVIGATED`,
    /// `REF_STALE_GONE`, `REF_STALE_DETACHED`, `REF_STALE_CHANGED`, `NOT_ACTIONABLE`,
    /// `REF_STALE_BROWSER_RESTARTED`.
    pub fn code(self) -> &'static str {
        match self {
            StaleReason::Unknown => "REF_UNKNOWN",
            StaleReason::Pruned => "REF_STALE_PRUNED",
            StaleReason::OtherTab => "REF_OTHER_TAB",
            StaleReason::Navigated => "REF_STALE_NAVIGATED",
            StaleReason::Gone => "REF_STALE_GONE",
            StaleReason::Detached => "REF_STALE_DETACHED",
            StaleReason::Changed => "REF_STALE_CHANGED",
            StaleReason::NotActionable => "NOT_ACTIONABLE",
            StaleReason::BrowserRestarted => "REF_STALE_BROWSER_RESTARTED",
        }
    }
}

/// Role and name of an element as it was described.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Described {
    /// Its role.
    pub role: String,
    /// Its name.
    pub name: String,
}

/// A ref that cannot be used, with why and what to call next. The server never re-targets on
/// its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message} {hint}")]
pub struct RefError {
    /// Why.
    pub reason: StaleReason,
    /// The ref as given.
    #[serde(rename = "ref")]
    pub reference: String,
    /// What it was, when it was known.
    pub was: Option<Box<Described>>,
    /// What happened.
    pub message: String,
    /// The next call to make.
    pub hint: String,
}

impl RefError {
    /// The machine-readable code.
    pub fn code(&self) -> &'static str {
        self.reason.code()
    }

    pub(crate) fn unknown(reference: &str, tab: &TabId) -> RefError {
        RefError {
            reason: StaleReason::Unknown,
            reference: reference.to_owned(),
            was: None,
            message: format!("ref {reference} was never issued in this session."),
            hint: format!("Call snapshot(tabId={tab}) to get current refs."),
        }
    }

    pub(crate) fn pruned(reference: &str, tab: &TabId, kept: usize) -> RefError {
        RefError {
            reason: StaleReason::Pruned,
            reference: reference.to_owned(),
            was: None,
            message: format!(
                "stale ref {reference}: it is from an older snapshot, and a tab keeps the refs \
                 of its last {kept} snapshots only."
            ),
            hint: format!("Take a new snapshot: call snapshot(tabId={tab}) for current refs."),
        }
    }

    pub(crate) fn browser_restarted(reference: &str, why: &str) -> RefError {
        RefError {
            reason: StaleReason::BrowserRestarted,
            reference: reference.to_owned(),
            was: None,
            message: format!(
                "stale ref {reference}: the browser it came from is gone ({why}); a new one was \
                 started, and tabs and refs start over."
            ),
            hint: "Call list_tabs (or new_tab) and take a new snapshot for current refs."
                .to_owned(),
        }
    }

    pub(crate) fn other_tab(record: &RefRecord, tab: &TabId) -> RefError {
        RefError {
            reason: StaleReason::OtherTab,
            reference: record.reference.to_string(),
            was: Some(Box::new(record.described())),
            message: format!(
                "{} belongs to tab {}; the call named tab {tab}.",
                record.reference, record.tab
            ),
            hint: format!(
                "Pass tabId={} or call snapshot(tabId={tab}) for refs of this tab.",
                record.tab
            ),
        }
    }

    pub(crate) fn navigated(record: &RefRecord) -> RefError {
        RefError {
            reason: StaleReason::Navigated,
            reference: record.reference.to_string(),
            was: Some(Box::new(record.described())),
            message: format!(
                "{} ({}) is from snapshot s{}; tab {} navigated since.",
                record.reference,
                record.label(),
                record.snapshot,
                record.tab
            ),
            hint: format!(
                "Call snapshot(tabId={}) to get refs of the new page.",
                record.tab
            ),
        }
    }

    fn find_hint(record: &RefRecord) -> String {
        format!(
            "Call page_find(tabId={}, query=\"{}\", role=\"{}\") or snapshot(tabId={}).",
            record.tab,
            record.name.replace('"', "'"),
            record.role,
            record.tab
        )
    }
}

impl RefRecord {
    fn described(&self) -> Described {
        Described {
            role: self.role.clone(),
            name: self.name.clone(),
        }
    }

    fn label(&self) -> String {
        if self.name.is_empty() {
            self.role.clone()
        } else {
            format!("{} \"{}\"", self.role, self.name)
        }
    }
}

/// Checks a resolved ref against what the backend sees now (checks 3-7 of browser.md 5.5):
/// epoch, existence, attachment, role and name, actionability.
///
/// # Errors
/// The first check that fails, as a [`RefError`] with a hint.
pub fn check_live(record: &RefRecord, now: &NodeInspection) -> Result<(), RefError> {
    let fail = |reason, message: String, hint: String| RefError {
        reason,
        reference: record.reference.to_string(),
        was: Some(Box::new(record.described())),
        message,
        hint,
    };
    if now.epoch != record.epoch {
        return Err(RefError::navigated(record));
    }
    match &now.state {
        NodeState::Gone => Err(fail(
            StaleReason::Gone,
            format!(
                "{} ({}) no longer exists.",
                record.reference,
                record.label()
            ),
            RefError::find_hint(record),
        )),
        NodeState::Detached => Err(fail(
            StaleReason::Detached,
            format!(
                "{} ({}) was removed from the page.",
                record.reference,
                record.label()
            ),
            RefError::find_hint(record),
        )),
        NodeState::Present { role, name, .. } if *role != record.role || *name != record.name => {
            let now_label = if name.is_empty() {
                role.clone()
            } else {
                format!("{role} \"{name}\"")
            };
            Err(fail(
                StaleReason::Changed,
                format!(
                    "{} was {}, now {now_label}.",
                    record.reference,
                    record.label()
                ),
                format!(
                    "Call snapshot(tabId={}) to see the element as it is now.",
                    record.tab
                ),
            ))
        }
        NodeState::Present { .. } if !record.actionable => Err(fail(
            StaleReason::NotActionable,
            format!(
                "{} ({}) is a structural node with no element action.",
                record.reference,
                record.label()
            ),
            format!(
                "Call snapshot(tabId={}, scope=\"{}\") to expand it and act on a control inside.",
                record.tab, record.reference
            ),
        )),
        NodeState::Present {
            blocker: Some(blocker),
            ..
        } => Err(fail(
            StaleReason::NotActionable,
            format!("{} ({}) {blocker}.", record.reference, record.label()),
            format!(
                "Deal with what blocks it, then retry; snapshot(tabId={}) shows the page.",
                record.tab
            ),
        )),
        NodeState::Present { .. } => Ok(()),
    }
}
