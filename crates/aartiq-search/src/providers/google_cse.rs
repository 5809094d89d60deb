//! Google Custom Search JSON API: `GET /customsearch/v1`. Closed to new customers; existing keys
//! stop working on 2027-01-01, after which this provider refuses without sending anything.

use std::sync::Arc;

use super::{array, json_body, text};
use crate::http::{Call, Http};
use crate::normalize::collapse_ws;
use crate::{ProviderError, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult};

use crate::service::{GOOGLE_CSE_END_DATE as END_DATE, google_ended as ended};

// No `Debug`: the struct holds an API key.
pub(crate) struct GoogleCse {
    pub(crate) http: Arc<Http>,
    pub(crate) base: String,
    pub(crate) key: Option<(String, String)>,
}

impl GoogleCse {
    async fn run(
        &self,
        query: &str,
        params: &SearchParams,
    ) -> Result<Vec<SearchResult>, ProviderError> {
        let (key, cx) = self.key.as_ref().ok_or(ProviderError::NotConfigured {
            provider: ProviderId::Google,
            needs: "GOOGLE_API_KEY + GOOGLE_SEARCH_ENGINE_ID",
        })?;
        if ended(params.now) {
            return Err(ProviderError::Ended {
                provider: ProviderId::Google,
                date: END_DATE,
            });
        }
        let mut pairs: Vec<(&str, String)> = vec![
            ("q", query.to_owned()),
            ("key", key.clone()),
            ("cx", cx.clone()),
            ("num", params.count.min(10).to_string()),
        ];
        if let Some(days) = params.days {
            pairs.push(("dateRestrict", format!("d{days}")));
        }
        let url = format!("{}/customsearch/v1", self.base);
        let answer = self
            .http
            .send(
                Call {
                    label: "Google Custom Search",
                    secrets: &[key.as_str()],
                    retry: true,
                },
                || self.http.client().get(&url).query(&pairs),
            )
            .await?;
        let v = json_body(&answer.body)?;
        Ok(array(&v, "items")
            .iter()
            .filter_map(|r| {
                let url = text(r, "link")?;
                Some(SearchResult {
                    title: collapse_ws(&text(r, "title").unwrap_or_else(|| url.clone())),
                    snippet: collapse_ws(&text(r, "snippet").unwrap_or_default()),
                    published_at: None,
                    source: None,
                    score: None,
                    url,
                })
            })
            .take(usize::from(params.count))
            .collect())
    }
}

impl SearchProvider for GoogleCse {
    fn id(&self) -> ProviderId {
        ProviderId::Google
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params))
    }
}
