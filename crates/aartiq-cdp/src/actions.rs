//! The `Browser` trait of `aartiq-tools` on [`CdpBrowser`]: tabs, captures and actions by node.
//!
//! Clicks and hovers are real input events at the element's centre (after the pre-action
//! checks of `inspect`), typing is `Input.insertText` into the focused field, and value writes
//! follow the original's fill rules (spec f.1) in aartiq's isolated world.

use aartiq_tools::{
    ActionEffect, ActionMark, ActionOutcome, Activation, BackendError, Browser, ConsoleEntry,
    DomMatch, DomQuery, DomQueryResult, DownloadInfo, DownloadText, ElementAction, FieldFill,
    FillOutcome, HistoryStep, KeyChord, NetworkEntry, NodeHandle, NodeInspection, PageCapture,
    PageOutcome, PageSubmission, PageTab, SavedFile, Shot, ShotRequest, Submission, SubmitOutcome,
    TabId, TextMatch, TextSearch, TextSearchResult, Untrusted, VaultTarget, WaitOutcome,
    WaitRequest,
};
use async_trait::async_trait;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::browser::{CdpBrowser, backend};
use crate::capture::split_frame;
use crate::dialogs::interrupted;
use crate::view::StepError;

/// Where one node lives: its tab, the session reaching its frame, the frame and its id.
pub(crate) struct Located {
    pub(crate) tab: u64,
    pub(crate) top: String,
    pub(crate) session: String,
    pub(crate) frame: String,
    pub(crate) id: u64,
}

/// How long a click on a targeted link waits for its new tab to be reported.
const POPUP_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// What `collector.js` answers to an action (`A.act`, `A.fill`, `A.prepareType`).
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Reply {
    ok: bool,
    reason: Option<String>,
    value: Option<String>,
    /// `A.act` of check/uncheck: the control is not in the wanted state yet.
    needs_click: bool,
}

impl From<Reply> for ActionOutcome {
    fn from(reply: Reply) -> ActionOutcome {
        ActionOutcome {
            ok: reply.ok,
            reason: reply.reason,
            value: reply.value,
            effects: Vec::new(),
        }
    }
}

/// `A.point`: where to click in the frame's viewport, and whether the click opens a tab.
#[derive(Debug, Deserialize)]
struct Point {
    x: f64,
    y: f64,
    #[serde(default)]
    popup: bool,
}

/// `A.frameOffset`: an iframe's content box in its parent frame.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Offset {
    x: f64,
    y: f64,
}

/// `A.inspect(id, false)`: whether the node is still there.
#[derive(Debug, Deserialize)]
struct Presence {
    state: String,
}

/// `A.submit`: a form submitted, or why not, with the form's declared action and method.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct SubmitReply {
    ok: bool,
    reason: Option<String>,
    action: Option<String>,
    method: Option<String>,
}

/// `A.submission`: the request an activation would send, when it would send one.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Found {
    submission: Option<Request>,
}

#[derive(Debug, Deserialize)]
struct Request {
    method: String,
    url: String,
}

/// `A.domQuery` and `A.searchText`.
#[derive(Debug, Deserialize)]
#[serde(bound = "M: DeserializeOwned")]
struct Matches<M> {
    #[serde(default)]
    ok: bool,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    total: usize,
    #[serde(default)]
    truncated: bool,
    #[serde(default = "Vec::new")]
    matches: Vec<M>,
}

/// A page script's reply read as `T`; a reply of another shape is a typed error naming the
/// page function, never its arguments (a field's value may be a secret).
pub(crate) fn read<T: DeserializeOwned>(call: &str, value: Value) -> Result<T, BackendError> {
    let function = call.split('(').next().unwrap_or(call);
    serde_json::from_value(value)
        .map_err(|e| BackendError::Other(format!("unreadable reply of {function}: {e}")))
}

fn outcome(reply: Reply) -> ActionOutcome {
    reply.into()
}

pub(crate) fn failed(reason: &str) -> ActionOutcome {
    ActionOutcome {
        ok: false,
        reason: Some(reason.to_owned()),
        value: None,
        effects: Vec::new(),
    }
}

fn js(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}

impl CdpBrowser {
    pub(crate) fn locate(&self, tab: &TabId, handle: &NodeHandle) -> Result<Located, BackendError> {
        let (number, top) = self.inner.session_of(tab)?;
        let (frame, _) = split_frame(&handle.frame);
        let session = self.inner.session_for_frame(number, &top, frame);
        Ok(Located {
            tab: number,
            top,
            session,
            frame: frame.to_owned(),
            id: handle.node.0,
        })
    }

    async fn run(&self, at: &Located, body: &str) -> Result<Value, BackendError> {
        self.inner
            .in_world(at.tab, &at.session, &at.frame, body)
            .await
            .map_err(backend)
    }

    /// Runs `body` at the node and reads the reply as `T`.
    pub(crate) async fn ask<T: DeserializeOwned>(
        &self,
        at: &Located,
        body: &str,
    ) -> Result<T, BackendError> {
        read(body, self.run(at, body).await?)
    }

    /// The element's centre in the top frame's viewport (CSS pixels), adding the offsets of the
    /// iframes between; `None` when it is gone or has no box.
    pub(crate) async fn point(
        &self,
        at: &Located,
    ) -> Result<Option<(f64, f64, bool)>, BackendError> {
        let local: Option<Point> = self.ask(at, &format!("A.point({})", at.id)).await?;
        let Some(Point { x, y, popup }) = local else {
            return Ok(None);
        };
        let (dx, dy) = self.frame_origin(at).await?;
        Ok(Some((x + dx, y + dy, popup)))
    }

    /// Where the node's frame's viewport starts in the top frame's viewport: the sum of the
    /// content-box offsets of the iframes between.
    pub(crate) async fn frame_origin(&self, at: &Located) -> Result<(f64, f64), BackendError> {
        let (mut x, mut y) = (0.0, 0.0);
        let mut frame = at.frame.clone();
        for _ in 0..16 {
            let owner = self
                .inner
                .state()
                .tabs
                .get(&at.tab)
                .and_then(|t| t.owners.get(&frame).cloned());
            let Some((parent, owner_id)) = owner else {
                break;
            };
            let session = self.inner.session_for_frame(at.tab, &at.top, &parent);
            let body = format!("A.frameOffset({owner_id})");
            let offset: Option<Offset> = read(
                &body,
                self.inner
                    .in_world(at.tab, &session, &parent, &body)
                    .await
                    .map_err(backend)?,
            )?;
            let offset = offset.unwrap_or_default();
            x += offset.x;
            y += offset.y;
            frame = parent;
        }
        Ok((x, y))
    }

    pub(crate) async fn mouse(
        &self,
        top: &str,
        kind: &str,
        x: f64,
        y: f64,
    ) -> Result<(), BackendError> {
        self.inner
            .mouse_event(top, kind, x, y)
            .await
            .map_err(backend)
    }

    /// Clicks; the flag says whether the click should open a new tab (a targeted link).
    async fn real_click(&self, at: &Located) -> Result<(ActionOutcome, bool), BackendError> {
        let Some((x, y, popup)) = self.point(at).await? else {
            return Ok((
                failed("element is no longer in the DOM or has no size (stale ref)"),
                false,
            ));
        };
        self.mouse(&at.top, "mouseMoved", x, y).await?;
        self.mouse(&at.top, "mousePressed", x, y).await?;
        self.mouse(&at.top, "mouseReleased", x, y).await?;
        // One round trip to the page: the click's handlers and default action have run by the
        // time it answers, so what they caused is already on the wire.
        let _ = self.run(at, "0").await;
        Ok((
            ActionOutcome {
                ok: true,
                reason: None,
                value: None,
                effects: Vec::new(),
            },
            popup,
        ))
    }

    /// One key event of a chord (`rawKeyDown`, `keyDown` with text, `keyUp`).
    async fn key_event(
        &self,
        session: &str,
        kind: &str,
        key: &KeyChord,
        modifiers: u8,
    ) -> Result<(), BackendError> {
        let mut params = json!({
            "type": kind,
            "key": key.key,
            "code": key.code,
            "windowsVirtualKeyCode": key.key_code,
            "nativeVirtualKeyCode": key.key_code,
            "modifiers": modifiers,
        });
        if kind == "keyDown"
            && let Some(text) = &key.text
        {
            params["text"] = json!(text);
            params["unmodifiedText"] = json!(text);
        }
        self.inner
            .call("Input.dispatchKeyEvent", params, Some(session))
            .await
            .map(|_| ())
            .map_err(backend)
    }

    /// Presses `chord` into `session`: its modifiers down, the key down and up, the modifiers
    /// up, like a person's keyboard.
    async fn press_chord(&self, session: &str, chord: &KeyChord) -> Result<(), BackendError> {
        let mods = chord.modifiers;
        let held: Vec<(bool, &str, &str, u16, u8)> = vec![
            (mods.control, "Control", "ControlLeft", 17, 2),
            (mods.shift, "Shift", "ShiftLeft", 16, 8),
            (mods.alt, "Alt", "AltLeft", 18, 1),
            (mods.meta, "Meta", "MetaLeft", 91, 4),
        ];
        let modifier = |name: &str, code: &str, key_code: u16| KeyChord {
            modifiers: aartiq_tools::Modifiers::default(),
            key: name.to_owned(),
            code: code.to_owned(),
            key_code,
            text: None,
        };
        let mut bits = 0u8;
        for (on, name, code, key_code, bit) in &held {
            if *on {
                bits |= bit;
                self.key_event(
                    session,
                    "rawKeyDown",
                    &modifier(name, code, *key_code),
                    bits,
                )
                .await?;
            }
        }
        let down = if chord.text.is_some() {
            "keyDown"
        } else {
            "rawKeyDown"
        };
        self.key_event(session, down, chord, bits).await?;
        self.key_event(session, "keyUp", chord, bits).await?;
        for (on, name, code, key_code, bit) in held.iter().rev() {
            if *on {
                bits &= !bit;
                self.key_event(session, "keyUp", &modifier(name, code, *key_code), bits)
                    .await?;
            }
        }
        Ok(())
    }

    async fn fill_one(&self, at: &Located, value: &str) -> Result<ActionOutcome, BackendError> {
        self.fill_at(at, value, None).await
    }

    /// Writes `value` into the field at `at`; a vault secret only where [`VaultTarget`] lets it.
    async fn fill_at(
        &self,
        at: &Located,
        value: &str,
        vault: Option<&VaultTarget>,
    ) -> Result<ActionOutcome, BackendError> {
        let body = match vault {
            Some(vault) => {
                // From now on screenshots of this tab look for a secret shown as text.
                if let Some(t) = self.inner.state().tabs.get_mut(&at.tab) {
                    t.vault_filled = true;
                }
                format!(
                    "A.fillOn({}, {}, {}, {})",
                    at.id,
                    js(value),
                    js(&vault.host),
                    js(vault.field.as_str())
                )
            }
            None => format!("A.fill({}, {})", at.id, js(value)),
        };
        let reply: Reply = self.ask(at, &body).await?;
        Ok(outcome(reply))
    }
}

#[async_trait]
impl Browser for CdpBrowser {
    // Titles and URLs are the pages' words: handed on untrusted.
    async fn list_tabs(&self) -> Result<Vec<PageTab>, BackendError> {
        Ok(self
            .all_tabs()
            .await?
            .into_iter()
            .map(PageTab::untrusted)
            .collect())
    }

    async fn new_tab(&self, url: Option<&str>) -> Result<PageTab, BackendError> {
        self.open_tab(url).await.map(PageTab::untrusted)
    }

    fn isolates_agents(&self) -> bool {
        self.inner.isolation == crate::Isolation::Agent
    }

    async fn new_tab_for(&self, owner: &str, url: Option<&str>) -> Result<PageTab, BackendError> {
        self.open_tab_for(owner, url).await.map(PageTab::untrusted)
    }

    async fn release_owner(&self, owner: &str) {
        self.release_context(owner).await;
    }

    async fn close_tab(&self, tab: &TabId) -> Result<(), BackendError> {
        self.shut_tab(tab).await
    }

    async fn navigate(&self, tab: &TabId, url: &str) -> Result<PageTab, BackendError> {
        self.go(tab, url).await.map(PageTab::untrusted)
    }

    async fn capture(&self, tab: &TabId) -> Result<std::sync::Arc<PageCapture>, BackendError> {
        self.inner.capture_tab(tab).await
    }

    async fn inspect(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
    ) -> Result<NodeInspection, BackendError> {
        self.inner.inspect_node(tab, handle).await
    }

    async fn click(&self, tab: &TabId, handle: &NodeHandle) -> Result<PageOutcome, BackendError> {
        let at = self.locate(tab, handle)?;
        let mut events = self.inner.conn.events();
        let (mut result, popup) = self
            .inner
            .unless_dialog(at.tab, self.real_click(&at))
            .await?
            .unwrap_or((interrupted(), false));
        let wait = (result.ok && popup).then_some(POPUP_WAIT);
        result.effects = self.inner.effects(at.tab, &mut events, wait).await;
        Ok(PageOutcome::untrusted(result))
    }

    async fn fill(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        value: &str,
    ) -> Result<PageOutcome, BackendError> {
        let at = self.locate(tab, handle)?;
        let mut events = self.inner.conn.events();
        let mut result = self
            .inner
            .unless_dialog(at.tab, self.fill_one(&at, value))
            .await?
            .unwrap_or_else(interrupted);
        result.effects = self.inner.effects(at.tab, &mut events, None).await;
        Ok(PageOutcome::untrusted(result))
    }

    async fn type_text(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        text: &str,
        clear_first: bool,
    ) -> Result<PageOutcome, BackendError> {
        let at = self.locate(tab, handle)?;
        let mut events = self.inner.conn.events();
        let ready: Reply = self
            .ask(&at, &format!("A.prepareType({}, {clear_first})", at.id))
            .await?;
        if !ready.ok {
            return Ok(PageOutcome::untrusted(outcome(ready)));
        }
        if !text.is_empty() {
            let typed = self.inner.unless_dialog(at.tab, async {
                self.inner
                    .call("Input.insertText", json!({"text": text}), Some(&at.session))
                    .await
                    .map_err(backend)
            });
            if typed.await?.is_none() {
                return Ok(PageOutcome::untrusted(ActionOutcome {
                    effects: self.inner.effects(at.tab, &mut events, None).await,
                    ..interrupted()
                }));
            }
        } else if clear_first {
            // Nothing to insert over the selection: delete it like a person would.
            for kind in ["rawKeyDown", "keyUp"] {
                self.inner
                    .call(
                        "Input.dispatchKeyEvent",
                        json!({"type": kind, "key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8}),
                        Some(&at.session),
                    )
                    .await
                    .map_err(backend)?;
            }
        }
        let now: Option<String> = self.ask(&at, &format!("A.valueNow({})", at.id)).await?;
        Ok(PageOutcome::untrusted(ActionOutcome {
            ok: true,
            reason: None,
            value: now,
            effects: self.inner.effects(at.tab, &mut events, None).await,
        }))
    }

    async fn element_action(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        action: ElementAction,
    ) -> Result<PageOutcome, BackendError> {
        let at = self.locate(tab, handle)?;
        let mut events = self.inner.conn.events();
        let act = self.act_on(&at, action);
        let mut result = self
            .inner
            .unless_dialog(at.tab, act)
            .await?
            .unwrap_or_else(interrupted);
        result.effects = self.inner.effects(at.tab, &mut events, None).await;
        Ok(PageOutcome::untrusted(result))
    }

    async fn fill_form(
        &self,
        tab: &TabId,
        fields: &[FieldFill],
    ) -> Result<FillOutcome, BackendError> {
        self.fill_all(tab, fields).await
    }

    async fn submit_form(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        confirm_text: Option<&str>,
    ) -> Result<PageSubmission, BackendError> {
        let at = self.locate(tab, handle)?;
        let confirm = confirm_text.map_or_else(|| "null".to_owned(), js);
        let reply: SubmitReply = self
            .ask(&at, &format!("A.submit({}, {confirm})", at.id))
            .await?;
        Ok(PageSubmission::untrusted(SubmitOutcome {
            ok: reply.ok,
            reason: reply.reason,
            action: reply.action,
            method: reply.method,
        }))
    }

    async fn press_key(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        key: &KeyChord,
    ) -> Result<PageOutcome, BackendError> {
        let (number, top) = self.inner.session_of(tab)?;
        let mut events = self.inner.conn.events();
        let Some(handle) = handle else {
            self.inner
                .unless_dialog(number, self.press_chord(&top, key))
                .await?;
            return Ok(PageOutcome::untrusted(ActionOutcome {
                ok: true,
                reason: None,
                value: None,
                effects: self.inner.effects(number, &mut events, None).await,
            }));
        };
        let at = self.locate(tab, handle)?;
        let focused: Reply = self
            .ask(&at, &format!("A.act({}, {})", at.id, js("focus")))
            .await?;
        if !focused.ok {
            return Ok(PageOutcome::untrusted(outcome(focused)));
        }
        // Keys go to the frame that holds the element (its own session when out of process).
        let pressed = self
            .inner
            .unless_dialog(at.tab, self.press_chord(&at.session, key))
            .await?;
        // The handlers have run by the time the page answers; a field's value reads back
        // (not while a dialog the keys raised blocks the page).
        let now: Option<String> = match pressed {
            Some(()) => self
                .ask(&at, &format!("A.valueNow({})", at.id))
                .await
                .ok()
                .flatten(),
            None => None,
        };
        Ok(PageOutcome::untrusted(ActionOutcome {
            ok: true,
            reason: None,
            value: now,
            effects: self.inner.effects(at.tab, &mut events, None).await,
        }))
    }

    async fn submission(
        &self,
        tab: &TabId,
        handle: Option<&NodeHandle>,
        activation: Activation,
    ) -> Result<Option<Submission>, BackendError> {
        if !self.network_rule() {
            return Ok(None);
        }
        let how = js(match activation {
            Activation::Click => "click",
            Activation::Enter => "enter",
            Activation::Space => "space",
        });
        let found: Found = match handle {
            Some(handle) => {
                let at = self.locate(tab, handle)?;
                self.ask(&at, &format!("A.submission({}, {how})", at.id))
                    .await?
            }
            None => {
                let (number, top) = self.inner.session_of(tab)?;
                let main = self.main_frame(number)?;
                let body = format!("A.submission(null, {how})");
                read(
                    &body,
                    self.inner
                        .in_world(number, &top, &main, &body)
                        .await
                        .map_err(backend)?,
                )?
            }
        };
        Ok(found
            .submission
            .map(|Request { method, url }| Submission { method, url }))
    }

    async fn begin_action(&self, tab: &TabId, permit: bool) -> ActionMark {
        self.begin_side_effects(tab, permit)
    }

    async fn end_action(
        &self,
        tab: &TabId,
        mark: ActionMark,
        settle: bool,
    ) -> Vec<Untrusted<ActionEffect>> {
        // What was stopped is named by the page (its URLs).
        self.end_side_effects(tab, mark, settle)
            .await
            .into_iter()
            .map(ActionEffect::untrusted)
            .collect()
    }

    async fn picture(&self, tab: &TabId, request: &ShotRequest) -> Result<Shot, BackendError> {
        self.shoot(tab, request).await
    }

    async fn history(&self, tab: &TabId, step: HistoryStep) -> Result<PageTab, BackendError> {
        match self.step(tab, step).await {
            Ok(info) => Ok(PageTab::untrusted(info)),
            Err(StepError::NoEntry) => Err(BackendError::Other(format!(
                "There is no page {} in the history of {tab}.",
                if step == HistoryStep::Back {
                    "back"
                } else {
                    "forward"
                }
            ))),
            Err(StepError::Backend(error)) => Err(error),
        }
    }

    async fn click_point(&self, tab: &TabId, x: f64, y: f64) -> Result<PageOutcome, BackendError> {
        Ok(PageOutcome::untrusted(
            self.click_document(tab, x, y).await?,
        ))
    }

    async fn drag(
        &self,
        tab: &TabId,
        from: &NodeHandle,
        to: &NodeHandle,
    ) -> Result<PageOutcome, BackendError> {
        Ok(PageOutcome::untrusted(
            self.drag_between(tab, from, to).await?,
        ))
    }

    async fn wait_for(
        &self,
        tab: &TabId,
        request: &WaitRequest,
    ) -> Result<WaitOutcome, BackendError> {
        self.wait_until(tab, request).await
    }

    async fn answer_dialog(
        &self,
        tab: &TabId,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<PageOutcome, BackendError> {
        self.answer_open_dialog(tab, accept, prompt_text).await
    }

    async fn field_host(&self, tab: &TabId, handle: &NodeHandle) -> Result<String, BackendError> {
        let at = self.locate(tab, handle)?;
        self.ask(&at, "location.hostname").await
    }

    async fn save_pdf(&self, tab: &TabId, name: Option<&str>) -> Result<SavedFile, BackendError> {
        self.print_pdf(tab, name).await
    }

    async fn check_upload(&self, paths: &[String]) -> Result<(), BackendError> {
        self.upload_paths(paths).map(|_| ())
    }

    async fn upload(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
        paths: &[String],
    ) -> Result<PageOutcome, BackendError> {
        Ok(PageOutcome::untrusted(
            self.upload_files(tab, handle, paths).await?,
        ))
    }

    async fn console(&self, tab: &TabId) -> Result<Vec<ConsoleEntry>, BackendError> {
        self.console_of(tab)
    }

    async fn network(&self, tab: &TabId) -> Result<Vec<NetworkEntry>, BackendError> {
        self.network_of(tab)
    }

    async fn downloads(&self) -> Result<Vec<DownloadInfo>, BackendError> {
        Ok(self.download_list())
    }

    async fn read_download(
        &self,
        id: &str,
        max_chars: usize,
    ) -> Result<DownloadText, BackendError> {
        self.download_text(id, max_chars).await
    }

    async fn page_text(&self, tab: &TabId) -> Result<String, BackendError> {
        let (number, top) = self.inner.session_of(tab)?;
        let frames = self.inner.frames(number, &top).await.map_err(backend)?;
        let mut text = String::new();
        for frame in &frames {
            match self
                .inner
                .in_world(number, &frame.session, &frame.id, "A.pageText()")
                .await
            {
                Ok(Value::String(part)) if !part.is_empty() => {
                    if !text.is_empty() {
                        text.push('\n');
                    }
                    text.push_str(&part);
                }
                Ok(_) => {}
                Err(error) if frame.parent.is_some() => {
                    tracing::debug!(frame = %frame.id, %error, "frame text left out");
                }
                Err(error) => return Err(backend(error)),
            }
        }
        Ok(text)
    }

    async fn dom_query(
        &self,
        tab: &TabId,
        query: &DomQuery,
    ) -> Result<DomQueryResult, BackendError> {
        let (number, top) = self.inner.session_of(tab)?;
        let main = self.main_frame(number)?;
        let attrs = serde_json::to_string(&query.include_attrs)
            .map_err(|e| BackendError::Other(e.to_string()))?;
        let body = format!(
            "A.domQuery({}, {}, {}, {attrs})",
            js(&query.selector),
            query.limit.clamp(1, 200),
            query.include_text
        );
        let result: Matches<DomMatch> = read(
            "A.domQuery",
            self.inner
                .in_world(number, &top, &main, &body)
                .await
                .map_err(backend)?,
        )?;
        Ok(DomQueryResult {
            ok: result.ok,
            reason: result.reason,
            total: result.total,
            truncated: result.truncated,
            matches: result.matches,
        })
    }

    async fn search_text(
        &self,
        tab: &TabId,
        search: &TextSearch,
    ) -> Result<TextSearchResult, BackendError> {
        let (number, top) = self.inner.session_of(tab)?;
        let main = self.main_frame(number)?;
        let scope = search
            .scope_selector
            .as_deref()
            .map_or_else(|| "null".to_owned(), js);
        let body = format!(
            "A.searchText({}, {}, {scope}, {})",
            js(&search.query),
            search.case_sensitive,
            search.limit.clamp(1, 200)
        );
        let result: Matches<TextMatch> = read(
            "A.searchText",
            self.inner
                .in_world(number, &top, &main, &body)
                .await
                .map_err(backend)?,
        )?;
        Ok(TextSearchResult {
            ok: result.ok,
            reason: result.reason,
            total: result.matches.len(),
            truncated: result.truncated,
            matches: result.matches,
        })
    }
}

impl CdpBrowser {
    /// A page target's main frame has the target's id.
    fn main_frame(&self, tab: u64) -> Result<String, BackendError> {
        self.inner
            .state()
            .tabs
            .get(&tab)
            .map(|t| t.target_id.clone())
            .ok_or_else(|| BackendError::Other(format!("tab t{tab} is gone")))
    }
}

impl CdpBrowser {
    /// One element action at `at`, without its effects.
    async fn act_on(
        &self,
        at: &Located,
        action: ElementAction,
    ) -> Result<ActionOutcome, BackendError> {
        Ok(match action {
            ElementAction::Click => self.real_click(at).await?.0,
            ElementAction::Hover => match self.point(at).await? {
                Some((x, y, _)) => {
                    self.mouse(&at.top, "mouseMoved", x, y).await?;
                    outcome(Reply {
                        ok: true,
                        ..Reply::default()
                    })
                }
                None => failed("element is no longer in the DOM or has no size (stale ref)"),
            },
            ElementAction::Check | ElementAction::Uncheck => {
                let checked: Reply = self
                    .ask(at, &format!("A.act({}, {})", at.id, js(action.as_str())))
                    .await?;
                if !checked.ok {
                    outcome(checked)
                } else {
                    if checked.needs_click {
                        self.real_click(at).await?;
                    }
                    let now: Option<bool> =
                        self.ask(at, &format!("A.isChecked({})", at.id)).await?;
                    let wanted = action == ElementAction::Check;
                    if now == Some(wanted) {
                        outcome(Reply {
                            ok: true,
                            value: Some(wanted.to_string()),
                            ..Reply::default()
                        })
                    } else {
                        failed("the page refused the change")
                    }
                }
            }
            ElementAction::Scroll | ElementAction::Focus | ElementAction::Blur => {
                let done: Reply = self
                    .ask(at, &format!("A.act({}, {})", at.id, js(action.as_str())))
                    .await?;
                outcome(done)
            }
        })
    }

    /// `fill_form`: all or nothing, every field located and checked before anything is
    /// written.
    async fn fill_all(
        &self,
        tab: &TabId,
        fields: &[FieldFill],
    ) -> Result<FillOutcome, BackendError> {
        // All or nothing: every field is located and checked before anything is written.
        let mut located = Vec::with_capacity(fields.len());
        for field in fields {
            let at = self.locate(tab, &field.handle)?;
            let state: Presence = self
                .ask(&at, &format!("A.inspect({}, false)", at.id))
                .await?;
            if state.state != "present" {
                let reason = format!(
                    "nothing was filled: a field is {}",
                    if state.state == "detached" {
                        "no longer on the page"
                    } else {
                        "gone"
                    }
                );
                return Ok(FillOutcome {
                    fields: fields
                        .iter()
                        .map(|_| PageOutcome::untrusted(failed(&reason)))
                        .collect(),
                });
            }
            located.push(at);
        }
        let mut out = Vec::with_capacity(fields.len());
        for (at, field) in located.iter().zip(fields) {
            out.push(PageOutcome::untrusted(
                self.fill_at(at, &field.value, field.vault.as_ref()).await?,
            ));
        }
        Ok(FillOutcome { fields: out })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreadable_reply_names_the_page_function_and_not_its_arguments() {
        let error = read::<Reply>("A.fill(7, \"hunter2-secret\")", json!([1, 2]))
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(error.contains("A.fill"), "{error}");
        assert!(!error.contains("hunter2"), "{error}");
        let fine: Reply = read("A.act(7, \"focus\")", json!({"ok": true})).unwrap_or_default();
        assert!(fine.ok);
    }
}
