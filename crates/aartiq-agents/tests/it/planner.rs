//! The planner and the agent state machine (spec i.1, j.8 fixed).

use std::sync::atomic::{AtomicUsize, Ordering};

use aartiq_agents::{
    AgentError, AgentRole, AgentState, AgentStatus, Confidence, Plan, PlanContext, PlanModel,
    PlanStep, Planner, PlannerConfig,
};

/// A scripted model: a plan of `steps` steps for any goal, counting its calls.
struct Scripted {
    steps: usize,
    domain: Option<String>,
    calls: AtomicUsize,
}

impl PlanModel for Scripted {
    async fn plan(&self, goal: &str, context: &PlanContext) -> Result<Plan, AgentError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        if goal.is_empty() {
            return Err(AgentError::Planning("empty goal".into()));
        }
        let steps = (0..self.steps)
            .map(|i| PlanStep {
                id: format!("s{i}"),
                index: 99,
                description: format!("step {i}"),
                action_type: "NAVIGATE".into(),
                target: None,
                reasoning: None,
                expected_outcome: None,
                completion_criteria: vec![],
            })
            .collect();
        let mut context = context.clone();
        context.domain = self.domain.clone();
        Ok(Plan {
            id: "p".into(),
            goal: goal.into(),
            steps,
            created_at: 0,
            context,
        })
    }
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    // The scripted model never suspends, so one poll finishes it.
    let waker = std::task::Waker::noop();
    let mut cx = std::task::Context::from_waker(waker);
    let mut future = std::pin::pin!(future);
    match future.as_mut().poll(&mut cx) {
        std::task::Poll::Ready(output) => output,
        std::task::Poll::Pending => panic!("the scripted model does not suspend"),
    }
}

fn planner(steps: usize, domain: Option<&str>) -> Planner<Scripted> {
    Planner::new(
        Scripted {
            steps,
            domain: domain.map(str::to_owned),
            calls: AtomicUsize::new(0),
        },
        PlannerConfig::default(),
    )
}

#[test]
fn replans_when_needed_and_every_third_step() {
    let mut p = planner(5, None);
    assert!(p.should_replan(), "no plan yet");
    block_on(p.create_plan("find flights", &PlanContext::default())).unwrap();
    assert!(!p.should_replan());
    p.advance_step();
    p.advance_step();
    assert!(!p.should_replan());
    p.advance_step();
    assert!(p.should_replan(), "step 3 % interval 3 == 0");
    assert_eq!(p.current_step().unwrap().description, "step 3");
    p.advance_step();
    p.advance_step();
    assert!(p.should_replan(), "all steps done");
    assert!(p.current_step().is_none());
    p.reset();
    assert_eq!(p.plan_count(), 1);
    assert!(p.plan().is_none());
}

#[test]
fn max_steps_per_plan_is_enforced() {
    let mut p = planner(14, None);
    let plan = block_on(p.create_plan("goal", &PlanContext::default())).unwrap();
    assert_eq!(plan.steps.len(), 10);
    assert_eq!(
        plan.steps.iter().map(|s| s.index).collect::<Vec<_>>(),
        (0..10).collect::<Vec<_>>()
    );
    assert_eq!(p.truncated_steps(), 4);
}

#[test]
fn model_errors_pass_through() {
    let mut p = planner(3, None);
    assert_eq!(
        block_on(p.create_plan("", &PlanContext::default())).unwrap_err(),
        AgentError::Planning("empty goal".into())
    );
    assert_eq!(p.plan_count(), 0);
}

#[test]
fn completion_scores_follow_the_original_with_an_honest_denominator() {
    let p = planner(2, None);
    assert_eq!(p.check_completion(500, None).reason, "No plan exists");

    let mut p = planner(2, None);
    block_on(p.create_plan("goal", &PlanContext::default())).unwrap();
    let early = p.check_completion(10, None);
    assert_eq!((early.complete, early.confidence), (false, Confidence::Low));
    assert_eq!(
        early.reason,
        "Plan incomplete (score 0/5): 2 steps not yet executed; Final answer is too short"
    );
    assert_eq!(early.missing_steps, ["step 0", "step 1"]);
    p.advance_step();
    p.advance_step();
    // Without a domain the best is 5/5 now (the original capped it at 5/7, medium; j.8).
    let done = p.check_completion(150, None);
    assert_eq!((done.complete, done.confidence), (true, Confidence::High));
    assert_eq!(done.reason, "Plan completed successfully (score 5/5)");

    let mut p = planner(1, Some("Example.com"));
    block_on(p.create_plan("goal", &PlanContext::default())).unwrap();
    p.advance_step();
    let elsewhere = p.check_completion(50, Some("other.org"));
    assert_eq!(elsewhere.reason, "Plan partially completed (score 4/7)");
    assert_eq!(elsewhere.confidence, Confidence::Medium);
    let here = p.check_completion(150, Some("www.example.com"));
    assert_eq!(here.reason, "Plan completed successfully (score 7/7)");
}

#[test]
fn state_machine_allows_only_the_loops_edges() {
    let mut state = AgentState::new(AgentRole::Navigator);
    for to in [
        AgentStatus::Planning,
        AgentStatus::Executing,
        AgentStatus::Evaluating,
        AgentStatus::Executing,
        AgentStatus::Evaluating,
        AgentStatus::Finished,
        AgentStatus::Idle,
    ] {
        state.transition(to).unwrap();
    }
    assert_eq!(
        state.transition(AgentStatus::Finished).unwrap_err(),
        AgentError::BadTransition {
            from: AgentStatus::Idle,
            to: AgentStatus::Finished
        }
    );
    state.transition(AgentStatus::Error).unwrap();
    assert!(state.transition(AgentStatus::Executing).is_err());
    state.transition(AgentStatus::Idle).unwrap();
}
