//! Installing: a verified CRX3 from a local "Web Store", refusal of unsafe archives and of
//! anything but a Web Store URL, the offline network error, and import from a Chrome profile.

use aartiq_extensions::{ExtensionDir, ExtensionError, WebstoreConfig};
use aartiq_tools::{BackendError, ExtensionStore};

use crate::{Key, MARKER_MANIFEST, MARKER_SCRIPT, chrome_profile, crx3, serve, zip_of};

fn marker_archive() -> Vec<u8> {
    zip_of(&[
        ("manifest.json", MARKER_MANIFEST.as_bytes()),
        ("content.js", MARKER_SCRIPT.as_bytes()),
        ("_metadata/verified_contents.json", b"[]"),
    ])
}

#[tokio::test]
async fn installs_a_verified_package_from_the_store() {
    let key = Key::ecdsa(7);
    let id = key.id();
    let package = crx3(&marker_archive(), &id, &[&key]);
    let base = serve(vec![(
        format!("/crx/{id}"),
        200,
        package,
        "application/x-chrome-extension",
    )])
    .await;
    let dir = tempfile::tempdir().unwrap();
    let store = ExtensionDir::new(dir.path().join("extensions")).with_webstore(WebstoreConfig {
        download_url: format!("{base}/crx/{{id}}"),
        ..WebstoreConfig::default()
    });
    assert!(store.list().await.unwrap().is_empty());
    let url = format!("https://chromewebstore.google.com/detail/aartiq-marker/{id}");
    let info = store.install_webstore(&url).await.unwrap();
    assert_eq!(
        (info.id.as_str(), info.name.as_str(), info.version.as_str()),
        (id.as_str(), "aartiq marker", "1.2.0")
    );
    assert_eq!(store.list().await.unwrap(), vec![info]);

    let installed = dir.path().join("extensions").join(&id);
    assert_eq!(
        std::fs::read_to_string(installed.join("content.js")).unwrap(),
        MARKER_SCRIPT
    );
    // The store's `_metadata` is not unpacked (Chromium refuses unpacked `_` names) ...
    assert!(!installed.join("_metadata").exists());
    // ... and the developer key is in the manifest, so Chromium keeps the id.
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(installed.join("manifest.json")).unwrap())
            .unwrap();
    let key_b64 = manifest["key"].as_str().unwrap();
    assert!(key_b64.len() > 100 && key_b64.ends_with('='), "{key_b64}");

    let analysis = store.analyze(&id).await.unwrap();
    assert_eq!(analysis.risk, "medium");
    assert_eq!(analysis.host_permissions, vec!["http://127.0.0.1/*"]);
    assert_eq!(
        store.analyze("cjpalhdlnbpafiamejdnhcphjbkeiagm").await,
        Err(BackendError::Other(
            "Extension cjpalhdlnbpafiamejdnhcphjbkeiagm is not installed.".to_owned()
        ))
    );
    let args = store.launch_args().unwrap();
    assert_eq!(
        args,
        vec![
            format!("--load-extension={}", installed.display()),
            format!("--disable-extensions-except={}", installed.display()),
        ]
    );
}

#[tokio::test]
async fn refuses_tampered_mislabelled_and_unsafe_packages() {
    let key = Key::rsa();
    let id = key.id();
    let mut tampered = crx3(&marker_archive(), &id, &[&key]);
    let at = tampered.len() - 40;
    tampered[at] ^= 0x20;
    let other = Key::ecdsa(3);
    let mislabelled = crx3(&marker_archive(), &other.id(), &[&other]);
    let escaping = crx3(
        &zip_of(&[
            ("manifest.json", MARKER_MANIFEST.as_bytes()),
            ("../../escaped.js", b"x"),
        ]),
        &id,
        &[&key],
    );
    let absolute = crx3(
        &zip_of(&[
            ("manifest.json", MARKER_MANIFEST.as_bytes()),
            ("/tmp/aartiq-absolute.js", b"x"),
        ]),
        &id,
        &[&key],
    );
    let no_manifest = crx3(&zip_of(&[("content.js", b"x")]), &id, &[&key]);
    let base = serve(vec![
        (
            "/tampered".to_owned(),
            200,
            tampered,
            "application/x-chrome-extension",
        ),
        (
            "/mislabelled".to_owned(),
            200,
            mislabelled,
            "application/x-chrome-extension",
        ),
        (
            "/escaping".to_owned(),
            200,
            escaping,
            "application/x-chrome-extension",
        ),
        (
            "/absolute".to_owned(),
            200,
            absolute,
            "application/x-chrome-extension",
        ),
        (
            "/no-manifest".to_owned(),
            200,
            no_manifest,
            "application/x-chrome-extension",
        ),
    ])
    .await;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("profile").join("extensions");
    let url = format!("https://chrome.google.com/webstore/detail/x/{id}");
    for (route, check) in [
        ("/tampered", "CRX3 signature verification failed"),
        ("/mislabelled", "not the requested"),
        ("/escaping", "escapes the extension directory"),
        ("/absolute", "escapes the extension directory"),
        ("/no-manifest", "no manifest.json"),
    ] {
        let store = ExtensionDir::new(&root).with_webstore(WebstoreConfig {
            download_url: format!("{base}{route}"),
            ..WebstoreConfig::default()
        });
        let error = match store.install_from_webstore(&url).await {
            Ok(info) => panic!("{route} was installed: {info:?}"),
            Err(error) => error,
        };
        assert!(error.to_string().contains(check), "{route}: {error}");
        assert!(store.installed().unwrap().is_empty(), "{route}");
    }
    assert!(!dir.path().join("escaped.js").exists());
    assert!(!std::path::Path::new("/tmp/aartiq-absolute.js").exists());
    // Nothing is left half-installed: no staging directory either.
    let leftovers = std::fs::read_dir(&root).map_or(0, |d| d.count());
    assert_eq!(leftovers, 0);
}

#[tokio::test]
async fn only_web_store_urls_are_fetched_and_offline_is_a_network_error() {
    let dir = tempfile::tempdir().unwrap();
    let store = ExtensionDir::new(dir.path());
    for url in [
        "http://127.0.0.1:9/evil.crx",
        "https://chromewebstore.google.com.evil.test/detail/x/cjpalhdlnbpafiamejdnhcphjbkeiagm",
        "http://chromewebstore.google.com/detail/x/cjpalhdlnbpafiamejdnhcphjbkeiagm",
        "https://chromewebstore.google.com/detail/no-id-here",
        "file:///etc/passwd",
    ] {
        let error = store.install_from_webstore(url).await.unwrap_err();
        assert!(
            matches!(error, ExtensionError::BadWebstoreUrl(_)),
            "{url}: {error:?}"
        );
    }
    // The real store, with no network: a clear network error naming the download.
    let error = store
        .install_from_webstore(
            "https://chromewebstore.google.com/detail/ublock/cjpalhdlnbpafiamejdnhcphjbkeiagm",
        )
        .await
        .unwrap_err();
    assert!(matches!(error, ExtensionError::Network { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.starts_with("could not download the extension from https://clients2.google.com/"),
        "{message}"
    );
    assert!(message.contains("network error: "), "{message}");
    // An HTTP error status is a network error too.
    let base = serve(vec![]).await;
    let store = ExtensionDir::new(dir.path()).with_webstore(WebstoreConfig {
        download_url: format!("{base}/crx/{{id}}"),
        ..WebstoreConfig::default()
    });
    let error = store
        .install_from_webstore("cjpalhdlnbpafiamejdnhcphjbkeiagm")
        .await
        .unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("network error: HTTP 404 Not Found"),
        "{error}"
    );
}

#[tokio::test]
async fn imports_the_newest_version_from_a_chrome_profile() {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("chrome").join("Default");
    let first = Key::ecdsa(1).id();
    let second = Key::ecdsa(2).id();
    chrome_profile(&profile, &[&first, &second]);
    let store = ExtensionDir::new(dir.path().join("ours"))
        .with_chrome_profiles(vec![dir.path().join("missing"), profile.clone()]);

    // No profile named: the first configured one that has extensions.
    let imported = store.import_chrome(None).await.unwrap();
    let mut ids: Vec<&str> = imported.iter().map(|i| i.id.as_str()).collect();
    ids.sort_unstable();
    let mut expected = vec![first.as_str(), second.as_str()];
    expected.sort_unstable();
    assert_eq!(ids, expected);
    assert!(
        imported
            .iter()
            .all(|i| i.version == "1.2.0" && i.name == "aartiq marker")
    );
    let copy = dir.path().join("ours").join(&first);
    assert!(copy.join("content.js").is_file());
    assert!(
        !copy.join("_metadata").exists(),
        "reserved names are not copied"
    );
    assert!(!copy.join("passwd").exists(), "links are not followed");
    assert_eq!(store.list().await.unwrap().len(), 2);

    // Importing again replaces, never duplicates.
    store
        .import_chrome(Some(profile.to_str().unwrap()))
        .await
        .unwrap();
    assert_eq!(store.list().await.unwrap().len(), 2);

    let error = store
        .import_chrome(Some("/nonexistent/profile"))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        BackendError::Other("no Chrome profile with extensions at /nonexistent/profile".to_owned())
    );
    let nothing = ExtensionDir::new(dir.path().join("x")).with_chrome_profiles(vec![]);
    assert!(nothing.import_chrome(None).await.is_err());
}
