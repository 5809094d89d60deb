//! The browser the tools drive: a real Chromium launched over a private DevTools pipe, or one
//! attached over its DevTools WebSocket, behind `aartiq_cdp::ManagedBrowser`. It starts on
//! the first browser call (at once with `--eager-browser`), and a browser that dies is started
//! (or reconnected) again by the next call. When it cannot start, the server still runs and
//! the browser tools fail with the start error (the other tools keep working).

use std::path::PathBuf;
use std::sync::Arc;

use aartiq_api::UnavailableBrowser;
use aartiq_cdp::{
    AttachOptions, BrowserConfig, BrowserSource, Isolation, LaunchOptions, ManagedBrowser,
    OriginPolicy,
};
use aartiq_tools::Browser;

/// How to get a browser: the browser flags of both servers.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct BrowserArgs {
    /// Run without a browser: the browser tools fail with a clear error, the others work.
    #[cfg_attr(feature = "cli", arg(long))]
    pub no_browser: bool,
    /// Start the browser with the server, not on the first browser call.
    #[cfg_attr(feature = "cli", arg(long))]
    pub eager_browser: bool,
    /// `agent` (default): each agent's tabs live in a browsing context of their own, with
    /// their own cookies, storage and cache, and other agents do not see them; `shared`: one
    /// context for every agent.
    #[cfg_attr(
        feature = "cli",
        arg(long, value_name = "MODE", default_value = "agent")
    )]
    pub isolation: IsolationArg,
    /// The Chromium executable (default: the first known one installed).
    #[cfg_attr(feature = "cli", arg(long, value_name = "PATH"))]
    pub chromium: Option<PathBuf>,
    /// Show the browser window instead of running headless.
    #[cfg_attr(feature = "cli", arg(long))]
    pub headful: bool,
    /// Attach to a running browser's DevTools endpoint instead of launching one: `ws://` or
    /// `wss://` (a pool's `wss://host?token=...`), or `http(s)://host:port`. The query is kept
    /// out of every log.
    #[cfg_attr(feature = "cli", arg(long, value_name = "URL"))]
    pub attach: Option<String>,
    /// A PEM file of certificates to trust for a `wss://` or `https://` attach URL, besides
    /// the system's roots (a private CA).
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE", requires = "attach"))]
    pub attach_ca: Option<PathBuf>,
    /// A header every handshake with the attach URL carries, `'Name: value'` (a pool's
    /// `Authorization`); repeatable. Values are kept out of every log.
    #[cfg_attr(
        feature = "cli",
        arg(long = "attach-header", value_name = "HEADER", requires = "attach")
    )]
    pub attach_headers: Vec<String>,
    /// Refuse to load private, loopback and link-local addresses in the browser. A name is
    /// judged by its most private address, `localhost` and `*.localhost` are loopback, and a
    /// name that does not resolve is refused.
    #[cfg_attr(feature = "cli", arg(long))]
    pub block_private: bool,
    /// Only this host (and its subdomains) may load in the browser; repeatable, `*` allows
    /// every host. Without any, every host may load (as `[browser] allow_hosts`).
    #[cfg_attr(feature = "cli", arg(long = "allow-host", value_name = "HOST"))]
    pub allow_hosts: Vec<String>,
    /// This host (and its subdomains) never loads in the browser, whatever the allow list
    /// says; repeatable (as `[browser] block_hosts`).
    #[cfg_attr(feature = "cli", arg(long = "block-host", value_name = "HOST"))]
    pub block_hosts: Vec<String>,
    /// A host (and its subdomains) whose requests with unsafe methods (POST, PUT, DELETE, ...)
    /// go out without a person's approval; repeatable. Every other side effect a page sends
    /// needs the sideEffecting verb and an approval.
    #[cfg_attr(
        feature = "cli",
        arg(long = "unsafe-request-host", value_name = "HOST")
    )]
    pub unsafe_request_hosts: Vec<String>,
    /// The only folder `upload_file` takes files from (nothing can be uploaded without one).
    #[cfg_attr(feature = "cli", arg(long, value_name = "DIR"))]
    pub upload_dir: Option<PathBuf>,
    /// Where downloads go (default `~/.aartiq/downloads`).
    #[cfg_attr(feature = "cli", arg(long, value_name = "DIR"))]
    pub download_dir: Option<PathBuf>,
    /// Where `save_pdf` writes (default `~/.aartiq/output`).
    #[cfg_attr(feature = "cli", arg(long, value_name = "DIR"))]
    pub output_dir: Option<PathBuf>,
}

/// `--isolation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum IsolationArg {
    /// A browsing context per agent.
    #[default]
    Agent,
    /// One browsing context for all.
    Shared,
}

/// The browser in use, closed at shutdown.
pub struct OpenBrowser {
    browser: Arc<dyn Browser>,
    managed: Option<Arc<ManagedBrowser>>,
}

impl OpenBrowser {
    /// The browser the tools drive (one that fails every call when none could start).
    pub fn browser(&self) -> Arc<dyn Browser> {
        self.browser.clone()
    }

    /// The managed browser, when there is one (for its process id and health).
    pub fn managed(&self) -> Option<&Arc<ManagedBrowser>> {
        self.managed.as_ref()
    }

    /// Closes a browser we launched (the process is killed and reaped, its profile deleted).
    pub async fn close(self) {
        drop(self.browser);
        if let Some(managed) = self.managed {
            managed.close().await;
        }
    }
}

fn unavailable(reason: String) -> OpenBrowser {
    OpenBrowser {
        browser: Arc::new(UnavailableBrowser::new(reason)),
        managed: None,
    }
}

/// The origin policy and network rule `args` ask for.
fn config(args: &BrowserArgs) -> BrowserConfig {
    BrowserConfig {
        policy: OriginPolicy {
            allow_hosts: args.allow_hosts.clone(),
            block_hosts: args.block_hosts.clone(),
            block_private: args.block_private,
        },
        unsafe_request_hosts: args.unsafe_request_hosts.clone(),
        upload_dir: args.upload_dir.clone(),
        download_dir: args.download_dir.clone().or_else(|| {
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".aartiq/downloads"))
        }),
        output_dir: args.output_dir.clone().or_else(|| {
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".aartiq/output"))
        }),
        download_cap: None,
        // An agent answers a page's confirm or prompt with handle_dialog.
        dialog_wait: Some(aartiq_cdp::DEFAULT_DIALOG_WAIT),
        isolation: match args.isolation {
            IsolationArg::Agent => Isolation::Agent,
            IsolationArg::Shared => Isolation::Shared,
        },
    }
}

/// The headers and extra trusted certificates of `--attach-header` and `--attach-ca`.
///
/// # Errors
/// A header that is not `Name: value`, or a CA file that cannot be read or holds no
/// certificate.
pub fn attach_options(args: &BrowserArgs) -> Result<AttachOptions, aartiq_cdp::CdpError> {
    AttachOptions::from_settings(&args.attach_headers, args.attach_ca.as_deref())
}

/// Opens the browser `args` ask for: ready to start on the first browser call, or started now
/// with `--eager-browser`. Never fails: a browser that cannot start is logged, and its calls
/// fail with the start error until one can.
pub async fn open(args: &BrowserArgs) -> OpenBrowser {
    if args.no_browser {
        return unavailable("this server was started with --no-browser".to_owned());
    }
    let source = match &args.attach {
        Some(url) => match attach_options(args) {
            Ok(options) => BrowserSource::Attach {
                url: url.clone(),
                options,
            },
            Err(e) => {
                tracing::error!(error = %e, "the attach settings are unusable; browser calls fail");
                return unavailable(e.to_string());
            }
        },
        None => BrowserSource::Launch(LaunchOptions {
            executable: args.chromium.clone(),
            headless: !args.headful,
            ..LaunchOptions::default()
        }),
    };
    let managed = ManagedBrowser::new(source, config(args));
    if args.eager_browser {
        match managed.start().await {
            Ok(()) => tracing::info!(pid = ?managed.pid(), "browser started with the server"),
            Err(e) => {
                tracing::error!(error = %e, "the browser could not start; browser calls will try again");
            }
        }
    }
    OpenBrowser {
        browser: managed.clone(),
        managed: Some(managed),
    }
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    #![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

    use clap::Parser;

    use super::*;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        browser: BrowserArgs,
    }

    #[test]
    fn host_flags_repeat_and_fence_the_browser() {
        let cli = Cli::try_parse_from([
            "server",
            "--block-private",
            "--block-host",
            "ads.example.com",
            "--block-host",
            "tracker.test",
            "--allow-host",
            "example.com",
        ])
        .unwrap();
        let policy = config(&cli.browser).policy;
        assert_eq!(
            policy,
            OriginPolicy {
                allow_hosts: vec!["example.com".into()],
                block_hosts: vec!["ads.example.com".into(), "tracker.test".into()],
                block_private: true,
            }
        );
        let open = config(&Cli::try_parse_from(["server"]).unwrap().browser).policy;
        assert_eq!(open, OriginPolicy::default(), "no flags: nothing fenced");
    }

    #[test]
    fn attach_headers_repeat_and_bad_ones_are_refused_at_start() {
        let ca = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../aartiq-test-support/data/tls/ca.pem"
        );
        let cli = Cli::try_parse_from([
            "server",
            "--attach",
            "wss://pool.example/chromium?token=t",
            "--attach-header",
            "Authorization: Bearer s3cret",
            "--attach-header",
            "X-Pool-Region: eu",
            "--attach-ca",
            ca,
        ])
        .unwrap();
        let options = attach_options(&cli.browser).unwrap();
        assert_eq!(
            options.header_names().collect::<Vec<_>>(),
            ["authorization", "x-pool-region"]
        );
        assert!(!format!("{options:?}").contains("s3cret"));
        // The header flags mean nothing without --attach.
        assert!(Cli::try_parse_from(["server", "--attach-header", "A: b"]).is_err());
        let bad = Cli::try_parse_from([
            "server",
            "--attach",
            "wss://pool.example/",
            "--attach-header",
            "no colon here",
        ])
        .unwrap();
        assert!(attach_options(&bad.browser).is_err());
        let missing = Cli::try_parse_from([
            "server",
            "--attach",
            "wss://pool.example/",
            "--attach-ca",
            "/nonexistent/ca.pem",
        ])
        .unwrap();
        let error = attach_options(&missing.browser).unwrap_err();
        assert!(error.to_string().contains("/nonexistent/ca.pem"), "{error}");
    }
}
