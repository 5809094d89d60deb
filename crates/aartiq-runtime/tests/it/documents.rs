//! The document commands through the runtime (issue 13), rendered by a real Chromium and read
//! back by real readers: a PDF from `CREATE_PDF_JSON` and `GENERATE_PDF` (`pdftotext`), DOCX
//! and PPTX from `CREATE_FILE_JSON` (LibreOffice converts them), a Mermaid diagram to SVG; a
//! bad payload fails before anything is written.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use aartiq_documents::{Documents, OutputDir};
use aartiq_runtime::{Capabilities, NoEvents, Status};
use aartiq_test_support::Fakes;

use crate::support::{Scripted, chromium, config, harness, steps};

fn pdftotext(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext must be installed (poppler-utils; cargo xtask test installs it)");
    assert!(
        out.status.success(),
        "pdftotext failed on {}",
        pdf.display()
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// LibreOffice's text of an office file (converted to PDF, then read).
fn office_text(file: &Path, work: &Path) -> String {
    let profile = work.join("lo-profile");
    let out = Command::new("soffice")
        .arg(format!(
            "-env:UserInstallation=file://{}",
            profile.display()
        ))
        .args(["--headless", "--convert-to", "pdf", "--outdir"])
        .arg(work)
        .arg(file)
        .output()
        .expect("soffice must be installed (libreoffice-*-nogui; cargo xtask test installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    pdftotext(&work.join(file.with_extension("pdf").file_name().unwrap()))
}

fn written(text: &str) -> &Path {
    let path = text
        .strip_prefix("wrote ")
        .and_then(|t| t.split(" (").next())
        .unwrap_or_else(|| panic!("no path in {text}"));
    Path::new(path)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn documents_are_written_into_the_output_folder_and_open_in_real_readers() {
    let browser = chromium().await;
    let out = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let documents = Arc::new(Documents::new(
        OutputDir::new(out.path()).unwrap(),
        browser.clone(),
    ));
    let mut config = config();
    config.max_steps = 10;
    let h = harness(
        Fakes::new(),
        vec![
            r##"[CREATE_PDF_JSON: {"title": "Harvest Notes", "content": "# Yield\n\nBarley rose **12%**.", "branding": {"name": "Acme Farms"}}]"##,
            r##"[CREATE_FILE_JSON: {"format": "docx", "title": "Planting Plan", "content": "- sow barley\n- rotate beans"}]"##,
            r##"[CREATE_FILE_JSON: {"format": "pptx", "title": "Season Review", "slides": [{"title": "Wins", "bullets": ["dry spring", "new silo"]}]}]"##,
            "[GENERATE_PDF: Weekly Report | all fields irrigated]",
            "[GENERATE_DIAGRAM: graph TD; Sow[Sow seeds] --> Reap[Reap grain]]",
            r##"[CREATE_FILE_JSON: {"format": "xlsx", "title": "Sheet", "content": "a"}]"##,
            "Done.",
        ],
        config,
    );
    let runtime = h
        .runtime
        .with_capabilities(Capabilities::new().with_documents(documents));
    let outcome = runtime
        .run_goal("write the farm documents", &Scripted::default(), &NoEvents)
        .await;
    assert_eq!(
        steps(&outcome),
        [
            ("CREATE_PDF_JSON", Status::Ok),
            ("CREATE_FILE_JSON", Status::Ok),
            ("CREATE_FILE_JSON", Status::Ok),
            ("GENERATE_PDF", Status::Ok),
            ("GENERATE_DIAGRAM", Status::Ok),
            ("CREATE_FILE_JSON", Status::Failed),
        ],
        "{:#?}",
        outcome.results
    );
    let text = |i: usize| outcome.results[i].text.as_str();
    for i in 0..5 {
        assert_eq!(
            written(text(i)).parent(),
            Some(out.path()),
            "written outside the output folder: {}",
            text(i)
        );
    }
    let pdf = pdftotext(written(text(0)));
    // The brand name is set in capitals by the template.
    for word in ["Harvest Notes", "Yield", "Barley rose 12%", "ACME FARMS"] {
        assert!(pdf.contains(word), "{word} not in {pdf}");
    }
    let docx = office_text(written(text(1)), work.path());
    for word in ["Planting Plan", "sow barley", "rotate beans"] {
        assert!(docx.contains(word), "{word} not in {docx}");
    }
    let pptx = office_text(written(text(2)), work.path());
    for word in ["Wins", "dry spring", "new silo"] {
        assert!(pptx.contains(word), "{word} not in {pptx}");
    }
    let report = pdftotext(written(text(3)));
    assert!(report.contains("Weekly Report"), "{report}");
    assert!(report.contains("all fields irrigated"), "{report}");
    let svg = std::fs::read_to_string(written(text(4))).unwrap();
    assert!(svg.contains("<svg"), "{svg}");
    assert!(svg.contains("Sow seeds") && svg.contains("Reap grain"));
    assert!(text(5).contains("xlsx is not supported"), "{}", text(5));
    // Five files, nothing for the refused one.
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 5);
}
