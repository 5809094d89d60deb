//! Properties: nothing panics on arbitrary input, and verification's promises hold.

use aartiq_research::{
    ClaimVerdict, coverage, decode_body, domain_of, extract_claims, readable_text, verify_claims,
};
use proptest::prelude::*;

fn sentence() -> impl Strategy<Value = String> {
    let subjects = prop::sample::select(vec![
        "Acme",
        "Acme Corp",
        "eBay",
        "The Board",
        "Société Générale",
        "it",
    ]);
    let verbs = prop::sample::select(vec!["reported", "cut", "has", "said", "hired"]);
    let figures = prop::sample::select(vec![
        "$450 million",
        "€450 million",
        "450 million dollars",
        "12%",
        "1,200",
        "2.5 billion euros",
        "0",
        "7 percent",
    ]);
    (subjects, verbs, figures).prop_map(|(s, v, f)| format!("{s} {v} a total of {f} this year."))
}

fn url() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "https://news.reuters.com/a",
        "https://uk.reuters.com/b",
        "https://www.bbc.co.uk/c",
        "https://a.github.io/d",
        "https://b.github.io/e",
        "http://10.0.0.1/f",
        "garbage",
    ])
    .prop_map(str::to_owned)
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,400}", u in ".{0,40}") {
        for c in extract_claims(&text, &u) {
            prop_assert_eq!(&c.key, &format!("{}|{}", c.subject.to_lowercase(), c.predicate));
            prop_assert!(!c.value.is_empty());
        }
        let _ = domain_of(&u);
        let _ = readable_text(&text);
    }

    #[test]
    fn arbitrary_bytes_decode(bytes in prop::collection::vec(any::<u8>(), 0..300), ct in "[a-z/;= 0-9-]{0,30}") {
        let _ = decode_body(&bytes, &ct);
    }

    #[test]
    fn verification_promises(pairs in prop::collection::vec((sentence(), url()), 0..12)) {
        let claims: Vec<_> = pairs.iter().flat_map(|(s, u)| extract_claims(s, u)).collect();
        let v = verify_claims(&claims);
        for c in &v.contradictions {
            prop_assert_ne!(&c.claim1.source, &c.claim2.source);
        }
        for f in &v.findings {
            if f.verdict == ClaimVerdict::Corroborated {
                prop_assert!(f.independent_sources >= 2);
            }
            if f.domains.len() < 2 {
                prop_assert_eq!(f.verdict, ClaimVerdict::SingleSource);
            }
        }
        let cov = coverage(&v.findings);
        prop_assert!(cov.percentage <= 100 && cov.covered <= cov.total);
        prop_assert_eq!(v.contradictions.len(), v.findings.iter().filter(|f| f.verdict == ClaimVerdict::Disputed).count());
    }
}
