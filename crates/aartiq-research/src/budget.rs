//! The research budget and its clamps (spec h.1).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How much one research run may spend. Build it with [`Budget::default`] and the `with_*`
/// methods (which clamp), or from loose JSON with [`clamp_budget`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Budget {
    /// Searches allowed in the whole run, follow-ups included (1..=20, default 6).
    pub max_queries: u32,
    /// Results asked of each search (1..=20, default 8).
    pub results_per_query: u32,
    /// Pages fetched in the whole run, follow-ups included (1..=40, default 12).
    pub pages_to_fetch: u32,
    /// Follow-up rounds for disputed or single-source claims (0..=6, default 2).
    pub max_follow_up_rounds: u32,
    /// Recency window of the news search, in days (1..=365, default 7).
    pub days: u32,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_queries: 6,
            results_per_query: 8,
            pages_to_fetch: 12,
            max_follow_up_rounds: 2,
            days: 7,
        }
    }
}

/// The inclusive bounds of each field, in declaration order.
const BOUNDS: [(&str, u32, u32); 5] = [
    ("maxQueries", 1, 20),
    ("resultsPerQuery", 1, 20),
    ("pagesToFetch", 1, 40),
    ("maxFollowUpRounds", 0, 6),
    ("days", 1, 365),
];

impl Budget {
    /// Sets `max_queries`, clamped to 1..=20.
    #[must_use]
    pub fn with_max_queries(mut self, n: u32) -> Self {
        self.max_queries = n.clamp(1, 20);
        self
    }

    /// Sets `results_per_query`, clamped to 1..=20.
    #[must_use]
    pub fn with_results_per_query(mut self, n: u32) -> Self {
        self.results_per_query = n.clamp(1, 20);
        self
    }

    /// Sets `pages_to_fetch`, clamped to 1..=40.
    #[must_use]
    pub fn with_pages_to_fetch(mut self, n: u32) -> Self {
        self.pages_to_fetch = n.clamp(1, 40);
        self
    }

    /// Sets `max_follow_up_rounds`, clamped to 0..=6.
    #[must_use]
    pub fn with_max_follow_up_rounds(mut self, n: u32) -> Self {
        self.max_follow_up_rounds = n.min(6);
        self
    }

    /// Sets `days`, clamped to 1..=365.
    #[must_use]
    pub fn with_days(mut self, n: u32) -> Self {
        self.days = n.clamp(1, 365);
        self
    }
}

/// Reads a budget from loose JSON the way the original did (spec h.1).
///
/// - A missing field, `null` or `""` keeps the default; so does anything that is not an
///   object.
/// - Numeric strings are coerced (`"3"`, `" 4.6 "`); `NaN`, `Infinity` and non-numeric
///   strings keep the default; `true`/`false` count as 1/0 (as `Number(true)` does).
/// - Everything else is rounded half away from zero and clamped.
///
/// ```
/// use aartiq_research::clamp_budget;
/// let b = clamp_budget(&serde_json::json!({"maxQueries": 99, "pagesToFetch": "3", "days": null}));
/// assert_eq!((b.max_queries, b.pages_to_fetch, b.days), (20, 3, 7));
/// ```
#[must_use]
pub fn clamp_budget(raw: &Value) -> Budget {
    let mut out = Budget::default();
    let defaults = [
        out.max_queries,
        out.results_per_query,
        out.pages_to_fetch,
        out.max_follow_up_rounds,
        out.days,
    ];
    let mut vals = defaults;
    if let Value::Object(map) = raw {
        for (i, (name, lo, hi)) in BOUNDS.iter().enumerate() {
            if let Some(n) = map.get(*name).and_then(number_of) {
                let r = n.round().clamp(f64::from(*lo), f64::from(*hi));
                // In range 0..=365 after the clamp, so the cast is exact.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let v = r as u32;
                vals[i] = v;
            }
        }
    }
    out.max_queries = vals[0];
    out.results_per_query = vals[1];
    out.pages_to_fetch = vals[2];
    out.max_follow_up_rounds = vals[3];
    out.days = vals[4];
    out
}

/// `Number(v)` for the cases the original accepted; `None` keeps the default.
fn number_of(v: &Value) -> Option<f64> {
    let n = match v {
        Value::Number(n) => n.as_f64()?,
        Value::String(s) => {
            let t = s.trim();
            if t.is_empty() {
                return None;
            }
            t.parse::<f64>().ok()?
        }
        Value::Bool(b) => f64::from(u8::from(*b)),
        _ => return None,
    };
    n.is_finite().then_some(n)
}
