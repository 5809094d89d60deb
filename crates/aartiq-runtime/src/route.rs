//! Where each command of the catalog goes (every one of the 71 canonical commands, so all 73
//! registry keys), and the capabilities this host does not have yet (or, for the store's
//! commands, that a runtime without a store lacks).

use aartiq_commands::CommandKind;
use serde::{Deserialize, Serialize};

/// A host capability that is not built yet. Commands that need one return a typed
/// "not available on this host" result; nothing is faked.
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
    /// Handled by the runtime itself (`THINK`, `PLAN`, `STATUS`, `WAIT`, `EXPLAIN_CAPABILITIES`).
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

/// The route of `kind`.
pub fn route_of(kind: CommandKind) -> Route {
    use CommandKind as K;
    let tool = |tool| Route::Tool { tool };
    let missing = |capability| Route::Unavailable { capability };
    let store = |capability| Route::Store { capability };
    let host = |capability| Route::Host { capability };
    match kind {
        K::Navigate | K::Search | K::Reload => tool("navigate"),
        K::WebSearch | K::SearchResults => tool("web_search"),
        K::ReadPageContent
        | K::DomReadFiltered
        | K::ReadTabContent
        | K::CompareTabs
        | K::CreateTabResearchContext
        | K::AnalyseTabs => tool("get_page_text"),
        K::ListOpenTabs | K::SwitchTab => tool("list_tabs"),
        K::DomSearch | K::FindInformationInTabs => tool("page_find"),
        K::CloseTab => tool("close_tab"),
        K::OpenView | K::OpenMcpSettings | K::OpenAutomationSettings | K::OpenSettingsPanel => {
            tool("open_panel")
        }
        K::ClickElement | K::FindAndClick | K::FillForm | K::ScrollTo | K::MultiFillForm => {
            Route::Element
        }
        K::ShellCommand => Route::Shell,
        K::DeepResearch => Route::Research,
        K::ListSkills | K::LoadSkill => Route::Skills,
        K::Wait | K::Think | K::Plan | K::ExplainCapabilities | K::Status => Route::Native,
        K::OcrScreen => host(Capability::Ocr),
        K::ScreenshotAndAnalyze => host(Capability::Screen),
        K::CreatePdfJson | K::CreateFileJson | K::GeneratePdf | K::GenerateDiagram => {
            host(Capability::Documents)
        }
        K::SetVolume | K::SetBrightness | K::OpenApp => host(Capability::SystemControl),
        K::SettingsQuery | K::SettingsUpdate | K::SetTheme | K::SetChatStyle => {
            store(Capability::Settings)
        }
        // Pre-filling a form is pure parsing: nothing is stored until the person saves it.
        K::OpenSchedulingModal => Route::Native,
        K::ListAutomations | K::DeleteAutomation | K::ScheduleTask => {
            store(Capability::Automations)
        }
        K::RecordWorkflow | K::PlayWorkflow => store(Capability::Workflows),
        K::ListBookmarks | K::AddBookmark | K::RemoveBookmark | K::ClearBookmarks => {
            store(Capability::Bookmarks)
        }
        K::ListHistory | K::ClearHistory => store(Capability::History),
        K::GoBack | K::GoForward => host(Capability::HistoryNavigation),
        K::ClickAt => host(Capability::Pointer),
        K::OrganizeTabs | K::GroupTabs => host(Capability::TabGroups),
        K::PluginCommand => host(Capability::Plugins),
        K::GenerateImage => host(Capability::ImageGeneration),
        K::AppleIntelligenceImage | K::AppleIntelligenceSummary => {
            missing(Capability::AppleIntelligence)
        }
        K::EnableCli => host(Capability::Cli),
        // A video opens in a new tab, through the registry like any page.
        K::PlayVideo | K::SearchVideo => tool("new_tab"),
        _ => missing(Capability::Unknown),
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

/// How `kind` runs on Linux.
pub fn linux_support(kind: CommandKind) -> LinuxSupport {
    use CommandKind as K;
    let yes = |how: String| LinuxSupport {
        supported: true,
        how,
    };
    match route_of(kind) {
        Route::Native => yes("the runtime itself".to_owned()),
        Route::Skills => yes("the skill loader (`aartiq-skills`)".to_owned()),
        Route::Tool { tool } => yes(format!("agent API tool `{tool}`, as the assistant agent")),
        Route::Element => yes(match kind {
            K::ClickElement | K::FindAndClick => "the element by ref, `#id` or label, then \
                `click_ref` (`form_submit` for a form's button); OCR and a click at its \
                coordinates when the page names nothing"
                .to_owned(),
            _ => "the element by ref, `#id` or label, then a ref tool (never submits)".to_owned(),
        }),
        Route::Shell => yes("shell policy, one approval per batch, the bounded runner".to_owned()),
        Route::Research => yes("deep research (`aartiq-research`)".to_owned()),
        Route::Store { capability } => yes(format!(
            "the SQLite store (`aartiq-store`): {}",
            capability.describe()
        )),
        Route::Host { capability } => yes(match capability {
            Capability::Ocr => "a Chromium screenshot read by Tesseract (`tesseract-ocr`)",
            Capability::Screen => "a Chromium screenshot sent to the vision model",
            Capability::Documents => {
                "`aartiq-documents`: PDF printed by Chromium, DOCX, PPTX, Mermaid to SVG"
            }
            Capability::SystemControl => match kind {
                K::SetVolume => "`pactl`, else `amixer`",
                K::SetBrightness => "`brightnessctl`, else `/sys/class/backlight`",
                _ => "XDG desktop entries, `xdg-open`",
            },
            Capability::HistoryNavigation => "the tab's history over CDP",
            Capability::Pointer => "real mouse events over CDP (always asks)",
            Capability::TabGroups => "`aartiq-host` grouping (the `ai` strategy asks the model)",
            Capability::Plugins => "MCP plugins (`aartiq-plugins`), at the plugin's trust",
            Capability::ImageGeneration => "an OpenAI-compatible images endpoint ([images])",
            Capability::Cli => "an `aartiq` shim in `~/.local/bin` (always asks)",
            _ => "the host",
        }
        .to_owned()),
        Route::Unavailable {
            capability: Capability::AppleIntelligence,
        } => LinuxSupport {
            supported: false,
            how: "unsupported on this platform: Apple Intelligence exists only on Apple devices"
                .to_owned(),
        },
        Route::Unavailable { capability } => LinuxSupport {
            supported: false,
            how: format!("not available: {}", capability.describe()),
        },
    }
}
