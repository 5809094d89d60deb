//! The `PageHost` trait of `aartiq-host` on [`CdpBrowser`]: the assistant's viewport
//! screenshots, history steps and clicks at a point run the same code as the agent API's
//! `screenshot`, `go_back`/`go_forward` and `click_at` (see `view.rs`). On
//! [`ManagedBrowser`] each call goes to the browser in use, started again after one died.

use aartiq_host::{HistoryDirection, HostError, PageHost, Rect};
use aartiq_tools::{ActionOutcome, HistoryStep, Shot, ShotArea, ShotRequest, TabId, TabInfo};
use async_trait::async_trait;

use crate::browser::CdpBrowser;
use crate::supervisor::ManagedBrowser;
use crate::view::StepError;

#[async_trait]
impl PageHost for CdpBrowser {
    async fn screenshot(&self, tab: &TabId, clip: Option<Rect>) -> Result<Vec<u8>, HostError> {
        let area = match clip {
            None => ShotArea::Viewport,
            Some(rect) => {
                rect.validate()?;
                ShotArea::Clip {
                    x: f64::from(rect.x),
                    y: f64::from(rect.y),
                    width: f64::from(rect.w),
                    height: f64::from(rect.h),
                }
            }
        };
        // Scale 1 makes one image pixel per CSS pixel, so OCR boxes are viewport coordinates.
        let shot = self
            .shoot(tab, &ShotRequest::exact(area))
            .await
            .map_err(|e| match (&clip, e) {
                (Some(rect), aartiq_tools::BackendError::Other(why))
                    if why.starts_with("nothing to picture") =>
                {
                    HostError::InvalidRect(format!(
                        "{}, {}, {}, {}: {why}",
                        rect.x, rect.y, rect.w, rect.h
                    ))
                }
                (_, other) => HostError::Backend(other),
            })?;
        Ok(shot.data)
    }

    async fn shot(&self, tab: &TabId, request: &ShotRequest) -> Result<Shot, HostError> {
        Ok(self.shoot(tab, request).await?)
    }

    async fn history_go(
        &self,
        tab: &TabId,
        direction: HistoryDirection,
    ) -> Result<TabInfo, HostError> {
        let step = match direction {
            HistoryDirection::Back => HistoryStep::Back,
            HistoryDirection::Forward => HistoryStep::Forward,
        };
        self.step(tab, step).await.map_err(|e| match e {
            StepError::NoEntry => HostError::NoHistoryEntry {
                tab: tab.clone(),
                direction,
            },
            StepError::Backend(error) => HostError::Backend(error),
        })
    }

    async fn click_at(
        &self,
        tab: &TabId,
        x: f64,
        y: f64,
        permit: bool,
    ) -> Result<ActionOutcome, HostError> {
        let mark = self.begin_side_effects(tab, permit);
        let mut outcome = self.click_viewport(tab, x, y).await;
        let stopped = self.end_side_effects(tab, mark, true).await;
        if let Ok(outcome) = &mut outcome {
            outcome.effects.extend(stopped);
        }
        Ok(outcome?)
    }
}

#[async_trait]
impl PageHost for ManagedBrowser {
    async fn screenshot(&self, tab: &TabId, clip: Option<Rect>) -> Result<Vec<u8>, HostError> {
        let browser = self.browser().await?;
        PageHost::screenshot(&*browser, tab, clip).await
    }

    async fn shot(&self, tab: &TabId, request: &ShotRequest) -> Result<Shot, HostError> {
        let browser = self.browser().await?;
        PageHost::shot(&*browser, tab, request).await
    }

    async fn history_go(
        &self,
        tab: &TabId,
        direction: HistoryDirection,
    ) -> Result<TabInfo, HostError> {
        let browser = self.browser().await?;
        browser.history_go(tab, direction).await
    }

    async fn click_at(
        &self,
        tab: &TabId,
        x: f64,
        y: f64,
        permit: bool,
    ) -> Result<ActionOutcome, HostError> {
        let browser = self.browser().await?;
        PageHost::click_at(&*browser, tab, x, y, permit).await
    }
}
