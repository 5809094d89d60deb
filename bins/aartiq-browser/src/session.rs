//! One assistant session: the browser, the agent API (HTTP and MCP on the same registry), the
//! model, the runtime, and the prompt loop.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::Clock as _;
use aartiq_agents::SystemClock;
use aartiq_api::{AgentApi, ApiConfig, Backends as ApiBackends, HttpServer, UnavailableBrowser};
use aartiq_cdp::{
    BrowserConfig, BrowserSource, LaunchOptions, ManagedBrowser, OriginPolicy, Profile,
};
use aartiq_extensions::ExtensionDir;
use aartiq_llm::{
    ChatClient, ClientConfig, ModelConfig, ModelEndpoint, Provider, model_candidates,
};
use aartiq_runtime::{
    Capabilities, CliShim, Config, Runtime, RuntimeParts, SearchAdapter, StopReason, TypedLine,
};
use aartiq_tools::Browser;
use aartiq_vault::{FileVault, VaultFile};
use anyhow::{Context, Result};
use tokio_util::sync::CancellationToken;

use crate::settings::Settings;
use crate::term::{Input, Renderer, Spinner, TerminalApprover};

/// How the session runs.
pub(crate) struct Mode {
    pub(crate) goal: Option<String>,
    pub(crate) json: bool,
}

/// The browser the assistant drives: managed (started again after it dies), or, when the
/// settings cannot name one, a stand-in whose every call says why.
struct OpenBrowser {
    browser: Arc<dyn Browser>,
    managed: Option<Arc<ManagedBrowser>>,
}

async fn open_browser(settings: &Settings) -> (OpenBrowser, Option<String>) {
    let config = BrowserConfig {
        policy: OriginPolicy {
            allow_hosts: settings.allow_hosts.clone(),
            block_hosts: settings.block_hosts.clone(),
            block_private: settings.block_private,
        },
        unsafe_request_hosts: settings.unsafe_request_hosts.clone(),
        upload_dir: settings.upload_dir.clone(),
        download_dir: settings.download_dir.clone(),
        download_cap: None,
        // The assistant's own steps cannot answer a dialog: confirm and prompt are dismissed
        // at once, so no page gets a "yes" nobody gave.
        dialog_wait: None,
        output_dir: Some(settings.output_dir.clone()),
        // The person and the assistant share one browser and its logins.
        isolation: aartiq_cdp::Isolation::Shared,
    };
    let source = match &settings.cdp_url {
        Some(url) => match settings.attach.options() {
            Ok(options) => BrowserSource::Attach {
                url: url.clone(),
                options,
            },
            Err(error) => {
                let message = format!("the browser settings are unusable: {error}");
                return (
                    OpenBrowser {
                        browser: Arc::new(UnavailableBrowser::new(message.clone())),
                        managed: None,
                    },
                    Some(format!(
                        "{message}\nBrowser commands fail until the settings are fixed."
                    )),
                );
            }
        },
        None => {
            let mut extra_args = match extensions_dir().map(|d| ExtensionDir::new(d).launch_args())
            {
                Some(Ok(args)) => args,
                Some(Err(error)) => {
                    tracing::warn!(%error, "installed extensions are not loaded");
                    Vec::new()
                }
                None => Vec::new(),
            };
            if settings.headful {
                // Beside the web UI's window (see `window`).
                extra_args.extend(
                    crate::window::BROWSER_WINDOW
                        .iter()
                        .map(|a| (*a).to_owned()),
                );
            }
            BrowserSource::Launch(LaunchOptions {
                executable: settings.executable.clone(),
                headless: !settings.headful,
                extra_args,
                profile: settings
                    .profile
                    .clone()
                    .map_or(Profile::Temporary, Profile::Persistent),
                ..LaunchOptions::default()
            })
        }
    };
    // Started now, since the person shares it; when it exits or its connection drops, the
    // next browser command starts (or reconnects) a new one.
    let managed = ManagedBrowser::new(source, config);
    let error = managed.start().await.err().map(|error| {
        format!(
            "the browser could not start: {error}\nEach browser command tries to start it \
                 again."
        )
    });
    (
        OpenBrowser {
            browser: managed.clone(),
            managed: Some(managed),
        },
        error,
    )
}

/// Tells the person, as it happens, that the browser ended and what the next browser command
/// does about it (on the terminal, and in the web UI when it is open).
fn tell_browser_endings(
    managed: &Arc<ManagedBrowser>,
    ui: Option<Arc<crate::ui::UiState>>,
    json: bool,
    shutdown: &CancellationToken,
) {
    let mut endings = managed.endings();
    let browser = Arc::downgrade(managed);
    let shutdown = shutdown.clone();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                changed = endings.changed() => if changed.is_err() { return },
            }
            let Some(browser) = browser.upgrade() else {
                return;
            };
            let why = browser.last_end().unwrap_or_else(|| "it ended".to_owned());
            let message = format!(
                "The browser closed ({why}). The next browser command starts a new one; \
                 tabs from before are gone."
            );
            say(json, "browser_gone", &message);
            if let Some(ui) = &ui {
                ui.notice(&message);
            }
        }
    });
}

/// Where installed extensions live: `<data dir>/aartiq/extensions`.
fn extensions_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("aartiq").join("extensions"))
}

/// The model endpoints the settings allow, in the order to try them (spec d.9).
fn candidates(settings: &Settings) -> Vec<ModelEndpoint> {
    let mut config = ModelConfig::default();
    if let Some(url) = &settings.model_url {
        config.custom = Some(ModelEndpoint {
            provider: Provider::Custom,
            base_url: url.clone(),
            api_key: settings.api_key.clone(),
            model: settings
                .model
                .clone()
                .unwrap_or_else(|| "local-model".to_owned()),
        });
    } else if let Some(model) = &settings.model {
        config.lm_studio.model.clone_from(model);
        config.ollama.model.clone_from(model);
    }
    model_candidates(&config)
}

fn say(json: bool, kind: &str, text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let line = if json {
        serde_json::json!({"type": kind, "message": text}).to_string()
    } else {
        text.to_owned()
    };
    let _ = writeln!(stdout, "{line}");
    let _ = stdout.flush();
}

/// Everything a session runs on.
pub(crate) struct Session {
    pub(crate) runtime: Arc<Runtime>,
    api: Arc<AgentApi>,
    browser: OpenBrowser,
    shutdown: CancellationToken,
    pub(crate) model_ok: bool,
    /// The web UI, when it is served: one run at a time between it and the terminal.
    ui: Option<Arc<crate::ui::UiState>>,
    /// The web UI's own window (`--headful`).
    ui_window: Option<crate::window::UiWindow>,
}

impl Session {
    /// Stops the API and closes a browser we launched.
    pub(crate) async fn close(self) {
        if let Some(window) = self.ui_window {
            window.close().await;
        }
        self.shutdown.cancel();
        drop(self.runtime);
        drop(self.api);
        drop(self.browser.browser);
        if let Some(managed) = self.browser.managed {
            managed.close().await;
        }
    }
}

/// The host capabilities: the browser's screenshots, history, clicks and rendering (when it
/// started), Tesseract OCR, the desktop, the document folder, plugins, the CLI shim.
fn host(
    settings: &Settings,
    browser: Option<Arc<ManagedBrowser>>,
    vision: &ChatClient,
    json: bool,
) -> Result<(Capabilities, Option<Arc<aartiq_plugins::PluginSupervisor>>)> {
    let exec = aartiq_host::ExecConfig::default();
    let mut host =
        Capabilities::new().with_desktop(Arc::new(aartiq_host::Desktop::new(exec.clone())));
    let mut shared_plugins = None;
    if let Some(browser) = browser {
        let output = aartiq_documents::OutputDir::new(&settings.output_dir).with_context(|| {
            format!(
                "the document folder {} (set [host] output_dir or AARTIQ_OUTPUT_DIR)",
                settings.output_dir.display()
            )
        })?;
        if let Some(endpoint) = settings.images.clone() {
            host = host.with_images(
                ChatClient::new(endpoint, ClientConfig::default())?,
                output.clone(),
            );
        }
        host = host
            .with_page(browser.clone())
            .with_ocr(exec)
            .with_vision(vision.clone())
            .with_documents(Arc::new(aartiq_documents::Documents::new(output, browser)));
    }
    if !settings.plugins.is_empty() {
        // Plugins start on first use (PLUGIN_COMMAND, OPEN_MCP_SETTINGS), not at launch.
        let plugins = aartiq_plugins::PluginSupervisor::new(
            settings.plugins.clone(),
            aartiq_plugins::HostConfig::default(),
        )
        .context("the [[plugins]] of the config file")?;
        say(
            json,
            "plugins",
            &format!("Plugins configured: {}", plugins.ids().join(", ")),
        );
        let plugins = Arc::new(plugins);
        shared_plugins = Some(plugins.clone());
        host = host.with_plugins(plugins);
    }
    if let (Some(bin_dir), Ok(target)) = (settings.cli_bin_dir.clone(), std::env::current_exe()) {
        host = host.with_cli(CliShim { bin_dir, target });
    }
    Ok((host, shared_plugins))
}

/// Serves the agent API and the web UI on one listener until `shutdown`, and says where; returns
/// the UI's link, with the UI's own secret in its fragment (which no browser sends to a server
/// or in a Referer). The API's admin token opens nothing in the UI.
fn serve(
    server: HttpServer,
    api_config: &ApiConfig,
    ui: Arc<crate::ui::UiState>,
    shutdown: &CancellationToken,
    json: bool,
) -> Result<String> {
    let addr = server.local_addr()?;
    let link = format!("http://{addr}/ui/#t={}", ui.link_secret());
    let server = server.with_routes(crate::ui::routes(ui));
    let token = shutdown.clone();
    tokio::spawn(async move {
        if let Err(error) = server.serve(token).await {
            tracing::error!(%error, "the agent API stopped");
        }
    });
    let shown = api_config
        .token_path()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|e| e.to_string());
    say(
        json,
        "api",
        &format!("Agent API on http://{addr} (MCP at /mcp; admin token in {shown})"),
    );
    say(json, "ui", &format!("Web UI: {link}"));
    Ok(link)
}

/// Opens the browser, the store, the agent API and the model, and builds the runtime.
pub(crate) async fn build(settings: &Settings, json: bool, serve_api: bool) -> Result<Session> {
    let mode = Mode { goal: None, json };
    let (browser, browser_error) = open_browser(settings).await;
    if let Some(error) = &browser_error {
        say(mode.json, "warning", error);
    }
    let clock = Arc::new(SystemClock);
    let search = Arc::new(
        aartiq_search::Searcher::new(aartiq_search::SearchConfig {
            keys: aartiq_search::Keys::from_env(),
            endpoints: settings.search_endpoints.clone(),
            ..aartiq_search::SearchConfig::default()
        })
        .context("setting up web search")?,
    );
    let vault_path = std::env::var_os("AARTIQ_VAULT")
        .map(PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("aartiq").join("vault.aqv")));
    let mut api_backends = ApiBackends {
        search: Some(Arc::new(SearchAdapter::new(search.clone()))),
        ..ApiBackends::headless(browser.browser.clone())
    };
    if let Some(path) = vault_path {
        api_backends.vault = Arc::new(FileVault::new(
            VaultFile::new(path),
            Arc::new(aartiq_vault::EnvPassphrase),
            clock.clone(),
        ));
    }
    if let Some(dir) = extensions_dir() {
        api_backends.extensions = Arc::new(ExtensionDir::new(dir));
    }
    // The UI preferences live in the store, so what the assistant sets (SET_THEME, OPEN_VIEW,
    // ...) is what `theme_resolve` answers over HTTP and MCP.
    let store = Arc::new(settings.open_store()?);
    // The UI preferences SET_THEME, SET_CHAT_STYLE and OPEN_VIEW left (the same ones
    // `theme_resolve` reports over HTTP and MCP).
    if let Ok(entries) = store.settings(Some(aartiq_store::Category::Ui)) {
        let changed: Vec<String> = entries
            .iter()
            .filter(|e| !e.is_default)
            .map(|e| format!("{} {}", e.name, e.value.display()))
            .collect();
        if !changed.is_empty() {
            say(
                mode.json,
                "preferences",
                &format!("Preferences: {}", changed.join(", ")),
            );
        }
    }
    let ui_clock = clock.clone();
    api_backends.ui = Arc::new(aartiq_runtime::StoredUi::new(store.clone(), move || {
        ui_clock.now_ms()
    }));
    let api_config = ApiConfig {
        port: settings.api_port,
        host: settings.api_host.clone(),
        approvals_dir: dirs::home_dir().map(|h| h.join(".aartiq").join("approvals")),
        tools: settings.api_tools.clone(),
        ..ApiConfig::default()
    };
    let api = Arc::new(AgentApi::new(api_backends, &api_config)?);
    let shutdown = CancellationToken::new();
    // Bound now (so a port in use is reported early), served once the runtime exists: the web
    // UI on the same listener needs it.
    let mut server = None;
    if settings.api && serve_api {
        match HttpServer::bind(api.clone(), api_config.clone()).await {
            Ok(bound) => server = Some(bound),
            Err(error) => say(
                mode.json,
                "warning",
                &format!("the agent API could not start: {error}"),
            ),
        }
    }

    let guard = aartiq_guard::Guard::new(aartiq_guard::Config::default())
        .map_err(|e| anyhow::anyhow!("the injection scanner: {e}"))?;
    let researcher = aartiq_research::HttpFetcher::new(aartiq_research::FetcherConfig::default())
        .map(|fetcher| {
            Arc::new(aartiq_research::Researcher::new(
                SearchAdapter::new(search.clone()),
                fetcher,
                guard.clone(),
            ))
        })
        .ok();
    let model = ChatClient::first_reachable(
        candidates(settings),
        ClientConfig::default(),
        Duration::from_secs(3),
    )
    .await;
    let (chat, model_ok) = match model {
        Ok(client) => (client, true),
        Err(tried) => {
            say(
                mode.json,
                "no_model",
                &format!(
                    "No model server answered. Tried:\n  {}\nStart one, for example `ollama serve` and `ollama pull llama3.1`, or LM Studio's local server on port 1234, or pass --model-url http://HOST:PORT/v1 (any OpenAI-compatible server).\nMeanwhile, type commands directly, e.g. [NAVIGATE: https://example.com] or [READ_PAGE_CONTENT].",
                    tried.join("\n  ")
                ),
            );
            // The runtime needs a client; without a server it is only used if a goal is given,
            // and then fails with the model error the person was just told about.
            let first = candidates(settings)
                .into_iter()
                .next()
                .context("no model endpoint is enabled")?;
            (ChatClient::new(first, ClientConfig::default())?, false)
        }
    };
    let skills = aartiq_skills::SkillLoader::new(aartiq_skills::LoaderConfig::from_environment(
        settings.skills_dir.clone(),
    ));
    let defaults = Config::default();
    let config = Config {
        max_steps: settings.max_steps,
        planning: settings.planning,
        approvals: aartiq_runtime::ApprovalSettings {
            auto_approve_low_risk: settings.auto_approve_low_risk,
            auto_approve_mid_risk: settings.auto_approve_mid_risk,
            ..defaults.approvals.clone()
        },
        shell: aartiq_runtime::ShellConfig {
            working_dir: settings.shell_dir.clone(),
            timeout: Duration::from_secs(settings.shell_timeout_secs),
            ..defaults.shell.clone()
        },
        ..defaults
    };
    let vision = match &settings.vision_model {
        Some(model) => ChatClient::new(
            ModelEndpoint {
                model: model.clone(),
                ..chat.endpoint().clone()
            },
            ClientConfig::default(),
        )?,
        None => chat.clone(),
    };
    let (host_capabilities, plugins) = host(settings, browser.managed.clone(), &vision, mode.json)?;
    let runtime = Runtime::new(
        config,
        RuntimeParts {
            registry: api.shared_registry(),
            chat,
            researcher,
            skills: Arc::new(skills),
            guard,
            clock,
        },
    )?
    .with_store(store)
    .with_capabilities(host_capabilities);
    // Agents on the API share the registry, never the assistant's identity.
    api.reserve_agent_id(runtime.agent_id().clone());
    let runtime = Arc::new(runtime);
    let mut web_ui = None;
    let mut ui_window = None;
    if let Some(server) = server {
        let ui = crate::ui::UiState::new(
            runtime.clone(),
            plugins,
            model_ok,
            Duration::from_secs(settings.approval_timeout_secs),
        )
        .context("the operating system has no random source for the web UI's link")?;
        web_ui = Some(ui.clone());
        let link = serve(server, &api_config, ui, &shutdown, mode.json)?;
        if settings.headful {
            ui_window = open_window(settings, &link, mode.json).await;
        }
    }
    if let Some(managed) = &browser.managed {
        tell_browser_endings(managed, web_ui.clone(), mode.json, &shutdown);
    }
    Ok(Session {
        runtime,
        api,
        browser,
        shutdown,
        model_ok,
        ui: web_ui,
        ui_window,
    })
}

/// `--headful`: the web UI in its own window; a warning (the link still works) when it cannot
/// open.
async fn open_window(
    settings: &Settings,
    link: &str,
    json: bool,
) -> Option<crate::window::UiWindow> {
    match crate::window::UiWindow::open(settings.executable.clone(), link).await {
        Ok(window) => {
            let pid = window
                .pid()
                .map_or_else(String::new, |pid| format!(" (pid {pid})"));
            say(
                json,
                "ui_window",
                &format!("Web UI opened in its own window{pid}, beside the browser's."),
            );
            Some(window)
        }
        Err(error) => {
            say(
                json,
                "warning",
                &format!("{error:#}; open the Web UI link above instead."),
            );
            None
        }
    }
}

pub(crate) async fn run(settings: Settings, mode: Mode) -> Result<()> {
    let session = build(&settings, mode.json, true).await?;
    let runtime = &session.runtime;
    let model_ok = session.model_ok;

    let input = Input::stdin();
    let spinner = Spinner::new(!mode.json && std::io::IsTerminal::is_terminal(&std::io::stderr()));
    let approver = TerminalApprover {
        input: input.clone(),
        timeout: Duration::from_secs(settings.approval_timeout_secs),
        json: mode.json,
        spinner: spinner.clone(),
    };
    let renderer = Renderer::new(mode.json, spinner);
    let transcripts = settings
        .transcript_dir
        .clone()
        .or_else(|| dirs::data_dir().map(|d| d.join("aartiq").join("transcripts")));

    let mut failed = false;
    if let Some(goal) = &mode.goal {
        failed = !one(
            runtime,
            goal,
            model_ok,
            &approver,
            &renderer,
            mode.json,
            transcripts.as_ref(),
        )
        .await;
    } else {
        say(
            mode.json,
            "ready",
            "Type a goal (or a command like [NAVIGATE: https://example.com]); an empty line or Ctrl-D quits.",
        );
        loop {
            if !mode.json {
                say(false, "prompt", "\n> ");
            }
            let line = tokio::select! {
                line = input.next() => line,
                _ = tokio::signal::ctrl_c() => None,
            };
            let Some(line) = line else { break };
            let line = line.trim().to_owned();
            if line.is_empty() {
                break;
            }
            // One run at a time: the web UI may have one going on the same browser.
            if let Some(ui) = &session.ui
                && !ui.claim()
            {
                say(
                    mode.json,
                    "busy",
                    "A run started in the web UI is still going; try again when it ends.",
                );
                continue;
            }
            one(
                runtime,
                &line,
                model_ok,
                &approver,
                &renderer,
                mode.json,
                transcripts.as_ref(),
            )
            .await;
            if let Some(ui) = &session.ui {
                ui.release();
            }
        }
    }
    session.close().await;
    if failed {
        anyhow::bail!("the goal did not complete");
    }
    Ok(())
}

/// Runs one line: typed commands directly, anything else as a goal for the model. Returns
/// whether it completed.
async fn one(
    runtime: &Runtime,
    line: &str,
    model_ok: bool,
    approver: &TerminalApprover,
    renderer: &Renderer,
    json: bool,
    transcripts: Option<&PathBuf>,
) -> bool {
    let line = TypedLine::read(line);
    if line.needs_model() && !model_ok {
        say(
            json,
            "no_model",
            "No model is reachable, so only commands typed directly run (e.g. [NAVIGATE: https://example.com]).",
        );
        return false;
    }
    let outcome = runtime.run_line(&line, approver, renderer).await;
    if let Some(dir) = transcripts {
        let name = format!(
            "run-{}.jsonl",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis())
                .unwrap_or(0)
        );
        if std::fs::create_dir_all(dir).is_ok() {
            let _ = std::fs::write(dir.join(name), outcome.transcript.to_jsonl());
        }
    }
    let completed = matches!(
        outcome.reason,
        StopReason::Answered | StopReason::PlannerDone { .. } | StopReason::Commands
    );
    if json {
        use std::io::Write;
        let line = serde_json::json!({
            "type": "outcome",
            "reason": outcome.reason,
            "answer": outcome.answer,
            "steps": outcome.steps,
            "results": outcome.results,
        });
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    } else {
        match &outcome.reason {
            StopReason::ModelError { message } => {
                say(false, "error", &format!("model error: {message}"))
            }
            StopReason::StepBudget { max_steps } => say(
                false,
                "stopped",
                &format!("stopped: the step budget ({max_steps}) ran out"),
            ),
            _ if !line.needs_model() => {}
            _ => {
                if !outcome.answer.trim().is_empty() {
                    say(false, "answer", &format!("\n{}", outcome.answer.trim()));
                }
            }
        }
    }
    completed
}
