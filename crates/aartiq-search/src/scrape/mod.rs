//! Parsing of scraped result pages with a real HTML parser (`scraper`), pure and panic-free.
//!
//! Each result's snippet is read from inside that result's own block, so a skipped item (an ad,
//! a result without a title) can never shift snippets onto the wrong result, which the
//! original's index pairing did.

use scraper::{ElementRef, Html, Selector};

#[cfg(feature = "duckduckgo")]
mod duckduckgo;
#[cfg(feature = "google-scrape")]
mod google;

#[cfg(feature = "duckduckgo")]
pub use duckduckgo::{clean_duckduckgo_url, parse_duckduckgo};
#[cfg(feature = "google-scrape")]
pub use google::parse_google;

/// One result read from a scraped page. Scraped pages carry no reliable publication dates.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScrapedHit {
    /// Title text.
    pub title: String,
    /// Target URL, redirect wrapper removed.
    pub url: String,
    /// Snippet text from the same result block; empty when the block has none.
    pub snippet: String,
}

/// Most result blocks (or headings) examined on one page: a real page has a few dozen, and the
/// cap bounds the work a hostile page (thousands of nested blocks) can cause.
const MAX_BLOCKS: usize = 200;

/// Parses a CSS selector list; the lists used here are constants, so failure only drops them.
fn sel(s: &str) -> Option<Selector> {
    Selector::parse(s).ok()
}

/// Text of an element, whitespace collapsed.
fn text_of(e: ElementRef<'_>) -> String {
    crate::normalize::collapse_ws(&e.text().collect::<String>())
}

/// The first element under `scope` matching any of `selectors`, in selector order, that is not
/// inside `exclude`, with non-empty text.
fn first_text(
    scope: ElementRef<'_>,
    selectors: &[&str],
    exclude: Option<ElementRef<'_>>,
) -> Option<String> {
    for s in selectors {
        let Some(selector) = sel(s) else { continue };
        for e in scope.select(&selector) {
            if let Some(ex) = exclude
                && e.ancestors().any(|a| a.id() == ex.id())
            {
                continue;
            }
            let t = text_of(e);
            if !t.is_empty() {
                return Some(t);
            }
        }
    }
    None
}

/// Keeps only http(s) URLs with a host, in their normalised form (`https:x.example` is read the
/// way a browser reads it and comes back as `https://x.example/`).
pub(crate) fn web_url(u: &str) -> Option<String> {
    let parsed = url::Url::parse(u.trim()).ok()?;
    let ok = matches!(parsed.scheme(), "http" | "https")
        && parsed.host_str().is_some_and(|h| !h.is_empty());
    ok.then(|| parsed.to_string())
}

/// Generic fallback for an unknown layout: every `heading` element linked to an http URL is a
/// result; its block is the highest ancestor that holds no other such heading, and the snippet
/// is that block's remaining text.
fn heading_fallback(
    doc: &Html,
    heading: &str,
    clean: &dyn Fn(&str) -> Option<String>,
) -> Vec<ScrapedHit> {
    let Some(h_sel) = sel(heading) else {
        return Vec::new();
    };
    let Some(a_sel) = sel("a[href]") else {
        return Vec::new();
    };
    let mut hits = Vec::new();
    for h in doc.select(&h_sel).take(MAX_BLOCKS) {
        let title = text_of(h);
        if title.is_empty() {
            continue;
        }
        // The link is the heading's anchor ancestor or an anchor inside the heading.
        let anchor = h
            .ancestors()
            .filter_map(ElementRef::wrap)
            .find(|a| a.value().name() == "a" && a.attr("href").is_some())
            .or_else(|| h.select(&a_sel).next());
        let Some(anchor) = anchor else { continue };
        let Some(url) = anchor.attr("href").and_then(clean) else {
            continue;
        };
        // Climb while the parent still holds just this one heading.
        let mut block = anchor;
        for parent in anchor.ancestors().filter_map(ElementRef::wrap).take(8) {
            if parent.select(&h_sel).count() > 1 || parent.value().name() == "body" {
                break;
            }
            block = parent;
        }
        let mut snippet_parts: Vec<String> = Vec::new();
        for node in block.descendants() {
            if let Some(t) = node.value().as_text() {
                let inside_anchor = node.ancestors().any(|a| a.id() == anchor.id());
                let inside_script = node
                    .ancestors()
                    .filter_map(ElementRef::wrap)
                    .any(|a| matches!(a.value().name(), "script" | "style" | "noscript"));
                if !inside_anchor && !inside_script {
                    snippet_parts.push(t.to_string());
                }
            }
        }
        let snippet = crate::normalize::truncate_chars(
            &crate::normalize::collapse_ws(&snippet_parts.join(" ")),
            400,
        );
        hits.push(ScrapedHit {
            title,
            url,
            snippet,
        });
    }
    dedupe(hits)
}

/// Drops later hits whose URL was already seen.
fn dedupe(hits: Vec<ScrapedHit>) -> Vec<ScrapedHit> {
    let mut seen = std::collections::HashSet::new();
    hits.into_iter()
        .filter(|h| seen.insert(h.url.clone()))
        .collect()
}
