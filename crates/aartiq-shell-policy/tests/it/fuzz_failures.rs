//! Replays every input in `tests/data/fuzz-failures/`: each once crashed or hung the fuzzer.

use aartiq_shell_policy::{Settings, assess};

#[test]
fn fuzz_failures_replay_without_panicking() {
    let dir = format!("{}/tests/data/fuzz-failures", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let line = String::from_utf8_lossy(&bytes);
        let a = assess(&line, &Settings::default());
        assert!(!a.findings.is_empty() || a.tier == aartiq_shell_policy::Tier::Low);
        n += 1;
    }
    // The seed file documents the directory's purpose and is itself a replayed input.
    assert!(n >= 1);
}
