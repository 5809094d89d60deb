//! Host capabilities for the commands that reach past the browser's tools: screen and
//! vision, the desktop, tab grouping, video URLs and the command-line shim (spec a.8 rows 5,
//! 12-17, 21-22, 43-44, 50-52, 56).
//!
//! It sits under `aartiq-runtime`, which judges and approves every command first; this crate
//! only does what it is told, and says precisely when the host cannot:
//!
//! - [`exec`]: the bounded runner for fixed host programs - an argument vector (never a
//!   shell), looked up on `PATH` ([`HostError::NotInstalled`]), a scrubbed environment, a
//!   timeout that kills the process group, an output cap, typed failures with stderr.
//! - OCR: [`ocr_png`] runs Debian's `tesseract` and [`parse_tsv`] reads its word boxes;
//!   [`find_text`] finds a phrase for `FIND_AND_CLICK`'s fallback.
//! - [`PageHost`]: screenshots, history and clicks at a point on a browser tab (implemented
//!   by `aartiq-cdp`).
//! - [`Desktop`]: volume (`pactl`, `amixer`), brightness (`brightnessctl`,
//!   `/sys/class/backlight`), applications (XDG desktop entries, `xdg-open`).
//! - [`group_tabs`] and [`organize_tabs`]: pure tab grouping; the `ai` strategy hands back an
//!   [`AiGroupingRequest`] for the model.
//! - [`play_video_url`], [`search_video_url`]: `PLAY_VIDEO` and `SEARCH_VIDEO` targets.
//! - [`install_cli_shim`], [`remove_cli_shim`]: `ENABLE_CLI`.
//!
//! ```
//! use aartiq_host::{GroupStrategy, Grouping, TabActivity, find_text, group_tabs, parse_tsv};
//! use aartiq_tools::{TabId, TabInfo};
//!
//! # fn main() -> Result<(), aartiq_host::HostError> {
//! let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
//!            5\t1\t1\t1\t1\t1\t40\t140\t110\t24\t96.8\tSubmit\n\
//!            5\t1\t1\t1\t1\t2\t165\t140\t50\t24\t96.1\torder\n";
//! let ocr = parse_tsv(tsv)?;
//! let found = find_text(&ocr, "submit ORDER").expect("on the line");
//! assert_eq!(found.center(), (127.5, 152.0));
//!
//! let tab = |id: &str, url: &str| TabActivity::new(
//!     TabInfo { id: TabId::new(id), url: url.into(), title: String::new(), active: false },
//!     Some(1_000),
//! );
//! let tabs = [tab("t1", "https://www.rust-lang.org/"), tab("t2", "https://rust-lang.org/learn")];
//! let Grouping::Groups(groups) = group_tabs(&tabs, GroupStrategy::Domain, 2_000) else {
//!     unreachable!("domain grouping needs no model")
//! };
//! assert_eq!(groups[0].name, "rust-lang.org");
//! assert_eq!(groups[0].tabs.len(), 2);
//! # Ok(()) }
//! ```

mod cli;
mod desktop;
mod error;
pub mod exec;
mod media;
mod ocr;
mod page;
mod tabs;
mod xdg;

pub use cli::{SHIM_MARKER, SHIM_NAME, default_bin_dir, install_cli_shim, remove_cli_shim};
pub use desktop::{Applied, Desktop, Opened};
pub use error::{Attempt, HostError};
pub use exec::{ExecConfig, ExecOutput};
pub use media::{is_youtube_id, play_video_url, search_video_url};
pub use ocr::{OcrResult, OcrWord, Rect, find_text, ocr_png, parse_tsv, png_size};
pub use page::{HistoryDirection, PageHost};
pub use tabs::{
    AiGroupingRequest, GroupStrategy, Grouping, OTHER_GROUP, Organized, TabActivity, TabGroup,
    group_tabs, organize_tabs, site_of,
};
pub use xdg::{DesktopEntry, desktop_entries, find_entry, parse_desktop_entry, split_exec};
