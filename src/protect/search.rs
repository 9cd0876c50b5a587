//! `groups:K:best`: every two-group partition of the thirteen ranks.

use super::decide::{Grouped, by_ranks, totals};
use super::outcome::{Ranked, Values};
use super::scenario::smaller;
use rayon::prelude::*;

/// Every partition into two non-empty groups (named by the group without
/// the king, then by the smaller: 4,095 of them), best first: by the
/// expected win per round dealt of the player who may sit out, then of
/// the player who must bet, then by the group's bits.
pub(super) fn search(values: &Values, k: u8) -> Vec<Ranked> {
    let ranks = by_ranks(values, k);
    let n = values.names.len();
    let mut all: Vec<(u16, i128, i128)> = (1u16..1 << 12)
        .into_par_iter()
        .map(|mask| {
            let (must, sit) = edges(&ranks, k, mask, n);
            (smaller(mask), must, sit)
        })
        .collect();
    all.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.cmp(&a.1)).then(a.0.cmp(&b.0)));
    all.into_iter()
        .map(|(partition, must, sit)| Ranked {
            partition,
            player_edge: values.fraction(must, values.total),
            player_edge_sitting_out: values.fraction(sit, values.total),
        })
        .collect()
}

/// The must-bet and sit-out totals under one partition: each rank key's
/// pattern built card by card (`patterns`, without its divisions).
fn edges(ranks: &Grouped, k: u8, group: u16, n: usize) -> (i128, i128) {
    let keys = 1usize << k;
    let mut counts = vec![0u128; keys];
    let mut sums = vec![0i128; keys * n];
    let bit: [usize; 13] = std::array::from_fn(|r| (group >> r & 1) as usize);
    // Rank key = r_0 * 13^(k-1) + ... : its pattern, one card at a time.
    let mut pattern = vec![0usize; 1];
    for _ in 0..k {
        pattern = pattern
            .iter()
            .flat_map(|&p| bit.iter().map(move |&b| p * 2 + b))
            .collect();
    }
    for (key, &p) in pattern.iter().enumerate() {
        counts[p] += ranks.counts[key];
        let (to, from) = (
            &mut sums[p * n..(p + 1) * n],
            &ranks.sums[key * n..(key + 1) * n],
        );
        for (a, b) in to.iter_mut().zip(from) {
            *a += b;
        }
    }
    let (must, sit, _) = totals(&counts, &sums, n);
    (must, sit)
}
