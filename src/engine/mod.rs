//! The exact engine: every wager under every pay table, by enumeration.

pub mod enumerate;
pub mod plan;
pub mod stats;

use crate::model::Spec;
pub use stats::{Analysis, EventRow, TableStats, WagerStats};

/// N(N-1)(N-2)(N-3)(N-4)(N-5) for N = 52 * decks: ordered six-card sequences.
pub fn total_sequences(decks: u32) -> u128 {
    let n = 52 * decks as u128;
    (0..6).map(|i| n - i).product()
}

/// Computes every wager of the spec at the given deck count.
pub fn analyse(spec: &Spec, decks: u32) -> Analysis {
    let total = total_sequences(decks);
    let mut per_wager: Vec<Option<(Vec<Vec<u128>>, String)>> = vec![None; spec.wagers.len()];
    for group in plan::groups(spec) {
        let counts = enumerate::count_group(spec, &group, decks);
        // The checksum: every ordered six-card sequence counted exactly once.
        assert_eq!(counts.total, total, "enumeration lost or double-counted sequences");
        for (w, tables) in counts.wagers {
            per_wager[w] = Some((tables, group.plan.granularity().to_string()));
        }
    }
    let wagers = spec
        .wagers
        .iter()
        .zip(per_wager)
        .map(|(w, c)| {
            let (tables, granularity) = c.expect("every wager is in a group");
            stats::wager_stats(w, &tables, total, granularity)
        })
        .collect();
    Analysis {
        spec: spec.id.clone(),
        decks,
        total,
        wagers,
    }
}
