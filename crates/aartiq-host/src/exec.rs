//! The bounded runner: the one place this crate starts programs.
//!
//! Fixed host programs only (`tesseract`, `pactl`, `xdg-open`, ...), given as an argument
//! vector - never a shell line. The program is looked up on the search path (a missing one is
//! [`HostError::NotInstalled`]), runs with a scrubbed environment (the allowlisted variables
//! whose names do not look like secrets, the same rule as the runtime's shell runner), in its
//! own process group that a timeout kills whole, and with a cap on the output kept.

use std::ffi::{OsStr, OsString};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};

use crate::HostError;

/// Name fragments of environment variables that hold secrets: such variables are never passed
/// on, even when allowlisted (the rule of `aartiq-runtime`'s `process.rs`).
const SECRET_MARKERS: [&str; 10] = [
    "KEY",
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "CREDENTIAL",
    "AUTH",
    "COOKIE",
    "SESSION",
    "PRIVATE",
];

/// How much of a failed program's standard error an error keeps.
const STDERR_EXCERPT: usize = 1000;

/// Whether a variable name looks like it holds a secret.
#[must_use]
pub fn is_secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_MARKERS.iter().any(|m| upper.contains(m))
}

/// The allowlisted variables of `from` whose names do not look like secrets.
pub fn scrubbed_env(
    allowlist: &[String],
    from: impl Iterator<Item = (String, String)>,
) -> Vec<(String, String)> {
    from.filter(|(name, _)| allowlist.iter().any(|a| a == name) && !is_secret_name(name))
        .collect()
}

/// How programs are run. Build with `ExecConfig::default()` and the `with_*` methods.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecConfig {
    /// The longest a program may run before its process group is killed.
    pub timeout: Duration,
    /// At most this many bytes of each of standard output and standard error are kept.
    pub output_cap: usize,
    /// The environment variables passed on (secret-looking names are dropped even when listed).
    /// The default adds what desktop programs need to reach the session (display, runtime
    /// directory, XDG folders) to the shell runner's list.
    pub env_allowlist: Vec<String>,
    /// The search path for programs, also given to them as `PATH`; `None` is this process's
    /// `PATH`.
    pub search_path: Option<OsString>,
    /// How long a detached program is watched for an early failure before it is left running.
    pub detach_grace: Duration,
}

impl Default for ExecConfig {
    fn default() -> ExecConfig {
        ExecConfig {
            timeout: Duration::from_secs(30),
            output_cap: 4 * 1024 * 1024,
            env_allowlist: [
                "PATH",
                "HOME",
                "LANG",
                "LC_ALL",
                "LC_CTYPE",
                "TERM",
                "USER",
                "LOGNAME",
                "SHELL",
                "TMPDIR",
                "TZ",
                "DISPLAY",
                "WAYLAND_DISPLAY",
                "XDG_RUNTIME_DIR",
                "XDG_DATA_HOME",
                "XDG_DATA_DIRS",
                "XDG_CONFIG_HOME",
                "XDG_CONFIG_DIRS",
                "XDG_CURRENT_DESKTOP",
                "PULSE_SERVER",
                "TESSDATA_PREFIX",
            ]
            .into_iter()
            .map(str::to_owned)
            .collect(),
            search_path: None,
            detach_grace: Duration::from_millis(500),
        }
    }
}

impl ExecConfig {
    /// With another timeout.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> ExecConfig {
        self.timeout = timeout;
        self
    }

    /// With another output cap.
    #[must_use]
    pub fn with_output_cap(mut self, cap: usize) -> ExecConfig {
        self.output_cap = cap;
        self
    }

    /// With another search path (a `PATH`-style list of folders).
    #[must_use]
    pub fn with_search_path(mut self, path: impl Into<OsString>) -> ExecConfig {
        self.search_path = Some(path.into());
        self
    }

    /// With another environment allowlist.
    #[must_use]
    pub fn with_env_allowlist(mut self, names: &[&str]) -> ExecConfig {
        self.env_allowlist = names.iter().map(|n| (*n).to_owned()).collect();
        self
    }

    /// With another grace period for detached programs.
    #[must_use]
    pub fn with_detach_grace(mut self, grace: Duration) -> ExecConfig {
        self.detach_grace = grace;
        self
    }

    fn path_value(&self) -> Option<OsString> {
        self.search_path
            .clone()
            .or_else(|| std::env::var_os("PATH"))
    }

    /// Finds `program` on the search path; a name with a `/` is taken as a path.
    #[must_use]
    pub fn find(&self, program: &str) -> Option<PathBuf> {
        find_program(program, self.path_value().as_deref())
    }

    /// The environment a program gets.
    fn environment(&self) -> Vec<(String, String)> {
        let mut env = scrubbed_env(&self.env_allowlist, std::env::vars());
        if let Some(path) = self.search_path.as_ref().and_then(|p| p.to_str()) {
            env.retain(|(name, _)| name != "PATH");
            env.push(("PATH".to_owned(), path.to_owned()));
        }
        env
    }
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// Finds `program` in the folders of `search_path` (a `PATH`-style list); a name containing a
/// `/` is checked as it is. Only executable files count.
#[must_use]
pub fn find_program(program: &str, search_path: Option<&OsStr>) -> Option<PathBuf> {
    if program.is_empty() {
        return None;
    }
    if program.contains('/') {
        let path = PathBuf::from(program);
        return is_executable(&path).then_some(path);
    }
    std::env::split_paths(search_path?)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

/// What a successful program printed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExecOutput {
    /// Standard output, at most the cap.
    pub stdout: Vec<u8>,
    /// Standard error, lossily decoded, at most the cap.
    pub stderr: String,
    /// Bytes dropped past the cap (both streams).
    pub dropped_bytes: u64,
}

/// A program started by [`spawn_detached`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detached {
    /// Its process id when it started.
    pub pid: Option<u32>,
    /// Whether it already exited (successfully) within the grace period.
    pub exited: bool,
}

/// What [`drain`] kept of a stream, and how much it dropped past the cap.
#[derive(Debug, Default)]
pub struct Captured {
    /// The first bytes, at most the cap.
    pub kept: Vec<u8>,
    /// Bytes read past the cap and dropped.
    pub dropped: u64,
}

/// Locks a [`Captured`], even after a panic elsewhere (the bytes are still good).
pub fn lock(m: &Mutex<Captured>) -> std::sync::MutexGuard<'_, Captured> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reads a child's stream to its end (or an error), keeping at most `cap` bytes in `into`;
/// shared with the runtime's shell runner so both bound output the same way.
pub async fn drain(mut stream: impl AsyncRead + Unpin, cap: usize, into: Arc<Mutex<Captured>>) {
    let mut buf = [0u8; 8192];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let mut captured = lock(&into);
                let room = cap.saturating_sub(captured.kept.len());
                let keep = room.min(n);
                captured.kept.extend_from_slice(&buf[..keep]);
                captured.dropped += (n - keep) as u64;
            }
        }
    }
}

/// The start of a program's standard error, trimmed, at most [`STDERR_EXCERPT`] characters.
pub(crate) fn stderr_excerpt(stderr: &str) -> String {
    stderr.trim().chars().take(STDERR_EXCERPT).collect()
}

fn command(
    config: &ExecConfig,
    program: &str,
    args: &[&OsStr],
) -> Result<tokio::process::Command, HostError> {
    let path = config
        .find(program)
        .ok_or_else(|| HostError::NotInstalled {
            program: program.to_owned(),
        })?;
    #[expect(
        clippy::disallowed_methods,
        reason = "this crate's one runner: the program was found on the configured path"
    )]
    let mut command = tokio::process::Command::new(path);
    command.args(args).env_clear().envs(config.environment());
    #[cfg(unix)]
    command.process_group(0);
    Ok(command)
}

/// Runs `program` with `args`, feeding `input` on standard input, and waits for it.
///
/// # Errors
/// [`HostError::NotInstalled`] when it is not on the search path, [`HostError::Spawn`] when it
/// cannot start, [`HostError::TimedOut`] when it outlives the timeout (its process group is
/// killed), [`HostError::Failed`] with an excerpt of its standard error when it exits
/// unsuccessfully.
pub async fn run(
    config: &ExecConfig,
    program: &str,
    args: &[&OsStr],
    input: Option<&[u8]>,
) -> Result<ExecOutput, HostError> {
    let mut command = command(config, program, args)?;
    command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = command.spawn().map_err(|e| HostError::Spawn {
        program: program.to_owned(),
        message: e.to_string(),
    })?;
    let mut tasks = Vec::new();
    if let (Some(mut stdin), Some(input)) = (child.stdin.take(), input) {
        let input = input.to_vec();
        // A program that stops reading early closes the pipe: that is its business.
        tasks.push(tokio::spawn(async move {
            let _ = stdin.write_all(&input).await;
            let _ = stdin.shutdown().await;
        }));
    }
    let out = Arc::new(Mutex::new(Captured::default()));
    let err = Arc::new(Mutex::new(Captured::default()));
    if let Some(stdout) = child.stdout.take() {
        tasks.push(tokio::spawn(drain(stdout, config.output_cap, out.clone())));
    }
    if let Some(stderr) = child.stderr.take() {
        tasks.push(tokio::spawn(drain(stderr, config.output_cap, err.clone())));
    }
    let status = match tokio::time::timeout(config.timeout, child.wait()).await {
        Ok(Ok(status)) => status,
        Ok(Err(e)) => {
            return Err(HostError::Spawn {
                program: program.to_owned(),
                message: format!("waiting for it failed: {e}"),
            });
        }
        Err(_) => {
            kill_group(&mut child).await;
            for task in tasks {
                task.abort();
            }
            return Err(HostError::TimedOut {
                program: program.to_owned(),
                after: config.timeout,
            });
        }
    };
    // Children that outlive the program may hold the pipes open: give the readers a moment.
    for task in tasks {
        let abort = task.abort_handle();
        if tokio::time::timeout(Duration::from_millis(500), task)
            .await
            .is_err()
        {
            abort.abort();
        }
    }
    let (out, err) = (lock(&out), lock(&err));
    let stderr = String::from_utf8_lossy(&err.kept).into_owned();
    if !status.success() {
        return Err(HostError::Failed {
            program: program.to_owned(),
            code: status.code(),
            stderr: stderr_excerpt(&stderr),
        });
    }
    Ok(ExecOutput {
        stdout: out.kept.clone(),
        stderr,
        dropped_bytes: out.dropped + err.dropped,
    })
}

/// Starts `program` with `args` and leaves it running (an application): standard input and
/// output go nowhere, it leads its own process group (so a terminal's Ctrl-C does not reach
/// it), and it is watched for [`ExecConfig::detach_grace`] so an immediate failure is reported.
///
/// # Errors
/// [`HostError::NotInstalled`], [`HostError::Spawn`], or [`HostError::Failed`] when it exits
/// unsuccessfully within the grace period (with its standard error).
pub async fn spawn_detached(
    config: &ExecConfig,
    program: &str,
    args: &[&OsStr],
) -> Result<Detached, HostError> {
    let mut command = command(config, program, args)?;
    let spawn_error = |e: std::io::Error| HostError::Spawn {
        program: program.to_owned(),
        message: e.to_string(),
    };
    // Standard error goes to an unlinked file: read back on an early failure, and no pipe that
    // would break the program once we stop reading.
    let mut log = tempfile::tempfile().map_err(spawn_error)?;
    let log_for_child = log.try_clone().map_err(spawn_error)?;
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log_for_child))
        .kill_on_drop(false);
    let mut child = command.spawn().map_err(spawn_error)?;
    let pid = child.id();
    match tokio::time::timeout(config.detach_grace, child.wait()).await {
        Ok(Ok(status)) if status.success() => Ok(Detached { pid, exited: true }),
        Ok(Ok(status)) => {
            let mut stderr = Vec::new();
            let _ = log.seek(SeekFrom::Start(0));
            let _ = log.take(config.output_cap as u64).read_to_end(&mut stderr);
            Err(HostError::Failed {
                program: program.to_owned(),
                code: status.code(),
                stderr: stderr_excerpt(&String::from_utf8_lossy(&stderr)),
            })
        }
        Ok(Err(e)) => Err(spawn_error(e)),
        // Still running: it is the person's application now. Dropping the handle leaves it
        // running; tokio reaps it when it exits.
        Err(_) => Ok(Detached { pid, exited: false }),
    }
}

/// Kills the program and its whole process group (it leads one: `process_group(0)`), with
/// `/usr/bin/kill` or `/bin/kill` and an empty environment; shared with the runtime's shell
/// runner.
pub async fn kill_group(child: &mut tokio::process::Child) {
    #[cfg(unix)]
    if let Some(pid) = child.id()
        && let Some(kill) = find_program("kill", Some(OsStr::new("/usr/bin:/bin")))
    {
        #[expect(
            clippy::disallowed_methods,
            reason = "the runner stops what it started, with the system's kill"
        )]
        let _ = tokio::process::Command::new(kill)
            .arg("-KILL")
            .arg("--")
            .arg(format!("-{pid}"))
            .env_clear()
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .await;
    }
    let _ = child.start_kill();
    let _ = child.wait().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_never_passed_on_even_when_allowlisted() {
        let allow: Vec<String> = ["PATH", "OPENAI_API_KEY", "XAUTHORITY", "DISPLAY"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        let env = vec![
            ("PATH".to_owned(), "/usr/bin".to_owned()),
            ("OPENAI_API_KEY".to_owned(), "sk-1".to_owned()),
            ("XAUTHORITY".to_owned(), "/x".to_owned()),
            ("DISPLAY".to_owned(), ":0".to_owned()),
            ("UNLISTED".to_owned(), "x".to_owned()),
        ];
        assert_eq!(
            scrubbed_env(&allow, env.into_iter()),
            vec![
                ("PATH".to_owned(), "/usr/bin".to_owned()),
                ("DISPLAY".to_owned(), ":0".to_owned())
            ]
        );
    }
}
