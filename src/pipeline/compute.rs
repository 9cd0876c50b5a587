//! The figures of a run: the deck count checked against the spec, the
//! analysis at one count and at many, the alternative games of the
//! document's readings, and why a run stopped (`Failure`). The driver
//! (`mod.rs`) and `certify diff` (`compare.rs`) both compute through here.

use crate::assess::Computed;
use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use crate::engine::shoe::Composition;
use crate::fixtures::CaseResult;
use crate::model::Spec;
use crate::options::SAMPLES;
use crate::verify::Verification;
use rayon::prelude::*;
use std::borrow::Cow;

/// What the compute stage computes: everything the report shows, or the
/// full-shoe figures alone (the leaflet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Extent {
    Report,
    Figures,
}

/// Why a run stopped before it had figures to report.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong (exit 2).
    Usage(Box<Diagnostic>),
    /// The spec or a fixture file is refused (exit 1), with its diagnostics.
    Input(Vec<Diagnostic>),
    /// Fixtures ran and some failed (exit 1): the failing checks.
    Fixtures(Vec<CaseResult>),
    /// The engine disagrees with the reference evaluator (exit 1).
    Disagreement(Box<Verification>),
}

/// The deck count to use: the spec's, or an override within its allowed range.
pub fn decks_for(spec: &Spec, wanted: Option<u32>) -> Result<u32, Box<Diagnostic>> {
    let decks = wanted.unwrap_or(spec.shoe.decks);
    if decks < spec.shoe.min_decks || decks > spec.shoe.max_decks {
        return Err(Box::new(Diagnostic::plain(UsageError::DecksOutOfRange {
            decks,
            spec: spec.id.clone(),
            min: spec.shoe.min_decks,
            max: spec.shoe.max_decks,
        })));
    }
    Ok(decks)
}

/// The compute stage: a spec's figures at `decks` decks (the assessment
/// judges them: `crate::assess`).
pub fn compute(spec: &Spec, decks: u32) -> Computed {
    compute_with(
        spec,
        decks,
        SAMPLES,
        Default::default(),
        Extent::Report,
        &[],
    )
}

/// [`compute`], given the decisions the strategy stage enumerated for this
/// spec's full shoe of `decks` decks (see [`Prepared::decisions`]).
pub(super) fn compute_with(
    spec: &Spec,
    decks: u32,
    samples: usize,
    known: crate::strategy::Enumerated,
    extent: Extent,
    max_bets: &[(String, crate::model::Ratio)],
) -> Computed {
    let crate::strategy::Enumerated {
        adopted,
        interpretations,
    } = known;
    let (resolved, analysis) = resolved_analysis(spec, decks, adopted);
    let mut computed = Computed::of(analysis);
    // The report's "Game protection" section (a spec whose strategy reads
    // suits has none: the walk by class cannot play it), beside the
    // readings of the game's own rules, which are computed for the
    // leaflet too: the assessment's questions depend on them, and a
    // leaflet must leave open what the report leaves open.
    let (protection, alternatives) = rayon::join(
        || {
            (extent == Extent::Report)
                .then(|| crate::protection::report_set(&resolved, decks, max_bets).ok())
                .flatten()
        },
        || alternative_games(spec, decks, samples, interpretations),
    );
    computed.protection = protection;
    computed.alternatives = alternatives;
    computed
}

/// Each interpretation of the game's rules: the spec under its alternative
/// game analysed at `decks` (its own optimal strategy resolved there) and
/// checked against the reference evaluator like the spec itself, so that
/// the figures the report shows for the other reading are as checked as
/// the adopted reading's. `known`: the decisions the strategy stage
/// enumerated for each (see [`crate::strategy::Enumerated`]).
fn alternative_games(
    spec: &Spec,
    decks: u32,
    samples: usize,
    mut known: Vec<Option<crate::engine::decide::Decisions>>,
) -> Vec<crate::assess::AlternativeGame> {
    known.resize_with(spec.game_interpretations.len(), || None);
    spec.game_interpretations
        .par_iter()
        .zip(known)
        .map(|(gi, known)| {
            let (verification, (resolved, analysis)) = rayon::join(
                || crate::verify::verify(&gi.spec, decks, samples),
                || resolved_analysis(&gi.spec, decks, known),
            );
            crate::assess::AlternativeGame {
                id: gi.id.clone(),
                claims: crate::assess::claims::check(&resolved, &analysis),
                analysis,
                verification,
            }
        })
        .collect()
}

/// The spec resolved for a full shoe of `decks` decks (the strategy stage)
/// and its analysis there; the decisions the stage enumerated to resolve
/// an optimal strategy (now, or earlier: `known`) are the engine's
/// decision analysis's too.
fn resolved_analysis(
    spec: &Spec,
    decks: u32,
    known: Option<crate::engine::decide::Decisions>,
) -> (Cow<'_, Spec>, crate::engine::Analysis) {
    if spec.strategies_resolved() {
        return (Cow::Borrowed(spec), crate::engine::analyse(spec, decks));
    }
    let shoe = Composition::standard(decks);
    let (resolved, decisions) = crate::strategy::resolve_keeping(spec, &shoe);
    let analysis = crate::engine::analyse_resolved(&resolved, decks, decisions.or(known));
    (Cow::Owned(resolved), analysis)
}

/// The analyses at each of `decks`, in that order. Where the rules do not
/// change with D, one enumeration walk serves every count
/// ([`crate::engine::analyse_decks`]); an optimal strategy is resolved per
/// deck count, so such a spec is analysed count by count, side by side
/// (one analysis alone does not keep both cores busy), collected in order
/// whatever finishes first.
pub fn analyse_counts(spec: &Spec, decks: &[u32]) -> Vec<crate::engine::Analysis> {
    if spec.strategies_resolved() {
        crate::engine::analyse_decks(spec, decks)
    } else {
        decks.par_iter().map(|&d| analyse(spec, d)).collect()
    }
}

/// Each pay table's house edge as an exact function of the deck count,
/// fitted to the analyses at the counts `by_decks` holds and `fitted`
/// (analyses at the [`fit_counts`] of them, so that six fix the
/// functions); every count beyond six is checked against them (see
/// [`crate::engine::deck_function`]). None where an optimal strategy is
/// resolved per deck count: the game itself may change with D.
pub fn edge_functions(
    spec: &Spec,
    by_decks: &[(u32, &crate::engine::Analysis)],
    fitted: &[crate::engine::Analysis],
) -> Option<crate::engine::deck_function::DeckFunctions> {
    if !spec.strategies_resolved() {
        return None;
    }
    let mut points: Vec<&crate::engine::Analysis> = by_decks.iter().map(|(_, a)| *a).collect();
    points.extend(fitted);
    points.sort_by_key(|a| a.decks);
    Some(crate::engine::deck_function::edge_functions(&points))
}

/// The deck counts to enumerate besides `have` so that six fix the edge
/// functions: the smallest missing.
pub fn fit_counts(have: &[u32]) -> Vec<u32> {
    (1..)
        .filter(|d| !have.contains(d))
        .take(crate::engine::deck_function::DEGREE.saturating_sub(have.len()))
        .collect()
}

/// The strategy stage, then the engine: a spec's figures at `decks` decks.
pub fn analyse(spec: &Spec, decks: u32) -> crate::engine::Analysis {
    resolved_analysis(spec, decks, None).1
}
