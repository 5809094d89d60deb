//! Google's result page, fetched and parsed. No key; a 429 or captcha is returned at once (no
//! retry) so the service can fall back to DuckDuckGo.

use std::sync::Arc;

use crate::http::{Call, Http, Politeness};
use crate::scrape::parse_google;
use crate::{ProviderError, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult};

#[derive(Debug)]
pub(crate) struct GoogleScrape {
    pub(crate) http: Arc<Http>,
    pub(crate) base: String,
    pub(crate) politeness: Politeness,
}

impl GoogleScrape {
    async fn run(
        &self,
        query: &str,
        params: &SearchParams,
    ) -> Result<Vec<SearchResult>, ProviderError> {
        self.politeness.wait_turn().await;
        let url = format!("{}/search", self.base);
        let pairs = [
            ("q", query.to_owned()),
            ("num", params.count.min(20).to_string()),
            ("hl", "en".to_owned()),
        ];
        let answer = self
            .http
            .send(
                Call {
                    label: "Google",
                    secrets: &[],
                    retry: false,
                },
                || {
                    self.http
                        .client()
                        .get(&url)
                        .query(&pairs)
                        .header(reqwest::header::ACCEPT, crate::http::HTML_ACCEPT)
                },
            )
            .await?;
        if answer.final_url.contains("/sorry/") {
            return Err(ProviderError::Blocked);
        }
        Ok(parse_google(&answer.body)?
            .into_iter()
            .take(usize::from(params.count))
            .map(|h| SearchResult {
                title: h.title,
                url: h.url,
                snippet: h.snippet,
                published_at: None,
                source: None,
                score: None,
            })
            .collect())
    }
}

impl SearchProvider for GoogleScrape {
    fn id(&self) -> ProviderId {
        ProviderId::GoogleScrape
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(self.run(query, params))
    }
}
