//! Numeric claim extraction (spec h.4, with the j.6 fixes).

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::domain::domain_of;

/// A currency, from a symbol (`$`, `€`, `£`, `₹`, `¥`), a code (`USD`, `EUR`, ...) or a word
/// after the number (`dollars`, `euros`, ...). Written back as its symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    /// US dollar (`$`, `US$`, `USD`, `dollar(s)`).
    Usd,
    /// Euro (`€`, `EUR`, `euro(s)`).
    Eur,
    /// Pound sterling (`£`, `GBP`, `pound(s)`, `sterling`).
    Gbp,
    /// Indian rupee (`₹`, `INR`, `Rs`, `rupee(s)`).
    Inr,
    /// Japanese yen (`¥`, `JPY`, `yen`).
    Jpy,
}

impl Currency {
    /// The symbol used in normalised values.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            Currency::Usd => "$",
            Currency::Eur => "€",
            Currency::Gbp => "£",
            Currency::Inr => "₹",
            Currency::Jpy => "¥",
        }
    }

    fn from_prefix(s: &str) -> Option<Self> {
        let t = s.trim().trim_end_matches('.').to_ascii_lowercase();
        Some(match t.as_str() {
            "$" | "us$" | "usd" => Currency::Usd,
            "€" | "eur" => Currency::Eur,
            "£" | "gbp" => Currency::Gbp,
            "₹" | "inr" | "rs" => Currency::Inr,
            "¥" | "jpy" => Currency::Jpy,
            _ => return None,
        })
    }

    fn from_word(s: &str) -> Option<Self> {
        Some(match s.to_ascii_lowercase().as_str() {
            "dollar" | "dollars" | "usd" => Currency::Usd,
            "euro" | "euros" | "eur" => Currency::Eur,
            "pound" | "pounds" | "sterling" | "gbp" => Currency::Gbp,
            "rupee" | "rupees" | "inr" => Currency::Inr,
            "yen" | "jpy" => Currency::Jpy,
            _ => return None,
        })
    }
}

/// The unit word of a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// ×1 000 (`thousand`, `k` after a currency).
    Thousand,
    /// ×100 000 (`lakh`).
    Lakh,
    /// ×1 000 000 (`million`, `mn`, `m` after a currency).
    Million,
    /// ×10 000 000 (`crore`).
    Crore,
    /// ×10⁹ (`billion`, `bn`).
    Billion,
    /// ×10¹² (`trillion`, `tn`).
    Trillion,
    /// A percentage (`%`, `percent`, `per cent`).
    Percent,
}

impl Unit {
    fn word(self) -> &'static str {
        match self {
            Unit::Thousand => "thousand",
            Unit::Lakh => "lakh",
            Unit::Million => "million",
            Unit::Crore => "crore",
            Unit::Billion => "billion",
            Unit::Trillion => "trillion",
            Unit::Percent => "%",
        }
    }

    fn multiplier(self) -> f64 {
        match self {
            Unit::Thousand => 1e3,
            Unit::Lakh => 1e5,
            Unit::Million => 1e6,
            Unit::Crore => 1e7,
            Unit::Billion => 1e9,
            Unit::Trillion => 1e12,
            Unit::Percent => 1.0,
        }
    }

    fn parse(s: &str, has_currency: bool) -> Option<Self> {
        Some(match s.to_ascii_lowercase().as_str() {
            "thousand" => Unit::Thousand,
            "lakh" => Unit::Lakh,
            "million" | "mn" => Unit::Million,
            "crore" => Unit::Crore,
            "billion" | "bn" => Unit::Billion,
            "trillion" | "tn" => Unit::Trillion,
            "percent" | "%" => Unit::Percent,
            "m" if has_currency => Unit::Million,
            "k" if has_currency => Unit::Thousand,
            "b" if has_currency => Unit::Billion,
            _ => return None,
        })
    }
}

/// A normalised figure: currency, amount and unit. Two figures are the same value when their
/// currency, percent-ness and magnitude agree, so `1.2 billion` equals `1,200 million`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Figure {
    /// The currency, if one was named (symbol, code or word).
    pub currency: Option<Currency>,
    /// The number as written, separators removed.
    pub amount: f64,
    /// The scale or percent word, if any.
    pub unit: Option<Unit>,
}

impl Figure {
    /// `amount` times the unit's multiplier (a percentage keeps its amount).
    #[must_use]
    pub fn magnitude(&self) -> f64 {
        self.amount * self.unit.map_or(1.0, Unit::multiplier)
    }

    /// The identity used to group values: currency, percent or not, magnitude.
    #[must_use]
    pub fn identity(&self) -> String {
        let cur = self.currency.map_or("", Currency::symbol);
        let pct = if self.unit == Some(Unit::Percent) {
            "%"
        } else {
            ""
        };
        format!("{cur}|{pct}|{:.9e}", self.magnitude())
    }

    /// The normalised value text: `<symbol><amount>[ <unit>]`, `%` for percentages, e.g.
    /// `$450 million`, `12 %`, `₹1200 crore`, `1200 million`.
    #[must_use]
    pub fn value(&self) -> String {
        let mut s = String::new();
        if let Some(c) = self.currency {
            s.push_str(c.symbol());
        }
        s.push_str(&js_number(self.amount));
        if let Some(u) = self.unit {
            s.push(' ');
            s.push_str(u.word());
        }
        s
    }
}

/// `String(Number(x))` for the numbers that occur in articles.
pub(crate) fn js_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// One numeric claim from one page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Claim {
    /// `subject|predicate`, lower-cased: claims with the same key are compared.
    pub key: String,
    /// The subject as written, e.g. `Acme Corp`.
    pub subject: String,
    /// The verb-like word, lower-cased, e.g. `reported`.
    pub predicate: String,
    /// The normalised value, e.g. `$450 million` (see [`Figure::value`]).
    pub value: String,
    /// The structured value.
    #[serde(skip)]
    pub figure: Figure,
    /// The sentence the claim came from.
    pub text: String,
    /// The registrable domain of `url`.
    pub domain: String,
    /// The page the claim came from.
    pub url: String,
}

const SUBJECT_STOPWORDS: &[&str] = &[
    "the",
    "a",
    "an",
    "this",
    "that",
    "these",
    "those",
    "there",
    "it",
    "its",
    "they",
    "their",
    "we",
    "our",
    "you",
    "your",
    "he",
    "she",
    "his",
    "her",
    "i",
    "but",
    "and",
    "so",
    "yet",
    "if",
    "as",
    "in",
    "on",
    "at",
    "for",
    "however",
    "after",
    "before",
    "when",
    "while",
    "meanwhile",
    "still",
];

const PREDICATE_STOPWORDS: &[&str] = &[
    // articles and determiners
    "the",
    "an",
    "this",
    "that",
    "these",
    "those",
    "some",
    "any",
    "each",
    "every",
    "all",
    "both",
    // prepositions and conjunctions
    "and",
    "but",
    "for",
    "nor",
    "yet",
    "with",
    "from",
    "into",
    "onto",
    "upon",
    "about",
    "above",
    "after",
    "against",
    "along",
    "among",
    "around",
    "before",
    "behind",
    "below",
    "beneath",
    "beside",
    "between",
    "beyond",
    "during",
    "except",
    "inside",
    "near",
    "off",
    "out",
    "over",
    "since",
    "than",
    "through",
    "throughout",
    "toward",
    "towards",
    "under",
    "until",
    "unto",
    "within",
    "without",
    "via",
    "per",
    "because",
    "while",
    "when",
    "where",
    "whether",
    "though",
    "although",
    "also",
    "just",
    "only",
    "then",
    "there",
    "here",
    "now",
    "not",
    "too",
    "very",
    // pronouns
    "she",
    "her",
    "hers",
    "him",
    "his",
    "its",
    "our",
    "ours",
    "their",
    "theirs",
    "them",
    "they",
    "you",
    "your",
    "yours",
    "who",
    "whom",
    "whose",
    "which",
    "what",
    "it's",
    "they're",
    // auxiliaries and modals
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "am",
    "has",
    "have",
    "had",
    "having",
    "does",
    "did",
    "doing",
    "done",
    "will",
    "would",
    "shall",
    "should",
    "can",
    "could",
    "may",
    "might",
    "must",
    "ought",
    "isn't",
    "wasn't",
    "aren't",
    "weren't",
    "hasn't",
    "haven't",
    "hadn't",
    "won't",
    "wouldn't",
    "can't",
    "couldn't",
    "shouldn't",
    "doesn't",
    "didn't",
    // units and currency words that follow a number
    "million",
    "billion",
    "trillion",
    "thousand",
    "crore",
    "lakh",
    "percent",
    "cent",
    "dollars",
    "dollar",
    "euros",
    "euro",
    "pounds",
    "pound",
    "rupees",
    "rupee",
    "yen",
    "usd",
    "eur",
    "gbp",
    "inr",
    "sterling",
];

#[allow(clippy::expect_used)] // Fixed patterns, checked by the unit tests.
static SUBJECT_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\p{L}[\w&.'’-]*(?:[ \t]+\p{Lu}[\w&.'’-]*){0,3}").expect("subject regex")
});

#[allow(clippy::expect_used)] // Fixed patterns, checked by the unit tests.
static NUMBER_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:(US\$|\$|€|£|₹|¥|(?-u:\b)(?:USD|EUR|GBP|INR|JPY|Rs\.?)[ \t]?)[ \t]*)?([0-9][0-9,.]*)(?:[ \t]*(%|per[ \t]?cent(?-u:\b)|(?:million|billion|trillion|thousand|crore|lakh|mn|bn|tn)(?-u:\b))|(m|k|b)(?-u:\b))?",
    )
    .expect("number regex")
});

#[allow(clippy::expect_used)] // Fixed patterns, checked by the unit tests.
static DATELINE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:\p{Lu}[\p{L}.'-]*(?:[ ,]+\p{Lu}[\p{L}.'-]*){0,4}[ ,]*)?\((?:Reuters|AP|AFP|Bloomberg|PTI|ANI|IANS|dpa|UPI|CNN|Xinhua)\)[ \t]*[-—–]+[ \t]*|^\p{Lu}{2,}[\p{Lu} .'-]*(?:,[ \t]*\p{Lu}[\p{L}.]*)*[ \t]*[-—–]+[ \t]+",
    )
    .expect("dateline regex")
});

#[allow(clippy::expect_used)] // Fixed patterns, checked by the unit tests.
static WORD_RE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\W*([A-Za-z][A-Za-z'-]*)").expect("word regex"));

#[allow(clippy::expect_used)] // Fixed patterns, checked by the unit tests.
static CURRENCY_WORD_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^[ \t]*(us[ \t]+dollars?|dollars?|euros?|pounds?(?:[ \t]+sterling)?|sterling|rupees?|yen|usd|eur|gbp|inr|jpy)(?-u:\b)")
        .expect("currency word regex")
});

/// Splits text into candidate sentences: blank lines separate paragraphs, whitespace is
/// collapsed, a sentence ends after `.`, `!` or `?` followed by whitespace; only sentences of
/// 16 to 399 characters are kept.
#[must_use]
pub fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_sentence(text, |s| out.push(s.to_owned()));
    out
}

/// Calls `f` with each sentence [`sentences`] would return, without allocating per sentence.
fn for_each_sentence(text: &str, mut f: impl FnMut(&str)) {
    let mut emit = |s: &str| {
        let s = s.trim();
        let n = s.chars().count();
        if n > 15 && n < 400 {
            f(s);
        }
    };
    let mut collapsed = String::new();
    for para in split_paragraphs(text) {
        collapsed.clear();
        for w in para.split_whitespace() {
            if !collapsed.is_empty() {
                collapsed.push(' ');
            }
            collapsed.push_str(w);
        }
        let bytes = collapsed.as_bytes();
        let (mut start, mut i) = (0, 0);
        while i < bytes.len() {
            if matches!(bytes[i], b'.' | b'!' | b'?') && bytes.get(i + 1) == Some(&b' ') {
                emit(&collapsed[start..=i]);
                start = i + 2;
                i += 2;
                continue;
            }
            i += 1;
        }
        if start < collapsed.len() {
            emit(&collapsed[start..]);
        }
    }
}

fn split_paragraphs(text: &str) -> Vec<&str> {
    let mut paras = Vec::new();
    let mut start = 0;
    let mut blank_run = false;
    let mut line_start = 0;
    for (i, ch) in text.char_indices() {
        if ch == '\n' {
            let line = &text[line_start..i];
            if line.trim().is_empty() && !blank_run {
                paras.push(&text[start..line_start]);
                blank_run = true;
            }
            line_start = i + 1;
            if blank_run {
                start = line_start;
            }
        } else if !ch.is_whitespace() {
            blank_run = false;
        }
    }
    paras.push(&text[start..]);
    paras.retain(|p| !p.trim().is_empty());
    paras
}

/// The subject at the start of a sentence: one word in any case, then up to three capitalised
/// words, stopwords stripped from both ends (case-insensitively); `None` when less than two
/// characters remain.
#[must_use]
pub fn subject_of(sentence: &str) -> Option<(String, usize)> {
    let m = SUBJECT_RE.find(sentence)?;
    let words: Vec<&str> = m.as_str().split_whitespace().collect();
    let is_stop = |w: &&str| SUBJECT_STOPWORDS.iter().any(|s| s.eq_ignore_ascii_case(w));
    let first = words.iter().position(|w| !is_stop(w))?;
    let last = words.iter().rposition(|w| !is_stop(w))?;
    let subject = words[first..=last].join(" ");
    (subject.chars().count() >= 2).then_some((subject, m.end()))
}

/// One number found in a sentence, with where it ends.
struct NumberHit {
    figure: Figure,
    end: usize,
}

/// Finds the first usable number in `s`. A bare year (1900-2100, no currency, no unit) is
/// skipped when a later number exists.
fn find_number(s: &str) -> Option<NumberHit> {
    let mut first_year: Option<NumberHit> = None;
    for caps in NUMBER_RE.captures_iter(s) {
        let Some(digits_m) = caps.get(2) else {
            continue;
        };
        let digits_raw = digits_m.as_str().trim_end_matches(['.', ',']);
        let digits_end = digits_m.start() + digits_raw.len();
        let unit_m = caps.get(3).or_else(|| caps.get(4));
        // The end of what was matched: the unit if there is one, else the trimmed digits.
        let end = unit_m.map_or(digits_end, |u| u.end());
        let next = s[end..].chars().next();
        let boundary_ok = match next {
            None => true,
            Some(c) => c.is_whitespace() || ".,;:!?)".contains(c),
        };
        if !boundary_ok {
            continue;
        }
        let Ok(amount) = digits_raw.replace(',', "").parse::<f64>() else {
            continue;
        };
        if !amount.is_finite() {
            continue;
        }
        let mut currency = caps.get(1).and_then(|c| Currency::from_prefix(c.as_str()));
        let unit = match unit_m {
            None => None,
            // An abbreviation that is not a scale here (`3D`, `5m` without a currency).
            Some(u) => {
                match Unit::parse(&u.as_str().replace([' ', '\t'], ""), currency.is_some()) {
                    Some(unit) => Some(unit),
                    None => continue,
                }
            }
        };
        let mut end = end;
        if let Some(w) = CURRENCY_WORD_RE.captures(&s[end..])
            && let (Some(word), Some(all)) = (w.get(1), w.get(0))
        {
            let last = word
                .as_str()
                .split_whitespace()
                .next_back()
                .unwrap_or_default();
            let first = word.as_str().split_whitespace().next().unwrap_or_default();
            let named = Currency::from_word(first).or_else(|| Currency::from_word(last));
            if currency.is_none() {
                currency = named;
            }
            end += all.end();
        }
        let figure = Figure {
            currency,
            amount,
            unit,
        };
        let hit = NumberHit { figure, end };
        let year_like = currency.is_none()
            && unit.is_none()
            && digits_raw.len() == 4
            && digits_raw.bytes().all(|b| b.is_ascii_digit())
            && (1900.0..=2100.0).contains(&amount);
        if year_like {
            if first_year.is_none() {
                first_year = Some(hit);
            }
            continue;
        }
        return Some(hit);
    }
    first_year
}

fn first_word(s: &str) -> Option<String> {
    WORD_RE
        .captures(s)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str().to_lowercase())
}

fn valid_predicate(w: &str) -> bool {
    w.chars().filter(char::is_ascii_alphabetic).count() >= 3 && !PREDICATE_STOPWORDS.contains(&w)
}

/// Extracts the numeric claims of `text`, found at `url` (spec h.4, with the j.6 fixes).
///
/// A claim is a sentence that starts with a named subject and contains a number; its key is
/// `subject|predicate`. Only the first claim per key is kept. Currency symbols, codes and words
/// and scale words are part of the value, so `450 million dollars` and `$450 million` are the
/// same value and `450 million euros` differs from both.
///
/// ```
/// use aartiq_research::extract_claims;
/// let claims = extract_claims(
///     "Acme Corp reported revenue of 450 million dollars on Tuesday.",
///     "https://news.example.com/acme",
/// );
/// assert_eq!(claims[0].key, "acme corp|reported");
/// assert_eq!(claims[0].value, "$450 million");
/// assert_eq!(claims[0].domain, "example.com");
/// ```
#[must_use]
pub fn extract_claims(text: &str, url: &str) -> Vec<Claim> {
    let domain = domain_of(url);
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for_each_sentence(text, |sentence| {
        let Some((subject, predicate, figure)) = claim_of(sentence) else {
            return;
        };
        let key = format!("{}|{}", subject.to_lowercase(), predicate);
        if seen.contains(&key) {
            return;
        }
        seen.insert(key.clone());
        out.push(Claim {
            key,
            subject,
            predicate,
            value: figure.value(),
            figure,
            text: sentence.to_owned(),
            domain: domain.clone(),
            url: url.to_owned(),
        });
    });
    out
}

/// The subject, predicate and figure of one sentence, if it is a claim.
fn claim_of(sentence: &str) -> Option<(String, String, Figure)> {
    // Cheap prefilter: a claim needs an ASCII digit.
    if !sentence.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    // A wire dateline ("NEW YORK (Reuters) - ", "FRANKFURT, Germany (AP) — ") is not the subject.
    let body = DATELINE_RE
        .find(sentence)
        .map_or(sentence, |m| &sentence[m.end()..]);
    let (subject, subject_end) = subject_of(body)?;
    let rest = &body[subject_end..];
    let (hit, offset) = find_number(rest)
        .map(|h| (h, subject_end))
        .or_else(|| find_number(body).map(|h| (h, 0)))?;
    let predicate = first_word(rest)
        .filter(|w| valid_predicate(w))
        .or_else(|| {
            let after = body
                .get((offset + hit.end).min(body.len())..)
                .unwrap_or_default();
            first_word(after).filter(|w| valid_predicate(w))
        })?;
    Some((subject, predicate, hit.figure))
}
