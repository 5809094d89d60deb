//! The work most commands prepare: one call of a registry tool, as the assistant agent, through
//! the same pipeline as outside agents, and how its output becomes the model's text.

use aartiq_commands::{CommandKind, Risk};
use aartiq_tools::{Rejection, Step, TabId, TabInfo, Target, ToolCall, ToolOutput};
use async_trait::async_trait;

use super::handler::{At, Prepared, Ran, Turn, Work, judge_call};
use crate::outcome::{CommandResult, Status};
use crate::route::Route;
use crate::runtime::{Runtime, quarantine_text};

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
    /// The plugins are listed after the panel's text (`OPEN_MCP_SETTINGS`).
    WithPlugins,
}

/// Calls one tool; `post` shapes its output. A navigation is recorded in the history.
#[derive(Debug, Clone)]
pub(crate) struct ToolWork {
    pub(crate) call: ToolCall,
    pub(crate) post: Post,
}

impl ToolWork {
    /// A call whose output is passed on as it is.
    pub(crate) fn text(call: ToolCall) -> Box<ToolWork> {
        Box::new(ToolWork {
            call,
            post: Post::Text,
        })
    }

    /// A call whose output `post` shapes.
    pub(crate) fn with(call: ToolCall, post: Post) -> Box<ToolWork> {
        Box::new(ToolWork { call, post })
    }

    /// Prepared at `risk`: judged by the catalog, then by the registry's gate on the call.
    pub(crate) fn prepared(
        self: Box<Self>,
        rt: &Runtime,
        at: At<'_>,
        route: Route,
        risk: Risk,
        explanation: String,
    ) -> Prepared {
        let judgement = judge_call(rt, at, route, &self.call, risk);
        Prepared {
            work: self,
            judgement,
            explanation,
        }
    }
}

#[async_trait]
impl Work for ToolWork {
    async fn run(self: Box<Self>, rt: &Runtime, turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let ToolWork { call, post } = *self;
        let tool = call.tool();
        let tools = vec![tool.to_owned()];
        let visited = match call.target() {
            Target::Url { url, .. } => Some(url.to_owned()),
            _ => None,
        };
        Ran::Done(match rt.call_tool(&call, at.person).await {
            Ok(output) => {
                if let Some(url) = visited {
                    let title = output.read::<TabInfo>().map(|t| t.title);
                    super::store::record_visit(rt, &url, title.as_deref().unwrap_or_default());
                }
                let text = match post {
                    Post::WithPlugins => {
                        format!("{}\n{}", output.text, super::host::plugin_listing(rt).await)
                    }
                    post => shape(turn, &post, &output),
                };
                at.result(Status::Ok, tools, text)
            }
            Err(rejection) => rejection_result(at.index, at.kind(), tools, tool, &rejection),
        })
    }
}

fn shape(turn: &mut Turn<'_>, post: &Post, output: &ToolOutput) -> String {
    match post {
        Post::Text | Post::WithPlugins => output.text.clone(),
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
                turn.current_tab = Some(tab.id);
            }
            output.text.clone()
        }
        Post::Closed(tab) => {
            if turn.current_tab.as_ref() == Some(tab) {
                turn.current_tab = None;
            }
            output.text.clone()
        }
    }
}

/// A rejection of the registry as a command result.
pub(crate) fn rejection_result(
    index: usize,
    kind: CommandKind,
    tools: Vec<String>,
    tool: &str,
    rejection: &Rejection,
) -> CommandResult {
    let (status, text) = match rejection.step {
        Step::Scan => (
            Status::Quarantined,
            quarantine_text(
                &format!("tool {tool}"),
                rejection.verdict.as_ref().map_or(1.0, |v| v.score),
                rejection.withheld.as_deref(),
            ),
        ),
        Step::Approval => (Status::Denied, format!("{tool}: {}", rejection.message)),
        Step::Handler => (
            Status::Failed,
            format!("{tool} failed: {}", rejection.message),
        ),
        _ => (
            Status::Refused,
            format!(
                "{tool} was refused at {}: {}",
                rejection.step, rejection.message
            ),
        ),
    };
    // What the network rule stopped is part of the outcome, whatever refused the call.
    let text = if rejection.notes.is_empty() || rejection.step == Step::Network {
        text
    } else {
        format!("{text} ({})", rejection.notes.join("; "))
    };
    CommandResult {
        index,
        command: kind.name().to_owned(),
        status,
        tools,
        text,
    }
}
