//! The two passes, one block at a time.
//!
//! The full-shoe pass deals every round from a complete shoe (as a
//! continuous shuffling machine would), so its average must match the
//! exact figures, which assume exactly that. The dealt pass deals whole
//! shoes to a cut card, as a table does, and keeps each pay table's count
//! for the card-counting analysis.

use super::count::{BUCKETS, Counter, Tags, buckets_kept};
use super::deal::Dealer;
use super::memo::{LOST, Memo};
use super::rng::Rng;
use super::shoe;
use super::shoe_nets::{Losses, ShoeNets};
use super::tally::{BANDS, DealtTally, FullTally, Layout};

/// What a thread deals every block with, in either pass: the run's
/// dealing, the tallies' layout, the shoe's decks, and the thread's memo.
/// (One argument, so that each pass's dispatcher and body do not both
/// list them.)
pub(crate) struct Pass<'p, 'g> {
    pub(crate) dealer: &'p Dealer<'g>,
    pub(crate) layout: &'p Layout,
    pub(crate) decks: u32,
    pub(crate) memo: &'p mut Memo<'g>,
}

crate::cpu::dispatch! {
    /// Deals `rounds` rounds, each from a full shoe (the deal, the keys and
    /// the memo inlined, compiled for AVX-512 where the processor has it).
    pub(crate) fn full_shoe(pass: &mut Pass<'_, '_>, rounds: u64, rng: &mut Rng) -> FullTally = full_shoe_any;
}

/// [`full_shoe`] for any processor, inlined into each caller.
#[inline(always)]
fn full_shoe_any(pass: &mut Pass<'_, '_>, rounds: u64, rng: &mut Rng) -> FullTally {
    let (dealer, layout, decks) = (pass.dealer, pass.layout, pass.decks);
    let memo = &mut *pass.memo;
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

crate::cpu::dispatch! {
    /// Deals whole shoes until at least `rounds` rounds are dealt. Where
    /// the processor has AVX-512 the counts' loops (a running count per
    /// distinct count, updated by every card and read by every round) run
    /// in one vector instruction each, and what they store is what the next
    /// round loads, at the same width. The same integers whichever runs.
    pub(crate) fn dealt(
        pass: &mut Pass<'_, '_>,
        cuts: Cuts,
        counts: Option<&[Tags]>,
        rounds: u64,
        rng: &mut Rng,
    ) -> DealtTally = dealt_any;
}

/// [`dealt`] for any processor, inlined into each caller.
#[inline(always)]
fn dealt_any(
    pass: &mut Pass<'_, '_>,
    cuts: Cuts,
    counts: Option<&[Tags]>,
    rounds: u64,
    rng: &mut Rng,
) -> DealtTally {
    let (dealer, layout, decks) = (pass.dealer, pass.layout, pass.decks);
    let memo = &mut *pass.memo;
    let buckets = buckets_kept(counts);
    let tables = layout.tables();
    let mut tally = DealtTally::new(layout, buckets);
    let mut cards = shoe::fresh(decks);
    let mut shoe = ShoeNets::new(layout, buckets, cards.len(), rounds);
    let mut net = vec![0; tables * BANDS * buckets];
    let mut counted = counts.map(|c| Counted::new(Counter::new(c, decks), tables));
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
        if let Some(c) = &mut counted {
            c.counter.start(shown);
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
            match &mut counted {
                None => {
                    // One bucket: rows are counted per group, spelled out
                    // per pay table once per block.
                    memo.count_dealt(&round, band, &mut net);
                }
                Some(c) => {
                    c.round(cards.len() - pos, band);
                    let bucket = c.counter.last_buckets();
                    // Only the pay tables the round does not lose are
                    // counted one by one; the losses are the rounds left
                    // over (`Counted::end_shoe`, `Counted::finish`).
                    let of_table = &c.of_table;
                    let net = &mut net;
                    memo.each_not_lost(&round, |t, code, above| {
                        let cell = (t * BANDS + band) * buckets + bucket[of_table[t]] as usize;
                        flat[cell * width + code as usize] += 1;
                        net[cell] += above;
                    });
                    c.counter.see(&cards[pos..pos + used]);
                }
            }
            pos += used;
            shoe_rounds[band] += 1;
            tally.rounds[band] += 1;
            dealt += 1;
        }
        match &mut counted {
            None => shoe.end(&mut net, &mut tally, shoe_rounds, |_| Losses::NONE),
            Some(c) => {
                shoe.end(&mut net, &mut tally, shoe_rounds, |t| c.losses(layout, t));
                c.end_shoe();
            }
        }
    }
    shoe.finish(&mut tally);
    if let Some(c) = &counted {
        write_losses(&c.of_table, &c.block, &mut flat, width);
    }
    flat_into(&flat, width, layout, &mut tally);
    if counts.is_none() {
        memo.drain_dealt(&mut tally.tables);
    }
    tally
}

/// The counts through a dealt shoe, with the rounds dealt at each count:
/// per distinct count (pay tables with alike tags share one), band and
/// bucket. A round lost costs no pay table anything: each table's losses
/// in a cell are the cell's rounds less what the table counted there.
struct Counted {
    counter: Counter,
    /// Per pay table, its count among the distinct ones.
    of_table: Vec<usize>,
    /// Rounds of the shoe being dealt: `[(count * BANDS + band) * BUCKETS + bucket]`.
    shoe: Vec<u32>,
    /// Rounds of the block, likewise (the shoes' added at each shoe's end).
    block: Vec<u32>,
    /// Per distinct count, the lowest and highest bucket the shoe met.
    lo: Vec<u8>,
    hi: Vec<u8>,
}

impl Counted {
    fn new(counter: Counter, tables: usize) -> Counted {
        let n = counter.distinct();
        let of_table = counter.of_table().to_vec();
        debug_assert_eq!(of_table.len(), tables);
        Counted {
            counter,
            of_table,
            shoe: vec![0; n * BANDS * BUCKETS],
            block: vec![0; n * BANDS * BUCKETS],
            lo: vec![u8::MAX; n],
            hi: vec![0; n],
        }
    }

    /// Finds each distinct count's bucket before a round begun in `band`
    /// with `left` cards in the shoe, and counts the round there.
    #[inline(always)]
    fn round(&mut self, left: usize, band: usize) {
        let bucket = self.counter.buckets_any(left);
        for (c, &b) in bucket.iter().enumerate() {
            self.shoe[(c * BANDS + band) * BUCKETS + b as usize] += 1;
        }
        // Apart from the counting, so that it runs in vector instructions.
        for ((lo, hi), &b) in self.lo.iter_mut().zip(&mut self.hi).zip(bucket) {
            *lo = (*lo).min(b);
            *hi = (*hi).max(b);
        }
    }

    /// Pay table `t`'s losses in the shoe: its count's rounds per band and
    /// bucket, a loss's net, and the buckets the count met.
    fn losses<'a>(&'a self, layout: &Layout, t: usize) -> Losses<'a> {
        let c = self.of_table[t];
        let rounds = &self.shoe[c * BANDS * BUCKETS..(c + 1) * BANDS * BUCKETS];
        Losses::of(
            layout,
            t,
            rounds,
            (self.lo[c] as usize, self.hi[c] as usize),
        )
    }

    /// Adds the shoe's rounds to the block's and clears them.
    fn end_shoe(&mut self) {
        for c in 0..self.lo.len() {
            let lo = std::mem::replace(&mut self.lo[c], u8::MAX) as usize;
            let hi = std::mem::replace(&mut self.hi[c], 0) as usize;
            let at = c * BANDS * BUCKETS..(c + 1) * BANDS * BUCKETS;
            add_shoe_rounds(&mut self.shoe[at.clone()], &mut self.block[at], lo, hi);
        }
    }
}

/// Adds one count's rounds of a shoe (`[band * BUCKETS + bucket]`) to the
/// block's and clears them: buckets `lo..=hi`, the ones the shoe met
/// (none when `lo` is above `hi`).
pub(crate) fn add_shoe_rounds(shoe: &mut [u32], block: &mut [u32], lo: usize, hi: usize) {
    if lo > hi {
        return;
    }
    for band in 0..BANDS {
        let cells = band * BUCKETS + lo..=band * BUCKETS + hi;
        for (x, y) in block[cells.clone()].iter_mut().zip(&mut shoe[cells]) {
            *x += std::mem::take(y);
        }
    }
}

/// Writes each pay table's losses into the block's cells (`flat`, see
/// [`dealt`]): the cell's rounds (`block`, per distinct count as
/// `of_table` says) less the table's other codes there.
pub(crate) fn write_losses(of_table: &[usize], block: &[u32], flat: &mut [u32], width: usize) {
    for (t, &c) in of_table.iter().enumerate() {
        for cell in 0..BANDS * BUCKETS {
            let codes = &mut flat[((t * BANDS * BUCKETS) + cell) * width..][..width];
            let others: u32 = codes.iter().sum();
            codes[LOST as usize] = block[c * BANDS * BUCKETS + cell] - others;
        }
    }
}

/// Copies the block's cells (`flat`, see [`dealt`]) into the tally.
pub(crate) fn flat_into(flat: &[u32], width: usize, layout: &Layout, tally: &mut DealtTally) {
    let buckets = tally.buckets;
    for (t, table) in tally.tables.iter_mut().enumerate() {
        let n = layout.codes(t);
        let cells = flat[t * BANDS * buckets * width..].chunks(width);
        for (codes, cell) in table.codes.chunks_mut(n).zip(cells) {
            for (x, &y) in codes.iter_mut().zip(cell) {
                *x = y as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulator::memo::groups;

    /// The errors per shoe kept in 64 bits are those of 128 bits: with
    /// every net multiplied by 2^30 (past what 64 bits hold, so the pass
    /// keeps 128-bit sums throughout) a block's squares are 2^60 times
    /// and its nets times rounds 2^30 times those of the same cards dealt
    /// with the nets as they are.
    #[test]
    fn squares_kept_in_64_bits_are_the_128_bit_ones() {
        let spec = crate::check::check_path("rules/punto_banco.yaml")
            .expect("a shipped spec")
            .spec;
        let groups = groups(&spec);
        let dealer = Dealer::new(&spec.game);
        let layout = Layout::new(&spec);
        let mut scaled = layout.clone();
        let factor = 1i64 << 30;
        for n in scaled.nets.iter_mut().flatten() {
            *n *= factor;
        }
        let tags = Tags {
            tags: [1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1, -1],
            balanced: true,
        };
        let counts = vec![tags; layout.tables()];
        let decks = spec.shoe.decks;
        let cuts = crate::simulator::cut_cards(52 * decks as usize, 0.9);
        for counts in [None, Some(&counts[..])] {
            let run = |layout: &Layout| {
                let mut memo = Memo::new(&groups, layout);
                let mut pass = Pass {
                    dealer: &dealer,
                    layout,
                    decks,
                    memo: &mut memo,
                };
                let mut rng = Rng::for_block(9, "test", 0);
                dealt(&mut pass, cuts, counts, 20_000, &mut rng)
            };
            let (narrow, wide) = (run(&layout), run(&scaled));
            assert!(narrow.shoes > 100);
            let f = factor as i128;
            for (a, b) in narrow.tables.iter().zip(&wide.tables) {
                assert!(a.shoe_squares.iter().any(|&x| x != 0));
                for (x, y) in a.shoe_squares.iter().zip(&b.shoe_squares) {
                    assert_eq!(x * f * f, *y);
                }
                for (x, y) in a.net_by_rounds.iter().zip(&b.net_by_rounds) {
                    assert_eq!(x * f, *y);
                }
            }
        }
    }

    /// The processor's build of both passes (AVX-512 where it has it) and
    /// the build for any processor deal the same tallies: Golden Bacc's 49
    /// pay tables, each with a count of its own (past one chunk of the
    /// counter's lanes), and its rounds from a full shoe. On a processor
    /// without AVX-512 both are the baseline build.
    #[test]
    fn both_builds_deal_the_same_tallies() {
        let spec = crate::check::check_path("rules/golden_bacc.yaml")
            .expect("a shipped spec")
            .spec;
        let groups = groups(&spec);
        let dealer = Dealer::new(&spec.game);
        let layout = Layout::new(&spec);
        let mut rng = crate::testing::Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.below(5) as i32 - 2;
        let counts: Vec<Tags> = (0..layout.tables())
            .map(|t| Tags {
                tags: std::array::from_fn(|_| next()),
                balanced: t % 4 != 0,
            })
            .collect();
        let decks = spec.shoe.decks;
        let cuts = crate::simulator::cut_cards(52 * decks as usize, 0.9);
        let rng = || Rng::for_block(11, "test", 0);
        // Each build's two passes with a memo of their own (as a thread
        // runs them): neither build sees what the other settled.
        type Full = fn(&mut Pass, u64, &mut Rng) -> FullTally;
        type Dealt = fn(&mut Pass, Cuts, Option<&[Tags]>, u64, &mut Rng) -> DealtTally;
        let run = |full: Full, dealt: Dealt| {
            let memo = &mut Memo::new(&groups, &layout);
            let pass = &mut Pass {
                dealer: &dealer,
                layout: &layout,
                decks,
                memo,
            };
            let f = full(pass, 20_000, &mut rng());
            (f, dealt(pass, cuts, Some(&counts), 20_000, &mut rng()))
        };
        let built = run(full_shoe, dealt);
        assert!(built.1.shoes > 100);
        assert_eq!(built, run(full_shoe_any, dealt_any));
    }
}
