//! Search tools: web, news, providers.

use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{NoArgs, meta};
use crate::backend::{SearchRequest, SearchService};
use crate::error::ToolError;
use crate::spec::{Category, ToolMeta};
use crate::tool::{Tool, ToolContext, ToolOutput};

/// The original's text when no provider is configured (spec d.4 rows 17-18).
pub(crate) const NO_PROVIDER: &str = "No web search provider is configured in this browser.";

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum WebProvider {
    Tavily,
    Brave,
    Serp,
    Google,
    Duckduckgo,
    Googlescrape,
}

impl WebProvider {
    fn as_str(self) -> &'static str {
        match self {
            WebProvider::Tavily => "tavily",
            WebProvider::Brave => "brave",
            WebProvider::Serp => "serp",
            WebProvider::Google => "google",
            WebProvider::Duckduckgo => "duckduckgo",
            WebProvider::Googlescrape => "googlescrape",
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum NewsProvider {
    Tavily,
    Brave,
    Serp,
}

impl NewsProvider {
    fn as_str(self) -> &'static str {
        match self {
            NewsProvider::Tavily => "tavily",
            NewsProvider::Brave => "brave",
            NewsProvider::Serp => "serp",
        }
    }
}

async fn configured<'a>(ctx: &'a ToolContext<'_>) -> Option<&'a dyn SearchService> {
    let service = ctx.search()?;
    service
        .providers()
        .await
        .iter()
        .any(|p| p.configured)
        .then_some(service)
}

fn count(requested: Option<u32>, default: usize) -> usize {
    requested
        .map_or(default, |n| usize::try_from(n).unwrap_or(20))
        .clamp(1, 20)
}

pub(crate) struct WebSearch;

/// The arguments of `web_search`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebSearchArgs {
    /// The query.
    pub query: String,
    /// 1-20 results (default 8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 20))]
    pub max_results: Option<u32>,
    /// The provider to use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) provider: Option<WebProvider>,
    /// Only results from the last N days.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
}

#[async_trait]
impl Tool for WebSearch {
    type Args = WebSearchArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "web_search",
            Category::Search,
            None,
            true,
            false,
            "Search the web.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: WebSearchArgs,
    ) -> Result<ToolOutput, ToolError> {
        let Some(service) = configured(ctx).await else {
            return Ok(ToolOutput::text(NO_PROVIDER));
        };
        let request = SearchRequest {
            query: args.query,
            provider: args.provider.map(|p| p.as_str().to_owned()),
            max_results: count(args.max_results, 8),
            days: args.days,
        };
        let hits = service.web_search(&request).await?;
        ToolOutput::json(&hits)
    }
}

pub(crate) struct NewsSearch;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct NewsSearchArgs {
    /// The query.
    query: String,
    /// 1-20 results (default 8).
    #[serde(default)]
    #[schemars(range(min = 1, max = 20))]
    max_results: Option<u32>,
    /// Only news from the last N days (default 7).
    #[serde(default)]
    days: Option<u32>,
    /// The provider to use.
    #[serde(default)]
    provider: Option<NewsProvider>,
}

#[async_trait]
impl Tool for NewsSearch {
    type Args = NewsSearchArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "news_search",
            Category::Search,
            None,
            true,
            false,
            "Search recent news.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: NewsSearchArgs,
    ) -> Result<ToolOutput, ToolError> {
        let Some(service) = configured(ctx).await else {
            return Ok(ToolOutput::text(NO_PROVIDER));
        };
        let request = SearchRequest {
            query: args.query,
            provider: args.provider.map(|p| p.as_str().to_owned()),
            max_results: count(args.max_results, 8),
            days: Some(args.days.unwrap_or(7)),
        };
        let hits = service.news_search(&request).await?;
        ToolOutput::json(&hits)
    }
}

pub(crate) struct SearchProviders;

#[async_trait]
impl Tool for SearchProviders {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "search_providers",
            Category::Search,
            None,
            false,
            false,
            "The configured search providers.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        let providers = match ctx.search() {
            Some(service) => service.providers().await,
            None => Vec::new(),
        };
        ToolOutput::json(&serde_json::json!({"providers": providers}))
    }
}
