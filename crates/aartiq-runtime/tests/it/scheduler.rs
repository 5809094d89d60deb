//! The scheduler: due automations run through the runtime's policy and approval rules; what
//! needs a person is queued, never approved on its own; a person's approval is used once.

use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::ManualClock;
use aartiq_runtime::scheduler::{self, SchedulerConfig};
use aartiq_runtime::{Config, Event, NoEvents, RuntimeError, Status};
use aartiq_store::{
    ApprovalStatus, AutomationAction, HistoryQuery, NewAutomation, RunStatus, Schedule,
};
use aartiq_test_support::Fakes;

use crate::support::{Log, config, harness, harness_with_store, start_tab};

/// The fake clock starts at 1 000 000 ms; `*/5 * * * *` is next due at 00:20:00 = 1 200 000.
const DUE: u64 = 1_200_000;

fn navigate_every_5_minutes() -> NewAutomation {
    NewAutomation {
        name: "Check docs".into(),
        description: "open the docs every 5 minutes".into(),
        schedule: Schedule::parse("*/5 * * * *").unwrap(),
        action: AutomationAction::Navigate {
            url: "https://docs.example/".into(),
        },
    }
}

fn fakes() -> Fakes {
    let fakes = start_tab("<p>start</p>");
    fakes
        .browser
        .add_site("https://docs.example/", "<h1>Docs</h1>");
    fakes
}

#[tokio::test]
async fn a_due_automation_runs_under_the_same_settings_as_a_person_would() {
    // Low risk auto-approved by settings: NAVIGATE runs unattended.
    let (h, _dir, store) = harness_with_store(fakes(), vec![], config());
    let automation = store
        .add_automation(&navigate_every_5_minutes(), 1_000_000)
        .unwrap();
    assert_eq!(automation.next_run_at, Some(DUE));
    let log = Log::default();
    assert!(
        scheduler::tick(&h.runtime, DUE - 1, &log)
            .await
            .unwrap()
            .is_empty()
    );
    let runs = scheduler::tick(&h.runtime, DUE, &log).await.unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].status, RunStatus::Ok, "{}", runs[0].summary);
    assert_eq!(runs[0].results[0].status, Status::Ok);
    assert_eq!(runs[0].automation.next_run_at, Some(DUE + 300_000));
    // Claimed once: the same time runs nothing again.
    assert!(
        scheduler::tick(&h.runtime, DUE, &log)
            .await
            .unwrap()
            .is_empty()
    );
    let visits = store.list_history(&HistoryQuery::default()).unwrap();
    assert_eq!(visits[0].url, "https://docs.example/");
    let recorded = store.automation_runs(automation.id, 10).unwrap();
    assert_eq!(recorded.len(), 1);
    assert_eq!(recorded[0].status, RunStatus::Ok);
    assert!(log.events().iter().any(|e| matches!(
        e,
        Event::AutomationRan { task, status: RunStatus::Ok, .. } if *task == automation.task_id()
    )));
}

#[tokio::test]
async fn what_needs_a_person_is_queued_and_skipped_then_used_once_after_approval() {
    // The defaults ask for everything: an unattended run must not navigate.
    let (h, _dir, store) =
        harness_with_store(fakes(), vec![], Config::default().with_planning(false));
    let automation = store
        .add_automation(&navigate_every_5_minutes(), 1_000_000)
        .unwrap();
    let runs = scheduler::tick(&h.runtime, DUE, &NoEvents).await.unwrap();
    assert_eq!(runs[0].status, RunStatus::AwaitingApproval);
    assert_eq!(runs[0].results[0].status, Status::Denied);
    assert!(
        runs[0].summary.contains("queued as approval #1"),
        "{}",
        runs[0].summary
    );
    assert!(
        store
            .list_history(&HistoryQuery::default())
            .unwrap()
            .is_empty()
    );
    let pending = store
        .queued_approvals(Some(ApprovalStatus::Pending))
        .unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].automation_id, automation.id);
    assert!(pending[0].command.contains("https://docs.example/"));
    // The next run asks the same thing again: still one pending approval, not two.
    let runs = scheduler::tick(&h.runtime, DUE + 300_000, &NoEvents)
        .await
        .unwrap();
    assert_eq!(runs[0].status, RunStatus::AwaitingApproval);
    assert_eq!(store.queued_approvals(None).unwrap().len(), 1);
    // A person approves; the next run uses it, once.
    store
        .decide_approval(pending[0].id, true, DUE + 400_000)
        .unwrap();
    let runs = scheduler::tick(&h.runtime, DUE + 600_000, &NoEvents)
        .await
        .unwrap();
    assert_eq!(runs[0].status, RunStatus::Ok, "{}", runs[0].summary);
    assert_eq!(
        store.list_history(&HistoryQuery::default()).unwrap().len(),
        1
    );
    assert_eq!(
        store
            .queued_approval(pending[0].id)
            .unwrap()
            .unwrap()
            .status,
        ApprovalStatus::Used
    );
    let runs = scheduler::tick(&h.runtime, DUE + 900_000, &NoEvents)
        .await
        .unwrap();
    assert_eq!(runs[0].status, RunStatus::AwaitingApproval);
    assert_eq!(
        store.list_history(&HistoryQuery::default()).unwrap().len(),
        1
    );
}

#[tokio::test]
async fn a_reminder_runs_no_command_and_a_missing_workflow_fails() {
    let (h, _dir, store) = harness_with_store(fakes(), vec![], config());
    store
        .add_automation(
            &NewAutomation {
                name: "Timesheet".into(),
                description: String::new(),
                schedule: Schedule::parse("*/5 * * * *").unwrap(),
                action: AutomationAction::Reminder {
                    message: "Submit the timesheet".into(),
                },
            },
            1_000_000,
        )
        .unwrap();
    store
        .add_automation(
            &NewAutomation {
                name: "Replay".into(),
                description: String::new(),
                schedule: Schedule::parse("*/5 * * * *").unwrap(),
                action: AutomationAction::Workflow {
                    workflow: "gone".into(),
                },
            },
            1_000_000,
        )
        .unwrap();
    let log = Log::default();
    let runs = scheduler::tick(&h.runtime, DUE, &log).await.unwrap();
    assert_eq!(runs[0].status, RunStatus::Ok);
    assert_eq!(runs[0].summary, "reminder: Submit the timesheet");
    assert!(runs[0].results.is_empty());
    assert_eq!(runs[1].status, RunStatus::Failed);
    assert!(
        runs[1].summary.contains("there is no workflow \"gone\""),
        "{}",
        runs[1].summary
    );
    assert_eq!(
        log.events()
            .iter()
            .filter(|e| matches!(e, Event::AutomationRan { .. }))
            .count(),
        2
    );
}

#[tokio::test]
async fn the_loop_runs_on_the_injected_clock_until_shutdown() {
    let (h, _dir, store) = harness_with_store(fakes(), vec![], config());
    let automation = store
        .add_automation(&navigate_every_5_minutes(), 1_000_000)
        .unwrap();
    let clock = Arc::new(ManualClock::new(DUE - 1));
    let config = SchedulerConfig {
        tick: Duration::from_millis(10),
    };
    // Shut down once the due pass ran (and a few more passes after it), at most 20 s.
    let advance = {
        let clock = clock.clone();
        let store = store.clone();
        let id = automation.id;
        async move {
            tokio::time::sleep(Duration::from_millis(50)).await;
            clock.advance(1);
            for _ in 0..2000 {
                if !store.automation_runs(id, 10).unwrap().is_empty() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    scheduler::run(&h.runtime, clock.as_ref(), &config, &NoEvents, advance)
        .await
        .unwrap();
    // Many passes, one run: only the pass at the due time ran it.
    let runs = store.automation_runs(automation.id, 10).unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].started_at, DUE);
}

#[tokio::test]
async fn the_scheduler_needs_a_store() {
    let h = harness(fakes(), vec![], config());
    let err = scheduler::tick(&h.runtime, DUE, &NoEvents)
        .await
        .unwrap_err();
    assert!(matches!(err, RuntimeError::NoStore));
    let clock = ManualClock::new(0);
    let err = scheduler::run(
        &h.runtime,
        &clock,
        &SchedulerConfig::default(),
        &NoEvents,
        async {},
    )
    .await
    .unwrap_err();
    assert!(matches!(err, RuntimeError::NoStore));
}
