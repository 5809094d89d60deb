//! Prints the tool catalog as JSON: `[{"name","category","verb","side_effecting",
//! "untrusted_output","needs_tab_lock","input_schema"}]`, one entry per tool the registry serves.
#![allow(
    clippy::print_stdout,
    reason = "an example binary whose output is the catalog"
)]

use serde_json::{Value, json};

fn main() -> Result<(), serde_json::Error> {
    let tools: Vec<Value> = aartiq_tools::catalog()
        .into_iter()
        .map(|spec| {
            json!({
                "name": spec.name,
                "category": spec.category,
                "verb": spec.verb,
                "side_effecting": spec.side_effecting,
                "untrusted_output": spec.untrusted_output,
                "needs_tab_lock": spec.needs_tab_lock,
                "input_schema": spec.input_schema,
            })
        })
        .collect();
    println!("{}", serde_json::to_string_pretty(&tools)?);
    Ok(())
}
