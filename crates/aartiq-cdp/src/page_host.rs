//! The `PageHost` trait of `aartiq-host` on [`CdpBrowser`]: viewport screenshots
//! (`Page.captureScreenshot`), history steps (`Page.getNavigationHistory`,
//! `Page.navigateToHistoryEntry`) and clicks at a point (`Input.dispatchMouseEvent`, with the
//! element there found by `DOM.getNodeForLocation`, never by a page script).

use std::time::Duration;

use aartiq_host::{HistoryDirection, HostError, PageHost, Rect};
use aartiq_tools::{ActionOutcome, BackendError, TabId, TabInfo};
use async_trait::async_trait;
use base64::Engine as _;
use serde_json::{Value, json};
use tokio::sync::broadcast;

use crate::browser::{CdpBrowser, backend};
use crate::connection::Event;

/// How long a history step waits for the page to be shown.
const HISTORY_TIMEOUT: Duration = Duration::from_secs(15);

/// The longest element name an outcome quotes (it is page text).
const NAME_LIMIT: usize = 80;

/// The visual viewport: its place in the document and its size, in CSS pixels.
struct Viewport {
    page_x: f64,
    page_y: f64,
    width: f64,
    height: f64,
}

fn cut(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > NAME_LIMIT {
        let mut short: String = text.chars().take(NAME_LIMIT).collect();
        short.push('…');
        short
    } else {
        text
    }
}

impl CdpBrowser {
    async fn viewport(&self, session: &str) -> Result<Viewport, HostError> {
        let metrics = self
            .inner
            .call("Page.getLayoutMetrics", json!({}), Some(session))
            .await
            .map_err(backend)?;
        let visual = &metrics["cssVisualViewport"];
        let number = |v: &Value| v.as_f64().unwrap_or(0.0);
        Ok(Viewport {
            page_x: number(&visual["pageX"]),
            page_y: number(&visual["pageY"]),
            width: number(&visual["clientWidth"]),
            height: number(&visual["clientHeight"]),
        })
    }

    /// `button "Place order"` for the element at a viewport point, from the browser's own
    /// hit test and accessibility tree; `None` when nothing is there.
    async fn element_at(&self, session: &str, x: f64, y: f64) -> Option<String> {
        let hit = self
            .inner
            .call(
                "DOM.getNodeForLocation",
                json!({"x": x.floor() as i64, "y": y.floor() as i64, "includeUserAgentShadowDOM": false, "ignorePointerEventsNone": true}),
                Some(session),
            )
            .await
            .ok()?;
        let node = hit["backendNodeId"].as_i64()?;
        let described = self
            .inner
            .call(
                "DOM.describeNode",
                json!({"backendNodeId": node}),
                Some(session),
            )
            .await
            .ok()?;
        let tag = described["node"]["localName"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let ax = self
            .inner
            .call(
                "Accessibility.getPartialAXTree",
                json!({"backendNodeId": node, "fetchRelatives": false}),
                Some(session),
            )
            .await
            .ok();
        let first = ax.as_ref().and_then(|a| a["nodes"].get(0));
        let role = first
            .and_then(|n| n["role"]["value"].as_str())
            .filter(|r| !r.is_empty() && *r != "none" && *r != "generic")
            .map(str::to_owned);
        let name = first
            .and_then(|n| n["name"]["value"].as_str())
            .map(cut)
            .filter(|n| !n.is_empty());
        Some(match (role, name) {
            (Some(role), Some(name)) => format!("{role} \"{name}\""),
            (Some(role), None) => format!("{role} <{tag}>"),
            (None, Some(name)) => format!("<{tag}> \"{name}\""),
            (None, None) => format!("<{tag}>"),
        })
    }

    async fn press(&self, session: &str, kind: &str, x: f64, y: f64) -> Result<(), HostError> {
        self.inner
            .mouse_event(session, kind, x, y)
            .await
            .map_err(|e| HostError::Backend(backend(e)))
    }
}

/// Waits until the history step shows its page: a load, a same-document step, or a page
/// restored from the back-forward cache.
async fn shown(events: &mut broadcast::Receiver<Event>, session: &str, frame: &str) {
    loop {
        match events.recv().await {
            Ok(event) if event.session_id.as_deref() == Some(session) => {
                let params = &event.params;
                let done = match event.method.as_str() {
                    "Page.loadEventFired" => true,
                    "Page.navigatedWithinDocument" => params["frameId"] == frame,
                    "Page.frameNavigated" => {
                        params["frame"]["id"] == frame
                            && params["type"] == "BackForwardCacheRestore"
                    }
                    _ => false,
                };
                if done {
                    return;
                }
            }
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

#[async_trait]
impl PageHost for CdpBrowser {
    async fn screenshot(&self, tab: &TabId, clip: Option<Rect>) -> Result<Vec<u8>, HostError> {
        let (_, session) = self.inner.session_of(tab)?;
        let view = self.viewport(&session).await?;
        let (vw, vh) = (view.width.floor().max(0.0), view.height.floor().max(0.0));
        let (x, y, w, h) = match clip {
            None => (0.0, 0.0, vw, vh),
            Some(rect) => {
                rect.validate()?;
                // Clamped to the viewport; a region wholly outside it is refused.
                let (x, y) = (f64::from(rect.x), f64::from(rect.y));
                let w = (x + f64::from(rect.w)).min(vw) - x;
                let h = (y + f64::from(rect.h)).min(vh) - y;
                if w <= 0.0 || h <= 0.0 {
                    return Err(HostError::InvalidRect(format!(
                        "{}, {}, {}, {} is outside the {vw}x{vh} viewport",
                        rect.x, rect.y, rect.w, rect.h
                    )));
                }
                (x, y, w, h)
            }
        };
        if w <= 0.0 || h <= 0.0 {
            return Err(HostError::InvalidRect(format!("the viewport is {vw}x{vh}")));
        }
        // The clip is in document coordinates: add the scroll position. Scale 1 makes one
        // image pixel per CSS pixel, so OCR boxes are viewport coordinates.
        let shot = self
            .inner
            .call(
                "Page.captureScreenshot",
                json!({
                    "format": "png",
                    "clip": {"x": view.page_x + x, "y": view.page_y + y, "width": w, "height": h, "scale": 1},
                    "captureBeyondViewport": false,
                }),
                Some(&session),
            )
            .await
            .map_err(backend)?;
        let data = shot["data"].as_str().unwrap_or_default();
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .ok()
            .filter(|png| !png.is_empty())
            .ok_or_else(|| {
                HostError::Backend(BackendError::Other(
                    "Page.captureScreenshot returned no image".to_owned(),
                ))
            })
    }

    async fn history_go(
        &self,
        tab: &TabId,
        direction: HistoryDirection,
    ) -> Result<TabInfo, HostError> {
        let (number, session) = self.inner.session_of(tab)?;
        let history = self
            .inner
            .call("Page.getNavigationHistory", json!({}), Some(&session))
            .await
            .map_err(backend)?;
        let current = history["currentIndex"].as_i64().unwrap_or(0);
        let entries = history["entries"].as_array().cloned().unwrap_or_default();
        let wanted = current + direction.delta();
        let entry = usize::try_from(wanted)
            .ok()
            .and_then(|i| entries.get(i))
            .ok_or_else(|| HostError::NoHistoryEntry {
                tab: tab.clone(),
                direction,
            })?;
        let url = entry["url"].as_str().unwrap_or_default();
        if !url.is_empty() {
            self.check_url(url).await?;
        }
        let frame = self
            .inner
            .state()
            .tabs
            .get(&number)
            .map(|t| t.target_id.clone())
            .unwrap_or_default();
        let mut events = self.inner.conn.events();
        self.inner
            .call(
                "Page.navigateToHistoryEntry",
                json!({"entryId": entry["id"]}),
                Some(&session),
            )
            .await
            .map_err(backend)?;
        // A page that never finishes loading is still shown: answer with what is there.
        let _ = tokio::time::timeout(HISTORY_TIMEOUT, shown(&mut events, &session, &frame)).await;
        self.inner.state().active = Some(number);
        Ok(self.inner.tab_info(number).await?)
    }

    async fn click_at(
        &self,
        tab: &TabId,
        x: f64,
        y: f64,
        permit: bool,
    ) -> Result<ActionOutcome, HostError> {
        let (number, session) = self.inner.session_of(tab)?;
        let view = self.viewport(&session).await?;
        if !(x.is_finite()
            && y.is_finite()
            && x >= 0.0
            && y >= 0.0
            && x < view.width
            && y < view.height)
        {
            return Ok(ActionOutcome {
                ok: false,
                reason: Some(format!(
                    "point ({x}, {y}) is outside the {}x{} viewport",
                    view.width, view.height
                )),
                value: None,
                effects: Vec::new(),
            });
        }
        let target = self.element_at(&session, x, y).await;
        let mark = self.begin_side_effects(tab, permit);
        let mut events = self.inner.conn.events();
        self.press(&session, "mouseMoved", x, y).await?;
        self.press(&session, "mousePressed", x, y).await?;
        self.press(&session, "mouseReleased", x, y).await?;
        // One round trip to the page: the click's handlers have run when it answers.
        let frame = self
            .inner
            .state()
            .tabs
            .get(&number)
            .map(|t| t.target_id.clone())
            .unwrap_or_default();
        let _ = self.inner.in_world(number, &session, &frame, "0").await;
        Ok(ActionOutcome {
            ok: true,
            reason: target
                .is_none()
                .then(|| "nothing is at that point".to_owned()),
            value: target,
            effects: {
                let mut effects = self.inner.effects(number, &mut events, None).await;
                effects.extend(self.end_side_effects(tab, mark, true).await);
                effects
            },
        })
    }
}
