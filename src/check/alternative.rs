//! Checking an interpretation of the game's own rules: the whole spec is
//! checked again with the alternative's game fields (`naturals`,
//! `drawing`) in place of the spec's, so that every figure the reading
//! changes can be computed under it by the same engine. Conditions are
//! compiled again too: `natural` reads the game's naturals.

use super::Checker;
use crate::diag::spec::SpecError;
use crate::model::{GameInterpretation, Spec};
use crate::spec::raw::{self, S};

impl Checker<'_> {
    /// Every interpretation whose alternative changes the game, with the
    /// spec checked under it; called once the spec as written is checked
    /// without error (its `changes` lists name what exists).
    pub(super) fn game_interpretations(
        &mut self,
        raw: &raw::RawSpec,
        game: &raw::RawGame,
    ) -> Vec<GameInterpretation> {
        let mut out = Vec::new();
        for i in &raw.interpretations {
            let (Some(change), Some(changes)) = (&i.alternative.game, &i.alternative.changes)
            else {
                continue;
            };
            let Some(alternative) = self.under(raw, game, &i.id, change) else {
                continue;
            };
            out.push(GameInterpretation {
                id: i.id.value.clone(),
                question: i.question.clone(),
                chosen: i.chosen.reading.clone(),
                alternative: i.alternative.reading.clone(),
                changes: changes.value.iter().map(|c| c.value.clone()).collect(),
                changes_at: Some(self.src.at(&changes.referenced, 1)),
                ask_submitter: i.ask_submitter.unwrap_or(false),
                spec: Box::new(alternative),
            });
        }
        out
    }

    /// The spec checked with `change` applied to its game; an error under
    /// it is reported once, at the `game:` of the alternative, with the
    /// first refusal's words (its own position may lie in an included
    /// game file the change does not touch).
    fn under(
        &mut self,
        raw: &raw::RawSpec,
        game: &raw::RawGame,
        id: &S<String>,
        change: &S<raw::RawGameChange>,
    ) -> Option<Spec> {
        let mut changed = game.clone();
        if let Some(n) = &change.value.naturals {
            changed.naturals = n.clone();
        }
        if let Some(d) = &change.value.drawing {
            changed.drawing = d.clone();
        }
        let mut scratch = Checker {
            src: self.src,
            game_src: self.game_src,
            diags: Vec::new(),
        };
        let spec = scratch.spec(raw, &changed);
        match (spec, scratch.diags.into_iter().next()) {
            (Some(spec), None) => Some(spec),
            (_, first) => {
                let message = first.as_ref().map_or_else(
                    || "it cannot be checked".to_string(),
                    |d| d.kind.to_string(),
                );
                let kind = SpecError::AlternativeGameRefused {
                    id: id.value.clone(),
                    message,
                };
                let d = self.error(change, 1, kind);
                d.help = Some(
                    "the alternative's `game:` replaces the spec's naturals or drawing rules: the whole spec must still hold under it".into(),
                );
                if let Some(first) = first {
                    d.expected = first.expected;
                    d.found = first.found;
                }
                None
            }
        }
    }
}
