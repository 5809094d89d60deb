//! What the assistant does itself: `THINK`, `PLAN`, `STATUS` notes, `WAIT`,
//! `EXPLAIN_CAPABILITIES`, and the pre-filled scheduling form.

use std::time::Duration;

use aartiq_commands::{CATALOG, CommandKind as K};
use aartiq_tools::ToolCall;
use async_trait::async_trait;

use super::handler::{At, Handler, Prepared, Ran, Turn, Work, by_assistant, route_in};
use super::tool::ToolWork;
use crate::judge::effective_risk;
use crate::route::{LinuxSupport, Route};
use crate::runtime::Runtime;

pub(crate) struct Native;

#[async_trait]
impl Handler for Native {
    fn kinds(&self) -> &'static [K] {
        &[
            K::Wait,
            K::Think,
            K::Plan,
            K::ExplainCapabilities,
            K::Status,
            // Pre-filling a form is pure parsing: nothing is stored until the person saves it.
            K::OpenSchedulingModal,
        ]
    }

    fn route(&self, _kind: K) -> Route {
        Route::Native
    }

    fn linux(&self, kind: K) -> LinuxSupport {
        let how = match kind {
            K::Wait => {
                "the runtime itself; with text= or textGone=, agent API tool `wait_for`, \
                        as the assistant agent"
            }
            _ => "the runtime itself",
        };
        LinuxSupport {
            supported: true,
            how: how.to_owned(),
        }
    }

    async fn prepare(
        &self,
        rt: &Runtime,
        turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let kind = at.kind();
        let (work, explanation): (Box<dyn Work>, String) = match kind {
            K::Wait => {
                let asked = at
                    .int("ms")
                    .and_then(|n| u64::try_from(n).ok())
                    .unwrap_or(0);
                let wait = Duration::from_millis(asked).min(rt.config.max_wait);
                let text = at.text("text").map(str::to_owned);
                let text_gone = at.text("textGone").map(str::to_owned);
                let what = match (&text, &text_gone) {
                    (Some(text), _) => Some(format!("\"{text}\" to appear")),
                    (None, Some(gone)) => Some(format!("\"{gone}\" to go")),
                    (None, None) => None,
                };
                if let Some(what) = what {
                    // Waiting for text on the page is the agent API's `wait_for`, through the
                    // same pipeline: event-driven, and a timeout says what the page showed.
                    let tab = super::handler::need_tab(rt, turn).await?;
                    let explanation = format!(
                        "Waits up to {} ms for {what} in tab {tab}.",
                        wait.as_millis()
                    );
                    let call = ToolCall::wait_for_text(
                        tab,
                        text,
                        text_gone,
                        u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                    );
                    return Ok(ToolWork::text(call).prepared(
                        rt,
                        at,
                        Route::Tool { tool: "wait_for" },
                        effective_risk(at.command),
                        explanation,
                    ));
                }
                (
                    Box::new(Wait { wait, asked }),
                    format!("Waits {} ms.", wait.as_millis()),
                )
            }
            K::ExplainCapabilities => (
                Box::new(Capabilities),
                "Lists what this host can and cannot do.".to_owned(),
            ),
            K::OpenSchedulingModal => {
                let (_, text) = super::store::scheduling_form(rt, at.command);
                (
                    Box::new(Reply(format!(
                        "The scheduling form is open, pre-filled (not saved; the person reviews \
                         and saves it):\n{text}"
                    ))),
                    "Opens the scheduling form pre-filled; nothing is scheduled until the \
                     person saves it."
                        .to_owned(),
                )
            }
            _ => {
                let note = kind
                    .spec()
                    .positional()
                    .next()
                    .and_then(|p| at.text(p.name))
                    .unwrap_or_default();
                (
                    Box::new(Reply(format!("noted: {note}"))),
                    format!("Shows the model's {} note; runs nothing.", kind.name()),
                )
            }
        };
        Ok(Prepared {
            work,
            judgement: by_assistant(Route::Native, effective_risk(at.command)),
            explanation,
        })
    }
}

/// A fixed reply: a note shown, a form pre-filled.
#[derive(Debug)]
struct Reply(String);

#[async_trait]
impl Work for Reply {
    async fn run(self: Box<Self>, _rt: &Runtime, _turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        Ran::Done(at.ok(self.0))
    }
}

/// Waits, at most the configured longest wait.
#[derive(Debug)]
struct Wait {
    wait: Duration,
    asked: u64,
}

#[async_trait]
impl Work for Wait {
    async fn run(self: Box<Self>, _rt: &Runtime, _turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let Wait { wait, asked } = *self;
        tokio::time::sleep(wait).await;
        Ran::Done(at.ok(if u128::from(asked) > wait.as_millis() {
            format!("waited {} ms (cut from {asked} ms)", wait.as_millis())
        } else {
            format!("waited {} ms", wait.as_millis())
        }))
    }
}

/// `EXPLAIN_CAPABILITIES`.
#[derive(Debug)]
struct Capabilities;

#[async_trait]
impl Work for Capabilities {
    async fn run(self: Box<Self>, rt: &Runtime, turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        Ran::Done(at.ok(capabilities(rt, turn)))
    }
}

/// The capability overview for `EXPLAIN_CAPABILITIES`, from the turn's command table.
fn capabilities(rt: &Runtime, turn: &Turn<'_>) -> String {
    let mut available: Vec<String> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    for spec in CATALOG {
        let route = route_in(turn.handlers, spec.kind);
        match rt.missing(route) {
            Some(capability) => {
                missing.push(format!("{} ({})", spec.kind.name(), capability.describe()));
            }
            None => {
                let how = match route {
                    Route::Store { .. } => "the store".to_owned(),
                    Route::Host { capability } => format!("this host's {}", capability.describe()),
                    Route::Tool { tool } => format!("tool {tool}"),
                    Route::Element => "page element by ref, #id or label".to_owned(),
                    Route::Shell => "shell policy, approval, bounded runner".to_owned(),
                    Route::Research => "deep research".to_owned(),
                    Route::Skills => "skills".to_owned(),
                    _ => "the assistant itself".to_owned(),
                };
                available.push(format!("{} - {} [{how}]", spec.kind.name(), spec.summary));
            }
        }
    }
    format!(
        "Available on this host ({}):\n{}\n\nNot available on this host ({}): {}",
        available.len(),
        available.join("\n"),
        missing.len(),
        missing.join("; ")
    )
}
