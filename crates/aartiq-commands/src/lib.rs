//! Model text -> typed commands.
//!
//! `aartiq-commands` is the first stage of aartiq's pipeline: it reads an AI model's reply and
//! returns the commands it asks for, as typed values checked against one catalog of all 73
//! commands of the original Aartiq (spec a.8). It is pure: no IO, no allocation beyond the
//! result, and no input makes it panic.
//!
//! Three forms are read, in this order of passes (spec a.3):
//! 1. JSON: ```` ```json ```` fences and bare JSON found by a balanced-brace scanner, as an
//!    array of command objects, `{"commands": [...]}`, or one `{"type": ...}` object;
//! 2. HTML-comment blocks: `<!-- AI_COMMANDS_START -->` lines `[TYPE]: value`;
//! 3. bracket tags: `[TYPE: value | value | key=value | reason: ... | risk: low]`.
//!
//! Code (fenced and inline), `<think>` blocks and real Markdown tables are never read by any
//! pass. The result lists commands in the order they are written, each with its arguments keyed
//! by the catalog's parameter names, the stated risk, the reason, the form and the byte span;
//! everything that is not a valid command is a [`Diagnostic`].
//!
//! ```
//! use aartiq_commands::{parse, render, ArgValue, CommandKind, Format, Risk};
//!
//! let reply = "I'll look it up.\n\n[WEB_SEARCH: rust 2024 edition | reason: check the date]\n\
//!              {\"type\": \"SET_VOLUME\", \"value\": 0}";
//! let parsed = parse(reply);
//! assert_eq!(parsed.commands.len(), 2);
//! assert_eq!(parsed.commands[0].kind, CommandKind::WebSearch);
//! assert_eq!(parsed.commands[0].reason.as_deref(), Some("check the date"));
//! assert_eq!(parsed.commands[1].args.get("level"), Some(&ArgValue::Int(0)));
//! assert_eq!(parsed.commands[1].risk, Risk::Medium);
//! assert_eq!(parsed.text_without_commands, "I'll look it up.");
//!
//! // Every command round-trips through every format.
//! let again = parse(&render(&parsed.commands, Format::Comment));
//! assert_eq!(again.commands[1].args, parsed.commands[1].args);
//! ```

mod bracket;
mod build;
mod catalog;
mod command;
mod error;
mod json;
mod mask;
mod parse;
mod render;

pub use catalog::{
    ALIASES, ApprovalClass, CATALOG, CommandKind, CommandSpec, ParamKind, ParamSpec,
    REGISTRY_ALIASES, Risk, Shape,
};
pub use command::{ArgValue, Args, Command, Diagnostic, Format, Parsed, Span};
pub use error::Error;
pub use parse::parse;
pub use render::render;

/// Checks a command against the catalog's rules (spec a.5), e.g. one built with
/// [`Command::new`].
///
/// # Errors
/// [`Error::Invalid`] with the original's message when a rule is broken.
pub fn validate(command: &Command) -> Result<(), Error> {
    match build::rule_violation(command.kind, &command.args) {
        Some(message) => Err(Error::Invalid {
            kind: command.kind,
            message,
        }),
        None => Ok(()),
    }
}
