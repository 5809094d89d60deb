//! The store's commands (spec a.8 rows 32-35, 59-60, 64-71): bookmarks, history, settings,
//! automations and workflows, run against the runtime's [`Store`](aartiq_store::Store); the
//! scheduling form's prefill; the history record of every navigation; workflow capture.

use aartiq_commands::{ArgValue, Command, CommandKind, Format, Risk, parse, render};
use aartiq_store::{
    Category, HistoryQuery, NewAutomation, SettingChange, Store, TaskDraft, WorkflowStep,
    parse_task, parse_task_id, plan_settings_update,
};
use async_trait::async_trait;
use serde_json::Value;

use super::handler::{At, Handler, Prepared, Ran, Turn, Work, judge, text_arg};
use crate::judge::effective_risk;
use crate::outcome::Status;
use crate::route::{Capability, Route};
use crate::runtime::Runtime;

pub(crate) struct Stored;

fn capability(kind: CommandKind) -> Capability {
    use CommandKind as K;
    match kind {
        K::SettingsQuery | K::SettingsUpdate | K::SetTheme | K::SetChatStyle => {
            Capability::Settings
        }
        K::ListAutomations | K::DeleteAutomation | K::ScheduleTask => Capability::Automations,
        K::RecordWorkflow | K::PlayWorkflow => Capability::Workflows,
        K::ListHistory | K::ClearHistory => Capability::History,
        _ => Capability::Bookmarks,
    }
}

#[async_trait]
impl Handler for Stored {
    fn kinds(&self) -> &'static [CommandKind] {
        use CommandKind as K;
        &[
            K::SettingsQuery,
            K::SettingsUpdate,
            K::SetTheme,
            K::SetChatStyle,
            K::ListAutomations,
            K::DeleteAutomation,
            K::ScheduleTask,
            K::RecordWorkflow,
            K::PlayWorkflow,
            K::ListBookmarks,
            K::AddBookmark,
            K::RemoveBookmark,
            K::ClearBookmarks,
            K::ListHistory,
            K::ClearHistory,
        ]
    }

    fn route(&self, kind: CommandKind) -> Route {
        Route::Store {
            capability: capability(kind),
        }
    }

    async fn prepare(
        &self,
        rt: &Runtime,
        turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let kind = at.kind();
        let store = rt
            .store
            .clone()
            .ok_or_else(|| format!("{} needs the store", kind.name()))?;
        let (action, explanation, risk) =
            store_action(rt, turn, &store, at.command, effective_risk(at.command))?;
        Ok(Prepared {
            judgement: judge(rt, at, self.route(kind), &[], risk),
            work: Box::new(action),
            explanation,
        })
    }
}

/// What a store command will do, decided (and validated) before anyone is asked.
#[derive(Debug, Clone)]
pub(crate) enum StoreAction {
    ListBookmarks {
        limit: u32,
        offset: u32,
    },
    AddBookmark {
        url: String,
        title: String,
    },
    RemoveBookmark {
        url: String,
    },
    ClearBookmarks,
    ListHistory(HistoryQuery),
    ClearHistory,
    SettingsQuery(Option<Category>),
    SettingsUpdate(Vec<SettingChange>),
    /// `SET_THEME`, `SET_CHAT_STYLE`: UI preferences, applied at once (their catalog approval
    /// class is none; they change only how aartiq looks).
    Preferences(Vec<SettingChange>),
    Schedule(NewAutomation),
    ListAutomations,
    DeleteAutomation {
        id: i64,
        label: String,
    },
    RecordStart,
    RecordStop,
    RecordSave(Option<String>),
    Play {
        name: String,
        commands: Vec<Command>,
    },
}

/// Commands that are not captured into a recorded workflow: the recorder's own, a replay
/// (its steps are captured as they run), and notes that do nothing.
pub(crate) fn recordable(kind: CommandKind) -> bool {
    !matches!(
        kind,
        CommandKind::RecordWorkflow
            | CommandKind::PlayWorkflow
            | CommandKind::Think
            | CommandKind::Plan
            | CommandKind::Status
            | CommandKind::ExplainCapabilities
    )
}

fn count_arg(command: &Command, name: &str) -> Option<u32> {
    command
        .args
        .get(name)
        .and_then(ArgValue::as_int)
        .and_then(|n| u32::try_from(n).ok())
}

/// An ISO 8601 date or time as ms (`2026-01-31` is that day's start in UTC).
fn date_arg(command: &Command, name: &str) -> Result<Option<u64>, String> {
    let Some(text) = text_arg(command, name) else {
        return Ok(None);
    };
    let stamp = text
        .parse::<jiff::Timestamp>()
        .or_else(|_| {
            text.parse::<jiff::civil::Date>()
                .and_then(|d| d.to_zoned_datetime(jiff::tz::TimeZone::UTC))
                .map(|z| z.timestamp())
        })
        .map_err(|_| format!("{name} \"{text}\" is not an ISO 8601 date or time"))?;
    Ok(Some(u64::try_from(stamp.as_millisecond()).unwrap_or(0)))
}

/// The ui settings a `SET_THEME` or `SET_CHAT_STYLE` asks for (spec a.8 rows 11 and 72), as
/// `plan_settings_update` names them.
fn preference_updates(command: &Command) -> Result<Value, String> {
    let mut updates = serde_json::Map::new();
    if command.kind == CommandKind::SetTheme {
        let theme = text_arg(command, "theme").ok_or("SET_THEME needs dark, light or system")?;
        updates.insert("theme".to_owned(), Value::String(theme.to_owned()));
    } else {
        for name in ["fontSize", "glowMode", "glowPreset"] {
            if let Some(value) = command.args.get(name) {
                updates.insert(format!("chatStyle.{name}"), value.to_json());
            }
        }
        if updates.is_empty() {
            return Err("SET_CHAT_STYLE needs fontSize, glowMode or glowPreset".to_owned());
        }
    }
    Ok(Value::Object(updates))
}

/// Renders a draft for the person and the model.
fn draft_text(draft: &TaskDraft, store: Option<&Store>, now: u64) -> String {
    let mut lines = vec![format!(
        "name: {}",
        draft.name.as_deref().unwrap_or("(none)")
    )];
    lines.push(format!(
        "schedule: {}",
        draft.schedule_text.as_deref().unwrap_or("(none)")
    ));
    lines.push(format!(
        "type: {}",
        draft.type_text.as_deref().unwrap_or("(none)")
    ));
    if let Some(action) = &draft.action {
        lines.push(format!("target: {}", action.target()));
    }
    if !draft.description.is_empty() {
        lines.push(format!("description: {}", draft.description));
    }
    if let (Some(schedule), Some(store)) = (&draft.schedule, store)
        && let Ok(Some(next)) = schedule.next_after(now, store.time_zone())
    {
        lines.push(format!("next run: {}", iso(next)));
    }
    if !draft.problems.is_empty() {
        lines.push(format!("to fill in: {}", draft.problems.join("; ")));
    }
    lines.join("\n")
}

/// A time for people: RFC 3339 in UTC.
pub(crate) fn iso(ms: u64) -> String {
    i64::try_from(ms)
        .ok()
        .and_then(|ms| jiff::Timestamp::from_millisecond(ms).ok())
        .map_or_else(|| format!("{ms} ms"), |t| t.to_string())
}

/// Captures a command that ran into the workflow being recorded.
pub(crate) fn capture(rt: &Runtime, command: &Command) {
    if !recordable(command.kind) {
        return;
    }
    let Ok(mut recording) = rt.recording.lock() else {
        return;
    };
    if recording.active && recording.steps.len() < aartiq_store::MAX_WORKFLOW_STEPS {
        recording.steps.push(WorkflowStep {
            command: command.kind.name().to_owned(),
            text: render(std::slice::from_ref(command), Format::Json),
        });
    }
}

/// Records a visit in the history (a store failure is logged; the navigation stands).
pub(crate) fn record_visit(rt: &Runtime, url: &str, title: &str) {
    if let Some(store) = &rt.store
        && let Err(e) = store.record_visit(url, title, rt.now())
    {
        tracing::warn!(url, error = %e, "could not record the visit in the history");
    }
}

/// The scheduling form's prefill (`OPEN_SCHEDULING_MODAL`): read, never stored.
pub(crate) fn scheduling_form(rt: &Runtime, command: &Command) -> (TaskDraft, String) {
    let payload = command
        .args
        .get("task")
        .map_or(Value::Object(Default::default()), ArgValue::to_json);
    let draft = parse_task(&payload);
    let text = draft_text(&draft, rt.store.as_deref(), rt.now());
    (draft, text)
}

/// Decides what a store command does; a command that cannot be right (bad settings, an
/// incomplete task, a missing workflow) fails here, before anyone is asked.
fn store_action(
    rt: &Runtime,
    turn: &Turn<'_>,
    store: &Store,
    command: &Command,
    risk: Risk,
) -> Result<(StoreAction, String, Risk), String> {
    use CommandKind as K;
    let kind = command.kind;
    Ok(match kind {
        K::ListBookmarks => {
            let limit = count_arg(command, "limit").filter(|n| *n > 0).unwrap_or(50);
            let offset = count_arg(command, "offset").unwrap_or(0);
            (
                StoreAction::ListBookmarks { limit, offset },
                format!("Lists up to {limit} bookmarks."),
                risk,
            )
        }
        K::AddBookmark => {
            let url = text_arg(command, "url")
                .ok_or("ADD_BOOKMARK needs a url")?
                .to_owned();
            let title = text_arg(command, "title").unwrap_or_default().to_owned();
            (
                StoreAction::AddBookmark {
                    url: url.clone(),
                    title,
                },
                format!("Bookmarks {url}."),
                risk,
            )
        }
        K::RemoveBookmark => {
            let url = text_arg(command, "url")
                .ok_or("REMOVE_BOOKMARK needs a url")?
                .to_owned();
            (
                StoreAction::RemoveBookmark { url: url.clone() },
                format!("Removes the bookmark of {url}."),
                risk,
            )
        }
        K::ClearBookmarks => {
            let n = store.count_bookmarks().map_err(|e| e.to_string())?;
            (
                StoreAction::ClearBookmarks,
                format!("Deletes all {n} bookmarks; this cannot be undone."),
                risk,
            )
        }
        K::ListHistory => {
            let query = HistoryQuery {
                query: text_arg(command, "query").map(str::to_owned),
                limit: count_arg(command, "limit").filter(|n| *n > 0),
                since_ms: date_arg(command, "startDate")?,
                until_ms: date_arg(command, "endDate")?,
            };
            let explanation = match &query.query {
                Some(q) => format!("Lists visits matching \"{q}\"."),
                None => "Lists recent visits.".to_owned(),
            };
            (StoreAction::ListHistory(query), explanation, risk)
        }
        K::ClearHistory => (
            StoreAction::ClearHistory,
            "Deletes the whole browsing history; this cannot be undone.".to_owned(),
            risk,
        ),
        K::SettingsQuery => {
            let category = match text_arg(command, "category") {
                None => None,
                Some(name) => Some(Category::parse(name).ok_or_else(|| {
                    format!(
                        "unknown settings category \"{name}\"; the categories are webSearch, \
                             ai, ui, permissions"
                    )
                })?),
            };
            let what = category.map_or("all settings".to_owned(), |c| {
                format!("the {} settings", c.as_str())
            });
            (
                StoreAction::SettingsQuery(category),
                format!("Reads {what}."),
                risk,
            )
        }
        K::SettingsUpdate => {
            let updates = command
                .args
                .get("updates")
                .map(ArgValue::to_json)
                .ok_or("SETTINGS_UPDATE needs updates, a JSON object of names to values")?;
            let changes = plan_settings_update(text_arg(command, "category"), &updates)
                .map_err(|e| e.to_string())?;
            let current = store.settings(None).map_err(|e| e.to_string())?;
            let lines: Vec<String> = changes
                .iter()
                .map(|c| {
                    let old = current
                        .iter()
                        .find(|e| e.key == c.key)
                        .map_or_else(String::new, |e| e.value.display());
                    format!("{}: {old} -> {}", c.key, c.value.display())
                })
                .collect();
            // Permission settings decide what later runs without asking: changing one
            // is high risk (strong confirmation).
            let risk = if changes.iter().any(|c| c.key.starts_with("permissions.")) {
                Risk::High
            } else {
                risk
            };
            (
                StoreAction::SettingsUpdate(changes),
                format!(
                    "Changes settings after your confirmation: {}.",
                    lines.join("; ")
                ),
                risk,
            )
        }
        K::SetTheme | K::SetChatStyle => {
            let updates = preference_updates(command)?;
            let changes = plan_settings_update(Some("ui"), &updates).map_err(|e| e.to_string())?;
            let lines: Vec<String> = changes
                .iter()
                .map(|c| format!("{} = {}", c.key, c.value.display()))
                .collect();
            (
                StoreAction::Preferences(changes),
                format!("Sets the UI preference {}.", lines.join(", ")),
                risk,
            )
        }
        K::ScheduleTask => {
            let (draft, text) = scheduling_form(rt, command);
            let new = draft
                .into_new()
                .map_err(|e| format!("SCHEDULE_TASK cannot be scheduled: {e}"))?;
            (
                StoreAction::Schedule(new),
                format!(
                    "Schedules a task that will run unattended:\n{text}\nUnattended runs \
                         queue anything that needs approval."
                ),
                risk,
            )
        }
        K::ListAutomations => (
            StoreAction::ListAutomations,
            "Lists the scheduled tasks.".to_owned(),
            risk,
        ),
        K::DeleteAutomation => {
            let text = text_arg(command, "id").ok_or("DELETE_AUTOMATION needs a task id")?;
            let id = parse_task_id(text)
                .ok_or_else(|| format!("\"{text}\" is not a task id such as task-3"))?;
            let automation = store
                .automation(id)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("there is no task-{id}; LIST_AUTOMATIONS lists them"))?;
            let label = format!("{} \"{}\"", automation.task_id(), automation.name);
            (
                StoreAction::DeleteAutomation {
                    id,
                    label: label.clone(),
                },
                format!("Deletes the scheduled task {label}; this cannot be undone."),
                risk,
            )
        }
        K::RecordWorkflow => {
            let action = text_arg(command, "action").unwrap_or_default();
            let active = rt.recording_steps().is_some();
            let (what, explanation) = match action {
                "start" => (
                    StoreAction::RecordStart,
                    "Starts recording the commands that run as a workflow.".to_owned(),
                ),
                "stop" => (
                    StoreAction::RecordStop,
                    "Stops recording (the steps are kept until saved).".to_owned(),
                ),
                "" if !active => (
                    StoreAction::RecordStart,
                    "Starts recording the commands that run as a workflow.".to_owned(),
                ),
                "" => (
                    StoreAction::RecordStop,
                    "Stops recording (the steps are kept until saved).".to_owned(),
                ),
                "save" => (
                    StoreAction::RecordSave(None),
                    "Saves the recorded steps as a workflow.".to_owned(),
                ),
                other => {
                    let name = other
                        .strip_prefix("save:")
                        .ok_or("RECORD_WORKFLOW requires: start, stop, or save:name")?;
                    let name = aartiq_store::check_workflow_name(name)
                        .map_err(|e| e.to_string())?
                        .to_owned();
                    (
                        StoreAction::RecordSave(Some(name.clone())),
                        format!("Saves the recorded steps as workflow \"{name}\"."),
                    )
                }
            };
            (what, explanation, risk)
        }
        K::PlayWorkflow => {
            if turn.playing {
                return Err("a workflow cannot play another workflow".into());
            }
            let name = text_arg(command, "name").ok_or("PLAY_WORKFLOW needs a name")?;
            let workflow = store
                .workflow(name)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("there is no workflow \"{name}\""))?;
            let mut commands = Vec::with_capacity(workflow.steps.len());
            for (i, step) in workflow.steps.iter().enumerate() {
                let mut parsed = parse(&step.text);
                if parsed.commands.len() != 1 {
                    return Err(format!(
                        "step {} of workflow \"{name}\" does not read as one command",
                        i + 1
                    ));
                }
                commands.push(parsed.commands.remove(0));
            }
            let list: Vec<String> = commands
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}. {}", i + 1, c.description()))
                .collect();
            (
                StoreAction::Play {
                    name: workflow.name.clone(),
                    commands,
                },
                format!(
                    "Replays workflow \"{}\" step by step, each step judged and approved \
                         on its own:\n{}",
                    workflow.name,
                    list.join("\n")
                ),
                risk,
            )
        }
        _ => return Err(format!("{} is not a store command", kind.name())),
    })
}

#[async_trait]
impl Work for StoreAction {
    /// Runs a store command that was approved (or needs no approval).
    async fn run(self: Box<Self>, rt: &Runtime, _turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let kind = at.kind();
        let result = |status, text: String| Ran::Done(at.result(status, Vec::new(), text));
        let Some(store) = rt.store.clone() else {
            return result(
                Status::Unavailable,
                "NOT_AVAILABLE: no store is configured on this host. Nothing was done.".into(),
            );
        };
        let now = rt.now();
        let outcome: Result<String, aartiq_store::StoreError> = match *self {
            StoreAction::ListBookmarks { limit, offset } => {
                store.list_bookmarks(limit, offset).map(|list| {
                    if list.is_empty() {
                        "no bookmarks".to_owned()
                    } else {
                        list.iter()
                            .map(|b| format!("- {} {}", b.url, b.title))
                            .collect::<Vec<_>>()
                            .join("\n")
                    }
                })
            }
            StoreAction::AddBookmark { url, title } => {
                store.add_bookmark(&url, &title, now).map(|(b, new)| {
                    if new {
                        format!("bookmarked {}", b.url)
                    } else {
                        format!(
                            "{} was bookmarked already; its title is now \"{}\"",
                            b.url, b.title
                        )
                    }
                })
            }
            StoreAction::RemoveBookmark { url } => store.remove_bookmark(&url).map(|removed| {
                if removed {
                    format!("removed the bookmark of {url}")
                } else {
                    format!("{url} was not bookmarked; nothing was removed")
                }
            }),
            StoreAction::ClearBookmarks => store
                .clear_bookmarks()
                .map(|n| format!("deleted {n} bookmarks")),
            StoreAction::ListHistory(query) => store.list_history(&query).map(|list| {
                if list.is_empty() {
                    "no visits match".to_owned()
                } else {
                    list.iter()
                        .map(|h| format!("- {} {} {}", iso(h.visited_at), h.url, h.title))
                        .collect::<Vec<_>>()
                        .join("\n")
                }
            }),
            StoreAction::ClearHistory => store
                .clear_history()
                .map(|n| format!("deleted {n} visits from the history")),
            StoreAction::SettingsQuery(category) => store.settings(category).map(|entries| {
                entries
                    .iter()
                    .map(|e| {
                        format!(
                            "{}: {}{}",
                            e.key,
                            e.value.display(),
                            if e.is_default { " (default)" } else { "" }
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            }),
            StoreAction::SettingsUpdate(changes) => {
                store.apply_settings(&changes, now).map(|applied| {
                    let lines: Vec<String> = applied
                        .iter()
                        .map(|a| format!("{}: {} -> {}", a.key, a.old.display(), a.new.display()))
                        .collect();
                    format!("settings changed: {}", lines.join("; "))
                })
            }
            StoreAction::Preferences(changes) => {
                store.apply_settings(&changes, now).map(|applied| {
                    let lines: Vec<String> = applied
                        .iter()
                        .map(|a| format!("{}: {} -> {}", a.key, a.old.display(), a.new.display()))
                        .collect();
                    format!("preferences saved: {}", lines.join("; "))
                })
            }
            StoreAction::Schedule(new) => store.add_automation(&new, now).map(|a| {
                format!(
                    "scheduled {} \"{}\" ({} {}), next run {}",
                    a.task_id(),
                    a.name,
                    a.action.type_name(),
                    a.action.target(),
                    a.next_run_at.map_or_else(|| "never".to_owned(), iso)
                )
            }),
            StoreAction::ListAutomations => store.list_automations().map(|list| {
                if list.is_empty() {
                    "no scheduled tasks".to_owned()
                } else {
                    list.iter()
                        .map(|a| {
                            format!(
                                "- {} \"{}\": {} {} on \"{}\", next run {}{}",
                                a.task_id(),
                                a.name,
                                a.action.type_name(),
                                a.action.target(),
                                a.schedule,
                                a.next_run_at.map_or_else(|| "never".to_owned(), iso),
                                if a.enabled { "" } else { " (done)" }
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                }
            }),
            StoreAction::DeleteAutomation { id, label } => {
                store.delete_automation(id).map(|deleted| {
                    if deleted {
                        format!("deleted the scheduled task {label}")
                    } else {
                        format!("{label} was already gone")
                    }
                })
            }
            StoreAction::RecordStart => {
                if let Ok(mut r) = rt.recording.lock() {
                    r.active = true;
                    r.steps.clear();
                }
                Ok(
                    "recording: every command that runs from now on is a step, until \
                    RECORD_WORKFLOW: save:name"
                        .to_owned(),
                )
            }
            StoreAction::RecordStop => {
                let n = rt.recording.lock().map_or(0, |mut r| {
                    r.active = false;
                    r.steps.len()
                });
                Ok(format!(
                    "recording stopped with {n} steps; save them with RECORD_WORKFLOW: save:name"
                ))
            }
            StoreAction::RecordSave(name) => {
                let steps = rt
                    .recording
                    .lock()
                    .map(|mut r| {
                        r.active = false;
                        std::mem::take(&mut r.steps)
                    })
                    .unwrap_or_default();
                let name = match name {
                    Some(n) => n,
                    None => store
                        .list_workflows()
                        .map(|w| format!("workflow-{}", w.len() + 1))
                        .unwrap_or_else(|_| "workflow".to_owned()),
                };
                let saved = store.save_workflow(&name, &steps, now);
                if saved.is_err()
                    && let Ok(mut r) = rt.recording.lock()
                {
                    // Nothing is lost: the steps stay for another try.
                    r.steps = steps;
                }
                saved.map(|w| {
                    let list: Vec<&str> = w.steps.iter().map(|s| s.command.as_str()).collect();
                    format!(
                        "saved workflow \"{}\" with {} steps: {}",
                        w.name,
                        w.steps.len(),
                        list.join(", ")
                    )
                })
            }
            StoreAction::Play { name, commands } => return Ran::Play { name, commands },
        };
        match outcome {
            Ok(text) => result(Status::Ok, text),
            Err(e) => result(Status::Failed, format!("{} failed: {e}", kind.name())),
        }
    }
}
