//! The browser's own panels: views, settings, MCP and automation settings.

use aartiq_commands::CommandKind as K;
use aartiq_tools::ToolCall;
use async_trait::async_trait;

use super::handler::{At, Handler, Prepared, Turn};
use super::tool::{Post, ToolWork};
use crate::judge::effective_risk;
use crate::route::Route;
use crate::runtime::Runtime;

pub(crate) struct Panels;

#[async_trait]
impl Handler for Panels {
    fn kinds(&self) -> &'static [K] {
        &[
            K::OpenView,
            K::OpenMcpSettings,
            K::OpenAutomationSettings,
            K::OpenSettingsPanel,
        ]
    }

    fn route(&self, _kind: K) -> Route {
        Route::Tool { tool: "open_panel" }
    }

    async fn prepare(
        &self,
        rt: &Runtime,
        _turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let kind = at.kind();
        let section = match kind {
            K::OpenMcpSettings => "mcp".to_owned(),
            K::OpenAutomationSettings => "automation".to_owned(),
            K::OpenView => at.text("view").unwrap_or("browser").to_owned(),
            _ => at.text("panel").unwrap_or("settings").to_owned(),
        };
        let post = if kind == K::OpenMcpSettings {
            Post::WithPlugins
        } else {
            Post::Text
        };
        Ok(
            ToolWork::with(ToolCall::open_panel(section.clone()), post).prepared(
                rt,
                at,
                self.route(kind),
                effective_risk(at.command),
                format!("Opens the \"{section}\" panel of the browser."),
            ),
        )
    }
}
