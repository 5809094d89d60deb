//! Every ```` ```sh test ```` block of `docs/http.md` runs against the real binary and must print
//! the ```` ```text ```` block that follows it.

use std::path::Path;
use std::process::Command;

use crate::start;

/// (commands, expected output) pairs, in document order.
pub(crate) fn examples(markdown: &str, runnable: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        if line.trim() != format!("```{runnable}") {
            continue;
        }
        let code: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let expected = loop {
            match lines.next() {
                Some(l) if l.trim() == "```text" => {
                    break lines
                        .by_ref()
                        .take_while(|l| l.trim() != "```")
                        .collect::<Vec<_>>()
                        .join("\n");
                }
                Some(l) if l.trim().is_empty() => {}
                other => panic!(
                    "a ```{runnable} block must be followed by a ```text block, got {other:?}"
                ),
            }
        };
        out.push((code.join("\n"), expected));
    }
    out
}

#[test]
fn every_example_in_docs_http_md_prints_what_the_doc_says() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/http.md"))
            .unwrap();
    let examples = examples(&doc, "sh test");
    assert!(examples.len() >= 5, "found {} examples", examples.len());
    let running = start(&["--default-trust", "standard"]);
    for (code, expected) in examples {
        let code = code.replace("46204", &running.port.to_string());
        // The examples run `aartiq-http clients add` as a reader would.
        let bin = Path::new(env!("CARGO_BIN_EXE_aartiq-http"))
            .parent()
            .unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = Command::new("bash")
            .args(["-euo", "pipefail", "-c", &code])
            .env("HOME", running.home.path())
            .env("PATH", path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "example failed:\n{code}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout.trim_end(), expected.trim_end(), "example:\n{code}");
    }
}
