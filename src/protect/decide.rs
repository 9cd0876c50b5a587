//! Observations grouped by what the player knows, and the best choice in
//! each group.

use super::outcome::{Decision, Outcome, Ranked, Values};
use super::scenario::Scenario;
use crate::cards::rank_char;
use num_bigint::BigInt;
use num_rational::BigRational;

/// Per group of observations: its sequences and per choice its net sum.
pub(super) struct Grouped {
    pub(super) counts: Vec<u128>,
    pub(super) sums: Vec<i128>,
    /// Names of the groups, as the decision table shows them.
    labels: Vec<String>,
}

/// Grouped by the ranks of the first `k` cards (13^k groups).
pub(super) fn by_ranks(values: &Values, k: u8) -> Grouped {
    let keys = 13usize.pow(k as u32);
    let per = 13usize.pow(4 - k as u32);
    let (counts, sums) = regroup(&values.counts, &values.v, keys, |o| o / per);
    let labels = (0..keys)
        .map(|key| {
            digits(key, k)
                .iter()
                .map(|&r| rank_char(r as u8 + 1).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Grouped {
        counts,
        sums,
        labels,
    }
}

/// Counts and per-choice sums (`sums[g * n + i]`, n choices) added up into
/// `keys` groups, group `key_of(g)` for group g.
fn regroup(
    counts: &[u128],
    sums: &[i128],
    keys: usize,
    key_of: impl Fn(usize) -> usize,
) -> (Vec<u128>, Vec<i128>) {
    let n = sums.len() / counts.len().max(1);
    let mut into = (vec![0u128; keys], vec![0i128; keys * n]);
    for (g, &c) in counts.iter().enumerate() {
        let key = key_of(g);
        into.0[key] += c;
        for i in 0..n {
            into.1[key * n + i] += sums[g * n + i];
        }
    }
    into
}

/// The ranks (0 = ace) of the first `k` cards of rank key `key`.
pub(super) fn digits(key: usize, k: u8) -> Vec<usize> {
    (0..k as u32)
        .rev()
        .map(|p| key / 13usize.pow(p) % 13)
        .collect()
}

/// For each rank key, its group pattern under `group`: bit `k - 1 - i`
/// set when card `i` is in the group.
pub(super) fn patterns(k: u8, group: u16) -> Vec<usize> {
    (0..13usize.pow(k as u32))
        .map(|key| {
            digits(key, k)
                .iter()
                .fold(0usize, |p, &r| p * 2 + (group >> r & 1) as usize)
        })
        .collect()
}

/// `ranks` (grouped by the first `k` ranks) regrouped by whether each
/// card is in `group` (2^k groups).
pub(super) fn by_group(ranks: &Grouped, k: u8, group: u16) -> Grouped {
    let keys = 1usize << k;
    let pattern = patterns(k, group);
    let (counts, sums) = regroup(&ranks.counts, &ranks.sums, keys, |key| pattern[key]);
    let labels = (0..keys)
        .map(|p| {
            (0..k)
                .rev()
                .map(|i| if p >> i & 1 == 1 { "in" } else { "out" })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Grouped {
        counts,
        sums,
        labels,
    }
}

/// Per group: the best choice (the first listed of equals) and its sum.
fn best(sums: &[i128]) -> (usize, i128) {
    let mut at = 0;
    for (i, &s) in sums.iter().enumerate() {
        if s > sums[at] {
            at = i;
        }
    }
    (at, sums[at])
}

/// The two players' totals: must bet, may sit out, and the sequences the
/// second bets.
pub(super) fn totals(counts: &[u128], sums: &[i128], n: usize) -> (i128, i128, u128) {
    let (mut must, mut sit, mut bet) = (0i128, 0i128, 0u128);
    for (key, &count) in counts.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let (_, s) = best(&sums[key * n..(key + 1) * n]);
        must += s;
        if s > 0 {
            sit += s;
            bet += count;
        }
    }
    (must, sit, bet)
}

pub(super) fn outcome(
    values: &Values,
    scenario: &Scenario,
    grouped: Grouped,
    partition: Option<u16>,
    runners_up: Vec<Ranked>,
    searched: usize,
) -> Outcome {
    let n = values.names.len();
    let (must, sit, bet) = totals(&grouped.counts, &grouped.sums, n);
    let total = values.total;
    let decisions = grouped
        .counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(key, &count)| {
            let (choice, s) = best(&grouped.sums[key * n..(key + 1) * n]);
            Decision {
                observation: grouped.labels[key].clone(),
                choice,
                edge: values.fraction(s, count),
                probability: BigRational::new(BigInt::from(count), BigInt::from(total)),
                bet: s > 0,
            }
        })
        .collect();
    Outcome {
        scenario: scenario.clone(),
        choices: values.names.clone(),
        partition,
        runners_up,
        searched,
        player_edge: values.fraction(must, total),
        player_edge_sitting_out: values.fraction(sit, total),
        edge_per_bet_sitting_out: values.fraction(sit, bet),
        share_bet: BigRational::new(BigInt::from(bet), BigInt::from(total)),
        decisions,
        strategy: None,
    }
}
