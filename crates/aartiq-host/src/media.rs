//! Video URLs (spec a.8 rows 51-52): `PLAY_VIDEO` takes a YouTube id or a URL,
//! `SEARCH_VIDEO` a query; both become a URL the runtime opens in a tab (through the origin
//! policy like any navigation). YouTube's search page is the one the original scraped
//! (spec g.3).

use crate::HostError;

/// YouTube's watch page for a video id.
const WATCH: &str = "https://www.youtube.com/watch?v=";
/// YouTube's search results page (spec g.3).
const RESULTS: &str = "https://www.youtube.com/results";

/// Whether `id` has the shape of a YouTube video id: 11 characters of `A-Z a-z 0-9 _ -`.
#[must_use]
pub fn is_youtube_id(id: &str) -> bool {
    id.len() == 11
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The page that plays `id_or_url` (`PLAY_VIDEO`): a YouTube id becomes its watch URL; an
/// http(s) URL is kept (normalised).
///
/// # Errors
/// [`HostError::InvalidVideo`] for anything else (other schemes included).
pub fn play_video_url(id_or_url: &str) -> Result<String, HostError> {
    let text = id_or_url.trim();
    if is_youtube_id(text) {
        return Ok(format!("{WATCH}{text}"));
    }
    match url::Url::parse(text) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() => {
            Ok(url.to_string())
        }
        _ => Err(HostError::InvalidVideo(text.to_owned())),
    }
}

/// YouTube's results page for `query` (`SEARCH_VIDEO`), the query form-encoded.
///
/// # Errors
/// [`HostError::EmptyQuery`] for a blank query.
pub fn search_video_url(query: &str) -> Result<String, HostError> {
    let query = query.split_whitespace().collect::<Vec<_>>().join(" ");
    if query.is_empty() {
        return Err(HostError::EmptyQuery);
    }
    let encoded: String = url::form_urlencoded::byte_serialize(query.as_bytes()).collect();
    Ok(format!("{RESULTS}?search_query={encoded}"))
}
