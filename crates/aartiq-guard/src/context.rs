//! What the caller knows about the text: the user's goal, whether it is HTML, its hidden parts.

use crate::error::GuardError;

/// How to read the scanned text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ContentKind {
    /// Treat it as HTML when it contains markup (tags or comments).
    #[default]
    Auto,
    /// Plain text: never look for hidden HTML channels.
    Text,
    /// HTML: extract hidden channels even from fragments.
    Html,
}

/// Per-scan context. Build with [`Context::new`] and the `with_*` methods.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Context {
    /// What the user asked for; drives `goal-drift` (spec d.10).
    pub user_goal: Option<String>,
    /// How to read the text.
    pub content: ContentKind,
    /// Parts of the page hidden from a human, as extracted by the caller (for example the
    /// browser's hidden-text channel). Each is scanned as hidden evidence.
    pub hidden_parts: Vec<String>,
}

impl Context {
    /// An empty context: no goal, content kind detected, no hidden parts.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the user's goal.
    pub fn with_user_goal(mut self, goal: impl Into<String>) -> Self {
        self.user_goal = Some(goal.into());
        self
    }

    /// Sets how the text is read.
    pub fn with_content(mut self, content: ContentKind) -> Self {
        self.content = content;
        self
    }

    /// Adds a part of the page that is hidden from a human.
    pub fn with_hidden_part(mut self, part: impl Into<String>) -> Self {
        self.hidden_parts.push(part.into());
        self
    }
}

/// Thresholds of the verdict. The defaults are the original's (spec d.10).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// The maximum severity at or above which the sentinel layer triggers (0.62).
    pub sentinel_threshold: f64,
    /// The semantic score at or above which the semantic layer triggers (0.55).
    pub semantic_threshold: f64,
    /// Overall score at or above which a triggered verdict is `block` (0.9).
    pub block_at: f64,
    /// Overall score at or above which a triggered verdict is `quarantine` (0.55); below it,
    /// a triggered verdict is `sanitize`.
    pub quarantine_at: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            sentinel_threshold: 0.62,
            semantic_threshold: 0.55,
            block_at: 0.9,
            quarantine_at: 0.55,
        }
    }
}

impl Config {
    /// Sets the sentinel threshold.
    pub fn with_sentinel_threshold(mut self, value: f64) -> Self {
        self.sentinel_threshold = value;
        self
    }

    /// Sets the semantic threshold.
    pub fn with_semantic_threshold(mut self, value: f64) -> Self {
        self.semantic_threshold = value;
        self
    }

    /// Sets the block threshold.
    pub fn with_block_at(mut self, value: f64) -> Self {
        self.block_at = value;
        self
    }

    /// Sets the quarantine threshold.
    pub fn with_quarantine_at(mut self, value: f64) -> Self {
        self.quarantine_at = value;
        self
    }

    /// Checks every threshold is a number within `0.0..=1.0`.
    ///
    /// # Errors
    /// [`GuardError::InvalidThreshold`] naming the first bad threshold.
    pub fn validate(&self) -> Result<(), GuardError> {
        for (name, value) in [
            ("sentinel_threshold", self.sentinel_threshold),
            ("semantic_threshold", self.semantic_threshold),
            ("block_at", self.block_at),
            ("quarantine_at", self.quarantine_at),
        ] {
            if !(0.0..=1.0).contains(&value) {
                return Err(GuardError::InvalidThreshold { name, value });
            }
        }
        Ok(())
    }
}
