//! Stage part: a card counter and a player who knows every unseen card,
//! measured on the same sampled shoes.
//!
//! The counter's threshold is chosen on the dealt pass (its own generator
//! stream); here it is measured on other shoes (stream "bound"), so the
//! choice cannot flatter it. Both players are measured twice: by what the
//! rounds they bet paid (realised), and by expected value, the sum of the
//! exact edges of the unseen cards on the rounds each one bets (from
//! `engine::shoe_state`). The perfect-information player bets exactly the
//! rounds whose edge favours the player, so on every shoe its expected win
//! is at least the counter's: the bound is a bound by construction, and
//! the expected values compare the two nearly free of luck.

use crate::engine::shoe::Composition;
use crate::engine::shoe_state::ShoeStates;
use crate::model::Spec;
use crate::simulator::BUCKET_EDGE;
use crate::simulator::sampled::{SampledRound, SampledShoes, sample_shoes};
use crate::simulator::stats::{Estimate, Z999};
use crate::simulator::{Settings, Tags, penetrations};
use rayon::prelude::*;
use serde::Serialize;

/// Bets per shoe below which a player is said never to bet: one bet in
/// twenty shoes gives no advantage worth a percentage.
pub const NEVER_BETS: f64 = 0.05;

/// Shoes and rounds behind a figure.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Sample {
    pub shoes: u64,
    pub rounds: u64,
}

/// One player on the sampled shoes.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    /// Share of the shoe dealt before the cut card.
    pub penetration: f64,
    /// The counter's threshold (the count at which it bets; None: every
    /// round); None for the perfect-information player.
    pub threshold: Option<i64>,
    pub sample: Sample,
    pub bets_per_shoe: f64,
    /// Whether the player (almost) never bets (fewer than [`NEVER_BETS`]
    /// bets per shoe): its advantage is then not a figure.
    pub never_bets: bool,
    /// Expected win per unit bet: the exact edges of the rounds bet,
    /// averaged over bets.
    pub advantage: f64,
    /// Expected win per shoe in units (the exact edges summed), with its
    /// 99.9% interval over the shoes.
    pub expected: Estimate,
    /// What the rounds bet paid, per shoe, with its interval.
    pub realised: Estimate,
}

/// A pay table's counter (at each penetration) and perfect-information
/// player on the same shoes.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub counter: Vec<Played>,
    pub bound: Played,
    /// Per shoe: the counter's expected win at the deepest penetration and
    /// the perfect-information player's (what the same-shoe test reads).
    #[serde(skip)]
    pub per_shoe: Vec<[f64; 2]>,
}

/// What to sample: shoes for the wagers that read no suit, shoes for those
/// that do (the exact edge costs some ten times more for them).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Shoes {
    pub rank_level: u64,
    pub suit_reading: u64,
}

/// Every pay table's comparison (flat over the spec's pay tables; None
/// where no shoe was sampled for it). `thresholds` are the counter's, per
/// pay table and penetration (shallowest first); `reads_suits` per pay
/// table; the shoes are dealt from generator stream `stream`. `spec` must
/// have its strategy resolved.
#[allow(clippy::too_many_arguments)]
pub fn compare(
    spec: &Spec,
    decks: u32,
    settings: &Settings,
    counts: &[Tags],
    thresholds: &[Vec<Option<i64>>],
    reads_suits: &[bool],
    shoes: Shoes,
    stream: &str,
) -> Vec<Option<Comparison>> {
    let wanted = |suits: bool| {
        if suits {
            shoes.suit_reading
        } else {
            shoes.rank_level
        }
    };
    let sampled = sample_shoes(
        spec,
        decks,
        settings,
        counts,
        shoes.rank_level.max(shoes.suit_reading),
        stream,
    );
    let edges = edges(spec, &sampled, reads_suits, shoes);
    let pens = penetrations(settings.penetration);
    // Each pay table's players side by side (each table's own sums in its
    // own order, so the figures do not depend on the threads).
    (0..reads_suits.len())
        .into_par_iter()
        .map(|t| {
            let n = wanted(reads_suits[t]) as usize;
            if n < 2 {
                return None;
            }
            let shoes = &sampled.shoes[..n];
            let edges = &edges[..n];
            let table = Priced {
                shoes,
                edges,
                t,
                scale: sampled.scale[t] as f64,
            };
            let counter: Vec<Played> = (0..pens.len())
                .map(|k| {
                    let from = bucket(thresholds[t][k]);
                    table.play((pens[k], k), thresholds[t][k], |r, _| r.buckets[t] >= from)
                })
                .collect();
            let deepest = pens.len() - 1;
            let bound = table.play((pens[deepest], deepest), None, |_, e| e > 0.0);
            let from = bucket(thresholds[t][deepest]);
            let per_shoe = shoes
                .iter()
                .zip(edges)
                .map(|(rounds, e)| {
                    let mut pair = [0f64; 2];
                    for (r, e) in rounds.iter().zip(e) {
                        if r.buckets[t] >= from {
                            pair[0] += e[t];
                        }
                        if e[t] > 0.0 {
                            pair[1] += e[t];
                        }
                    }
                    pair
                })
                .collect();
            Some(Comparison {
                counter,
                bound,
                per_shoe,
            })
        })
        .collect()
}

/// The count bucket from which a counter with this threshold bets (0:
/// every round).
fn bucket(threshold: Option<i64>) -> u8 {
    threshold.map_or(0, |x| (x + BUCKET_EDGE) as u8)
}

/// Rounds whose shoes are priced in one pass over the signatures (the
/// engine's own batch: each stored value read once for all of them).
const PRICED_TOGETHER: usize = ShoeStates::PRICED_TOGETHER;

/// Per shoe, per round, per pay table: the player's exact expected win per
/// unit staked on the unseen cards (NaN where not computed).
fn edges(
    spec: &Spec,
    sampled: &SampledShoes,
    reads_suits: &[bool],
    shoes: Shoes,
) -> Vec<Vec<Vec<f64>>> {
    // The spec's pay tables by wager, and which wagers read suits.
    let mut first = Vec::new();
    let mut t = 0;
    for w in &spec.wagers {
        first.push(t);
        t += w.pay_tables.len();
    }
    let suits = |w: usize| reads_suits[first[w]];
    let rank_wagers: Vec<usize> = (0..spec.wagers.len()).filter(|&w| !suits(w)).collect();
    let suit_wagers: Vec<usize> = (0..spec.wagers.len()).filter(|&w| suits(w)).collect();
    let states = [
        (shoes.rank_level >= 2 && !rank_wagers.is_empty())
            .then(|| (ShoeStates::for_wagers(spec, &rank_wagers), shoes.rank_level)),
        (shoes.suit_reading >= 2 && !suit_wagers.is_empty()).then(|| {
            (
                ShoeStates::for_wagers(spec, &suit_wagers),
                shoes.suit_reading,
            )
        }),
    ];
    let rounds: Vec<(usize, usize)> = sampled
        .shoes
        .iter()
        .enumerate()
        .flat_map(|(s, rounds)| (0..rounds.len()).map(move |r| (s, r)))
        .collect();
    // Consecutive rounds priced together (see `ShoeStates::edges_f64_many`):
    // mostly rounds of one shoe, the result the same however they are cut.
    let flat: Vec<Vec<f64>> = rounds
        .par_chunks(PRICED_TOGETHER)
        .flat_map_iter(|chunk| {
            let mut out = vec![vec![f64::NAN; t]; chunk.len()];
            for (states, n) in states.iter().flatten() {
                let at: Vec<usize> = (0..chunk.len())
                    .filter(|&i| (chunk[i].0 as u64) < *n)
                    .collect();
                let compositions: Vec<Composition> = at
                    .iter()
                    .map(|&i| {
                        let (s, r) = chunk[i];
                        Composition {
                            counts: sampled.shoes[s][r].unseen,
                        }
                    })
                    .collect();
                if compositions.is_empty() {
                    continue;
                }
                let priced = states.edges_f64_many(&compositions);
                for (&i, wagers) in at.iter().zip(priced) {
                    for (w, tables) in wagers.iter().enumerate() {
                        for (k, e) in tables.iter().enumerate() {
                            // The engine gives the house edge.
                            out[i][first[w] + k] = -e;
                        }
                    }
                }
            }
            out
        })
        .collect();
    let mut flat = flat.into_iter();
    sampled
        .shoes
        .iter()
        .map(|rounds| flat.by_ref().take(rounds.len()).collect())
        .collect()
}

/// One pay table's sampled shoes, priced: per shoe, per round, every pay
/// table's exact expected win per unit (`t` is this table).
struct Priced<'a> {
    shoes: &'a [Vec<SampledRound>],
    edges: &'a [Vec<Vec<f64>>],
    t: usize,
    /// Stakes per unit of the rounds' nets.
    scale: f64,
}

impl Priced<'_> {
    /// A player who bets on the rounds begun in bands 0..=`band` (the
    /// penetration's) that `bets` picks, given the round and its exact
    /// expected win per unit.
    fn play(
        &self,
        (penetration, band): (f64, usize),
        threshold: Option<i64>,
        bets: impl Fn(&SampledRound, f64) -> bool,
    ) -> Played {
        let t = self.t;
        let n = self.shoes.len() as f64;
        let (mut expected, mut realised) = (Vec::new(), Vec::new());
        let (mut bet, mut rounds) = (0u64, 0u64);
        for (shoe, e) in self.shoes.iter().zip(self.edges) {
            let (mut x, mut y) = (0f64, 0f64);
            for (r, e) in shoe.iter().zip(e) {
                if r.band > band {
                    continue;
                }
                rounds += 1;
                if bets(r, e[t]) {
                    bet += 1;
                    x += e[t];
                    y += r.nets[t] as f64 / self.scale;
                }
            }
            expected.push(x);
            realised.push(y);
        }
        let bets_per_shoe = bet as f64 / n;
        let total: f64 = expected.iter().sum();
        Played {
            penetration,
            threshold,
            sample: Sample {
                shoes: self.shoes.len() as u64,
                rounds,
            },
            bets_per_shoe,
            never_bets: bets_per_shoe < NEVER_BETS,
            advantage: if bet > 0 { total / bet as f64 } else { 0.0 },
            expected: estimate(&expected),
            realised: estimate(&realised),
        }
    }
}

/// Mean over shoes with its 99.9% normal interval.
fn estimate(per_shoe: &[f64]) -> Estimate {
    let n = per_shoe.len() as f64;
    let mean = per_shoe.iter().sum::<f64>() / n;
    let var = per_shoe.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Estimate {
        value: mean,
        half_width: Z999 * (var / n).sqrt(),
    }
}
