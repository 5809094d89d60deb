//! Tool profiles: named groups of tools, so a client can load only the schemas it needs
//! (`--tools core,vision`, `[api] tools = [...]`). Every tool is in at least one group.

use std::collections::BTreeSet;

/// The groups and their tools.
pub const TOOL_GROUPS: &[(&str, &[&str])] = &[
    (
        "core",
        &[
            "snapshot",
            "click_ref",
            "fill_ref",
            "type_ref",
            "element_action",
            "press_key",
            "drag",
            "page_find",
            "dom_query",
            "get_page_text",
            "wait_for",
            "handle_dialog",
            "navigate",
            "go_back",
            "go_forward",
            "reload",
            "list_tabs",
            "new_tab",
            "close_tab",
            "browser_status",
        ],
    ),
    ("vision", &["screenshot", "click_at"]),
    (
        "files",
        &["upload_file", "list_downloads", "read_download", "save_pdf"],
    ),
    ("debug", &["console_messages", "network_requests"]),
    (
        "forms",
        &[
            "fill_form",
            "form_submit",
            "autofill_match",
            "vault_list",
            "vault_unlock",
        ],
    ),
    (
        "tabs",
        &["list_tabs", "new_tab", "close_tab", "tab_handoff"],
    ),
    (
        "agents",
        &[
            "agent_register",
            "agent_list",
            "agent_revoke",
            "tab_handoff",
        ],
    ),
    (
        "security",
        &[
            "security_scan",
            "security_audit",
            "security_killswitch",
            "trust_list",
        ],
    ),
    (
        "extensions",
        &[
            "extension_list",
            "extension_install_webstore",
            "extension_import_chrome",
            "extension_analyze",
        ],
    ),
    ("search", &["web_search", "news_search", "search_providers"]),
    ("ui", &["theme_resolve", "ui_mode_set", "open_panel"]),
];

/// Why a tool list was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{0}\" is neither a tool nor a tool group (groups: core, vision, files, debug, forms, tabs, agents, security, extensions, search, ui; or all)"
)]
pub struct UnknownTools(pub String);

/// The tools a list of tool and group names selects (`all` selects every tool), checked
/// against `known` (the catalog's names).
///
/// # Errors
/// [`UnknownTools`] for the first name that is neither.
pub fn select_tools(
    list: &[String],
    known: &[&'static str],
) -> Result<BTreeSet<&'static str>, UnknownTools> {
    let mut out = BTreeSet::new();
    for entry in list.iter().flat_map(|e| e.split(',')).map(str::trim) {
        if entry.is_empty() {
            continue;
        }
        if entry == "all" {
            out.extend(known.iter().copied());
        } else if let Some((_, tools)) = TOOL_GROUPS.iter().find(|(g, _)| *g == entry) {
            out.extend(tools.iter().copied());
        } else if let Some(tool) = known.iter().find(|t| **t == entry) {
            out.insert(*tool);
        } else {
            return Err(UnknownTools(entry.to_owned()));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_is_in_a_group_and_every_group_names_tools() {
        let known: Vec<&str> = crate::catalog().iter().map(|t| t.name).collect();
        for name in &known {
            assert!(
                TOOL_GROUPS.iter().any(|(_, tools)| tools.contains(name)),
                "{name} is in no group"
            );
        }
        for (group, tools) in TOOL_GROUPS {
            for tool in *tools {
                assert!(known.contains(tool), "{group} names {tool}, no tool");
            }
        }
    }

    #[test]
    fn lists_mix_groups_tools_and_all() {
        let known: Vec<&'static str> = crate::catalog().iter().map(|t| t.name).collect();
        let picked = select_tools(&["vision, security_scan".to_owned()], &known).unwrap();
        assert_eq!(
            picked.into_iter().collect::<Vec<_>>(),
            vec!["click_at", "screenshot", "security_scan"]
        );
        assert_eq!(
            select_tools(&["all".to_owned()], &known).unwrap().len(),
            known.len()
        );
        assert_eq!(
            select_tools(&["core".to_owned(), "nope".to_owned()], &known),
            Err(UnknownTools("nope".to_owned()))
        );
    }
}
