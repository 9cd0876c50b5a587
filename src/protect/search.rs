//! `groups:K:best`: every two-group partition of the thirteen ranks.
//!
//! For each partition the first K cards' groups are summed place by
//! place: the first card's "in" sums move by one rank's as the group
//! gains or loses it (the partitions are visited in Gray-code order, one
//! rank moved at a time), and the remaining places are reduced from them.
//! For four cards that is some 7,400 additions a partition and choice
//! instead of the 28,561 of regrouping every rank key.

use super::decide::{by_ranks_only, totals};
use super::outcome::{Ranked, Values};
use super::scenario::smaller;
use rayon::prelude::*;

/// Group bits visited in Gray-code order within a chunk; the higher bits
/// fix the chunk (chunks run in parallel).
const LOW: u32 = 8;

/// Every partition into two non-empty groups (named by the group without
/// the king, then by the smaller: 4,095 of them), ranked by the expected
/// win per round dealt of the player who may sit out, then of the player
/// who must bet, then by the group's bits: the best `keep` as exact
/// fractions (only they are reported), and how many were searched.
pub(super) fn search(values: &Values, k: u8, keep: usize) -> (Vec<Ranked>, usize) {
    let ranks = by_ranks_only(values, k);
    let n = values.names.len();
    // Every sum the walk forms is a sum over a set of rank keys, or a
    // difference of two such: at most the sum of the magnitudes. Where
    // that fits 64 bits (the shipped specs), the walk adds 64-bit
    // integers, eight to a vector instruction, instead of 128-bit ones.
    let most: u128 = (0..n)
        .map(|c| {
            ranks
                .sums
                .iter()
                .skip(c)
                .step_by(n)
                .map(|s| s.unsigned_abs())
                .sum()
        })
        .max()
        .unwrap_or(0);
    let mut all = if most < 1 << 62 {
        let narrow: Vec<i64> = ranks.sums.iter().map(|&s| s as i64).collect();
        partitions(&narrow, k, n)
    } else {
        partitions(&ranks.sums, k, n)
    };
    all.sort_unstable_by(|a, b| b.2.cmp(&a.2).then(b.1.cmp(&a.1)).then(a.0.cmp(&b.0)));
    let searched = all.len();
    let best = all
        .into_iter()
        .take(keep)
        .map(|(partition, must, sit)| Ranked {
            partition,
            player_edge: values.fraction(must, values.total),
            player_edge_sitting_out: values.fraction(sit, values.total),
        })
        .collect();
    (best, searched)
}

/// The integers a walk adds: `i64` where every sum fits, else `i128`.
trait Sum:
    Copy
    + Default
    + Send
    + Sync
    + std::ops::AddAssign
    + std::ops::SubAssign
    + std::ops::Sub<Output = Self>
    + Into<i128>
{
}
impl Sum for i64 {}
impl Sum for i128 {}

/// Every partition's (group named, must-bet total, may-sit-out total).
fn partitions<T: Sum>(sums: &[T], k: u8, n: usize) -> Vec<(u16, i128, i128)> {
    (0u16..1 << (12 - LOW))
        .into_par_iter()
        .flat_map_iter(|high| {
            let mut walk = Walk::new(sums, k, n);
            let mut mask = high << LOW;
            walk.start(mask);
            let mut out = Vec::with_capacity(1 << LOW);
            for i in 0u16..1 << LOW {
                if i > 0 {
                    let bit = i.trailing_zeros();
                    mask ^= 1 << bit;
                    walk.toggle(bit as usize, mask >> bit & 1 == 1);
                }
                if mask != 0 {
                    let (must, sit) = walk.totals(mask);
                    out.push((smaller(mask), must, sit));
                }
            }
            out
        })
        .collect()
}

/// One chunk's running sums.
struct Walk<'a, T> {
    /// Per rank key of the first `k` cards, per choice: the net sums.
    sums: &'a [T],
    k: u8,
    n: usize,
    /// Keys of the cards after the first: 13^(k-1).
    rest: usize,
    /// Per key of the later cards, per choice: over every first rank, and
    /// over the first ranks in the group.
    all: Vec<T>,
    within: Vec<T>,
    /// Scratch for the later places' reductions, and their totals
    /// widened for the choice per pattern.
    from: Vec<T>,
    into: Vec<T>,
    wide: Vec<i128>,
}

impl<'a, T: Sum> Walk<'a, T> {
    fn new(sums: &'a [T], k: u8, n: usize) -> Walk<'a, T> {
        let rest = 13usize.pow(k as u32 - 1);
        let mut all = vec![T::default(); rest * n];
        for r in 0..13 {
            for (a, &b) in all.iter_mut().zip(&sums[r * rest * n..(r + 1) * rest * n]) {
                *a += b;
            }
        }
        Walk {
            sums,
            k,
            n,
            rest,
            all,
            within: vec![T::default(); rest * n],
            from: Vec::new(),
            into: Vec::new(),
            wide: Vec::new(),
        }
    }

    /// The first card's sums for the group `mask` from scratch.
    fn start(&mut self, mask: u16) {
        self.within.iter_mut().for_each(|x| *x = T::default());
        for r in 0..13 {
            if mask >> r & 1 == 1 {
                self.toggle(r, true);
            }
        }
    }

    /// Rank `r` joins the group (`into`) or leaves it.
    fn toggle(&mut self, r: usize, into: bool) {
        let block = self.rest * self.n;
        let from = &self.sums[r * block..(r + 1) * block];
        if into {
            self.within.iter_mut().zip(from).for_each(|(a, &b)| *a += b);
        } else {
            self.within.iter_mut().zip(from).for_each(|(a, &b)| *a -= b);
        }
    }

    /// The two players' totals under the group `mask`: the later places
    /// reduced one at a time (each pattern of the places done splitting
    /// in two), then the best choice per pattern.
    fn totals(&mut self, mask: u16) -> (i128, i128) {
        let n = self.n;
        // Patterns so far (in, out) x keys of the later places x choices.
        self.from.clear();
        self.from.extend_from_slice(&self.within);
        self.from
            .extend(self.all.iter().zip(&self.within).map(|(&a, &w)| a - w));
        let mut patterns = 2usize;
        let mut rest = self.rest;
        for _ in 1..self.k {
            let next = rest / 13;
            let block = next * n;
            self.into.clear();
            self.into.resize(patterns * 2 * block, T::default());
            for p in 0..patterns {
                let src = &self.from[p * rest * n..(p + 1) * rest * n];
                let (inside, outside) =
                    self.into[p * 2 * block..(p + 1) * 2 * block].split_at_mut(block);
                for r in 0..13 {
                    let part = &src[r * block..(r + 1) * block];
                    let to = if mask >> r & 1 == 1 {
                        &mut *inside
                    } else {
                        &mut *outside
                    };
                    to.iter_mut().zip(part).for_each(|(a, &b)| *a += b);
                }
            }
            std::mem::swap(&mut self.from, &mut self.into);
            patterns *= 2;
            rest = next;
        }
        // Every pattern counted: one with no rounds sums to zero throughout.
        let counts = vec![1u128; patterns];
        self.wide.clear();
        self.wide.extend(self.from.iter().map(|&x| x.into()));
        let (must, sit, _) = totals(&counts, &self.wide, n);
        (must, sit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit walk and the 128-bit one agree on every partition (the
    /// search takes the first wherever the sums fit), for one to four
    /// cards and one to three choices.
    #[test]
    fn the_narrow_walk_equals_the_wide_one() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in 1..=4u8 {
            for n in 1..=3usize {
                let sums: Vec<i64> = (0..13usize.pow(k as u32) * n)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        (x % 2_000_001) as i64 - 1_000_000
                    })
                    .collect();
                let wide: Vec<i128> = sums.iter().map(|&s| s as i128).collect();
                let a = partitions(&sums, k, n);
                assert_eq!(a, partitions(&wide, k, n), "k {k}, n {n}");
                assert_eq!(a.len(), 4095);
            }
        }
    }
}
