//! "Always allow" for shell lines (spec b.7-b.9): offered only for lines the shell policy finds
//! eligible, remembered in the store for 30 days, never lifting a denial, revocable.

use std::sync::Arc;

use aartiq_runtime::{ApprovalAnswer, Event, Need, PromptKind, Runtime, Status};
use aartiq_test_support::Fakes;

use crate::support::{Log, Scripted, config, harness, harness_with_store};

const DAY_MS: u64 = 86_400_000;

fn commands(text: &str) -> Vec<aartiq_commands::Command> {
    aartiq_commands::parse(text).commands
}

fn notes_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "alpha\nbeta\n").unwrap();
    dir
}

/// A folder holding `notes.txt`, a store and a clock, and a runtime working over them.
struct Notes {
    dir: tempfile::TempDir,
    fakes: Fakes,
    _db: tempfile::TempDir,
    store: Arc<aartiq_store::Store>,
    runtime: Runtime,
}

impl Notes {
    fn new() -> Notes {
        let dir = notes_dir();
        let fakes = Fakes::new();
        let mut config = config();
        config.shell.working_dir = dir.path().to_owned();
        let (h, db, store) = harness_with_store(fakes.clone(), Vec::new(), config);
        Notes {
            dir,
            fakes,
            _db: db,
            store,
            runtime: h.runtime,
        }
    }

    /// A new runtime over the same folder, store and clock: the next start.
    fn restart(&self) -> Runtime {
        let mut config = config();
        config.shell.working_dir = self.dir.path().to_owned();
        harness(self.fakes.clone(), Vec::new(), config)
            .runtime
            .with_store(self.store.clone())
    }

    /// The lines the store holds as always allowed.
    fn stored(&self) -> Vec<String> {
        self.store
            .load_shell_grants()
            .unwrap()
            .auto_approved_commands
    }
}

async fn run(runtime: &Runtime, text: &str, approver: &Scripted) -> (Vec<Status>, Vec<Event>) {
    let log = Log::default();
    let outcome = runtime
        .run_commands("shell", &commands(text), approver, &log)
        .await;
    (
        outcome.results.iter().map(|r| r.status).collect(),
        log.events(),
    )
}

fn answered_always(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .find_map(|e| match e {
            Event::ApprovalAnswered { always, .. } => Some(always.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn an_eligible_line_allowed_always_runs_unasked_until_its_grant_ends() {
    let notes = Notes::new();
    let runtime = &notes.runtime;

    let approver = Scripted::new(vec![ApprovalAnswer::ApproveAlways]);
    let (statuses, events) = run(runtime, "[SHELL_COMMAND: cat notes.txt]", &approver).await;
    assert_eq!(statuses, [Status::Ok]);
    let prompt = &approver.prompts()[0];
    assert!(prompt.always_allow, "cat of a file is eligible: {prompt:?}");
    let shell = prompt.items[0].shell.as_ref().unwrap();
    assert_eq!(shell.line, "cat notes.txt");
    assert!(shell.always_eligible && shell.always_refused.is_none());
    assert_eq!(answered_always(&events), ["cat notes.txt"]);
    let stored = notes.store.load_shell_grants().unwrap();
    assert_eq!(stored.auto_approved_commands, ["cat notes.txt"]);
    let record = stored.auto_approved_command_grants["cat notes.txt"];
    assert_eq!(record.expires_at - record.granted_at, 30 * DAY_MS);

    // A new runtime over the same store (the next start) runs it without asking; the same line
    // with other spacing is the same key.
    let runtime = &notes.restart();
    let nobody = Scripted::new(Vec::new());
    let (statuses, events) = run(runtime, "[SHELL_COMMAND: cat   notes.txt]", &nobody).await;
    assert_eq!(statuses, [Status::Ok]);
    assert!(nobody.prompts().is_empty(), "a granted line is not asked");
    let judgement = events
        .iter()
        .find_map(|e| match e {
            Event::Explained { judgement, .. } => Some((**judgement).clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        matches!(&judgement.need, Need::Run { reason } if reason.contains("allowed this exact line always"))
    );
    assert_eq!(
        judgement.shell.unwrap().always_until,
        Some(record.expires_at)
    );
    assert_eq!(runtime.always_allowed().len(), 1);

    // Another line is another key: it asks.
    let (statuses, _) = run(runtime, "[SHELL_COMMAND: wc -l notes.txt]", &nobody).await;
    assert_eq!(statuses, [Status::Denied]);
    assert_eq!(nobody.prompts().len(), 1);

    // Thirty days later the grant has ended: it asks again, and the store forgets it.
    notes.fakes.clock.advance(30 * DAY_MS);
    let later = Scripted::new(vec![ApprovalAnswer::Deny("not today".into())]);
    let (statuses, _) = run(runtime, "[SHELL_COMMAND: cat notes.txt]", &later).await;
    assert_eq!(statuses, [Status::Denied]);
    assert_eq!(later.prompts().len(), 1);
    assert!(runtime.always_allowed().is_empty());
    assert!(notes.stored().is_empty());
}

#[tokio::test]
async fn an_ineligible_line_is_not_offered_always_and_an_always_answer_approves_it_once() {
    let notes = Notes::new();
    let runtime = &notes.runtime;
    let line = "[SHELL_COMMAND: echo https://example.com/]";

    // A front end that answers "always" anyway gets a one-time approval.
    let approver = Scripted::new(vec![ApprovalAnswer::ApproveAlways]);
    let (statuses, events) = run(runtime, line, &approver).await;
    assert_eq!(statuses, [Status::Ok]);
    let prompt = &approver.prompts()[0];
    assert!(!prompt.always_allow);
    let shell = prompt.items[0].shell.as_ref().unwrap();
    assert!(!shell.always_eligible);
    assert_eq!(shell.always_refused.as_deref(), Some("url-argument"));
    assert!(answered_always(&events).is_empty());
    assert!(notes.stored().is_empty());

    // So the next time it asks again.
    let again = Scripted::new(vec![ApprovalAnswer::Deny("no".into())]);
    let (statuses, _) = run(runtime, line, &again).await;
    assert_eq!(statuses, [Status::Denied]);
    assert_eq!(again.prompts().len(), 1);

    // Every reason the policy gives is passed on.
    for (text, reason) in [
        (
            "[SHELL_COMMAND: python3 -c 'print(1)']",
            "network-or-script-capable:python3",
        ),
        (
            "[SHELL_COMMAND: ls | xargs cat]",
            "network-or-script-capable:xargs",
        ),
        (
            "[SHELL_COMMAND: frobnicate --all]",
            "unrecognised-binary:frobnicate",
        ),
    ] {
        let deny = Scripted::new(vec![ApprovalAnswer::Deny("no".into())]);
        run(runtime, text, &deny).await;
        let prompt = &deny.prompts()[0];
        assert!(!prompt.always_allow, "{text}");
        let shell = prompt.items[0].shell.as_ref().unwrap();
        assert_eq!(shell.always_refused.as_deref(), Some(reason), "{text}");
    }
}

#[tokio::test]
async fn a_batch_is_allowed_always_only_when_every_line_is_eligible() {
    let dir = notes_dir();
    let mut config = config();
    config.shell.working_dir = dir.path().to_owned();
    let h = harness(Fakes::new(), Vec::new(), config);

    let approver = Scripted::new(vec![ApprovalAnswer::ApproveAlways]);
    let (statuses, events) = run(
        &h.runtime,
        "[SHELL_COMMAND: cat notes.txt]\n[SHELL_COMMAND: wc -l notes.txt]",
        &approver,
    )
    .await;
    assert_eq!(statuses, [Status::Ok, Status::Ok]);
    let prompt = &approver.prompts()[0];
    assert_eq!(prompt.kind, PromptKind::ShellBatch);
    assert!(prompt.always_allow);
    assert_eq!(
        answered_always(&events),
        ["cat notes.txt", "wc -l notes.txt"]
    );
    // Without a store the grants hold for the runtime's lifetime.
    let lines: Vec<String> = h
        .runtime
        .always_allowed()
        .into_iter()
        .map(|a| a.line)
        .collect();
    assert_eq!(lines, ["cat notes.txt", "wc -l notes.txt"]);

    // One granted line leaves the other alone in the prompt: no batch, and an ineligible
    // line is not offered "always".
    let approver = Scripted::new(vec![ApprovalAnswer::ApproveAlways]);
    let (statuses, events) = run(
        &h.runtime,
        "[SHELL_COMMAND: cat notes.txt]\n[SHELL_COMMAND: echo see https://example.com/]",
        &approver,
    )
    .await;
    assert_eq!(statuses, [Status::Ok, Status::Ok]);
    let prompts = approver.prompts();
    assert_eq!(prompts.len(), 1);
    assert_eq!(prompts[0].kind, PromptKind::Action);
    assert!(!prompts[0].always_allow);
    assert!(answered_always(&events).is_empty());
}

#[tokio::test]
async fn a_revoked_line_asks_again() {
    let notes = Notes::new();
    let runtime = &notes.runtime;
    let approver = Scripted::new(vec![ApprovalAnswer::ApproveAlways]);
    run(runtime, "[SHELL_COMMAND: cat notes.txt]", &approver).await;
    assert_eq!(runtime.always_allowed().len(), 1);

    assert!(runtime.revoke_always("CAT  notes.txt").unwrap());
    assert!(
        !runtime.revoke_always("cat notes.txt").unwrap(),
        "already gone"
    );
    assert!(runtime.always_allowed().is_empty());
    assert!(notes.stored().is_empty());
    let nobody = Scripted::new(Vec::new());
    let (statuses, _) = run(runtime, "[SHELL_COMMAND: cat notes.txt]", &nobody).await;
    assert_eq!(statuses, [Status::Denied]);
    assert_eq!(nobody.prompts().len(), 1);
}

#[tokio::test]
async fn a_stored_grant_never_lifts_a_denial_or_an_ineligible_line() {
    // A store written by an older build (or by hand) may hold keys we would never grant.
    let notes = Notes::new();
    let mut grants = aartiq_shell_policy::Grants::default();
    for line in ["rm -rf /", "echo https://example.com/"] {
        grants.auto_approved_commands.push(line.to_owned());
    }
    notes.store.save_shell_grants(&grants).unwrap();
    let runtime = &notes.restart();

    let approver = Scripted::new(vec![ApprovalAnswer::Deny("no".into())]);
    let (statuses, _) = run(runtime, "[SHELL_COMMAND: rm -rf /]", &approver).await;
    assert_eq!(statuses, [Status::Refused], "critical stays refused");
    assert!(approver.prompts().is_empty());
    let (statuses, _) = run(
        runtime,
        "[SHELL_COMMAND: echo https://example.com/]",
        &approver,
    )
    .await;
    assert_eq!(statuses, [Status::Denied], "an ineligible line still asks");
    assert_eq!(approver.prompts().len(), 1);
}
