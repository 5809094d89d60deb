//! Hand-written fakes of every backend trait of `aartiq-tools`, for tests.
//!
//! Each fake records its calls and can be told to fail or to return hostile content, so that the
//! real pipeline (gate, approval, locks, scan) is what a test exercises. [`FakeBrowser`] serves
//! static HTML pages parsed with a real HTML parser (`scraper`), computing roles, names and
//! actionability like the original's collector (spec e.1). [`Fakes`] wires them all into a
//! [`aartiq_tools::ToolRegistry`].
//!
//! ```
//! use aartiq_test_support::Fakes;
//!
//! let fakes = Fakes::new();
//! fakes.browser.add_tab("1", "https://shop.example/", "<button>Buy</button>");
//! let registry = fakes.registry();
//! assert_eq!(registry.specs().len(), 51);
//! assert!(fakes.browser.actions().is_empty());
//! ```

mod browser;
pub mod chromium;
pub mod fuzzing;
pub mod model_server;
mod others;
pub mod tls;
mod tree;
pub mod zoo;

use std::sync::Arc;

use aartiq_agents::{AgentId, Authority, ManualClock, Registration, TrustLevel};
use aartiq_tools::{Policy, Services, ToolRegistry};

pub use browser::{BrowserCall, FakeBrowser};
pub use others::{FakeExtensions, FakeSearch, FakeUi, FakeVault, ScriptedApprover};

/// Every fake, shared, plus a manual clock starting at 1 000 000 ms.
#[derive(Clone)]
pub struct Fakes {
    /// The browser.
    pub browser: Arc<FakeBrowser>,
    /// The search service.
    pub search: Arc<FakeSearch>,
    /// The vault.
    pub vault: Arc<FakeVault>,
    /// The extension store.
    pub extensions: Arc<FakeExtensions>,
    /// The UI.
    pub ui: Arc<FakeUi>,
    /// The approver.
    pub approver: Arc<ScriptedApprover>,
    /// The clock.
    pub clock: Arc<ManualClock>,
}

impl Default for Fakes {
    fn default() -> Fakes {
        Fakes::new()
    }
}

impl Fakes {
    /// Fresh fakes: no tabs, no search provider configured, a locked empty vault, an approver
    /// that denies everything.
    pub fn new() -> Fakes {
        Fakes {
            browser: Arc::new(FakeBrowser::new()),
            search: Arc::new(FakeSearch::new()),
            vault: Arc::new(FakeVault::new()),
            extensions: Arc::new(FakeExtensions::new()),
            ui: Arc::new(FakeUi::new()),
            approver: Arc::new(ScriptedApprover::new()),
            clock: Arc::new(ManualClock::new(1_000_000)),
        }
    }

    /// The services over these fakes, with the search service present.
    pub fn services(&self) -> Services {
        Services {
            browser: self.browser.clone(),
            search: Some(self.search.clone()),
            vault: self.vault.clone(),
            extensions: self.extensions.clone(),
            ui: self.ui.clone(),
            approver: self.approver.clone(),
            clock: self.clock.clone(),
            guard: default_guard(),
        }
    }

    /// A registry with the built-in tools over these fakes and an empty policy.
    pub fn registry(&self) -> ToolRegistry {
        ToolRegistry::with_builtin(self.services(), Policy::default())
    }
}

/// The scanner with default thresholds. Building it cannot fail with the default config; if
/// the rule table were broken this is a test crate, so failing loudly is right.
#[allow(
    clippy::expect_used,
    reason = "test support: a broken guard must fail the test run"
)]
pub fn default_guard() -> aartiq_guard::Guard {
    aartiq_guard::Guard::new(aartiq_guard::Config::default()).expect("the default guard builds")
}

/// Registers `id` at `trust` (by a person) in the registry's policy and returns its id.
pub fn register(
    registry: &ToolRegistry,
    id: &str,
    trust: TrustLevel,
    clock: &ManualClock,
) -> AgentId {
    let agent = AgentId::new(id);
    registry.with_policy(|p| {
        // A person registers; any level is allowed, so this cannot fail.
        let _ = p.agents.register(
            Registration {
                id: agent.clone(),
                name: id.to_owned(),
                trust: Some(trust),
                transport: Default::default(),
                remote: false,
                user_agent: None,
                origins: Vec::new(),
            },
            &Authority::Human,
            clock,
        );
    });
    agent
}

/// The Python with the official MCP SDK for tests that run real MCP clients or servers:
/// `AARTIQ_MCP_PYTHON`, else the venv `cargo xtask test` creates (`target/mcp-venv`, pinned
/// `mcp`). Missing is a failure, not a skip.
pub fn mcp_python() -> std::path::PathBuf {
    if let Some(python) = std::env::var_os("AARTIQ_MCP_PYTHON") {
        return std::path::PathBuf::from(python);
    }
    let venv =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/mcp-venv/bin/python");
    assert!(
        venv.exists(),
        "the Python MCP SDK is missing: run `cargo xtask test` (it creates target/mcp-venv) or \
         set AARTIQ_MCP_PYTHON to a python with the `mcp` package"
    );
    venv
}
