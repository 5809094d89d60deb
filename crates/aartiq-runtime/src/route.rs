//! Where a command goes ([`Route`]) and what it may need that a runtime lacks
//! ([`Capability`]). Each command's route is its handler's (`commands/`).

use serde::{Deserialize, Serialize};

/// What a command may need beyond the registry: a host capability given to the runtime, the
/// store, or one this platform cannot have. A command whose capability the runtime lacks
/// returns a typed "not available on this host" result; nothing is faked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Capability {
    /// Reading text off the screen.
    Ocr,
    /// Screenshots and screen analysis.
    Screen,
    /// Creating PDFs, documents and diagrams.
    Documents,
    /// Volume, brightness, desktop applications.
    SystemControl,
    /// The assistant's settings store (theme, web search, ...).
    Settings,
    /// Scheduled automations.
    Automations,
    /// Recorded workflows.
    Workflows,
    /// Bookmarks.
    Bookmarks,
    /// Browsing history.
    History,
    /// Back and forward in a tab's history.
    HistoryNavigation,
    /// Clicking at screen coordinates.
    Pointer,
    /// Tab groups and tab organisation.
    TabGroups,
    /// Plugins.
    Plugins,
    /// Image generation.
    ImageGeneration,
    /// Apple Intelligence.
    AppleIntelligence,
    /// The command-line mode of the desktop app.
    Cli,
    /// A command this runtime has no route for (a newer catalog).
    Unknown,
}

impl Capability {
    /// What the capability is, for the model and the UI.
    pub fn describe(self) -> &'static str {
        match self {
            Capability::Ocr => "screen OCR",
            Capability::Screen => "screenshots and screen analysis",
            Capability::Documents => "PDF, document and diagram creation",
            Capability::SystemControl => "system control (volume, brightness, applications)",
            Capability::Settings => "the settings store",
            Capability::Automations => "scheduled automations",
            Capability::Workflows => "recorded workflows",
            Capability::Bookmarks => "bookmarks",
            Capability::History => "browsing history",
            Capability::HistoryNavigation => "back/forward history navigation",
            Capability::Pointer => "clicking at screen coordinates",
            Capability::TabGroups => "tab groups",
            Capability::Plugins => "plugins",
            Capability::ImageGeneration => "image generation",
            Capability::AppleIntelligence => "Apple Intelligence",
            Capability::Cli => "the command-line mode",
            Capability::Unknown => "a handler for this command",
        }
    }
}

/// Where a command goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "route", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Route {
    /// Handled by the runtime itself (`THINK`, `PLAN`, `STATUS`, `WAIT`, `EXPLAIN_CAPABILITIES`;
    /// a `WAIT` for text calls the `wait_for` tool).
    Native,
    /// `LIST_SKILLS`, `LOAD_SKILL`: the skill loader.
    Skills,
    /// A tool of the registry, called as the assistant agent.
    Tool {
        /// The tool's name.
        tool: &'static str,
    },
    /// An element of the page, found by ref, `#id` or visible text, then a ref tool
    /// (`click_ref`, `fill_ref`, `fill_form`, `element_action`, or `form_submit` for a button
    /// of a form).
    Element,
    /// The shell policy, approval, and the bounded process runner.
    Shell,
    /// Deep research.
    Research,
    /// The persistent store (`aartiq-store`): bookmarks, history, settings, automations,
    /// workflows. Runs when the runtime has a store ([`Runtime::with_store`]); answers
    /// `NOT_AVAILABLE` naming `capability` when it has none.
    ///
    /// [`Runtime::with_store`]: crate::Runtime::with_store
    Store {
        /// What the store provides for it.
        capability: Capability,
    },
    /// A host capability (`aartiq-host`): screen, OCR, history steps, clicks at a point,
    /// desktop, tab grouping, the CLI shim. Runs when the runtime has it
    /// ([`Runtime::with_capabilities`]).
    ///
    /// [`Runtime::with_capabilities`]: crate::Runtime::with_capabilities
    Host {
        /// The capability.
        capability: Capability,
    },
    /// Not available on this host.
    Unavailable {
        /// What is missing.
        capability: Capability,
    },
}

impl Route {
    /// The capability a runtime lacks for this route: always for [`Route::Unavailable`], for
    /// [`Route::Store`] when it has no store. [`Route::Host`] depends on the host given to
    /// the runtime: ask [`Runtime::missing`](crate::Runtime::missing).
    pub fn missing(self, has_store: bool) -> Option<Capability> {
        match self {
            Route::Unavailable { capability } => Some(capability),
            Route::Store { capability } if !has_store => Some(capability),
            _ => None,
        }
    }
}

/// Whether and how a command runs on Linux, for `docs/commands.md`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinuxSupport {
    /// Whether it runs on Linux (given the host backends `aartiq-browser` sets up).
    pub supported: bool,
    /// How it runs, or why it cannot.
    pub how: String,
}
