//! The print HTML: whole pages as snapshots, and what a model cannot get into one.

use aartiq_documents::{parse_create_file_json, parse_create_pdf_json, print_job};
use serde_json::json;

#[test]
fn report_page_with_branding() {
    let spec = parse_create_pdf_json(&json!({
        "title": "Quarterly <Report>",
        "content": "# Summary\n\nRevenue grew **12%** and *costs* fell.\n\n| Region | Sales |\n| --- | --- |\n| North | 10 |\n\n```\ncode & more\n```",
        "branding": {"name": "Acme & Co", "color": "#0B7285", "footer": "Confidential"},
    }))
    .unwrap();
    let job = print_job(&spec);
    insta::assert_snapshot!("report_page", job.html);
    insta::assert_debug_snapshot!("report_options", job.options);
}

#[test]
fn letter_and_minimal_templates() {
    for template in ["letter", "minimal"] {
        let spec = parse_create_pdf_json(&json!({
            "title": "Dear reader",
            "content": "A short note.",
            "template": template,
        }))
        .unwrap();
        insta::assert_snapshot!(format!("{template}_page"), print_job(&spec).html);
    }
}

#[test]
fn slides_and_pages_start_new_pages() {
    let request = parse_create_file_json(&json!({
        "format": "pdf",
        "title": "Deck",
        "slides": [{"title": "One", "bullets": ["**a**"]}, {"title": "Two", "bullets": ["b"]}],
    }))
    .unwrap();
    let html = print_job(&request.document).html;
    assert_eq!(html.matches("class=\"page-break\"").count(), 1);
    assert!(
        html.contains("<h2>One</h2>\n<ul>\n<li><strong>a</strong></li>"),
        "{html}"
    );
}

#[test]
fn a_model_cannot_inject_script_styles_or_loads() {
    let spec = parse_create_pdf_json(&json!({
        "title": "</title><script>alert(1)</script>",
        "content": "<script>alert(2)</script>\n\n<style>body{display:none}</style>\n\n\
    <img src=x onerror=alert(3)>\n\n[click](javascript:alert(4)) [data](data:text/html,x)\n\n\
    ![remote](https://tracker.example/p.png) ![inline](data:image/png;base64,iVBORw0KGgo=)",
        "branding": {"name": "<b onclick=x>", "footer": "<img src=y>"},
    }))
    .unwrap();
    let job = print_job(&spec);
    let lower = job.html.to_ascii_lowercase();
    for forbidden in [
        "<script",
        "<style>body",
        "<img src=x",
        "<img src=y",
        "javascript:",
        "data:text/html",
        "tracker.example",
        "<b onclick",
    ] {
        assert!(!lower.contains(forbidden), "{forbidden} in {}", job.html);
    }
    assert!(
        job.html
            .contains("<img src=\"data:image/png;base64,iVBORw0KGgo=\"")
    );
    assert!(
        job.html
            .contains("Content-Security-Policy\" content=\"default-src 'none';")
    );
    let footer = job.options.footer_template.unwrap();
    assert!(footer.contains("&lt;img src=y&gt;"), "{footer}");
}
