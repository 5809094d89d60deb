//! The HTML a PDF is printed from: Markdown body, a template, branding and print CSS.
//!
//! Pure and deterministic (no clock, no randomness), so whole pages are snapshot-tested. The
//! page carries a Content Security Policy that allows no script and no network load at all
//! (`default-src 'none'`; styles inline, images and fonts only from `data:`), on top of the
//! sanitising in `markdown.rs`: a model's Markdown cannot run code or call home from the
//! renderer.

use crate::markdown::markdown_to_html;
use crate::render::PdfOptions;
use crate::request::{Body, DocumentSpec};

/// A page layout for PDFs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Template {
    /// Sans-serif, a coloured brand band and an underlined title (the default).
    #[default]
    Report,
    /// Serif, wide margins, sender name at the top right.
    Letter,
    /// Plain sans-serif, no decoration.
    Minimal,
}

impl Template {
    /// Reads a template name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Template> {
        match name.trim().to_ascii_lowercase().as_str() {
            "report" | "default" | "" => Some(Template::Report),
            "letter" => Some(Template::Letter),
            "minimal" | "plain" => Some(Template::Minimal),
            _ => None,
        }
    }

    /// The template's name.
    pub fn name(self) -> &'static str {
        match self {
            Template::Report => "report",
            Template::Letter => "letter",
            Template::Minimal => "minimal",
        }
    }
}

/// A colour accepted by CSS: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/
/// `hsla()` with numeric arguments, or a CSS named colour. Nothing else gets into a style sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CssColor {
    css: String,
}

/// The CSS named colours (CSS Color Module Level 4).
const NAMED_COLOURS: &str = "aliceblue antiquewhite aqua aquamarine azure beige bisque black \
blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral \
cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey \
darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen \
darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray \
dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod \
gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush \
lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen \
lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey \
lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue \
mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise \
mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive \
olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip \
peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown \
salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow \
springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow \
yellowgreen";

impl CssColor {
    /// Validates a colour; `None` for anything that is not one of the accepted forms.
    pub fn parse(text: &str) -> Option<CssColor> {
        let text = text.trim().to_ascii_lowercase();
        let ok = if let Some(hex) = text.strip_prefix('#') {
            matches!(hex.len(), 3 | 4 | 6 | 8) && hex.bytes().all(|b| b.is_ascii_hexdigit())
        } else if let Some((name, rest)) = text.split_once('(') {
            matches!(name, "rgb" | "rgba" | "hsl" | "hsla")
                && rest.strip_suffix(')').is_some_and(|args| {
                    args.len() <= 60
                        && !args.trim().is_empty()
                        && args
                            .bytes()
                            .all(|b| b.is_ascii_digit() || b" .,%/-deg".contains(&b))
                })
        } else {
            NAMED_COLOURS.split_ascii_whitespace().any(|n| n == text)
        };
        ok.then_some(CssColor { css: text })
    }

    /// The colour as written into CSS (lower case).
    pub fn as_css(&self) -> &str {
        &self.css
    }

    /// The colour as six hex digits (`RRGGBB`, for DOCX), when it is written in hex.
    pub fn hex6(&self) -> Option<String> {
        let hex = self.css.strip_prefix('#')?;
        match hex.len() {
            3 | 4 => Some(
                hex.chars()
                    .take(3)
                    .flat_map(|c| [c, c])
                    .collect::<String>()
                    .to_ascii_uppercase(),
            ),
            6 | 8 => Some(hex[..6].to_ascii_uppercase()),
            _ => None,
        }
    }
}

/// Branding for generated documents.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Branding {
    /// The organisation or author name, shown at the top.
    pub name: Option<String>,
    /// The accent colour.
    pub color: Option<CssColor>,
    /// Text printed at the foot of every page, with the page number.
    pub footer: Option<String>,
}

/// A page ready to print: the HTML and the print options that go with it.
#[derive(Debug, Clone, PartialEq)]
pub struct PrintJob {
    /// The whole HTML document.
    pub html: String,
    /// Paper, margins, footer.
    pub options: PdfOptions,
}

/// Escapes text for HTML content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The Content Security Policy of every generated page: nothing runs, nothing loads.
pub const DOCUMENT_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

const BASE_CSS: &str = "\
*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0;color:#1f2328;font-size:11pt;line-height:1.5}
h1,h2,h3,h4,h5,h6{line-height:1.25;margin:1.2em 0 .5em;break-after:avoid;page-break-after:avoid}
h1{font-size:1.9em}h2{font-size:1.45em}h3{font-size:1.2em}
p,ul,ol,blockquote,table,pre{margin:0 0 .8em}
ul,ol{padding-left:1.6em}
pre,code{font-family:'DejaVu Sans Mono','Liberation Mono',monospace;font-size:.9em}
pre{background:#f6f8fa;padding:.7em .9em;border-radius:4px;white-space:pre-wrap;word-break:break-word}
pre,table,img,blockquote{break-inside:avoid;page-break-inside:avoid}
code{background:#f6f8fa;padding:.1em .3em;border-radius:3px}
pre code{background:none;padding:0}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #d0d7de;padding:.35em .6em;text-align:left;vertical-align:top}
th{background:#f6f8fa}
blockquote{border-left:4px solid var(--accent);margin-left:0;padding:.2em 1em;color:#57606a}
img{max-width:100%}
a{color:var(--accent)}
hr{border:0;border-top:1px solid #d0d7de;margin:1.5em 0}
.page-break{break-before:page;page-break-before:always}
.doc-brand{color:var(--accent);font-weight:600}
";

const REPORT_CSS: &str = "\
body{font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif}
.doc-brand{border-bottom:3px solid var(--accent);padding-bottom:.3em;margin-bottom:1.2em;letter-spacing:.04em;text-transform:uppercase;font-size:.85em}
.doc-title{margin-top:0;padding-bottom:.25em;border-bottom:2px solid var(--accent)}
h2{color:var(--accent)}
";

const LETTER_CSS: &str = "\
body{font-family:'DejaVu Serif','Liberation Serif',Georgia,serif;font-size:11.5pt}
.doc-brand{text-align:right;margin-bottom:2.5em}
.doc-title{font-size:1.3em;margin:0 0 1.2em}
h2,h3{font-size:1.1em}
";

const MINIMAL_CSS: &str = "\
body{font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif}
.doc-title{margin-top:0}
.doc-brand{font-weight:400;color:#57606a}
";

/// The default accent colour.
const DEFAULT_ACCENT: &str = "#1a73e8";

/// The parts of a body, each started on a new page after the first: a heading and Markdown.
fn parts(body: &Body) -> Vec<(Option<String>, String)> {
    match body {
        Body::Markdown(markdown) => vec![(None, markdown.clone())],
        Body::Pages(pages) => pages
            .iter()
            .map(|p| (p.title.clone(), p.content.clone()))
            .collect(),
        Body::Slides(slides) => slides
            .iter()
            .map(|s| {
                let bullets: String = s.bullets.iter().map(|b| format!("- {b}\n")).collect();
                ((!s.title.is_empty()).then(|| s.title.clone()), bullets)
            })
            .collect(),
    }
}

/// Builds the printable page for a document: HTML (template, branding, sanitised Markdown,
/// print CSS) and the PDF options (A4, margins, a footer with the branding text and page
/// numbers).
pub fn print_job(spec: &DocumentSpec) -> PrintJob {
    let branding = spec.branding.clone().unwrap_or_default();
    let accent = branding
        .color
        .as_ref()
        .map_or(DEFAULT_ACCENT, CssColor::as_css);
    let template_css = match spec.template {
        Template::Report => REPORT_CSS,
        Template::Letter => LETTER_CSS,
        Template::Minimal => MINIMAL_CSS,
    };
    let title = escape_html(&spec.title);
    let mut html = String::new();
    html.push_str("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    html.push_str(&format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{DOCUMENT_CSP}\">\n"
    ));
    html.push_str(&format!(
        "<title>{title}</title>\n<style>\n:root{{--accent:{accent}}}\n"
    ));
    html.push_str(BASE_CSS);
    html.push_str(template_css);
    html.push_str("</style></head>\n");
    html.push_str(&format!(
        "<body class=\"template-{}\">\n",
        spec.template.name()
    ));
    if let Some(name) = &branding.name {
        html.push_str(&format!(
            "<div class=\"doc-brand\">{}</div>\n",
            escape_html(name)
        ));
    }
    html.push_str(&format!("<h1 class=\"doc-title\">{title}</h1>\n<main>\n"));
    for (i, (heading, markdown)) in parts(&spec.body).iter().enumerate() {
        if i > 0 {
            html.push_str("<div class=\"page-break\"></div>\n");
        }
        html.push_str("<section>\n");
        if let Some(heading) = heading {
            html.push_str(&format!("<h2>{}</h2>\n", escape_html(heading)));
        }
        html.push_str(&markdown_to_html(markdown));
        html.push_str("</section>\n");
    }
    html.push_str("</main>\n</body></html>\n");
    let footer = branding.footer.as_deref().map(escape_html);
    let footer_template = format!(
        "<div style=\"font-size:8px;width:100%;padding:0 16mm;color:#57606a;\
display:flex;justify-content:space-between;font-family:sans-serif\">\
<span>{}</span><span><span class=\"pageNumber\"></span> / <span class=\"totalPages\"></span></span></div>",
        footer.unwrap_or_default()
    );
    PrintJob {
        html,
        options: PdfOptions {
            footer_template: Some(footer_template),
            ..PdfOptions::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_validated() {
        for good in [
            "#fff",
            "#1A73E8",
            "#11223344",
            "rgb(1, 2, 3)",
            "hsl(120deg 50% 50%)",
            "RebeccaPurple",
        ] {
            assert!(CssColor::parse(good).is_some(), "{good}");
        }
        for bad in [
            "",
            "#12",
            "red;}body{display:none",
            "url(x)",
            "rgb(1,2,3);",
            "expression(alert(1))",
            "#ggg",
            "notacolour",
        ] {
            assert!(CssColor::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(
            CssColor::parse("#abc").and_then(|c| c.hex6()).as_deref(),
            Some("AABBCC")
        );
    }
}
