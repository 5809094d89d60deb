//! The planner: goal -> plan through an injected model, re-planning, completion scoring, and
//! the agent state machine (spec i.1).

use std::future::Future;

use serde::{Deserialize, Serialize};

use crate::AgentError;

/// The two roles of the original's agent loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AgentRole {
    /// Writes plans.
    Planner,
    /// Carries them out.
    Navigator,
}

/// Where an agent's loop is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum AgentStatus {
    /// Waiting for a goal.
    #[default]
    Idle,
    /// Writing a plan.
    Planning,
    /// Carrying out a step.
    Executing,
    /// Checking whether the goal is met.
    Evaluating,
    /// Done.
    Finished,
    /// Stopped by an error.
    Error,
}

impl AgentStatus {
    /// Whether the loop may go from `self` to `to`.
    pub fn can_go_to(self, to: AgentStatus) -> bool {
        use AgentStatus::*;
        matches!(
            (self, to),
            (Idle, Planning)
                | (Planning, Executing)
                | (Executing, Executing)
                | (Executing, Evaluating)
                | (Evaluating, Executing)
                | (Evaluating, Planning)
                | (Evaluating, Finished)
                | (Finished | Error, Idle)
                | (Idle | Planning | Executing | Evaluating, Error)
        )
    }
}

/// One agent's loop state (spec i.1 `AgentState`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentState {
    /// Its role.
    pub role: AgentRole,
    /// Where it is.
    pub status: AgentStatus,
    /// The step it is on.
    pub current_step: usize,
    /// How many steps the plan has.
    pub total_steps: usize,
    /// What it last produced.
    pub last_output: Option<String>,
}

impl AgentState {
    /// A fresh, idle state.
    pub fn new(role: AgentRole) -> AgentState {
        AgentState {
            role,
            status: AgentStatus::Idle,
            current_step: 0,
            total_steps: 0,
            last_output: None,
        }
    }

    /// Moves to `to`.
    ///
    /// # Errors
    /// [`AgentError::BadTransition`] when the state machine has no such edge.
    pub fn transition(&mut self, to: AgentStatus) -> Result<(), AgentError> {
        if !self.status.can_go_to(to) {
            return Err(AgentError::BadTransition {
                from: self.status,
                to,
            });
        }
        self.status = to;
        Ok(())
    }
}

/// What the planner knows about where the browser is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct PlanContext {
    /// The current URL.
    pub url: Option<String>,
    /// The domain the goal is about, when known.
    pub domain: Option<String>,
    /// Text of the current page.
    pub page_content: Option<String>,
    /// What was done so far.
    pub prior_actions: Vec<String>,
}

/// One step of a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanStep {
    /// Its id.
    pub id: String,
    /// Its position, from 0.
    pub index: usize,
    /// What to do.
    pub description: String,
    /// Which kind of action (a command or tool name).
    pub action_type: String,
    /// What it acts on.
    pub target: Option<String>,
    /// Why.
    pub reasoning: Option<String>,
    /// What should happen.
    pub expected_outcome: Option<String>,
    /// How to tell it worked.
    pub completion_criteria: Vec<String>,
}

/// A plan for one goal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    /// Its id.
    pub id: String,
    /// The goal.
    pub goal: String,
    /// The steps, at most [`PlannerConfig::max_steps_per_plan`].
    pub steps: Vec<PlanStep>,
    /// When it was made (ms since the epoch).
    pub created_at: u64,
    /// What the planner knew.
    pub context: PlanContext,
}

/// How sure a completion check is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// Ratio below 0.5.
    Low,
    /// Ratio from 0.5.
    Medium,
    /// Ratio from 0.8.
    High,
}

/// The answer of [`Planner::check_completion`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CompletionCheck {
    /// Whether the goal counts as done.
    pub complete: bool,
    /// How sure.
    pub confidence: Confidence,
    /// The original's message, with the score.
    pub reason: String,
    /// Steps not yet run.
    pub missing_steps: Vec<String>,
}

/// The model that turns a goal into a plan; injected, so the planner runs without a network.
pub trait PlanModel {
    /// A plan for `goal`.
    fn plan(
        &self,
        goal: &str,
        context: &PlanContext,
    ) -> impl Future<Output = Result<Plan, AgentError>> + Send;
}

/// Planner settings (spec i.1 defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannerConfig {
    /// Re-plan every this many steps: 3.
    pub planning_interval: usize,
    /// Longest plan kept: 10 (the original never enforced it, j.8).
    pub max_steps_per_plan: usize,
}

impl Default for PlannerConfig {
    fn default() -> PlannerConfig {
        PlannerConfig {
            planning_interval: 3,
            max_steps_per_plan: 10,
        }
    }
}

/// Plans, tracks the current step, and scores completion.
#[derive(Debug)]
pub struct Planner<M> {
    model: M,
    config: PlannerConfig,
    plan: Option<Plan>,
    step: usize,
    plan_count: usize,
    /// Steps the model proposed past the limit, cut from the last plan.
    truncated: usize,
}

impl<M: PlanModel> Planner<M> {
    /// A planner over `model`.
    pub fn new(model: M, config: PlannerConfig) -> Planner<M> {
        Planner {
            model,
            config,
            plan: None,
            step: 0,
            plan_count: 0,
            truncated: 0,
        }
    }

    /// Whether a (new) plan is due: none yet, every step done, or at every
    /// `planning_interval`-th step.
    pub fn should_replan(&self) -> bool {
        let Some(plan) = &self.plan else { return true };
        let interval = self.config.planning_interval.max(1);
        self.step >= plan.steps.len() || (self.step > 0 && self.step.is_multiple_of(interval))
    }

    /// Asks the model for a plan, keeps at most `max_steps_per_plan` steps, resets the step
    /// counter and counts the plan.
    ///
    /// # Errors
    /// The model's error.
    pub async fn create_plan(
        &mut self,
        goal: &str,
        context: &PlanContext,
    ) -> Result<&Plan, AgentError> {
        let mut plan = self.model.plan(goal, context).await?;
        let limit = self.config.max_steps_per_plan.max(1);
        self.truncated = plan.steps.len().saturating_sub(limit);
        plan.steps.truncate(limit);
        for (index, step) in plan.steps.iter_mut().enumerate() {
            step.index = index;
        }
        self.step = 0;
        self.plan_count += 1;
        Ok(self.plan.insert(plan))
    }

    /// The plan in force.
    pub fn plan(&self) -> Option<&Plan> {
        self.plan.as_ref()
    }

    /// How many steps the model proposed past the limit in the last plan.
    pub fn truncated_steps(&self) -> usize {
        self.truncated
    }

    /// The current step.
    pub fn current_step(&self) -> Option<&PlanStep> {
        self.plan.as_ref()?.steps.get(self.step)
    }

    /// Moves to the next step.
    pub fn advance_step(&mut self) {
        self.step += 1;
    }

    /// How many plans were made.
    pub fn plan_count(&self) -> usize {
        self.plan_count
    }

    /// Drops the plan and the step counter; keeps the plan count.
    pub fn reset(&mut self) {
        self.plan = None;
        self.step = 0;
    }

    /// Scores whether the goal is done (spec i.1): +3 all steps run; +2 for an answer over 100
    /// characters, +1 over 20; +2 when the browser's and the plan's domains agree. The
    /// denominator counts only the checks that apply: 7 with both domains, else 5 (the original
    /// always divided by 7, j.8).
    pub fn check_completion(
        &self,
        final_answer_len: usize,
        browser_domain: Option<&str>,
    ) -> CompletionCheck {
        let Some(plan) = &self.plan else {
            return CompletionCheck {
                complete: false,
                confidence: Confidence::Low,
                reason: "No plan exists".to_owned(),
                missing_steps: Vec::new(),
            };
        };
        let mut score = 0;
        let mut notes = Vec::new();
        let missing_steps: Vec<String> = plan
            .steps
            .iter()
            .skip(self.step)
            .map(|s| s.description.clone())
            .collect();
        if missing_steps.is_empty() {
            score += 3;
        } else {
            notes.push(format!("{} steps not yet executed", missing_steps.len()));
        }
        if final_answer_len > 100 {
            score += 2;
        } else if final_answer_len > 20 {
            score += 1;
        } else {
            notes.push("Final answer is too short".to_owned());
        }
        let mut total = 5;
        if let (Some(current), Some(expected)) = (browser_domain, plan.context.domain.as_deref()) {
            total = 7;
            let (current_l, expected_l) = (current.to_lowercase(), expected.to_lowercase());
            if current_l.contains(&expected_l) || expected_l.contains(&current_l) {
                score += 2;
            } else {
                notes.push(format!(
                    "Browser is on \"{current}\", expected \"{expected}\""
                ));
            }
        }
        let ratio = f64::from(score) / f64::from(total);
        if ratio >= 0.8 {
            CompletionCheck {
                complete: true,
                confidence: Confidence::High,
                reason: format!("Plan completed successfully (score {score}/{total})"),
                missing_steps,
            }
        } else if ratio >= 0.5 {
            CompletionCheck {
                complete: true,
                confidence: Confidence::Medium,
                reason: format!("Plan partially completed (score {score}/{total})"),
                missing_steps,
            }
        } else {
            CompletionCheck {
                complete: false,
                confidence: Confidence::Low,
                reason: format!(
                    "Plan incomplete (score {score}/{total}): {}",
                    notes.join("; ")
                ),
                missing_steps,
            }
        }
    }
}
