//! The first four cards dealt, as a player who sees them knows them: their
//! ranks (an observation), and their suit pattern, which of them share a
//! suit. Where no condition names a particular suit and the shoe holds
//! every suit of a rank equally often, what a round returns given the
//! cards seen depends on their ranks and this pattern only, so a player
//! who sees the cards knows exactly as much as one who knows the ranks
//! and the pattern.
//!
//! A pattern is a restricted growth string: the first card's suit is 0,
//! each later card repeats a suit already seen or takes the next new one.

use super::super::plan::Level;
use super::weights::class_of;
use crate::engine::shoe::Composition;

/// Observations: the ranks (0 = ace .. 12 = king) of the first four cards
/// dealt, `r0 * 13^3 + r1 * 13^2 + r2 * 13 + r3`.
pub const OBSERVATIONS: usize = 13 * 13 * 13 * 13;

/// The ranks of observation `o`, in dealing order.
pub fn ranks(o: usize) -> [usize; 4] {
    std::array::from_fn(|i| o / 13usize.pow(3 - i as u32) % 13)
}

/// Per slot 0, 3, 1 and 4 (the order the walk deals the first cards in),
/// its place in an observation's dealing order (`slots`: the first four
/// cards' slots in dealing order).
pub(super) fn walk_places(slots: [u8; 4]) -> [usize; 4] {
    [0, 3, 1, 4].map(|s| {
        slots
            .iter()
            .position(|&x| x == s)
            .expect("a first-card slot")
    })
}

/// The value observation (value classes in the places of the ranks) of
/// rank observation `o`.
pub(super) fn value_observation(o: usize) -> usize {
    ranks(o)
        .iter()
        .fold(0, |v, &r| v * 13 + class_of(Level::Value, r))
}

/// Patterns of four cards (the Bell number B4).
pub const PATTERNS: usize = 15;

/// The patterns of the first `k` cards, in lexicographic order.
pub fn of_length(k: u8) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..k {
        out = out
            .into_iter()
            .flat_map(|p| {
                let next = p.iter().max().map_or(0, |m| m + 1);
                (0..=next).map(move |s| {
                    let mut q = p.clone();
                    q.push(s);
                    q
                })
            })
            .collect();
    }
    out
}

/// The pattern of four suits (any labels), by its index in
/// `of_length(4)`.
pub fn index(suits: [u8; 4]) -> usize {
    let canonical = relabel(&suits);
    of_length(4)
        .iter()
        .position(|p| p[..] == canonical[..])
        .expect("a pattern")
}

/// Index of the pattern of four suits, fast: by the suits' digits (base
/// 4) through a table of every assignment, relabelled once here.
pub(super) struct Index {
    by_code: [u8; 256],
}

impl Index {
    pub(super) fn new() -> Index {
        let mut by_code = [0u8; 256];
        for (c, at) in by_code.iter_mut().enumerate() {
            let suits: [u8; 4] = std::array::from_fn(|i| (c >> (2 * (3 - i)) & 3) as u8);
            *at = index(suits) as u8;
        }
        Index { by_code }
    }

    /// The pattern of four suits, each 0 to 3.
    pub(super) fn of(&self, suits: [u8; 4]) -> usize {
        self.by_code[code(&suits)] as usize
    }
}

fn code(p: &[u8]) -> usize {
    p.iter().fold(0usize, |c, &s| c * 4 + s as usize)
}

/// Suits relabelled in order of first appearance.
pub(super) fn relabel(suits: &[u8]) -> Vec<u8> {
    let mut map = [u8::MAX; 8];
    let mut next = 0u8;
    suits
        .iter()
        .map(|&s| {
            if map[s as usize] == u8::MAX {
                map[s as usize] = next;
                next += 1;
            }
            map[s as usize]
        })
        .collect()
}

/// For pattern `p` of four cards: the index of its first `k` cards' pattern
/// in `of_length(k)`.
pub fn prefix(p: usize, k: u8) -> usize {
    let four = of_length(4);
    let short = of_length(k);
    short
        .iter()
        .position(|q| q[..] == four[p][..k as usize])
        .expect("a prefix of a pattern is a pattern")
}

/// The ordered ways to deal four cards of classes `ranks` in suit pattern
/// `p` from a shoe holding `counts[class][suit]` cards (by rank, or by
/// point value: `class_counts`): over every assignment of distinct suits
/// to the pattern's blocks, the product of the falling factorials of the
/// cards of each class and suit. `alike`: whether the shoe's suits are
/// alike ([`suits_alike`], asked once per shoe, not once per pattern).
pub fn ways(counts: &[[u32; 4]; 13], alike: bool, ranks: [usize; 4], p: &[u8]) -> u128 {
    if !alike {
        return enumerated(counts, ranks, p);
    }
    // Every suit alike: each of the 4!/(4 - blocks)! assignments of
    // suits to the blocks deals as many ways as the first.
    let blocks = p.iter().max().map_or(0, |m| m + 1) as usize;
    let mut taken = [[0u32; 4]; 13];
    let mut w = (4 - blocks as u128 + 1..=4).product::<u128>();
    for (i, &r) in ranks.iter().enumerate() {
        let s = p[i] as usize;
        w *= (counts[r][s].saturating_sub(taken[r][s])) as u128;
        taken[r][s] += 1;
    }
    w
}

/// Whether every class holds as many cards of each suit.
pub fn suits_alike(counts: &[[u32; 4]; 13]) -> bool {
    (Composition { counts: *counts }).suit_symmetric()
}

/// [`ways`] by every assignment of distinct suits to the pattern's blocks.
fn enumerated(counts: &[[u32; 4]; 13], ranks: [usize; 4], p: &[u8]) -> u128 {
    let blocks = p.iter().max().map_or(0, |m| m + 1) as usize;
    let mut total = 0u128;
    let mut suit_of = vec![0u8; blocks];
    // Every injective map of blocks to the four suits.
    fn each(b: usize, used: u8, suit_of: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        if b == suit_of.len() {
            f(suit_of);
            return;
        }
        for s in 0..4u8 {
            if used & (1 << s) == 0 {
                suit_of[b] = s;
                each(b + 1, used | (1 << s), suit_of, f);
            }
        }
    }
    each(0, 0, &mut suit_of, &mut |suit_of| {
        let mut taken = [[0u32; 4]; 13];
        let mut w = 1u128;
        for (i, &r) in ranks.iter().enumerate() {
            let s = suit_of[p[i] as usize] as usize;
            w *= (counts[r][s].saturating_sub(taken[r][s])) as u128;
            taken[r][s] += 1;
        }
        total += w;
    });
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bell_numbers_and_prefixes() {
        let counts: Vec<usize> = (1..=4).map(|k| of_length(k).len()).collect();
        assert_eq!(counts, [1, 2, 5, 15]);
        assert_eq!(index([2, 2, 0, 3]), index([0, 0, 1, 2]));
        let ix = Index::new();
        for (i, p) in of_length(4).iter().enumerate() {
            assert_eq!(ix.of([p[0], p[1], p[2], p[3]]), i);
        }
        // 0 1 0 2: its first two cards differ.
        let p = index([0, 1, 0, 2]);
        assert_eq!(of_length(2)[prefix(p, 2)], [0, 1]);
    }

    #[test]
    fn every_suit_alike_deals_as_every_assignment_enumerated() {
        let mut shoe = Composition::standard(2);
        shoe.counts[3] = [5; 4];
        shoe.counts[9] = [1; 4];
        for ranks in [[0, 0, 0, 0], [9, 9, 9, 3], [3, 9, 3, 9], [3, 4, 5, 6]] {
            for p in of_length(4) {
                let fast = ways(&shoe.counts, suits_alike(&shoe.counts), ranks, &p);
                assert_eq!(fast, enumerated(&shoe.counts, ranks, &p), "{ranks:?} {p:?}");
            }
        }
    }

    #[test]
    fn the_ways_of_every_pattern_add_up_to_the_ways_by_rank() {
        let shoe = Composition::standard(2);
        for ranks in [[0, 0, 0, 0], [0, 1, 0, 2], [3, 4, 5, 6]] {
            let by_pattern: u128 = of_length(4)
                .iter()
                .map(|p| ways(&shoe.counts, suits_alike(&shoe.counts), ranks, p))
                .sum();
            let mut left = [8u128; 13];
            let by_rank: u128 = ranks
                .iter()
                .map(|&r| {
                    left[r] -= 1;
                    left[r] + 1
                })
                .product();
            assert_eq!(by_pattern, by_rank, "{ranks:?}");
        }
    }
}
