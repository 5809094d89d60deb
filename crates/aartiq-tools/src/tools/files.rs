//! Files: uploads into a page's file input, and the downloads pages started.

use aartiq_agents::Verb;
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::snapshots::described;
use super::{NoArgs, meta};
use crate::error::ToolError;
use crate::files::DEFAULT_READ_CHARS;
use crate::spec::{Category, ToolMeta};
use crate::tool::{Foreseen, Tool, ToolContext, ToolOutput};
use crate::types::TabId;

/// The most characters `read_download` returns.
const MAX_READ_CHARS: usize = 200_000;

pub(crate) struct UploadFile;

/// The arguments of `upload_file`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UploadFileArgs {
    /// The tab.
    pub tab_id: TabId,
    /// The ref of the file input (a file chooser effect names it).
    #[serde(rename = "ref")]
    pub reference: String,
    /// Files inside the upload folder: names relative to it, or absolute paths into it.
    pub paths: Vec<String>,
}

#[async_trait]
impl Tool for UploadFile {
    type Args = UploadFileArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "upload_file",
            Category::Files,
            Some(Verb::SideEffecting),
            false,
            true,
            "Put files from the upload folder into the file input with this ref (or, when the \
             ref is the control that opened a file chooser, into that chooser). Handing a \
             local file to a page lets the page read it and send it anywhere, so this is a \
             side effect a person approves. Only files inside the configured upload folder can \
             be given (no path out of it, no symlink out, size capped), checked before anyone \
             is asked; without a folder nothing can be uploaded.",
        )
    }

    async fn foresee(
        &self,
        ctx: &ToolContext<'_>,
        args: &UploadFileArgs,
    ) -> Result<Option<Foreseen>, ToolError> {
        // Paths the upload would refuse are refused before a person is asked about them.
        ctx.browser().check_upload(&args.paths).await?;
        Ok(None)
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: UploadFileArgs,
    ) -> Result<ToolOutput, ToolError> {
        let record = ctx.live_ref(&args.tab_id, &args.reference).await?;
        let outcome = ctx
            .browser()
            .upload(&args.tab_id, &record.handle, &args.paths)
            .await?;
        let action = format!(
            "upload of {} file{} into {}",
            args.paths.len(),
            if args.paths.len() == 1 { "" } else { "s" },
            args.reference
        );
        described(ctx, &action, &action, outcome)
    }
}

pub(crate) struct ListDownloads;

#[async_trait]
impl Tool for ListDownloads {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "list_downloads",
            Category::Files,
            None,
            true,
            false,
            "The downloads pages started, oldest first: id, name in the download folder, size, \
             type, sha256, source URL and state. Nothing downloaded is ever opened or run.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        let downloads = ctx.browser().downloads().await?;
        let mut out = ToolOutput::json(&downloads)?;
        if downloads.is_empty() {
            out.text = "No downloads.".to_owned();
        }
        Ok(out)
    }
}

pub(crate) struct ReadDownload;

/// The arguments of `read_download`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReadDownloadArgs {
    /// The download's id from list_downloads (d1, d2, ...).
    pub id: String,
    /// The most characters to return (default 20000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_chars: Option<u32>,
}

#[async_trait]
impl Tool for ReadDownload {
    type Args = ReadDownloadArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "read_download",
            Category::Files,
            None,
            true,
            false,
            "The text of a completed download: plain text, CSV, JSON, HTML, or PDF (through \
             pdftotext when installed). Scanned for prompt injection like any page text.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: ReadDownloadArgs,
    ) -> Result<ToolOutput, ToolError> {
        let limit = args
            .max_chars
            .map_or(DEFAULT_READ_CHARS, |n| {
                usize::try_from(n).unwrap_or(MAX_READ_CHARS)
            })
            .clamp(1, MAX_READ_CHARS);
        let read = ctx.browser().read_download(&args.id, limit).await?;
        let mut out = ToolOutput::json(&read)?;
        out.text = if read.truncated {
            format!("{}\n[cut at {limit} characters]", read.text)
        } else {
            read.text.clone()
        };
        Ok(out)
    }
}

pub(crate) struct SavePdf;

/// The arguments of `save_pdf`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SavePdfArgs {
    /// The tab.
    pub tab_id: TabId,
    /// The file's name (made safe; `.pdf` added); the page's title when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[async_trait]
impl Tool for SavePdf {
    type Args = SavePdfArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "save_pdf",
            Category::Files,
            Some(Verb::Input),
            true,
            true,
            "Print the tab's page to a PDF in the output folder, named after name or the \
             page's title, never replacing a file. Gives the file's name, path, size and \
             SHA-256. It writes a file on this machine, so it needs input, like an action.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, args: SavePdfArgs) -> Result<ToolOutput, ToolError> {
        let saved = ctx
            .browser()
            .save_pdf(&args.tab_id, args.name.as_deref())
            .await?;
        let mut out = ToolOutput::json(&saved)?;
        out.text = format!(
            "Saved {} as {} ({} bytes, sha256 {}).",
            args.tab_id, saved.path, saved.size, saved.sha256
        );
        Ok(out)
    }
}
