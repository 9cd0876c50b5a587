//! The exact engine: every wager under every pay table, by enumeration.
//!
//! Layer: machinery, run by strategy, verify, removal, study and the
//! pipeline (the layout is in `src/lib.rs`).

mod atoms;
mod classes;
mod compiled;
pub mod decide;
pub(crate) mod deck_function;
pub mod enumerate;
mod hash;
mod keys;
mod lanes;
pub mod plan;
mod relabel;
pub mod shoe;
pub mod shoe_state;
pub mod stats;
mod suits;
mod tally;
mod walk;

use crate::model::Spec;
use rayon::prelude::*;
pub use stats::{Analysis, EventRow, TableStats, WagerStats};
pub use tally::JOINT_EVENTS;

/// N(N-1)(N-2)(N-3)(N-4)(N-5) for N = 52 * decks: ordered six-card sequences.
pub fn total_sequences(decks: u32) -> u128 {
    let n = 52 * decks as u128;
    (0..6).map(|i| n - i).product()
}

/// Computes every wager of the spec at the given deck count. A player's
/// optimal strategy must be resolved first (`crate::strategy`).
pub fn analyse(spec: &Spec, decks: u32) -> Analysis {
    analyse_shoe(spec, &shoe::Composition::standard(decks), decks)
}

/// Computes every wager from any shoe composition (`decks` labels the
/// result), with the strategy resolved for that shoe.
pub fn analyse_shoe(spec: &Spec, composition: &shoe::Composition, decks: u32) -> Analysis {
    let analysis = analyse_wagers(spec, composition, decks);
    with_decisions(spec, composition, analysis, None)
}

/// [`analyse_shoe`] without the analysis of the player's decisions (the
/// verification compares the wagers' counts only).
pub fn analyse_wagers(spec: &Spec, composition: &shoe::Composition, decks: u32) -> Analysis {
    assert_resolved(spec);
    assemble(spec, composition, decks, count_all(spec, composition))
}

/// [`analyse`] of a spec the strategy stage resolved for this deck count,
/// with the decisions it enumerated doing so (see
/// [`decide::analyse_with`]).
pub fn analyse_resolved(spec: &Spec, decks: u32, decisions: Option<decide::Decisions>) -> Analysis {
    assert_resolved(spec);
    let composition = shoe::Composition::standard(decks);
    let counts = count_all(spec, &composition);
    let analysis = assemble(spec, &composition, decks, counts);
    with_decisions(spec, &composition, analysis, decisions)
}

/// Every group's counts in one shoe (the counted wagers' too: see
/// [`with_counted`]).
fn count_all(
    spec: &Spec,
    composition: &shoe::Composition,
) -> Vec<(plan::Group, enumerate::GroupCounts)> {
    let all = with_counted(spec);
    plan::groups(&all)
        .into_iter()
        .map(|group| {
            let counts = enumerate::count_group(&all, &group, composition);
            (group, counts)
        })
        .collect()
}

/// The spec with its counted wagers (no pay table) after its priced ones,
/// so that one enumeration walk counts both: a counted wager is numbered
/// `spec.wagers.len()` on.
fn with_counted(spec: &Spec) -> std::borrow::Cow<'_, Spec> {
    if spec.counted.is_empty() {
        return std::borrow::Cow::Borrowed(spec);
    }
    let mut all = spec.clone();
    all.wagers.extend(spec.counted.iter().cloned());
    all.counted.clear();
    std::borrow::Cow::Owned(all)
}

/// Computes every wager at each of `decks` standard deck counts, in that
/// order: the same as [`analyse`] per count, from one enumeration walk per
/// group for up to eight counts (see [`lanes`]). The spec's strategy must
/// not depend on the deck count (an optimal strategy is resolved per shoe,
/// so such a spec is analysed per count).
pub fn analyse_decks(spec: &Spec, decks: &[u32]) -> Vec<Analysis> {
    assert_resolved(spec);
    let all = with_counted(spec);
    let groups = plan::groups(&all);
    // Per deck count, every group's counts (the walks give them per group).
    let mut by_count: Vec<Vec<(plan::Group, enumerate::GroupCounts)>> =
        decks.iter().map(|_| Vec::new()).collect();
    for group in &groups {
        let counts = enumerate::count_group_decks(&all, group, decks);
        for (at, c) in by_count.iter_mut().zip(counts) {
            at.push((group.clone(), c));
        }
    }
    // The statistics (exact fractions) of each count side by side.
    by_count
        .into_par_iter()
        .zip(decks)
        .map(|(counts, &d)| {
            let composition = shoe::Composition::standard(d);
            let analysis = assemble(spec, &composition, d, counts);
            with_decisions(spec, &composition, analysis, None)
        })
        .collect()
}

fn assert_resolved(spec: &Spec) {
    assert!(
        spec.strategies_resolved(),
        "resolve the player's strategy for the shoe first (the strategy stage)"
    );
}

/// `analysis` with the analysis of the player's decisions in
/// `composition`, reading `known` when the strategy stage enumerated them.
fn with_decisions(
    spec: &Spec,
    composition: &shoe::Composition,
    mut analysis: Analysis,
    known: Option<decide::Decisions>,
) -> Analysis {
    analysis.decision = decide::analyse_with(spec, composition, known);
    analysis
}

/// An analysis from the counts of every group in `composition`, without
/// the decision analysis ([`with_decisions`] adds it).
fn assemble(
    spec: &Spec,
    composition: &shoe::Composition,
    decks: u32,
    groups: Vec<(plan::Group, enumerate::GroupCounts)>,
) -> Analysis {
    let n = composition.total();
    let total: u128 = (0..6).map(|i| n.saturating_sub(i)).product();
    let mut combined: Vec<Option<stats::CombinedStats>> = vec![None; spec.combined.len()];
    let mut per_wager: Vec<Option<(enumerate::WagerCounts, String)>> = Vec::new();
    per_wager.resize_with(spec.wagers.len() + spec.counted.len(), || None);
    for (group, counts) in groups {
        // The checksum: every ordered six-card sequence counted exactly once.
        assert_eq!(
            counts.total, total,
            "enumeration lost or double-counted sequences"
        );
        for c in &counts.combined {
            combined[c.combined] = Some(stats::CombinedStats::from_counts(
                &spec.combined[c.combined],
                spec,
                &c.outcomes,
                total,
            ));
        }
        for c in counts.wagers {
            let w = c.wager;
            per_wager[w] = Some((c, group.plan.granularity().to_string()));
        }
    }
    let mut wagers: Vec<WagerStats> = spec
        .wagers
        .iter()
        .chain(&spec.counted)
        .zip(per_wager)
        .map(|(w, c)| {
            let (counts, granularity) = c.expect("every wager is in a group");
            stats::wager_stats(w, &counts, total, granularity)
        })
        .collect();
    let counted = wagers.split_off(spec.wagers.len());
    Analysis {
        spec: spec.id.clone(),
        decks,
        total,
        wagers,
        counted,
        combined: combined
            .into_iter()
            .map(|c| c.expect("combined wagers share a group"))
            .collect(),
        decision: None,
    }
}
