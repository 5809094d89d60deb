//! Seeing and waiting on [`CdpBrowser`]: screenshots (`Page.captureScreenshot`, scaled by its
//! clip and stepped down to a byte budget), history steps, clicks at a point and drags with
//! real pointer events, and waits watched in the page. The agent API's tools and the
//! assistant's `PageHost` both run these.

use std::time::Duration;

use aartiq_tools::{
    ActionOutcome, BackendError, HistoryStep, ImageFormat, NodeHandle, Shot, ShotArea, ShotRequest,
    TabId, TabInfo, WaitOutcome, WaitRequest, fit_scale, full_page_height, image_size,
};
use base64::Engine as _;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::broadcast;

use crate::actions::{Located, failed, read};
use crate::browser::{CdpBrowser, backend};
use crate::capture::is_lost_context;
use crate::connection::{Event, load_event};

/// How long a history step or reload waits for the page to be shown.
const HISTORY_TIMEOUT: Duration = Duration::from_secs(15);

/// The longest element name an outcome quotes (it is page text).
const NAME_LIMIT: usize = 80;

/// JPEG qualities tried, best first, before the picture is scaled down further.
const QUALITIES: [u8; 5] = [80, 65, 50, 35, 20];

/// How much each further scale-down shrinks the picture when it is over its byte budget.
const SHRINK: f64 = 0.7;

/// How many scale-downs a screenshot gets before it is refused as too large.
const SHRINKS: usize = 8;

/// The longest one page-side wait runs before it is asked again (a navigation meanwhile
/// replaces the document it watches).
const WAIT_ROUND: Duration = Duration::from_secs(5);

/// Pointer moves between a drag's press and its release.
const DRAG_STEPS: u32 = 8;

/// The visual viewport and the document's size, in CSS pixels.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Layout {
    /// The viewport's left edge in the document.
    pub(crate) page_x: f64,
    /// The viewport's top edge in the document.
    pub(crate) page_y: f64,
    /// The viewport's width.
    pub(crate) width: f64,
    /// The viewport's height.
    pub(crate) height: f64,
    /// The document's width.
    pub(crate) content_width: f64,
    /// The document's height.
    pub(crate) content_height: f64,
}

/// Why a history step did not happen.
#[derive(Debug)]
pub(crate) enum StepError {
    /// There is no entry that way.
    NoEntry,
    /// The browser failed.
    Backend(BackendError),
}

impl From<BackendError> for StepError {
    fn from(error: BackendError) -> StepError {
        StepError::Backend(error)
    }
}

/// `A.box`: an element's border box in its frame's viewport.
#[derive(Debug, Deserialize)]
struct Boxed {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

/// `A.wait`: how a page-side wait ended.
#[derive(Debug, Deserialize)]
struct Waited {
    met: bool,
    url: String,
    #[serde(default)]
    unmet: Vec<String>,
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

/// A rectangle of the document `(x, y, width, height)` cut to `0..content`; `None` when
/// nothing is left.
fn within(rect: (f64, f64, f64, f64), layout: &Layout) -> Option<(f64, f64, f64, f64)> {
    let (x, y, w, h) = rect;
    let left = x.max(0.0);
    let top = y.max(0.0);
    let right = (x + w).min(layout.content_width.max(layout.page_x + layout.width));
    let bottom = (y + h).min(layout.content_height.max(layout.page_y + layout.height));
    (right - left >= 1.0 && bottom - top >= 1.0).then_some((left, top, right - left, bottom - top))
}

fn nothing_to_picture(what: &str) -> BackendError {
    BackendError::Other(format!("nothing to picture: {what}"))
}

impl CdpBrowser {
    pub(crate) async fn layout(&self, session: &str) -> Result<Layout, BackendError> {
        let metrics = self
            .inner
            .call("Page.getLayoutMetrics", json!({}), Some(session))
            .await
            .map_err(backend)?;
        let visual = &metrics["cssVisualViewport"];
        let content = &metrics["cssContentSize"];
        let number = |v: &Value| v.as_f64().unwrap_or(0.0);
        Ok(Layout {
            page_x: number(&visual["pageX"]),
            page_y: number(&visual["pageY"]),
            width: number(&visual["clientWidth"]),
            height: number(&visual["clientHeight"]),
            content_width: number(&content["width"]),
            content_height: number(&content["height"]),
        })
    }

    /// The document rectangle `area` covers, and whether it reaches past the viewport.
    async fn area_rect(
        &self,
        tab: &TabId,
        area: &ShotArea,
        layout: &Layout,
    ) -> Result<((f64, f64, f64, f64), bool), BackendError> {
        let viewport = (layout.page_x, layout.page_y, layout.width, layout.height);
        let rect = match area {
            ShotArea::Viewport => return Ok((viewport, false)),
            ShotArea::FullPage => {
                let full = (
                    0.0,
                    0.0,
                    layout.content_width.max(layout.width),
                    layout.content_height.max(layout.height),
                );
                return Ok((full, true));
            }
            ShotArea::Clip {
                x,
                y,
                width,
                height,
            } => {
                // Cut to the viewport: the caller's rectangle is in viewport coordinates.
                let right = (x + width).min(layout.width);
                let bottom = (y + height).min(layout.height);
                let (left, top) = (x.max(0.0), y.max(0.0));
                if right - left <= 0.0 || bottom - top <= 0.0 {
                    return Err(nothing_to_picture(&format!(
                        "{x}, {y}, {width}, {height} is outside the {}x{} viewport",
                        layout.width, layout.height
                    )));
                }
                let rect = (
                    layout.page_x + left,
                    layout.page_y + top,
                    right - left,
                    bottom - top,
                );
                return Ok((rect, false));
            }
            ShotArea::Element(handle) => self.element_rect(tab, handle, layout).await?,
        };
        let reaches_past = rect.0 < layout.page_x
            || rect.1 < layout.page_y
            || rect.0 + rect.2 > layout.page_x + layout.width
            || rect.1 + rect.3 > layout.page_y + layout.height;
        Ok((rect, reaches_past))
    }

    /// An element's border box in the top document, in CSS pixels.
    async fn element_rect(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        layout: &Layout,
    ) -> Result<(f64, f64, f64, f64), BackendError> {
        let at = self.locate(tab, handle)?;
        let body = format!("A.box({})", at.id);
        let local: Option<Boxed> = self.ask(&at, &body).await?;
        let Some(local) = local else {
            return Err(nothing_to_picture("the element is gone or has no size"));
        };
        let (dx, dy) = self.frame_origin(&at).await?;
        let rect = (
            layout.page_x + dx + local.x,
            layout.page_y + dy + local.y,
            local.width,
            local.height,
        );
        within(rect, layout).ok_or_else(|| nothing_to_picture("the element is outside the page"))
    }

    /// Takes the screenshot `request` asks for.
    pub(crate) async fn shoot(
        &self,
        tab: &TabId,
        request: &ShotRequest,
    ) -> Result<Shot, BackendError> {
        let (number, session) = self.inner.session_of(tab)?;
        self.no_secret_on_screen(tab, number, &session).await?;
        let layout = self.layout(&session).await?;
        if layout.width < 1.0 || layout.height < 1.0 {
            return Err(nothing_to_picture(&format!(
                "the viewport is {}x{}",
                layout.width, layout.height
            )));
        }
        let ((left, top, width, whole_height), beyond) =
            self.area_rect(tab, &request.area, &layout).await?;
        let height = match request.area {
            ShotArea::FullPage => full_page_height(whole_height, request.max_dimension),
            _ => whole_height,
        };
        let page_height = (height < whole_height).then_some(whole_height);
        let mut scale = fit_scale(width, height, request.max_dimension);
        for _ in 0..=SHRINKS {
            let qualities: &[u8] = match request.format {
                ImageFormat::Jpeg => &QUALITIES,
                ImageFormat::Png => &[0],
            };
            for &quality in qualities {
                let mut params = json!({
                    "format": request.format.as_str(),
                    "clip": {"x": left, "y": top, "width": width, "height": height, "scale": scale},
                    "captureBeyondViewport": beyond,
                });
                if request.format == ImageFormat::Jpeg {
                    params["quality"] = json!(quality);
                }
                let shot = self
                    .inner
                    .call("Page.captureScreenshot", params, Some(&session))
                    .await
                    .map_err(backend)?;
                let data = shot["data"].as_str().unwrap_or_default();
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(data)
                    .ok()
                    .filter(|bytes| !bytes.is_empty())
                    .ok_or_else(|| {
                        BackendError::Other("Page.captureScreenshot returned no image".to_owned())
                    })?;
                if bytes.len() > request.max_bytes {
                    continue;
                }
                let (w, h) = image_size(&bytes).unwrap_or((
                    (width * scale).round() as u32,
                    (height * scale).round() as u32,
                ));
                return Ok(Shot {
                    data: bytes,
                    format: request.format,
                    width: w,
                    height: h,
                    // What the image really has per CSS pixel (rounding included).
                    scale: f64::from(w.max(1)) / width,
                    left,
                    top,
                    quality: (request.format == ImageFormat::Jpeg).then_some(quality),
                    page_height,
                });
            }
            scale *= SHRINK;
        }
        Err(BackendError::Other(format!(
            "the screenshot does not fit in {} bytes even scaled down to {scale:.3}",
            request.max_bytes
        )))
    }

    /// Moves through the tab's history, or reloads it, and waits for the page to be shown.
    pub(crate) async fn step(&self, tab: &TabId, step: HistoryStep) -> Result<TabInfo, StepError> {
        let (number, session) = self.inner.session_of(tab)?;
        let frame = self.main_frame_of(number);
        let mut events = self.inner.conn.events();
        match step {
            HistoryStep::Reload => {
                let info = self.inner.tab_info(number).await?;
                if !info.url.is_empty() && info.url != "about:blank" {
                    self.check_url(&info.url).await?;
                }
                self.inner
                    .call("Page.reload", json!({}), Some(&session))
                    .await
                    .map_err(backend)?;
                let _ =
                    tokio::time::timeout(HISTORY_TIMEOUT, load_event(&mut events, &session)).await;
            }
            HistoryStep::Back | HistoryStep::Forward => {
                let history = self
                    .inner
                    .call("Page.getNavigationHistory", json!({}), Some(&session))
                    .await
                    .map_err(backend)?;
                let current = history["currentIndex"].as_i64().unwrap_or(0);
                let entries = history["entries"].as_array().cloned().unwrap_or_default();
                let wanted = current + if step == HistoryStep::Back { -1 } else { 1 };
                let entry = usize::try_from(wanted)
                    .ok()
                    .and_then(|i| entries.get(i))
                    .ok_or(StepError::NoEntry)?;
                let url = entry["url"].as_str().unwrap_or_default();
                if !url.is_empty() {
                    self.check_url(url).await?;
                }
                self.inner
                    .call(
                        "Page.navigateToHistoryEntry",
                        json!({"entryId": entry["id"]}),
                        Some(&session),
                    )
                    .await
                    .map_err(backend)?;
                // A page that never finishes loading is still shown: answer with what is there.
                let _ = tokio::time::timeout(HISTORY_TIMEOUT, shown(&mut events, &session, &frame))
                    .await;
            }
        }
        self.inner.state().active = Some(number);
        Ok(self.inner.tab_info(number).await?)
    }

    /// Refuses a picture while a vault password or code shows as text in any frame of the tab
    /// (pixels cannot be scanned, so the secret would reach the model). Only tabs a secret was
    /// written into are asked; a frame that cannot answer counts as showing one.
    async fn no_secret_on_screen(
        &self,
        tab: &TabId,
        number: u64,
        top: &str,
    ) -> Result<(), BackendError> {
        let filled = self
            .inner
            .state()
            .tabs
            .get(&number)
            .is_some_and(|t| t.vault_filled);
        if !filled {
            return Ok(());
        }
        let frames = self.inner.frames(number, top).await.map_err(backend)?;
        for frame in frames {
            let shown = self
                .inner
                .in_world(number, &frame.session, &frame.id, "A.secretOnScreen()")
                .await;
            if !matches!(shown, Ok(Value::Bool(false))) {
                return Err(BackendError::SecretOnScreen(tab.clone()));
            }
        }
        Ok(())
    }

    fn main_frame_of(&self, number: u64) -> String {
        self.inner
            .state()
            .tabs
            .get(&number)
            .map(|t| t.target_id.clone())
            .unwrap_or_default()
    }

    /// Clicks at a viewport point of the top frame with real mouse events; the outcome names
    /// the element that was there and carries what the click caused (not what the network
    /// rule stopped: the caller's action reports that).
    pub(crate) async fn click_viewport(
        &self,
        tab: &TabId,
        x: f64,
        y: f64,
    ) -> Result<ActionOutcome, BackendError> {
        let (number, session) = self.inner.session_of(tab)?;
        let layout = self.layout(&session).await?;
        if !(x.is_finite()
            && y.is_finite()
            && x >= 0.0
            && y >= 0.0
            && x < layout.width
            && y < layout.height)
        {
            return Ok(failed(&format!(
                "point ({x}, {y}) is outside the {}x{} viewport",
                layout.width, layout.height
            )));
        }
        let target = self.element_at(&session, x, y).await;
        let mut events = self.inner.conn.events();
        let click = async {
            for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
                self.mouse(&session, kind, x, y).await?;
            }
            // One round trip to the page: the click's handlers have run when it answers.
            let frame = self.main_frame_of(number);
            let _ = self.inner.in_world(number, &session, &frame, "0").await;
            Ok(())
        };
        self.inner.unless_dialog(number, click).await?;
        Ok(ActionOutcome {
            ok: true,
            reason: target
                .is_none()
                .then(|| "nothing is at that point".to_owned()),
            value: target,
            effects: self.inner.effects(number, &mut events, None).await,
        })
    }

    /// Clicks at a document point, scrolling it into the viewport first when it is outside.
    pub(crate) async fn click_document(
        &self,
        tab: &TabId,
        x: f64,
        y: f64,
    ) -> Result<ActionOutcome, BackendError> {
        let (number, session) = self.inner.session_of(tab)?;
        let mut layout = self.layout(&session).await?;
        let inside = |l: &Layout| {
            x >= l.page_x && y >= l.page_y && x < l.page_x + l.width && y < l.page_y + l.height
        };
        if !inside(&layout) && x.is_finite() && y.is_finite() {
            let frame = self.main_frame_of(number);
            let body = format!(
                "(scrollTo({}, {}), 0)",
                (x - layout.width / 2.0).max(0.0).floor(),
                (y - layout.height / 2.0).max(0.0).floor()
            );
            self.inner
                .in_world(number, &session, &frame, &body)
                .await
                .map_err(backend)?;
            layout = self.layout(&session).await?;
        }
        self.click_viewport(tab, x - layout.page_x, y - layout.page_y)
            .await
    }

    /// Drags the element `from` onto `to`: press on the first's centre, moves with the button
    /// held, release on the second's.
    pub(crate) async fn drag_between(
        &self,
        tab: &TabId,
        from: &NodeHandle,
        to: &NodeHandle,
    ) -> Result<ActionOutcome, BackendError> {
        let start = self.locate(tab, from)?;
        let end = self.locate(tab, to)?;
        let gone = |what: &str| {
            failed(&format!(
                "the {what} element is no longer in the DOM or has no size (stale ref)"
            ))
        };
        let Some((x0, y0, _)) = self.point(&start).await? else {
            return Ok(gone("dragged"));
        };
        let mut events = self.inner.conn.events();
        self.pointer(&start, "mouseMoved", x0, y0, 0).await?;
        self.pointer(&start, "mousePressed", x0, y0, 1).await?;
        // Where the target is once the pointer holds the source (scrolled into view if need be).
        let Some((x1, y1, _)) = self.point(&end).await? else {
            self.pointer(&start, "mouseReleased", x0, y0, 0).await?;
            return Ok(gone("target"));
        };
        let moves = async {
            for i in 1..=DRAG_STEPS {
                let t = f64::from(i) / f64::from(DRAG_STEPS);
                let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
                self.pointer(&start, "mouseMoved", x, y, 1).await?;
            }
            self.pointer(&end, "mouseReleased", x1, y1, 0).await?;
            let _ = self.ask::<Value>(&end, "0").await;
            Ok(())
        };
        self.inner.unless_dialog(start.tab, moves).await?;
        Ok(ActionOutcome {
            ok: true,
            reason: None,
            value: None,
            effects: self.inner.effects(start.tab, &mut events, None).await,
        })
    }

    async fn pointer(
        &self,
        at: &Located,
        kind: &str,
        x: f64,
        y: f64,
        buttons: u8,
    ) -> Result<(), BackendError> {
        let mut params = json!({"type": kind, "x": x, "y": y, "buttons": buttons,
            "button": if kind == "mouseMoved" && buttons == 0 { "none" } else { "left" }});
        if kind != "mouseMoved" {
            params["clickCount"] = json!(1);
        }
        self.inner
            .call("Input.dispatchMouseEvent", params, Some(&at.top))
            .await
            .map(|_| ())
            .map_err(backend)
    }

    /// Waits in the page until `request` holds: each round is one page-side wait (DOM
    /// changes, history changes, a 500 ms backstop), asked again in the new document after a
    /// navigation. An element inside a frame is waited for in that frame's document, beside
    /// the text and URL conditions in the top document.
    pub(crate) async fn wait_until(
        &self,
        tab: &TabId,
        request: &WaitRequest,
    ) -> Result<WaitOutcome, BackendError> {
        let started = tokio::time::Instant::now();
        let deadline = started + request.timeout;
        let (number, session) = self.inner.session_of(tab)?;
        let main_frame = self.main_frame_of(number);
        let located = match &request.element {
            Some(handle) => Some(self.locate(tab, handle)?),
            None => None,
        };
        let in_frame = located
            .as_ref()
            .filter(|at| at.session != session || at.frame != main_frame);
        let top_spec = json!({
            "text": request.text,
            "textGone": request.text_gone,
            "url": request.url,
            "element": located.as_ref().filter(|_| in_frame.is_none()).map(|at| at.id),
        });
        let top_asks = request.text.is_some()
            || request.text_gone.is_some()
            || request.url.is_some()
            || in_frame.is_none();
        let top = top_asks.then(|| (session.clone(), main_frame.clone(), top_spec));
        let frame = in_frame.map(|at| {
            let spec = json!({"text": null, "textGone": null, "url": null, "element": at.id});
            (at.session.clone(), at.frame.clone(), spec)
        });
        let waited = |at: tokio::time::Instant| {
            u64::try_from(at.duration_since(started).as_millis()).unwrap_or(u64::MAX)
        };
        let mut last = WaitOutcome {
            met: false,
            waited_ms: 0,
            url: String::new(),
            unmet: vec!["the page could not be read".to_owned()],
        };
        loop {
            let now = tokio::time::Instant::now();
            let round = deadline.saturating_duration_since(now).min(WAIT_ROUND);
            let (top_seen, frame_seen) = tokio::join!(
                self.wait_round(number, top.as_ref(), round),
                self.wait_round(number, frame.as_ref(), round),
            );
            let (top_seen, frame_seen) = (top_seen?, frame_seen?);
            // A part that was not asked holds; one whose document was replaced is asked again.
            if let (Some(top_seen), Some(frame_seen)) = (&top_seen, &frame_seen) {
                let url = top_seen
                    .as_ref()
                    .map(|seen| seen.url.clone())
                    .unwrap_or_default();
                let unmet: Vec<String> = [top_seen, frame_seen]
                    .into_iter()
                    .flatten()
                    .flat_map(|seen| seen.unmet.iter().cloned())
                    .collect();
                let met = [top_seen, frame_seen]
                    .into_iter()
                    .flatten()
                    .all(|seen| seen.met);
                last = WaitOutcome {
                    met,
                    waited_ms: waited(tokio::time::Instant::now()),
                    url,
                    unmet,
                };
                if met {
                    if last.url.is_empty() {
                        last.url = self.inner.tab_info(number).await?.url;
                    }
                    return Ok(last);
                }
            } else {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            if tokio::time::Instant::now() >= deadline {
                last.waited_ms = waited(tokio::time::Instant::now());
                if last.url.is_empty() {
                    last.url = self.inner.tab_info(number).await?.url;
                }
                return Ok(last);
            }
        }
    }

    /// One round of `A.wait` for one part of a wait: `Some(None)` when the part is not asked,
    /// `None` when its document was replaced meanwhile (a navigation), else what it saw.
    async fn wait_round(
        &self,
        tab: u64,
        part: Option<&(String, String, Value)>,
        round: Duration,
    ) -> Result<Option<Option<Waited>>, BackendError> {
        let Some((session, frame, spec)) = part else {
            return Ok(Some(None));
        };
        let body = format!("A.wait({spec}, {})", round.as_millis());
        match self
            .inner
            .in_world_awaiting(tab, session, frame, &body, round + Duration::from_secs(5))
            .await
        {
            Ok(value) => Ok(Some(Some(read("A.wait", value)?))),
            Err(error) if is_lost_context(&error) => Ok(None),
            Err(error) => Err(backend(error)),
        }
    }

    /// `button "Place order"` for the element at a viewport point, from the browser's own
    /// hit test and accessibility tree; `None` when nothing is there.
    pub(crate) async fn element_at(&self, session: &str, x: f64, y: f64) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> Layout {
        Layout {
            page_x: 0.0,
            page_y: 100.0,
            width: 800.0,
            height: 600.0,
            content_width: 800.0,
            content_height: 3000.0,
        }
    }

    #[test]
    fn a_rectangle_is_cut_to_the_document() {
        let l = layout();
        assert_eq!(
            within((-10.0, 50.0, 100.0, 100.0), &l),
            Some((0.0, 50.0, 90.0, 100.0))
        );
        assert_eq!(
            within((700.0, 2950.0, 200.0, 200.0), &l),
            Some((700.0, 2950.0, 100.0, 50.0))
        );
        assert_eq!(within((900.0, 10.0, 50.0, 50.0), &l), None);
        assert_eq!(within((10.0, 10.0, 0.5, 50.0), &l), None);
    }

    #[test]
    fn long_names_are_cut() {
        assert_eq!(cut("  Place \n order "), "Place order");
        let long = "x".repeat(200);
        assert_eq!(cut(&long).chars().count(), NAME_LIMIT + 1);
    }
}
