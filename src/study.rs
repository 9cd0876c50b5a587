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
//! is derived; the simulator then plays the counter. The perfect-
//! information bound asks the engine for the exact edge of the cards not
//! yet seen before every round of a few sampled shoes.

use crate::engine::shoe::Composition;
use crate::engine::shoe_state::ShoeStates;
use crate::limits::MAX_SHARDS;
use crate::model::Spec;
use crate::removal::{Count, Removal, derive_count, effects_of_removal};
use crate::simulator::shard_file::{Expected, Inputs, Merger};
use crate::simulator::stats::{CounterResult, Estimate, Z999, counter, estimates};
use crate::simulator::{
    Settings, Simulated, Tags, cut_cards, penetrations, sample_shoes, simulate,
};
use num_traits::ToPrimitive;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::AtomicU64;

/// Standard errors a counter's best win per shoe must clear zero by to be
/// called countable: 99.9% one-sided after a Bonferroni correction for the
/// 81 thresholds at 3 penetrations tried (p = 0.001 / 2 / 243).
pub const Z_TRIED: f64 = 4.61;

/// Default rounds of each pass.
pub const ROUNDS: u64 = 10_000_000;
/// Default shoes sampled for the perfect-information bound.
pub const BOUND_SHOES: u64 = 2;

/// What to simulate, beyond the spec and deck count.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub settings: Settings,
    pub bound_shoes: u64,
    /// The bound also for wagers that read suits (a few milliseconds of
    /// the exact engine per round of a sampled shoe; off by default).
    pub bound_suit_wagers: bool,
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
            let exact_edge = -ts.expected.to_f64().unwrap_or(f64::NAN);
            CrossCheck {
                wager: w.id.clone(),
                pay_table: t.id.clone(),
                exact_edge,
                agrees: sim.edge.contains(exact_edge),
                simulated_edge: sim.edge,
                // The reports' hit frequency (any win): one definition.
                exact_hits: ts.wins as f64 / ts.total as f64,
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
    pub bound_shoes: u64,
    /// Whether the bound covers wagers that read suits (absent: no).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bound_suit_wagers: bool,
    pub procedure: Procedure,
    /// Rounds of the full-shoe pass, and rounds and shoes of the dealt pass
    /// (at its deepest penetration).
    pub full_rounds: u64,
    pub dealt_rounds: u64,
    pub dealt_shoes: u64,
    pub cross_check: Vec<CrossCheck>,
    pub tables: Vec<TableStudy>,
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
    pub count: CountInfo,
    /// The best threshold at each penetration, shallowest first.
    pub best: Vec<CounterResult>,
    pub countable: bool,
    pub verdict: String,
    /// None when no shoe was sampled, or the wager reads suits (see
    /// [`bound`]).
    pub bound: Option<Bound>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CountInfo {
    pub tags: [i32; 13],
    pub level: u8,
    pub balanced: bool,
    /// Betting correlation of the tags with the effects of removal.
    pub correlation: f64,
}

/// Betting only when the exact edge of the unseen cards favours the player.
#[derive(Clone, Debug, Serialize)]
pub struct Bound {
    pub shoes: u64,
    pub bets_per_shoe: f64,
    /// The player's exact expectation per unit bet, averaged over bets.
    pub advantage: f64,
    /// Expected win per shoe in units, with its interval over the shoes.
    pub win_per_shoe: Estimate,
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

/// The effects of removal and each pay table's count derived from them.
fn counts_of(spec: &Spec, decks: u32) -> (Removal, Vec<Count>) {
    let removal = effects_of_removal(spec, decks);
    let counts = removal
        .tables
        .iter()
        .map(|t| derive_count(t, decks))
        .collect();
    (removal, counts)
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

/// The counts as the simulator keeps them (and a run records them).
fn tags_of(counts: &[Count]) -> Vec<Tags> {
    counts
        .iter()
        .map(|c| Tags {
            tags: c.tags,
            balanced: c.balanced,
        })
        .collect()
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
    let skipped: Vec<bool> = reads_suits
        .iter()
        .map(|&s| s && !request.bound_suit_wagers)
        .collect();
    let bounds = bound(spec, decks, request, &skipped);
    let pens = penetrations(request.settings.penetration);
    let tables = removal
        .tables
        .iter()
        .zip(counts)
        .enumerate()
        .map(|(t, (r, c))| {
            let rows = counter(spec, run, t);
            let best: Vec<CounterResult> = rows
                .iter()
                .map(|at| {
                    at.iter()
                        .max_by(|a, b| a.win_per_shoe.value.total_cmp(&b.win_per_shoe.value))
                        .expect("thresholds")
                        .clone()
                })
                .collect();
            let deepest = best.last().expect("three penetrations");
            // The best of many thresholds is chosen: its win must clear
            // zero by the Bonferroni margin for all of them.
            let margin = deepest.win_per_shoe.half_width / Z999 * Z_TRIED;
            let countable =
                deepest.threshold.is_some() && deepest.win_per_shoe.value - margin > 0.0;
            TableStudy {
                wager: r.wager.clone(),
                pay_table: r.pay_table.clone(),
                removal_by_rank: r
                    .by_rank
                    .iter()
                    .map(|x| x.to_f64().unwrap_or(f64::NAN))
                    .collect(),
                removal_by_rank_exact: r
                    .by_rank
                    .iter()
                    .map(crate::report::numbers::fraction)
                    .collect(),
                removal_by_card: r.by_card.as_ref().map(|rows| {
                    rows.iter()
                        .map(|suits| suits.clone().map(|x| x.to_f64().unwrap_or(f64::NAN)))
                        .collect()
                }),
                count: CountInfo {
                    tags: c.tags,
                    level: c.level,
                    balanced: c.balanced,
                    correlation: c.correlation,
                },
                verdict: verdict(c, deepest, countable, &pens),
                best,
                countable,
                bound: bounds.as_ref().and_then(|b| b[t].clone()),
            }
        })
        .collect();
    Study {
        spec: spec.id.clone(),
        decks,
        settings: request.settings.clone(),
        bound_shoes: request.bound_shoes,
        bound_suit_wagers: request.bound_suit_wagers,
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
    }
}

fn verdict(c: &Count, best: &CounterResult, countable: bool, pens: &[f64; 3]) -> String {
    let kind = if c.balanced { "true" } else { "running" };
    if countable {
        format!(
            "countable: bet when the {kind} count is at least {}: {:+.2}% on {:.1} bets per shoe, {:+.3} units per shoe (99.9% interval {:+.3} to {:+.3}) at {:.1}% penetration",
            best.threshold.unwrap_or_default(),
            100.0 * best.advantage,
            best.bets_per_shoe,
            best.win_per_shoe.value,
            best.win_per_shoe.value - best.win_per_shoe.half_width,
            best.win_per_shoe.value + best.win_per_shoe.half_width,
            100.0 * best.penetration,
        )
    } else {
        format!(
            "no profitable count found: the level-{} {} count (tags {}) at every threshold from -40 to +40 and at {:.1}%, {:.1}% and {:.1}% penetration; best {:+.3} units per shoe",
            c.level,
            if c.balanced { "balanced" } else { "unbalanced" },
            tags_text(&c.tags),
            100.0 * pens[0],
            100.0 * pens[1],
            100.0 * pens[2],
            best.win_per_shoe.value,
        )
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

/// The perfect-information bound of every pay table, or None when no shoe
/// is sampled.
fn bound(
    spec: &Spec,
    decks: u32,
    request: &Request,
    skipped: &[bool],
) -> Option<Vec<Option<Bound>>> {
    if request.bound_shoes == 0 {
        return None;
    }
    let shoes = sample_shoes(spec, decks, &request.settings, request.bound_shoes);
    let tables = skipped.len();
    // Wagers that read suits are skipped unless asked for: the full
    // enumeration took about a second per composition for them, and the
    // defaults (shoes, suit wagers) stay as they were until the bound is
    // reworked (issue 37, item 3), so that the shipped figures do not move.
    let wanted: Vec<bool> = skipped.iter().map(|s| !s).collect();
    if !wanted.contains(&true) {
        return Some(vec![None; tables]);
    }
    // The fast exact path (`engine::shoe_state`): the drawing tree walked
    // once, then a weighted sum per composition; equal as fractions to the
    // full enumeration (`tests/shoe_state.rs`), so the figures are the same.
    let mut flat = 0;
    let mut wagers = Vec::new();
    for (w, wager) in spec.wagers.iter().enumerate() {
        if wanted[flat..flat + wager.pay_tables.len()].contains(&true) {
            wagers.push(w);
        }
        flat += wager.pay_tables.len();
    }
    let states = ShoeStates::for_wagers(spec, &wagers);
    let rounds: Vec<(usize, [[u32; 4]; 13])> = shoes
        .iter()
        .enumerate()
        .flat_map(|(s, rounds)| rounds.iter().map(move |r| (s, *r)))
        .collect();
    let edges: Vec<(usize, Vec<f64>)> = rounds
        .par_iter()
        .map(|(s, counts)| {
            let e = states.edges(&Composition { counts: *counts });
            let flat = e
                .iter()
                .zip(&spec.wagers)
                .flat_map(|(tables, wager)| (0..wager.pay_tables.len()).map(|t| tables.get(t)));
            (
                *s,
                flat.zip(&wanted)
                    .map(|(x, &want)| {
                        x.filter(|_| want)
                            .and_then(|x| x.to_f64())
                            .unwrap_or(f64::NAN)
                    })
                    .collect(),
            )
        })
        .collect();
    let n = request.bound_shoes as f64;
    Some(
        (0..tables)
            .map(|t| {
                if !wanted[t] {
                    return None;
                }
                let mut per_shoe = vec![0f64; shoes.len()];
                let (mut bets, mut won) = (0f64, 0f64);
                for (s, e) in &edges {
                    if e[t] < 0.0 {
                        bets += 1.0;
                        won -= e[t];
                        per_shoe[*s] -= e[t];
                    }
                }
                let mean = won / n;
                let var =
                    per_shoe.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
                Some(Bound {
                    shoes: request.bound_shoes,
                    bets_per_shoe: bets / n,
                    advantage: if bets > 0.0 { won / bets } else { 0.0 },
                    win_per_shoe: Estimate {
                        value: mean,
                        half_width: Z999 * (var / n).sqrt(),
                    },
                })
            })
            .collect(),
    )
}
