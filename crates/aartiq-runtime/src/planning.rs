//! The planner's model: the same chat model, asked for a JSON plan in a separate request
//! (spec i.1). An empty plan means the planner finds nothing left to do.

use aartiq_agents::{AgentError, Plan, PlanContext, PlanModel, PlanStep};
use aartiq_llm::{ChatClient, ChatMessage, ChatRequest, Role};
use serde::Deserialize;

/// The first line of every planning request; a scripted model server can route on it.
pub const PLANNER_MARKER: &str = "You are the planner of aartiq.";

const PLANNER_PROMPT: &str = "Write a short plan for the goal below: the browser and shell \
actions still needed, at most 10 steps. Reply with JSON only, in this shape: \
{\"steps\": [{\"description\": \"...\", \"actionType\": \"NAVIGATE\", \"target\": \"...\"}]}. \
If the actions taken so far already reach the goal, reply {\"steps\": []}.";

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireStep {
    description: String,
    #[serde(default)]
    action_type: Option<String>,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    reasoning: Option<String>,
}

#[derive(Debug, Deserialize)]
struct WirePlan {
    steps: Vec<WireStep>,
}

/// The planner's model over a [`ChatClient`].
pub(crate) struct ChatPlanModel {
    pub(crate) chat: ChatClient,
    pub(crate) now_ms: u64,
}

/// The JSON object in a reply: fenced or bare, the outermost braces.
fn json_object(text: &str) -> Option<&str> {
    let start = text.find('{')?;
    let end = text.rfind('}')?;
    (end > start).then(|| &text[start..=end])
}

/// Reads a planner reply into plan steps.
pub(crate) fn parse_plan(text: &str) -> Result<Vec<PlanStep>, AgentError> {
    let object = json_object(text)
        .ok_or_else(|| AgentError::Planning("the planner's reply holds no JSON object".into()))?;
    let wire: WirePlan = serde_json::from_str(object)
        .map_err(|e| AgentError::Planning(format!("the planner's JSON is not a plan: {e}")))?;
    Ok(wire
        .steps
        .into_iter()
        .filter(|s| !s.description.trim().is_empty())
        .enumerate()
        .map(|(index, s)| PlanStep {
            id: format!("step-{}", index + 1),
            index,
            description: s.description,
            action_type: s.action_type.unwrap_or_else(|| "UNKNOWN".to_owned()),
            target: s.target,
            reasoning: s.reasoning,
            expected_outcome: None,
            completion_criteria: Vec::new(),
        })
        .collect())
}

impl PlanModel for ChatPlanModel {
    async fn plan(&self, goal: &str, context: &PlanContext) -> Result<Plan, AgentError> {
        let mut user = format!("Goal: {goal}\n");
        if let Some(url) = &context.url {
            user.push_str(&format!("The browser is on: {url}\n"));
        }
        if context.prior_actions.is_empty() {
            user.push_str("No actions were taken yet.\n");
        } else {
            user.push_str("Actions taken so far:\n");
            for action in &context.prior_actions {
                user.push_str(&format!("- {action}\n"));
            }
        }
        let request = ChatRequest {
            messages: vec![
                ChatMessage::new(Role::System, format!("{PLANNER_MARKER} {PLANNER_PROMPT}")),
                ChatMessage::new(Role::User, user),
            ],
            temperature: Some(0.0),
            ..ChatRequest::default()
        };
        let reply = self
            .chat
            .chat(&request)
            .await
            .map_err(|e| AgentError::Planning(e.to_string()))?;
        let steps = parse_plan(&reply.text)?;
        Ok(Plan {
            id: format!("plan-{}", self.now_ms),
            goal: goal.to_owned(),
            steps,
            created_at: self.now_ms,
            context: context.clone(),
        })
    }
}
