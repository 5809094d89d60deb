//! Every reply in `tests/data/replies/` parsed, with the whole result as an insta snapshot.

use aartiq_commands::parse;

#[test]
fn replies() {
    insta::glob!("../data/replies", "*.md", |path| {
        let reply = std::fs::read_to_string(path).unwrap();
        let parsed = parse(&reply);
        // Spans must point into the reply at character boundaries.
        for command in &parsed.commands {
            assert!(
                reply.get(command.span.start..command.span.end).is_some(),
                "{command:?}"
            );
        }
        for diagnostic in &parsed.diagnostics {
            assert!(
                reply
                    .get(diagnostic.span.start..diagnostic.span.end)
                    .is_some(),
                "{diagnostic:?}"
            );
        }
        insta::assert_json_snapshot!(parsed);
    });
}
