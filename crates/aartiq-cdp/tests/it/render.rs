//! `CdpBrowser` as the `Renderer` of `aartiq-documents`: real `Page.printToPDF` read back with
//! `pdftotext` (poppler-utils), real Mermaid to SVG and PNG, the render page isolated from the
//! person's tabs, and nothing a document asks for ever loaded.

use std::sync::Arc;

use aartiq_cdp::{BrowserConfig, CdpBrowser, LaunchOptions, OriginPolicy};
use aartiq_documents::{
    DiagramFormat, DocumentError, Documents, FileFormat, OutputDir, RenderError, Renderer,
    parse_generate_pdf, print_job,
};
use aartiq_tools::Browser;
use serde_json::json;

use crate::site::{Reply, serve};

async fn browser() -> CdpBrowser {
    match CdpBrowser::launch(LaunchOptions::default()).await {
        Ok(browser) => browser,
        Err(error) => panic!(
            "Chromium must be installed for these tests (cargo xtask test installs it): {error}"
        ),
    }
}

/// The text of a PDF, by poppler's `pdftotext`; a missing tool fails the test.
fn pdftotext(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.pdf");
    std::fs::write(&path, pdf).unwrap();
    #[expect(
        clippy::disallowed_methods,
        reason = "the test reads its output with a real PDF reader"
    )]
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .unwrap_or_else(|e| {
            panic!("pdftotext (Debian's poppler-utils) must be installed for these tests: {e}")
        });
    assert!(out.status.success(), "pdftotext failed: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// White space folded, so words split across lines by the layout still match.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[tokio::test]
async fn prints_markdown_to_a_pdf_that_a_reader_reads_back() {
    let browser = browser().await;
    let spec = parse_generate_pdf(
        "Quarterly Report",
        "# Summary\n\nRevenue grew by **twelve percent** this quarter.\n\n- Alpha milestone\n- Beta milestone\n\n<script>document.title='pwned'</script>\n\n![dot](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==)",
    )
    .unwrap();
    let job = print_job(&spec);
    let pdf = browser.print_pdf(&job.html, &job.options).await.unwrap();
    assert!(pdf.starts_with(b"%PDF-"), "not a PDF");
    let text = words(&pdftotext(&pdf));
    // The `data:` image of the Markdown is in the PDF.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("images.pdf");
    std::fs::write(&file, &pdf).unwrap();
    #[expect(
        clippy::disallowed_methods,
        reason = "the test reads its output with a real PDF reader"
    )]
    let images = std::process::Command::new("pdfimages")
        .arg("-list")
        .arg(&file)
        .output()
        .expect("pdfimages (Debian's poppler-utils) must be installed for these tests");
    let listing = String::from_utf8(images.stdout).unwrap();
    let image_rows = listing
        .lines()
        .filter(|l| l.split_whitespace().nth(2) == Some("image"))
        .count();
    assert_eq!(image_rows, 1, "one image expected:\n{listing}");
    for expected in [
        "Quarterly Report",
        "Revenue grew by twelve percent this quarter.",
        "Alpha milestone",
        "Beta milestone",
        // Raw HTML is shown as text, never run.
        "<script>document.title='pwned'</script>",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
    browser.close().await.unwrap();
}

#[tokio::test]
async fn create_pdf_json_writes_a_branded_pdf_into_the_output_folder() {
    let browser = Arc::new(browser().await);
    let dir = tempfile::tempdir().unwrap();
    let documents = Documents::new(OutputDir::new(dir.path()).unwrap(), browser.clone());
    let created = documents
        .create_pdf_json(&json!({
            "title": "Board Update",
            "content": "Opening remarks about the **roadmap**.",
            "template": "letter",
            "branding": {"name": "Acme Ltd", "color": "#0b7285", "footer": "Confidential draft"},
            "sections": [{"title": "Hiring", "content": "Two engineers joined."}],
        }))
        .await
        .unwrap();
    assert_eq!(created.format, FileFormat::Pdf);
    assert_eq!(
        created.path,
        dir.path().canonicalize().unwrap().join("board-update.pdf")
    );
    assert_eq!(created.pages, Some(1));
    let pdf = std::fs::read(&created.path).unwrap();
    assert_eq!(created.bytes, pdf.len() as u64);
    let text = words(&pdftotext(&pdf));
    for expected in [
        "Acme Ltd",
        "Board Update",
        "Opening remarks about the roadmap.",
        "Hiring",
        "Two engineers joined.",
        "Confidential draft",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
    assert!(
        text.replace(' ', "").contains("1/1"),
        "no page number in {text:?}"
    );
    // The same title again never overwrites.
    let again = documents
        .generate_pdf("Board Update", "Second version.")
        .await
        .unwrap();
    assert_eq!(again.path.file_name().unwrap(), "board-update-2.pdf");
}

#[tokio::test]
async fn a_render_leaves_the_tabs_and_the_active_tab_as_they_were() {
    let browser = browser().await;
    let first = browser.new_tab(Some("about:blank")).await.unwrap();
    let guard = aartiq_test_support::default_guard();
    let tabs = || async {
        let tabs = browser.list_tabs().await.unwrap();
        tabs.into_iter()
            .map(|t| t.screened(&guard))
            .collect::<Vec<_>>()
    };
    let before = tabs().await;
    let spec = parse_generate_pdf("Isolated", "Body text").unwrap();
    let job = print_job(&spec);
    browser.print_pdf(&job.html, &job.options).await.unwrap();
    browser
        .render_diagram("graph TD; A-->B", DiagramFormat::Svg)
        .await
        .unwrap();
    let after = tabs().await;
    assert_eq!(
        before, after,
        "a render must not add, remove or switch tabs"
    );
    assert!(after.iter().any(|t| t.id == first.id && t.active));
    browser.close().await.unwrap();
}

#[tokio::test]
async fn nothing_a_document_names_is_loaded_even_under_a_strict_policy() {
    let site = serve(vec![("/ping", Reply::Html("pong".to_owned()))]).await;
    let policy = OriginPolicy {
        allow_hosts: vec!["example.com".to_owned()],
        block_hosts: Vec::new(),
        block_private: true,
    };
    let browser = CdpBrowser::launch_with(
        LaunchOptions::default(),
        BrowserConfig {
            policy,
            ..BrowserConfig::default()
        },
    )
    .await
    .unwrap();
    let base = site.base();
    let markdown = format!(
        "![tracker]({base}/ping/img)\n\n<img src=\"{base}/ping/raw\">\n\n[link]({base}/ping/link)\n\n<iframe src=\"{base}/ping/frame\"></iframe>"
    );
    let spec = parse_generate_pdf("Tracked", &markdown).unwrap();
    let job = print_job(&spec);
    let pdf = browser.print_pdf(&job.html, &job.options).await.unwrap();
    assert!(words(&pdftotext(&pdf)).contains("tracker"));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!site.requested("/ping"), "{:?}", site.log.lock().unwrap());
    // Diagrams render under the strict policy too.
    let svg = browser
        .render_diagram("graph LR; Start-->Finish", DiagramFormat::Svg)
        .await
        .unwrap();
    assert!(String::from_utf8(svg).unwrap().contains("Finish"));
    browser.close().await.unwrap();
}

#[tokio::test]
async fn mermaid_draws_svg_with_the_labels_and_a_png() {
    let browser = browser().await;
    let code = "graph TD\n  A[Search the web] --> B[Read the pages]\n  B --> C{Enough sources?}";
    let svg = browser
        .render_diagram(code, DiagramFormat::Svg)
        .await
        .unwrap();
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(200)]);
    assert!(svg.contains("http://www.w3.org/2000/svg"));
    for label in ["Search the web", "Read the pages", "Enough sources?"] {
        assert!(svg.contains(label), "{label} missing");
    }
    let png = browser
        .render_diagram(code, DiagramFormat::Png)
        .await
        .unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert!(
        png.len() > 5_000,
        "a {}-byte PNG is too small for this diagram",
        png.len()
    );
    browser.close().await.unwrap();
}

#[tokio::test]
async fn a_mermaid_syntax_error_is_a_typed_error_with_mermaids_message() {
    let browser = Arc::new(browser().await);
    let err = browser
        .render_diagram("graph TD; A[unclosed --> B", DiagramFormat::Svg)
        .await
        .unwrap_err();
    let RenderError::Mermaid(message) = &err else {
        panic!("expected a Mermaid error, got {err:?}");
    };
    assert!(message.contains("Parse error"), "{message}");
    // Through `Documents` the same error arrives, and no file is written.
    let dir = tempfile::tempdir().unwrap();
    let documents = Documents::new(OutputDir::new(dir.path()).unwrap(), browser.clone());
    let err = documents
        .generate_diagram("flowchart ??? nonsense", DiagramFormat::Png)
        .await
        .unwrap_err();
    assert!(
        matches!(err, DocumentError::Render(RenderError::Mermaid(_))),
        "{err:?}"
    );
    let ok = documents
        .generate_diagram(
            "```mermaid\nsequenceDiagram\n  Alice->>Bob: Hello Bob\n```",
            DiagramFormat::Svg,
        )
        .await
        .unwrap();
    assert_eq!(ok.path.file_name().unwrap(), "diagram.svg");
    assert!(
        std::fs::read_to_string(&ok.path)
            .unwrap()
            .contains("Hello Bob")
    );
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["diagram.svg"]);
}

#[tokio::test]
async fn create_file_json_pdf_puts_each_slide_on_its_own_page() {
    let browser = Arc::new(browser().await);
    let dir = tempfile::tempdir().unwrap();
    let documents = Documents::new(OutputDir::new(dir.path()).unwrap(), browser.clone());
    let created = documents
        .create_file_json(&json!({
            "format": "pdf",
            "title": "Launch plan",
            "slides": [
                {"title": "Before launch", "bullets": ["Freeze the **scope**"]},
                {"title": "After launch", "bullets": ["Watch the dashboards"]},
            ],
        }))
        .await
        .unwrap();
    assert_eq!(created.pages, Some(2));
    let text = pdftotext(&std::fs::read(&created.path).unwrap());
    let pages: Vec<String> = text.split('\u{c}').map(words).collect();
    assert!(
        pages[0].contains("Launch plan") && pages[0].contains("Freeze the scope"),
        "{pages:?}"
    );
    assert!(
        pages[1].contains("After launch") && pages[1].contains("Watch the dashboards"),
        "{pages:?}"
    );
}

#[tokio::test]
async fn the_document_csp_stops_loads_that_a_plain_page_would_make() {
    let site = serve(vec![("/ping", Reply::Html("pong".to_owned()))]).await;
    let browser = browser().await;
    let base = site.base();
    let page = |csp: &str, path: &str| {
        format!(
            "<!doctype html><html><head>{csp}</head><body><p>text</p>\
             <img src=\"{base}{path}\"><script src=\"{base}{path}-script\"></script></body></html>"
        )
    };
    // Control: without the policy the renderer does load what a page names.
    let options = aartiq_documents::PdfOptions::default();
    browser
        .print_pdf(&page("", "/ping/control"), &options)
        .await
        .unwrap();
    assert!(
        site.requested("/ping/control"),
        "the control page loaded nothing"
    );
    // With the documents' Content Security Policy nothing loads.
    let meta = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">",
        aartiq_documents::DOCUMENT_CSP
    );
    browser
        .print_pdf(&page(&meta, "/ping/csp"), &options)
        .await
        .unwrap();
    // And Markdown from a model names nothing to load in the first place.
    let spec = parse_generate_pdf(
        "Tracked",
        &format!("![t]({base}/ping/md)\n\n<img src=\"{base}/ping/raw\">"),
    )
    .unwrap();
    let job = print_job(&spec);
    browser.print_pdf(&job.html, &job.options).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let log = site.log.lock().unwrap().clone();
    assert!(
        !log.iter().any(|p| p.starts_with("/ping/csp")
            || p.starts_with("/ping/md")
            || p.starts_with("/ping/raw")),
        "{log:?}"
    );
    drop(log);
    browser.close().await.unwrap();
}

/// Mermaid labels a model wrote, each trying to make the diagram load something when opened.
fn hostile_diagrams(port: u16) -> Vec<String> {
    let url = format!("http://127.0.0.1:{port}");
    vec![
        format!("flowchart TD\n  A[\"<img src='{url}/img-flow'>\"] --> B[ok]"),
        format!("flowchart LR\n  A[\"<b>bold</b><img src={url}/img-bare width=1>\"] --> B"),
        format!("sequenceDiagram\n  Alice->>Bob: <img src=\"{url}/img-seq\">"),
        format!("classDiagram\n  class A[\"<img src='{url}/img-class'>\"]"),
        format!(
            "%%{{init: {{\"themeCSS\": \"g {{ background: url({url}/css-theme) }} @import url({url}/css-import);\"}}}}%%\nflowchart TD\n  A --> B"
        ),
    ]
}

#[tokio::test]
async fn diagrams_carry_no_remote_references_when_opened() {
    let site = serve(vec![("/x", Reply::Html("<p>x</p>".to_owned()))]).await;
    let browser = Arc::new(browser().await);
    let dir = tempfile::tempdir().unwrap();
    let documents = Documents::new(OutputDir::new(dir.path()).unwrap(), browser.clone());
    let mut svgs = Vec::new();
    for code in hostile_diagrams(site.port) {
        match documents.generate_diagram(&code, DiagramFormat::Svg).await {
            Ok(file) => {
                let text = std::fs::read_to_string(&file.path).unwrap();
                std::fs::remove_file(&file.path).unwrap();
                svgs.push((code, text));
            }
            // Mermaid may refuse a form outright: nothing is drawn, nothing can load.
            Err(DocumentError::Render(RenderError::Mermaid(_))) => {}
            Err(other) => panic!("{code}: {other:?}"),
        }
    }
    assert!(svgs.len() >= 3, "most hostile diagrams still draw");
    let mut routes = Vec::new();
    for (n, (code, svg)) in svgs.iter().enumerate() {
        let lower = svg.to_ascii_lowercase();
        for needle in [
            "<img",
            "<image",
            "<foreignobject",
            "<script",
            "=\"http://127",
            "url(http",
        ] {
            assert!(!lower.contains(needle), "{needle} kept from {code}:\n{svg}");
        }
        let path: &'static str = Box::leak(format!("/d{n}.svg").into_boxed_str());
        routes.push((path, svg.clone()));
    }
    // Served and opened as a person would open the file: nothing is fetched.
    let diagrams = serve(
        routes
            .into_iter()
            .map(|(path, svg)| (path, Reply::Svg(svg)))
            .collect(),
    )
    .await;
    let tab = browser.new_tab(None).await.unwrap();
    for n in 0..svgs.len() {
        browser
            .navigate(&tab.id, &format!("{}/d{n}.svg", diagrams.base()))
            .await
            .unwrap();
    }
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    let seen = site.log.lock().unwrap().clone();
    assert!(seen.is_empty(), "the opened diagrams fetched {seen:?}");
}
