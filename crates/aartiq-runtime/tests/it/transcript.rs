//! Transcripts: JSON lines that read back, and a run replayed from its transcript gives the
//! same transcript.

use aartiq_runtime::{ApprovalAnswer, NoEvents, Record, Transcript};
use aartiq_test_support::Fakes;

use crate::support::{Scripted, config, harness, start_tab};

fn fakes() -> Fakes {
    let fakes = start_tab("<p>Start</p>");
    fakes.browser.add_site(
        "https://docs.example/",
        "<h1>Docs</h1><form><input id=\"q\"><button id=\"go\">Go</button></form>",
    );
    fakes
}

#[tokio::test]
async fn a_transcript_reads_back_and_replays_to_the_same_transcript() {
    let script = vec![
        "[NAVIGATE: https://docs.example/]\n[THINK: fill then submit]",
        "[FILL_FORM: #q | rust]\n[CLICK_ELEMENT: #go]",
        "[CLICK_ELEMENT: Go | reason: try again]",
        "Searched the docs.",
    ];
    let h = harness(fakes(), script, config());
    let approver = Scripted::new(vec![
        ApprovalAnswer::Deny("not yet".into()),
        ApprovalAnswer::Approve,
    ]);
    let outcome = h
        .runtime
        .run_goal("search the docs", &approver, &NoEvents)
        .await;
    let jsonl = outcome.transcript.to_jsonl();
    let read = Transcript::from_jsonl(&jsonl).unwrap();
    assert_eq!(read, outcome.transcript);
    assert!(matches!(read.records.first(), Some(Record::Goal { .. })));
    assert!(matches!(read.records.last(), Some(Record::End { .. })));
    assert_eq!(
        read.answers(),
        [
            (false, "not yet".to_owned()),
            (true, "approved by the person".to_owned())
        ]
    );

    // Replay: the recorded replies and answers drive a fresh run.
    let replies = read.replies();
    let answers = read
        .answers()
        .into_iter()
        .map(|(ok, why)| {
            if ok {
                ApprovalAnswer::Approve
            } else {
                ApprovalAnswer::Deny(why)
            }
        })
        .collect();
    let again = harness(
        fakes(),
        replies.iter().map(String::as_str).collect(),
        config(),
    );
    let replayed = again
        .runtime
        .run_goal("search the docs", &Scripted::new(answers), &NoEvents)
        .await;
    assert_eq!(replayed.transcript, read);
    assert_eq!(again.fakes.browser.submissions().len(), 1);
}

#[test]
fn a_line_that_is_not_a_record_is_named() {
    let error = Transcript::from_jsonl("{\"record\": \"end\", \"at\": 1, \"reason\": {\"reason\": \"answered\"}, \"steps\": 1}\nnot json\n")
        .unwrap_err();
    assert!(error.to_string().contains("line 2"), "{error}");
}
