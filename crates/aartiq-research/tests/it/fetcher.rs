//! `HttpFetcher` against the local server: redirects bounded, size cap, content types,
//! charsets, readable text, the untrusted wrapper.

use std::time::Duration;

use aartiq_research::{FETCH_ORIGIN, FetchError, Fetcher, FetcherConfig, HttpFetcher};

use crate::server::{Route, serve};

#[tokio::test]
async fn http_fetcher_limits_and_decoding() {
    let big = format!(
        "<html><body><article><p>{}</p></article></body></html>",
        "Acme grew fast. ".repeat(20_000)
    );
    let latin1 =
        b"<html><body><p>Caf\xe9 M\xfcller reported sales of \x8050 million.</p></body></html>"
            .to_vec();
    let mut routes = vec![
        Route::raw(
            "a.test",
            "/pdf",
            200,
            "application/pdf",
            b"%PDF-1.7".to_vec(),
        ),
        Route::raw("a.test", "/big", 200, "text/html", big.into_bytes()),
        Route::raw(
            "a.test",
            "/latin1",
            200,
            "text/html; charset=windows-1252",
            latin1,
        ),
        Route::raw(
            "a.test",
            "/plain",
            200,
            "text/plain",
            b"Plain text page with enough words.".to_vec(),
        ),
        Route::raw("a.test", "/gone", 410, "text/html", Vec::new()),
    ];
    // A redirect loop (relative locations) and a single hop.
    for i in 0..8 {
        routes.push(Route::redirect(
            "a.test",
            Box::leak(format!("/loop{i}").into_boxed_str()),
            format!("/loop{}", i + 1),
        ));
    }
    routes.push(Route::redirect("a.test", "/hop", "/plain".to_owned()));
    let addr = serve(routes).await;
    let port = addr.port();
    let config = FetcherConfig::default()
        .with_resolve("a.test", addr)
        .with_max_bytes(64 * 1024)
        .with_max_redirects(3)
        .with_timeout(Duration::from_secs(10));
    let fetcher = HttpFetcher::new(config).unwrap();
    let url = |p: &str| format!("http://a.test:{port}{p}");

    let err = |r: Result<aartiq_research::FetchedPage, FetchError>| r.err().unwrap();
    assert_eq!(
        err(fetcher.fetch(&url("/pdf"), 6000).await),
        FetchError::UnsupportedContent("application/pdf".into())
    );
    assert_eq!(
        err(fetcher.fetch(&url("/gone"), 6000).await),
        FetchError::Status(410)
    );
    assert_eq!(
        err(fetcher.fetch(&url("/loop0"), 6000).await),
        FetchError::TooManyRedirects
    );
    assert!(matches!(
        err(fetcher.fetch("ftp://a.test/x", 6000).await),
        FetchError::InvalidUrl(_)
    ));
    assert!(matches!(
        err(fetcher.fetch("not a url", 6000).await),
        FetchError::InvalidUrl(_)
    ));

    let guard = aartiq_guard::Guard::new(aartiq_guard::Config::default()).unwrap();
    let ctx = aartiq_guard::Context::new();

    let page = fetcher.fetch(&url("/hop"), 6000).await.unwrap();
    assert_eq!(page.final_url, url("/plain"));
    assert_eq!(page.text.origin().source, FETCH_ORIGIN);
    assert_eq!(
        page.text.origin().locator.as_deref(),
        Some(url("/hop").as_str())
    );
    assert_eq!(
        page.text.scan(&guard, &ctx).value,
        "Plain text page with enough words."
    );

    // The body is capped at 64 KiB and the text at the requested characters.
    let page = fetcher.fetch(&url("/big"), 6000).await.unwrap();
    assert!(page.truncated);
    let text = page.text.scan(&guard, &ctx).value;
    assert_eq!(text.chars().count(), 6000);
    assert!(text.starts_with("Acme grew fast. Acme grew fast."));

    let page = fetcher.fetch(&url("/latin1"), 6000).await.unwrap();
    assert!(!page.truncated);
    assert_eq!(
        page.text.scan(&guard, &ctx).value,
        "Café Müller reported sales of €50 million."
    );
}
