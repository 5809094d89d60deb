//! The agent API's tools and the fail-closed pipeline every call goes through.
//!
//! Outside agents (MCP, HTTP) and our own assistant act only through tools. A [`ToolRegistry`]
//! holds them, and [`ToolRegistry::call`] runs, in this order (spec d.3, with j.4 fixed):
//!
//! 1. **lookup** of the tool by name;
//! 2. **validation**: the arguments are deserialised into the tool's typed arguments, unknown
//!    fields refused;
//! 3. **gate**: [`aartiq_agents::OriginGuard::gate`] on the tool's verb (tools without a verb are
//!    gated as `readOnly`), with the origin of `url`, `target` or `tabId`;
//! 4. **approval, enforced**: when the gate asks for it, an [`Approver`] (a person) must approve
//!    this exact call, or the call must carry an approval ticket bound to its action and
//!    canonical input (spec b.9, [`ApprovalTickets`]);
//! 5. **tab lock**: taken for the call and released when it ends;
//! 6. **handler**;
//! 7. **scan**: output of untrusted-output tools goes through `aartiq-guard`, which reads the
//!    decoded string values of a structured result one a line (never its JSON, whose `\n`
//!    escapes would glue a multi-line injection into one word); quarantined content is withheld.
//!
//! Page words reach the tools typed [`Untrusted`]: the [`Browser`] trait returns titles, URLs,
//! dialog text, values read back and error details that way ([`PageTab`], [`PageOutcome`]),
//! and they are opened field by field by a scan (`screened`), what it flags withheld with a
//! marker. `dom_query` and `page_find` refuse selectors that could test a field's value
//! ([`check_selector`]).
//!
//! A refused step returns a [`Rejection`] naming the [`Step`]; nothing after it runs. Each step
//! has its own `tracing` span.
//!
//! The tools (spec d.4's 37 and what the original lacked: screenshots, pointer input, waits,
//! history) run against backend traits defined here: [`Browser`],
//! [`SearchService`], [`Vault`], [`ExtensionStore`], [`UiState`]. The snapshot model
//! ([`SnapshotStore`]) is independent of any browser: session-unique refs `e<N>` that survive
//! re-snapshots of an unchanged page, typed stale-ref reasons with hints, a token budget that
//! collapses regions into expandable refs, and `page_find` tree mode. [`match_form`] is
//! `autofill_match` as a pure function.
//!
//! ```
//! use aartiq_tools::{ApprovalTickets, TicketError, canonical_input, catalog};
//!
//! let tools = catalog();
//! assert_eq!(tools.len(), 51);
//! let submit = tools.iter().find(|t| t.name == "form_submit").ok_or(TicketError::Invalid)?;
//! assert!(submit.side_effecting && submit.needs_tab_lock);
//!
//! // An approval ticket is bound to one action on one input, and used once.
//! let mut tickets = ApprovalTickets::new();
//! let input = canonical_input(&serde_json::json!({"tabId": 1, "ref": "e4"}));
//! let ticket = tickets.issue("form_submit", &input, 0);
//! tickets.consume(&ticket, "form_submit", &input, 1_000)?;
//! assert_eq!(tickets.consume(&ticket, "form_submit", &input, 1_000), Err(TicketError::Invalid));
//! # Ok::<(), TicketError>(())
//! ```

mod approval;
mod autofill;
mod backend;
mod call;
mod diff;
mod error;
mod files;
mod keys;
mod profiles;
mod refs;
mod registry;
mod screen;
mod selector;
mod snapshot;
mod spec;
mod tool;
mod tools;
mod types;
mod view;

#[cfg(test)]
mod tests;

/// Page words that must be scanned before anyone reads them (from `aartiq-guard`): what the
/// [`Browser`] trait returns for everything a page controls.
pub use aartiq_guard::Untrusted;
pub use approval::{
    ApprovalAnswer, ApprovalRequest, ApprovalTickets, Approver, MAX_TICKETS, OpenQuestion,
    OpenQuestions, TICKET_TTL_MS, TicketError, TicketId, action_digest, canonical_input, hex,
};
pub use autofill::{
    AutofillMatch, DomainProfile, FormField, MatchedBy, ProfileKey, autocomplete_key,
    domain_matches, match_field, match_form, normalize,
};
pub use backend::{
    ActionEffect, ActionMark, ActionOutcome, Activation, Browser, BrowserHealth, CredentialSummary,
    DialogAnswer, DomMatch, DomQuery, DomQueryResult, ElementAction, ExtensionAnalysis,
    ExtensionInfo, ExtensionStore, FieldFill, FillOutcome, NodeInspection, NodeState, PageOutcome,
    PageSubmission, PageTab, ProfileSummary, ProviderInfo, SearchHit, SearchRequest, SearchService,
    SecretField, SecretText, Submission, SubmitOutcome, TabInfo, TextMatch, TextSearch,
    TextSearchResult, ThemeState, UiMode, UiState, Vault, VaultListing, VaultTarget,
    is_safe_method,
};
pub use call::{Target, ToolCall, args};
pub use diff::{OutlineDiff, diff_outlines};
pub use error::{BackendError, ToolError};
pub use files::{
    DEFAULT_READ_CHARS, DownloadInfo, DownloadState, DownloadText, MAX_DOWNLOAD_BYTES,
    MAX_DOWNLOADS, MAX_PDF_BYTES, MAX_PDF_TOTAL_BYTES, MAX_PDFS, MAX_UPLOAD_BYTES, SavedFile,
    TOTAL_DOWNLOAD_CAPS, UploadRefusal, download_room, mime_of, pdf_room, sanitize_file_name,
    unique_name,
};
pub use keys::{KeyChord, KeyError, Modifiers};
pub use profiles::{TOOL_GROUPS, UnknownTools, select_tools};
pub use refs::{Described, Ref, RefError, RefRecord, StaleReason, check_live};
pub use registry::{Preflight, RegistryError, Rejection, Step, ToolRegistry, catalog};
pub use selector::{SelectorRefusal, check_selector};
pub use snapshot::{
    CollapsedRegion, DEFAULT_MAX_TOKENS, FindError, FindMatch, FindQuery, INTERACTIVE_ROLES,
    PageCapture, RawNode, ShotFrame, Snapshot, SnapshotOptions, SnapshotStore, TreeFind,
};
pub use spec::{Annotations, Category, ToolMeta, ToolSpec, input_schema};
pub use tool::{
    Foreseen, ImageContent, Policy, Services, TabOwners, Tool, ToolContext, ToolOutput,
};
pub use types::{FrameId, NodeHandle, NodeId, TabId};
pub use view::{
    ConsoleEntry, DEFAULT_MAX_BYTES, DEFAULT_MAX_DIMENSION, HistoryStep, ImageFormat, LOG_CAPACITY,
    MIN_DIMENSION, MIN_FULL_PAGE_SCALE, NetworkEntry, Shot, ShotArea, ShotRequest, WaitOutcome,
    WaitRequest, fit_scale, full_page_height, image_size,
};
