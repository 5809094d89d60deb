//! The plugin's process: spawned in its own process group with a scrubbed environment, its
//! stderr kept as a bounded tail, signalled as a group, killed if dropped, always reaped.
//!
//! The leader is reaped only after its group was sent `SIGKILL`: until it is reaped its id
//! cannot be reused, so the group signal can only reach what the plugin started. This is why
//! exits are observed with `waitid(WNOWAIT)` first.

use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
use nix::unistd::Pid;
use tokio::io::AsyncReadExt;
use tokio::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command};
use tokio::task::JoinHandle;

use crate::config::{INHERITED_ENV, PluginConfig};

/// How much of a plugin's stderr is kept.
const STDERR_TAIL: usize = 4096;

/// How much of that tail goes into an error message.
const STDERR_EXCERPT: usize = 1000;

/// A spawned plugin process with its pipes.
pub(crate) struct Process {
    child: Child,
    group: GroupGuard,
    stderr: StderrTail,
    stderr_task: Option<JoinHandle<()>>,
    exit: Option<ExitStatus>,
}

/// The streams the MCP transport runs on.
pub(crate) type Pipes = (ChildStdout, ChildStdin);

impl Process {
    /// Starts `config.command`; the reason on failure is a sentence for the user.
    pub(crate) fn spawn(config: &PluginConfig) -> Result<(Process, Pipes), String> {
        if let Some(cwd) = &config.cwd
            && !cwd.is_dir()
        {
            return Err(format!(
                "the working directory {} does not exist",
                cwd.display()
            ));
        }
        #[expect(
            clippy::disallowed_methods,
            reason = "this crate's one runner: a plugin the user configured"
        )]
        let mut command = Command::new(&config.command);
        command
            .args(&config.args)
            .env_clear()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Its own group: signals reach the helpers it starts (npx -> node, uvx -> python).
            .process_group(0)
            // The last resort if everything above is dropped without a shutdown.
            .kill_on_drop(true);
        for key in INHERITED_ENV {
            if let Some(value) = std::env::var_os(key) {
                command.env(key, value);
            }
        }
        command.envs(&config.env);
        if let Some(cwd) = &config.cwd {
            command.current_dir(cwd);
        }
        let mut child = command.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!("command `{}` not found ({e})", config.command)
            }
            std::io::ErrorKind::PermissionDenied => {
                format!("command `{}` is not executable ({e})", config.command)
            }
            _ => format!("could not run `{}`: {e}", config.command),
        })?;
        let group = GroupGuard {
            pgid: child.id().and_then(|id| i32::try_from(id).ok()),
        };
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            // Unreachable with piped stdio; the guard and kill_on_drop clean up.
            return Err("the process has no stdio pipes".to_owned());
        };
        let tail = StderrTail::default();
        let stderr_task = tokio::spawn(read_stderr(stderr, tail.clone()));
        let process = Process {
            child,
            group,
            stderr: tail,
            stderr_task: Some(stderr_task),
            exit: None,
        };
        Ok((process, (stdout, stdin)))
    }

    /// The process id, while it has not been reaped.
    pub(crate) fn pid(&self) -> Option<u32> {
        if self.exit.is_some() {
            None
        } else {
            self.child.id()
        }
    }

    /// Whether the leader has exited, without reaping it.
    pub(crate) fn has_exited(&mut self) -> bool {
        if self.exit.is_some() {
            return true;
        }
        let Some(pgid) = self.group.pgid else {
            return true;
        };
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT | WaitPidFlag::WNOHANG;
        match waitid(Id::Pid(Pid::from_raw(pgid)), flags) {
            Ok(WaitStatus::StillAlive) => false,
            Ok(_) => true,
            Err(_) => {
                // Not our child any more (reaped elsewhere): its id is no longer ours to signal.
                self.group.pgid = None;
                true
            }
        }
    }

    /// Waits up to `limit` for the leader to exit, without reaping it.
    pub(crate) async fn wait_exited(&mut self, limit: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if self.has_exited() {
                return true;
            }
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The MCP stdio shutdown (its stdin is already closed by the caller): wait `grace`, then
    /// `SIGTERM` to the group, wait `grace`, then [`Process::finish`].
    pub(crate) async fn shutdown(&mut self, grace: Duration) -> Option<ExitStatus> {
        if !self.wait_exited(grace).await {
            self.group.signal(Signal::SIGTERM);
            self.wait_exited(grace).await;
        }
        self.finish().await
    }

    /// `SIGKILL` to the group (the leader, if it still runs, and whatever it left behind), then
    /// reap the leader. Returns how it ended.
    pub(crate) async fn finish(&mut self) -> Option<ExitStatus> {
        if self.exit.is_none() {
            self.group.signal(Signal::SIGKILL);
            // SIGKILL cannot be ignored; the bound only guards against a stuck kernel.
            if let Ok(Ok(status)) =
                tokio::time::timeout(Duration::from_secs(5), self.child.wait()).await
            {
                self.exit = Some(status);
                // Reaped: the id may be reused, so never signal that group again.
                self.group.pgid = None;
            }
        }
        self.exit
    }

    /// The end of its stderr, up to 1000 characters; waits up to `limit` for the pipe to be
    /// read to its end when the process has exited.
    pub(crate) async fn stderr_excerpt(&mut self, limit: Duration) -> String {
        if self.exit.is_some()
            && let Some(task) = self.stderr_task.as_mut()
            && tokio::time::timeout(limit, task).await.is_ok()
        {
            self.stderr_task = None;
        }
        self.stderr.excerpt()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(task) = self.stderr_task.take() {
            task.abort();
        }
        // `group` kills the whole group (synchronously) and `kill_on_drop` the leader; tokio
        // reaps the dropped child in the background.
    }
}

/// Kills the process group on drop while its leader is not reaped.
struct GroupGuard {
    pgid: Option<i32>,
}

impl GroupGuard {
    fn signal(&self, signal: Signal) {
        if let Some(pgid) = self.pgid {
            // ESRCH (the group is gone) is fine: nothing left to signal.
            let _ = killpg(Pid::from_raw(pgid), signal);
        }
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        self.signal(Signal::SIGKILL);
    }
}

/// The last [`STDERR_TAIL`] bytes a process wrote to stderr.
#[derive(Debug, Clone, Default)]
struct StderrTail(Arc<Mutex<Vec<u8>>>);

impl StderrTail {
    fn push(&self, bytes: &[u8]) {
        let mut buf = match self.0.lock() {
            Ok(buf) => buf,
            Err(poisoned) => poisoned.into_inner(),
        };
        buf.extend_from_slice(bytes);
        if buf.len() > STDERR_TAIL {
            let cut = buf.len() - STDERR_TAIL;
            buf.drain(..cut);
        }
    }

    fn excerpt(&self) -> String {
        let buf = match self.0.lock() {
            Ok(buf) => buf,
            Err(poisoned) => poisoned.into_inner(),
        };
        let text = String::from_utf8_lossy(&buf);
        let text = text.trim();
        let count = text.chars().count();
        if count <= STDERR_EXCERPT {
            return text.to_owned();
        }
        let tail: String = text.chars().skip(count - STDERR_EXCERPT).collect();
        format!("...{tail}")
    }
}

async fn read_stderr(mut stderr: ChildStderr, tail: StderrTail) {
    let mut chunk = [0u8; 1024];
    loop {
        match stderr.read(&mut chunk).await {
            Ok(0) | Err(_) => break,
            Ok(n) => tail.push(&chunk[..n]),
        }
    }
}

/// `exited with status 3`, `killed by signal 9`.
pub(crate) fn describe_exit(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        (None, None) => format!("ended ({status})"),
    }
}
