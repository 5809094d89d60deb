//! The rule table loads, and its documentation is complete.

use aartiq_shell_policy::{RuleId, RuleSet};

#[test]
fn the_rule_table_passes_its_own_examples() {
    let problems = RuleSet::check();
    assert!(problems.is_empty(), "{problems:#?}");
    let set = RuleSet::load().unwrap();
    assert_eq!(set.rules().len(), RuleId::ALL.len());
}

#[test]
fn every_rule_is_documented_and_has_examples() {
    let set = RuleSet::load().unwrap();
    for rule in set.rules() {
        assert!(!rule.what.is_empty() && !rule.why.is_empty(), "{}", rule.id);
        assert!(
            rule.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{}",
            rule.id
        );
        assert!(
            !rule.negatives.is_empty(),
            "{} has no negative example",
            rule.id
        );
        // Rules that can only fire on huge or internal conditions are exercised in structure.rs.
        let internal = [
            "reject-length",
            "unsupported-construct",
            "too-complex",
            "nesting-too-deep",
            "policy-unavailable",
        ];
        assert!(
            internal.contains(&rule.id) || !rule.positives.is_empty(),
            "{} has no positive example",
            rule.id
        );
    }
}

#[test]
fn rule_ids_round_trip_through_their_definitions() {
    for id in RuleId::ALL {
        assert_eq!(id.def().rule_id(), *id);
    }
}
