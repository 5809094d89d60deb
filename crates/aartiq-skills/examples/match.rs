//! Reads JSON lines `{"message": "..."}` on stdin and prints one JSON line per input:
//! `{"skills": [...], "load": [...]}` - `skills` is `match_skills(message)`, `load` the ids of
//! `resolve_load_request(message)` (empty when the message is not a load request). Every input
//! line yields exactly one output line: one that is not valid JSON (a blank line included), or
//! has no string `message`, gets both lists empty.
#![allow(clippy::print_stdout)] // This example is a command-line tool: stdout is its output.

use std::io::{self, BufRead, BufWriter, Write};

use aartiq_skills::{match_skills, resolve_load_request};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        writeln!(out, "{}", respond(&text))?;
        out.flush()?;
    }
    Ok(())
}

/// The output line for one input line.
pub(crate) fn respond(line: &str) -> String {
    let message = serde_json::from_str::<serde_json::Value>(line)
        .ok()
        .and_then(|v| v.get("message").and_then(|m| m.as_str()).map(str::to_owned));
    let (skills, load) = match &message {
        Some(m) => (
            match_skills(m),
            resolve_load_request(m)
                .map(|r| r.skills)
                .unwrap_or_default(),
        ),
        None => (Vec::new(), Vec::new()),
    };
    // Written by hand to keep the contract's key order and spacing:
    // {"skills": ["research", "finance"], "load": ["pdf"]}
    format!(
        "{{\"skills\": [{}], \"load\": [{}]}}",
        json_list(&skills),
        json_list(&load)
    )
}

fn json_list(ids: &[&str]) -> String {
    ids.iter()
        .map(|id| serde_json::Value::from(*id).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
