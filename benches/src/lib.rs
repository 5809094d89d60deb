//! Shared helpers for the benchmark targets in `benches/benches/`.
//!
//! Every target reads a fixed corpus from `benches/resources/` so that figures compare across
//! runs and machines as ratios to a baseline measured in the same run.

use std::path::PathBuf;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Absolute path of a file in `benches/resources/`.
pub fn resource(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("resources")
        .join(name)
}

/// The workspace's root.
pub fn workspace() -> PathBuf {
    let bench = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    bench.parent().map_or(bench.clone(), PathBuf::from)
}

/// The median of `values` (sorted in place); NaN when there are none.
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// A duration in milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Serves every file of `dir` on a free port of 127.0.0.1 (from the calling tokio runtime)
/// and returns the port; `None` when no port can be bound.
pub async fn serve_dir(dir: PathBuf) -> Option<u16> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.ok()?;
    let port = listener.local_addr().ok()?.port();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let dir = dir.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 8192];
                let Ok(n) = stream.read(&mut buf).await else {
                    return;
                };
                let request = String::from_utf8_lossy(&buf[..n]).to_string();
                let path = request.split_whitespace().nth(1).unwrap_or("/");
                let name = path.trim_start_matches('/').split('?').next().unwrap_or("");
                let (status, body) = match std::fs::read(dir.join(name)) {
                    Ok(body) if !name.contains("..") => ("200 OK", body),
                    _ => ("404 Not Found", b"not found".to_vec()),
                };
                let head = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(&body).await;
            });
        }
    });
    Some(port)
}
