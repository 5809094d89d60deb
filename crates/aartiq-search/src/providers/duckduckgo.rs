//! DuckDuckGo's HTML page, fetched and parsed; when that fails, the Instant Answer API
//! (`api.duckduckgo.com/?format=json`) is tried before giving up.

use std::sync::Arc;

use serde_json::Value;

use crate::http::{Call, Http, Politeness};
use crate::normalize::collapse_ws;
use crate::scrape::{clean_duckduckgo_url, parse_duckduckgo};
use crate::{ProviderError, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult};

#[derive(Debug)]
pub(crate) struct DuckDuckGo {
    pub(crate) http: Arc<Http>,
    pub(crate) html_base: String,
    pub(crate) api_base: String,
    pub(crate) politeness: Politeness,
}

impl DuckDuckGo {
    async fn run(
        &self,
        query: &str,
        params: &SearchParams,
    ) -> Result<Vec<SearchResult>, ProviderError> {
        let limit = usize::from(params.count);
        match self.html(query).await {
            Ok(hits) => Ok(hits
                .into_iter()
                .take(limit)
                .map(|h| SearchResult {
                    title: h.title,
                    url: h.url,
                    snippet: h.snippet,
                    published_at: None,
                    source: None,
                    score: None,
                })
                .collect()),
            Err(html_error) => match self.instant_answers(query).await {
                Ok(results) if !results.is_empty() => Ok(results.into_iter().take(limit).collect()),
                _ => Err(html_error),
            },
        }
    }

    async fn html(&self, query: &str) -> Result<Vec<crate::scrape::ScrapedHit>, ProviderError> {
        self.politeness.wait_turn().await;
        let url = format!("{}/html/", self.html_base);
        let answer = self
            .http
            .send(
                Call {
                    label: "DuckDuckGo",
                    secrets: &[],
                    retry: false,
                },
                || {
                    self.http
                        .client()
                        .get(&url)
                        .query(&[("q", query)])
                        .header(reqwest::header::ACCEPT, crate::http::HTML_ACCEPT)
                },
            )
            .await?;
        parse_duckduckgo(&answer.body)
    }

    async fn instant_answers(&self, query: &str) -> Result<Vec<SearchResult>, ProviderError> {
        let url = format!("{}/", self.api_base);
        let answer = self
            .http
            .send(
                Call {
                    label: "DuckDuckGo Instant Answer",
                    secrets: &[],
                    retry: false,
                },
                || {
                    self.http.client().get(&url).query(&[
                        ("q", query),
                        ("format", "json"),
                        ("t", "aartiq"),
                    ])
                },
            )
            .await?;
        let v = super::json_body(&answer.body)?;
        Ok(parse_instant_answers(&v))
    }
}

/// `Abstract` first (when it has a URL), then `RelatedTopics` (groups flattened); the title is
/// the topic text before ` - `.
fn parse_instant_answers(v: &Value) -> Vec<SearchResult> {
    let mut out = Vec::new();
    if let (Some(text), Some(url)) = (
        super::text(v, "AbstractText").or_else(|| super::text(v, "Abstract")),
        super::text(v, "AbstractURL"),
    ) {
        out.push(SearchResult {
            title: super::text(v, "Heading").unwrap_or_else(|| url.clone()),
            url,
            snippet: collapse_ws(&text),
            published_at: None,
            source: super::text(v, "AbstractSource"),
            score: None,
        });
    }
    let mut topics: Vec<&Value> = Vec::new();
    for t in super::array(v, "RelatedTopics") {
        let nested = super::array(t, "Topics");
        if nested.is_empty() {
            topics.push(t);
        } else {
            topics.extend(nested);
        }
    }
    for t in topics {
        let (Some(text), Some(url)) = (super::text(t, "Text"), super::text(t, "FirstURL")) else {
            continue;
        };
        let Some(url) = clean_duckduckgo_url(&url).or_else(|| crate::scrape::web_url(&url)) else {
            continue;
        };
        let title = text.split(" - ").next().unwrap_or(&text).to_owned();
        out.push(SearchResult {
            title: collapse_ws(&title),
            url,
            snippet: collapse_ws(&text),
            published_at: None,
            source: None,
            score: None,
        });
    }
    out
}

impl SearchProvider for DuckDuckGo {
    fn id(&self) -> ProviderId {
        ProviderId::DuckDuckGo
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params))
    }
}
