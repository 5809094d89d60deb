//! The HTTP agent API (spec d.6, d.7) on axum: `POST /api/<tool>`, `GET /health`, the
//! client-credential admin routes, the approval routes, `GET /openapi.json` and the MCP
//! Streamable HTTP mount at `/mcp`. Every request passes the Host, Origin, lockout and token
//! checks first; bodies are limited, requests time out, the access log never holds a token.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use aartiq_agents::{AgentId, Transport};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::auth::{
    Credentials, Lockout, Principal, TokenCheck, host_allowed, origin_allowed, presented_token,
    valid_id,
};
use crate::config::ApiConfig;
use crate::error::ApiError;
use crate::mcp::McpServer;
use crate::service::{AgentApi, CallResult};

/// Everything the HTTP handlers share.
#[derive(Clone)]
pub struct HttpState {
    api: Arc<AgentApi>,
    credentials: Arc<Credentials>,
    lockout: Arc<Lockout>,
    config: Arc<ApiConfig>,
    port: u16,
    openapi: Arc<Value>,
}

impl std::fmt::Debug for HttpState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpState")
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

impl HttpState {
    /// The state for a listener on `port` (the port the `Host` check expects).
    pub fn new(
        api: Arc<AgentApi>,
        credentials: Arc<Credentials>,
        config: ApiConfig,
        port: u16,
    ) -> HttpState {
        let openapi = Arc::new(crate::openapi::openapi(&api));
        HttpState {
            api,
            credentials,
            lockout: Arc::new(Lockout::new()),
            config: Arc::new(config),
            port,
            openapi,
        }
    }

    /// The credentials (to create a client from code).
    pub fn credentials(&self) -> &Credentials {
        &self.credentials
    }
}

fn error(status: StatusCode, code: &str) -> Response {
    (status, axum::Json(json!({ "error": code }))).into_response()
}

fn not_found() -> Response {
    StatusCode::NOT_FOUND.into_response()
}

/// The access log: method, path (never the query, which may hold `?token=`), status, time.
async fn access_log(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let started = Instant::now();
    let response = next.run(request).await;
    tracing::info!(
        target: "aartiq_api::access",
        method = %method,
        path = %path,
        status = response.status().as_u16(),
        ms = started.elapsed().as_millis() as u64,
        peer = ?peer,
        "request"
    );
    response
}

/// The checks every route shares, API or not (spec d.7): Host, then Origin, then the lockout of
/// the caller's address. Returns that address, or the refusal's status and error code.
fn gate(state: &HttpState, request: &Request) -> Result<IpAddr, (StatusCode, &'static str)> {
    let headers = request.headers();
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let host = match headers.get_all(header::HOST).iter().count() {
        0 | 1 => text("host"),
        // Two Host headers are as suspicious as a comma in one.
        _ => Some(","),
    };
    if !host_allowed(
        host,
        state.port,
        state.config.remote,
        &state.config.remote_hosts,
    ) {
        return Err((StatusCode::FORBIDDEN, "bad_host"));
    }
    if !origin_allowed(text("origin")) {
        return Err((StatusCode::FORBIDDEN, "bad_origin"));
    }
    let Some(ip) = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
    else {
        return Err((StatusCode::FORBIDDEN, "bad_host"));
    };
    if state.lockout.is_locked(ip, state.api.clock()) {
        return Err((StatusCode::TOO_MANY_REQUESTS, "auth_locked"));
    }
    Ok(ip)
}

/// `checkLocalRequest` (spec d.6, d.7): Host, Origin, lockout, then the token.
async fn check_local_request(
    State(state): State<HttpState>,
    mut request: Request,
    next: Next,
) -> Response {
    let ip = match gate(&state, &request) {
        Ok(ip) => ip,
        Err((status, code)) => return error(status, code),
    };
    let clock = state.api.clock();
    let headers = request.headers();
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let query = request.uri().query();
    let principal = match presented_token(text, query) {
        None => {
            state.lockout.record_failure(ip, clock);
            return error(StatusCode::UNAUTHORIZED, "no_token");
        }
        Some((token, _source)) => match state.credentials.check(token) {
            TokenCheck::Valid(principal) => principal,
            TokenCheck::Revoked => {
                state.lockout.record_failure(ip, clock);
                return error(StatusCode::UNAUTHORIZED, "token_revoked");
            }
            TokenCheck::Bad => {
                state.lockout.record_failure(ip, clock);
                return error(StatusCode::UNAUTHORIZED, "bad_token");
            }
        },
    };
    state.lockout.record_success(ip);
    request.extensions_mut().insert(principal);
    next.run(request).await
}

/// What the routes added with [`HttpServer::with_routes`] get from the local-request checks
/// (Host, Origin, lockout already passed): the token a request presented, if any, and a way to
/// check a token the route received another way (a login form), with failures counted by the
/// same lockout as the API's. Such routes authenticate on their own (a cookie, say).
#[derive(Clone)]
pub struct LocalRequest {
    state: HttpState,
    ip: IpAddr,
    principal: Option<Principal>,
}

impl std::fmt::Debug for LocalRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalRequest")
            .field("ip", &self.ip)
            .field("principal", &self.principal)
            .finish_non_exhaustive()
    }
}

impl LocalRequest {
    /// Who the token presented with the request (bearer, header or query) belongs to; `None`
    /// when none was presented or it was not valid (a failure the lockout counted).
    pub fn principal(&self) -> Option<&Principal> {
        self.principal.as_ref()
    }

    /// Checks `token` (in constant time) and counts a failure against the peer's lockout.
    pub fn check_token(&self, token: &str) -> Option<Principal> {
        let clock = self.state.api.clock();
        match self.state.credentials.check(token) {
            TokenCheck::Valid(principal) => {
                self.state.lockout.record_success(self.ip);
                Some(principal)
            }
            TokenCheck::Revoked | TokenCheck::Bad => {
                self.state.lockout.record_failure(self.ip, clock);
                None
            }
        }
    }

    /// Counts a failed sign-in of the route's own kind (a wrong secret) against the peer's
    /// lockout, like a wrong token.
    pub fn note_failure(&self) {
        self.state
            .lockout
            .record_failure(self.ip, self.state.api.clock());
    }

    /// The port the listener is on (what a same-origin `Origin` carries).
    pub fn port(&self) -> u16 {
        self.state.port
    }
}

/// The checks for routes added with [`HttpServer::with_routes`]: Host, Origin and lockout as
/// for the API (spec d.7), then a [`LocalRequest`] extension instead of a required token.
async fn check_local_route(
    State(state): State<HttpState>,
    mut request: Request,
    next: Next,
) -> Response {
    let ip = match gate(&state, &request) {
        Ok(ip) => ip,
        Err((status, code)) => return error(status, code),
    };
    let headers = request.headers();
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let presented = presented_token(text, request.uri().query()).map(|(t, _)| t.to_owned());
    let mut local = LocalRequest {
        state: state.clone(),
        ip,
        principal: None,
    };
    if let Some(token) = presented {
        local.principal = local.check_token(&token);
    }
    request.extensions_mut().insert(local);
    next.run(request).await
}

fn principal(request_principal: Option<&Principal>) -> Principal {
    // The middleware always inserts one; without it nothing is allowed.
    request_principal
        .cloned()
        .unwrap_or(Principal::Client(String::new()))
}

async fn health(State(state): State<HttpState>) -> Response {
    axum::Json(json!({
        "ok": true,
        "tools": state.api.specs().len(),
        "remote": state.config.remote,
    }))
    .into_response()
}

async fn openapi(State(state): State<HttpState>) -> Response {
    axum::Json(state.openapi.as_ref().clone()).into_response()
}

fn require_primary(request_principal: Option<&Principal>) -> Option<Response> {
    match principal(request_principal) {
        Principal::Primary => None,
        Principal::Client(_) => Some(error(StatusCode::FORBIDDEN, "primary_token_required")),
    }
}

fn body_json(body: &Bytes) -> Value {
    // Spec d.6: an invalid or empty body becomes `{}`.
    serde_json::from_slice(body).unwrap_or_else(|_| json!({}))
}

async fn list_clients(
    State(state): State<HttpState>,
    who: Option<axum::Extension<Principal>>,
) -> Response {
    if let Some(denied) = require_primary(who.as_deref()) {
        return denied;
    }
    axum::Json(json!({ "clients": state.credentials.clients() })).into_response()
}

async fn create_client(
    State(state): State<HttpState>,
    who: Option<axum::Extension<Principal>>,
    body: Bytes,
) -> Response {
    if let Some(denied) = require_primary(who.as_deref()) {
        return denied;
    }
    let body = body_json(&body);
    let Some(id) = body.get("id").and_then(Value::as_str) else {
        return error(StatusCode::BAD_REQUEST, "id_required");
    };
    if state.api.is_reserved(&AgentId::new(id)) {
        return error(StatusCode::BAD_REQUEST, "reserved_client_id");
    }
    // A name that is there must be a string: `{"name": {}}` is a mistake, not "no name".
    let name = match body.get("name") {
        None => id,
        Some(Value::String(name)) => name.as_str(),
        Some(_) => return error(StatusCode::BAD_REQUEST, "bad_client_name"),
    };
    match state
        .credentials
        .create_client(id, name, state.api.clock().now_ms())
    {
        Ok(token) => (
            StatusCode::CREATED,
            axum::Json(json!({ "id": id, "token": token })),
        )
            .into_response(),
        Err(ApiError::Config(_)) => error(StatusCode::BAD_REQUEST, "bad_client_id"),
        Err(e) => {
            tracing::error!(error = %e, "could not create a client credential");
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal")
        }
    }
}

async fn revoke_client(
    State(state): State<HttpState>,
    who: Option<axum::Extension<Principal>>,
    body: Bytes,
) -> Response {
    if let Some(denied) = require_primary(who.as_deref()) {
        return denied;
    }
    let body = body_json(&body);
    let Some(id) = body.get("id").and_then(Value::as_str) else {
        return error(StatusCode::BAD_REQUEST, "id_required");
    };
    match state.credentials.revoke_client(id) {
        Ok(true) => axum::Json(json!({ "ok": true })).into_response(),
        Ok(false) => error(StatusCode::NOT_FOUND, "unknown_client"),
        Err(e) => {
            tracing::error!(error = %e, "could not revoke a client credential");
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal")
        }
    }
}

async fn list_approvals(
    State(state): State<HttpState>,
    who: Option<axum::Extension<Principal>>,
) -> Response {
    if let Some(denied) = require_primary(who.as_deref()) {
        return denied;
    }
    axum::Json(json!({ "approvals": state.api.approvals().list() })).into_response()
}

async fn decide(state: &HttpState, who: Option<&Principal>, id: &str, approve: bool) -> Response {
    if let Some(denied) = require_primary(who) {
        return denied;
    }
    match state.api.approvals().decide(id, approve) {
        Ok(approval) => {
            tracing::info!(approval = id, approve, tool = %approval.tool, "a person decided");
            axum::Json(json!(approval)).into_response()
        }
        Err(ApiError::UnknownApproval(_)) => error(StatusCode::NOT_FOUND, "unknown_approval"),
        Err(ApiError::ApprovalDecided { .. }) => error(StatusCode::CONFLICT, "already_decided"),
        Err(e) => {
            tracing::error!(error = %e, "could not record the decision");
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal")
        }
    }
}

/// Decides on the approval of the path. Ids are ASCII, so a segment that does not decode to
/// UTF-8 names no approval: `404 {"error":"unknown_approval"}` like any other unknown id, never
/// axum's plain-text rejection.
async fn decide_path(
    state: &HttpState,
    who: Option<&Principal>,
    id: Result<Path<String>, PathRejection>,
    approve: bool,
) -> Response {
    match id {
        Ok(Path(id)) => decide(state, who, &id, approve).await,
        Err(_) => error(StatusCode::NOT_FOUND, "unknown_approval"),
    }
}

async fn approve(
    State(state): State<HttpState>,
    who: Option<axum::Extension<Principal>>,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    decide_path(&state, who.as_deref(), id, true).await
}

async fn deny(
    State(state): State<HttpState>,
    who: Option<axum::Extension<Principal>>,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    decide_path(&state, who.as_deref(), id, false).await
}

/// A new agent id: `agent-` and six base-36 characters (spec d.6).
fn generated_agent_id() -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut bytes = [0u8; 6];
    if getrandom::fill(&mut bytes).is_err() {
        // No randomness: fall back to the time, which still separates callers.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        bytes = [
            nanos as u8,
            (nanos >> 8) as u8,
            (nanos >> 16) as u8,
            (nanos >> 24) as u8,
            0,
            0,
        ];
    }
    let suffix: String = bytes
        .iter()
        .map(|b| char::from(DIGITS[usize::from(*b) % 36]))
        .collect();
    format!("agent-{suffix}")
}

/// The body of a tool response (spec d.6): `{"isError", "content":[{"type":"text","text"}]}`,
/// with a picture as a second item `{"type":"image","mimeType","data"}` as in MCP.
pub fn http_body(result: &CallResult) -> Value {
    let mut content = vec![json!({"type": "text", "text": result.text})];
    if let Some(image) = &result.image {
        content.push(json!({"type": "image", "mimeType": image.mime_type, "data": image.data}));
    }
    let mut body = json!({
        "isError": result.is_error,
        "content": content,
    });
    if let Some(code) = &result.code {
        body["code"] = json!(code);
    }
    if let Some(approval) = &result.approval {
        body["approvalId"] = json!(approval.id);
    }
    body
}

/// A refused call in the tool body shape of spec d.6: `400 {"isError":true,...,"code"}`.
fn bad_call(text: &str, code: Option<&str>) -> Response {
    let result = CallResult {
        is_error: true,
        text: text.to_owned(),
        json: None,
        untrusted: false,
        step: None,
        code: code.map(str::to_owned),
        approval: None,
        image: None,
    };
    (StatusCode::BAD_REQUEST, axum::Json(http_body(&result))).into_response()
}

async fn call_tool(
    State(state): State<HttpState>,
    who: Option<axum::Extension<Principal>>,
    tool: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // Spec d.6: bad input is a 400 with the error body, whatever part of the request it is in.
    let Ok(Path(tool)) = tool else {
        return bad_call("Unknown tool: the name in the URL is not valid UTF-8", None);
    };
    // A header that is present but not visible ASCII is bad input, not an absent header:
    // otherwise an unreadable x-agent-id would silently become a fresh agent.
    let header = |name: &str| headers.get(name).map(|v| v.to_str().ok());
    let mut generated = false;
    let agent = match principal(who.as_deref()) {
        // A client credential is an identity: its id is the agent, whatever the header says.
        Principal::Client(id) if !id.is_empty() => id,
        Principal::Client(_) => return error(StatusCode::UNAUTHORIZED, "bad_token"),
        Principal::Primary => {
            static WARNED: std::sync::atomic::AtomicBool =
                std::sync::atomic::AtomicBool::new(false);
            if !WARNED.swap(true, std::sync::atomic::Ordering::Relaxed) {
                tracing::warn!(
                    "a tool was called with the admin token; give agents an agent credential \
                     (`aartiq-http clients add ID`), since the admin token also approves"
                );
            }
            match header("x-agent-id") {
                Some(Some(id)) if valid_id(id) => id.to_owned(),
                Some(_) => {
                    return bad_call(
                        "x-agent-id must be 1-64 characters of A-Z a-z 0-9 _ . -",
                        Some("BAD_AGENT_ID"),
                    );
                }
                None => {
                    generated = true;
                    generated_agent_id()
                }
            }
        }
    };
    let approval = match header("x-approval-id") {
        None => None,
        Some(Some(id)) => Some(id),
        Some(None) => {
            return bad_call(
                "APPROVAL_INVALID: x-approval-id is not an approval id (it is not visible ASCII)",
                Some("APPROVAL_INVALID"),
            );
        }
    };
    let agent = AgentId::new(agent);
    let args = body_json(&body);
    if state.api.spec(&tool).is_some() {
        state
            .api
            .ensure_agent(&agent, agent.as_str(), Transport::Http);
    }
    let result = state.api.call(&agent, &tool, args, approval, None).await;
    if generated {
        // A fresh id per call (spec d.6): only the newest few are kept.
        state.api.note_generated_agent(agent.clone());
    }
    let status = if result.is_error {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let mut response = (status, axum::Json(http_body(&result))).into_response();
    if result.untrusted {
        response
            .headers_mut()
            .insert("x-aartiq-untrusted", HeaderValue::from_static("true"));
    }
    response
}

/// The router: every route behind the local-request checks, with body limit, timeout and
/// access log. `mcp` mounts the Streamable HTTP MCP endpoint at `/mcp` when given.
pub fn router(state: HttpState, mcp_shutdown: Option<CancellationToken>) -> Router {
    router_with(state, mcp_shutdown, None)
}

/// [`router`] with `extra` routes merged in: they pass the Host, Origin and lockout checks and
/// get a [`LocalRequest`] extension, authenticate on their own, and share the body limit and
/// access log (not the request timeout, so they may stream). Their paths must not clash with
/// the API's.
pub fn router_with(
    state: HttpState,
    mcp_shutdown: Option<CancellationToken>,
    extra: Option<Router>,
) -> Router {
    let limit = state.config.body_limit;
    let timeout = state.config.request_timeout;
    let api = Router::new()
        .route("/health", get(health))
        .route("/openapi.json", get(openapi))
        .route("/clients", get(list_clients).post(create_client))
        .route("/clients/revoke", post(revoke_client))
        .route("/approvals", get(list_approvals))
        .route("/approvals/{id}/approve", post(approve))
        .route("/approvals/{id}/deny", post(deny))
        .route("/api/{tool}", post(call_tool))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            timeout,
        ));
    let mut app = api;
    if let Some(ct) = mcp_shutdown {
        let shared = state.api.clone();
        let config = StreamableHttpServerConfig::default()
            // The Host and Origin checks of spec d.7 already ran in the middleware.
            .disable_allowed_hosts()
            .with_max_request_body_bytes(limit)
            .with_cancellation_token(ct);
        let manager = Arc::new(LocalSessionManager::default());
        let book = Arc::new(SessionBook::new(
            Arc::clone(&manager),
            state.config.max_mcp_sessions,
            state.config.max_mcp_sessions_per_credential,
        ));
        let service =
            StreamableHttpService::new(move || Ok(McpServer::new(shared.clone())), manager, config);
        let service = tower::ServiceBuilder::new()
            .layer(middleware::from_fn_with_state(book, count_mcp_sessions))
            .service(service);
        app = app.nest_service("/mcp", service);
    }
    let mut app: Router = app
        .fallback(|| async { not_found() })
        .method_not_allowed_fallback(|| async { not_found() })
        .layer(middleware::from_fn_with_state(
            state.clone(),
            check_local_request,
        ))
        .with_state(state.clone());
    if let Some(extra) = extra {
        app = app.merge(extra.layer(middleware::from_fn_with_state(state, check_local_route)));
    }
    app.layer(RequestBodyLimitLayer::new(limit))
        .layer(middleware::from_fn(access_log))
}

/// The MCP sessions over HTTP: who opened each and when each was last used, so that neither
/// one credential nor everyone together can hold more than the caps (spec d.8 leaves sessions
/// unbounded; 3,000 `initialize` calls held 177 MB). Past a cap the session idle longest is
/// closed; its client gets 404 on its next request and may initialize again.
struct SessionBook {
    manager: Arc<LocalSessionManager>,
    max: usize,
    per_credential: usize,
    /// Session id → (who opened it, last use in a monotonic count).
    open: std::sync::Mutex<std::collections::HashMap<String, (Principal, u64)>>,
    tick: std::sync::atomic::AtomicU64,
}

impl SessionBook {
    fn new(manager: Arc<LocalSessionManager>, max: usize, per_credential: usize) -> SessionBook {
        SessionBook {
            manager,
            max: max.max(1),
            per_credential: per_credential.max(1),
            open: std::sync::Mutex::default(),
            tick: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn now(&self) -> u64 {
        self.tick.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    }

    fn touch(&self, id: &str) {
        let now = self.now();
        if let Some(entry) = crate::lock(&self.open).get_mut(id) {
            entry.1 = now;
        }
    }

    /// Notes a new session and closes what is over the caps.
    async fn opened(&self, id: String, by: Principal) {
        let live: std::collections::HashSet<String> = self
            .manager
            .sessions
            .read()
            .await
            .keys()
            .map(|k| k.to_string())
            .collect();
        let now = self.now();
        let evicted = {
            let mut open = crate::lock(&self.open);
            // Sessions the client deleted, or that timed out, are gone already.
            open.retain(|k, _| live.contains(k));
            open.insert(id, (by.clone(), now));
            let mut evicted = Vec::new();
            let oldest = |open: &std::collections::HashMap<String, (Principal, u64)>,
                          only: Option<&Principal>| {
                open.iter()
                    .filter(|(_, (who, _))| only.is_none_or(|p| p == who))
                    .min_by_key(|(_, (_, used))| *used)
                    .map(|(k, _)| k.clone())
            };
            while open.values().filter(|(who, _)| *who == by).count() > self.per_credential {
                let Some(k) = oldest(&open, Some(&by)) else {
                    break;
                };
                open.remove(&k);
                evicted.push(k);
            }
            while open.len() > self.max {
                let Some(k) = oldest(&open, None) else { break };
                open.remove(&k);
                evicted.push(k);
            }
            evicted
        };
        for k in evicted {
            tracing::info!(session = %k, "closing the MCP session idle longest: over the session cap");
            let session: rmcp::transport::streamable_http_server::session::SessionId = k.into();
            if let Err(error) =
                rmcp::transport::streamable_http_server::SessionManager::close_session(
                    self.manager.as_ref(),
                    &session,
                )
                .await
            {
                tracing::debug!(%error, "closing an evicted MCP session");
            }
        }
    }
}

/// Keeps the [`SessionBook`] of the `/mcp` mount.
async fn count_mcp_sessions(
    State(book): State<Arc<SessionBook>>,
    request: Request,
    next: Next,
) -> Response {
    let by = principal(request.extensions().get::<Principal>());
    let incoming = request
        .headers()
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if let Some(id) = &incoming {
        book.touch(id);
    }
    let response = next.run(request).await;
    if incoming.is_none()
        && let Some(id) = response
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
    {
        book.opened(id.to_owned(), by).await;
    }
    response
}

/// A bound HTTP listener, ready to serve.
#[derive(Debug)]
pub struct HttpServer {
    listener: TcpListener,
    state: HttpState,
    with_mcp: bool,
    extra: Option<Router>,
}

impl HttpServer {
    /// Binds `config.bind_host():config.port` (port 0 picks a free one). The primary (admin)
    /// token is `config.token`, else the token file's (created with mode 0600); with a token
    /// file, client credentials persist beside it ([`crate::config::clients_path`]).
    ///
    /// # Errors
    /// [`ApiError::Listen`] when the address cannot be bound; token file errors.
    pub async fn bind(api: Arc<AgentApi>, config: ApiConfig) -> Result<HttpServer, ApiError> {
        let credentials = match &config.token {
            Some(token) => Credentials::new(token.clone()),
            None => {
                let path = config.token_path()?;
                let token = crate::auth::load_or_create_token(&path)?;
                Credentials::with_store(token, crate::config::clients_path(&path))?
            }
        };
        let listener = TcpListener::bind((config.bind_host(), config.port))
            .await
            .map_err(ApiError::Listen)?;
        let port = listener.local_addr().map_err(ApiError::Listen)?.port();
        let state = HttpState::new(api, Arc::new(credentials), config, port);
        Ok(HttpServer {
            listener,
            state,
            with_mcp: true,
            extra: None,
        })
    }

    /// Serves without the `/mcp` mount.
    pub fn without_mcp(mut self) -> HttpServer {
        self.with_mcp = false;
        self
    }

    /// Serves `routes` on the same listener, behind the Host, Origin and lockout checks (see
    /// [`router_with`]); called again, the routes are merged.
    pub fn with_routes(mut self, routes: Router) -> HttpServer {
        self.extra = Some(match self.extra.take() {
            Some(before) => before.merge(routes),
            None => routes,
        });
        self
    }

    /// The address it listens on.
    ///
    /// # Errors
    /// [`ApiError::Listen`].
    pub fn local_addr(&self) -> Result<SocketAddr, ApiError> {
        self.listener.local_addr().map_err(ApiError::Listen)
    }

    /// The shared state (credentials, for tests and the binary).
    pub fn state(&self) -> &HttpState {
        &self.state
    }

    /// Serves until `shutdown` is cancelled, then stops accepting, closes MCP sessions and
    /// lets requests in flight finish (graceful shutdown).
    ///
    /// Each connection must send its request headers within the configured header-read
    /// timeout, which also closes a keep-alive connection idle that long; at most
    /// `max_connections` are served at once, and a connection past that is closed at once.
    ///
    /// # Errors
    /// [`ApiError::Listen`] when serving fails.
    pub async fn serve(self, shutdown: CancellationToken) -> Result<(), ApiError> {
        use hyper_util::rt::{TokioIo, TokioTimer};
        use tower::ServiceExt as _;

        let header_read = self.state.config.header_read_timeout;
        let max_connections = self.state.config.max_connections.max(1);
        let mcp = self.with_mcp.then(|| shutdown.child_token());
        let app = router_with(self.state, mcp, self.extra);
        let open = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let connections = tokio_util::task::TaskTracker::new();
        loop {
            let (stream, peer) = tokio::select! {
                accepted = self.listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    Err(error) => {
                        // Out of descriptors, say: wait a little instead of spinning.
                        tracing::warn!(%error, "accepting a connection failed");
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        continue;
                    }
                },
                () = shutdown.cancelled() => break,
            };
            let slot = Slot::take(&open, max_connections);
            let Some(slot) = slot else {
                tracing::warn!(%peer, max = max_connections, "too many connections; closing a new one");
                drop(stream);
                continue;
            };
            let app = app.clone();
            let stop = shutdown.clone();
            connections.spawn(async move {
                let _slot = slot;
                let service = hyper::service::service_fn(
                    move |mut request: hyper::Request<hyper::body::Incoming>| {
                        request.extensions_mut().insert(ConnectInfo(peer));
                        app.clone().oneshot(request.map(axum::body::Body::new))
                    },
                );
                let mut builder = hyper::server::conn::http1::Builder::new();
                builder
                    .timer(TokioTimer::new())
                    .header_read_timeout(header_read)
                    .keep_alive(true);
                let connection = builder
                    .serve_connection(TokioIo::new(stream), service)
                    .with_upgrades();
                tokio::pin!(connection);
                tokio::select! {
                    result = connection.as_mut() => {
                        if let Err(error) = result {
                            tracing::debug!(%peer, %error, "connection ended");
                        }
                    }
                    () = stop.cancelled() => {
                        connection.as_mut().graceful_shutdown();
                        let _ = connection.await;
                    }
                }
            });
        }
        // Calls in flight get a bounded time to finish; the rest are dropped with the process.
        connections.close();
        if tokio::time::timeout(SHUTDOWN_GRACE, connections.wait())
            .await
            .is_err()
        {
            tracing::warn!(
                grace = ?SHUTDOWN_GRACE,
                "calls still running at shutdown were dropped"
            );
        }
        Ok(())
    }
}

/// How long calls in flight may finish once shutdown began.
pub(crate) const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(15);

/// One of the `max_connections` connection slots, given back when dropped.
struct Slot(Arc<std::sync::atomic::AtomicUsize>);

impl Slot {
    fn take(open: &Arc<std::sync::atomic::AtomicUsize>, max: usize) -> Option<Slot> {
        use std::sync::atomic::Ordering;
        open.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
            (n < max).then_some(n + 1)
        })
        .ok()
        .map(|_| Slot(Arc::clone(open)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}
