//! Page elements: clicking, filling, scrolling. The element is found by ref, `#id` or visible
//! label; clicking a button of a form is a submission (`form_submit`, side-effecting, approved,
//! risk `high`), never a plain click: filling and submitting are separate.

use aartiq_commands::{ArgValue, Command, CommandKind as K, Risk};
use aartiq_tools::{DomQueryResult, ElementAction, TabId, ToolCall, TreeFind};
use async_trait::async_trait;
use serde_json::Value;

use super::handler::{At, Handler, Prepared, Turn, judge, need_tab, text_arg};
use super::tool::ToolWork;
use crate::judge::effective_risk;
use crate::route::{LinuxSupport, Route};
use crate::runtime::Runtime;

pub(crate) struct Elements;

#[async_trait]
impl Handler for Elements {
    fn kinds(&self) -> &'static [K] {
        &[
            K::ClickElement,
            K::FindAndClick,
            K::FillForm,
            K::ScrollTo,
            K::MultiFillForm,
        ]
    }

    fn route(&self, _kind: K) -> Route {
        Route::Element
    }

    fn linux(&self, kind: K) -> LinuxSupport {
        LinuxSupport {
            supported: true,
            how: match kind {
                K::ClickElement | K::FindAndClick => "the element by ref, `#id` or label, then \
                    `click_ref` (`form_submit` for a form's button); OCR and a click at its \
                    coordinates when the page names nothing"
                    .to_owned(),
                _ => {
                    "the element by ref, `#id` or label, then a ref tool (never submits)".to_owned()
                }
            },
        }
    }

    async fn prepare(
        &self,
        rt: &Runtime,
        turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        element_action(rt, turn, at, effective_risk(at.command)).await
    }
}

/// A page element found for a command.
#[derive(Debug, Clone)]
struct Element {
    reference: String,
    role: String,
    name: String,
    /// Whether the capture shows a `form` around it.
    in_form: bool,
    /// Its `#id` selector, when it has one.
    selector: Option<String>,
}

impl Element {
    fn label(&self) -> String {
        format!("{} \"{}\" ({})", self.role, self.name, self.reference)
    }
}

/// Whether `target` is a snapshot ref (`e12`).
fn is_ref(target: &str) -> bool {
    target
        .strip_prefix('e')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// The first `[ref=eN]` of a snapshot's text.
fn first_ref(text: &str) -> Option<String> {
    let start = text.find("[ref=")? + 5;
    let end = text[start..].find(']')? + start;
    Some(text[start..end].to_owned())
}

/// Finds the node of `handle` in `root`; returns it and whether a `form` contains it.
fn locate<'n>(
    node: &'n aartiq_tools::RawNode,
    handle: &aartiq_tools::NodeHandle,
    in_form: bool,
) -> Option<(&'n aartiq_tools::RawNode, bool)> {
    if node.node == Some(handle.node) && node.frame == handle.frame {
        return Some((node, in_form));
    }
    let in_form = in_form || node.role == "form";
    node.children
        .iter()
        .find_map(|child| locate(child, handle, in_form))
}

/// Finds the element `target` names on `tab`: a ref, an `#id`, or a visible label.
async fn resolve(rt: &Runtime, tab: &TabId, target: &str) -> Result<Element, String> {
    let target = target.trim();
    let reference = if is_ref(target) {
        target.to_owned()
    } else if target.starts_with('#') {
        let output = rt
            .call_tool(
                &ToolCall::snapshot(tab.clone(), Some(target.to_owned())),
                false,
            )
            .await
            .map_err(|r| format!("could not read the page: {}", r.message))?;
        first_ref(&output.text)
            .ok_or_else(|| format!("no element with selector {target} on the page"))?
    } else {
        rt.call_tool(&ToolCall::snapshot(tab.clone(), None), false)
            .await
            .map_err(|r| format!("could not read the page: {}", r.message))?;
        let output = rt
            .call_tool(&ToolCall::find_actionable(tab.clone(), target, 20), false)
            .await
            .map_err(|r| format!("could not search the page: {}", r.message))?;
        let matches = output
            .read::<TreeFind>()
            .map(|t| t.matches)
            .unwrap_or_default();
        let exact = matches
            .iter()
            .find(|m| m.name.trim().eq_ignore_ascii_case(target));
        exact
            .or_else(|| matches.first())
            .and_then(|m| m.reference)
            .map(|r| r.to_string())
            .ok_or_else(|| {
                format!(
                    "no element matches \"{target}\"; use a ref from a snapshot, an #id, or \
                         the element's visible label"
                )
            })?
    };
    rt.backends.registry.with_snapshots(|store| {
        let record = store
            .resolve(&reference, tab)
            .map_err(|e| format!("{}: {}", e.message, e.hint))?;
        let found = store
            .page(tab)
            .and_then(|page| locate(&page.root, &record.handle, false));
        Ok(match found {
            Some((node, in_form)) => Element {
                reference,
                role: node.role.clone(),
                name: node.name.clone(),
                in_form,
                selector: node.selector.clone(),
            },
            None => Element {
                reference,
                role: record.role.clone(),
                name: record.name.clone(),
                in_form: false,
                selector: None,
            },
        })
    })
}

/// Whether clicking `element` submits a form: a button inside a `form` of the capture, or
/// (for an element with an `#id`, when the capture shows no form, as accessibility trees
/// often do for unnamed forms) a submit control the live DOM finds under a `form`.
async fn submits_form(rt: &Runtime, tab: &TabId, element: &Element) -> bool {
    if element.role == "button" && element.in_form {
        return true;
    }
    let Some(selector) = &element.selector else {
        return false;
    };
    let query = ToolCall::dom_query(
        tab.clone(),
        format!("form {selector}"),
        1,
        vec!["type".to_owned()],
    );
    let Ok(output) = rt.call_tool(&query, false).await else {
        // A page the scan withholds or a query that fails: treat the click as a submission,
        // so it is asked about rather than slipped through.
        return true;
    };
    let Some(found) = output
        .read::<DomQueryResult>()
        .and_then(|r| r.matches.into_iter().next())
    else {
        return false;
    };
    let tag = found.tag.as_str();
    let kind = found
        .attrs
        .get("type")
        .map(|t| t.to_ascii_lowercase())
        .unwrap_or_default();
    match tag {
        "button" => !matches!(kind.as_str(), "button" | "reset"),
        "input" => matches!(kind.as_str(), "submit" | "image"),
        _ => false,
    }
}

/// The ref tool of an element command. Clicking a button inside a form is a submission: it
/// goes to `form_submit` (side-effecting, approved, risk `high`), never to a plain click
/// (spec f.3: filling and submitting are separate).
async fn element_action(
    rt: &Runtime,
    turn: &mut Turn<'_>,
    at: At<'_>,
    risk: Risk,
) -> Result<Prepared, String> {
    let command: &Command = at.command;
    let tab = need_tab(rt, turn).await?;
    let done = |work: Box<ToolWork>, explanation: String, risk: Risk| {
        Ok(work.prepared(rt, at, Route::Element, risk, explanation))
    };
    match command.kind {
        K::ClickElement | K::FindAndClick => {
            let target = ["selector", "text", "ariaLabel"]
                .iter()
                .find_map(|p| text_arg(command, p))
                .ok_or("a click needs a selector, a text or an aria-label")?;
            let element = match resolve(rt, &tab, target).await {
                Ok(element) => element,
                // Not in the page's accessibility data (a canvas, an image of text): OCR and
                // coordinates second. What is under the point is only known after the click,
                // so it asks like any click that may submit a form.
                Err(e) if !is_ref(target) && !target.starts_with('#') => {
                    let Some((x, y)) = super::host::ocr_locate(rt, &tab, target).await else {
                        return Err(e);
                    };
                    return Ok(Prepared {
                        work: super::host::click_at(tab.clone(), x, y),
                        judgement: judge(rt, at, Route::Element, &["click_ref"], Risk::High),
                        explanation: format!(
                            "Clicks \"{target}\" at {x:.0},{y:.0} in tab {tab}: the page's \
                             accessibility data does not name it, OCR of the screen found it \
                             there; what it is is only known after the click, so it needs your \
                             approval."
                        ),
                    });
                }
                Err(e) => return Err(e),
            };
            if submits_form(rt, &tab, &element).await {
                done(
                    ToolWork::text(ToolCall::submit(tab.clone(), element.reference.clone())),
                    format!(
                        "Clicks {} - this submits its form, so it needs your approval.",
                        element.label()
                    ),
                    Risk::High,
                )
            } else {
                done(
                    ToolWork::text(ToolCall::click(tab.clone(), element.reference.clone())),
                    format!("Clicks {} in tab {tab}.", element.label()),
                    risk,
                )
            }
        }
        K::FillForm => {
            let target = text_arg(command, "selector").ok_or("FILL_FORM needs a selector")?;
            let value = command.args.text("value").unwrap_or_default();
            let element = resolve(rt, &tab, target).await?;
            done(
                ToolWork::text(ToolCall::fill(
                    tab.clone(),
                    element.reference.clone(),
                    value,
                )),
                format!(
                    "Types \"{value}\" into {} (does not submit).",
                    element.label()
                ),
                risk,
            )
        }
        K::ScrollTo => {
            let target = text_arg(command, "selector").ok_or("SCROLL_TO needs a selector")?;
            let element = resolve(rt, &tab, target).await?;
            done(
                ToolWork::text(ToolCall::element_action(
                    tab.clone(),
                    element.reference.clone(),
                    ElementAction::Scroll,
                )),
                format!("Scrolls {} into view.", element.label()),
                risk,
            )
        }
        _ => {
            let Some(ArgValue::Json(Value::Object(fields))) = command.args.get("fields") else {
                return Err("MULTI_FILL_FORM needs a JSON object of selector: value".into());
            };
            let mut refs = Vec::new();
            let mut labels = Vec::new();
            for (target, value) in fields {
                let value = match value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                let element = resolve(rt, &tab, target).await?;
                labels.push(format!("{} = \"{value}\"", element.label()));
                refs.push((element.reference, value));
            }
            done(
                ToolWork::text(ToolCall::fill_form(tab.clone(), refs)),
                format!("Fills {} (does not submit).", labels.join(", ")),
                risk,
            )
        }
    }
}
