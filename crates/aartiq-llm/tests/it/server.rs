//! A scripted HTTP/1.1 server on 127.0.0.1: each connection gets the next scripted reply, and
//! every request is recorded for the test to assert on.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One recorded request.
#[derive(Debug, Clone)]
pub(crate) struct Recorded {
    pub(crate) method: String,
    pub(crate) path: String,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: String,
}

impl Recorded {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What to send back.
#[derive(Debug, Clone)]
pub(crate) enum Reply {
    /// A status and a JSON body.
    Json(u16, String),
    /// A chunked `text/event-stream`: each piece after its delay; `complete` sends the final
    /// zero-length chunk, otherwise the connection is cut mid-stream.
    Stream {
        pieces: Vec<(u64, String)>,
        complete: bool,
    },
}

pub(crate) struct Server {
    pub(crate) base: String,
    pub(crate) requests: Arc<Mutex<Vec<Recorded>>>,
}

impl Server {
    pub(crate) fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().unwrap().clone()
    }
}

/// Starts a server that answers connections with `replies` in order (the last one repeats).
pub(crate) async fn start(replies: Vec<Reply>) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let requests = Arc::new(Mutex::new(Vec::new()));
    let recorded = Arc::clone(&requests);
    tokio::spawn(async move {
        let mut served = 0usize;
        while let Ok((stream, _)) = listener.accept().await {
            let reply = replies[served.min(replies.len() - 1)].clone();
            served += 1;
            let recorded = Arc::clone(&recorded);
            tokio::spawn(async move {
                let _ = serve(stream, reply, recorded).await;
            });
        }
    });
    Server { base, requests }
}

async fn serve(
    mut stream: TcpStream,
    reply: Reply,
    recorded: Arc<Mutex<Vec<Recorded>>>,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break pos + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = String::from_utf8_lossy(&buf[head_end..]).into_owned();
    recorded.lock().unwrap().push(Recorded {
        method,
        path,
        headers,
        body,
    });

    match reply {
        Reply::Json(status, body) => {
            let response = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(response.as_bytes()).await?;
        }
        Reply::Stream { pieces, complete } => {
            stream
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n")
                .await?;
            for (delay, piece) in pieces {
                tokio::time::sleep(Duration::from_millis(delay)).await;
                stream
                    .write_all(format!("{:x}\r\n{piece}\r\n", piece.len()).as_bytes())
                    .await?;
                stream.flush().await?;
            }
            if complete {
                stream.write_all(b"0\r\n\r\n").await?;
            }
        }
    }
    stream.shutdown().await
}

/// One streamed chunk in the OpenAI format.
pub(crate) fn delta(text: &str) -> String {
    let chunk = serde_json::json!({
        "id": "chatcmpl-1", "object": "chat.completion.chunk", "model": "local-model",
        "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": null}]
    });
    format!("data: {chunk}\n\n")
}

pub(crate) fn finish(reason: &str) -> String {
    let chunk = serde_json::json!({
        "id": "chatcmpl-1", "object": "chat.completion.chunk", "model": "local-model",
        "choices": [{"index": 0, "delta": {}, "finish_reason": reason}]
    });
    format!("data: {chunk}\n\n")
}
