//! Commands this platform has no way to provide (Apple Intelligence), and the `NOT_AVAILABLE`
//! work every command gets when the runtime lacks its capability: typed, never faked.

use aartiq_commands::CommandKind as K;
use async_trait::async_trait;

use super::handler::{At, Handler, Prepared, Ran, Turn, Work};
use crate::judge::{Judgement, Need, effective_risk};
use crate::outcome::Status;
use crate::route::{Capability, LinuxSupport, Route};
use crate::runtime::Runtime;

pub(crate) struct Unavailable;

#[async_trait]
impl Handler for Unavailable {
    fn kinds(&self) -> &'static [K] {
        &[K::AppleIntelligenceImage, K::AppleIntelligenceSummary]
    }

    fn route(&self, _kind: K) -> Route {
        Route::Unavailable {
            capability: Capability::AppleIntelligence,
        }
    }

    fn linux(&self, _kind: K) -> LinuxSupport {
        LinuxSupport {
            supported: false,
            how: "unsupported on this platform: Apple Intelligence exists only on Apple devices"
                .to_owned(),
        }
    }

    async fn prepare(
        &self,
        _rt: &Runtime,
        _turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let kind = at.kind();
        Ok(prepared(
            kind,
            self.route(kind),
            Capability::AppleIntelligence,
            at,
        ))
    }
}

/// `kind` prepared as not available for lack of `capability`: nothing will run.
pub(crate) fn prepared(kind: K, route: Route, capability: Capability, at: At<'_>) -> Prepared {
    Prepared {
        work: Box::new(Missing(capability)),
        judgement: Judgement {
            route,
            tools: Vec::new(),
            risk: effective_risk(at.command),
            need: Need::Run {
                reason: "nothing runs".to_owned(),
            },
            shell: None,
        },
        explanation: format!(
            "{} needs {}, which is not available on this host; nothing will be done.",
            kind.name(),
            capability.describe()
        ),
    }
}

#[derive(Debug)]
struct Missing(Capability);

#[async_trait]
impl Work for Missing {
    async fn run(self: Box<Self>, _rt: &Runtime, _turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        Ran::Done(at.result(
            Status::Unavailable,
            Vec::new(),
            format!(
                "NOT_AVAILABLE: {} needs {}, which is not available on this host. Nothing was \
                 done.",
                at.kind().name(),
                self.0.describe()
            ),
        ))
    }
}
