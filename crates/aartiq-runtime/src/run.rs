//! The loop: goal -> skills -> streamed reply -> commands explained, judged, approved one at a
//! time, executed -> results back -> until an answer, the planner's "done", or the step budget.
//! What each command does is its handler's (`commands/`); this file decides only the order,
//! the prompts and the record.

use aartiq_agents::{PlanContext, Planner, PlannerConfig};
use aartiq_commands::{Command, CommandKind, Risk, parse};
use aartiq_llm::{ChatMessage, ChatRequest, Role};
use tracing::Instrument;

use crate::approval::{ApprovalPrompt, Approver, Decision, PromptItem, PromptKind};
use crate::commands::{self, At, Prepared, Ran, Turn};
use crate::event::{CommandView, DecidedBy, Event, EventSink};
use crate::judge::{Need, ShellJudged, shell_risk};
use crate::outcome::{CommandResult, Status, StopReason};
use crate::planning::ChatPlanModel;
use crate::prompt::{results_message, system_prompt};
use crate::runtime::Runtime;
use crate::transcript::{Transcript, TranscriptSink};

/// A line a person typed, read once: commands typed on their own (`[NAVIGATE: https://...]`)
/// run as they are, without a model; anything else is a goal for the model.
#[derive(Debug, Clone)]
pub struct TypedLine {
    text: String,
    commands: Option<Vec<Command>>,
}

impl TypedLine {
    /// Reads `line` (trimmed).
    pub fn read(line: &str) -> TypedLine {
        let text = line.trim().to_owned();
        let parsed = aartiq_commands::parse(&text);
        let direct = parsed.has_commands() && parsed.text_without_commands.trim().is_empty();
        TypedLine {
            commands: direct.then_some(parsed.commands),
            text,
        }
    }

    /// The line as typed, trimmed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether running it needs a model (it is a goal, not commands).
    pub fn needs_model(&self) -> bool {
        self.commands.is_none()
    }
}

impl Runtime {
    /// Runs what a person typed ([`TypedLine`]): its commands as they are, or the goal through
    /// the model. The terminal and the web UI both run a line this way.
    pub async fn run_line(
        &self,
        line: &TypedLine,
        approver: &dyn Approver<ApprovalPrompt>,
        events: &dyn EventSink,
    ) -> RunOutcome {
        match &line.commands {
            Some(commands) => {
                self.run_commands(&line.text, commands, approver, events)
                    .await
            }
            None => self.run_goal(&line.text, approver, events).await,
        }
    }

    /// Runs `commands` as if a model had replied with them (no model, no planner): each is
    /// explained, judged, asked about and run exactly as in [`Runtime::run_goal`]. The
    /// scheduler runs automations this way. `label` names the run in the transcript.
    pub async fn run_commands(
        &self,
        label: &str,
        commands: &[Command],
        approver: &dyn Approver<ApprovalPrompt>,
        events: &dyn EventSink,
    ) -> RunOutcome {
        let sinks = Recorded::new(self, events);
        let mut run = Run::new(self, approver, &sinks, label);
        run.turn.step = 1;
        run.turn.events.emit(&Event::Started {
            goal: run.turn.goal.clone(),
            skills: Vec::new(),
        });
        let span = tracing::info_span!("runtime.commands", agent = %self.agent);
        let results = run.execute_reply(1, commands).instrument(span).await;
        let reason = StopReason::Commands;
        run.turn.events.emit(&Event::Finished {
            reason: reason.clone(),
            steps: 1,
        });
        RunOutcome {
            reason,
            answer: String::new(),
            steps: 1,
            results,
            transcript: run.recorder.transcript(),
        }
    }

    /// Runs one goal to its end. Never fails: a model that cannot be reached ends the run with
    /// [`StopReason::ModelError`], and the transcript so far is kept.
    pub async fn run_goal(
        &self,
        goal: &str,
        approver: &dyn Approver<ApprovalPrompt>,
        events: &dyn EventSink,
    ) -> RunOutcome {
        let sinks = Recorded::new(self, events);
        let mut run = Run::new(self, approver, &sinks, goal);
        let span = tracing::info_span!("runtime.run", agent = %self.agent);
        run.go().instrument(span).await
    }
}

/// The end of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct RunOutcome {
    /// Why it stopped.
    pub reason: StopReason,
    /// The last reply's prose, commands cut out.
    pub answer: String,
    /// How many model replies it took.
    pub steps: usize,
    /// Every command's result, in order.
    pub results: Vec<CommandResult>,
    /// The whole run, for auditing and replay.
    pub transcript: Transcript,
}

/// A run's events: recorded as its transcript, then handed to the caller's sink.
struct Recorded<'a> {
    recorder: TranscriptSink,
    outer: &'a dyn EventSink,
}

impl<'a> Recorded<'a> {
    fn new(rt: &Runtime, outer: &'a dyn EventSink) -> Recorded<'a> {
        Recorded {
            recorder: TranscriptSink::new(rt.backends.clock.clone()),
            outer,
        }
    }
}

impl EventSink for Recorded<'_> {
    fn emit(&self, event: &Event) {
        self.recorder.emit(event);
        self.outer.emit(event);
    }
}

/// One run's loop: the conversation, the record, and the turn the commands share.
pub(crate) struct Run<'a> {
    rt: &'a Runtime,
    approver: &'a dyn Approver<ApprovalPrompt>,
    /// Where the run's events become its transcript.
    recorder: &'a TranscriptSink,
    messages: Vec<ChatMessage>,
    /// How many of the turn's skills the system prompt holds.
    skills_in_prompt: usize,
    results: Vec<CommandResult>,
    /// Descriptions of commands that ran, for the planner.
    actions: Vec<String>,
    turn: Turn<'a>,
}

impl<'a> Run<'a> {
    fn new(
        rt: &'a Runtime,
        approver: &'a dyn Approver<ApprovalPrompt>,
        sinks: &'a Recorded<'a>,
        goal: &str,
    ) -> Run<'a> {
        Run {
            rt,
            approver,
            recorder: &sinks.recorder,
            turn: Turn::new(commands::HANDLERS, sinks, goal.to_owned()),
            messages: Vec::new(),
            skills_in_prompt: 0,
            results: Vec::new(),
            actions: Vec::new(),
        }
    }

    fn system(&self) -> String {
        system_prompt(
            &self.turn.skills,
            self.rt.config.extra_instructions.as_deref(),
            self.rt,
        )
    }

    /// Loads `id` into the system prompt (once).
    fn load_skill(&mut self, id: &str) -> Result<String, String> {
        let label = commands::load_skill(self.rt, &mut self.turn, id)?;
        self.refresh_system();
        Ok(label)
    }

    /// Puts the turn's skills into the system prompt when a command added one.
    fn refresh_system(&mut self) {
        if self.turn.skills.len() == self.skills_in_prompt {
            return;
        }
        self.skills_in_prompt = self.turn.skills.len();
        let system = self.system();
        if let Some(first) = self.messages.first_mut() {
            first.content = system;
        }
    }

    async fn go(&mut self) -> RunOutcome {
        let config = &self.rt.config;
        let mut diagnostics = Vec::new();
        for id in aartiq_skills::skills_for_message(&self.turn.goal) {
            if let Err(e) = self.load_skill(id) {
                diagnostics.push(format!("skill {id} could not be loaded: {e}"));
            }
        }
        let skill_ids: Vec<String> = self.turn.skills.iter().map(|s| s.id.clone()).collect();
        self.messages = vec![
            ChatMessage::new(Role::System, self.system()),
            ChatMessage::new(Role::User, self.turn.goal.clone()),
        ];
        self.turn.events.emit(&Event::Started {
            goal: self.turn.goal.clone(),
            skills: skill_ids,
        });
        for message in diagnostics {
            self.turn
                .events
                .emit(&Event::Diagnostic { step: 0, message });
        }
        let mut planner = config.planning.then(|| {
            Planner::new(
                ChatPlanModel {
                    chat: self.rt.backends.chat.clone(),
                    now_ms: self.rt.now(),
                },
                PlannerConfig {
                    planning_interval: config.planning_interval.max(1),
                    max_steps_per_plan: 10,
                },
            )
        });
        if let Some(planner) = planner.as_mut()
            && let Some(plan) = self.replan(planner).await
            && let Some(goal_message) = self.messages.get_mut(1)
        {
            goal_message.content.push_str(&format!("\n\nPlan:\n{plan}"));
        }
        let mut step = 0;
        let mut answer = String::new();
        let reason = loop {
            if step >= config.max_steps {
                break StopReason::StepBudget {
                    max_steps: config.max_steps,
                };
            }
            step += 1;
            self.turn.events.emit(&Event::StepStarted {
                step,
                max_steps: config.max_steps,
            });
            let request = ChatRequest {
                messages: self.messages.clone(),
                temperature: config.temperature,
                ..ChatRequest::default()
            };
            let events = self.turn.events;
            let reply = self
                .rt
                .backends
                .chat
                .chat_stream(&request, |piece| {
                    events.emit(&Event::ReplyChunk {
                        step,
                        text: piece.to_owned(),
                    });
                })
                .await;
            let reply = match reply {
                Ok(reply) => reply.text,
                Err(e) => {
                    break StopReason::ModelError {
                        message: e.to_string(),
                    };
                }
            };
            let parsed = parse(&reply);
            self.turn.events.emit(&Event::Reply {
                step,
                text: reply.clone(),
                commands: parsed.commands.len(),
            });
            for d in &parsed.diagnostics {
                self.turn.events.emit(&Event::Diagnostic {
                    step,
                    message: d.message.clone(),
                });
            }
            answer = parsed.text_without_commands.clone();
            self.messages.push(ChatMessage::new(Role::Assistant, reply));
            if !parsed.has_commands() {
                break StopReason::Answered;
            }
            let results = self.execute_reply(step, &parsed.commands).await;
            let mut plan_text = None;
            let mut done = None;
            if let Some(planner) = planner.as_mut() {
                planner.advance_step();
                if planner.should_replan() {
                    match self.replan(planner).await {
                        Some(text) if !text.is_empty() => plan_text = Some(text),
                        Some(_) => {
                            let domain = self.current_domain().await;
                            let check = planner.check_completion(answer.len(), domain.as_deref());
                            if check.complete {
                                done = Some(check.reason);
                            }
                        }
                        None => {}
                    }
                }
            }
            self.messages.push(ChatMessage::new(
                Role::User,
                results_message(step, &results, plan_text.as_deref()),
            ));
            self.results.extend(results);
            if let Some(message) = done {
                break StopReason::PlannerDone { message };
            }
        };
        self.turn.events.emit(&Event::Finished {
            reason: reason.clone(),
            steps: step,
        });
        RunOutcome {
            reason,
            answer,
            steps: step,
            results: std::mem::take(&mut self.results),
            transcript: self.recorder.transcript(),
        }
    }

    /// The registrable part of the current tab's host, for the planner's completion check.
    async fn current_domain(&self) -> Option<String> {
        let url = commands::current_url(self.rt, &self.turn).await?;
        let host = url::Url::parse(&url).ok()?.host_str()?.to_owned();
        Some(host)
    }

    /// Makes a (new) plan; `Some(text)` with the numbered steps (empty for an empty plan).
    async fn replan(&mut self, planner: &mut Planner<ChatPlanModel>) -> Option<String> {
        let context = PlanContext {
            url: commands::current_url(self.rt, &self.turn).await,
            domain: None,
            page_content: None,
            prior_actions: self.actions.clone(),
        };
        let goal = self.turn.goal.clone();
        match planner.create_plan(&goal, &context).await {
            Ok(plan) => {
                let plan = plan.clone();
                let text = plan
                    .steps
                    .iter()
                    .map(|s| format!("{}. {}", s.index + 1, s.description))
                    .collect::<Vec<_>>()
                    .join("\n");
                self.turn.events.emit(&Event::Planned { plan });
                Some(text)
            }
            Err(e) => {
                self.turn.events.emit(&Event::PlanFailed {
                    message: e.to_string(),
                });
                None
            }
        }
    }

    /// Explains, judges, asks about and runs a reply's commands in order.
    pub(crate) async fn execute_reply(
        &mut self,
        step: usize,
        commands: &[Command],
    ) -> Vec<CommandResult> {
        self.turn.step = step;
        let shell_settings = self.rt.config.shell.policy.clone();
        let judged: Vec<Option<ShellJudged>> = commands
            .iter()
            .map(|c| {
                (c.kind == CommandKind::ShellCommand).then(|| {
                    let line = c.args.text("command").unwrap_or_default();
                    let assessment = aartiq_shell_policy::assess(line, &shell_settings);
                    let (verdict, need) = self.rt.judge_shell(line, &assessment);
                    ShellJudged {
                        assessment,
                        verdict,
                        need,
                    }
                })
            })
            .collect();
        // Two or more shell lines that ask collapse into one prompt (spec b.9).
        let batch: Vec<usize> = judged
            .iter()
            .enumerate()
            .filter_map(|(i, j)| {
                j.as_ref()
                    .filter(|j| matches!(j.need, Need::Ask { .. }))
                    .map(|_| i)
            })
            .collect();
        self.turn.shell = judged;
        let batched = batch.len() >= 2;
        let mut batch_answer: Option<Decision> = None;
        let mut stopped: Option<String> = None;
        let mut results = Vec::with_capacity(commands.len());
        for (index, command) in commands.iter().enumerate() {
            if let Some(why) = &stopped {
                let result = CommandResult {
                    index,
                    command: command.kind.name().to_owned(),
                    status: Status::Skipped,
                    tools: Vec::new(),
                    text: format!("not run: {why}"),
                };
                self.finish(step, &mut results, result);
                continue;
            }
            let at = At {
                index,
                command,
                person: false,
            };
            let prepared = match commands::prepare(self.rt, &mut self.turn, at).await {
                Ok(prepared) => prepared,
                Err(result) => {
                    self.finish(step, &mut results, result);
                    continue;
                }
            };
            let view = CommandView::of(command);
            self.turn.events.emit(&Event::Explained {
                step,
                index,
                command: view,
                explanation: prepared.explanation.clone(),
                judgement: Box::new(prepared.judgement.clone()),
            });
            let decision = match &prepared.judgement.need {
                Need::Run { reason } => {
                    let by = match &prepared.judgement.shell {
                        Some(shell) if shell.always_until.is_some() => DecidedBy::Grant,
                        _ => DecidedBy::Settings,
                    };
                    Decision::unasked(true, reason.clone(), by)
                }
                Need::Refuse { reason } => {
                    Decision::unasked(false, reason.clone(), DecidedBy::Policy)
                }
                Need::Ask { reason } => {
                    if batched && batch.contains(&index) {
                        if batch_answer.is_none() {
                            let prompt = self.batch_prompt(step, commands, &batch);
                            batch_answer =
                                Some(self.rt.ask(self.approver, self.turn.events, prompt).await);
                        }
                        batch_answer.clone().unwrap_or_else(|| {
                            Decision::unasked(false, "no answer".to_owned(), DecidedBy::Policy)
                        })
                    } else {
                        let prompt = ApprovalPrompt {
                            id: 0,
                            step,
                            kind: PromptKind::Action,
                            risk: prepared.judgement.risk,
                            reason: reason.clone(),
                            items: vec![PromptItem {
                                index,
                                command: command.kind.name().to_owned(),
                                description: command.description(),
                                explanation: prepared.explanation.clone(),
                                shell: prepared.judgement.shell.clone(),
                            }],
                            always_allow: false,
                        };
                        self.rt.ask(self.approver, self.turn.events, prompt).await
                    }
                }
            };
            let Decision {
                approved,
                reason,
                by,
                prompt,
            } = decision;
            tracing::info!(
                step,
                index,
                command = command.kind.name(),
                approved,
                by = ?by,
                "decision"
            );
            self.turn.events.emit(&Event::Decided {
                step,
                index,
                approved,
                by,
                reason: reason.clone(),
                prompt,
            });
            if !approved {
                let (status, text) = match by {
                    DecidedBy::Person => (
                        Status::Denied,
                        format!("the person denied it: {reason}. Nothing was done."),
                    ),
                    _ => (
                        Status::Refused,
                        format!("refused: {reason}. Nothing was done."),
                    ),
                };
                stopped = Some(format!("{} was {}", command.kind.name(), status.as_str()));
                let result = CommandResult {
                    index,
                    command: command.kind.name().to_owned(),
                    status,
                    tools: Vec::new(),
                    text,
                };
                self.finish(step, &mut results, result);
                continue;
            }
            let person = by == DecidedBy::Person;
            let result = self.execute(at, prepared, person).await;
            if matches!(result.status, Status::Denied | Status::Refused) {
                stopped = Some(format!(
                    "{} was {}",
                    command.kind.name(),
                    result.status.as_str()
                ));
            }
            if result.status == Status::Ok {
                self.actions.push(command.description());
                commands::capture(self.rt, command);
            }
            self.finish(step, &mut results, result);
        }
        results
    }

    fn batch_prompt(&self, step: usize, commands: &[Command], batch: &[usize]) -> ApprovalPrompt {
        let mut risk = Risk::Medium;
        let items = batch
            .iter()
            .filter_map(|&i| {
                let command = commands.get(i)?;
                let judged = self.turn.shell.get(i)?.as_ref()?;
                risk = risk.max(shell_risk(&judged.assessment));
                let verdict = judged.verdict.clone();
                Some(PromptItem {
                    index: i,
                    command: command.kind.name().to_owned(),
                    description: command.description(),
                    explanation: commands::shell_explanation(
                        command.args.text("command").unwrap_or_default(),
                        &self.rt.config.shell,
                    ),
                    shell: Some(verdict),
                })
            })
            .collect::<Vec<_>>();
        ApprovalPrompt {
            id: 0,
            step,
            kind: PromptKind::ShellBatch,
            risk,
            reason: format!(
                "{} shell commands in one reply, approved or denied together",
                items.len()
            ),
            items,
            always_allow: false,
        }
    }

    fn finish(&mut self, step: usize, results: &mut Vec<CommandResult>, mut result: CommandResult) {
        tracing::info!(
            step,
            index = result.index,
            command = %result.command,
            status = result.status.as_str(),
            "result"
        );
        result.text = crate::prompt::cut(&result.text, self.rt.config.max_result_chars);
        self.turn.events.emit(&Event::Result {
            step,
            result: result.clone(),
        });
        results.push(result);
    }

    /// Runs a prepared, approved command. One kill switch for everything: tools, host
    /// commands, documents, plugins, shell and research all stop while it is engaged, not only
    /// the registry's tools.
    async fn execute(&mut self, at: At<'_>, prepared: Prepared, person: bool) -> CommandResult {
        if self.rt.kill_switch_engaged() {
            return at.result(
                Status::Refused,
                Vec::new(),
                format!(
                    "refused: the kill switch is engaged, so {} did not run. Only a person can \
                     release it.",
                    at.kind().name()
                ),
            );
        }
        let at = At { person, ..at };
        let ran = prepared.work.run(self.rt, &mut self.turn, at).await;
        self.refresh_system();
        match ran {
            Ran::Done(result) => result,
            Ran::Play { name, commands } => self.play(at, &name, &commands).await,
        }
    }

    /// Replays a workflow's commands through the same judging and approval as a reply's.
    async fn play(&mut self, at: At<'_>, name: &str, commands: &[Command]) -> CommandResult {
        let step = self.turn.step;
        let shell = std::mem::take(&mut self.turn.shell);
        self.turn.playing = true;
        let results = Box::pin(self.execute_reply(step, commands)).await;
        self.turn.playing = false;
        self.turn.step = step;
        self.turn.shell = shell;
        let status = results
            .iter()
            .map(|r| r.status)
            .find(|s| *s != Status::Ok)
            .map_or(Status::Ok, |s| match s {
                Status::Skipped => Status::Failed,
                other => other,
            });
        let lines: Vec<String> = results
            .iter()
            .map(|r| {
                format!(
                    "{}. {} {}: {}",
                    r.index + 1,
                    r.command,
                    r.status.as_str(),
                    r.text
                )
            })
            .collect();
        at.result(
            status,
            results.iter().flat_map(|r| r.tools.clone()).collect(),
            format!("workflow \"{name}\":\n{}", lines.join("\n")),
        )
    }
}
