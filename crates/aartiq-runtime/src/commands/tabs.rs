//! Reading and managing tabs: the page's text, several tabs at once, finding text, listing,
//! switching and closing tabs.

use aartiq_commands::{ArgValue, CommandKind as K};
use aartiq_tools::{TabId, ToolCall};
use async_trait::async_trait;

use super::handler::{
    At, Handler, Prepared, Ran, Turn, Work, judge, judge_call, list_tabs, need_tab,
};
use super::tool::{Post, ToolWork, rejection_result};
use crate::judge::effective_risk;
use crate::outcome::Status;
use crate::route::Route;
use crate::runtime::Runtime;

pub(crate) struct Tabs;

fn tool(kind: K) -> &'static str {
    match kind {
        K::ListOpenTabs | K::SwitchTab => "list_tabs",
        K::DomSearch | K::FindInformationInTabs => "page_find",
        K::CloseTab => "close_tab",
        _ => "get_page_text",
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

#[async_trait]
impl Handler for Tabs {
    fn kinds(&self) -> &'static [K] {
        &[
            K::ReadPageContent,
            K::DomReadFiltered,
            K::ReadTabContent,
            K::CompareTabs,
            K::CreateTabResearchContext,
            K::AnalyseTabs,
            K::FindInformationInTabs,
            K::ListOpenTabs,
            K::SwitchTab,
            K::DomSearch,
            K::CloseTab,
        ]
    }

    fn route(&self, kind: K) -> Route {
        Route::Tool { tool: tool(kind) }
    }

    async fn prepare(
        &self,
        rt: &Runtime,
        turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let kind = at.kind();
        let route = self.route(kind);
        let risk = effective_risk(at.command);
        let (work, explanation) = match kind {
            K::ReadPageContent | K::DomReadFiltered => {
                let tab = need_tab(rt, turn).await?;
                let query = at.text("query").filter(|_| kind == K::DomReadFiltered);
                let post = query.map_or(Post::Text, |q| Post::FilterLines(q.to_owned()));
                (
                    ToolWork::with(ToolCall::page_text(tab.clone()), post),
                    match query {
                        Some(q) => {
                            format!("Reads the text of tab {tab}, keeping lines with \"{q}\".")
                        }
                        None => format!("Reads the visible text of tab {tab}."),
                    },
                )
            }
            K::ReadTabContent => {
                let tab = at.text("tabId").ok_or("READ_TAB_CONTENT needs a tab id")?;
                (
                    ToolWork::text(ToolCall::page_text(TabId::new(tab))),
                    format!("Reads the visible text of tab {tab}."),
                )
            }
            K::CompareTabs
            | K::CreateTabResearchContext
            | K::FindInformationInTabs
            | K::AnalyseTabs => {
                let tabs: Vec<TabId> = match at.command.args.get("tabIds") {
                    Some(ArgValue::List(ids)) => ids.iter().map(TabId::new).collect(),
                    _ => list_tabs(rt).await?.into_iter().map(|t| t.id).collect(),
                };
                let query = at
                    .text("query")
                    .filter(|_| kind == K::FindInformationInTabs)
                    .map(str::to_owned);
                let header = match kind {
                    K::CreateTabResearchContext => format!(
                        "Research context{}:",
                        at.text("topic")
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
                let work = ReadTabs {
                    tabs,
                    query,
                    header,
                };
                let judgement = match work.call(0) {
                    Some(call) => judge_call(rt, at, route, &call, risk),
                    None => judge(rt, at, route, &[work.tool()], risk),
                };
                return Ok(Prepared {
                    work: Box::new(work),
                    judgement,
                    explanation,
                });
            }
            K::ListOpenTabs => (
                ToolWork::text(ToolCall::ListTabs),
                "Lists the open tabs.".to_owned(),
            ),
            K::SwitchTab => {
                let id = at.text("id").ok_or("SWITCH_TAB needs a tab id")?;
                let tabs = list_tabs(rt).await?;
                let tab = tabs
                    .into_iter()
                    .find(|t| t.id.as_str() == id)
                    .ok_or_else(|| format!("no open tab has the id \"{id}\""))?;
                let explanation = format!("Works in tab {} ({}) from now on.", tab.id, tab.url);
                return Ok(Prepared {
                    work: Box::new(SwitchTab(tab.id)),
                    judgement: judge_call(rt, at, route, &ToolCall::ListTabs, risk),
                    explanation,
                });
            }
            K::DomSearch => {
                let tab = need_tab(rt, turn).await?;
                let query = at.text("query").ok_or("DOM_SEARCH needs a query")?;
                (
                    ToolWork::text(ToolCall::find_text(tab.clone(), query)),
                    format!("Searches the text of tab {tab} for \"{query}\"."),
                )
            }
            _ => {
                let tab = at.text("tabId").ok_or("CLOSE_TAB needs a tab id")?;
                (
                    ToolWork::with(
                        ToolCall::close_tab(TabId::new(tab)),
                        Post::Closed(TabId::new(tab)),
                    ),
                    format!("Closes tab {tab}."),
                )
            }
        };
        Ok(work.prepared(rt, at, route, risk, explanation))
    }
}

/// Makes a tab the one the assistant works in.
#[derive(Debug)]
struct SwitchTab(TabId);

#[async_trait]
impl Work for SwitchTab {
    async fn run(self: Box<Self>, _rt: &Runtime, turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let tab = self.0;
        turn.current_tab = Some(tab.clone());
        Ran::Done(at.result(
            Status::Ok,
            vec!["list_tabs".to_owned()],
            format!("now working in tab {tab}"),
        ))
    }
}

/// Reads several tabs: `get_page_text` each, or `page_find` text mode for `query`.
#[derive(Debug)]
struct ReadTabs {
    tabs: Vec<TabId>,
    query: Option<String>,
    header: String,
}

impl ReadTabs {
    /// The call that reads tab `i`.
    fn call(&self, i: usize) -> Option<ToolCall> {
        let tab = self.tabs.get(i)?.clone();
        Some(match &self.query {
            Some(q) => ToolCall::find_text(tab, q.clone()),
            None => ToolCall::page_text(tab),
        })
    }

    fn tool(&self) -> &'static str {
        if self.query.is_some() {
            "page_find"
        } else {
            "get_page_text"
        }
    }
}

#[async_trait]
impl Work for ReadTabs {
    async fn run(self: Box<Self>, rt: &Runtime, _turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let tool = self.tool();
        let mut parts = vec![self.header.clone()];
        let mut quarantined = false;
        for (i, tab) in self.tabs.iter().enumerate() {
            let Some(call) = self.call(i) else { break };
            match rt.call_tool(&call, at.person).await {
                Ok(output) => {
                    parts.push(format!("## tab {tab}\n{}", cap_tab_text(&output.text, tab)))
                }
                Err(rejection) => {
                    let r = rejection_result(at.index, at.kind(), Vec::new(), tool, &rejection);
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
        Ran::Done(at.result(status, vec![tool.to_owned()], parts.join("\n\n")))
    }
}
