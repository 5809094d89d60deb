//! Acceptance contract: read JSON lines `{"command": "...", "auto_approve_low": true}` on stdin
//! and print one JSON line per input:
//! `{"tier":"low|medium|high|critical","decision":"allow|ask|deny","findings":[{"rule":"...","message":"..."}]}`.
//!
//! A line that is not valid input still yields one output line: a deny with an `input-error`
//! finding, so a caller never loses its place.
// Printing is this example's whole job.
#![allow(clippy::print_stdout)]

use aartiq_shell_policy::{Settings, assess};
use serde_json::{Value, json};
use std::io::{self, BufRead, Write};

fn judge(line: &str) -> Value {
    let input: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return input_error(&format!("input is not JSON: {e}")),
    };
    let Some(command) = input.get("command").and_then(Value::as_str) else {
        return input_error("input has no string field `command`");
    };
    let auto = match input.get("auto_approve_low") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return input_error("`auto_approve_low` must be a boolean"),
    };
    let settings = Settings::default().with_auto_approve_low_risk_shell(auto);
    let a = assess(command, &settings);
    let findings: Vec<Value> = a
        .findings
        .iter()
        .map(|f| json!({"rule": f.rule, "message": f.message}))
        .collect();
    json!({"tier": a.tier.as_str(), "decision": a.decision.as_str(), "findings": findings})
}

fn input_error(message: &str) -> Value {
    json!({"tier": "critical", "decision": "deny", "findings": [{"rule": "input-error", "message": message}]})
}

fn main() -> io::Result<()> {
    match run() {
        // The reader closed early (`| head`): nothing is left to tell, and that is no error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

fn run() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in stdin.lock().split(b'\n') {
        let line = line?;
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches('\r');
        if text.trim().is_empty() {
            continue;
        }
        writeln!(out, "{}", judge(text))?;
        out.flush()?;
    }
    Ok(())
}
