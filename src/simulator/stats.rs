//! Figures from a run's tallies: each pay table's simulated house edge
//! and hit frequency, the edge dealt to the cut card, and what a counter
//! wins.
//!
//! Intervals are 99.9% normal intervals (±3.29 standard errors). Rounds
//! of the full-shoe pass are independent; rounds of one dealt shoe are
//! not (they share its cards), so errors of the dealt pass are taken over
//! shoes: a ratio estimate (net over rounds, per shoe) for edges, and the
//! spread of per-shoe wins for a counter's win per shoe.

use super::count::BUCKET_EDGE;
use super::tally::{BANDS, Layout};
use super::{Simulated, penetrations};
use crate::model::Spec;
use serde::Serialize;

/// Standard errors either side of a 99.9% two-sided normal interval.
pub const Z999: f64 = 3.290_526_731_491_926;

/// An estimate and the half-width of its 99.9% interval.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub half_width: f64,
}

impl Estimate {
    pub fn contains(&self, x: f64) -> bool {
        (x - self.value).abs() <= self.half_width
    }
}

/// One pay table's figures from the simulation alone.
#[derive(Clone, Debug, Serialize)]
pub struct TableEstimate {
    /// House edge of the full-shoe pass.
    pub edge: Estimate,
    /// Hit frequency (an event settles the wager) of the full-shoe pass.
    pub hits: Estimate,
    /// House edge dealt to the cut card at the run's penetration.
    pub dealt_edge: Estimate,
}

/// What a counter of one pay table wins at one penetration and threshold.
#[derive(Clone, Debug, Serialize)]
pub struct CounterResult {
    pub penetration: f64,
    /// Bet when the count (true count when balanced, else running count)
    /// is at least this; `None`: on every round.
    pub threshold: Option<i64>,
    pub bets_per_shoe: f64,
    /// Net win per unit bet on the rounds bet (negative: a loss).
    pub advantage: f64,
    /// Net win per shoe in units, with its interval.
    pub win_per_shoe: Estimate,
}

/// Every pay table's simulated figures, flat over the wagers' pay tables
/// in spec order.
pub fn estimates(spec: &Spec, run: &Simulated) -> Vec<TableEstimate> {
    let layout = Layout::new(spec);
    (0..layout.tables())
        .map(|t| {
            let scale = layout.scale[t] as f64;
            // Figures are per round the wager is placed on (code 0: not
            // placed), as the exact figures are.
            let n = (run.full.rounds - run.full.codes[t][0]) as f64;
            let (mut sum, mut sq, mut hits) = (0f64, 0f64, 0f64);
            for (c, &k) in run.full.codes[t].iter().enumerate() {
                let x = layout.nets[t][c] as f64 / scale;
                sum += k as f64 * x;
                sq += k as f64 * x * x;
                // A hit is a win, as in the exact figures: an event that
                // pays (a push is not a hit).
                if layout.nets[t][c] > 0 {
                    hits += k as f64;
                }
            }
            let mean = sum / n;
            let var = (sq / n - mean * mean).max(0.0);
            let p = hits / n;
            TableEstimate {
                edge: Estimate {
                    value: -mean,
                    half_width: Z999 * (var / n).sqrt(),
                },
                hits: Estimate {
                    value: p,
                    half_width: Z999 * (p * (1.0 - p) / n).sqrt(),
                },
                dealt_edge: dealt_edge(run, &layout, t, BANDS - 1),
            }
        })
        .collect()
}

/// The house edge dealt to the cut card at penetration `k` (bands 0..=k),
/// as a ratio estimate over shoes.
fn dealt_edge(run: &Simulated, layout: &Layout, t: usize, k: usize) -> Estimate {
    let d = &run.dealt;
    let table = &d.tables[t];
    let scale = layout.scale[t] as f64;
    let codes = layout.codes(t);
    let (mut net, mut rounds, mut unplaced) = (0f64, 0f64, 0f64);
    for band in 0..=k {
        rounds += d.rounds[band] as f64;
        for bucket in 0..d.buckets {
            let cell = (band * d.buckets + bucket) * codes;
            unplaced += table.codes[cell] as f64;
            for c in 0..codes {
                net += table.codes[cell + c] as f64 * layout.nets[t][c] as f64;
            }
        }
    }
    let shoes = d.shoes as f64;
    let r = net / rounds;
    // Sum over shoes of (x - r n)^2, x a shoe's net and n its rounds.
    let spread = table.shoe_squares[k * d.buckets] as f64 - 2.0 * r * table.net_by_rounds[k] as f64
        + r * r * d.rounds_squared[k] as f64;
    let mean_rounds = rounds / shoes;
    let var = (spread / (shoes - 1.0).max(1.0)) / (shoes * mean_rounds * mean_rounds);
    // Per round placed: the net per round scaled by the share placed (its
    // own sampling error, tiny beside the net's, is left out).
    let placed = (rounds - unplaced) / rounds;
    Estimate {
        value: -r / scale / placed,
        half_width: Z999 * var.max(0.0).sqrt() / scale / placed,
    }
}

/// What a counter of pay table `t` wins at each penetration and each
/// threshold, lowest threshold first (the first: betting every round).
pub fn counter(spec: &Spec, run: &Simulated, t: usize) -> Vec<Vec<CounterResult>> {
    let layout = Layout::new(spec);
    let d = &run.dealt;
    let table = &d.tables[t];
    let scale = layout.scale[t] as f64;
    let codes = layout.codes(t);
    let shoes = d.shoes as f64;
    let pens = penetrations(run.settings.penetration);
    (0..BANDS)
        .map(|k| {
            // Rounds and net at each bucket, bands 0..=k.
            let mut rounds = vec![0f64; d.buckets];
            let mut net = vec![0f64; d.buckets];
            for band in 0..=k {
                for (b, (r, x)) in rounds.iter_mut().zip(net.iter_mut()).enumerate() {
                    let cell = (band * d.buckets + b) * codes;
                    // A bet is a round the wager is placed on (code 0: not).
                    for c in 1..codes {
                        let n = table.codes[cell + c] as f64;
                        *r += n;
                        *x += n * layout.nets[t][c] as f64;
                    }
                }
            }
            let (mut bets, mut won) = (0f64, 0f64);
            let mut rows: Vec<CounterResult> = (0..d.buckets)
                .rev()
                .map(|b| {
                    bets += rounds[b];
                    won += net[b];
                    let mean = won / shoes;
                    let sq = table.shoe_squares[k * d.buckets + b] as f64 / shoes;
                    let var = (sq - mean * mean).max(0.0) / shoes;
                    CounterResult {
                        penetration: pens[k],
                        threshold: (b > 0).then(|| b as i64 - BUCKET_EDGE),
                        bets_per_shoe: bets / shoes,
                        advantage: if bets > 0.0 { won / bets / scale } else { 0.0 },
                        win_per_shoe: Estimate {
                            value: mean / scale,
                            half_width: Z999 * var.sqrt() / scale,
                        },
                    }
                })
                .collect();
            rows.reverse();
            rows
        })
        .collect()
}
