//! `DEEP_RESEARCH`: searches, reads and cross-checks sources (`aartiq-research`); its
//! progress goes to the turn's events, its report through the guard.

use aartiq_commands::CommandKind as K;
use aartiq_research::{Budget, CancelToken, ProgressSink, ResearchEvent, ResearchRequest};
use async_trait::async_trait;

use super::handler::{At, Handler, Prepared, Ran, Turn, Work, judge, scanned};
use crate::event::{Event, EventSink};
use crate::judge::effective_risk;
use crate::outcome::Status;
use crate::route::Route;
use crate::runtime::Runtime;

pub(crate) struct Research;

#[async_trait]
impl Handler for Research {
    fn kinds(&self) -> &'static [K] {
        &[K::DeepResearch]
    }

    fn route(&self, _kind: K) -> Route {
        Route::Research
    }

    async fn prepare(
        &self,
        rt: &Runtime,
        _turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let query = at.text("query").unwrap_or_default().to_owned();
        let results = at.int("maxResults").and_then(|n| u32::try_from(n).ok());
        let explanation = format!(
            "Researches \"{query}\": searches, reads and cross-checks sources; every page is \
             scanned for prompt injection."
        );
        Ok(Prepared {
            judgement: judge(rt, at, Route::Research, &[], effective_risk(at.command)),
            work: Box::new(Run { query, results }),
            explanation,
        })
    }
}

#[derive(Debug)]
struct Run {
    query: String,
    results: Option<u32>,
}

/// Research progress, forwarded as the runtime's events.
struct Forward<'a>(&'a dyn EventSink);

impl ProgressSink for Forward<'_> {
    fn emit(&self, event: ResearchEvent) {
        self.0.emit(&Event::Research {
            event: Box::new(event),
        });
    }
}

#[async_trait]
impl Work for Run {
    async fn run(self: Box<Self>, rt: &Runtime, turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let Run { query, results } = *self;
        let Some(researcher) = rt.backends.researcher.clone() else {
            return Ran::Done(at.result(
                Status::Unavailable,
                Vec::new(),
                "NOT_AVAILABLE: no research backend is configured on this host. Nothing was done."
                    .to_owned(),
            ));
        };
        if query.is_empty() {
            return Ran::Done(at.failed("DEEP_RESEARCH needs a query"));
        }
        let mut budget = Budget::default();
        if let Some(n) = results.filter(|n| *n > 0) {
            budget = budget.with_results_per_query(n);
        }
        let request = ResearchRequest::new(query).with_budget(budget);
        let outcome = researcher
            .run(&request, &Forward(turn.events), &CancelToken::new())
            .await;
        let report = serde_json::to_string(&outcome).unwrap_or_default();
        Ran::Done(scanned(rt, turn, at, Status::Ok, report, "deep research"))
    }
}
