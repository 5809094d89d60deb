//! What every handler shares: the [`Handler`] and [`Work`] traits, the turn's state, the
//! prepared command, and the helpers handlers use to judge and to find the tab.

use aartiq_commands::{ArgValue, Command, CommandKind, Risk};
use aartiq_tools::{Preflight, TabId, TabInfo, ToolCall};
use async_trait::async_trait;

use crate::event::EventSink;
use crate::judge::{Judgement, Need, ShellJudged, action_need};
use crate::outcome::{CommandResult, Status};
use crate::route::{Capability, LinuxSupport, Route};
use crate::runtime::Runtime;

/// A skill in the system prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PromptSkill {
    pub(crate) id: String,
    pub(crate) label: String,
    pub(crate) body: String,
}

/// The turn's state: what the commands of one goal (or one typed line) share and change.
pub(crate) struct Turn<'a> {
    /// Where progress goes (deep research reports through it).
    pub(crate) events: &'a dyn EventSink,
    /// The person's goal; what is scanned is judged against it.
    pub(crate) goal: String,
    /// The tab the assistant works in.
    pub(crate) current_tab: Option<TabId>,
    /// The step being executed.
    pub(crate) step: usize,
    /// Whether a workflow is being played (a workflow never plays another).
    pub(crate) playing: bool,
    /// The skills in the system prompt; `LOAD_SKILL` adds to them.
    pub(crate) skills: Vec<PromptSkill>,
    /// The shell lines of the reply being run, judged once for the whole reply (so two or
    /// more that ask are one prompt), by command index.
    pub(crate) shell: Vec<Option<ShellJudged>>,
    /// The command table, for a command that describes the others (`EXPLAIN_CAPABILITIES`).
    pub(crate) handlers: &'static [&'static dyn Handler],
}

impl<'a> Turn<'a> {
    /// A turn for `goal` with nothing open yet, run by `handlers`.
    pub(crate) fn new(
        handlers: &'static [&'static dyn Handler],
        events: &'a dyn EventSink,
        goal: String,
    ) -> Turn<'a> {
        Turn {
            handlers,
            events,
            goal,
            current_tab: None,
            step: 0,
            playing: false,
            skills: Vec::new(),
            shell: Vec::new(),
        }
    }
}

/// The command being prepared or run.
#[derive(Debug, Clone, Copy)]
pub(crate) struct At<'c> {
    /// Its position in the reply.
    pub(crate) index: usize,
    /// The command.
    pub(crate) command: &'c Command,
    /// Whether a person approved it (always `false` while preparing).
    pub(crate) person: bool,
}

impl At<'_> {
    /// The command's kind.
    pub(crate) fn kind(&self) -> CommandKind {
        self.command.kind
    }

    /// A result of this command.
    pub(crate) fn result(&self, status: Status, tools: Vec<String>, text: String) -> CommandResult {
        CommandResult {
            index: self.index,
            command: self.command.kind.name().to_owned(),
            status,
            tools,
            text,
        }
    }

    /// A successful result that called no tool.
    pub(crate) fn ok(&self, text: impl Into<String>) -> CommandResult {
        self.result(Status::Ok, Vec::new(), text.into())
    }

    /// A failed result that called no tool.
    pub(crate) fn failed(&self, text: impl Into<String>) -> CommandResult {
        self.result(Status::Failed, Vec::new(), text.into())
    }

    /// The text of an argument, trimmed and not empty.
    pub(crate) fn text(&self, name: &str) -> Option<&str> {
        text_arg(self.command, name)
    }

    /// A whole-number argument.
    pub(crate) fn int(&self, name: &str) -> Option<i64> {
        int_arg(self.command, name)
    }
}

/// A command ready to run: what it does, how it was judged, and the explanation.
#[derive(Debug)]
pub(crate) struct Prepared {
    /// What runs once it is approved.
    pub(crate) work: Box<dyn Work>,
    /// Its judgement.
    pub(crate) judgement: Judgement,
    /// What it will do, for the person and the transcript.
    pub(crate) explanation: String,
}

/// What a work hands back to the loop.
#[derive(Debug)]
pub(crate) enum Ran {
    /// The command's result.
    Done(CommandResult),
    /// Play these recorded commands through the loop's judging and approval, then report them
    /// as one result of the workflow `name`.
    Play {
        /// The workflow.
        name: String,
        /// Its steps.
        commands: Vec<Command>,
    },
}

/// One family of commands.
#[async_trait]
pub(crate) trait Handler: Sync {
    /// The kinds it serves.
    fn kinds(&self) -> &'static [CommandKind];

    /// Where `kind` goes.
    fn route(&self, kind: CommandKind) -> Route;

    /// How `kind` runs on Linux, given the host backends `aartiq-browser` sets up: by default
    /// what its route says; a handler whose commands differ within one route says more.
    fn linux(&self, kind: CommandKind) -> LinuxSupport {
        route_linux(self.route(kind))
    }

    /// Finds what the command acts on, explains it and judges it. Reads only: nothing changes
    /// before the approval. An error is the command's failed result.
    async fn prepare(
        &self,
        rt: &Runtime,
        turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String>;
}

/// What a prepared command does when it runs.
#[async_trait]
pub(crate) trait Work: Send + Sync + std::fmt::Debug {
    /// Runs it (approved, or needing no approval).
    async fn run(self: Box<Self>, rt: &Runtime, turn: &mut Turn<'_>, at: At<'_>) -> Ran;
}

/// The judgement of a catalog action that calls `tools` at `risk`, by its catalog approval
/// class and the settings alone (no registry tool, or none known before it runs).
pub(crate) fn judge(
    rt: &Runtime,
    at: At<'_>,
    route: Route,
    tools: &[&str],
    risk: Risk,
) -> Judgement {
    Judgement {
        route,
        tools: tools.iter().map(|t| (*t).to_owned()).collect(),
        risk,
        need: action_need(&rt.config.approvals, at.kind(), risk, None),
        shell: None,
    }
}

/// The judgement of a catalog action that makes `call` at `risk`: the catalog, then the
/// registry's gate, asked ([`ToolRegistry::preflight`](aartiq_tools::ToolRegistry::preflight)).
/// A call the gate will ask a person about is asked about here, once, and the answer goes with
/// the call as its ticket. A call the gate refuses is left to the gate, which refuses it
/// with its own reason when it runs.
pub(crate) fn judge_call(
    rt: &Runtime,
    at: At<'_>,
    route: Route,
    call: &ToolCall,
    risk: Risk,
) -> Judgement {
    let gate = match rt.preflight(call) {
        Preflight::NeedsApproval { reason } => Some(format!("tool {}: {reason}", call.tool())),
        Preflight::Allowed | Preflight::Refused { .. } => None,
    };
    Judgement {
        route,
        tools: vec![call.tool().to_owned()],
        risk,
        need: action_need(&rt.config.approvals, at.kind(), risk, gate.as_deref()),
        shell: None,
    }
}

/// The judgement of a command the assistant handles itself: it runs without asking.
pub(crate) fn by_assistant(route: Route, risk: Risk) -> Judgement {
    Judgement {
        route,
        tools: Vec::new(),
        risk,
        need: Need::Run {
            reason: "handled by the assistant itself".to_owned(),
        },
        shell: None,
    }
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

/// The open tabs, through `list_tabs`.
pub(crate) async fn list_tabs(rt: &Runtime) -> Result<Vec<TabInfo>, String> {
    let output = rt
        .call_tool(&ToolCall::ListTabs, false)
        .await
        .map_err(|r| format!("list_tabs: {}", r.message))?;
    output
        .read()
        .ok_or_else(|| "list_tabs answered something else than its tabs".to_owned())
}

/// The tab to work in: the current one, else the browser's active tab, else the first.
pub(crate) async fn tab(rt: &Runtime, turn: &mut Turn<'_>) -> Result<Option<TabId>, String> {
    if let Some(tab) = &turn.current_tab {
        return Ok(Some(tab.clone()));
    }
    let tabs = list_tabs(rt).await?;
    let tab = tabs
        .iter()
        .find(|t| t.active)
        .or_else(|| tabs.first())
        .map(|t| t.id.clone());
    turn.current_tab = tab.clone();
    Ok(tab)
}

/// The tab to work in, or an error saying there is none.
pub(crate) async fn need_tab(rt: &Runtime, turn: &mut Turn<'_>) -> Result<TabId, String> {
    tab(rt, turn)
        .await?
        .ok_or_else(|| "no tab is open; open one with NAVIGATE first".to_owned())
}

/// The current tab's URL, read through `list_tabs`.
pub(crate) async fn current_url(rt: &Runtime, turn: &Turn<'_>) -> Option<String> {
    let tab = turn.current_tab.clone()?;
    list_tabs(rt)
        .await
        .ok()?
        .into_iter()
        .find(|t| t.id == tab)
        .map(|t| t.url)
}

/// Text that did not come through the registry, scanned against the goal: the result `ok`
/// with the text, or quarantined.
pub(crate) fn scanned(
    rt: &Runtime,
    turn: &Turn<'_>,
    at: At<'_>,
    status: Status,
    text: String,
    origin: &str,
) -> CommandResult {
    match rt.scan(text, origin, &turn.goal) {
        Ok(text) => at.result(status, Vec::new(), text),
        Err(text) => at.result(Status::Quarantined, Vec::new(), text),
    }
}

/// How a command of `route` runs on Linux.
pub(crate) fn route_linux(route: Route) -> LinuxSupport {
    let yes = |how: String| LinuxSupport {
        supported: true,
        how,
    };
    match route {
        Route::Native => yes("the runtime itself".to_owned()),
        Route::Skills => yes("the skill loader (`aartiq-skills`)".to_owned()),
        Route::Tool { tool } => yes(format!("agent API tool `{tool}`, as the assistant agent")),
        Route::Element => yes("the element by ref, `#id` or label, then a ref tool".to_owned()),
        Route::Shell => yes("shell policy, one approval per batch, the bounded runner".to_owned()),
        Route::Research => yes("deep research (`aartiq-research`)".to_owned()),
        Route::Store { capability } => yes(format!(
            "the SQLite store (`aartiq-store`): {}",
            capability.describe()
        )),
        Route::Host { capability } => yes(format!("the host's {}", capability.describe())),
        Route::Unavailable { capability } => LinuxSupport {
            supported: false,
            how: format!("not available: {}", capability.describe()),
        },
    }
}

/// The handler of `kind` in `handlers`, if one serves it.
pub(crate) fn handler_in(
    handlers: &'static [&'static dyn Handler],
    kind: CommandKind,
) -> Option<&'static dyn Handler> {
    handlers
        .iter()
        .copied()
        .find(|handler| handler.kinds().contains(&kind))
}

/// The route of `kind` in `handlers`: its handler's, or [`Route::Unavailable`] for a kind no
/// handler serves (a newer catalog).
pub(crate) fn route_in(handlers: &'static [&'static dyn Handler], kind: CommandKind) -> Route {
    handler_in(handlers, kind).map_or(
        Route::Unavailable {
            capability: Capability::Unknown,
        },
        |handler| handler.route(kind),
    )
}
