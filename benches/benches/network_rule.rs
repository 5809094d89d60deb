//! What the network rule costs: click by ref and navigation through the whole tool pipeline,
//! with the rule in force and without it (the baseline before it existed), in one run, rounds
//! interleaved, on the generated 500- and 5,000-control pages of `shared/bench-peer/`.
//!
//! Run with `cargo bench -p aartiq-benches --bench network_rule`. `AARTIQ_BENCH_ROUNDS` sets
//! the rounds (default 5); each round launches a browser per mode and times 9 clicks and 9
//! navigations. Prints medians over rounds and the ratio rule/baseline.
#![allow(
    clippy::disallowed_methods,
    reason = "a benchmark starts the programs it measures"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a benchmark program reports on the terminal and fails loudly"
)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use aartiq_agents::TrustLevel;
use aartiq_benches::{median, ms, serve_dir, workspace};
use aartiq_cdp::{BrowserConfig, CdpBrowser, LaunchOptions};
use aartiq_test_support::{Fakes, register};
use aartiq_tools::{Browser, Policy, ToolRegistry};
use serde_json::json;

/// Medians of one round: (click by ref, navigation) in ms.
async fn round(url: &str, rule: bool) -> (f64, f64) {
    let options = LaunchOptions::default();
    let config = BrowserConfig::default();
    let browser = Arc::new(if rule {
        CdpBrowser::launch_with(options, config).await.unwrap()
    } else {
        CdpBrowser::launch_without_network_rule(options, config)
            .await
            .unwrap()
    });
    let tab = browser.list_tabs().await.unwrap()[0].id.clone();
    let fakes = Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    let registry = ToolRegistry::with_builtin(services, Policy::default());
    let agent = register(&registry, "bench", TrustLevel::Standard, &fakes.clock);
    let navigate = json!({"tabId": tab.as_str(), "url": url});
    let mut navigations = Vec::new();
    for _ in 0..9 {
        let started = Instant::now();
        registry
            .call(&agent, "navigate", navigate.clone())
            .await
            .unwrap();
        navigations.push(ms(started.elapsed()));
    }
    registry
        .call(&agent, "snapshot", json!({"tabId": tab.as_str()}))
        .await
        .unwrap();
    let found = registry
        .call(
            &agent,
            "page_find",
            json!({"tabId": tab.as_str(), "query": "Confirm order", "role": "button"}),
        )
        .await
        .unwrap();
    let reference = found.json.unwrap()["matches"][0]["ref"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut clicks = Vec::new();
    for _ in 0..9 {
        let started = Instant::now();
        registry
            .call(
                &agent,
                "click_ref",
                json!({"tabId": tab.as_str(), "ref": reference}),
            )
            .await
            .unwrap();
        clicks.push(ms(started.elapsed()));
    }
    drop(registry);
    Arc::try_unwrap(browser).unwrap().close().await.unwrap();
    (median(&mut clicks), median(&mut navigations))
}

fn main() {
    let peer = std::env::var_os("AARTIQ_BENCH_PEER")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("..").join("shared").join("bench-peer"));
    let rounds: usize = std::env::var("AARTIQ_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let pages = workspace().join("target").join("bench-network-rule");
    std::fs::create_dir_all(&pages).unwrap();
    for (sections, name) in [("10", "p500.html"), ("100", "p5000.html")] {
        let status = Command::new("python3")
            .arg(peer.join("gen_page.py"))
            .arg(&pages)
            .args(["--sections", sections, "--name", name])
            .stdout(std::process::Stdio::null())
            .status()
            .expect("python3 must be installed to generate the pages");
        assert!(status.success());
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let port = runtime
        .block_on(serve_dir(pages))
        .expect("a port on 127.0.0.1");
    println!("network rule bench: {rounds} rounds, rule and baseline interleaved, medians");
    println!("| page | measure | rule (ms) | baseline (ms) | ratio |");
    println!("|---|---|---:|---:|---:|");
    for (name, controls) in [("p500.html", 500), ("p5000.html", 5000)] {
        let url = format!("http://127.0.0.1:{port}/{name}");
        let (mut on_click, mut on_nav, mut off_click, mut off_nav) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for n in 0..rounds {
            eprintln!("{controls} controls, round {}", n + 1);
            // Alternate which goes first, so drift on a noisy machine hits both.
            let order = if n % 2 == 0 {
                [true, false]
            } else {
                [false, true]
            };
            for rule in order {
                let (click, nav) = runtime.block_on(round(&url, rule));
                if rule {
                    on_click.push(click);
                    on_nav.push(nav);
                } else {
                    off_click.push(click);
                    off_nav.push(nav);
                }
            }
        }
        for (measure, on, off) in [
            ("click by ref", &mut on_click, &mut off_click),
            ("navigation", &mut on_nav, &mut off_nav),
        ] {
            let (a, b) = (median(on), median(off));
            println!(
                "| {controls} | {measure} | {a:.2} | {b:.2} | {:.3} |",
                a / b
            );
        }
    }
}
