//! Stage part: what the study and its other deck counts share: each pay
//! table's count derived from the effects of removal, the threshold chosen
//! on a dealt pass, and the test of whether the counter wins.

use super::same_shoes::Played;
use crate::model::Spec;
use crate::removal::{Count, Removal, derive_count, effects_of_removal};
use crate::simulator::stats::{CounterResult, Z999, counter};
use crate::simulator::{Simulated, Tags};
use serde::Serialize;

/// Standard errors a counter's best win per shoe must clear zero by to be
/// called countable: 99.9% one-sided after a Bonferroni correction for the
/// 81 thresholds at 3 penetrations tried (p = 0.001 / 2 / 243).
pub const Z_TRIED: f64 = 4.61;

/// A pay table's count, as the report shows it.
#[derive(Clone, Debug, Serialize)]
pub struct CountInfo {
    pub tags: [i32; 13],
    pub level: u8,
    pub balanced: bool,
    /// Betting correlation of the tags with the effects of removal.
    pub correlation: f64,
}

impl CountInfo {
    pub(super) fn of(c: &Count) -> CountInfo {
        CountInfo {
            tags: c.tags,
            level: c.level,
            balanced: c.balanced,
            correlation: c.correlation,
        }
    }
}

/// The effects of removal and each pay table's count derived from them.
pub(super) fn counts_of(spec: &Spec, decks: u32) -> (Removal, Vec<Count>) {
    let removal = effects_of_removal(spec, decks);
    let counts = removal
        .tables
        .iter()
        .map(|t| derive_count(t, decks))
        .collect();
    (removal, counts)
}

/// The counts as the simulator keeps them (and a run records them).
pub(super) fn tags_of(counts: &[Count]) -> Vec<Tags> {
    counts
        .iter()
        .map(|c| Tags {
            tags: c.tags,
            balanced: c.balanced,
        })
        .collect()
}

/// Each pay table's best threshold at each penetration (shallowest
/// first), chosen on the dealt pass of `run`.
pub(super) fn select(spec: &Spec, run: &Simulated, tables: usize) -> Vec<Vec<CounterResult>> {
    (0..tables)
        .map(|t| {
            counter(spec, run, t)
                .iter()
                .map(|at| {
                    at.iter()
                        .max_by(|a, b| a.win_per_shoe.value.total_cmp(&b.win_per_shoe.value))
                        .expect("thresholds")
                        .clone()
                })
                .collect()
        })
        .collect()
}

pub(super) fn thresholds_of(selected: &[Vec<CounterResult>]) -> Vec<Vec<Option<i64>>> {
    selected
        .iter()
        .map(|at| at.iter().map(|b| b.threshold).collect())
        .collect()
}

/// Whether a counter wins at the deepest penetration: measured on other
/// shoes (`measured`), its expected win per shoe clears zero by its 99.9%
/// interval; without them, the dealt pass's win clears zero by the
/// Bonferroni margin for every threshold tried (the best of many is
/// chosen there).
pub(super) fn wins(deepest: &CounterResult, measured: Option<&Played>) -> bool {
    match measured {
        Some(at) => !at.never_bets && at.expected.value - at.expected.half_width > 0.0,
        None => {
            let margin = deepest.win_per_shoe.half_width / Z999 * Z_TRIED;
            deepest.threshold.is_some() && deepest.win_per_shoe.value - margin > 0.0
        }
    }
}
