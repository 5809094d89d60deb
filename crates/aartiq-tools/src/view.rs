//! What a page looks like and when: screenshots, history steps and waits, as they cross the
//! [`Browser`](crate::Browser) trait.

use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::types::NodeHandle;

/// The longer side of a screenshot when the caller names none, in image pixels.
pub const DEFAULT_MAX_DIMENSION: u32 = 1280;

/// The byte budget of a screenshot when the caller names none (about 300 KB, so that an
/// image stays far below what a model client accepts in one result).
pub const DEFAULT_MAX_BYTES: usize = 300 * 1024;

/// The smallest longer side a caller may ask for.
pub const MIN_DIMENSION: u32 = 64;

/// The smallest scale a full-page picture is taken at before its bottom is cut off: a page
/// taller than `max_dimension / MIN_FULL_PAGE_SCALE` CSS pixels would otherwise shrink into a
/// sliver nobody can read, so its top part is pictured at this scale instead, and the result
/// says how much of the page that is.
pub const MIN_FULL_PAGE_SCALE: f64 = 0.5;

/// The height of the part of a `height` CSS-pixel tall page a full-page picture of at most
/// `max_dimension` image pixels shows: all of it when that is readable, else the top part that
/// fits at [`MIN_FULL_PAGE_SCALE`].
pub fn full_page_height(height: f64, max_dimension: u32) -> f64 {
    let most = f64::from(max_dimension) / MIN_FULL_PAGE_SCALE;
    if height.is_finite() && height > most {
        most
    } else {
        height
    }
}

/// What a screenshot pictures.
#[derive(Debug, Clone, PartialEq)]
pub enum ShotArea {
    /// The visible viewport.
    Viewport,
    /// The whole page, beyond the viewport.
    FullPage,
    /// One element's box (cut to the page).
    Element(NodeHandle),
    /// A rectangle of the viewport, in CSS pixels (cut to the viewport).
    Clip {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Width.
        width: f64,
        /// Height.
        height: f64,
    },
}

/// An image format a screenshot can be taken in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImageFormat {
    /// JPEG: small; its quality is stepped down to fit the byte budget.
    #[default]
    Jpeg,
    /// PNG: exact pixels; scaled down further when over the byte budget.
    Png,
}

impl ImageFormat {
    /// The format's MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Png => "image/png",
        }
    }

    /// The format's name in the DevTools protocol and in tool arguments.
    pub fn as_str(self) -> &'static str {
        match self {
            ImageFormat::Jpeg => "jpeg",
            ImageFormat::Png => "png",
        }
    }
}

/// A screenshot to take.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotRequest {
    /// What to picture.
    pub area: ShotArea,
    /// The longest side of the image, in image pixels; the picture is scaled down to fit and
    /// never up.
    pub max_dimension: u32,
    /// The format.
    pub format: ImageFormat,
    /// The most bytes the image may have.
    pub max_bytes: usize,
}

impl ShotRequest {
    /// A viewport screenshot at one image pixel per CSS pixel, as PNG, with no byte budget
    /// beyond [`DEFAULT_MAX_BYTES`] times 16 (for pictures read by OCR, not by a model).
    pub fn exact(area: ShotArea) -> ShotRequest {
        ShotRequest {
            area,
            max_dimension: u32::MAX,
            format: ImageFormat::Png,
            max_bytes: DEFAULT_MAX_BYTES * 16,
        }
    }
}

/// A screenshot taken, and how its pixels map back to the page.
#[derive(Debug, Clone, PartialEq)]
pub struct Shot {
    /// The encoded image.
    pub data: Vec<u8>,
    /// Its format.
    pub format: ImageFormat,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// Image pixels per CSS pixel (1 when nothing was scaled down).
    pub scale: f64,
    /// Where the image's top-left corner is in the document, in CSS pixels: an image point
    /// `(x, y)` is the document point `(left + x / scale, top + y / scale)`.
    pub left: f64,
    /// See [`Shot::left`].
    pub top: f64,
    /// The JPEG quality used, for JPEG.
    pub quality: Option<u8>,
    /// For a full page cut at its bottom ([`full_page_height`]): the page's whole height in
    /// CSS pixels. `None` when the picture shows all it was asked for.
    pub page_height: Option<f64>,
}

/// The scale that makes a `width` x `height` CSS-pixel area fit in `max_dimension` image
/// pixels on its longer side: at most 1, never 0.
pub fn fit_scale(width: f64, height: f64, max_dimension: u32) -> f64 {
    let longer = width.max(height);
    if !(longer.is_finite() && longer > 0.0) {
        return 1.0;
    }
    (f64::from(max_dimension) / longer).clamp(f64::MIN_POSITIVE, 1.0)
}

/// The pixel size of a PNG or JPEG image, read from its header; `None` for anything else.
pub fn image_size(data: &[u8]) -> Option<(u32, u32)> {
    if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        let width = u32::from_be_bytes(data.get(16..20)?.try_into().ok()?);
        let height = u32::from_be_bytes(data.get(20..24)?.try_into().ok()?);
        return Some((width, height));
    }
    if !data.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    // JPEG: walk the segments to the first start-of-frame marker.
    let mut at = 2;
    loop {
        while *data.get(at)? == 0xFF && *data.get(at + 1)? == 0xFF {
            at += 1;
        }
        if *data.get(at)? != 0xFF {
            return None;
        }
        let marker = *data.get(at + 1)?;
        let length = usize::from(u16::from_be_bytes([*data.get(at + 2)?, *data.get(at + 3)?]));
        let frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if frame {
            let height = u16::from_be_bytes([*data.get(at + 5)?, *data.get(at + 6)?]);
            let width = u16::from_be_bytes([*data.get(at + 7)?, *data.get(at + 8)?]);
            return Some((u32::from(width), u32::from(height)));
        }
        if length < 2 {
            return None;
        }
        at += 2 + length;
    }
}

/// A step through a tab's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryStep {
    /// One entry back.
    Back,
    /// One entry forward.
    Forward,
    /// The current entry again.
    Reload,
}

impl HistoryStep {
    /// The step's name (`back`, `forward`, `reload`).
    pub fn as_str(self) -> &'static str {
        match self {
            HistoryStep::Back => "back",
            HistoryStep::Forward => "forward",
            HistoryStep::Reload => "reload",
        }
    }
}

/// What `wait_for` waits for: every condition given must hold at once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WaitRequest {
    /// Text that must be on the page (visible text, case-sensitive substring).
    pub text: Option<String>,
    /// Text that must not be on the page.
    pub text_gone: Option<String>,
    /// An element that must be visible.
    pub element: Option<NodeHandle>,
    /// A substring the tab's URL must contain, or a `*` glob it must match whole (judged in
    /// the page, where the wait runs).
    pub url: Option<String>,
    /// How long to wait at most.
    pub timeout: Duration,
}

/// How a wait ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitOutcome {
    /// Whether every condition held before the timeout.
    pub met: bool,
    /// How long it waited, in milliseconds.
    pub waited_ms: u64,
    /// The URL when it ended (page-controlled text).
    pub url: String,
    /// What it saw last of each condition that did not hold (page-controlled text), e.g.
    /// `text "Saved" not on the page`.
    pub unmet: Vec<String>,
}

/// One console message or uncaught exception of a tab (page-controlled text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleEntry {
    /// `log`, `info`, `warning`, `error`, `debug` (an uncaught exception is an `error`).
    pub level: String,
    /// The message, cut to 1000 characters.
    pub text: String,
    /// The script it came from, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// One request a tab made, without its body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NetworkEntry {
    /// The method.
    pub method: String,
    /// The URL (page-controlled).
    pub url: String,
    /// `Document`, `Script`, `XHR`, `Fetch`, ...
    pub resource_type: String,
    /// The response status, once one came.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// From sending to the last byte, in ms, once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<f64>,
    /// Why it failed, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<String>,
    /// Whether aartiq stopped it: the network rule (a side effect nobody approved) or the
    /// origin policy.
    pub blocked: bool,
}

/// The most entries each of a tab's console and network buffers keeps (oldest dropped).
pub const LOG_CAPACITY: usize = 500;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_png_header_gives_its_size() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&640u32.to_be_bytes());
        png.extend_from_slice(&480u32.to_be_bytes());
        assert_eq!(image_size(&png), Some((640, 480)));
        assert_eq!(image_size(&png[..20]), None, "cut short");
    }

    #[test]
    fn a_jpeg_gives_the_size_of_its_first_frame() {
        // SOI, an APP0 segment of 16 bytes, then SOF0 with height 300 and width 500.
        let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
        jpeg.extend_from_slice(&[0u8; 14]);
        jpeg.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x01, 0xF4]);
        assert_eq!(image_size(&jpeg), Some((500, 300)));
        // A DHT segment (0xC4) is no frame and is skipped.
        let mut skip = vec![0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x04, 0, 0];
        skip.extend_from_slice(&[0xFF, 0xC2, 0x00, 0x11, 0x08, 0x00, 0x0A, 0x00, 0x14]);
        assert_eq!(image_size(&skip), Some((20, 10)));
        assert_eq!(image_size(b"GIF89a"), None);
        assert_eq!(image_size(&[0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00]), None);
    }

    #[test]
    fn scale_only_shrinks() {
        assert_eq!(fit_scale(640.0, 480.0, 1280), 1.0);
        assert_eq!(fit_scale(2560.0, 1000.0, 1280), 0.5);
        assert_eq!(fit_scale(1000.0, 5000.0, 1000), 0.2);
        assert_eq!(fit_scale(0.0, 0.0, 1280), 1.0);
        assert!(fit_scale(1e300, 1.0, 64) > 0.0);
    }

    #[test]
    fn image_points_map_back_to_the_document() {
        let frame = crate::ShotFrame {
            scale: 0.5,
            left: 10.0,
            top: 200.0,
            width: 640,
            height: 400,
        };
        assert_eq!(frame.to_document(100.0, 50.0), (210.0, 300.0));
    }
}
