//! The catalog: all 73 commands, each example valid, each command through each format.

use aartiq_commands::{CATALOG, CommandKind, Format, REGISTRY_ALIASES, parse, render, validate};

#[test]
fn catalog_counts_73_commands() {
    assert_eq!(CATALOG.len() + REGISTRY_ALIASES.len(), 73);
    for (i, spec) in CATALOG.iter().enumerate() {
        assert_eq!(
            spec.kind.spec(),
            spec,
            "catalog order must match the enum at {i}"
        );
        assert_eq!(CommandKind::from_name(spec.kind.name()), Some(spec.kind));
    }
}

#[test]
fn every_example_parses_into_one_valid_command() {
    for spec in CATALOG {
        let parsed = parse(spec.example);
        assert_eq!(parsed.diagnostics, [], "{}", spec.example);
        assert_eq!(parsed.commands.len(), 1, "{}", spec.example);
        let command = &parsed.commands[0];
        assert_eq!(command.kind, spec.kind, "{}", spec.example);
        assert_eq!(validate(command), Ok(()));
        assert_eq!(parsed.text_without_commands, "", "{}", spec.example);
    }
    for alias in REGISTRY_ALIASES {
        let parsed = parse(&format!("[{alias}]"));
        assert_eq!(parsed.commands[0].kind, CommandKind::AnalyseTabs);
        assert_eq!(parsed.diagnostics, []);
    }
}

#[test]
fn every_example_round_trips_through_every_format() {
    for spec in CATALOG {
        let original = parse(spec.example).commands;
        for format in [Format::Json, Format::Comment, Format::Bracket] {
            let text = render(&original, format);
            let again = parse(&text);
            assert_eq!(again.diagnostics, [], "{format:?}: {text}");
            assert_eq!(
                crate::roundtrip::essence(&again.commands),
                crate::roundtrip::essence(&original),
                "{format:?}: {text}"
            );
            assert!(again.commands.iter().all(|c| c.format == format));
        }
    }
}

#[test]
fn required_parameters_are_enforced() {
    for spec in CATALOG
        .iter()
        .filter(|s| s.params.iter().any(|p| p.required))
    {
        let parsed = parse(&format!("[{}]", spec.kind));
        assert!(
            parsed.commands.is_empty(),
            "{} without its value must be invalid",
            spec.kind
        );
        assert_eq!(parsed.diagnostics.len(), 1, "{}", spec.kind);
    }
}
