//! Page dialogs on [`CdpBrowser`]. Alerts and "leave this page?" are accepted at once. A
//! `confirm` or `prompt` waits for `handle_dialog` when the browser is configured to wait
//! ([`BrowserConfig::dialog_wait`](crate::BrowserConfig::dialog_wait)), bounded: one still open
//! when its wait ends is dismissed, and the tab's next action reports it. Without a wait it is
//! dismissed at once, so no page gets a "yes" nobody gave.
//!
//! An open dialog blocks its page's scripts, and every DevTools call that waits on them. So an
//! action that raises one stops waiting for itself and reports the dialog as open, and calls
//! that need the page are refused (`DIALOG_OPEN`) until it is answered.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use aartiq_tools::{ActionEffect, ActionOutcome, BackendError, DialogAnswer, PageOutcome, TabId};
use serde_json::{Value, json};

use crate::browser::{CdpBrowser, Inner, backend, tab_id, tab_number};

/// How long a `confirm` or `prompt` waits for `handle_dialog` in the servers.
pub const DEFAULT_DIALOG_WAIT: Duration = Duration::from_secs(30);

/// A `confirm` or `prompt` open in a tab.
#[derive(Debug, Clone)]
pub(crate) struct OpenDialog {
    /// Which opening this is, so a late timer never closes a newer dialog.
    serial: u64,
    /// The session it was raised in (a frame's own, when out of process).
    session: String,
    kind: String,
    message: String,
}

/// The dialog state of one tab.
#[derive(Debug, Default)]
pub(crate) struct TabDialogs {
    open: Option<OpenDialog>,
    /// Dialogs dismissed because nobody answered them, not yet reported.
    expired: Vec<(String, String)>,
    /// What became of the last dialog that nobody answered, for `NO_DIALOG`.
    last_expired: Option<String>,
}

impl Inner {
    /// `Page.javascriptDialogOpening` on `session`: answered at once, or kept open for the agent.
    pub(crate) fn dialog_opening(self: &Arc<Self>, session: &str, params: &Value) {
        let kind = params["type"].as_str().unwrap_or("alert").to_owned();
        let waits = waits_for_agent(self.dialog_wait, &kind);
        let tab = self.state().sessions.get(session).map(|s| s.tab);
        if let (true, Some(tab), Some(wait)) = (waits, tab, self.dialog_wait) {
            let serial = self.next_serial();
            let message = params["message"].as_str().unwrap_or_default().to_owned();
            if let Some(t) = self.state().tabs.get_mut(&tab) {
                t.dialogs.open = Some(OpenDialog {
                    serial,
                    session: session.to_owned(),
                    kind,
                    message,
                });
            }
            self.dialog_opened.notify_waiters();
            let inner = Arc::downgrade(self);
            tokio::spawn(async move {
                tokio::time::sleep(wait).await;
                if let Some(inner) = inner.upgrade() {
                    inner.expire_dialog(tab, serial).await;
                }
            });
            return;
        }
        // A dialog blocks the page (and any input event waiting on it): answer at once.
        let accept = matches!(kind.as_str(), "alert" | "beforeunload");
        let inner = Arc::clone(self);
        let session = session.to_owned();
        tokio::spawn(async move {
            let _ = inner
                .call(
                    "Page.handleJavaScriptDialog",
                    json!({"accept": accept}),
                    Some(&session),
                )
                .await;
        });
    }

    /// `Page.javascriptDialogClosed` on `session`: whoever closed it, it is no longer open.
    pub(crate) fn dialog_closed(&self, session: &str) {
        let mut state = self.state();
        let Some(tab) = state.sessions.get(session).map(|s| s.tab) else {
            return;
        };
        if let Some(t) = state.tabs.get_mut(&tab)
            && t.dialogs
                .open
                .as_ref()
                .is_some_and(|d| d.session == session)
        {
            t.dialogs.open = None;
        }
    }

    /// The end of a dialog's wait: dismissed when it is still the one open.
    async fn expire_dialog(&self, tab: u64, serial: u64) {
        let expired = {
            let mut state = self.state();
            let Some(t) = state.tabs.get_mut(&tab) else {
                return;
            };
            match &t.dialogs.open {
                Some(d) if d.serial == serial => {
                    let d = t.dialogs.open.take();
                    if let Some(d) = &d {
                        t.dialogs.expired.push((d.kind.clone(), d.message.clone()));
                        t.dialogs.last_expired = Some(format!(
                            "The last {} dialog was dismissed: nobody answered it in time.",
                            d.kind
                        ));
                    }
                    d
                }
                _ => None,
            }
        };
        if let Some(d) = expired {
            let _ = self
                .call(
                    "Page.handleJavaScriptDialog",
                    json!({"accept": false}),
                    Some(&d.session),
                )
                .await;
        }
    }

    /// The kind of the dialog open in `tab`, if any.
    pub(crate) fn open_dialog(&self, tab: u64) -> Option<String> {
        self.state()
            .tabs
            .get(&tab)
            .and_then(|t| t.dialogs.open.as_ref().map(|d| d.kind.clone()))
    }

    /// Refuses a call that needs the page of `tab` while a dialog blocks it.
    pub(crate) fn not_blocked(&self, tab: u64) -> Result<(), BackendError> {
        match self.open_dialog(tab) {
            Some(kind) => Err(BackendError::DialogOpen {
                tab: tab_id(tab),
                kind,
            }),
            None => Ok(()),
        }
    }

    /// The dialogs of `tab` that nobody answered since the last report, as effects.
    pub(crate) fn expired_dialogs(&self, tab: u64) -> Vec<ActionEffect> {
        let mut state = self.state();
        let Some(t) = state.tabs.get_mut(&tab) else {
            return Vec::new();
        };
        t.dialogs
            .expired
            .drain(..)
            .map(|(dialog, message)| ActionEffect::Dialog {
                dialog,
                message,
                answer: DialogAnswer::Expired,
            })
            .collect()
    }

    /// Runs an action on `tab` until it ends or a dialog opens in the tab, whichever comes
    /// first: `None` when a dialog stopped it (what the action was waiting for resumes in the
    /// browser once the dialog is answered, and its answer is dropped).
    pub(crate) async fn unless_dialog<T>(
        &self,
        tab: u64,
        action: impl Future<Output = Result<T, BackendError>>,
    ) -> Result<Option<T>, BackendError> {
        let opened = async {
            loop {
                let notified = self.dialog_opened.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                if self.open_dialog(tab).is_some() {
                    return;
                }
                notified.await;
            }
        };
        tokio::select! {
            done = action => done.map(Some),
            () = opened => Ok(None),
        }
    }
}

/// Whether a dialog of `kind` waits for the agent under a wait of `wait`.
pub(crate) fn waits_for_agent(wait: Option<Duration>, kind: &str) -> bool {
    wait.is_some() && matches!(kind, "confirm" | "prompt")
}

/// The outcome of an action a dialog interrupted: it ran (the dialog is its effect).
pub(crate) fn interrupted() -> ActionOutcome {
    ActionOutcome {
        ok: true,
        reason: None,
        value: None,
        effects: Vec::new(),
    }
}

impl CdpBrowser {
    /// Accepts or dismisses the dialog open in `tab`; the page's reaction is the effects.
    pub(crate) async fn answer_open_dialog(
        &self,
        tab: &TabId,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<PageOutcome, BackendError> {
        let number = tab_number(tab).ok_or_else(|| BackendError::UnknownTab(tab.clone()))?;
        let open = {
            let state = self.inner.state();
            let t = state
                .tabs
                .get(&number)
                .ok_or_else(|| BackendError::UnknownTab(tab.clone()))?;
            match &t.dialogs.open {
                Some(d) => d.clone(),
                None => {
                    return Err(BackendError::NoDialog {
                        tab: tab.clone(),
                        closed: t.dialogs.last_expired.clone(),
                    });
                }
            }
        };
        let mut events = self.inner.conn.events();
        let mut params = json!({"accept": accept});
        if let (true, "prompt", Some(text)) = (accept, open.kind.as_str(), prompt_text) {
            params["promptText"] = json!(text);
        }
        self.inner
            .call("Page.handleJavaScriptDialog", params, Some(&open.session))
            .await
            .map_err(backend)?;
        {
            let mut state = self.inner.state();
            if let Some(t) = state.tabs.get_mut(&number)
                && t.dialogs
                    .open
                    .as_ref()
                    .is_some_and(|d| d.serial == open.serial)
            {
                t.dialogs.open = None;
            }
        }
        let mut outcome = ActionOutcome {
            ok: true,
            reason: None,
            value: None,
            effects: Vec::new(),
        };
        outcome.effects = self.inner.effects(number, &mut events, None).await;
        Ok(PageOutcome::untrusted(outcome))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_confirm_and_prompt_wait_and_only_with_a_wait() {
        let wait = Some(Duration::from_secs(1));
        assert!(waits_for_agent(wait, "confirm"));
        assert!(waits_for_agent(wait, "prompt"));
        assert!(!waits_for_agent(wait, "alert"));
        assert!(!waits_for_agent(wait, "beforeunload"));
        assert!(!waits_for_agent(None, "confirm"));
    }
}
