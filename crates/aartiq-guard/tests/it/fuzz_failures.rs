//! Replays every input in `tests/data/fuzz-failures/`: each once crashed or misbehaved under
//! `fuzz/fuzz_targets/output_scan.rs`; now each must get a sane verdict.

use aartiq_guard::{Context, scan};

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
        for content in [
            aartiq_guard::ContentKind::Auto,
            aartiq_guard::ContentKind::Html,
            aartiq_guard::ContentKind::Text,
        ] {
            let v = scan(&text, &Context::new().with_content(content));
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
