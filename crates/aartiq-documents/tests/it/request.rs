//! Payloads into typed requests: the catalog's shapes, typed errors, and no panic on any JSON.

use aartiq_documents::{
    Body, DocumentError, FileFormat, PageContent, Slide, Template, parse_create_file_json,
    parse_create_pdf_json, parse_generate_diagram, parse_generate_pdf,
};
use proptest::prelude::*;
use serde_json::{Value, json};

fn invalid_field(result: Result<impl std::fmt::Debug, DocumentError>) -> String {
    match result {
        Err(DocumentError::Invalid { field, .. }) => field,
        other => panic!("expected an invalid-request error, got {other:?}"),
    }
}

#[test]
fn create_pdf_json_reads_the_catalog_example_and_every_option() {
    let spec = parse_create_pdf_json(&json!({"title": "Notes", "content": "Hello"})).unwrap();
    assert_eq!(spec.title, "Notes");
    assert_eq!(spec.body, Body::Markdown("Hello".to_owned()));
    assert_eq!(spec.template, Template::Report);
    assert_eq!(spec.branding, None);

    // The bracket form keeps the raw JSON text, and the catalog wraps it as `document`.
    let raw = json!(r#"{"title": "Notes", "content": "Hello"}"#);
    assert_eq!(parse_create_pdf_json(&raw).unwrap(), spec);
    let wrapped = json!({"document": {"title": "Notes", "content": "Hello"}});
    assert_eq!(parse_create_pdf_json(&wrapped).unwrap(), spec);

    let full = parse_create_pdf_json(&json!({
        "title": "  Annual\n report ",
        "content": ["Intro", "More"],
        "template": "Minimal",
        "branding": {"name": "Acme", "color": "#AbC", "footer": "Internal"},
        "sections": [{"title": "Risks", "content": "None"}, "Closing words"],
        "extra": "ignored",
    }))
    .unwrap();
    assert_eq!(full.title, "Annual report");
    assert_eq!(full.template, Template::Minimal);
    assert_eq!(
        full.body,
        Body::Markdown("Intro\n\nMore\n\n## Risks\n\nNone\n\nClosing words".to_owned())
    );
    let branding = full.branding.unwrap();
    assert_eq!(branding.name.as_deref(), Some("Acme"));
    assert_eq!(branding.footer.as_deref(), Some("Internal"));
    assert_eq!(branding.color.unwrap().as_css(), "#abc");
}

#[test]
fn create_pdf_json_names_the_bad_field() {
    assert_eq!(
        invalid_field(parse_create_pdf_json(&json!({"title": "x"}))),
        "content"
    );
    assert_eq!(
        invalid_field(parse_create_pdf_json(&json!({"content": 5}))),
        "content"
    );
    assert_eq!(
        invalid_field(parse_create_pdf_json(&json!([1, 2]))),
        "payload"
    );
    assert_eq!(
        invalid_field(parse_create_pdf_json(&json!("{not json"))),
        "payload"
    );
    assert_eq!(
        invalid_field(parse_create_pdf_json(
            &json!({"content": "x", "template": "fancy"})
        )),
        "template"
    );
    assert_eq!(
        invalid_field(parse_create_pdf_json(
            &json!({"content": "x", "branding": {"color": "red;}body{display:none"}})
        )),
        "branding.color"
    );
    assert_eq!(
        invalid_field(parse_create_pdf_json(
            &json!({"content": "x", "sections": [7]})
        )),
        "sections[0]"
    );
    assert_eq!(
        invalid_field(parse_create_pdf_json(
            &json!({"content": "x", "title": "t".repeat(301)})
        )),
        "title"
    );
    let huge = "a".repeat(3 * 1024 * 1024);
    assert_eq!(
        invalid_field(parse_create_pdf_json(&json!({"content": huge}))),
        "content"
    );
}

#[test]
fn create_file_json_reads_content_slides_and_pages() {
    let example =
        parse_create_file_json(&json!({"format": "docx", "title": "Plan", "content": "Step one"}))
            .unwrap();
    assert_eq!(example.format, FileFormat::Docx);
    assert_eq!(example.document.title, "Plan");
    assert_eq!(example.document.body, Body::Markdown("Step one".to_owned()));

    let slides = parse_create_file_json(&json!({
        "format": "PPTX",
        "title": "Deck",
        "slides": [
            {"title": "One", "bullets": ["a", "b"]},
            {"title": "Two", "content": "- c\n- d\n\ne"},
        ],
    }))
    .unwrap();
    assert_eq!(slides.format, FileFormat::Pptx);
    assert_eq!(
        slides.document.body,
        Body::Slides(vec![
            Slide {
                title: "One".to_owned(),
                bullets: vec!["a".to_owned(), "b".to_owned()],
            },
            Slide {
                title: "Two".to_owned(),
                bullets: vec!["c".to_owned(), "d".to_owned(), "e".to_owned()],
            },
        ])
    );

    let pages = parse_create_file_json(&json!({
        "format": "pdf",
        "title": "Paged",
        "pages": ["First page", {"title": "Second", "content": "Body"}],
    }))
    .unwrap();
    assert_eq!(
        pages.document.body,
        Body::Pages(vec![
            PageContent {
                title: None,
                content: "First page".to_owned(),
            },
            PageContent {
                title: Some("Second".to_owned()),
                content: "Body".to_owned(),
            },
        ])
    );
}

#[test]
fn create_file_json_refuses_xlsx_and_bad_shapes() {
    let err = parse_create_file_json(&json!({"format": "xlsx", "title": "T", "content": "x"}))
        .unwrap_err();
    assert!(matches!(&err, DocumentError::UnsupportedFormat { format } if format == "xlsx"));
    assert_eq!(
        err.to_string(),
        "xlsx is not supported; use pdf, docx or pptx"
    );
    assert_eq!(
        invalid_field(parse_create_file_json(
            &json!({"title": "T", "content": "x"})
        )),
        "format"
    );
    assert_eq!(
        invalid_field(parse_create_file_json(
            &json!({"format": "pdf", "title": "T"})
        )),
        "content"
    );
    assert_eq!(
        invalid_field(parse_create_file_json(
            &json!({"format": "pdf", "content": "x", "slides": [{"title": "a"}]})
        )),
        "payload"
    );
    assert_eq!(
        invalid_field(parse_create_file_json(
            &json!({"format": "pptx", "slides": [{"title": "ok"}, {"bullets": "not a list"}]})
        )),
        "slides[1].bullets"
    );
    assert_eq!(
        invalid_field(parse_create_file_json(
            &json!({"format": "pptx", "slides": [{"bullets": [1]}]})
        )),
        "slides[0].bullets[0]"
    );
    assert_eq!(
        invalid_field(parse_create_file_json(
            &json!({"format": "pptx", "slides": [{}]})
        )),
        "slides[0]"
    );
    let many: Vec<Value> = (0..501).map(|i| json!(format!("page {i}"))).collect();
    assert_eq!(
        invalid_field(parse_create_file_json(
            &json!({"format": "pdf", "pages": many})
        )),
        "pages"
    );
}

#[test]
fn generate_pdf_and_diagram_need_their_text() {
    let spec = parse_generate_pdf("Weekly Report", "# Summary | all green").unwrap();
    assert_eq!(spec.title, "Weekly Report");
    assert_eq!(invalid_field(parse_generate_pdf(" ", "body")), "title");
    assert_eq!(invalid_field(parse_generate_pdf("Title", "  ")), "content");

    let diagram = parse_generate_diagram("graph TD; A[Search] --> B[Read]").unwrap();
    assert_eq!(diagram.code, "graph TD; A[Search] --> B[Read]");
    let fenced = parse_generate_diagram("```mermaid\ngraph LR; A-->B\n```").unwrap();
    assert_eq!(fenced.code, "graph LR; A-->B");
    assert_eq!(invalid_field(parse_generate_diagram("   ")), "code");
    assert_eq!(
        invalid_field(parse_generate_diagram(&"x".repeat(200_000))),
        "code"
    );
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|n| json!(n)),
        prop_oneof![
            Just("pdf".to_owned()),
            Just("docx".to_owned()),
            Just("pptx".to_owned()),
            Just("xlsx".to_owned()),
            Just("#fff".to_owned()),
            Just("letter".to_owned()),
            ".*",
        ]
        .prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        let keys = prop_oneof![
            Just("format".to_owned()),
            Just("title".to_owned()),
            Just("content".to_owned()),
            Just("slides".to_owned()),
            Just("bullets".to_owned()),
            Just("pages".to_owned()),
            Just("sections".to_owned()),
            Just("template".to_owned()),
            Just("branding".to_owned()),
            Just("color".to_owned()),
            Just("document".to_owned()),
            "[a-z]{1,6}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(keys, inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any JSON gives a request or a typed error, and whatever parses also builds.
    #[test]
    fn arbitrary_payloads_never_panic(payload in arb_json()) {
        if let Ok(spec) = parse_create_pdf_json(&payload) {
            let _ = aartiq_documents::print_job(&spec);
        }
        if let Ok(request) = parse_create_file_json(&payload) {
            let _ = aartiq_documents::print_job(&request.document);
            aartiq_documents::build_docx(&request.document).unwrap();
            aartiq_documents::build_pptx(&request.document).unwrap();
        }
        let text = payload.to_string();
        let _ = parse_create_pdf_json(&Value::String(text.clone()));
        let _ = parse_generate_pdf(&text, &text);
        let _ = parse_generate_diagram(&text);
    }

    /// Any text as Markdown builds every format.
    #[test]
    fn arbitrary_markdown_builds(markdown in "(?s).{0,400}", title in ".{1,40}") {
        let payload = json!({"format": "docx", "title": title, "content": markdown});
        if let Ok(request) = parse_create_file_json(&payload) {
            aartiq_documents::build_docx(&request.document).unwrap();
            aartiq_documents::build_pptx(&request.document).unwrap();
            let page = aartiq_documents::print_job(&request.document);
            prop_assert!(!page.html.to_ascii_lowercase().contains("<script"));
        }
    }
}
