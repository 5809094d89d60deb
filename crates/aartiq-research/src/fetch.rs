//! Fetching pages: the [`Fetcher`] trait, the reqwest-backed [`HttpFetcher`], charset decoding
//! and readable-text extraction.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::LazyLock;
use std::time::Duration;

use aartiq_guard::{Origin, Untrusted};
use regex::Regex;
use scraper::{ElementRef, Html, Node};

use crate::error::{FetchError, ResearchError};

/// The origin name every fetched page carries into the guard.
pub const FETCH_ORIGIN: &str = "research_fetch";

/// A fetched page. Its text is untrusted: the pipeline opens it only by scanning it with
/// `aartiq-guard`.
#[derive(Debug)]
pub struct FetchedPage {
    /// The URL after redirects.
    pub final_url: String,
    /// The readable text (at most the requested number of characters), closed.
    pub text: Untrusted<String>,
    /// Text the reader would not see (HTML comments, hidden elements), given to the guard as
    /// hidden parts so injections hidden there count against the page. Never used for claims.
    pub hidden_parts: Vec<String>,
    /// True when the body or the text was cut at a size cap.
    pub truncated: bool,
}

impl FetchedPage {
    /// A page whose readable text is `text`, wrapped as untrusted with origin
    /// `research_fetch` and the URL as locator.
    #[must_use]
    pub fn new(url: &str, text: String) -> Self {
        FetchedPage {
            final_url: url.to_owned(),
            text: Untrusted::new(text, Origin::new(FETCH_ORIGIN).with_locator(url)),
            hidden_parts: Vec::new(),
            truncated: false,
        }
    }
}

/// The future a [`Fetcher`] returns: boxed, so fetchers can sit behind `dyn`.
pub type FetchFuture<'a> =
    Pin<Box<dyn Future<Output = Result<FetchedPage, FetchError>> + Send + 'a>>;

/// Reads one page. Implemented by [`HttpFetcher`] and by test fakes.
pub trait Fetcher: Send + Sync {
    /// Fetches `url` and returns at most `max_chars` characters of readable text.
    fn fetch<'a>(&'a self, url: &'a str, max_chars: usize) -> FetchFuture<'a>;
}

/// Settings of [`HttpFetcher`].
#[derive(Debug, Clone)]
pub struct FetcherConfig {
    /// Whole-request timeout (connect, headers and body). Default 15 s.
    pub timeout: Duration,
    /// Body bytes read at most; the rest is dropped and the page marked truncated. Default 2 MiB.
    pub max_bytes: usize,
    /// Redirects followed at most. Default 5.
    pub max_redirects: usize,
    /// The `User-Agent` header.
    pub user_agent: String,
    /// Host names resolved to fixed addresses instead of DNS (tests, pinned hosts).
    pub resolve: Vec<(String, SocketAddr)>,
}

impl Default for FetcherConfig {
    fn default() -> Self {
        FetcherConfig {
            timeout: Duration::from_secs(15),
            max_bytes: 2 * 1024 * 1024,
            max_redirects: 5,
            user_agent: "Mozilla/5.0 (compatible; aartiq-research/0.1)".to_owned(),
            resolve: Vec::new(),
        }
    }
}

impl FetcherConfig {
    /// Sets the whole-request timeout.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Sets the body size cap in bytes.
    #[must_use]
    pub fn with_max_bytes(mut self, n: usize) -> Self {
        self.max_bytes = n;
        self
    }

    /// Sets the redirect limit.
    #[must_use]
    pub fn with_max_redirects(mut self, n: usize) -> Self {
        self.max_redirects = n;
        self
    }

    /// Resolves `host` to `addr` (the URL's port is still used).
    #[must_use]
    pub fn with_resolve(mut self, host: impl Into<String>, addr: SocketAddr) -> Self {
        self.resolve.push((host.into(), addr));
        self
    }
}

/// The real fetcher: reqwest with a bounded redirect policy, a timeout, a body size cap,
/// charset decoding and readable-text extraction from HTML.
#[derive(Debug, Clone)]
pub struct HttpFetcher {
    client: reqwest::Client,
    config: FetcherConfig,
}

impl HttpFetcher {
    /// Builds the HTTP client.
    ///
    /// # Errors
    /// [`ResearchError::Client`] when reqwest cannot build a client (e.g. no TLS backend).
    pub fn new(config: FetcherConfig) -> Result<Self, ResearchError> {
        let mut builder = reqwest::Client::builder()
            .timeout(config.timeout)
            .redirect(reqwest::redirect::Policy::limited(config.max_redirects))
            .user_agent(config.user_agent.clone());
        for (host, addr) in &config.resolve {
            builder = builder.resolve(host, *addr);
        }
        let client = builder
            .build()
            .map_err(|e| ResearchError::Client(e.to_string()))?;
        Ok(HttpFetcher { client, config })
    }

    async fn get(&self, url: &str, max_chars: usize) -> Result<FetchedPage, FetchError> {
        let parsed = url::Url::parse(url).map_err(|e| FetchError::InvalidUrl(e.to_string()))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(FetchError::InvalidUrl(format!(
                "unsupported scheme {}",
                parsed.scheme()
            )));
        }
        let mut resp = self
            .client
            .get(parsed)
            .header(
                reqwest::header::ACCEPT,
                "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1",
            )
            .send()
            .await
            .map_err(|e| self.transport(e))?;
        let status = resp.status();
        if !status.is_success() {
            return Err(FetchError::Status(status.as_u16()));
        }
        let content_type = resp
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let mime = content_type
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let is_html = mime.is_empty() || mime == "text/html" || mime == "application/xhtml+xml";
        if !is_html && mime != "text/plain" {
            return Err(FetchError::UnsupportedContent(mime));
        }
        let final_url = resp.url().to_string();
        let mut body: Vec<u8> = Vec::new();
        let mut truncated = false;
        while let Some(chunk) = resp.chunk().await.map_err(|e| self.transport(e))? {
            let room = self.config.max_bytes.saturating_sub(body.len());
            if chunk.len() > room {
                body.extend_from_slice(&chunk[..room]);
                truncated = true;
                break;
            }
            body.extend_from_slice(&chunk);
        }
        // Decoding and HTML parsing are CPU work: keep them off the async workers, so a
        // pathological page cannot stall other fetches (the run's timeout abandons it).
        let parsed = tokio::task::spawn_blocking(move || {
            let decoded = decode_body(&body, &content_type);
            let (text, hidden) = if is_html {
                let r = readable_text(&decoded);
                (r.text, r.hidden)
            } else {
                (decoded, Vec::new())
            };
            let (text, cut) = truncate_chars(text, max_chars);
            (text, hidden, cut)
        })
        .await
        .map_err(|e| FetchError::Transport(format!("page parsing failed: {e}")))?;
        let (text, hidden_parts, cut) = parsed;
        Ok(FetchedPage {
            text: Untrusted::new(text, Origin::new(FETCH_ORIGIN).with_locator(url)),
            final_url,
            hidden_parts,
            truncated: truncated || cut,
        })
    }

    fn transport(&self, e: reqwest::Error) -> FetchError {
        if e.is_timeout() {
            let ms = u64::try_from(self.config.timeout.as_millis()).unwrap_or(u64::MAX);
            FetchError::Timeout { ms }
        } else if e.is_redirect() {
            FetchError::TooManyRedirects
        } else {
            FetchError::Transport(e.without_url().to_string())
        }
    }
}

impl Fetcher for HttpFetcher {
    fn fetch<'a>(&'a self, url: &'a str, max_chars: usize) -> FetchFuture<'a> {
        Box::pin(self.get(url, max_chars))
    }
}

/// Cuts `text` to at most `max` characters, at a character boundary.
fn truncate_chars(text: String, max: usize) -> (String, bool) {
    match text.char_indices().nth(max) {
        Some((i, _)) => (text[..i].to_owned(), true),
        None => (text, false),
    }
}

#[allow(clippy::expect_used)] // A fixed pattern, checked by the unit tests.
static META_CHARSET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)"#).expect("charset regex")
});

/// Decodes a body: a byte-order mark wins, then the `charset` of the `Content-Type` header,
/// then a `<meta charset>` / `http-equiv` declaration in the first 1024 bytes, then UTF-8 if
/// the bytes are valid UTF-8, else windows-1252 (the web's default). Never fails: bytes that do
/// not decode become U+FFFD.
#[must_use]
pub fn decode_body(body: &[u8], content_type: &str) -> String {
    if let Some((enc, bom_len)) = encoding_rs::Encoding::for_bom(body) {
        let (text, _) = enc.decode_without_bom_handling(body.get(bom_len..).unwrap_or_default());
        return text.into_owned();
    }
    let from_header = content_type
        .split(';')
        .skip(1)
        .filter_map(|p| p.trim().split_once('='))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("charset"))
        .and_then(|(_, v)| {
            encoding_rs::Encoding::for_label(v.trim().trim_matches(['"', '\'']).as_bytes())
        });
    let head = String::from_utf8_lossy(body.get(..1024).unwrap_or(body));
    let from_meta = || {
        META_CHARSET
            .captures(&head)
            .and_then(|c| c.get(1))
            .and_then(|m| encoding_rs::Encoding::for_label(m.as_str().as_bytes()))
    };
    let enc = from_header.or_else(from_meta).unwrap_or_else(|| {
        if std::str::from_utf8(body).is_ok() {
            encoding_rs::UTF_8
        } else {
            encoding_rs::WINDOWS_1252
        }
    });
    // A page that declares UTF-16 in ASCII text is lying; decode it as UTF-8 (HTML spec rule).
    let enc = if enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE {
        encoding_rs::UTF_8
    } else {
        enc
    };
    let (text, _) = enc.decode_without_bom_handling(body);
    text.into_owned()
}

/// The text of a page as a reader sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Readable {
    /// The `<title>`, whitespace collapsed.
    pub title: String,
    /// Readable text: blocks separated by blank lines, whitespace inside a block collapsed.
    pub text: String,
    /// Comments and hidden elements (`hidden`, `aria-hidden="true"`, `display:none`,
    /// `visibility:hidden`), for the guard only.
    pub hidden: Vec<String>,
}

/// Elements whose content is never readable article text.
const SKIP: &[&str] = &[
    "script", "style", "nav", "noscript", "header", "footer", "aside", "form", "svg", "template",
    "iframe", "button", "select", "head", "menu", "dialog", "object", "embed", "canvas", "math",
];

/// Elements that start a new block of text.
const BLOCK: &[&str] = &[
    "p",
    "div",
    "section",
    "article",
    "main",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "li",
    "ul",
    "ol",
    "br",
    "tr",
    "table",
    "blockquote",
    "pre",
    "figcaption",
    "figure",
    "dd",
    "dt",
    "dl",
    "hr",
    "address",
    "body",
    "time",
];

fn is_hidden(el: &scraper::node::Element) -> bool {
    if el.attr("hidden").is_some() {
        return true;
    }
    if el
        .attr("aria-hidden")
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
    {
        return true;
    }
    el.attr("style").is_some_and(|s| {
        let s: String = s
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        s.contains("display:none") || s.contains("visibility:hidden") || s.contains("font-size:0")
    })
}

/// Extracts readable text from HTML: the `<article>` (else `<main>`, else `<body>`) with
/// scripts, styles, navigation, headers, footers, asides and forms dropped, blocks separated by
/// blank lines. Hidden elements and comments go to [`Readable::hidden`]. Never panics; the
/// tree is walked without recursion.
#[must_use]
pub fn readable_text(html: &str) -> Readable {
    let doc = Html::parse_document(html);
    let mut out = Readable::default();
    if let Ok(sel) = scraper::Selector::parse("title")
        && let Some(t) = doc.select(&sel).next()
    {
        out.title = t
            .text()
            .collect::<Vec<_>>()
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
    }
    let root = ["article", "main", "[role=main]", "body"]
        .iter()
        .filter_map(|s| scraper::Selector::parse(s).ok())
        .find_map(|sel| doc.select(&sel).next())
        .map_or_else(|| doc.tree.root(), |e| *e);

    // Comments anywhere in the document are hidden content.
    for node in doc.tree.root().descendants() {
        if let Node::Comment(c) = node.value() {
            let t = c.trim();
            if !t.is_empty() {
                out.hidden.push(t.to_owned());
            }
        }
    }

    let mut raw = String::new();
    let mut stack = vec![(root, true)];
    while let Some((node, entering)) = stack.pop() {
        match node.value() {
            Node::Text(t) if entering => raw.push_str(t),
            Node::Element(el) => {
                let name = el.name();
                if entering {
                    if SKIP.contains(&name) {
                        continue;
                    }
                    if is_hidden(el) {
                        if let Some(er) = ElementRef::wrap(node) {
                            let t = er.text().collect::<Vec<_>>().join(" ");
                            let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
                            if !t.is_empty() {
                                out.hidden.push(t);
                            }
                        }
                        continue;
                    }
                    let block = BLOCK.contains(&name);
                    if block {
                        raw.push_str("\n\n");
                    } else if name == "td" || name == "th" {
                        raw.push(' ');
                    }
                    stack.push((node, false));
                    let children: Vec<_> = node.children().collect();
                    for child in children.into_iter().rev() {
                        stack.push((child, true));
                    }
                } else if BLOCK.contains(&name) {
                    raw.push_str("\n\n");
                }
            }
            Node::Document | Node::Fragment if entering => {
                let children: Vec<_> = node.children().collect();
                for child in children.into_iter().rev() {
                    stack.push((child, true));
                }
            }
            _ => {}
        }
    }
    // Collapse whitespace inside blocks, keep one blank line between blocks.
    let blocks: Vec<String> = raw
        .split("\n\n")
        .map(|b| b.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|b| !b.is_empty())
        .collect();
    out.text = blocks.join("\n\n");
    out
}
