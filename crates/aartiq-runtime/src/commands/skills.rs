//! `LIST_SKILLS` and `LOAD_SKILL`: the skill loader (`aartiq-skills`).

use aartiq_commands::CommandKind as K;
use async_trait::async_trait;

use super::handler::PromptSkill;
use super::handler::{At, Handler, Prepared, Ran, Turn, Work, by_assistant};
use crate::judge::effective_risk;
use crate::route::Route;
use crate::runtime::Runtime;

pub(crate) struct Skills;

#[async_trait]
impl Handler for Skills {
    fn kinds(&self) -> &'static [K] {
        &[K::ListSkills, K::LoadSkill]
    }

    fn route(&self, _kind: K) -> Route {
        Route::Skills
    }

    async fn prepare(
        &self,
        _rt: &Runtime,
        _turn: &mut Turn<'_>,
        at: At<'_>,
    ) -> Result<Prepared, String> {
        let (work, explanation): (Box<dyn Work>, String) = match at.kind() {
            K::LoadSkill => {
                let id = at.text("skillId").unwrap_or_default().to_owned();
                let explanation = format!("Loads the skill \"{id}\" into the instructions.");
                (Box::new(LoadSkill(id)), explanation)
            }
            _ => (Box::new(ListSkills), "Lists the skills.".to_owned()),
        };
        Ok(Prepared {
            work,
            judgement: by_assistant(Route::Skills, effective_risk(at.command)),
            explanation,
        })
    }
}

#[derive(Debug)]
struct ListSkills;

#[async_trait]
impl Work for ListSkills {
    async fn run(self: Box<Self>, rt: &Runtime, _turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let listing = rt.backends.skills.list();
        let mut lines: Vec<String> = listing
            .skills
            .iter()
            .map(|s| format!("{} - {}: {}", s.id, s.label, s.description))
            .collect();
        for (path, problem) in &listing.problems {
            lines.push(format!("(skipped {}: {problem})", path.display()));
        }
        Ran::Done(at.ok(lines.join("\n")))
    }
}

#[derive(Debug)]
struct LoadSkill(String);

#[async_trait]
impl Work for LoadSkill {
    async fn run(self: Box<Self>, rt: &Runtime, turn: &mut Turn<'_>, at: At<'_>) -> Ran {
        let id = self.0;
        if id.is_empty() {
            return Ran::Done(at.failed("LOAD_SKILL needs a skill id; LIST_SKILLS lists them"));
        }
        Ran::Done(match load_skill(rt, turn, &id) {
            Ok(label) => at.ok(format!(
                "loaded skill {id} ({label}); its instructions are now in the system prompt"
            )),
            Err(e) => at.failed(e),
        })
    }
}

/// Adds skill `id` to the turn's skills (once); the loop puts them in the system prompt.
pub(crate) fn load_skill(rt: &Runtime, turn: &mut Turn<'_>, id: &str) -> Result<String, String> {
    let skill = rt.backends.skills.load(id).map_err(|e| e.to_string())?;
    if !turn.skills.iter().any(|s| s.id == skill.id) {
        turn.skills.push(PromptSkill {
            id: skill.id.clone(),
            label: skill.label.clone(),
            body: skill.body.clone(),
        });
    }
    Ok(skill.label.clone())
}
