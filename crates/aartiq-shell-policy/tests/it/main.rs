//! Integration tests for `aartiq-shell-policy` (one binary, see STYLE.md).
// Helpers outside `#[test]` functions load fixed test data: a panic there is a failing test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod classes;
mod corpus;
mod fuzz_failures;
mod properties;
mod rules;
mod spec;
mod structure;

use aartiq_shell_policy::{Assessment, Settings, assess};

/// Assess with low-risk auto-approval on, as the corpus is scored.
pub(crate) fn auto(line: &str) -> Assessment {
    assess(
        line,
        &Settings::default().with_auto_approve_low_risk_shell(true),
    )
}

/// The rule ids of an assessment.
pub(crate) fn rules_of(a: &Assessment) -> Vec<&'static str> {
    a.findings.iter().map(|f| f.rule).collect()
}
