//! Text recognition with Debian's `tesseract` (spec a.8 row 5 `OCR_SCREEN`, row 17
//! `FIND_AND_CLICK`'s fallback): a PNG in, words with their boxes and confidences out.
//!
//! `tesseract stdin stdout tsv` prints one row per page, block, paragraph, line and word
//! (`level` 1 to 5); only level-5 rows are words, the others carry confidence `-1`. Words are
//! kept in reading order with their line, so a phrase can be found across consecutive words.

use std::ffi::OsStr;

use serde::{Deserialize, Serialize};

use crate::HostError;
use crate::exec::{ExecConfig, run};

/// A rectangle in pixels: of a screenshot (OCR boxes) or of the viewport in CSS pixels
/// (a screenshot clip, `OCR_SCREEN: x, y, w, h`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

impl Rect {
    /// A rectangle from its left, top, width and height.
    #[must_use]
    pub fn new(x: u32, y: u32, w: u32, h: u32) -> Rect {
        Rect { x, y, w, h }
    }

    /// Its centre point, the place to click.
    #[must_use]
    pub fn center(&self) -> (f64, f64) {
        (
            f64::from(self.x) + f64::from(self.w) / 2.0,
            f64::from(self.y) + f64::from(self.h) / 2.0,
        )
    }

    /// The smallest rectangle holding both.
    #[must_use]
    pub fn union(&self, other: &Rect) -> Rect {
        let x = self.x.min(other.x);
        let y = self.y.min(other.y);
        let right = (self.x.saturating_add(self.w)).max(other.x.saturating_add(other.w));
        let bottom = (self.y.saturating_add(self.h)).max(other.y.saturating_add(other.h));
        Rect::new(x, y, right - x, bottom - y)
    }

    /// Moved by `dx`, `dy` (from a clipped screenshot back to the viewport).
    #[must_use]
    pub fn offset(&self, dx: u32, dy: u32) -> Rect {
        Rect::new(
            self.x.saturating_add(dx),
            self.y.saturating_add(dy),
            self.w,
            self.h,
        )
    }

    /// Checks it has an area.
    ///
    /// # Errors
    /// [`HostError::InvalidRect`] for a zero width or height.
    pub fn validate(&self) -> Result<(), HostError> {
        if self.w == 0 || self.h == 0 {
            return Err(HostError::InvalidRect(format!(
                "{}, {}, {}, {} has no area",
                self.x, self.y, self.w, self.h
            )));
        }
        Ok(())
    }
}

/// One recognised word.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OcrWord {
    /// Its text.
    pub text: String,
    /// Tesseract's confidence, 0 to 100.
    pub confidence: f32,
    /// Its box in the image.
    pub rect: Rect,
    /// Which line it is on: words with the same number are on one line, in reading order.
    pub line: u32,
}

/// What Tesseract read from one image.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct OcrResult {
    /// The text: words joined by spaces, lines by `\n`, blocks by a blank line.
    pub text: String,
    /// Every word, in reading order.
    pub words: Vec<OcrWord>,
}

impl OcrResult {
    /// Every box moved by `dx`, `dy`: the words of a clipped screenshot in viewport
    /// coordinates.
    #[must_use]
    pub fn offset(mut self, dx: u32, dy: u32) -> OcrResult {
        for word in &mut self.words {
            word.rect = word.rect.offset(dx, dy);
        }
        self
    }

    /// The average confidence of the words (0 when there are none).
    #[must_use]
    pub fn mean_confidence(&self) -> f32 {
        if self.words.is_empty() {
            return 0.0;
        }
        self.words.iter().map(|w| w.confidence).sum::<f32>() / self.words.len() as f32
    }
}

/// Reads Tesseract's TSV output. Rows that are not words (levels 1-4, confidence `-1`, blank
/// text) only shape the layout; malformed rows (a cut-off last line) are skipped.
///
/// # Errors
/// [`HostError::Ocr`] when the header is not Tesseract's TSV header.
pub fn parse_tsv(tsv: &str) -> Result<OcrResult, HostError> {
    let mut rows = tsv.lines();
    let header: Vec<&str> = rows.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h.trim() == name)
            .ok_or_else(|| HostError::Ocr(format!("no `{name}` column in the TSV header")))
    };
    let level = column("level")?;
    let page = column("page_num")?;
    let block = column("block_num")?;
    let par = column("par_num")?;
    let line_no = column("line_num")?;
    let left = column("left")?;
    let top = column("top")?;
    let width = column("width")?;
    let height = column("height")?;
    let conf = column("conf")?;
    let text_col = column("text")?;
    let mut result = OcrResult::default();
    let mut last_line: Option<(u32, u32, u32, u32)> = None;
    let mut last_block: Option<(u32, u32)> = None;
    let mut line_index = 0u32;
    for row in rows {
        let cells: Vec<&str> = row.split('\t').collect();
        if cells.len() < header.len().min(text_col + 1) {
            continue;
        }
        let int = |i: usize| cells.get(i).and_then(|c| c.trim().parse::<u32>().ok());
        let (Some(5), Some(pg), Some(bl), Some(pa), Some(ln)) =
            (int(level), int(page), int(block), int(par), int(line_no))
        else {
            continue;
        };
        let Some(confidence) = cells.get(conf).and_then(|c| c.trim().parse::<f32>().ok()) else {
            continue;
        };
        let text = cells.get(text_col).map_or("", |t| t.trim());
        if confidence < 0.0 || text.is_empty() {
            continue;
        }
        let (Some(x), Some(y), Some(w), Some(h)) = (int(left), int(top), int(width), int(height))
        else {
            continue;
        };
        let key = (pg, bl, pa, ln);
        if last_line != Some(key) {
            if last_line.is_some() {
                line_index += 1;
                result.text.push_str(if last_block != Some((pg, bl)) {
                    "\n\n"
                } else {
                    "\n"
                });
            }
            last_line = Some(key);
            last_block = Some((pg, bl));
        } else {
            result.text.push(' ');
        }
        result.text.push_str(text);
        result.words.push(OcrWord {
            text: text.to_owned(),
            confidence: confidence.clamp(0.0, 100.0),
            rect: Rect::new(x, y, w, h),
            line: line_index,
        });
    }
    Ok(result)
}

/// Reads the text of a PNG (or any image Tesseract reads) with `tesseract stdin stdout tsv`
/// (`-l eng`, automatic page segmentation).
///
/// # Errors
/// [`HostError::NotInstalled`] without `tesseract` (Debian: `apt-get install tesseract-ocr`),
/// [`HostError::Failed`] when it cannot read the image, [`HostError::TimedOut`], and
/// [`HostError::Ocr`] for output that is not its TSV.
pub async fn ocr_png(config: &ExecConfig, png: &[u8]) -> Result<OcrResult, HostError> {
    let args: [&OsStr; 5] = ["stdin", "stdout", "-l", "eng", "tsv"].map(OsStr::new);
    let output = run(config, "tesseract", &args, Some(png)).await?;
    parse_tsv(&String::from_utf8_lossy(&output.stdout))
}

fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Where `needle` is written in `ocr`: the box around the first run of consecutive words on
/// one line that spell it, compared case-insensitively and ignoring punctuation (`Log in`
/// matches `log in!`). Click its [`Rect::center`].
#[must_use]
pub fn find_text(ocr: &OcrResult, needle: &str) -> Option<Rect> {
    let wanted: Vec<String> = needle
        .split_whitespace()
        .map(fold)
        .filter(|w| !w.is_empty())
        .collect();
    if wanted.is_empty() {
        return None;
    }
    let words: Vec<(String, &OcrWord)> = ocr
        .words
        .iter()
        .map(|w| (fold(&w.text), w))
        .filter(|(text, _)| !text.is_empty())
        .collect();
    for start in 0..words.len() {
        let line = words[start].1.line;
        let mut rect: Option<Rect> = None;
        let mut matched = true;
        for (offset, want) in wanted.iter().enumerate() {
            match words.get(start + offset) {
                Some((text, word)) if word.line == line && text == want => {
                    rect = Some(rect.map_or(word.rect, |r| r.union(&word.rect)));
                }
                _ => {
                    matched = false;
                    break;
                }
            }
        }
        if matched {
            return rect;
        }
    }
    None
}

/// The width and height of a PNG from its header, or `None` when it is not a PNG.
#[must_use]
pub fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if png.get(..8)? != SIGNATURE || png.get(12..16)? != b"IHDR" {
        return None;
    }
    let be = |range: std::ops::Range<usize>| {
        png.get(range)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map(u32::from_be_bytes)
    };
    Some((be(16..20)?, be(20..24)?))
}
