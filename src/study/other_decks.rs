//! Stage part: the counter at the spec's other deck counts, so that the
//! report can say whether fewer or more decks are a mitigation.
//!
//! For each pay table the study found countable, at each of a few other
//! allowed deck counts ([`deck_counts`]), the count is derived again as the
//! study derives it (effects of removal on that shoe, `derive_count`), its
//! threshold chosen on a dealt pass of that shoe, and the counter measured
//! at that threshold on other sampled shoes by expected value: the study's
//! own method, with a share of its work ([`ROUNDS_SHARE`], [`SHOES_SHARE`]),
//! at the same cut card as a share of the shoe. Every pass has generator
//! streams of its own ("dealt at 3 decks", "bound at 3 decks"), so the
//! figures are reproducible and do not depend on the thread count.

use super::counter::{CountInfo, counts_of, select, tags_of, thresholds_of, wins};
use super::same_shoes::{self, Played, Shoes};
use crate::model::Spec;
use crate::simulator::stats::CounterResult;
use crate::simulator::{Settings, Shard, Streams, cut_cards, penetrations, simulate_streams};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::AtomicU64;

/// Each other deck count's dealt pass deals about this share of the
/// study's shoes (1/4; rounds in proportion to the decks, since a pass of
/// many small shoes costs by the shoe as much as by the round).
pub const ROUNDS_SHARE: u64 = 4;
/// Its sampled shoes hold about this share of the study's sampled rounds
/// (1/8; more shoes where a shoe is smaller): pricing every round exactly
/// is most of the cost, so the intervals are some 2.8 times the study's.
pub const SHOES_SHARE: u64 = 8;

/// The counter at one other deck count.
#[derive(Clone, Debug, Serialize)]
pub struct AtDecks {
    pub decks: u32,
    pub cards: usize,
    /// The deepest cut card (cards from the top) and the share of the shoe
    /// dealt before it: the study's penetration.
    pub cut_card: usize,
    pub penetration: f64,
    /// The dealt pass that chose the thresholds: rounds and shoes.
    pub dealt_rounds: u64,
    pub dealt_shoes: u64,
    /// Shoes sampled to measure the counter.
    pub shoes: Shoes,
    /// The pay tables measured (those the study found countable), in spec
    /// order.
    pub tables: Vec<TableAtDecks>,
}

/// One pay table's counter at another deck count.
#[derive(Clone, Debug, Serialize)]
pub struct TableAtDecks {
    pub wager: String,
    pub pay_table: String,
    /// The count derived from the effects of removal at this deck count.
    pub count: CountInfo,
    /// The threshold chosen on this deck count's dealt pass at the deepest
    /// penetration, with what it won there (optimistic).
    pub selected: CounterResult,
    /// The counter at that threshold on the sampled shoes; None when none
    /// were sampled for this pay table.
    pub measured: Option<Played>,
    /// The study's test at this deck count (see `TableStudy::countable`).
    pub countable: bool,
}

/// The other deck counts measured, ascending: the smallest and the largest
/// allowed counts, and one between them: of the counts the document names,
/// the one nearest the middle of the range (the larger on a tie), else the
/// middle itself (rounded up); never the run's own count, so at most three
/// passes whatever the range.
pub fn deck_counts(spec: &Spec, decks: u32) -> Vec<u32> {
    let (lo, hi) = (spec.shoe.min_decks, spec.shoe.max_decks);
    let inside = |d: &u32| lo < *d && *d < hi && *d != decks;
    let named: Vec<u32> = spec
        .document_decks
        .as_ref()
        .map(|d| d.counts.iter().copied().filter(inside).collect())
        .unwrap_or_default();
    // Twice the distance from the middle, in whole numbers.
    let off = |d: u32| (2 * d as i64 - (lo + hi) as i64).abs();
    let between = named
        .iter()
        .copied()
        .min_by_key(|&d| (off(d), std::cmp::Reverse(d)))
        .or_else(|| Some((lo + hi).div_ceil(2)).filter(inside));
    let mut out: Vec<u32> = [Some(lo), between, Some(hi)]
        .into_iter()
        .flatten()
        .filter(|&d| d != decks)
        .collect();
    out.dedup();
    out
}

/// The counter of each `wanted` pay table (wager and pay table ids) at
/// each of [`deck_counts`], dealt with `settings` and `shoes` as the study
/// at `decks` was, with a share of its work. `spec` is the spec before
/// its strategy is resolved: each deck count resolves its own.
pub fn measure(
    spec: &Spec,
    decks: u32,
    settings: &Settings,
    shoes: Shoes,
    wanted: &[(&str, &str)],
) -> Vec<AtDecks> {
    if wanted.is_empty() {
        return Vec::new();
    }
    // The deck counts side by side: one count's dealt pass is a few
    // blocks, too few to keep both cores busy alone; each count's figures
    // are its own generator streams', whatever runs beside it.
    deck_counts(spec, decks)
        .into_par_iter()
        .map(|d| at_decks(spec, (decks, d), settings, shoes, wanted))
        .collect()
}

/// `n` of the study's sampled shoes at `from` decks, as shoes of `to`
/// decks holding about a [`SHOES_SHARE`] of their rounds (at least two,
/// for an interval; none stays none).
fn scaled(n: u64, from: u32, to: u32) -> u64 {
    if n == 0 {
        return 0;
    }
    (n * from as u64).div_ceil(SHOES_SHARE * to as u64).max(2)
}

/// The counters at `decks`, the study's run being at `run_decks`.
fn at_decks(
    spec: &Spec,
    (run_decks, decks): (u32, u32),
    study: &Settings,
    shoes: Shoes,
    wanted: &[(&str, &str)],
) -> AtDecks {
    let resolved = crate::strategy::for_decks(spec, decks);
    // Only the wagers measured are dealt, priced and counted (a wager's
    // figures do not depend on the others).
    let keep: Vec<usize> = (0..resolved.wagers.len())
        .filter(|&w| wanted.iter().any(|(id, _)| *id == resolved.wagers[w].id))
        .collect();
    let part = crate::removal::restrict(&resolved, &keep);
    let (removal, counts) = counts_of(&part, decks);
    let tags = tags_of(&counts);
    let settings = Settings {
        rounds: (study.rounds * decks as u64)
            .div_ceil(ROUNDS_SHARE * run_decks as u64)
            .clamp(1, crate::limits::MAX_SIMULATE_ROUNDS),
        seed: study.seed,
        penetration: study.penetration,
        shard: Shard::WHOLE,
    };
    let dealt = format!("dealt at {decks} decks");
    let streams = Streams {
        full: None,
        dealt: &dealt,
    };
    let run = simulate_streams(
        &part,
        decks,
        &settings,
        Some(&tags),
        &AtomicU64::new(0),
        streams,
    );
    let selected = select(&part, &run, removal.tables.len());
    let reads_suits: Vec<bool> = removal.tables.iter().map(|t| t.reads_suits).collect();
    let shoes = Shoes {
        rank_level: scaled(shoes.rank_level, run_decks, decks),
        suit_reading: scaled(shoes.suit_reading, run_decks, decks),
    };
    let compared = same_shoes::compare(
        &part,
        decks,
        &settings,
        &tags,
        &thresholds_of(&selected),
        &reads_suits,
        shoes,
        &format!("bound at {decks} decks"),
    );
    let tables = removal
        .tables
        .iter()
        .zip(&counts)
        .zip(selected)
        .zip(compared)
        .filter(|(((r, _), _), _)| {
            wanted
                .iter()
                .any(|(w, t)| *w == r.wager && *t == r.pay_table)
        })
        .map(|(((r, c), best), same)| {
            let deepest = best.last().expect("three penetrations").clone();
            let measured = same.and_then(|s| s.counter.last().cloned());
            TableAtDecks {
                wager: r.wager.clone(),
                pay_table: r.pay_table.clone(),
                count: CountInfo::of(c),
                countable: wins(&deepest, measured.as_ref()),
                selected: deepest,
                measured,
            }
        })
        .collect();
    let cards = 52 * decks as usize;
    AtDecks {
        decks,
        cards,
        cut_card: cut_cards(cards, settings.penetration)[2],
        penetration: penetrations(settings.penetration)[2],
        dealt_rounds: run.dealt.rounds.iter().sum(),
        dealt_shoes: run.dealt.shoes,
        shoes,
        tables,
    }
}
