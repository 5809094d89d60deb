//! Provider presets and endpoint resolution (spec d.9).

use serde::{Deserialize, Serialize};

/// Which kind of server a model endpoint is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// LM Studio's local server.
    LmStudio,
    /// Ollama's OpenAI-compatible API.
    Ollama,
    /// Any other OpenAI-compatible server.
    Custom,
}

/// Where and how to reach a chat model.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelEndpoint {
    /// The kind of server.
    pub provider: Provider,
    /// The API base, ending in `/v1` for OpenAI-compatible servers.
    pub base_url: String,
    /// Sent as a bearer token when set.
    pub api_key: Option<String>,
    /// The model name to ask for.
    pub model: String,
}

/// The key is never printed, so an endpoint can be logged.
impl std::fmt::Debug for ModelEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelEndpoint")
            .field("provider", &self.provider)
            .field("base_url", &self.base_url)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("model", &self.model)
            .finish()
    }
}

/// One local provider's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocalProvider {
    /// Whether it may be used.
    pub enabled: bool,
    /// Its API base.
    pub base_url: String,
    /// Its model.
    pub model: String,
}

/// The OpenClaw task server's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenClawSettings {
    /// Whether it may be used.
    pub enabled: bool,
    /// Its base URL.
    pub base_url: String,
}

/// Every model provider's settings, with the original's defaults (spec d.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelConfig {
    /// LM Studio: `http://127.0.0.1:1234/v1`, model `local-model`.
    pub lm_studio: LocalProvider,
    /// Ollama: `http://127.0.0.1:11434/v1`, model `llama3.1`.
    pub ollama: LocalProvider,
    /// OpenClaw: `http://127.0.0.1:18789`, off.
    pub openclaw: OpenClawSettings,
    /// Any other OpenAI-compatible server, from config or the environment (read by the binary).
    pub custom: Option<ModelEndpoint>,
}

impl Default for ModelConfig {
    fn default() -> ModelConfig {
        ModelConfig {
            lm_studio: LocalProvider {
                enabled: true,
                base_url: "http://127.0.0.1:1234/v1".into(),
                model: "local-model".into(),
            },
            ollama: LocalProvider {
                enabled: true,
                base_url: "http://127.0.0.1:11434/v1".into(),
                model: "llama3.1".into(),
            },
            openclaw: OpenClawSettings {
                enabled: false,
                base_url: "http://127.0.0.1:18789".into(),
            },
            custom: None,
        }
    }
}

/// Picks the endpoint to use (spec d.9 `resolveModelEndpoint`): Ollama when preferred and
/// enabled; otherwise LM Studio when enabled; otherwise Ollama. A configured custom endpoint
/// comes first unless another provider is explicitly preferred.
///
/// ```
/// use aartiq_llm::{ModelConfig, Provider, resolve_model_endpoint};
/// let config = ModelConfig::default();
/// assert_eq!(resolve_model_endpoint(&config, None).provider, Provider::LmStudio);
/// let ollama = resolve_model_endpoint(&config, Some(Provider::Ollama));
/// assert_eq!((ollama.base_url.as_str(), ollama.model.as_str()), ("http://127.0.0.1:11434/v1", "llama3.1"));
/// ```
pub fn resolve_model_endpoint(config: &ModelConfig, preferred: Option<Provider>) -> ModelEndpoint {
    let local = |provider: Provider, settings: &LocalProvider, key: &str| ModelEndpoint {
        provider,
        base_url: settings.base_url.clone(),
        api_key: Some(key.to_owned()),
        model: settings.model.clone(),
    };
    if let Some(custom) = &config.custom
        && matches!(preferred, None | Some(Provider::Custom))
    {
        return custom.clone();
    }
    if preferred == Some(Provider::Ollama) && config.ollama.enabled {
        return local(Provider::Ollama, &config.ollama, "ollama");
    }
    if config.lm_studio.enabled {
        return local(Provider::LmStudio, &config.lm_studio, "lmstudio");
    }
    local(Provider::Ollama, &config.ollama, "ollama")
}

/// Every endpoint `config` allows, in the order to try them (spec d.9): the custom endpoint alone
/// when one is configured, else LM Studio then Ollama when enabled. [`resolve_model_endpoint`]
/// picks the first of these without asking; [`ChatClient::first_reachable`](crate::ChatClient::first_reachable)
/// asks each in turn.
///
/// ```
/// use aartiq_llm::{ModelConfig, Provider, model_candidates};
/// let order: Vec<Provider> = model_candidates(&ModelConfig::default()).iter().map(|e| e.provider).collect();
/// assert_eq!(order, [Provider::LmStudio, Provider::Ollama]);
/// ```
pub fn model_candidates(config: &ModelConfig) -> Vec<ModelEndpoint> {
    if config.custom.is_some() {
        return vec![resolve_model_endpoint(config, Some(Provider::Custom))];
    }
    let mut out = Vec::new();
    if config.lm_studio.enabled {
        out.push(resolve_model_endpoint(config, Some(Provider::LmStudio)));
    }
    if config.ollama.enabled {
        out.push(resolve_model_endpoint(config, Some(Provider::Ollama)));
    }
    out
}

impl Provider {
    /// The provider's display name.
    pub fn label(self) -> &'static str {
        match self {
            Provider::LmStudio => "LM Studio",
            Provider::Ollama => "Ollama",
            Provider::Custom => "the configured model server",
        }
    }
}
