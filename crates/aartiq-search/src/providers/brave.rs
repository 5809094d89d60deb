//! Brave Search: `GET /res/v1/web/search` and `/res/v1/news/search` with `X-Subscription-Token`.

use std::sync::Arc;

use serde_json::Value;

use super::{array, json_body, text};
use crate::http::{Call, Http};
use crate::normalize::strip_tags;
use crate::{
    ProviderError, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult,
    brave_freshness, parse_published,
};

// No `Debug`: the struct holds an API key.
pub(crate) struct Brave {
    pub(crate) http: Arc<Http>,
    pub(crate) base: String,
    pub(crate) key: Option<String>,
}

impl Brave {
    async fn run(
        &self,
        query: &str,
        params: &SearchParams,
        news: bool,
    ) -> Result<Vec<SearchResult>, ProviderError> {
        let key = self.key.as_deref().ok_or(ProviderError::NotConfigured {
            provider: ProviderId::Brave,
            needs: "BRAVE_API_KEY",
        })?;
        let path = if news { "news" } else { "web" };
        let url = format!("{}/res/v1/{path}/search", self.base);
        let mut query_pairs: Vec<(&str, String)> =
            vec![("q", query.to_owned()), ("count", params.count.to_string())];
        let days = if news {
            Some(params.days.unwrap_or(7))
        } else {
            params.days
        };
        if let Some(f) = days.and_then(brave_freshness) {
            query_pairs.push(("freshness", f.to_owned()));
        }
        if let Some(c) = params.country.as_deref().filter(|c| !c.is_empty()) {
            query_pairs.push(("country", c.to_owned()));
        }
        let answer = self
            .http
            .send(
                Call {
                    label: "Brave Search",
                    secrets: &[key],
                    retry: true,
                },
                || {
                    self.http
                        .client()
                        .get(&url)
                        .query(&query_pairs)
                        .header("X-Subscription-Token", key)
                        .header(reqwest::header::ACCEPT, "application/json")
                },
            )
            .await?;
        let v = json_body(&answer.body)?;
        let items = if news {
            array(&v, "results")
        } else {
            v.get("web").map(|w| array(w, "results")).unwrap_or(&[])
        };
        Ok(items
            .iter()
            .filter_map(|r| item(r, params, news))
            .take(usize::from(params.count))
            .collect())
    }
}

fn item(r: &Value, params: &SearchParams, news: bool) -> Option<SearchResult> {
    let url = text(r, "url")?;
    let order = if news {
        ["age", "page_age"]
    } else {
        ["page_age", "age"]
    };
    let published_at = order
        .iter()
        .filter_map(|k| text(r, k))
        .find_map(|d| parse_published(&d, params.now));
    let source = if news {
        r.get("meta_url")
            .and_then(|m| text(m, "hostname").or_else(|| text(m, "netloc")))
            .or_else(|| text(r, "source"))
    } else {
        None
    };
    Some(SearchResult {
        title: strip_tags(&text(r, "title").unwrap_or_else(|| url.clone())),
        snippet: strip_tags(&text(r, "description").unwrap_or_default()),
        published_at,
        source,
        score: None,
        url,
    })
}

impl SearchProvider for Brave {
    fn id(&self) -> ProviderId {
        ProviderId::Brave
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params, false))
    }
    fn news<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params, true))
    }
}
