//! Extensions, theme, navigation, tabs and system tools.

use std::collections::BTreeMap;

use aartiq_agents::Verb;
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::page::TabArgs;
use super::{NoArgs, meta};
use crate::backend::UiMode;
use crate::error::ToolError;
use crate::spec::{Category, ToolMeta};
use crate::tool::{Tool, ToolContext, ToolOutput};
use crate::types::TabId;

pub(crate) struct ExtensionList;

#[async_trait]
impl Tool for ExtensionList {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "extension_list",
            Category::Extensions,
            None,
            false,
            false,
            "The installed extensions.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        ToolOutput::json(&ctx.extensions().list().await?)
    }
}

pub(crate) struct ExtensionInstallWebstore;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct UrlArgs {
    /// The Chrome Web Store URL.
    url: String,
}

#[async_trait]
impl Tool for ExtensionInstallWebstore {
    type Args = UrlArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "extension_install_webstore",
            Category::Extensions,
            Some(Verb::SideEffecting),
            false,
            false,
            "Install an extension from the Chrome Web Store (CRX3 verified). Needs approval.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: UrlArgs) -> Result<ToolOutput, ToolError> {
        ToolOutput::json(&ctx.extensions().install_webstore(&args.url).await?)
    }
}

pub(crate) struct ExtensionImportChrome;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ImportArgs {
    /// The Chrome profile directory (the default profile when absent).
    #[serde(default)]
    profile_dir: Option<String>,
}

#[async_trait]
impl Tool for ExtensionImportChrome {
    type Args = ImportArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "extension_import_chrome",
            Category::Extensions,
            Some(Verb::SideEffecting),
            false,
            false,
            "Import the extensions of a Chrome profile. Needs approval.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: ImportArgs) -> Result<ToolOutput, ToolError> {
        let imported = ctx
            .extensions()
            .import_chrome(args.profile_dir.as_deref())
            .await?;
        ToolOutput::json(&imported)
    }
}

pub(crate) struct ExtensionAnalyze;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ExtensionIdArgs {
    /// The extension's id.
    extension_id: String,
}

#[async_trait]
impl Tool for ExtensionAnalyze {
    type Args = ExtensionIdArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "extension_analyze",
            Category::Extensions,
            None,
            false,
            false,
            "Analyse an installed extension's permissions and risk.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: ExtensionIdArgs,
    ) -> Result<ToolOutput, ToolError> {
        ToolOutput::json(&ctx.extensions().analyze(&args.extension_id).await?)
    }
}

pub(crate) struct ThemeResolve;

#[async_trait]
impl Tool for ThemeResolve {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "theme_resolve",
            Category::Theme,
            None,
            false,
            false,
            "The current UI mode and its preferences.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        ToolOutput::json(&ctx.ui().theme().await?)
    }
}

pub(crate) struct UiModeSet;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct UiModeArgs {
    /// The mode.
    mode: UiMode,
    /// Mode preferences.
    #[serde(default)]
    prefs: Option<BTreeMap<String, Value>>,
}

#[async_trait]
impl Tool for UiModeSet {
    type Args = UiModeArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "ui_mode_set",
            Category::Theme,
            Some(Verb::Input),
            false,
            false,
            "Set the UI mode: normal, focus, reader, zen or presentation.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: UiModeArgs) -> Result<ToolOutput, ToolError> {
        let state = ctx
            .ui()
            .set_mode(args.mode, args.prefs.unwrap_or_default())
            .await?;
        let mut out = ToolOutput::json(&state)?;
        out.text = format!("UI mode set to {}.", state.mode.as_str());
        Ok(out)
    }
}

/// Agents may open web pages only: `file:`, `javascript:`, `data:`, `chrome:` and the like
/// would read local files or run code (browser.md 5.6).
fn web_url(url: &str) -> Result<(), ToolError> {
    let lower = url.trim().to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") {
        Ok(())
    } else {
        Err(ToolError::Refused(format!(
            "Only http and https URLs can be opened by an agent, not \"{}\".",
            url.chars().take(80).collect::<String>()
        )))
    }
}

pub(crate) struct Navigate;

/// The arguments of `navigate`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NavigateArgs {
    /// The tab.
    pub tab_id: TabId,
    /// Where to go.
    pub url: String,
}

#[async_trait]
impl Tool for Navigate {
    type Args = NavigateArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "navigate",
            Category::Navigation,
            Some(Verb::Navigate),
            false,
            true,
            "Navigate the tab to a URL. Refs of the old page become stale.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: NavigateArgs,
    ) -> Result<ToolOutput, ToolError> {
        web_url(&args.url)?;
        let tab = ctx
            .browser()
            .navigate(&args.tab_id, &args.url)
            .await?
            .screened(ctx.guard());
        let mut out = ToolOutput::json(&tab)?;
        out.text = format!("Navigated {} to {}.", args.tab_id, args.url);
        Ok(out)
    }
}

pub(crate) struct ListTabs;

#[async_trait]
impl Tool for ListTabs {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "list_tabs",
            Category::Tabs,
            None,
            false,
            false,
            "The open tabs with their ids. A title or URL the injection scan flags reads \"<title withheld: ...>\".",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        // With agents kept apart, another agent's tabs are not listed (but to a privileged
        // caller).
        let hide_others = ctx.browser().isolates_agents()
            && !ctx.with_policy(|p| {
                p.agents
                    .get(ctx.agent())
                    .is_some_and(|r| r.trust() == aartiq_agents::TrustLevel::Privileged)
            });
        let tabs: Vec<_> = ctx
            .browser()
            .list_tabs()
            .await?
            .into_iter()
            .filter(|tab| {
                !hide_others
                    || ctx.with_policy(|p| {
                        p.owners
                            .owner(tab.id.as_str())
                            .is_none_or(|owner| owner == ctx.agent())
                    })
            })
            .map(|tab| tab.screened(ctx.guard()))
            .collect();
        ToolOutput::json(&tabs)
    }
}

pub(crate) struct NewTab;

/// The arguments of `new_tab`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewTabArgs {
    /// The URL to open; a blank tab when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[async_trait]
impl Tool for NewTab {
    type Args = NewTabArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "new_tab",
            Category::Tabs,
            Some(Verb::Navigate),
            false,
            false,
            "Open a tab, at a URL or blank.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: NewTabArgs) -> Result<ToolOutput, ToolError> {
        if let Some(url) = &args.url {
            web_url(url)?;
        }
        // The agent's open tabs count against its level's limit; tabs that closed since (a
        // page's `window.close()`, a person) are let go first.
        let agent = ctx.agent().clone();
        let max = ctx.with_policy(|p| p.agents.get(&agent).map_or(0, |r| r.trust().max_tabs()));
        if ctx.with_policy(|p| p.owners.count(&agent)) >= max {
            let open: std::collections::BTreeSet<String> = ctx
                .browser()
                .list_tabs()
                .await?
                .into_iter()
                .map(|t| t.id.as_str().to_owned())
                .collect();
            ctx.with_policy(|p| p.owners.retain_open(&open));
            if ctx.with_policy(|p| p.owners.count(&agent)) >= max {
                return Err(ToolError::TabLimit {
                    agent: agent.to_string(),
                    max,
                });
            }
        }
        let tab = ctx
            .browser()
            .new_tab_for(agent.as_str(), args.url.as_deref())
            .await?
            .screened(ctx.guard());
        ctx.with_policy(|p| p.owners.open(tab.id.as_str(), &agent));
        let mut out = ToolOutput::json(&tab)?;
        out.text = match &args.url {
            Some(url) => format!("Opened tab {} → {url}.", tab.id),
            None => format!("Opened tab {}.", tab.id),
        };
        Ok(out)
    }
}

pub(crate) struct CloseTab;

#[async_trait]
impl Tool for CloseTab {
    type Args = TabArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "close_tab",
            Category::Tabs,
            Some(Verb::SideEffecting),
            false,
            false,
            "Close a tab. Needs approval.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: TabArgs) -> Result<ToolOutput, ToolError> {
        let holder =
            ctx.with_policy(|p| p.locks.holder(args.tab_id.as_str(), ctx.clock()).cloned());
        if let Some(holder) = holder.filter(|h| h != ctx.agent()) {
            return Err(ToolError::Refused(format!(
                "Tab {} is locked by another agent ({holder}).",
                args.tab_id
            )));
        }
        ctx.browser().close_tab(&args.tab_id).await?;
        ctx.with_snapshots(|s| s.forget_tab(&args.tab_id));
        ctx.with_policy(|p| {
            p.locks.release(args.tab_id.as_str(), ctx.agent(), true);
            p.owners.close(args.tab_id.as_str());
        });
        Ok(ToolOutput::text(format!("Closed tab {}.", args.tab_id)))
    }
}

pub(crate) struct BrowserStatus;

#[async_trait]
impl Tool for BrowserStatus {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "browser_status",
            Category::System,
            None,
            false,
            false,
            "How many agents are connected, whether the kill switch is engaged, and how the \
             browser is doing: running, not started yet (it starts on the first browser call), \
             or gone; how often it was started again and why it last ended.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        let (agents, kill_switch) =
            ctx.with_policy(|p| (p.agents.connected().count(), p.guard.kill_switch_engaged()));
        // Never starts a browser: it says how the one there is doing.
        let browser = ctx.browser().health();
        ToolOutput::json(&serde_json::json!({
            "agents": agents,
            "killSwitch": kill_switch,
            "browser": browser,
        }))
    }
}

pub(crate) struct OpenPanel;

/// The arguments of `open_panel`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PanelArgs {
    /// The panel or settings section to open.
    pub section: String,
}

#[async_trait]
impl Tool for OpenPanel {
    type Args = PanelArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "open_panel",
            Category::System,
            Some(Verb::Input),
            false,
            false,
            "Open a panel or settings section of the browser UI.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: PanelArgs) -> Result<ToolOutput, ToolError> {
        ctx.ui().open_panel(&args.section).await?;
        Ok(ToolOutput::text(format!("Opened {}.", args.section)))
    }
}
