//! Replays every file in `tests/data/fuzz-failures/` through both scrapers with the fuzz
//! target's checks: no panic, every hit titled, every URL http(s), no URL twice.

use aartiq_search::scrape::{parse_duckduckgo, parse_google};

#[test]
fn replay_fuzz_failures() {
    let dir = format!("{}/tests/data/fuzz-failures", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        for hits in [parse_google(&text), parse_duckduckgo(&text)]
            .into_iter()
            .flatten()
        {
            let mut seen = std::collections::HashSet::new();
            for hit in hits {
                assert!(!hit.title.is_empty(), "{}", path.display());
                assert!(
                    hit.url.starts_with("http://") || hit.url.starts_with("https://"),
                    "{}: {}",
                    path.display(),
                    hit.url
                );
                assert!(seen.insert(hit.url), "{}", path.display());
            }
        }
        count += 1;
    }
    assert!(
        count > 0,
        "the replay directory holds at least the seed cases"
    );
}
