//! Launching Chromium hardened, with the DevTools protocol on a private pipe (fds 3 and 4), so no
//! TCP debugging port exists for another local process to use.

use std::collections::VecDeque;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use command_fds::{CommandFdExt, FdMapping};
use serde::Deserialize;
use serde_json::json;

use crate::{CdpError, Connection, Page};

/// Where Debian, Ubuntu and Google put Chromium, tried in order when no executable is given.
pub const KNOWN_EXECUTABLES: &[&str] = &[
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
];

/// Which profile the browser runs with.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Profile {
    /// A fresh temporary profile, deleted when the browser is dropped.
    #[default]
    Temporary,
    /// A named persistent profile directory (logins survive).
    Persistent(PathBuf),
}

/// How to launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchOptions {
    /// The browser executable; the first of [`KNOWN_EXECUTABLES`] that exists when `None`.
    pub executable: Option<PathBuf>,
    /// Headless unless a display is wanted.
    pub headless: bool,
    /// The profile.
    pub profile: Profile,
    /// More command-line switches.
    pub extra_args: Vec<String>,
    /// How long a protocol call may take.
    pub call_timeout: Duration,
    /// How long the browser may take to answer its first call.
    pub launch_timeout: Duration,
}

impl Default for LaunchOptions {
    fn default() -> LaunchOptions {
        LaunchOptions {
            executable: None,
            headless: true,
            profile: Profile::Temporary,
            extra_args: Vec::new(),
            call_timeout: Duration::from_secs(30),
            launch_timeout: Duration::from_secs(30),
        }
    }
}

/// The browser's `Browser.getVersion`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrowserVersion {
    /// `HeadlessChrome/156...` or `Chrome/156...`.
    pub product: String,
    /// The DevTools protocol version.
    pub protocol_version: String,
    /// The user agent.
    pub user_agent: String,
}

/// A running Chromium, killed and reaped when dropped.
#[derive(Debug)]
pub struct Chromium {
    child: tokio::process::Child,
    connection: Connection,
    version: BrowserVersion,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    // Removed in our Drop, after the process is gone.
    profile_dir: Option<tempfile::TempDir>,
}

/// The lines of stderr kept for error messages.
const STDERR_LINES: usize = 40;

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

fn find_executable(given: Option<&Path>) -> Result<PathBuf, CdpError> {
    if let Some(path) = given {
        return if path.is_file() {
            Ok(path.to_path_buf())
        } else {
            Err(CdpError::BrowserNotFound {
                tried: vec![path.to_path_buf()],
            })
        };
    }
    KNOWN_EXECUTABLES
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .ok_or_else(|| CdpError::BrowserNotFound {
            tried: KNOWN_EXECUTABLES.iter().map(PathBuf::from).collect(),
        })
}

/// The file in a temporary profile naming the process that owns it.
const OWNER_FILE: &str = ".aartiq-owner";

/// `pid` and its start time (in clock ticks since boot), which together name one process even
/// when pids are reused; `None` when the process does not exist (or off Linux).
fn process_stamp(pid: u32) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces and parentheses: fields resume after the last
    // `)`, at field 3; the start time is field 22.
    let rest = &stat[stat.rfind(')')? + 1..];
    let start = rest.split_whitespace().nth(19)?;
    Some(format!("{pid} {start}"))
}

/// Deletes temporary profiles whose owner no longer runs. A process killed outright (SIGKILL,
/// a test harness timing out) never runs `Drop`, and Chromium's profile (tens of megabytes)
/// would otherwise stay in the temp directory for good. Profiles without an owner stamp, or
/// whose owner still runs, are left alone.
fn sweep_orphaned_profiles(temp: &Path) {
    let Ok(entries) = std::fs::read_dir(temp) else {
        return;
    };
    for entry in entries.flatten() {
        if !entry
            .file_name()
            .to_string_lossy()
            .starts_with("aartiq-profile-")
        {
            continue;
        }
        let dir = entry.path();
        let Ok(owner) = std::fs::read_to_string(dir.join(OWNER_FILE)) else {
            continue;
        };
        let Some(pid) = owner
            .split_whitespace()
            .next()
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if process_stamp(pid).as_deref() != Some(owner.trim()) {
            tracing::debug!(dir = %dir.display(), "deleting the profile of a browser whose owner is gone");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Removes the lock a crashed Chromium left in a persistent profile: a `SingletonLock` whose
/// process (`host-pid`) no longer runs on this machine. A lock of a live browser stays.
fn clear_stale_lock(dir: &Path) {
    let lock = dir.join("SingletonLock");
    let Ok(target) = std::fs::read_link(&lock) else {
        return;
    };
    let target = target.to_string_lossy().into_owned();
    let Some((host, pid)) = target.rsplit_once('-') else {
        return;
    };
    let here = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let alive = pid
        .parse::<u32>()
        .is_ok_and(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists());
    if host == here.trim() && !alive {
        for name in ["SingletonLock", "SingletonSocket", "SingletonCookie"] {
            let _ = std::fs::remove_file(dir.join(name));
        }
        tracing::info!(profile = %dir.display(), "removed the lock a crashed browser left");
    }
}

impl Chromium {
    /// Launches Chromium and waits until it answers over the pipe.
    ///
    /// # Errors
    /// [`CdpError::BrowserNotFound`] when no executable exists, [`CdpError::Launch`] when it
    /// cannot start or does not answer in time (with the tail of its stderr).
    pub async fn launch(options: LaunchOptions) -> Result<Chromium, CdpError> {
        let executable = find_executable(options.executable.as_deref())?;
        let (profile_dir, profile_path) = match &options.profile {
            Profile::Temporary => {
                sweep_orphaned_profiles(&std::env::temp_dir());
                let dir = tempfile::Builder::new()
                    .prefix("aartiq-profile-")
                    .tempdir()
                    .map_err(|e| CdpError::Launch {
                        message: format!("cannot create a profile directory: {e}"),
                        stderr: String::new(),
                    })?;
                let path = dir.path().to_path_buf();
                if let Some(stamp) = process_stamp(std::process::id()) {
                    // Best effort: without the stamp the directory is only never swept.
                    let _ = std::fs::write(path.join(OWNER_FILE), stamp);
                }
                (Some(dir), path)
            }
            Profile::Persistent(path) => {
                clear_stale_lock(path);
                (None, path.clone())
            }
        };

        let mut args = vec![
            "--remote-debugging-pipe".to_owned(),
            format!("--user-data-dir={}", profile_path.display()),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            "--no-first-run".to_owned(),
            "--no-default-browser-check".to_owned(),
            "--disable-quic".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
        ];
        if options.headless {
            args.push("--headless".to_owned());
        }
        // Chromium's sandbox cannot run as root; anywhere else it stays on.
        if is_root() {
            args.push("--no-sandbox".to_owned());
        }
        args.extend(options.extra_args.iter().cloned());
        args.push("about:blank".to_owned());

        let launch_error = |message: String| CdpError::Launch {
            message,
            stderr: String::new(),
        };
        let (browser_reads, we_write) =
            std::io::pipe().map_err(|e| launch_error(format!("cannot create a pipe: {e}")))?;
        let (we_read, browser_writes) =
            std::io::pipe().map_err(|e| launch_error(format!("cannot create a pipe: {e}")))?;

        // The one place this crate starts a process: the browser itself.
        #[expect(
            clippy::disallowed_methods,
            reason = "launching the browser is this crate's job"
        )]
        let mut command = tokio::process::Command::new(&executable);
        command
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            // Its own process group: the browser and every helper it starts end together.
            .process_group(0)
            .kill_on_drop(true);
        command
            .fd_mappings(vec![
                FdMapping {
                    parent_fd: browser_reads.into(),
                    child_fd: 3,
                },
                FdMapping {
                    parent_fd: browser_writes.into(),
                    child_fd: 4,
                },
            ])
            .map_err(|e| launch_error(format!("cannot hand the pipe to the browser: {e}")))?;
        let mut child = command
            .spawn()
            .map_err(|e| launch_error(format!("cannot start {}: {e}", executable.display())))?;
        // Our copies of the browser's ends were moved into the command and are closed with it.
        drop(command);

        let stderr_tail: Arc<Mutex<VecDeque<String>>> = Arc::default();
        if let Some(stderr) = child.stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            tokio::spawn(async move {
                use tokio::io::AsyncBufReadExt;
                let mut lines = tokio::io::BufReader::new(stderr).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Ok(mut tail) = tail.lock() {
                        if tail.len() == STDERR_LINES {
                            tail.pop_front();
                        }
                        tail.push_back(line);
                    }
                }
            });
        }

        let connection = Connection::start(we_write, we_read, options.call_timeout);
        let tail_text = |tail: &Arc<Mutex<VecDeque<String>>>| {
            tail.lock()
                .map(|t| t.iter().cloned().collect::<Vec<_>>().join("\n"))
                .unwrap_or_default()
        };
        let version = match connection
            .call_with_timeout(
                "Browser.getVersion",
                json!({}),
                None,
                options.launch_timeout,
            )
            .await
        {
            Ok(value) => serde_json::from_value::<BrowserVersion>(value)
                .map_err(|e| CdpError::Decode(e.to_string()))?,
            Err(error) => {
                let _ = child.start_kill();
                // Give the stderr reader a moment to collect the browser's last words.
                tokio::time::sleep(Duration::from_millis(100)).await;
                return Err(CdpError::Launch {
                    message: format!(
                        "{} did not answer over the DevTools pipe: {error}",
                        executable.display()
                    ),
                    stderr: tail_text(&stderr_tail),
                });
            }
        };
        Ok(Chromium {
            child,
            connection,
            version,
            stderr_tail,
            profile_dir,
        })
    }

    /// The connection to the browser target.
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// What the browser said about itself at launch.
    pub fn version(&self) -> &BrowserVersion {
        &self.version
    }

    /// The last lines the browser wrote to stderr.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr_tail
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// How the process ended, once it has (not waiting for it).
    pub fn exit_status(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Whether the process has ended or is ending: reaped, or a zombie whose threads are
    /// still going (a killed browser is that for a moment before it can be reaped).
    pub fn has_exited(&mut self) -> bool {
        if self.exit_status().is_some() {
            return true;
        }
        let Some(pid) = self.child.id() else {
            return true;
        };
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Ok(stat) => stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .is_some_and(|state| matches!(state, "Z" | "X" | "x")),
            Err(_) => true,
        }
    }

    /// The browser's process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Opens a new tab at `url` and attaches a flattened session to it.
    ///
    /// # Errors
    /// Protocol errors and timeouts.
    pub async fn new_page(&self, url: &str) -> Result<Page, CdpError> {
        Page::create(self.connection.clone(), url).await
    }

    /// Closes the browser gracefully (`Browser.close`), then makes sure the process is gone.
    ///
    /// # Errors
    /// Only when the process cannot be reaped.
    pub async fn close(mut self) -> Result<(), CdpError> {
        let _ = self
            .connection
            .call_with_timeout("Browser.close", json!({}), None, Duration::from_secs(5))
            .await;
        match tokio::time::timeout(Duration::from_secs(5), self.child.wait()).await {
            Ok(Ok(_)) => Ok(()),
            _ => {
                let _ = self.child.start_kill();
                self.child
                    .wait()
                    .await
                    .map(|_| ())
                    .map_err(|e| CdpError::Transport(e.to_string()))
            }
        }
    }
}

impl Drop for Chromium {
    /// Kills the browser, waits briefly for it to exit (so it stops writing into its profile),
    /// then deletes a temporary profile, retrying while the last helper processes let go.
    fn drop(&mut self) {
        // The whole group, so no renderer or utility process outlives the browser.
        if let Some(pid) = self.child.id().and_then(|p| i32::try_from(p).ok()) {
            let _ = nix::sys::signal::killpg(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        let _ = self.child.start_kill();
        let deadline = std::time::Instant::now() + Duration::from_secs(3);
        while std::time::Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
        if let Some(dir) = self.profile_dir.take() {
            let path = dir.path().to_path_buf();
            for _ in 0..50 {
                match std::fs::remove_dir_all(&path) {
                    Ok(()) => break,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => break,
                    Err(_) => std::thread::sleep(Duration::from_millis(20)),
                }
            }
            // Whatever is left (nothing, normally) goes with the TempDir.
            drop(dir);
        }
    }
}

#[cfg(test)]
mod sweep_tests {
    #![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

    use super::{OWNER_FILE, clear_stale_lock, process_stamp, sweep_orphaned_profiles};

    #[test]
    fn a_crashed_browsers_profile_lock_goes_and_a_live_ones_stays() {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let lock = dir.path().join("SingletonLock");
        std::os::unix::fs::symlink(format!("{}-4000000", host.trim()), &lock).unwrap();
        std::fs::write(dir.path().join("SingletonCookie"), b"x").unwrap();
        clear_stale_lock(dir.path());
        assert!(
            std::fs::symlink_metadata(&lock).is_err(),
            "a dead owner's lock is removed"
        );
        assert!(!dir.path().join("SingletonCookie").exists());
        let mine = format!("{}-{}", host.trim(), std::process::id());
        std::os::unix::fs::symlink(&mine, &lock).unwrap();
        clear_stale_lock(dir.path());
        assert!(
            std::fs::symlink_metadata(&lock).is_ok(),
            "a live owner's lock stays"
        );
    }

    #[test]
    fn only_profiles_whose_owner_is_gone_are_swept() {
        let root = tempfile::tempdir().unwrap();
        let make = |name: &str, owner: Option<String>| {
            let dir = root.path().join(name);
            std::fs::create_dir_all(dir.join("Default")).unwrap();
            if let Some(owner) = owner {
                std::fs::write(dir.join(OWNER_FILE), owner).unwrap();
            }
            dir
        };
        // A process that has exited: its pid no longer names it.
        #[expect(
            clippy::disallowed_methods,
            reason = "the test needs a process that has exited"
        )]
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        let dead_stamp = process_stamp(dead);
        child.wait().unwrap();
        let orphan = make(
            "aartiq-profile-orphan",
            Some(dead_stamp.unwrap_or_else(|| format!("{dead} 1"))),
        );
        // Same pid as a live process, but another start time: a reused pid.
        let me = std::process::id();
        let reused = make("aartiq-profile-reused", Some(format!("{me} 0")));
        let live = make("aartiq-profile-live", process_stamp(me));
        let unstamped = make("aartiq-profile-unstamped", None);
        let other = make("someone-else-orphan", Some(format!("{dead} 1")));

        sweep_orphaned_profiles(root.path());

        assert!(!orphan.exists());
        assert!(!reused.exists());
        assert!(live.exists());
        assert!(unstamped.exists());
        assert!(other.exists());
    }
}
