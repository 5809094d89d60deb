//! Fuzzes the search scrapers (`parse_google`, `parse_duckduckgo`, `clean_duckduckgo_url`) on
//! arbitrary HTML: they must never panic, and every hit they return must have a non-empty title,
//! an http(s) URL, and a URL no earlier hit had.
#![no_main]

use aartiq_search::scrape::{clean_duckduckgo_url, parse_duckduckgo, parse_google};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let html = String::from_utf8_lossy(data);
    for hits in [parse_google(&html), parse_duckduckgo(&html)]
        .into_iter()
        .flatten()
    {
        let mut seen = std::collections::HashSet::new();
        for hit in hits {
            assert!(!hit.title.is_empty());
            assert!(hit.url.starts_with("http://") || hit.url.starts_with("https://"));
            assert!(seen.insert(hit.url));
        }
    }
    if let Some(u) = clean_duckduckgo_url(&html) {
        assert!(u.starts_with("http://") || u.starts_with("https://"));
    }
});
