//! End to end: 13 article pages on 12 registrable domains (and one 404) served from 127.0.0.1, fetched by
//! the real `HttpFetcher`, scanned by the real guard, found by a fake `SearchProvider`.

use std::time::Duration;

use aartiq_research::{
    Budget, CancelToken, ClaimVerdict, FetcherConfig, HttpFetcher, ProviderNews, ResearchEvent,
    ResearchRequest, ResearchState, Researcher, RunConfig, RunStatus, Stage,
};
use aartiq_search::{
    ProviderError, ProviderId, SearchFuture, SearchParams, SearchProvider, SearchResult,
};

use crate::server::{Route, serve};

/// (host, path, file, published) for every page; `None` file means "not on the server" (404).
const PAGES: &[(&str, &str, &str, Option<&str>)] = &[
    (
        "www.reuters.com",
        "/business/acme-q3-revenue",
        "reuters-acme.html",
        Some("2026-11-20T14:00:00Z"),
    ),
    (
        "finance.yahoo.com",
        "/news/acme-q3-revenue",
        "yahoo-acme.html",
        Some("2026-11-20T15:00:00Z"),
    ),
    (
        "uk.reuters.com",
        "/markets/acme-shares",
        "reuters-uk-acme.html",
        Some("2026-11-21T09:00:00Z"),
    ),
    (
        "www.bbc.co.uk",
        "/news/business-acme",
        "bbc-acme.html",
        Some("2026-11-21T12:00:00Z"),
    ),
    (
        "www.guardian.co.uk",
        "/business/acme-results",
        "guardian-acme.html",
        Some("2026-11-22T08:00:00Z"),
    ),
    (
        "apnews.com",
        "/article/eurozone-inflation",
        "ap-inflation.html",
        Some("2026-11-19T10:00:00Z"),
    ),
    (
        "www.lemonde.fr",
        "/economie/societe-generale",
        "lemonde-socgen-cp1252.html",
        Some("2026-11-18T07:00:00Z"),
    ),
    (
        "www.ft.com",
        "/content/societe-generale-q3",
        "ft-socgen.html",
        Some("2026-11-18T09:00:00Z"),
    ),
    (
        "acme-watch.github.io",
        "/2026/11/acme",
        "injected-blog.html",
        Some("2026-11-17T20:00:00Z"),
    ),
    (
        "markets-notes.github.io",
        "/acme-q3",
        "github-blog.html",
        None,
    ),
    (
        "slow.newswire.net",
        "/acme",
        "slow-acme.html",
        Some("2026-11-21T20:00:00Z"),
    ),
    (
        "www.economist.com",
        "/finance/acme",
        "economist-empty.html",
        Some("2026-11-10T12:00:00Z"),
    ),
    (
        "www.cnbc.com",
        "/northwind-hiring",
        "cnbc-northwind.html",
        Some("2026-11-24T06:00:00Z"),
    ),
    (
        "www.marketwatch.com",
        "/story/acme-gone",
        "",
        Some("2026-11-16T12:00:00Z"),
    ),
];

fn url(port: u16, i: usize) -> String {
    format!("http://{}:{port}{}", PAGES[i].0, PAGES[i].1)
}

/// A Tavily stand-in: fixed answers per planned query, the CNBC page for anything else
/// (the follow-up searches).
struct FakeNews {
    port: u16,
}

impl FakeNews {
    fn result(&self, i: usize) -> SearchResult {
        let (host, _, file, date) = PAGES[i];
        SearchResult {
            title: format!("{host}: {}", file.trim_end_matches(".html")),
            url: url(self.port, i),
            snippet: String::new(),
            published_at: date.map(|d| d.parse().unwrap()),
            source: None,
            score: None,
        }
    }
}

impl SearchProvider for FakeNews {
    fn id(&self) -> ProviderId {
        ProviderId::Tavily
    }

    fn search<'a>(&'a self, _query: &'a str, _params: &'a SearchParams) -> SearchFuture<'a> {
        Box::pin(async move { Err(ProviderError::Transport("web search not used".into())) })
    }

    fn news<'a>(&'a self, query: &'a str, _params: &'a SearchParams) -> SearchFuture<'a> {
        let ids: Vec<usize> = match query {
            "acme quarterly revenue" => vec![0, 1, 2, 3, 4, 8, 9, 10, 11, 13],
            "eurozone inflation october" => vec![5, 4],
            "societe generale profit" => vec![6, 7],
            _ => vec![12],
        };
        let results = ids.into_iter().map(|i| self.result(i)).collect();
        Box::pin(async move { Ok(results) })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn local_server_run_outcome_whole() {
    let mut routes: Vec<Route> = PAGES
        .iter()
        .filter(|p| !p.2.is_empty())
        .map(|(host, path, file, _)| Route::page(host, path, file))
        .collect();
    for r in &mut routes {
        if r.host == "slow.newswire.net" {
            *r = r.clone().delay(Duration::from_secs(60));
        }
        if r.host == "www.lemonde.fr" {
            // No charset in the header: only the page's <meta http-equiv> says windows-1252.
            *r = r.clone().content_type("text/html");
        }
    }
    let addr = serve(routes).await;
    let port = addr.port();

    let mut config = FetcherConfig::default().with_timeout(Duration::from_secs(10));
    for (host, ..) in PAGES {
        config = config.with_resolve(*host, addr);
    }
    let fetcher = HttpFetcher::new(config).unwrap();
    let guard = aartiq_guard::Guard::new(aartiq_guard::Config::default()).unwrap();
    let researcher = Researcher::new(ProviderNews(FakeNews { port }), fetcher, guard).with_config(
        RunConfig::default()
            .with_fetch_timeout(Duration::from_millis(3000))
            .with_concurrency(4),
    );
    let budget = Budget::default()
        .with_max_queries(5)
        .with_results_per_query(10)
        .with_pages_to_fetch(16)
        .with_max_follow_up_rounds(2)
        .with_days(30);
    let req = ResearchRequest::new(
        "How did Acme's third quarter go, and what else moved European markets?",
    )
    .with_queries([
        "acme quarterly revenue",
        "eurozone inflation october",
        "societe generale profit",
    ])
    .with_budget(budget)
    .with_research_id("research-e2e00001");
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<ResearchEvent>();
    let outcome = researcher.run(&req, &tx, &CancelToken::new()).await;
    drop(tx);
    let mut events = Vec::new();
    while let Some(e) = rx.recv().await {
        events.push(e);
    }

    // Explicit checks of what the snapshot must show.
    assert_eq!(outcome.status, RunStatus::Completed);
    assert_eq!(
        (
            outcome.queries_used,
            outcome.pages_fetched,
            outcome.pages_read
        ),
        (5, 14, 10)
    );
    assert!(outcome.timestamps_reliable);
    let verdict = |key: &str| {
        outcome
            .findings
            .iter()
            .find(|f| f.key == key)
            .map(|f| f.verdict)
    };
    // Reuters (two subdomains) + its Yahoo copy + Guardian ("450 million dollars") + a github.io
    // blog agree on $450 million; the BBC says $520 million.
    assert_eq!(verdict("acme corp|reported"), Some(ClaimVerdict::Disputed));
    let acme = outcome
        .findings
        .iter()
        .find(|f| f.key == "acme corp|reported")
        .unwrap();
    assert_eq!(acme.values[0].value, "$450 million");
    assert_eq!(
        acme.values[0].domains,
        [
            "guardian.co.uk",
            "reuters.com",
            "yahoo.com",
            "markets-notes.github.io"
        ]
    );
    assert_eq!(acme.values[1].domains, ["bbc.co.uk"]);
    assert!(
        !acme.domains.iter().any(|d| d == "acme-watch.github.io"),
        "quarantined page used"
    );
    // The windows-1252 page decodes, so Le Monde and the FT agree (1.2 billion = 1,200 million).
    assert_eq!(
        verdict("société générale|reported"),
        Some(ClaimVerdict::Corroborated)
    );
    assert_eq!(
        verdict("eurozone|inflation"),
        Some(ClaimVerdict::Corroborated)
    );
    // Only the BBC had Northwind; the follow-up search found CNBC.
    assert_eq!(
        verdict("northwind logistics|hired"),
        Some(ClaimVerdict::Corroborated)
    );
    assert_eq!(outcome.contradictions.len(), 1);
    assert_eq!(
        outcome.contradictions[0].kind,
        "$450 million vs $520 million reported"
    );
    assert_eq!(outcome.contradictions[0].ratio.as_deref(), Some("1.2"));
    assert_eq!(outcome.last_source.domain, "cnbc.com");
    let note = |host: &str| {
        outcome
            .sources
            .iter()
            .find(|s| s.url.contains(host))
            .and_then(|s| s.note.clone())
            .unwrap_or_default()
    };
    assert!(
        note("acme-watch.github.io").starts_with("withheld by the guard"),
        "{}",
        note("acme-watch.github.io")
    );
    assert_eq!(note("slow.newswire.net"), "timed out after 3000 ms");
    assert_eq!(note("www.economist.com"), "no readable text");
    assert_eq!(note("www.marketwatch.com"), "HTTP 404");
    assert!(events.iter().any(|e| e.stage == Stage::Quarantined));
    assert_eq!(
        events.last().map(|e| e.message.as_str()),
        Some(&*format!(
            "Done: 10 pages, {} claims, {}% checked by two or more sources ({} corroborated, {} \
             disputed: sources disagree)",
            outcome.findings.len(),
            outcome.coverage.percentage,
            outcome
                .findings
                .iter()
                .filter(|f| f.verdict == aartiq_research::ClaimVerdict::Corroborated)
                .count(),
            outcome
                .findings
                .iter()
                .filter(|f| f.verdict == aartiq_research::ClaimVerdict::Disputed)
                .count(),
        ))
    );

    // The reducer ends completed at 100.
    let mut state =
        ResearchState::new("research-e2e00001", &req.query, jiff::Timestamp::UNIX_EPOCH);
    for e in &events {
        state.apply(e, jiff::Timestamp::UNIX_EPOCH);
    }
    assert_eq!(
        (state.status, state.progress),
        (aartiq_research::JobStatus::Completed, 100)
    );

    // The whole outcome, with the server's port masked.
    let json = serde_json::to_string_pretty(&outcome)
        .unwrap()
        .replace(&format!(":{port}/"), ":PORT/");
    insta::assert_snapshot!("e2e_outcome", json);
    // Fetches run 4 at a time, so `fetching` events interleave with the others by timing; each
    // stream on its own is in a fixed order.
    let lines = |fetching: bool| {
        let v: Vec<String> = events
            .iter()
            .filter(|e| (e.stage == Stage::Fetching) == fetching)
            .map(|e| {
                format!(
                    "{} [{}] {}",
                    e.stage.as_str(),
                    e.progress.map_or("-".into(), |p| p.to_string()),
                    e.message
                )
            })
            .collect();
        v.join("\n").replace(&format!(":{port}"), ":PORT")
    };
    insta::assert_snapshot!("e2e_events", lines(false));
    insta::assert_snapshot!("e2e_fetching_events", lines(true));
}
