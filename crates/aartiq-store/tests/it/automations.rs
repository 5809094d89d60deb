//! Schedules, next runs, automations, their claiming, runs and the approval queue.

use aartiq_store::{
    ApprovalStatus, AutomationAction, AutomationRun, NewApproval, NewAutomation, RunStatus,
    Schedule, TimeZone, parse_task, parse_task_id,
};
use serde_json::json;

use crate::{HOUR, JAN_1};

#[test]
fn cron_next_runs_are_computed_in_the_time_zone() {
    let utc = TimeZone::UTC;
    let daily = Schedule::parse("0 9 * * *").unwrap();
    assert_eq!(
        daily.next_after(JAN_1, &utc).unwrap(),
        Some(JAN_1 + 9 * HOUR)
    );
    // Strictly after: at 09:00 the next is tomorrow.
    assert_eq!(
        daily.next_after(JAN_1 + 9 * HOUR, &utc).unwrap(),
        Some(JAN_1 + 33 * HOUR)
    );
    // 2026-01-01 is a Thursday: weekdays at 8:30 -> Thursday, then Friday, then Monday.
    let weekdays = Schedule::parse("30 8 * * 1-5").unwrap();
    let mut t = JAN_1;
    let mut runs = Vec::new();
    for _ in 0..3 {
        t = weekdays.next_after(t, &utc).unwrap().unwrap();
        runs.push((t - JAN_1) / HOUR);
    }
    assert_eq!(runs, [8, 32, 104]);
    let every_15 = Schedule::parse("*/15 * * * *").unwrap();
    assert_eq!(
        every_15.next_after(JAN_1 + 1, &utc).unwrap(),
        Some(JAN_1 + 15 * 60_000)
    );
    assert_eq!(
        Schedule::parse("@hourly")
            .unwrap()
            .next_after(JAN_1, &utc)
            .unwrap(),
        Some(JAN_1 + HOUR)
    );
    // A fixed +02:00 zone: 09:00 local is 07:00 UTC.
    let plus2 = TimeZone::fixed(jiff::tz::offset(2));
    assert_eq!(
        daily.next_after(JAN_1, &plus2).unwrap(),
        Some(JAN_1 + 7 * HOUR)
    );
}

#[test]
fn cron_follows_daylight_saving_time_in_a_named_zone() {
    // Europe/Berlin goes to summer time on 2026-03-29 at 02:00 -> 03:00.
    let Ok(berlin) = TimeZone::get("Europe/Berlin") else {
        panic!("the system time zone database (tzdata) is missing");
    };
    let daily = Schedule::parse("0 9 * * *").unwrap();
    let march_28 = 1_774_656_000_000; // 2026-03-28T00:00:00Z
    let first = daily.next_after(march_28, &berlin).unwrap().unwrap();
    let second = daily.next_after(first, &berlin).unwrap().unwrap();
    assert_eq!(first, march_28 + 8 * HOUR); // 09:00 CET = 08:00 UTC
    assert_eq!(second - first, 23 * HOUR); // 09:00 CEST = 07:00 UTC
    // 02:30 does not exist on that day: like cron, it runs once when the clock jumps
    // (03:00 CEST = 01:00 UTC), then at 02:30 CEST the next day.
    let gap = Schedule::parse("30 2 * * *").unwrap();
    let next = gap
        .next_after(march_28 + 2 * HOUR, &berlin)
        .unwrap()
        .unwrap();
    assert_eq!(next, 1_774_746_000_000); // 2026-03-29T01:00:00Z
    let after = gap.next_after(next, &berlin).unwrap().unwrap();
    assert_eq!(after, 1_774_830_600_000); // 2026-03-30T00:30:00Z = 02:30 CEST
}

#[test]
fn other_schedule_forms_and_bad_schedules() {
    let utc = TimeZone::UTC;
    assert_eq!(
        Schedule::parse("every 15 minutes").unwrap(),
        Schedule::Every { minutes: 15 }
    );
    assert_eq!(
        Schedule::parse("Every 2 hours").unwrap(),
        Schedule::Every { minutes: 120 }
    );
    assert_eq!(
        Schedule::parse("every day").unwrap(),
        Schedule::Every { minutes: 1440 }
    );
    let once = Schedule::parse("once 2026-01-02T00:00:00Z").unwrap();
    assert_eq!(
        once,
        Schedule::Once {
            at_ms: JAN_1 + 24 * HOUR
        }
    );
    assert_eq!(Schedule::parse(&once.to_string()).unwrap(), once);
    assert_eq!(
        once.next_after(JAN_1, &utc).unwrap(),
        Some(JAN_1 + 24 * HOUR)
    );
    assert_eq!(once.next_after(JAN_1 + 24 * HOUR, &utc).unwrap(), None);
    for bad in [
        "",
        "   ",
        "* * *",
        "61 * * * *",
        "0 9 * * * *",
        "every",
        "every 0 minutes",
        "every 5 fortnights",
        "once tomorrow",
        "0 9 31 2 *",
        "\0",
        "@never",
        "every 99999999999999999 weeks",
    ] {
        let parsed = Schedule::parse(bad);
        match parsed {
            Err(_) => {}
            // A well-formed cron that never matches fails when its next run is asked for.
            Ok(s) => assert!(s.next_after(JAN_1, &utc).is_err(), "{bad:?} -> {s:?}"),
        }
    }
    assert!(Schedule::parse(&"1 ".repeat(300)).is_err());
}

#[test]
fn task_payloads_are_read_with_their_problems() {
    let draft = parse_task(&json!({
        "name": "Morning market brief", "schedule": "0 8 * * 1-5", "type": "research",
        "query": "Nifty 50 pre-market news", "description": "Weekday 8:00 summary"
    }));
    assert!(draft.problems.is_empty(), "{:?}", draft.problems);
    let new = draft.into_new().unwrap();
    assert_eq!(
        new.action,
        AutomationAction::Research {
            query: "Nifty 50 pre-market news".into()
        }
    );
    // The pipe form of the catalog gives no url: the description's URL is used if any.
    let piped = parse_task(&json!({
        "schedule": "0 9 * * *", "type": "navigate", "name": "Morning news",
        "description": "Open https://news.example/ every morning."
    }));
    assert_eq!(
        piped.action,
        Some(AutomationAction::Navigate {
            url: "https://news.example/".into()
        })
    );
    let incomplete = parse_task(&json!({
        "schedule": "0 9 * * *", "type": "navigate", "name": "Morning news",
        "description": "Open the news site"
    }));
    assert_eq!(incomplete.problems, ["no url for this type"]);
    assert!(incomplete.clone().into_new().is_err());
    assert_eq!(incomplete.name.as_deref(), Some("Morning news"));
    let bad = parse_task(&json!({"schedule": "whenever", "type": "hack", "url": "ftp://x"}));
    assert_eq!(bad.problems.len(), 2, "{:?}", bad.problems);
    for junk in [
        json!(null),
        json!([]),
        json!("0 9 * * *"),
        json!({"schedule": 5, "type": {}}),
    ] {
        assert!(!parse_task(&junk).problems.is_empty());
    }
    assert_eq!(parse_task_id("task-12"), Some(12));
    assert_eq!(parse_task_id(" 7 "), Some(7));
    assert_eq!(parse_task_id("task-x"), None);
    assert_eq!(parse_task_id("-3"), None);
}

fn news(schedule: &str) -> NewAutomation {
    NewAutomation {
        name: "News".into(),
        description: "open the news".into(),
        schedule: Schedule::parse(schedule).unwrap(),
        action: AutomationAction::Navigate {
            url: "https://news.example/".into(),
        },
    }
}

#[test]
fn automations_round_trip_claim_once_and_record_runs() {
    let (_dir, store) = crate::store();
    let daily = store.add_automation(&news("0 9 * * *"), JAN_1).unwrap();
    assert_eq!(daily.task_id(), format!("task-{}", daily.id));
    let once = store
        .add_automation(&news("once 2026-01-01T10:00:00Z"), JAN_1)
        .unwrap();
    assert_eq!(
        store.list_automations().unwrap(),
        vec![daily.clone(), once.clone()]
    );
    assert_eq!(store.automation(daily.id).unwrap(), Some(daily.clone()));
    // Nothing is due before 09:00.
    assert!(
        store
            .claim_due_automations(JAN_1 + 8 * HOUR)
            .unwrap()
            .is_empty()
    );
    // At 11:00 both are due; each is claimed once.
    let claimed = store.claim_due_automations(JAN_1 + 11 * HOUR).unwrap();
    assert_eq!(claimed.len(), 2);
    assert_eq!(claimed[0].next_run_at, Some(JAN_1 + 33 * HOUR));
    assert_eq!(claimed[1].next_run_at, None);
    assert!(!claimed[1].enabled);
    assert!(
        store
            .claim_due_automations(JAN_1 + 11 * HOUR)
            .unwrap()
            .is_empty()
    );
    // Missed runs run once: three days later, one claim.
    assert_eq!(
        store
            .claim_due_automations(JAN_1 + 80 * HOUR)
            .unwrap()
            .len(),
        1
    );
    store
        .record_run(&AutomationRun {
            automation_id: daily.id,
            started_at: JAN_1 + 11 * HOUR,
            finished_at: JAN_1 + 11 * HOUR + 5,
            status: RunStatus::AwaitingApproval,
            summary: "queued".into(),
        })
        .unwrap();
    let runs = store.automation_runs(daily.id, 10).unwrap();
    assert_eq!(runs[0].status, RunStatus::AwaitingApproval);
    assert!(store.delete_automation(daily.id).unwrap());
    assert!(!store.delete_automation(daily.id).unwrap());
    assert!(store.automation_runs(daily.id, 10).unwrap().is_empty());
    // Refused: past one-offs, blank names, empty targets.
    assert!(
        store
            .add_automation(&news("once 2025-01-01T00:00:00Z"), JAN_1)
            .is_err()
    );
    let mut blank = news("0 9 * * *");
    blank.name = " ".into();
    assert!(store.add_automation(&blank, JAN_1).is_err());
}

#[test]
fn two_schedulers_never_claim_the_same_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.db");
    let a = std::sync::Arc::new(
        aartiq_store::Store::open(&path)
            .unwrap()
            .with_time_zone(TimeZone::UTC),
    );
    let b = std::sync::Arc::new(
        aartiq_store::Store::open(&path)
            .unwrap()
            .with_time_zone(TimeZone::UTC),
    );
    for _ in 0..50 {
        a.add_automation(&news("*/5 * * * *"), JAN_1).unwrap();
    }
    let handles: Vec<_> = [a, b]
        .into_iter()
        .map(|s| std::thread::spawn(move || s.claim_due_automations(JAN_1 + HOUR).unwrap().len()))
        .collect();
    let total: usize = handles.into_iter().map(|h| h.join().unwrap()).sum();
    assert_eq!(total, 50);
}

#[test]
fn the_approval_queue_dedupes_decides_and_is_used_once() {
    let (_dir, store) = crate::store();
    let new = NewApproval {
        automation_id: 3,
        fingerprint: "abc".into(),
        command: "NAVIGATE https://news.example/".into(),
        risk: "low".into(),
        reason: "low risk action".into(),
        prompt: json!({"items": []}),
    };
    let first = store.queue_approval(&new, 1).unwrap();
    let second = store.queue_approval(&new, 2).unwrap();
    assert_eq!(first.id, second.id);
    assert_eq!(first.status, ApprovalStatus::Pending);
    assert!(!store.take_approval(3, "abc", 3).unwrap());
    let decided = store.decide_approval(first.id, true, 4).unwrap();
    assert_eq!(decided.status, ApprovalStatus::Approved);
    assert!(store.decide_approval(first.id, false, 5).is_err());
    assert!(!store.take_approval(3, "other", 6).unwrap());
    assert!(store.take_approval(3, "abc", 6).unwrap());
    assert!(!store.take_approval(3, "abc", 7).unwrap());
    assert_eq!(
        store.queued_approval(first.id).unwrap().unwrap().status,
        ApprovalStatus::Used
    );
    assert_eq!(
        store
            .queued_approvals(Some(ApprovalStatus::Pending))
            .unwrap()
            .len(),
        0
    );
    assert_eq!(store.queued_approvals(None).unwrap().len(), 1);
    assert!(store.decide_approval(999, true, 1).is_err());
}
