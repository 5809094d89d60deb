//! The side-effect zoo: test pages with every way a page sends a request with an unsafe
//! method (`data/side-effects/`), served on 127.0.0.1 by a server that logs what it
//! *received*: the network rule is judged by what reached the server, not by what the browser
//! says it did.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

/// The zoo's pages, by path.
const PAGES: &[(&str, &str)] = &[
    ("/zoo", include_str!("../data/side-effects/zoo.html")),
    (
        "/frame-form",
        include_str!("../data/side-effects/frame-form.html"),
    ),
    (
        "/oop-form",
        include_str!("../data/side-effects/oop-form.html"),
    ),
    ("/timer", include_str!("../data/side-effects/timer.html")),
    ("/search", include_str!("../data/side-effects/search.html")),
    ("/plain", include_str!("../data/side-effects/plain.html")),
    ("/files", include_str!("../data/side-effects/files.html")),
    (
        "/dialogs",
        include_str!("../data/side-effects/dialogs.html"),
    ),
    ("/login", include_str!("../data/side-effects/login.html")),
    (
        "/cookies",
        include_str!("../data/side-effects/cookies.html"),
    ),
    ("/board", include_str!("../data/side-effects/board.html")),
];

/// What `/download/report.csv` serves, as an attachment.
pub const DOWNLOAD_CSV: &str = "id,item,price\n1,Lamp,19.90\n2,Chair,49.00\n";

/// What `/download/note.pdf` serves: a one-page PDF reading "Invoice total 42 EUR".
pub const DOWNLOAD_PDF: &[u8] = include_bytes!("../data/side-effects/note.pdf");

/// The size of `/download/big.bin`, an attachment of zero bytes.
pub const BIG_DOWNLOAD_BYTES: usize = 512 * 1024;

const RECEIVED: &str = include_str!("../data/side-effects/received.html");

/// Every unsafe sender of `zoo.html` (its accessible name) and the path its request goes to.
pub const SENDERS: &[(&str, &str)] = &[
    ("Send money", "/submit/button"),
    ("Pay with input", "/submit/input"),
    ("Pay with image", "/submit/image"),
    ("Untyped button", "/submit/untyped"),
    ("Save note", "/submit/enter"),
    ("Script submit", "/submit/script"),
    ("Request submit", "/submit/request"),
    ("Override method", "/submit/formaction"),
    ("Frame send", "/submit/frame"),
    ("Cross-site send", "/submit/oopif"),
    ("Shadow send", "/submit/shadow"),
    ("Fetch post", "/api/fetch"),
    ("XHR put", "/api/xhr"),
    ("Beacon", "/api/beacon"),
    ("Ping link", "/api/ping"),
    ("Delete item", "/api/delete"),
];

/// The zoo's safe controls: a GET search, a plain link, a button that only changes the page.
pub const SAFE: &[&str] = &["Search", "Plain link", "Toggle"];

/// One request the server received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    /// The method.
    pub method: String,
    /// The path with its query.
    pub target: String,
    /// The body, as text.
    pub body: String,
}

impl Received {
    /// Whether the method is not GET, HEAD or OPTIONS.
    pub fn is_unsafe(&self) -> bool {
        !aartiq_tools::is_safe_method(&self.method)
    }

    /// The path without the query.
    pub fn path(&self) -> &str {
        self.target.split('?').next().unwrap_or(&self.target)
    }
}

/// The zoo's server; stops accepting when dropped.
#[derive(Debug)]
pub struct Zoo {
    addr: SocketAddr,
    log: Arc<Mutex<Vec<Received>>>,
    stop: Arc<AtomicBool>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Zoo {
    /// Serves the zoo on a free port of 127.0.0.1.
    ///
    /// # Errors
    /// When no port can be bound.
    pub fn start() -> std::io::Result<Zoo> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let addr = listener.local_addr()?;
        let log: Arc<Mutex<Vec<Received>>> = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let (seen, stopped) = (Arc::clone(&log), Arc::clone(&stop));
        thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let seen = Arc::clone(&seen);
                thread::spawn(move || {
                    let _ = serve(stream, addr.port(), &seen);
                });
            }
        });
        Ok(Zoo { addr, log, stop })
    }

    /// `http://127.0.0.1:<port>`.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `base()` and `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base())
    }

    /// Every request received so far, in order.
    pub fn received(&self) -> Vec<Received> {
        lock(&self.log).clone()
    }

    /// The requests with unsafe methods received so far.
    pub fn unsafe_received(&self) -> Vec<Received> {
        self.received()
            .into_iter()
            .filter(Received::is_unsafe)
            .collect()
    }

    /// Forgets what was received.
    pub fn clear(&self) {
        lock(&self.log).clear();
    }

    /// Waits up to `wait` for a request to `path` (with any method); whether one came.
    pub fn wait_for(&self, path: &str, wait: Duration) -> bool {
        let deadline = std::time::Instant::now() + wait;
        loop {
            if self.received().iter().any(|r| r.path() == path) {
                return true;
            }
            if std::time::Instant::now() >= deadline {
                return false;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Zoo {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(self.addr);
    }
}

fn serve(stream: TcpStream, port: u16, log: &Mutex<Vec<Received>>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_owned();
    let target = parts.next().unwrap_or("/").to_owned();
    let mut length = 0usize;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0u8; length.min(1 << 20)];
    reader.read_exact(&mut body)?;
    if method.is_empty() {
        return Ok(());
    }
    lock(log).push(Received {
        method: method.clone(),
        target: target.clone(),
        body: String::from_utf8_lossy(&body).into_owned(),
    });
    let path = target.split('?').next().unwrap_or("/");
    let attachment = match path.strip_prefix("/download/") {
        Some("report.csv") => Some(("report.csv", DOWNLOAD_CSV.as_bytes().to_vec())),
        Some("note.pdf") => Some(("note.pdf", DOWNLOAD_PDF.to_vec())),
        Some("big.bin") => Some(("big.bin", vec![0u8; BIG_DOWNLOAD_BYTES])),
        _ => None,
    };
    if let Some((name, body)) = attachment {
        let mut stream = stream;
        write!(
            stream,
            "HTTP/1.1 200 OK\r\ncontent-type: application/octet-stream\r\ncontent-disposition: attachment; filename=\"{name}\"\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        )?;
        stream.write_all(&body)?;
        return stream.flush();
    }
    let (status, page) = match PAGES.iter().find(|(p, _)| *p == path) {
        Some((_, page)) => ("200 OK", page.replace("{port}", &port.to_string())),
        None if path.starts_with("/submit/") || path.starts_with("/api/") => {
            ("200 OK", RECEIVED.to_owned())
        }
        None => ("404 Not Found", "not found".to_owned()),
    };
    let mut stream = stream;
    write!(
        stream,
        "HTTP/1.1 {status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n{page}",
        page.len()
    )?;
    stream.flush()
}
