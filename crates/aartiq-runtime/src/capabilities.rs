//! The capabilities a runtime is given beyond the registry: the page host, the desktop, OCR,
//! documents, plugins, images, vision, the CLI shim. Each one left out makes its commands
//! answer `NOT_AVAILABLE` (`commands/host.rs` runs them).

use std::path::PathBuf;
use std::sync::Arc;

use aartiq_host::{Desktop, ExecConfig, PageHost};

use crate::route::Capability;

/// Where `ENABLE_CLI` puts the `aartiq` shim and what it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliShim {
    /// The folder on the person's `PATH` (normally `~/.local/bin`).
    pub bin_dir: PathBuf,
    /// The program the shim runs (normally this binary).
    pub target: PathBuf,
}

/// The host backends of a [`Runtime`](crate::Runtime); each one left out makes its commands
/// answer `NOT_AVAILABLE` naming what is missing.
#[derive(Clone, Default)]
pub struct Capabilities {
    pub(crate) page: Option<Arc<dyn PageHost>>,
    pub(crate) desktop: Option<Arc<Desktop>>,
    pub(crate) ocr: Option<ExecConfig>,
    pub(crate) cli: Option<CliShim>,
    pub(crate) plugins: Option<Arc<aartiq_plugins::PluginSupervisor>>,
    pub(crate) documents: Option<Arc<aartiq_documents::Documents>>,
    pub(crate) images: Option<(aartiq_llm::ChatClient, aartiq_documents::OutputDir)>,
    pub(crate) vision: Option<aartiq_llm::ChatClient>,
}

impl std::fmt::Debug for Capabilities {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Capabilities")
            .field("page", &self.page.is_some())
            .field("desktop", &self.desktop.is_some())
            .field("ocr", &self.ocr.is_some())
            .field("cli", &self.cli)
            .field("plugins", &self.plugins.as_ref().map(|p| p.ids()))
            .field("images", &self.images.as_ref().map(|(c, _)| c.endpoint()))
            .field("vision", &self.vision.as_ref().map(|c| c.endpoint()))
            .field(
                "documents",
                &self
                    .documents
                    .as_ref()
                    .map(|d| d.output().path().to_owned()),
            )
            .finish()
    }
}

impl Capabilities {
    /// No host capabilities.
    pub fn new() -> Capabilities {
        Capabilities::default()
    }

    /// Screenshots, history steps and clicks at a point on the browser's tabs (the same
    /// browser as the registry's, e.g. `aartiq_cdp::CdpBrowser`).
    #[must_use]
    pub fn with_page(mut self, page: Arc<dyn PageHost>) -> Capabilities {
        self.page = Some(page);
        self
    }

    /// Volume, brightness and applications.
    #[must_use]
    pub fn with_desktop(mut self, desktop: Arc<Desktop>) -> Capabilities {
        self.desktop = Some(desktop);
        self
    }

    /// OCR with Tesseract, run under `exec` (it needs [`Capabilities::with_page`] for the image).
    #[must_use]
    pub fn with_ocr(mut self, exec: ExecConfig) -> Capabilities {
        self.ocr = Some(exec);
        self
    }

    /// `ENABLE_CLI`: where the shim goes and what it runs.
    #[must_use]
    pub fn with_cli(mut self, shim: CliShim) -> Capabilities {
        self.cli = Some(shim);
        self
    }

    /// Plugins: MCP servers started and supervised by `aartiq-plugins` (`PLUGIN_COMMAND`,
    /// and their list in `OPEN_MCP_SETTINGS`).
    #[must_use]
    pub fn with_plugins(mut self, plugins: Arc<aartiq_plugins::PluginSupervisor>) -> Capabilities {
        self.plugins = Some(plugins);
        self
    }

    /// Documents and diagrams (`aartiq-documents`), written into its output folder.
    #[must_use]
    pub fn with_documents(mut self, documents: Arc<aartiq_documents::Documents>) -> Capabilities {
        self.documents = Some(documents);
        self
    }

    /// `GENERATE_IMAGE`: an OpenAI-compatible images endpoint; pictures are saved into
    /// `output`.
    #[must_use]
    pub fn with_images(
        mut self,
        client: aartiq_llm::ChatClient,
        output: aartiq_documents::OutputDir,
    ) -> Capabilities {
        self.images = Some((client, output));
        self
    }

    /// `SCREENSHOT_AND_ANALYZE`: a vision-capable chat model (it needs
    /// [`Capabilities::with_page`] for the screenshot).
    #[must_use]
    pub fn with_vision(mut self, client: aartiq_llm::ChatClient) -> Capabilities {
        self.vision = Some(client);
        self
    }

    /// Whether this host provides `capability`.
    pub fn provides(&self, capability: Capability) -> bool {
        match capability {
            Capability::Ocr => self.page.is_some() && self.ocr.is_some(),
            Capability::Screen => self.page.is_some() && self.vision.is_some(),
            Capability::HistoryNavigation | Capability::Pointer => self.page.is_some(),
            Capability::ImageGeneration => self.images.is_some(),
            Capability::SystemControl => self.desktop.is_some(),
            Capability::Cli => self.cli.is_some(),
            Capability::Plugins => self.plugins.is_some(),
            Capability::Documents => self.documents.is_some(),
            // Pure grouping over the registry's tabs; the `ai` strategy asks the chat model.
            Capability::TabGroups => true,
            _ => false,
        }
    }
}
