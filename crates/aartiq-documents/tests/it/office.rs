//! DOCX and PPTX opened by a real reader: LibreOffice headless converts each to PDF, and
//! poppler's `pdftotext` reads the text back. Missing tools fail the tests.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use aartiq_documents::{
    DiagramFormat, DocumentError, Documents, FileFormat, OutputDir, PdfOptions, RenderError,
    Renderer,
};
use serde_json::json;

/// The renderer of these tests: there is no browser here, and it says so (the Chromium
/// renderer is tested in `aartiq-cdp`).
struct NoBrowser;

#[async_trait::async_trait]
impl Renderer for NoBrowser {
    async fn print_pdf(&self, _: &str, _: &PdfOptions) -> Result<Vec<u8>, RenderError> {
        Err(RenderError::Browser("no browser in these tests".to_owned()))
    }

    async fn render_diagram(&self, _: &str, _: DiagramFormat) -> Result<Vec<u8>, RenderError> {
        Err(RenderError::Browser("no browser in these tests".to_owned()))
    }
}

#[expect(
    clippy::disallowed_methods,
    reason = "the tests open their output with real readers"
)]
fn run(program: &str, args: &[&std::ffi::OsStr], what: &str) -> std::process::Output {
    let out = std::process::Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} ({what}) must be installed for these tests: {e}"));
    assert!(out.status.success(), "{program} failed: {out:?}");
    out
}

/// Converts an Office file to PDF with LibreOffice (its own profile, so tests run in parallel)
/// and returns the PDF's text, white space folded.
fn office_text(file: &Path) -> String {
    let work = tempfile::tempdir().unwrap();
    let profile = format!(
        "-env:UserInstallation=file://{}/profile",
        work.path().display()
    );
    let outdir = work.path().join("pdf");
    run(
        "soffice",
        &[
            profile.as_ref(),
            "--headless".as_ref(),
            "--norestore".as_ref(),
            "--convert-to".as_ref(),
            "pdf".as_ref(),
            "--outdir".as_ref(),
            outdir.as_os_str(),
            file.as_os_str(),
        ],
        "Debian's libreoffice-writer-nogui and libreoffice-impress-nogui",
    );
    let stem = file.file_stem().unwrap();
    let pdf: PathBuf = outdir.join(stem).with_extension("pdf");
    assert!(
        pdf.exists(),
        "LibreOffice wrote no PDF for {}",
        file.display()
    );
    let out = run(
        "pdftotext",
        &[
            "-enc".as_ref(),
            "UTF-8".as_ref(),
            pdf.as_os_str(),
            "-".as_ref(),
        ],
        "Debian's poppler-utils",
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn documents(dir: &Path) -> Documents {
    Documents::new(OutputDir::new(dir).unwrap(), Arc::new(NoBrowser))
}

#[tokio::test]
async fn docx_opens_in_libreoffice_with_title_headings_and_lists() {
    let dir = tempfile::tempdir().unwrap();
    let created = documents(dir.path())
        .create_file_json(&json!({
            "format": "docx",
            "title": "Project Plan",
            "content": "# Goals\n\nShip the **documents** crate with *care*.\n\n- Write the renderer\n- Test with LibreOffice\n  - nested point\n\n1. First step\n2. Second step\n\n```\nlet x = 1;\n```",
            "branding": {"name": "Acme Ltd", "color": "#0b7285"},
        }))
        .await
        .unwrap();
    assert_eq!(created.format, FileFormat::Docx);
    assert_eq!(created.path.file_name().unwrap(), "project-plan.docx");
    let text = office_text(&created.path);
    for expected in [
        "Acme Ltd",
        "Project Plan",
        "Goals",
        "Ship the documents crate with care.",
        "Write the renderer",
        "Test with LibreOffice",
        "nested point",
        "First step",
        "Second step",
        "let x = 1;",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
    // Bullets are bullets (docx-rs's own numbering 1 is not reused), numbers restart at 1.
    for expected in [
        "• Write the renderer",
        "• Test with LibreOffice",
        "◦ nested point",
        "1. First step",
        "2. Second step",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
}

#[tokio::test]
async fn docx_from_pages_and_slides_opens_too() {
    let dir = tempfile::tempdir().unwrap();
    let docs = documents(dir.path());
    let paged = docs
        .create_file_json(&json!({
            "format": "docx",
            "title": "Paged & <odd> \u{1} title",
            "pages": ["Page one text", {"title": "Second page", "content": "Page two text"}],
        }))
        .await
        .unwrap();
    let text = office_text(&paged.path);
    for expected in [
        "Paged & <odd> title",
        "Page one text",
        "Second page",
        "Page two text",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
    let slides = docs
        .create_file_json(&json!({
            "format": "docx",
            "title": "Slides as pages",
            "slides": [{"title": "Intro", "bullets": ["Point **one**"]}],
        }))
        .await
        .unwrap();
    let text = office_text(&slides.path);
    assert!(
        text.contains("Intro") && text.contains("Point one"),
        "{text}"
    );
}

#[tokio::test]
async fn pptx_opens_in_libreoffice_with_titles_and_bullets() {
    let dir = tempfile::tempdir().unwrap();
    let created = documents(dir.path())
        .create_file_json(&json!({
            "format": "pptx",
            "title": "Roadmap 2027",
            "branding": {"name": "Acme Ltd", "color": "#c92a2a"},
            "slides": [
                {"title": "Where we are", "bullets": ["Revenue is **up**", "Costs are *flat*"]},
                {"title": "Where we go", "content": "- Hire two engineers\n- Open an office & a lab"},
            ],
        }))
        .await
        .unwrap();
    assert_eq!(created.format, FileFormat::Pptx);
    assert_eq!(created.pages, Some(3));
    assert_eq!(created.path.file_name().unwrap(), "roadmap-2027.pptx");
    let text = office_text(&created.path);
    for expected in [
        "Roadmap 2027",
        "Acme Ltd",
        "Where we are",
        "• Revenue is up",
        "• Costs are flat",
        "Where we go",
        "• Hire two engineers",
        "• Open an office & a lab",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
}

#[tokio::test]
async fn pptx_from_markdown_puts_each_heading_on_a_slide() {
    let dir = tempfile::tempdir().unwrap();
    let created = documents(dir.path())
        .create_file_json(&json!({
            "format": "pptx",
            "title": "Markdown deck",
            "content": "Opening line\n\n# First topic\n\n- alpha point\n  - beta detail\n\n## Second topic\n\nPlain paragraph text\n\n```\ncode line\n```",
        }))
        .await
        .unwrap();
    assert_eq!(created.pages, Some(3));
    let text = office_text(&created.path);
    for expected in [
        "Markdown deck",
        "Opening line",
        "First topic",
        "alpha point",
        "beta detail",
        "Second topic",
        "Plain paragraph text",
        "code line",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from {text:?}"
        );
    }
}

#[tokio::test]
async fn pdf_without_a_browser_and_xlsx_are_typed_errors() {
    let dir = tempfile::tempdir().unwrap();
    let docs = documents(dir.path());
    let err = docs
        .create_file_json(&json!({"format": "pdf", "title": "T", "content": "x"}))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DocumentError::Render(RenderError::Browser(_))),
        "{err:?}"
    );
    let err = docs
        .create_file_json(&json!({"format": "xlsx", "title": "T", "content": "x"}))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DocumentError::UnsupportedFormat { .. }),
        "{err:?}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
