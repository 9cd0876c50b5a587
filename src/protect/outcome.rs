//! What the protection machinery works on and gives: the choices a player
//! bets among, their values per observation, and a scenario's outcome.

use super::informed::StrategyGain;
use super::scenario::Scenario;
use crate::engine::shoe_state::observed::{OBSERVATIONS, Observed, PATTERNS};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use std::sync::{Arc, OnceLock};

/// One thing the player may bet: one unit on a wager under one pay table,
/// or on a combined wager (its wagers' pay tables, summed per unit of the
/// wager it is quoted per).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The wager's id (with `/table` when not its first pay table), or the
    /// combined wager's.
    pub name: String,
    /// (wager, pay table) whose net results add up.
    pub parts: Vec<(usize, usize)>,
}

/// Per observation, per choice: the net win summed over the sequences
/// dealing it, in units of `1 / scale`. An observation is the ranks of the
/// first four cards, and where a choice reads suits also their suit
/// pattern (`o * PATTERNS + p`).
pub struct Values {
    pub names: Vec<String>,
    pub(super) v: Vec<i128>,
    /// Per observation (and pattern): the sequences dealing it.
    pub(super) counts: Arc<[u128]>,
    pub(super) scale: i128,
    pub(super) total: u128,
    /// Observations carry the suit pattern.
    pub(super) suits: bool,
    /// The slots of the first four cards, in dealing order.
    pub(super) slots: [u8; 4],
    /// The sequences and sums by the ranks of the four cards alone (suit
    /// patterns added up), formed on first use: every grouping by the
    /// ranks of the first cards reads them instead of `v` (for Lucky 8's
    /// choices a fifteenth of the memory, read five times a choice).
    pub(super) by_rank: OnceLock<ByRank>,
}

/// Sequences and sums (`n` a row) by the ranks of the four first cards.
pub(super) type ByRank = (Arc<[u128]>, Arc<[i128]>);

impl Values {
    pub fn new(observed: &Observed, choices: &[Choice]) -> Values {
        let col = |w: usize, t: Option<usize>| observed.cols.iter().position(|&c| c == (w, t));
        let scale = choices
            .iter()
            .flat_map(|c| &c.parts)
            .map(|&(w, t)| observed.scales[col(w, Some(t)).expect("a column per choice")] as i128)
            .fold(1i128, |a, s| a.lcm(&s));
        // Suit patterns where a choice's wager reads suits.
        let suited = observed.suited.as_ref().filter(|s| {
            choices
                .iter()
                .flat_map(|c| &c.parts)
                .any(|&(w, t)| s.cols.contains(&col(w, Some(t)).expect("a column")))
        });
        let ncols = observed.cols.len();
        let n = choices.len();
        // Per choice, per part: its column, the factor to the common scale,
        // and its wager's not-placed column.
        let parts: Vec<Vec<(usize, i128, Option<usize>)>> = choices
            .iter()
            .map(|choice| {
                choice
                    .parts
                    .iter()
                    .map(|&(w, t)| {
                        let c = col(w, Some(t)).expect("a column per choice");
                        (c, scale / observed.scales[c] as i128, col(w, None))
                    })
                    .collect()
            })
            .collect();
        // Per column: where the suit patterns keep it, if they do.
        let kept: Vec<Option<usize>> = (0..ncols)
            .map(|c| suited.and_then(|s| s.cols.iter().position(|&k| k == c)))
            .collect();
        let per = if suited.is_some() { PATTERNS } else { 1 };
        // The columns the choices read.
        let mut used: Vec<usize> = parts
            .iter()
            .flatten()
            .flat_map(|&(c, _, not_placed)| std::iter::once(c).chain(not_placed))
            .collect();
        used.sort_unstable();
        used.dedup();
        let mut v = vec![0i128; OBSERVATIONS * per * n];
        let counts: Arc<[u128]> = match suited {
            None => observed.counts.as_slice().into(),
            Some(s) => s.all_sequences(),
        };
        // Per column read: its sum at the observation, or per way of
        // dealing it where the patterns share the sum out.
        let mut unit = vec![0i128; ncols];
        // Per column read that the patterns keep: its sums by pattern.
        let mut by_pattern = vec![[0i128; PATTERNS]; ncols];
        for o in 0..OBSERVATIONS {
            let row = &observed.sums[o * ncols..(o + 1) * ncols];
            let Some(s) = suited else {
                // No suit patterns: each choice's sum straight from the
                // observation's row.
                let at = &mut v[o * n..(o + 1) * n];
                nets(at, &parts, |c| row[c], scale, counts[o]);
                continue;
            };
            for &c in &used {
                match kept[c] {
                    None => unit[c] = s.per_way(o, row[c]),
                    Some(i) => s.patterns(i, o, &mut by_pattern[c]),
                }
            }
            // `p` indexes the ways, the counts and the columns' patterns.
            #[allow(clippy::needless_range_loop)]
            for p in 0..PATTERNS {
                let at = o * PATTERNS + p;
                // A column's sum at this observation and pattern.
                let sum = |c: usize| match kept[c] {
                    Some(_) => by_pattern[c][p],
                    None => unit[c] * s.ways[o * PATTERNS + p] as i128,
                };
                nets(&mut v[at * n..(at + 1) * n], &parts, sum, scale, counts[at]);
            }
        }
        Values {
            names: choices.iter().map(|c| c.name.clone()).collect(),
            v,
            counts,
            scale,
            total: observed.total,
            suits: suited.is_some(),
            slots: observed.slots,
            by_rank: OnceLock::new(),
        }
    }

    pub(super) fn fraction(&self, num: i128, sequences: u128) -> BigRational {
        if sequences == 0 {
            return BigRational::from_integer(BigInt::from(0));
        }
        BigRational::new(
            BigInt::from(num),
            BigInt::from(self.scale) * BigInt::from(sequences),
        )
    }
}

/// Each choice's net win at one observation (and pattern) dealt by
/// `count` sequences, into `out`: per part, the stakes its column returns
/// (`sum` of a column), to the common `scale`, less one stake on every
/// sequence its wager is placed (not on those its not-placed column
/// counts). `parts`: per choice, per part, (column, factor to the scale,
/// not-placed column).
fn nets(
    out: &mut [i128],
    parts: &[Vec<(usize, i128, Option<usize>)>],
    sum: impl Fn(usize) -> i128,
    scale: i128,
    count: u128,
) {
    for (x, choice) in out.iter_mut().zip(parts) {
        *x = choice
            .iter()
            .map(|&(c, factor, not_placed)| {
                let not_placed = not_placed.map_or(0, &sum);
                sum(c) * factor - scale * (count as i128 - not_placed)
            })
            .sum();
    }
}

/// One scenario's result.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub scenario: Scenario,
    /// The choices, as `Decision::choice` indexes them.
    pub choices: Vec<String>,
    /// For a group scenario: the group as given (bit `r` for rank `r + 1`); for
    /// `groups:K:best`, the smaller group of the best partition.
    pub partition: Option<u16>,
    /// For `groups:K:best`: the next best partitions.
    pub runners_up: Vec<Ranked>,
    /// Partitions searched (`groups:K:best`).
    pub searched: usize,
    /// The player who must bet every round: expected win per round dealt.
    pub player_edge: BigRational,
    /// The player who may sit out: expected win per round dealt.
    pub player_edge_sitting_out: BigRational,
    /// ... per round bet (zero when no observation is worth a bet).
    pub edge_per_bet_sitting_out: BigRational,
    /// ... and the share of rounds bet.
    pub share_bet: BigRational,
    /// Observations that happen (what the player can tell apart).
    pub observations: usize,
    /// Per observation that happens: the best choice, its exact edge and
    /// probability (empty where the stage kept no table this long).
    pub decisions: Vec<Decision>,
    /// The player sees the suits of the cards seen too: a choice reads
    /// suits (for the others they tell nothing the ranks do not).
    pub suits: bool,
    /// `hole`, `seen:N`: the drawing strategy's figures with and without
    /// the knowledge (the edges above are then the informed player's, who
    /// must bet: bets close before the deal).
    pub strategy: Option<StrategyGain>,
}

/// A partition and the edges it gives (`groups:K:best`).
#[derive(Clone, Debug)]
pub struct Ranked {
    /// The smaller group's ranks.
    pub partition: u16,
    pub player_edge: BigRational,
    pub player_edge_sitting_out: BigRational,
}

#[derive(Clone, Debug)]
pub struct Decision {
    /// What the player sees: ranks (`7 K`) or groups (`in out`).
    pub observation: String,
    /// The best choice (an index into `Outcome::choices`).
    pub choice: usize,
    /// Its expected win per unit bet, given the observation.
    pub edge: BigRational,
    pub probability: BigRational,
    /// Whether the player who may sit out bets (the edge is positive).
    pub bet: bool,
}

/// The outcome of an informed-play scenario (`hole`, `seen:N`): the
/// informed player bets every round (bets close before the deal).
pub fn informed_outcome(scenario: &Scenario, gain: StrategyGain) -> Outcome {
    let edge = gain.informed.expected.clone();
    Outcome {
        scenario: scenario.clone(),
        choices: vec![gain.objective.join(" + ")],
        partition: None,
        runners_up: Vec::new(),
        searched: gain.combinations as usize,
        player_edge: edge.clone(),
        player_edge_sitting_out: edge.clone(),
        edge_per_bet_sitting_out: edge,
        share_bet: BigRational::from_integer(BigInt::from(1)),
        observations: 0,
        decisions: Vec::new(),
        suits: false,
        strategy: Some(gain),
    }
}
