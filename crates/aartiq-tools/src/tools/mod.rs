//! The built-in tools, in catalog order: spec d.4's 37, then what the original lacked.

mod agents;
pub(crate) mod files;
pub(crate) mod forms;
pub(crate) mod misc;
pub(crate) mod page;
pub(crate) mod search;
mod security;
pub(crate) mod snapshots;
pub(crate) mod view;

use aartiq_agents::Verb;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::registry::ErasedTool;
use crate::spec::{Category, ToolMeta};

/// Arguments of a tool that takes none; any field is refused.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoArgs {}

pub(crate) const fn meta(
    name: &'static str,
    category: Category,
    verb: Option<Verb>,
    untrusted_output: bool,
    needs_tab_lock: bool,
    description: &'static str,
) -> ToolMeta {
    ToolMeta {
        name,
        category,
        description,
        verb,
        untrusted_output,
        needs_tab_lock,
    }
}

/// Every built-in tool, in the order of spec d.4.
pub(crate) fn builtin() -> Vec<Box<dyn ErasedTool>> {
    vec![
        Box::new(security::SecurityScan),
        Box::new(security::SecurityAudit),
        Box::new(security::SecurityKillswitch),
        Box::new(security::TrustList),
        Box::new(agents::AgentRegister),
        Box::new(agents::AgentList),
        Box::new(agents::AgentRevoke),
        Box::new(agents::TabHandoff),
        Box::new(snapshots::SnapshotTool),
        Box::new(snapshots::ClickRef),
        Box::new(snapshots::FillRef),
        Box::new(snapshots::TypeRef),
        Box::new(snapshots::ElementActionTool),
        Box::new(snapshots::PressKey),
        Box::new(page::PageFind),
        Box::new(page::DomQueryTool),
        Box::new(page::GetPageText),
        Box::new(search::WebSearch),
        Box::new(search::NewsSearch),
        Box::new(search::SearchProviders),
        Box::new(forms::FillForm),
        Box::new(forms::FormSubmit),
        Box::new(forms::AutofillMatchTool),
        Box::new(forms::VaultList),
        Box::new(forms::VaultUnlock),
        Box::new(misc::ExtensionList),
        Box::new(misc::ExtensionInstallWebstore),
        Box::new(misc::ExtensionImportChrome),
        Box::new(misc::ExtensionAnalyze),
        Box::new(misc::ThemeResolve),
        Box::new(misc::UiModeSet),
        Box::new(misc::Navigate),
        Box::new(misc::ListTabs),
        Box::new(misc::NewTab),
        Box::new(misc::CloseTab),
        Box::new(misc::BrowserStatus),
        Box::new(misc::OpenPanel),
        Box::new(view::Screenshot),
        Box::new(view::ClickAt),
        Box::new(view::Drag),
        Box::new(view::WaitFor),
        Box::new(view::History(crate::view::HistoryStep::Back)),
        Box::new(view::History(crate::view::HistoryStep::Forward)),
        Box::new(view::History(crate::view::HistoryStep::Reload)),
        Box::new(files::UploadFile),
        Box::new(files::ListDownloads),
        Box::new(files::ReadDownload),
        Box::new(view::ConsoleMessages),
        Box::new(view::NetworkRequests),
        Box::new(view::HandleDialog),
        Box::new(files::SavePdf),
    ]
}
