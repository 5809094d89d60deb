//! The keyed APIs: each request asserted as the server saw it, each documented answer parsed.

use aartiq_search::{Depth, Keys, ProviderId, SearchError, SearchOptions};
use serde_json::json;

use crate::server::{Reply, Server};
use crate::{data, dead_endpoints, service};

#[tokio::test]
async fn tavily_web_request_and_parse() {
    let server = Server::fixed(Reply::json(data("api/tavily-web.json"))).await;
    let mut ep = dead_endpoints();
    ep.tavily = server.base.clone();
    let svc = service(Keys::none().with_tavily("tvly-SECRET1"), ep);
    let out = svc
        .search(
            "rust async runtime",
            &SearchOptions::new()
                .with_max_results(3)
                .with_depth(Depth::Advanced),
        )
        .await
        .unwrap();

    let req = server.only_request();
    assert_eq!(req.method, "POST");
    assert_eq!(req.path, "/search");
    assert_eq!(req.header("content-type"), Some("application/json"));
    assert_eq!(req.header("authorization"), Some("Bearer tvly-SECRET1"));
    assert!(
        req.header("user-agent")
            .unwrap()
            .starts_with("aartiq-search/")
    );
    assert_eq!(
        req.json(),
        json!({"api_key": "tvly-SECRET1", "query": "rust async runtime", "search_depth": "advanced",
               "max_results": 3, "include_answer": false})
    );
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn tavily_news_sends_topic_and_days_and_parses_dates() {
    let server = Server::fixed(Reply::json(data("api/tavily-news.json"))).await;
    let mut ep = dead_endpoints();
    ep.tavily = server.base.clone();
    let svc = service(Keys::none().with_tavily("tvly-SECRET1"), ep);
    let out = svc
        .news_search("rust release", &SearchOptions::new().with_days(3))
        .await
        .unwrap();
    let body = server.only_request().json();
    assert_eq!(body["topic"], "news");
    assert_eq!(body["days"], 3);
    assert_eq!(body["max_results"], 8);
    assert_eq!(body["search_depth"], "basic");
    assert!(out.timestamps_reliable);
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn tavily_web_days_is_passed_only_when_set() {
    let server = Server::fixed(Reply::json(r#"{"results":[]}"#)).await;
    let mut ep = dead_endpoints();
    ep.tavily = server.base.clone();
    let svc = service(Keys::none().with_tavily("k-123"), ep);
    svc.search("q", &SearchOptions::new()).await.unwrap();
    svc.search("q", &SearchOptions::new().with_days(900))
        .await
        .unwrap();
    let reqs = server.requests();
    assert!(reqs[0].json().get("days").is_none());
    assert_eq!(reqs[1].json()["days"], 365);
}

#[tokio::test]
async fn brave_web_request_freshness_and_parse() {
    let server = Server::fixed(Reply::json(data("api/brave-web.json"))).await;
    let mut ep = dead_endpoints();
    ep.brave = server.base.clone();
    let svc = service(Keys::none().with_brave("BSA-secret"), ep);
    let mut opts = SearchOptions::new().with_max_results(5).with_days(7);
    opts.country = Some("us".into());
    let out = svc.search("rust programming", &opts).await.unwrap();
    let req = server.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/res/v1/web/search");
    assert_eq!(
        req.query,
        vec![
            ("q".to_owned(), "rust programming".to_owned()),
            ("count".to_owned(), "5".to_owned()),
            ("freshness".to_owned(), "pw".to_owned()),
            ("country".to_owned(), "us".to_owned()),
        ]
    );
    assert_eq!(req.header("x-subscription-token"), Some("BSA-secret"));
    assert_eq!(req.header("accept"), Some("application/json"));
    assert_eq!(out.provider, ProviderId::Brave);
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn brave_news_request_and_parse() {
    let server = Server::fixed(Reply::json(data("api/brave-news.json"))).await;
    let mut ep = dead_endpoints();
    ep.brave = server.base.clone();
    let svc = service(Keys::none().with_brave("BSA-secret"), ep);
    let out = svc
        .news_search("rust foundation", &SearchOptions::new().with_days(1))
        .await
        .unwrap();
    let req = server.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/res/v1/news/search");
    assert_eq!(req.param("q"), Some("rust foundation"));
    assert_eq!(req.param("freshness"), Some("pd"));
    assert_eq!(req.param("count"), Some("8"));
    assert_eq!(req.header("accept"), Some("application/json"));
    assert_eq!(req.header("x-subscription-token"), Some("BSA-secret"));
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn serp_web_request_and_parse() {
    let server = Server::fixed(Reply::json(data("api/serp-web.json"))).await;
    let mut ep = dead_endpoints();
    ep.serp = server.base.clone();
    let svc = service(Keys::none().with_serp("serp-secret"), ep);
    let out = svc
        .search(
            "rust borrow checker",
            &SearchOptions::new().with_max_results(5),
        )
        .await
        .unwrap();
    let req = server.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/search");
    assert_eq!(req.param("q"), Some("rust borrow checker"));
    assert_eq!(req.param("api_key"), Some("serp-secret"));
    assert_eq!(req.param("num"), Some("5"));
    assert_eq!(req.param("engine"), Some("google"));
    assert_eq!(req.param("tbs"), None);
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn serp_news_request_flattens_story_clusters() {
    let server = Server::fixed(Reply::json(data("api/serp-news.json"))).await;
    let mut ep = dead_endpoints();
    ep.serp = server.base.clone();
    let svc = service(Keys::none().with_serp("serp-secret"), ep);
    let out = svc
        .news_search("rust compiler", &SearchOptions::new().with_days(90))
        .await
        .unwrap();
    let req = server.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/search.json");
    assert_eq!(req.param("api_key"), Some("serp-secret"));
    assert_eq!(req.param("q"), Some("rust compiler"));
    assert_eq!(req.param("num"), Some("8"));
    assert_eq!(req.param("engine"), Some("google_news"));
    assert_eq!(
        req.param("tbs"),
        Some("qdr:d30"),
        "days clamp to 30 for google_news"
    );
    assert_eq!(out.results.len(), 4);
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn serp_empty_result_error_is_an_empty_answer() {
    let server = Server::fixed(Reply::json(
        r#"{"search_metadata":{"status":"Success"},"error":"Google hasn't returned any results for this query."}"#,
    ))
    .await;
    let mut ep = dead_endpoints();
    ep.serp = server.base.clone();
    let svc = service(Keys::none().with_serp("serp-secret"), ep);
    let out = svc.search("xqzvw", &SearchOptions::new()).await.unwrap();
    assert_eq!(out.provider, ProviderId::Serp);
    assert!(out.results.is_empty());
}

#[tokio::test]
async fn google_cse_is_used_with_a_warning_when_it_is_the_only_key() {
    let server = Server::fixed(Reply::json(data("api/google-cse.json"))).await;
    let mut ep = dead_endpoints();
    ep.google_cse = server.base.clone();
    let svc = service(Keys::none().with_google("AIza-secret", "cx-1"), ep);
    assert_eq!(svc.best_provider(), ProviderId::Google);
    let out = svc
        .search(
            "rust",
            &SearchOptions::new().with_max_results(15).with_days(30),
        )
        .await
        .unwrap();
    let req = server.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/customsearch/v1");
    assert_eq!(req.param("key"), Some("AIza-secret"));
    assert_eq!(req.param("cx"), Some("cx-1"));
    assert_eq!(req.param("num"), Some("10"), "CSE caps num at 10");
    assert_eq!(req.param("dateRestrict"), Some("d30"));
    assert!(!out.timestamps_reliable);
    assert!(out.results.iter().all(|r| r.published_at.is_none()));
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn google_cse_error_falls_back_and_names_the_status_without_the_key() {
    let cse = Server::fixed(Reply::status(403, data("api/google-cse-error.json"))).await;
    let ddg = Server::fixed(Reply::html(data("duckduckgo/classic.html"))).await;
    let mut ep = dead_endpoints();
    ep.google_cse = cse.base.clone();
    ep.duckduckgo_html = ddg.base.clone();
    let svc = service(Keys::none().with_google("AIza-secret", "cx-1"), ep);
    let out = svc.search("rust", &SearchOptions::new()).await.unwrap();
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert_eq!(out.fallback_from, Some(ProviderId::Google));
    let reason = out.reason.unwrap();
    assert!(
        reason.contains("google failed (Google Custom Search error 403:"),
        "{reason}"
    );
    assert!(reason.contains("fell back to duckduckgo"), "{reason}");
    assert!(!reason.contains("AIza-secret"));
    assert_eq!(cse.requests().len(), 1, "403 is not retried");
}

#[tokio::test]
async fn google_cse_after_its_end_date_sends_nothing() {
    let cse = Server::fixed(Reply::json(data("api/google-cse.json"))).await;
    let ddg = Server::fixed(Reply::html(data("duckduckgo/classic.html"))).await;
    let mut ep = dead_endpoints();
    ep.google_cse = cse.base.clone();
    ep.duckduckgo_html = ddg.base.clone();
    let cfg = crate::config(Keys::none().with_google("AIza-secret", "cx-1"), ep)
        .with_now("2027-01-01T00:00:00Z".parse().unwrap());
    let svc = aartiq_search::Searcher::new(cfg).unwrap();
    assert!(!svc.is_live(ProviderId::Google));
    assert_eq!(svc.best_provider(), ProviderId::GoogleScrape);
    let out = svc
        .search(
            "rust",
            &SearchOptions::new().with_provider(ProviderId::Google),
        )
        .await
        .unwrap();
    assert!(cse.requests().is_empty());
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert!(
        out.reason
            .unwrap()
            .contains("stopped serving on 2027-01-01")
    );
}

#[tokio::test]
async fn retries_5xx_then_succeeds() {
    let server = Server::start(|_, i| {
        if i < 2 {
            Reply::status(503, "busy")
        } else {
            Reply::json(r#"{"results":[{"title":"ok","url":"https://ok.example/"}]}"#)
        }
    })
    .await;
    let mut ep = dead_endpoints();
    ep.tavily = server.base.clone();
    let svc = service(Keys::none().with_tavily("k-123"), ep);
    let out = svc.search("q", &SearchOptions::new()).await.unwrap();
    assert_eq!(server.requests().len(), 3);
    assert_eq!(out.provider, ProviderId::Tavily);
    assert_eq!(out.results.len(), 1);
}

#[tokio::test]
async fn retries_are_bounded_and_429_is_reported_by_name() {
    let server = Server::fixed(Reply::status(429, "{}").with_header("Retry-After", "0")).await;
    let mut ep = dead_endpoints();
    ep.brave = server.base.clone();
    let svc = service(Keys::none().with_brave("b-123"), ep);
    let err = svc.search("q", &SearchOptions::new()).await.unwrap_err();
    assert_eq!(server.requests().len(), 3, "1 try + 2 retries");
    let SearchError::AllProvidersFailed { attempts } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(attempts[0].provider, ProviderId::Brave);
    assert_eq!(attempts[0].error, "rate limited (HTTP 429)");
    let msg = err.to_string();
    assert!(msg.starts_with("every search provider failed: brave (rate limited (HTTP 429)); duckduckgo (request failed:"), "{msg}");
    assert!(msg.contains("googlescrape (request failed:"), "{msg}");
}

#[tokio::test]
async fn api_key_never_appears_in_errors() {
    // The server echoes the request line, key included, in a 401 body.
    let server = Server::start(|req, _| {
        Reply::status(
            401,
            format!(
                "{{\"error\":\"Invalid API key {}\"}}",
                req.param("api_key").unwrap_or("")
            ),
        )
    })
    .await;
    let mut ep = dead_endpoints();
    ep.serp = server.base.clone();
    let svc = service(Keys::none().with_serp("sk/zq+KEYVAL"), ep);
    let err = svc.search("q", &SearchOptions::new()).await.unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("SerpAPI error 401: {\"error\":\"Invalid API key [redacted]\"}"),
        "{msg}"
    );
    assert!(!msg.contains("KEYVAL") && !msg.contains("zq"), "{msg}");
    assert!(!format!("{err:?}").contains("KEYVAL"));
}

#[tokio::test]
async fn malformed_json_is_a_decode_error_then_fallback() {
    let server = Server::fixed(Reply::json("<html>not json</html>")).await;
    let ddg = Server::fixed(Reply::html(data("duckduckgo/classic.html"))).await;
    let mut ep = dead_endpoints();
    ep.tavily = server.base.clone();
    ep.duckduckgo_html = ddg.base.clone();
    let svc = service(Keys::none().with_tavily("k-123"), ep);
    let out = svc.search("q", &SearchOptions::new()).await.unwrap();
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert_eq!(out.fallback_from, Some(ProviderId::Tavily));
    assert_eq!(
        out.reason.as_deref(),
        Some(
            "tavily failed (unexpected response: invalid JSON at line 1 column 1); fell back to duckduckgo."
        )
    );
}
