//! Property: `parse(render(commands, format))` gives back the same commands, for every format.

use aartiq_commands::{
    ArgValue, CATALOG, Command, CommandKind, Format, ParamKind, Risk, parse, render,
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A command without where it was written: kind, arguments, risk, reason.
pub(crate) type Essence = (CommandKind, Vec<(String, ArgValue)>, Risk, Option<String>);

/// What commands are, without where they were written.
pub(crate) fn essence(commands: &[Command]) -> Vec<Essence> {
    commands
        .iter()
        .map(|c| {
            let args = c
                .args
                .iter()
                .map(|(k, v)| (k.to_owned(), v.clone()))
                .collect();
            (c.kind, args, c.risk, c.reason.clone())
        })
        .collect()
}

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 _.,:;=/#@!?'\"|\\[\\]{}()<>*&%$`\\\\\n\té東-]{1,24}"
        .prop_map(|s| s.trim().to_owned())
        .prop_filter("non-blank", |s| !s.is_empty())
}

fn json_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        text().prop_map(Value::String),
        any::<i32>().prop_map(|n| json!(n)),
        any::<bool>().prop_map(Value::Bool),
        prop::collection::btree_map("[a-z#.]{1,6}", text(), 0..4).prop_map(|m| json!(m)),
    ]
}

fn value_for(kind: ParamKind) -> BoxedStrategy<ArgValue> {
    match kind {
        ParamKind::Int { min, max } => (min..=max).prop_map(ArgValue::Int).boxed(),
        ParamKind::Enum(words) => prop::sample::select(words)
            .prop_map(|w| ArgValue::Text(w.to_owned()))
            .boxed(),
        ParamKind::List => prop::collection::vec("[a-z0-9, |\\]-]{0,8}", 1..4)
            .prop_map(ArgValue::List)
            .boxed(),
        ParamKind::Object => prop::collection::btree_map("[a-z#.\"]{1,6}", json_value(), 0..4)
            .prop_map(|m| ArgValue::Json(json!(m)))
            .boxed(),
        ParamKind::Json => json_value().prop_map(ArgValue::Json).boxed(),
        _ => text().prop_map(ArgValue::Text).boxed(),
    }
}

/// A valid command of the catalog entry at `index`.
fn command(index: usize) -> BoxedStrategy<Command> {
    let spec = &CATALOG[index];
    let params: Vec<BoxedStrategy<Option<ArgValue>>> = spec
        .params
        .iter()
        .map(|p| {
            let value = value_for(p.kind);
            if p.required {
                value.prop_map(Some).boxed()
            } else {
                prop::option::of(value).boxed()
            }
        })
        .collect();
    let reason = prop::option::of(text());
    let risk = prop::sample::select(vec![Risk::Low, Risk::Medium, Risk::High]);
    (params, reason, risk)
        .prop_map(move |(values, reason, risk)| {
            let mut command = Command::new(spec.kind).with_risk(risk);
            command.reason = reason;
            for (param, value) in spec.params.iter().zip(values) {
                if let Some(value) = value {
                    command = command.with_arg(param.name, value).unwrap();
                }
            }
            // Rules that tie parameters together.
            match spec.kind {
                CommandKind::RecordWorkflow if command.args.get("action").is_some() => {
                    command = command
                        .with_arg("action", ArgValue::Text("save:flow".into()))
                        .unwrap();
                }
                CommandKind::ClickElement if command.args.is_empty() => {
                    command = command
                        .with_arg("text", ArgValue::Text("Go".into()))
                        .unwrap();
                }
                CommandKind::OcrScreen if command.args.len() != 4 => {
                    command.args = Default::default()
                }
                _ => {}
            }
            command
        })
        .boxed()
}

fn commands() -> impl Strategy<Value = Vec<Command>> {
    prop::collection::vec((0..CATALOG.len()).prop_flat_map(command), 1..6).prop_map(|mut list| {
        let mut seen: Vec<Command> = Vec::new();
        list.retain(|c| {
            let duplicate = seen.iter().any(|s| s.kind == c.kind && s.args == c.args);
            seen.push(c.clone());
            !duplicate
        });
        list
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_render_round_trips(commands in commands()) {
        for command in &commands {
            prop_assert_eq!(aartiq_commands::validate(command), Ok(()));
        }
        for format in [Format::Json, Format::Comment, Format::Bracket] {
            let text = render(&commands, format);
            let parsed = parse(&text);
            prop_assert_eq!(&parsed.diagnostics, &[], "{:?}\n{}", format, text);
            prop_assert_eq!(essence(&parsed.commands), essence(&commands), "{:?}\n{}", format, text);
        }
    }

    #[test]
    fn parse_never_panics_and_spans_are_in_bounds(text in "\\PC{0,200}") {
        let parsed = parse(&text);
        for command in &parsed.commands {
            prop_assert!(text.get(command.span.start..command.span.end).is_some());
        }
    }
}
