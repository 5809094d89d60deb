//! Command handlers as a table: one [`Handler`] per family of commands, one file per family,
//! all listed in [`HANDLERS`].
//!
//! A handler says which catalog kinds it serves, where each goes ([`Route`]), how it runs on
//! Linux (the status column of `docs/commands.md`), and prepares a command: it finds what the
//! command acts on, explains it and judges it, without changing anything. What it prepares is a
//! [`Work`], which the loop runs once the command is approved. Nothing outside this folder
//! matches on command kinds to decide what runs.
//!
//! Handlers get the runtime's services (`&Runtime`) and the turn's state ([`Turn`]) as two
//! arguments. They never call back into the loop: playing a recorded workflow is a request the
//! work hands back ([`Ran::Play`]), which the loop carries out through the same judging and
//! approval as a reply.
//!
//! Adding a command is a catalog row (`aartiq-commands`) and a line in the `kinds` of one
//! handler, with its arm in that handler's `prepare`.

mod elements;
mod handler;
mod host;
mod native;
mod navigation;
mod panels;
mod research;
mod shell;
mod skills;
mod store;
mod table;
mod tabs;
mod tool;
mod unavailable;

pub(crate) use handler::{At, Prepared, PromptSkill, Ran, Turn, current_url};
pub(crate) use shell::shell_explanation;
pub(crate) use skills::load_skill;
pub(crate) use store::capture;
pub(crate) use table::{HANDLERS, prepare};
pub use table::{linux_support, route_of};
