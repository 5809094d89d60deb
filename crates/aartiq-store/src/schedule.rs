//! When an automation runs: a five-field cron expression (or `@daily`-style nickname) read in
//! the store's time zone, `every <n> minutes|hours|days`, or once at an RFC 3339 time.
//! Next runs are computed by `croner` over `jiff` times (a small adapter below).

use std::cmp::Ordering;
use std::fmt;

use croner::parser::{CronParser, Seconds};
use croner::{CivilDate, CivilDateTime, CivilTime, Cron, CronDateTime, Resolution};
use jiff::tz::{AmbiguousOffset, TimeZone};
use jiff::{SignedDuration, Timestamp, ZonedDateTime as Zoned};
use serde::{Deserialize, Serialize};

use crate::error::StoreError;

/// The longest schedule text accepted.
const MAX_SCHEDULE_CHARS: usize = 200;
/// The shortest interval of `every`: one minute.
const MINUTE_MS: u64 = 60_000;

/// When an automation runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Schedule {
    /// A five-field cron expression (`minute hour day-of-month month day-of-week`, 0 = Sunday)
    /// or a nickname (`@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`).
    Cron {
        /// The expression as written.
        expression: String,
    },
    /// Every so many minutes after the previous run.
    Every {
        /// The interval in minutes (at least 1).
        minutes: u64,
    },
    /// Once, at this time.
    Once {
        /// When (ms since the epoch).
        at_ms: u64,
    },
}

impl fmt::Display for Schedule {
    /// The text [`Schedule::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Schedule::Cron { expression } => f.write_str(expression),
            Schedule::Every { minutes } => write!(f, "every {minutes} minutes"),
            Schedule::Once { at_ms } => match i64::try_from(*at_ms)
                .ok()
                .and_then(|ms| Timestamp::from_millisecond(ms).ok())
            {
                Some(ts) => write!(f, "once {ts}"),
                None => write!(f, "once {at_ms}"),
            },
        }
    }
}

fn parser() -> CronParser {
    CronParser::builder().seconds(Seconds::Disallowed).build()
}

fn cron(expression: &str) -> Result<Cron, StoreError> {
    parser().parse(expression).map_err(|e| {
        StoreError::invalid(
            "schedule",
            format!("\"{expression}\" is not a five-field cron expression: {e}"),
        )
    })
}

impl Schedule {
    /// Reads a schedule: `every 15 minutes`, `every 2 hours`, `every day`; `once <RFC 3339>`
    /// or a bare RFC 3339 time; otherwise a cron expression or nickname.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for anything else (never panics).
    pub fn parse(text: &str) -> Result<Schedule, StoreError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(StoreError::invalid("schedule", "it is empty"));
        }
        if text.chars().count() > MAX_SCHEDULE_CHARS {
            return Err(StoreError::invalid(
                "schedule",
                format!("longer than {MAX_SCHEDULE_CHARS} characters"),
            ));
        }
        let lower = text.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("every ") {
            return parse_every(rest.trim());
        }
        let once = lower
            .strip_prefix("once ")
            .or_else(|| lower.strip_prefix("at "))
            .map(str::trim);
        let stamp = once.unwrap_or(&lower);
        if let Ok(ts) = stamp.to_ascii_uppercase().parse::<Timestamp>() {
            let at_ms = u64::try_from(ts.as_millisecond())
                .map_err(|_| StoreError::invalid("schedule", format!("{ts} is before 1970")))?;
            return Ok(Schedule::Once { at_ms });
        }
        if once.is_some() {
            return Err(StoreError::invalid(
                "schedule",
                format!("\"{text}\" needs an RFC 3339 time such as 2026-12-01T09:00:00Z"),
            ));
        }
        cron(text)?;
        Ok(Schedule::Cron {
            expression: text.to_owned(),
        })
    }

    /// The first run strictly after `after_ms`, cron expressions read in `tz`; `None` when
    /// it will never run again (a past one-off).
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a cron expression that does not parse or never matches.
    pub fn next_after(&self, after_ms: u64, tz: &TimeZone) -> Result<Option<u64>, StoreError> {
        match self {
            Schedule::Every { minutes } => Ok(Some(
                after_ms.saturating_add(minutes.saturating_mul(MINUTE_MS)),
            )),
            Schedule::Once { at_ms } => Ok((*at_ms > after_ms).then_some(*at_ms)),
            Schedule::Cron { expression } => {
                let cron = cron(expression)?;
                let ms = i64::try_from(after_ms).unwrap_or(i64::MAX);
                let start = Timestamp::from_millisecond(ms)
                    .map_err(|e| StoreError::invalid("schedule", e.to_string()))?
                    .to_zoned_datetime(tz.clone());
                let next = cron
                    .find_next_occurrence(&ZonedTime(start), false)
                    .map_err(|e| {
                        StoreError::invalid(
                            "schedule",
                            format!("\"{expression}\" has no next run: {e}"),
                        )
                    })?;
                Ok(u64::try_from(next.0.timestamp().as_millisecond()).ok())
            }
        }
    }
}

fn parse_every(rest: &str) -> Result<Schedule, StoreError> {
    let bad = || {
        StoreError::invalid(
            "schedule",
            format!(
                "\"every {rest}\" should read like \"every 15 minutes\", \"every 2 hours\", \"every day\""
            ),
        )
    };
    let mut words = rest.split_whitespace();
    let first = words.next().ok_or_else(bad)?;
    let (count, unit) = match first.parse::<u64>() {
        Ok(n) => (n, words.next().ok_or_else(bad)?),
        Err(_) => (1, first),
    };
    if words.next().is_some() || count == 0 {
        return Err(bad());
    }
    let per = match unit.trim_end_matches('s') {
        "minute" | "min" => 1,
        "hour" => 60,
        "day" => 24 * 60,
        "week" => 7 * 24 * 60,
        _ => return Err(bad()),
    };
    let minutes = count.checked_mul(per).ok_or_else(bad)?;
    Ok(Schedule::Every { minutes })
}

/// A `jiff` 1 zoned time as `croner` searches over it (mirrors croner's own `jiff` 0.2
/// adapter: a repeated wall clock time resolves to both instants, a skipped one to none).
#[derive(Debug, Clone)]
struct ZonedTime(Zoned);

fn to_civil(dt: jiff::civil::DateTime) -> CivilDateTime {
    let part = |n: i8| u32::try_from(n).unwrap_or(0);
    CivilDateTime::new(
        CivilDate::from_parts_unchecked(i32::from(dt.year()), part(dt.month()), part(dt.day())),
        CivilTime::from_parts_unchecked(part(dt.hour()), part(dt.minute()), part(dt.second())),
    )
}

fn to_jiff(civil: CivilDateTime) -> Result<jiff::civil::DateTime, croner::errors::CronError> {
    let invalid = croner::errors::CronError::InvalidDate;
    let small = |n: u32| i8::try_from(n).map_err(|_| croner::errors::CronError::InvalidDate);
    let year = i16::try_from(civil.year()).map_err(|_| croner::errors::CronError::InvalidDate)?;
    jiff::civil::DateTime::new(
        year,
        small(civil.month())?,
        small(civil.day())?,
        small(civil.hour())?,
        small(civil.minute())?,
        small(civil.second())?,
        0,
    )
    .map_err(|_| invalid)
}

impl CronDateTime for ZonedTime {
    fn to_civil(&self) -> CivilDateTime {
        to_civil(self.0.datetime())
    }

    fn civil_weekday(&self) -> croner::Weekday {
        let days = u32::try_from(self.0.weekday().to_sunday_zero_offset()).unwrap_or(0);
        croner::Weekday::from_days_from_sunday(days)
    }

    fn resolve_civil(
        &self,
        civil: CivilDateTime,
    ) -> Result<Resolution<Self>, croner::errors::CronError> {
        use croner::errors::CronError;
        let ambiguous = self
            .0
            .time_zone()
            .to_ambiguous_zoned_datetime(to_jiff(civil)?);
        Ok(match ambiguous.offset() {
            AmbiguousOffset::Unambiguous { .. } => Resolution::Single(ZonedTime(
                ambiguous
                    .unambiguous()
                    .map_err(|_| CronError::InvalidTime)?,
            )),
            AmbiguousOffset::Fold { .. } => {
                let earlier = ambiguous
                    .clone()
                    .earlier()
                    .map_err(|_| CronError::InvalidTime)?;
                let later = ambiguous.later().map_err(|_| CronError::InvalidTime)?;
                Resolution::Ambiguous(ZonedTime(earlier), ZonedTime(later))
            }
            AmbiguousOffset::Gap { .. } => Resolution::Gap,
        })
    }

    fn checked_add_seconds(&self, seconds: i64) -> Option<Self> {
        self.0
            .checked_add(SignedDuration::from_secs(seconds))
            .ok()
            .map(ZonedTime)
    }

    fn cmp_instant(&self, other: &Self) -> Ordering {
        self.0.timestamp().cmp(&other.0.timestamp())
    }
}
