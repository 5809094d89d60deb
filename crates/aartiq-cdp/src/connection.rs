//! One DevTools connection: a writer and a reader, calls answered by id, events fanned out by
//! session, over the launch pipe or a WebSocket.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::CdpError;

/// An event the browser sent, with the session it belongs to (none for the browser target).
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// The method, e.g. `Page.loadEventFired`.
    pub method: String,
    /// Its parameters.
    pub params: Value,
    /// The flattened session it came from.
    pub session_id: Option<String>,
}

#[derive(Deserialize)]
struct Incoming {
    id: Option<u64>,
    method: Option<String>,
    #[serde(default)]
    params: Value,
    result: Option<Value>,
    error: Option<ProtocolError>,
    #[serde(rename = "sessionId")]
    session_id: Option<String>,
}

#[derive(Deserialize)]
struct ProtocolError {
    code: i64,
    message: String,
}

type Pending = Arc<Mutex<HashMap<u64, (String, oneshot::Sender<Result<Value, CdpError>>)>>>;

/// Whether the transport is gone, and who waits to hear it.
#[derive(Debug, Default)]
struct Gone {
    closed: std::sync::atomic::AtomicBool,
    notify: tokio::sync::Notify,
}

/// A live connection. Cheap to clone; every clone talks over the same pipe.
#[derive(Debug, Clone)]
pub struct Connection {
    outgoing: mpsc::UnboundedSender<Vec<u8>>,
    pending: Pending,
    gone: Arc<Gone>,
    events: broadcast::Sender<Event>,
    next_id: Arc<AtomicU64>,
    default_timeout: Duration,
}

/// The reading half's end of a connection: hands each incoming message to its caller or to the
/// event subscribers, and fails every waiting call when the transport closes.
pub(crate) struct Dispatcher {
    pending: Pending,
    events: broadcast::Sender<Event>,
    gone: Arc<Gone>,
}

impl Dispatcher {
    pub(crate) fn dispatch(&self, bytes: &[u8]) {
        dispatch(bytes, &self.pending, &self.events);
    }

    /// The transport is gone: every waiting call fails now rather than at its timeout.
    pub(crate) fn close(&self) {
        // Marked before the waiting calls are failed: a call that registers after the drain
        // sees the mark (see `call_with_timeout`).
        self.gone.closed.store(true, Ordering::SeqCst);
        self.gone.notify.notify_waiters();
        let waiting: Vec<_> = self
            .pending
            .lock()
            .map(|mut p| p.drain().collect())
            .unwrap_or_default();
        for (_, (method, reply)) in waiting {
            let _ = reply.send(Err(CdpError::Closed { method }));
        }
    }
}

impl Connection {
    /// A connection whose outgoing messages appear on the returned queue and whose incoming
    /// ones go to the returned dispatcher; the transport moves bytes between them.
    pub(crate) fn wire(
        default_timeout: Duration,
    ) -> (Connection, mpsc::UnboundedReceiver<Vec<u8>>, Dispatcher) {
        let (outgoing, queue) = mpsc::unbounded_channel::<Vec<u8>>();
        let pending: Pending = Arc::default();
        let (events, _) = broadcast::channel(4096);
        let gone = Arc::new(Gone::default());
        let dispatcher = Dispatcher {
            pending: Arc::clone(&pending),
            events: events.clone(),
            gone: Arc::clone(&gone),
        };
        let connection = Connection {
            outgoing,
            pending,
            gone,
            events,
            next_id: Arc::new(AtomicU64::new(1)),
            default_timeout,
        };
        (connection, queue, dispatcher)
    }

    /// Starts the writer and reader over a byte channel pair (the browser's input and output)
    /// and returns the connection. Each runs on its own thread because pipe IO blocks; the
    /// framing is the pipe's: one JSON message per NUL-terminated chunk.
    pub(crate) fn start(
        mut to_browser: impl Write + Send + 'static,
        from_browser: impl Read + Send + 'static,
        default_timeout: Duration,
    ) -> Connection {
        let (connection, mut queue, dispatcher) = Connection::wire(default_timeout);
        std::thread::spawn(move || {
            while let Some(mut message) = queue.blocking_recv() {
                message.push(0);
                if to_browser
                    .write_all(&message)
                    .and_then(|()| to_browser.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        std::thread::spawn(move || {
            let mut reader = BufReader::new(from_browser);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(0, &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if buf.last() == Some(&0) {
                    buf.pop();
                }
                dispatcher.dispatch(&buf);
            }
            dispatcher.close();
        });
        connection
    }

    /// Calls `method` on the browser (no session) or on a flattened target session.
    ///
    /// # Errors
    /// [`CdpError::Protocol`] when the browser answers with an error, [`CdpError::Timeout`],
    /// [`CdpError::Closed`] when the connection is gone.
    pub async fn call(
        &self,
        method: &str,
        params: Value,
        session_id: Option<&str>,
    ) -> Result<Value, CdpError> {
        self.call_with_timeout(method, params, session_id, self.default_timeout)
            .await
    }

    /// [`Connection::call`] with its own timeout.
    ///
    /// # Errors
    /// As [`Connection::call`].
    pub async fn call_with_timeout(
        &self,
        method: &str,
        params: Value,
        session_id: Option<&str>,
        timeout: Duration,
    ) -> Result<Value, CdpError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session_id {
            message["sessionId"] = Value::String(session.to_owned());
        }
        let (reply, answer) = oneshot::channel();
        self.pending
            .lock()
            .map_err(|_| CdpError::Closed {
                method: method.to_owned(),
            })?
            .insert(id, (method.to_owned(), reply));
        if self.is_closed() {
            self.forget(id);
            return Err(CdpError::Closed {
                method: method.to_owned(),
            });
        }
        let bytes = serde_json::to_vec(&message).map_err(|e| CdpError::Decode(e.to_string()))?;
        if self.outgoing.send(bytes).is_err() {
            self.forget(id);
            return Err(CdpError::Closed {
                method: method.to_owned(),
            });
        }
        match tokio::time::timeout(timeout, answer).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(CdpError::Closed {
                method: method.to_owned(),
            }),
            Err(_) => {
                self.forget(id);
                Err(CdpError::Timeout {
                    method: method.to_owned(),
                    after: timeout,
                })
            }
        }
    }

    /// Whether the transport is gone (the browser exited or the socket closed).
    pub fn is_closed(&self) -> bool {
        self.gone.closed.load(Ordering::SeqCst)
    }

    /// Waits until the transport is gone; at once when it already is.
    pub async fn closed(&self) {
        loop {
            let notified = self.gone.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.is_closed() {
                return;
            }
            notified.await;
        }
    }

    fn forget(&self, id: u64) {
        if let Ok(mut pending) = self.pending.lock() {
            pending.remove(&id);
        }
    }

    /// Every event from now on. A slow subscriber that falls more than 4,096 events behind
    /// sees a gap (`RecvError::Lagged`), never a blocked connection.
    pub fn events(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }
}

/// Waits on `events` (subscribed before the navigation was sent) until `session` fires its load
/// event. `Err` when the connection closed first.
pub(crate) async fn load_event(
    events: &mut broadcast::Receiver<Event>,
    session: &str,
) -> Result<(), CdpError> {
    loop {
        match events.recv().await {
            Ok(event)
                if event.method == "Page.loadEventFired"
                    && event.session_id.as_deref() == Some(session) =>
            {
                return Ok(());
            }
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
            Err(broadcast::error::RecvError::Closed) => {
                return Err(CdpError::Closed {
                    method: "Page.navigate".to_owned(),
                });
            }
        }
    }
}

/// The value of a `Runtime.evaluate`/`callFunctionOn` answer, or the script's exception.
pub(crate) fn script_value(result: &Value) -> Result<Value, CdpError> {
    if let Some(details) = result.get("exceptionDetails") {
        let message = details
            .pointer("/exception/description")
            .or_else(|| details.get("text"))
            .and_then(Value::as_str)
            .unwrap_or("script failed");
        return Err(CdpError::Script(message.to_owned()));
    }
    Ok(result
        .pointer("/result/value")
        .cloned()
        .unwrap_or(Value::Null))
}

fn dispatch(bytes: &[u8], pending: &Pending, events: &broadcast::Sender<Event>) {
    let Ok(message) = serde_json::from_slice::<Incoming>(bytes) else {
        tracing::warn!(len = bytes.len(), "undecodable DevTools message dropped");
        return;
    };
    match (message.id, message.method) {
        (Some(id), _) => {
            let Some((method, reply)) = pending.lock().ok().and_then(|mut p| p.remove(&id)) else {
                return;
            };
            let result = match message.error {
                Some(error) => Err(CdpError::Protocol {
                    method,
                    code: error.code,
                    message: error.message,
                }),
                None => Ok(message.result.unwrap_or(Value::Null)),
            };
            let _ = reply.send(result);
        }
        (None, Some(method)) => {
            // No subscriber is fine: events are only for those who listen.
            let _ = events.send(Event {
                method,
                params: message.params,
                session_id: message.session_id,
            });
        }
        (None, None) => {}
    }
}
