//! Masking: the regions no pass may read (code, `<think>` blocks, tables), found in one
//! left-to-right scan that also picks up JSON fences and comment blocks.
//!
//! The mask is a copy of the input in which every masked byte except `\n` is a space, so byte
//! offsets and line structure stay those of the input.

use memchr::{memchr, memchr2, memmem, memrchr};

use crate::command::Span;

/// A fenced block that holds JSON: ```` ```json ```` or an unlabelled fence whose content starts
/// with `{` or `[`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct JsonFence {
    /// The whole fence, backticks included.
    pub(crate) fence: Span,
    /// The text between the fence lines.
    pub(crate) body: Span,
}

/// An `<!-- AI_COMMANDS_START --> ... <!-- AI_COMMANDS_END -->` block.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CommentBlock {
    /// The whole block, markers included.
    pub(crate) block: Span,
    /// The text between the markers.
    pub(crate) body: Span,
}

pub(crate) struct Masked {
    pub(crate) bytes: Vec<u8>,
    pub(crate) json_fences: Vec<JsonFence>,
    pub(crate) comment_blocks: Vec<CommentBlock>,
}

pub(crate) fn mask(text: &str) -> Masked {
    let src = text.as_bytes();
    let mut out = Masked {
        bytes: src.to_vec(),
        json_fences: Vec::new(),
        comment_blocks: Vec::new(),
    };
    let mut pos = 0;
    while let Some(off) = memchr2(b'`', b'<', &src[pos..]) {
        let at = pos + off;
        pos = if src[at] == b'`' {
            code(src, at, &mut out)
        } else {
            angle(src, at, &mut out)
        };
    }
    mask_tables(&mut out.bytes);
    out
}

fn blank(bytes: &mut [u8], span: Span) {
    for b in &mut bytes[span.start..span.end] {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}

fn run_len(src: &[u8], at: usize, byte: u8) -> usize {
    src[at..].iter().take_while(|&&b| b == byte).count()
}

fn line_end(src: &[u8], at: usize) -> usize {
    memchr(b'\n', &src[at..]).map_or(src.len(), |off| at + off)
}

/// A run of backticks at `at`: a fence (three or more) or inline code. Returns where to go on.
fn code(src: &[u8], at: usize, out: &mut Masked) -> usize {
    let n = run_len(src, at, b'`');
    if n >= 3 {
        let info_end = line_end(src, at + n);
        let info = trim(&src[at + n..info_end]);
        let body_start = (info_end + 1).min(src.len());
        let closing = find_run(src, body_start, n);
        let (body_end, fence_end) = match closing {
            Some(close) => (close, close + run_len(src, close, b'`')),
            // An unclosed fence is code to the end: nothing after it is read.
            None => (src.len(), src.len()),
        };
        let fence = Span::new(at, fence_end);
        let body = Span::new(body_start.min(body_end), body_end);
        let first = src[body.start..body.end]
            .iter()
            .find(|b| !b.is_ascii_whitespace());
        let is_json_info = info.is_empty() || info.eq_ignore_ascii_case(b"json");
        if is_json_info && matches!(first, Some(b'{' | b'[')) && closing.is_some() {
            out.json_fences.push(JsonFence { fence, body });
        }
        blank(&mut out.bytes, fence);
        return fence_end;
    }
    // Inline code: the same number of backticks later on the same line.
    let end = line_end(src, at + n);
    let mut search = at + n;
    while search < end {
        match memchr(b'`', &src[search..end]) {
            Some(off) => {
                let close = search + off;
                let m = run_len(src, close, b'`');
                if m == n {
                    blank(&mut out.bytes, Span::new(at, close + m));
                    return close + m;
                }
                search = close + m;
            }
            None => break,
        }
    }
    at + n
}

/// The next run of at least `n` backticks from `from`.
fn find_run(src: &[u8], from: usize, n: usize) -> Option<usize> {
    let mut search = from;
    while let Some(off) = memchr(b'`', src.get(search..)?) {
        let at = search + off;
        let m = run_len(src, at, b'`');
        if m >= n {
            return Some(at);
        }
        search = at + m;
    }
    None
}

const THINK_TAGS: [&[u8]; 3] = [b"think", b"thinking", b"thought"];

/// A `<` at `at`: a reasoning block, a command comment block, or nothing.
fn angle(src: &[u8], at: usize, out: &mut Masked) -> usize {
    let rest = &src[at + 1..];
    for tag in THINK_TAGS {
        if starts_with_ci(rest, tag) && rest.get(tag.len()) == Some(&b'>') {
            let open_end = at + 1 + tag.len() + 1;
            let end = find_close_tag(src, open_end, tag).unwrap_or(src.len());
            blank(&mut out.bytes, Span::new(at, end));
            return end;
        }
    }
    if rest.starts_with(b"!--")
        && let Some(start_end) = marker(src, at, b"AI_COMMANDS_START")
    {
        let mut search = start_end;
        while let Some(off) = memmem::find(&src[search..], b"<!--") {
            let candidate = search + off;
            if let Some(end) = marker(src, candidate, b"AI_COMMANDS_END") {
                let block = Span::new(at, end);
                out.comment_blocks.push(CommentBlock {
                    block,
                    body: Span::new(start_end, candidate),
                });
                blank(&mut out.bytes, block);
                return end;
            }
            search = candidate + 4;
        }
    }
    at + 1
}

/// `<!--\s*WORD\s*-->` at `at` (case-insensitive); returns the end of `-->`.
fn marker(src: &[u8], at: usize, word: &[u8]) -> Option<usize> {
    let mut i = at + 4;
    i += src
        .get(i..)?
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    if !starts_with_ci(src.get(i..)?, word) {
        return None;
    }
    i += word.len();
    i += src
        .get(i..)?
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    src.get(i..)?.starts_with(b"-->").then_some(i + 3)
}

fn find_close_tag(src: &[u8], from: usize, tag: &[u8]) -> Option<usize> {
    let mut search = from;
    while let Some(off) = memmem::find(&src[search..], b"</") {
        let at = search + off;
        let rest = &src[at + 2..];
        if starts_with_ci(rest, tag) && rest.get(tag.len()) == Some(&b'>') {
            return Some(at + 2 + tag.len() + 1);
        }
        search = at + 2;
    }
    None
}

pub(crate) fn starts_with_ci(hay: &[u8], needle: &[u8]) -> bool {
    hay.len() >= needle.len() && hay[..needle.len()].eq_ignore_ascii_case(needle)
}

pub(crate) fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |i| i + 1);
    &bytes[start..end]
}

/// Masks real Markdown tables: a header row with `|`, a delimiter row (`|---|:--:|`), and the
/// body rows with `|` that follow. A pipe-heavy line without a delimiter row is not a table.
fn mask_tables(bytes: &mut [u8]) {
    let mut pos = 0;
    while let Some(off) = memchr(b'|', &bytes[pos..]) {
        let at = pos + off;
        let start = memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        let end = line_end(bytes, at);
        if start > 0 && is_delimiter_row(&bytes[start..end]) {
            let header = memrchr(b'\n', &bytes[..start - 1]).map_or(0, |i| i + 1);
            if memchr(b'|', &bytes[header..start]).is_some() {
                let mut table_end = end;
                // Body rows: the following lines that contain a pipe.
                while table_end < bytes.len() {
                    let next_end = line_end(bytes, table_end + 1);
                    if memchr(b'|', &bytes[table_end + 1..next_end]).is_none() {
                        break;
                    }
                    table_end = next_end;
                }
                blank(bytes, Span::new(header, table_end));
                pos = table_end;
                continue;
            }
        }
        pos = end;
    }
}

/// `| --- | :---: |`: only pipes, dashes, colons and blanks, at least one pipe and a dash.
fn is_delimiter_row(line: &[u8]) -> bool {
    let line = trim(line);
    let mut dashes = false;
    let mut pipes = false;
    for &b in line {
        match b {
            b'-' => dashes = true,
            b'|' => pipes = true,
            b':' | b' ' | b'\t' | b'\r' => {}
            _ => return false,
        }
    }
    dashes && pipes
}
