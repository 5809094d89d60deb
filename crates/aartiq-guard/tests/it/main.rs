//! Integration tests of `aartiq-guard`: the development corpus, the original's behaviour
//! (spec d.10) and its fixed false positives (j.9), families of attacks beyond the corpus, hard
//! negatives, properties, `Untrusted<T>`, redaction and replayed fuzz failures.
// Test helpers outside `#[test]` functions may unwrap too: a panic there is a failing test.
#![allow(clippy::unwrap_used)]

mod compat;
mod corpus;
mod families;
mod fuzz_failures;
mod props;
mod randomized;
mod redact;
mod snapshots;
mod untrusted;
mod v2;
mod views;

use aartiq_guard::{Action, Context, Verdict, scan};

/// Scans with an empty context.
pub(crate) fn check(text: &str) -> Verdict {
    scan(text, &Context::new())
}

/// Whether a text is flagged (anything but `allow`), as the acceptance checks count it.
pub(crate) fn flagged(text: &str) -> bool {
    check(text).action != Action::Allow
}
