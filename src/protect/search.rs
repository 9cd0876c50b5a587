//! `groups:K:best`: every two-group partition of the thirteen ranks.
//!
//! For each partition the first K cards' groups are summed place by
//! place. Running sums move by one rank's as the group gains or loses it
//! (the partitions are visited in Gray-code order, one rank moved at a
//! time): the first card in the group; the first in it and the second
//! anywhere; the first anywhere and the second in it. The first two
//! places' four patterns come from these, summing the second card over
//! the smaller side of the group, and the remaining places are reduced
//! from them. For four cards that is some 4,700 additions a partition and
//! choice (2,500 moving the running sums, 1,350 splitting the first two
//! places, 780 the later ones) instead of the 28,561 of regrouping every
//! rank key; the later places' blocks summed over both sides took 9,500.

use super::alike::Classes;
use super::decide::{by_ranks_only, totals};
use super::outcome::{Ranked, Values};
use super::scenario::smaller;
use rayon::prelude::*;

/// Chunks of listed groups walked side by side (each starting its
/// running sums from scratch, then one rank a step).
const CHUNKS: usize = 16;

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
        partitions(&narrow, &ranks.sums, k, n)
    } else {
        partitions(&ranks.sums, &ranks.sums, k, n)
    };
    // Only the best `keep` are reported: they are selected, then sorted
    // (the order is total, the group's bits breaking every tie).
    let searched = all.len();
    let order =
        |a: &Partition, b: &Partition| b.2.cmp(&a.2).then(b.1.cmp(&a.1)).then(a.0.cmp(&b.0));
    if keep < all.len() {
        all.select_nth_unstable_by(keep, order);
        all.truncate(keep);
    }
    all.sort_unstable_by(order);
    let best = all
        .into_iter()
        .map(|(partition, must, sit)| Ranked {
            partition,
            player_edge: values.fraction(must, values.total),
            player_edge_sitting_out: values.fraction(sit, values.total),
        })
        .collect();
    (best, searched)
}

/// A partition's group (named as [`smaller`] names it), must-bet total
/// and may-sit-out total.
type Partition = (u16, i128, i128);

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
/// One group per count of each class of ranks alike in the sums (`wide`,
/// the same as `sums`) is walked ([`Classes`]), in chunks side by side:
/// for Golden Bacc's side bets, which read point values, 1,280 groups;
/// where no ranks are alike, every group with the ace out (4,096, the
/// empty one included), which with their complements are every
/// partition.
fn partitions<T: Sum>(sums: &[T], wide: &[i128], k: u8, n: usize) -> Vec<Partition> {
    let classes = Classes::of(wide, k, n);
    let listed = classes.masks();
    let masks: Vec<u16> = listed.iter().map(|&(_, m)| m).collect();
    let step = masks.len().div_ceil(CHUNKS).max(1);
    let totals: Vec<(i128, i128)> = masks
        .par_chunks(step)
        .flat_map_iter(|chunk| walked(sums, k, n, chunk))
        .collect();
    let mut by_state = vec![(0i128, 0i128); classes.states()];
    for (&(state, _), &t) in listed.iter().zip(&totals) {
        by_state[state] = t;
    }
    (1u16..1 << 12)
        .map(|mask| {
            let (must, sit) = by_state[classes.state(mask)];
            (smaller(mask), must, sit)
        })
        .collect()
}

/// The (must-bet, may-sit-out) totals of each group of `masks`, walked in
/// their order (each differing from the one before by a rank or a few;
/// the empty group counts nothing). On a processor with AVX-512 the same
/// code runs compiled for it: the walk's additions take eight 64-bit
/// integers an instruction where the baseline (SSE2) takes two, Golden
/// Bacc's 93 four-card searches about twice as fast. The sums are
/// integers, the same whichever runs.
fn walked<T: Sum>(sums: &[T], k: u8, n: usize, masks: &[u16]) -> Vec<(i128, i128)> {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::avx512() {
        // SAFETY: the only requirement of a function compiled for
        // AVX-512F and DQ is a processor that has them, checked above.
        return unsafe { walked_avx512(sums, k, n, masks) };
    }
    walked_any(sums, k, n, masks)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
fn walked_avx512<T: Sum>(sums: &[T], k: u8, n: usize, masks: &[u16]) -> Vec<(i128, i128)> {
    walked_any(sums, k, n, masks)
}

/// [`walked`] for any processor; it and the walk's steps are inlined into
/// each caller so that they are compiled for the caller's features.
#[inline(always)]
fn walked_any<T: Sum>(sums: &[T], k: u8, n: usize, masks: &[u16]) -> Vec<(i128, i128)> {
    let mut walk = Walk::new(sums, k, n);
    let Some(&first) = masks.first() else {
        return Vec::new();
    };
    walk.start(first);
    let mut mask = first;
    let mut out = Vec::with_capacity(masks.len());
    for &next in masks {
        let mut moved = mask ^ next;
        while moved != 0 {
            let r = moved.trailing_zeros() as usize;
            moved &= moved - 1;
            walk.toggle(r, next >> r & 1 == 1);
        }
        mask = next;
        out.push(if mask == 0 { (0, 0) } else { walk.totals(mask) });
    }
    out
}

/// A count of one for each of the most patterns a walk forms (four
/// cards, each in the group or out).
const EVERY: [u128; 16] = [1; 16];

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
    /// With two or more cards, per key of the cards after the second
    /// (`block` sums: 13^(k-2) keys per choice): per first rank, over every
    /// second rank (`marginal`, 13 blocks); over both (`grand`); over the
    /// first ranks in the group and every second (`within_all`); over
    /// every first rank and the second ranks in the group (`all_within`).
    block: usize,
    marginal: Vec<T>,
    grand: Vec<T>,
    within_all: Vec<T>,
    all_within: Vec<T>,
    /// Scratch for the later places' reductions, and their totals
    /// widened for the choice per pattern.
    from: Vec<T>,
    into: Vec<T>,
    wide: Vec<i128>,
}

/// `a += b` (or `a -= b`) place by place.
#[inline(always)]
fn add<T: Sum>(a: &mut [T], b: &[T], plus: bool) {
    if plus {
        a.iter_mut().zip(b).for_each(|(a, &b)| *a += b);
    } else {
        a.iter_mut().zip(b).for_each(|(a, &b)| *a -= b);
    }
}

impl<'a, T: Sum> Walk<'a, T> {
    #[inline(always)]
    fn new(sums: &'a [T], k: u8, n: usize) -> Walk<'a, T> {
        let rest = 13usize.pow(k as u32 - 1);
        let mut all = vec![T::default(); rest * n];
        for r in 0..13 {
            add(&mut all, &sums[r * rest * n..(r + 1) * rest * n], true);
        }
        let block = if k >= 2 { rest / 13 * n } else { 0 };
        let mut marginal = vec![T::default(); 13 * block];
        let mut grand = vec![T::default(); block];
        if k >= 2 {
            for r in 0..13 {
                let first = &sums[r * rest * n..(r + 1) * rest * n];
                let m = &mut marginal[r * block..(r + 1) * block];
                for r2 in 0..13 {
                    add(m, &first[r2 * block..(r2 + 1) * block], true);
                }
                add(&mut grand, m, true);
            }
        }
        Walk {
            sums,
            k,
            n,
            rest,
            all,
            within: vec![T::default(); rest * n],
            block,
            marginal,
            grand,
            within_all: vec![T::default(); block],
            all_within: vec![T::default(); block],
            from: Vec::new(),
            into: Vec::new(),
            wide: Vec::new(),
        }
    }

    /// The running sums for the group `mask` from scratch.
    #[inline(always)]
    fn start(&mut self, mask: u16) {
        for v in [&mut self.within, &mut self.within_all, &mut self.all_within] {
            v.iter_mut().for_each(|x| *x = T::default());
        }
        for r in 0..13 {
            if mask >> r & 1 == 1 {
                self.toggle(r, true);
            }
        }
    }

    /// Rank `r` joins the group (`into`) or leaves it.
    #[inline(always)]
    fn toggle(&mut self, r: usize, into: bool) {
        let size = self.rest * self.n;
        add(&mut self.within, &self.sums[r * size..(r + 1) * size], into);
        if self.k >= 2 {
            let b = self.block;
            add(
                &mut self.within_all,
                &self.marginal[r * b..(r + 1) * b],
                into,
            );
            add(&mut self.all_within, &self.all[r * b..(r + 1) * b], into);
        }
    }

    /// The two players' totals under the group `mask`: the first two
    /// places split four ways from the running sums, the later places
    /// reduced one at a time (each pattern of the places done splitting
    /// in two), then the best choice per pattern.
    #[inline(always)]
    fn totals(&mut self, mask: u16) -> (i128, i128) {
        let n = self.n;
        self.from.clear();
        let mut patterns = 2usize;
        let mut rest = self.rest;
        if self.k == 1 {
            self.from.extend_from_slice(&self.within);
            self.from
                .extend(self.all.iter().zip(&self.within).map(|(&a, &w)| a - w));
        } else {
            // Both places in the group: the second's blocks of `within`
            // summed over the group or, where the group is the larger
            // side, `within_all` less the blocks outside it. The other
            // three patterns are differences of the running sums: each
            // is a sum over a set of rank keys, so nothing overflows.
            let b = self.block;
            let size = (mask & 0x1fff).count_ones();
            let inside = size <= 6;
            self.from.resize(4 * b, T::default());
            let (both, others) = self.from.split_at_mut(b);
            if !inside {
                both.copy_from_slice(&self.within_all);
            }
            for r in 0..13 {
                if (mask >> r & 1 == 1) == inside {
                    add(both, &self.within[r * b..(r + 1) * b], inside);
                }
            }
            let (w, a, g) = (&self.within_all, &self.all_within, &self.grand);
            let (first_only, others) = others.split_at_mut(b);
            let (second_only, neither) = others.split_at_mut(b);
            for i in 0..b {
                first_only[i] = w[i] - both[i];
                second_only[i] = a[i] - both[i];
                neither[i] = g[i] - a[i] - first_only[i];
            }
            patterns = 4;
            rest /= 13;
        }
        for _ in patterns.trailing_zeros()..self.k as u32 {
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
                    add(to, part, true);
                }
            }
            std::mem::swap(&mut self.from, &mut self.into);
            patterns *= 2;
            rest = next;
        }
        // Every pattern counted: one with no rounds sums to zero throughout.
        self.wide.clear();
        self.wide.extend(self.from.iter().map(|&x| x.into()));
        let (must, sit, _) = totals(&EVERY[..patterns], &self.wide, n);
        (must, sit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit walk and the 128-bit one agree on every partition (the
    /// search takes the first wherever the sums fit), and with the plain
    /// regrouping, for one to four cards and one to three choices.
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
                let a = partitions(&sums, &wide, k, n);
                assert_eq!(a, partitions(&wide, &wide, k, n), "k {k}, n {n}");
                assert_eq!(a.len(), 4095);
                // Against regrouping every rank key: groups of every size
                // (the walk sums the smaller side of each), one in 31 of
                // them (all 4,095 take seconds).
                let mut seen = 0;
                for mask in (1u16..1 << 12).filter(|m| m % 31 == 1 || m.count_ones() <= 1) {
                    let got = a.iter().find(|x| x.0 == smaller(mask)).expect("named");
                    assert_eq!(
                        (got.1, got.2),
                        regrouped(&wide, k, n, mask),
                        "k {k}, n {n}, group {mask:#b}"
                    );
                    seen += 1;
                }
                assert!(seen > 100);
            }
        }
    }

    /// Sums that read ranks only through a class map (the ten-valued
    /// ranks alike, and for two of the places the eights and nines too):
    /// the search that walks one group per count of each class finds what
    /// regrouping every rank key finds, for one to four cards.
    #[test]
    fn alike_ranks_give_what_regrouping_every_key_gives() {
        for k in 1..=4u8 {
            for n in 1..=2usize {
                let class = |place: u32, r: usize| match r {
                    9..=12 => 9,
                    8 if place.is_multiple_of(2) => 7,
                    r => r,
                };
                let sums: Vec<i64> = (0..13usize.pow(k as u32) * n)
                    .map(|i| {
                        let (key, c) = (i / n, i % n);
                        (0..k as u32).fold(c as i64 * 7 - 3, |s, p| {
                            let r = key / 13usize.pow(p) % 13;
                            (s * 37 + class(p, r) as i64 * 11 - 50) % 1_000_003
                        })
                    })
                    .collect();
                let wide: Vec<i128> = sums.iter().map(|&s| s as i128).collect();
                assert!(Classes::of(&wide, k, n).states() < 4096, "some ranks alike");
                let got = partitions(&sums, &wide, k, n);
                assert_eq!(got.len(), 4095);
                // Against regrouping every rank key, for groups of every
                // size, one in 7 of them.
                for mask in (1u16..1 << 12).filter(|m| m % 7 == 1 || m.count_ones() <= 1) {
                    let x = got.iter().find(|x| x.0 == smaller(mask)).expect("named");
                    assert_eq!(
                        (x.1, x.2),
                        regrouped(&wide, k, n, mask),
                        "k {k}, n {n}, group {mask:#b}"
                    );
                }
            }
        }
    }

    /// The totals of the group `mask` the plain way: each rank key's
    /// sums added to the pattern of its places in and out of the group.
    fn regrouped(sums: &[i128], k: u8, n: usize, mask: u16) -> (i128, i128) {
        let patterns = 1usize << k;
        let mut by = vec![0i128; patterns * n];
        for key in 0..13usize.pow(k as u32) {
            let mut pattern = 0;
            for place in 0..k as u32 {
                let rank = key / 13usize.pow(k as u32 - 1 - place) % 13;
                pattern = 2 * pattern + (mask >> rank & 1) as usize;
            }
            for c in 0..n {
                by[pattern * n + c] += sums[key * n + c];
            }
        }
        let (must, sit, _) = totals(&vec![1u128; patterns], &by, n);
        (must, sit)
    }
}
