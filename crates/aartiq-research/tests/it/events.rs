//! The event sequence of a run with a failing search, an unreadable page and an empty page
//! (spec h.7), fetched one at a time so the order is fixed.

use std::collections::HashMap;

use aartiq_research::{
    Budget, CancelToken, FetchError, ResearchEvent, ResearchRequest, Researcher, RunConfig,
    RunStatus,
};

use crate::fakes::{MemoryFetcher, Reply, ScriptedSearch, hit};

fn guard() -> aartiq_guard::Guard {
    aartiq_guard::Guard::new(aartiq_guard::Config::default()).unwrap()
}

async fn collect(
    researcher: &Researcher,
    req: &ResearchRequest,
) -> (aartiq_research::Outcome, Vec<ResearchEvent>) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let outcome = researcher.run(req, &tx, &CancelToken::new()).await;
    drop(tx);
    let mut events = Vec::new();
    while let Some(e) = rx.recv().await {
        events.push(e);
    }
    (outcome, events)
}

#[tokio::test]
async fn failing_search_and_unreadable_page() {
    let search = ScriptedSearch {
        answers: HashMap::from([(
            "acme revenue".to_owned(),
            vec![
                hit(
                    "https://www.reuters.com/acme",
                    "Acme beats",
                    Some("2026-11-20T10:00:00Z"),
                ),
                hit(
                    "https://www.bbc.co.uk/acme",
                    "Acme results",
                    Some("2026-11-21T10:00:00Z"),
                ),
                hit("https://blank.example.org/acme", "", None),
            ],
        )]),
        fail: HashMap::from([(
            "acme outlook".to_owned(),
            "tavily error 500: upstream unavailable".to_owned(),
        )]),
        reliable: Some(true),
        ..ScriptedSearch::default()
    };
    let fetcher = MemoryFetcher {
        pages: HashMap::from([
            (
                "https://www.reuters.com/acme".to_owned(),
                Reply::Text(
                    "Acme reported revenue of $450 million. Acme shares rose 6% on the news."
                        .into(),
                ),
            ),
            (
                "https://www.bbc.co.uk/acme".to_owned(),
                Reply::Fail(FetchError::Status(503)),
            ),
            (
                "https://blank.example.org/acme".to_owned(),
                Reply::Text("   ".into()),
            ),
        ]),
        ..MemoryFetcher::default()
    };
    let researcher = Researcher::new(search, fetcher, guard())
        .with_config(RunConfig::default().with_concurrency(1));
    let req = ResearchRequest::new("acme")
        .with_queries(["acme outlook", "  ", "acme revenue", "acme guidance"])
        .with_budget(
            Budget::default()
                .with_max_queries(2)
                .with_max_follow_up_rounds(0),
        )
        .with_research_id("research-abc12345");
    let (outcome, events) = collect(&researcher, &req).await;
    insta::assert_json_snapshot!("failing_search_events", events);

    let messages: Vec<&str> = events.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        vec![
            "Planned 3 queries · budget: 2 searches, 12 pages",
            "Searching: \"acme outlook\"",
            "Search failed: tavily error 500: upstream unavailable",
            "Searching: \"acme revenue\"",
            "3 unique sources found · 1 skipped by budget",
            "Newest source: bbc.co.uk (2026-11-21)",
            "Reading bbc.co.uk (1/3)",
            "Could not read bbc.co.uk: HTTP 503",
            "Reading reuters.com (2/3)",
            "Extracted 2 claims from reuters.com",
            "Reading example.org (3/3)",
            "example.org returned no readable text",
            "Cross-checking 2 claims across 1 domains",
            "Coverage 0% · 1 independent domains",
            "Assembling report from 1 domains",
            "Stopped at the query budget (2); 1 planned query went unsearched.",
        ]
    );
    let progress: Vec<Option<u32>> = events.iter().map(|e| e.progress).collect();
    assert_eq!(
        progress,
        vec![
            Some(5),
            Some(5),
            None,
            Some(15),
            Some(38),
            Some(44),
            Some(45),
            None,
            Some(55),
            None,
            Some(65),
            None,
            Some(82),
            Some(90),
            Some(96),
            Some(100)
        ]
    );
    assert!(events.iter().all(|e| e.research_id == "research-abc12345"));
    assert_eq!(outcome.status, RunStatus::Completed);
    assert_eq!(outcome.skipped_queries, vec!["acme guidance".to_owned()]);
    assert_eq!(
        outcome.stopped_reason.as_deref(),
        Some("Stopped at the query budget (2); 1 planned query went unsearched.")
    );
    assert_eq!(
        (
            outcome.queries_used,
            outcome.pages_fetched,
            outcome.pages_read
        ),
        (2, 3, 1)
    );
    insta::assert_json_snapshot!("failing_search_outcome", outcome);
}

#[tokio::test]
async fn nothing_found_and_nothing_readable() {
    let researcher = Researcher::new(ScriptedSearch::default(), MemoryFetcher::default(), guard());
    let (outcome, events) = collect(
        &researcher,
        &ResearchRequest::new("acme").with_research_id("r-1"),
    )
    .await;
    assert_eq!(outcome.status, RunStatus::Failed);
    let last = events.last().unwrap();
    assert_eq!(last.message, "No sources were found — nothing to report.");
    assert_eq!(last.status, RunStatus::Failed);
    assert_eq!(events[2].message, "0 unique sources found");
    assert_eq!(
        events[3].message,
        "Most recent source unknown — No sources were found."
    );

    // Undated results from a scraped search: unreliable, search order kept, nothing readable.
    let search = ScriptedSearch {
        fallback: vec![
            hit("https://a.example.com/1", "A", None),
            hit("https://b.example.net/2", "B", None),
        ],
        reliable: Some(false),
        reason: Some("duckduckgo used: no news index".into()),
        ..ScriptedSearch::default()
    };
    let researcher = Researcher::new(search, MemoryFetcher::default(), guard());
    let (outcome, events) = collect(
        &researcher,
        &ResearchRequest::new("acme").with_research_id("r-2"),
    )
    .await;
    assert_eq!(outcome.status, RunStatus::Failed);
    assert!(!outcome.timestamps_reliable);
    assert!(outcome.last_source.url.is_none());
    let messages: Vec<&str> = events.iter().map(|e| e.message.as_str()).collect();
    assert!(messages.contains(&"duckduckgo used: no news index"));
    assert!(messages.contains(&"Most recent source unknown — No news-capable search API key is configured, so these results came from a scraped web search. Publication dates are unknown, so the most recent source cannot be identified."));
    assert_eq!(messages[5], "Reading example.com (1/2)");
    assert_eq!(
        messages.last().copied(),
        Some("None of the 2 sources could be read — nothing to report.")
    );
}
