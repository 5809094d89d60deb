//! The server-sent-events parser, alone.

use aartiq_llm::{SseEvent, SseParser};
use proptest::prelude::*;

fn all(parts: &[&[u8]]) -> Vec<SseEvent> {
    let mut parser = SseParser::new();
    let mut events = Vec::new();
    for part in parts {
        events.extend(parser.push(part).unwrap());
    }
    events.extend(parser.finish());
    events
}

#[test]
fn reads_data_comments_multiline_and_done() {
    let stream = b": keep-alive\n\ndata: {\"a\":1}\n\nevent: x\ndata: line one\ndata: line two\r\n\r\ndata:[DONE]\n\n";
    assert_eq!(
        all(&[stream]),
        [
            SseEvent::Data("{\"a\":1}".into()),
            SseEvent::Data("line one\nline two".into()),
            SseEvent::Done
        ]
    );
}

#[test]
fn an_event_without_its_last_blank_line_is_kept() {
    assert_eq!(all(&[b"data: tail"]), [SseEvent::Data("tail".into())]);
}

#[test]
fn endless_lines_are_refused() {
    let mut parser = SseParser::new();
    let big = vec![b'x'; (1 << 20) + 1];
    assert!(parser.push(&big).is_err());
}

proptest! {
    /// However the bytes are split (even inside `\r\n` or a UTF-8 character), the events are
    /// the same.
    #[test]
    fn splitting_never_changes_the_events(texts in prop::collection::vec("[a-zé😀 {}\":]{0,12}", 0..6), cuts in prop::collection::vec(0usize..200, 0..8)) {
        let mut stream = Vec::new();
        for text in &texts {
            stream.extend_from_slice(format!("data: {text}\r\n\r\n").as_bytes());
        }
        let whole = all(&[&stream]);
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(stream.len())).collect();
        cuts.sort_unstable();
        let mut parts: Vec<&[u8]> = Vec::new();
        let mut last = 0;
        for cut in cuts {
            parts.push(&stream[last..cut]);
            last = cut;
        }
        parts.push(&stream[last..]);
        prop_assert_eq!(all(&parts), whole);
    }
}
