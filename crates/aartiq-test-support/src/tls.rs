//! A TLS terminator on 127.0.0.1 for `wss://` tests: it serves a certificate for `localhost`
//! and `127.0.0.1` signed by the test CA in `data/tls/` ([`ca_file`]) and pipes every
//! connection to a plain upstream port, the way a TLS front or a hosted pool's edge stands in
//! front of a DevTools WebSocket. With a [`Gate::Token`] it also checks the pool's token, as a
//! header or as `?token=`, answers `401` without it, and strips the query before forwarding.
//!
//! It runs on a thread of its own, so blocking and async tests can use it alike.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The test CA's certificate (PEM), to trust with `--attach-ca`.
pub fn ca_file() -> PathBuf {
    data_file("ca.pem")
}

/// An unrelated CA's certificate, which must not make the terminator trusted.
pub fn other_ca_file() -> PathBuf {
    data_file("other-ca.pem")
}

fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/tls")
        .join(name)
}

/// What the terminator lets through.
#[derive(Debug, Clone)]
pub enum Gate {
    /// Every request, unchanged (the upstream checks its own token).
    Open,
    /// Only requests with `Authorization: Bearer <token>` or `?token=<token>`; the query is
    /// stripped before forwarding.
    Token(String),
}

/// A running terminator; it stops with the test process.
#[derive(Debug)]
pub struct Terminator {
    port: u16,
    refused: Arc<AtomicUsize>,
}

impl Terminator {
    /// Starts a terminator in front of `127.0.0.1:upstream`.
    ///
    /// # Panics
    /// When the test certificates cannot be read or no port can be bound (a broken test
    /// setup).
    pub fn start(upstream: u16, gate: Gate) -> Terminator {
        let certs: Vec<CertificateDer<'static>> =
            CertificateDer::pem_file_iter(data_file("server.pem"))
                .and_then(|certs| certs.collect::<Result<_, _>>())
                .unwrap_or_else(|e| panic!("the test certificate: {e}"));
        let key = PrivateKeyDer::from_pem_file(data_file("server.key"))
            .unwrap_or_else(|e| panic!("the test key: {e}"));
        let config = rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .and_then(|b| b.with_no_client_auth().with_single_cert(certs, key))
        .unwrap_or_else(|e| panic!("the test TLS config: {e}"));
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap_or_else(|e| panic!("binding the terminator: {e}"));
        let port = listener.local_addr().map(|a| a.port()).unwrap_or_default();
        let _ = listener.set_nonblocking(true);
        let refused = Arc::new(AtomicUsize::new(0));
        let counter = refused.clone();
        std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                while let Ok((tcp, _)) = listener.accept().await {
                    tokio::spawn(serve(
                        tcp,
                        acceptor.clone(),
                        upstream,
                        gate.clone(),
                        counter.clone(),
                    ));
                }
            });
        });
        Terminator { port, refused }
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// How many connections it refused: TLS handshakes that failed (a client that does not
    /// trust the CA) and requests without the token.
    pub fn refused(&self) -> usize {
        self.refused.load(Ordering::Relaxed)
    }
}

async fn serve(
    tcp: tokio::net::TcpStream,
    acceptor: tokio_rustls::TlsAcceptor,
    upstream: u16,
    gate: Gate,
    refused: Arc<AtomicUsize>,
) {
    let Ok(mut tls) = acceptor.accept(tcp).await else {
        refused.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if tls.read(&mut byte).await.unwrap_or(0) == 0 || head.len() > 16 << 10 {
            return;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let (request_line, headers) = head.split_once("\r\n").unwrap_or((&head, ""));
    let forwarded = match &gate {
        Gate::Open => head.clone(),
        Gate::Token(token) => {
            let by_header = headers.lines().any(|line| {
                line.split_once(':').is_some_and(|(name, value)| {
                    name.trim().eq_ignore_ascii_case("authorization")
                        && value.trim() == format!("Bearer {token}")
                })
            });
            let mut parts = request_line.splitn(3, ' ');
            let (method, target, version) = (
                parts.next().unwrap_or_default(),
                parts.next().unwrap_or_default(),
                parts.next().unwrap_or_default(),
            );
            let (path, query) = target.split_once('?').unwrap_or((target, ""));
            let by_query = query
                .split('&')
                .any(|pair| pair == format!("token={token}"));
            if !by_header && !by_query {
                refused.fetch_add(1, Ordering::Relaxed);
                let _ = tls
                    .write_all(
                        b"HTTP/1.1 401 Unauthorized\r\nContent-Length: 9\r\nConnection: close\r\n\r\nbad token",
                    )
                    .await;
                let _ = tls.shutdown().await;
                return;
            }
            format!("{method} {path} {version}\r\n{headers}")
        }
    };
    let Ok(mut upstream) = tokio::net::TcpStream::connect(("127.0.0.1", upstream)).await else {
        return;
    };
    if upstream.write_all(forwarded.as_bytes()).await.is_err() {
        return;
    }
    let _ = tokio::io::copy_bidirectional(&mut tls, &mut upstream).await;
}
