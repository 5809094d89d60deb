//! The opt-in remote-browser tier (`cargo xtask test --remote-browser`): the real `aartiq-http`
//! attached to a real Browserless pool on 127.0.0.1 with a token, a concurrency of 2 and a
//! queue of 1. Three agents work at once, each in its own browsing context; a full pool gives
//! `BROWSER_BUSY` with the pool's words; Browserless killed mid-run gives typed errors, and the
//! calls after it is back succeed. Ignored in the default run: it needs the npm install the
//! tier makes (`AARTIQ_BROWSERLESS`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use aartiq_test_support::zoo::Zoo;
use serde_json::{Value, json};

use crate::api::Api;

const TOKEN: &str = "pool-token-7Hq2";

struct Pool {
    child: Child,
    port: u16,
}

impl Pool {
    fn start(port: u16) -> Pool {
        let dir = std::env::var("AARTIQ_BROWSERLESS").unwrap_or_else(|_| {
            panic!("run this tier with `cargo xtask test --remote-browser` (AARTIQ_BROWSERLESS)")
        });
        let dir = std::path::PathBuf::from(dir);
        let child = Command::new("node")
            .arg(dir.join("node_modules/@browserless.io/browserless/build/index.js"))
            .current_dir(&dir)
            .env("PLAYWRIGHT_BROWSERS_PATH", dir.join("pw-browsers"))
            .env("ROUTES", dir.join("routes"))
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("TOKEN", TOKEN)
            .env("CONCURRENT", "2")
            .env("QUEUED", "1")
            .env("TIMEOUT", "300000")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap();
        let pool = Pool { child, port };
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let ready =
                reqwest::blocking::get(format!("http://127.0.0.1:{port}/active?token={TOKEN}"))
                    .is_ok_and(|r| r.status().as_u16() == 204);
            if ready {
                return pool;
            }
            assert!(Instant::now() < deadline, "Browserless did not start");
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn url(&self) -> String {
        format!("ws://127.0.0.1:{}?token={TOKEN}", self.port)
    }

    /// Kills Browserless and every browser it started (quietly when the group is gone
    /// already: the drop after a kill in the test kills again).
    fn kill(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(std::process::Stdio::null())
            .status();
        let _ = self.child.wait();
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.kill();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Opens a raw DevTools WebSocket to the pool and keeps it: a session that holds a slot (or,
/// once the slots are taken, a place in the queue). Returns the stream and the status line
/// when one came within `wait`.
fn hold(port: u16, wait: Duration) -> (TcpStream, Option<String>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    write!(
        stream,
        "GET /?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .unwrap();
    let mut buf = [0u8; 256];
    let line = match stream.read(&mut buf) {
        Ok(n) if n > 0 => Some(
            String::from_utf8_lossy(&buf[..n])
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned(),
        ),
        _ => None,
    };
    (stream, line)
}

/// `new_tab` at `url`, then the page's text (or the error body of the first that failed).
fn visit(api: &Api, client: &str, url: &str) -> Value {
    match api.new_tab(client, url) {
        Ok(tab) => api.call(client, "get_page_text", json!({"tabId": tab}), None),
        Err(error) => error,
    }
}

#[test]
#[ignore = "the remote-browser tier: cargo xtask test --remote-browser"]
fn remote_browser_pool_serves_three_agents_refuses_when_full_and_comes_back() {
    let zoo = Zoo::start().unwrap();
    let port = free_port();
    let mut pool = Pool::start(port);
    let agents = Api::start_with("limited", &["--attach", &pool.url()]);
    let names = ["ada", "grace", "edsger"];
    let clients: Vec<String> = names.iter().map(|n| agents.client(n)).collect();

    // Three agents at once, each in its own context: each sees only its own cookie.
    std::thread::scope(|scope| {
        for (name, client) in names.iter().zip(&clients) {
            let agents = &agents;
            let zoo = &zoo;
            scope.spawn(move || {
                let seen = visit(agents, client, &format!("{}#{name}", zoo.url("/cookies")));
                assert!(
                    Api::text(&seen).contains(&format!("cookie: who={name}")),
                    "{name}: {seen}"
                );
                let mine = visit(agents, client, &zoo.url("/cookies"));
                assert!(!Api::text(&mine).contains("cookie: none"), "{name}: {mine}");
                for other in names.iter().filter(|o| *o != name) {
                    assert!(
                        !Api::text(&mine).contains(other),
                        "{name} sees {other}: {mine}"
                    );
                }
            });
        }
    });
    // The token never reaches an agent.
    let status = agents.call(&clients[0], "browser_status", json!({}), None);
    assert!(!status.to_string().contains(TOKEN), "{status}");

    // Browserless dies mid-run: typed errors, not a hang.
    pool.kill();
    let gone = visit(&agents, &clients[0], &zoo.url("/cookies"));
    let code = gone["code"].as_str().unwrap_or_default().to_owned();
    assert!(
        code == "BROWSER_GONE" || code.contains("BROWSER_RESTARTED"),
        "{gone}"
    );
    assert!(!gone.to_string().contains(TOKEN), "{gone}");

    // Back, but full: two sessions hold the slots and a third waits in the queue.
    let mut pool = Pool::start(port);
    let (first, a) = hold(port, Duration::from_secs(30));
    let (second, b) = hold(port, Duration::from_secs(30));
    assert!(a.as_deref().is_some_and(|l| l.contains("101")), "{a:?}");
    assert!(b.as_deref().is_some_and(|l| l.contains("101")), "{b:?}");
    let (queued, _) = hold(port, Duration::from_millis(500));
    let busy = agents.call(&clients[1], "list_tabs", json!({}), None);
    assert_eq!(busy["code"], "BROWSER_BUSY", "{busy}");
    assert!(Api::text(&busy).contains("429"), "{busy}");
    assert!(!busy.to_string().contains(TOKEN), "{busy}");

    // Room again: the next call reconnects and works.
    drop((first, second, queued));
    let deadline = Instant::now() + Duration::from_secs(60);
    let back = loop {
        let back = visit(
            &agents,
            &clients[2],
            &format!("{}#again", zoo.url("/cookies")),
        );
        if back["isError"] == false || Instant::now() > deadline {
            break back;
        }
        std::thread::sleep(Duration::from_secs(1));
    };
    assert!(Api::text(&back).contains("cookie: who=again"), "{back}");
    pool.kill();
}

#[test]
#[ignore = "the remote-browser tier: cargo xtask test --remote-browser"]
fn remote_browser_pool_over_wss_with_a_private_ca() {
    use aartiq_test_support::tls::{Gate, Terminator, ca_file};

    let zoo = Zoo::start().unwrap();
    let port = free_port();
    let _pool = Pool::start(port);
    // TLS in front of the pool, as a hosted pool's edge; the pool checks its own token.
    let edge = Terminator::start(port, Gate::Open);
    let url = format!("wss://localhost:{}?token={TOKEN}", edge.port());
    let ca = ca_file();
    let agents = Api::start_with(
        "limited",
        &["--attach", &url, "--attach-ca", ca.to_str().unwrap()],
    );
    let client = agents.client("ada");
    let seen = visit(&agents, &client, &format!("{}#ada", zoo.url("/cookies")));
    assert!(Api::text(&seen).contains("cookie: who=ada"), "{seen}");
    assert!(!seen.to_string().contains(TOKEN), "{seen}");

    // Without the private CA the edge's certificate is refused, and the error says why
    // without the token.
    let untrusting = Api::start_with("limited", &["--attach", &url]);
    let client = untrusting.client("grace");
    let refused = untrusting.call(&client, "list_tabs", json!({}), None);
    assert_eq!(refused["isError"], true, "{refused}");
    assert!(
        Api::text(&refused).to_lowercase().contains("certificate"),
        "{refused}"
    );
    assert!(!refused.to_string().contains(TOKEN), "{refused}");
}
