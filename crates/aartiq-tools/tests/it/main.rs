//! Integration tests of `aartiq-tools`: the call pipeline, the tools over the fakes, refs and
//! snapshots, approval tickets and autofill.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod approval;
mod autofill;
mod catalog;
mod pipeline;
mod properties;
mod redteam;
mod refs;
mod side_effects;
mod tools;

use aartiq_agents::{AgentId, TrustLevel};
use aartiq_test_support::{Fakes, register};
use aartiq_tools::{Rejection, Step, ToolOutput, ToolRegistry};
use serde_json::Value;

pub(crate) const CHECKOUT: &str = include_str!("../data/pages/checkout.html");
pub(crate) const HOSTILE: &str = include_str!("../data/pages/hostile.html");

/// Fakes, a registry over them, and tab "1" showing the checkout page.
pub(crate) struct Harness {
    pub(crate) fakes: Fakes,
    pub(crate) registry: ToolRegistry,
}

impl Harness {
    pub(crate) fn new() -> Harness {
        let fakes = Fakes::new();
        fakes
            .browser
            .add_tab("1", "https://shop.example/checkout", CHECKOUT);
        let registry = fakes.registry();
        Harness { fakes, registry }
    }

    pub(crate) fn with_registry(fakes: Fakes, registry: ToolRegistry) -> Harness {
        Harness { fakes, registry }
    }

    pub(crate) fn agent(&self, id: &str, trust: TrustLevel) -> AgentId {
        register(&self.registry, id, trust, &self.fakes.clock)
    }

    pub(crate) async fn call(
        &self,
        agent: &AgentId,
        tool: &str,
        args: Value,
    ) -> Result<ToolOutput, Rejection> {
        self.registry.call(agent, tool, args).await
    }

    pub(crate) async fn ok(&self, agent: &AgentId, tool: &str, args: Value) -> ToolOutput {
        match self.call(agent, tool, args).await {
            Ok(out) => out,
            Err(rejection) => panic!("{tool} was rejected: {rejection:?}"),
        }
    }

    pub(crate) async fn refused(
        &self,
        agent: &AgentId,
        tool: &str,
        args: Value,
        step: Step,
    ) -> Rejection {
        match self.call(agent, tool, args).await {
            Ok(out) => panic!("{tool} unexpectedly succeeded: {out:?}"),
            Err(rejection) => {
                assert_eq!(rejection.step, step, "{rejection:?}");
                rejection
            }
        }
    }

    /// The ref a snapshot shows for the first line containing `needle`.
    pub(crate) fn ref_in(text: &str, needle: &str) -> String {
        let line = text
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle:?} in\n{text}"));
        let start = line.find("[ref=").expect("a ref on the line") + 5;
        let end = line[start..].find(']').unwrap() + start;
        line[start..end].to_owned()
    }
}
