//! The built-in providers. Each holds the shared [`Http`] client, its base URL and its key.

use serde_json::Value;

#[cfg(feature = "brave")]
pub(crate) mod brave;
#[cfg(feature = "duckduckgo")]
pub(crate) mod duckduckgo;
#[cfg(feature = "google-cse")]
pub(crate) mod google_cse;
#[cfg(feature = "google-scrape")]
pub(crate) mod google_scrape;
#[cfg(feature = "serpapi")]
pub(crate) mod serp;
#[cfg(feature = "tavily")]
pub(crate) mod tavily;

/// A string field of a JSON object; numbers are accepted too. `None` when absent or empty.
#[allow(dead_code)] // Unused only when every keyed provider's feature is off.
pub(crate) fn text(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// An array field of a JSON object; empty when absent or not an array.
#[allow(dead_code)] // Unused only when every keyed provider's feature is off.
pub(crate) fn array<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// Parses a JSON body, naming the provider on failure.
#[allow(dead_code)] // Unused only when every keyed provider's feature is off.
pub(crate) fn json_body(body: &str) -> Result<Value, crate::ProviderError> {
    serde_json::from_str(body).map_err(|e| {
        crate::ProviderError::Decode(format!(
            "invalid JSON at line {} column {}",
            e.line(),
            e.column()
        ))
    })
}
