//! Errors of the guard: only configuration can fail; a scan never does.

/// What can go wrong when building a [`Guard`](crate::Guard).
///
/// Scanning itself never fails: every input yields a [`Verdict`](crate::Verdict).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GuardError {
    /// A threshold in [`Config`](crate::Config) is outside `0.0..=1.0` or not a number.
    #[error("threshold `{name}` must be within 0.0..=1.0, got {value}")]
    InvalidThreshold {
        /// Which threshold.
        name: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// A built-in rule failed to compile (a defect in this crate, caught by its tests).
    #[error("rule `{rule}` does not compile: {message}")]
    InvalidRule {
        /// The rule's id.
        rule: &'static str,
        /// The regex engine's message.
        message: String,
    },
    /// The keyword prefilter could not be built.
    #[error("keyword prefilter does not build: {message}")]
    Prefilter {
        /// The automaton builder's message.
        message: String,
    },
    /// A concept lexicon line does not parse (a defect in this crate, caught by its tests).
    #[error("lexicon `{language}` line {line}: {message}")]
    InvalidLexicon {
        /// The lexicon's language code.
        language: &'static str,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The combiner's weights file does not parse (a defect in this crate, caught by its tests).
    #[error("combiner weights line {line}: {message}")]
    InvalidModel {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
}
