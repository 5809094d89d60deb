//! Attaching to a running browser over its DevTools WebSocket (`--remote-debugging-port`), the
//! way to reach a browser aartiq did not launch: one on another machine, a browser pool, or a
//! Selenium Grid 4 node's `se:cdp` endpoint.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

use crate::{CdpError, Connection};

/// How long the handshake (and the `/json/version` lookup) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

fn transport(message: String) -> CdpError {
    CdpError::Transport(message)
}

/// Reads the browser WebSocket URL from `http://host:port/json/version`.
async fn browser_ws_url(endpoint: &str) -> Result<String, CdpError> {
    let rest = endpoint.strip_prefix("http://").ok_or_else(|| {
        transport(format!(
            "{endpoint}: only http:// endpoints can be looked up"
        ))
    })?;
    let authority = rest.split('/').next().unwrap_or_default();
    if authority.is_empty() {
        return Err(transport(format!("{endpoint}: no host")));
    }
    let mut stream = tokio::net::TcpStream::connect(authority)
        .await
        .map_err(|e| transport(format!("nothing answers at {authority}: {e}")))?;
    let request = format!(
        "GET /json/version HTTP/1.1\r\nHost: {authority}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| transport(format!("{authority}: {e}")))?;
    // DevTools answers with a content length and may keep the connection open: read exactly
    // the headers and that many bytes.
    let mut response = Vec::new();
    let mut chunk = [0u8; 4096];
    let body = loop {
        let read = stream
            .read(&mut chunk)
            .await
            .map_err(|e| transport(format!("{authority}: {e}")))?;
        response.extend_from_slice(&chunk[..read]);
        if response.len() > 1 << 20 {
            return Err(transport(format!(
                "{authority}/json/version: answer too large"
            )));
        }
        let text = String::from_utf8_lossy(&response).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            if !head.starts_with("HTTP/1.1 200") && !head.starts_with("HTTP/1.0 200") {
                let status = head.lines().next().unwrap_or_default();
                return Err(transport(format!(
                    "{authority}/json/version answered {status}"
                )));
            }
            let length = head.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.trim()
                    .eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse::<usize>().ok())
                    .flatten()
            });
            match length {
                Some(length) if body.len() >= length => break body.to_owned(),
                None if read == 0 => break body.to_owned(),
                _ => {}
            }
        }
        if read == 0 {
            return Err(transport(format!(
                "{authority}/json/version: the answer was cut short"
            )));
        }
    };
    let version: Value = serde_json::from_str(body.trim())
        .map_err(|e| transport(format!("{authority}/json/version: {e}")))?;
    version["webSocketDebuggerUrl"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| {
            transport(format!(
                "{authority}/json/version has no webSocketDebuggerUrl"
            ))
        })
}

/// Connects to `url` (`ws://.../devtools/browser/<id>` or `http://host:port`).
pub(crate) async fn connect(url: &str, call_timeout: Duration) -> Result<Connection, CdpError> {
    let ws_url = if url.starts_with("http://") {
        tokio::time::timeout(CONNECT_TIMEOUT, browser_ws_url(url))
            .await
            .map_err(|_| transport(format!("{url}: no answer within {CONNECT_TIMEOUT:?}")))??
    } else if url.starts_with("ws://") {
        url.to_owned()
    } else {
        return Err(transport(format!(
            "{url}: give a ws:// DevTools URL or an http://host:port endpoint (wss:// is not supported: tunnel it, e.g. over SSH)"
        )));
    };
    let (socket, _) = tokio::time::timeout(
        CONNECT_TIMEOUT,
        tokio_tungstenite::connect_async(ws_url.as_str()),
    )
    .await
    .map_err(|_| transport(format!("{ws_url}: no handshake within {CONNECT_TIMEOUT:?}")))?
    .map_err(|e| transport(format!("{ws_url}: {e}")))?;
    let (mut sink, mut stream) = socket.split();
    let (connection, mut queue, dispatcher) = Connection::wire(call_timeout);
    tokio::spawn(async move {
        while let Some(message) = queue.recv().await {
            let Ok(text) = String::from_utf8(message) else {
                continue;
            };
            if sink.send(Message::text(text)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    tokio::spawn(async move {
        while let Some(message) = stream.next().await {
            match message {
                Ok(Message::Text(text)) => dispatcher.dispatch(text.as_bytes()),
                Ok(Message::Binary(bytes)) => dispatcher.dispatch(&bytes),
                Ok(Message::Close(_)) | Err(_) => break,
                Ok(_) => {}
            }
        }
        dispatcher.close();
    });
    Ok(connection)
}
