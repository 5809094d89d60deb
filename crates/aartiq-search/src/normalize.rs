//! Small pure helpers: result counts, Brave's freshness codes, publication dates, text cleanup.

use std::sync::LazyLock;

use jiff::civil::{Date, DateTime};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use regex::Regex;

/// The default number of results.
pub const DEFAULT_COUNT: u8 = 8;
/// The largest number of results any search returns.
pub const MAX_COUNT: u8 = 20;

/// Clamps a requested result count the way the agent API's `maxResults` is read:
/// non-finite or ≤ 0 gives 8, otherwise `round(n)` capped at 20 and at least 1.
///
/// The original rounded 0.4 down to 0 results; here anything positive asks for at least one.
///
/// ```
/// use aartiq_search::clamp_count;
/// assert_eq!(clamp_count(0.0), 8);
/// assert_eq!(clamp_count(0.4), 1);
/// assert_eq!(clamp_count(12.6), 13);
/// assert_eq!(clamp_count(500.0), 20);
/// ```
#[must_use]
pub fn clamp_count(n: f64) -> u8 {
    if !n.is_finite() || n <= 0.0 {
        return DEFAULT_COUNT;
    }
    let rounded = n.round().clamp(1.0, f64::from(MAX_COUNT));
    // In 1.0..=20.0 after the clamp, so the cast is exact.
    rounded as u8
}

/// Brave's `freshness` code for "the last `days` days": ≤1 `pd`, ≤7 `pw`, ≤31 `pm`, else `py`;
/// `None` for 0.
#[must_use]
pub fn brave_freshness(days: u32) -> Option<&'static str> {
    match days {
        0 => None,
        1 => Some("pd"),
        2..=7 => Some("pw"),
        8..=31 => Some("pm"),
        _ => Some("py"),
    }
}

static RELATIVE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(\d{1,6})\s*(second|sec|minute|min|hour|hr|day|week|month|year)s?\.?\s*ago\b",
    )
    .ok()
});

static SERP_NEWS: LazyLock<Option<Regex>> = LazyLock::new(|| {
    // SerpAPI google_news: "01/15/2024, 08:00 AM, +0000 UTC".
    Regex::new(r"^(\d{2}/\d{2}/\d{4}), (\d{1,2}:\d{2} [AP]M), ([+-]\d{4})(?: UTC)?$").ok()
});

/// Parses a publication date as providers write it, relative to `now`.
///
/// Accepted: relative ages (`3 hours ago`, `2 days ago`, `1 week ago`; month = 30 days, year =
/// 365 days; `yesterday`, `just now`), RFC 3339 with or without offset (no offset means UTC),
/// plain dates `2024-01-15`, RFC 2822 (`Wed, 15 Jan 2025 14:30:00 GMT`), SerpAPI's news format
/// (`01/15/2024, 08:00 AM, +0000 UTC`) and month-name dates (`Jan 15, 2024`, `15 January 2024`).
/// Anything else, or an empty string, gives `None`.
///
/// ```
/// use aartiq_search::parse_published;
/// let now: jiff::Timestamp = "2026-03-01T12:00:00Z".parse()?;
/// let t = parse_published("3 hours ago", now).ok_or("no date")?;
/// assert_eq!(t.to_string(), "2026-03-01T09:00:00Z");
/// assert_eq!(parse_published("not a date", now), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn parse_published(raw: &str, now: Timestamp) -> Option<Timestamp> {
    let s = raw.trim();
    if s.is_empty() || s.len() > 200 {
        return None;
    }
    let lower = s.to_ascii_lowercase();
    if lower == "just now" || lower == "now" {
        return Some(now);
    }
    if lower == "yesterday" {
        return now.checked_sub(SignedDuration::from_hours(24)).ok();
    }
    if let Some(caps) = RELATIVE.as_ref().and_then(|re| re.captures(s)) {
        let n: i64 = caps.get(1)?.as_str().parse().ok()?;
        let unit = caps.get(2)?.as_str().to_ascii_lowercase();
        let secs: i64 = match unit.as_str() {
            "second" | "sec" => 1,
            "minute" | "min" => 60,
            "hour" | "hr" => 3_600,
            "day" => 86_400,
            "week" => 7 * 86_400,
            "month" => 30 * 86_400,
            _ => 365 * 86_400,
        };
        let back = SignedDuration::from_secs(n.checked_mul(secs)?);
        return now.checked_sub(back).ok();
    }
    if let Ok(t) = s.parse::<Timestamp>() {
        return Some(t);
    }
    if let Ok(dt) = s.parse::<DateTime>() {
        return utc(dt);
    }
    if let Ok(d) = s.parse::<Date>() {
        return utc(d.to_datetime(jiff::civil::Time::midnight()));
    }
    if let Ok(z) = jiff::fmt::rfc2822::parse(s) {
        return Some(z.timestamp());
    }
    if let Some(t) = serp_news(s) {
        return Some(t);
    }
    month_name_date(s)
}

fn utc(dt: DateTime) -> Option<Timestamp> {
    TimeZone::UTC.to_timestamp(dt).ok()
}

fn serp_news(s: &str) -> Option<Timestamp> {
    let caps = SERP_NEWS.as_ref()?.captures(s)?;
    let joined = format!(
        "{} {} {}",
        caps.get(1)?.as_str(),
        caps.get(2)?.as_str(),
        caps.get(3)?.as_str()
    );
    jiff::fmt::strtime::parse("%m/%d/%Y %I:%M %p %z", &joined)
        .ok()?
        .to_timestamp()
        .ok()
}

fn month_name_date(s: &str) -> Option<Timestamp> {
    let cleaned = s.replace('.', "");
    for fmt in [
        "%b %d, %Y",
        "%B %d, %Y",
        "%d %b %Y",
        "%d %B %Y",
        "%b %d %Y",
        "%B %d %Y",
    ] {
        if let Ok(tm) = jiff::fmt::strtime::parse(fmt, &cleaned)
            && let Ok(d) = tm.to_date()
        {
            return utc(d.to_datetime(jiff::civil::Time::midnight()));
        }
    }
    None
}

/// Collapses runs of whitespace to one space and trims; used on every title and snippet.
#[must_use]
pub(crate) fn collapse_ws(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

static TAG: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"<[^>]*>").ok());

/// Removes HTML tags (Brave and SerpAPI put `<strong>` in snippets), decodes the common
/// entities and collapses whitespace.
#[must_use]
pub(crate) fn strip_tags(s: &str) -> String {
    let no_tags = match TAG.as_ref() {
        Some(re) => re.replace_all(s, "").into_owned(),
        None => s.to_owned(),
    };
    let decoded = no_tags
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&");
    collapse_ws(&decoded)
}

/// Truncates `s` to at most `max` characters, on a char boundary.
#[must_use]
pub(crate) fn truncate_chars(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> Timestamp {
        "2026-03-01T12:00:00Z"
            .parse()
            .unwrap_or(Timestamp::UNIX_EPOCH)
    }

    fn p(s: &str) -> Option<String> {
        parse_published(s, now()).map(|t| t.to_string())
    }

    #[test]
    fn date_formats() {
        let cases = [
            ("3 hours ago", Some("2026-03-01T09:00:00Z")),
            ("1 day ago", Some("2026-02-28T12:00:00Z")),
            ("2 weeks ago", Some("2026-02-15T12:00:00Z")),
            ("5 mins ago", Some("2026-03-01T11:55:00Z")),
            ("1 month ago", Some("2026-01-30T12:00:00Z")),
            ("yesterday", Some("2026-02-28T12:00:00Z")),
            ("2024-01-15T10:30:00Z", Some("2024-01-15T10:30:00Z")),
            ("2024-01-15T10:30:00+02:00", Some("2024-01-15T08:30:00Z")),
            ("2024-01-15T10:30:00", Some("2024-01-15T10:30:00Z")),
            ("2024-01-15", Some("2024-01-15T00:00:00Z")),
            (
                "Wed, 15 Jan 2025 14:30:00 GMT",
                Some("2025-01-15T14:30:00Z"),
            ),
            (
                "01/15/2024, 08:00 AM, +0000 UTC",
                Some("2024-01-15T08:00:00Z"),
            ),
            (
                "01/15/2024, 08:00 PM, +0100 UTC",
                Some("2024-01-15T19:00:00Z"),
            ),
            ("Jan 15, 2024", Some("2024-01-15T00:00:00Z")),
            ("January 15, 2024", Some("2024-01-15T00:00:00Z")),
            ("15 Jan 2024", Some("2024-01-15T00:00:00Z")),
            ("Sept. 3, 2024", None),
            ("", None),
            ("   ", None),
            ("soon", None),
            ("999999 years ago", None),
        ];
        for (input, want) in cases {
            let got = p(input);
            assert_eq!(got.as_deref(), want, "{input}");
        }
    }

    #[test]
    fn counts() {
        assert_eq!(clamp_count(f64::NAN), 8);
        assert_eq!(clamp_count(-3.0), 8);
        assert_eq!(clamp_count(0.4), 1);
        assert_eq!(clamp_count(1.0), 1);
        assert_eq!(clamp_count(20.4), 20);
        assert_eq!(clamp_count(f64::INFINITY), 8);
    }

    #[test]
    fn freshness() {
        assert_eq!(brave_freshness(0), None);
        assert_eq!(brave_freshness(1), Some("pd"));
        assert_eq!(brave_freshness(7), Some("pw"));
        assert_eq!(brave_freshness(8), Some("pm"));
        assert_eq!(brave_freshness(31), Some("pm"));
        assert_eq!(brave_freshness(32), Some("py"));
    }

    #[test]
    fn truncation_is_char_safe() {
        assert_eq!(truncate_chars("héllo", 2), "hé…");
        assert_eq!(truncate_chars("hi", 5), "hi");
    }
}
