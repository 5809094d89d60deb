//! Unit tests of the rule table: every rule compiles and matches its own examples.

use crate::engine::{Engine, expand_anchor, rule_severity};
use crate::normalize::{fold_pattern, normalize};
use crate::rules::{FRAGMENTS, GUARDS, RULES};

fn compile(pattern: &str) -> regex::Regex {
    let mut p = pattern.to_owned();
    for (name, frag) in FRAGMENTS {
        p = p.replace(&format!("{{{name}}}"), frag);
    }
    regex::Regex::new(&fold_pattern(&p)).unwrap()
}

#[test]
fn engine_builds() {
    Engine::new().unwrap();
}

#[test]
fn every_rule_matches_its_examples_and_not_its_counter_examples() {
    let mut failures = Vec::new();
    for rule in RULES {
        let re = compile(rule.pattern);
        for ex in rule.examples {
            if rule_severity(rule, &re, &normalize(ex).text).is_none() {
                failures.push(format!("{}: should match {ex:?}", rule.id));
            }
        }
        for ex in rule.counter {
            // A counter-example may still be seen, but never with a weight that counts.
            if rule_severity(rule, &re, &normalize(ex).text).is_some_and(|s| s >= 0.4) {
                failures.push(format!("{}: should not match {ex:?}", rule.id));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_rule_has_anchors_present_in_its_examples() {
    let mut failures = Vec::new();
    for rule in RULES {
        for ex in rule.examples {
            let n = normalize(ex).text;
            if !rule
                .anchors
                .iter()
                .flat_map(|a| expand_anchor(a))
                .any(|a| n.contains(&a))
            {
                failures.push(format!("{}: no anchor in {ex:?}", rule.id));
            }
            if !rule.also.is_empty()
                && !rule
                    .also
                    .iter()
                    .flat_map(|a| expand_anchor(a))
                    .any(|a| n.contains(&a))
            {
                failures.push(format!("{}: no co-anchor in {ex:?}", rule.id));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_anchor_is_a_lone_punctuation_mark() {
    // A one-byte symbol anchor would wake its rules on nearly every page.
    for rule in RULES {
        for a in rule.anchors.iter().flat_map(|a| expand_anchor(a)) {
            assert!(
                a.chars().count() >= 2 || a.chars().all(char::is_alphanumeric) || a == "{",
                "{}: anchor {a:?}",
                rule.id
            );
        }
    }
}

#[test]
fn every_guard_is_part_of_its_rule_and_matches_its_examples() {
    for (id, guard) in GUARDS {
        let rule = RULES.iter().find(|r| r.id == *id).unwrap();
        // Written inside the rule's own pattern, so the rule cannot match where it does not.
        assert!(
            rule.pattern.contains(guard),
            "{id}: guard is not part of the pattern"
        );
        let re = compile(guard);
        for ex in rule.examples {
            assert!(
                re.is_match(&normalize(ex).text),
                "{id}: guard misses {ex:?}"
            );
        }
    }
}
