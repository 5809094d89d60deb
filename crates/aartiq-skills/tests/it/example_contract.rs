//! The `match` example's JSON-lines contract, through the example's own `respond` function.

#[allow(dead_code)] // `main` is the example's entry point, unused here.
#[path = "../../examples/match.rs"]
mod example;

#[test]
fn one_json_line_per_input() {
    let cases = [
        (
            r#"{"message": "what is the latest bitcoin price"}"#,
            r#"{"load":[],"skills":["research","finance"]}"#,
        ),
        (
            r#"{"message": "load the pdf skill"}"#,
            r#"{"load":["pdf"],"skills":["documents","pdf"]}"#,
        ),
        (r#"{"message": "load web"}"#, r#"{"load":[],"skills":[]}"#),
        (
            r#"{"message": "generate image of a cat"}"#,
            r#"{"load":[],"skills":["image-generation"]}"#,
        ),
        // Malformed lines still answer.
        ("not json", r#"{"load":[],"skills":[]}"#),
        ("", r#"{"load":[],"skills":[]}"#),
        ("\r\n", r#"{"load":[],"skills":[]}"#),
        (r#"{"message": 42}"#, r#"{"load":[],"skills":[]}"#),
        (r#"{"text": "news"}"#, r#"{"load":[],"skills":[]}"#),
        (r#"["message"]"#, r#"{"load":[],"skills":[]}"#),
    ];
    assert_eq!(
        example::respond(r#"{"message": "load the pdf skill about stock news"}"#),
        r#"{"skills": ["research", "finance", "documents", "pdf"], "load": []}"#,
        "key order and spacing as in the contract"
    );
    assert_eq!(
        example::respond(r#"{"message": "load the pdf skill"}"#),
        r#"{"skills": ["documents", "pdf"], "load": ["pdf"]}"#
    );
    for (input, expected) in cases {
        let got = example::respond(input);
        assert!(!got.contains('\n'));
        let got: serde_json::Value = serde_json::from_str(&got).unwrap();
        let expected: serde_json::Value = serde_json::from_str(expected).unwrap();
        assert_eq!(got, expected, "{input}");
    }
}
