//! A tiny HTTP/1.1 server on 127.0.0.1 that routes on the `Host` header and the path.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// One page the server answers.
#[derive(Clone)]
pub(crate) struct Route {
    pub(crate) host: &'static str,
    pub(crate) path: &'static str,
    pub(crate) status: u16,
    pub(crate) content_type: &'static str,
    pub(crate) body: Vec<u8>,
    pub(crate) delay: Duration,
    pub(crate) location: Option<String>,
}

impl Route {
    pub(crate) fn page(host: &'static str, path: &'static str, file: &str) -> Route {
        let full = format!("{}/tests/data/pages/{file}", env!("CARGO_MANIFEST_DIR"));
        Route {
            host,
            path,
            status: 200,
            content_type: "text/html; charset=utf-8",
            body: std::fs::read(&full).unwrap_or_else(|e| panic!("{full}: {e}")),
            delay: Duration::ZERO,
            location: None,
        }
    }

    /// A raw answer with the given status, content type and body.
    pub(crate) fn raw(
        host: &'static str,
        path: &'static str,
        status: u16,
        ct: &'static str,
        body: Vec<u8>,
    ) -> Route {
        Route {
            host,
            path,
            status,
            content_type: ct,
            body,
            delay: Duration::ZERO,
            location: None,
        }
    }

    /// A redirect to `to`.
    pub(crate) fn redirect(host: &'static str, path: &'static str, to: String) -> Route {
        Route {
            location: Some(to),
            ..Route::raw(host, path, 302, "text/html", Vec::new())
        }
    }

    pub(crate) fn content_type(mut self, ct: &'static str) -> Route {
        self.content_type = ct;
        self
    }

    pub(crate) fn delay(mut self, d: Duration) -> Route {
        self.delay = d;
        self
    }
}

/// Starts the server; it runs until the test's runtime shuts down.
pub(crate) async fn serve(routes: Vec<Route>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let routes = Arc::new(routes);
    tokio::spawn(async move {
        loop {
            let Ok((mut sock, _)) = listener.accept().await else {
                return;
            };
            let routes = Arc::clone(&routes);
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                while !buf.windows(4).any(|w| w == b"\r\n\r\n") && buf.len() < 64 * 1024 {
                    match sock.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&buf).into_owned();
                let path = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
                let host = head
                    .lines()
                    .find_map(|l| {
                        l.strip_prefix("host: ")
                            .or_else(|| l.strip_prefix("Host: "))
                    })
                    .unwrap_or("")
                    .split(':')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_owned();
                let route = routes
                    .iter()
                    .find(|r| r.host == host && r.path == path)
                    .cloned();
                let (status, ct, body, delay, location) = match route {
                    Some(r) => (r.status, r.content_type, r.body, r.delay, r.location),
                    None => (
                        404,
                        "text/html",
                        b"<html><body><p>Not found</p></body></html>".to_vec(),
                        Duration::ZERO,
                        None,
                    ),
                };
                let location = location
                    .map(|l| format!("Location: {l}\r\n"))
                    .unwrap_or_default();
                tokio::time::sleep(delay).await;
                let reason = if status == 200 { "OK" } else { "Error" };
                let header = format!(
                    "HTTP/1.1 {status} {reason}\r\nContent-Type: {ct}\r\n{location}Content-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = sock.write_all(header.as_bytes()).await;
                let _ = sock.write_all(&body).await;
                let _ = sock.shutdown().await;
            });
        }
    });
    addr
}
