//! A tiny HTTP/1.1 server for test pages: fixed routes, `{port}` in bodies replaced by its own
//! port, redirects, and a log of every path asked for.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What a route answers.
#[derive(Clone)]
pub(crate) enum Reply {
    Html(String),
    Js(String),
    Svg(String),
    Redirect(String),
}

pub(crate) struct Site {
    pub(crate) port: u16,
    pub(crate) log: Arc<Mutex<Vec<String>>>,
}

impl Site {
    /// `http://127.0.0.1:<port>`.
    pub(crate) fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// `http://localhost:<port>`: another site than `base()`, so its frames run out of process.
    pub(crate) fn other(&self) -> String {
        format!("http://localhost:{}", self.port)
    }

    pub(crate) fn requested(&self, path: &str) -> bool {
        self.log.lock().unwrap().iter().any(|p| p.starts_with(path))
    }
}

pub(crate) async fn serve(routes: Vec<(&'static str, Reply)>) -> Site {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let routes: Arc<HashMap<&'static str, Reply>> = Arc::new(routes.into_iter().collect());
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen = Arc::clone(&log);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let routes = Arc::clone(&routes);
            let seen = Arc::clone(&seen);
            tokio::spawn(async move {
                let mut buf = vec![0u8; 16384];
                let Ok(n) = stream.read(&mut buf).await else {
                    return;
                };
                let request = String::from_utf8_lossy(&buf[..n]).to_string();
                let target = request.split_whitespace().nth(1).unwrap_or("/").to_owned();
                seen.lock().unwrap().push(target.clone());
                let path = target.split('?').next().unwrap_or("/");
                let (status, kind, body, extra) = match routes.get(path) {
                    Some(Reply::Html(body)) => (
                        "200 OK",
                        "text/html; charset=utf-8",
                        body.replace("{port}", &port.to_string()),
                        String::new(),
                    ),
                    Some(Reply::Js(body)) => (
                        "200 OK",
                        "text/javascript",
                        body.replace("{port}", &port.to_string()),
                        String::new(),
                    ),
                    Some(Reply::Svg(body)) => {
                        ("200 OK", "image/svg+xml", body.clone(), String::new())
                    }
                    Some(Reply::Redirect(to)) => (
                        "302 Found",
                        "text/plain",
                        String::new(),
                        format!("location: {}\r\n", to.replace("{port}", &port.to_string())),
                    ),
                    None if path == "/echo" => (
                        "200 OK",
                        "text/html; charset=utf-8",
                        format!(
                            "<!doctype html><title>Echo</title><p id=\"query\">{}</p>",
                            target.split_once('?').map(|(_, q)| q).unwrap_or("")
                        ),
                        String::new(),
                    ),
                    None => (
                        "404 Not Found",
                        "text/plain",
                        "not found".to_owned(),
                        String::new(),
                    ),
                };
                let response = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\n{extra}connection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(response.as_bytes()).await;
            });
        }
    });
    Site { port, log }
}
