//! The harness: fakes, a scripted model, a scripted approver, an event log.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aartiq_llm::{ChatClient, ClientConfig, ModelEndpoint, Provider};
use aartiq_runtime::{
    ApprovalAnswer, ApprovalPrompt, ApprovalSettings, Approver, Config, Event, Runtime,
    RuntimeParts,
};
use aartiq_test_support::model_server::{ModelReply, ModelServer, Route};
use aartiq_test_support::{Fakes, default_guard};
use async_trait::async_trait;

/// Answers from a queue (then denies with `no person answered`); records every prompt.
#[derive(Default)]
pub(crate) struct Scripted {
    answers: Mutex<VecDeque<ApprovalAnswer>>,
    pub(crate) prompts: Mutex<Vec<ApprovalPrompt>>,
}

impl Scripted {
    pub(crate) fn new(answers: Vec<ApprovalAnswer>) -> Scripted {
        Scripted {
            answers: Mutex::new(answers.into()),
            prompts: Mutex::new(Vec::new()),
        }
    }

    pub(crate) fn prompts(&self) -> Vec<ApprovalPrompt> {
        self.prompts.lock().unwrap().clone()
    }
}

#[async_trait]
impl Approver<ApprovalPrompt> for Scripted {
    async fn decide(&self, prompt: &ApprovalPrompt) -> ApprovalAnswer {
        self.prompts.lock().unwrap().push(prompt.clone());
        self.answers
            .lock()
            .unwrap()
            .pop_front()
            .unwrap_or_else(|| ApprovalAnswer::Deny("no person answered".into()))
    }
}

/// Every event of a run.
#[derive(Default, Clone)]
pub(crate) struct Log(pub(crate) Arc<Mutex<Vec<Event>>>);

impl Log {
    pub(crate) fn events(&self) -> Vec<Event> {
        self.0.lock().unwrap().clone()
    }
}

impl aartiq_runtime::EventSink for Log {
    fn emit(&self, event: &Event) {
        self.0.lock().unwrap().push(event.clone());
    }
}

pub(crate) fn client(model: &ModelServer) -> ChatClient {
    let endpoint = ModelEndpoint {
        provider: Provider::Custom,
        base_url: model.base_url(),
        api_key: Some("test-key".into()),
        model: "scripted-model".into(),
    };
    let config = ClientConfig {
        connect_timeout: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(5),
        retries: 0,
        backoff: Duration::from_millis(10),
    };
    ChatClient::new(endpoint, config).unwrap()
}

/// Navigation and form filling run unasked; side effects still ask.
pub(crate) fn config() -> Config {
    Config::default().with_planning(false).with_approvals(
        ApprovalSettings::default()
            .with_auto_approve_low_risk(true)
            .with_auto_approve_mid_risk(true),
    )
}

pub(crate) struct Harness {
    pub(crate) fakes: Fakes,
    pub(crate) model: ModelServer,
    pub(crate) runtime: Runtime,
}

pub(crate) fn harness(fakes: Fakes, replies: Vec<&str>, config: Config) -> Harness {
    harness_routed(fakes, replies, Vec::new(), config)
}

pub(crate) fn harness_routed(
    fakes: Fakes,
    replies: Vec<&str>,
    routes: Vec<Route>,
    config: Config,
) -> Harness {
    let model =
        ModelServer::with_routes(replies.into_iter().map(ModelReply::text).collect(), routes)
            .unwrap();
    let backends = parts(Arc::new(fakes.registry()), &model, fakes.clock.clone());
    let runtime = Runtime::new(config, backends).unwrap();
    Harness {
        fakes,
        model,
        runtime,
    }
}

/// A harness whose runtime has a store in a temporary directory (cron read in UTC).
pub(crate) fn harness_with_store(
    fakes: Fakes,
    replies: Vec<&str>,
    config: Config,
) -> (Harness, tempfile::TempDir, Arc<aartiq_store::Store>) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(
        aartiq_store::Store::open(dir.path().join("aartiq.db"))
            .unwrap()
            .with_time_zone(aartiq_store::TimeZone::UTC),
    );
    let Harness {
        fakes,
        model,
        runtime,
    } = harness(fakes, replies, config);
    let runtime = runtime.with_store(store.clone());
    (
        Harness {
            fakes,
            model,
            runtime,
        },
        dir,
        store,
    )
}

/// Each result's command and status, in order.
pub(crate) fn steps(outcome: &aartiq_runtime::RunOutcome) -> Vec<(&str, aartiq_runtime::Status)> {
    outcome
        .results
        .iter()
        .map(|r| (r.command.as_str(), r.status))
        .collect()
}

/// A runtime over `services` (a real browser, say) and the scripted `model`, with a step
/// budget of 10.
pub(crate) fn runtime_over(
    services: aartiq_tools::Services,
    model: &ModelServer,
    clock: Arc<aartiq_agents::ManualClock>,
) -> Runtime {
    let backends = parts(
        Arc::new(aartiq_tools::ToolRegistry::with_builtin(
            services,
            aartiq_tools::Policy::default(),
        )),
        model,
        clock,
    );
    let mut config = config();
    config.max_steps = 10;
    Runtime::new(config, backends).unwrap()
}

/// Serves HTML on 127.0.0.1, `page(path)` for every request, one thread a connection
/// (Chromium opens speculative connections that send nothing); records every path asked for.
pub(crate) fn serve(
    page: impl Fn(&str) -> String + Send + Sync + 'static,
) -> (String, Arc<Mutex<Vec<String>>>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen = Arc::clone(&log);
    let page = Arc::new(page);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let (seen, page) = (Arc::clone(&seen), Arc::clone(&page));
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                let n = stream.read(&mut buf).unwrap_or(0);
                let request = String::from_utf8_lossy(&buf[..n]).to_string();
                let path = request.split_whitespace().nth(1).unwrap_or("/").to_owned();
                seen.lock().unwrap().push(path.clone());
                let body = page(&path);
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
            });
        }
    });
    (base, log)
}

/// Runs `goal` on `h` with a person who answers `answers` in order (then denies): the outcome
/// and the prompts the person was shown.
pub(crate) async fn run_with(
    h: &Harness,
    goal: &str,
    answers: Vec<ApprovalAnswer>,
) -> (aartiq_runtime::RunOutcome, Vec<ApprovalPrompt>) {
    let person = Scripted::new(answers);
    let outcome = h
        .runtime
        .run_goal(goal, &person, &aartiq_runtime::NoEvents)
        .await;
    (outcome, person.prompts())
}

/// Checks each result's command and status, in order.
#[track_caller]
pub(crate) fn assert_statuses(
    outcome: &aartiq_runtime::RunOutcome,
    expected: &[(&str, aartiq_runtime::Status)],
) {
    let got: Vec<(&str, aartiq_runtime::Status)> = outcome
        .results
        .iter()
        .map(|r| (r.command.as_str(), r.status))
        .collect();
    assert_eq!(got, expected, "{:#?}", outcome.results);
}

/// Fresh fakes with tab `1` open at `https://start.example/`, showing `html`.
pub(crate) fn start_tab(html: &str) -> Fakes {
    let fakes = Fakes::new();
    fakes.browser.add_tab("1", "https://start.example/", html);
    fakes
}

/// A launched Chromium.
pub(crate) async fn chromium() -> Arc<aartiq_cdp::CdpBrowser> {
    Arc::new(
        aartiq_cdp::CdpBrowser::launch(aartiq_cdp::LaunchOptions::default())
            .await
            .expect("Chromium must be installed (cargo xtask test installs it)"),
    )
}

/// The runtime's parts over `registry` and the scripted `model`, timed by `clock`; no
/// researcher, no skills on disk.
pub(crate) fn parts(
    registry: Arc<aartiq_tools::ToolRegistry>,
    model: &ModelServer,
    clock: Arc<aartiq_agents::ManualClock>,
) -> RuntimeParts {
    RuntimeParts {
        registry,
        chat: client(model),
        researcher: None,
        skills: Arc::new(aartiq_skills::SkillLoader::new(Default::default())),
        guard: default_guard(),
        clock,
    }
}

/// Each prompt's first command and the prompt's risk.
pub(crate) fn asked(prompts: &[ApprovalPrompt]) -> Vec<(&str, aartiq_commands::Risk)> {
    prompts
        .iter()
        .map(|p| (p.items[0].command.as_str(), p.risk))
        .collect()
}

/// What the contact-form goal (search, open, fill twice, submit) gives, on the fake browser
/// and on Chromium alike.
pub(crate) const FORM_RESULTS: [(&str, aartiq_runtime::Status); 5] = [
    ("WEB_SEARCH", aartiq_runtime::Status::Ok),
    ("NAVIGATE", aartiq_runtime::Status::Ok),
    ("FILL_FORM", aartiq_runtime::Status::Ok),
    ("FILL_FORM", aartiq_runtime::Status::Ok),
    ("CLICK_ELEMENT", aartiq_runtime::Status::Ok),
];
