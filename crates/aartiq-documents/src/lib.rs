//! Document commands into files: `CREATE_PDF_JSON`, `CREATE_FILE_JSON`, `GENERATE_PDF` and
//! `GENERATE_DIAGRAM` (spec a.8 rows 7, 8, 9, 18).
//!
//! It sits after `aartiq-commands` in the pipeline: the runtime hands a command's payload to
//! [`Documents`], which reads it into a typed request ([`parse_create_pdf_json`],
//! [`parse_create_file_json`], [`parse_generate_pdf`], [`parse_generate_diagram`]; a bad
//! payload is a [`DocumentError::Invalid`] naming the field, never a panic), produces the
//! bytes and saves them in an [`OutputDir`].
//!
//! - **PDF**: Markdown becomes sanitised HTML (raw HTML shown as text, only web and mail
//!   links, only `data:` images) in a template (`report`, `letter`, `minimal`) with branding
//!   (name, a validated CSS accent colour, a footer on every page) and print CSS
//!   ([`print_job`], pure). A [`Renderer`] prints it; `aartiq-cdp` implements the trait with
//!   Chromium's `Page.printToPDF` on a fresh page whose Content Security Policy lets nothing
//!   run or load.
//! - **Diagrams**: the real Mermaid library ([`MERMAID_JS`], vendored, version
//!   [`MERMAID_VERSION`]) draws the code in the renderer's page, to SVG or PNG; a syntax error
//!   is [`RenderError::Mermaid`] with Mermaid's message.
//! - **DOCX** with `docx-rs` ([`build_docx`]) and **PPTX** as minimal hand-written
//!   PresentationML ([`build_pptx`]): headings, paragraphs, bullet and numbered lists, bold,
//!   italic, code. Both open in LibreOffice (tested by converting them headless).
//! - **XLSX** is refused with [`DocumentError::UnsupportedFormat`]: no spreadsheet reader is
//!   installed to prove a file valid, and the original's payload has no cell structure.
//! - **Output**: [`OutputDir`] writes only direct children of one folder, named from the
//!   title, never overwriting (`-2`, `-3`, ...), through a temporary file and a no-clobber
//!   rename, refusing a folder that is (or became) a symbolic link.
//!
//! ```
//! use aartiq_documents::{FileFormat, build_pptx, parse_create_file_json, print_job};
//! use serde_json::json;
//!
//! # fn main() -> Result<(), aartiq_documents::DocumentError> {
//! let request = parse_create_file_json(&json!({
//!     "format": "pptx",
//!     "title": "Plan",
//!     "slides": [{"title": "Goals", "bullets": ["Ship **docs**", "Test them"]}],
//! }))?;
//! assert_eq!(request.format, FileFormat::Pptx);
//! let pptx = build_pptx(&request.document)?;
//! assert!(pptx.starts_with(b"PK"));
//!
//! let page = print_job(&request.document);
//! assert!(page.html.contains("<li>Ship <strong>docs</strong></li>"));
//! assert!(page.html.contains("default-src 'none'"));
//! # Ok(()) }
//! ```

mod documents;
mod docx;
mod error;
mod html;
mod markdown;
mod output;
mod pptx;
mod render;
mod request;
mod svg;
mod xml;

pub use documents::{CreatedFile, Documents, pdf_page_count};
pub use docx::build_docx;
pub use error::{DocumentError, OutputError, RenderError};
pub use html::{Branding, CssColor, DOCUMENT_CSP, PrintJob, Template, escape_html, print_job};
pub use markdown::{Block, Run, markdown_to_blocks, markdown_to_html};
pub use output::{MAX_STEM_CHARS, OutputDir, file_stem};
pub use pptx::{build_pptx, slide_count};
pub use render::{
    DIAGRAM_FUNCTION, DIAGRAM_PAGE, DiagramFormat, MERMAID_JS, MERMAID_VERSION, Paper, PdfOptions,
    Renderer,
};
pub use request::{
    Body, DEFAULT_TITLE, DiagramRequest, DocumentSpec, FileFormat, FileRequest, MAX_BULLETS,
    MAX_DIAGRAM_BYTES, MAX_PARTS, MAX_TEXT_BYTES, MAX_TITLE_CHARS, PageContent, Slide,
    parse_create_file_json, parse_create_pdf_json, parse_generate_diagram, parse_generate_pdf,
};
pub use svg::sanitize_svg;
