//! Cross-verification of claims across registrable domains (spec h.5, with the j.6 fixes).

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use crate::claims::{Claim, Figure, Unit};
use crate::domain::domain_of;

/// How well one claim key is supported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimVerdict {
    /// At least two independent sources, and no independent source disagrees.
    Corroborated,
    /// Two different figures, stated by two different, non-syndicated domains.
    Disputed,
    /// One independent source (one domain, or one passage syndicated across domains).
    SingleSource,
}

impl ClaimVerdict {
    /// `corroborated`, `disputed` or `single_source`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimVerdict::Corroborated => "corroborated",
            ClaimVerdict::Disputed => "disputed",
            ClaimVerdict::SingleSource => "single_source",
        }
    }
}

/// One distinct figure for a claim key, with who stated it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValueGroup {
    /// The normalised value, as first seen.
    pub value: String,
    /// The distinct domains stating it, first-seen order.
    pub domains: Vec<String>,
    /// The first sentence stating it.
    pub text: String,
    /// The page of that sentence.
    pub url: String,
}

/// The verdict for one claim key.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// `subject|predicate`.
    pub key: String,
    /// The subject, as first seen.
    pub subject: String,
    /// The predicate.
    pub predicate: String,
    /// The verdict.
    pub verdict: ClaimVerdict,
    /// The distinct domains with a claim under this key, first-seen order.
    pub domains: Vec<String>,
    /// How many independent sources those domains are: domains that carry the same passage
    /// (a syndicated copy) count once.
    pub independent_sources: usize,
    /// The distinct figures, first-seen order.
    pub values: Vec<ValueGroup>,
}

/// One side of a contradiction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContradictionSide {
    /// The domain stating this figure (`unknown` when the claim had none).
    pub source: String,
    /// The sentence.
    pub text: String,
    /// The page.
    pub url: String,
}

/// Two sources that state different figures for the same claim key.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Contradiction {
    /// `<v1> vs <v2> <predicate>`, e.g. `$450 million vs $520 million reported`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The claim key.
    pub key: String,
    /// The first figure's side.
    pub claim1: ContradictionSide,
    /// The second figure's side; never the same domain as `claim1`.
    pub claim2: ContradictionSide,
    /// `hi/lo` with one decimal, when both figures share a currency and percent-ness, differ,
    /// and the smaller is not zero.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<String>,
}

/// The result of [`verify_claims`].
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    /// One finding per claim key, first-seen order.
    pub findings: Vec<Finding>,
    /// One contradiction per disputed finding.
    pub contradictions: Vec<Contradiction>,
    /// Every domain with a claim, sorted.
    pub independent_domains: Vec<String>,
}

/// Numeric agreement: how many findings are not single-source (spec h.7 step 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Coverage {
    /// `round(covered / total * 100)`, 0 with no findings.
    pub percentage: u32,
    /// Findings that are corroborated or disputed.
    pub covered: usize,
    /// All findings.
    pub total: usize,
}

/// Coverage of a set of findings. It measures numeric claim agreement only: a finding counts
/// as covered when more than one independent source spoke to it, whether they agreed or not.
#[must_use]
pub fn coverage(findings: &[Finding]) -> Coverage {
    let total = findings.len();
    let covered = findings
        .iter()
        .filter(|f| f.verdict != ClaimVerdict::SingleSource)
        .count();
    let percentage = if total == 0 {
        0
    } else {
        // covered <= total, so the quotient is in 0..=100.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let p = ((covered as f64 / total as f64) * 100.0).round() as u32;
        p
    };
    Coverage {
        percentage,
        covered,
        total,
    }
}

/// A passage fingerprint: lower-case words of letters, digits and currency or percent signs.
/// Two claims with the same fingerprint on two domains are one syndicated passage.
fn passage(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric() && !"$€£₹¥%".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A claim with its re-derived domain.
type Member<'a> = (&'a Claim, &'a String);

/// A tiny union-find over domain indices.
struct Clusters(Vec<usize>);

impl Clusters {
    fn find(&mut self, mut i: usize) -> usize {
        while let Some(&p) = self.0.get(i) {
            if p == i {
                break;
            }
            let gp = self.0.get(p).copied().unwrap_or(p);
            if let Some(slot) = self.0.get_mut(i) {
                *slot = gp;
            }
            i = p;
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb
            && let Some(slot) = self.0.get_mut(rb)
        {
            *slot = ra;
        }
    }
}

/// `Number.prototype.toFixed(1)`: ties round up.
fn to_fixed1(x: f64) -> String {
    let scaled = x * 10.0;
    let fl = scaled.floor();
    let n = if (scaled - fl - 0.5).abs() < 1e-9 {
        fl + 1.0
    } else {
        scaled.round()
    };
    format!("{:.1}", n / 10.0)
}

/// The ratio of two figures, when they are comparable (spec h.5 step 4).
fn ratio(a: &Figure, b: &Figure) -> Option<String> {
    let pct = |f: &Figure| f.unit == Some(Unit::Percent);
    if a.currency != b.currency || pct(a) != pct(b) {
        return None;
    }
    let (x, y) = (a.magnitude(), b.magnitude());
    if !x.is_finite() || !y.is_finite() || x == y {
        return None;
    }
    let (hi, lo) = if x > y { (x, y) } else { (y, x) };
    if lo <= 0.0 {
        return None;
    }
    Some(to_fixed1(hi / lo))
}

/// Groups claims by key and gives each key a verdict (spec h.5, with the j.6 fixes).
///
/// - Each claim's domain is re-derived from its own URL (the claim's `domain` is used only when
///   the URL does not parse).
/// - Values are grouped by figure: `$450 million`, `450 million dollars` and `$0.45 billion`
///   are one value; `$450 million` and `€450 million` are two.
/// - Domains carrying the same passage (a syndicated copy) count as one independent source.
/// - `disputed` needs two different figures stated by two different domains that are not
///   copies of each other; one domain correcting itself is not a dispute, and a contradiction
///   never names the same domain on both sides.
/// - `corroborated` needs two or more independent sources.
#[must_use]
pub fn verify_claims(claims: &[Claim]) -> Verification {
    let mut order: Vec<&str> = Vec::new();
    let mut groups: HashMap<&str, Vec<(&Claim, String)>> = HashMap::new();
    let mut all_domains: BTreeSet<String> = BTreeSet::new();
    for c in claims {
        let derived = domain_of(&c.url);
        let domain = if derived.is_empty() {
            c.domain.clone()
        } else {
            derived
        };
        if !domain.is_empty() {
            all_domains.insert(domain.clone());
        }
        let entry = groups.entry(c.key.as_str()).or_default();
        if entry.is_empty() {
            order.push(c.key.as_str());
        }
        entry.push((c, domain));
    }

    let mut out = Verification {
        independent_domains: all_domains.into_iter().collect(),
        ..Verification::default()
    };
    for key in order {
        let Some(group) = groups.get(key) else {
            continue;
        };
        let Some((first, _)) = group.first() else {
            continue;
        };
        let mut domains: Vec<String> = Vec::new();
        for (_, d) in group {
            if !d.is_empty() && !domains.contains(d) {
                domains.push(d.clone());
            }
        }
        // Syndication clusters over this key's domains.
        let mut clusters = Clusters((0..domains.len()).collect());
        let mut by_passage: HashMap<String, usize> = HashMap::new();
        for (c, d) in group {
            let Some(di) = domains.iter().position(|x| x == d) else {
                continue;
            };
            match by_passage.get(&passage(&c.text)) {
                Some(&other) => clusters.union(other, di),
                None => {
                    by_passage.insert(passage(&c.text), di);
                }
            }
        }
        let roots: BTreeSet<usize> = (0..domains.len()).map(|i| clusters.find(i)).collect();
        let independent = roots.len();

        // Distinct figures, first-seen order, each with its claims.
        let mut values: Vec<(String, Vec<(&Claim, &String)>)> = Vec::new();
        for (c, d) in group {
            let id = c.figure.identity();
            match values.iter_mut().find(|(v, _)| *v == id) {
                Some((_, members)) => members.push((c, d)),
                None => values.push((id, vec![(c, d)])),
            }
        }

        // The first pair of figures stated by two domains that are not copies of each other.
        let mut dispute: Option<(Member<'_>, Member<'_>)> = None;
        'pairs: for (i, (_, mi)) in values.iter().enumerate() {
            for (_, mj) in values.iter().skip(i + 1) {
                for a in mi {
                    for b in mj {
                        if a.1.is_empty() || b.1.is_empty() || a.1 == b.1 {
                            continue;
                        }
                        let (Some(ia), Some(ib)) = (
                            domains.iter().position(|x| x == a.1),
                            domains.iter().position(|x| x == b.1),
                        ) else {
                            continue;
                        };
                        if clusters.find(ia) != clusters.find(ib) {
                            dispute = Some((*a, *b));
                            break 'pairs;
                        }
                    }
                }
            }
        }

        let verdict = if dispute.is_some() {
            ClaimVerdict::Disputed
        } else if independent >= 2 {
            ClaimVerdict::Corroborated
        } else {
            ClaimVerdict::SingleSource
        };

        let value_groups: Vec<ValueGroup> = values
            .iter()
            .filter_map(|(_, members)| {
                let (c0, _) = members.first()?;
                let mut ds: Vec<String> = Vec::new();
                for (_, d) in members {
                    if !d.is_empty() && !ds.contains(d) {
                        ds.push((*d).clone());
                    }
                }
                Some(ValueGroup {
                    value: c0.value.clone(),
                    domains: ds,
                    text: c0.text.clone(),
                    url: c0.url.clone(),
                })
            })
            .collect();

        if let Some(((ca, da), (cb, db))) = dispute {
            let side = |c: &Claim, d: &str| ContradictionSide {
                source: if d.is_empty() {
                    "unknown".to_owned()
                } else {
                    d.to_owned()
                },
                text: c.text.clone(),
                url: c.url.clone(),
            };
            out.contradictions.push(Contradiction {
                kind: format!("{} vs {} {}", ca.value, cb.value, first.predicate),
                key: key.to_owned(),
                claim1: side(ca, da),
                claim2: side(cb, db),
                ratio: ratio(&ca.figure, &cb.figure),
            });
        }
        out.findings.push(Finding {
            key: key.to_owned(),
            subject: first.subject.clone(),
            predicate: first.predicate.clone(),
            verdict,
            domains,
            independent_sources: independent,
            values: value_groups,
        });
    }
    out
}
