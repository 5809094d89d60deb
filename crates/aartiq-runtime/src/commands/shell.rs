//! `SHELL_COMMAND`: the shell policy (`aartiq-shell-policy`), one approval per batch, and the
//! bounded process runner. The lines of a reply are judged once, together, before any runs
//! (two or more that ask are one prompt, spec b.9); this handler reads that judgement.

use aartiq_commands::CommandKind as K;
use async_trait::async_trait;

use super::handler::{At, Handler, Prepared, Ran, Turn, Work, scanned};
use crate::config::ShellConfig;
use crate::judge::{Judgement, shell_risk};
use crate::outcome::Status;
use crate::route::Route;
use crate::runtime::Runtime;

pub(crate) struct Shell;

/// The explanation of a shell line.
pub(crate) fn shell_explanation(line: &str, shell: &ShellConfig) -> String {
    format!(
        "Runs `{}` with {} -c in {}, killed after {} s, output capped at {} bytes, secrets \
         removed from the environment.",
        line,
        shell.program.display(),
        shell.working_dir.display(),
        shell.timeout.as_secs(),
        shell.output_cap
    )
}

#[async_trait]
impl Handler for Shell {
    fn kinds(&self) -> &'static [K] {
        &[K::ShellCommand]
    }

    fn route(&self, _kind: K) -> Route {
        Route::Shell
    }

    async fn prepare(
        &self,
        rt: &Runtime,
        turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let line = at.text("command").unwrap_or_default().to_owned();
        let Some(judged) = turn.shell.get(at.index).and_then(Option::as_ref) else {
            return Err("the shell line was not assessed".into());
        };
        let explanation = shell_explanation(&line, &rt.config.shell);
        Ok(Prepared {
            judgement: Judgement {
                route: Route::Shell,
                tools: Vec::new(),
                risk: shell_risk(&judged.assessment),
                need: judged.need.clone(),
                shell: Some(judged.verdict.clone()),
            },
            work: Box::new(Line(line)),
            explanation,
        })
    }
}

/// Runs one line with the bounded runner; what it prints is scanned.
#[derive(Debug)]
struct Line(String);

#[async_trait]
impl Work for Line {
    async fn run(self: Box<Self>, rt: &Runtime, turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let shell = &rt.config.shell;
        Ran::Done(match crate::process::run_line(shell, &self.0).await {
            Err(e) => at.failed(e),
            Ok(out) => {
                let mut text = match (out.exit_code, out.timed_out) {
                    (_, true) => format!(
                        "timed out after {} s and was killed",
                        shell.timeout.as_secs()
                    ),
                    (Some(code), _) => format!("exit code {code}"),
                    (None, _) => "killed by a signal".to_owned(),
                };
                if !out.stdout.is_empty() {
                    text.push_str(&format!("\nstdout:\n{}", out.stdout));
                }
                if !out.stderr.is_empty() {
                    text.push_str(&format!("\nstderr:\n{}", out.stderr));
                }
                if out.dropped_bytes > 0 {
                    text.push_str(&format!(
                        "\n[{} bytes of output dropped past the cap]",
                        out.dropped_bytes
                    ));
                }
                let status = if out.exit_code == Some(0) {
                    Status::Ok
                } else {
                    Status::Failed
                };
                scanned(rt, turn, at, status, text, "the shell")
            }
        })
    }
}
