//! [`Searcher`]: picks a provider (g.2), runs web and news searches with fallbacks (g.4,
//! g.5), and reports the providers (g.6).

use std::sync::Arc;

use jiff::Timestamp;

use crate::error::Attempt;
use crate::http::Http;
use crate::{
    Depth, Keys, ProviderError, ProviderId, SearchConfig, SearchError, SearchParams,
    SearchProvider, SearchResult, clamp_count,
};

/// The reason attached to a news search answered by scraping a general web search.
pub const UNKEYED_NEWS_REASON: &str = "No news-capable search API key is configured, so this fell back to scraping a general web search with a recency phrase. Publication dates are NOT reliable — do not use these results to decide which source is the most recent.";

/// The warning attached to answers from Google CSE.
pub const GOOGLE_CSE_WARNING: &str = "Google Custom Search JSON is closed to new customers and existing keys stop working on 2027-01-01; configure tavily, brave or serp instead.";

/// What a caller asks for; every field is optional. Matches the agent API's `web_search` and
/// `news_search` parameters (`maxResults` 1-20 default 8, `provider`, `days`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Number of results, clamped to 1..=20; `None` or 0 means 8.
    pub max_results: Option<u32>,
    /// A specific provider; `None` picks the best configured one.
    pub provider: Option<ProviderId>,
    /// Only results from the last `days` days, where the provider supports it. News defaults to 7.
    pub days: Option<u32>,
    /// Tavily's search depth.
    pub depth: Depth,
    /// Brave's two-letter `country`.
    pub country: Option<String>,
}

impl SearchOptions {
    /// All defaults.
    #[must_use]
    pub fn new() -> Self {
        SearchOptions::default()
    }
    /// Options from the agent API's raw arguments (`maxResults`, `provider`, `days` as JSON gives
    /// them): `maxResults` clamped per g.1 (non-positive or non-finite → 8, at most 20),
    /// `provider` parsed by name, `days` rounded into 1..=365 (non-positive or non-finite → none).
    ///
    /// # Errors
    /// [`SearchError::UnknownProvider`] for a provider name that is not one of the six.
    ///
    /// ```
    /// use aartiq_search::{ProviderId, SearchOptions};
    /// let o = SearchOptions::from_agent_args(Some(50.0), Some("brave"), Some(2.6))?;
    /// assert_eq!((o.max_results, o.provider, o.days), (Some(20), Some(ProviderId::Brave), Some(3)));
    /// assert!(SearchOptions::from_agent_args(None, Some("bing"), None).is_err());
    /// # Ok::<(), aartiq_search::SearchError>(())
    /// ```
    pub fn from_agent_args(
        max_results: Option<f64>,
        provider: Option<&str>,
        days: Option<f64>,
    ) -> Result<Self, SearchError> {
        let provider = match provider.map(str::trim).filter(|p| !p.is_empty()) {
            Some(p) => Some(p.parse::<ProviderId>()?),
            None => None,
        };
        let days = days
            .filter(|d| d.is_finite() && *d > 0.0)
            // In 1.0..=365.0 after the clamp, so the cast is exact.
            .map(|d| d.round().clamp(1.0, 365.0) as u32);
        Ok(SearchOptions {
            max_results: Some(u32::from(clamp_count(max_results.unwrap_or(0.0)))),
            provider,
            days,
            ..SearchOptions::default()
        })
    }

    /// Sets `max_results`.
    #[must_use]
    pub fn with_max_results(mut self, n: u32) -> Self {
        self.max_results = Some(n);
        self
    }
    /// Sets the provider.
    #[must_use]
    pub fn with_provider(mut self, provider: ProviderId) -> Self {
        self.provider = Some(provider);
        self
    }
    /// Sets `days`.
    #[must_use]
    pub fn with_days(mut self, days: u32) -> Self {
        self.days = Some(days);
        self
    }
    /// Sets the depth.
    #[must_use]
    pub fn with_depth(mut self, depth: Depth) -> Self {
        self.depth = depth;
        self
    }
}

/// The answer to a search: which provider answered, how, why, and the results.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchOutcome {
    /// The provider whose results these are.
    pub provider: ProviderId,
    /// True when the results were scraped from an HTML page.
    pub scraped: bool,
    /// True when `published_at` values can be used to order sources by recency.
    pub timestamps_reliable: bool,
    /// The provider that was asked for (or chosen) first, when another one answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback_from: Option<ProviderId>,
    /// Why the answer is not the plain one from the first choice (deprecation, failures,
    /// scraping instead of a news index).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Providers that were tried first and failed, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
    /// The results, at most the requested count.
    pub results: Vec<SearchResult>,
}

/// One row of [`Searcher::providers`]. Key values are never included.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderStatus {
    /// The provider.
    pub id: ProviderId,
    /// Display name.
    pub name: &'static str,
    /// The key names that configure it; `None` for the scrapers.
    pub key_env: Option<&'static str>,
    /// Whether what it needs is configured (always true for the scrapers).
    pub key_configured: bool,
    /// Whether it is compiled into this build (its cargo feature is on).
    pub compiled: bool,
    /// Whether a search would use it now: compiled, configured, and not past its end date.
    pub live: bool,
    /// Whether it scrapes an HTML page.
    pub scrapes: bool,
    /// Whether it has a news index.
    pub news_index: bool,
    /// Whether its results carry publication dates.
    pub dates: bool,
    /// Whether it is deprecated (Google CSE).
    pub deprecated: bool,
    /// A short note for a person choosing a provider.
    pub note: Option<&'static str>,
}

struct Slot {
    id: ProviderId,
    configured: bool,
    provider: Option<Box<dyn SearchProvider>>,
}

/// Web and news search over every configured provider, with the original's selection order and
/// honest fallbacks.
pub struct Searcher {
    slots: Vec<Slot>,
    now: Option<Timestamp>,
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field(
                "providers",
                &self
                    .slots
                    .iter()
                    .map(|s| (s.id, s.configured, s.provider.is_some()))
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Searcher {
    /// Builds the service and one shared HTTP client for all providers.
    ///
    /// # Errors
    /// [`SearchError::Client`] when the HTTP client cannot be built (TLS set-up).
    pub fn new(config: SearchConfig) -> Result<Self, SearchError> {
        let http = Arc::new(Http::new(&config)?);
        let slots = ProviderId::ALL
            .iter()
            .map(|&id| Slot {
                id,
                configured: config.keys.is_configured(id),
                provider: build(id, &config, &http),
            })
            .collect();
        Ok(Searcher {
            slots,
            now: config.now,
        })
    }

    /// Replaces the built-in provider with the same [`SearchProvider::id`] (a fake, a custom
    /// backend); the replacement counts as configured.
    #[must_use]
    pub fn with_provider(mut self, provider: impl SearchProvider + 'static) -> Self {
        let id = provider.id();
        if let Some(slot) = self.slots.iter_mut().find(|s| s.id == id) {
            slot.configured = true;
            slot.provider = Some(Box::new(provider));
        }
        self
    }

    fn now(&self) -> Timestamp {
        self.now.unwrap_or_else(Timestamp::now)
    }

    fn slot(&self, id: ProviderId) -> Option<&Slot> {
        self.slots.iter().find(|s| s.id == id)
    }

    /// True when the provider is compiled in, configured, and (Google CSE) not past its end.
    #[must_use]
    pub fn is_live(&self, id: ProviderId) -> bool {
        let ended = id == ProviderId::Google && google_ended(self.now());
        self.slot(id)
            .is_some_and(|s| s.configured && s.provider.is_some())
            && !ended
    }

    /// The provider a search without `provider` uses (g.2): tavily, brave, serp, google (key
    /// and engine id), else googlescrape.
    #[must_use]
    pub fn best_provider(&self) -> ProviderId {
        [
            ProviderId::Tavily,
            ProviderId::Brave,
            ProviderId::Serp,
            ProviderId::Google,
        ]
        .into_iter()
        .find(|&id| self.is_live(id))
        .unwrap_or(ProviderId::GoogleScrape)
    }

    /// The providers a caller may pick (g.2 order): googlescrape, duckduckgo, then each live
    /// keyed provider in the order google, brave, tavily, serp.
    #[must_use]
    pub fn available_providers(&self) -> Vec<ProviderId> {
        let mut out: Vec<ProviderId> = [ProviderId::GoogleScrape, ProviderId::DuckDuckGo]
            .into_iter()
            .filter(|&id| self.is_live(id))
            .collect();
        out.extend(
            [
                ProviderId::Google,
                ProviderId::Brave,
                ProviderId::Tavily,
                ProviderId::Serp,
            ]
            .into_iter()
            .filter(|&id| self.is_live(id)),
        );
        out
    }

    /// The six providers, in the order tavily, brave, serp, google, duckduckgo, googlescrape.
    #[must_use]
    pub fn providers(&self) -> Vec<ProviderStatus> {
        ProviderId::ALL
            .iter()
            .map(|&id| {
                let slot = self.slot(id);
                let compiled = slot.is_some_and(|s| s.provider.is_some());
                ProviderStatus {
                    id,
                    name: id.display_name(),
                    key_env: match id {
                        ProviderId::Tavily => Some("TAVILY_API_KEY"),
                        ProviderId::Brave => Some("BRAVE_API_KEY"),
                        ProviderId::Serp => Some("SERP_API_KEY or SERPAPI_API_KEY"),
                        ProviderId::Google => Some("GOOGLE_API_KEY + GOOGLE_SEARCH_ENGINE_ID"),
                        ProviderId::DuckDuckGo | ProviderId::GoogleScrape => None,
                    },
                    key_configured: slot.is_some_and(|s| s.configured),
                    compiled,
                    live: self.is_live(id),
                    scrapes: id.scrapes(),
                    news_index: id.has_news_index(),
                    dates: id.has_dates(),
                    deprecated: id.deprecated(),
                    note: match id {
                        ProviderId::Tavily => Some("Recommended default: 1,000 free credits/month, no card required."),
                        ProviderId::Serp => Some("250 free searches/month."),
                        ProviderId::Google => Some("Closed to new customers; existing keys stop working on 2027-01-01."),
                        ProviderId::Brave => None,
                        ProviderId::DuckDuckGo | ProviderId::GoogleScrape => {
                            Some("No key: scrapes a result page; rate-limited, slower, fragile, no publication dates.")
                        }
                    },
                }
            })
            .collect()
    }

    fn params(&self, opts: &SearchOptions, days: Option<u32>) -> SearchParams {
        let count = clamp_count(opts.max_results.map_or(0.0, f64::from));
        SearchParams {
            count,
            days: days.filter(|d| *d > 0).map(|d| d.min(365)),
            depth: opts.depth,
            country: opts.country.clone(),
            now: self.now(),
        }
    }

    async fn run(
        &self,
        id: ProviderId,
        query: &str,
        params: &SearchParams,
        news: bool,
    ) -> Result<Vec<SearchResult>, ProviderError> {
        let Some(slot) = self.slot(id) else {
            return Err(ProviderError::NotCompiled(id));
        };
        let Some(provider) = slot.provider.as_deref() else {
            return Err(ProviderError::NotCompiled(id));
        };
        if !slot.configured {
            return Err(not_configured(id));
        }
        let mut results = if news {
            provider.news(query, params).await?
        } else {
            provider.search(query, params).await?
        };
        results.truncate(usize::from(params.count));
        Ok(results)
    }

    /// A web search (g.4): the requested or best provider, Google CSE replaced by a live keyed
    /// API when there is one, then DuckDuckGo and Google scraping as fallbacks.
    ///
    /// # Errors
    /// [`SearchError::EmptyQuery`]; [`SearchError::AllProvidersFailed`] naming every provider
    /// tried and why it failed.
    pub async fn search(
        &self,
        query: &str,
        opts: &SearchOptions,
    ) -> Result<SearchOutcome, SearchError> {
        let query = query.trim();
        if query.is_empty() {
            return Err(SearchError::EmptyQuery);
        }
        let params = self.params(opts, opts.days);
        let first = opts.provider.unwrap_or_else(|| self.best_provider());
        let mut chosen = first;
        let mut notes: Vec<String> = Vec::new();
        if first == ProviderId::Google {
            let api = [ProviderId::Tavily, ProviderId::Brave, ProviderId::Serp]
                .into_iter()
                .find(|&id| self.is_live(id));
            if let Some(api) = api {
                chosen = api;
                notes.push(format!(
                    "google is deprecated for new signups; used {api} instead."
                ));
            } else if self.is_live(ProviderId::Google) {
                notes.push(GOOGLE_CSE_WARNING.to_owned());
            }
        }
        let mut chain = vec![chosen];
        for fb in [ProviderId::DuckDuckGo, ProviderId::GoogleScrape] {
            if !chain.contains(&fb) {
                chain.push(fb);
            }
        }
        let mut attempts: Vec<Attempt> = Vec::new();
        for id in chain {
            match self.run(id, query, &params, false).await {
                Ok(results) => {
                    if !attempts.is_empty() {
                        let failed: Vec<String> = attempts
                            .iter()
                            .map(|a| format!("{} failed ({})", a.provider, a.error))
                            .collect();
                        notes.push(format!("{}; fell back to {id}.", failed.join("; ")));
                    }
                    return Ok(SearchOutcome {
                        provider: id,
                        scraped: id.scrapes(),
                        timestamps_reliable: id.has_dates(),
                        fallback_from: (id != first).then_some(first),
                        reason: (!notes.is_empty()).then(|| notes.join(" ")),
                        attempts,
                        results,
                    });
                }
                Err(e) => attempts.push(Attempt {
                    provider: id,
                    error: e.to_string(),
                }),
            }
        }
        Err(SearchError::AllProvidersFailed { attempts })
    }

    /// A news search (g.5): the requested or first live news provider (tavily, brave, serp),
    /// then the other live ones; with no news index available, a scraped web search with a
    /// recency phrase, marked `timestamps_reliable: false` with every date cleared.
    ///
    /// # Errors
    /// [`SearchError::EmptyQuery`]; [`SearchError::AllProvidersFailed`] naming every provider
    /// tried and why it failed.
    pub async fn news_search(
        &self,
        query: &str,
        opts: &SearchOptions,
    ) -> Result<SearchOutcome, SearchError> {
        let query = query.trim();
        if query.is_empty() {
            return Err(SearchError::EmptyQuery);
        }
        let days = opts.days.filter(|d| *d > 0).unwrap_or(7);
        let params = self.params(opts, Some(days));
        let keyed: Vec<ProviderId> = [ProviderId::Tavily, ProviderId::Brave, ProviderId::Serp]
            .into_iter()
            .filter(|&id| self.is_live(id))
            .collect();
        let requested = opts.provider.or_else(|| keyed.first().copied());
        let mut attempts: Vec<Attempt> = Vec::new();

        if let Some(req) = requested.filter(|r| r.has_news_index()) {
            let mut chain = vec![req];
            chain.extend(keyed.iter().copied().filter(|&k| k != req));
            for id in chain {
                match self.run(id, query, &params, true).await {
                    Ok(results) => {
                        let reason = (!attempts.is_empty()).then(|| {
                            let failed: Vec<String> = attempts
                                .iter()
                                .map(|a| format!("{} failed ({})", a.provider, a.error))
                                .collect();
                            format!("{}; used {id} instead.", failed.join("; "))
                        });
                        return Ok(SearchOutcome {
                            provider: id,
                            scraped: false,
                            timestamps_reliable: true,
                            fallback_from: (id != req).then_some(req),
                            reason,
                            attempts,
                            results,
                        });
                    }
                    Err(e) => attempts.push(Attempt {
                        provider: id,
                        error: e.to_string(),
                    }),
                }
            }
        }

        // No news index answered: scrape a general web search with a recency phrase.
        let phrased = if days <= 1 {
            format!("{query} today")
        } else {
            format!("{query} past {days} days")
        };
        let mut chain: Vec<ProviderId> = Vec::new();
        if let Some(r) = requested.filter(|r| r.scrapes()) {
            chain.push(r);
        }
        for s in [ProviderId::DuckDuckGo, ProviderId::GoogleScrape] {
            if !chain.contains(&s) {
                chain.push(s);
            }
        }
        let mut web_params = params.clone();
        web_params.days = None;
        for id in chain {
            match self.run(id, &phrased, &web_params, false).await {
                Ok(mut results) => {
                    for r in &mut results {
                        r.published_at = None;
                    }
                    let mut reason = String::new();
                    if let Some(r) = requested.filter(|r| !r.has_news_index() && !r.scrapes()) {
                        reason.push_str(&format!("{r} has no news index. "));
                    }
                    for a in &attempts {
                        reason.push_str(&format!("{} failed ({}). ", a.provider, a.error));
                    }
                    reason.push_str(UNKEYED_NEWS_REASON);
                    let fallback_from = requested.filter(|&r| r != id);
                    return Ok(SearchOutcome {
                        provider: id,
                        scraped: true,
                        timestamps_reliable: false,
                        fallback_from,
                        reason: Some(reason),
                        attempts,
                        results,
                    });
                }
                Err(e) => attempts.push(Attempt {
                    provider: id,
                    error: e.to_string(),
                }),
            }
        }
        Err(SearchError::AllProvidersFailed { attempts })
    }
}

fn not_configured(id: ProviderId) -> ProviderError {
    let needs = match id {
        ProviderId::Tavily => "TAVILY_API_KEY",
        ProviderId::Brave => "BRAVE_API_KEY",
        ProviderId::Serp => "SERP_API_KEY or SERPAPI_API_KEY",
        ProviderId::Google => "GOOGLE_API_KEY + GOOGLE_SEARCH_ENGINE_ID",
        ProviderId::DuckDuckGo | ProviderId::GoogleScrape => "nothing",
    };
    ProviderError::NotConfigured {
        provider: id,
        needs,
    }
}

/// The first day Google CSE no longer serves, `YYYY-MM-DD`.
pub(crate) const GOOGLE_CSE_END_DATE: &str = "2027-01-01";

/// True once Google CSE has stopped serving.
pub(crate) fn google_ended(now: Timestamp) -> bool {
    match format!("{GOOGLE_CSE_END_DATE}T00:00:00Z").parse::<Timestamp>() {
        Ok(end) => now >= end,
        Err(_) => false,
    }
}

#[allow(unused_variables)] // With some provider features off, not every argument is used.
fn build(
    id: ProviderId,
    config: &SearchConfig,
    http: &Arc<Http>,
) -> Option<Box<dyn SearchProvider>> {
    let keys: &Keys = &config.keys;
    let ep = &config.endpoints;
    match id {
        #[cfg(feature = "tavily")]
        ProviderId::Tavily => Some(Box::new(crate::providers::tavily::Tavily {
            http: Arc::clone(http),
            base: ep.tavily.trim_end_matches('/').to_owned(),
            key: keys.tavily().map(str::to_owned),
        })),
        #[cfg(feature = "brave")]
        ProviderId::Brave => Some(Box::new(crate::providers::brave::Brave {
            http: Arc::clone(http),
            base: ep.brave.trim_end_matches('/').to_owned(),
            key: keys.brave().map(str::to_owned),
        })),
        #[cfg(feature = "serpapi")]
        ProviderId::Serp => Some(Box::new(crate::providers::serp::Serp {
            http: Arc::clone(http),
            base: ep.serp.trim_end_matches('/').to_owned(),
            key: keys.serp().map(str::to_owned),
        })),
        #[cfg(feature = "google-cse")]
        ProviderId::Google => Some(Box::new(crate::providers::google_cse::GoogleCse {
            http: Arc::clone(http),
            base: ep.google_cse.trim_end_matches('/').to_owned(),
            key: keys.google().map(|(k, c)| (k.to_owned(), c.to_owned())),
        })),
        #[cfg(feature = "duckduckgo")]
        ProviderId::DuckDuckGo => Some(Box::new(crate::providers::duckduckgo::DuckDuckGo {
            http: Arc::clone(http),
            html_base: ep.duckduckgo_html.trim_end_matches('/').to_owned(),
            api_base: ep.duckduckgo_api.trim_end_matches('/').to_owned(),
            politeness: crate::http::Politeness::new(config.scrape_interval),
        })),
        #[cfg(feature = "google-scrape")]
        ProviderId::GoogleScrape => Some(Box::new(crate::providers::google_scrape::GoogleScrape {
            http: Arc::clone(http),
            base: ep.google_scrape.trim_end_matches('/').to_owned(),
            politeness: crate::http::Politeness::new(config.scrape_interval),
        })),
        #[allow(unreachable_patterns)] // Reached only when a provider's feature is off.
        _ => None,
    }
}
