//! The Python SDK scenarios of issue 11 against the real binary.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

const BINARY: &str = env!("CARGO_BIN_EXE_aartiq-mcp");

/// The venv `cargo xtask test` creates, or `AARTIQ_MCP_PYTHON`.
pub(crate) fn python() -> PathBuf {
    aartiq_test_support::mcp_python()
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/mcp_client.py")
}

/// Runs the client with `args`; returns its JSON report.
fn client(args: &[&str]) -> Value {
    client_with(args, &[])
}

/// [`client`] with more environment variables.
fn client_with(args: &[&str], env: &[(&str, &str)]) -> Value {
    let out = Command::new(python())
        .arg(script())
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the python client runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python client failed ({}):\n{stderr}\n{stdout}",
        out.status
    );
    let last = stdout.lines().last().unwrap_or_default();
    serde_json::from_str(last).unwrap_or_else(|e| panic!("bad report {last:?}: {e}\n{stderr}"))
}

#[test]
fn stdio_lists_the_tools_calls_status_and_refuses_a_limited_side_effect() {
    let dir = tempfile::tempdir().unwrap();
    let output = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--browser",
        "real",
        "--approvals-dir",
        dir.path().to_str().unwrap(),
        "--output-dir",
        output.path().to_str().unwrap(),
    ]);
    assert_eq!(report["server"], "aartiq-agent-api");
    assert_eq!(report["title"], "Aartiq Browser Agent API");
    assert_eq!(report["tools"], 51);
    assert_eq!(report["prompts"], 17);
    assert_eq!(report["browser_status"]["killSwitch"], false);
    assert_eq!(
        report["limited_refused"],
        "Agent trust level \"limited\" lacks verb \"sideEffecting\"."
    );
    // navigate + snapshot + click_ref on a local page in real Chromium, then a hostile page.
    assert_eq!(report["clicked"], true);
    assert_eq!(report["pressed"], true, "press_key over MCP");
    // The screenshot arrived as image content of at most maxDimension (400) px.
    let shot = report["screenshot"].as_array().unwrap();
    let longer = shot.iter().filter_map(Value::as_u64).max().unwrap();
    assert!(longer > 0 && longer <= 400, "{report}");
    assert_eq!(report["wait_timeout"], "WAIT_TIMEOUT", "{report}");
    // A confirm waited for handle_dialog, and the page got the "yes".
    assert_eq!(report["dialog"], "confirmed", "{report}");
    // save_pdf printed the page into the output folder the flag names.
    let pdf = std::fs::read(output.path().join("checkout.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"), "{report}");
    assert!(
        report["went_back"].as_str().unwrap().contains("Went back"),
        "{report}"
    );
    assert!(
        report["quarantined"]
            .as_str()
            .unwrap()
            .starts_with("Refusing to return potentially injected content (score "),
        "{report}"
    );
}

#[test]
fn stdio_without_a_browser_says_so_and_serves_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--browser",
        "none",
        "--approvals-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(report["tools"], 51);
    assert_eq!(
        report["no_browser"],
        "No browser is available: this server was started with --no-browser"
    );
}

#[test]
fn stdio_side_effect_runs_once_after_a_person_approves_it() {
    let dir = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--scenario",
        "approval",
        "--default-trust",
        "standard",
        "--approvals-dir",
        dir.path().to_str().unwrap(),
    ]);
    let id = report["approved"].as_str().unwrap();
    assert!(id.starts_with("approval-"), "{report}");
    // The approval was consumed: nothing is left pending.
    let listed = Command::new(BINARY)
        .args(["approvals", "--approvals-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(listed.status.success());
    let listed: Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(listed["approvals"], serde_json::json!([]));
}

/// `aartiq-mcp --http 127.0.0.1:0` with a fresh token file; killed on drop.
struct HttpServer {
    child: Child,
    url: String,
    token: String,
    token_file: PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn http_server(trust: &str, browser: bool) -> HttpServer {
    let dir = tempfile::tempdir().unwrap();
    let token_file = dir.path().join("token");
    let mut child = Command::new(BINARY)
        .args(["--http", "127.0.0.1:0", "--print-addr"])
        .args(if browser {
            &[][..]
        } else {
            &["--no-browser"][..]
        })
        .args(["--default-trust", trust])
        .arg("--token-file")
        .arg(&token_file)
        .arg("--approvals-dir")
        .arg(dir.path().join("approvals"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: Value = serde_json::from_str(&line).unwrap();
    let token = std::fs::read_to_string(&token_file).unwrap();
    HttpServer {
        child,
        url: format!("http://{}/mcp", addr["addr"].as_str().unwrap()),
        token,
        token_file,
        _dir: dir,
    }
}

#[test]
fn streamable_http_serves_the_same_tools_behind_the_token() {
    let server = http_server("limited", true);
    let mode = std::fs::metadata(&server.token_file).unwrap();
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(mode.permissions().mode() & 0o777, 0o600);
    let report = client(&["http", &server.url, &server.token, "--browser", "real"]);
    assert_eq!(report["tools"], 51);
    assert_eq!(report["server"], "aartiq-agent-api");
    assert_eq!(
        report["limited_refused"],
        "Agent trust level \"limited\" lacks verb \"sideEffecting\"."
    );
    assert_eq!(report["clicked"], true);
    assert!(report["quarantined"].is_string(), "{report}");
}

#[test]
fn streamable_http_refuses_a_client_without_the_token() {
    let server = http_server("limited", false);
    let out = Command::new(python())
        .arg(script())
        .args(["http", &server.url, "wrong-token"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "a client with a bad token connected");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Server returned an error response") || stderr.contains("401"),
        "{stderr}"
    );
    // The same request by hand: the server's answer is the d.6 body.
    let addr = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches("/mcp");
    let raw = Command::new("curl")
        .args(["-s", "-o", "-", "-w", " %{http_code}", "-X", "POST"])
        .args(["-H", "Authorization: Bearer wrong-token"])
        .arg(format!("http://{addr}/mcp"))
        .output();
    if let Ok(raw) = raw {
        assert_eq!(
            String::from_utf8_lossy(&raw.stdout),
            r#"{"error":"bad_token"} 401"#
        );
    }
}

#[test]
fn streamable_http_approval_through_the_http_route() {
    let server = http_server("standard", false);
    let report = client(&[
        "http",
        &server.url,
        &server.token,
        "--scenario",
        "approval",
        "--binary",
        BINARY,
        "--token-file",
        server.token_file.to_str().unwrap(),
    ]);
    assert!(
        report["approved"]
            .as_str()
            .unwrap()
            .starts_with("approval-")
    );
}

#[test]
fn stdio_elicitation_asks_the_person_in_the_client() {
    let dir = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--scenario",
        "elicit",
        "--default-trust",
        "standard",
        "--elicitation",
        "declared",
        "--declare-person",
        "--approvals-dir",
        dir.path().to_str().unwrap(),
    ]);
    let asked = report["elicited"].as_array().unwrap();
    assert_eq!(asked.len(), 2, "{report}");
    assert!(
        asked[0]
            .as_str()
            .unwrap()
            .contains("close_tab with {\"tabId\":\"1\"}")
    );
}

/// Red team, finding 3: a `standard` client that answers `accept` to its own elicitation.
/// By default it is never asked: the side effect needs an approval id, and the registration
/// with trust stays out of its reach.
#[test]
fn a_client_that_approves_its_own_elicitation_is_never_asked_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--scenario",
        "self-approval",
        "--default-trust",
        "standard",
        "--approvals-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(report["elicited"], serde_json::json!([]), "{report}");
    assert_eq!(report["close_code"], "APPROVAL_REQUIRED", "{report}");
    assert_eq!(report["register_error"], true, "{report}");
    assert!(
        !report["trust_list"].as_str().unwrap().contains("py-self-2"),
        "{report}"
    );
}

/// Red team, finding 3, with the operator's `declared` mode and a client that declares it shows
/// the question to its person: side effects may be elicited, but registering an agent with
/// trust never is.
#[test]
fn an_elicited_approval_never_grants_trust() {
    let dir = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--scenario",
        "self-approval",
        "--default-trust",
        "standard",
        "--elicitation",
        "declared",
        "--declare-person",
        "--approvals-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(report["register_error"], true, "{report}");
    assert_eq!(report["register_code"], "APPROVAL_REQUIRED", "{report}");
    assert!(
        !report["trust_list"].as_str().unwrap().contains("py-self-2"),
        "{report}"
    );
    // The one elicitation was the side effect's, not the registration's.
    let asked = report["elicited"].as_array().unwrap();
    assert_eq!(asked.len(), 1, "{report}");
    assert!(asked[0].as_str().unwrap().contains("close_tab"), "{report}");
}

/// Red team, finding 18: a question nobody answers no longer holds the call for minutes: after
/// the timeout the call falls back to an approval id a person decides out of band.
#[test]
fn an_unanswered_elicitation_falls_back_to_an_approval_id() {
    let dir = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--scenario",
        "unanswered",
        "--default-trust",
        "standard",
        "--elicitation",
        "declared",
        "--elicitation-timeout",
        "2",
        "--declare-person",
        "--approvals-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(report["elicited"].as_array().unwrap().len(), 1, "{report}");
    assert_eq!(report["close_code"], "APPROVAL_REQUIRED", "{report}");
}

/// The browser tools beyond the first ones over stdio, as a standard agent on real Chromium:
/// `click_at` in a screenshot's coordinates, `drag`, a snapshot diff, the console and network
/// logs, a download found and read, an upload refused outside its folder and run once a person
/// approves it, a login filled from the server's vault, and the history steps.
#[test]
fn stdio_serves_pointer_files_logs_logins_and_history_tools() {
    use aartiq_vault::{KdfParams, NewCredential, Passphrase, Secret, VaultFile};
    const PASSPHRASE: &str = "correct horse battery staple";
    const PASSWORD: &str = "Vq7-mcp-PASSWORD-4410";
    const USERNAME: &str = "ada.lovelace.mcp";
    const SEED: &str = "KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TFOQ";
    let approvals = tempfile::tempdir().unwrap();
    let uploads = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    std::fs::write(uploads.path().join("cv.txt"), "Ada's CV").unwrap();
    let vault = approvals.path().join("vault.aqv");
    let mut store = VaultFile::new(vault.clone())
        .create(&Passphrase::new(PASSPHRASE), KdfParams::for_tests())
        .unwrap();
    let credential = store
        .add_credential(NewCredential {
            domain: "127.0.0.1".to_owned(),
            username: USERNAME.to_owned(),
            password: Secret::new(PASSWORD),
        })
        .unwrap();
    store
        .set_totp_seed(&credential, &Secret::new(SEED))
        .unwrap();
    drop(store);
    let report = client_with(
        &[
            "stdio",
            BINARY,
            "--browser",
            "real",
            "--scenario",
            "tools",
            "--default-trust",
            "standard",
            "--approvals-dir",
            approvals.path().to_str().unwrap(),
            "--upload-dir",
            uploads.path().to_str().unwrap(),
            "--download-dir",
            downloads.path().to_str().unwrap(),
            "--vault",
            vault.to_str().unwrap(),
            "--credential",
            &credential,
        ],
        &[("AARTIQ_VAULT_PASSPHRASE", PASSPHRASE)],
    );
    // The form got the real values; no answer the client saw holds one.
    let posted = report["login_posted"].as_str().unwrap();
    assert!(posted.contains(&format!("username={USERNAME}")), "{posted}");
    assert!(posted.contains(&format!("password={PASSWORD}")), "{posted}");
    let code = posted
        .split('&')
        .find_map(|pair| pair.strip_prefix("otp="))
        .unwrap();
    assert_eq!(code.len(), 6, "{posted}");
    for answer in report["login_seen"].as_array().unwrap() {
        let answer = answer.as_str().unwrap();
        for needle in [PASSWORD, USERNAME, SEED, PASSPHRASE] {
            assert!(!answer.contains(needle), "{needle:?} leaked in: {answer}");
        }
        assert!(
            !answer
                .split(|c: char| !c.is_ascii_digit())
                .any(|number| number == code),
            "the code leaked in: {answer}"
        );
    }
    assert_eq!(report["clicked_at"], true, "{report}");
    assert_eq!(report["dragged"], true, "{report}");
    let (diff, full) = (
        report["diff_chars"].as_u64().unwrap(),
        report["full_chars"].as_u64().unwrap(),
    );
    assert!(
        diff < full,
        "the diff ({diff}) is smaller than the page ({full})"
    );
    assert!(report["network"].as_u64().unwrap() >= 1, "{report}");
    let download = &report["download"];
    let saved = std::fs::read(downloads.path().join("report.csv")).unwrap();
    assert_eq!(saved, b"id,item,price\n1,Lamp,19.90\n");
    let sha = {
        use sha2::Digest as _;
        format!("{:x}", sha2::Sha256::digest(&saved))
    };
    assert_eq!(download["sha256"], sha, "{report}");
    for field in ["id", "name", "size", "url", "state"] {
        assert!(download.get(field).is_some(), "{field} missing: {download}");
    }
    assert_eq!(report["missing_download"], "DOWNLOAD_NOT_FOUND", "{report}");
    assert_eq!(
        report["upload_outside"], "UPLOAD_OUTSIDE_FOLDER",
        "{report}"
    );
    assert_eq!(report["uploaded"], "uploaded: Ada's CV", "{report}");
    let history = report["history"].as_array().unwrap();
    assert!(
        history[0].as_str().unwrap().contains("Went back"),
        "{report}"
    );
    assert!(history[1].as_str().unwrap().contains("forward"), "{report}");
    assert!(history[2].as_str().unwrap().contains("other"), "{report}");
}

/// `--tools core,vision` over stdio: `tools/list` holds exactly those groups' tools, and a
/// call to another tool is refused as not enabled.
#[test]
fn stdio_with_a_tool_profile_lists_only_its_groups() {
    let approvals = tempfile::tempdir().unwrap();
    let report = client(&[
        "stdio",
        BINARY,
        "--browser",
        "none",
        "--scenario",
        "list",
        "--tools",
        "core,vision",
        "--approvals-dir",
        approvals.path().to_str().unwrap(),
    ]);
    let expected: std::collections::BTreeSet<&str> = aartiq_tools::TOOL_GROUPS
        .iter()
        .filter(|(group, _)| *group == "core" || *group == "vision")
        .flat_map(|(_, tools)| tools.iter().copied())
        .collect();
    let listed: std::collections::BTreeSet<&str> = report["tool_names"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(listed, expected, "{report}");
    assert!(listed.contains("screenshot") && !listed.contains("security_scan"));
    assert_eq!(report["outside"], "TOOL_NOT_ENABLED", "{report}");
}
