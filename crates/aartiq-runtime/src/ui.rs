//! The UI state of the agent API (`theme_resolve`, `ui_mode_set`, `open_panel`) kept in the
//! store's `ui` settings, so what `SET_THEME`, `SET_CHAT_STYLE`, `OPEN_VIEW` and the panel
//! commands change is what every surface reports: the terminal session, HTTP and MCP.

use std::collections::BTreeMap;
use std::sync::Arc;

use aartiq_store::{Category, SettingChange, Store, plan_settings_update};
use aartiq_tools::{BackendError, ThemeState, UiMode, UiState};
use async_trait::async_trait;
use serde_json::Value;

/// The views of `OPEN_VIEW` (spec a.8 row 19); any other section is a panel.
const VIEWS: &[&str] = &["browser", "workspace", "pdf", "media", "coding"];

/// [`UiState`] over the store's `ui` settings.
#[derive(Clone)]
pub struct StoredUi {
    store: Arc<Store>,
    clock: Arc<dyn Fn() -> u64 + Send + Sync>,
}

impl std::fmt::Debug for StoredUi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoredUi").finish_non_exhaustive()
    }
}

impl StoredUi {
    /// The UI state of `store`; `now_ms` stamps each change.
    pub fn new(store: Arc<Store>, now_ms: impl Fn() -> u64 + Send + Sync + 'static) -> StoredUi {
        StoredUi {
            store,
            clock: Arc::new(now_ms),
        }
    }

    fn state(&self) -> Result<ThemeState, BackendError> {
        let entries = self.store.settings(Some(Category::Ui)).map_err(other)?;
        let mut mode = UiMode::Normal;
        let mut prefs = BTreeMap::new();
        for entry in entries {
            if entry.name == "mode" {
                mode = serde_json::from_value(entry.value.to_json()).unwrap_or_default();
            } else {
                prefs.insert(entry.name.to_owned(), entry.value.to_json());
            }
        }
        Ok(ThemeState { mode, prefs })
    }

    fn apply(&self, changes: &[SettingChange]) -> Result<(), BackendError> {
        self.store
            .apply_settings(changes, (self.clock)())
            .map(drop)
            .map_err(other)
    }
}

fn other(e: impl std::fmt::Display) -> BackendError {
    BackendError::Other(e.to_string())
}

#[async_trait]
impl UiState for StoredUi {
    async fn theme(&self) -> Result<ThemeState, BackendError> {
        self.state()
    }

    async fn set_mode(
        &self,
        mode: UiMode,
        prefs: BTreeMap<String, Value>,
    ) -> Result<ThemeState, BackendError> {
        let mut updates: serde_json::Map<String, Value> = prefs.into_iter().collect();
        if updates.contains_key("mode") {
            return Err(BackendError::Other(
                "the mode is set by `mode`, not by a preference".to_owned(),
            ));
        }
        updates.insert("mode".to_owned(), Value::String(mode.as_str().to_owned()));
        // All or nothing: an unknown preference or a bad value changes nothing.
        let changes = plan_settings_update(Some("ui"), &Value::Object(updates)).map_err(other)?;
        self.apply(&changes)?;
        self.state()
    }

    async fn open_panel(&self, section: &str) -> Result<(), BackendError> {
        let section = section.trim().to_ascii_lowercase();
        let (name, value) = if VIEWS.contains(&section.as_str()) {
            ("view", section)
        } else {
            ("panel", section)
        };
        let mut updates = serde_json::Map::new();
        updates.insert(name.to_owned(), Value::String(value));
        let changes = plan_settings_update(Some("ui"), &Value::Object(updates)).map_err(other)?;
        self.apply(&changes)
    }
}
