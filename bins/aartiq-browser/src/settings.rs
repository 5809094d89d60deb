//! Settings: the TOML config file, then the environment, then command-line flags, each
//! overriding the one before (documented in `docs/configuration.md`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::Deserialize;

/// The config file, every key optional.
#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct FileConfig {
    pub(crate) model: ModelSection,
    pub(crate) browser: BrowserSection,
    pub(crate) api: ApiSection,
    pub(crate) assistant: AssistantSection,
    pub(crate) shell: ShellSection,
    pub(crate) host: HostSection,
    pub(crate) images: ImagesSection,
    /// The web search providers' base URLs.
    pub(crate) search: SearchSection,
    /// Plugins: MCP servers aartiq starts and supervises (`docs/plugins.md`).
    pub(crate) plugins: Vec<aartiq_plugins::PluginConfig>,
}

#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct HostSection {
    /// Where documents, diagrams and images are written.
    pub(crate) output_dir: Option<PathBuf>,
    /// Where `ENABLE_CLI` installs the `aartiq` command (default `~/.local/bin`).
    pub(crate) cli_bin_dir: Option<PathBuf>,
}

#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct ModelSection {
    /// Any OpenAI-compatible base URL; when unset, LM Studio then Ollama are tried.
    pub(crate) base_url: Option<String>,
    pub(crate) model: Option<String>,
    /// The name of the environment variable holding the API key (never the key itself).
    pub(crate) api_key_env: Option<String>,
    /// A vision-capable model on the same server for `SCREENSHOT_AND_ANALYZE` (the chat model
    /// when unset).
    pub(crate) vision_model: Option<String>,
}

/// An OpenAI-compatible images endpoint for `GENERATE_IMAGE`.
#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct ImagesSection {
    pub(crate) base_url: Option<String>,
    pub(crate) model: Option<String>,
    /// The name of the environment variable holding its API key.
    pub(crate) api_key_env: Option<String>,
}

#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct BrowserSection {
    pub(crate) headful: Option<bool>,
    pub(crate) executable: Option<PathBuf>,
    /// A persistent profile directory; a fresh temporary profile when unset.
    pub(crate) profile: Option<PathBuf>,
    /// Attach to a running browser instead of launching one (`ws://`, `wss://`,
    /// `http(s)://host:port`).
    pub(crate) cdp_url: Option<String>,
    /// A PEM file of certificates trusted for a `wss://` `cdp_url` besides the system's.
    pub(crate) attach_ca: Option<PathBuf>,
    /// Headers every handshake with `cdp_url` carries, each `"Name: value"`.
    pub(crate) attach_headers: Vec<String>,
    pub(crate) allow_hosts: Vec<String>,
    pub(crate) block_hosts: Vec<String>,
    pub(crate) block_private: Option<bool>,
    /// Hosts whose requests with unsafe methods go out without a person's approval.
    pub(crate) unsafe_request_hosts: Vec<String>,
    /// The only folder agents may upload files from; none when unset.
    pub(crate) upload_dir: Option<PathBuf>,
    /// Where downloads go (default: `downloads` in aartiq's data folder).
    pub(crate) download_dir: Option<PathBuf>,
}

#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct ApiSection {
    pub(crate) enabled: Option<bool>,
    pub(crate) port: Option<u16>,
    pub(crate) host: Option<String>,
    /// The tools the agent API serves: tool and group names (every tool when unset).
    pub(crate) tools: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct AssistantSection {
    pub(crate) max_steps: Option<usize>,
    pub(crate) planning: Option<bool>,
    pub(crate) auto_approve_low_risk: Option<bool>,
    pub(crate) auto_approve_mid_risk: Option<bool>,
    pub(crate) approval_timeout_secs: Option<u64>,
    pub(crate) transcript_dir: Option<PathBuf>,
    pub(crate) skills_dir: Option<PathBuf>,
    /// The SQLite store (bookmarks, history, settings, automations, workflows).
    pub(crate) store: Option<PathBuf>,
}

/// The web search providers' base URLs, for a proxy or a self-hosted mirror (the keys stay in
/// the environment: `TAVILY_API_KEY`, `BRAVE_API_KEY`, ...).
#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct SearchSection {
    pub(crate) tavily_url: Option<String>,
    pub(crate) brave_url: Option<String>,
    pub(crate) serp_url: Option<String>,
    pub(crate) google_url: Option<String>,
}

#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct ShellSection {
    pub(crate) working_dir: Option<PathBuf>,
    pub(crate) timeout_secs: Option<u64>,
}

/// Everything the assistant runs with, resolved.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Settings {
    pub(crate) model_url: Option<String>,
    pub(crate) model: Option<String>,
    pub(crate) api_key: Option<String>,
    pub(crate) headful: bool,
    pub(crate) executable: Option<PathBuf>,
    pub(crate) profile: Option<PathBuf>,
    pub(crate) cdp_url: Option<String>,
    /// How `cdp_url` is reached: its headers and extra trusted certificates.
    pub(crate) attach: AttachSettings,
    pub(crate) allow_hosts: Vec<String>,
    pub(crate) block_hosts: Vec<String>,
    pub(crate) block_private: bool,
    pub(crate) unsafe_request_hosts: Vec<String>,
    pub(crate) upload_dir: Option<PathBuf>,
    pub(crate) download_dir: Option<PathBuf>,
    pub(crate) api: bool,
    pub(crate) api_port: u16,
    pub(crate) api_host: String,
    pub(crate) api_tools: Option<Vec<String>>,
    pub(crate) max_steps: usize,
    pub(crate) planning: bool,
    pub(crate) auto_approve_low_risk: bool,
    pub(crate) auto_approve_mid_risk: bool,
    pub(crate) approval_timeout_secs: u64,
    pub(crate) transcript_dir: Option<PathBuf>,
    pub(crate) skills_dir: Option<PathBuf>,
    pub(crate) store: Option<PathBuf>,
    pub(crate) shell_dir: PathBuf,
    pub(crate) shell_timeout_secs: u64,
    pub(crate) output_dir: PathBuf,
    pub(crate) cli_bin_dir: Option<PathBuf>,
    pub(crate) plugins: Vec<aartiq_plugins::PluginConfig>,
    pub(crate) vision_model: Option<String>,
    /// The images endpoint, when one is configured.
    pub(crate) images: Option<aartiq_llm::ModelEndpoint>,
    /// Where the web search providers are reached.
    pub(crate) search_endpoints: aartiq_search::Endpoints,
}

/// `[browser] attach_ca` and `attach_headers`; `Debug` names the headers, never their values.
#[derive(Clone, Default, PartialEq)]
pub(crate) struct AttachSettings {
    pub(crate) ca: Option<PathBuf>,
    pub(crate) headers: Vec<String>,
}

impl std::fmt::Debug for AttachSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self
            .headers
            .iter()
            .map(|h| h.split(':').next().unwrap_or_default().trim())
            .collect();
        f.debug_struct("AttachSettings")
            .field("ca", &self.ca)
            .field("headers", &names)
            .finish()
    }
}

impl AttachSettings {
    /// The options the browser layer takes.
    pub(crate) fn options(&self) -> Result<aartiq_cdp::AttachOptions, aartiq_cdp::CdpError> {
        aartiq_cdp::AttachOptions::from_settings(&self.headers, self.ca.as_deref())
    }
}

/// The flags that override settings (a subset of the CLI).
#[derive(Debug, Default, Clone)]
pub(crate) struct Overrides {
    pub(crate) model_url: Option<String>,
    pub(crate) model: Option<String>,
    pub(crate) headful: bool,
    pub(crate) executable: Option<PathBuf>,
    pub(crate) cdp_url: Option<String>,
    pub(crate) no_api: bool,
    pub(crate) port: Option<u16>,
    pub(crate) max_steps: Option<usize>,
    pub(crate) store: Option<PathBuf>,
}

/// Where the config file is looked for when `--config` and `AARTIQ_CONFIG` are not given.
pub(crate) fn default_path() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("aartiq").join("config.toml"))
}

/// Where documents go when no folder is configured: `~/Documents/aartiq`, else
/// `<data dir>/aartiq/documents`.
fn default_output_dir() -> Result<PathBuf> {
    dirs::document_dir()
        .map(|d| d.join("aartiq"))
        .or_else(|| dirs::data_dir().map(|d| d.join("aartiq").join("documents")))
        .context("no documents or data folder is known; set [host] output_dir")
}

pub(crate) fn read_file(path: &Path) -> Result<FileConfig> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    toml::from_str(&text).with_context(|| format!("{} is not a valid config file", path.display()))
}

impl Settings {
    /// Opens the store the settings name (the platform default when none is named).
    pub(crate) fn open_store(&self) -> Result<aartiq_store::Store> {
        match &self.store {
            Some(path) => aartiq_store::Store::open(path),
            None => aartiq_store::Store::open_default(),
        }
        .context("opening the store (bookmarks, history, settings, automations)")
    }

    /// Resolves the settings from an optional file, an environment lookup and the flags.
    pub(crate) fn resolve(
        file: FileConfig,
        env: impl Fn(&str) -> Option<String>,
        flags: &Overrides,
    ) -> Result<Settings> {
        let env_bool = |name: &str| -> Result<Option<bool>> {
            match env(name).as_deref().map(str::trim) {
                None | Some("") => Ok(None),
                Some("1" | "true" | "yes") => Ok(Some(true)),
                Some("0" | "false" | "no") => Ok(Some(false)),
                Some(other) => bail!("{name}={other:?} is not a boolean (use true or false)"),
            }
        };
        let key_env = file
            .model
            .api_key_env
            .clone()
            .unwrap_or_else(|| "AARTIQ_API_KEY".to_owned());
        let api_key = env(&key_env).filter(|k| !k.is_empty());
        let port = match env("AARTIQ_API_PORT") {
            Some(text) => Some(
                text.trim()
                    .parse::<u16>()
                    .with_context(|| format!("AARTIQ_API_PORT={text:?} is not a port"))?,
            ),
            None => None,
        };
        Ok(Settings {
            model_url: flags
                .model_url
                .clone()
                .or_else(|| env("AARTIQ_MODEL_URL"))
                .or(file.model.base_url),
            model: flags
                .model
                .clone()
                .or_else(|| env("AARTIQ_MODEL"))
                .or(file.model.model),
            api_key,
            headful: flags.headful
                || env_bool("AARTIQ_HEADFUL")?
                    .or(file.browser.headful)
                    .unwrap_or(false),
            executable: flags
                .executable
                .clone()
                .or_else(|| env("AARTIQ_CHROMIUM").map(PathBuf::from))
                .or(file.browser.executable),
            profile: file.browser.profile,
            cdp_url: flags
                .cdp_url
                .clone()
                .or_else(|| env("AARTIQ_CDP_URL"))
                .or(file.browser.cdp_url),
            attach: AttachSettings {
                ca: file.browser.attach_ca,
                headers: file.browser.attach_headers,
            },
            allow_hosts: file.browser.allow_hosts,
            block_hosts: file.browser.block_hosts,
            unsafe_request_hosts: file.browser.unsafe_request_hosts,
            upload_dir: file.browser.upload_dir,
            download_dir: file
                .browser
                .download_dir
                .or_else(|| dirs::data_dir().map(|d| d.join("aartiq").join("downloads"))),
            block_private: env_bool("AARTIQ_BLOCK_PRIVATE")?
                .or(file.browser.block_private)
                .unwrap_or(false),
            api: !flags.no_api && file.api.enabled.unwrap_or(true),
            api_port: flags.port.or(port).or(file.api.port).unwrap_or(46204),
            api_host: file.api.host.unwrap_or_else(|| "127.0.0.1".to_owned()),
            api_tools: file.api.tools,
            max_steps: flags
                .max_steps
                .or(file.assistant.max_steps)
                .unwrap_or(12)
                .max(1),
            planning: file.assistant.planning.unwrap_or(true),
            auto_approve_low_risk: file.assistant.auto_approve_low_risk.unwrap_or(false),
            auto_approve_mid_risk: file.assistant.auto_approve_mid_risk.unwrap_or(false),
            approval_timeout_secs: file.assistant.approval_timeout_secs.unwrap_or(120).max(5),
            transcript_dir: file.assistant.transcript_dir,
            skills_dir: file.assistant.skills_dir,
            store: flags
                .store
                .clone()
                .or_else(|| env("AARTIQ_STORE").map(PathBuf::from))
                .or(file.assistant.store),
            shell_dir: match file.shell.working_dir {
                Some(dir) => dir,
                None => std::env::current_dir().context("the current directory is unreadable")?,
            },
            shell_timeout_secs: file.shell.timeout_secs.unwrap_or(30).max(1),
            output_dir: match env("AARTIQ_OUTPUT_DIR")
                .map(PathBuf::from)
                .or(file.host.output_dir)
            {
                Some(dir) => dir,
                None => default_output_dir()?,
            },
            cli_bin_dir: file.host.cli_bin_dir.or_else(aartiq_host::default_bin_dir),
            plugins: file.plugins,
            search_endpoints: {
                let defaults = aartiq_search::Endpoints::default();
                aartiq_search::Endpoints {
                    tavily: file.search.tavily_url.unwrap_or(defaults.tavily),
                    brave: file.search.brave_url.unwrap_or(defaults.brave),
                    serp: file.search.serp_url.unwrap_or(defaults.serp),
                    google_cse: file.search.google_url.unwrap_or(defaults.google_cse),
                    ..defaults
                }
            },
            vision_model: file.model.vision_model,
            images: file
                .images
                .base_url
                .map(|base_url| aartiq_llm::ModelEndpoint {
                    provider: aartiq_llm::Provider::Custom,
                    base_url,
                    api_key: file
                        .images
                        .api_key_env
                        .as_deref()
                        .and_then(&env)
                        .filter(|k| !k.is_empty()),
                    model: file.images.model.unwrap_or_else(|| "dall-e-3".to_owned()),
                }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_beat_environment_beats_file() {
        let file: FileConfig = toml::from_str(
            "[model]\nbase_url = \"http://file/v1\"\nmodel = \"file-model\"\n[api]\nport = 1000\n[assistant]\nmax_steps = 3\n",
        )
        .unwrap();
        let env = |name: &str| match name {
            "AARTIQ_MODEL_URL" => Some("http://env/v1".to_owned()),
            "AARTIQ_API_PORT" => Some("2000".to_owned()),
            "AARTIQ_API_KEY" => Some("k".to_owned()),
            _ => None,
        };
        let flags = Overrides {
            port: Some(3000),
            ..Overrides::default()
        };
        let s = Settings::resolve(file, env, &flags).unwrap();
        assert_eq!(s.model_url.as_deref(), Some("http://env/v1"));
        assert_eq!(s.model.as_deref(), Some("file-model"));
        assert_eq!(s.api_port, 3000);
        assert_eq!(s.max_steps, 3);
        assert_eq!(s.api_key.as_deref(), Some("k"));
        assert!(s.api && !s.headful && s.planning);
    }

    #[test]
    fn search_endpoints_come_from_the_file_or_default_to_the_providers() {
        let file: FileConfig =
            toml::from_str("[search]\nbrave_url = \"http://127.0.0.1:9/brave\"\n").unwrap();
        let s = Settings::resolve(file, |_| None, &Overrides::default()).unwrap();
        let defaults = aartiq_search::Endpoints::default();
        assert_eq!(s.search_endpoints.brave, "http://127.0.0.1:9/brave");
        assert_eq!(s.search_endpoints.tavily, defaults.tavily);
        assert!(toml::from_str::<FileConfig>("[search]\nbing_url = \"x\"\n").is_err());
    }

    #[test]
    fn host_folders_and_plugins_come_from_the_file_and_environment() {
        let file: FileConfig = toml::from_str(
            "[host]\noutput_dir = \"/srv/docs\"\ncli_bin_dir = \"/opt/bin\"\n\
             [[plugins]]\nid = \"notes\"\ncommand = \"notes-mcp\"\nargs = [\"--stdio\"]\ntrust = \"standard\"\n",
        )
        .unwrap();
        let s = Settings::resolve(file, |_| None, &Overrides::default()).unwrap();
        assert_eq!(s.output_dir, PathBuf::from("/srv/docs"));
        assert_eq!(s.cli_bin_dir, Some(PathBuf::from("/opt/bin")));
        assert_eq!(s.plugins.len(), 1);
        assert_eq!(s.plugins[0].id, "notes");
        assert_eq!(s.plugins[0].args, ["--stdio"]);
        let env = |name: &str| (name == "AARTIQ_OUTPUT_DIR").then(|| "/tmp/out".to_owned());
        let s = Settings::resolve(FileConfig::default(), env, &Overrides::default()).unwrap();
        assert_eq!(s.output_dir, PathBuf::from("/tmp/out"));
        // A plugin entry with a key it does not know is refused, not ignored.
        assert!(
            toml::from_str::<FileConfig>(
                "[[plugins]]\nid = \"x\"\ncommand = \"y\"\nsandbox = true\n"
            )
            .is_err()
        );
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        assert!(toml::from_str::<FileConfig>("[model]\nunknown = 1\n").is_err());
        let env = |name: &str| (name == "AARTIQ_HEADFUL").then(|| "maybe".to_owned());
        let error = Settings::resolve(FileConfig::default(), env, &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(error.contains("AARTIQ_HEADFUL"), "{error}");
    }
}
