//! [`ModelServer`]: a scripted OpenAI-compatible model server on 127.0.0.1 for tests.
//!
//! It speaks the wire format exactly: `POST /v1/chat/completions` answers a streamed request
//! (`"stream": true`) with a chunked `text/event-stream` of `chat.completion.chunk` objects (a
//! role delta, the text in small pieces, a finish reason, `data: [DONE]`), and a plain request
//! with one `chat.completion` object; `GET /v1/models` lists one model. Replies come from
//! scripts: each [`Route`] serves the requests whose body contains its marker, in order, and the
//! default script serves the rest. When a script has one reply left it keeps repeating it (a
//! model that says the same thing forever). Every request is recorded.
//!
//! Only the standard library is used: one thread accepts, one thread serves each connection.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};

/// The model name the server reports and echoes.
pub const SCRIPTED_MODEL: &str = "scripted-model";

/// One scripted answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelReply {
    /// The model says this text (streamed in pieces, or whole for a plain request).
    Text(String),
    /// An error status with an OpenAI error body.
    Error {
        /// The HTTP status.
        status: u16,
        /// The error message.
        message: String,
    },
    /// The stream starts with this text and is cut off before a finish reason or `[DONE]`.
    Broken(String),
}

impl ModelReply {
    /// A text reply.
    pub fn text(text: impl Into<String>) -> ModelReply {
        ModelReply::Text(text.into())
    }
}

/// Requests whose body contains `marker` are answered from `replies`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// What the request body must contain.
    pub marker: String,
    /// The replies, in order.
    pub replies: Vec<ModelReply>,
}

/// One recorded request.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelRequest {
    /// `GET` or `POST`.
    pub method: String,
    /// The path, e.g. `/v1/chat/completions`.
    pub path: String,
    /// The `Authorization` header, if sent.
    pub authorization: Option<String>,
    /// The JSON body (`null` when there was none or it was not JSON).
    pub body: Value,
}

impl ModelRequest {
    /// The messages of a chat request, as `(role, content)`.
    pub fn messages(&self) -> Vec<(String, String)> {
        self.body
            .get("messages")
            .and_then(Value::as_array)
            .map(|messages| {
                messages
                    .iter()
                    .map(|m| {
                        let field = |k: &str| {
                            m.get(k)
                                .and_then(Value::as_str)
                                .unwrap_or_default()
                                .to_owned()
                        };
                        (field("role"), field("content"))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The content of the last message.
    pub fn last_message(&self) -> Option<String> {
        self.messages().pop().map(|(_, content)| content)
    }

    /// Whether the request asked for a stream.
    pub fn streamed(&self) -> bool {
        self.body.get("stream").and_then(Value::as_bool) == Some(true)
    }
}

#[derive(Debug, Default)]
struct State {
    routes: Vec<(String, VecDeque<ModelReply>)>,
    default: VecDeque<ModelReply>,
    requests: Vec<ModelRequest>,
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Takes the next reply of a script; the last one repeats.
fn next(queue: &mut VecDeque<ModelReply>) -> Option<ModelReply> {
    if queue.len() > 1 {
        queue.pop_front()
    } else {
        queue.front().cloned()
    }
}

/// A scripted model server; stops when dropped.
#[derive(Debug)]
pub struct ModelServer {
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
}

impl ModelServer {
    /// Starts a server answering chat requests with `replies`, in order.
    ///
    /// # Errors
    /// When no port on 127.0.0.1 can be bound.
    pub fn start(replies: Vec<ModelReply>) -> std::io::Result<ModelServer> {
        ModelServer::with_routes(replies, Vec::new())
    }

    /// Starts a server with a default script and routed scripts (first matching route wins).
    ///
    /// # Errors
    /// When no port on 127.0.0.1 can be bound.
    pub fn with_routes(
        replies: Vec<ModelReply>,
        routes: Vec<Route>,
    ) -> std::io::Result<ModelServer> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let addr = listener.local_addr()?;
        let state = Arc::new(Mutex::new(State {
            routes: routes
                .into_iter()
                .map(|r| (r.marker, r.replies.into()))
                .collect(),
            default: replies.into(),
            requests: Vec::new(),
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (accept_state, accept_stop) = (state.clone(), stop.clone());
        thread::spawn(move || {
            for stream in listener.incoming() {
                if accept_stop.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let state = accept_state.clone();
                thread::spawn(move || {
                    let _ = serve(stream, &state);
                });
            }
        });
        Ok(ModelServer { addr, state, stop })
    }

    /// The API base to give a client: `http://127.0.0.1:<port>/v1`.
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<ModelRequest> {
        lock(&self.state).requests.clone()
    }

    /// The chat requests so far whose body does not match any route.
    pub fn chat_requests(&self) -> Vec<ModelRequest> {
        let state = lock(&self.state);
        state
            .requests
            .iter()
            .filter(|r| r.path.ends_with("/chat/completions"))
            .filter(|r| {
                let body = r.body.to_string();
                !state.routes.iter().any(|(marker, _)| body.contains(marker))
            })
            .cloned()
            .collect()
    }
}

impl Drop for ModelServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

fn respond(stream: &mut TcpStream, status: u16, body: &Value) -> std::io::Result<()> {
    let body = body.to_string();
    let head = format!(
        "HTTP/1.1 {status} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        if status == 200 { "OK" } else { "Error" },
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    stream.flush()
}

fn chunk(stream: &mut TcpStream, data: &str) -> std::io::Result<()> {
    let event = format!("data: {data}\n\n");
    stream.write_all(format!("{:x}\r\n{event}\r\n", event.len()).as_bytes())?;
    stream.flush()
}

fn delta(content: Option<&str>, role: bool, finish: Option<&str>) -> String {
    let mut delta = serde_json::Map::new();
    if role {
        delta.insert("role".into(), "assistant".into());
    }
    if let Some(content) = content {
        delta.insert("content".into(), content.into());
    }
    json!({
        "id": "chatcmpl-scripted", "object": "chat.completion.chunk", "created": 0,
        "model": SCRIPTED_MODEL,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]
    })
    .to_string()
}

/// Splits text into pieces of about 24 bytes, on character boundaries.
fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + 24).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        out.push(&text[start..end]);
        start = end;
    }
    out
}

fn stream_text(stream: &mut TcpStream, text: &str, complete: bool) -> std::io::Result<()> {
    stream.write_all(
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n",
    )?;
    chunk(stream, &delta(None, true, None))?;
    for piece in pieces(text) {
        chunk(stream, &delta(Some(piece), false, None))?;
    }
    if complete {
        chunk(stream, &delta(None, false, Some("stop")))?;
        chunk(stream, "[DONE]")?;
        stream.write_all(b"0\r\n\r\n")?;
    }
    stream.flush()
}

fn serve(mut stream: TcpStream, state: &Mutex<State>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    let mut length = 0usize;
    let mut authorization = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            let (name, value) = (name.trim(), value.trim());
            if name.eq_ignore_ascii_case("content-length") {
                length = value.parse().unwrap_or(0);
            } else if name.eq_ignore_ascii_case("authorization") {
                authorization = Some(value.to_owned());
            }
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body)?;
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let request = ModelRequest {
        method: method.clone(),
        path: path.clone(),
        authorization,
        body,
    };
    let is_chat = method == "POST" && path.trim_end_matches('/') == "/v1/chat/completions";
    let reply = {
        let mut state = lock(state);
        state.requests.push(request.clone());
        let text = request.body.to_string();
        let State {
            routes, default, ..
        } = &mut *state;
        match routes
            .iter_mut()
            .find(|(marker, _)| text.contains(marker.as_str()))
        {
            _ if !is_chat => None,
            Some((_, queue)) => next(queue),
            None => next(default),
        }
    };
    match (method.as_str(), path.trim_end_matches('/')) {
        ("GET", "/v1/models") => respond(
            &mut stream,
            200,
            &json!({"object": "list", "data": [{"id": SCRIPTED_MODEL, "object": "model", "owned_by": "aartiq"}]}),
        ),
        ("POST", "/v1/chat/completions") => match reply {
            None => respond(
                &mut stream,
                500,
                &json!({"error": {"message": "the script has no reply", "type": "server_error"}}),
            ),
            Some(ModelReply::Error { status, message }) => respond(
                &mut stream,
                status,
                &json!({"error": {"message": message, "type": "invalid_request_error"}}),
            ),
            Some(ModelReply::Broken(text)) => stream_text(&mut stream, &text, false),
            Some(ModelReply::Text(text)) if request.streamed() => {
                stream_text(&mut stream, &text, true)
            }
            Some(ModelReply::Text(text)) => respond(
                &mut stream,
                200,
                &json!({
                    "id": "chatcmpl-scripted", "object": "chat.completion", "created": 0,
                    "model": SCRIPTED_MODEL,
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                 "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
                }),
            ),
        },
        _ => respond(
            &mut stream,
            404,
            &json!({"error": {"message": format!("no route for {method} {path}"), "type": "not_found"}}),
        ),
    }
}
