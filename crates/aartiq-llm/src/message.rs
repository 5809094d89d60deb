//! Chat messages: who speaks and what is said, as plain text or, for vision models, as text plus
//! images in the OpenAI content-parts format.
//!
//! A message without extra parts goes on the wire exactly as before, `{"role": "user",
//! "content": "text"}`. A message with parts is sent as an array:
//! `{"role": "user", "content": [{"type": "text", "text": "..."}, {"type": "image_url",
//! "image_url": {"url": "data:image/png;base64,..."}}]}`.

use base64::Engine as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Who speaks a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Instructions.
    System,
    /// The person, or results fed back.
    User,
    /// The model.
    Assistant,
}

/// One message of a conversation.
///
/// `content` is the text. When `parts` is empty (the usual case) the message is sent with
/// `content` as a plain string. When it is not, `content` is sent as an array of parts: `content`
/// first as a text part (left out when empty), then `parts` in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    /// Who speaks.
    pub role: Role,
    /// What is said (the text).
    pub content: String,
    /// Further parts after the text: images for a vision model, or more text.
    pub parts: Vec<ContentPart>,
}

impl ChatMessage {
    /// A text message.
    pub fn new(role: Role, content: impl Into<String>) -> ChatMessage {
        ChatMessage {
            role,
            content: content.into(),
            parts: Vec::new(),
        }
    }

    /// The message with `part` added after its text and earlier parts.
    ///
    /// ```
    /// use aartiq_llm::{ChatMessage, ContentPart, Role};
    ///
    /// let png = [0x89, b'P', b'N', b'G'];
    /// let message = ChatMessage::new(Role::User, "What does this page show?")
    ///     .with_part(ContentPart::image_bytes("image/png", &png));
    /// let wire = serde_json::to_value(&message).unwrap();
    /// assert_eq!(wire["content"][1]["image_url"]["url"], "data:image/png;base64,iVBORw==");
    /// ```
    #[must_use]
    pub fn with_part(mut self, part: ContentPart) -> ChatMessage {
        self.parts.push(part);
        self
    }
}

/// One part of a message's content (OpenAI's content-part objects).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ContentPart {
    /// `{"type": "text", "text": ...}`.
    Text {
        /// The text.
        text: String,
    },
    /// `{"type": "image_url", "image_url": {"url": ...}}`.
    ImageUrl {
        /// Where the image is.
        image_url: ImageUrl,
    },
}

impl ContentPart {
    /// A text part.
    pub fn text(text: impl Into<String>) -> ContentPart {
        ContentPart::Text { text: text.into() }
    }

    /// An image the server fetches or decodes from `url` (`https://...` or a `data:` URL).
    pub fn image_url(url: impl Into<String>) -> ContentPart {
        ContentPart::ImageUrl {
            image_url: ImageUrl {
                url: url.into(),
                detail: None,
            },
        }
    }

    /// An image sent inline as a `data:{mime};base64,...` URL, e.g. a PNG screenshot.
    pub fn image_bytes(mime: &str, bytes: &[u8]) -> ContentPart {
        let encoded = base64::engine::general_purpose::STANDARD.encode(bytes);
        ContentPart::image_url(format!("data:{mime};base64,{encoded}"))
    }
}

/// The `image_url` object of an image part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageUrl {
    /// An `https://` or `data:` URL.
    pub url: String,
    /// `low`, `high` or `auto`; left out when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// What `content` is on the wire: a string or an array of parts.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum WireContent<'a> {
    Text(std::borrow::Cow<'a, str>),
    Parts(Vec<std::borrow::Cow<'a, ContentPart>>),
}

#[derive(Serialize, Deserialize)]
struct WireMessage<'a> {
    role: Role,
    content: WireContent<'a>,
}

impl Serialize for ChatMessage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let content = if self.parts.is_empty() {
            WireContent::Text(self.content.as_str().into())
        } else {
            let text = ContentPart::text(self.content.as_str());
            let lead = (!self.content.is_empty()).then_some(std::borrow::Cow::Owned(text));
            WireContent::Parts(
                lead.into_iter()
                    .chain(self.parts.iter().map(std::borrow::Cow::Borrowed))
                    .collect(),
            )
        };
        WireMessage {
            role: self.role,
            content,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ChatMessage {
    /// Reads both forms; of an array, a non-empty leading text part followed by more parts
    /// becomes `content` and the rest `parts`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ChatMessage, D::Error> {
        let wire = WireMessage::deserialize(deserializer)?;
        let (content, parts) = match wire.content {
            WireContent::Text(text) => (text.into_owned(), Vec::new()),
            WireContent::Parts(parts) => {
                let mut parts: Vec<ContentPart> = parts
                    .into_iter()
                    .map(std::borrow::Cow::into_owned)
                    .collect();
                // Only a non-empty leading text followed by more parts is taken as `content`,
                // so that sending what was read gives the same wire form.
                match parts.first() {
                    Some(ContentPart::Text { text }) if !text.is_empty() && parts.len() > 1 => {
                        let text = text.clone();
                        parts.remove(0);
                        (text, parts)
                    }
                    _ => (String::new(), parts),
                }
            }
        };
        Ok(ChatMessage {
            role: wire.role,
            content,
            parts,
        })
    }
}
