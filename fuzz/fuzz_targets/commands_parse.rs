//! Fuzzes `aartiq_commands::parse`: no input panics, spans stay in bounds, and whatever it
//! finds survives `render` -> `parse` in every format.
#![no_main]

use aartiq_commands::{Format, parse, render};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = parse(text);
    for command in &parsed.commands {
        assert!(text.get(command.span.start..command.span.end).is_some());
    }
    let essence = |commands: &[aartiq_commands::Command]| -> Vec<_> {
        commands.iter().map(|c| (c.kind, c.args.clone(), c.risk, c.reason.clone())).collect()
    };
    for format in [Format::Json, Format::Comment, Format::Bracket] {
        let again = parse(&render(&parsed.commands, format));
        assert_eq!(essence(&again.commands), essence(&parsed.commands), "{format:?}");
    }
});
