//! Typed, validated requests read from the document commands' payloads (spec a.8 rows 7, 8, 9
//! and 18; the argument shapes of `aartiq-commands`' catalog).
//!
//! Payloads come from a model: every field is checked, sizes are capped, and a bad payload is
//! a [`DocumentError::Invalid`] naming the field. Unknown fields are ignored (models add
//! chatter), but a field that is present with the wrong type is an error.

use serde_json::{Map, Value};

use crate::error::DocumentError;
use crate::html::{Branding, CssColor, Template};

/// The largest title, in characters.
pub const MAX_TITLE_CHARS: usize = 300;
/// The largest amount of text in one request, in bytes (all fields together).
pub const MAX_TEXT_BYTES: usize = 2 * 1024 * 1024;
/// The most slides, pages or sections in one request.
pub const MAX_PARTS: usize = 500;
/// The most bullets on one slide.
pub const MAX_BULLETS: usize = 100;
/// The largest Mermaid source, in bytes.
pub const MAX_DIAGRAM_BYTES: usize = 100 * 1024;

/// The title used when a JSON request has none.
pub const DEFAULT_TITLE: &str = "Document";

/// A file format this crate writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileFormat {
    /// PDF, printed by the renderer.
    Pdf,
    /// Word document (Office Open XML).
    Docx,
    /// PowerPoint presentation (Office Open XML).
    Pptx,
    /// SVG image (diagrams).
    Svg,
    /// PNG image (diagrams).
    Png,
}

impl FileFormat {
    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Pdf => "pdf",
            FileFormat::Docx => "docx",
            FileFormat::Pptx => "pptx",
            FileFormat::Svg => "svg",
            FileFormat::Png => "png",
        }
    }

    /// The media type.
    pub fn mime(self) -> &'static str {
        match self {
            FileFormat::Pdf => "application/pdf",
            FileFormat::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
            FileFormat::Pptx => {
                "application/vnd.openxmlformats-officedocument.presentationml.presentation"
            }
            FileFormat::Svg => "image/svg+xml",
            FileFormat::Png => "image/png",
        }
    }
}

impl std::fmt::Display for FileFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.extension())
    }
}

/// One slide: a title and bullets (each bullet may use inline Markdown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slide {
    /// The slide title (may be empty when the slide has bullets).
    pub title: String,
    /// The bullets, in order.
    pub bullets: Vec<String>,
}

/// One page of a paged document: an optional title and Markdown content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageContent {
    /// A heading for the page.
    pub title: Option<String>,
    /// The page's Markdown.
    pub content: String,
}

/// What a document contains.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Body {
    /// One Markdown text.
    Markdown(String),
    /// Slides (a title and bullets each).
    Slides(Vec<Slide>),
    /// Pages, each starting on a new page (a new slide in PPTX).
    Pages(Vec<PageContent>),
}

/// A document to produce, whatever the format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentSpec {
    /// The title: the file name, the heading, the document's metadata title.
    pub title: String,
    /// The content.
    pub body: Body,
    /// The PDF template (other formats ignore it).
    pub template: Template,
    /// Branding (PDF: name, accent colour and footer; DOCX: accent colour of headings).
    pub branding: Option<Branding>,
}

/// A `CREATE_FILE_JSON` request: a document and the format to write it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRequest {
    /// `pdf`, `docx` or `pptx`.
    pub format: FileFormat,
    /// The document.
    pub document: DocumentSpec,
}

/// A `GENERATE_DIAGRAM` request: Mermaid source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramRequest {
    /// The Mermaid code, with any Markdown code fence removed.
    pub code: String,
}

/// Reads field values out of one JSON object, collecting the command name for errors.
struct Fields<'a> {
    command: &'static str,
    prefix: String,
    map: &'a Map<String, Value>,
    budget: &'a mut usize,
}

fn invalid(
    command: &'static str,
    field: impl Into<String>,
    reason: impl Into<String>,
) -> DocumentError {
    DocumentError::Invalid {
        command,
        field: field.into(),
        reason: reason.into(),
    }
}

impl<'a> Fields<'a> {
    fn name(&self, key: &str) -> String {
        if self.prefix.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.prefix)
        }
    }

    fn err(&self, key: &str, reason: impl Into<String>) -> DocumentError {
        invalid(self.command, self.name(key), reason)
    }

    fn charge(&mut self, key: &str, bytes: usize) -> Result<(), DocumentError> {
        if bytes > *self.budget {
            return Err(self.err(
                key,
                format!("the request holds more than {MAX_TEXT_BYTES} bytes of text"),
            ));
        }
        *self.budget -= bytes;
        Ok(())
    }

    /// A string field; `None` when absent or null. Numbers and booleans are not text.
    fn text(&mut self, key: &str) -> Result<Option<String>, DocumentError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) => {
                self.charge(key, text.len())?;
                Ok(Some(text.clone()))
            }
            Some(other) => Err(self.err(key, format!("must be text, not {}", kind(other)))),
        }
    }

    /// Text, or a list of texts joined with blank lines (models send both for `content`).
    fn text_or_lines(&mut self, key: &str) -> Result<Option<String>, DocumentError> {
        match self.map.get(key) {
            Some(Value::Array(items)) => {
                let mut parts = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    match item {
                        Value::String(text) => {
                            self.charge(key, text.len())?;
                            parts.push(text.as_str());
                        }
                        other => {
                            return Err(self.err(
                                &format!("{key}[{i}]"),
                                format!("must be text, not {}", kind(other)),
                            ));
                        }
                    }
                }
                Ok(Some(parts.join("\n\n")))
            }
            _ => self.text(key),
        }
    }

    fn array(&self, key: &str) -> Result<Option<&'a Vec<Value>>, DocumentError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(items)) if items.len() > MAX_PARTS => {
                Err(self.err(key, format!("at most {MAX_PARTS} entries")))
            }
            Some(Value::Array(items)) => Ok(Some(items)),
            Some(other) => Err(self.err(key, format!("must be a list, not {}", kind(other)))),
        }
    }

    fn nested(&mut self, key: &str) -> Result<Option<Fields<'_>>, DocumentError> {
        let name = self.name(key);
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(map)) => Ok(Some(Fields {
                command: self.command,
                prefix: name,
                map,
                budget: self.budget,
            })),
            Some(other) => Err(self.err(key, format!("must be an object, not {}", kind(other)))),
        }
    }

    fn title(&mut self, key: &str, default: Option<&str>) -> Result<String, DocumentError> {
        let title = match self.text(key)? {
            Some(t) if !t.trim().is_empty() => clean_title(&t),
            _ => match default {
                Some(d) => return Ok(d.to_owned()),
                None => return Err(self.err(key, "is required")),
            },
        };
        if title.chars().count() > MAX_TITLE_CHARS {
            return Err(self.err(key, format!("at most {MAX_TITLE_CHARS} characters")));
        }
        Ok(title)
    }
}

/// A title on one line: control characters and runs of white space become one space.
fn clean_title(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The payload's object: the value itself, a JSON text holding one (the bracket form keeps the
/// raw JSON, spec a.3), or the catalog's `{"document": ...}` argument wrapper.
fn payload_object(
    command: &'static str,
    payload: &Value,
) -> Result<Map<String, Value>, DocumentError> {
    let value = match payload {
        Value::String(text) => serde_json::from_str::<Value>(text.trim())
            .map_err(|e| invalid(command, "payload", format!("is not valid JSON: {e}")))?,
        other => other.clone(),
    };
    match value {
        Value::Object(mut map) => {
            if map.len() == 1
                && let Some(inner) = map.remove("document")
            {
                return match inner {
                    Value::Object(_) | Value::String(_) => payload_object(command, &inner),
                    other => Err(invalid(
                        command,
                        "document",
                        format!("must be an object, not {}", kind(&other)),
                    )),
                };
            }
            Ok(map)
        }
        other => Err(invalid(
            command,
            "payload",
            format!("must be a JSON object, not {}", kind(&other)),
        )),
    }
}

fn template_and_branding(
    fields: &mut Fields<'_>,
) -> Result<(Template, Option<Branding>), DocumentError> {
    let template = match fields.text("template")? {
        None => Template::default(),
        Some(name) => Template::from_name(&name).ok_or_else(|| {
            fields.err(
                "template",
                format!("unknown template {name:?}; use report, letter or minimal"),
            )
        })?,
    };
    let branding = match fields.nested("branding")? {
        None => None,
        Some(mut b) => {
            let name = b
                .text("name")?
                .map(|n| clean_title(&n))
                .filter(|n| !n.is_empty());
            let footer = b
                .text("footer")?
                .map(|n| clean_title(&n))
                .filter(|n| !n.is_empty());
            let color = match b.text("color")?.or(b.text("colour")?) {
                None => None,
                Some(text) => Some(CssColor::parse(&text).ok_or_else(|| {
                    b.err(
                        "color",
                        format!("{text:?} is not a CSS colour (use e.g. #1a73e8)"),
                    )
                })?),
            };
            for (key, value) in [("name", &name), ("footer", &footer)] {
                if value
                    .as_ref()
                    .is_some_and(|v| v.chars().count() > MAX_TITLE_CHARS)
                {
                    return Err(b.err(key, format!("at most {MAX_TITLE_CHARS} characters")));
                }
            }
            Some(Branding {
                name,
                color,
                footer,
            })
        }
    };
    Ok((template, branding))
}

fn slides(fields: &mut Fields<'_>, items: &[Value]) -> Result<Vec<Slide>, DocumentError> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let key = format!("slides[{i}]");
        let Value::Object(map) = item else {
            return Err(fields.err(&key, format!("must be an object, not {}", kind(item))));
        };
        let mut slide = Fields {
            command: fields.command,
            prefix: fields.name(&key),
            map,
            budget: fields.budget,
        };
        let title = slide
            .text("title")?
            .map(|t| clean_title(&t))
            .unwrap_or_default();
        let mut bullets = Vec::new();
        if let Some(list) = slide.array("bullets")? {
            if list.len() > MAX_BULLETS {
                return Err(slide.err("bullets", format!("at most {MAX_BULLETS} bullets")));
            }
            for (j, bullet) in list.iter().enumerate() {
                match bullet {
                    Value::String(text) => {
                        slide.charge("bullets", text.len())?;
                        let text = clean_title(text);
                        if !text.is_empty() {
                            bullets.push(text);
                        }
                    }
                    other => {
                        return Err(slide.err(
                            &format!("bullets[{j}]"),
                            format!("must be text, not {}", kind(other)),
                        ));
                    }
                }
            }
        }
        if let Some(content) = slide.text_or_lines("content")? {
            bullets.extend(
                content
                    .lines()
                    .map(|l| l.trim().trim_start_matches(['-', '*', '•']).trim())
                    .filter(|l| !l.is_empty())
                    .map(str::to_owned),
            );
        }
        if title.is_empty() && bullets.is_empty() {
            return Err(fields.err(&key, "needs a title, bullets or content"));
        }
        out.push(Slide { title, bullets });
    }
    Ok(out)
}

fn pages(
    fields: &mut Fields<'_>,
    items: &[Value],
    key: &str,
) -> Result<Vec<PageContent>, DocumentError> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let item_key = format!("{key}[{i}]");
        match item {
            Value::String(text) => {
                fields.charge(&item_key, text.len())?;
                out.push(PageContent {
                    title: None,
                    content: text.clone(),
                });
            }
            Value::Object(map) => {
                let mut page = Fields {
                    command: fields.command,
                    prefix: fields.name(&item_key),
                    map,
                    budget: fields.budget,
                };
                let title = match page.text("title")?.or(page.text("heading")?) {
                    Some(t) if !t.trim().is_empty() => Some(clean_title(&t)),
                    _ => None,
                };
                let content = page.text_or_lines("content")?.unwrap_or_default();
                if title.is_none() && content.trim().is_empty() {
                    return Err(fields.err(&item_key, "needs a title or content"));
                }
                out.push(PageContent { title, content });
            }
            other => {
                return Err(fields.err(
                    &item_key,
                    format!("must be text or an object, not {}", kind(other)),
                ));
            }
        }
    }
    Ok(out)
}

/// Reads a `CREATE_PDF_JSON` payload: `{title, content (Markdown), template?, branding?{name,
/// color, footer}, sections?[{title, content}]}`. Sections follow the content, each under its
/// own heading. A missing title is [`DEFAULT_TITLE`].
///
/// # Errors
/// [`DocumentError::Invalid`] naming the bad field.
pub fn parse_create_pdf_json(payload: &Value) -> Result<DocumentSpec, DocumentError> {
    const COMMAND: &str = "CREATE_PDF_JSON";
    let map = payload_object(COMMAND, payload)?;
    let mut budget = MAX_TEXT_BYTES;
    let mut fields = Fields {
        command: COMMAND,
        prefix: String::new(),
        map: &map,
        budget: &mut budget,
    };
    let title = fields.title("title", Some(DEFAULT_TITLE))?;
    let content = fields.text_or_lines("content")?.unwrap_or_default();
    let (template, branding) = template_and_branding(&mut fields)?;
    let mut markdown = content;
    if let Some(items) = fields.array("sections")? {
        for section in pages(&mut fields, items, "sections")? {
            if !markdown.is_empty() {
                markdown.push_str("\n\n");
            }
            if let Some(heading) = section.title {
                markdown.push_str("## ");
                markdown.push_str(&heading);
                markdown.push_str("\n\n");
            }
            markdown.push_str(&section.content);
        }
    }
    if markdown.trim().is_empty() {
        return Err(invalid(
            COMMAND,
            "content",
            "is required (Markdown text, or sections)",
        ));
    }
    Ok(DocumentSpec {
        title,
        body: Body::Markdown(markdown),
        template,
        branding,
    })
}

/// Reads a `CREATE_FILE_JSON` payload: `{format: pdf|docx|pptx, title, content | slides[{title,
/// bullets | content}] | pages[text | {title, content}], template?, branding?}`.
///
/// # Errors
/// [`DocumentError::UnsupportedFormat`] for `xlsx` (and any other format),
/// [`DocumentError::Invalid`] naming the bad field otherwise.
pub fn parse_create_file_json(payload: &Value) -> Result<FileRequest, DocumentError> {
    const COMMAND: &str = "CREATE_FILE_JSON";
    let map = payload_object(COMMAND, payload)?;
    let mut budget = MAX_TEXT_BYTES;
    let mut fields = Fields {
        command: COMMAND,
        prefix: String::new(),
        map: &map,
        budget: &mut budget,
    };
    let format = match fields.text("format")? {
        None => return Err(fields.err("format", "is required: pdf, docx or pptx")),
        Some(name) => match name
            .trim()
            .trim_start_matches('.')
            .to_ascii_lowercase()
            .as_str()
        {
            "pdf" => FileFormat::Pdf,
            "docx" | "word" => FileFormat::Docx,
            "pptx" | "powerpoint" | "slides" => FileFormat::Pptx,
            // spec a.8 row 8 lists xlsx; there is no spreadsheet writer here (see README).
            _ => {
                return Err(DocumentError::UnsupportedFormat {
                    format: name.chars().take(40).collect(),
                });
            }
        },
    };
    let title = fields.title("title", Some(DEFAULT_TITLE))?;
    let (template, branding) = template_and_branding(&mut fields)?;
    let content = fields.text_or_lines("content")?;
    let slide_items = fields.array("slides")?;
    let page_items = fields.array("pages")?;
    let given = [
        content.is_some(),
        slide_items.is_some(),
        page_items.is_some(),
    ];
    let body = match (content, slide_items, page_items) {
        _ if given.iter().filter(|g| **g).count() > 1 => {
            return Err(invalid(
                COMMAND,
                "payload",
                "give only one of content, slides or pages",
            ));
        }
        (Some(content), _, _) if !content.trim().is_empty() => Body::Markdown(content),
        (_, Some(items), _) if !items.is_empty() => Body::Slides(slides(&mut fields, items)?),
        (_, _, Some(items)) if !items.is_empty() => {
            Body::Pages(pages(&mut fields, items, "pages")?)
        }
        _ => {
            return Err(invalid(
                COMMAND,
                "content",
                "is required: content, slides or pages",
            ));
        }
    };
    Ok(FileRequest {
        format,
        document: DocumentSpec {
            title,
            body,
            template,
            branding,
        },
    })
}

/// Reads `GENERATE_PDF`'s arguments: a title and Markdown content, both required.
///
/// # Errors
/// [`DocumentError::Invalid`] when either is blank or too large.
pub fn parse_generate_pdf(title: &str, content: &str) -> Result<DocumentSpec, DocumentError> {
    const COMMAND: &str = "GENERATE_PDF";
    let map: Map<String, Value> = [
        ("title".to_owned(), Value::String(title.to_owned())),
        ("content".to_owned(), Value::String(content.to_owned())),
    ]
    .into_iter()
    .collect();
    let mut budget = MAX_TEXT_BYTES;
    let mut fields = Fields {
        command: COMMAND,
        prefix: String::new(),
        map: &map,
        budget: &mut budget,
    };
    let title = fields.title("title", None)?;
    let content = fields.text("content")?.unwrap_or_default();
    if content.trim().is_empty() {
        return Err(invalid(COMMAND, "content", "is required"));
    }
    Ok(DocumentSpec {
        title,
        body: Body::Markdown(content),
        template: Template::default(),
        branding: None,
    })
}

/// Reads `GENERATE_DIAGRAM`'s Mermaid code; a surrounding ```` ```mermaid ```` fence is removed.
///
/// # Errors
/// [`DocumentError::Invalid`] when the code is blank or larger than [`MAX_DIAGRAM_BYTES`].
pub fn parse_generate_diagram(code: &str) -> Result<DiagramRequest, DocumentError> {
    const COMMAND: &str = "GENERATE_DIAGRAM";
    let mut code = code.trim();
    if let Some(rest) = code.strip_prefix("```") {
        let rest = rest.strip_suffix("```").unwrap_or(rest);
        let first_line_end = rest.find('\n').unwrap_or(rest.len());
        let info = &rest[..first_line_end];
        code = if info.trim().chars().all(|c| c.is_ascii_alphanumeric()) {
            rest[first_line_end..].trim()
        } else {
            rest.trim()
        };
    }
    if code.is_empty() {
        return Err(invalid(COMMAND, "code", "is required (Mermaid source)"));
    }
    if code.len() > MAX_DIAGRAM_BYTES {
        return Err(invalid(
            COMMAND,
            "code",
            format!("at most {MAX_DIAGRAM_BYTES} bytes"),
        ));
    }
    Ok(DiagramRequest {
        code: code.to_owned(),
    })
}
