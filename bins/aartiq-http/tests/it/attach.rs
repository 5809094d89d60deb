//! `--attach wss://...` with `--attach-ca` and `--attach-header`: the real server attached to a
//! real Chromium behind a TLS terminator signed by a test CA that lets a handshake through only
//! with the pool's header token; and attach settings that cannot work stop the server at start.

use std::process::{Command, Stdio};

use aartiq_test_support::chromium::DebuggableChromium;
use aartiq_test_support::tls::{Gate, Terminator, ca_file};
use aartiq_test_support::zoo::Zoo;
use serde_json::json;

use crate::api::Api;

const TOKEN: &str = "edge-token-Rk83";

#[test]
fn attaches_over_wss_with_a_private_ca_and_a_header_token() {
    let zoo = Zoo::start().unwrap();
    let chromium = DebuggableChromium::start();
    let edge = Terminator::start(chromium.port(), Gate::Token(TOKEN.to_owned()));
    let url = format!("wss://localhost:{}{}", edge.port(), chromium.path());
    let ca = ca_file();
    let header = format!("Authorization: Bearer {TOKEN}");
    let api = Api::start_with(
        "limited",
        &[
            "--attach",
            &url,
            "--attach-ca",
            ca.to_str().unwrap(),
            "--attach-header",
            &header,
        ],
    );
    let client = api.client("ada");
    let tab = api
        .new_tab(&client, &format!("{}#ada", zoo.url("/cookies")))
        .unwrap();
    let text = api.call(&client, "get_page_text", json!({"tabId": tab}), None);
    assert!(Api::text(&text).contains("cookie: who=ada"), "{text}");
    assert_eq!(edge.refused(), 0);

    // The same endpoint without the header: the edge answers 401, the call says so, typed.
    let tokenless = Api::start_with(
        "limited",
        &["--attach", &url, "--attach-ca", ca.to_str().unwrap()],
    );
    let client = tokenless.client("grace");
    let refused = tokenless.call(&client, "list_tabs", json!({}), None);
    assert_eq!(refused["isError"], true, "{refused}");
    assert!(Api::text(&refused).contains("401"), "{refused}");
    assert!(edge.refused() >= 1);
}

#[test]
fn attach_settings_that_cannot_work_stop_the_server_at_start() {
    for (flag, value, why) in [
        (
            "--attach-header",
            "Authorization Bearer s3cret-value",
            "no colon",
        ),
        ("--attach-header", "Host: s3cret-value.example", "handshake"),
        (
            "--attach-ca",
            "/nonexistent/s3cret-value.pem",
            "cannot read",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_aartiq-http"))
            .args([
                "--port",
                "0",
                "--attach",
                "wss://pool.example/",
                flag,
                value,
            ])
            .args(["--token-file"])
            .arg(home.path().join("token"))
            .env("HOME", home.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{flag} {value}: the server started");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(why), "{flag} {value}: {stderr}");
        if flag == "--attach-header" {
            assert!(
                !stderr.contains("s3cret-value"),
                "a header value was shown: {stderr}"
            );
        }
    }
}
