//! The web UI end to end (issue 14): the real binary serving the API and the UI on one port, a
//! scripted model, and a second real headless Chromium driving the page with the keyboard.
//! Screenshots of each state go to `<target>/ui-screenshots/`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use aartiq_cdp::{BrowserConfig, CdpBrowser, LaunchOptions};
use aartiq_host::PageHost as _;
use aartiq_test_support::model_server::{ModelReply, ModelServer};
use aartiq_tools::{Browser as _, TabId};
use serde_json::{Value, json};

use crate::{collect, config, page};

/// The binary with the API (and so the UI) on a free port; stdin stays open so it keeps running.
struct Assistant {
    child: Child,
    output: Arc<Mutex<String>>,
    /// What it logged on stderr.
    log: Arc<Mutex<String>>,
}

impl Assistant {
    fn start(model: &ModelServer, home: &std::path::Path, config: &std::path::Path) -> Assistant {
        Assistant::start_with_env(model, home, config, &[])
    }

    fn start_with_env(
        model: &ModelServer,
        home: &std::path::Path,
        config: &std::path::Path,
        env: &[(&str, &str)],
    ) -> Assistant {
        let mut child = Command::new(env!("CARGO_BIN_EXE_aartiq-browser"))
            .arg("--config")
            .arg(config)
            .args([
                "--port",
                "0",
                "--model-url",
                &model.base_url(),
                "--model",
                "scripted",
            ])
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = collect(child.stdout.take().unwrap());
        let log = collect(child.stderr.take().unwrap());
        Assistant { child, output, log }
    }

    /// Types a line at the binary's terminal prompt.
    fn type_line(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits until the binary's output holds `needle`.
    fn wait_for(&self, needle: &str) {
        wait_in(&self.output, needle);
    }

    /// The UI link the binary printed.
    fn ui_url(&self) -> String {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            if let Some(url) = self
                .output
                .lock()
                .unwrap()
                .lines()
                .find_map(|l| l.strip_prefix("Web UI: "))
            {
                return url.trim().to_owned();
            }
            assert!(
                Instant::now() < deadline,
                "no UI link; output:\n{}",
                self.output.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Assistant {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The agent API's admin token, from the default token file under `home`.
fn admin_token(home: &std::path::Path) -> String {
    std::fs::read_to_string(home.join(".aartiq-agent-token"))
        .unwrap()
        .trim()
        .to_owned()
}

/// Waits until `text` holds `needle`.
fn wait_in(text: &Mutex<String>, needle: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !text.lock().unwrap().contains(needle) {
        assert!(
            Instant::now() < deadline,
            "no {needle:?} in:\n{}",
            text.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A raw HTTP/1.1 request (no client library that might add or drop headers); status and body.
fn http(addr: &str, request: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

struct Page {
    cdp: CdpBrowser,
    tab: TabId,
    session: String,
    shots: std::path::PathBuf,
}

impl Page {
    /// A headless Chromium of the test's own at `url`.
    async fn open(url: &str) -> Page {
        let cdp = CdpBrowser::launch_with(
            LaunchOptions {
                headless: true,
                extra_args: vec!["--window-size=1000,760".to_owned()],
                ..LaunchOptions::default()
            },
            // The person's browser: its posts to the UI are the person's, not side effects.
            BrowserConfig {
                unsafe_request_hosts: vec!["127.0.0.1".to_owned()],
                ..BrowserConfig::default()
            },
        )
        .await
        .unwrap();
        let tab = cdp.new_tab(Some(url)).await.unwrap().id;
        let session = cdp.session(&tab).unwrap();
        Page {
            cdp,
            tab,
            session,
            shots: screenshot_dir(),
        }
    }

    /// [`Page::open`] on the UI at `url`, once it has connected.
    async fn connect(url: &str) -> Page {
        let page = Page::open(url).await;
        page.connected().await;
        page
    }

    /// Types `goal` and waits for the approval dialog it brings up.
    async fn ask(&self, goal: &str) {
        self.type_goal(goal).await;
        self.dialog().await;
    }

    async fn eval(&self, expression: &str) -> Value {
        let reply = self
            .cdp
            .connection()
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
                Some(&self.session),
            )
            .await
            .unwrap();
        reply["result"]["value"].clone()
    }

    async fn wait(&self, what: &str, expression: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if self.eval(expression).await == json!(true) {
                return;
            }
            if Instant::now() > deadline {
                let text = self.eval("document.body.innerText").await;
                panic!("timed out waiting for {what}; the page says:\n{text}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Until the page has its session and the event stream.
    async fn connected(&self) {
        self.wait(
            "the page to connect",
            "document.getElementById('status').textContent === 'Ready'",
        )
        .await;
    }

    /// Until the goal box takes a goal again.
    async fn idle(&self) {
        self.wait(
            "the box to be ready",
            "!document.getElementById('goal').disabled",
        )
        .await;
    }

    /// Until the approval dialog is open.
    async fn dialog(&self) {
        self.wait(
            "the approval dialog",
            "document.getElementById('approval').open",
        )
        .await;
    }

    /// Until `runs` runs have ended.
    async fn outcomes(&self, runs: usize) {
        self.wait(
            &format!("{runs} runs to end"),
            &format!("document.querySelectorAll('.outcome').length === {runs}"),
        )
        .await;
    }

    /// The steps' statuses, comma-separated.
    async fn statuses(&self) -> Value {
        self.eval(
            "[...document.querySelectorAll('.step .status')].map(e => e.dataset.status).join(',')",
        )
        .await
    }

    async fn key(&self, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            let mut event =
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code});
            if key == "Enter" && kind == "keyDown" {
                event["text"] = json!("\r");
            }
            self.cdp
                .connection()
                .call("Input.dispatchKeyEvent", event, Some(&self.session))
                .await
                .unwrap();
        }
    }

    /// Navigates the page's tab to `url`.
    async fn goto(&self, url: &str) {
        self.cdp.navigate(&self.tab, url).await.unwrap();
    }

    /// Focuses the element the script expression `element` names and presses Enter on it.
    async fn enter_on(&self, element: &str) {
        self.eval(&format!("{element}.focus(); true")).await;
        self.key("Enter", 13).await;
    }

    async fn type_goal(&self, goal: &str) {
        self.eval("document.getElementById('goal').focus(); true")
            .await;
        self.cdp
            .connection()
            .call(
                "Input.insertText",
                json!({"text": goal}),
                Some(&self.session),
            )
            .await
            .unwrap();
        self.key("Enter", 13).await;
    }

    async fn shot(&self, name: &str) {
        let png = self.cdp.screenshot(&self.tab, None).await.unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{name} is a PNG");
        std::fs::write(self.shots.join(format!("{name}.png")), png).unwrap();
    }
}

/// `<target>/ui-screenshots`, next to the test binary's `debug/`.
fn screenshot_dir() -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let target = exe.ancestors().nth(3).unwrap().to_path_buf();
    let dir = target.join("ui-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ui_asks_in_a_dialog_runs_what_is_approved_and_stops_what_is_denied() {
    let (site, log) = page("<!doctype html><title>Hello page</title><p>The answer is 42.</p>");
    let model = ModelServer::start(vec![
        ModelReply::text(format!(
            "I will open the page.\n[THINK: the answer is on the test page]\n[NAVIGATE: {site}/hello]"
        )),
        ModelReply::text("The page says the answer is 42."),
        ModelReply::text(format!("[NAVIGATE: {site}/never]")),
        ModelReply::text("Understood, I will not open it."),
        ModelReply::text("The PDF skill is loaded."),
    ])
    .unwrap();
    let home = tempfile::tempdir().unwrap();
    let assistant = Assistant::start(&model, home.path(), &config(home.path()));
    let url = assistant.ui_url();
    let (base, fragment) = url.split_once('#').unwrap();
    assert!(
        base.ends_with("/ui/") && fragment.starts_with("t="),
        "{url}"
    );
    let addr = base
        .trim_start_matches("http://")
        .trim_end_matches("/ui/")
        .to_owned();

    let page = Page::connect(&url).await;
    // The token left the address bar, and the session cookie is out of the page's reach.
    assert_eq!(page.eval("location.href").await, json!(base));
    assert_eq!(page.eval("document.cookie").await, json!(""));
    page.shot("1-ready").await;

    // A goal that needs an approval: the dialog shows the action; Enter approves.
    page.type_goal("Open the test page and tell me the answer")
        .await;
    page.dialog().await;
    assert_eq!(
        page.eval("document.getElementById('approval-items').innerText.includes('NAVIGATE') && document.getElementById('approval-items').innerText.includes('/hello')").await,
        json!(true)
    );
    assert_eq!(
        page.eval("document.activeElement.id").await,
        json!("approve"),
        "the dialog has the focus"
    );
    assert!(
        !log.lock().unwrap().iter().any(|p| p == "/hello"),
        "nothing is opened before the person answers"
    );
    page.shot("2-approval").await;
    page.key("Enter", 13).await;
    page.wait(
        "the run to finish",
        "[...document.querySelectorAll('.outcome')].some(e => e.textContent === 'Done.')",
    )
    .await;
    assert!(log.lock().unwrap().iter().any(|p| p == "/hello"));
    let text = page.eval("document.getElementById('log').innerText").await;
    let text = text.as_str().unwrap();
    assert!(text.contains("The page says the answer is 42."), "{text}");
    assert!(text.contains("Approved."), "{text}");
    assert_eq!(
        page.eval("document.querySelector('.step .status').dataset.status")
            .await,
        json!("ok")
    );
    assert_eq!(
        page.eval("document.querySelectorAll('.step.think details').length")
            .await,
        json!(1),
        "THINK is collapsible"
    );
    page.shot("3-completed").await;

    // A second run, denied with Escape: the action does not happen.
    page.idle().await;
    let goal = "Compare these two laptops: go to example.com and read it";
    let skills = aartiq_skills::skills_for_message(goal);
    assert!(!skills.is_empty());
    page.ask(goal).await;
    page.key("Escape", 27).await;
    page.outcomes(2).await;
    assert_eq!(page.statuses().await, json!("ok,denied"));
    assert!(!log.lock().unwrap().iter().any(|p| p == "/never"));
    // The skills the runtime loaded for the goal, in a chip.
    let n = skills.len();
    assert_eq!(
        page.eval("document.querySelector('.chip').textContent")
            .await,
        json!(format!("{n} skill{} loaded", if n == 1 { "" } else { "s" }))
    );
    assert_eq!(
        page.eval("[...document.querySelectorAll('.skills li')].map(e => e.textContent).join(',')")
            .await,
        json!(skills.join(","))
    );
    page.eval("document.querySelector('.skills').open = true; document.querySelector('.skills').scrollIntoView(); true").await;
    page.shot("4-denied").await;

    // "load/use/activate <skill>" from the box loads it; the chip says so.
    page.idle().await;
    let loaded = aartiq_skills::skills_for_message("load the pdf skill");
    assert!(loaded.contains(&"pdf"), "{loaded:?}");
    page.type_goal("load the pdf skill").await;
    page.outcomes(3).await;
    assert_eq!(
        page.eval("[...document.querySelectorAll('.skills')].pop().querySelector('.chip').textContent + ':' + [...document.querySelectorAll('.skills')].pop().textContent.includes('pdf')").await,
        json!(format!("{} skills loaded:true", loaded.len())),
        "{}",
        page.eval("[...document.querySelectorAll('.run')].pop().innerText").await
    );

    // Cross-site requests are refused, with the person's real session cookie too.
    let cookies = page
        .cdp
        .connection()
        .call(
            "Network.getCookies",
            json!({"urls": [base]}),
            Some(&page.session),
        )
        .await
        .unwrap();
    let cookie = cookies["cookies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "aartiq_ui")
        .unwrap();
    assert_eq!(cookie["httpOnly"], json!(true));
    assert_eq!(cookie["sameSite"], json!("Strict"));
    assert_eq!(cookie["path"], json!("/ui"));
    let cookie = format!("aartiq_ui={}", cookie["value"].as_str().unwrap());
    let goal = r#"{"goal":"[NAVIGATE: http://127.0.0.1:9/x]"}"#;
    let post = |origin: &str| {
        format!(
            "POST /ui/goal HTTP/1.1\r\nhost: {addr}\r\ncookie: {cookie}\r\n{origin}content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{goal}",
            goal.len()
        )
    };
    let (status, body) = http(&addr, &post("origin: http://evil.example\r\n"));
    assert_eq!((status, body.as_str()), (403, r#"{"error":"bad_origin"}"#));
    // Another local port is another site for the UI (SameSite does not tell them apart).
    let (status, body) = http(&addr, &post("origin: http://127.0.0.1:1\r\n"));
    assert_eq!((status, body.as_str()), (403, r#"{"error":"bad_origin"}"#));
    let (status, _) = http(&addr, &post(""));
    assert_eq!(
        status, 403,
        "a state change with the cookie needs the page's Origin"
    );
    let (status, body) = http(
        &addr,
        &format!("GET /ui/state HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n"),
    );
    assert_eq!((status, body.as_str()), (401, r#"{"error":"no_session"}"#));
    let (status, _) = http(
        &addr,
        &format!(
            "GET /ui/state HTTP/1.1\r\nhost: {addr}\r\ncookie: {cookie}\r\nconnection: close\r\n\r\n"
        ),
    );
    assert_eq!(status, 200);
    // A wrong token gets no session.
    let wrong = r#"{"token":"not-the-token"}"#;
    let (status, body) = http(
        &addr,
        &format!(
            "POST /ui/session HTTP/1.1\r\nhost: {addr}\r\norigin: http://{addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{wrong}",
            wrong.len()
        ),
    );
    assert_eq!((status, body.as_str()), (401, r#"{"error":"bad_token"}"#));
    let (status, body) = http(
        &addr,
        "GET /ui/ HTTP/1.1\r\nhost: evil.example\r\nconnection: close\r\n\r\n",
    );
    assert_eq!((status, body.as_str()), (403, r#"{"error":"bad_host"}"#));
    page.cdp.close().await.unwrap();
    drop(assistant);
}

/// A config in `home` whose shell lines run in `work`, denied after `timeout_secs` unanswered.
fn shell_config(
    home: &std::path::Path,
    work: &std::path::Path,
    timeout_secs: u64,
) -> std::path::PathBuf {
    let config = home.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[assistant]\nplanning = false\nmax_steps = 4\napproval_timeout_secs = {timeout_secs}\n[shell]\nworking_dir = {:?}\n",
            work.display().to_string()
        ),
    )
    .unwrap();
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shell_batch_is_approved_whole_an_unanswered_prompt_is_denied_in_time_and_runs_go_one_at_a_time()
 {
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let config = shell_config(home.path(), work.path(), 5);
    let model = ModelServer::start(vec![
        ModelReply::text("[SHELL_COMMAND: touch one.txt]\n[SHELL_COMMAND: touch two.txt]"),
        ModelReply::text("Both files are there."),
        ModelReply::text("[SHELL_COMMAND: touch three.txt]"),
        ModelReply::text("It was not approved."),
    ])
    .unwrap();
    let mut assistant = Assistant::start(&model, home.path(), &config);
    let page = Page::connect(&assistant.ui_url()).await;

    page.ask("Make two files").await;
    assert_eq!(
        page.eval("document.getElementById('approval-title').textContent")
            .await,
        json!("Approve 2 shell commands together?")
    );
    assert_eq!(
        page.eval("document.querySelectorAll('#approval-items > li').length")
            .await,
        json!(2)
    );
    let items = page
        .eval("document.getElementById('approval-items').innerText")
        .await;
    assert!(items.as_str().unwrap().contains("Shell policy:"), "{items}");
    assert!(!work.path().join("one.txt").exists());
    page.shot("5-shell-batch").await;
    // Enter on the focused Approve button answers for the whole batch.
    page.key("Enter", 13).await;
    page.outcomes(1).await;
    assert!(work.path().join("one.txt").exists());
    assert!(work.path().join("two.txt").exists());
    assert_eq!(page.statuses().await, json!("ok,ok"));

    // Nobody answers: the countdown runs out and the action is denied.
    page.idle().await;
    page.ask("Make a third file").await;
    let countdown = page
        .eval("document.getElementById('approval-countdown').textContent")
        .await;
    assert!(
        countdown
            .as_str()
            .unwrap()
            .starts_with("Denied automatically in"),
        "{countdown}"
    );
    let asked = Instant::now();
    // One run at a time: the terminal is told the UI's run is still going.
    assistant.type_line("What time is it?");
    assistant.wait_for("A run started in the web UI is still going");
    page.wait(
        "the dialog to close",
        "!document.getElementById('approval').open",
    )
    .await;
    assert!(
        asked.elapsed() >= Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    page.outcomes(2).await;
    let text = page.eval("document.getElementById('log').innerText").await;
    assert!(
        text.as_str().unwrap().contains("timed out after 5s"),
        "{text}"
    );
    assert!(!work.path().join("three.txt").exists());
    page.shot("6-timed-out").await;

    // And the other way round: while a terminal run waits for its approval, the UI refuses.
    page.idle().await;
    assistant.type_line("[SHELL_COMMAND: touch four.txt]");
    // `touch` in the working folder may be allowed always (spec b.9).
    assistant.wait_for("Approve? [y/N/a = yes, no, always for this exact line]");
    page.type_goal("Make a fifth file").await;
    page.wait(
        "the refusal",
        "document.getElementById('status').textContent === 'A run is still going.'",
    )
    .await;
    assistant.type_line("n");
    assistant.wait_for("denied");
    assert!(!work.path().join("four.txt").exists());
    assert_eq!(
        page.eval("document.querySelectorAll('.outcome').length")
            .await,
        json!(2),
        "the refused goal did not run"
    );
    page.cdp.close().await.unwrap();
    drop(assistant);
}

/// `days` days before now as an RFC 3339 UTC timestamp (for search results' dates).
fn days_ago(days: u64) -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        - days * 86_400;
    // Howard Hinnant's civil-from-days.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T08:00:00Z")
}

/// A page on `ip` (a loopback address of its own, so each page is its own domain).
fn page_on(ip: &str, body: String) -> String {
    serve_on(ip, "text/html; charset=utf-8", body)
}

/// Serves `body` as `content_type` to every request on `ip`; returns the base URL.
fn serve_on(ip: &str, content_type: &'static str, body: String) -> String {
    let listener = std::net::TcpListener::bind((ip, 0)).unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf);
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    base
}

fn article(title: &str, figure: &str) -> String {
    format!(
        "<!doctype html><html><head><title>{title}</title></head><body><main><article><h1>{title}</h1>\
         <p>Acme Corp reported revenue of {figure} for the third quarter, as demand for its industrial sensors recovered.</p>\
         <p>The company said it expects demand to stay firm through the holiday season, citing a backlog of orders from European carmakers.</p>\
         <p>Chief executive Maria Lopez told analysts on a call that pricing had held up better than expected.</p>\
         </article></main></body></html>"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_research_run_shows_progress_and_the_sources_disagree_panel() {
    let wire = page_on("127.0.0.2", article("Acme beats estimates", "$450 million"));
    let paper = page_on(
        "127.0.0.3",
        article("Acme revenue, by our figures", "$520 million"),
    );
    // A Brave Search stand-in on loopback (its real news wire format) that finds both pages.
    let results = json!({"results": [
        {"title": "Acme beats estimates", "url": format!("{wire}/acme"), "description": "Acme Q3", "age": days_ago(2)},
        {"title": "Acme revenue, by our figures", "url": format!("{paper}/acme"), "description": "Acme Q3", "age": days_ago(1)},
    ]})
    .to_string();
    let search_url = serve_on("127.0.0.1", "application/json", results);
    let model = ModelServer::start(vec![
        ModelReply::text("[DEEP_RESEARCH: acme quarterly revenue]"),
        ModelReply::text("The sources disagree on Acme's revenue: $450 million or $520 million."),
    ])
    .unwrap();
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[assistant]\nplanning = false\nmax_steps = 4\napproval_timeout_secs = 60\n[search]\nbrave_url = \"{search_url}\"\n"
        ),
    )
    .unwrap();
    let assistant = Assistant::start_with_env(
        &model,
        home.path(),
        &config,
        &[("BRAVE_API_KEY", "test-key")],
    );
    let page = Page::connect(&assistant.ui_url()).await;
    page.type_goal("How did Acme's third quarter go?").await;
    // DEEP_RESEARCH asks first when the catalog says so; answer if the dialog opens.
    page.wait(
        "the dialog or the research",
        "document.getElementById('approval').open || document.querySelector('.research') !== null",
    )
    .await;
    if page.eval("document.getElementById('approval').open").await == json!(true) {
        page.key("Enter", 13).await;
    }
    page.wait(
        "the research progress",
        "document.querySelector('.research progress') !== null",
    )
    .await;
    page.outcomes(1).await;
    let panel = page
        .eval("(document.querySelector('.disagree') || {innerText: 'no panel: ' + document.getElementById('log').innerText}).innerText")
        .await;
    let panel = panel.as_str().unwrap();
    assert!(panel.contains("Sources disagree"), "{panel}");
    // Each figure with the domain that stated it, in the pipeline's order.
    assert!(
        (panel.contains("$450 million vs $520 million reported")
            && panel.contains("127.0.0.2 vs 127.0.0.3"))
            || (panel.contains("$520 million vs $450 million reported")
                && panel.contains("127.0.0.3 vs 127.0.0.2")),
        "{panel}"
    );
    assert!(panel.contains("Claim: acme corp|reported"), "{panel}");
    assert!(panel.contains("Ratio 1.2×"), "{panel}");
    assert!(
        panel.contains("Coverage: 1 of 1 claims checked by more than one source (100%)"),
        "{panel}"
    );
    // The newer of the two dated results.
    assert!(panel.contains("Newest source: 127.0.0.3"), "{panel}");
    assert_eq!(
        page.eval("document.querySelector('.research progress').value")
            .await,
        json!(100)
    );
    page.eval("document.querySelector('.disagree').scrollIntoView(); true")
        .await;
    page.shot("7-research").await;
    page.cdp.close().await.unwrap();
    drop(assistant);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_agents_page_revokes_an_agent_and_works_the_kill_switch() {
    let model = ModelServer::start(vec![ModelReply::text("unused")]).unwrap();
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config.toml");
    std::fs::write(
        &config,
        "[assistant]\nplanning = false\n[[plugins]]\nid = \"notes\"\ncommand = \"/bin/false\"\ntrust = \"limited\"\n",
    )
    .unwrap();
    let assistant = Assistant::start(&model, home.path(), &config);
    let url = assistant.ui_url();
    let (base, _) = url.split_once('#').unwrap();
    let token = admin_token(home.path());
    let addr = base
        .trim_start_matches("http://")
        .trim_end_matches("/ui/")
        .to_owned();
    // An outside agent over the HTTP API, as any agent would call.
    let call = |agent: &str| {
        http(
            &addr,
            &format!(
                "POST /api/list_tabs HTTP/1.1\r\nhost: {addr}\r\nauthorization: Bearer {token}\r\nx-agent-id: {agent}\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{{}}"
            ),
        )
    };
    assert_eq!(call("outside-bot").0, 200);

    let page = Page::connect(&url).await;
    page.goto(&format!("{base}agents")).await;
    page.wait(
        "the agent list",
        "document.querySelector('tr[data-agent=\"outside-bot\"] .trust')?.textContent === 'limited'",
    )
    .await;
    assert_eq!(
        page.eval("document.querySelector('.chip').closest('tr').dataset.agent !== 'outside-bot'")
            .await,
        json!(true),
        "the assistant's own agent is marked, and has no revoke button"
    );
    // The configured MCP plugin, not started yet (plugins start on first use).
    page.wait(
        "the plugin list",
        "document.querySelector('tr[data-plugin=\"notes\"]') !== null",
    )
    .await;
    let plugin = page
        .eval("document.querySelector('tr[data-plugin=\"notes\"]').innerText")
        .await;
    let plugin = plugin.as_str().unwrap();
    assert!(
        plugin.contains("stopped") && plugin.contains("limited"),
        "{plugin}"
    );
    page.shot("8-agents").await;

    // Revoke with the keyboard: the agent's calls are refused from then on.
    page.enter_on("document.querySelector('tr[data-agent=\"outside-bot\"] .revoke')")
        .await;
    page.wait(
        "the agent to be revoked",
        "document.querySelector('tr[data-agent=\"outside-bot\"] .trust').textContent === 'revoked'",
    )
    .await;
    let (status, body) = call("outside-bot");
    assert_ne!(status, 200, "{body}");

    // The kill switch stops every agent, and the person releases it.
    assert_eq!(call("second-bot").0, 200);
    page.enter_on("document.getElementById('kill')").await;
    page.wait(
        "the kill switch",
        "document.getElementById('kill').textContent === 'Release kill switch'",
    )
    .await;
    let (status, body) = call("second-bot");
    assert_ne!(status, 200, "{body}");
    page.shot("9-kill-switch").await;
    page.key("Enter", 13).await;
    page.wait(
        "the release",
        "document.getElementById('kill').textContent === 'Engage kill switch'",
    )
    .await;
    assert_eq!(call("second-bot").0, 200);

    // A person raises an agent's trust.
    page.eval("const s = document.querySelector('tr[data-agent=\"second-bot\"] select'); s.value = 'standard'; s.dispatchEvent(new Event('change')); true").await;
    page.wait(
        "the new trust",
        "document.querySelector('tr[data-agent=\"second-bot\"] .trust')?.textContent === 'standard'",
    )
    .await;

    // The data routes refuse a cross-site page like the rest of the UI.
    let (status, _) = http(
        &addr,
        &format!(
            "POST /ui/api/killswitch HTTP/1.1\r\nhost: {addr}\r\norigin: http://127.0.0.1:1\r\nauthorization: Bearer {token}\r\ncontent-type: application/json\r\ncontent-length: 16\r\nconnection: close\r\n\r\n{{\"engaged\":true}}"
        ),
    );
    assert_eq!(status, 403);
    page.cdp.close().await.unwrap();
    drop(assistant);
}

/// Red team, finding 1: an agent holding the API's admin token (or an agent credential) cannot
/// act as the person in the web UI: no bearer opens a UI route, and `/ui/session` takes only
/// the printed link's own secret.
#[test]
fn no_api_token_opens_the_web_ui_only_the_printed_links_secret_does() {
    let model = ModelServer::start(vec![ModelReply::text("unused")]).unwrap();
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config.toml");
    std::fs::write(&config, "[assistant]\nplanning = false\n").unwrap();
    let assistant = Assistant::start(&model, home.path(), &config);
    let url = assistant.ui_url();
    let (base, fragment) = url.split_once('#').unwrap();
    let secret = fragment.trim_start_matches("t=").to_owned();
    let admin = admin_token(home.path());
    assert_ne!(secret, admin, "the link must not carry the API's token");
    let addr = base
        .trim_start_matches("http://")
        .trim_end_matches("/ui/")
        .to_owned();
    let post = |path: &str, auth: &str, body: &str| {
        http(
            &addr,
            &format!(
                "POST {path} HTTP/1.1\r\nhost: {addr}\r\norigin: http://{addr}\r\n{auth}content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            ),
        )
    };
    let bearer = format!("authorization: Bearer {admin}\r\n");
    // The attacks of the finding, each with the admin token as a bearer (and as the API's
    // other token headers).
    for auth in [
        bearer.clone(),
        format!("x-aartiq-token: {admin}\r\n"),
        format!("x-aartiq-native-token: {admin}\r\n"),
    ] {
        for (path, body) in [
            ("/ui/api/killswitch", r#"{"engaged":false}"#),
            ("/ui/api/agents/evil-bot/trust", r#"{"level":"privileged"}"#),
            ("/ui/goal", r#"{"goal":"[SHELL_COMMAND: id]"}"#),
            ("/ui/approvals/1", r#"{"answer":"approve"}"#),
            ("/ui/api/always/revoke", r#"{"line":"ls"}"#),
        ] {
            let (status, body) = post(path, &auth, body);
            assert_eq!(status, 401, "{path} with {auth:?}: {body}");
        }
    }
    let (status, _) = http(
        &addr,
        &format!("GET /ui/events HTTP/1.1\r\nhost: {addr}\r\n{bearer}connection: close\r\n\r\n"),
    );
    assert_eq!(status, 401, "the event feed shows the person's approvals");
    // The admin token does not buy a session either.
    let (status, body) = post("/ui/session", "", &format!(r#"{{"token":"{admin}"}}"#));
    assert_eq!(status, 401, "{body}");
    // The printed link's secret does.
    let (status, body) = post("/ui/session", "", &format!(r#"{{"token":"{secret}"}}"#));
    assert_eq!(status, 200, "{body}");
    drop(assistant);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_library_page_shows_the_stores_bookmarks_history_automations_and_settings() {
    let (site, _log) = page("<!doctype html><title>Visited page</title><p>hello</p>");
    let model = ModelServer::start(vec![ModelReply::text("unused")]).unwrap();
    let home = tempfile::tempdir().unwrap();
    // What earlier sessions left in the store.
    let store = aartiq_store::Store::open(home.path().join("data/aartiq/aartiq.db")).unwrap();
    store
        .add_bookmark(
            "https://example.org/docs",
            "Example docs",
            1_700_000_000_000,
        )
        .unwrap();
    let dark = aartiq_store::plan_settings_update(Some("ui"), &json!({"theme": "dark"})).unwrap();
    store.apply_settings(&dark, 1).unwrap();
    store
        .add_automation(
            &aartiq_store::NewAutomation {
                name: "Stretch".to_owned(),
                description: "A reminder every hour".to_owned(),
                schedule: aartiq_store::Schedule::parse("every 60 minutes").unwrap(),
                action: aartiq_store::AutomationAction::Reminder {
                    message: "stand up".to_owned(),
                },
            },
            1_700_000_000_000,
        )
        .unwrap();
    drop(store);
    let assistant = Assistant::start(&model, home.path(), &config(home.path()));
    let url = assistant.ui_url();
    let base = url.split_once('#').unwrap().0.to_owned();
    let page = Page::connect(&url).await;
    // A page opened from the chat (a typed command) lands in the history.
    page.ask(&format!("[NAVIGATE: {site}/visited]")).await;
    page.key("Enter", 13).await;
    page.outcomes(1).await;
    page.goto(&format!("{base}library")).await;
    page.wait(
        "the library",
        "document.getElementById('status').textContent.endsWith('automations')",
    )
    .await;
    let bookmarks = page
        .eval("document.getElementById('bookmarks').innerText")
        .await;
    assert!(
        bookmarks.as_str().unwrap().contains("Example docs"),
        "{bookmarks}"
    );
    assert_eq!(
        page.eval("document.querySelector('#bookmarks a').getAttribute('rel')")
            .await,
        json!("noreferrer noopener")
    );
    let history = page
        .eval("document.getElementById('history').innerText")
        .await;
    assert!(
        history
            .as_str()
            .unwrap()
            .contains(&format!("{site}/visited")),
        "{history}"
    );
    let automations = page
        .eval("document.getElementById('automations').innerText")
        .await;
    let automations = automations.as_str().unwrap();
    assert!(
        automations.contains("Stretch") && automations.contains("every 60 minutes"),
        "{automations}"
    );
    assert_eq!(
        page.eval("document.querySelector('#settings tr.changed code').textContent")
            .await,
        json!("ui.theme")
    );
    page.shot("10-library").await;
    page.cdp.close().await.unwrap();
    drop(assistant);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn always_allow_is_offered_only_for_an_eligible_line_runs_it_unasked_and_can_be_revoked() {
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    std::fs::write(work.path().join("notes.txt"), "buy milk\n").unwrap();
    let config = shell_config(home.path(), work.path(), 120);
    let model = ModelServer::start(vec![
        ModelReply::text("[SHELL_COMMAND: cat notes.txt]"),
        ModelReply::text("Your notes say: buy milk."),
        ModelReply::text("[SHELL_COMMAND: cat notes.txt]"),
        ModelReply::text("Still: buy milk."),
        ModelReply::text("[SHELL_COMMAND: echo see https://example.com/]"),
        ModelReply::text("It was not run."),
    ])
    .unwrap();
    let assistant = Assistant::start(&model, home.path(), &config);
    let url = assistant.ui_url();
    let base = url.split_once('#').unwrap().0.to_owned();
    let page = Page::connect(&url).await;

    // An eligible line: the dialog shows the exact line and offers "Always allow".
    page.ask("Show my notes").await;
    assert_eq!(
        page.eval("document.querySelector('#approval-items pre.line').textContent")
            .await,
        json!("cat notes.txt")
    );
    assert_eq!(
        page.eval("document.getElementById('always').hidden").await,
        json!(false)
    );
    assert_eq!(
        page.eval("document.getElementById('always-note').hidden")
            .await,
        json!(true)
    );
    page.shot("11-always-offered").await;
    // Keyboard: the focused "Always allow" button takes Enter.
    page.enter_on("document.getElementById('always')").await;
    page.outcomes(1).await;
    let text = page.eval("document.getElementById('log').innerText").await;
    assert!(
        text.as_str()
            .unwrap()
            .contains("allowed always for 30 days: cat notes.txt"),
        "{text}"
    );

    // The same line again runs without a dialog.
    page.idle().await;
    // Counts every time the dialog opens from here on.
    page.eval(
        "window.dialogs = 0; const d = document.getElementById('approval'); \
         new MutationObserver(() => { if (d.open) window.dialogs++; }) \
         .observe(d, {attributes: true, attributeFilter: ['open']}); true",
    )
    .await;
    page.type_goal("Show them again").await;
    page.outcomes(2).await;
    assert_eq!(page.eval("window.dialogs").await, json!(0), "no dialog");
    assert_eq!(page.statuses().await, json!("ok,ok"));

    // A line the policy finds ineligible (it names a URL): no button, the reason instead, and
    // the API refuses an "always" answer for it.
    page.idle().await;
    page.ask("Echo a link").await;
    assert_eq!(
        page.eval("document.getElementById('always').hidden").await,
        json!(true)
    );
    let why = page
        .eval("document.getElementById('always-note').textContent")
        .await;
    assert!(why.as_str().unwrap().contains("url-argument"), "{why}");
    page.shot("12-always-not-offered").await;
    let refused = page
        .eval(
            "fetch('/ui/approvals/' + pending, {method: 'POST', credentials: 'same-origin', \
             headers: {'content-type': 'application/json'}, body: JSON.stringify({answer: 'always'})}) \
             .then(async r => [r.status, (await r.json()).error])",
        )
        .await;
    assert_eq!(refused, json!([400, "always_not_offered"]));
    assert_eq!(
        page.eval("document.getElementById('approval').open").await,
        json!(true),
        "the prompt still waits for a real answer"
    );
    page.eval("document.getElementById('deny').click(); true")
        .await;
    page.outcomes(3).await;

    // The library lists the grant; revoking it makes the line ask again.
    page.goto(&format!("{base}library")).await;
    page.wait(
        "the library",
        "document.querySelector('#always tr[data-line]') !== null",
    )
    .await;
    assert_eq!(
        page.eval("document.querySelector('#always tr[data-line]').dataset.line")
            .await,
        json!("cat notes.txt")
    );
    page.shot("13-always-library").await;
    page.eval("document.querySelector('#always tr[data-line] button').click(); true")
        .await;
    page.wait(
        "the revocation",
        "document.getElementById('status').textContent === 'Revoked: cat notes.txt' \
         && document.querySelector('#always tr[data-line]') === null",
    )
    .await;
    let store = aartiq_store::Store::open(home.path().join("data/aartiq/aartiq.db")).unwrap();
    assert!(
        store
            .load_shell_grants()
            .unwrap()
            .auto_approved_commands
            .is_empty()
    );
    page.cdp.close().await.unwrap();
    drop(assistant);
}

/// A virtual X display for `--headful`, stopped when dropped.
struct Display {
    server: Child,
    name: String,
}

impl Display {
    fn start() -> Display {
        // `-displayfd 1`: Xvfb picks a free display and writes its number to stdout.
        let mut server = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1800x1000x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb must be installed (cargo xtask test installs the xvfb package)");
        let mut stdout = server.stdout.take().unwrap();
        let mut number = String::new();
        let mut byte = [0u8; 1];
        while stdout.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {
            number.push(char::from(byte[0]));
        }
        assert!(!number.is_empty(), "Xvfb named no display");
        Display {
            server,
            name: format!(":{}", number.trim()),
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// The command line of process `pid`, arguments joined by spaces.
fn cmdline(pid: u32) -> Option<String> {
    let raw = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
    Some(String::from_utf8_lossy(&raw).replace('\0', " "))
}

/// The processes whose parent is `parent`.
fn children(parent: u32) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
                stat.rfind(')')
                    .and_then(|i| stat[i + 1..].split_whitespace().nth(1)?.parse::<u32>().ok())
                    == Some(parent)
            })
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headful_opens_the_ui_in_a_chromium_of_its_own_and_the_token_is_in_no_command_line() {
    let display = Display::start();
    let model = ModelServer::start(vec![ModelReply::text("unused")]).unwrap();
    let home = tempfile::tempdir().unwrap();
    let mut assistant = Assistant::start_with_env(
        &model,
        home.path(),
        &config(home.path()),
        &[
            ("DISPLAY", display.name.as_str()),
            ("AARTIQ_HEADFUL", "1"),
            ("AARTIQ_LOG", "warn,aartiq_browser=info"),
        ],
    );
    let url = assistant.ui_url();
    let token = url.split_once("#t=").unwrap().1.to_owned();
    let admin = admin_token(home.path());
    assistant.wait_for("Web UI opened in its own window (pid ");
    let window: u32 = {
        let output = assistant.output.lock().unwrap();
        let at = output.find("own window (pid ").unwrap() + "own window (pid ".len();
        output[at..].split(')').next().unwrap().parse().unwrap()
    };
    // The window loaded the UI and traded the token for its session cookie.
    wait_in(&assistant.log, "a web UI page signed in");

    // Two browsers, each the binary's child with a profile of its own: the controlled one and
    // the UI's app window, which the model's tools cannot reach.
    let browsers: Vec<(u32, String)> = children(assistant.child.id())
        .into_iter()
        .filter_map(|pid| Some((pid, cmdline(pid)?)))
        .filter(|(_, line)| line.contains("--user-data-dir="))
        .collect();
    assert_eq!(browsers.len(), 2, "{browsers:?}");
    let profile = |line: &str| {
        line.split(' ')
            .find_map(|a| a.strip_prefix("--user-data-dir="))
            .unwrap()
            .to_owned()
    };
    let (ui, controlled): (Vec<_>, Vec<_>) = browsers.iter().partition(|(pid, _)| *pid == window);
    assert_eq!(ui.len(), 1, "{browsers:?}");
    assert!(ui[0].1.contains("--app=about:blank"), "{}", ui[0].1);
    assert!(!ui[0].1.contains("--headless"), "{}", ui[0].1);
    assert!(
        !controlled[0].1.contains("--headless"),
        "{}",
        controlled[0].1
    );
    assert!(controlled[0].1.contains("--window-position=500,0"));
    assert_ne!(profile(&ui[0].1), profile(&controlled[0].1));
    // The token reaches the window over its private DevTools pipe, never a command line.
    let leaked: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| cmdline(e.file_name().to_str()?.parse().ok()?))
        .filter(|line| line.contains(&token) || line.contains(&admin))
        .collect();
    assert!(leaked.is_empty(), "{leaked:?}");

    // The controlled browser has no tab of the UI.
    let addr = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_owned();
    let (status, body) = http(
        &addr,
        &format!(
            "POST /api/list_tabs HTTP/1.1\r\nhost: {addr}\r\nauthorization: Bearer {admin}\r\nx-agent-id: tester\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{{}}"
        ),
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("about:blank"), "{body}");
    assert!(!body.contains("/ui/"), "{body}");

    // Quitting closes the window and deletes its profile.
    let ui_profile = profile(&ui[0].1);
    assistant.type_line("");
    let deadline = Instant::now() + Duration::from_secs(30);
    // Gone, or a zombie with no command line, or its pid reused by another program.
    while cmdline(window).is_some_and(|l| l.contains("--app=about:blank")) {
        assert!(Instant::now() < deadline, "the UI window is still open");
        std::thread::sleep(Duration::from_millis(100));
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::path::Path::new(&ui_profile).exists() {
        assert!(Instant::now() < deadline, "{ui_profile} is still there");
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(assistant);
    drop(display);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_screenshot_step_shows_its_picture_in_the_ui() {
    let (site, _log) = page(
        "<!doctype html><title>Picture</title><body style='margin:0;background:#c00'><h1>Red</h1>",
    );
    let model = ModelServer::start(vec![
        ModelReply::text(format!("[NAVIGATE: {site}/red]\n[SCREENSHOT_AND_ANALYZE]")),
        // The vision model's description (the same scripted server).
        ModelReply::text("A red page with the heading Red."),
        ModelReply::text("The page is red."),
    ])
    .unwrap();
    let home = tempfile::tempdir().unwrap();
    let assistant = Assistant::start(&model, home.path(), &config(home.path()));
    let page = Page::connect(&assistant.ui_url()).await;
    page.type_goal("What colour is the test page?").await;
    // Each approval the run asks for is given, until it ends.
    let deadline = Instant::now() + Duration::from_secs(90);
    while page
        .eval("document.querySelectorAll('.outcome').length")
        .await
        != json!(1)
    {
        if page.eval("document.getElementById('approval').open").await == json!(true) {
            page.key("Enter", 13).await;
        }
        assert!(Instant::now() < deadline, "the run did not end");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(page.statuses().await, json!("ok,ok"));
    let shot = page
        .eval(
            "(() => { const img = document.querySelector('.step img.shot'); \
             return img && img.complete ? [img.src.slice(0, 23), img.naturalWidth, img.naturalHeight, \
             img.closest('.step').querySelector('.name').textContent] : null; })()",
        )
        .await;
    assert_eq!(shot[0], json!("data:image/jpeg;base64,"), "{shot}");
    let (width, height) = (shot[1].as_u64().unwrap(), shot[2].as_u64().unwrap());
    assert!(
        width > 0 && height > 0 && width.max(height) <= 640,
        "a small picture: {shot}"
    );
    assert_eq!(
        shot[3],
        json!("SCREENSHOT_AND_ANALYZE"),
        "beside its own step"
    );
    // The picture is the page: its middle is the page's red.
    let red = page
        .eval(
            "(() => { const img = document.querySelector('.step img.shot'); \
             const c = document.createElement('canvas'); c.width = img.naturalWidth; \
             c.height = img.naturalHeight; const g = c.getContext('2d'); g.drawImage(img, 0, 0); \
             const [r, gr, b] = g.getImageData(c.width / 2, c.height - 5, 1, 1).data; \
             return r > 150 && gr < 80 && b < 80; })()",
        )
        .await;
    assert_eq!(red, json!(true), "the preview shows the page");
    page.shot("screenshot-step").await;
}
