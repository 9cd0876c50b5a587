//! Pipeline stage: the simulation study, real shoes against the exact
//! figures, and what a card counter can do. Used by `certify simulate` and
//! by `certify SPEC --simulate` (the report's "Simulation and card
//! counting" section).
//!
//! The simulator (`crate::simulator`, the machinery) deals and settles
//! rounds and shares no
//! code with the exact engine. This stage sets the two side by side: the
//! engine gives the full-shoe figures the simulation must contain, and the
//! effects of removal (`crate::removal`) from which each pay table's count
//! is derived; the simulator then plays the counter, whose threshold is
//! chosen on the dealt pass. On other sampled shoes (`same_shoes`) the
//! counter is measured at that threshold beside a player who knows the
//! exact edge of the cards not yet seen before every round.

mod counter;
pub mod other_decks;
mod same_shoes;

pub use counter::{CountInfo, Z_TRIED};
pub use other_decks::AtDecks;
pub use same_shoes::{Comparison, NEVER_BETS, Played, Sample, Shoes};

use counter::{counts_of, select, tags_of, thresholds_of, wins};

use crate::limits::MAX_SHARDS;
use crate::model::Spec;
use crate::removal::{Count, Removal};
use crate::simulator::shard_file::{Expected, Inputs, Merger};
use crate::simulator::stats::{CounterResult, Estimate, estimates};
use crate::simulator::{Settings, Simulated, cut_cards, penetrations, simulate};
use num_traits::ToPrimitive;
use serde::Serialize;
use std::sync::atomic::AtomicU64;

/// Default rounds of each pass.
pub const ROUNDS: u64 = 10_000_000;
/// Default shoes sampled for the same-shoe comparison of the counter and
/// the perfect-information player, for wagers that read no suit (some
/// eighty thousand exact edges, about 0.2 ms each for 21st Century).
pub const BOUND_SHOES: u64 = 1_000;
/// Default shoes for wagers that read suits (their exact edge costs some
/// ten times more: 2.4 ms for Lucky 8's).
pub const BOUND_SUIT_SHOES: u64 = 100;

/// What to simulate, beyond the spec and deck count.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub settings: Settings,
    /// Shoes sampled for the same-shoe comparison (0: none).
    pub shoes: Shoes,
}

/// One pay table's simulation against the exact figures.
#[derive(Clone, Debug, Serialize)]
pub struct CrossCheck {
    pub wager: String,
    pub pay_table: String,
    /// House edge by the exact engine (full shoe, six-card convention).
    pub exact_edge: f64,
    /// House edge of the full-shoe pass.
    pub simulated_edge: Estimate,
    /// Whether the exact edge is inside the simulated interval.
    pub agrees: bool,
    /// Hit frequency (an event settles the wager): exact, and simulated.
    pub exact_hits: f64,
    pub simulated_hits: Estimate,
    /// House edge dealt to the cut card at the run's penetration, minus
    /// the exact full-shoe edge.
    pub cut_card_effect: Estimate,
}

/// Every pay table's simulated figures beside the engine's.
pub fn cross_check(
    spec: &Spec,
    run: &Simulated,
    exact: &crate::engine::Analysis,
) -> Vec<CrossCheck> {
    let tables = spec.wagers.iter().zip(&exact.wagers).flat_map(|(w, ws)| {
        w.pay_tables
            .iter()
            .zip(&ws.tables)
            .map(move |(t, ts)| (w, t, ts))
    });
    tables
        .zip(estimates(spec, run))
        .map(|((w, t, ts), sim)| {
            let exact_edge = ts.house_edge().to_f64().unwrap_or(f64::NAN);
            CrossCheck {
                wager: w.id.clone(),
                pay_table: t.id.clone(),
                exact_edge,
                agrees: sim.edge.contains(exact_edge),
                simulated_edge: sim.edge,
                // The reports' hit frequency (any win): one definition.
                exact_hits: ts.hit_frequency().to_f64().unwrap_or(f64::NAN),
                simulated_hits: sim.hits,
                cut_card_effect: Estimate {
                    value: sim.dealt_edge.value - exact_edge,
                    half_width: sim.dealt_edge.half_width,
                },
            }
        })
        .collect()
}

/// Everything the simulation stage found.
#[derive(Clone, Debug, Serialize)]
pub struct Study {
    pub spec: String,
    pub decks: u32,
    pub settings: Settings,
    pub shoes: Shoes,
    pub procedure: Procedure,
    /// Rounds of the full-shoe pass, and rounds and shoes of the dealt pass
    /// (at its deepest penetration).
    pub full_rounds: u64,
    pub dealt_rounds: u64,
    pub dealt_shoes: u64,
    pub cross_check: Vec<CrossCheck>,
    pub tables: Vec<TableStudy>,
    /// The countable pay tables' counters at other deck counts
    /// (`other_decks::measure`); empty unless the report's pipeline asked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_decks: Vec<AtDecks>,
    /// What the same-shoe comparison cost (wall clock): reported beside
    /// the results, never in them (a report's bytes do not depend on it).
    #[serde(skip)]
    pub same_shoes_cost: std::time::Duration,
}

/// How shoes are dealt, in words and figures.
#[derive(Clone, Debug, Serialize)]
pub struct Procedure {
    pub generator: String,
    pub burn: String,
    pub cut: String,
    pub cards: usize,
    /// Cut card positions (cards from the top), shallowest first.
    pub cut_cards: [usize; 3],
    pub penetrations: [f64; 3],
}

/// One pay table's removal effects, count, counter and bound.
#[derive(Clone, Debug, Serialize)]
pub struct TableStudy {
    pub wager: String,
    pub pay_table: String,
    /// Change in house edge (share of a stake) when one card of each rank,
    /// ace first, is removed from a full shoe; exact fractions beside.
    pub removal_by_rank: Vec<f64>,
    pub removal_by_rank_exact: Vec<String>,
    /// Per rank, per suit (spades, hearts, diamonds, clubs), where the
    /// wager reads suits.
    pub removal_by_card: Option<Vec<[f64; 4]>>,
    pub reads_suits: bool,
    pub count: CountInfo,
    /// The best threshold at each penetration, shallowest first, chosen on
    /// the dealt pass, with what it won there (optimistic: chosen on the
    /// same rounds).
    pub selected: Vec<CounterResult>,
    /// The counter at those thresholds and the perfect-information player
    /// on other shoes; None when none were sampled for this pay table.
    pub same_shoes: Option<Comparison>,
    /// Whether a counter wins: its expected win per shoe at the deepest
    /// penetration clears zero by its 99.9% interval on the sampled shoes
    /// (with no shoes: the dealt pass's win by the margin for the
    /// thresholds tried).
    pub countable: bool,
    /// Whether a player who knew every unseen card would win: the bound's
    /// expected win per shoe clears zero by its interval.
    pub bound_wins: bool,
}

/// Runs the stage. `spec` must have its strategy resolved for `decks`.
/// `done` counts simulated rounds (of 2 x rounds) for a progress display.
pub fn study(spec: &Spec, decks: u32, request: &Request, done: &AtomicU64) -> (Study, Simulated) {
    let (removal, counts) = counts_of(spec, decks);
    let run = simulate(
        spec,
        decks,
        &request.settings,
        Some(&tags_of(&counts)),
        done,
    );
    (
        summarise(spec, decks, request, &removal, &counts, &run),
        run,
    )
}

/// The counters of the pay tables `study` found countable at the spec's
/// other deck counts (see `other_decks`); none when no table is countable.
/// `spec` is the spec before its strategy is resolved: each deck count
/// resolves its own.
pub fn other_decks(spec: &Spec, decks: u32, request: &Request, study: &Study) -> Vec<AtDecks> {
    let wanted: Vec<(&str, &str)> = study
        .tables
        .iter()
        .filter(|t| t.countable)
        .map(|t| (t.wager.as_str(), t.pay_table.as_str()))
        .collect();
    other_decks::measure(spec, decks, &request.settings, request.shoes, &wanted)
}

/// The study of a run dealt in shards, from their files: exactly the
/// study of the undivided run (its own settings are the shards'). Each file
/// is checked before it is added (see `crate::simulator::shard_file`);
/// `inputs` are the spec's hashes, which every shard must carry.
pub fn merged(
    spec: &Spec,
    decks: u32,
    request: &Request,
    inputs: Inputs,
    files: &[String],
) -> Result<(Study, Simulated), Box<crate::diag::Diagnostic>> {
    if files.len() > MAX_SHARDS {
        return Err(Box::new(crate::diag::Diagnostic::plain(
            crate::diag::simulate::SimulateError::TooManyShards {
                given: files.len(),
                max: MAX_SHARDS,
            },
        )));
    }
    let (removal, counts) = counts_of(spec, decks);
    let expected = Expected::new(spec, decks, inputs, tags_of(&counts));
    let mut merger = Merger::new(&expected);
    for f in files {
        merger.add_file(f)?;
    }
    let run = merger.finish()?;
    let request = Request {
        settings: run.settings.clone(),
        ..request.clone()
    };
    Ok((
        summarise(spec, decks, &request, &removal, &counts, &run),
        run,
    ))
}

/// The study of a finished run (also of shards merged).
pub fn summarise(
    spec: &Spec,
    decks: u32,
    request: &Request,
    removal: &Removal,
    counts: &[Count],
    run: &Simulated,
) -> Study {
    let exact = crate::engine::analyse(spec, decks);
    let cards = 52 * decks as usize;
    let reads_suits: Vec<bool> = removal.tables.iter().map(|t| t.reads_suits).collect();
    let pens = penetrations(request.settings.penetration);
    let selected = select(spec, run, removal.tables.len());
    let thresholds = thresholds_of(&selected);
    let started = std::time::Instant::now();
    let compared = same_shoes::compare(
        spec,
        decks,
        &request.settings,
        &tags_of(counts),
        &thresholds,
        &reads_suits,
        request.shoes,
        "bound",
    );
    let same_shoes_cost = started.elapsed();
    let tables = removal
        .tables
        .iter()
        .zip(counts)
        .zip(selected)
        .zip(compared)
        .map(|(((r, c), best), same)| {
            let deepest = best.last().expect("three penetrations");
            let countable = wins(
                deepest,
                same.as_ref().map(|s| &s.counter[s.counter.len() - 1]),
            );
            let bound_wins = same.as_ref().is_some_and(|s| {
                !s.bound.never_bets && s.bound.expected.value - s.bound.expected.half_width > 0.0
            });
            TableStudy {
                wager: r.wager.clone(),
                pay_table: r.pay_table.clone(),
                removal_by_rank: r
                    .by_rank
                    .iter()
                    .map(|x| x.to_f64().unwrap_or(f64::NAN))
                    .collect(),
                removal_by_rank_exact: r.by_rank.iter().map(crate::numbers::fraction).collect(),
                removal_by_card: r.by_card.as_ref().map(|rows| {
                    rows.iter()
                        .map(|suits| suits.clone().map(|x| x.to_f64().unwrap_or(f64::NAN)))
                        .collect()
                }),
                reads_suits: r.reads_suits,
                count: CountInfo::of(c),
                selected: best,
                same_shoes: same,
                countable,
                bound_wins,
            }
        })
        .collect();
    Study {
        spec: spec.id.clone(),
        decks,
        settings: request.settings.clone(),
        shoes: request.shoes,
        procedure: Procedure {
            generator: "ChaCha8 (rand_chacha 0.9), one stream per block of 2^20 rounds seeded by SHA-256 of the seed and block".into(),
            burn: "the first card is shown and that many more burned (ace 1, two to nine face value, tens and pictures 10); no rule document describes a burn".into(),
            cut: format!(
                "rounds begin while fewer cards than the cut card's position have left the shoe; by default {} cards in 52 are left behind the cut (16 in 8 decks, as in published Dragon 7 counting simulations)",
                crate::simulator::BEHIND_CUT_PER_DECK
            ),
            cards,
            cut_cards: cut_cards(cards, request.settings.penetration),
            penetrations: pens,
        },
        full_rounds: run.full.rounds,
        dealt_rounds: run.dealt.rounds.iter().sum(),
        dealt_shoes: run.dealt.shoes,
        cross_check: cross_check(spec, run, &exact),
        tables,
        other_decks: Vec::new(),
        same_shoes_cost,
    }
}

/// `A+1 2+0 ... K-1`.
pub fn tags_text(tags: &[i32; 13]) -> String {
    const RANKS: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
    ];
    RANKS
        .iter()
        .zip(tags)
        .map(|(r, t)| format!("{r}{t:+}"))
        .collect::<Vec<_>>()
        .join(" ")
}
