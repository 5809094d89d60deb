//! Integration tests of `aartiq-documents`: payloads into typed requests (and never a panic),
//! the print HTML as snapshots, DOCX and PPTX opened by LibreOffice headless and read back with
//! `pdftotext`, and the output folder's path rules. The Chromium-backed renderer is tested in
//! `aartiq-cdp` (`tests/it/render.rs`). Missing `soffice` or `pdftotext` fails these tests.
#![allow(
    clippy::disallowed_methods,
    reason = "tests start the real programs they check (browsers, readers, interpreters, the binaries)"
)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a panic in a test is a failing test"
)]

mod html;
mod office;
mod output;
mod request;
