//! DuckDuckGo's HTML page (`html.duckduckgo.com/html/`): `div.result` blocks, the `<article>`
//! layout, and a structural fallback.

use scraper::{ElementRef, Html};

use super::{ScrapedHit, dedupe, first_text, heading_fallback, sel, text_of, web_url};
use crate::ProviderError;

/// Parses a DuckDuckGo HTML result page into hits, in page order, without ads, de-duplicated by
/// URL. Each snippet comes from its own result block.
///
/// # Errors
/// [`ProviderError::Blocked`] for the bot-challenge page; [`ProviderError::UnrecognisedLayout`]
/// when no layout yields a result and the page is not a no-results page.
///
/// ```
/// let html = r#"<div class="result"><h2 class="result__title"><a class="result__a"
///   href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fdocs.rs%2F&amp;rut=x">Docs.rs</a></h2>
///   <a class="result__snippet">Rust crate docs.</a></div>"#;
/// let hits = aartiq_search::scrape::parse_duckduckgo(html)?;
/// assert_eq!(hits[0].url, "https://docs.rs/");
/// assert_eq!(hits[0].snippet, "Rust crate docs.");
/// # Ok::<(), aartiq_search::ProviderError>(())
/// ```
pub fn parse_duckduckgo(html: &str) -> Result<Vec<ScrapedHit>, ProviderError> {
    if html.contains("anomaly-modal")
        || html.contains("challenge-form")
        || html.contains("bots use DuckDuckGo too")
    {
        return Err(ProviderError::Blocked);
    }
    let doc = Html::parse_document(html);
    let classic = collect(&doc, "div.result", classic_hit);
    if !classic.is_empty() {
        return Ok(classic);
    }
    let articles = collect(
        &doc,
        r#"article[data-testid="result"], article"#,
        article_hit,
    );
    if !articles.is_empty() {
        return Ok(articles);
    }
    let hits = heading_fallback(&doc, "h2", &|h| {
        clean_duckduckgo_url(h).filter(|u| !is_ad(u))
    });
    if !hits.is_empty() {
        return Ok(hits);
    }
    let lower = html.to_ascii_lowercase();
    if lower.contains("class=\"no-results")
        || lower.contains("no results found for")
        || lower.contains("no  results.")
    {
        return Ok(Vec::new());
    }
    Err(ProviderError::UnrecognisedLayout)
}

fn collect(
    doc: &Html,
    block_sel: &str,
    hit: fn(ElementRef<'_>) -> Option<ScrapedHit>,
) -> Vec<ScrapedHit> {
    let Some(selector) = sel(block_sel) else {
        return Vec::new();
    };
    dedupe(
        doc.select(&selector)
            .take(super::MAX_BLOCKS)
            .filter_map(hit)
            .collect(),
    )
}

fn classic_hit(block: ElementRef<'_>) -> Option<ScrapedHit> {
    if block.value().classes().any(|c| c == "result--ad") {
        return None;
    }
    let a = block.select(&sel("a.result__a")?).next()?;
    let title = text_of(a);
    let url = a.attr("href").and_then(clean_duckduckgo_url)?;
    if title.is_empty() || is_ad(&url) {
        return None;
    }
    let snippet = first_text(block, &[".result__snippet"], Some(a)).unwrap_or_default();
    Some(ScrapedHit {
        title,
        url,
        snippet,
    })
}

fn article_hit(block: ElementRef<'_>) -> Option<ScrapedHit> {
    let a = block
        .select(&sel(r#"a[data-testid="result-title-a"], h2 a[href]"#)?)
        .next()?;
    let title = text_of(a);
    let url = a.attr("href").and_then(clean_duckduckgo_url)?;
    if title.is_empty() || is_ad(&url) {
        return None;
    }
    let snippet = first_text(
        block,
        &[
            r#"div[data-result="snippet"]"#,
            ".result__snippet",
            "span.kY2IgmnCmOGjharHErah",
        ],
        Some(a),
    )
    .unwrap_or_default();
    Some(ScrapedHit {
        title,
        url,
        snippet,
    })
}

fn is_ad(u: &str) -> bool {
    u.contains("duckduckgo.com/y.js") || u.contains("ad_provider=")
}

/// Cleans a DuckDuckGo result href: protocol-relative links get `https:`, and any DuckDuckGo
/// link carrying `uddg=` is replaced by the decoded target. Returns `None` for non-web links.
///
/// ```
/// use aartiq_search::scrape::clean_duckduckgo_url;
/// let u = clean_duckduckgo_url("//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1&rut=z");
/// assert_eq!(u.as_deref(), Some("https://a.example/x?y=1"));
/// ```
#[must_use]
pub fn clean_duckduckgo_url(href: &str) -> Option<String> {
    let href = href.trim().replace("&amp;", "&");
    let absolute = if href.starts_with("//") {
        format!("https:{href}")
    } else if href.starts_with('/') {
        format!("https://duckduckgo.com{href}")
    } else {
        href
    };
    let parsed = url::Url::parse(&absolute).ok()?;
    let is_ddg = parsed
        .host_str()
        .is_some_and(|h| h == "duckduckgo.com" || h.ends_with(".duckduckgo.com"));
    if is_ddg {
        let target = parsed
            .query_pairs()
            .find(|(k, _)| k == "uddg")
            .map(|(_, v)| v.into_owned())?;
        return web_url(&target);
    }
    web_url(&absolute)
}
