//! The crate's one error type. A denial is not an error: it is an [`crate::Assessment`].

/// Failures of this crate's fallible functions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A rule's own positive or negative example did not classify as the rule says.
    #[error("rule `{rule}` example {example:?} {problem}")]
    RuleExample {
        /// The rule id.
        rule: &'static str,
        /// The example line.
        example: &'static str,
        /// What went wrong, e.g. "did not match".
        problem: &'static str,
    },
    /// The rule table is inconsistent (a rule id missing or listed twice).
    #[error("rule table: {0}")]
    RuleTable(String),
    /// A grant level outside `read|interact|write|execute|send` (the original's message).
    #[error("Invalid permission level: {0}")]
    InvalidLevel(String),
    /// "Allow Always" was asked for a line that is not eligible.
    #[error("command is not eligible for allow always: {reason}")]
    NotEligible {
        /// The eligibility reason, as in spec b.8 (e.g. `network-or-script-capable:curl`).
        reason: String,
    },
    /// The bash grammar could not be loaded into the parser.
    #[error("bash grammar unavailable: {0}")]
    Grammar(String),
}
