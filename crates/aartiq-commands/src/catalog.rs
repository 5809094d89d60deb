//! The catalog: one table that drives parsing, validation, rendering and `docs/commands.md`.
//!
//! Every one of the original's 73 registry keys (spec a.8) is here: 71 canonical commands plus
//! the two registry keys that are aliases of `ANALYSE_TABS`. The bookmark and history aliases of
//! spec a.2 resolve through [`CommandKind::from_name`] as well.

use serde::Serialize;

/// What kind of value a parameter holds; decides how text is read into an [`ArgValue`].
///
/// [`ArgValue`]: crate::ArgValue
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParamKind {
    /// Free text, kept as written (trimmed).
    Text,
    /// A URL or a path-like target; text that must not be blank.
    Url,
    /// A whole number within the inclusive bounds.
    Int {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// One of a fixed set of lower-case words.
    Enum(&'static [&'static str]),
    /// A list of strings: a JSON array, or comma-separated text in the bracket form.
    List,
    /// A JSON object.
    Object,
    /// Any JSON value.
    Json,
}

/// One parameter of a command, in the order the bracket form reads positional values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamSpec {
    /// The parameter's name: the key in JSON and in `key=value` bracket segments.
    pub name: &'static str,
    /// What it holds.
    pub kind: ParamKind,
    /// Whether the command is invalid without it.
    pub required: bool,
    /// Whether a bare `| value` segment of the bracket form fills it (in order).
    pub positional: bool,
    /// Other JSON keys that mean this parameter (e.g. `aria-label` for `ariaLabel`).
    pub aliases: &'static [&'static str],
}

/// How the text inside a bracket tag (or after `[TYPE]:` in a comment block) is split into
/// arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shape {
    /// `value | value | key=value`: segments fill positional parameters in order; one extra
    /// bare segment is the reason (the original's rule, spec a.3).
    Segments,
    /// Like `Segments`, but the last positional parameter takes the rest of the content,
    /// pipes included (shell lines, Mermaid code, a PDF body). Trailing `| reason: ...` and
    /// `| risk: ...` segments are still peeled off.
    Rest,
    /// The first segment is `a, b, ...`: whole numbers filling the parameters in order
    /// (`CLICK_AT`, `OCR_SCREEN`).
    Coords,
    /// The whole content is one JSON object for the single parameter. When `pipe_keys` is not
    /// empty, the pipe form `a | b | ...` is also read into an object with those keys.
    Payload {
        /// Keys for the pipe form, in order.
        pipe_keys: &'static [&'static str],
    },
}

/// Which approval path a command takes before it runs (spec a.7, a.8 "Appr").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ApprovalClass {
    /// No approval: the command only reads or changes the assistant's own view.
    None,
    /// The renderer's approval manager, driven by the command's catalog risk.
    Catalog,
    /// A permission dialog is always shown.
    Dialog,
    /// The shell approval flow (tiers and grants, `aartiq-shell-policy`).
    Shell,
}

/// A command's risk as the model states it, or as the catalog defaults it (spec a.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Risk {
    /// Reads, or navigates.
    Low,
    /// The default.
    Medium,
    /// Needs stronger confirmation.
    High,
}

impl Risk {
    /// The lower-case name used in every format.
    pub fn as_str(self) -> &'static str {
        match self {
            Risk::Low => "low",
            Risk::Medium => "medium",
            Risk::High => "high",
        }
    }

    /// Reads a stated risk: trimmed, case-insensitive; `critical` is `high` (spec a.7
    /// `normalizeRiskLevel`). Anything else is `None`.
    pub fn from_stated(text: &str) -> Option<Risk> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("low") {
            Some(Risk::Low)
        } else if text.eq_ignore_ascii_case("medium") {
            Some(Risk::Medium)
        } else if text.eq_ignore_ascii_case("high") || text.eq_ignore_ascii_case("critical") {
            Some(Risk::High)
        } else {
            None
        }
    }
}

/// The static description of one command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandSpec {
    /// The canonical kind.
    pub kind: CommandKind,
    /// The original's category (`getCategoryForType`, spec a.8 "Cat").
    pub category: &'static str,
    /// One line on what the command does.
    pub summary: &'static str,
    /// Parameters in order.
    pub params: &'static [ParamSpec],
    /// How bracket content is split.
    pub shape: Shape,
    /// The catalog risk used by the approval layer (spec a.7).
    pub default_risk: Risk,
    /// The approval path.
    pub approval: ApprovalClass,
    /// A bracket-form example that parses into a valid command.
    pub example: &'static str,
}

impl CommandSpec {
    /// The parameter with this name or alias, ASCII case-insensitively.
    pub fn param(&self, key: &str) -> Option<&'static ParamSpec> {
        self.params.iter().find(|p| {
            p.name.eq_ignore_ascii_case(key)
                || p.aliases.iter().any(|a| a.eq_ignore_ascii_case(key))
        })
    }

    /// The positional parameters, in order.
    pub fn positional(&self) -> impl Iterator<Item = &'static ParamSpec> + use<> {
        self.params.iter().filter(|p| p.positional)
    }
}

const fn p(name: &'static str, kind: ParamKind) -> ParamSpec {
    ParamSpec {
        name,
        kind,
        required: false,
        positional: true,
        aliases: &[],
    }
}
const fn req(name: &'static str, kind: ParamKind) -> ParamSpec {
    ParamSpec {
        name,
        kind,
        required: true,
        positional: true,
        aliases: &[],
    }
}
const fn named(name: &'static str, kind: ParamKind) -> ParamSpec {
    ParamSpec {
        name,
        kind,
        required: false,
        positional: false,
        aliases: &[],
    }
}
const fn alias(mut spec: ParamSpec, aliases: &'static [&'static str]) -> ParamSpec {
    spec.aliases = aliases;
    spec
}

use ParamKind::{Json, List, Object, Text, Url};
const PERCENT: ParamKind = ParamKind::Int { min: 0, max: 100 };
const MILLIS: ParamKind = ParamKind::Int {
    min: 0,
    max: i64::MAX,
};
const COORD: ParamKind = ParamKind::Int {
    min: i64::MIN,
    max: i64::MAX,
};
const COUNT: ParamKind = ParamKind::Int { min: 0, max: 1000 };

macro_rules! shape {
    (JSON_ONLY) => {
        Shape::Payload { pipe_keys: &[] }
    };
    (SCHEDULE_PIPE) => {
        Shape::Payload {
            pipe_keys: &["schedule", "type", "name", "description"],
        }
    };
    ($shape:ident) => {
        Shape::$shape
    };
}

macro_rules! catalog {
    ($( $variant:ident = $name:literal, $cat:literal, $shape:ident, $risk:ident, $appr:ident,
        [$($param:expr),* $(,)?], $example:literal, $summary:literal; )*) => {
        /// Every canonical command of the catalog (spec a.8), named as the original names it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        #[allow(missing_docs, reason = "each variant is its upper-case name; `spec().summary` documents it")]
        pub enum CommandKind { $($variant,)* }

        /// The catalog, in the original's registry order.
        pub static CATALOG: &[CommandSpec] = &[
            $(CommandSpec {
                kind: CommandKind::$variant,
                category: $cat,
                summary: $summary,
                params: &[$($param),*],
                shape: shape!($shape),
                default_risk: Risk::$risk,
                approval: ApprovalClass::$appr,
                example: $example,
            },)*
        ];

        impl CommandKind {
            /// The canonical upper-case name.
            pub fn name(self) -> &'static str {
                match self { $(CommandKind::$variant => $name,)* }
            }
        }
    };
}

catalog! {
    Navigate = "NAVIGATE", "navigation", Segments, Low, Catalog, [req("url", Url)],
        "[NAVIGATE: https://example.com]", "Open a URL in the current tab.";
    Search = "SEARCH", "navigation", Segments, Medium, None, [req("query", Text)],
        "[SEARCH: rust async book]", "Search with the browser's search engine.";
    WebSearch = "WEB_SEARCH", "navigation", Segments, Medium, None,
        [req("query", Text), named("pages", ParamKind::Int { min: 1, max: 20 }), named("url", Url)],
        "[WEB_SEARCH: best laptops 2026 | pages=2]", "Search the web through the configured provider.";
    ReadPageContent = "READ_PAGE_CONTENT", "browser", Segments, Low, Catalog, [],
        "[READ_PAGE_CONTENT]", "Read the visible text of the current page.";
    OcrScreen = "OCR_SCREEN", "utility", Coords, Medium, None,
        [p("x", COORD), p("y", COORD), p("w", COUNT_PX), p("h", COUNT_PX)],
        "[OCR_SCREEN: 0, 0, 800, 600]", "Read text from the screen, or from the region x, y, w, h.";
    ListOpenTabs = "LIST_OPEN_TABS", "utility", Segments, Medium, None, [],
        "[LIST_OPEN_TABS]", "List the open tabs.";
    CreatePdfJson = "CREATE_PDF_JSON", "pdf", JSON_ONLY, Medium, None, [p("document", Object)],
        r#"[CREATE_PDF_JSON: {"title": "Notes", "content": "Hello"}]"#, "Create a PDF from a JSON description.";
    CreateFileJson = "CREATE_FILE_JSON", "pdf", JSON_ONLY, Medium, None, [req("document", Object)],
        r#"[CREATE_FILE_JSON: {"format": "docx", "title": "Plan", "content": "Step one"}]"#,
        "Create a PDF, DOCX, PPTX or XLSX file from a JSON description.";
    GeneratePdf = "GENERATE_PDF", "pdf", Rest, Medium, None, [req("title", Text), req("content", Text)],
        "[GENERATE_PDF: Weekly Report | # Summary | all green]", "Generate a PDF from a title and Markdown content.";
    ShellCommand = "SHELL_COMMAND", "system", Rest, Medium, Shell, [req("command", Text)],
        "[SHELL_COMMAND: ls -la | head -n 5]", "Run a shell line, after the shell policy and approval.";
    SetTheme = "SET_THEME", "utility", Segments, Medium, None,
        [req("theme", ParamKind::Enum(&["dark", "light", "system"]))],
        "[SET_THEME: dark]", "Switch the colour theme.";
    SetVolume = "SET_VOLUME", "system", Segments, Medium, Catalog, [req("level", PERCENT)],
        "[SET_VOLUME: 40]", "Set the system volume, 0-100.";
    SetBrightness = "SET_BRIGHTNESS", "system", Segments, Medium, Catalog, [req("level", PERCENT)],
        "[SET_BRIGHTNESS: 70]", "Set the screen brightness, 0-100.";
    OpenApp = "OPEN_APP", "system", Segments, Medium, Catalog, [req("app", Text)],
        "[OPEN_APP: Calculator]", "Open a desktop application.";
    ScreenshotAndAnalyze = "SCREENSHOT_AND_ANALYZE", "utility", Segments, Medium, None, [],
        "[SCREENSHOT_AND_ANALYZE]", "Take a screenshot and describe it.";
    ClickElement = "CLICK_ELEMENT", "automation", Segments, Medium, Catalog,
        [p("selector", Text), named("text", Text), alias(named("ariaLabel", Text), &["aria-label", "aria"])],
        "[CLICK_ELEMENT: #submit-btn | click submit]", "Click an element by selector, visible text or aria-label.";
    FindAndClick = "FIND_AND_CLICK", "automation", Segments, Medium, Catalog, [req("text", Text)],
        "[FIND_AND_CLICK: Login | auth task]", "Click the element whose visible label is this text.";
    GenerateDiagram = "GENERATE_DIAGRAM", "pdf", Rest, Medium, None, [req("code", Text)],
        "[GENERATE_DIAGRAM: graph TD; A[Search] --> B[Read]]", "Render Mermaid code as a diagram.";
    OpenView = "OPEN_VIEW", "utility", Segments, Low, Catalog,
        [req("view", ParamKind::Enum(&["browser", "workspace", "pdf", "media", "coding"]))],
        "[OPEN_VIEW: workspace]", "Switch the main view.";
    Reload = "RELOAD", "utility", Segments, Medium, None, [], "[RELOAD]", "Reload the current page.";
    GoBack = "GO_BACK", "utility", Segments, Medium, None, [], "[GO_BACK]", "Go back in history.";
    GoForward = "GO_FORWARD", "utility", Segments, Medium, None, [], "[GO_FORWARD]", "Go forward in history.";
    Wait = "WAIT", "utility", Segments, Medium, None,
        [alias(req("ms", MILLIS), &["duration"]), named("text", Text), alias(named("textGone", Text), &["text_gone"])],
        "[WAIT: 2000]", "Wait this many milliseconds; with text= (or textGone=), wait at most that long for the text to appear on (or leave) the current page.";
    Think = "THINK", "meta", Rest, Medium, None, [p("note", Text)],
        "[THINK: compare the two prices first]", "A visible note of the model's reasoning; runs nothing.";
    Plan = "PLAN", "meta", Rest, Medium, None, [p("description", Text)],
        "[PLAN: search, read the top result, summarise]", "A visible plan; runs nothing.";
    ExplainCapabilities = "EXPLAIN_CAPABILITIES", "meta", Segments, Medium, None, [],
        "[EXPLAIN_CAPABILITIES]", "Explain what the assistant can do.";
    Status = "STATUS", "utility", Segments, Medium, None, [p("text", Text)],
        "[STATUS: Reading page...]", "Show a short status line.";
    DomSearch = "DOM_SEARCH", "utility", Segments, Medium, None, [p("query", Text)],
        "[DOM_SEARCH: price]", "Search the page's DOM for text.";
    DomReadFiltered = "DOM_READ_FILTERED", "utility", Segments, Medium, None, [p("query", Text)],
        "[DOM_READ_FILTERED: reviews]", "Read the page, filtered to what matches.";
    OpenMcpSettings = "OPEN_MCP_SETTINGS", "utility", Segments, Medium, None, [],
        "[OPEN_MCP_SETTINGS]", "Open the MCP settings.";
    OpenAutomationSettings = "OPEN_AUTOMATION_SETTINGS", "utility", Segments, Medium, None, [],
        "[OPEN_AUTOMATION_SETTINGS]", "Open the automation settings.";
    ListAutomations = "LIST_AUTOMATIONS", "automation", Segments, Medium, None, [],
        "[LIST_AUTOMATIONS]", "List scheduled automations.";
    DeleteAutomation = "DELETE_AUTOMATION", "automation", Segments, Medium, Dialog, [req("id", Text)],
        "[DELETE_AUTOMATION: task-123]", "Delete a scheduled automation by id.";
    OpenSchedulingModal = "OPEN_SCHEDULING_MODAL", "utility", SCHEDULE_PIPE, Medium, None, [p("task", Object)],
        "[OPEN_SCHEDULING_MODAL: 0 9 * * * | navigate | Morning news | Open the news site]",
        "Open the scheduling dialog, optionally prefilled (JSON, or schedule | type | name | description).";
    ScheduleTask = "SCHEDULE_TASK", "utility", SCHEDULE_PIPE, Medium, Dialog, [req("task", Object)],
        r#"[SCHEDULE_TASK: {"schedule": "0 9 * * 1-5", "type": "navigate", "url": "https://news.ycombinator.com", "name": "Morning HN"}]"#,
        "Schedule a task: schedule (cron), type, name, description and its own fields.";
    AnalyseTabs = "ANALYSE_TABS", "browser", Segments, Medium, None, [],
        "[ANALYSE_TABS]", "Analyse and summarise the open tabs.";
    ReadTabContent = "READ_TAB_CONTENT", "browser", Segments, Medium, None, [req("tabId", Text)],
        "[READ_TAB_CONTENT: tab-2]", "Read another tab's content.";
    CompareTabs = "COMPARE_TABS", "utility", Segments, Medium, None, [req("tabIds", List)],
        "[COMPARE_TABS: tab-1, tab-2]", "Compare several tabs.";
    FindInformationInTabs = "FIND_INFORMATION_IN_TABS", "utility", Segments, Medium, None, [req("query", Text)],
        "[FIND_INFORMATION_IN_TABS: shipping cost]", "Look for information across the open tabs.";
    CreateTabResearchContext = "CREATE_TAB_RESEARCH_CONTEXT", "utility", Segments, Medium, None, [p("topic", Text)],
        "[CREATE_TAB_RESEARCH_CONTEXT: laptop comparison]", "Gather the open tabs into one research context.";
    OrganizeTabs = "ORGANIZE_TABS", "automation", Segments, Medium, None, [],
        "[ORGANIZE_TABS]", "Organise the open tabs.";
    GroupTabs = "GROUP_TABS", "automation", Segments, Medium, None,
        [p("strategy", ParamKind::Enum(&["ai", "domain", "priority", "recency"]))],
        "[GROUP_TABS: domain]", "Group the open tabs by a strategy.";
    CloseTab = "CLOSE_TAB", "browser", Segments, Medium, None, [req("tabId", Text)],
        "[CLOSE_TAB: tab-3]", "Close a tab.";
    PluginCommand = "PLUGIN_COMMAND", "utility", Segments, Medium, None, [req("command", Text), p("args", Json)],
        r#"[PLUGIN_COMMAND: my-plugin.export | {"format": "csv"}]"#, "Run a plugin's command with JSON arguments.";
    GenerateImage = "GENERATE_IMAGE", "media", Rest, Medium, None, [p("prompt", Text)],
        "[GENERATE_IMAGE: a lighthouse at dusk, watercolour]", "Generate an image from a prompt.";
    AppleIntelligenceImage = "APPLE_INTELLIGENCE_IMAGE", "media", Rest, Medium, None, [req("prompt", Text)],
        "[APPLE_INTELLIGENCE_IMAGE: a red bicycle]", "Generate an image with Apple Intelligence (macOS only).";
    AppleIntelligenceSummary = "APPLE_INTELLIGENCE_SUMMARY", "utility", Rest, Medium, None, [req("text", Text)],
        "[APPLE_INTELLIGENCE_SUMMARY: The quarterly report shows growth.]", "Summarise text with Apple Intelligence (macOS only).";
    EnableCli = "ENABLE_CLI", "automation", Segments, Medium, None, [],
        "[ENABLE_CLI]", "Enable the command-line bridge.";
    PlayVideo = "PLAY_VIDEO", "media", Segments, Medium, None, [p("id", Text), p("title", Text)],
        "[PLAY_VIDEO: dQw4w9WgXcQ | Never Gonna Give You Up]", "Play a video by id.";
    SearchVideo = "SEARCH_VIDEO", "media", Segments, Medium, None, [p("query", Text), named("count", COUNT)],
        "[SEARCH_VIDEO: lofi music | count=5]", "Search for videos.";
    SwitchTab = "SWITCH_TAB", "browser", Segments, Medium, None, [p("id", Text)],
        "[SWITCH_TAB: tab-2]", "Switch to a tab.";
    SearchResults = "SEARCH_RESULTS", "navigation", Segments, Medium, None, [p("query", Text), named("count", COUNT)],
        "[SEARCH_RESULTS: rust jobs | count=10]", "Show search results in the sidebar.";
    FillForm = "FILL_FORM", "automation", Segments, Medium, Catalog,
        [req("selector", Text), alias(p("value", Text), &["text"])],
        "[FILL_FORM: #email | user@example.com]", "Fill one form field; never submits.";
    ClickAt = "CLICK_AT", "automation", Coords, Medium, Catalog, [req("x", COORD), req("y", COORD)],
        "[CLICK_AT: 500, 300]", "Click at screen coordinates.";
    ScrollTo = "SCROLL_TO", "automation", Segments, Medium, None, [p("selector", Text)],
        "[SCROLL_TO: #reviews]", "Scroll to an element.";
    MultiFillForm = "MULTI_FILL_FORM", "automation", JSON_ONLY, Medium, None, [req("fields", Object)],
        r##"[MULTI_FILL_FORM: {"#email": "user@example.com", "#name": "Ada"}]"##,
        "Fill several fields: a JSON object of selector to value; never submits.";
    RecordWorkflow = "RECORD_WORKFLOW", "automation", Segments, Medium, None, [p("action", Text)],
        "[RECORD_WORKFLOW: save:checkout-flow]", "Start, stop or save a workflow recording (start, stop, save, save:name).";
    PlayWorkflow = "PLAY_WORKFLOW", "automation", Segments, Medium, None, [req("name", Text)],
        "[PLAY_WORKFLOW: checkout-flow]", "Replay a saved workflow.";
    DeepResearch = "DEEP_RESEARCH", "utility", Segments, Medium, None,
        [req("query", Text), named("engine", ParamKind::Enum(&["duckduckgo", "google"])), named("maxResults", COUNT)],
        "[DEEP_RESEARCH: solid-state battery timeline | engine=duckduckgo | maxResults=12]",
        "Run deep research with cross-verified sources.";
    ListSkills = "LIST_SKILLS", "skills", Segments, Medium, None, [], "[LIST_SKILLS]", "List the skills.";
    LoadSkill = "LOAD_SKILL", "skills", Segments, Medium, None, [p("skillId", Text)],
        "[LOAD_SKILL: pdf]", "Load a skill into the conversation.";
    SettingsQuery = "SETTINGS_QUERY", "settings", Segments, Medium, None, [p("category", Text)],
        "[SETTINGS_QUERY: webSearch]", "Read a settings category (webSearch, ai, ui, permissions).";
    SettingsUpdate = "SETTINGS_UPDATE", "settings", Segments, Medium, Dialog, [p("category", Text), p("updates", Object)],
        r#"[SETTINGS_UPDATE: ui | {"theme": "dark"}]"#, "Change settings; applied only after confirmation.";
    ListBookmarks = "LIST_BOOKMARKS", "bookmarks", Segments, Medium, None, [p("limit", COUNT), p("offset", COUNT)],
        "[LIST_BOOKMARKS: 20]", "List bookmarks.";
    AddBookmark = "ADD_BOOKMARK", "bookmarks", Segments, Medium, Dialog, [p("url", Url), p("title", Text)],
        "[ADD_BOOKMARK: https://doc.rust-lang.org | Rust docs]", "Bookmark a page (the current one when no URL).";
    RemoveBookmark = "REMOVE_BOOKMARK", "bookmarks", Segments, Medium, Dialog, [p("url", Url)],
        "[REMOVE_BOOKMARK: https://doc.rust-lang.org]", "Remove a bookmark.";
    ClearBookmarks = "CLEAR_BOOKMARKS", "bookmarks", Segments, High, Dialog, [],
        "[CLEAR_BOOKMARKS]", "Remove every bookmark.";
    ListHistory = "LIST_HISTORY", "history", Segments, Medium, None,
        [p("query", Text), named("limit", COUNT), named("startDate", Text), named("endDate", Text)],
        "[LIST_HISTORY: github | limit=20]", "List browsing history, optionally filtered.";
    ClearHistory = "CLEAR_HISTORY", "history", Segments, High, Dialog, [],
        "[CLEAR_HISTORY]", "Clear browsing history.";
    SetChatStyle = "SET_CHAT_STYLE", "ui", Segments, Medium, None,
        [named("fontSize", ParamKind::Int { min: 8, max: 48 }),
         named("glowMode", ParamKind::Enum(&["off", "gradient", "rgb"])), named("glowPreset", Text)],
        "[SET_CHAT_STYLE: fontSize=16 | glowMode=gradient]", "Change the chat's look.";
    OpenSettingsPanel = "OPEN_SETTINGS_PANEL", "settings", Segments, Medium, None, [p("panel", Text)],
        "[OPEN_SETTINGS_PANEL: bookmarks]", "Open a settings panel (settings, bookmarks, history, extensions, downloads, clipboard, workspace, vault).";
}

const COUNT_PX: ParamKind = ParamKind::Int {
    min: 0,
    max: i64::MAX,
};

/// Registry keys and aliases that resolve to another command (spec a.2).
pub static ALIASES: &[(&str, CommandKind)] = &[
    ("ANALYZE_TABS", CommandKind::AnalyseTabs),
    ("SUMMARIZE_TABS", CommandKind::AnalyseTabs),
    ("GET_BOOKMARKS", CommandKind::ListBookmarks),
    ("FETCH_BOOKMARKS", CommandKind::ListBookmarks),
    ("SHOW_BOOKMARKS", CommandKind::ListBookmarks),
    ("VIEW_BOOKMARKS", CommandKind::ListBookmarks),
    ("GET_HISTORY", CommandKind::ListHistory),
    ("FETCH_HISTORY", CommandKind::ListHistory),
    ("SHOW_HISTORY", CommandKind::ListHistory),
    ("VIEW_HISTORY", CommandKind::ListHistory),
];

/// The two aliases that are registry keys of their own in the original, so the catalog counts
/// 73 commands (spec a.2).
pub static REGISTRY_ALIASES: &[&str] = &["ANALYZE_TABS", "SUMMARIZE_TABS"];

/// Every name and alias, sorted, for binary search.
static NAME_INDEX: std::sync::LazyLock<Vec<(&'static str, CommandKind)>> =
    std::sync::LazyLock::new(|| {
        let mut index: Vec<(&'static str, CommandKind)> = CATALOG
            .iter()
            .map(|spec| (spec.kind.name(), spec.kind))
            .chain(ALIASES.iter().copied())
            .collect();
        index.sort_unstable_by_key(|(name, _)| *name);
        index
    });

/// Longest command or alias name; anything longer cannot be a command.
pub(crate) const MAX_NAME_LEN: usize = 32;

impl CommandKind {
    /// Resolves a command name or alias, ASCII case-insensitively.
    ///
    /// ```
    /// use aartiq_commands::CommandKind;
    /// assert_eq!(CommandKind::from_name("summarize_tabs"), Some(CommandKind::AnalyseTabs));
    /// assert_eq!(CommandKind::from_name("SHOW_IMAGE"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<CommandKind> {
        if name.is_empty() || name.len() > MAX_NAME_LEN {
            return None;
        }
        let mut buf = [0u8; MAX_NAME_LEN];
        let upper = &mut buf[..name.len()];
        upper.copy_from_slice(name.as_bytes());
        upper.make_ascii_uppercase();
        let index = &*NAME_INDEX;
        index
            .binary_search_by(|(known, _)| known.as_bytes().cmp(upper))
            .ok()
            .map(|i| index[i].1)
    }

    /// This command's catalog entry.
    pub fn spec(self) -> &'static CommandSpec {
        // The catalog lists the variants in declaration order, so the discriminant indexes it.
        &CATALOG[self as usize]
    }
}

impl std::fmt::Display for CommandKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for CommandKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}
