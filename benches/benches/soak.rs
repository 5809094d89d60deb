//! Soak: four agents make random tool calls against a local site through the real pipeline and
//! a real Chromium behind `ManagedBrowser`, while the browser's process group is killed at a
//! fixed interval. Reports the error rate outside the injected faults, the recovery time after
//! each kill (kill to the first successful browser call), the resident memory of this process
//! and the number of Chromium processes over time, and what is left at the end (processes and
//! temporary profiles).
//!
//! `cargo bench -p aartiq-benches --bench soak`; `AARTIQ_SOAK_SECS` (default 1800) for the
//! whole run and `AARTIQ_SOAK_KILL_SECS` (default 300) between kills. Not part of CI.
#![allow(
    clippy::disallowed_methods,
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark binary that reports on the terminal and fails loudly"
)]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use aartiq_agents::TrustLevel;
use aartiq_cdp::{BrowserConfig, BrowserSource, Isolation, LaunchOptions, ManagedBrowser};
use aartiq_test_support::zoo::Zoo;
use aartiq_test_support::{Fakes, register};
use aartiq_tools::{Policy, ToolRegistry};
use serde_json::json;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A small xorshift generator: the calls are random but need no crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kib| kib / 1024.0)
}

/// Processes whose command is Chromium and that descend from this process.
fn chromium_processes() -> usize {
    let me = std::process::id();
    let mut parents: BTreeMap<u32, (u32, String)> = BTreeMap::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let Some((head, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let comm = head.split_once('(').map_or("", |(_, c)| c).to_owned();
        let mut fields = rest.split_whitespace();
        let state = fields.next().unwrap_or_default();
        let ppid = fields.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        if state != "Z" {
            parents.insert(pid, (ppid, comm));
        }
    }
    parents
        .iter()
        .filter(|(_, (_, comm))| comm.starts_with("chrom"))
        .filter(|(pid, _)| {
            let mut at = **pid;
            for _ in 0..64 {
                match parents.get(&at) {
                    Some((ppid, _)) if *ppid == me => return true,
                    Some((ppid, _)) if *ppid > 1 => at = *ppid,
                    _ => return false,
                }
            }
            false
        })
        .count()
}

fn profiles() -> Vec<String> {
    std::fs::read_dir(std::env::temp_dir())
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("aartiq-profile-"))
                .collect()
        })
        .unwrap_or_default()
}

#[derive(Default)]
struct Tally {
    calls: u64,
    ok: u64,
    /// Errors while a kill was being recovered from (the injected faults), by code.
    injected: BTreeMap<String, u64>,
    /// Errors at any other time, by code.
    other: BTreeMap<String, u64>,
}

fn main() {
    let total = Duration::from_secs(env_u64("AARTIQ_SOAK_SECS", 1800));
    let every = Duration::from_secs(env_u64("AARTIQ_SOAK_KILL_SECS", 300));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let before = profiles();
    runtime.block_on(async move {
        let zoo = Arc::new(Zoo::start().unwrap());
        let managed = ManagedBrowser::new(
            BrowserSource::Launch(LaunchOptions::default()),
            BrowserConfig {
                isolation: Isolation::Agent,
                ..BrowserConfig::default()
            },
        );
        let fakes = Fakes::new();
        let mut services = fakes.services();
        services.browser = managed.clone();
        let registry = Arc::new(ToolRegistry::with_builtin(services, Policy::default()));
        let start = Instant::now();
        let tally = Arc::new(Mutex::new(Tally::default()));
        // Set at a kill, cleared by the first browser call that works after it.
        let recovering_since = Arc::new(Mutex::new(None::<Instant>));
        let recoveries = Arc::new(Mutex::new(Vec::<Duration>::new()));
        let stop_at = start + total;
        let renewed = Arc::new(AtomicU64::new(0));
        let mut tasks = Vec::new();
        for n in 0..4u64 {
            let clock = fakes.clock.clone();
            let registry = Arc::clone(&registry);
            let zoo = Arc::clone(&zoo);
            let tally = Arc::clone(&tally);
            let recovering_since = Arc::clone(&recovering_since);
            let recoveries = Arc::clone(&recoveries);
            let renewed = Arc::clone(&renewed);
            tasks.push(tokio::spawn(async move {
                let mut generation = 0u32;
                let mut agent = register(
                    &registry,
                    &format!("soak{n}-{generation}"),
                    TrustLevel::Standard,
                    &clock,
                );
                let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (n + 1));
                let mut tabs: Vec<String> = Vec::new();
                // The heading of the page the last tab shows, for wait_for.
                let mut heading = "Dialogs";
                while Instant::now() < stop_at {
                    // An agent thinks between calls.
                    tokio::time::sleep(Duration::from_millis(40 + rng.next() % 80)).await;
                    let pick = rng.next() % 6;
                    let (path, next_heading) = if rng.next().is_multiple_of(2) {
                        ("/cookies", "Cookies")
                    } else {
                        ("/dialogs", "Dialogs")
                    };
                    let page = zoo.url(path);
                    let (tool, args) = match (pick, tabs.last()) {
                        (_, None) => ("new_tab", json!({"url": format!("{page}#{n}")})),
                        (0, Some(t)) => ("navigate", json!({"tabId": t, "url": page})),
                        (1, Some(t)) => ("snapshot", json!({"tabId": t, "maxTokens": 4000})),
                        (2, Some(t)) => ("get_page_text", json!({"tabId": t})),
                        (3, _) => ("list_tabs", json!({})),
                        (4, Some(t)) => (
                            "wait_for",
                            json!({"tabId": t, "text": heading, "timeoutMs": 2_000}),
                        ),
                        (_, Some(t)) => ("screenshot", json!({"tabId": t, "maxDimension": 320})),
                    };
                    let result = registry.call(&agent, tool, args).await;
                    let mut t = tally.lock().unwrap();
                    t.calls += 1;
                    match &result {
                        Ok(out) => {
                            t.ok += 1;
                            // The first result after a restart says tab ids start over: the
                            // agent forgets its old tabs, as a client that reads it would.
                            if out.text.contains("the browser restarted") {
                                tabs.clear();
                            }
                            if matches!(tool, "new_tab" | "navigate") {
                                heading = next_heading;
                            }
                            if tool == "new_tab"
                                && let Some(id) = out.json.as_ref().and_then(|j| j["id"].as_str())
                            {
                                tabs.push(id.to_owned());
                            }
                            let mut since = recovering_since.lock().unwrap();
                            if let Some(killed) = since.take() {
                                recoveries.lock().unwrap().push(killed.elapsed());
                            }
                        }
                        Err(rejection) => {
                            // Uncoded refusals are told apart by the start of their reason.
                            let code = rejection.code.clone();
                            let code = code.unwrap_or_else(|| {
                                format!(
                                    "{:?}: {}",
                                    rejection.step,
                                    rejection.message.chars().take(48).collect::<String>()
                                )
                            });
                            let gone = code.contains("BROWSER")
                                || rejection.message.contains("Unknown tabId")
                                || rejection.message.contains("restarted");
                            if gone {
                                tabs.clear();
                            }
                            let injected = gone || recovering_since.lock().unwrap().is_some();
                            *if injected {
                                t.injected.entry(code.clone()).or_default()
                            } else {
                                t.other.entry(code.clone()).or_default()
                            } += 1;
                            // The trust score takes failed actions from an agent; one revoked
                            // by the faults is replaced, and counted.
                            if rejection.message.contains("revoked") {
                                generation += 1;
                                renewed.fetch_add(1, Ordering::Relaxed);
                                agent = register(
                                    &registry,
                                    &format!("soak{n}-{generation}"),
                                    TrustLevel::Standard,
                                    &clock,
                                );
                                tabs.clear();
                            }
                        }
                    }
                }
            }));
        }
        for _ in 0..64 {
            fakes.approver.answer(aartiq_tools::ApprovalAnswer::Approve);
        }
        // The killer and the sampler.
        let kills = AtomicU64::new(0);
        let mut samples: Vec<(u64, f64, usize)> = Vec::new();
        let mut next_kill = start + every;
        let mut next_sample = start;
        while Instant::now() < stop_at {
            let now = Instant::now();
            if now >= next_sample {
                // The zoo logs every request it receives (its tests judge what a page sent);
                // the soak reads none of it, and the log would count as this process's growth.
                zoo.clear();
                samples.push((start.elapsed().as_secs(), rss_mib(), chromium_processes()));
                next_sample += Duration::from_secs(10);
                // Keep the fake person answering close_tab's approvals.
                for _ in 0..8 {
                    fakes.approver.answer(aartiq_tools::ApprovalAnswer::Approve);
                }
            }
            if now >= next_kill {
                if let Some(pid) = managed.pid() {
                    let _ = std::process::Command::new("kill")
                        .args(["-KILL", "--", &format!("-{pid}")])
                        .status();
                    *recovering_since.lock().unwrap() = Some(Instant::now());
                    kills.fetch_add(1, Ordering::Relaxed);
                }
                next_kill += every;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        for task in tasks {
            let _ = task.await;
        }
        managed.close().await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        let t = tally.lock().unwrap();
        let other: u64 = t.other.values().sum();
        let injected: u64 = t.injected.values().sum();
        println!(
            "soak: {} s, a kill every {} s, {} kills, {} agents replaced after revocation",
            total.as_secs(),
            every.as_secs(),
            kills.load(Ordering::Relaxed),
            renewed.load(Ordering::Relaxed)
        );
        println!(
            "calls {}  ok {}  errors around kills {} {:?}  other errors {} ({:.3} %) {:?}",
            t.calls,
            t.ok,
            injected,
            t.injected,
            other,
            100.0 * other as f64 / t.calls.max(1) as f64,
            t.other
        );
        let recoveries = recoveries.lock().unwrap();
        let mut sorted: Vec<f64> = recoveries.iter().map(Duration::as_secs_f64).collect();
        sorted.sort_by(f64::total_cmp);
        println!(
            "recovery after each kill (s): {:?}  median {:.2}",
            sorted
                .iter()
                .map(|s| (s * 100.0).round() / 100.0)
                .collect::<Vec<_>>(),
            sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
        );
        println!("samples (s, RSS MiB, Chromium processes):");
        for (s, rss, procs) in &samples {
            println!("  {s:>5} {rss:>8.1} {procs:>4}");
        }
        let half = samples.len() / 2;
        let first: Vec<f64> = samples[..half].iter().map(|s| s.1).collect();
        let second: Vec<f64> = samples[half..].iter().map(|s| s.1).collect();
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        println!(
            "RSS mean first half {:.1} MiB, second half {:.1} MiB",
            mean(&first),
            mean(&second)
        );
        println!(
            "left at the end: {} Chromium processes",
            chromium_processes()
        );
    });
    let after = profiles();
    let leaked: Vec<&String> = after.iter().filter(|p| !before.contains(p)).collect();
    println!(
        "left at the end: {} temporary profiles {leaked:?}",
        leaked.len()
    );
}
