//! Browsing history: a row per visit the runtime makes (`LIST_HISTORY`, `CLEAR_HISTORY`, spec
//! a.8 rows 70-71).

use rusqlite::params;
use serde::{Deserialize, Serialize};

use crate::bookmarks::{MAX_LIST, MAX_TITLE_CHARS, check_url};
use crate::error::{Op, StoreError};
use crate::store::{Store, check_text, clamp_ms, ms_from_sql, ms_to_sql};

/// How many entries a listing returns when no limit is given.
pub const DEFAULT_HISTORY_LIMIT: u32 = 50;

/// One visit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The URL visited.
    pub url: String,
    /// The page title, when known.
    pub title: String,
    /// When (ms since the epoch).
    pub visited_at: u64,
}

/// Which visits to list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryQuery {
    /// Only visits whose URL or title contains this text (case-insensitive for ASCII).
    pub query: Option<String>,
    /// At most this many (default [`DEFAULT_HISTORY_LIMIT`], capped at 1000).
    pub limit: Option<u32>,
    /// Only visits at or after this time (ms).
    pub since_ms: Option<u64>,
    /// Only visits at or before this time (ms).
    pub until_ms: Option<u64>,
}

impl HistoryQuery {
    /// Sets the text filter.
    #[must_use]
    pub fn with_query(mut self, query: impl Into<String>) -> Self {
        self.query = Some(query.into());
        self
    }

    /// Sets the limit.
    #[must_use]
    pub fn with_limit(mut self, limit: u32) -> Self {
        self.limit = Some(limit);
        self
    }
}

/// Escapes `%`, `_` and `\` for a `LIKE ... ESCAPE '\'` pattern.
fn like_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

impl Store {
    /// Records a visit.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a blank or oversized URL or title;
    /// [`StoreError::Database`].
    pub fn record_visit(
        &self,
        url: &str,
        title: &str,
        at_ms: u64,
    ) -> Result<HistoryEntry, StoreError> {
        let at_ms = clamp_ms(at_ms);
        let url = check_url(url)?;
        let title = title.trim();
        check_text("title", title, MAX_TITLE_CHARS)?;
        self.write("record visit", |tx| {
            tx.execute(
                "INSERT INTO history (url, title, visited_at) VALUES (?1, ?2, ?3)",
                params![url, title, ms_to_sql(at_ms)],
            )
            .op("record visit")?;
            Ok(HistoryEntry {
                url: url.to_owned(),
                title: title.to_owned(),
                visited_at: at_ms,
            })
        })
    }

    /// Visits matching `query`, newest first.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn list_history(&self, query: &HistoryQuery) -> Result<Vec<HistoryEntry>, StoreError> {
        let pattern = query
            .query
            .as_deref()
            .map(str::trim)
            .filter(|q| !q.is_empty())
            .map(like_pattern);
        let limit = query.limit.unwrap_or(DEFAULT_HISTORY_LIMIT).min(MAX_LIST);
        let since = query.since_ms.map_or(i64::MIN, ms_to_sql);
        let until = query.until_ms.map_or(i64::MAX, ms_to_sql);
        self.read("list history", |conn| {
            let mut stmt = conn.prepare(
                "SELECT url, title, visited_at FROM history
                 WHERE (?1 IS NULL OR url LIKE ?1 ESCAPE '\\' OR title LIKE ?1 ESCAPE '\\')
                   AND visited_at >= ?2 AND visited_at <= ?3
                 ORDER BY visited_at DESC, id DESC LIMIT ?4",
            )?;
            let rows = stmt.query_map(params![pattern, since, until, limit], |r| {
                Ok(HistoryEntry {
                    url: r.get(0)?,
                    title: r.get(1)?,
                    visited_at: ms_from_sql(r.get(2)?),
                })
            })?;
            rows.collect()
        })
    }

    /// Removes every visit; how many there were.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn clear_history(&self) -> Result<usize, StoreError> {
        self.write("clear history", |tx| {
            tx.execute("DELETE FROM history", []).op("clear history")
        })
    }
}
