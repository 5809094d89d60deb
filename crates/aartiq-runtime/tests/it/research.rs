//! `DEEP_RESEARCH` through `aartiq-research`, with its progress on the event stream.

use std::sync::Arc;

use aartiq_research::{
    FetchFuture, FetchedPage, Fetcher, NewsBatch, NewsFuture, NewsSearch, Researcher,
};
use aartiq_runtime::{Event, Runtime, RuntimeParts, Status};
use aartiq_search::SearchResult;
use aartiq_test_support::model_server::{ModelReply, ModelServer};
use aartiq_test_support::{Fakes, default_guard};

use crate::support::{Log, Scripted, client, config};

struct Search;
impl NewsSearch for Search {
    fn search_news<'a>(&'a self, _q: &'a str, _n: u32, _days: u32) -> NewsFuture<'a> {
        let hit = |url: &str| SearchResult {
            title: "Acme results".into(),
            url: url.into(),
            snippet: String::new(),
            published_at: None,
            source: None,
            score: None,
        };
        let results = vec![
            hit("https://news.one.example/a"),
            hit("https://two.example/b"),
        ];
        Box::pin(async move {
            Ok(NewsBatch {
                results,
                timestamps_reliable: Some(false),
                reason: None,
            })
        })
    }
}

struct Pages;
impl Fetcher for Pages {
    fn fetch<'a>(&'a self, url: &'a str, _max: usize) -> FetchFuture<'a> {
        let text = if url.contains("one") {
            "Acme reported revenue of $450 million for the quarter."
        } else {
            "Acme reported revenue of $520 million, analysts said."
        };
        Box::pin(async move { Ok(FetchedPage::new(url, text.to_owned())) })
    }
}

#[tokio::test]
async fn deep_research_runs_and_streams_its_progress() {
    let fakes = Fakes::new();
    let model = ModelServer::start(vec![
        ModelReply::text("[DEEP_RESEARCH: acme revenue]"),
        ModelReply::text("Sources disagree: $450 million vs $520 million."),
    ])
    .unwrap();
    let backends = RuntimeParts {
        registry: Arc::new(fakes.registry()),
        chat: client(&model),
        researcher: Some(Arc::new(Researcher::new(Search, Pages, default_guard()))),
        skills: Arc::new(aartiq_skills::SkillLoader::new(Default::default())),
        guard: default_guard(),
        clock: fakes.clock.clone(),
    };
    let runtime = Runtime::new(config(), backends).unwrap();
    let log = Log::default();
    let outcome = runtime
        .run_goal("What was Acme's revenue?", &Scripted::default(), &log)
        .await;
    let result = &outcome.results[0];
    assert_eq!(result.status, Status::Ok, "{}", result.text);
    assert!(
        result.text.contains("$450 million vs $520 million"),
        "{}",
        result.text
    );
    let progress: Vec<String> = log
        .events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Research { event } => Some(event.message),
            _ => None,
        })
        .collect();
    assert_eq!(
        progress.first().map(String::as_str),
        Some("Planned 1 query · budget: 6 searches, 12 pages")
    );
    assert!(progress.len() > 3);
    // The report reached the model.
    let told = model.chat_requests()[1].last_message().unwrap();
    assert!(told.contains("[DEEP_RESEARCH] ok"), "{told}");
}
