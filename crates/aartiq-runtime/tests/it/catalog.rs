//! Every command of the catalog is dispatched: each one, written as its catalog example, gets
//! exactly one result; the commands this host cannot run say so, and nothing else does.

use aartiq_commands::{CATALOG, REGISTRY_ALIASES, parse};
use aartiq_runtime::{ApprovalAnswer, Capability, FnApprover, NoEvents, Route, Status, route_of};
use aartiq_test_support::Fakes;
use aartiq_tools::SearchHit;

use crate::support::{config, harness};

#[test]
fn every_catalog_command_has_a_route() {
    assert_eq!(CATALOG.len() + REGISTRY_ALIASES.len(), 73);
    for spec in CATALOG {
        assert_ne!(
            route_of(spec.kind),
            Route::Unavailable {
                capability: Capability::Unknown
            },
            "{} has no route",
            spec.kind
        );
    }
}

#[tokio::test]
async fn every_catalog_command_is_dispatched() {
    let dir = tempfile::tempdir().unwrap();
    let mut unavailable = Vec::new();
    let mut ran = Vec::new();
    let names: Vec<String> = CATALOG
        .iter()
        .map(|s| s.kind.name().to_owned())
        .chain(REGISTRY_ALIASES.iter().map(|a| (*a).to_owned()))
        .collect();
    assert_eq!(names.len(), 73);
    for name in names {
        let example = match CATALOG.iter().find(|s| s.kind.name() == name) {
            Some(spec) => spec.example.to_owned(),
            None => format!("[{name}]"),
        };
        let command = parse(&example).commands.remove(0);
        let fakes = Fakes::new();
        fakes
            .browser
            .add_tab("tab-2", "https://two.example/", "<p>second tab</p>");
        fakes.browser.add_tab(
            "tab-1",
            "https://example.com/",
            "<title>Example</title><h1>Example</h1><p>price 10</p><button id=\"submit-btn\">Login</button>\
             <input id=\"email\"><input id=\"name\"><div id=\"reviews\"><a href=\"/r\">reviews</a></div>",
        );
        fakes.search.add_provider("tavily");
        fakes.search.set_hits(vec![SearchHit {
            title: "hit".into(),
            url: "https://hit.example/".into(),
            snippet: "a hit".into(),
            published: None,
        }]);
        let mut config = config();
        config.shell.working_dir = dir.path().to_owned();
        config.max_wait = std::time::Duration::from_millis(5);
        let h = harness(fakes, vec![example.as_str(), "Done."], config);
        let approver = FnApprover(|_: &aartiq_runtime::ApprovalPrompt| ApprovalAnswer::Approve);
        let outcome = h
            .runtime
            .run_goal("try one command", &approver, &NoEvents)
            .await;
        assert_eq!(outcome.results.len(), 1, "{example}");
        let result = &outcome.results[0];
        assert_eq!(result.command, command.kind.name(), "{example}");
        // This harness has no store: the store's commands say so too.
        // No host capabilities either: the host's commands say so, but tab grouping (which
        // needs only the registry) runs.
        let expected_unavailable = h.runtime.missing(route_of(command.kind)).is_some()
            // No researcher is configured in this harness.
            || route_of(command.kind) == Route::Research;
        assert_eq!(
            result.status == Status::Unavailable,
            expected_unavailable,
            "{example}: {:?} {}",
            result.status,
            result.text
        );
        if expected_unavailable {
            assert!(result.text.starts_with("NOT_AVAILABLE"), "{}", result.text);
            unavailable.push(name);
        } else {
            assert_ne!(result.status, Status::Skipped);
            if name == "SCROLL_TO" {
                assert!(
                    result.text.contains("no element with selector #reviews"),
                    "{}",
                    result.text
                );
            }
            ran.push((name, result.status));
        }
    }
    // Commands the fake host can run do run. Two fail and say why: the example's tab id is not
    // open, and SCROLL_TO's `#reviews` is a `<div>` without a role, which Chromium's collector
    // (and so the fake) leaves out of the snapshot, so no ref resolves from it. Nothing is faked.
    let not_ok: Vec<&(String, Status)> = ran.iter().filter(|(_, s)| *s != Status::Ok).collect();
    assert_eq!(
        not_ok,
        [
            &("CLOSE_TAB".to_owned(), Status::Failed),
            &("SCROLL_TO".to_owned(), Status::Failed)
        ],
        "{ran:?}"
    );
    assert_eq!(unavailable.len() + ran.len(), 73);
}

#[test]
fn on_linux_only_apple_intelligence_is_unsupported() {
    use aartiq_commands::CommandKind;
    let unsupported: Vec<CommandKind> = CATALOG
        .iter()
        .map(|s| s.kind)
        .filter(|k| !aartiq_runtime::linux_support(*k).supported)
        .collect();
    assert_eq!(
        unsupported,
        [
            CommandKind::AppleIntelligenceImage,
            CommandKind::AppleIntelligenceSummary
        ]
    );
    for kind in unsupported {
        assert!(
            aartiq_runtime::linux_support(kind)
                .how
                .starts_with("unsupported on this platform")
        );
    }
}
