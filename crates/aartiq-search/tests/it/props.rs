//! Properties: the scrapers and date parser accept any input without panicking, and counts
//! always land in range.

use aartiq_search::scrape::{clean_duckduckgo_url, parse_duckduckgo, parse_google};
use aartiq_search::{clamp_count, parse_published};
use proptest::prelude::*;

fn html_like() -> impl Strategy<Value = String> {
    let atoms = prop_oneof![
        Just("<div class=\"g\">".to_owned()),
        Just("<div class=\"result\">".to_owned()),
        Just(
            "<a class=\"result__a\" href=\"//duckduckgo.com/l/?uddg=https%3A%2F%2Fx.example\">"
                .to_owned()
        ),
        Just("<a href=\"/url?q=https://y.example&sa=U\">".to_owned()),
        Just("<h3>".to_owned()),
        Just("<h2>".to_owned()),
        Just("</a>".to_owned()),
        Just("</div>".to_owned()),
        Just("<article data-testid=\"result\">".to_owned()),
        Just("<div class=\"VwiC3b\">".to_owned()),
        Just("<a class=\"result__snippet\">".to_owned()),
        "[a-z <>/=\"&;%]{0,12}",
    ];
    proptest::collection::vec(atoms, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn scrapers_never_panic_and_hits_are_clean(html in html_like()) {
        for hits in [parse_google(&html), parse_duckduckgo(&html)].into_iter().flatten() {
            let mut urls = std::collections::HashSet::new();
            for h in hits {
                prop_assert!(h.url.starts_with("http://") || h.url.starts_with("https://"));
                prop_assert!(!h.title.is_empty());
                prop_assert!(urls.insert(h.url), "duplicate URL");
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = parse_google(&s);
        let _ = parse_duckduckgo(&s);
        let _ = clean_duckduckgo_url(&s);
        let _ = parse_published(&s, jiff::Timestamp::UNIX_EPOCH);
    }

    #[test]
    fn counts_in_range(n in proptest::num::f64::ANY) {
        let c = clamp_count(n);
        prop_assert!((1..=20).contains(&c));
    }

    #[test]
    fn relative_dates_count_back(n in 0u32..10_000, unit in prop_oneof![Just("minute"), Just("hour"), Just("day"), Just("week")]) {
        let now: jiff::Timestamp = crate::NOW.parse().unwrap();
        let t = parse_published(&format!("{n} {unit}s ago"), now).unwrap();
        prop_assert!(t <= now);
    }
}
