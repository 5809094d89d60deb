//! The runtime's goal scenarios, as data: every `tests/data/goals/*.toml` is run against the
//! fakes and a scripted model, checked against its `[expect]`, and its transcript is a snapshot
//! (see `tests/data/goals/README.md`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use aartiq_runtime::{ApprovalAnswer, ApprovalPrompt, ApprovalSettings, Approver, NoEvents};
use aartiq_test_support::Fakes;
use aartiq_tools::SearchHit;
use async_trait::async_trait;
use serde::Deserialize;

use crate::support::{config, harness, harness_with_store};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    goal: String,
    replies: Vec<String>,
    #[serde(default)]
    answers: Vec<String>,
    approvals: Option<Vec<String>>,
    max_steps: Option<usize>,
    #[serde(default)]
    tabs: Vec<Page>,
    #[serde(default)]
    sites: Vec<Page>,
    search: Option<Search>,
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// Whether the runtime has a store (a fresh SQLite file).
    #[serde(default)]
    store: bool,
    expect: Expect,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Page {
    id: Option<String>,
    url: String,
    html: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Search {
    provider: String,
    #[serde(default)]
    hits: Vec<Hit>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Hit {
    title: String,
    url: String,
    snippet: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    reason: String,
    statuses: Vec<String>,
    prompts: usize,
    #[serde(default)]
    prompt_kinds: Vec<String>,
    #[serde(default)]
    prompt_risks: Vec<String>,
    submissions: Option<usize>,
    tabs: Option<usize>,
    #[serde(default)]
    files_absent: Vec<String>,
    #[serde(default)]
    model_told: Vec<String>,
    #[serde(default)]
    model_not_told: Vec<String>,
    /// Each prompt's first command and the prompt's risk, in order.
    asked: Option<Vec<(String, String)>>,
    /// `(prompt, text)`: the prompt's first item is explained with this text.
    #[serde(default)]
    prompt_explains: Vec<(usize, String)>,
    /// `(result, text)`: the result's text holds this.
    #[serde(default)]
    result_contains: Vec<(usize, String)>,
    /// `(result, text)`: the result's text does not hold this.
    #[serde(default)]
    result_lacks: Vec<(usize, String)>,
    /// The store's bookmarks at the end (their URLs, as listed).
    bookmarks: Option<Vec<String>>,
    /// The store's history at the end (its URLs, as listed).
    history: Option<Vec<String>>,
    /// How many automations the store holds at the end.
    automations: Option<usize>,
    /// Settings and the values they hold at the end.
    #[serde(default)]
    settings: BTreeMap<String, toml::Value>,
}

/// The person: answers from the scenario, in order (then denies), and notes how many forms
/// the browser had submitted when each prompt was shown.
struct Person {
    answers: Mutex<Vec<ApprovalAnswer>>,
    prompts: Mutex<Vec<(ApprovalPrompt, usize)>>,
    fakes: Fakes,
}

#[async_trait]
impl Approver<ApprovalPrompt> for Person {
    async fn decide(&self, prompt: &ApprovalPrompt) -> ApprovalAnswer {
        let submitted = self.fakes.browser.submissions().len();
        self.prompts
            .lock()
            .unwrap()
            .push((prompt.clone(), submitted));
        let mut answers = self.answers.lock().unwrap();
        if answers.is_empty() {
            ApprovalAnswer::Deny("no person answered".into())
        } else {
            answers.remove(0)
        }
    }
}

fn answer(text: &str) -> ApprovalAnswer {
    match text.split_once(':') {
        Some(("deny", reason)) => ApprovalAnswer::Deny(reason.trim().to_owned()),
        _ if text == "always" => ApprovalAnswer::ApproveAlways,
        _ if text == "approve" => ApprovalAnswer::Approve,
        _ => panic!("an answer is approve, always or deny: reason, not {text:?}"),
    }
}

fn scenarios() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/goals");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

async fn play(path: &Path) {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let scenario: Scenario = toml::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let fakes = Fakes::new();
    for tab in &scenario.tabs {
        let id = tab.id.as_deref().expect("a tab has an id");
        fakes.browser.add_tab(id, &tab.url, &tab.html);
    }
    for site in &scenario.sites {
        fakes.browser.add_site(&site.url, &site.html);
    }
    if let Some(search) = &scenario.search {
        fakes.search.add_provider(&search.provider);
        fakes.search.set_hits(
            search
                .hits
                .iter()
                .map(|h| SearchHit {
                    title: h.title.clone(),
                    url: h.url.clone(),
                    snippet: h.snippet.clone(),
                    published: None,
                })
                .collect(),
        );
    }
    let dir = tempfile::tempdir().unwrap();
    for (file, text) in &scenario.files {
        std::fs::write(dir.path().join(file), text).unwrap();
    }
    let mut config = config();
    config.shell.working_dir = dir.path().to_owned();
    if let Some(approvals) = &scenario.approvals {
        config = config.with_approvals(
            ApprovalSettings::default()
                .with_auto_approve_low_risk(approvals.iter().any(|a| a == "low"))
                .with_auto_approve_mid_risk(approvals.iter().any(|a| a == "mid")),
        );
    }
    if let Some(max) = scenario.max_steps {
        config = config.with_max_steps(max);
    }
    let replies: Vec<&str> = scenario.replies.iter().map(String::as_str).collect();
    let (h, _store_dir, store) = if scenario.store {
        let (h, dir, store) = harness_with_store(fakes.clone(), replies, config);
        (h, Some(dir), Some(store))
    } else {
        (harness(fakes.clone(), replies, config), None, None)
    };
    let person = Arc::new(Person {
        answers: Mutex::new(scenario.answers.iter().map(|a| answer(a)).collect()),
        prompts: Mutex::new(Vec::new()),
        fakes: fakes.clone(),
    });
    let outcome = h
        .runtime
        .run_goal(&scenario.goal, person.as_ref(), &NoEvents)
        .await;

    let expect = &scenario.expect;
    let reason = serde_json::to_value(&outcome.reason).unwrap();
    assert_eq!(reason["reason"], expect.reason.as_str(), "{name}: {reason}");
    let statuses: Vec<&str> = outcome.results.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(statuses, expect.statuses, "{name}: {:#?}", outcome.results);
    let prompts = person.prompts.lock().unwrap().clone();
    assert_eq!(prompts.len(), expect.prompts, "{name}: {prompts:#?}");
    // Whatever the scenario, no form went out before a person was asked about it.
    if let Some((_, before)) = prompts.first() {
        assert_eq!(
            *before, 0,
            "{name}: a form was submitted before the first prompt"
        );
    } else if expect.submissions.is_some_and(|n| n > 0) {
        panic!("{name}: a form was submitted and nobody was asked");
    }
    if !expect.prompt_kinds.is_empty() {
        let kinds: Vec<String> = prompts
            .iter()
            .map(|(p, _)| {
                serde_json::to_value(p.kind)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(kinds, expect.prompt_kinds, "{name}");
    }
    if !expect.prompt_risks.is_empty() {
        let risks: Vec<&str> = prompts.iter().map(|(p, _)| p.risk.as_str()).collect();
        assert_eq!(risks, expect.prompt_risks, "{name}");
    }
    if let Some(n) = expect.submissions {
        assert_eq!(fakes.browser.submissions().len(), n, "{name}");
    }
    if let Some(n) = expect.tabs {
        assert_eq!(fakes.browser.tab_ids().len(), n, "{name}");
    }
    for file in &expect.files_absent {
        assert!(
            !dir.path().join(file).exists(),
            "{name}: {file} was written"
        );
    }
    let requests = h.model.chat_requests();
    let last = requests
        .last()
        .and_then(|r| r.last_message())
        .unwrap_or_default();
    for text in &expect.model_told {
        assert!(
            last.contains(text.as_str()),
            "{name}: not told {text:?}:\n{last}"
        );
    }
    for text in &expect.model_not_told {
        for request in &requests {
            let sent = request.body.to_string();
            assert!(
                !sent.contains(text.as_str()),
                "{name}: the model was sent {text:?}"
            );
        }
    }

    if let Some(asked) = &expect.asked {
        let got: Vec<(String, String)> = prompts
            .iter()
            .map(|(p, _)| (p.items[0].command.clone(), p.risk.as_str().to_owned()))
            .collect();
        assert_eq!(&got, asked, "{name}");
    }
    for (i, text) in &expect.prompt_explains {
        let explanation = &prompts[*i].0.items[0].explanation;
        assert!(explanation.contains(text.as_str()), "{name}: {explanation}");
    }
    for (i, text) in &expect.result_contains {
        let got = &outcome.results[*i].text;
        assert!(got.contains(text.as_str()), "{name}: result {i}: {got}");
    }
    for (i, text) in &expect.result_lacks {
        let got = &outcome.results[*i].text;
        assert!(!got.contains(text.as_str()), "{name}: result {i}: {got}");
    }
    check_store(&name, expect, store.as_deref());

    let workdir = dir.path().to_string_lossy().into_owned();
    let transcript = outcome.transcript.to_jsonl().replace(&workdir, "<workdir>");
    insta::assert_snapshot!(name, transcript);
}

/// What `[expect]` says of the store.
fn check_store(name: &str, expect: &Expect, store: Option<&aartiq_store::Store>) {
    let wants = expect.bookmarks.is_some()
        || expect.history.is_some()
        || expect.automations.is_some()
        || !expect.settings.is_empty();
    let Some(store) = store else {
        assert!(
            !wants,
            "{name}: expectations of the store, but `store = true` is not set"
        );
        return;
    };
    if let Some(urls) = &expect.bookmarks {
        let got: Vec<String> = store
            .list_bookmarks(100, 0)
            .unwrap()
            .into_iter()
            .map(|b| b.url)
            .collect();
        assert_eq!(&got, urls, "{name}: bookmarks");
    }
    if let Some(urls) = &expect.history {
        let got: Vec<String> = store
            .list_history(&aartiq_store::HistoryQuery::default())
            .unwrap()
            .into_iter()
            .map(|v| v.url)
            .collect();
        assert_eq!(&got, urls, "{name}: history");
    }
    if let Some(n) = expect.automations {
        assert_eq!(store.list_automations().unwrap().len(), n, "{name}");
    }
    for (key, value) in &expect.settings {
        let got = store.setting(key).unwrap().to_json();
        assert_eq!(got, serde_json::to_value(value).unwrap(), "{name}: {key}");
    }
}

#[tokio::test]
async fn every_goal_scenario_runs_as_written() {
    let files = scenarios();
    assert!(files.len() >= 14, "the scenarios are missing: {files:?}");
    for file in files {
        play(&file).await;
    }
}
