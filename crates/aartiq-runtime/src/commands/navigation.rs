//! Opening pages: `NAVIGATE`, `SEARCH`, `RELOAD`, web searches, and videos in a new tab.

use aartiq_commands::CommandKind as K;
use aartiq_tools::ToolCall;
use async_trait::async_trait;

use super::handler::{At, Handler, Prepared, Turn, current_url, tab};
use super::tool::{Post, ToolWork};
use crate::judge::effective_risk;
use crate::route::Route;
use crate::runtime::Runtime;

pub(crate) struct Navigation;

fn tool(kind: K) -> &'static str {
    match kind {
        K::WebSearch | K::SearchResults => "web_search",
        K::PlayVideo | K::SearchVideo => "new_tab",
        _ => "navigate",
    }
}

#[async_trait]
impl Handler for Navigation {
    fn kinds(&self) -> &'static [K] {
        &[
            K::Navigate,
            K::Search,
            K::Reload,
            K::WebSearch,
            K::SearchResults,
            K::PlayVideo,
            K::SearchVideo,
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
        let (work, explanation) = match kind {
            K::Navigate | K::Search | K::Reload => {
                let url = match kind {
                    K::Navigate => at.text("url").unwrap_or_default().to_owned(),
                    K::Search => {
                        let query = at.text("query").unwrap_or_default();
                        let encoded: String =
                            url::form_urlencoded::byte_serialize(query.as_bytes()).collect();
                        rt.config.search_engine_url.replace("{query}", &encoded)
                    }
                    _ => {
                        tab(rt, turn).await?;
                        current_url(rt, turn)
                            .await
                            .ok_or("no page is open to reload")?
                    }
                };
                match tab(rt, turn).await? {
                    Some(tab) => (
                        ToolWork::text(ToolCall::navigate(tab.clone(), url.clone())),
                        format!("Opens {url} in tab {tab}."),
                    ),
                    None => (
                        ToolWork::with(ToolCall::new_tab(url.clone()), Post::NewTab),
                        format!("Opens {url} in a new tab."),
                    ),
                }
            }
            K::WebSearch | K::SearchResults => {
                let mut query = at.text("query").ok_or("a search needs a query")?.to_owned();
                if let Some(site) = at
                    .text("url")
                    .and_then(|u| url::Url::parse(u).ok())
                    .and_then(|u| u.host_str().map(str::to_owned))
                {
                    query.push_str(&format!(" site:{site}"));
                }
                let max = match kind {
                    K::WebSearch => at.int("pages").map_or(8, |p| p.saturating_mul(8)),
                    _ => at.int("count").unwrap_or(8),
                }
                .clamp(1, 20);
                (
                    ToolWork::text(ToolCall::web_search(
                        query.clone(),
                        u32::try_from(max).unwrap_or(20),
                    )),
                    format!("Searches the web for \"{query}\" ({max} results at most)."),
                )
            }
            _ => {
                let url = if kind == K::PlayVideo {
                    let id = at.text("id").ok_or("PLAY_VIDEO needs a video id or URL")?;
                    aartiq_host::play_video_url(id)
                } else {
                    let query = at.text("query").ok_or("SEARCH_VIDEO needs a query")?;
                    aartiq_host::search_video_url(query)
                }
                .map_err(|e| e.to_string())?;
                let what = at
                    .text("title")
                    .map_or(String::new(), |t| format!(" ({t})"));
                (
                    ToolWork::with(ToolCall::new_tab(url.clone()), Post::NewTab),
                    format!("Opens {url}{what} in a new tab."),
                )
            }
        };
        Ok(work.prepared(
            rt,
            at,
            self.route(kind),
            effective_risk(at.command),
            explanation,
        ))
    }
}
