//! Manifest v2 and v3 analysis: what an extension may do, as a risk summary.
//!
//! Host access counts wherever a manifest grants it: v3 `host_permissions`, v2 host patterns
//! inside `permissions`, and every content script's `matches` (Chromium's own permission
//! warnings count those too). The risk is the strictest finding.

use aartiq_tools::ExtensionAnalysis;
use serde_json::Value;

/// How risky one finding is; the extension's risk is the highest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Risk {
    /// Nothing beyond its own pages.
    Low,
    /// Sees or changes some browsing data.
    Medium,
    /// Reads or changes every site, or reaches outside the browser.
    High,
}

impl Risk {
    /// `low`, `medium` or `high`.
    pub fn as_str(self) -> &'static str {
        match self {
            Risk::Low => "low",
            Risk::Medium => "medium",
            Risk::High => "high",
        }
    }
}

/// API permissions worth a finding, with their risk and why. Anything else is low.
const API_PERMISSIONS: &[(&str, Risk, &str)] = &[
    (
        "nativeMessaging",
        Risk::High,
        "exchanges messages with programs installed on the computer, outside the browser sandbox",
    ),
    (
        "debugger",
        Risk::High,
        "attaches the DevTools protocol to any tab: reads and changes everything in it",
    ),
    (
        "proxy",
        Risk::High,
        "routes all browser traffic through a proxy of its choice",
    ),
    (
        "management",
        Risk::High,
        "disables, enables and uninstalls other extensions",
    ),
    ("desktopCapture", Risk::High, "captures the screen"),
    (
        "tabCapture",
        Risk::High,
        "captures the audio and video of tabs",
    ),
    (
        "webRequestBlocking",
        Risk::High,
        "intercepts and changes network requests before they are sent",
    ),
    (
        "cookies",
        Risk::Medium,
        "reads and changes cookies of the sites it has access to",
    ),
    (
        "webRequest",
        Risk::Medium,
        "observes network requests of the sites it has access to",
    ),
    (
        "declarativeNetRequest",
        Risk::Medium,
        "blocks and redirects network requests by rules",
    ),
    (
        "declarativeNetRequestWithHostAccess",
        Risk::Medium,
        "redirects and changes requests of the sites it has access to",
    ),
    (
        "scripting",
        Risk::Medium,
        "injects scripts into the sites it has access to",
    ),
    (
        "history",
        Risk::Medium,
        "reads and deletes the browsing history",
    ),
    ("tabs", Risk::Medium, "sees the URL and title of every tab"),
    ("webNavigation", Risk::Medium, "sees every navigation"),
    ("topSites", Risk::Medium, "reads the most visited sites"),
    ("bookmarks", Risk::Medium, "reads and changes bookmarks"),
    ("downloads", Risk::Medium, "starts and reads downloads"),
    ("clipboardRead", Risk::Medium, "reads the clipboard"),
    ("privacy", Risk::Medium, "changes privacy settings"),
    (
        "contentSettings",
        Risk::Medium,
        "changes per-site settings (camera, microphone, JavaScript)",
    ),
    ("pageCapture", Risk::Medium, "saves whole pages as MHTML"),
    (
        "identity",
        Risk::Medium,
        "obtains OAuth tokens for the signed-in account",
    ),
    ("geolocation", Risk::Medium, "reads the location"),
    ("browsingData", Risk::Medium, "deletes browsing data"),
    (
        "sessions",
        Risk::Medium,
        "reads recently closed tabs and other devices' tabs",
    ),
];

/// Whether a match pattern reaches every site (or every file).
fn is_broad(pattern: &str) -> bool {
    let p = pattern.trim();
    if p == "<all_urls>" || p == "*://*/*" || p.starts_with("file://") {
        return true;
    }
    // `scheme://*/...` or `scheme://*` with any path: every host of that scheme.
    p.split_once("://")
        .is_some_and(|(_, rest)| rest == "*" || rest.starts_with("*/"))
}

/// Whether a `permissions` entry of a v2 manifest is a host pattern rather than an API.
fn is_host_pattern(entry: &str) -> bool {
    entry == "<all_urls>" || entry.contains("://")
}

fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect()
}

fn push_unique(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// Analyses a manifest (v2 or v3) for extension `id`.
pub fn analyze_manifest(id: &str, manifest: &Value) -> ExtensionAnalysis {
    let mut findings: Vec<(Risk, String)> = Vec::new();
    let version = manifest
        .get("manifest_version")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let mut permissions = Vec::new();
    let mut host_permissions = Vec::new();
    for entry in strings(manifest.get("permissions")) {
        if is_host_pattern(&entry) {
            push_unique(&mut host_permissions, entry);
        } else {
            push_unique(&mut permissions, entry);
        }
    }
    for entry in strings(manifest.get("host_permissions")) {
        push_unique(&mut host_permissions, entry);
    }
    let mut optional = strings(manifest.get("optional_permissions"));
    optional.extend(strings(manifest.get("optional_host_permissions")));

    let mut script_patterns = Vec::new();
    for script in manifest
        .get("content_scripts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        for pattern in strings(script.get("matches")) {
            push_unique(&mut script_patterns, pattern.clone());
            push_unique(&mut host_permissions, pattern);
        }
    }

    match version {
        3 => {}
        2 => findings.push((
            Risk::Low,
            "manifest_version 2: deprecated, current Chromium no longer runs it".to_owned(),
        )),
        other => findings.push((
            Risk::Medium,
            format!("manifest_version {other}: not a manifest Chromium understands"),
        )),
    }

    let broad: Vec<&String> = host_permissions.iter().filter(|p| is_broad(p)).collect();
    if !broad.is_empty() {
        findings.push((
            Risk::High,
            format!(
                "host access to every site ({}): can read and change data on all websites",
                broad
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    } else if !host_permissions.is_empty() {
        findings.push((
            Risk::Medium,
            format!(
                "host access to {}: can read and change data on these sites",
                host_permissions.join(", ")
            ),
        ));
    }
    if !script_patterns.is_empty() {
        let risk = if script_patterns.iter().any(|p| is_broad(p)) {
            Risk::High
        } else {
            Risk::Medium
        };
        findings.push((
            risk,
            format!(
                "content scripts run in pages matching {}",
                script_patterns.join(", ")
            ),
        ));
    }

    for permission in &permissions {
        if let Some((name, risk, why)) = API_PERMISSIONS.iter().find(|(n, _, _)| n == permission) {
            findings.push((*risk, format!("{name}: {why}")));
        }
    }
    if !optional.is_empty() {
        findings.push((
            Risk::Low,
            format!("may ask at run time for {}", optional.join(", ")),
        ));
    }
    if let Some(external) = manifest.get("externally_connectable") {
        let matches = strings(external.get("matches"));
        if matches.iter().any(|p| is_broad(p)) {
            findings.push((
                Risk::Medium,
                "any web site can send it messages (externally_connectable)".to_owned(),
            ));
        }
    }
    let csp = match manifest.get("content_security_policy") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(map)) => map
            .values()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("; "),
        _ => String::new(),
    };
    if csp.contains("'unsafe-eval'") {
        findings.push((
            Risk::Medium,
            "its content security policy allows eval of strings".to_owned(),
        ));
    }
    if let Some(update) = manifest.get("update_url").and_then(Value::as_str)
        && !update.starts_with("https://clients2.google.com/")
    {
        findings.push((
            Risk::Medium,
            format!("updates itself from a server outside the Web Store: {update}"),
        ));
    }

    let risk = findings.iter().map(|(r, _)| *r).max().unwrap_or(Risk::Low);
    findings.sort_by_key(|f| std::cmp::Reverse(f.0));
    ExtensionAnalysis {
        id: id.to_owned(),
        permissions,
        host_permissions,
        risk: risk.as_str().to_owned(),
        findings: findings
            .into_iter()
            .map(|(r, text)| format!("{}: {text}", r.as_str()))
            .collect(),
    }
}

/// The manifest's display name, with `__MSG_name__` resolved from the default locale's
/// `messages.json` when `messages` is given.
pub(crate) fn display_name(manifest: &Value, messages: Option<&Value>) -> String {
    let name = manifest
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if let Some(key) = name
        .strip_prefix("__MSG_")
        .and_then(|k| k.strip_suffix("__"))
        && let Some(messages) = messages.and_then(Value::as_object)
    {
        // Message keys are case-insensitive.
        if let Some(text) = messages
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .and_then(|(_, v)| v.get("message"))
            .and_then(Value::as_str)
        {
            return text.to_owned();
        }
    }
    name.to_owned()
}
