//! `aartiq-browser` end to end: the real binary in a pseudo-terminal (`script` from util-linux),
//! a scripted model server on 127.0.0.1 speaking the OpenAI wire format, real Chromium, and a
//! person answering the approval prompt.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use aartiq_test_support::model_server::{ModelReply, ModelServer};

mod ui;

/// Everything `stream` says, as it comes: raw chunks, not lines, since the approval prompt
/// waits on an unfinished line.
fn collect(mut stream: impl Read + Send + 'static) -> Arc<Mutex<String>> {
    let text: Arc<Mutex<String>> = Arc::default();
    let sink = Arc::clone(&text);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stream.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    text
}

/// Serves one page on 127.0.0.1 and records the paths asked for.
fn page(body: &'static str) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen = Arc::clone(&log);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut buf = [0u8; 4096];
            let n = stream.read(&mut buf).unwrap_or(0);
            let request = String::from_utf8_lossy(&buf[..n]).to_string();
            if let Some(path) = request.split_whitespace().nth(1) {
                seen.lock().unwrap().push(path.to_owned());
            }
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    (base, log)
}

/// The binary under a pseudo-terminal, its output collected as it comes.
struct Terminal {
    child: Child,
    output: Arc<Mutex<String>>,
}

impl Terminal {
    fn start(args: &[&str], home: &std::path::Path, config: &std::path::Path) -> Terminal {
        let binary = env!("CARGO_BIN_EXE_aartiq-browser");
        let mut line = format!("{binary} --no-api --config {}", config.display());
        for arg in args {
            line.push(' ');
            line.push_str(&format!("'{arg}'"));
        }
        let mut child = Command::new("script")
            .args(["-q", "-f", "-e", "-c", &line, "/dev/null"])
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("TERM", "dumb")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("`script` (util-linux) runs the binary in a pseudo-terminal");
        let output = collect(child.stdout.take().unwrap());
        Terminal { child, output }
    }

    /// The binary in a fresh config under `home`, given `args`.
    fn start_in(home: &std::path::Path, args: &[&str]) -> Terminal {
        let config = config(home);
        Terminal::start(args, home, &config)
    }

    /// The binary under `home`, talking to the scripted `model`.
    fn with_model(home: &std::path::Path, model: &ModelServer) -> Terminal {
        Terminal::start_in(
            home,
            &["--model-url", &model.base_url(), "--model", "scripted"],
        )
    }

    /// Waits for the prompt after `from`, answers it with an empty line (which quits), and
    /// finishes.
    fn quit_at(mut self, from: usize) -> (bool, String) {
        self.wait_for("> ", from);
        self.type_line("");
        self.finish()
    }

    fn wait_for(&self, needle: &str, from: usize) -> usize {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            {
                let text = self.output.lock().unwrap();
                if let Some(at) = text.get(from..).and_then(|t| t.find(needle)) {
                    return from + at + needle.len();
                }
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {needle:?}; output so far:\n{}",
                self.output.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn type_line(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn finish(mut self) -> (bool, String) {
        drop(self.child.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                break self.child.wait().unwrap();
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        std::thread::sleep(Duration::from_millis(200));
        let output = self.output.lock().unwrap().clone();
        (status.success(), output)
    }
}

/// A port on 127.0.0.1 nothing listens on.
fn closed_port() -> u16 {
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    port
}

fn config(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("config.toml");
    std::fs::write(
        &path,
        "[assistant]\nplanning = false\nmax_steps = 4\napproval_timeout_secs = 60\n",
    )
    .unwrap();
    path
}

#[test]
fn a_goal_asks_for_approval_at_the_prompt_and_completes() {
    let (site, log) = page("<!doctype html><title>Hello page</title><p>The answer is 42.</p>");
    let model = ModelServer::start(vec![
        ModelReply::text(format!("I will open the page.\n[NAVIGATE: {site}/hello]")),
        ModelReply::text("The page says the answer is 42."),
    ])
    .unwrap();
    let home = tempfile::tempdir().unwrap();
    let mut term = Terminal::with_model(home.path(), &model);
    let at = term.wait_for("> ", 0);
    term.type_line("Open the test page and tell me the answer");
    let at = term.wait_for("Approve? [y/N]", at);
    assert!(
        !log.lock().unwrap().iter().any(|p| p == "/hello"),
        "nothing is opened before the person answers"
    );
    term.type_line("y");
    let at = term.wait_for("approved", at);
    let at = term.wait_for("the answer is 42", at);
    let (ok, output) = term.quit_at(at);
    assert!(ok, "{output}");
    assert!(output.contains("NAVIGATE"), "{output}");
    assert!(log.lock().unwrap().iter().any(|p| p == "/hello"));
    // The transcript of the run was kept.
    let transcripts = home.path().join("data").join("aartiq").join("transcripts");
    let kept = std::fs::read_dir(&transcripts).unwrap().count();
    assert_eq!(kept, 1, "{}", transcripts.display());
}

#[test]
fn a_denied_approval_stops_the_action() {
    let (site, log) = page("<!doctype html><title>Never</title>");
    let model = ModelServer::start(vec![
        ModelReply::text(format!("[NAVIGATE: {site}/never]")),
        ModelReply::text("Understood, I will not open it."),
    ])
    .unwrap();
    let home = tempfile::tempdir().unwrap();
    let mut term = Terminal::with_model(home.path(), &model);
    let at = term.wait_for("> ", 0);
    term.type_line("Open it");
    let at = term.wait_for("Approve? [y/N]", at);
    term.type_line("n");
    let at = term.wait_for("denied", at);
    let (ok, output) = term.quit_at(at);
    assert!(ok, "{output}");
    assert!(
        !log.lock().unwrap().iter().any(|p| p == "/never"),
        "{output}"
    );
}

#[test]
fn without_a_model_it_says_what_it_tried_and_runs_typed_commands() {
    let (site, log) = page("<!doctype html><title>Typed</title><p>typed page</p>");
    let port = closed_port();
    let home = tempfile::tempdir().unwrap();
    let mut term = Terminal::start_in(
        home.path(),
        &["--model-url", &format!("http://127.0.0.1:{port}/v1")],
    );
    let at = term.wait_for("No model server answered", 0);
    let at = term.wait_for("> ", at);
    term.type_line(&format!("[NAVIGATE: {site}/typed]"));
    let at = term.wait_for("Approve? [y/N]", at);
    term.type_line("yes");
    let at = term.wait_for("NAVIGATE ok", at);
    let (ok, output) = term.quit_at(at);
    assert!(ok, "{output}");
    assert!(output.contains(&format!("127.0.0.1:{port}")), "{output}");
    assert!(log.lock().unwrap().iter().any(|p| p == "/typed"));
}

#[test]
fn one_shot_json_reports_a_missing_model_and_fails() {
    let port = closed_port();
    let home = tempfile::tempdir().unwrap();
    let config = config(home.path());
    // A preference changed in an earlier session (SET_THEME) is reported at start.
    let store = aartiq_store::Store::open(home.path().join("data/aartiq/aartiq.db")).unwrap();
    let dark =
        aartiq_store::plan_settings_update(Some("ui"), &serde_json::json!({"theme": "dark"}))
            .unwrap();
    store.apply_settings(&dark, 1).unwrap();
    drop(store);
    let output = Command::new(env!("CARGO_BIN_EXE_aartiq-browser"))
        .args(["--no-api", "--json", "--config"])
        .arg(&config)
        .args([
            "--model-url",
            &format!("http://127.0.0.1:{port}/v1"),
            "--goal",
            "What is on the page?",
        ])
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    let kinds: Vec<String> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["type"].as_str().map(str::to_owned))
        .collect();
    assert!(kinds.iter().any(|k| k == "no_model"), "{stdout}");
    assert!(
        stdout.contains(r#"{"type":"preferences","message":"Preferences: theme dark"}"#),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()),
        "every line is JSON: {stdout}"
    );
}

/// Every process as `(pid, parent pid, name)`, from `/proc`.
fn processes() -> Vec<(u32, u32, String)> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`; comm may hold spaces and parentheses.
        let Some((head, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let comm = head.split_once('(').map_or("", |(_, c)| c).to_owned();
        if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|p| p.parse().ok()) {
            all.push((pid, ppid, comm));
        }
    }
    all
}

/// The children of `parent` whose name starts with `name`.
fn children(parent: u32, name: &str) -> Vec<u32> {
    processes()
        .into_iter()
        .filter(|(_, ppid, comm)| *ppid == parent && comm.starts_with(name))
        .map(|(pid, _, _)| pid)
        .collect()
}

/// The descendants of `root` whose name starts with `name`, at any depth: `script` runs its
/// command through `$SHELL -c`, and a shell such as dash forks the command instead of
/// replacing itself with it.
fn descendants(root: u32, name: &str) -> Vec<u32> {
    let all = processes();
    let mut inside = vec![root];
    let mut found = Vec::new();
    while let Some(parent) = inside.pop() {
        for (pid, ppid, comm) in &all {
            if *ppid == parent {
                inside.push(*pid);
                if comm.starts_with(name) {
                    found.push(*pid);
                }
            }
        }
    }
    found
}

#[test]
fn a_browser_that_dies_is_reported_to_the_person_and_the_next_command_starts_another() {
    let (site, log) = page("<!doctype html><title>Again</title><p>still here</p>");
    let port = closed_port();
    let home = tempfile::tempdir().unwrap();
    let mut term = Terminal::start_in(
        home.path(),
        &["--model-url", &format!("http://127.0.0.1:{port}/v1")],
    );
    let at = term.wait_for("> ", 0);
    term.type_line(&format!("[NAVIGATE: {site}/before]"));
    let at = term.wait_for("Approve? [y/N]", at);
    term.type_line("yes");
    let at = term.wait_for("NAVIGATE ok", at);

    // The browser process is the Chromium whose parent is the assistant (the rest of
    // Chromium's processes are its children).
    let assistant = descendants(term.child.id(), "aartiq-browser");
    let [assistant] = assistant[..] else {
        panic!("one assistant runs under `script`: {assistant:?}");
    };
    let browsers = children(assistant, "chrom");
    let [browser] = browsers[..] else {
        panic!("the assistant started one Chromium: {browsers:?}");
    };
    let killed = Command::new("kill")
        .args(["-KILL", &browser.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());

    // The person is told at once, without typing anything.
    let at = term.wait_for("The browser closed", at);
    term.type_line(&format!("[NAVIGATE: {site}/after]"));
    let at = term.wait_for("Approve? [y/N]", at);
    term.type_line("yes");
    let at = term.wait_for("NAVIGATE ok", at);
    assert!(
        !processes().iter().any(|(pid, _, _)| *pid == browser),
        "the dead browser was reaped"
    );
    let again = children(assistant, "chrom");
    assert!(
        again.len() == 1 && again[0] != browser,
        "a new Chromium runs: {again:?}"
    );
    let (ok, output) = term.quit_at(at);
    assert!(ok, "{output}");
    let seen = log.lock().unwrap().clone();
    assert!(seen.iter().any(|p| p == "/after"), "{seen:?}\n{output}");
}
