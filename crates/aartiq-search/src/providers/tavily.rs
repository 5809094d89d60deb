//! Tavily: `POST /search` with a JSON body; web and news (`topic: "news"`, `days`).

use std::sync::Arc;

use serde_json::{Value, json};

use super::{array, json_body, text};
use crate::http::{Call, Http};
use crate::normalize::collapse_ws;
use crate::{
    Depth, ProviderError, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult,
    parse_published,
};

// No `Debug`: the struct holds an API key.
pub(crate) struct Tavily {
    pub(crate) http: Arc<Http>,
    pub(crate) base: String,
    pub(crate) key: Option<String>,
}

impl Tavily {
    async fn run(
        &self,
        query: &str,
        params: &SearchParams,
        news: bool,
    ) -> Result<Vec<SearchResult>, ProviderError> {
        let key = self.key.as_deref().ok_or(ProviderError::NotConfigured {
            provider: ProviderId::Tavily,
            needs: "TAVILY_API_KEY",
        })?;
        let mut body = json!({
            "api_key": key,
            "query": query,
            "search_depth": match params.depth { Depth::Advanced => "advanced", Depth::Basic => "basic" },
            "max_results": params.count,
            "include_answer": false,
        });
        let days = if news {
            Some(params.days.unwrap_or(7))
        } else {
            params.days
        };
        if let Some(obj) = body.as_object_mut() {
            if let Some(d) = days {
                obj.insert("days".into(), json!(d.clamp(1, 365)));
            }
            if news {
                obj.insert("topic".into(), json!("news"));
            }
        }
        let url = format!("{}/search", self.base);
        let answer = self
            .http
            .send(
                Call {
                    label: "Tavily Search",
                    secrets: &[key],
                    retry: true,
                },
                || self.http.client().post(&url).bearer_auth(key).json(&body),
            )
            .await?;
        Ok(parse(&json_body(&answer.body)?, params))
    }
}

fn parse(v: &Value, params: &SearchParams) -> Vec<SearchResult> {
    array(v, "results")
        .iter()
        .filter_map(|r| {
            let url = text(r, "url")?;
            Some(SearchResult {
                title: collapse_ws(&text(r, "title").unwrap_or_else(|| url.clone())),
                snippet: collapse_ws(&text(r, "content").unwrap_or_default()),
                published_at: text(r, "published_date")
                    .and_then(|d| parse_published(&d, params.now)),
                source: None,
                score: r.get("score").and_then(Value::as_f64),
                url,
            })
        })
        .take(usize::from(params.count))
        .collect()
}

impl SearchProvider for Tavily {
    fn id(&self) -> ProviderId {
        ProviderId::Tavily
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params, false))
    }
    fn news<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params, true))
    }
}
