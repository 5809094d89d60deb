//! The terminal front end: lines in, events rendered out, approvals answered at the prompt.
//!
//! One thread reads stdin lines into a channel; the prompt loop and the approver take turns
//! reading it (the approver only while a goal runs, when the loop waits). With `--json`
//! every event is one JSON line on stdout and approvals are asked as JSON lines too.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aartiq_runtime::{ApprovalAnswer, ApprovalPrompt, Approver, Event, EventSink, PromptKind};
use async_trait::async_trait;
use indicatif::{ProgressBar, ProgressStyle};
use tokio::sync::mpsc;

/// Lines typed by the person.
#[derive(Clone)]
pub(crate) struct Input {
    lines: Arc<tokio::sync::Mutex<mpsc::UnboundedReceiver<String>>>,
}

impl Input {
    /// Starts the reader thread.
    pub(crate) fn stdin() -> Input {
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut line = String::new();
            loop {
                line.clear();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx
                            .send(line.trim_end_matches(['\n', '\r']).to_owned())
                            .is_err()
                        {
                            break;
                        }
                    }
                }
            }
        });
        Input {
            lines: Arc::new(tokio::sync::Mutex::new(rx)),
        }
    }

    /// The next line, `None` at end of input.
    pub(crate) async fn next(&self) -> Option<String> {
        self.lines.lock().await.recv().await
    }
}

fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// Asks the person at the terminal; no answer within the timeout is a denial.
pub(crate) struct TerminalApprover {
    pub(crate) input: Input,
    pub(crate) timeout: Duration,
    pub(crate) json: bool,
    pub(crate) spinner: Spinner,
}

#[async_trait]
impl Approver<ApprovalPrompt> for TerminalApprover {
    async fn decide(&self, prompt: &ApprovalPrompt) -> ApprovalAnswer {
        self.spinner.stop();
        if self.json {
            out(&format!(
                "{}\n",
                serde_json::json!({
                    "type": "approval_needed",
                    "prompt": prompt,
                    "answer_with": if prompt.always_allow { "y, n or a (always)" } else { "y or n" },
                })
            ));
        } else {
            let what = match prompt.kind {
                PromptKind::ShellBatch => format!(
                    "Approval needed for {} shell commands, approved or denied together",
                    prompt.items.len()
                ),
                PromptKind::Action => "Approval needed".to_owned(),
            };
            let mut text = format!(
                "\n== {what} (risk: {}) ==\n   {}\n",
                prompt.risk.as_str(),
                prompt.reason
            );
            for item in &prompt.items {
                text.push_str(&format!("   {}. {}\n", item.index + 1, item.command));
                if !item.explanation.is_empty() {
                    text.push_str(&format!("      {}\n", item.explanation));
                }
                if let Some(shell) = &item.shell {
                    text.push_str(&format!(
                        "      shell policy: {} -> {}{}\n",
                        shell.tier,
                        shell.decision,
                        if shell.findings.is_empty() {
                            String::new()
                        } else {
                            format!(" ({})", shell.findings.join("; "))
                        }
                    ));
                    text.push_str(&format!("      line: {}\n", shell.line));
                }
            }
            // "Always allow" only when the shell policy finds every line eligible (spec b.9).
            let choices = if prompt.always_allow {
                "y/N/a = yes, no, always for this exact line"
            } else {
                "y/N"
            };
            text.push_str(&format!(
                "Approve? [{choices}] (denied after {}s) ",
                self.timeout.as_secs()
            ));
            out(&text);
        }
        match tokio::time::timeout(self.timeout, self.input.next()).await {
            Ok(Some(answer)) => match answer.trim().to_ascii_lowercase().as_str() {
                "y" | "yes" => ApprovalAnswer::Approve,
                "a" | "always" if prompt.always_allow => ApprovalAnswer::ApproveAlways,
                _ => ApprovalAnswer::Deny("denied by user".to_owned()),
            },
            Ok(None) => ApprovalAnswer::Deny("no one is at the terminal (end of input)".to_owned()),
            Err(_) => ApprovalAnswer::Deny(format!(
                "timed out after {}s without an answer",
                self.timeout.as_secs()
            )),
        }
    }
}

/// A spinner on stderr while the assistant waits (hidden when stderr is not a terminal).
#[derive(Clone)]
pub(crate) struct Spinner {
    bar: Arc<Mutex<Option<ProgressBar>>>,
    enabled: bool,
}

impl Spinner {
    pub(crate) fn new(enabled: bool) -> Spinner {
        Spinner {
            bar: Arc::default(),
            enabled,
        }
    }

    pub(crate) fn show(&self, message: String) {
        if !self.enabled {
            return;
        }
        let Ok(mut slot) = self.bar.lock() else {
            return;
        };
        match slot.as_ref() {
            Some(bar) => bar.set_message(message),
            None => {
                let bar = ProgressBar::new_spinner();
                if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
                    bar.set_style(style);
                }
                bar.set_message(message);
                bar.enable_steady_tick(Duration::from_millis(120));
                *slot = Some(bar);
            }
        }
    }

    pub(crate) fn stop(&self) {
        if let Ok(mut slot) = self.bar.lock()
            && let Some(bar) = slot.take()
        {
            bar.finish_and_clear();
        }
    }
}

/// Renders runtime events for a person, or as JSON lines.
pub(crate) struct Renderer {
    pub(crate) json: bool,
    pub(crate) spinner: Spinner,
    streaming: Mutex<bool>,
}

impl Renderer {
    pub(crate) fn new(json: bool, spinner: Spinner) -> Renderer {
        Renderer {
            json,
            spinner,
            streaming: Mutex::new(false),
        }
    }

    fn end_stream(&self) {
        if let Ok(mut streaming) = self.streaming.lock()
            && *streaming
        {
            *streaming = false;
            out("\n");
        }
    }
}

fn cut(text: &str, max: usize) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if one_line.chars().count() <= max {
        one_line
    } else {
        let mut short: String = one_line.chars().take(max).collect();
        short.push('…');
        short
    }
}

impl EventSink for Renderer {
    fn emit(&self, event: &Event) {
        if self.json {
            if let Ok(line) = serde_json::to_string(event) {
                out(&format!("{line}\n"));
            }
            return;
        }
        match event {
            Event::Started { skills, .. } if !skills.is_empty() => {
                out(&format!(
                    "[{} skill{} loaded: {}]\n",
                    skills.len(),
                    if skills.len() == 1 { "" } else { "s" },
                    skills.join(", ")
                ));
            }
            Event::Planned { plan } => out(&format!("[plan: {} steps]\n", plan.steps.len())),
            Event::PlanFailed { message } => out(&format!("[planner: {message}]\n")),
            Event::StepStarted { step, max_steps } => {
                self.spinner
                    .show(format!("thinking (step {step} of at most {max_steps})"));
            }
            Event::ReplyChunk { text, .. } => {
                self.spinner.stop();
                if let Ok(mut streaming) = self.streaming.lock() {
                    *streaming = true;
                }
                out(text);
            }
            Event::Reply { .. } => self.end_stream(),
            Event::Diagnostic { message, .. } => {
                self.end_stream();
                out(&format!("  note: {message}\n"));
            }
            Event::Explained {
                index,
                command,
                explanation,
                judgement,
                ..
            } => {
                self.end_stream();
                let args = if command.args.as_object().is_some_and(|o| o.is_empty()) {
                    String::new()
                } else {
                    format!(" {}", cut(&command.args.to_string(), 120))
                };
                out(&format!(
                    "  {}. {}{} (risk: {})\n     {}\n",
                    index + 1,
                    command.kind,
                    args,
                    judgement.risk.as_str(),
                    cut(explanation, 200)
                ));
            }
            Event::ApprovalAsked { .. } => {}
            Event::ApprovalAnswered {
                approved,
                reason,
                always,
                ..
            } => {
                out(&match (approved, reason) {
                    (true, _) if !always.is_empty() => format!(
                        "   approved, and allowed always (30 days): {}\n",
                        always.join("; ")
                    ),
                    (true, _) => "   approved\n".to_owned(),
                    (false, Some(reason)) => format!("   denied: {reason}\n"),
                    (false, None) => "   denied\n".to_owned(),
                });
            }
            Event::Result { result, .. } => {
                self.spinner.stop();
                out(&format!(
                    "  -> {} {}: {}\n",
                    result.command,
                    result.status.as_str(),
                    cut(&result.text, 300)
                ));
            }
            Event::Research { event } => {
                let message = serde_json::to_value(event.as_ref())
                    .ok()
                    .and_then(|v| v.get("message").and_then(|m| m.as_str().map(str::to_owned)))
                    .unwrap_or_else(|| "researching".to_owned());
                self.spinner.show(format!("research: {message}"));
            }
            Event::Finished { .. } => {
                self.spinner.stop();
                self.end_stream();
            }
            _ => {}
        }
    }
}
