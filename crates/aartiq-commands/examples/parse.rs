//! Reads a whole model reply on stdin and prints what `aartiq_commands::parse` makes of it, as
//! one JSON object: `{"commands": [...], "diagnostics": [...], "text": "..."}`.
#![allow(clippy::print_stdout, reason = "an example's output is its point")]

use std::io::Read;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    // A reply is text; bytes that are not UTF-8 are replaced rather than refused.
    let reply = String::from_utf8_lossy(&bytes);
    let parsed = aartiq_commands::parse(&reply);
    println!("{}", serde_json::to_string(&parsed)?);
    Ok(())
}
