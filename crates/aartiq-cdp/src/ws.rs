//! Attaching to a running browser over its DevTools WebSocket (`--remote-debugging-port`), the
//! way to reach a browser aartiq did not launch: one on another machine, a browser pool, or a
//! Selenium Grid 4 node's `se:cdp` endpoint. `ws://` and `wss://` (rustls, the system's roots
//! plus any private CA given), with the extra handshake headers a pool asks for.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rustls::pki_types::{CertificateDer, ServerName, pem::PemObject};
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio_tungstenite::Connector;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{HeaderName, HeaderValue};

use crate::{CdpError, Connection};

/// How long the handshake (and the `/json/version` lookup) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

fn transport(message: String) -> CdpError {
    CdpError::Transport(message)
}

/// Headers the WebSocket handshake sets itself; a pool's header may not replace them.
const HANDSHAKE_HEADERS: &[&str] = &[
    "host",
    "connection",
    "upgrade",
    "content-length",
    "transfer-encoding",
    "sec-websocket-key",
    "sec-websocket-version",
    "sec-websocket-extensions",
    "sec-websocket-accept",
];

/// How to reach a DevTools endpoint elsewhere: the headers its handshake carries (a pool's
/// `Authorization`, say) and the certificates trusted for `wss://` and `https://` besides the
/// system's roots (a private CA). Header values never show in `Debug`, logs or errors.
#[derive(Clone, Default)]
pub struct AttachOptions {
    headers: Vec<(HeaderName, HeaderValue)>,
    roots: Vec<CertificateDer<'static>>,
}

impl std::fmt::Debug for AttachOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AttachOptions")
            .field(
                "headers",
                &self
                    .headers
                    .iter()
                    .map(|(name, _)| format!("{name}: <redacted>"))
                    .collect::<Vec<_>>(),
            )
            .field("extra_roots", &self.roots.len())
            .finish()
    }
}

impl AttachOptions {
    /// No extra headers; the system's roots only.
    pub fn new() -> AttachOptions {
        AttachOptions::default()
    }

    /// Adds a handshake header given as `Name: value` (what `--attach-header` takes);
    /// repeatable, and a repeated name is sent once per value.
    ///
    /// # Errors
    /// [`CdpError::Attach`] for a line without a colon, a name that is not an HTTP token, a
    /// value with control characters, or a header the handshake sets itself (`Host`,
    /// `Upgrade`, `Sec-WebSocket-*`, ...). The message never quotes the value.
    pub fn with_header(mut self, line: &str) -> Result<AttachOptions, CdpError> {
        let Some((name, value)) = line.split_once(':') else {
            return Err(CdpError::Attach(
                "a header is written `Name: value`; this one has no colon".to_owned(),
            ));
        };
        let name = name.trim();
        let header = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| CdpError::Attach(format!("`{name}` is not a valid HTTP header name")))?;
        if HANDSHAKE_HEADERS.contains(&header.as_str()) {
            return Err(CdpError::Attach(format!(
                "`{name}` is set by the WebSocket handshake itself and cannot be given"
            )));
        }
        let value = HeaderValue::from_str(value.trim()).map_err(|_| {
            CdpError::Attach(format!(
                "the value of `{name}` has characters a header cannot carry"
            ))
        })?;
        self.headers.push((header, value));
        Ok(self)
    }

    /// Trusts the PEM certificates in `path` (a private CA) for `wss://` and `https://`
    /// endpoints, besides the system's roots (what `--attach-ca` takes).
    ///
    /// # Errors
    /// [`CdpError::Attach`] when the file cannot be read or holds no certificate.
    pub fn with_ca_file(mut self, path: &Path) -> Result<AttachOptions, CdpError> {
        let shown = path.display();
        let pem = std::fs::read(path)
            .map_err(|e| CdpError::Attach(format!("cannot read the CA file {shown}: {e}")))?;
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&pem)
            .collect::<Result<_, _>>()
            .map_err(|e| CdpError::Attach(format!("the CA file {shown} is not PEM: {e}")))?;
        if certs.is_empty() {
            return Err(CdpError::Attach(format!(
                "the CA file {shown} holds no certificate"
            )));
        }
        self.roots.extend(certs);
        Ok(self)
    }

    /// The options of a configuration: each header line `Name: value`, and a CA file (what
    /// the servers' `--attach-header` / `--attach-ca` and the assistant's `[browser]
    /// attach_headers` / `attach_ca` hold).
    ///
    /// # Errors
    /// As [`AttachOptions::with_header`] and [`AttachOptions::with_ca_file`].
    pub fn from_settings(
        headers: &[String],
        ca_file: Option<&Path>,
    ) -> Result<AttachOptions, CdpError> {
        let mut options = AttachOptions::new();
        for header in headers {
            options = options.with_header(header)?;
        }
        match ca_file {
            Some(path) => options.with_ca_file(path),
            None => Ok(options),
        }
    }

    /// The names of the extra headers, in order (their values stay private).
    pub fn header_names(&self) -> impl Iterator<Item = &str> {
        self.headers.iter().map(|(name, _)| name.as_str())
    }

    /// The TLS client: the system's roots and the extra ones, over ring.
    fn tls(&self) -> Result<Arc<rustls::ClientConfig>, CdpError> {
        let mut roots = rustls::RootCertStore::empty();
        // Unreadable system certificates are skipped; the extra roots must all load.
        let (_, _) =
            roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
        for cert in &self.roots {
            roots
                .add(cert.clone())
                .map_err(|e| CdpError::Attach(format!("a CA certificate was refused: {e}")))?;
        }
        if roots.is_empty() {
            return Err(CdpError::Attach(
                "no certificate to trust: the system has none and no CA file was given".to_owned(),
            ));
        }
        let config = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| CdpError::Attach(format!("TLS: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
        Ok(Arc::new(config))
    }
}

/// Reads the browser WebSocket URL from `http(s)://host:port/json/version`, sending the
/// extra headers. A `ws://` answer to an `https://` lookup is read as `wss://`: whatever
/// terminates TLS in front of the browser speaks it for the WebSocket too.
async fn browser_ws_url(endpoint: &str, options: &AttachOptions) -> Result<String, CdpError> {
    let (tls, rest) = if let Some(rest) = endpoint.strip_prefix("http://") {
        (false, rest)
    } else if let Some(rest) = endpoint.strip_prefix("https://") {
        (true, rest)
    } else {
        return Err(transport(format!(
            "{endpoint}: only http:// and https:// endpoints can be looked up"
        )));
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit('@').next().unwrap_or_default();
    if authority.is_empty() {
        return Err(transport(format!("{endpoint}: no host")));
    }
    let host = host_of(authority);
    let address = if authority.trim_start_matches('[').contains(':') && !authority.ends_with(']') {
        authority.to_owned()
    } else {
        format!("{authority}:{}", if tls { 443 } else { 80 })
    };
    let stream = tokio::net::TcpStream::connect(address.as_str())
        .await
        .map_err(|e| transport(format!("nothing answers at {authority}: {e}")))?;
    let mut request = format!(
        "GET /json/version HTTP/1.1\r\nHost: {authority}\r\nAccept: application/json\r\nConnection: close\r\n"
    );
    for (name, value) in &options.headers {
        request.push_str(name.as_str());
        request.push_str(": ");
        request.push_str(&String::from_utf8_lossy(value.as_bytes()));
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    let url = if tls {
        let name = ServerName::try_from(host.to_owned())
            .map_err(|e| transport(format!("{authority}: {e}")))?;
        let stream = tokio_rustls::TlsConnector::from(options.tls()?)
            .connect(name, stream)
            .await
            .map_err(|e| transport(format!("{authority}: TLS: {e}")))?;
        let url = read_version(stream, authority, &request).await?;
        match url.strip_prefix("ws://") {
            Some(rest) => format!("wss://{rest}"),
            None => url,
        }
    } else {
        read_version(stream, authority, &request).await?
    };
    Ok(url)
}

/// The host of `host:port` or `[v6]:port`, for the TLS server name.
fn host_of(authority: &str) -> &str {
    if let Some(v6) = authority.strip_prefix('[') {
        return v6.split(']').next().unwrap_or(v6);
    }
    authority.split(':').next().unwrap_or(authority)
}

/// Sends `request` and reads `webSocketDebuggerUrl` from the answer.
async fn read_version<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    authority: &str,
    request: &str,
) -> Result<String, CdpError> {
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

/// Connects to `url` (`ws://` or `wss://.../devtools/browser/<id>`, a pool's `wss://host?token=`,
/// or an `http(s)://host:port` endpoint).
pub(crate) async fn connect(
    url: &str,
    options: &AttachOptions,
    call_timeout: Duration,
) -> Result<Connection, CdpError> {
    let shown = redacted(url);
    let ws_url = if url.starts_with("http://") || url.starts_with("https://") {
        tokio::time::timeout(CONNECT_TIMEOUT, browser_ws_url(url, options))
            .await
            .map_err(|_| transport(format!("{shown}: no answer within {CONNECT_TIMEOUT:?}")))??
    } else if url.starts_with("ws://") || url.starts_with("wss://") {
        with_path(url)
    } else {
        return Err(transport(format!(
            "{shown}: give a ws:// or wss:// DevTools URL or an http(s)://host:port endpoint"
        )));
    };
    let mut request = ws_url
        .as_str()
        .into_client_request()
        .map_err(|e| transport(format!("{shown}: {e}")))?;
    for (name, value) in &options.headers {
        request.headers_mut().append(name.clone(), value.clone());
    }
    let connector = if ws_url.starts_with("wss://") {
        Connector::Rustls(options.tls()?)
    } else {
        Connector::Plain
    };
    let (socket, _) = tokio::time::timeout(
        CONNECT_TIMEOUT,
        tokio_tungstenite::connect_async_tls_with_config(request, None, false, Some(connector)),
    )
    .await
    .map_err(|_| transport(format!("{shown}: no handshake within {CONNECT_TIMEOUT:?}")))?
    .map_err(|e| handshake_error(&shown, e))?;
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
