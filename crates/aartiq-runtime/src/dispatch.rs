//! Dispatch: every command of the catalog turned into what runs (registry tools as the
//! assistant agent, the shell runner, research, skills, the runtime's own commands), and run.

use std::time::Duration;

use aartiq_commands::{ArgValue, Command, CommandKind, Risk};
use aartiq_research::{Budget, CancelToken, ResearchRequest};
use aartiq_tools::{ElementAction, TabId, TabInfo, Target, ToolCall, ToolOutput};
use serde_json::Value;

use crate::config::ShellConfig;
use crate::judge::{Judgement, Need, ShellJudged, action_need, effective_risk, shell_risk};
use crate::outcome::{CommandResult, Status};
use crate::route::{Route, route_of};
use crate::runtime::{Run, rejection_result};

/// What a prepared command will do.
#[derive(Debug, Clone)]
pub(crate) enum Action {
    /// Calls one tool; `post` shapes its output.
    Call { call: ToolCall, post: Post },
    /// Reads several tabs: `get_page_text` each, or `page_find` text mode for `query`.
    ReadTabs {
        tabs: Vec<TabId>,
        query: Option<String>,
        header: String,
    },
    /// Makes `tab` the tab the assistant works in.
    SwitchTab(TabId),
    /// Waits.
    Wait { wait: Duration, asked: u64 },
    /// A visible note (`THINK`, `PLAN`, `STATUS`).
    Note(String),
    /// `EXPLAIN_CAPABILITIES`.
    Capabilities,
    /// `LIST_SKILLS`.
    ListSkills,
    /// `LOAD_SKILL`.
    LoadSkill(String),
    /// A shell line.
    Shell(String),
    /// Deep research.
    Research { query: String, results: Option<u32> },
    /// Not available on this host.
    Unavailable(crate::route::Capability),
    /// A command of the store.
    Store(crate::stored::StoreAction),
    /// A host capability.
    Host(crate::host::HostAction),
    /// The scheduling form, pre-filled (`OPEN_SCHEDULING_MODAL`); the text shows it.
    SchedulingForm(String),
}

/// How a tool's output is turned into the model's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Post {
    /// As it is.
    Text,
    /// Only the lines holding the query.
    FilterLines(String),
    /// A new tab becomes the current tab.
    NewTab,
    /// The closed tab is no longer current.
    Closed(TabId),
}

/// A command ready to run: what, the judgement, and the explanation.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    pub(crate) action: Action,
    pub(crate) judgement: Judgement,
    pub(crate) explanation: String,
}

/// A page element found for a command.
#[derive(Debug, Clone)]
struct Element {
    reference: String,
    role: String,
    name: String,
    /// Whether the capture shows a `form` around it.
    in_form: bool,
    /// Its `#id` selector, when it has one.
    selector: Option<String>,
}

impl Element {
    fn label(&self) -> String {
        format!("{} \"{}\" ({})", self.role, self.name, self.reference)
    }
}

/// The explanation of a shell line.
pub(crate) fn shell_explanation(line: &str, shell: &ShellConfig) -> String {
    format!(
        "Runs `{}` with {} -c in {}, killed after {} s, output capped at {} bytes, secrets \
         removed from the environment.",
        line,
        shell.program.display(),
        shell.working_dir.display(),
        shell.timeout.as_secs(),
        shell.output_cap
    )
}

fn result(
    index: usize,
    kind: CommandKind,
    status: Status,
    tools: Vec<String>,
    text: String,
) -> CommandResult {
    CommandResult {
        index,
        command: kind.name().to_owned(),
        status,
        tools,
        text,
    }
}

/// How much of one tab's text a several-tab command passes on; `READ_TAB_CONTENT` reads all.
const TAB_TEXT_CAP: usize = 6_000;

/// `text` cut to [`TAB_TEXT_CAP`] bytes on a character boundary, saying how much was left.
fn cap_tab_text(text: &str, tab: &TabId) -> String {
    if text.len() <= TAB_TEXT_CAP {
        return text.to_owned();
    }
    let mut end = TAB_TEXT_CAP;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}\n[{} more bytes; READ_TAB_CONTENT: {tab} reads them all]",
        &text[..end],
        text.len() - end
    )
}

fn failed(index: usize, kind: CommandKind, text: impl Into<String>) -> CommandResult {
    result(index, kind, Status::Failed, Vec::new(), text.into())
}

/// The text of an argument, trimmed and not empty.
pub(crate) fn text_arg<'c>(command: &'c Command, name: &str) -> Option<&'c str> {
    command
        .args
        .text(name)
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// A whole-number argument.
pub(crate) fn int_arg(command: &Command, name: &str) -> Option<i64> {
    command.args.get(name).and_then(ArgValue::as_int)
}

/// Whether `target` is a snapshot ref (`e12`).
fn is_ref(target: &str) -> bool {
    target
        .strip_prefix('e')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// The first `[ref=eN]` of a snapshot's text.
fn first_ref(text: &str) -> Option<String> {
    let start = text.find("[ref=")? + 5;
    let end = text[start..].find(']')? + start;
    Some(text[start..end].to_owned())
}

/// Finds the node of `handle` in `root`; returns it and whether a `form` contains it.
fn locate<'n>(
    node: &'n aartiq_tools::RawNode,
    handle: &aartiq_tools::NodeHandle,
    in_form: bool,
) -> Option<(&'n aartiq_tools::RawNode, bool)> {
    if node.node == Some(handle.node) && node.frame == handle.frame {
        return Some((node, in_form));
    }
    let in_form = in_form || node.role == "form";
    node.children
        .iter()
        .find_map(|child| locate(child, handle, in_form))
}

impl Run<'_> {
    /// The open tabs, through `list_tabs`.
    pub(crate) async fn list_tabs(&self) -> Result<Vec<TabInfo>, String> {
        let output = self
            .rt
            .call_tool(&ToolCall::ListTabs, false)
            .await
            .map_err(|r| format!("list_tabs: {}", r.message))?;
        output
            .read()
            .ok_or_else(|| "list_tabs answered something else than its tabs".to_owned())
    }

    /// The tab to work in: the current one, else the browser's active tab, else the first.
    pub(crate) async fn tab(&mut self) -> Result<Option<TabId>, String> {
        if let Some(tab) = &self.current_tab {
            return Ok(Some(tab.clone()));
        }
        let tabs = self.list_tabs().await?;
        let tab = tabs
            .iter()
            .find(|t| t.active)
            .or_else(|| tabs.first())
            .map(|t| t.id.clone());
        self.current_tab = tab.clone();
        Ok(tab)
    }

    /// The tab to work in, or an error saying there is none.
    async fn need_tab(&mut self) -> Result<TabId, String> {
        self.tab()
            .await?
            .ok_or_else(|| "no tab is open; open one with NAVIGATE first".to_owned())
    }

    /// Finds the element `target` names on `tab`: a ref, an `#id`, or a visible label.
    async fn resolve(&self, tab: &TabId, target: &str) -> Result<Element, String> {
        let target = target.trim();
        let reference = if is_ref(target) {
            target.to_owned()
        } else if target.starts_with('#') {
            let output = self
                .rt
                .call_tool(
                    &ToolCall::snapshot(tab.clone(), Some(target.to_owned())),
                    false,
                )
                .await
                .map_err(|r| format!("could not read the page: {}", r.message))?;
            first_ref(&output.text)
                .ok_or_else(|| format!("no element with selector {target} on the page"))?
        } else {
            self.rt
                .call_tool(&ToolCall::snapshot(tab.clone(), None), false)
                .await
                .map_err(|r| format!("could not read the page: {}", r.message))?;
            let output = self
                .rt
                .call_tool(&ToolCall::find_actionable(tab.clone(), target, 20), false)
                .await
                .map_err(|r| format!("could not search the page: {}", r.message))?;
            let matches = output
                .json
                .as_ref()
                .and_then(|j| j.get("matches"))
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let exact = matches.iter().find(|m| {
                m.get("name")
                    .and_then(Value::as_str)
                    .is_some_and(|n| n.trim().eq_ignore_ascii_case(target))
            });
            exact
                .or_else(|| matches.first())
                .and_then(|m| m.get("ref"))
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| {
                    format!(
                        "no element matches \"{target}\"; use a ref from a snapshot, an #id, or \
                         the element's visible label"
                    )
                })?
        };
        self.rt.backends.registry.with_snapshots(|store| {
            let record = store
                .resolve(&reference, tab)
                .map_err(|e| format!("{}: {}", e.message, e.hint))?;
            let found = store
                .page(tab)
                .and_then(|page| locate(&page.root, &record.handle, false));
            Ok(match found {
                Some((node, in_form)) => Element {
                    reference,
                    role: node.role.clone(),
                    name: node.name.clone(),
                    in_form,
                    selector: node.selector.clone(),
                },
                None => Element {
                    reference,
                    role: record.role.clone(),
                    name: record.name.clone(),
                    in_form: false,
                    selector: None,
                },
            })
        })
    }

    /// Whether clicking `element` submits a form: a button inside a `form` of the capture, or
    /// (for an element with an `#id`, when the capture shows no form, as accessibility trees
    /// often do for unnamed forms) a submit control the live DOM finds under a `form`.
    async fn submits_form(&self, tab: &TabId, element: &Element) -> bool {
        if element.role == "button" && element.in_form {
            return true;
        }
        let Some(selector) = &element.selector else {
            return false;
        };
        let query = ToolCall::dom_query(
            tab.clone(),
            format!("form {selector}"),
            1,
            vec!["type".to_owned()],
        );
        let Ok(output) = self.rt.call_tool(&query, false).await else {
            // A page the scan withholds or a query that fails: treat the click as a submission,
            // so it is asked about rather than slipped through.
            return true;
        };
        let Some(found) = output
            .json
            .as_ref()
            .and_then(|j| j.get("matches"))
            .and_then(Value::as_array)
            .and_then(|m| m.first())
        else {
            return false;
        };
        let tag = found.get("tag").and_then(Value::as_str).unwrap_or_default();
        let kind = found
            .get("attrs")
            .and_then(|a| a.get("type"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_ascii_lowercase();
        match tag {
            "button" => !matches!(kind.as_str(), "button" | "reset"),
            "input" => matches!(kind.as_str(), "submit" | "image"),
            _ => false,
        }
    }

    /// Prepares a command: finds what it acts on, decides the tool, judges it, explains it.
    /// A command that cannot be prepared (no tab, no such element) comes back as its result.
    pub(crate) async fn prepare(
        &mut self,
        index: usize,
        command: &Command,
        shell: Option<&ShellJudged>,
    ) -> Result<Prepared, CommandResult> {
        let kind = command.kind;
        let fail = |e: String| failed(index, kind, e);
        let settings = self.rt.config.approvals.clone();
        let risk = effective_risk(command);
        let tool_need = |tool: &str, risk: Risk| {
            action_need(
                &settings,
                kind,
                risk,
                self.rt.verb_needs_approval(tool).as_deref(),
            )
        };
        let unavailable = |capability: crate::route::Capability| {
            (
                Action::Unavailable(capability),
                format!(
                    "{} needs {}, which is not available on this host; nothing will be done.",
                    kind.name(),
                    capability.describe()
                ),
                Vec::new(),
                risk,
                Need::Run {
                    reason: "nothing runs".to_owned(),
                },
            )
        };
        let (action, explanation, tools, risk, need) = match route_of(kind) {
            Route::Unavailable { capability } => unavailable(capability),
            Route::Host { capability } if !self.rt.host.provides(capability) => {
                unavailable(capability)
            }
            Route::Host { .. } => {
                let (action, explanation, risk) =
                    self.host_action(command, risk).await.map_err(fail)?;
                let need = action_need(&settings, kind, risk, None);
                (Action::Host(action), explanation, Vec::new(), risk, need)
            }
            Route::Store { capability } => match self.rt.store.clone() {
                None => unavailable(capability),
                Some(store) => {
                    let (action, explanation, risk) =
                        self.store_action(&store, command, risk).map_err(fail)?;
                    let need = action_need(&settings, kind, risk, None);
                    (Action::Store(action), explanation, Vec::new(), risk, need)
                }
            },
            Route::Native | Route::Skills => {
                let (action, explanation) = self.native(command);
                (
                    action,
                    explanation,
                    Vec::new(),
                    risk,
                    Need::Run {
                        reason: "handled by the assistant itself".to_owned(),
                    },
                )
            }
            Route::Shell => {
                let line = text_arg(command, "command").unwrap_or_default().to_owned();
                let Some(judged) = shell else {
                    return Err(fail("the shell line was not assessed".into()));
                };
                let explanation = shell_explanation(&line, &self.rt.config.shell);
                return Ok(Prepared {
                    action: Action::Shell(line),
                    judgement: Judgement {
                        route: Route::Shell,
                        tools: Vec::new(),
                        risk: shell_risk(&judged.assessment),
                        need: judged.need.clone(),
                        shell: Some(judged.verdict.clone()),
                    },
                    explanation,
                });
            }
            Route::Research => {
                let query = text_arg(command, "query").unwrap_or_default().to_owned();
                let results = int_arg(command, "maxResults").and_then(|n| u32::try_from(n).ok());
                (
                    Action::Research {
                        query: query.clone(),
                        results,
                    },
                    format!(
                        "Researches \"{query}\": searches, reads and cross-checks sources; every \
                         page is scanned for prompt injection."
                    ),
                    Vec::new(),
                    risk,
                    action_need(&settings, kind, risk, None),
                )
            }
            Route::Tool { .. } => {
                let (action, explanation) = self.tool_action(command).await.map_err(fail)?;
                let tool = match &action {
                    Action::Call { call, .. } => call.tool(),
                    Action::ReadTabs { query: Some(_), .. } => "page_find",
                    Action::ReadTabs { .. } => "get_page_text",
                    _ => "list_tabs",
                };
                let need = tool_need(tool, risk);
                (action, explanation, vec![tool.to_owned()], risk, need)
            }
            Route::Element => {
                let (action, explanation, risk) =
                    self.element_action(command, risk).await.map_err(fail)?;
                let tool = match &action {
                    Action::Call { call, .. } => call.tool(),
                    _ => "click_ref",
                };
                let need = tool_need(tool, risk);
                (action, explanation, vec![tool.to_owned()], risk, need)
            }
        };
        let mut explanation = explanation;
        if let Some(reason) = &command.reason {
            explanation.push_str(&format!(" The model's reason: {reason}."));
        }
        Ok(Prepared {
            action,
            judgement: Judgement {
                route: route_of(kind),
                tools,
                risk,
                need,
                shell: None,
            },
            explanation,
        })
    }

    fn native(&self, command: &Command) -> (Action, String) {
        let kind = command.kind;
        match kind {
            CommandKind::Wait => {
                let asked = int_arg(command, "ms")
                    .and_then(|n| u64::try_from(n).ok())
                    .unwrap_or(0);
                let max = self.rt.config.max_wait;
                let wait = Duration::from_millis(asked).min(max);
                (
                    Action::Wait { wait, asked },
                    format!("Waits {} ms.", wait.as_millis()),
                )
            }
            CommandKind::ExplainCapabilities => (
                Action::Capabilities,
                "Lists what this host can and cannot do.".to_owned(),
            ),
            CommandKind::ListSkills => (Action::ListSkills, "Lists the skills.".to_owned()),
            CommandKind::OpenSchedulingModal => {
                let (_, text) = self.scheduling_form(command);
                (
                    Action::SchedulingForm(text),
                    "Opens the scheduling form pre-filled; nothing is scheduled until the person \
                     saves it."
                        .to_owned(),
                )
            }
            CommandKind::LoadSkill => {
                let id = text_arg(command, "skillId").unwrap_or_default().to_owned();
                (
                    Action::LoadSkill(id.clone()),
                    format!("Loads the skill \"{id}\" into the instructions."),
                )
            }
            _ => {
                let note = command
                    .kind
                    .spec()
                    .positional()
                    .next()
                    .and_then(|p| text_arg(command, p.name))
                    .unwrap_or_default()
                    .to_owned();
                (
                    Action::Note(note),
                    format!("Shows the model's {} note; runs nothing.", kind.name()),
                )
            }
        }
    }

    /// The tool call of a tool-routed command.
    async fn tool_action(&mut self, command: &Command) -> Result<(Action, String), String> {
        use CommandKind as K;
        let kind = command.kind;
        let call = |call, post| Action::Call { call, post };
        match kind {
            K::Navigate | K::Search | K::Reload => {
                let url = match kind {
                    K::Navigate => text_arg(command, "url").unwrap_or_default().to_owned(),
                    K::Search => {
                        let query = text_arg(command, "query").unwrap_or_default();
                        let encoded: String =
                            url::form_urlencoded::byte_serialize(query.as_bytes()).collect();
                        self.rt
                            .config
                            .search_engine_url
                            .replace("{query}", &encoded)
                    }
                    _ => {
                        self.tab().await?;
                        self.current_url()
                            .await
                            .ok_or("no page is open to reload")?
                    }
                };
                match self.tab().await? {
                    Some(tab) => Ok((
                        call(ToolCall::navigate(tab.clone(), url.clone()), Post::Text),
                        format!("Opens {url} in tab {tab}."),
                    )),
                    None => Ok((
                        call(ToolCall::new_tab(url.clone()), Post::NewTab),
                        format!("Opens {url} in a new tab."),
                    )),
                }
            }
            K::WebSearch | K::SearchResults => {
                let mut query = text_arg(command, "query")
                    .ok_or("a search needs a query")?
                    .to_owned();
                if let Some(site) = text_arg(command, "url")
                    .and_then(|u| url::Url::parse(u).ok())
                    .and_then(|u| u.host_str().map(str::to_owned))
                {
                    query.push_str(&format!(" site:{site}"));
                }
                let max = match kind {
                    K::WebSearch => int_arg(command, "pages").map_or(8, |p| p.saturating_mul(8)),
                    _ => int_arg(command, "count").unwrap_or(8),
                }
                .clamp(1, 20);
                Ok((
                    call(
                        ToolCall::web_search(query.clone(), u32::try_from(max).unwrap_or(20)),
                        Post::Text,
                    ),
                    format!("Searches the web for \"{query}\" ({max} results at most)."),
                ))
            }
            K::ReadPageContent | K::DomReadFiltered => {
                let tab = self.need_tab().await?;
                let query = text_arg(command, "query").filter(|_| kind == K::DomReadFiltered);
                let post = query.map_or(Post::Text, |q| Post::FilterLines(q.to_owned()));
                Ok((
                    call(ToolCall::page_text(tab.clone()), post),
                    match query {
                        Some(q) => {
                            format!("Reads the text of tab {tab}, keeping lines with \"{q}\".")
                        }
                        None => format!("Reads the visible text of tab {tab}."),
                    },
                ))
            }
            K::ReadTabContent => {
                let tab = text_arg(command, "tabId").ok_or("READ_TAB_CONTENT needs a tab id")?;
                Ok((
                    call(ToolCall::page_text(TabId::new(tab)), Post::Text),
                    format!("Reads the visible text of tab {tab}."),
                ))
            }
            K::CompareTabs
            | K::CreateTabResearchContext
            | K::FindInformationInTabs
            | K::AnalyseTabs => {
                let tabs: Vec<TabId> = match command.args.get("tabIds") {
                    Some(ArgValue::List(ids)) => ids.iter().map(TabId::new).collect(),
                    _ => self.list_tabs().await?.into_iter().map(|t| t.id).collect(),
                };
                let query = text_arg(command, "query")
                    .filter(|_| kind == K::FindInformationInTabs)
                    .map(str::to_owned);
                let header = match kind {
                    K::CreateTabResearchContext => format!(
                        "Research context{}:",
                        text_arg(command, "topic")
                            .map_or(String::new(), |t| format!(" for \"{t}\""))
                    ),
                    K::FindInformationInTabs => "Matches in the open tabs:".to_owned(),
                    K::AnalyseTabs => "The open tabs and what each shows:".to_owned(),
                    _ => "The tabs side by side:".to_owned(),
                };
                let explanation = match &query {
                    Some(q) => format!("Searches {} tabs for \"{q}\".", tabs.len()),
                    None => format!("Reads the text of {} tabs.", tabs.len()),
                };
                Ok((
                    Action::ReadTabs {
                        tabs,
                        query,
                        header,
                    },
                    explanation,
                ))
            }
            K::PlayVideo | K::SearchVideo => {
                let url = if kind == K::PlayVideo {
                    let id = text_arg(command, "id").ok_or("PLAY_VIDEO needs a video id or URL")?;
                    aartiq_host::play_video_url(id)
                } else {
                    let query = text_arg(command, "query").ok_or("SEARCH_VIDEO needs a query")?;
                    aartiq_host::search_video_url(query)
                }
                .map_err(|e| e.to_string())?;
                let what = text_arg(command, "title").map_or(String::new(), |t| format!(" ({t})"));
                Ok((
                    call(ToolCall::new_tab(url.clone()), Post::NewTab),
                    format!("Opens {url}{what} in a new tab."),
                ))
            }
            K::ListOpenTabs => Ok((
                call(ToolCall::ListTabs, Post::Text),
                "Lists the open tabs.".to_owned(),
            )),
            K::SwitchTab => {
                let id = text_arg(command, "id").ok_or("SWITCH_TAB needs a tab id")?;
                let tabs = self.list_tabs().await?;
                let tab = tabs
                    .into_iter()
                    .find(|t| t.id.as_str() == id)
                    .ok_or_else(|| format!("no open tab has the id \"{id}\""))?;
                Ok((
                    Action::SwitchTab(tab.id.clone()),
                    format!("Works in tab {} ({}) from now on.", tab.id, tab.url),
                ))
            }
            K::DomSearch => {
                let tab = self.need_tab().await?;
                let query = text_arg(command, "query").ok_or("DOM_SEARCH needs a query")?;
                Ok((
                    call(ToolCall::find_text(tab.clone(), query), Post::Text),
                    format!("Searches the text of tab {tab} for \"{query}\"."),
                ))
            }
            K::CloseTab => {
                let tab = text_arg(command, "tabId").ok_or("CLOSE_TAB needs a tab id")?;
                Ok((
                    call(
                        ToolCall::close_tab(TabId::new(tab)),
                        Post::Closed(TabId::new(tab)),
                    ),
                    format!("Closes tab {tab}."),
                ))
            }
            _ => {
                let section = match kind {
                    K::OpenMcpSettings => "mcp".to_owned(),
                    K::OpenAutomationSettings => "automation".to_owned(),
                    K::OpenView => text_arg(command, "view").unwrap_or("browser").to_owned(),
                    _ => text_arg(command, "panel").unwrap_or("settings").to_owned(),
                };
                Ok((
                    call(ToolCall::open_panel(section.clone()), Post::Text),
                    format!("Opens the \"{section}\" panel of the browser."),
                ))
            }
        }
    }

    /// The ref tool of an element command. Clicking a button inside a form is a submission: it
    /// goes to `form_submit` (side-effecting, approved, risk `high`), never to a plain click
    /// (spec f.3: filling and submitting are separate).
    async fn element_action(
        &mut self,
        command: &Command,
        risk: Risk,
    ) -> Result<(Action, String, Risk), String> {
        use CommandKind as K;
        let tab = self.need_tab().await?;
        let call = |call| Action::Call {
            call,
            post: Post::Text,
        };
        match command.kind {
            K::ClickElement | K::FindAndClick => {
                let target = ["selector", "text", "ariaLabel"]
                    .iter()
                    .find_map(|p| text_arg(command, p))
                    .ok_or("a click needs a selector, a text or an aria-label")?;
                let element = match self.resolve(&tab, target).await {
                    Ok(element) => element,
                    // Not in the page's accessibility data (a canvas, an image of text): OCR
                    // and coordinates second. What is under the point is only known after the
                    // click, so it asks like any click that may submit a form.
                    Err(e) if !is_ref(target) && !target.starts_with('#') => {
                        let Some((x, y)) = self.ocr_locate(&tab, target).await else {
                            return Err(e);
                        };
                        return Ok((
                            Action::Host(crate::host::HostAction::ClickAt {
                                tab: tab.clone(),
                                x,
                                y,
                            }),
                            format!(
                                "Clicks \"{target}\" at {x:.0},{y:.0} in tab {tab}: the page's \
                                 accessibility data does not name it, OCR of the screen found it \
                                 there; what it is is only known after the click, so it needs \
                                 your approval."
                            ),
                            Risk::High,
                        ));
                    }
                    Err(e) => return Err(e),
                };
                if self.submits_form(&tab, &element).await {
                    Ok((
                        call(ToolCall::submit(tab.clone(), element.reference.clone())),
                        format!(
                            "Clicks {} - this submits its form, so it needs your approval.",
                            element.label()
                        ),
                        Risk::High,
                    ))
                } else {
                    Ok((
                        call(ToolCall::click(tab.clone(), element.reference.clone())),
                        format!("Clicks {} in tab {tab}.", element.label()),
                        risk,
                    ))
                }
            }
            K::FillForm => {
                let target = text_arg(command, "selector").ok_or("FILL_FORM needs a selector")?;
                let value = command.args.text("value").unwrap_or_default();
                let element = self.resolve(&tab, target).await?;
                Ok((
                    call(ToolCall::fill(
                        tab.clone(),
                        element.reference.clone(),
                        value,
                    )),
                    format!(
                        "Types \"{value}\" into {} (does not submit).",
                        element.label()
                    ),
                    risk,
                ))
            }
            K::ScrollTo => {
                let target = text_arg(command, "selector").ok_or("SCROLL_TO needs a selector")?;
                let element = self.resolve(&tab, target).await?;
                Ok((
                    call(ToolCall::element_action(
                        tab.clone(),
                        element.reference.clone(),
                        ElementAction::Scroll,
                    )),
                    format!("Scrolls {} into view.", element.label()),
                    risk,
                ))
            }
            _ => {
                let Some(ArgValue::Json(Value::Object(fields))) = command.args.get("fields") else {
                    return Err("MULTI_FILL_FORM needs a JSON object of selector: value".into());
                };
                let mut refs = Vec::new();
                let mut labels = Vec::new();
                for (target, value) in fields {
                    let value = match value {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    let element = self.resolve(&tab, target).await?;
                    labels.push(format!("{} = \"{value}\"", element.label()));
                    refs.push((element.reference, value));
                }
                Ok((
                    call(ToolCall::fill_form(tab.clone(), refs)),
                    format!("Fills {} (does not submit).", labels.join(", ")),
                    risk,
                ))
            }
        }
    }

    /// Runs a prepared, approved command.
    pub(crate) async fn execute(
        &mut self,
        index: usize,
        command: &Command,
        prepared: Prepared,
        person: bool,
    ) -> CommandResult {
        let kind = command.kind;
        let ok = |tools: Vec<String>, text: String| result(index, kind, Status::Ok, tools, text);
        // One kill switch for everything: tools, host commands, documents, plugins, shell and
        // research all stop while it is engaged, not only the registry's tools.
        if self.rt.kill_switch_engaged() {
            return result(
                index,
                kind,
                Status::Refused,
                Vec::new(),
                format!(
                    "refused: the kill switch is engaged, so {} did not run. Only a person can \
                     release it.",
                    kind.name()
                ),
            );
        }
        match prepared.action {
            Action::Unavailable(capability) => result(
                index,
                kind,
                Status::Unavailable,
                Vec::new(),
                format!(
                    "NOT_AVAILABLE: {} needs {}, which is not available on this host. Nothing was done.",
                    kind.name(),
                    capability.describe()
                ),
            ),
            Action::Note(note) => ok(Vec::new(), format!("noted: {note}")),
            Action::Store(action) => self.run_store(index, kind, action).await,
            Action::Host(action) => self.run_host(index, kind, action, person).await,
            Action::SchedulingForm(text) => ok(
                Vec::new(),
                format!(
                    "The scheduling form is open, pre-filled (not saved; the person reviews and \
                     saves it):\n{text}"
                ),
            ),
            Action::Wait { wait, asked } => {
                tokio::time::sleep(wait).await;
                let text = if u128::from(asked) > wait.as_millis() {
                    format!("waited {} ms (cut from {asked} ms)", wait.as_millis())
                } else {
                    format!("waited {} ms", wait.as_millis())
                };
                ok(Vec::new(), text)
            }
            Action::Capabilities => ok(Vec::new(), crate::prompt::capabilities(self.rt)),
            Action::ListSkills => {
                let listing = self.rt.backends.skills.list();
                let mut lines: Vec<String> = listing
                    .skills
                    .iter()
                    .map(|s| format!("{} - {}: {}", s.id, s.label, s.description))
                    .collect();
                for (path, problem) in &listing.problems {
                    lines.push(format!("(skipped {}: {problem})", path.display()));
                }
                ok(Vec::new(), lines.join("\n"))
            }
            Action::LoadSkill(id) => {
                if id.is_empty() {
                    return failed(
                        index,
                        kind,
                        "LOAD_SKILL needs a skill id; LIST_SKILLS lists them",
                    );
                }
                match self.load_skill(&id) {
                    Ok(label) => ok(
                        Vec::new(),
                        format!(
                            "loaded skill {id} ({label}); its instructions are now in the system prompt"
                        ),
                    ),
                    Err(e) => failed(index, kind, e),
                }
            }
            Action::SwitchTab(tab) => {
                self.current_tab = Some(tab.clone());
                ok(
                    vec!["list_tabs".to_owned()],
                    format!("now working in tab {tab}"),
                )
            }
            Action::Shell(line) => self.run_shell(index, kind, &line).await,
            Action::Research { query, results } => self.research(index, kind, query, results).await,
            Action::ReadTabs {
                tabs,
                query,
                header,
            } => {
                let tool = if query.is_some() {
                    "page_find"
                } else {
                    "get_page_text"
                };
                let mut parts = vec![header];
                let mut quarantined = false;
                for tab in &tabs {
                    let call = match &query {
                        Some(q) => ToolCall::find_text(tab.clone(), q.clone()),
                        None => ToolCall::page_text(tab.clone()),
                    };
                    match self.rt.call_tool(&call, person).await {
                        Ok(output) => {
                            parts.push(format!("## tab {tab}\n{}", cap_tab_text(&output.text, tab)))
                        }
                        Err(rejection) => {
                            let r = rejection_result(index, kind, Vec::new(), tool, &rejection);
                            quarantined |= r.status == Status::Quarantined;
                            parts.push(format!("## tab {tab}\n{}: {}", r.status.as_str(), r.text));
                        }
                    }
                }
                let status = if quarantined {
                    Status::Quarantined
                } else {
                    Status::Ok
                };
                result(
                    index,
                    kind,
                    status,
                    vec![tool.to_owned()],
                    parts.join("\n\n"),
                )
            }
            Action::Call { call, post } => {
                let tool = call.tool();
                let tools = vec![tool.to_owned()];
                let visited = match call.target() {
                    Target::Url { url, .. } => Some(url.to_owned()),
                    _ => None,
                };
                match self.rt.call_tool(&call, person).await {
                    Ok(output) => {
                        if let Some(url) = visited {
                            let title = output.read::<TabInfo>().map(|t| t.title);
                            self.rt
                                .record_visit(&url, title.as_deref().unwrap_or_default());
                        }
                        let mut text = self.post(&post, &output);
                        if kind == CommandKind::OpenMcpSettings {
                            text.push_str(&format!("\n{}", self.plugin_listing().await));
                        }
                        ok(tools, text)
                    }
                    Err(rejection) => rejection_result(index, kind, tools, tool, &rejection),
                }
            }
        }
    }

    fn post(&mut self, post: &Post, output: &ToolOutput) -> String {
        match post {
            Post::Text => output.text.clone(),
            Post::FilterLines(query) => {
                let needle = query.to_lowercase();
                let lines: Vec<&str> = output
                    .text
                    .lines()
                    .filter(|l| l.to_lowercase().contains(&needle))
                    .collect();
                if lines.is_empty() {
                    format!("no line of the page mentions \"{query}\"")
                } else {
                    lines.join("\n")
                }
            }
            Post::NewTab => {
                if let Some(tab) = output.read::<TabInfo>() {
                    self.current_tab = Some(tab.id);
                }
                output.text.clone()
            }
            Post::Closed(tab) => {
                if self.current_tab.as_ref() == Some(tab) {
                    self.current_tab = None;
                }
                output.text.clone()
            }
        }
    }

    async fn run_shell(&self, index: usize, kind: CommandKind, line: &str) -> CommandResult {
        match crate::process::run_line(&self.rt.config.shell, line).await {
            Err(e) => failed(index, kind, e),
            Ok(out) => {
                let mut text = match (out.exit_code, out.timed_out) {
                    (_, true) => format!(
                        "timed out after {} s and was killed",
                        self.rt.config.shell.timeout.as_secs()
                    ),
                    (Some(code), _) => format!("exit code {code}"),
                    (None, _) => "killed by a signal".to_owned(),
                };
                if !out.stdout.is_empty() {
                    text.push_str(&format!("\nstdout:\n{}", out.stdout));
                }
                if !out.stderr.is_empty() {
                    text.push_str(&format!("\nstderr:\n{}", out.stderr));
                }
                if out.dropped_bytes > 0 {
                    text.push_str(&format!(
                        "\n[{} bytes of output dropped past the cap]",
                        out.dropped_bytes
                    ));
                }
                let status = if out.exit_code == Some(0) {
                    Status::Ok
                } else {
                    Status::Failed
                };
                match self.rt.scan(text, "the shell", &self.goal) {
                    Ok(text) => result(index, kind, status, Vec::new(), text),
                    Err(text) => result(index, kind, Status::Quarantined, Vec::new(), text),
                }
            }
        }
    }

    async fn research(
        &self,
        index: usize,
        kind: CommandKind,
        query: String,
        results: Option<u32>,
    ) -> CommandResult {
        let Some(researcher) = self.rt.backends.researcher.clone() else {
            return result(
                index,
                kind,
                Status::Unavailable,
                Vec::new(),
                "NOT_AVAILABLE: no research backend is configured on this host. Nothing was done."
                    .to_owned(),
            );
        };
        if query.is_empty() {
            return failed(index, kind, "DEEP_RESEARCH needs a query");
        }
        let mut budget = Budget::default();
        if let Some(n) = results.filter(|n| *n > 0) {
            budget = budget.with_results_per_query(n);
        }
        let request = ResearchRequest::new(query).with_budget(budget);
        let sink = self.research_sink();
        let outcome = researcher.run(&request, &sink, &CancelToken::new()).await;
        let report = serde_json::to_string(&outcome).unwrap_or_default();
        match self.rt.scan(report, "deep research", &self.goal) {
            Ok(text) => result(index, kind, Status::Ok, Vec::new(), text),
            Err(text) => result(index, kind, Status::Quarantined, Vec::new(), text),
        }
    }
}
