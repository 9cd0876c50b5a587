//! Observations grouped by what the player knows, and the best choice in
//! each group.

use super::outcome::{Decision, Outcome, Ranked, Values};
use super::scenario::Scenario;
use crate::cards::rank_char;
use crate::engine::shoe_state::first_cards::{self, PATTERNS};
use num_bigint::BigInt;
use num_rational::BigRational;
use std::borrow::Cow;
use std::sync::Arc;

/// Per group of observations: its sequences and per choice its net sum
/// (borrowed where the groups are the observations themselves: for Lucky
/// 8's choices a copy would be megabytes a scenario).
pub(super) struct Grouped<'a> {
    pub(super) counts: Arc<[u128]>,
    pub(super) sums: Cow<'a, [i128]>,
    /// How a group reads in the decision table (written only for the
    /// tables kept: there may be hundreds of thousands of groups).
    names: Names,
}

/// What the groups are.
#[derive(Clone, Copy)]
enum Names {
    /// The ranks of the first `k` cards.
    Ranks(u8),
    /// ... and their suit pattern.
    RanksSuits(u8),
    /// The ranks of a hand's first two cards, and whether they share a
    /// suit where `true`.
    Hand(bool),
    /// For each of the first `k` cards, in the group or out.
    Groups(u8),
}

impl Grouped<'_> {
    /// The groups tell suit patterns apart.
    fn suits(&self) -> bool {
        matches!(self.names, Names::RanksSuits(_) | Names::Hand(true))
    }

    /// Group `key` as the decision table shows it.
    fn label(&self, key: usize) -> String {
        match self.names {
            Names::Ranks(k) => rank_label(key, k),
            Names::RanksSuits(k) => {
                let short = first_cards::of_length(k);
                format!(
                    "{} / suits {}",
                    rank_label(key / short.len(), k),
                    suit_label(&short[key % short.len()])
                )
            }
            Names::Hand(false) => rank_label(key, 2),
            Names::Hand(true) => format!(
                "{} / {}",
                rank_label(key / 2, 2),
                if key % 2 == 1 {
                    "one suit"
                } else {
                    "two suits"
                }
            ),
            Names::Groups(k) => (0..k)
                .rev()
                .map(|i| if key >> i & 1 == 1 { "in" } else { "out" })
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

/// Grouped by the first `k` cards: their ranks (13^k groups), and their
/// suit pattern where the observations carry it (for two cards or more:
/// one card's pattern tells nothing).
pub(super) fn by_ranks(values: &Values, k: u8) -> Grouped<'_> {
    if !values.suits || k == 1 {
        return by_ranks_only(values, k);
    }
    if k == 4 {
        // Every observation and pattern is its own group.
        return Grouped {
            counts: Arc::clone(&values.counts),
            sums: Cow::Borrowed(&values.v),
            names: Names::RanksSuits(k),
        };
    }
    let short = first_cards::of_length(k).len();
    let prefix: Vec<usize> = (0..PATTERNS).map(|p| first_cards::prefix(p, k)).collect();
    let per = 13usize.pow(4 - k as u32) * PATTERNS;
    let keys = 13usize.pow(k as u32) * short;
    let (counts, sums) = regroup(&values.counts, &values.v, keys, |i| {
        i / per * short + prefix[i % PATTERNS]
    });
    Grouped {
        counts: counts.into(),
        sums: sums.into(),
        names: Names::RanksSuits(k),
    }
}

/// Grouped by the ranks of the first `k` cards only (13^k groups): what
/// a player tells apart who sees no suit (edge sorting).
pub(super) fn by_ranks_only(values: &Values, k: u8) -> Grouped<'_> {
    let n = values.names.len();
    let (counts, sums) = values.by_rank.get_or_init(|| {
        let per = if values.suits { PATTERNS } else { 1 };
        let (counts, sums) = blocks(&values.counts, &values.v, per, n);
        (counts.into(), sums.into())
    });
    if k == 4 {
        return Grouped {
            counts: Arc::clone(counts),
            sums: Cow::Borrowed(sums),
            names: Names::Ranks(4),
        };
    }
    let (counts, sums) = blocks(counts, sums, 13usize.pow(4 - k as u32), n);
    Grouped {
        counts: counts.into(),
        sums: sums.into(),
        names: Names::Ranks(k),
    }
}

/// Groups of `per` consecutive rows (`n` sums a row) added up.
fn blocks(counts: &[u128], sums: &[i128], per: usize, n: usize) -> (Vec<u128>, Vec<i128>) {
    let counts = counts.chunks(per).map(|c| c.iter().sum()).collect();
    let mut into = vec![0i128; sums.len() / per];
    for (s, block) in into.chunks_exact_mut(n).zip(sums.chunks(per * n)) {
        for row in block.chunks_exact(n) {
            for (a, &b) in s.iter_mut().zip(row) {
                *a += b;
            }
        }
    }
    (counts, into)
}

/// Grouped by the first two cards of hand `hand` (the places in dealing
/// order where its first two cards are dealt): their ranks, and whether
/// they share a suit where the observations carry suit patterns.
pub(super) fn by_hand(values: &Values, hand: u8) -> Grouped<'_> {
    let places: Vec<usize> = (0..4)
        .filter(|&i| values.slots[i] / 3 == hand)
        .take(2)
        .collect();
    assert_eq!(
        places.len(),
        2,
        "a hand receives two of the first four cards"
    );
    let four = first_cards::of_length(4);
    let per = if values.suits { PATTERNS } else { 1 };
    let split = if values.suits { 2 } else { 1 };
    let (counts, sums) = regroup(&values.counts, &values.v, 169 * split, |i| {
        let ranks = first_cards::ranks(i / per);
        let key = ranks[places[0]] * 13 + ranks[places[1]];
        if values.suits {
            let p = &four[i % PATTERNS];
            key * 2 + (p[places[0]] == p[places[1]]) as usize
        } else {
            key
        }
    });
    Grouped {
        counts: counts.into(),
        sums: sums.into(),
        names: Names::Hand(values.suits),
    }
}

/// The ranks of a rank key of `k` cards, as written on cards (`7 K`).
fn rank_label(key: usize, k: u8) -> String {
    digits(key, k)
        .map(|r| rank_char(r as u8 + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A suit pattern as the decision table writes it: each card's suit
/// numbered in order of first appearance (`1 1 2 1`).
fn suit_label(p: &[u8]) -> String {
    p.iter()
        .map(|s| (s + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
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

/// The ranks (0 = ace) of the first `k` cards of rank key `key`, first
/// card first.
pub(super) fn digits(key: usize, k: u8) -> impl Iterator<Item = usize> {
    (0..k as u32).rev().map(move |p| key / 13usize.pow(p) % 13)
}

/// For each rank key, its group pattern under `group`: bit `k - 1 - i`
/// set when card `i` is in the group.
pub(super) fn patterns(k: u8, group: u16) -> Vec<usize> {
    each_key(k, 2, |r| (group >> r & 1) as usize)
}

/// For each rank key of `k` cards (first card most significant), the
/// number whose base-`radix` digits are `f` of the key's ranks, in the
/// same order. Built place by place as the keys are numbered: a key of
/// one more card is the shorter key's number shifted, with the new card's
/// digit (no digits divided out of every key).
pub(super) fn each_key(k: u8, radix: usize, f: impl Fn(usize) -> usize) -> Vec<usize> {
    let digit: [usize; 13] = std::array::from_fn(&f);
    let mut out = vec![0usize];
    for _ in 0..k {
        out = out
            .iter()
            .flat_map(|&q| digit.iter().map(move |&d| q * radix + d))
            .collect();
    }
    out
}

/// `ranks` (grouped by the first `k` ranks) regrouped by whether each
/// card is in `group` (2^k groups).
pub(super) fn by_group(ranks: &Grouped, k: u8, group: u16) -> Grouped<'static> {
    let keys = 1usize << k;
    let pattern = patterns(k, group);
    let (counts, sums) = regroup(&ranks.counts, &ranks.sums, keys, |key| pattern[key]);
    Grouped {
        counts: counts.into(),
        sums: sums.into(),
        names: Names::Groups(k),
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

/// The scenario's outcome from its groups; the decision table written
/// when it has at most `keep` observations that happen.
pub(super) fn outcome(
    values: &Values,
    scenario: &Scenario,
    grouped: Grouped,
    searched: (Option<u16>, Vec<Ranked>, usize),
    keep: usize,
) -> Outcome {
    let (partition, runners_up, searched) = searched;
    let n = values.names.len();
    let (must, sit, bet) = totals(&grouped.counts, &grouped.sums, n);
    let total = values.total;
    let observations = grouped.counts.iter().filter(|&&c| c > 0).count();
    let decisions = if observations > keep {
        Vec::new()
    } else {
        grouped
            .counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(key, &count)| {
                let (choice, s) = best(&grouped.sums[key * n..(key + 1) * n]);
                Decision {
                    observation: grouped.label(key),
                    choice,
                    edge: values.fraction(s, count),
                    probability: BigRational::new(BigInt::from(count), BigInt::from(total)),
                    bet: s > 0,
                }
            })
            .collect()
    };
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
        observations,
        decisions,
        suits: grouped.suits(),
        strategy: None,
    }
}
