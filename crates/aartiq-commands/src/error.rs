//! Errors of the few fallible operations; parsing itself never fails (problems are
//! [`Diagnostic`](crate::Diagnostic)s).

use crate::catalog::CommandKind;

/// Why building or checking a command failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The command has no parameter of that name.
    #[error("{kind} has no parameter `{name}`")]
    UnknownParam {
        /// The command.
        kind: CommandKind,
        /// The name asked for.
        name: String,
    },
    /// The command breaks a rule of the catalog (spec a.5); the message is the original's.
    #[error("{message}")]
    Invalid {
        /// The command.
        kind: CommandKind,
        /// What is wrong.
        message: String,
    },
}
