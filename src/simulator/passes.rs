//! The two passes, one block at a time.
//!
//! The full-shoe pass deals every round from a complete shoe (as a
//! continuous shuffling machine would), so its average must match the
//! exact figures, which assume exactly that. The dealt pass deals whole
//! shoes to a cut card, as a table does, and keeps each pay table's count
//! for the card-counting analysis.

use super::deal::Dealer;
use super::memo::Memo;
use super::rng::Rng;
use super::shoe::{self, Id};
use super::tally::{BANDS, DealtTally, FullTally, Layout};

/// Count buckets: a count below `-BUCKET_EDGE` is tallied with it, one
/// above `BUCKET_EDGE` likewise.
pub(crate) const BUCKET_EDGE: i64 = 40;
pub(crate) const BUCKETS: usize = 2 * BUCKET_EDGE as usize + 1;

/// Deals `rounds` rounds, each from a full shoe.
pub(crate) fn full_shoe(
    dealer: &Dealer,
    memo: &mut Memo,
    layout: &Layout,
    decks: u32,
    rounds: u64,
    rng: &mut Rng,
) -> FullTally {
    let mut tally = FullTally::new(layout);
    let mut cards = shoe::fresh(decks);
    let n = cards.len() as u32;
    for _ in 0..rounds {
        // A partial shuffle: the first six cards become a uniformly drawn
        // ordered sample of the whole shoe, whatever order it was left in.
        for i in 0..6 {
            let j = i + rng.below(n - i as u32) as usize;
            cards.swap(i, j);
        }
        let (round, _) = dealer.deal(&cards[..6]);
        memo.count(&round);
    }
    memo.drain(&mut tally.codes);
    tally.rounds = rounds;
    tally
}

/// Each pay table's count: a tag per rank (ace first), and whether the
/// count is balanced (then its running count is divided by the decks left
/// into a true count before it is compared with a threshold). An
/// unbalanced count is compared as it runs, from an initial running count
/// of minus half its drift over the whole shoe (so it passes zero half way
/// through, as KO-style counts are started).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tags {
    pub tags: [i32; 13],
    pub balanced: bool,
}

impl Tags {
    /// The running count at the start of a shoe.
    pub fn initial(&self, decks: u32) -> i64 {
        if self.balanced {
            return 0;
        }
        let drift: i64 = self.tags.iter().map(|&t| 4 * t as i64).sum::<i64>() * decks as i64;
        -drift / 2
    }
}

/// Where the cut cards are (cards from the top), shallowest first.
pub(crate) type Cuts = [usize; BANDS];

/// Deals whole shoes until at least `rounds` rounds are dealt.
#[allow(clippy::too_many_arguments)]
pub(crate) fn dealt(
    dealer: &Dealer,
    memo: &mut Memo,
    layout: &Layout,
    decks: u32,
    cuts: Cuts,
    counts: Option<&[Tags]>,
    rounds: u64,
    rng: &mut Rng,
) -> DealtTally {
    let buckets = if counts.is_some() { BUCKETS } else { 1 };
    let tables = layout.tables();
    let mut tally = DealtTally::new(layout, buckets);
    let mut cards = shoe::fresh(decks);
    // Per table, band and bucket: the net of the shoe being dealt.
    let mut shoe_net = vec![0i64; tables * BANDS * buckets];
    let mut running = vec![0i64; tables];
    let mut bucket = vec![0usize; tables];
    // The block's tallies in one flat array (table t's cells from
    // `base[t]`), and every code's net in another: one index per round
    // and table, written into `tally` at the end.
    let (mut base, mut net_base) = (Vec::with_capacity(tables), Vec::with_capacity(tables));
    let (mut cells, mut nets) = (0usize, Vec::new());
    for t in 0..tables {
        base.push(cells);
        cells += BANDS * buckets * layout.codes(t);
        net_base.push(nets.len());
        nets.extend_from_slice(&layout.nets[t]);
    }
    let mut flat = vec![0u64; cells];
    let mut dealt = 0u64;
    while dealt < rounds {
        shoe::shuffle(&mut cards, rng);
        let shown = cards[0];
        let mut pos = shoe::burned(shown);
        if let Some(counts) = counts {
            for (r, tags) in running.iter_mut().zip(counts) {
                *r = tags.initial(decks);
            }
            see(counts, &mut running, &[shown]);
        }
        let mut shoe_rounds = [0i64; BANDS];
        while pos < cuts[BANDS - 1] {
            let band = if pos < cuts[0] {
                0
            } else if pos < cuts[1] {
                1
            } else {
                2
            };
            if let Some(counts) = counts {
                let left = (cards.len() - pos) as i64;
                for (t, tags) in counts.iter().enumerate() {
                    let v = if tags.balanced {
                        (running[t] * 52).div_euclid(left)
                    } else {
                        running[t]
                    };
                    bucket[t] = (v.clamp(-BUCKET_EDGE, BUCKET_EDGE) + BUCKET_EDGE) as usize;
                }
            }
            let (round, used) = dealer.deal(&cards[pos..]);
            if counts.is_none() {
                // One bucket: rows are counted per group, spelled out per
                // pay table once per block.
                memo.count_dealt(&round, band, &mut shoe_net);
                pos += used;
                shoe_rounds[band] += 1;
                tally.rounds[band] += 1;
                dealt += 1;
                continue;
            }
            let codes = memo.settle(&round);
            for (t, &c) in codes.iter().enumerate() {
                let c = c as usize;
                let cell = band * buckets + bucket[t];
                let width = layout.nets[t].len();
                flat[base[t] + cell * width + c] += 1;
                shoe_net[(t * BANDS + band) * buckets + bucket[t]] += nets[net_base[t] + c];
            }
            if let Some(counts) = counts {
                see(counts, &mut running, &cards[pos..pos + used]);
            }
            pos += used;
            shoe_rounds[band] += 1;
            tally.rounds[band] += 1;
            dealt += 1;
        }
        tally.shoes += 1;
        end_shoe(&mut tally, &mut shoe_net, shoe_rounds, buckets);
    }
    for (t, table) in tally.tables.iter_mut().enumerate() {
        let n = table.codes.len();
        table.codes.copy_from_slice(&flat[base[t]..base[t] + n]);
    }
    if counts.is_none() {
        memo.drain_dealt(&mut tally.tables);
    }
    tally
}

/// Counts the cards a counter sees.
fn see(counts: &[Tags], running: &mut [i64], cards: &[Id]) {
    for &c in cards {
        let rank = (c / 4) as usize;
        for (r, tags) in running.iter_mut().zip(counts) {
            *r += tags.tags[rank] as i64;
        }
    }
}

/// Adds a finished shoe's squares (for errors per shoe) and clears it.
fn end_shoe(
    tally: &mut DealtTally,
    shoe_net: &mut [i64],
    shoe_rounds: [i64; BANDS],
    buckets: usize,
) {
    let mut rounds = 0i64;
    for (k, r) in shoe_rounds.iter().enumerate() {
        rounds += r;
        tally.rounds_squared[k] += (rounds as i128) * (rounds as i128);
    }
    for (t, table) in tally.tables.iter_mut().enumerate() {
        let net = &shoe_net[t * BANDS * buckets..(t + 1) * BANDS * buckets];
        let mut rounds = 0i64;
        for (k, r) in shoe_rounds.iter().enumerate() {
            rounds += r;
            // The shoe's net at threshold b: bands 0..=k, buckets b and up.
            let mut above = 0i64;
            for b in (0..buckets).rev() {
                above += (0..=k).map(|band| net[band * buckets + b]).sum::<i64>();
                table.shoe_squares[k * buckets + b] += (above as i128) * (above as i128);
            }
            table.net_by_rounds[k] += (above as i128) * (rounds as i128);
        }
    }
    shoe_net.iter_mut().for_each(|x| *x = 0);
}
