//! Image generation through the OpenAI-compatible `POST /v1/images/generations`, with the chat
//! client's timeouts, retries and typed errors (for `GENERATE_IMAGE`, spec a.8 row 47).

use base64::Engine as _;
use serde::{Deserialize, Serialize};

use crate::{ChatClient, LlmError};

/// How the server hands back each image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImageFormat {
    /// The bytes, base64-encoded in the reply (`b64_json`).
    #[default]
    B64Json,
    /// A URL to fetch the image from (`url`).
    Url,
}

/// An image generation request; the model comes from the endpoint unless set here.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImageRequest {
    /// What to draw.
    pub prompt: String,
    /// Overrides the endpoint's model.
    pub model: Option<String>,
    /// How many images (the server's default, usually 1, when `None`).
    pub n: Option<u32>,
    /// The size, e.g. `1024x1024` (the server's default when `None`).
    pub size: Option<String>,
    /// Bytes in the reply or URLs.
    pub response_format: ImageFormat,
}

/// One generated image: its bytes, or where to fetch it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageData {
    /// The decoded bytes (from `b64_json`).
    Bytes(Vec<u8>),
    /// A URL (from `url`).
    Url(String),
}

/// One image of a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedImage {
    /// The image.
    pub data: ImageData,
    /// The prompt the server actually used, when it rewrote it.
    pub revised_prompt: Option<String>,
}

#[derive(Serialize)]
struct WireImageRequest<'a> {
    model: &'a str,
    prompt: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<&'a str>,
    response_format: ImageFormat,
}

#[derive(Deserialize)]
struct WireImages {
    data: Vec<WireImage>,
}

#[derive(Deserialize)]
struct WireImage {
    #[serde(default)]
    b64_json: Option<String>,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    revised_prompt: Option<String>,
}

impl ChatClient {
    /// Generates images (`POST /images/generations`), with the same timeouts, bounded retries
    /// and errors as [`ChatClient::chat`]. Base64 replies are decoded to bytes.
    ///
    /// ```no_run
    /// use aartiq_llm::{ChatClient, ClientConfig, ImageData, ImageRequest, ModelEndpoint, Provider};
    ///
    /// # async fn run() -> Result<(), aartiq_llm::LlmError> {
    /// let endpoint = ModelEndpoint {
    ///     provider: Provider::Custom,
    ///     base_url: "http://127.0.0.1:8080/v1".into(),
    ///     api_key: None,
    ///     model: "sd-turbo".into(),
    /// };
    /// let client = ChatClient::new(endpoint, ClientConfig::default())?;
    /// let request = ImageRequest { prompt: "a lighthouse at dusk".into(), ..Default::default() };
    /// for image in client.generate_images(&request).await? {
    ///     if let ImageData::Bytes(png) = image.data {
    ///         assert!(!png.is_empty());
    ///     }
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// Transport, status, timeout and format errors as for chat (an undecodable `b64_json` is
    /// [`LlmError::Protocol`]), and [`LlmError::NoImage`] when the reply holds no image or an
    /// entry has neither `b64_json` nor `url`.
    pub async fn generate_images(
        &self,
        request: &ImageRequest,
    ) -> Result<Vec<GeneratedImage>, LlmError> {
        let url = self.url("images/generations");
        let body = WireImageRequest {
            model: request.model.as_deref().unwrap_or(&self.endpoint().model),
            prompt: &request.prompt,
            n: request.n,
            size: request.size.as_deref(),
            response_format: request.response_format,
        };
        let response = self.send(|| self.http.post(&url).json(&body), &url).await?;
        let bytes = self.read_body(response, &url).await?;
        let reply: WireImages = serde_json::from_slice(&bytes).map_err(|e| LlmError::Protocol {
            url: url.clone(),
            reason: e.to_string(),
        })?;
        if reply.data.is_empty() {
            return Err(LlmError::NoImage {
                url,
                reason: "the `data` list is empty".into(),
            });
        }
        reply
            .data
            .into_iter()
            .enumerate()
            .map(|(index, image)| {
                let data = match (image.b64_json, image.url) {
                    (Some(encoded), _) => {
                        ImageData::Bytes(decode(&encoded).map_err(|reason| LlmError::Protocol {
                            url: url.clone(),
                            reason: format!("data[{index}].b64_json: {reason}"),
                        })?)
                    }
                    (None, Some(link)) => ImageData::Url(link),
                    (None, None) => {
                        return Err(LlmError::NoImage {
                            url: url.clone(),
                            reason: format!("data[{index}] has neither `b64_json` nor `url`"),
                        });
                    }
                };
                Ok(GeneratedImage {
                    data,
                    revised_prompt: image.revised_prompt,
                })
            })
            .collect()
    }
}

/// Decodes standard base64, ignoring line breaks and a `data:...;base64,` prefix that some
/// servers add.
fn decode(encoded: &str) -> Result<Vec<u8>, String> {
    let payload = match encoded.split_once(";base64,") {
        Some((head, rest)) if head.starts_with("data:") => rest,
        _ => encoded,
    };
    let compact: String = payload
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    base64::engine::general_purpose::STANDARD
        .decode(compact)
        .map_err(|e| e.to_string())
}
