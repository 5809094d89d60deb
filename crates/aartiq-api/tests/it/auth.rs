//! Tokens, the Host and Origin checks, the lockout (spec d.6, d.7) and the configuration
//! defaults (spec d.9).

use std::net::{IpAddr, SocketAddr};
use std::os::unix::fs::PermissionsExt;
use std::sync::Arc;

use aartiq_agents::{ManualClock, TrustLevel};
use aartiq_api::auth::{
    Credentials, Lockout, TokenCheck, TokenSource, host_allowed, load_or_create_token,
    origin_allowed, presented_token,
};
use aartiq_api::{ApiConfig, HttpState, router};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use serde_json::json;
use tower::ServiceExt;

use crate::{TOKEN, api};

#[test]
fn the_token_file_is_created_with_mode_0600_and_reused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(".aartiq-agent-token");
    let token = load_or_create_token(&path).unwrap();
    // The token says what it is: the person's admin key.
    let hex = token.strip_prefix("aartiq-admin-").unwrap();
    assert_eq!(hex.len(), 64);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(load_or_create_token(&path).unwrap(), token);
    // A file others can read is restricted before it is trusted.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(load_or_create_token(&path).unwrap(), token);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // An empty file gets a new token.
    std::fs::write(&path, "").unwrap();
    let fresh = load_or_create_token(&path).unwrap();
    assert_ne!(fresh, token);
    assert_eq!(fresh.len(), "aartiq-admin-".len() + 64);
    // A token an earlier version wrote (bare hex) is kept as it is.
    let old = "0123456789abcdef".repeat(4);
    std::fs::write(&path, &old).unwrap();
    assert_eq!(load_or_create_token(&path).unwrap(), old);
}

#[test]
fn tokens_are_taken_in_priority_order() {
    let headers = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| *v)
    };
    assert_eq!(
        presented_token(
            headers(&[("authorization", "Bearer a"), ("x-aartiq-token", "b")]),
            Some("token=c")
        ),
        Some(("a", TokenSource::Bearer))
    );
    assert_eq!(
        presented_token(
            headers(&[("x-aartiq-native-token", "n"), ("x-aartiq-token", "b")]),
            None
        ),
        Some(("b", TokenSource::Header))
    );
    assert_eq!(
        presented_token(headers(&[("x-aartiq-native-token", "n")]), Some("token=c")),
        Some(("n", TokenSource::NativeHeader))
    );
    assert_eq!(
        presented_token(
            headers(&[("authorization", "Basic xyz")]),
            Some("a=1&token=c")
        ),
        Some(("c", TokenSource::Query))
    );
    assert_eq!(presented_token(headers(&[]), Some("token=")), None);
}

#[test]
fn credentials_compare_every_token_and_know_revocation() {
    let credentials = Credentials::new("primary".to_owned());
    assert_eq!(
        credentials.check("primary"),
        TokenCheck::Valid(aartiq_api::auth::Principal::Primary)
    );
    assert_eq!(credentials.check("primar"), TokenCheck::Bad);
    assert_eq!(credentials.check(""), TokenCheck::Bad);
    let token = credentials.create_client("c1", "Client", 5).unwrap();
    assert!(token.starts_with("aartiq-agent-"), "{token}");
    assert_eq!(
        credentials.check(&token),
        TokenCheck::Valid(aartiq_api::auth::Principal::Client("c1".to_owned()))
    );
    assert!(credentials.revoke_client("c1").unwrap());
    assert_eq!(credentials.check(&token), TokenCheck::Revoked);
    assert!(!credentials.revoke_client("c2").unwrap());
}

#[test]
fn client_credentials_persist_as_digests_and_are_seen_by_a_running_server() {
    use aartiq_api::auth::{Credentials, Principal, TokenCheck};
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("token.clients.json");
    let server = Credentials::with_store("primary".to_owned(), store.clone()).unwrap();
    let token = server.create_client("bot", "Bot", 1).unwrap();
    let text = std::fs::read_to_string(&store).unwrap();
    assert!(!text.contains(&token), "only a digest is kept");
    let mode = std::fs::metadata(&store).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // A restart keeps it.
    let restarted = Credentials::with_store("primary".to_owned(), store.clone()).unwrap();
    assert_eq!(
        restarted.check(&token),
        TokenCheck::Valid(Principal::Client("bot".to_owned()))
    );
    // The person's command line adds one while the server runs; the server sees it.
    let cli = Credentials::store_only(store.clone()).unwrap();
    let second = cli.create_client("bot2", "Bot 2", 2).unwrap();
    // (Timestamps of two writes in the same instant can be equal; make the change visible.)
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(2);
    std::fs::File::options()
        .write(true)
        .open(&store)
        .unwrap()
        .set_modified(later)
        .unwrap();
    assert_eq!(
        restarted.check(&second),
        TokenCheck::Valid(Principal::Client("bot2".to_owned()))
    );
    // The store-only credentials accept no token as the primary.
    assert_eq!(cli.check("primary"), TokenCheck::Bad);
    assert_eq!(cli.check(""), TokenCheck::Bad);
    // A broken store is a clear error, not an empty one.
    std::fs::write(&store, "{not json").unwrap();
    assert!(Credentials::with_store("p".to_owned(), store).is_err());
}

#[test]
fn host_check_follows_d7() {
    let none: &[String] = &[];
    assert!(host_allowed(Some("127.0.0.1:46204"), 46204, false, none));
    assert!(host_allowed(Some("localhost"), 46204, false, none));
    assert!(host_allowed(Some("[::1]:46204"), 46204, false, none));
    assert!(host_allowed(Some("::1"), 46204, false, none));
    assert!(host_allowed(
        Some("[::ffff:127.0.0.1]:46204"),
        46204,
        false,
        none
    ));
    assert!(!host_allowed(None, 46204, false, none));
    assert!(!host_allowed(Some(""), 46204, false, none));
    assert!(!host_allowed(Some("127.0.0.1:46205"), 46204, false, none));
    assert!(!host_allowed(Some("127.0.0.1:4620a"), 46204, false, none));
    assert!(!host_allowed(Some("127.0.0.1:"), 46204, false, none));
    assert!(!host_allowed(Some("[::1]x"), 46204, false, none));
    assert!(!host_allowed(Some("localhost,evil"), 46204, false, none));
    assert!(!host_allowed(Some("attacker.example"), 46204, false, none));
    assert!(!host_allowed(Some("0.0.0.0:46204"), 46204, false, none));
    let remote = ["box.lan".to_owned(), "10.0.0.5:46204".to_owned()];
    assert!(host_allowed(Some("box.lan:46204"), 46204, true, &remote));
    assert!(host_allowed(Some("10.0.0.5:46204"), 46204, true, &remote));
    assert!(!host_allowed(Some("10.0.0.5:9999"), 46204, true, &remote));
    assert!(
        !host_allowed(Some("box.lan"), 46204, false, &remote),
        "remote hosts count only in remote mode"
    );
}

#[test]
fn origin_check_follows_d7() {
    for ok in [
        None,
        Some(""),
        Some("null"),
        Some("file://"),
        Some("app://x"),
        Some("http://localhost"),
        Some("https://LOCALHOST:8443"),
        Some("http://127.0.0.1:3000"),
        Some("http://[::1]:1"),
    ] {
        assert!(origin_allowed(ok), "{ok:?}");
    }
    for bad in [
        Some("https://evil.example"),
        Some("http://localhost.evil.example"),
        Some("http://localhost:"),
        Some("http://127.0.0.1:80abc"),
        Some("nullx"),
        Some("ftp://localhost"),
    ] {
        assert!(!origin_allowed(bad), "{bad:?}");
    }
}

#[test]
fn lockout_locks_a_remote_address_after_20_failures_for_15_minutes() {
    let clock = ManualClock::new(1_000_000);
    let lockout = Lockout::new();
    let remote: IpAddr = "203.0.113.7".parse().unwrap();
    for _ in 0..19 {
        assert!(!lockout.record_failure(remote, &clock));
    }
    assert!(!lockout.is_locked(remote, &clock));
    assert!(lockout.record_failure(remote, &clock));
    assert!(lockout.is_locked(remote, &clock));
    // The IPv4-mapped form is the same address.
    assert!(lockout.is_locked("::ffff:203.0.113.7".parse().unwrap(), &clock));
    clock.advance(15 * 60 * 1000);
    assert!(!lockout.is_locked(remote, &clock));
    // A success clears the count.
    for _ in 0..19 {
        lockout.record_failure(remote, &clock);
    }
    lockout.record_success(remote);
    assert!(!lockout.record_failure(remote, &clock));
    // Failures older than the window do not add up.
    let other: IpAddr = "198.51.100.1".parse().unwrap();
    for _ in 0..19 {
        lockout.record_failure(other, &clock);
    }
    clock.advance(15 * 60 * 1000);
    assert!(!lockout.record_failure(other, &clock));
    // Loopback never locks.
    let local: IpAddr = "127.0.0.1".parse().unwrap();
    for _ in 0..150 {
        assert!(!lockout.record_failure(local, &clock));
    }
    assert!(!lockout.is_locked(local, &clock));
}

#[test]
fn failures_from_many_addresses_are_forgotten_once_their_window_passed() {
    use aartiq_api::auth::LOCKOUT_SWEEP_AT;
    let clock = ManualClock::new(1_000_000);
    let lockout = Lockout::new();
    let spread = |base: u32, n: usize| {
        for i in 0..n {
            let ip = IpAddr::V4((base + i as u32).into());
            lockout.record_failure(ip, &clock);
        }
    };
    // 10.0.0.0 upwards: one failure each, all inside the window, so all are kept.
    spread(0x0a00_0000, LOCKOUT_SWEEP_AT + 10);
    assert_eq!(lockout.tracked(), LOCKOUT_SWEEP_AT + 10);
    // Ten minutes later: one address gets locked, one more fails once; nothing is stale yet.
    clock.advance(10 * 60 * 1000);
    let locked: IpAddr = "192.0.2.1".parse().unwrap();
    for _ in 0..20 {
        lockout.record_failure(locked, &clock);
    }
    spread(0x0b00_0000, 1);
    assert_eq!(lockout.tracked(), LOCKOUT_SWEEP_AT + 12);
    // Past the first window: the next new address sweeps the stale entries; the lock and the
    // recent failure stay.
    clock.advance(5 * 60 * 1000 + 1);
    spread(0x0c00_0000, 1);
    assert_eq!(lockout.tracked(), 3);
    assert!(lockout.is_locked(locked, &clock));
}

/// The lockout row of d.6 through the real router: a non-loopback peer cannot be made over
/// loopback, so the peer address is given to the router as the listener would.
#[tokio::test]
async fn a_locked_out_address_gets_429_through_the_router() {
    let (api, _fakes) = api(TrustLevel::Limited);
    let state = HttpState::new(
        api,
        Arc::new(Credentials::new(TOKEN.to_owned())),
        ApiConfig::default(),
        46204,
    );
    let app = router(state, None);
    let peer: SocketAddr = "203.0.113.9:5555".parse().unwrap();
    let request = |token: &str| {
        let mut r = Request::builder()
            .uri("/health")
            .header("host", "127.0.0.1:46204")
            .header("authorization", format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap();
        r.extensions_mut().insert(ConnectInfo(peer));
        r
    };
    for _ in 0..20 {
        let response = app.clone().oneshot(request("wrong")).await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let response = app.clone().oneshot(request(TOKEN)).await.unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let body = axum::body::to_bytes(response.into_body(), 1024)
        .await
        .unwrap();
    assert_eq!(&body[..], br#"{"error":"auth_locked"}"#);
}

#[test]
fn config_defaults_and_remote_only_when_exactly_true() {
    let config = ApiConfig::default();
    assert_eq!(
        (config.port, config.host.as_str(), config.remote),
        (46204, "127.0.0.1", false)
    );
    assert_eq!(config.default_trust, TrustLevel::Limited);
    assert_eq!(config.bind_host(), "127.0.0.1");
    for (remote, expected) in [
        (json!(true), true),
        (json!("true"), false),
        (json!("false"), false),
        (json!(1), false),
        (json!(null), false),
    ] {
        let config = ApiConfig::from_json(&json!({"remote": remote})).unwrap();
        assert_eq!(config.remote, expected, "{remote}");
        assert_eq!(
            config.bind_host(),
            if expected { "0.0.0.0" } else { "127.0.0.1" }
        );
    }
    let config = ApiConfig::from_json(
        &json!({"port": 5000, "host": "::1", "defaultTrust": "standard", "remoteHosts": ["a.lan"]}),
    )
    .unwrap();
    assert_eq!(
        (config.port, config.host.as_str(), config.default_trust),
        (5000, "::1", TrustLevel::Standard)
    );
    assert_eq!(config.remote_hosts, ["a.lan"]);
    assert!(ApiConfig::from_json(&json!({"port": 70000})).is_err());
    assert!(ApiConfig::from_json(&json!({"defaultTrust": "god"})).is_err());
}
