//! Small shared value types: tab, frame and node identities.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize};

/// A browser tab's id. Agents may send it as a string or a number; it is kept as text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct TabId(pub String);

impl TabId {
    /// A tab id from text.
    pub fn new(id: impl Into<String>) -> TabId {
        TabId(id.into())
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TabId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for TabId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TabId, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Number(u64),
        }
        match Raw::deserialize(deserializer) {
            Ok(Raw::Text(text)) if !text.trim().is_empty() => Ok(TabId(text)),
            Ok(Raw::Text(_)) => Err(serde::de::Error::custom("tabId must not be empty")),
            Ok(Raw::Number(n)) => Ok(TabId(n.to_string())),
            Err(_) => Err(serde::de::Error::custom(
                "tabId must be a string or a non-negative integer",
            )),
        }
    }
}

impl JsonSchema for TabId {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("TabId")
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": ["string", "integer"],
            "description": "A tab id from list_tabs."
        })
    }
}

/// A frame of a tab (the main frame or an iframe). Every node of a capture names its frame,
/// so the text is shared, not copied: cloning one is a reference count.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct FrameId(std::sync::Arc<str>);

impl FrameId {
    /// A frame id from text.
    pub fn new(id: impl AsRef<str>) -> FrameId {
        FrameId(std::sync::Arc::from(id.as_ref()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A node's identity inside one document of one frame (a CDP backend node id, a fixture's
/// element index). Never shown to a model: refs stand for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NodeId(pub u64);

/// How a backend finds one element again: its frame and its node identity.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NodeHandle {
    /// The frame holding it.
    pub frame: FrameId,
    /// The node inside that frame's document.
    pub node: NodeId,
}
