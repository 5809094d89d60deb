//! The examples of `docs/mcp.md`: the Python example runs against the real binary (found on
//! `PATH`, as a user would have it) and prints what the doc says; the client configurations are
//! valid JSON that launch or reach this server.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::python::python;

fn doc() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/mcp.md"))
        .unwrap()
}

/// The fenced blocks with info string `lang`, each with the ```text block that follows it, if
/// any.
fn blocks(markdown: &str, lang: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = markdown.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == format!("```{lang}") {
            let start = i + 1;
            let mut end = start;
            while end < lines.len() && lines[end].trim() != "```" {
                end += 1;
            }
            let code = lines[start..end].join("\n");
            let mut next = end + 1;
            while next < lines.len() && lines[next].trim().is_empty() {
                next += 1;
            }
            let expected = (next < lines.len() && lines[next].trim() == "```text").then(|| {
                let mut stop = next + 1;
                while stop < lines.len() && lines[stop].trim() != "```" {
                    stop += 1;
                }
                lines[next + 1..stop].join("\n")
            });
            out.push((code, expected));
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn the_python_example_prints_what_the_doc_says() {
    let examples = blocks(&doc(), "python");
    assert_eq!(examples.len(), 1);
    let (code, expected) = &examples[0];
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_aartiq-mcp"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(python())
        .args(["-c", code])
        .env("PATH", path)
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        expected.as_deref().unwrap().trim_end()
    );
}

#[test]
fn the_client_configurations_are_valid_and_point_at_this_server() {
    let configs = blocks(&doc(), "json");
    assert_eq!(configs.len(), 2);
    let stdio: Value = serde_json::from_str(&configs[0].0).unwrap();
    let server = &stdio["mcpServers"]["aartiq"];
    assert_eq!(server["command"], "aartiq-mcp");
    // The arguments are ones the binary accepts.
    let args: Vec<String> = server["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_owned())
        .collect();
    let help = Command::new(env!("CARGO_BIN_EXE_aartiq-mcp"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for arg in args.iter().filter(|a| a.starts_with("--")) {
        assert!(help.contains(arg.as_str()), "{arg} is not an option");
    }
    let http: Value = serde_json::from_str(&configs[1].0).unwrap();
    assert!(
        http["mcpServers"]["aartiq"]["url"]
            .as_str()
            .unwrap()
            .ends_with(":46204/mcp")
    );
}
