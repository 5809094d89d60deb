//! The renderer the browser implements: HTML to PDF, Mermaid to SVG or PNG.
//!
//! The trait lives here, with its consumer; `aartiq-cdp` implements it for `CdpBrowser` on a
//! fresh, isolated page per render. [`MERMAID_JS`] and [`DIAGRAM_PAGE`] are what such an
//! implementation loads to draw a diagram with the real Mermaid library.

use crate::error::RenderError;

/// Paper sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Paper {
    /// 210 x 297 mm.
    #[default]
    A4,
    /// 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in inches (the unit of `Page.printToPDF`).
    pub fn inches(self) -> (f64, f64) {
        match self {
            Paper::A4 => (8.27, 11.69),
            Paper::Letter => (8.5, 11.0),
        }
    }
}

/// How to print a page to PDF.
#[derive(Debug, Clone, PartialEq)]
pub struct PdfOptions {
    /// Paper size.
    pub paper: Paper,
    /// Landscape rather than portrait.
    pub landscape: bool,
    /// Margins in millimetres: top, right, bottom, left.
    pub margins_mm: [f64; 4],
    /// Print backgrounds (colour bands, code block shading).
    pub print_background: bool,
    /// HTML for the foot of every page, with Chromium's `pageNumber`/`totalPages` classes;
    /// already escaped. `None` prints no footer.
    pub footer_template: Option<String>,
}

impl Default for PdfOptions {
    fn default() -> PdfOptions {
        PdfOptions {
            paper: Paper::A4,
            landscape: false,
            margins_mm: [18.0, 16.0, 20.0, 16.0],
            print_background: true,
            footer_template: None,
        }
    }
}

/// The image format of a rendered diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiagramFormat {
    /// SVG text, as Mermaid draws it.
    #[default]
    Svg,
    /// A PNG screenshot of the drawn SVG.
    Png,
}

impl DiagramFormat {
    /// Reads `svg` or `png` (case-insensitive).
    pub fn from_name(name: &str) -> Option<DiagramFormat> {
        match name.trim().to_ascii_lowercase().as_str() {
            "svg" => Some(DiagramFormat::Svg),
            "png" => Some(DiagramFormat::Png),
            _ => None,
        }
    }
}

/// Turns HTML into PDF bytes and Mermaid code into an image. Implemented by the browser
/// (`aartiq_cdp::CdpBrowser`); every call must render on a fresh page that no user or agent
/// sees, with no network access beyond what the origin policy allows.
#[async_trait::async_trait]
pub trait Renderer: Send + Sync {
    /// Prints a whole HTML document to PDF, after its fonts and layout are ready.
    ///
    /// # Errors
    /// [`RenderError::Browser`], [`RenderError::Timeout`] or [`RenderError::Output`].
    async fn print_pdf(&self, html: &str, options: &PdfOptions) -> Result<Vec<u8>, RenderError>;

    /// Draws Mermaid code with the Mermaid library ([`MERMAID_JS`]) and returns SVG text or
    /// PNG bytes.
    ///
    /// # Errors
    /// [`RenderError::Mermaid`] with Mermaid's message when the code does not parse; the other
    /// variants when the browser fails.
    async fn render_diagram(
        &self,
        mermaid: &str,
        format: DiagramFormat,
    ) -> Result<Vec<u8>, RenderError>;
}

#[async_trait::async_trait]
impl<T: Renderer + ?Sized> Renderer for std::sync::Arc<T> {
    async fn print_pdf(&self, html: &str, options: &PdfOptions) -> Result<Vec<u8>, RenderError> {
        (**self).print_pdf(html, options).await
    }

    async fn render_diagram(
        &self,
        mermaid: &str,
        format: DiagramFormat,
    ) -> Result<Vec<u8>, RenderError> {
        (**self).render_diagram(mermaid, format).await
    }
}

/// The Mermaid library (`mermaid.min.js` of npm `mermaid`, version [`MERMAID_VERSION`],
/// MIT licence), vendored under `assets/` and embedded here.
pub const MERMAID_JS: &str = include_str!("../assets/mermaid.min.js");

/// The vendored Mermaid version.
pub const MERMAID_VERSION: &str = "11.17.2";

/// The page a diagram is drawn on: no network, scripts only from the renderer (the CSP allows
/// inline script because Mermaid is evaluated into it; nothing else can load).
pub const DIAGRAM_PAGE: &str = "<!doctype html><html><head><meta charset=\"utf-8\">\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data:; font-src data:\">\
<style>body{margin:0;background:#fff}#out{display:inline-block;padding:16px}</style></head>\
<body><div id=\"out\"></div></body></html>";

/// A JavaScript function (for `Runtime.callFunctionOn` with the code as its one argument) that
/// draws the diagram into `#out` and resolves to `{ok: true, svg}` or `{ok: false, error}` with
/// Mermaid's parse message. Mermaid runs with `securityLevel: 'strict'` (labels sanitised, no
/// click handlers) and `startOnLoad: false`.
pub const DIAGRAM_FUNCTION: &str = r#"async function (code) {
  try {
    if (typeof mermaid === 'undefined') { return {ok: false, error: 'the Mermaid library is not loaded'}; }
    mermaid.initialize({startOnLoad: false, securityLevel: 'strict', theme: 'default',
      flowchart: {htmlLabels: false}});
    await mermaid.parse(code);
    const {svg} = await mermaid.render('aartiq-diagram', code);
    const out = document.getElementById('out');
    out.innerHTML = svg;
    await document.fonts.ready;
    return {ok: true, svg};
  } catch (e) {
    return {ok: false, error: String((e && (e.message || e.str)) || e)};
  }
}"#;
