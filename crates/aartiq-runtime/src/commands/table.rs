//! The table of handlers, and what is decided from it alone: each kind's route and Linux
//! support, and which handler prepares a command.

use aartiq_commands::CommandKind;

use super::handler::{At, Handler, Prepared, Turn, handler_in, route_in, route_linux};
use super::{
    elements, host, native, navigation, panels, research, shell, skills, store, tabs, unavailable,
};
use crate::outcome::CommandResult;
use crate::route::{Capability, LinuxSupport, Route};
use crate::runtime::Runtime;

/// Every handler. Each catalog kind is served by exactly one (a test checks it).
pub(crate) const HANDLERS: &[&dyn Handler] = &[
    &native::Native,
    &skills::Skills,
    &navigation::Navigation,
    &tabs::Tabs,
    &panels::Panels,
    &elements::Elements,
    &shell::Shell,
    &research::Research,
    &store::Stored,
    &host::HostCommands,
    &unavailable::Unavailable,
];

/// The handler of `kind`, if any handler serves it.
pub(crate) fn handler_for(kind: CommandKind) -> Option<&'static dyn Handler> {
    handler_in(HANDLERS, kind)
}

/// The route of `kind`: its handler's, or [`Route::Unavailable`] for a kind no handler serves
/// (a newer catalog).
pub fn route_of(kind: CommandKind) -> Route {
    route_in(HANDLERS, kind)
}

/// How `kind` runs on Linux, for `docs/commands.md`.
pub fn linux_support(kind: CommandKind) -> LinuxSupport {
    match handler_for(kind) {
        Some(handler) => handler.linux(kind),
        None => route_linux(route_of(kind)),
    }
}

/// Prepares a command: a kind whose capability this runtime lacks becomes a `NOT_AVAILABLE`
/// work, decided here once from the route; anything else goes to its handler. The model's
/// stated reason is added to the explanation (not for shell lines, whose explanation is the
/// runner's).
pub(crate) async fn prepare(
    rt: &Runtime,
    turn: &mut Turn<'_>,
    at: At<'_>,
) -> Result<Prepared, CommandResult> {
    let kind = at.kind();
    let route = route_of(kind);
    let mut prepared = match (handler_for(kind), rt.missing(route)) {
        (Some(handler), None) => handler
            .prepare(rt, turn, at)
            .await
            .map_err(|e| at.failed(e))?,
        (_, Some(capability)) => unavailable::prepared(kind, route, capability, at),
        (None, None) => unavailable::prepared(kind, route, Capability::Unknown, at),
    };
    if route != Route::Shell
        && let Some(reason) = &at.command.reason
    {
        prepared
            .explanation
            .push_str(&format!(" The model's reason: {reason}."));
    }
    Ok(prepared)
}

#[cfg(test)]
mod tests {
    use aartiq_commands::CATALOG;

    use super::*;

    #[test]
    fn every_catalog_kind_has_exactly_one_handler() {
        for spec in CATALOG {
            let serving: Vec<usize> = HANDLERS
                .iter()
                .enumerate()
                .filter(|(_, h)| h.kinds().contains(&spec.kind))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(
                serving.len(),
                1,
                "{} is served by handlers {serving:?}",
                spec.kind.name()
            );
        }
    }

    #[test]
    fn every_handler_kind_is_in_the_catalog_once() {
        let mut seen = std::collections::HashSet::new();
        for handler in HANDLERS {
            for kind in handler.kinds() {
                assert!(
                    CATALOG.iter().any(|s| s.kind == *kind),
                    "{} is not in the catalog",
                    kind.name()
                );
                assert!(seen.insert(*kind), "{} is listed twice", kind.name());
            }
        }
    }
}
