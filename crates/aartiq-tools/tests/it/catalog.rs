//! The catalog: 51 tools, the counts of spec d.4 plus `press_key`, the screenshot, pointer,
//! wait, history, dialog, file, print and log tools, and clean schemas.

use std::collections::BTreeMap;

use aartiq_tools::catalog;
use serde_json::Value;

#[test]
fn fifty_one_tools_in_fourteen_categories() {
    let tools = catalog();
    assert_eq!(tools.len(), 51);
    let mut by_category: BTreeMap<&str, usize> = BTreeMap::new();
    for tool in &tools {
        *by_category.entry(tool.category).or_default() += 1;
    }
    let expected = BTreeMap::from([
        ("Security", 4),
        ("Agents", 4),
        ("Snapshots", 8),
        ("Page", 4),
        ("Search", 3),
        ("Forms", 5),
        ("Extensions", 4),
        ("Theme", 2),
        ("Navigation", 4),
        ("Tabs", 3),
        ("System", 2),
        ("Vision", 2),
        ("Files", 4),
        ("Debug", 2),
    ]);
    assert_eq!(by_category, expected);
    let summary: Vec<String> = tools
        .iter()
        .map(|t| {
            format!(
                "{} {} verb={} se={} uo={} tl={} ro={}",
                t.category,
                t.name,
                t.verb.map_or("-", |v| v.as_str()),
                t.side_effecting,
                t.untrusted_output,
                t.needs_tab_lock,
                t.annotations.read_only_hint
            )
        })
        .collect();
    insta::assert_snapshot!("catalog_summary", summary.join("\n"));
}

fn walk(value: &Value, path: &str, problems: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(format) = map.get("format").and_then(Value::as_str)
                && (format.starts_with("uint") || format.starts_with("int"))
            {
                problems.push(format!("{path}: format {format}"));
            }
            if let Some(Value::Array(types)) = map.get("type")
                && types.iter().any(|t| t == "null")
            {
                problems.push(format!("{path}: nullable type"));
            }
            if map.contains_key("$ref") || map.contains_key("$defs") {
                problems.push(format!("{path}: not inlined"));
            }
            for (k, v) in map {
                walk(v, &format!("{path}/{k}"), problems);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(v, &format!("{path}/{i}"), problems);
            }
        }
        _ => {}
    }
}

#[test]
fn schemas_are_clean_closed_objects() {
    let mut problems = Vec::new();
    for tool in catalog() {
        let schema = &tool.input_schema;
        assert_eq!(schema["type"], "object", "{}", tool.name);
        assert_eq!(schema["additionalProperties"], false, "{}", tool.name);
        assert!(schema.get("$schema").is_none());
        walk(schema, tool.name, &mut problems);
    }
    assert!(problems.is_empty(), "{problems:#?}");
    let find = catalog()
        .into_iter()
        .find(|t| t.name == "page_find")
        .unwrap()
        .input_schema;
    assert_eq!(find["required"], serde_json::json!(["tabId", "query"]));
    assert_eq!(find["properties"]["limit"]["maximum"], 200);
}
