//! `Untrusted<T>`: a value from outside (a page, a search result, a tool's output) that only
//! this crate can open, and only by scanning it.

use std::fmt;

use crate::Guard;
use crate::context::Context;
use crate::verdict::Verdict;

/// Where an untrusted value came from, for the verdict's reader.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Origin {
    /// The tool or source that produced it, e.g. `page_read` or `search`.
    pub source: String,
    /// A URL or other locator, if known.
    pub locator: Option<String>,
}

impl Origin {
    /// An origin named by its source.
    pub fn new(source: impl Into<String>) -> Self {
        Origin {
            source: source.into(),
            locator: None,
        }
    }

    /// Sets the locator (URL, file, ...).
    pub fn with_locator(mut self, locator: impl Into<String>) -> Self {
        self.locator = Some(locator.into());
        self
    }
}

/// A value that must be scanned before anyone reads it. Anyone can wrap a value; only
/// [`Untrusted::scan`] (in this crate) unwraps it, and it hands back the verdict too.
pub struct Untrusted<T> {
    value: T,
    origin: Origin,
}

impl<T> Untrusted<T> {
    /// Wraps a value from outside.
    pub fn new(value: T, origin: Origin) -> Self {
        Untrusted { value, origin }
    }

    /// Where the value came from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Transforms the value without opening it (the result is still untrusted).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Untrusted<U> {
        Untrusted {
            value: f(self.value),
            origin: self.origin,
        }
    }

    /// Scans the text `text_of` extracts from the value, then opens it.
    pub fn scan_with(
        self,
        guard: &Guard,
        ctx: &Context,
        text_of: impl FnOnce(&T) -> String,
    ) -> Scanned<T> {
        let text = text_of(&self.value);
        let verdict = guard.scan(&text, ctx);
        Scanned {
            value: self.value,
            origin: self.origin,
            verdict,
        }
    }
}

impl<T: AsRef<str>> Untrusted<T> {
    /// Scans the value as text and opens it, returning it with its verdict.
    pub fn scan(self, guard: &Guard, ctx: &Context) -> Scanned<T> {
        let verdict = guard.scan(self.value.as_ref(), ctx);
        Scanned {
            value: self.value,
            origin: self.origin,
            verdict,
        }
    }
}

impl<T> fmt::Debug for Untrusted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The content stays closed, even in logs.
        f.debug_struct("Untrusted")
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}

/// An opened value with the verdict that opened it.
#[derive(Debug, Clone)]
pub struct Scanned<T> {
    /// The value, now readable.
    pub value: T,
    /// Where it came from.
    pub origin: Origin,
    /// What the scanner found.
    pub verdict: Verdict,
}

impl<T: AsRef<str>> Scanned<T> {
    /// What may be shown to a model: the text, the sanitized text, or the quarantine token.
    pub fn model_text(&self) -> &str {
        self.verdict.model_text(self.value.as_ref())
    }
}
