//! The research run (spec h.7): plan, search, rank, fetch, scan, extract, follow up,
//! cross-verify, report.

use std::collections::{BTreeMap, HashSet};
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;
use std::time::Duration;

use aartiq_guard::{Action, ContentKind, Context, Guard};
use aartiq_search::SearchResult;
use serde::Serialize;
use tokio::task::JoinSet;

use crate::budget::Budget;
use crate::claims::{Claim, extract_claims};
use crate::domain::domain_of;
use crate::error::FetchError;
use crate::fetch::{FetchedPage, Fetcher};
use crate::last_source::{LastSource, pick_last_source};
use crate::progress::{CancelToken, ProgressSink, ResearchEvent, RunStatus, Stage};
use crate::search::NewsSearch;
use crate::verify::{ClaimVerdict, Contradiction, Coverage, Finding, coverage, verify_claims};

/// What to research.
#[derive(Debug, Clone, PartialEq)]
pub struct ResearchRequest {
    /// The user's question.
    pub query: String,
    /// Planned search queries; empty means `[query]`. Blank entries are dropped.
    pub queries: Vec<String>,
    /// The budget (already clamped; see [`clamp_budget`](crate::clamp_budget)).
    pub budget: Budget,
    /// The run's id; `None` makes one (`research-` and 8 base-36 characters).
    pub research_id: Option<String>,
}

impl ResearchRequest {
    /// A request for `query` with the default budget.
    #[must_use]
    pub fn new(query: impl Into<String>) -> Self {
        ResearchRequest {
            query: query.into(),
            queries: Vec::new(),
            budget: Budget::default(),
            research_id: None,
        }
    }

    /// Sets the planned queries.
    #[must_use]
    pub fn with_queries<I, S>(mut self, queries: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.queries = queries.into_iter().map(Into::into).collect();
        self
    }

    /// Sets the budget.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Sets the run's id.
    #[must_use]
    pub fn with_research_id(mut self, id: impl Into<String>) -> Self {
        self.research_id = Some(id.into());
        self
    }
}

/// How a run fetches.
#[derive(Debug, Clone)]
pub struct RunConfig {
    /// Each fetch is abandoned after this long (reported as a `fetch_error`). Default 20 s.
    pub fetch_timeout: Duration,
    /// Fetches in flight at once, at least 1. Default 4.
    pub concurrency: usize,
    /// Characters of readable text asked of each page. Default 6000 (the original's).
    pub max_chars: usize,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            fetch_timeout: Duration::from_secs(20),
            concurrency: 4,
            max_chars: 6000,
        }
    }
}

impl RunConfig {
    /// Sets the per-fetch timeout.
    #[must_use]
    pub fn with_fetch_timeout(mut self, t: Duration) -> Self {
        self.fetch_timeout = t;
        self
    }

    /// Sets the number of concurrent fetches (0 counts as 1).
    #[must_use]
    pub fn with_concurrency(mut self, n: usize) -> Self {
        self.concurrency = n.max(1);
        self
    }

    /// Sets the characters asked of each page.
    #[must_use]
    pub fn with_max_chars(mut self, n: usize) -> Self {
        self.max_chars = n;
        self
    }
}

/// One fetch target, as reported in the outcome and the `generating`/`complete` events.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceSummary {
    /// The registrable domain (the URL when it has none).
    pub name: String,
    /// The search result's title.
    pub title: String,
    /// The URL fetched.
    pub url: String,
    /// Claims extracted from it.
    pub article_count: usize,
    /// Always 0 (kept from the original).
    pub avg_score: f64,
    /// True when its text was read and scanned clean enough to use.
    pub used: bool,
    /// The search result's publication time, ISO 8601.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publication_date: Option<String>,
    /// Why it was not used: the fetch error, `no readable text`, or the guard's action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The result of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// The run's id.
    pub research_id: String,
    /// The user's question.
    pub query: String,
    /// The budget used.
    pub budget: Budget,
    /// `completed`, `failed` (nothing read) or `cancelled`.
    pub status: RunStatus,
    /// Searches made, follow-ups included.
    pub queries_used: u32,
    /// Fetches attempted.
    pub pages_fetched: u32,
    /// Pages read and used.
    pub pages_read: u32,
    /// Planned queries not searched because of the budget.
    pub skipped_queries: Vec<String>,
    /// Follow-up queries searched, in order.
    pub follow_up_queries: Vec<String>,
    /// Why the run stopped early, if it did.
    pub stopped_reason: Option<String>,
    /// Whether publication dates could be trusted (the last search that said wins).
    pub timestamps_reliable: bool,
    /// The newest source, or why it cannot be named.
    pub last_source: LastSource,
    /// One finding per claim key.
    pub findings: Vec<Finding>,
    /// One contradiction per disputed finding.
    pub contradictions: Vec<Contradiction>,
    /// Numeric agreement coverage.
    pub coverage: Coverage,
    /// One entry per fetch target.
    pub sources: Vec<SourceSummary>,
}

/// Runs research with an injected search, fetcher and guard.
#[derive(Clone)]
pub struct Researcher {
    search: Arc<dyn NewsSearch>,
    fetcher: Arc<dyn Fetcher>,
    guard: Guard,
    config: RunConfig,
}

impl std::fmt::Debug for Researcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Researcher")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `round(i / max(1, n) * span)`, the original's progress steps.
fn step(base: u32, i: usize, n: usize, span: f64) -> u32 {
    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss
    )]
    let add = ((i as f64 / n.max(1) as f64) * span).round() as u32;
    base + add
}

/// `research-` and 8 base-36 characters, from the process's random hasher seed and the clock.
fn new_research_id() -> String {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    let mut x = h.finish();
    let mut s = String::with_capacity(8);
    for _ in 0..8 {
        let d = u32::try_from(x % 36).unwrap_or(0);
        s.push(char::from_digit(d, 36).unwrap_or('0'));
        x /= 36;
    }
    format!("research-{s}")
}

fn label(url: &str) -> String {
    let d = domain_of(url);
    if d.is_empty() { url.to_owned() } else { d }
}

/// The mutable state of one run.
struct State<'a> {
    id: String,
    sink: &'a dyn ProgressSink,
    queries_used: u32,
    pages_fetched: u32,
    pages_read: u32,
    reliable: bool,
    candidates: Vec<SearchResult>,
    seen_urls: HashSet<String>,
    searched: HashSet<String>,
    claims: Vec<Claim>,
    sources: Vec<SourceSummary>,
}

impl State<'_> {
    fn emit(&self, ev: ResearchEvent) {
        self.sink.emit(ev);
    }

    fn ev(&self, stage: Stage, message: impl Into<String>) -> ResearchEvent {
        ResearchEvent::new(&self.id, stage, message)
    }
}

/// Why a batch stopped.
enum Flow {
    Done,
    Cancelled,
}

impl Researcher {
    /// A researcher with the default [`RunConfig`].
    pub fn new(
        search: impl NewsSearch + 'static,
        fetcher: impl Fetcher + 'static,
        guard: Guard,
    ) -> Self {
        Researcher {
            search: Arc::new(search),
            fetcher: Arc::new(fetcher),
            guard,
            config: RunConfig::default(),
        }
    }

    /// Replaces the run configuration.
    #[must_use]
    pub fn with_config(mut self, config: RunConfig) -> Self {
        self.config = config;
        self
    }

    /// Runs one research job (spec h.7), streaming events to `sink`.
    ///
    /// Never fails: search and fetch failures become events, and a cancelled run returns what
    /// it had with status `cancelled`. The budget caps searches (follow-ups included) and
    /// fetches; each fetch has a timeout; at most `concurrency` fetches run at once.
    pub async fn run(
        &self,
        req: &ResearchRequest,
        sink: &dyn ProgressSink,
        cancel: &CancelToken,
    ) -> Outcome {
        let budget = req.budget;
        let id = req
            .research_id
            .clone()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(new_research_id);
        let planned: Vec<String> = if req.queries.iter().any(|q| !q.trim().is_empty()) {
            req.queries
                .iter()
                .filter(|q| !q.trim().is_empty())
                .cloned()
                .collect()
        } else if req.query.trim().is_empty() {
            Vec::new()
        } else {
            vec![req.query.clone()]
        };
        let mut st = State {
            id,
            sink,
            queries_used: 0,
            pages_fetched: 0,
            pages_read: 0,
            reliable: false,
            candidates: Vec::new(),
            seen_urls: HashSet::new(),
            searched: HashSet::new(),
            claims: Vec::new(),
            sources: Vec::new(),
        };
        let mut skipped: Vec<String> = Vec::new();
        let mut follow_ups: Vec<String> = Vec::new();

        let n = planned.len();
        let mut plan = st.ev(
            Stage::Planning,
            format!(
                "Planned {} · budget: {} searches, {} pages",
                plural(n, "query", "queries"),
                budget.max_queries,
                budget.pages_to_fetch
            ),
        );
        plan.progress = Some(5);
        plan.query = Some(req.query.clone());
        st.emit(plan);

        // Search loop.
        for (i, q) in planned.iter().enumerate() {
            if st.queries_used >= budget.max_queries {
                skipped.push(q.clone());
                continue;
            }
            if let Flow::Cancelled = self
                .search_one(&mut st, q, i + 1, step(5, i, n, 30.0), &budget, cancel)
                .await
            {
                return self.finish(st, req, skipped, follow_ups, None, true);
            }
        }

        let unique = st.candidates.len();
        let mut done = st.ev(
            Stage::SearchComplete,
            if skipped.is_empty() {
                format!("{unique} unique sources found")
            } else {
                format!(
                    "{unique} unique sources found · {} skipped by budget",
                    skipped.len()
                )
            },
        );
        done.progress = Some(38);
        st.emit(done);

        // Ranking.
        let last = pick_last_source(&st.candidates, st.reliable);
        let mut rank = match (&last.url, last.published_at) {
            (Some(url), Some(t)) if last.reliable => {
                let mut e = st.ev(
                    Stage::Ranking,
                    format!(
                        "Newest source: {} ({})",
                        last.domain,
                        t.strftime("%Y-%m-%d")
                    ),
                );
                e.url = Some(url.clone());
                e.source = Some(last.domain.clone());
                e
            }
            _ => st.ev(
                Stage::Ranking,
                format!(
                    "Most recent source unknown — {}",
                    last.reason.clone().unwrap_or_default()
                ),
            ),
        };
        rank.progress = Some(44);
        st.emit(rank);

        // Fetch.
        let mut targets: Vec<SearchResult> = st.candidates.clone();
        if last.reliable {
            targets.sort_by_key(|r| {
                std::cmp::Reverse(r.published_at.map_or(0, jiff::Timestamp::as_millisecond))
            });
        }
        targets.truncate(usize::try_from(budget.pages_to_fetch).unwrap_or(usize::MAX));
        if let Flow::Cancelled = self
            .fetch_batch(&mut st, &targets, (45, 30.0), cancel)
            .await
        {
            return self.finish(st, req, skipped, follow_ups, Some(last), true);
        }

        // Follow-up rounds for disputed and single-source claims.
        for round in 1..=budget.max_follow_up_rounds {
            let unsettled: Vec<Finding> = verify_claims(&st.claims)
                .findings
                .into_iter()
                .filter(|f| f.verdict != ClaimVerdict::Corroborated)
                .collect();
            let queries_left = budget.max_queries.saturating_sub(st.queries_used) as usize;
            let pages_left = budget.pages_to_fetch.saturating_sub(st.pages_fetched) as usize;
            if unsettled.is_empty() || queries_left == 0 || pages_left == 0 {
                break;
            }
            let mut qs: Vec<String> = Vec::new();
            for f in &unsettled {
                let q = format!("{} {}", f.subject, f.predicate);
                let k = q.to_lowercase();
                if !st.searched.contains(&k) && !qs.iter().any(|x| x.to_lowercase() == k) {
                    qs.push(q);
                }
                if qs.len() >= queries_left {
                    break;
                }
            }
            if qs.is_empty() {
                break;
            }
            let base = 75 + round.min(6);
            let mut fe = st.ev(
                Stage::FollowUp,
                format!(
                    "Follow-up round {round}: {} for {}",
                    plural(qs.len(), "query", "queries"),
                    plural(unsettled.len(), "unsettled claim", "unsettled claims")
                ),
            );
            fe.progress = Some(base);
            st.emit(fe);
            let before = st.candidates.len();
            for (i, q) in qs.iter().enumerate() {
                follow_ups.push(q.clone());
                if let Flow::Cancelled = self
                    .search_one(&mut st, q, i + 1, base, &budget, cancel)
                    .await
                {
                    return self.finish(st, req, skipped, follow_ups, Some(last), true);
                }
            }
            let fresh: Vec<SearchResult> = st
                .candidates
                .iter()
                .skip(before)
                .take(pages_left)
                .cloned()
                .collect();
            if fresh.is_empty() {
                continue;
            }
            if let Flow::Cancelled = self.fetch_batch(&mut st, &fresh, (base, 0.0), cancel).await {
                return self.finish(st, req, skipped, follow_ups, Some(last), true);
            }
        }
        let last = if st.candidates.len() > unique {
            pick_last_source(&st.candidates, st.reliable)
        } else {
            last
        };
        self.finish(st, req, skipped, follow_ups, Some(last), false)
    }

    /// One search: a `searching` event, the call, a `search_error` or the results.
    async fn search_one(
        &self,
        st: &mut State<'_>,
        q: &str,
        index: usize,
        progress: u32,
        budget: &Budget,
        cancel: &CancelToken,
    ) -> Flow {
        let mut e = st.ev(Stage::Searching, format!("Searching: \"{q}\""));
        e.query = Some(q.to_owned());
        e.index = Some(index);
        e.progress = Some(progress);
        st.emit(e);
        st.queries_used += 1;
        st.searched.insert(q.to_lowercase());
        let call = self
            .search
            .search_news(q, budget.results_per_query, budget.days);
        let res = tokio::select! {
            biased;
            () = cancel.cancelled() => return Flow::Cancelled,
            r = call => r,
        };
        match res {
            Err(err) => {
                let mut e = st.ev(Stage::SearchError, format!("Search failed: {err}"));
                e.query = Some(q.to_owned());
                e.index = Some(index);
                e.error = Some(err.to_string());
                st.emit(e);
            }
            Ok(batch) => {
                if let Some(r) = batch.timestamps_reliable {
                    st.reliable = r;
                }
                if let Some(reason) = batch.reason.filter(|r| !r.trim().is_empty()) {
                    let mut e = st.ev(Stage::Searching, reason);
                    e.query = Some(q.to_owned());
                    e.index = Some(index);
                    st.emit(e);
                }
                for r in batch.results {
                    if st.seen_urls.insert(r.url.clone()) {
                        st.candidates.push(r);
                    }
                }
            }
        }
        Flow::Done
    }

    /// Fetches `targets` with bounded concurrency; results are handled in target order.
    async fn fetch_batch(
        &self,
        st: &mut State<'_>,
        targets: &[SearchResult],
        (base, span): (u32, f64),
        cancel: &CancelToken,
    ) -> Flow {
        let n = targets.len();
        let mut set: JoinSet<(usize, Result<FetchedPage, FetchError>)> = JoinSet::new();
        let mut ready: BTreeMap<usize, Result<FetchedPage, FetchError>> = BTreeMap::new();
        let (mut started, mut handled, mut running) = (0usize, 0usize, 0usize);
        while handled < n {
            if cancel.is_cancelled() {
                set.abort_all();
                return Flow::Cancelled;
            }
            if started < n && running < self.config.concurrency {
                let Some(target) = targets.get(started) else {
                    break;
                };
                let mut e = st.ev(
                    Stage::Fetching,
                    format!("Reading {} ({}/{})", label(&target.url), started + 1, n),
                );
                e.index = Some(started + 1);
                e.progress = Some(step(base, started, n, span));
                e.url = Some(target.url.clone());
                e.source = Some(label(&target.url));
                st.emit(e);
                st.pages_fetched += 1;
                let fetcher = Arc::clone(&self.fetcher);
                let url = target.url.clone();
                let (timeout, max_chars, idx) =
                    (self.config.fetch_timeout, self.config.max_chars, started);
                set.spawn(async move {
                    let res =
                        match tokio::time::timeout(timeout, fetcher.fetch(&url, max_chars)).await {
                            Ok(r) => r,
                            Err(_) => Err(FetchError::Timeout {
                                ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
                            }),
                        };
                    (idx, res)
                });
                started += 1;
                running += 1;
                continue;
            }
            let joined = tokio::select! {
                biased;
                () = cancel.cancelled() => {
                    set.abort_all();
                    return Flow::Cancelled;
                }
                j = set.join_next() => j,
            };
            match joined {
                Some(Ok((idx, res))) => {
                    running = running.saturating_sub(1);
                    ready.insert(idx, res);
                }
                Some(Err(join_err)) => {
                    // A fetcher that panicked: its slot cannot be identified, so fail the rest
                    // of the batch's pending slots as transport errors.
                    running = running.saturating_sub(1);
                    let msg = format!("fetch task failed: {join_err}");
                    for i in handled..started {
                        ready
                            .entry(i)
                            .or_insert_with(|| Err(FetchError::Transport(msg.clone())));
                    }
                }
                None => {
                    for i in handled..started {
                        ready.entry(i).or_insert_with(|| {
                            Err(FetchError::Transport("fetch task lost".to_owned()))
                        });
                    }
                }
            }
            while let Some(res) = ready.remove(&handled) {
                if let Some(target) = targets.get(handled) {
                    self.handle_page(st, target, res);
                }
                handled += 1;
            }
        }
        Flow::Done
    }

    /// Scans one fetched page, extracts its claims and records its source entry.
    fn handle_page(
        &self,
        st: &mut State<'_>,
        target: &SearchResult,
        res: Result<FetchedPage, FetchError>,
    ) {
        let name = label(&target.url);
        let mut summary = SourceSummary {
            name: name.clone(),
            title: target.title.clone(),
            url: target.url.clone(),
            article_count: 0,
            avg_score: 0.0,
            used: false,
            publication_date: target.published_at.map(|t| t.to_string()),
            note: None,
        };
        let fail = |st: &State<'_>, stage: Stage, message: String, err: String| {
            let mut e = st.ev(stage, message);
            e.url = Some(target.url.clone());
            e.source = Some(name.clone());
            e.error = Some(err);
            e
        };
        match res {
            Err(err) => {
                let e = fail(
                    st,
                    Stage::FetchError,
                    format!("Could not read {name}: {err}"),
                    err.to_string(),
                );
                st.emit(e);
                summary.note = Some(err.to_string());
            }
            Ok(page) => {
                let mut ctx = Context::new().with_content(ContentKind::Text);
                for part in &page.hidden_parts {
                    ctx = ctx.with_hidden_part(part.clone());
                }
                let final_url = page.final_url.clone();
                let scanned = page.text.scan(&self.guard, &ctx);
                let action = scanned.verdict.action;
                if matches!(action, Action::Quarantine | Action::Block) {
                    let note = format!(
                        "withheld by the guard ({}, score {:.2})",
                        action.as_str(),
                        scanned.verdict.score
                    );
                    let e = fail(
                        st,
                        Stage::Quarantined,
                        format!(
                            "Quarantined {name}: possible prompt injection (score {:.2})",
                            scanned.verdict.score
                        ),
                        note.clone(),
                    );
                    st.emit(e);
                    summary.note = Some(note);
                } else if scanned.model_text().trim().is_empty() {
                    let e = fail(
                        st,
                        Stage::FetchError,
                        format!("{name} returned no readable text"),
                        "no readable text".to_owned(),
                    );
                    st.emit(e);
                    summary.note = Some("no readable text".to_owned());
                } else {
                    st.pages_read += 1;
                    let claim_url = if final_url.is_empty() {
                        target.url.clone()
                    } else {
                        final_url
                    };
                    let mut claims = extract_claims(scanned.model_text(), &claim_url);
                    for c in &mut claims {
                        // Claims are attributed to the search result's URL, re-derived per claim.
                        if domain_of(&c.url).is_empty() {
                            c.url.clone_from(&target.url);
                        }
                    }
                    let k = claims.len();
                    let mut e = st.ev(
                        Stage::Extracted,
                        if k == 0 {
                            format!("No checkable claims in {name}")
                        } else {
                            format!("Extracted {} from {name}", plural(k, "claim", "claims"))
                        },
                    );
                    e.url = Some(target.url.clone());
                    e.source = Some(name.clone());
                    st.emit(e);
                    summary.used = true;
                    summary.article_count = k;
                    if action == Action::Sanitize {
                        summary.note = Some("sanitized by the guard".to_owned());
                    }
                    st.claims.extend(claims);
                }
            }
        }
        st.sources.push(summary);
    }

    /// Verifies, reports and builds the outcome.
    fn finish(
        &self,
        st: State<'_>,
        req: &ResearchRequest,
        skipped: Vec<String>,
        follow_ups: Vec<String>,
        last: Option<LastSource>,
        cancelled: bool,
    ) -> Outcome {
        let budget = req.budget;
        let last = last.unwrap_or_else(|| pick_last_source(&st.candidates, st.reliable));
        let claim_domains: HashSet<&str> = st
            .claims
            .iter()
            .map(|c| c.domain.as_str())
            .filter(|d| !d.is_empty())
            .collect();
        let stopped_reason = (!skipped.is_empty()).then(|| {
            format!(
                "Stopped at the query budget ({}); {} went unsearched.",
                budget.max_queries,
                plural(skipped.len(), "planned query", "planned queries")
            )
        });
        let verification = verify_claims(&st.claims);
        let cov = coverage(&verification.findings);
        if cancelled {
            let mut e = st.ev(Stage::Cancelled, "Research cancelled");
            e.status = RunStatus::Cancelled;
            e.coverage = Some(cov);
            e.contradictions = Some(verification.contradictions.clone());
            e.source_summary = Some(st.sources.clone());
            st.emit(e);
        } else {
            let mut e = st.ev(
                Stage::ContradictionCheck,
                format!(
                    "Cross-checking {} claims across {} domains",
                    st.claims.len(),
                    claim_domains.len()
                ),
            );
            e.progress = Some(82);
            st.emit(e);

            let d = verification.independent_domains.len();
            let c = verification.contradictions.len();
            let mut msg = format!("Coverage {}% · {d} independent domains", cov.percentage);
            if c > 0 {
                msg.push_str(&format!(
                    " · {}",
                    plural(c, "contradiction", "contradictions")
                ));
            }
            let mut e = st.ev(Stage::CoverageUpdate, msg);
            e.progress = Some(90);
            e.coverage = Some(cov);
            e.contradictions = Some(verification.contradictions.clone());
            st.emit(e);

            let mut e = st.ev(
                Stage::Generating,
                format!("Assembling report from {d} domains"),
            );
            e.progress = Some(96);
            e.source_summary = Some(st.sources.clone());
            e.coverage = Some(cov);
            e.contradictions = Some(verification.contradictions.clone());
            st.emit(e);

            let message = if st.pages_read == 0 {
                if st.candidates.is_empty() {
                    "No sources were found — nothing to report.".to_owned()
                } else {
                    format!(
                        "None of the {} sources could be read — nothing to report.",
                        st.candidates.len()
                    )
                }
            } else if let Some(r) = &stopped_reason {
                r.clone()
            } else {
                // The original says "<p>% corroborated" of the coverage, which counts disputed
                // claims too (h.7 step 13): a run whose sources disagree read as agreement.
                done_message(st.pages_read, &verification.findings, cov)
            };
            let mut e = st.ev(Stage::Complete, message);
            e.status = if st.pages_read == 0 {
                RunStatus::Failed
            } else {
                RunStatus::Completed
            };
            e.progress = Some(100);
            e.coverage = Some(cov);
            e.contradictions = Some(verification.contradictions.clone());
            e.source_summary = Some(st.sources.clone());
            st.emit(e);
        }
        let status = if cancelled {
            RunStatus::Cancelled
        } else if st.pages_read == 0 {
            RunStatus::Failed
        } else {
            RunStatus::Completed
        };
        Outcome {
            research_id: st.id,
            query: req.query.clone(),
            budget,
            status,
            queries_used: st.queries_used,
            pages_fetched: st.pages_fetched,
            pages_read: st.pages_read,
            skipped_queries: skipped,
            follow_up_queries: follow_ups,
            stopped_reason,
            timestamps_reliable: st.reliable,
            last_source: last,
            findings: verification.findings,
            contradictions: verification.contradictions,
            coverage: cov,
            sources: st.sources,
        }
    }
}

/// The closing message of a run that read pages: how many claims two or more independent
/// sources spoke to, and how many of those they disagree on.
pub(crate) fn done_message(
    pages: u32,
    findings: &[crate::verify::Finding],
    coverage: crate::verify::Coverage,
) -> String {
    let disputed = findings
        .iter()
        .filter(|f| f.verdict == crate::verify::ClaimVerdict::Disputed)
        .count();
    let corroborated = findings
        .iter()
        .filter(|f| f.verdict == crate::verify::ClaimVerdict::Corroborated)
        .count();
    let mut message = format!(
        "Done: {pages} page{}, {} claim{}, {}% checked by two or more sources ({corroborated} \
         corroborated",
        if pages == 1 { "" } else { "s" },
        findings.len(),
        if findings.len() == 1 { "" } else { "s" },
        coverage.percentage,
    );
    if disputed > 0 {
        message.push_str(&format!(", {disputed} disputed: sources disagree"));
    }
    message.push(')');
    message
}
