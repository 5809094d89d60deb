//! Replays every input in `tests/data/fuzz-failures/`: each once crashed or misbehaved under
//! `fuzz/fuzz_targets/output_scan.rs`; now each must get a sane verdict.

use crate::randomized::fuzz_context;
use aartiq_guard::{ContentKind, Context, scan};

#[test]
fn fuzz_failures_replay() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fuzz-failures");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let v = scan(&text, &Context::new());
        assert!((0.0..=1.0).contains(&v.score), "{}", path.display());
        // And the fuzz target's own checks, with the context it builds from the input.
        if let Err(e) = crate::randomized::check(&bytes) {
            panic!("{}: {e}", path.display());
        }
        count += 1;
    }
    // The directory holds at least the seed inputs kept for the replay.
    assert!(count >= 1);
}

#[test]
fn fuzz_failure_spans_are_on_char_boundaries() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fuzz-failures");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let contexts = [
            Context::new().with_content(ContentKind::Auto),
            Context::new().with_content(ContentKind::Html),
            Context::new().with_content(ContentKind::Text),
            fuzz_context(&bytes, &text),
        ];
        for ctx in contexts {
            let v = scan(&text, &ctx);
            for t in &v.threats {
                if let Some(s) = t.span {
                    assert!(
                        s.start <= s.end && s.end <= text.len(),
                        "{}: {t:?}",
                        path.display()
                    );
                    assert!(
                        text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
                        "{}: {t:?} in {text:?}",
                        path.display()
                    );
                }
            }
        }
    }
}
