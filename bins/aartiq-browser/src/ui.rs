//! The web UI: a page served on the agent API's own listener, behind the same Host,
//! Origin and lockout checks (spec d.7), over a small JSON API and server-sent events. No
//! business logic lives in the page: it renders the runtime's [`Event`]s and posts the
//! person's goals and approval answers.
//!
//! The UI is the person's channel, so no credential an agent holds opens it: not an agent
//! credential, not the API's admin token. The terminal prints `/ui/#t=<link secret>`, a random
//! secret made for this run of the process that exists nowhere else (no file, no API). A
//! fragment is never sent to any server; the page posts the secret to `/ui/session`, which
//! sets an `HttpOnly`, `SameSite=Strict`, `Path=/ui` cookie holding a fresh random session id,
//! and drops the fragment from the address bar. The JSON routes take only that cookie (no
//! bearer token of any kind) and refuse any `Origin` but the page's own.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use aartiq_api::LocalRequest;
use aartiq_runtime::{
    ApprovalAnswer, ApprovalPrompt, Approver, Event, EventSink, Runtime, StopReason,
};
use async_trait::async_trait;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{self, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use futures_util::Stream;
use serde_json::{Value, json};
use tokio::sync::{broadcast, oneshot};

const INDEX: &str = include_str!("../ui/index.html");
const COMMON_SCRIPT: &str = include_str!("../ui/common.js");
const SCRIPT: &str = include_str!("../ui/app.js");
const STYLE: &str = include_str!("../ui/app.css");
const AGENTS_PAGE: &str = include_str!("../ui/agents.html");
const AGENTS_SCRIPT: &str = include_str!("../ui/agents.js");
const LIBRARY_PAGE: &str = include_str!("../ui/library.html");
const LIBRARY_SCRIPT: &str = include_str!("../ui/library.js");
const COOKIE: &str = "aartiq_ui";
/// The events kept for a page that connects (or reconnects) late.
const HISTORY: usize = 2000;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Compares in constant time for equal lengths (like the API's tokens).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The events of this UI session, in order, and the live feed.
struct Feed {
    history: VecDeque<String>,
    live: broadcast::Sender<String>,
}

impl Feed {
    fn push(&mut self, line: String) {
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back(line.clone());
        // No page listening is fine: the history keeps it.
        let _ = self.live.send(line);
    }
}

/// The one approval the page is asked, and where its answer goes.
struct Pending {
    id: u64,
    /// Whether "Always allow" was offered.
    always: bool,
    answer: oneshot::Sender<ApprovalAnswer>,
}

/// What the UI's routes share.
pub(crate) struct UiState {
    runtime: Arc<Runtime>,
    plugins: Option<Arc<aartiq_plugins::PluginSupervisor>>,
    model_ok: bool,
    timeout: Duration,
    /// The secret of the printed link, traded for a session cookie.
    link_secret: String,
    sessions: Mutex<Vec<String>>,
    feed: Mutex<Feed>,
    pending: Mutex<Option<Pending>>,
    busy: AtomicBool,
}

impl UiState {
    pub(crate) fn new(
        runtime: Arc<Runtime>,
        plugins: Option<Arc<aartiq_plugins::PluginSupervisor>>,
        model_ok: bool,
        timeout: Duration,
    ) -> Option<Arc<UiState>> {
        let (live, _) = broadcast::channel(1024);
        Some(Arc::new(UiState {
            runtime,
            plugins,
            model_ok,
            timeout,
            link_secret: random_id()?,
            sessions: Mutex::new(Vec::new()),
            feed: Mutex::new(Feed {
                history: VecDeque::new(),
                live,
            }),
            pending: Mutex::new(None),
            busy: AtomicBool::new(false),
        }))
    }

    /// The secret the printed link carries in its fragment.
    pub(crate) fn link_secret(&self) -> &str {
        &self.link_secret
    }

    /// Claims the one run slot (shared with the terminal); `false` when a run is going.
    pub(crate) fn claim(&self) -> bool {
        !self.busy.swap(true, Ordering::SeqCst)
    }

    /// Frees the run slot.
    pub(crate) fn release(&self) {
        self.busy.store(false, Ordering::SeqCst);
    }

    fn publish(&self, value: &Value) {
        lock(&self.feed).push(value.to_string());
    }

    /// A sentence for the person that belongs to no run (the browser closed, say).
    pub(crate) fn notice(&self, message: &str) {
        self.publish(&json!({"type": "diagnostic", "message": message}));
    }
}

/// The runtime's events, published to the page.
struct PageEvents(Arc<UiState>);

impl EventSink for PageEvents {
    fn emit(&self, event: &Event) {
        match serde_json::to_value(event) {
            Ok(mut value) => {
                // The reply without its commands (they are shown as steps): parsed here, so
                // the page does not parse.
                if let Event::Reply { text, .. } = event {
                    value["prose"] =
                        json!(aartiq_commands::parse(text).text_without_commands.trim());
                }
                self.0.publish(&value);
            }
            Err(error) => tracing::warn!(%error, "an event could not be serialised for the UI"),
        }
    }
}

/// Asks the person in the page: publishes the prompt, waits for `POST /ui/approvals/<id>`;
/// no answer within the timeout is a denial (spec b.9). The runtime asks one prompt at a time
/// (its `OpenQuestions`), so the page holds at most one.
struct PageApprover(Arc<UiState>);

#[async_trait]
impl Approver<ApprovalPrompt> for PageApprover {
    async fn decide(&self, prompt: &ApprovalPrompt) -> ApprovalAnswer {
        let (tx, rx) = oneshot::channel();
        *lock(&self.0.pending) = Some(Pending {
            id: prompt.id,
            always: prompt.always_allow,
            answer: tx,
        });
        self.0.publish(&json!({
            "type": "approval_pending",
            "prompt": prompt,
            "timeout_secs": self.0.timeout.as_secs(),
        }));
        let answer = match tokio::time::timeout(self.0.timeout, rx).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => ApprovalAnswer::Deny("the approval was dropped".to_owned()),
            Err(_) => ApprovalAnswer::Deny(format!(
                "timed out after {}s without an answer",
                self.0.timeout.as_secs()
            )),
        };
        lock(&self.0.pending).take();
        answer
    }
}

/// Why a UI request is not allowed.
fn refuse(status: StatusCode, code: &str) -> Response {
    (status, Json(json!({ "error": code }))).into_response()
}

/// The `Origin` check of the UI's JSON routes: only the page's own origin (the API's check lets
/// any loopback port and `file://` through; a page on another local port is another site for
/// the UI). `required` for state-changing requests authenticated by the cookie, which browsers
/// always send with an `Origin`.
fn same_origin(headers: &HeaderMap, required: bool) -> bool {
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    match (text(header::ORIGIN), text(header::HOST)) {
        (Some(origin), Some(host)) => {
            origin.eq_ignore_ascii_case(&format!("http://{host}"))
                && !host.contains(['/', ',', ' '])
        }
        (Some(_), None) => false,
        (None, _) => !required,
    }
}

fn cookie_session(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_owned())
}

/// Whether the request is the person's: the session cookie, and nothing else (a bearer token,
/// even the API's admin token, opens nothing here). A state change must come from the page's
/// own origin.
fn authorised(
    state: &UiState,
    headers: &HeaderMap,
    changes: bool,
) -> Result<(), (StatusCode, &'static str)> {
    if !same_origin(headers, changes) {
        return Err((StatusCode::FORBIDDEN, "bad_origin"));
    }
    let Some(presented) = cookie_session(headers) else {
        return Err((StatusCode::UNAUTHORIZED, "no_session"));
    };
    let known = lock(&state.sessions).iter().fold(false, |found, s| {
        found | same(s.as_bytes(), presented.as_bytes())
    });
    if known {
        Ok(())
    } else {
        Err((StatusCode::UNAUTHORIZED, "bad_session"))
    }
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// A `GET` route serving one embedded page or script with the page headers.
fn asset<S: Clone + Send + Sync + 'static>(
    body: &'static str,
    content_type: &'static str,
) -> axum::routing::MethodRouter<S> {
    get(move || async move { with_page_headers(body.into_response(), content_type) })
}

fn with_page_headers(mut response: Response, content_type: &'static str) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    headers.insert("x-frame-options", HeaderValue::from_static("DENY"));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        "content-security-policy",
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    response
}

/// `GET /ui/api/agents`: the agents the registry knows, with their trust, and the kill switch.
async fn agents(State(state): State<Arc<UiState>>) -> Response {
    let own = state.runtime.agent_id().clone();
    let (agents, kill_switch) = state.runtime.parts().registry.with_policy(|policy| {
        let mut agents: Vec<Value> = policy
            .agents
            .list()
            .map(|a| {
                json!({
                    "id": a.id.as_str(),
                    "name": a.name,
                    "trust": a.trust(),
                    "granted": a.granted,
                    "score": a.score,
                    "revoked": a.revoked,
                    "transport": a.transport,
                    "connected": a.connected,
                    "assistant": a.id == own,
                })
            })
            .collect();
        agents.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
        (agents, policy.guard.kill_switch_engaged())
    });
    Json(json!({ "agents": agents, "killSwitch": kill_switch })).into_response()
}

/// `POST /ui/api/agents/<id>/revoke`, or `/trust {"level"}`: a person's decision (the
/// assistant's own agent is not changed from here).
async fn agent_action(
    State(state): State<Arc<UiState>>,
    Path((id, action)): Path<(String, String)>,
    body: axum::body::Bytes,
) -> Response {
    let id = aartiq_agents::AgentId::new(id);
    if &id == state.runtime.agent_id() {
        return refuse(StatusCode::BAD_REQUEST, "own_agent");
    }
    let level = serde_json::from_slice::<TrustBody>(&body)
        .ok()
        .map(|b| b.level);
    let done = state
        .runtime
        .parts()
        .registry
        .with_policy(|policy| match action.as_str() {
            "revoke" => Some(policy.agents.revoke(&id)),
            "trust" => {
                let level = level?;
                Some(
                    policy
                        .agents
                        .set_trust(&id, level, &aartiq_agents::Authority::Human)
                        .map(|_| ()),
                )
            }
            _ => None,
        });
    match done {
        None => refuse(StatusCode::BAD_REQUEST, "bad_action"),
        Some(Err(error)) => (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": "refused", "message": error.to_string() })),
        )
            .into_response(),
        Some(Ok(())) => {
            tracing::info!(agent = %id.as_str(), action, "a person changed an agent in the UI");
            Json(json!({ "ok": true })).into_response()
        }
    }
}

/// `GET /ui/api/plugins`: the configured MCP plugins and their state (they start on first use).
async fn plugins(State(state): State<Arc<UiState>>) -> Response {
    let list = match &state.plugins {
        Some(host) => host.list().await,
        None => Vec::new(),
    };
    Json(json!({ "plugins": list })).into_response()
}

/// A JSON request body read as `T` (the JSON content type is required, as for any `Json`
/// body); `None` when the JSON has another shape, which each route answers with its own 400.
struct Body<T>(Option<T>);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = <Json<Value> as axum::extract::FromRequest<S>>::Rejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<Value>::from_request(req, state).await?;
        Ok(Body(serde_json::from_value(value).ok()))
    }
}

/// `POST /ui/api/killswitch`.
#[derive(serde::Deserialize)]
struct KillSwitchBody {
    engaged: bool,
}

/// `POST /ui/api/always/revoke`.
#[derive(serde::Deserialize)]
struct RevokeBody {
    line: String,
}

/// `POST /ui/session`.
#[derive(serde::Deserialize)]
struct SessionBody {
    token: String,
}

/// `POST /ui/goal`.
#[derive(serde::Deserialize)]
struct GoalBody {
    goal: String,
}

/// `POST /ui/api/agents/<id>/trust`.
#[derive(serde::Deserialize)]
struct TrustBody {
    level: aartiq_agents::TrustLevel,
}

/// `POST /ui/approvals/<id>`.
#[derive(serde::Deserialize)]
struct AnswerBody {
    answer: AnswerWord,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum AnswerWord {
    Approve,
    Always,
    Deny,
}

/// `POST /ui/api/killswitch {"engaged": bool}`: the person engages or releases it.
async fn kill_switch(
    State(state): State<Arc<UiState>>,
    Body(body): Body<KillSwitchBody>,
) -> Response {
    let registry = &state.runtime.parts().registry;
    match body.map(|b| b.engaged) {
        Some(true) => registry.engage_kill_switch(),
        Some(false) => {
            if let Err(error) = registry.release_kill_switch(&aartiq_agents::Authority::Human) {
                return (
                    StatusCode::BAD_REQUEST,
                    Json(json!({ "error": "refused", "message": error.to_string() })),
                )
                    .into_response();
            }
        }
        None => return refuse(StatusCode::BAD_REQUEST, "engaged_required"),
    }
    Json(json!({ "ok": true })).into_response()
}

/// `GET /ui/api/library`: bookmarks, recent history, automations and settings from the store.
async fn library(State(state): State<Arc<UiState>>) -> Response {
    let Some(store) = state.runtime.store() else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "no_store");
    };
    let read = || -> Result<Value, aartiq_store::StoreError> {
        let bookmarks: Vec<Value> = store
            .list_bookmarks(200, 0)?
            .into_iter()
            .map(|b| json!({"url": b.url, "title": b.title, "at": b.created_at}))
            .collect();
        let history: Vec<Value> = store
            .list_history(&aartiq_store::HistoryQuery::default().with_limit(100))?
            .into_iter()
            .map(|h| json!({"url": h.url, "title": h.title, "at": h.visited_at}))
            .collect();
        let automations: Vec<Value> = store
            .list_automations()?
            .into_iter()
            .map(|a| {
                json!({
                    "task": a.task_id(),
                    "name": a.name,
                    "description": a.description,
                    "schedule": a.schedule.to_string(),
                    "enabled": a.enabled,
                    "next_run_at": a.next_run_at,
                })
            })
            .collect();
        let settings: Vec<Value> = store
            .settings(None)?
            .into_iter()
            .map(|e| json!({"key": e.key, "value": e.value.display(), "is_default": e.is_default}))
            .collect();
        Ok(json!({
            "bookmarks": bookmarks,
            "history": history,
            "automations": automations,
            "always": state.runtime.always_allowed(),
            "settings": settings,
        }))
    };
    match read() {
        Ok(body) => Json(body).into_response(),
        Err(error) => {
            tracing::error!(%error, "the UI could not read the store");
            refuse(StatusCode::INTERNAL_SERVER_ERROR, "store")
        }
    }
}

/// `POST /ui/api/always/revoke {"line"}`: the person forgets an "Always allow" grant; the
/// line asks again.
async fn revoke_always(
    State(state): State<Arc<UiState>>,
    Body(body): Body<RevokeBody>,
) -> Response {
    let Some(RevokeBody { line }) = body else {
        return refuse(StatusCode::BAD_REQUEST, "line_required");
    };
    match state.runtime.revoke_always(&line) {
        Ok(true) => Json(json!({ "ok": true })).into_response(),
        Ok(false) => refuse(StatusCode::NOT_FOUND, "not_allowed_always"),
        Err(error) => {
            tracing::error!(%error, "a revoked shell grant could not be saved");
            refuse(StatusCode::INTERNAL_SERVER_ERROR, "store")
        }
    }
}

fn random_id() -> Option<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// `POST /ui/session {"token"}`: the printed link's secret (from the URL fragment) for a
/// session cookie. Nothing else is accepted: not the API's admin token, not an agent's
/// credential. A wrong secret counts against the caller's address like a wrong token.
async fn session(
    State(state): State<Arc<UiState>>,
    Extension(local): Extension<LocalRequest>,
    headers: HeaderMap,
    Body(body): Body<SessionBody>,
) -> Response {
    if !same_origin(&headers, true) {
        return refuse(StatusCode::FORBIDDEN, "bad_origin");
    }
    let token = body.map(|b| b.token).unwrap_or_default();
    if !same(token.as_bytes(), state.link_secret.as_bytes()) {
        local.note_failure();
        return refuse(StatusCode::UNAUTHORIZED, "bad_token");
    }
    let Some(id) = random_id() else {
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, "no_randomness");
    };
    {
        let mut sessions = lock(&state.sessions);
        // A few open pages at most; the oldest go first.
        if sessions.len() >= 16 {
            sessions.remove(0);
        }
        sessions.push(id.clone());
    }
    tracing::info!("a web UI page signed in");
    let cookie = format!("{COOKIE}={id}; HttpOnly; SameSite=Strict; Path=/ui");
    let mut response = Json(json!({ "ok": true })).into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

/// `GET /ui/state`: whether the session is valid, a run is going, a model answered.
async fn ui_state(State(state): State<Arc<UiState>>) -> Response {
    Json(json!({
        "busy": state.busy.load(Ordering::SeqCst),
        "model": state.model_ok,
        "approval_timeout_secs": state.timeout.as_secs(),
    }))
    .into_response()
}

/// `POST /ui/goal {"goal"}`: starts a run (one at a time); its events go to `/ui/events`.
async fn goal(State(state): State<Arc<UiState>>, Body(body): Body<GoalBody>) -> Response {
    let line = body.map(|b| b.goal.trim().to_owned()).unwrap_or_default();
    if line.is_empty() {
        return refuse(StatusCode::BAD_REQUEST, "goal_required");
    }
    let typed = aartiq_runtime::TypedLine::read(&line);
    if typed.needs_model() && !state.model_ok {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "no_model");
    }
    if !state.claim() {
        return refuse(StatusCode::CONFLICT, "busy");
    }
    state.publish(&json!({"type": "goal", "goal": line}));
    let run = state.clone();
    tokio::spawn(async move {
        let approver = PageApprover(run.clone());
        let events = PageEvents(run.clone());
        let outcome = run.runtime.run_line(&typed, &approver, &events).await;
        let completed = matches!(
            outcome.reason,
            StopReason::Answered | StopReason::PlannerDone { .. } | StopReason::Commands
        );
        run.publish(&json!({
            "type": "outcome",
            "completed": completed,
            "reason": outcome.reason,
            "answer": outcome.answer,
        }));
        run.release();
    });
    (StatusCode::ACCEPTED, Json(json!({ "ok": true }))).into_response()
}

/// `POST /ui/approvals/<id> {"answer": "approve" | "always" | "deny"}`; `always` only for a
/// prompt that offered it.
async fn answer(
    State(state): State<Arc<UiState>>,
    Path(id): Path<u64>,
    Body(body): Body<AnswerBody>,
) -> Response {
    let answer = match body.map(|b| b.answer) {
        Some(AnswerWord::Approve) => ApprovalAnswer::Approve,
        Some(AnswerWord::Always) => ApprovalAnswer::ApproveAlways,
        Some(AnswerWord::Deny) => ApprovalAnswer::Deny("denied by user".to_owned()),
        None => return refuse(StatusCode::BAD_REQUEST, "answer_required"),
    };
    let mut pending = lock(&state.pending);
    match pending.take() {
        Some(waiting)
            if waiting.id == id && answer == ApprovalAnswer::ApproveAlways && !waiting.always =>
        {
            *pending = Some(waiting);
            refuse(StatusCode::BAD_REQUEST, "always_not_offered")
        }
        Some(waiting) if waiting.id == id => {
            // The run may have timed the prompt out just now; then the denial stands.
            let _ = waiting.answer.send(answer);
            Json(json!({ "ok": true })).into_response()
        }
        other => {
            *pending = other;
            refuse(StatusCode::NOT_FOUND, "unknown_approval")
        }
    }
}

/// `GET /ui/events`: server-sent events, each the JSON of an [`Event`] (or a UI event:
/// `goal`, `approval_pending`, `outcome`); `reset` first, then what happened so far.
async fn events(State(state): State<Arc<UiState>>) -> Response {
    let (history, live) = {
        let feed = lock(&state.feed);
        (
            feed.history.iter().cloned().collect::<Vec<_>>(),
            feed.live.subscribe(),
        )
    };
    let mut first = vec![json!({"type": "reset"}).to_string()];
    first.extend(history);
    Sse::new(stream(first, live))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

fn stream(
    first: Vec<String>,
    live: broadcast::Receiver<String>,
) -> impl Stream<Item = Result<sse::Event, Infallible>> {
    futures_util::stream::unfold(
        (VecDeque::from(first), live),
        |(mut first, mut live)| async move {
            if let Some(line) = first.pop_front() {
                return Some((Ok(sse::Event::default().data(line)), (first, live)));
            }
            let line = match live.recv().await {
                Ok(line) => line,
                // A page too slow to keep up reconnects and gets the history again.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    json!({"type": "lagged"}).to_string()
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            };
            Some((Ok(sse::Event::default().data(line)), (first, live)))
        },
    )
}

/// Every JSON route, before its body is even read: the session cookie and no foreign
/// `Origin`; anything but a `GET` must carry the page's own.
async fn guard(State(state): State<Arc<UiState>>, request: Request, next: Next) -> Response {
    let changes = !matches!(*request.method(), Method::GET | Method::HEAD);
    // The API's listener puts it on every request: the Host, Origin and lockout checks ran.
    if request.extensions().get::<LocalRequest>().is_none() {
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, "no_request_context");
    }
    if let Err((status, code)) = authorised(&state, request.headers(), changes) {
        return refuse(status, code);
    }
    next.run(request).await
}

/// The UI's routes, to merge onto the API's listener with
/// [`aartiq_api::HttpServer::with_routes`]: the pages and scripts (they hold no data) and
/// `/ui/session` open, every JSON route behind [`guard`].
pub(crate) fn routes(state: Arc<UiState>) -> Router {
    let data = Router::new()
        .route("/ui/state", get(ui_state))
        .route("/ui/goal", post(goal))
        .route("/ui/approvals/{id}", post(answer))
        .route("/ui/events", get(events))
        .route("/ui/api/agents", get(agents))
        .route("/ui/api/agents/{id}/{action}", post(agent_action))
        .route("/ui/api/killswitch", post(kill_switch))
        .route("/ui/api/plugins", get(plugins))
        .route("/ui/api/library", get(library))
        .route("/ui/api/always/revoke", post(revoke_always))
        .route_layer(middleware::from_fn_with_state(state.clone(), guard));
    Router::new()
        .route("/ui", asset(INDEX, HTML))
        .route("/ui/", asset(INDEX, HTML))
        .route("/ui/common.js", asset(COMMON_SCRIPT, JS))
        .route("/ui/app.js", asset(SCRIPT, JS))
        .route("/ui/app.css", asset(STYLE, CSS))
        .route("/ui/session", post(session))
        .route("/ui/agents", asset(AGENTS_PAGE, HTML))
        .route("/ui/agents.js", asset(AGENTS_SCRIPT, JS))
        .route("/ui/library", asset(LIBRARY_PAGE, HTML))
        .route("/ui/library.js", asset(LIBRARY_SCRIPT, JS))
        .merge(data)
        .with_state(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                *name,
                HeaderValue::from_str(value).unwrap_or(HeaderValue::from_static("")),
            );
        }
        map
    }

    #[test]
    fn only_the_pages_own_origin_passes() {
        let host = ("host", "127.0.0.1:4000");
        assert!(same_origin(
            &headers(&[host, ("origin", "http://127.0.0.1:4000")]),
            true
        ));
        assert!(!same_origin(
            &headers(&[host, ("origin", "http://evil.example")]),
            false
        ));
        assert!(!same_origin(
            &headers(&[host, ("origin", "http://127.0.0.1:4001")]),
            false
        ));
        assert!(!same_origin(&headers(&[host, ("origin", "null")]), false));
        assert!(!same_origin(&headers(&[host]), true));
        assert!(same_origin(&headers(&[host]), false));
    }

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let map = headers(&[("cookie", "a=1; aartiq_ui=abc; b=2")]);
        assert_eq!(cookie_session(&map).as_deref(), Some("abc"));
        assert_eq!(
            cookie_session(&headers(&[("cookie", "aartiq_uix=abc")])),
            None
        );
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"ab"));
    }
}
