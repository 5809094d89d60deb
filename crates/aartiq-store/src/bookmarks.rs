//! Bookmarks (`LIST_BOOKMARKS`, `ADD_BOOKMARK`, `REMOVE_BOOKMARK`, `CLEAR_BOOKMARKS`, spec a.8
//! rows 66-69): one row per URL.

use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{Op, StoreError};
use crate::store::{Store, check_text, clamp_ms, ms_from_sql, ms_to_sql};

/// The longest URL or title accepted.
pub const MAX_URL_CHARS: usize = 8192;
/// The longest title accepted.
pub const MAX_TITLE_CHARS: usize = 1024;
/// How many rows one listing returns at most (the catalog's `limit` bound).
pub const MAX_LIST: u32 = 1000;

/// One bookmark.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bookmark {
    /// The URL (unique).
    pub url: String,
    /// Its title (may be empty).
    pub title: String,
    /// When it was added (ms since the epoch).
    pub created_at: u64,
}

/// Checks a URL for storing: not blank, not too long, no NUL.
pub(crate) fn check_url(url: &str) -> Result<&str, StoreError> {
    let url = url.trim();
    if url.is_empty() {
        return Err(StoreError::invalid("url", "it is empty"));
    }
    check_text("url", url, MAX_URL_CHARS)?;
    Ok(url)
}

impl Store {
    /// Adds a bookmark, or retitles the one with this URL (its date is kept). Returns it and
    /// whether it is new.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a blank or oversized URL or title;
    /// [`StoreError::Database`].
    pub fn add_bookmark(
        &self,
        url: &str,
        title: &str,
        at_ms: u64,
    ) -> Result<(Bookmark, bool), StoreError> {
        let at_ms = clamp_ms(at_ms);
        let url = check_url(url)?;
        let title = title.trim();
        check_text("title", title, MAX_TITLE_CHARS)?;
        self.write("add bookmark", |tx| {
            let existing: Option<i64> = tx
                .query_row(
                    "SELECT created_at FROM bookmarks WHERE url = ?1",
                    [url],
                    |r| r.get(0),
                )
                .optional()
                .op("add bookmark")?;
            match existing {
                Some(created) => {
                    tx.execute(
                        "UPDATE bookmarks SET title = ?2 WHERE url = ?1",
                        params![url, title],
                    )
                    .op("add bookmark")?;
                    Ok((
                        Bookmark {
                            url: url.to_owned(),
                            title: title.to_owned(),
                            created_at: ms_from_sql(created),
                        },
                        false,
                    ))
                }
                None => {
                    tx.execute(
                        "INSERT INTO bookmarks (url, title, created_at) VALUES (?1, ?2, ?3)",
                        params![url, title, ms_to_sql(at_ms)],
                    )
                    .op("add bookmark")?;
                    Ok((
                        Bookmark {
                            url: url.to_owned(),
                            title: title.to_owned(),
                            created_at: at_ms,
                        },
                        true,
                    ))
                }
            }
        })
    }

    /// Bookmarks, newest first, `offset` skipped, at most `limit` (capped at [`MAX_LIST`]).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn list_bookmarks(&self, limit: u32, offset: u32) -> Result<Vec<Bookmark>, StoreError> {
        self.read("list bookmarks", |conn| {
            let mut stmt = conn.prepare(
                "SELECT url, title, created_at FROM bookmarks
                 ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2",
            )?;
            let rows = stmt.query_map(params![limit.min(MAX_LIST), offset], |r| {
                Ok(Bookmark {
                    url: r.get(0)?,
                    title: r.get(1)?,
                    created_at: ms_from_sql(r.get(2)?),
                })
            })?;
            rows.collect()
        })
    }

    /// How many bookmarks there are.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn count_bookmarks(&self) -> Result<u64, StoreError> {
        self.read("count bookmarks", |conn| {
            conn.query_row("SELECT COUNT(*) FROM bookmarks", [], |r| r.get::<_, i64>(0))
        })
        .map(ms_from_sql)
    }

    /// Removes the bookmark of `url`; whether there was one.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a blank URL; [`StoreError::Database`].
    pub fn remove_bookmark(&self, url: &str) -> Result<bool, StoreError> {
        let url = check_url(url)?;
        self.write("remove bookmark", |tx| {
            tx.execute("DELETE FROM bookmarks WHERE url = ?1", [url])
                .op("remove bookmark")
                .map(|n| n > 0)
        })
    }

    /// Removes every bookmark; how many there were.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn clear_bookmarks(&self) -> Result<usize, StoreError> {
        self.write("clear bookmarks", |tx| {
            tx.execute("DELETE FROM bookmarks", [])
                .op("clear bookmarks")
        })
    }
}
