//! Strategy resolution: the stage between checking and evaluation.
//!
//! A spec may let the player decide and declare the `optimal` strategy;
//! which way it decides depends on the shoe. Before anything plays a round,
//! this stage replaces that strategy by the chart computed for the shoe (by
//! exact enumeration of the player's choices, `engine::decide`) and writes
//! it into the model. The reference evaluator and the engine both read the
//! resolved chart and neither resolves anything itself, so the evaluator
//! never calls the engine it is there to check.
//!
//! Layer: pipeline stage: strategy (the layout is in `src/lib.rs`).

use crate::engine::decide::{Decisions, decisions, optimal};
use crate::engine::shoe::Composition;
use crate::model::{Chart, FirstRule, Spec, StrategyRule};
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::Arc;

/// The spec with its optimal strategy replaced by the chart for this shoe,
/// ready for the engine and the evaluator to play.
pub fn resolve(spec: &Spec, shoe: &Composition) -> Spec {
    resolve_keeping(spec, shoe).0
}

/// [`resolve`], and the decisions enumerated to find the chart when they
/// were (not when the chart was cached): the engine's decision analysis of
/// the same shoe reads them rather than enumerating them again.
pub fn resolve_keeping(spec: &Spec, shoe: &Composition) -> (Spec, Option<Decisions>) {
    let mut out = spec.clone();
    let (chart, decisions) = optimal_chart(spec, shoe);
    if let (FirstRule::Decides(d), Some(chart)) = (&mut out.game.first, chart) {
        for s in &mut d.strategies {
            if matches!(s.rule, StrategyRule::Optimal(_)) {
                s.rule = StrategyRule::Chart(chart.clone());
            }
        }
    }
    (out, decisions)
}

/// The decisions the strategy stage enumerated for one shoe: the spec's
/// own game's and each game interpretation's (spec order), where its
/// player decides optimally and the chart was not cached. The engine's
/// decision analysis of the same shoe reads them instead of enumerating
/// the same decisions again.
#[derive(Debug, Default)]
pub struct Enumerated {
    pub adopted: Option<Decisions>,
    pub interpretations: Vec<Option<Decisions>>,
}

/// The strategy stage for a spec and each of its game interpretations,
/// side by side: every optimal strategy resolved for `shoe` (the charts
/// cached in the spec, where every later stage finds them), and the
/// decisions enumerated to find them.
pub fn resolve_all(spec: &Spec, shoe: &Composition) -> Enumerated {
    let enumerate = |spec: &Spec| {
        if spec.strategies_resolved() {
            None
        } else {
            resolve_keeping(spec, shoe).1
        }
    };
    let (adopted, interpretations) = rayon::join(
        || enumerate(spec),
        || {
            spec.game_interpretations
                .par_iter()
                .map(|gi| enumerate(&gi.spec))
                .collect()
        },
    );
    Enumerated {
        adopted,
        interpretations,
    }
}

/// The spec resolved for a full shoe of `decks` decks; borrowed when there
/// is nothing to resolve (no player decision, or already resolved).
pub fn for_decks(spec: &Spec, decks: u32) -> Cow<'_, Spec> {
    if spec.strategies_resolved() {
        Cow::Borrowed(spec)
    } else {
        Cow::Owned(resolve(spec, &Composition::standard(decks)))
    }
}

/// The optimal chart for a shoe, computed once per spec and shoe, and the
/// decisions it was computed from when it was not cached.
fn optimal_chart(spec: &Spec, shoe: &Composition) -> (Option<Arc<Chart>>, Option<Decisions>) {
    let Some(d) = spec.decides() else {
        return (None, None);
    };
    let Some(cache) = d.strategies.iter().find_map(|s| match &s.rule {
        StrategyRule::Optimal(c) => Some(c),
        _ => None,
    }) else {
        return (None, None);
    };
    let cached = cache.0.lock().ok().and_then(|v| {
        v.iter()
            .find(|(c, _)| *c == shoe.counts)
            .map(|(_, chart)| chart.clone())
    });
    if let Some(chart) = cached {
        return (Some(chart), None);
    }
    let decisions = decisions(spec, shoe);
    let chart = Arc::new(optimal(&decisions));
    if let Ok(mut v) = cache.0.lock() {
        v.push((shoe.counts, chart.clone()));
    }
    (Some(chart), Some(decisions))
}

#[cfg(test)]
mod tests {
    use crate::engine::decide::walk;
    use crate::engine::shoe::Composition;

    /// The decision walk settles each key of the objective's atoms once
    /// (see `engine::decide`): every information set gets exactly the
    /// yields of settling every round, in a full shoe and in an uneven one.
    #[test]
    fn decisions_keyed_equal_decisions_round_by_round() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rules/lucky_draw_baccarat.yaml"
        );
        let (_, spec) = crate::check::check_file(path).expect("the shipped spec checks");
        // Else this would compare the walk with itself.
        assert!(crate::engine::decide::settles_by_key(&spec));
        let mut uneven = Composition::standard(1);
        uneven.counts[4][2] = 0;
        uneven.counts[9][0] = 3;
        for shoe in [Composition::standard(8), uneven] {
            let (keyed, plain) = (walk(&spec, &shoe, true), walk(&spec, &shoe, false));
            assert_eq!(keyed.sets, plain.sets);
            assert_eq!(keyed.total, plain.total);
        }
    }
}
