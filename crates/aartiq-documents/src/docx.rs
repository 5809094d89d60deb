//! DOCX with `docx-rs`: a title, then the Markdown's headings, paragraphs, bullet and numbered
//! lists, bold, italic and code, with page breaks between pages and slides.

use docx_rs::{
    AbstractNumbering, BreakType, Docx, IndentLevel, Level, LevelJc, LevelOverride, LevelText,
    NumberFormat, Numbering, NumberingId, Paragraph, Run as DocxRun, RunFonts, SpecialIndentType,
    Start, Style, StyleType,
};

use crate::error::DocumentError;
use crate::markdown::{Block, Run, markdown_to_blocks};
use crate::request::{Body, DocumentSpec};
use crate::xml::clean_text;

// docx-rs always writes a default abstract numbering and numbering with id 1: ours start at 10.
const BULLET_ABSTRACT: usize = 10;
const ORDERED_ABSTRACT: usize = 11;
const BULLET_NUMBERING: usize = 10;
const MONO: &str = "DejaVu Sans Mono";

fn list_levels(mut numbering: AbstractNumbering, ordered: bool) -> AbstractNumbering {
    for level in 0..9usize {
        let (format, text) = if ordered {
            ("decimal", format!("%{}.", level + 1))
        } else {
            ("bullet", ["•", "◦", "▪"][level % 3].to_owned())
        };
        let indent = i32::try_from(720 * (level + 1)).unwrap_or(720);
        numbering = numbering.add_level(
            Level::new(
                level,
                Start::new(1),
                NumberFormat::new(format),
                LevelText::new(text),
                LevelJc::new("left"),
            )
            .indent(
                Some(indent),
                Some(SpecialIndentType::Hanging(360)),
                None,
                None,
            ),
        );
    }
    numbering
}

fn runs(paragraph: Paragraph, runs: &[Run]) -> Paragraph {
    runs.iter().fold(paragraph, |p, run| {
        let mut r = DocxRun::new().add_text(clean_text(&run.text));
        if run.bold {
            r = r.bold();
        }
        if run.italic {
            r = r.italic();
        }
        if run.code {
            r = r.fonts(RunFonts::new().ascii(MONO).hi_ansi(MONO));
        }
        p.add_run(r)
    })
}

fn heading_styles(mut docx: Docx, accent: Option<&str>) -> Docx {
    let mut title = Style::new("Title", StyleType::Paragraph)
        .name("Title")
        .size(52)
        .bold();
    if let Some(color) = accent {
        title = title.color(color);
    }
    docx = docx.add_style(title);
    for (level, size) in [
        (1usize, 36usize),
        (2, 30),
        (3, 26),
        (4, 24),
        (5, 22),
        (6, 22),
    ] {
        let mut style = Style::new(format!("Heading{level}"), StyleType::Paragraph)
            .name(format!("heading {level}"))
            .size(size)
            .bold()
            .outline_lvl(level - 1);
        if let Some(color) = accent {
            style = style.color(color);
        }
        docx = docx.add_style(style);
    }
    docx
}

/// The blocks of a body, with `None` marking a page break.
fn body_blocks(body: &Body) -> Vec<Option<Block>> {
    let heading = |text: &str| Block::Heading {
        level: 2,
        runs: vec![Run {
            text: text.to_owned(),
            ..Run::default()
        }],
    };
    let mut out = Vec::new();
    match body {
        Body::Markdown(markdown) => out.extend(markdown_to_blocks(markdown).into_iter().map(Some)),
        Body::Pages(pages) => {
            for (i, page) in pages.iter().enumerate() {
                if i > 0 {
                    out.push(None);
                }
                if let Some(title) = &page.title {
                    out.push(Some(heading(title)));
                }
                out.extend(markdown_to_blocks(&page.content).into_iter().map(Some));
            }
        }
        Body::Slides(slides) => {
            for (i, slide) in slides.iter().enumerate() {
                if i > 0 {
                    out.push(None);
                }
                if !slide.title.is_empty() {
                    out.push(Some(heading(&slide.title)));
                }
                for bullet in &slide.bullets {
                    let runs = crate::pptx::inline_runs(bullet);
                    out.push(Some(Block::ListItem {
                        ordered: false,
                        depth: 0,
                        runs,
                    }));
                }
            }
        }
    }
    out
}

/// Writes a document as DOCX bytes.
///
/// # Errors
/// [`DocumentError::Package`] when the archive cannot be written.
pub fn build_docx(spec: &DocumentSpec) -> Result<Vec<u8>, DocumentError> {
    let accent = spec
        .branding
        .as_ref()
        .and_then(|b| b.color.as_ref())
        .and_then(crate::html::CssColor::hex6);
    let mut docx = heading_styles(Docx::new(), accent.as_deref())
        .add_abstract_numbering(list_levels(AbstractNumbering::new(BULLET_ABSTRACT), false))
        .add_abstract_numbering(list_levels(AbstractNumbering::new(ORDERED_ABSTRACT), true))
        .add_numbering(Numbering::new(BULLET_NUMBERING, BULLET_ABSTRACT));
    if let Some(name) = spec.branding.as_ref().and_then(|b| b.name.as_deref()) {
        docx = docx.add_paragraph(
            Paragraph::new().add_run(DocxRun::new().add_text(clean_text(name)).bold()),
        );
    }
    docx = docx.add_paragraph(
        Paragraph::new()
            .style("Title")
            .add_run(DocxRun::new().add_text(clean_text(&spec.title))),
    );
    // Each ordered list gets its own numbering instance so it starts at 1.
    let mut next_numbering = BULLET_NUMBERING + 1;
    let mut current_ordered: Option<usize> = None;
    let mut page_break = false;
    for block in body_blocks(&spec.body) {
        let Some(block) = block else {
            page_break = true;
            continue;
        };
        let mut paragraph = Paragraph::new();
        if std::mem::take(&mut page_break) {
            paragraph = paragraph.page_break_before(true);
        }
        if !matches!(block, Block::ListItem { .. }) {
            current_ordered = None;
        }
        let paragraph = match block {
            Block::Heading { level, runs: text } => runs(
                paragraph.style(&format!("Heading{}", level.clamp(1, 6))),
                &text,
            ),
            Block::Paragraph(text) => runs(paragraph, &text),
            Block::ListItem {
                ordered,
                depth,
                runs: text,
            } => {
                let id = if ordered {
                    match current_ordered {
                        Some(id) => id,
                        None => {
                            let id = next_numbering;
                            next_numbering += 1;
                            docx = docx.add_numbering(
                                Numbering::new(id, ORDERED_ABSTRACT)
                                    .add_override(LevelOverride::new(0).start(1)),
                            );
                            current_ordered = Some(id);
                            id
                        }
                    }
                } else {
                    BULLET_NUMBERING
                };
                runs(
                    paragraph.numbering(
                        NumberingId::new(id),
                        IndentLevel::new(usize::from(depth.min(8))),
                    ),
                    &text,
                )
            }
            Block::Code(code) => {
                let mut p = paragraph;
                for (i, line) in code.lines().enumerate() {
                    let mut run = DocxRun::new().fonts(RunFonts::new().ascii(MONO).hi_ansi(MONO));
                    if i > 0 {
                        run = run.add_break(BreakType::TextWrapping);
                    }
                    p = p.add_run(run.add_text(clean_text(line)));
                }
                p
            }
            Block::Rule => paragraph.add_run(DocxRun::new().add_text("* * *")),
        };
        docx = docx.add_paragraph(paragraph);
    }
    let mut out = std::io::Cursor::new(Vec::new());
    docx.pack(&mut out).map_err(|e| DocumentError::Package {
        format: "docx",
        reason: e.to_string(),
    })?;
    Ok(out.into_inner())
}
