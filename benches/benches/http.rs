//! The HTTP agent API under load: `POST /api/browser_status` and `POST /api/snapshot` (a
//! 200-control page on the fake browser, and an unknown route for the cost of the checks alone, so the pipeline and rendering are measured, not
//! Chromium) against a bare hyper "hello" server measured in the same run with the same client.
//! Reports requests/s, p50 and p99 latency, the ratio to the baseline, and the server's resident
//! memory before and after a soak of `POST /api/browser_status`.
//!
//! `cargo bench -p aartiq-benches --bench http`; `AARTIQ_BENCH_SECS` (default 5) per
//! measurement, `AARTIQ_BENCH_SOAK_SECS` (default 60) for the memory soak,
//! `AARTIQ_BENCH_CONCURRENCY` (default 16) connections. Everything stays on 127.0.0.1 and every
//! loop is bounded in time.
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark binary that reports on the terminal and fails loudly"
)]

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
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

async fn aartiq_server(stop: CancellationToken) -> SocketAddr {
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
    let server = HttpServer::bind(api, config).await.unwrap().without_mcp();
    let addr = server.local_addr().unwrap();
    tokio::spawn(server.serve(stop));
    addr
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

/// `concurrency` keep-alive clients POSTing `body` to `url` for `secs` seconds.
async fn load(url: &str, body: &'static str, concurrency: usize, secs: u64) -> Stats {
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
            let mut latencies = Vec::new();
            while Instant::now() < deadline {
                let t = Instant::now();
                let response = client
                    .post(&url)
                    .bearer_auth(TOKEN)
                    // One agent: the snapshot calls share tab 1's lock.
                    .header("x-agent-id", "bench")
                    .body(body)
                    .send()
                    .await
                    .expect("request");
                let status = response.status();
                assert!(status.is_success() || status == 404, "{status}");
                response.bytes().await.expect("body");
                latencies.push(t.elapsed());
            }
            latencies
        }));
    }
    let mut all = Vec::new();
    for worker in workers {
        all.extend(worker.await.unwrap());
    }
    let elapsed = started.elapsed();
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    Stats {
        requests: all.len(),
        elapsed,
        p50: at(0.50),
        p99: at(0.99),
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
    let soak = env_u64("AARTIQ_BENCH_SOAK_SECS", 60);
    let concurrency = usize::try_from(env_u64("AARTIQ_BENCH_CONCURRENCY", 16)).unwrap_or(16);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let stop = CancellationToken::new();
        let hello = hello_server(stop.clone()).await;
        let aartiq = aartiq_server(stop.clone()).await;
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
            // The soak in slices, with the resident memory after each: flat means no leak.
            let slices = soak.div_ceil(10);
            let mut samples = vec![rss_kib()];
            let mut total = 0;
            for _ in 0..slices {
                let slice = load(
                    &format!("http://{aartiq}/api/browser_status"),
                    "{}",
                    concurrency,
                    soak / slices,
                )
                .await;
                total += slice.requests;
                samples.push(rss_kib());
            }
            println!(
                "soak {soak} s, {total} x browser_status: resident memory (client + servers) in KiB every {} s: {samples:?}",
                soak / slices
            );
        }
        stop.cancel();
    });
}
