//! What a tool is, as data: name, category, verb, flags, MCP annotations and input schema.

use aartiq_agents::Verb;
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::Serialize;
use serde_json::{Map, Value};

/// The 11 categories of spec d.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[non_exhaustive]
pub enum Category {
    /// Injection scan, audit, kill switch, trust.
    Security,
    /// Agent registration, listing, revocation, tab handoff.
    Agents,
    /// Snapshots and actions by ref.
    Snapshots,
    /// Page search, DOM query, page text.
    Page,
    /// Web and news search.
    Search,
    /// Form fill, submit, autofill, vault.
    Forms,
    /// Browser extensions.
    Extensions,
    /// Theme and UI mode.
    Theme,
    /// Navigation.
    Navigation,
    /// Tabs.
    Tabs,
    /// Browser status and panels.
    System,
    /// Screenshots and what acts on their pixels.
    Vision,
    /// Uploads and downloads.
    Files,
    /// Console and network logs.
    Debug,
}

impl Category {
    /// The category's name as in spec d.4.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Security => "Security",
            Category::Agents => "Agents",
            Category::Snapshots => "Snapshots",
            Category::Page => "Page",
            Category::Search => "Search",
            Category::Forms => "Forms",
            Category::Extensions => "Extensions",
            Category::Theme => "Theme",
            Category::Navigation => "Navigation",
            Category::Tabs => "Tabs",
            Category::System => "System",
            Category::Vision => "Vision",
            Category::Files => "Files",
            Category::Debug => "Debug",
        }
    }
}

/// A tool's fixed description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolMeta {
    /// The tool's name.
    pub name: &'static str,
    /// Its category.
    pub category: Category,
    /// What it does, for the model.
    pub description: &'static str,
    /// The verb the gate checks; `None` for tools that only read (gated as `readOnly`).
    pub verb: Option<Verb>,
    /// Whether its output comes from outside (a page, a search) and is scanned.
    pub untrusted_output: bool,
    /// Whether it takes the tab's lock for the call.
    pub needs_tab_lock: bool,
}

impl ToolMeta {
    /// Whether its verb is `sideEffecting` (or stronger).
    pub fn side_effecting(&self) -> bool {
        matches!(self.verb, Some(Verb::SideEffecting | Verb::Destructive))
    }

    /// The MCP annotations derived from the verb and flags.
    pub fn annotations(&self) -> Annotations {
        Annotations {
            read_only_hint: self.verb.is_none() || self.verb == Some(Verb::ReadOnly),
            destructive_hint: self.side_effecting(),
            idempotent_hint: self.verb.is_none(),
            open_world_hint: matches!(self.category, Category::Search | Category::Navigation)
                || self.untrusted_output,
        }
    }
}

/// MCP tool annotations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Annotations {
    /// The tool does not change anything.
    pub read_only_hint: bool,
    /// The tool may change something outside the page.
    pub destructive_hint: bool,
    /// Calling it twice with the same arguments has no further effect.
    pub idempotent_hint: bool,
    /// The tool talks to the open web.
    pub open_world_hint: bool,
}

/// Everything about one tool, for catalogs, MCP `tools/list` and `docs/tools.md`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolSpec {
    /// The tool's name.
    pub name: &'static str,
    /// Its category.
    pub category: &'static str,
    /// What it does.
    pub description: &'static str,
    /// The verb the gate checks (`null` for read-only tools).
    pub verb: Option<Verb>,
    /// Whether it changes something outside the page (and so needs approval by default).
    pub side_effecting: bool,
    /// Whether its output is scanned for injection.
    pub untrusted_output: bool,
    /// Whether it takes the tab lock.
    pub needs_tab_lock: bool,
    /// MCP annotations.
    pub annotations: Annotations,
    /// The JSON schema of its arguments.
    pub input_schema: Value,
}

impl ToolSpec {
    pub(crate) fn new(meta: ToolMeta, input_schema: Value) -> ToolSpec {
        ToolSpec {
            name: meta.name,
            category: meta.category.as_str(),
            description: meta.description,
            verb: meta.verb,
            side_effecting: meta.side_effecting(),
            untrusted_output: meta.untrusted_output,
            needs_tab_lock: meta.needs_tab_lock,
            annotations: meta.annotations(),
            input_schema,
        }
    }
}

/// The JSON schema of `T`, inlined and cleaned for tool clients: no `$schema`, no title, no
/// `uint*`/`int*` formats, and optional values without their `null` alternative.
pub fn input_schema<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12()
        .with(|s| s.inline_subschemas = true)
        .into_generator();
    let mut value = generator.into_root_schema_for::<T>().to_value();
    if let Value::Object(map) = &mut value {
        map.remove("$schema");
        map.remove("title");
        map.entry("properties")
            .or_insert_with(|| Value::Object(Map::new()));
    }
    clean(&mut value);
    value
}

#[cfg(test)]
pub(crate) fn clean_for_tests(value: &mut Value) {
    clean(value);
}

fn clean(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| f.starts_with("uint") || f.starts_with("int"))
            {
                map.remove("format");
            }
            if map.get("default").is_some_and(Value::is_null) {
                map.remove("default");
            }
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let single = types.remove(0);
                    map.insert("type".into(), single);
                }
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(options)) = map.get_mut(key) {
                    options.retain(|o| o.get("type").and_then(Value::as_str) != Some("null"));
                    if options.len() == 1
                        && let Some(Value::Object(only)) = options.pop()
                    {
                        map.remove(key);
                        for (k, v) in only {
                            map.entry(k).or_insert(v);
                        }
                    }
                }
            }
            if let Some(Value::Array(variants)) = map.get_mut("enum") {
                variants.retain(|v| !v.is_null());
            }
            for child in map.values_mut() {
                clean(child);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(clean),
        _ => {}
    }
}
