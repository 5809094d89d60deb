//! Inputs a fuzzer or the round-trip property once failed on (`tests/data/fuzz-failures/`),
//! replayed: no panic, and the round-trip property holds.

use aartiq_commands::{Format, parse, render};

#[test]
fn replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz-failures");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "md") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let parsed = parse(&text);
        for format in [Format::Json, Format::Comment, Format::Bracket] {
            let again = parse(&render(&parsed.commands, format));
            assert_eq!(
                crate::roundtrip::essence(&again.commands),
                crate::roundtrip::essence(&parsed.commands)
            );
        }
        replayed += 1;
    }
    assert!(
        replayed >= 2,
        "the recorded failures must be replayed, found {replayed}"
    );
}
