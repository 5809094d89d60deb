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

/// What a refused handshake means: a pool that is full or rate-limited is busy; anything
/// else is a transport failure.
fn handshake_error(shown: &str, error: tokio_tungstenite::tungstenite::Error) -> CdpError {
    if let tokio_tungstenite::tungstenite::Error::Http(response) = &error {
        let status = response.status().as_u16();
        if matches!(status, 429 | 503) {
            let message = response
                .body()
                .as_deref()
                .map(|b| {
                    String::from_utf8_lossy(b)
                        .trim()
                        .chars()
                        .take(200)
                        .collect()
                })
                .unwrap_or_default();
            return CdpError::Busy {
                endpoint: shown.to_owned(),
                status,
                message,
            };
        }
    }
    transport(format!("{shown}: {error}"))
}

/// `url` as it may be shown and logged: its query (where pools put their tokens,
/// `?token=...`) and any user info are replaced.
pub(crate) fn redacted(url: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, _)) => (base, "?<redacted>"),
        None => (url, ""),
    };
    let base = match base.split_once("://") {
        Some((scheme, rest)) => {
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            match authority.rsplit_once('@') {
                Some((_, host)) => format!("{scheme}://<redacted>@{host}{path}"),
                None => base.to_owned(),
            }
        }
        None => base.to_owned(),
    };
    format!("{base}{query}")
}

/// `url` with a path: `ws://host:port?token=x` (how pools write it) is sent as
/// `GET /?token=x`, not as a request line without a path.
fn with_path(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if rest[end..].starts_with('/') || end == rest.len() {
        return url.to_owned();
    }
    format!("{scheme}://{}/{}", &rest[..end], &rest[end..])
}

/// Connects to `url` (`ws://.../devtools/browser/<id>` or `http://host:port`).
pub(crate) async fn connect(url: &str, call_timeout: Duration) -> Result<Connection, CdpError> {
    connect_shown(url, &redacted(url), call_timeout).await
}

async fn connect_shown(
    url: &str,
    shown: &str,
    call_timeout: Duration,
) -> Result<Connection, CdpError> {
    let ws_url = if url.starts_with("http://") {
        tokio::time::timeout(CONNECT_TIMEOUT, browser_ws_url(url))
            .await
            .map_err(|_| transport(format!("{shown}: no answer within {CONNECT_TIMEOUT:?}")))??
    } else if url.starts_with("ws://") {
        with_path(url)
    } else {
        return Err(transport(format!(
            "{shown}: give a ws:// DevTools URL or an http://host:port endpoint (wss:// is not supported: tunnel it, e.g. over SSH)"
        )));
    };
    let (socket, _) = tokio::time::timeout(
        CONNECT_TIMEOUT,
        tokio_tungstenite::connect_async(ws_url.as_str()),
    )
    .await
    .map_err(|_| transport(format!("{shown}: no handshake within {CONNECT_TIMEOUT:?}")))?
    .map_err(|e| handshake_error(shown, e))?;
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

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn a_pool_url_without_a_path_gets_one() {
        use super::with_path;
        assert_eq!(with_path("ws://h:3000?token=x"), "ws://h:3000/?token=x");
        assert_eq!(with_path("ws://h:3000/?token=x"), "ws://h:3000/?token=x");
        assert_eq!(with_path("ws://h:3000"), "ws://h:3000");
        assert_eq!(
            with_path("ws://h:9222/devtools/browser/a"),
            "ws://h:9222/devtools/browser/a"
        );
    }

    #[test]
    fn tokens_in_urls_are_never_shown() {
        assert_eq!(
            redacted("ws://127.0.0.1:3000?token=s3cret"),
            "ws://127.0.0.1:3000?<redacted>"
        );
        assert_eq!(
            redacted("wss://user:pw@pool.example/chromium?token=x&a=b"),
            "wss://<redacted>@pool.example/chromium?<redacted>"
        );
        assert_eq!(
            redacted("ws://127.0.0.1:9222/devtools/browser/abc"),
            "ws://127.0.0.1:9222/devtools/browser/abc"
        );
    }
}
