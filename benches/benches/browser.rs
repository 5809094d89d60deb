//! `aartiq-cdp` against the peer baseline (Playwright, the engine of the most used browser MCP
//! server), side by side in one run, on the same generated pages and the same Chromium.
//!
//! Run with `cargo bench -p aartiq-benches --bench browser`. It needs Node.js and the peer
//! scripts of `shared/bench-peer/` (`AARTIQ_BENCH_PEER` overrides where they are); the first run
//! installs `playwright-core` and `gpt-tokenizer` into `target/bench-peer-node` from the npm
//! registry (never a browser: both sides use `/usr/bin/chromium`). `AARTIQ_BENCH_ROUNDS` sets how
//! many alternating rounds to run (3 by default). Figures are medians over rounds; ratios are
//! aartiq / Playwright, measured in the same run.
#![allow(
    clippy::disallowed_methods,
    reason = "a benchmark starts the programs it measures"
)]
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark program reports on the terminal and fails loudly"
)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use aartiq_agents::TrustLevel;
use aartiq_benches::{median, ms, serve_dir, workspace};
use aartiq_cdp::{CdpBrowser, LaunchOptions};
use aartiq_test_support::{Fakes, register};
use aartiq_tools::{Browser, Policy, SnapshotOptions, SnapshotStore, ToolRegistry};
use serde_json::{Value, json};

#[derive(Default, Debug)]
struct Figures {
    launch_to_first_page: Vec<f64>,
    snapshot_cold: Vec<f64>,
    snapshot_warm: Vec<f64>,
    snapshot_dirty: Vec<f64>,
    tokens_full: Vec<f64>,
    tokens_default: Vec<f64>,
    click: Vec<f64>,
    stale: Vec<f64>,
    shot_viewport_ms: Vec<f64>,
    shot_viewport_kb: Vec<f64>,
    shot_full_ms: Vec<f64>,
    shot_full_kb: Vec<f64>,
    wait_reaction: Vec<f64>,
    tokens_diff: Vec<f64>,
}

/// How long after a wait starts the page adds the text it waits for.
const WAIT_DELAY_MS: f64 = 300.0;

async fn ours(url: &str, out_dir: &Path, tag: &str) -> Figures {
    let mut f = Figures::default();
    let started = Instant::now();
    // The browser starts with one tab, attached and ready when `launch` returns: that is the
    // first page (Playwright has none until `newPage`).
    let browser = Arc::new(CdpBrowser::launch(LaunchOptions::default()).await.unwrap());
    let tab = browser.list_tabs().await.unwrap()[0].id.clone();
    f.launch_to_first_page.push(ms(started.elapsed()));
    browser.navigate(&tab, url).await.unwrap();

    let full = SnapshotOptions {
        max_tokens: usize::MAX / 4,
        ..SnapshotOptions::default()
    };
    let mut store = SnapshotStore::new();
    let started = Instant::now();
    let capture = browser.capture(&tab).await.unwrap();
    let snapshot = store.snapshot(capture, &full).unwrap();
    f.snapshot_cold.push(ms(started.elapsed()));
    std::fs::write(out_dir.join(format!("aq-{tag}-full.txt")), &snapshot.text).unwrap();
    let default = store
        .snapshot(
            browser.capture(&tab).await.unwrap(),
            &SnapshotOptions::default(),
        )
        .unwrap();
    std::fs::write(out_dir.join(format!("aq-{tag}-default.txt")), &default.text).unwrap();

    let mut warm = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let capture = browser.capture(&tab).await.unwrap();
        let _ = store.snapshot(capture, &full).unwrap();
        warm.push(ms(started.elapsed()));
    }
    f.snapshot_warm.push(median(&mut warm));

    // The same page after a mutation: the whole collector runs again.
    let session = browser.session(&tab).unwrap();
    let mut dirty = Vec::new();
    for i in 0..5 {
        browser
            .connection()
            .call(
                "Runtime.evaluate",
                json!({"expression": format!("document.body.setAttribute('data-bench', '{i}')")}),
                Some(&session),
            )
            .await
            .unwrap();
        let started = Instant::now();
        let capture = browser.capture(&tab).await.unwrap();
        let _ = store.snapshot(capture, &full).unwrap();
        dirty.push(ms(started.elapsed()));
    }
    f.snapshot_dirty.push(median(&mut dirty));

    // A one-control change, then a snapshot diff against the full snapshot before it.
    let before = store
        .snapshot(browser.capture(&tab).await.unwrap(), &full)
        .unwrap();
    browser
        .connection()
        .call(
            "Runtime.evaluate",
            json!({"expression": "document.querySelector('button').textContent += ' (changed)'"}),
            Some(&session),
        )
        .await
        .unwrap();
    let after = store
        .snapshot(browser.capture(&tab).await.unwrap(), &full)
        .unwrap();
    let diff = aartiq_tools::diff_outlines(&before.text, &after.text);
    let header = after.text.lines().next().unwrap_or_default();
    std::fs::write(
        out_dir.join(format!("aq-{tag}-diff.txt")),
        format!("{header}\n{}", diff.render()),
    )
    .unwrap();

    // Screenshots of the viewport and the full page, with the tool's defaults.
    for (area, ms_out, kb_out) in [
        (
            aartiq_tools::ShotArea::Viewport,
            &mut f.shot_viewport_ms,
            &mut f.shot_viewport_kb,
        ),
        (
            aartiq_tools::ShotArea::FullPage,
            &mut f.shot_full_ms,
            &mut f.shot_full_kb,
        ),
    ] {
        let request = aartiq_tools::ShotRequest {
            area,
            max_dimension: aartiq_tools::DEFAULT_MAX_DIMENSION,
            format: aartiq_tools::ImageFormat::Jpeg,
            max_bytes: aartiq_tools::DEFAULT_MAX_BYTES,
        };
        let mut times = Vec::new();
        let mut sizes = Vec::new();
        for _ in 0..3 {
            let started = Instant::now();
            let shot = browser.picture(&tab, &request).await.unwrap();
            times.push(ms(started.elapsed()));
            sizes.push(shot.data.len() as f64 / 1024.0);
        }
        ms_out.push(median(&mut times));
        kb_out.push(median(&mut sizes));
    }

    // wait_for: text the page adds WAIT_DELAY_MS after the wait starts; the reaction is what
    // the wait took beyond that.
    let mut reactions = Vec::new();
    for i in 0..5 {
        let marker = format!("bench-ready-{i}");
        browser
            .connection()
            .call(
                "Runtime.evaluate",
                json!({"expression": format!("setTimeout(() => {{ const p = document.createElement('p'); p.textContent = '{marker}'; document.body.appendChild(p); }}, {WAIT_DELAY_MS})")}),
                Some(&session),
            )
            .await
            .unwrap();
        let started = Instant::now();
        let waited = browser
            .wait_for(
                &tab,
                &aartiq_tools::WaitRequest {
                    text: Some(marker),
                    timeout: std::time::Duration::from_secs(10),
                    ..aartiq_tools::WaitRequest::default()
                },
            )
            .await
            .unwrap();
        assert!(waited.met);
        reactions.push(ms(started.elapsed()) - WAIT_DELAY_MS);
    }
    f.wait_reaction.push(median(&mut reactions));

    // Click by ref through the whole tool pipeline (gate, tab lock, the pre-action checks).
    let fakes = Fakes::new();
    let mut services = fakes.services();
    services.browser = browser.clone();
    let registry = ToolRegistry::with_builtin(services, Policy::default());
    let agent = register(&registry, "bench", TrustLevel::Standard, &fakes.clock);
    let found = registry
        .call(
            &agent,
            "page_find",
            json!({"tabId": tab.as_str(), "query": "Confirm order", "role": "button"}),
        )
        .await;
    // page_find needs a snapshot in the registry's own store first.
    let found = match found {
        Ok(out) => out,
        Err(_) => {
            registry
                .call(&agent, "snapshot", json!({"tabId": tab.as_str()}))
                .await
                .unwrap();
            registry
                .call(
                    &agent,
                    "page_find",
                    json!({"tabId": tab.as_str(), "query": "Confirm order", "role": "button"}),
                )
                .await
                .unwrap()
        }
    };
    let reference = found.json.as_ref().unwrap()["matches"][0]["ref"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut clicks = Vec::new();
    for _ in 0..5 {
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
    f.click.push(median(&mut clicks));

    // Reload: the ref is stale, reported as navigated.
    browser.navigate(&tab, url).await.unwrap();
    let mut stale = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let error = registry
            .call(
                &agent,
                "click_ref",
                json!({"tabId": tab.as_str(), "ref": reference}),
            )
            .await
            .unwrap_err();
        stale.push(ms(started.elapsed()));
        assert_eq!(error.code.as_deref(), Some("REF_STALE_NAVIGATED"));
    }
    f.stale.push(median(&mut stale));
    drop(registry);
    Arc::try_unwrap(browser).unwrap().close().await.unwrap();
    f
}

fn node_dir() -> PathBuf {
    let dir = workspace().join("target").join("bench-peer-node");
    if !dir.join("node_modules").join("playwright-core").exists() {
        std::fs::create_dir_all(&dir).unwrap();
        eprintln!(
            "installing playwright-core and gpt-tokenizer into {}",
            dir.display()
        );
        let status = Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "playwright-core@1.65.1",
                "gpt-tokenizer@4.0.0",
            ])
            .current_dir(&dir)
            .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
            .status()
            .expect("npm must be installed for the peer baseline");
        assert!(status.success(), "npm install failed");
    }
    dir
}

fn playwright(peer: &Path, url: &str, out_dir: &Path, tag: &str) -> Value {
    let save = out_dir.join(format!("pw-{tag}"));
    let output = Command::new("node")
        .arg(peer.join("pw_bench.mjs"))
        .args([
            "--url",
            url,
            "--chromium",
            "/usr/bin/chromium",
            "--runs",
            "5",
        ])
        .arg("--save-dir")
        .arg(&save)
        .current_dir(node_dir())
        .output()
        .expect("node must be installed for the peer baseline");
    assert!(
        output.status.success(),
        "pw_bench.mjs failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The same screenshots and wait in Playwright (`resources/pw_view.mjs`, ours).
fn playwright_view(url: &str) -> Value {
    // An ES module finds its packages beside itself: run it from the folder that has them.
    let script = node_dir().join("pw_view.mjs");
    std::fs::copy(workspace().join("benches/resources/pw_view.mjs"), &script).unwrap();
    let output = Command::new("node")
        .arg(&script)
        .args(["--url", url, "--chromium", "/usr/bin/chromium"])
        .arg("--delay")
        .arg(WAIT_DELAY_MS.to_string())
        .current_dir(node_dir())
        .output()
        .expect("node must be installed for the peer baseline");
    assert!(
        output.status.success(),
        "pw_view.mjs failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn tokens(peer: &Path, files: &[PathBuf]) -> HashMap<String, f64> {
    let output = Command::new("node")
        .arg(peer.join("count_tokens.mjs"))
        .args(files)
        .current_dir(node_dir())
        .output()
        .expect("node must be installed");
    assert!(output.status.success());
    let rows: Value = serde_json::from_slice(&output.stdout).unwrap();
    rows.as_object()
        .unwrap()
        .iter()
        .map(|(file, row)| {
            (
                file.clone(),
                row["tokens_o200k"].as_f64().unwrap_or(f64::NAN),
            )
        })
        .collect()
}

fn main() {
    let peer = std::env::var_os("AARTIQ_BENCH_PEER")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("..").join("shared").join("bench-peer"));
    assert!(
        peer.join("pw_bench.mjs").exists(),
        "the peer scripts are not at {} (set AARTIQ_BENCH_PEER)",
        peer.display()
    );
    let rounds: usize = std::env::var("AARTIQ_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let out_dir = workspace().join("target").join("bench-browser");
    let pages = out_dir.join("pages");
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
        .block_on(serve_dir(pages.clone()))
        .expect("a port on 127.0.0.1");
    let version = Command::new("/usr/bin/chromium")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    println!("browser bench: {version}, {rounds} rounds, medians over rounds");
    for (tag, name, controls) in [("500", "p500.html", 500), ("5000", "p5000.html", 5000)] {
        let url = format!("http://127.0.0.1:{port}/{name}");
        let mut us = Figures::default();
        let mut them = Figures::default();
        for round in 0..rounds {
            eprintln!("{controls} controls, round {}", round + 1);
            let mine = runtime.block_on(ours(&url, &out_dir, tag));
            us.launch_to_first_page.extend(mine.launch_to_first_page);
            us.snapshot_cold.extend(mine.snapshot_cold);
            us.snapshot_warm.extend(mine.snapshot_warm);
            us.snapshot_dirty.extend(mine.snapshot_dirty);
            us.click.extend(mine.click);
            us.stale.extend(mine.stale);
            us.shot_viewport_ms.extend(mine.shot_viewport_ms);
            us.shot_viewport_kb.extend(mine.shot_viewport_kb);
            us.shot_full_ms.extend(mine.shot_full_ms);
            us.shot_full_kb.extend(mine.shot_full_kb);
            us.wait_reaction.extend(mine.wait_reaction);
            let view = playwright_view(&url);
            let num = |k: &str| view[k].as_f64().unwrap_or(f64::NAN);
            them.shot_viewport_ms.push(num("viewport_ms"));
            them.shot_viewport_kb.push(num("viewport_kb"));
            them.shot_full_ms.push(num("full_ms"));
            them.shot_full_kb.push(num("full_kb"));
            them.wait_reaction.push(num("wait_reaction_ms"));
            let pw = playwright(&peer, &url, &out_dir, tag);
            let runs: Vec<f64> = pw["ai_snapshot_ms_runs"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_f64)
                .collect();
            them.launch_to_first_page
                .push(pw["launch_to_first_page_ms"].as_f64().unwrap_or(f64::NAN));
            them.snapshot_cold
                .push(runs.first().copied().unwrap_or(f64::NAN));
            let mut rest: Vec<f64> = runs.iter().skip(1).copied().collect();
            them.snapshot_warm.push(median(&mut rest));
            them.click
                .push(pw["click_by_ref_ms"].as_f64().unwrap_or(f64::NAN));
            them.stale
                .push(pw["stale_ref_fail_ms"].as_f64().unwrap_or(f64::NAN));
            if round == 0 {
                println!(
                    "  playwright on {controls}: stale ref after reload -> {}",
                    pw["stale_ref_after_reload"]
                );
            }
        }
        let files = vec![
            out_dir.join(format!("aq-{tag}-full.txt")),
            out_dir.join(format!("aq-{tag}-default.txt")),
            out_dir.join(format!("pw-{tag}")).join("pw-ai-snapshot.yml"),
            out_dir.join(format!("aq-{tag}-diff.txt")),
        ];
        let counted = tokens(&peer, &files);
        let count = |f: &PathBuf| {
            counted
                .get(&f.display().to_string())
                .copied()
                .unwrap_or(f64::NAN)
        };
        us.tokens_full.push(count(&files[0]));
        us.tokens_default.push(count(&files[1]));
        them.tokens_full.push(count(&files[2]));
        us.tokens_diff.push(count(&files[3]));

        println!("\n{controls}-control page ({url})");
        println!("| measure | aartiq | playwright | ratio |");
        println!("|---|---:|---:|---:|");
        let row = |label: &str, a: &mut Vec<f64>, b: &mut Vec<f64>| {
            let (a, b) = (median(a), median(b));
            println!("| {label} | {a:.1} | {b:.1} | {:.3} |", a / b);
        };
        row(
            "launch to first page (ms)",
            &mut us.launch_to_first_page,
            &mut them.launch_to_first_page,
        );
        row(
            "snapshot cold (ms)",
            &mut us.snapshot_cold,
            &mut them.snapshot_cold,
        );
        row(
            "snapshot warm (ms)",
            &mut us.snapshot_warm,
            &mut them.snapshot_warm.clone(),
        );
        row(
            "snapshot after a mutation (ms)",
            &mut us.snapshot_dirty,
            &mut them.snapshot_warm,
        );
        row(
            "snapshot tokens, full (o200k)",
            &mut us.tokens_full,
            &mut them.tokens_full.clone(),
        );
        row(
            "snapshot tokens, default budget (o200k)",
            &mut us.tokens_default,
            &mut them.tokens_full,
        );
        row("click by ref (ms)", &mut us.click, &mut them.click);
        row("stale ref reported (ms)", &mut us.stale, &mut them.stale);
        row(
            "screenshot, viewport (ms; JPEG, longer side <= 1280)",
            &mut us.shot_viewport_ms,
            &mut them.shot_viewport_ms,
        );
        row(
            "screenshot, viewport (KB)",
            &mut us.shot_viewport_kb,
            &mut them.shot_viewport_kb,
        );
        row(
            "screenshot, full page (ms)",
            &mut us.shot_full_ms,
            &mut them.shot_full_ms,
        );
        row(
            "screenshot, full page (KB; Playwright unscaled)",
            &mut us.shot_full_kb,
            &mut them.shot_full_kb,
        );
        row(
            "wait_for reaction after the text appears (ms)",
            &mut us.wait_reaction,
            &mut them.wait_reaction,
        );
        let (diff, whole) = (median(&mut us.tokens_diff), median(&mut us.tokens_full));
        println!(
            "| snapshot diff after a one-control change (o200k tokens) | {diff:.0} | full {whole:.0} | {:.4} of the full snapshot |",
            diff / whole
        );
    }
}
