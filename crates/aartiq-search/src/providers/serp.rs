//! SerpAPI: `GET /search?engine=google` for the web, `GET /search.json?engine=google_news` for news.

use std::sync::Arc;

use serde_json::Value;

use super::{array, json_body, text};
use crate::http::{Call, Http};
use crate::normalize::strip_tags;
use crate::{
    ProviderError, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult,
    parse_published,
};

// No `Debug`: the struct holds an API key.
pub(crate) struct Serp {
    pub(crate) http: Arc<Http>,
    pub(crate) base: String,
    pub(crate) key: Option<String>,
}

impl Serp {
    async fn run(
        &self,
        query: &str,
        params: &SearchParams,
        news: bool,
    ) -> Result<Vec<SearchResult>, ProviderError> {
        let key = self.key.as_deref().ok_or(ProviderError::NotConfigured {
            provider: ProviderId::Serp,
            needs: "SERP_API_KEY or SERPAPI_API_KEY",
        })?;
        let mut pairs: Vec<(&str, String)> = vec![
            ("q", query.to_owned()),
            ("api_key", key.to_owned()),
            ("num", params.count.to_string()),
        ];
        let url = if news {
            let days = params.days.unwrap_or(7).clamp(1, 30);
            pairs.push(("engine", "google_news".into()));
            pairs.push(("tbs", format!("qdr:d{days}")));
            format!("{}/search.json", self.base)
        } else {
            pairs.push(("engine", "google".into()));
            if let Some(days) = params.days {
                pairs.push(("tbs", format!("qdr:d{days}")));
            }
            format!("{}/search", self.base)
        };
        let answer = self
            .http
            .send(
                Call {
                    label: "SerpAPI",
                    secrets: &[key],
                    retry: true,
                },
                || self.http.client().get(&url).query(&pairs),
            )
            .await?;
        let v = json_body(&answer.body)?;
        let list = if news {
            "news_results"
        } else {
            "organic_results"
        };
        if v.get(list).is_none()
            && let Some(err) = text(&v, "error")
        {
            // SerpAPI answers 200 with an `error` for an empty result set.
            if err.contains("hasn't returned any results") {
                return Ok(Vec::new());
            }
            return Err(ProviderError::Decode(crate::http::redact(&err, &[key])));
        }
        let mut out = Vec::new();
        for r in array(&v, list) {
            if news && r.get("link").is_none() {
                // A story cluster: its members carry the links.
                out.extend(
                    array(r, "stories")
                        .iter()
                        .filter_map(|s| item(s, params, true)),
                );
            } else {
                out.extend(item(r, params, news));
            }
        }
        out.truncate(usize::from(params.count));
        Ok(out)
    }
}

fn item(r: &Value, params: &SearchParams, news: bool) -> Option<SearchResult> {
    let url = text(r, "link")?;
    let published_at = ["iso_date", "date"]
        .iter()
        .filter_map(|k| text(r, k))
        .find_map(|d| parse_published(&d, params.now));
    let source = if news {
        match r.get("source") {
            Some(Value::String(s)) => Some(s.clone()),
            Some(obj @ Value::Object(_)) => text(obj, "name"),
            _ => None,
        }
    } else {
        None
    };
    Some(SearchResult {
        title: strip_tags(&text(r, "title").unwrap_or_else(|| url.clone())),
        snippet: strip_tags(&text(r, "snippet").unwrap_or_default()),
        published_at,
        source,
        score: None,
        url,
    })
}

impl SearchProvider for Serp {
    fn id(&self) -> ProviderId {
        ProviderId::Serp
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params, false))
    }
    fn news<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params, true))
    }
}
