//! Approvals a person gives outside the agent's channel (spec b.9 tickets).
//!
//! When a call needs approval and no person can be asked in-band (no MCP elicitation), the
//! call is refused with an approval id and instructions. A person approves it with
//! `aartiq-mcp approve <id>` (through the approvals directory) or `POST /approvals/<id>/approve`
//! (primary token). The agent then repeats the call with the id; the server turns the
//! approval into a single-use registry ticket bound by SHA-256 to the approved tool and input,
//! so a retry with other arguments is refused (`APPROVAL_SCOPE_MISMATCH`).
//!
//! A marker file is a person's decision only if nobody else could have written it, so the
//! directory is checked at every use, not only when it is created: a real directory (not a
//! link), owned by the user running the server and not writable by group or others, and each
//! marker owned by that user and writable by nobody else ([`check_dir`]). A server also
//! restricts the directory to its owner when it starts. Otherwise listing and deciding fail with
//! [`ApiError::UnsafeApprovals`], and the server counts no marker as approved.
//!
//! A server holds at most [`MAX_PENDING_APPROVALS`] approvals that were not used yet: each
//! side-effecting call of a `standard` agent opens one, and an agent that never retries must not
//! grow the server's memory (or the approvals directory) without end. Past the cap the oldest
//! is forgotten, in memory and on disk; retrying with its id is `APPROVAL_INVALID`.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;

/// The state of a pending approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ApprovalState {
    /// Waiting for a person.
    Pending,
    /// Approved: the next call with this id and the same input runs once.
    Approved,
    /// Denied.
    Denied,
}

/// One call waiting for a person's decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingApproval {
    /// The approval id (`approval-<n>-<hex>`), what the agent retries with.
    pub id: String,
    /// The agent that asked.
    pub agent: String,
    /// The tool.
    pub tool: String,
    /// The exact arguments that will be allowed to run.
    pub input: Value,
    /// Why approval is needed.
    pub reason: String,
    /// When it was asked (ms since the epoch).
    pub created_at: u64,
    /// Its state.
    pub state: ApprovalState,
}

/// Whether `id` has the shape this server issues (so it can be used as a file name).
pub fn valid_approval_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("approval-") else {
        return false;
    };
    let Some((n, hex)) = rest.split_once('-') else {
        return false;
    };
    !n.is_empty()
        && n.len() <= 20
        && n.bytes().all(|b| b.is_ascii_digit())
        && !hex.is_empty()
        && hex.len() <= 32
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
}

fn check_id(id: &str) -> Result<(), ApiError> {
    if valid_approval_id(id) {
        Ok(())
    } else {
        Err(ApiError::BadApprovalId(id.to_owned()))
    }
}

fn marker(dir: &Path, id: &str, state: ApprovalState) -> PathBuf {
    match state {
        ApprovalState::Approved => dir.join(format!("{id}.approved")),
        ApprovalState::Denied => dir.join(format!("{id}.denied")),
        ApprovalState::Pending => dir.join(format!("{id}.json")),
    }
}

/// Checks that only the user running this process can write `path` (a directory, or with
/// `file` a regular file in one): not a link, owned by the effective user, not writable by
/// group or others.
fn check_owned(path: &Path, file: bool) -> Result<(), ApiError> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let unsafe_because = |why: String| ApiError::UnsafeApprovals {
        path: path.to_path_buf(),
        why,
    };
    let meta = std::fs::symlink_metadata(path).map_err(|e| ApiError::file(path, e))?;
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Err(unsafe_because("it is a symbolic link".to_owned()));
    }
    if file && !kind.is_file() {
        return Err(unsafe_because("it is not a regular file".to_owned()));
    }
    if !file && !kind.is_dir() {
        return Err(unsafe_because("it is not a directory".to_owned()));
    }
    let me = nix::unistd::geteuid().as_raw();
    if meta.uid() != me {
        return Err(unsafe_because(format!(
            "it is owned by uid {}, not by uid {me} running aartiq",
            meta.uid()
        )));
    }
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o022 != 0 {
        return Err(unsafe_because(format!("its mode is {mode:04o}")));
    }
    Ok(())
}

/// Makes the user's own directory `dir` unreadable to group and others (pending calls carry
/// their arguments), like the token file is restricted before it is trusted.
fn restrict(dir: &Path) -> Result<(), ApiError> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(dir)
        .map_err(|e| ApiError::file(dir, e))?
        .permissions()
        .mode()
        & 0o777;
    if mode & 0o077 != 0 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode & 0o700))
            .map_err(|e| ApiError::file(dir, e))?;
        tracing::info!(dir = %dir.display(), "restricted the approvals directory to its owner");
    }
    Ok(())
}

/// Checks the approvals directory `dir` as every use does: a directory, not a link, owned by
/// the user running this process, not writable by group or others. (A server also makes it
/// unreadable to them when it starts, since pending calls carry their arguments.)
///
/// # Errors
/// [`ApiError::UnsafeApprovals`], or [`ApiError::File`] when it cannot be read.
pub fn check_dir(dir: &Path) -> Result<(), ApiError> {
    check_owned(dir, false)
}

/// Reads the pending approvals in `dir` (what `aartiq-mcp approvals` lists).
///
/// # Errors
/// [`ApiError::UnsafeApprovals`] when the directory is not the user's own, [`ApiError::File`]
/// when it cannot be read.
pub fn list_in_dir(dir: &Path) -> Result<Vec<PendingApproval>, ApiError> {
    match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        _ => check_dir(dir)?,
    }
    let entries = std::fs::read_dir(dir).map_err(|e| ApiError::file(dir, e))?;
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        if check_owned(&path, true).is_err() {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(mut approval) = serde_json::from_str::<PendingApproval>(&text) else {
            continue;
        };
        approval.state = state_in_dir(dir, &approval.id);
        out.push(approval);
    }
    out.sort_by(|a, b| a.created_at.cmp(&b.created_at).then(a.id.cmp(&b.id)));
    Ok(out)
}

/// The state the markers in `dir` give `id`. Fails closed: a directory or marker anyone else
/// could have written approves nothing (a denial is believed from anyone).
fn state_in_dir(dir: &Path, id: &str) -> ApprovalState {
    if std::fs::symlink_metadata(marker(dir, id, ApprovalState::Denied)).is_ok() {
        return ApprovalState::Denied;
    }
    let approved = marker(dir, id, ApprovalState::Approved);
    if std::fs::symlink_metadata(&approved).is_err() {
        return ApprovalState::Pending;
    }
    match check_dir(dir).and_then(|()| check_owned(&approved, true)) {
        Ok(()) => ApprovalState::Approved,
        Err(e) => {
            tracing::warn!(approval = %id, error = %e, "an approval marker is not trusted");
            ApprovalState::Pending
        }
    }
}

/// A person decides on approval `id` in `dir` from another process (`aartiq-mcp approve`).
/// Returns the approval as decided, so the person sees what they approved.
///
/// # Errors
/// [`ApiError::BadApprovalId`], [`ApiError::UnsafeApprovals`], [`ApiError::UnknownApproval`],
/// [`ApiError::ApprovalDecided`], or [`ApiError::File`].
pub fn decide_in_dir(dir: &Path, id: &str, approve: bool) -> Result<PendingApproval, ApiError> {
    check_id(id)?;
    check_dir(dir)?;
    let path = marker(dir, id, ApprovalState::Pending);
    if std::fs::symlink_metadata(&path).is_ok() {
        check_owned(&path, true)?;
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(ApiError::UnknownApproval(id.to_owned()));
        }
        Err(e) => return Err(ApiError::file(&path, e)),
    };
    let mut approval: PendingApproval =
        serde_json::from_str(&text).map_err(|e| ApiError::file(&path, std::io::Error::other(e)))?;
    match state_in_dir(dir, id) {
        ApprovalState::Pending => {}
        ApprovalState::Approved => {
            return Err(ApiError::ApprovalDecided {
                id: id.to_owned(),
                state: "approved",
            });
        }
        ApprovalState::Denied => {
            return Err(ApiError::ApprovalDecided {
                id: id.to_owned(),
                state: "denied",
            });
        }
    }
    let state = if approve {
        ApprovalState::Approved
    } else {
        ApprovalState::Denied
    };
    let target = marker(dir, id, state);
    crate::auth::write_owner_only(&target, b"")?;
    approval.state = state;
    Ok(approval)
}

/// Why a retry with an approval id cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RetryError {
    /// No approval with this id (or it was already used).
    #[error("APPROVAL_INVALID: no pending approval \"{0}\" (unknown, or already used)")]
    Unknown(String),
    /// Nobody has decided yet.
    #[error("APPROVAL_PENDING: approval \"{0}\" is still waiting for a person")]
    Pending(String),
    /// A person denied it.
    #[error("APPROVAL_DENIED: a person denied approval \"{0}\"")]
    Denied(String),
    /// It was approved for another tool or agent.
    #[error("APPROVAL_SCOPE_MISMATCH: approval \"{0}\" was given for a different call")]
    Scope(String),
}

impl RetryError {
    /// The machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            RetryError::Unknown(_) => "APPROVAL_INVALID",
            RetryError::Pending(_) => "APPROVAL_PENDING",
            RetryError::Denied(_) => "APPROVAL_DENIED",
            RetryError::Scope(_) => "APPROVAL_SCOPE_MISMATCH",
        }
    }
}

/// How many approvals a server keeps that were not used yet (pending, approved or denied);
/// opening one more forgets the oldest.
pub const MAX_PENDING_APPROVALS: usize = 1000;

/// The approvals in memory, with their opening order (oldest first) for the cap.
#[derive(Debug, Default)]
struct Book {
    by_id: BTreeMap<String, PendingApproval>,
    order: VecDeque<String>,
}

impl Book {
    fn remove(&mut self, id: &str) -> Option<PendingApproval> {
        let removed = self.by_id.remove(id)?;
        self.order.retain(|other| other != id);
        Some(removed)
    }
}

/// The approvals of one server: in memory, mirrored to a directory when one is configured.
#[derive(Debug)]
pub struct Approvals {
    pending: Mutex<Book>,
    dir: Option<PathBuf>,
    counter: AtomicU64,
    capacity: usize,
}

fn remove_markers(dir: &Path, id: &str) {
    for state in [
        ApprovalState::Pending,
        ApprovalState::Approved,
        ApprovalState::Denied,
    ] {
        let _ = std::fs::remove_file(marker(dir, id, state));
    }
}

impl Approvals {
    /// Approvals kept in memory, and in `dir` when given (created with mode 0700; an existing
    /// one must pass [`check_dir`]).
    ///
    /// # Errors
    /// [`ApiError::File`] when the directory cannot be created, [`ApiError::UnsafeApprovals`]
    /// when it is not the user's own.
    pub fn new(dir: Option<PathBuf>) -> Result<Approvals, ApiError> {
        Approvals::with_capacity(dir, MAX_PENDING_APPROVALS)
    }

    /// Like [`Approvals::new`], keeping at most `capacity` (at least 1) unused approvals.
    ///
    /// # Errors
    /// [`ApiError::File`] when the directory cannot be created, [`ApiError::UnsafeApprovals`]
    /// when it is not the user's own.
    pub fn with_capacity(dir: Option<PathBuf>, capacity: usize) -> Result<Approvals, ApiError> {
        if let Some(dir) = &dir {
            use std::os::unix::fs::DirBuilderExt;
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .map_err(|e| ApiError::file(dir, e))?;
            check_dir(dir)?;
            restrict(dir)?;
        }
        Ok(Approvals {
            pending: Mutex::new(Book::default()),
            dir,
            counter: AtomicU64::new(0),
            capacity: capacity.max(1),
        })
    }

    /// How many approvals are held (at most the capacity).
    pub fn len(&self) -> usize {
        crate::lock(&self.pending).by_id.len()
    }

    /// Whether none is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The directory, when there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Opens a pending approval for `agent` calling `tool` with `input`.
    ///
    /// # Errors
    /// [`ApiError::Random`] or [`ApiError::File`].
    pub fn open(
        &self,
        agent: &str,
        tool: &str,
        input: Value,
        reason: &str,
        now_ms: u64,
    ) -> Result<PendingApproval, ApiError> {
        let n = self.counter.fetch_add(1, Ordering::SeqCst) + 1;
        let id = format!("approval-{n}-{}", crate::auth::random_hex(6)?);
        let approval = PendingApproval {
            id: id.clone(),
            agent: agent.to_owned(),
            tool: tool.to_owned(),
            input,
            reason: reason.to_owned(),
            created_at: now_ms,
            state: ApprovalState::Pending,
        };
        if let Some(dir) = &self.dir {
            check_dir(dir)?;
            let path = marker(dir, &id, ApprovalState::Pending);
            let text = serde_json::to_vec_pretty(&approval)
                .map_err(|e| ApiError::file(&path, std::io::Error::other(e)))?;
            crate::auth::write_owner_only(&path, &text)?;
        }
        let mut book = crate::lock(&self.pending);
        while book.by_id.len() >= self.capacity {
            let Some(oldest) = book.order.pop_front() else {
                break;
            };
            if book.by_id.remove(&oldest).is_some() {
                tracing::warn!(approval = %oldest, cap = self.capacity, "too many approvals waiting; forgetting the oldest");
                if let Some(dir) = &self.dir {
                    remove_markers(dir, &oldest);
                }
            }
        }
        book.order.push_back(id.clone());
        book.by_id.insert(id, approval.clone());
        Ok(approval)
    }

    fn state(&self, approval: &PendingApproval) -> ApprovalState {
        match (&self.dir, approval.state) {
            (Some(dir), ApprovalState::Pending) => state_in_dir(dir, &approval.id),
            (_, state) => state,
        }
    }

    /// Every approval this server has open, with its current state.
    pub fn list(&self) -> Vec<PendingApproval> {
        crate::lock(&self.pending)
            .by_id
            .values()
            .map(|a| {
                let mut a = a.clone();
                a.state = self.state(&a);
                a
            })
            .collect()
    }

    /// A person decides on `id` (the HTTP approval route).
    ///
    /// # Errors
    /// [`ApiError::UnknownApproval`] or [`ApiError::ApprovalDecided`].
    pub fn decide(&self, id: &str, approve: bool) -> Result<PendingApproval, ApiError> {
        let mut pending = crate::lock(&self.pending);
        let Some(approval) = pending.by_id.get_mut(id) else {
            return Err(ApiError::UnknownApproval(id.to_owned()));
        };
        match self.state(approval) {
            ApprovalState::Pending => {}
            ApprovalState::Approved => {
                return Err(ApiError::ApprovalDecided {
                    id: id.to_owned(),
                    state: "approved",
                });
            }
            ApprovalState::Denied => {
                return Err(ApiError::ApprovalDecided {
                    id: id.to_owned(),
                    state: "denied",
                });
            }
        }
        approval.state = if approve {
            ApprovalState::Approved
        } else {
            ApprovalState::Denied
        };
        if let Some(dir) = &self.dir {
            let path = marker(dir, id, approval.state);
            crate::auth::write_owner_only(&path, b"")?;
        }
        Ok(approval.clone())
    }

    /// Claims approval `id` for `agent` calling `tool`: it must be approved, for this agent and
    /// tool. It is removed whatever the outcome but "pending", so it is used once. Returns the
    /// approved input, which the registry's ticket is then bound to.
    ///
    /// # Errors
    /// A [`RetryError`].
    pub fn claim(&self, id: &str, agent: &str, tool: &str) -> Result<Value, RetryError> {
        let mut pending = crate::lock(&self.pending);
        let Some(approval) = pending.by_id.get(id) else {
            return Err(RetryError::Unknown(id.to_owned()));
        };
        let state = self.state(approval);
        if state == ApprovalState::Pending {
            return Err(RetryError::Pending(id.to_owned()));
        }
        let approval = pending
            .remove(id)
            .ok_or_else(|| RetryError::Unknown(id.to_owned()))?;
        if let Some(dir) = &self.dir {
            remove_markers(dir, id);
        }
        if state == ApprovalState::Denied {
            return Err(RetryError::Denied(id.to_owned()));
        }
        if approval.agent != agent || approval.tool != tool {
            return Err(RetryError::Scope(id.to_owned()));
        }
        Ok(approval.input)
    }
}
