//! Selection, `providers()` for every key combination, news paths, fallbacks and key lookup.

use std::collections::BTreeMap;

use aartiq_search::{
    Keys, ProviderError, ProviderId, SearchError, SearchFuture, SearchOptions, SearchParams,
    SearchProvider, SearchResult, UNKEYED_NEWS_REASON,
};

use crate::server::{Reply, Server};
use crate::{data, dead_endpoints, service};

fn all_key_combinations() -> Vec<(String, Keys)> {
    let mut out = Vec::new();
    for mask in 0u8..32 {
        let mut keys = Keys::none();
        let mut name = Vec::new();
        if mask & 1 != 0 {
            keys = keys.with_tavily("t-key");
            name.push("tavily");
        }
        if mask & 2 != 0 {
            keys = keys.with_brave("b-key");
            name.push("brave");
        }
        if mask & 4 != 0 {
            keys = keys.with_serp("s-key");
            name.push("serp");
        }
        // Bit 8: Google key only (no engine id): not configured. Bit 16: key and engine id.
        if mask & 8 != 0 && mask & 16 == 0 {
            keys = keys.with_google("g-key", "");
            name.push("google-key-only");
        }
        if mask & 16 != 0 {
            keys = keys.with_google("g-key", "cx");
            name.push("google");
        }
        out.push((name.join("+"), keys));
    }
    out
}

#[test]
fn providers_report_matches_keys_in_every_combination() {
    for (name, keys) in all_key_combinations() {
        let svc = service(keys.clone(), dead_endpoints());
        let info = svc.providers();
        let ids: Vec<ProviderId> = info.iter().map(|p| p.id).collect();
        assert_eq!(ids, ProviderId::ALL.to_vec(), "{name}");
        for p in &info {
            let want = match p.id {
                ProviderId::Tavily => name.split('+').any(|n| n == "tavily"),
                ProviderId::Brave => name.split('+').any(|n| n == "brave"),
                ProviderId::Serp => name.split('+').any(|n| n == "serp"),
                ProviderId::Google => name.split('+').any(|n| n == "google"),
                ProviderId::DuckDuckGo | ProviderId::GoogleScrape => true,
            };
            assert_eq!(p.key_configured, want, "{name}: {:?}", p.id);
            assert_eq!(p.live, want, "{name}: {:?}", p.id);
            assert!(p.compiled);
            assert_eq!(p.scrapes, p.id.scrapes());
            assert_eq!(
                p.news_index,
                matches!(
                    p.id,
                    ProviderId::Tavily | ProviderId::Brave | ProviderId::Serp
                )
            );
            assert_eq!(p.dates, p.news_index);
            assert_eq!(p.deprecated, p.id == ProviderId::Google);
        }
        // g.2: best provider, and the available list order.
        let live = |id| keys.is_configured(id);
        let best = [
            ProviderId::Tavily,
            ProviderId::Brave,
            ProviderId::Serp,
            ProviderId::Google,
        ]
        .into_iter()
        .find(|&id| live(id))
        .unwrap_or(ProviderId::GoogleScrape);
        assert_eq!(svc.best_provider(), best, "{name}");
        let mut avail = vec![ProviderId::GoogleScrape, ProviderId::DuckDuckGo];
        avail.extend(
            [
                ProviderId::Google,
                ProviderId::Brave,
                ProviderId::Tavily,
                ProviderId::Serp,
            ]
            .into_iter()
            .filter(|&id| live(id)),
        );
        assert_eq!(svc.available_providers(), avail, "{name}");
    }
}

#[test]
fn providers_report_snapshot_never_shows_key_values() {
    let svc = service(
        Keys::none()
            .with_tavily("tvly-VALUE")
            .with_google("AIza-VALUE", "cx-VALUE"),
        dead_endpoints(),
    );
    let json = serde_json::to_string(&svc.providers()).unwrap();
    assert!(!json.contains("VALUE"));
    assert!(!format!("{svc:?}").contains("VALUE"));
    insta::assert_json_snapshot!(svc.providers());
}

#[test]
fn key_lookup_explicit_then_env_with_aliases() {
    let explicit = BTreeMap::from([
        ("SERPAPI_API_KEY".to_owned(), "  ".to_owned()),
        ("GOOGLE_CSE_API_KEY".to_owned(), "g-explicit".to_owned()),
    ]);
    let env = |name: &str| match name {
        "SERPAPI_API_KEY" => Some(" s-env ".to_owned()),
        "GOOGLE_API_KEY" => Some("g-env".to_owned()),
        "GOOGLE_SEARCH_ENGINE_ID" => Some("cx".to_owned()),
        "TAVILY_KEY" => Some(String::new()),
        _ => None,
    };
    let keys = Keys::resolve(&explicit, env);
    assert!(
        !keys.is_configured(ProviderId::Tavily),
        "empty values are unset"
    );
    assert!(
        keys.is_configured(ProviderId::Serp),
        "blank explicit value falls through to env alias"
    );
    assert!(keys.is_configured(ProviderId::Google));
    assert!(!keys.is_configured(ProviderId::Brave));
    assert_eq!(
        format!("{keys:?}"),
        r#"Keys { tavily: "unset", brave: "unset", serp: "set", google: "set", google_engine: "set" }"#
    );
    // Lookup is per name in order: canonical GOOGLE_API_KEY in env beats the explicit alias.
    let only_alias = Keys::resolve(&explicit, |_| None);
    assert!(
        !only_alias.is_configured(ProviderId::Google),
        "no engine id"
    );
}

#[test]
fn provider_names_parse_and_unknown_names_are_errors() {
    for id in ProviderId::ALL {
        assert_eq!(id.as_str().parse::<ProviderId>().unwrap(), id);
    }
    assert_eq!("SerpAPI".parse::<ProviderId>().unwrap(), ProviderId::Serp);
    assert_eq!(
        "bing".parse::<ProviderId>(),
        Err(SearchError::UnknownProvider("bing".into()))
    );
}

#[tokio::test]
async fn empty_query_is_refused_without_egress() {
    let svc = service(Keys::none(), dead_endpoints());
    assert_eq!(
        svc.search("   ", &SearchOptions::new()).await,
        Err(SearchError::EmptyQuery)
    );
    assert_eq!(
        svc.news_search("", &SearchOptions::new()).await,
        Err(SearchError::EmptyQuery)
    );
}

#[tokio::test]
async fn deprecated_google_is_replaced_by_a_live_api_and_named() {
    let brave = Server::fixed(Reply::json(data("api/brave-web.json"))).await;
    let mut ep = dead_endpoints();
    ep.brave = brave.base.clone();
    let svc = service(Keys::none().with_brave("b-key").with_google("g", "cx"), ep);
    let out = svc
        .search(
            "rust",
            &SearchOptions::new().with_provider(ProviderId::Google),
        )
        .await
        .unwrap();
    assert_eq!(out.provider, ProviderId::Brave);
    assert_eq!(out.fallback_from, Some(ProviderId::Google));
    assert_eq!(
        out.reason.as_deref(),
        Some("google is deprecated for new signups; used brave instead.")
    );
}

#[tokio::test]
async fn explicit_unconfigured_provider_falls_back_honestly() {
    let ddg = Server::fixed(Reply::html(data("duckduckgo/classic.html"))).await;
    let mut ep = dead_endpoints();
    ep.duckduckgo_html = ddg.base.clone();
    let svc = service(Keys::none(), ep);
    let out = svc
        .search("q", &SearchOptions::new().with_provider(ProviderId::Tavily))
        .await
        .unwrap();
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert_eq!(
        out.reason.as_deref(),
        Some(
            "tavily failed (tavily is not configured: set TAVILY_API_KEY); fell back to duckduckgo."
        )
    );
    assert_eq!(out.attempts.len(), 1);
}

#[tokio::test]
async fn max_results_clamps() {
    let server = Server::fixed(Reply::json(data("api/tavily-web.json"))).await;
    let mut ep = dead_endpoints();
    ep.tavily = server.base.clone();
    let svc = service(Keys::none().with_tavily("k-123"), ep);
    for (asked, sent) in [
        (None, 8u8),
        (Some(0), 8),
        (Some(1), 1),
        (Some(20), 20),
        (Some(99), 20),
    ] {
        let mut opts = SearchOptions::new();
        opts.max_results = asked;
        let out = svc.search("q", &opts).await.unwrap();
        assert!(out.results.len() <= usize::from(sent));
        let body = server.requests().last().unwrap().json();
        assert_eq!(body["max_results"], sent, "{asked:?}");
    }
}

#[tokio::test]
async fn news_falls_through_keyed_providers_in_order() {
    let tavily = Server::fixed(Reply::status(500, "{\"detail\":\"internal\"}")).await;
    let serp = Server::fixed(Reply::json(data("api/serp-news.json"))).await;
    let mut ep = dead_endpoints();
    ep.tavily = tavily.base.clone();
    ep.serp = serp.base.clone();
    let svc = service(Keys::none().with_tavily("t").with_serp("s-key"), ep);
    let out = svc
        .news_search("rust compiler", &SearchOptions::new())
        .await
        .unwrap();
    assert_eq!(tavily.requests().len(), 3, "500 retried twice");
    assert_eq!(out.provider, ProviderId::Serp);
    assert!(!out.scraped);
    assert!(out.timestamps_reliable);
    assert_eq!(out.fallback_from, Some(ProviderId::Tavily));
    assert_eq!(
        out.reason.as_deref(),
        Some(
            "tavily failed (Tavily Search error 500: {\"detail\":\"internal\"}); used serp instead."
        )
    );
    assert_eq!(
        serp.only_request().param("tbs"),
        Some("qdr:d7"),
        "news defaults to 7 days"
    );
}

#[tokio::test]
async fn news_without_a_news_key_scrapes_with_a_recency_phrase_and_no_dates() {
    let ddg = Server::fixed(Reply::html(data("duckduckgo/classic.html"))).await;
    let mut ep = dead_endpoints();
    ep.duckduckgo_html = ddg.base.clone();
    let svc = service(Keys::none().with_google("g", "cx"), ep);
    let out = svc
        .news_search("rust lifetimes", &SearchOptions::new().with_days(1))
        .await
        .unwrap();
    assert_eq!(ddg.only_request().param("q"), Some("rust lifetimes today"));
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert!(out.scraped);
    assert!(!out.timestamps_reliable);
    assert_eq!(out.reason.as_deref(), Some(UNKEYED_NEWS_REASON));
    assert!(out.results.iter().all(|r| r.published_at.is_none()));

    svc.news_search("rust lifetimes", &SearchOptions::new())
        .await
        .unwrap();
    assert_eq!(
        ddg.requests()[1].param("q"),
        Some("rust lifetimes past 7 days")
    );
}

#[tokio::test]
async fn news_with_every_provider_failing_names_each() {
    let svc = service(Keys::none().with_brave("b-key"), dead_endpoints());
    let err = svc
        .news_search("q", &SearchOptions::new())
        .await
        .unwrap_err();
    let SearchError::AllProvidersFailed { attempts } = err else {
        panic!()
    };
    let tried: Vec<ProviderId> = attempts.iter().map(|a| a.provider).collect();
    assert_eq!(
        tried,
        vec![
            ProviderId::Brave,
            ProviderId::DuckDuckGo,
            ProviderId::GoogleScrape
        ]
    );
    assert!(
        attempts
            .iter()
            .all(|a| a.error.starts_with("request failed: could not connect")),
        "{attempts:?}"
    );
}

/// A fake that records what it was asked and answers with a date, to check the service's
/// handling independently of HTTP.
struct Fake(ProviderId, std::sync::Mutex<Vec<(String, SearchParams)>>);

impl SearchProvider for Fake {
    fn id(&self) -> ProviderId {
        self.0
    }
    fn search<'a>(&'a self, query: &'a str, params: &'a SearchParams) -> SearchFuture<'a> {
        self.1
            .lock()
            .unwrap()
            .push((query.to_owned(), params.clone()));
        let hits: Vec<SearchResult> = (0..30)
            .map(|i| SearchResult {
                title: format!("t{i}"),
                url: format!("https://e{i}.example/"),
                snippet: String::new(),
                published_at: Some(params.now),
                source: None,
                score: None,
            })
            .collect();
        Box::pin(async move { Ok(hits) })
    }
}

#[tokio::test]
async fn injected_provider_counts_as_live_and_results_are_truncated() {
    let svc = service(Keys::none(), dead_endpoints())
        .with_provider(Fake(ProviderId::DuckDuckGo, Default::default()));
    // A fake DuckDuckGo without news: the unkeyed news path uses its web search and clears dates.
    let out = svc
        .news_search("q", &SearchOptions::new().with_max_results(3))
        .await
        .unwrap();
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert_eq!(out.results.len(), 3);
    assert!(out.results.iter().all(|r| r.published_at.is_none()));

    let svc = service(Keys::none(), dead_endpoints())
        .with_provider(Fake(ProviderId::Serp, Default::default()));
    assert!(svc.is_live(ProviderId::Serp));
    // Fake Serp has no news index method: NoNewsIndex, then the unkeyed path (dead) fails.
    let err = svc
        .news_search("q", &SearchOptions::new())
        .await
        .unwrap_err();
    let SearchError::AllProvidersFailed { attempts } = err else {
        panic!()
    };
    assert_eq!(
        attempts[0].error,
        ProviderError::NoNewsIndex(ProviderId::Serp).to_string()
    );
}

#[test]
fn service_and_its_futures_are_send_and_sync() {
    fn send<T: Send>(_: &T) {}
    fn sync<T: Sync>(_: &T) {}
    let svc = service(Keys::none(), dead_endpoints());
    sync(&svc);
    send(&svc);
    let opts = SearchOptions::new();
    // Not awaited: only the types are checked, so the tools crate can spawn these.
    send(&svc.search("q", &opts));
    send(&svc.news_search("q", &opts));
}
