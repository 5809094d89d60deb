//! [`PageHost`]: what the runtime needs from the browser beyond the `Browser` trait of
//! `aartiq-tools` - screenshots (`SCREENSHOT_AND_ANALYZE`, `OCR_SCREEN`), history
//! (`GO_BACK`, `GO_FORWARD`) and clicks at a point (`CLICK_AT`, the OCR fallback of
//! `FIND_AND_CLICK`; spec a.8 rows 5, 15, 17, 21, 22, 56). `aartiq-cdp` implements it.

use std::fmt;

use aartiq_tools::{ActionOutcome, Shot, ShotRequest, TabId, TabInfo};
use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use crate::{HostError, Rect};

/// A direction in a tab's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HistoryDirection {
    /// The previous entry (`GO_BACK`).
    Back,
    /// The next entry (`GO_FORWARD`).
    Forward,
}

impl HistoryDirection {
    /// The step in the history list: -1 or +1.
    #[must_use]
    pub fn delta(self) -> i64 {
        match self {
            HistoryDirection::Back => -1,
            HistoryDirection::Forward => 1,
        }
    }
}

impl fmt::Display for HistoryDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HistoryDirection::Back => "back",
            HistoryDirection::Forward => "forward",
        })
    }
}

/// Screenshots, history and clicks at a point on a browser tab.
///
/// Coordinates are CSS pixels of the tab's viewport (what is on screen), the same for a
/// screenshot's clip, the boxes OCR finds in an unclipped screenshot, and `click_at`.
#[async_trait]
pub trait PageHost: Send + Sync {
    /// A PNG of the tab's viewport (without scroll bars) at one image pixel per CSS pixel, or
    /// of `clip` within it (cut to the viewport where it reaches past it).
    ///
    /// # Errors
    /// [`HostError::InvalidRect`] for a clip without area or wholly outside the viewport,
    /// [`HostError::Backend`] for an unknown tab or a browser failure.
    async fn screenshot(&self, tab: &TabId, clip: Option<Rect>) -> Result<Vec<u8>, HostError>;

    /// A screenshot as the agent API's `screenshot` tool takes it: scaled down to
    /// `request.max_dimension`, in its format, within its byte budget (the picture of a step
    /// that the web UI shows, say).
    ///
    /// # Errors
    /// [`HostError::Backend`] for an unknown tab or a browser failure.
    async fn shot(&self, tab: &TabId, request: &ShotRequest) -> Result<Shot, HostError>;

    /// Moves one entry back or forward in the tab's history and waits for the page to load.
    ///
    /// # Errors
    /// [`HostError::NoHistoryEntry`] at either end of the history, [`HostError::Backend`]
    /// otherwise.
    async fn history_go(
        &self,
        tab: &TabId,
        direction: HistoryDirection,
    ) -> Result<TabInfo, HostError>;

    /// Clicks at `x`, `y` with real mouse events. The outcome's `value` describes the element
    /// that was under the point (e.g. `button "Place order"`); a point outside the viewport
    /// is a failed outcome, not an error. The click is one action under the browser's network
    /// rule: with `permit` (a person approved it), the requests with unsafe methods it causes go
    /// out; without, they are stopped and come back as blocked effects.
    ///
    /// # Errors
    /// [`HostError::Backend`] for an unknown tab or a browser failure.
    async fn click_at(
        &self,
        tab: &TabId,
        x: f64,
        y: f64,
        permit: bool,
    ) -> Result<ActionOutcome, HostError>;

    /// [`PageHost::history_go`] back.
    ///
    /// # Errors
    /// As [`PageHost::history_go`].
    async fn go_back(&self, tab: &TabId) -> Result<TabInfo, HostError> {
        self.history_go(tab, HistoryDirection::Back).await
    }

    /// [`PageHost::history_go`] forward.
    ///
    /// # Errors
    /// As [`PageHost::history_go`].
    async fn go_forward(&self, tab: &TabId) -> Result<TabInfo, HostError> {
        self.history_go(tab, HistoryDirection::Forward).await
    }
}
