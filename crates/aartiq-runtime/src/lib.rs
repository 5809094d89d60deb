//! The assistant loop: a person's goal in, commands explained, judged, approved and run, an
//! answer out.
//!
//! `aartiq-runtime` is the stage after the model (see the pipeline in `ARCHITECTURE.md`). For a
//! goal, [`Runtime::run_goal`]:
//!
//! 1. loads the skills the goal needs (`aartiq-skills`) into the system prompt;
//! 2. asks the planner (`aartiq-agents`, over the same chat model) for a plan, and again every
//!    3 steps (spec i.1);
//! 3. streams the model's reply (`aartiq-llm`), emitting each piece as an [`Event`];
//! 4. parses it into commands (`aartiq-commands`) and, for each command in order: prepares it
//!    (finds the page element it names), explains it, judges it - catalog risk and approval
//!    class (spec a.7), the shell policy for `SHELL_COMMAND` (spec b), the trust gate's approval
//!    verbs for tools (spec d.2) - asks the [`Approver`] where needed (one prompt at a time;
//!    two or more shell lines of one reply are one batch prompt, spec b.9), and runs it:
//!    browser, search and UI commands through the [`ToolRegistry`](aartiq_tools::ToolRegistry)
//!    as the registered assistant agent (so the same fail-closed pipeline and injection scan
//!    as outside agents), `DEEP_RESEARCH` through `aartiq-research`, skills through the
//!    loader, shell lines through a bounded process runner, `THINK`/`PLAN`/`STATUS`/`WAIT`/
//!    `EXPLAIN_CAPABILITIES` natively, and commands whose host capability is not built a typed
//!    `NOT_AVAILABLE` result ([`route_of`] has every command's [`Route`]);
//! 5. sends the results back (quarantined content withheld and the model told so) and repeats
//!    until a reply has no commands, the planner finds nothing left to do, or the step budget
//!    ends.
//!
//! A denied or refused command stops the rest of its reply (reported as `skipped`). Every run
//! returns a [`RunOutcome`] with a JSON-lines [`Transcript`] that replays (its replies and
//! answers drive a scripted model and approver to the same transcript).
//!
//! ```
//! use std::sync::Arc;
//! use aartiq_llm::{ChatClient, ClientConfig, ModelEndpoint, Provider};
//! use aartiq_runtime::{ApprovalAnswer, RuntimeParts, Config, Event, Runtime, Status, StopReason};
//! use aartiq_test_support::{Fakes, default_guard, model_server::{ModelReply, ModelServer}};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A browser with one page, and a model that opens a site, then answers.
//! let fakes = Fakes::new();
//! fakes.browser.add_tab("1", "https://start.example/", "<p>start</p>");
//! fakes.browser.add_site("https://docs.example/", "<h1>Docs</h1><p>Version 2.1</p>");
//! let model = ModelServer::start(vec![
//!     ModelReply::text("[NAVIGATE: https://docs.example/]\n[READ_PAGE_CONTENT]"),
//!     ModelReply::text("The docs are at version 2.1."),
//! ])?;
//! let endpoint = ModelEndpoint {
//!     provider: Provider::Custom, base_url: model.base_url(), api_key: None, model: "m".into(),
//! };
//! let backends = RuntimeParts {
//!     registry: Arc::new(fakes.registry()),
//!     chat: ChatClient::new(endpoint, ClientConfig::default())?,
//!     researcher: None,
//!     skills: Arc::new(aartiq_skills::SkillLoader::new(Default::default())),
//!     guard: default_guard(),
//!     clock: fakes.clock.clone(),
//! };
//! let runtime = Runtime::new(Config::default().with_planning(false), backends)?;
//!
//! // The person approves the navigation (low risk asks by default, spec a.7).
//! let approver = |_prompt: &aartiq_runtime::ApprovalPrompt| ApprovalAnswer::Approve;
//! let approver = aartiq_runtime::FnApprover(approver);
//! let events = |event: &Event| { let _ = event; /* render it */ };
//! let outcome = runtime.run_goal("Which version are the docs at?", &approver, &events).await;
//!
//! assert_eq!(outcome.reason, StopReason::Answered);
//! assert_eq!(outcome.answer, "The docs are at version 2.1.");
//! assert!(outcome.results.iter().all(|r| r.status == Status::Ok));
//! assert!(outcome.transcript.to_jsonl().lines().count() >= 6);
//! # Ok(()) }
//! ```
//!
//! With a persistent store ([`Runtime::with_store`], an [`aartiq_store::Store`]) the bookmark,
//! history, settings, automation and workflow commands run against it with the catalog's
//! approval classes (removing asks, clearing is high risk, `SETTINGS_UPDATE` is applied only
//! after confirmation), every navigation is recorded in the history, `RECORD_WORKFLOW` captures
//! the commands that run and `PLAY_WORKFLOW` replays them step by step through approval
//! ([`Route::Store`]). [`scheduler`] runs due automations with the same rules; unattended runs
//! queue what needs a person. Without a store those commands answer `NOT_AVAILABLE`.
//!
//! What the runtime reaches beyond the registry (the page host, the desktop, OCR, documents,
//! plugins, images, vision, the CLI shim) is given as [`Capabilities`]; each [`Capability`] left
//! out, or one this platform has no way to provide (Apple Intelligence, ...), makes its commands
//! answer `NOT_AVAILABLE` naming what is missing, never faked.

mod always;
mod approval;
mod capabilities;
mod commands;
mod config;
mod error;
mod event;
mod judge;
mod outcome;
mod planning;
mod process;
mod prompt;
mod route;
mod run;
mod runtime;
pub mod scheduler;
mod search;
mod transcript;
mod ui;

pub use aartiq_store::Store;
pub use always::AlwaysAllowed;
pub use approval::{
    ApprovalAnswer, ApprovalPrompt, Approver, DenyAll, FnApprover, PromptItem, PromptKind,
    ShellVerdict,
};
pub use capabilities::{Capabilities, CliShim};
pub use commands::{linux_support, route_of};
pub use config::{ApprovalSettings, Config, ShellConfig};
pub use error::RuntimeError;
pub use event::{CommandView, DecidedBy, Event, EventSink, NoEvents};
pub use judge::{Judgement, Need};
pub use outcome::{CommandResult, Status, StopReason};
pub use planning::PLANNER_MARKER;
pub use route::{Capability, LinuxSupport, Route};
pub use run::{RunOutcome, TypedLine};
pub use runtime::{Runtime, RuntimeParts};
pub use search::SearchAdapter;
pub use transcript::{Record, Transcript, TranscriptSink};
pub use ui::StoredUi;
