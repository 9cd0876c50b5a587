//! The two passes, one block at a time.
//!
//! The full-shoe pass deals every round from a complete shoe (as a
//! continuous shuffling machine would), so its average must match the
//! exact figures, which assume exactly that. The dealt pass deals whole
//! shoes to a cut card, as a table does, and keeps each pay table's count
//! for the card-counting analysis.

use super::count::{BUCKETS, Counter, Tags};
use super::deal::Dealer;
use super::memo::Memo;
use super::rng::Rng;
use super::shoe;
use super::tally::{BANDS, DealtTally, FullTally, Layout};

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
    let mut shoe = ShoeNets::new(tables, buckets);
    let mut counter = counts.map(|c| Counter::new(c, decks));
    // The block's tallies in one flat array, every table's cells padded to
    // the widest table's codes, so that one index per round and table,
    // `(table, band, bucket)`, finds both its cells and its shoe net;
    // written into `tally` at the end. A block's counts fit 32 bits (2^20
    // rounds), which halves the memory they walk.
    let width = (0..tables).map(|t| layout.codes(t)).max().unwrap_or(0);
    let mut flat = vec![0u32; tables * BANDS * buckets * width];
    let mut dealt = 0u64;
    while dealt < rounds {
        shoe::shuffle(&mut cards, rng);
        let shown = cards[0];
        let mut pos = shoe::burned(shown);
        if let Some(counter) = &mut counter {
            counter.start(shown);
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
            let (round, used) = dealer.deal(&cards[pos..]);
            match &mut counter {
                None => {
                    // One bucket: rows are counted per group, spelled out
                    // per pay table once per block.
                    memo.count_dealt(&round, band, &mut shoe.net);
                }
                Some(counter) => {
                    let bucket = counter.buckets(cards.len() - pos);
                    let net = &mut shoe.net;
                    memo.each_settled(&round, |t, code, x| {
                        let cell = (t * BANDS + band) * buckets + bucket[t] as usize;
                        flat[cell * width + code as usize] += 1;
                        net[cell] += x;
                    });
                    counter.see(&cards[pos..pos + used]);
                }
            }
            pos += used;
            shoe_rounds[band] += 1;
            tally.rounds[band] += 1;
            dealt += 1;
        }
        tally.shoes += 1;
        shoe.end(&mut tally, shoe_rounds);
    }
    shoe.finish(&mut tally);
    for (t, table) in tally.tables.iter_mut().enumerate() {
        let n = layout.codes(t);
        let cells = flat[t * BANDS * buckets * width..].chunks(width);
        for (codes, cell) in table.codes.chunks_mut(n).zip(cells) {
            for (x, &y) in codes.iter_mut().zip(cell) {
                *x = y as u64;
            }
        }
    }
    if counts.is_none() {
        memo.drain_dealt(&mut tally.tables);
    }
    tally
}

/// The net of the shoe being dealt, per table, band and count bucket.
struct ShoeNets {
    buckets: usize,
    /// `[(table * BANDS + band) * buckets + bucket]`.
    net: Vec<i64>,
    /// Per table, `[k * buckets + b]`: a square owed to every bucket at or
    /// below b (added to the tally by [`ShoeNets::finish`]): a shoe's net
    /// from bucket b up is the same for every b below the lowest bucket
    /// with a net, so it is added once there instead of once per bucket.
    below: Vec<Vec<i128>>,
}

impl ShoeNets {
    fn new(tables: usize, buckets: usize) -> ShoeNets {
        ShoeNets {
            buckets,
            net: vec![0; tables * BANDS * buckets],
            below: vec![vec![0; BANDS * buckets]; tables],
        }
    }

    /// Adds a finished shoe's squares (for errors per shoe) and clears it.
    fn end(&mut self, tally: &mut DealtTally, shoe_rounds: [i64; BANDS]) {
        let buckets = self.buckets;
        let mut rounds = 0i64;
        for (k, r) in shoe_rounds.iter().enumerate() {
            rounds += r;
            tally.rounds_squared[k] += (rounds as i128) * (rounds as i128);
        }
        for (t, table) in tally.tables.iter_mut().enumerate() {
            let net = &mut self.net[t * BANDS * buckets..(t + 1) * BANDS * buckets];
            // The buckets with a net in any band. Any range holding them
            // gives the same sums: above it the net from b up is 0, and
            // below it the same as at its bottom (owed by `below`). Found
            // here, once a shoe, rather than kept round by round.
            let (lo, hi) = if buckets == 1 {
                (0, 0)
            } else {
                let any = |b: usize| (0..BANDS).any(|band| net[band * buckets + b] != 0);
                match (0..buckets).find(|&b| any(b)) {
                    Some(lo) => (lo, (lo..buckets).rev().find(|&b| any(b)).unwrap_or(lo)),
                    None => (buckets, 0),
                }
            };
            let mut rounds = 0i64;
            for (k, r) in shoe_rounds.iter().enumerate() {
                rounds += r;
                // The shoe's net at threshold b: bands 0..=k, buckets b and up.
                let mut above = 0i64;
                for b in (lo..=hi).rev() {
                    above += (0..=k).map(|band| net[band * buckets + b]).sum::<i64>();
                    table.shoe_squares[k * buckets + b] += (above as i128) * (above as i128);
                }
                if lo > 0 && lo < buckets {
                    self.below[t][k * buckets + lo - 1] += (above as i128) * (above as i128);
                }
                table.net_by_rounds[k] += (above as i128) * (rounds as i128);
            }
            if lo <= hi {
                for band in 0..BANDS {
                    net[band * buckets + lo..=band * buckets + hi].fill(0);
                }
            }
        }
    }

    /// Spreads the squares owed to the buckets below each shoe's lowest.
    fn finish(&mut self, tally: &mut DealtTally) {
        let buckets = self.buckets;
        for (t, table) in tally.tables.iter_mut().enumerate() {
            for k in 0..BANDS {
                let mut owed = 0i128;
                for b in (0..buckets).rev() {
                    owed += std::mem::take(&mut self.below[t][k * buckets + b]);
                    table.shoe_squares[k * buckets + b] += owed;
                }
            }
        }
    }
}
