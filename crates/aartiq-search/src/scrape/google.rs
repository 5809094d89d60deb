//! Google's result page: the current layout (`div.g` / `div.MjjYud` blocks), the basic no-script
//! layout (`/url?q=` links), and a structural fallback for layouts neither matches.

use scraper::{ElementRef, Html};

use super::{ScrapedHit, dedupe, first_text, heading_fallback, sel, text_of, web_url};
use crate::ProviderError;

const BLOCKS: &[&str] = &[
    "div.g",
    "div.MjjYud",
    r#"div[jscontroller][role="heading"] ~ div"#,
    "div.sr-only ~ div.g",
];

const SNIPPETS: &[&str] = &[
    "div.VwiC3b",
    "div[data-sncf]",
    "span.st",
    "div.lEBKkf",
    r#"div[role="heading"] + div"#,
    "div.BNeawe.s3v9rd",
];

/// Parses a Google result page into hits, in page order, de-duplicated by URL.
///
/// # Errors
/// [`ProviderError::Blocked`] for the "unusual traffic" / captcha page;
/// [`ProviderError::UnrecognisedLayout`] when no layout yields a result and the page is not a
/// no-results page either.
///
/// ```
/// let html = r#"<div class="g"><a href="https://www.rust-lang.org/"><h3>Rust</h3></a>
///               <div class="VwiC3b">A language empowering everyone.</div></div>"#;
/// let hits = aartiq_search::scrape::parse_google(html)?;
/// assert_eq!(hits[0].url, "https://www.rust-lang.org/");
/// assert_eq!(hits[0].snippet, "A language empowering everyone.");
/// # Ok::<(), aartiq_search::ProviderError>(())
/// ```
pub fn parse_google(html: &str) -> Result<Vec<ScrapedHit>, ProviderError> {
    if html.contains("/sorry/index")
        || html.contains("id=\"captcha-form\"")
        || html.contains("unusual traffic from your computer network")
    {
        return Err(ProviderError::Blocked);
    }
    let doc = Html::parse_document(html);
    for block_sel in BLOCKS {
        let Some(selector) = sel(block_sel) else {
            continue;
        };
        let hits: Vec<ScrapedHit> = doc
            .select(&selector)
            .take(super::MAX_BLOCKS)
            .filter_map(block_hit)
            .collect();
        let hits = dedupe(hits);
        if !hits.is_empty() {
            return Ok(hits);
        }
    }
    let hits = heading_fallback(&doc, "h3", &clean_google_url);
    if !hits.is_empty() {
        return Ok(hits);
    }
    let lower = html.to_ascii_lowercase();
    if lower.contains("did not match any documents") || lower.contains("no results found for") {
        return Ok(Vec::new());
    }
    Err(ProviderError::UnrecognisedLayout)
}

fn block_hit(block: ElementRef<'_>) -> Option<ScrapedHit> {
    let h3 = block.select(&sel("h3")?).next()?;
    let title = text_of(h3);
    if title.is_empty() {
        return None;
    }
    // The anchor wrapping the title wins; then the spec's order.
    let title_anchor = h3
        .ancestors()
        .filter_map(ElementRef::wrap)
        .take_while(|a| a.id() != block.id())
        .find(|a| a.value().name() == "a");
    let anchors: Vec<ElementRef<'_>> = block.select(&sel("a[href]")?).collect();
    let url = title_anchor
        .and_then(|a| a.attr("href"))
        .and_then(clean_google_url)
        .or_else(|| {
            anchors
                .iter()
                .filter_map(|a| a.attr("href"))
                .find(|h| h.starts_with("http") && !is_google_host(h))
                .and_then(clean_google_url)
        })
        .or_else(|| {
            anchors
                .iter()
                .find(|a| a.attr("jsname") == Some("UWckNb"))
                .and_then(|a| a.attr("href"))
                .and_then(clean_google_url)
        })
        .or_else(|| {
            anchors
                .iter()
                .filter_map(|a| a.attr("href"))
                .find(|h| h.starts_with("/url?"))
                .and_then(clean_google_url)
        })?;
    let snippet = first_text(block, SNIPPETS, title_anchor).unwrap_or_default();
    Some(ScrapedHit {
        title,
        url,
        snippet,
    })
}

fn is_google_host(u: &str) -> bool {
    url::Url::parse(u)
        .ok()
        .and_then(|p| {
            p.host_str()
                .map(|h| h == "google.com" || h.ends_with(".google.com") || h.contains(".google."))
        })
        .unwrap_or(false)
}

/// Resolves a Google result href: `/url?q=<target>` is decoded, Google's own pages are dropped.
fn clean_google_url(href: &str) -> Option<String> {
    let href = href.trim();
    if let Some(query) = href.strip_prefix("/url?") {
        let target = url::form_urlencoded::parse(query.as_bytes())
            .find(|(k, _)| k == "q" || k == "url")
            .map(|(_, v)| v.into_owned())?;
        return web_url(&target).filter(|t| !is_google_host(t));
    }
    web_url(href).filter(|t| !is_google_host(t))
}
