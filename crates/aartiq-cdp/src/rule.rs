//! The network rule: a request with an unsafe method (anything but `GET`, `HEAD`, `OPTIONS`) is
//! a side effect, and goes out of a tab only while the action that caused it holds a person's
//! approval. Enforced on the same `Fetch` interception as the origin policy, for every target
//! (pages, frames, popups, workers, redirect hops).
//!
//! Each tab keeps its permit and a short record of what was stopped. An action begins (taking
//! a mark in the record, and a permit only when the person approved it), runs, and ends: what
//! was stopped since the mark is what the action caused. A permit outlives its action by
//! [`SIDE_EFFECT_GRACE`], for the request a submission sends once its navigation starts, and
//! ends at once when an action without approval begins in that tab.
//!
//! An action's end waits for the unsafe requests its page announced while it ran: the page
//! announces a request (`Network.requestWillBeSent`, from the renderer) before the request
//! crosses to the browser, on the same channel as the answers of the page's own calls, while
//! the pause that decides it comes from the browser's network side, which under load can lag
//! the page by much more than a round trip. So the end knows which pauses are still to come.

use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};

use aartiq_tools::{ActionEffect, ActionMark};

/// How long a person's approval keeps letting a tab's side effects through after the approved
/// action ended: long enough for a submission's navigation or a script's `fetch` to start,
/// short enough that a page cannot save it for later.
pub const SIDE_EFFECT_GRACE: Duration = Duration::from_secs(3);

/// How many stopped requests a tab remembers.
const STOPPED_KEPT: usize = 64;

/// How many announced-but-undecided requests an action waits for; a page that announces more
/// in one action is waited for up to the settle bound anyway.
const ANNOUNCED_KEPT: usize = 256;

/// Whether a tab's unsafe requests may go out now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Permit {
    /// They are stopped.
    #[default]
    Closed,
    /// An approved action is running.
    Open,
    /// An approved action ended; they go out until then.
    Until(Instant),
}

/// One tab's side of the network rule.
#[derive(Debug, Default)]
pub(crate) struct SideEffects {
    permit: Permit,
    /// What was stopped, with a running number, oldest first.
    stopped: VecDeque<(u64, ActionEffect)>,
    next: u64,
    /// When the tab last asked for a document (a navigation or a submission): an action that
    /// caused one waits until its request was decided.
    pub(crate) navigation_requested: Option<Instant>,
    /// When the last document request of the tab was paused.
    pub(crate) document_paused: Option<Instant>,
    /// Whether an action is between its begin and its end.
    acting: bool,
    /// Unsafe requests announced during the action whose pause has not come (by network id).
    announced: HashSet<String>,
    /// Requests paused during the action (by network id), for a pause that comes before its
    /// announcement.
    paused: HashSet<String>,
}

impl SideEffects {
    /// Whether the tab's unsafe requests may go out at `now`.
    pub(crate) fn permits(&self, now: Instant) -> bool {
        match self.permit {
            Permit::Closed => false,
            Permit::Open => true,
            Permit::Until(end) => now < end,
        }
    }

    /// An action begins: a permit when a person approved it, otherwise whatever grace is left
    /// from an earlier approved action ends now.
    pub(crate) fn begin(&mut self, permit: bool) -> ActionMark {
        self.permit = if permit { Permit::Open } else { Permit::Closed };
        self.acting = true;
        self.announced.clear();
        self.paused.clear();
        ActionMark(self.next)
    }

    /// The action ended: an open permit lasts [`SIDE_EFFECT_GRACE`] more.
    pub(crate) fn end(&mut self, now: Instant) {
        if self.permit == Permit::Open {
            self.permit = Permit::Until(now + SIDE_EFFECT_GRACE);
        }
        self.acting = false;
        self.announced.clear();
        self.paused.clear();
    }

    /// The page announced a request with an unsafe method.
    pub(crate) fn announced(&mut self, id: &str) {
        if self.acting && !self.paused.remove(id) && self.announced.len() < ANNOUNCED_KEPT {
            self.announced.insert(id.to_owned());
        }
    }

    /// A request with an unsafe method was paused for a decision (before or after the page
    /// announced it).
    pub(crate) fn decided(&mut self, id: &str) {
        if self.acting && !self.announced.remove(id) && self.paused.len() < ANNOUNCED_KEPT {
            self.paused.insert(id.to_owned());
        }
    }

    /// A request finished or failed, so no pause is to come for it (a service worker's
    /// answer, a request the renderer itself refused). Its announcement always came first.
    pub(crate) fn ended(&mut self, id: &str) {
        self.announced.remove(id);
    }

    /// Whether an announced request of the running action is still to be decided.
    pub(crate) fn undecided(&self) -> bool {
        !self.announced.is_empty()
    }

    /// Notes a stopped request.
    pub(crate) fn stop(&mut self, method: &str, url: &str) {
        if self.stopped.len() == STOPPED_KEPT {
            self.stopped.pop_front();
        }
        self.stopped.push_back((
            self.next,
            ActionEffect::Blocked {
                method: method.to_ascii_uppercase(),
                url: url.to_owned(),
            },
        ));
        self.next += 1;
    }

    /// What was stopped since `mark`.
    pub(crate) fn since(&self, mark: ActionMark) -> Vec<ActionEffect> {
        self.stopped
            .iter()
            .filter(|(n, _)| *n >= mark.0)
            .map(|(_, effect)| effect.clone())
            .collect()
    }
}

/// How a stopped request is failed. A document (a form's submission, a frame's navigation)
/// is aborted, so the page stays as it was and the action can be repeated with approval;
/// anything else fails like a request a client blocked.
pub(crate) fn error_reason(resource_type: &str) -> &'static str {
    if resource_type == "Document" {
        "Aborted"
    } else {
        "BlockedByClient"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_permit_lasts_its_action_and_the_grace_and_no_longer() {
        let mut side = SideEffects::default();
        let start = Instant::now();
        assert!(!side.permits(start), "closed until an approved action");
        side.begin(true);
        assert!(side.permits(start));
        side.end(start);
        assert!(side.permits(start + SIDE_EFFECT_GRACE - Duration::from_millis(1)));
        assert!(!side.permits(start + SIDE_EFFECT_GRACE));
        side.begin(true);
        side.end(start);
        side.begin(false);
        assert!(
            !side.permits(start),
            "an unapproved action ends the grace at once"
        );
    }

    #[test]
    fn an_action_waits_for_what_it_announced_in_either_order() {
        let mut side = SideEffects::default();
        side.announced("before");
        side.decided("before");
        assert!(!side.undecided(), "nothing is recorded outside an action");
        side.begin(false);
        side.announced("a");
        assert!(side.undecided());
        side.decided("b");
        assert!(side.undecided(), "another request's pause does not count");
        side.announced("b");
        side.decided("a");
        assert!(!side.undecided(), "a pause before its announcement counts");
        side.announced("c");
        side.ended("c");
        assert!(!side.undecided(), "a request that ended needs no pause");
        side.announced("d");
        side.end(Instant::now());
        assert!(!side.undecided(), "the end forgets what was waited for");
        side.begin(false);
        assert!(
            !side.undecided(),
            "a new action starts with nothing to wait for"
        );
    }

    #[test]
    fn what_an_action_caused_is_what_was_stopped_since_its_mark() {
        let mut side = SideEffects::default();
        side.stop("post", "http://a.test/early");
        let mark = side.begin(false);
        side.stop("delete", "http://a.test/x");
        assert_eq!(
            side.since(mark),
            vec![ActionEffect::Blocked {
                method: "DELETE".into(),
                url: "http://a.test/x".into()
            }]
        );
        for n in 0..STOPPED_KEPT + 5 {
            side.stop("POST", &format!("http://a.test/{n}"));
        }
        assert_eq!(
            side.since(mark).len(),
            STOPPED_KEPT,
            "the record is bounded"
        );
    }

    #[test]
    fn documents_are_aborted_and_the_rest_blocked() {
        assert_eq!(error_reason("Document"), "Aborted");
        assert_eq!(error_reason("XHR"), "BlockedByClient");
        assert_eq!(error_reason("Ping"), "BlockedByClient");
    }
}
