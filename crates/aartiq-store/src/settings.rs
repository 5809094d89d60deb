//! Typed settings (`SETTINGS_QUERY`, `SETTINGS_UPDATE`, spec a.8 rows 64-65): a fixed catalog
//! of keys in four categories, each with a kind and a default. Only keys that differ from
//! their default are stored. Shell "Allow Always" grants are not settings: they live in the
//! grant tables and no settings update can rewrite their clocks (spec b.7).

use std::collections::HashMap;

use rusqlite::params;
use serde::{Deserialize, Serialize};

use crate::error::{Op, StoreError};
use crate::store::{Store, ms_to_sql};

/// A settings category, as `SETTINGS_QUERY` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Category {
    /// Search provider, results per query, research budget.
    #[serde(rename = "webSearch")]
    WebSearch,
    /// Model provider, endpoints, temperature.
    #[serde(rename = "ai")]
    Ai,
    /// Theme, view, chat style.
    #[serde(rename = "ui")]
    Ui,
    /// Auto-approval switches and unlock requirements (spec b.7).
    #[serde(rename = "permissions")]
    Permissions,
}

impl Category {
    /// Every category.
    pub const ALL: [Category; 4] = [
        Category::WebSearch,
        Category::Ai,
        Category::Ui,
        Category::Permissions,
    ];

    /// The name `SETTINGS_QUERY` uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::WebSearch => "webSearch",
            Category::Ai => "ai",
            Category::Ui => "ui",
            Category::Permissions => "permissions",
        }
    }

    /// Reads a category name, ignoring case, `_` and `-` (`webSearch`, `web_search`).
    pub fn parse(name: &str) -> Option<Category> {
        let folded: String = name
            .trim()
            .chars()
            .filter(|c| !matches!(c, '_' | '-' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        Category::ALL
            .into_iter()
            .find(|c| c.as_str().to_lowercase() == folded)
    }
}

/// What a setting holds.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum SettingKind {
    /// `true` or `false`.
    Bool,
    /// A whole number in the inclusive range.
    Int {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// A number in the inclusive range.
    Float {
        /// Smallest.
        min: f64,
        /// Largest.
        max: f64,
    },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// Free text up to this many characters.
    Text(usize),
    /// An `http` or `https` URL.
    Url,
    /// A list of words (upper-cased command names for `autoApprovedActions`).
    List,
}

/// A setting's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SettingValue {
    /// A switch.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A number.
    Float(f64),
    /// Text, a choice or a URL.
    Text(String),
    /// A list of words.
    List(Vec<String>),
}

impl SettingValue {
    /// The value as JSON (`true`, `8`, `"dark"`, `["A", "B"]`).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            SettingValue::Bool(b) => serde_json::Value::Bool(*b),
            SettingValue::Int(n) => serde_json::Value::from(*n),
            SettingValue::Float(f) => serde_json::Value::from(*f),
            SettingValue::Text(t) => serde_json::Value::String(t.clone()),
            SettingValue::List(l) => serde_json::Value::from(l.clone()),
        }
    }

    /// The value as text for a person (`true`, `8`, `dark`, `[A, B]`).
    pub fn display(&self) -> String {
        match self {
            SettingValue::Text(t) => t.clone(),
            SettingValue::List(l) => format!("[{}]", l.join(", ")),
            other => other.to_json().to_string(),
        }
    }
}

/// A default, as a constant.
#[derive(Debug, Clone, Copy, PartialEq)]
enum DefaultValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(&'static str),
    EmptyList,
}

/// One setting of the catalog.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SettingSpec {
    /// Its category.
    pub category: Category,
    /// Its name within the category (`resultsPerQuery`, `lmStudio.baseUrl`).
    pub name: &'static str,
    /// What it holds.
    pub kind: SettingKind,
    default: DefaultValue,
    /// What it does.
    pub doc: &'static str,
}

impl SettingSpec {
    /// The key: `<category>.<name>`.
    pub fn key(&self) -> String {
        format!("{}.{}", self.category.as_str(), self.name)
    }

    /// The default value.
    pub fn default_value(&self) -> SettingValue {
        match self.default {
            DefaultValue::Bool(b) => SettingValue::Bool(b),
            DefaultValue::Int(n) => SettingValue::Int(n),
            DefaultValue::Float(f) => SettingValue::Float(f),
            DefaultValue::Text(t) => SettingValue::Text(t.to_owned()),
            DefaultValue::EmptyList => SettingValue::List(Vec::new()),
        }
    }

    /// Reads a JSON value as this setting's value: numbers from numeric strings, switches
    /// from `"true"`/`"false"`, choices case-insensitively, lists from arrays or
    /// comma-separated text.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] naming the key and what it accepts.
    pub fn coerce(&self, value: &serde_json::Value) -> Result<SettingValue, StoreError> {
        use serde_json::Value as J;
        let bad = |accepts: String| {
            StoreError::invalid(
                "setting",
                format!("{} takes {accepts}, not {value}", self.key()),
            )
        };
        let text = || match value {
            J::String(s) => Some(s.trim().to_owned()),
            J::Number(n) => Some(n.to_string()),
            J::Bool(b) => Some(b.to_string()),
            _ => None,
        };
        match self.kind {
            SettingKind::Bool => match value {
                J::Bool(b) => Ok(SettingValue::Bool(*b)),
                _ => match text().as_deref().map(str::to_ascii_lowercase).as_deref() {
                    Some("true" | "on" | "yes") => Ok(SettingValue::Bool(true)),
                    Some("false" | "off" | "no") => Ok(SettingValue::Bool(false)),
                    _ => Err(bad("true or false".into())),
                },
            },
            SettingKind::Int { min, max } => {
                let n = match value {
                    J::Number(n) => n.as_i64(),
                    _ => text().and_then(|t| t.parse::<i64>().ok()),
                };
                match n {
                    Some(n) if (min..=max).contains(&n) => Ok(SettingValue::Int(n)),
                    _ => Err(bad(format!("a whole number from {min} to {max}"))),
                }
            }
            SettingKind::Float { min, max } => {
                let f = match value {
                    J::Number(n) => n.as_f64(),
                    _ => text().and_then(|t| t.parse::<f64>().ok()),
                };
                match f {
                    Some(f) if f.is_finite() && f >= min && f <= max => Ok(SettingValue::Float(f)),
                    _ => Err(bad(format!("a number from {min} to {max}"))),
                }
            }
            SettingKind::Choice(words) => {
                let word = text().unwrap_or_default();
                words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(&word))
                    .map(|w| SettingValue::Text((*w).to_owned()))
                    .ok_or_else(|| bad(format!("one of {}", words.join(", "))))
            }
            SettingKind::Text(max) => match value {
                J::String(s) if s.chars().count() <= max && !s.contains('\0') => {
                    Ok(SettingValue::Text(s.trim().to_owned()))
                }
                _ => Err(bad(format!("text of at most {max} characters"))),
            },
            SettingKind::Url => match value {
                J::String(s)
                    if (s.starts_with("http://") || s.starts_with("https://"))
                        && s.len() <= 2048
                        && !s.chars().any(char::is_whitespace) =>
                {
                    Ok(SettingValue::Text(s.clone()))
                }
                _ => Err(bad("an http(s) URL".into())),
            },
            SettingKind::List => {
                let items: Vec<String> = match value {
                    J::Array(items) => items
                        .iter()
                        .map(|i| i.as_str().map(str::to_owned))
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| bad("a list of words".into()))?,
                    J::String(s) => s.split(',').map(str::to_owned).collect(),
                    _ => return Err(bad("a list of words".into())),
                };
                let items: Vec<String> = items
                    .iter()
                    .map(|i| i.trim().to_ascii_uppercase())
                    .filter(|i| !i.is_empty())
                    .collect();
                if items.len() > 200 || items.iter().any(|i| i.len() > 64) {
                    return Err(bad("at most 200 words of at most 64 characters".into()));
                }
                Ok(SettingValue::List(items))
            }
        }
    }
}

const fn s(
    category: Category,
    name: &'static str,
    kind: SettingKind,
    default: DefaultValue,
    doc: &'static str,
) -> SettingSpec {
    SettingSpec {
        category,
        name,
        kind,
        default,
        doc,
    }
}

use Category::{Ai, Permissions, Ui, WebSearch};
use SettingKind::{Bool, Choice, Float, Int, Text, Url};

/// Every setting. Permission names and defaults are the original's (spec b.7, a.7); the
/// research budget's are `clampBudget`'s (spec h.1); results per query `_clampCount`'s
/// (spec g.1); model endpoints `providers.ts`'s (spec d.9). The ui defaults are aartiq's own.
pub const SETTINGS: &[SettingSpec] = &[
    s(
        WebSearch,
        "provider",
        Choice(&[
            "auto",
            "tavily",
            "brave",
            "serpapi",
            "google",
            "googlescrape",
            "duckduckgo",
        ]),
        DefaultValue::Text("auto"),
        "search provider; auto picks tavily, brave, serpapi, google in that order (spec g.2)",
    ),
    s(
        WebSearch,
        "resultsPerQuery",
        Int { min: 1, max: 20 },
        DefaultValue::Int(8),
        "results per search",
    ),
    s(
        WebSearch,
        "maxQueries",
        Int { min: 1, max: 20 },
        DefaultValue::Int(6),
        "research budget: queries",
    ),
    s(
        WebSearch,
        "pagesToFetch",
        Int { min: 1, max: 40 },
        DefaultValue::Int(12),
        "research budget: pages read",
    ),
    s(
        WebSearch,
        "days",
        Int { min: 1, max: 365 },
        DefaultValue::Int(7),
        "research budget: days of news",
    ),
    s(
        Ai,
        "preferredProvider",
        Choice(&["lmstudio", "ollama", "openclaw"]),
        DefaultValue::Text("lmstudio"),
        "which local model server answers",
    ),
    s(
        Ai,
        "lmStudio.enabled",
        Bool,
        DefaultValue::Bool(true),
        "LM Studio is used",
    ),
    s(
        Ai,
        "lmStudio.baseUrl",
        Url,
        DefaultValue::Text("http://127.0.0.1:1234/v1"),
        "LM Studio endpoint",
    ),
    s(
        Ai,
        "lmStudio.model",
        Text(200),
        DefaultValue::Text("local-model"),
        "LM Studio model name",
    ),
    s(
        Ai,
        "ollama.enabled",
        Bool,
        DefaultValue::Bool(true),
        "Ollama is used",
    ),
    s(
        Ai,
        "ollama.baseUrl",
        Url,
        DefaultValue::Text("http://127.0.0.1:11434/v1"),
        "Ollama endpoint",
    ),
    s(
        Ai,
        "ollama.model",
        Text(200),
        DefaultValue::Text("llama3.1"),
        "Ollama model name",
    ),
    s(
        Ai,
        "openclaw.enabled",
        Bool,
        DefaultValue::Bool(false),
        "OpenClaw is used",
    ),
    s(
        Ai,
        "openclaw.baseUrl",
        Url,
        DefaultValue::Text("http://127.0.0.1:18789"),
        "OpenClaw endpoint",
    ),
    s(
        Ai,
        "temperature",
        Float { min: 0.0, max: 2.0 },
        DefaultValue::Float(0.2),
        "sampling temperature",
    ),
    s(
        Ui,
        "theme",
        Choice(&["dark", "light", "system"]),
        DefaultValue::Text("system"),
        "colour theme",
    ),
    s(
        Ui,
        "view",
        Choice(&["browser", "workspace", "pdf", "media", "coding"]),
        DefaultValue::Text("browser"),
        "main view",
    ),
    s(
        Ui,
        "mode",
        Choice(&["normal", "focus", "reader", "zen", "presentation"]),
        DefaultValue::Text("normal"),
        "UI mode (ui_mode_set)",
    ),
    s(
        Ui,
        "panel",
        Choice(&[
            "none",
            "settings",
            "bookmarks",
            "history",
            "extensions",
            "downloads",
            "clipboard",
            "workspace",
            "vault",
            "mcp",
            "automation",
        ]),
        DefaultValue::Text("none"),
        "the panel last opened (OPEN_SETTINGS_PANEL, OPEN_MCP_SETTINGS, ...)",
    ),
    s(
        Ui,
        "chatStyle.fontSize",
        // The catalog's range for SET_CHAT_STYLE (spec a.8 row 72).
        Int { min: 8, max: 48 },
        DefaultValue::Int(14),
        "chat font size (px)",
    ),
    s(
        Ui,
        "chatStyle.glowMode",
        Choice(&["off", "gradient", "rgb"]),
        DefaultValue::Text("off"),
        "chat glow",
    ),
    s(
        Ui,
        "chatStyle.glowPreset",
        Text(64),
        DefaultValue::Text(""),
        "chat glow preset",
    ),
    s(
        Permissions,
        "autoApproveLowRiskShell",
        Bool,
        DefaultValue::Bool(false),
        "low tier shell lines run unasked",
    ),
    s(
        Permissions,
        "autoApproveLowRisk",
        Bool,
        DefaultValue::Bool(false),
        "low risk actions run unasked (legacy alias for shell too)",
    ),
    s(
        Permissions,
        "autoApproveMidRisk",
        Bool,
        DefaultValue::Bool(false),
        "medium risk actions run unasked (never shell lines)",
    ),
    s(
        Permissions,
        "requireDeviceUnlockForManualApproval",
        Bool,
        DefaultValue::Bool(true),
        "manual approval of non-low risk also needs device unlock",
    ),
    s(
        Permissions,
        "requireDeviceUnlockForVaultAccess",
        Bool,
        DefaultValue::Bool(true),
        "vault access needs device unlock",
    ),
    s(
        Permissions,
        "requireBiometricPerSession",
        Bool,
        DefaultValue::Bool(true),
        "biometric check once per session",
    ),
    s(
        Permissions,
        "autoApprovedActions",
        SettingKind::List,
        DefaultValue::EmptyList,
        "command names that run unasked unless high risk",
    ),
];

/// The spec of `key` (`<category>.<name>`).
pub fn setting_spec(key: &str) -> Option<&'static SettingSpec> {
    SETTINGS.iter().find(|s| s.key() == key)
}

/// One setting as read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingEntry {
    /// `<category>.<name>`.
    pub key: String,
    /// The category.
    pub category: Category,
    /// The name within the category.
    pub name: &'static str,
    /// The value in force.
    pub value: SettingValue,
    /// Whether it is the default (nothing stored).
    pub is_default: bool,
}

/// One validated change, ready to apply.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingChange {
    /// `<category>.<name>`.
    pub key: String,
    /// The new value.
    pub value: SettingValue,
}

/// One applied change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AppliedChange {
    /// `<category>.<name>`.
    pub key: String,
    /// The value before.
    pub old: SettingValue,
    /// The value now.
    pub new: SettingValue,
}

/// Validates a `SETTINGS_UPDATE` (spec a.8 row 65): `updates` is an object of names (within
/// `category`) or full keys to values. Nothing is written; apply with
/// [`Store::apply_settings`] once a person confirmed.
///
/// # Errors
/// [`StoreError::Invalid`] for an unknown category, an unknown key, a key of another
/// category, a bad value, or `updates` that is not a non-empty object. All or nothing.
pub fn plan_settings_update(
    category: Option<&str>,
    updates: &serde_json::Value,
) -> Result<Vec<SettingChange>, StoreError> {
    let category = match category.map(str::trim).filter(|c| !c.is_empty()) {
        Some(name) => Some(Category::parse(name).ok_or_else(|| {
            StoreError::invalid(
                "setting",
                format!(
                    "unknown category \"{name}\"; the categories are webSearch, ai, ui, permissions"
                ),
            )
        })?),
        None => None,
    };
    let serde_json::Value::Object(map) = updates else {
        return Err(StoreError::invalid(
            "setting",
            "updates must be a JSON object of setting names to values",
        ));
    };
    if map.is_empty() {
        return Err(StoreError::invalid("setting", "no updates were given"));
    }
    let mut changes = Vec::with_capacity(map.len());
    for (name, value) in map {
        let spec = SETTINGS
            .iter()
            .find(|s| s.key() == *name || (Some(s.category) == category && s.name == name.as_str()))
            .ok_or_else(|| {
                let known: Vec<&str> = SETTINGS
                    .iter()
                    .filter(|s| category.is_none_or(|c| c == s.category))
                    .map(|s| s.name)
                    .collect();
                StoreError::invalid(
                    "setting",
                    format!(
                        "unknown setting \"{name}\"{}; known: {}",
                        category.map_or(String::new(), |c| format!(" in {}", c.as_str())),
                        known.join(", ")
                    ),
                )
            })?;
        if let Some(c) = category
            && c != spec.category
        {
            return Err(StoreError::invalid(
                "setting",
                format!("{} is not in category {}", spec.key(), c.as_str()),
            ));
        }
        changes.push(SettingChange {
            key: spec.key(),
            value: spec.coerce(value)?,
        });
    }
    Ok(changes)
}

impl Store {
    /// Every setting of `category` (all when `None`), in catalog order, with the value in force.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a stored value that no longer fits its setting;
    /// [`StoreError::Database`].
    pub fn settings(&self, category: Option<Category>) -> Result<Vec<SettingEntry>, StoreError> {
        let stored: HashMap<String, String> = self.read("read settings", |conn| {
            let mut stmt = conn.prepare("SELECT key, value FROM settings")?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        })?;
        SETTINGS
            .iter()
            .filter(|s| category.is_none_or(|c| c == s.category))
            .map(|spec| {
                let key = spec.key();
                let value = match stored.get(&key) {
                    Some(text) => {
                        let json: serde_json::Value = serde_json::from_str(text)
                            .map_err(|e| StoreError::corrupt("setting", format!("{key}: {e}")))?;
                        Some(
                            spec.coerce(&json).map_err(|e| {
                                StoreError::corrupt("setting", format!("{key}: {e}"))
                            })?,
                        )
                    }
                    None => None,
                };
                Ok(SettingEntry {
                    key,
                    category: spec.category,
                    name: spec.name,
                    is_default: value.is_none(),
                    value: value.unwrap_or_else(|| spec.default_value()),
                })
            })
            .collect()
    }

    /// The value in force of `key` (`<category>.<name>`).
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for an unknown key; as [`Store::settings`].
    pub fn setting(&self, key: &str) -> Result<SettingValue, StoreError> {
        let spec = setting_spec(key)
            .ok_or_else(|| StoreError::invalid("setting", format!("unknown setting \"{key}\"")))?;
        self.settings(Some(spec.category))?
            .into_iter()
            .find(|e| e.key == key)
            .map(|e| e.value)
            .ok_or_else(|| StoreError::invalid("setting", format!("unknown setting \"{key}\"")))
    }

    /// Applies validated changes in one transaction; a change back to the default removes the
    /// stored row. Returns each key's old and new value.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a key not in the catalog; as [`Store::settings`].
    pub fn apply_settings(
        &self,
        changes: &[SettingChange],
        at_ms: u64,
    ) -> Result<Vec<AppliedChange>, StoreError> {
        let before = self.settings(None)?;
        let mut applied = Vec::with_capacity(changes.len());
        for change in changes {
            let spec = setting_spec(&change.key).ok_or_else(|| {
                StoreError::invalid("setting", format!("unknown setting \"{}\"", change.key))
            })?;
            // Re-validate: a change may have been built by hand.
            let value = spec.coerce(&change.value.to_json())?;
            let old = before
                .iter()
                .find(|e| e.key == change.key)
                .map_or_else(|| spec.default_value(), |e| e.value.clone());
            applied.push((spec, value, old));
        }
        self.write("update settings", |tx| {
            for (spec, value, _) in &applied {
                if *value == spec.default_value() {
                    tx.execute("DELETE FROM settings WHERE key = ?1", [spec.key()])
                        .op("update settings")?;
                } else {
                    tx.execute(
                        "INSERT INTO settings (key, value, updated_at) VALUES (?1, ?2, ?3)
                         ON CONFLICT (key) DO UPDATE SET value = ?2, updated_at = ?3",
                        params![spec.key(), value.to_json().to_string(), ms_to_sql(at_ms)],
                    )
                    .op("update settings")?;
                }
            }
            Ok(())
        })?;
        Ok(applied
            .into_iter()
            .map(|(spec, new, old)| AppliedChange {
                key: spec.key(),
                old,
                new,
            })
            .collect())
    }
}
