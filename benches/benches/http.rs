//! The HTTP agent API under load: `POST /api/browser_status` and `POST /api/snapshot` (a
//! 200-control page on the fake browser, and an unknown route for the cost of the checks alone, so the pipeline and rendering are measured, not
//! Chromium) against a bare hyper "hello" server measured in the same run with the same client.
//! Reports requests/s, p50 and p99 latency, the ratio to the baseline, and the resident memory
//! through a soak of `POST /api/browser_status`, sampled every second: start, after the warm-up
//! (the first half), end, and the least-squares slope over the second half, in MiB per minute
//! and as bytes per request (an upper bound on any per-request growth). Then a shorter run of
//! anonymous calls (no `x-agent-id`) shows what each of those leaves behind: spec d.6 registers
//! a fresh `agent-<6 base36>` for each, and the agent registry keeps every agent it has seen.
//!
//! `cargo bench -p aartiq-benches --bench http`; `AARTIQ_BENCH_SECS` (default 5) per
//! measurement, `AARTIQ_BENCH_SOAK_SECS` (default 120) for the memory soak,
//! `AARTIQ_BENCH_CONCURRENCY` (default 16) connections. Client and servers share one process,
//! so the memory figures cover all three. Everything stays on 127.0.0.1 and every loop is bounded
//! in time.
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark binary that reports on the terminal and fails loudly"
)]

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use aartiq_agents::SystemClock;
use aartiq_api::{AgentApi, ApiConfig, Backends, HttpServer};
use aartiq_test_support::Fakes;
use http_body_util::Full;
use hyper::body::Bytes;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use tokio_util::sync::CancellationToken;

const TOKEN: &str = "bench-token";

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The baseline: hyper answering "hello" to everything.
async fn hello_server(stop: CancellationToken) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let accepted = tokio::select! {
                a = listener.accept() => a,
                () = stop.cancelled() => return,
            };
            let Ok((stream, _)) = accepted else { continue };
            tokio::spawn(async move {
                let service = service_fn(|_req| async {
                    Ok::<_, Infallible>(hyper::Response::new(Full::new(Bytes::from_static(
                        b"hello",
                    ))))
                });
                let _ = http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    addr
}

fn page() -> String {
    let mut html =
        String::from("<!doctype html><html><head><title>Catalogue</title></head><body><main>");
    for section in 0..10 {
        html.push_str(&format!("<section><h2>Section {section}</h2><ul>"));
        for item in 0..20 {
            html.push_str(&format!(
                "<li><a href=\"/item/{section}/{item}\">Item {section}-{item}</a></li>"
            ));
        }
        html.push_str("</ul></section>");
    }
    html.push_str(
        "<form><input aria-label=\"Search\"><button>Go</button></form></main></body></html>",
    );
    html
}

async fn aartiq_server(stop: CancellationToken) -> (SocketAddr, Arc<AgentApi>) {
    let fakes = Fakes::new();
    fakes.browser.add_tab("1", "https://shop.example/", &page());
    let backends = Backends {
        browser: fakes.browser.clone(),
        search: None,
        vault: fakes.vault.clone(),
        extensions: fakes.extensions.clone(),
        ui: fakes.ui.clone(),
        clock: Arc::new(SystemClock),
    };
    let api = Arc::new(AgentApi::new(backends, &ApiConfig::default()).unwrap());
    let config = ApiConfig {
        port: 0,
        token: Some(TOKEN.to_owned()),
        ..ApiConfig::default()
    };
    let server = HttpServer::bind(api.clone(), config)
        .await
        .unwrap()
        .without_mcp();
    let addr = server.local_addr().unwrap();
    tokio::spawn(server.serve(stop));
    (addr, api)
}

struct Stats {
    requests: usize,
    elapsed: Duration,
    p50: Duration,
    p99: Duration,
}

impl Stats {
    fn rps(&self) -> f64 {
        self.requests as f64 / self.elapsed.as_secs_f64()
    }
}

/// `concurrency` keep-alive clients POSTing `body` to `url` for `secs` seconds, as agent
/// `bench`.
async fn load(url: &str, body: &'static str, concurrency: usize, secs: u64) -> Stats {
    load_as(url, body, concurrency, secs, Some("bench")).await
}

/// [`load`] with the `x-agent-id` of `agent`, or none (an anonymous caller).
async fn load_as(
    url: &str,
    body: &'static str,
    concurrency: usize,
    secs: u64,
    agent: Option<&'static str>,
) -> Stats {
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(concurrency)
        .build()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(secs);
    let started = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..concurrency {
        let client = client.clone();
        let url = url.to_owned();
        workers.push(tokio::spawn(async move {
            // A fixed histogram, not a list: a long soak must not grow the client's own memory.
            let mut latencies = Histogram::new();
            while Instant::now() < deadline {
                let t = Instant::now();
                let mut request = client.post(&url).bearer_auth(TOKEN).body(body);
                if let Some(agent) = agent {
                    // One agent: the snapshot calls share tab 1's lock.
                    request = request.header("x-agent-id", agent);
                }
                let response = request.send().await.expect("request");
                let status = response.status();
                assert!(status.is_success() || status == 404, "{status}");
                response.bytes().await.expect("body");
                latencies.record(t.elapsed());
            }
            latencies
        }));
    }
    let mut all = Histogram::new();
    for worker in workers {
        all.merge(&worker.await.unwrap());
    }
    let elapsed = started.elapsed();
    Stats {
        requests: all.count(),
        elapsed,
        p50: all.quantile(0.50),
        p99: all.quantile(0.99),
    }
}

/// Latencies in logarithmic buckets, each 1% wider than the one before, from 1 µs to about
/// 100 s: quantiles within 1%, in a fixed 15 KiB whatever the number of requests.
struct Histogram {
    buckets: Vec<u64>,
}

impl Histogram {
    const GROWTH: f64 = 1.01;
    const BUCKETS: usize = 1_900;

    fn new() -> Histogram {
        Histogram {
            buckets: vec![0; Histogram::BUCKETS],
        }
    }

    fn record(&mut self, latency: Duration) {
        let micros = latency.as_secs_f64() * 1e6;
        let i = if micros <= 1.0 {
            0
        } else {
            (micros.ln() / Histogram::GROWTH.ln()).ceil() as usize
        };
        self.buckets[i.min(Histogram::BUCKETS - 1)] += 1;
    }

    fn merge(&mut self, other: &Histogram) {
        for (a, b) in self.buckets.iter_mut().zip(&other.buckets) {
            *a += b;
        }
    }

    fn count(&self) -> usize {
        usize::try_from(self.buckets.iter().sum::<u64>()).unwrap_or(usize::MAX)
    }

    /// The upper edge of the bucket holding quantile `q`.
    fn quantile(&self, q: f64) -> Duration {
        let total = self.buckets.iter().sum::<u64>();
        let rank = ((total as f64 * q).ceil() as u64).max(1);
        let mut seen = 0;
        let mut index = Histogram::BUCKETS - 1;
        for (i, n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                index = i;
                break;
            }
        }
        Duration::from_secs_f64(Histogram::GROWTH.powi(index as i32) / 1e6)
    }
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).map(str::to_owned))
        })
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Samples the resident memory every second on its own thread until stopped.
struct RssSampler {
    stop: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<Vec<(f64, u64)>>,
}

impl RssSampler {
    fn start() -> RssSampler {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            let mut samples = vec![(0.0, rss_kib())];
            let mut next = Duration::from_secs(1);
            while !flag.load(Ordering::Relaxed) {
                let now = started.elapsed();
                if now < next {
                    std::thread::sleep((next - now).min(Duration::from_millis(100)));
                    continue;
                }
                samples.push((now.as_secs_f64(), rss_kib()));
                next += Duration::from_secs(1);
            }
            samples.push((started.elapsed().as_secs_f64(), rss_kib()));
            samples
        });
        RssSampler { stop, thread }
    }

    /// `(seconds since start, KiB)`, one a second.
    fn finish(self) -> Vec<(f64, u64)> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap()
    }
}

/// The least-squares slope of `samples`, in KiB per second.
fn slope_kib_per_s(samples: &[(f64, u64)]) -> f64 {
    let n = samples.len() as f64;
    if samples.len() < 2 {
        return 0.0;
    }
    let mean_t = samples.iter().map(|s| s.0).sum::<f64>() / n;
    let mean_m = samples.iter().map(|s| s.1 as f64).sum::<f64>() / n;
    let cov: f64 = samples
        .iter()
        .map(|s| (s.0 - mean_t) * (s.1 as f64 - mean_m))
        .sum();
    let var: f64 = samples.iter().map(|s| (s.0 - mean_t).powi(2)).sum();
    if var == 0.0 { 0.0 } else { cov / var }
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The memory summary of a soak of `requests` requests sampled as `samples`.
fn memory_summary(samples: &[(f64, u64)], requests: usize, secs: u64) {
    let start = samples.first().map_or(0, |s| s.1);
    let end = samples.last().map_or(0, |s| s.1);
    let half = secs as f64 / 2.0;
    let second_half: Vec<(f64, u64)> = samples.iter().copied().filter(|s| s.0 >= half).collect();
    let after_warmup = second_half.first().map_or(end, |s| s.1);
    let peak = samples.iter().map(|s| s.1).max().unwrap_or(0);
    let slope = slope_kib_per_s(&second_half);
    let rate = requests as f64 / secs as f64;
    let per_request = if rate > 0.0 {
        slope * 1024.0 / rate
    } else {
        0.0
    };
    let series: Vec<String> = samples
        .iter()
        .step_by(5)
        .map(|s| format!("{:.1}", mib(s.1)))
        .collect();
    println!(
        "soak {secs} s, {requests} x browser_status ({rate:.0}/s), resident memory (client + servers):"
    );
    println!(
        "  start {:.1} MiB, after warm-up (t={half:.0} s) {:.1} MiB, end {:.1} MiB, peak {:.1} MiB",
        mib(start),
        mib(after_warmup),
        mib(end),
        mib(peak)
    );
    println!(
        "  slope over the second half {:+.3} MiB/min ({:+.2} bytes per request, {} samples)",
        slope * 60.0 / 1024.0,
        per_request,
        second_half.len()
    );
    println!("  MiB every 5 s: {}", series.join(" "));
}

fn row(name: &str, stats: &Stats, baseline: Option<&Stats>) {
    let ratio = baseline.map_or_else(
        || "-".to_owned(),
        |b| format!("{:.2}", stats.rps() / b.rps()),
    );
    println!(
        "{name:<34} {:>10.0} req/s  p50 {:>8.3} ms  p99 {:>8.3} ms  ratio {ratio:>5}  ({} requests)",
        stats.rps(),
        stats.p50.as_secs_f64() * 1e3,
        stats.p99.as_secs_f64() * 1e3,
        stats.requests,
    );
}

fn main() {
    let secs = env_u64("AARTIQ_BENCH_SECS", 5);
    let soak = env_u64("AARTIQ_BENCH_SOAK_SECS", 120);
    let concurrency = usize::try_from(env_u64("AARTIQ_BENCH_CONCURRENCY", 16)).unwrap_or(16);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let stop = CancellationToken::new();
        let hello = hello_server(stop.clone()).await;
        let (aartiq, api) = aartiq_server(stop.clone()).await;
        println!(
            "http load: {concurrency} connections, {secs} s each, client and servers in one process on 127.0.0.1"
        );
        // Warm-up: connections, allocator, agent registration.
        load(&format!("http://{hello}/"), "", concurrency, 1).await;
        load(&format!("http://{aartiq}/api/browser_status"), "{}", concurrency, 1).await;

        let baseline = load(&format!("http://{hello}/"), "", concurrency, secs).await;
        row("hyper hello (baseline)", &baseline, None);
        let checks = load(&format!("http://{aartiq}/nowhere"), "{}", concurrency, secs).await;
        row("POST /nowhere (checks + 404 only)", &checks, Some(&baseline));
        let status = load(&format!("http://{aartiq}/api/browser_status"), "{}", concurrency, secs).await;
        row("POST /api/browser_status", &status, Some(&baseline));
        let snapshot = load(
            &format!("http://{aartiq}/api/snapshot"),
            r#"{"tabId":"1"}"#,
            concurrency,
            secs,
        )
        .await;
        row("POST /api/snapshot (201 controls)", &snapshot, Some(&baseline));

        if soak > 0 {
            // One continuous soak sampled every second; flat in the second half means no leak.
            let sampler = RssSampler::start();
            let run = load(
                &format!("http://{aartiq}/api/browser_status"),
                "{}",
                concurrency,
                soak,
            )
            .await;
            memory_summary(&sampler.finish(), run.requests, soak);

            // Anonymous callers: each call registers a new agent (spec d.6) that stays.
            let before_agents = api.registry().with_policy(|p| p.agents.list().count());
            let before = rss_kib();
            let anonymous = load_as(
                &format!("http://{aartiq}/api/browser_status"),
                "{}",
                concurrency,
                secs,
                None,
            )
            .await;
            let after = rss_kib();
            let agents = api.registry().with_policy(|p| p.agents.list().count()) - before_agents;
            row("POST /api/browser_status (anonymous)", &anonymous, Some(&baseline));
            println!(
                "  {} anonymous calls registered {agents} agents; resident memory {:+.1} MiB ({:.0} bytes per call)",
                anonymous.requests,
                mib(after) - mib(before),
                (after as f64 - before as f64) * 1024.0 / anonymous.requests.max(1) as f64
            );
        }
        stop.cancel();
    });
}
