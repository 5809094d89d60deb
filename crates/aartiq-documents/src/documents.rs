//! [`Documents`]: the four document commands, from payload to a file in the output folder.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;

use crate::docx::build_docx;
use crate::error::{DocumentError, RenderError};
use crate::html::print_job;
use crate::output::OutputDir;
use crate::pptx::{build_pptx, slide_count};
use crate::render::{DiagramFormat, Renderer};
use crate::request::{
    DocumentSpec, FileFormat, parse_create_file_json, parse_create_pdf_json,
    parse_generate_diagram, parse_generate_pdf,
};

/// A file a document command wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedFile {
    /// Where it is (inside the output folder).
    pub path: PathBuf,
    /// What it is.
    pub format: FileFormat,
    /// Its size in bytes.
    pub bytes: u64,
    /// Pages (PDF) or slides (PPTX), when known.
    pub pages: Option<u32>,
}

/// Produces the files of `CREATE_PDF_JSON`, `CREATE_FILE_JSON`, `GENERATE_PDF` and
/// `GENERATE_DIAGRAM` (spec a.8 rows 7, 8, 9, 18) into one output folder, with a renderer (the
/// browser) for PDFs and diagrams.
#[derive(Clone)]
pub struct Documents {
    output: OutputDir,
    renderer: Arc<dyn Renderer>,
}

impl std::fmt::Debug for Documents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Documents")
            .field("output", &self.output)
            .finish_non_exhaustive()
    }
}

/// Counts the page objects of a PDF (`/Type /Page`, not `/Pages`); `None` when there are none
/// to be seen (for example inside compressed object streams).
pub fn pdf_page_count(pdf: &[u8]) -> Option<u32> {
    let mut count = 0u32;
    for pattern in [&b"/Type /Page"[..], &b"/Type/Page"[..]] {
        let mut rest = pdf;
        while let Some(at) = find(rest, pattern) {
            let after = &rest[at + pattern.len()..];
            if after.first() != Some(&b's') {
                count += 1;
            }
            rest = after;
        }
    }
    (count > 0).then_some(count)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

impl Documents {
    /// Documents written into `output`, PDFs and diagrams rendered by `renderer`.
    pub fn new(output: OutputDir, renderer: Arc<dyn Renderer>) -> Documents {
        Documents { output, renderer }
    }

    /// The output folder.
    pub fn output(&self) -> &OutputDir {
        &self.output
    }

    fn save(
        &self,
        title: &str,
        format: FileFormat,
        bytes: &[u8],
        pages: Option<u32>,
    ) -> Result<CreatedFile, DocumentError> {
        let path = self.output.write(title, format.extension(), bytes)?;
        Ok(CreatedFile {
            path,
            format,
            bytes: u64::try_from(bytes.len()).unwrap_or(u64::MAX),
            pages,
        })
    }

    /// Renders a document to PDF and saves it.
    ///
    /// # Errors
    /// [`DocumentError::Render`] or [`DocumentError::Output`].
    pub async fn pdf(&self, spec: &DocumentSpec) -> Result<CreatedFile, DocumentError> {
        let job = print_job(spec);
        let bytes = self.renderer.print_pdf(&job.html, &job.options).await?;
        if !bytes.starts_with(b"%PDF-") {
            return Err(RenderError::Output("the printed file is not a PDF".to_owned()).into());
        }
        self.save(&spec.title, FileFormat::Pdf, &bytes, pdf_page_count(&bytes))
    }

    /// Writes a document in any format and saves it.
    ///
    /// # Errors
    /// As [`Documents::pdf`], and [`DocumentError::Package`] for DOCX and PPTX;
    /// [`DocumentError::UnsupportedFormat`] for image formats.
    pub async fn write(
        &self,
        format: FileFormat,
        spec: &DocumentSpec,
    ) -> Result<CreatedFile, DocumentError> {
        match format {
            FileFormat::Pdf => self.pdf(spec).await,
            FileFormat::Docx => self.save(&spec.title, format, &build_docx(spec)?, None),
            FileFormat::Pptx => {
                let slides = u32::try_from(slide_count(spec)).ok();
                self.save(&spec.title, format, &build_pptx(spec)?, slides)
            }
            other => Err(DocumentError::UnsupportedFormat {
                format: other.extension().to_owned(),
            }),
        }
    }

    /// `CREATE_PDF_JSON`: `{title, content, template?, branding?, sections?}` to a PDF.
    ///
    /// # Errors
    /// [`DocumentError::Invalid`] for a bad payload, then as [`Documents::pdf`].
    pub async fn create_pdf_json(&self, payload: &Value) -> Result<CreatedFile, DocumentError> {
        let spec = parse_create_pdf_json(payload)?;
        self.pdf(&spec).await
    }

    /// `CREATE_FILE_JSON`: `{format, title, content | slides | pages, ...}` to a PDF, DOCX or
    /// PPTX file.
    ///
    /// # Errors
    /// [`DocumentError::Invalid`] or [`DocumentError::UnsupportedFormat`] for a bad payload,
    /// then as [`Documents::write`].
    pub async fn create_file_json(&self, payload: &Value) -> Result<CreatedFile, DocumentError> {
        let request = parse_create_file_json(payload)?;
        self.write(request.format, &request.document).await
    }

    /// `GENERATE_PDF`: a title and Markdown content to a PDF.
    ///
    /// # Errors
    /// [`DocumentError::Invalid`] when either is blank, then as [`Documents::pdf`].
    pub async fn generate_pdf(
        &self,
        title: &str,
        content: &str,
    ) -> Result<CreatedFile, DocumentError> {
        let spec = parse_generate_pdf(title, content)?;
        self.pdf(&spec).await
    }

    /// `GENERATE_DIAGRAM`: Mermaid code to an SVG or PNG file named `diagram`.
    ///
    /// # Errors
    /// [`DocumentError::Invalid`] for blank or oversized code, [`DocumentError::Render`] with
    /// [`RenderError::Mermaid`] when Mermaid rejects it, [`DocumentError::Output`].
    pub async fn generate_diagram(
        &self,
        code: &str,
        format: DiagramFormat,
    ) -> Result<CreatedFile, DocumentError> {
        let request = parse_generate_diagram(code)?;
        let bytes = self.renderer.render_diagram(&request.code, format).await?;
        let (format, bytes) = match format {
            // Whatever the renderer drew, the file loads nothing when opened.
            DiagramFormat::Svg => {
                let text = std::str::from_utf8(&bytes)
                    .map_err(|_| RenderError::Output("the diagram is not UTF-8 text".to_owned()))?;
                (
                    FileFormat::Svg,
                    crate::svg::sanitize_svg(text)?.into_bytes(),
                )
            }
            DiagramFormat::Png => (FileFormat::Png, bytes),
        };
        self.save("diagram", format, &bytes, None)
    }
}
