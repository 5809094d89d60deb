//! Markdown, read once with `pulldown-cmark`: into safe HTML for the PDF path, and into a small
//! block model ([`Block`]) for DOCX and PPTX.
//!
//! The Markdown comes from a model, so it is untrusted: raw HTML is never passed through (it is
//! shown as text), links keep only `http`, `https`, `mailto` and in-document targets, and images
//! load only from `data:` URLs (anything else shows its alt text). The page's Content Security
//! Policy (see `html.rs`) blocks scripts and network loads as a second line.

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS
}

/// Whether a link target is safe to keep: web and mail links, and targets inside the document.
fn safe_link(dest: &str) -> bool {
    let lower = dest.trim().to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("mailto:")
        || lower.starts_with('#')
}

/// Markdown to an HTML fragment with raw HTML escaped, unsafe links removed and non-`data:`
/// images replaced by their alt text.
pub fn markdown_to_html(markdown: &str) -> String {
    let mut in_dropped_image = 0usize;
    let events = Parser::new_ext(markdown, options()).filter_map(|event| match event {
        // Raw HTML from the model is shown, never interpreted.
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            let dest_url = if safe_link(&dest_url) {
                dest_url
            } else {
                CowStr::Borrowed("#")
            };
            Some(Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }))
        }
        Event::Start(Tag::Image { ref dest_url, .. })
            if !dest_url
                .trim()
                .to_ascii_lowercase()
                .starts_with("data:image/") =>
        {
            in_dropped_image += 1;
            None
        }
        Event::End(TagEnd::Image) if in_dropped_image > 0 => {
            in_dropped_image -= 1;
            None
        }
        other => Some(other),
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

/// A run of text with its emphasis.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Run {
    /// The text.
    pub text: String,
    /// Bold (`**strong**`).
    pub bold: bool,
    /// Italic (`*emphasis*`).
    pub italic: bool,
    /// Inline code.
    pub code: bool,
}

/// One block of a Markdown document, as DOCX and PPTX need it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Block {
    /// A heading, level 1 to 6.
    Heading {
        /// 1 to 6.
        level: u8,
        /// Its text.
        runs: Vec<Run>,
    },
    /// A paragraph (block quotes and table rows too).
    Paragraph(Vec<Run>),
    /// One list item.
    ListItem {
        /// Numbered rather than bulleted.
        ordered: bool,
        /// Nesting depth, 0 for a top-level item.
        depth: u8,
        /// Its text.
        runs: Vec<Run>,
    },
    /// A code block, lines kept.
    Code(String),
    /// A thematic break (`---`).
    Rule,
}

/// Reads Markdown into blocks. Never fails: anything unrecognised becomes text.
pub fn markdown_to_blocks(markdown: &str) -> Vec<Block> {
    let mut reader = BlockReader::default();
    for event in Parser::new_ext(markdown, options()) {
        reader.event(event);
    }
    reader.flush_runs();
    reader.blocks
}

#[derive(Default)]
struct BlockReader {
    blocks: Vec<Block>,
    runs: Vec<Run>,
    bold: usize,
    italic: usize,
    /// One entry per open list: whether it is ordered.
    lists: Vec<bool>,
    heading: Option<u8>,
    code: Option<String>,
    /// Open table cells in the current row.
    cells: Vec<Vec<Run>>,
    in_cell: bool,
}

impl BlockReader {
    fn text(&mut self, text: &str, code: bool) {
        if self.in_cell && !self.cells.is_empty() {
            let bold = self.bold > 0;
            let italic = self.italic > 0;
            if let Some(cell) = self.cells.last_mut() {
                cell.push(Run {
                    text: text.to_owned(),
                    bold,
                    italic,
                    code,
                });
            }
            return;
        }
        if let Some(buffer) = self.code.as_mut() {
            buffer.push_str(text);
            return;
        }
        let run = Run {
            text: text.to_owned(),
            bold: self.bold > 0,
            italic: self.italic > 0,
            code,
        };
        match self.runs.last_mut() {
            Some(last)
                if (last.bold, last.italic, last.code) == (run.bold, run.italic, run.code) =>
            {
                last.text.push_str(&run.text);
            }
            _ => self.runs.push(run),
        }
    }

    /// Ends the text collected so far as the block its context calls for.
    fn flush_runs(&mut self) {
        let runs = std::mem::take(&mut self.runs);
        if runs.iter().all(|r| r.text.trim().is_empty()) {
            return;
        }
        let block = if let Some(level) = self.heading {
            Block::Heading { level, runs }
        } else if let Some(&ordered) = self.lists.last() {
            Block::ListItem {
                ordered,
                depth: u8::try_from(self.lists.len().saturating_sub(1)).unwrap_or(u8::MAX),
                runs,
            }
        } else {
            Block::Paragraph(runs)
        };
        self.blocks.push(block);
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => self.text(&text, false),
            Event::Code(text) => self.text(&text, true),
            Event::Html(text) | Event::InlineHtml(text) => self.text(&text, false),
            Event::SoftBreak | Event::HardBreak => self.text(" ", false),
            Event::TaskListMarker(done) => self.text(if done { "[x] " } else { "[ ] " }, false),
            Event::Rule => {
                self.flush_runs();
                self.blocks.push(Block::Rule);
            }
            Event::InlineMath(text) | Event::DisplayMath(text) => self.text(&text, true),
            Event::FootnoteReference(_) => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Heading { level, .. } => {
                self.flush_runs();
                self.heading = Some(heading_number(level));
            }
            Tag::Paragraph | Tag::Item | Tag::BlockQuote(_) => self.flush_runs(),
            Tag::List(first) => {
                // Text of the enclosing item before the nested list is that item.
                self.flush_runs();
                self.lists.push(first.is_some());
            }
            Tag::CodeBlock(_) => {
                self.flush_runs();
                self.code = Some(String::new());
            }
            Tag::Emphasis => self.italic += 1,
            Tag::Strong => self.bold += 1,
            Tag::TableRow | Tag::TableHead => {
                self.flush_runs();
                self.cells.clear();
            }
            Tag::TableCell => {
                self.in_cell = true;
                self.cells.push(Vec::new());
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Heading(_) => {
                self.flush_runs();
                self.heading = None;
            }
            TagEnd::Paragraph | TagEnd::Item | TagEnd::BlockQuote(_) => self.flush_runs(),
            TagEnd::List(_) => {
                self.flush_runs();
                self.lists.pop();
            }
            TagEnd::CodeBlock => {
                if let Some(code) = self.code.take() {
                    let code = code.trim_end_matches('\n').to_owned();
                    if !code.trim().is_empty() {
                        self.blocks.push(Block::Code(code));
                    }
                }
            }
            TagEnd::Emphasis => self.italic = self.italic.saturating_sub(1),
            TagEnd::Strong => self.bold = self.bold.saturating_sub(1),
            TagEnd::TableCell => self.in_cell = false,
            TagEnd::TableRow | TagEnd::TableHead => {
                let cells = std::mem::take(&mut self.cells);
                let mut row = Vec::new();
                for (i, cell) in cells.into_iter().enumerate() {
                    if i > 0 {
                        row.push(Run {
                            text: " | ".to_owned(),
                            ..Run::default()
                        });
                    }
                    row.extend(cell);
                }
                if row.iter().any(|r| !r.text.trim().is_empty()) {
                    self.blocks.push(Block::Paragraph(row));
                }
            }
            _ => {}
        }
    }
}

fn heading_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The plain text of some runs.
pub(crate) fn plain(runs: &[Run]) -> String {
    runs.iter().map(|r| r.text.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_is_text_and_bad_links_are_dropped() {
        let html = markdown_to_html(
            "<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)> [a](javascript:alert(1)) ![t](http://x/y.png)",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains(">t<") || html.contains(" t</p>"), "{html}");
    }

    #[test]
    fn blocks_keep_structure_and_emphasis() {
        let blocks =
            markdown_to_blocks("# Title\n\nSome **bold** and *it*.\n\n- one\n  - two\n1. first\n");
        assert_eq!(blocks.len(), 5, "{blocks:?}");
        assert!(matches!(&blocks[0], Block::Heading { level: 1, .. }));
        let Block::Paragraph(runs) = &blocks[1] else {
            panic!("{blocks:?}")
        };
        assert!(runs.iter().any(|r| r.bold && r.text == "bold"));
        assert!(runs.iter().any(|r| r.italic && r.text == "it"));
        assert!(matches!(
            &blocks[2],
            Block::ListItem {
                ordered: false,
                depth: 0,
                ..
            }
        ));
        assert!(matches!(
            &blocks[3],
            Block::ListItem {
                ordered: false,
                depth: 1,
                ..
            }
        ));
        assert!(matches!(
            &blocks[4],
            Block::ListItem {
                ordered: true,
                depth: 0,
                ..
            }
        ));
    }
}
