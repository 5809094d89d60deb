//! The scrapers: saved pages parsed (whole results snapshotted), layout changes, blocks, 429s,
//! and the requests the scrapers send.

use aartiq_search::scrape::{parse_duckduckgo, parse_google};
use aartiq_search::{Keys, ProviderError, ProviderId, SearchOptions};

use crate::server::{Reply, Server};
use crate::{data, dead_endpoints, service};

#[test]
fn google_pages() {
    insta::assert_json_snapshot!(
        "google_modern",
        parse_google(&data("google/modern.html")).unwrap()
    );
    insta::assert_json_snapshot!(
        "google_basic",
        parse_google(&data("google/basic.html")).unwrap()
    );
    insta::assert_json_snapshot!(
        "google_changed_layout",
        parse_google(&data("google/changed-layout.html")).unwrap()
    );
    assert_eq!(parse_google(&data("google/no-results.html")), Ok(vec![]));
    assert_eq!(
        parse_google(&data("google/sorry.html")),
        Err(ProviderError::Blocked)
    );
    assert_eq!(
        parse_google(&data("google/consent.html")),
        Err(ProviderError::UnrecognisedLayout)
    );
}

#[test]
fn duckduckgo_pages() {
    let classic = parse_duckduckgo(&data("duckduckgo/classic.html")).unwrap();
    // The fix for j.5: the skipped empty-title result takes its snippet with it.
    assert_eq!(
        classic[1].title,
        "Validating References with Lifetimes - The Rust Programming Language"
    );
    assert!(
        classic[1]
            .snippet
            .starts_with("Lifetimes are another kind of generic")
    );
    assert!(
        classic
            .iter()
            .all(|h| !h.snippet.contains("Sponsored") && !h.title.contains("Sponsored"))
    );
    insta::assert_json_snapshot!("duckduckgo_classic", classic);
    insta::assert_json_snapshot!(
        "duckduckgo_article",
        parse_duckduckgo(&data("duckduckgo/article.html")).unwrap()
    );
    insta::assert_json_snapshot!(
        "duckduckgo_changed_layout",
        parse_duckduckgo(&data("duckduckgo/changed-layout.html")).unwrap()
    );
    assert_eq!(
        parse_duckduckgo(&data("duckduckgo/no-results.html")),
        Ok(vec![])
    );
    assert_eq!(
        parse_duckduckgo(&data("duckduckgo/anomaly.html")),
        Err(ProviderError::Blocked)
    );
    assert_eq!(
        parse_duckduckgo(&data("google/consent.html")),
        Err(ProviderError::UnrecognisedLayout)
    );
}

#[tokio::test]
async fn google_scrape_request_and_results() {
    let server = Server::fixed(Reply::html(data("google/modern.html"))).await;
    let mut ep = dead_endpoints();
    ep.google_scrape = server.base.clone();
    let svc = service(Keys::none(), ep);
    assert_eq!(svc.best_provider(), ProviderId::GoogleScrape);
    let out = svc
        .search("rust ownership", &SearchOptions::new().with_max_results(2))
        .await
        .unwrap();
    let req = server.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/search");
    assert_eq!(req.param("q"), Some("rust ownership"));
    assert_eq!(req.param("num"), Some("2"));
    assert_eq!(req.param("hl"), Some("en"));
    assert!(req.header("accept").unwrap().starts_with("text/html"));
    assert_eq!(req.header("accept-language"), Some("en-US,en;q=0.9"));
    assert!(
        req.header("user-agent")
            .unwrap()
            .starts_with("aartiq-search/")
    );
    assert_eq!(out.provider, ProviderId::GoogleScrape);
    assert!(out.scraped);
    assert!(!out.timestamps_reliable);
    assert_eq!(out.results.len(), 2);
    assert!(out.fallback_from.is_none() && out.reason.is_none());
}

#[tokio::test]
async fn google_429_falls_back_to_duckduckgo_without_retrying() {
    let google = Server::fixed(Reply::status(429, "<html>Too Many Requests</html>")).await;
    let ddg = Server::fixed(Reply::html(data("duckduckgo/classic.html"))).await;
    let mut ep = dead_endpoints();
    ep.google_scrape = google.base.clone();
    ep.duckduckgo_html = ddg.base.clone();
    let svc = service(Keys::none(), ep);
    let out = svc
        .search("rust lifetimes", &SearchOptions::new())
        .await
        .unwrap();
    assert_eq!(google.requests().len(), 1, "scrapers never retry a 429");
    let req = ddg.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/html/");
    assert!(req.header("accept").unwrap().starts_with("text/html"));
    assert!(
        req.header("user-agent")
            .unwrap()
            .starts_with("aartiq-search/")
    );
    assert_eq!(req.param("q"), Some("rust lifetimes"));
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert_eq!(out.fallback_from, Some(ProviderId::GoogleScrape));
    assert_eq!(
        out.reason.as_deref(),
        Some("googlescrape failed (rate limited (HTTP 429)); fell back to duckduckgo.")
    );
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn google_layout_change_is_parsed_structurally() {
    let google = Server::fixed(Reply::html(data("google/changed-layout.html"))).await;
    let mut ep = dead_endpoints();
    ep.google_scrape = google.base.clone();
    let out = service(Keys::none(), ep)
        .search("serde json", &SearchOptions::new())
        .await
        .unwrap();
    assert_eq!(out.provider, ProviderId::GoogleScrape);
    assert_eq!(out.results.len(), 3);
    assert_eq!(out.results[0].url, "https://serde.rs/");
}

#[tokio::test]
async fn unrecognised_google_page_falls_back_with_the_reason() {
    let google = Server::fixed(Reply::html(data("google/consent.html"))).await;
    let ddg = Server::fixed(Reply::html(data("duckduckgo/article.html"))).await;
    let mut ep = dead_endpoints();
    ep.google_scrape = google.base.clone();
    ep.duckduckgo_html = ddg.base.clone();
    let out = service(Keys::none(), ep)
        .search("cargo workspaces", &SearchOptions::new())
        .await
        .unwrap();
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    assert!(
        out.reason
            .unwrap()
            .starts_with("googlescrape failed (page layout not recognised")
    );
}

#[tokio::test]
async fn captcha_redirect_is_blocked() {
    let google = Server::start(|req, _| {
        if req.path == "/search" {
            Reply::status(302, "").with_header("Location", "/sorry/index?continue=x")
        } else {
            Reply::html("<html><body>please verify</body></html>")
        }
    })
    .await;
    let mut ep = dead_endpoints();
    ep.google_scrape = google.base.clone();
    let err = service(Keys::none(), ep)
        .search(
            "q",
            &SearchOptions::new().with_provider(ProviderId::GoogleScrape),
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("every search provider failed: googlescrape (blocked by a captcha"),
        "{err}"
    );
    assert_eq!(google.requests()[1].path, "/sorry/index");
}

#[tokio::test]
async fn duckduckgo_block_falls_back_to_instant_answers() {
    let ddg = Server::fixed(Reply::html(data("duckduckgo/anomaly.html"))).await;
    let api = Server::fixed(Reply::json(data("api/ddg-instant.json"))).await;
    let mut ep = dead_endpoints();
    ep.duckduckgo_html = ddg.base.clone();
    ep.duckduckgo_api = api.base.clone();
    let out = service(Keys::none(), ep)
        .search(
            "rust language",
            &SearchOptions::new().with_provider(ProviderId::DuckDuckGo),
        )
        .await
        .unwrap();
    let req = api.only_request();
    assert_eq!(req.method, "GET");
    assert_eq!(req.path, "/");
    assert_eq!(
        req.query,
        vec![
            ("q".to_owned(), "rust language".to_owned()),
            ("format".to_owned(), "json".to_owned()),
            ("t".to_owned(), "aartiq".to_owned()),
        ]
    );
    assert_eq!(out.provider, ProviderId::DuckDuckGo);
    insta::assert_json_snapshot!(out);
}

#[tokio::test]
async fn duckduckgo_empty_instant_answers_keep_the_page_error() {
    let ddg = Server::fixed(Reply::html(data("duckduckgo/anomaly.html"))).await;
    let api = Server::fixed(Reply::json(r#"{"Abstract":"","RelatedTopics":[]}"#)).await;
    let google = Server::fixed(Reply::html(data("google/sorry.html"))).await;
    let mut ep = dead_endpoints();
    ep.duckduckgo_html = ddg.base.clone();
    ep.duckduckgo_api = api.base.clone();
    ep.google_scrape = google.base.clone();
    let err = service(Keys::none(), ep)
        .search(
            "q",
            &SearchOptions::new().with_provider(ProviderId::DuckDuckGo),
        )
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "every search provider failed: duckduckgo (blocked by a captcha or unusual-traffic page); \
         googlescrape (blocked by a captcha or unusual-traffic page)"
    );
}

#[tokio::test]
async fn politeness_spaces_out_scraper_requests() {
    let server = Server::fixed(Reply::html(data("duckduckgo/classic.html"))).await;
    let mut ep = dead_endpoints();
    ep.duckduckgo_html = server.base.clone();
    let cfg =
        crate::config(Keys::none(), ep).with_scrape_interval(std::time::Duration::from_millis(150));
    let svc = aartiq_search::Searcher::new(cfg).unwrap();
    let opts = SearchOptions::new().with_provider(ProviderId::DuckDuckGo);
    let start = std::time::Instant::now();
    for _ in 0..3 {
        svc.search("q", &opts).await.unwrap();
    }
    // A lower bound only: sleeping guarantees at least this much, however slow the machine.
    assert!(start.elapsed() >= std::time::Duration::from_millis(300));
    assert_eq!(server.requests().len(), 3);
}
