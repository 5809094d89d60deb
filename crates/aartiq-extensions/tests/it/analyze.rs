//! `extension_analyze` on real-world-shaped manifests (tests/data/manifests).

use aartiq_extensions::analyze_manifest;
use aartiq_tools::ExtensionAnalysis;

const ID: &str = "abcdefghijklmnopabcdefghijklmnop";

fn analyze(name: &str) -> ExtensionAnalysis {
    let path = format!("{}/tests/data/manifests/{name}", env!("CARGO_MANIFEST_DIR"));
    let manifest = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    analyze_manifest(ID, &manifest)
}

fn expected(
    permissions: &[&str],
    hosts: &[&str],
    risk: &str,
    findings: &[&str],
) -> ExtensionAnalysis {
    let owned = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect();
    ExtensionAnalysis {
        id: ID.to_owned(),
        permissions: owned(permissions),
        host_permissions: owned(hosts),
        risk: risk.to_owned(),
        findings: owned(findings),
    }
}

#[test]
fn v2_host_patterns_inside_permissions_are_host_access() {
    assert_eq!(
        analyze("v2-ad-blocker.json"),
        expected(
            &[
                "contextMenus",
                "privacy",
                "storage",
                "tabs",
                "unlimitedStorage",
                "webNavigation",
                "webRequest",
                "webRequestBlocking"
            ],
            &["<all_urls>", "http://*/*", "https://*/*"],
            "high",
            &[
                "high: host access to every site (<all_urls>, http://*/*, https://*/*): can read and change data on all websites",
                "high: content scripts run in pages matching http://*/*, https://*/*",
                "high: webRequestBlocking: intercepts and changes network requests before they are sent",
                "medium: privacy: changes privacy settings",
                "medium: tabs: sees the URL and title of every tab",
                "medium: webNavigation: sees every navigation",
                "medium: webRequest: observes network requests of the sites it has access to",
                "low: manifest_version 2: deprecated, current Chromium no longer runs it",
            ],
        )
    );
}

#[test]
fn v3_with_active_tab_only_is_low() {
    assert_eq!(
        analyze("v3-page-tool.json"),
        expected(&["activeTab", "storage", "contextMenus"], &[], "low", &[])
    );
}

#[test]
fn v3_broad_host_permissions_are_high() {
    assert_eq!(
        analyze("v3-broad-hosts.json"),
        expected(
            &["cookies", "scripting", "storage", "tabs"],
            &["*://*/*", "https://*/*"],
            "high",
            &[
                "high: host access to every site (*://*/*, https://*/*): can read and change data on all websites",
                "high: content scripts run in pages matching https://*/*",
                "medium: cookies: reads and changes cookies of the sites it has access to",
                "medium: scripting: injects scripts into the sites it has access to",
                "medium: tabs: sees the URL and title of every tab",
                "medium: any web site can send it messages (externally_connectable)",
                "medium: updates itself from a server outside the Web Store: https://updates.coupons.example/crx.xml",
                "low: may ask at run time for history",
            ],
        )
    );
}

#[test]
fn native_messaging_is_high_even_with_one_site() {
    assert_eq!(
        analyze("v3-native-messaging.json"),
        expected(
            &["nativeMessaging", "storage", "alarms"],
            &["https://vault.example.com/*"],
            "high",
            &[
                "high: nativeMessaging: exchanges messages with programs installed on the computer, outside the browser sandbox",
                "medium: host access to https://vault.example.com/*: can read and change data on these sites",
                "medium: content scripts run in pages matching https://vault.example.com/*",
            ],
        )
    );
}

#[test]
fn no_permissions_at_all_is_low_with_no_findings() {
    assert_eq!(
        analyze("v3-no-permissions.json"),
        expected(&[], &[], "low", &[])
    );
}

#[test]
fn one_site_content_script_is_medium() {
    assert_eq!(
        analyze("v3-one-site-script.json"),
        expected(
            &["storage"],
            &["https://mail.example.com/*"],
            "medium",
            &[
                "medium: host access to https://mail.example.com/*: can read and change data on these sites",
                "medium: content scripts run in pages matching https://mail.example.com/*",
                "medium: its content security policy allows eval of strings",
            ],
        )
    );
}

#[test]
fn nonsense_never_panics() {
    for manifest in [
        serde_json::json!(null),
        serde_json::json!([1, 2]),
        serde_json::json!({"permissions": "all", "content_scripts": {"matches": 3}}),
        serde_json::json!({"manifest_version": 4, "host_permissions": [1, "<all_urls>"]}),
    ] {
        let analysis = analyze_manifest(ID, &manifest);
        assert!(["low", "medium", "high"].contains(&analysis.risk.as_str()));
    }
}
