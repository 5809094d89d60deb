//! Reads JSON lines `{"text": "...", "user_goal": null}` on standard input and prints one
//! verdict per line: `{"action":"...","score":0.0,"threats":[{"label":"...","severity":0.0}]}`.
//! A line that is not valid JSON (blank lines included) is scanned as raw text, so every input
//! line gets exactly one answer.
// An example is a small binary: printing its output is its job.
#![allow(clippy::print_stdout)]

use std::io::{self, BufRead, Write};

use aartiq_guard::{Context, scan};
use serde_json::{Value, json};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            // Invalid UTF-8 on the line: answer for it anyway, from a lossy reading.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => String::from("\u{FFFD}"),
            Err(e) => return Err(e),
        };
        let (text, goal) = match serde_json::from_str::<Value>(&line) {
            Ok(Value::Object(map)) => {
                let text = match map.get("text") {
                    Some(Value::String(s)) => s.clone(),
                    Some(other) => other.to_string(),
                    None => line.clone(),
                };
                let goal = map
                    .get("user_goal")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                (text, goal)
            }
            Ok(Value::String(s)) => (s, None),
            _ => (line.clone(), None),
        };
        let mut ctx = Context::new();
        if let Some(goal) = goal {
            ctx = ctx.with_user_goal(goal);
        }
        let verdict = scan(&text, &ctx);
        let threats: Vec<Value> = verdict
            .threats
            .iter()
            .map(|t| json!({"label": t.label.as_str(), "severity": t.severity}))
            .collect();
        let answer = json!({
            "action": verdict.action.as_str(),
            "score": verdict.score,
            "threats": threats,
        });
        writeln!(out, "{answer}")?;
    }
    out.flush()
}
