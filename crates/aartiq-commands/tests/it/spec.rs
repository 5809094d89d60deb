//! The original's behaviour (spec a.3-a.6) and the bugs of a.9 / j.1, one test each.

use aartiq_commands::{ArgValue, CommandKind, Format, Risk, Span, parse};
use serde_json::json;

fn one(text: &str) -> aartiq_commands::Command {
    let parsed = parse(text);
    assert_eq!(parsed.commands.len(), 1, "{text}: {parsed:#?}");
    parsed.commands.into_iter().next().unwrap()
}

fn messages(text: &str) -> Vec<String> {
    parse(text)
        .diagnostics
        .into_iter()
        .map(|d| d.message)
        .collect()
}

#[test]
fn a9_1_duplicates_are_dropped_and_their_text_cut() {
    let parsed = parse("A [NAVIGATE: https://a.example] B [NAVIGATE: https://a.example] C");
    assert_eq!(parsed.commands.len(), 1);
    assert_eq!(parsed.text_without_commands, "A  B  C");
}

#[test]
fn a9_2_json_block_does_not_eat_following_text() {
    let reply = "```json\n[{\"type\": \"GO_BACK\"}, {\"type\": \"RELOAD\"}, {\"type\": \"GO_FORWARD\"}]\n```\nKeep me.";
    let parsed = parse(reply);
    assert_eq!(parsed.commands.len(), 3);
    assert_eq!(parsed.text_without_commands, "Keep me.");
    // Each command points at its own object, not the whole block.
    let first = parsed.commands[0].span;
    assert_eq!(&reply[first.start..first.end], "{\"type\": \"GO_BACK\"}");
}

#[test]
fn a9_3_pipe_heavy_bracket_commands_parse() {
    let command = one("[OPEN_SCHEDULING_MODAL: 0 9 * * * | navigate | Morning | Open the news]");
    assert_eq!(
        command.args.get("task"),
        Some(&ArgValue::Json(
            json!({"schedule": "0 9 * * *", "type": "navigate", "name": "Morning", "description": "Open the news"})
        ))
    );
}

#[test]
fn a9_4_schedule_task_keeps_its_json() {
    let command = one(
        r#"[SCHEDULE_TASK: {"schedule": "0 8 * * *", "type": "NAVIGATE", "url": "https://n.example"}]"#,
    );
    assert_eq!(command.kind, CommandKind::ScheduleTask);
    assert_eq!(
        command.args.get("task"),
        Some(&ArgValue::Json(
            json!({"schedule": "0 8 * * *", "type": "NAVIGATE", "url": "https://n.example"})
        ))
    );
}

#[test]
fn a9_5_nothing_in_think_executes() {
    let parsed = parse(
        "<think>{\"type\": \"NAVIGATE\", \"url\": \"https://evil\"} [GO_BACK]\n```json\n{\"type\": \"RELOAD\"}\n```</think>",
    );
    assert_eq!(parsed.commands, []);
}

#[test]
fn a9_6_comment_block_yields_one_trimmed_command() {
    let parsed =
        parse("<!-- AI_COMMANDS_START -->\n[NAVIGATE]: https://x.com\n<!-- AI_COMMANDS_END -->");
    assert_eq!(parsed.commands.len(), 1);
    assert_eq!(parsed.commands[0].args.text("url"), Some("https://x.com"));
    assert_eq!(parsed.commands[0].format, Format::Comment);
    assert_eq!(parsed.text_without_commands, "");
}

#[test]
fn a9_7_falsy_json_values_are_values() {
    assert_eq!(
        one(r#"{"type":"SET_VOLUME","value":0}"#).args.get("level"),
        Some(&ArgValue::Int(0))
    );
    let search = one(r#"{"type":"WEB_SEARCH","query":"q","url":"https://u.example"}"#);
    assert_eq!(search.args.text("query"), Some("q"));
    assert_eq!(search.args.text("url"), Some("https://u.example"));
}

#[test]
fn a9_8_json_command_key_is_the_shell_line() {
    assert_eq!(
        one(r#"{"type":"SHELL_COMMAND","command":"ls"}"#)
            .args
            .text("command"),
        Some("ls")
    );
}

#[test]
fn a9_9_bare_arrays_leave_no_debris() {
    let parsed = parse(r#"Do [{"type": "GO_BACK"}, {"type": "RELOAD"}] now"#);
    assert_eq!(parsed.commands.len(), 2);
    assert_eq!(parsed.text_without_commands, "Do  now");
}

#[test]
fn a9_10_lower_case_prose_is_ignored_and_unknown_upper_case_reported() {
    let parsed = parse("[note: just prose] [navigate: https://l.example] [SHOW_IMAGE: x]");
    assert_eq!(parsed.commands.len(), 1);
    assert_eq!(parsed.commands[0].kind, CommandKind::Navigate);
    assert_eq!(
        messages("[note: prose] [SHOW_IMAGE: x]"),
        ["Unsupported command \"SHOW_IMAGE\" was ignored."]
    );
}

#[test]
fn a9_11_fill_form_yields_selector_and_value() {
    let command = one("[FILL_FORM: #email | user@example.com]");
    assert_eq!(command.args.text("selector"), Some("#email"));
    assert_eq!(command.args.text("value"), Some("user@example.com"));
    assert_eq!(command.reason, None);
}

#[test]
fn aliases_resolve_without_a_parse_issue() {
    let parsed = parse("[GET_BOOKMARKS] [SUMMARIZE_TABS] [VIEW_HISTORY: rust]");
    let kinds: Vec<_> = parsed.commands.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        [
            CommandKind::ListBookmarks,
            CommandKind::AnalyseTabs,
            CommandKind::ListHistory
        ]
    );
    assert_eq!(parsed.diagnostics, []);
}

#[test]
fn reason_and_risk_rules() {
    let click = one("[CLICK_ELEMENT: #submit-btn | click submit]");
    assert_eq!(click.args.text("selector"), Some("#submit-btn"));
    assert_eq!(click.reason.as_deref(), Some("click submit"));
    assert_eq!(
        one("[NAVIGATE: https://a.example | risk: LOW]").risk,
        Risk::Low
    );
    assert_eq!(
        one("[NAVIGATE: https://a.example | risk: critical]").risk,
        Risk::High
    );
    let parsed = parse("[NAVIGATE: https://a.example | risk: extreme]");
    assert_eq!(parsed.commands[0].risk, Risk::Medium);
    assert_eq!(
        parsed.diagnostics[0].message,
        "NAVIGATE has an unknown risk `extreme`; using medium"
    );
}

#[test]
fn validation_messages_are_the_originals() {
    assert_eq!(
        messages("[SET_VOLUME: 150]"),
        ["SET_VOLUME requires a percentage between 0-100"]
    );
    assert_eq!(
        messages("[WAIT: -1]"),
        ["WAIT requires a positive duration in milliseconds"]
    );
    assert_eq!(
        messages("[GENERATE_PDF: title only]"),
        ["GENERATE_PDF requires format: title | content"]
    );
    assert_eq!(
        messages("[CLICK_ELEMENT]"),
        ["CLICK_ELEMENT requires a selector, text, or aria-label target"]
    );
    assert_eq!(
        messages("[FIND_AND_CLICK: ]"),
        ["FIND_AND_CLICK requires text to search for"]
    );
    assert_eq!(
        messages("[MULTI_FILL_FORM: ]"),
        ["MULTI_FILL_FORM requires a JSON object mapping selectors to values"]
    );
    assert_eq!(
        messages("[MULTI_FILL_FORM: {oops}]"),
        ["MULTI_FILL_FORM value must be valid JSON"]
    );
    assert_eq!(
        messages("[MULTI_FILL_FORM: [1, 2]]"),
        ["MULTI_FILL_FORM value must be a JSON object {selector: value}"]
    );
    assert_eq!(
        messages(r#"{"type": "MULTI_FILL_FORM", "fields": [1, 2]}"#),
        ["MULTI_FILL_FORM value must be a JSON object {selector: value}"]
    );
    assert_eq!(
        messages("[CLICK_AT: 5]"),
        ["CLICK_AT requires coordinates as \"x, y\""]
    );
    assert_eq!(
        messages("[RECORD_WORKFLOW: pause]"),
        ["RECORD_WORKFLOW requires: start, stop, or save:name"]
    );
    assert_eq!(
        messages("[PLAY_WORKFLOW: ]"),
        ["PLAY_WORKFLOW requires a workflow name"]
    );
    assert_eq!(messages("[NAVIGATE]"), ["NAVIGATE requires a value"]);
    assert_eq!(
        messages("[SHELL_COMMAND: ]"),
        ["SHELL_COMMAND requires a value"]
    );
}

#[test]
fn the_originals_invalid_examples_are_valid_now() {
    for text in [
        "[LIST_AUTOMATIONS]",
        "[ORGANIZE_TABS]",
        r#"{"type":"GROUP_TABS","strategy":"domain"}"#,
        r#"{"type":"READ_TAB_CONTENT","tabId":"tab-1"}"#,
        r#"{"type":"COMPARE_TABS","tabIds":["tab-1","tab-2"]}"#,
        r#"{"type":"CREATE_TAB_RESEARCH_CONTEXT"}"#,
        r#"{"type":"WAIT","ms":500}"#,
        r#"{"type":"CLICK_AT","x":5,"y":6}"#,
        r#"{"type":"GENERATE_DIAGRAM","code":"graph TD; A-->B"}"#,
        r#"{"type":"APPLE_INTELLIGENCE_IMAGE","prompt":"a cat"}"#,
    ] {
        let parsed = parse(text);
        assert_eq!(
            (parsed.commands.len(), parsed.diagnostics.len()),
            (1, 0),
            "{text}: {parsed:#?}"
        );
    }
}

#[test]
fn masking_hides_code_and_tables_but_not_pipe_heavy_commands() {
    let reply = "```bash\n[SHELL_COMMAND: rm -rf /]\n```\n`[NAVIGATE: https://x]`\n| a | b |\n|---|---|\n| [WAIT: 1] | x |\n\n[SEARCH: a | b | c | d]";
    let parsed = parse(reply);
    assert_eq!(parsed.commands.len(), 1);
    assert_eq!(parsed.commands[0].kind, CommandKind::Search);
}

#[test]
fn trailing_colon_form_reads_to_the_end_of_the_line() {
    let parsed = parse("[NAVIGATE] : https://a.example\nnext line");
    assert_eq!(
        parsed.commands[0].args.text("url"),
        Some("https://a.example")
    );
    assert_eq!(parsed.text_without_commands, "next line");
}

#[test]
fn spans_are_byte_offsets_into_the_input() {
    let reply = "é [NAVIGATE: https://a.example]";
    let span = parse(reply).commands[0].span;
    assert_eq!(span, Span::new(3, reply.len()));
}

#[test]
fn descriptions_follow_the_original() {
    assert_eq!(
        one("[NAVIGATE: https://a.example]").description(),
        "Navigate to https://a.example"
    );
    assert_eq!(one("[WAIT: 1500]").description(), "Wait 1.5 seconds");
    assert_eq!(one("[OCR_SCREEN]").description(), "OCR full screen");
    assert_eq!(
        one("[SHELL_COMMAND: find / -name '*.log' -mtime +30 -exec rm {} +]").description(),
        "Execute: find / -name '*.log' -mtime +30 -exec rm..."
    );
}
