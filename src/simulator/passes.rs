//! The two passes, one block at a time.
//!
//! The full-shoe pass deals every round from a complete shoe (as a
//! continuous shuffling machine would), so its average must match the
//! exact figures, which assume exactly that. The dealt pass deals whole
//! shoes to a cut card, as a table does, and keeps each pay table's count
//! for the card-counting analysis.

use super::count::{BUCKETS, Counter, Tags};
use super::deal::Dealer;
use super::memo::{LOST, Memo};
use super::rng::Rng;
use super::shoe;
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
    let buckets = if counts.is_some() { BUCKETS } else { 1 };
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

/// A pay table's rounds lost in a shoe, not counted one by one: the
/// rounds dealt at its count's buckets (`[band * buckets + bucket]`) less
/// those it counted, each at a loss's net, within `range`.
pub(crate) struct Losses<'a> {
    rounds: &'a [u32],
    net: i64,
    /// The buckets met (empty when the first is above the last): every
    /// bucket where the table has a net lies in them.
    range: (usize, usize),
}

impl<'a> Losses<'a> {
    /// Pay table `t`'s losses in a shoe: its count's `rounds` per band and
    /// bucket, in the buckets `range` the count met.
    pub(crate) fn of(layout: &Layout, t: usize, rounds: &'a [u32], range: (usize, usize)) -> Self {
        Losses {
            rounds,
            net: layout.nets[t][LOST as usize],
            range,
        }
    }
}

/// No rounds at any band and bucket.
static NO_ROUNDS: [u32; BANDS * BUCKETS] = [0; BANDS * BUCKETS];

impl Losses<'static> {
    /// No losses apart (the pass without a count counts every round).
    const NONE: Losses<'static> = Losses {
        rounds: &NO_ROUNDS,
        net: 0,
        range: (0, 0),
    };
}

/// The squares of the nets of the shoes dealt, per table, band and count
/// bucket (each shoe's nets are kept by its dealer, `[(table * BANDS +
/// band) * buckets + bucket]`, and handed to [`ShoeNets::end`]).
pub(crate) struct ShoeNets {
    buckets: usize,
    /// Per table, `[k * buckets + b]`: a square owed to every bucket at or
    /// below b (added to the tally by [`ShoeNets::finish`]): a shoe's net
    /// from bucket b up is the same for every b below the lowest bucket
    /// with a net, so it is added once there instead of once per bucket.
    below: Vec<Vec<i128>>,
    /// The block's squares per table, `[(table * BANDS + k) * buckets + b]`,
    /// in 64 bits where a block's sum of them cannot pass 2^64 (`narrow`),
    /// added to the tally's 128-bit sums by [`ShoeNets::finish`]: a 64-bit
    /// square and add are fewer instructions, and Golden Bacc adds one per
    /// table, band and count bucket met at the end of every shoe.
    squares: Vec<u64>,
    narrow: bool,
}

impl ShoeNets {
    /// `cards`: the shoe's cards; `rounds`: the rounds the pass deals (at
    /// least one a shoe, so at least its shoes).
    pub(crate) fn new(layout: &Layout, buckets: usize, cards: usize, rounds: u64) -> ShoeNets {
        let tables = layout.tables();
        // A shoe's net at any threshold is at most its rounds (at most a
        // quarter of its cards) times the largest net of a round. The
        // squares fit 64 bits when the pass's shoes times the largest
        // square does.
        let most = layout
            .nets
            .iter()
            .flatten()
            .map(|n| n.unsigned_abs())
            .max()
            .unwrap_or(0);
        let shoe = (most as u128) * (cards as u128 / 4 + 1);
        let narrow = shoe
            .checked_mul(shoe)
            .and_then(|sq| sq.checked_mul(rounds as u128))
            .is_some_and(|sum| sum <= u64::MAX as u128);
        ShoeNets {
            buckets,
            below: vec![vec![0; BANDS * buckets]; tables],
            squares: vec![0; if narrow { tables * BANDS * buckets } else { 0 }],
            narrow,
        }
    }

    /// Adds a finished shoe's squares (for errors per shoe) to the tally,
    /// with the shoe, and clears its nets; `losses(t)` are table `t`'s
    /// losses not yet in its nets.
    pub(crate) fn end<'a>(
        &mut self,
        nets: &mut [i64],
        tally: &mut DealtTally,
        shoe_rounds: [i64; BANDS],
        losses: impl Fn(usize) -> Losses<'a>,
    ) {
        let buckets = self.buckets;
        tally.shoes += 1;
        let mut rounds = 0i64;
        for (k, r) in shoe_rounds.iter().enumerate() {
            rounds += r;
            tally.rounds_squared[k] += (rounds as i128) * (rounds as i128);
        }
        for (t, table) in tally.tables.iter_mut().enumerate() {
            let net = &mut nets[t * BANDS * buckets..(t + 1) * BANDS * buckets];
            let lost = losses(t);
            // Any range holding the buckets with a net gives the same
            // sums: above it the net from b up is 0, and below it the same
            // as at its bottom (owed by `below`).
            let (lo, hi) = match lost.range {
                (lo, hi) if lo > hi => (buckets, 0),
                r => r,
            };
            // The shoe's net at threshold b for penetration k: bands 0..=k,
            // buckets b and up; the net is cleared as it is read. Each
            // band's row sliced to the buckets, and `hi` said to be below
            // them (it is), so that the loop indexes without checks.
            let mut above = [0i64; BANDS];
            let hi = hi.min(buckets - 1);
            let [n0, n1, n2] = band_rows(net, buckets);
            let [r0, r1, r2] = band_rows_of(lost.rounds, buckets);
            let mut step = |b: usize| {
                let x0 = std::mem::take(&mut n0[b]) + r0[b] as i64 * lost.net;
                let x1 = x0 + std::mem::take(&mut n1[b]) + r1[b] as i64 * lost.net;
                let x2 = x1 + std::mem::take(&mut n2[b]) + r2[b] as i64 * lost.net;
                above[0] += x0;
                above[1] += x1;
                above[2] += x2;
                above
            };
            if self.narrow {
                let squares = &mut self.squares[t * BANDS * buckets..(t + 1) * BANDS * buckets];
                let [s0, s1, s2] = band_rows(squares, buckets);
                for b in (lo..=hi).rev() {
                    let a = step(b);
                    s0[b] += a[0].unsigned_abs() * a[0].unsigned_abs();
                    s1[b] += a[1].unsigned_abs() * a[1].unsigned_abs();
                    s2[b] += a[2].unsigned_abs() * a[2].unsigned_abs();
                }
            } else {
                let [s0, s1, s2] = band_rows(&mut table.shoe_squares, buckets);
                for b in (lo..=hi).rev() {
                    let a = step(b);
                    s0[b] += (a[0] as i128) * (a[0] as i128);
                    s1[b] += (a[1] as i128) * (a[1] as i128);
                    s2[b] += (a[2] as i128) * (a[2] as i128);
                }
            }
            let mut rounds = 0i64;
            for (k, (r, &above)) in shoe_rounds.iter().zip(&above).enumerate() {
                rounds += r;
                if lo > 0 && lo < buckets {
                    self.below[t][k * buckets + lo - 1] += (above as i128) * (above as i128);
                }
                table.net_by_rounds[k] += (above as i128) * (rounds as i128);
            }
        }
    }

    /// Spreads the squares owed to the buckets below each shoe's lowest.
    pub(crate) fn finish(&mut self, tally: &mut DealtTally) {
        let buckets = self.buckets;
        for (t, table) in tally.tables.iter_mut().enumerate() {
            if self.narrow {
                let squares = &mut self.squares[t * BANDS * buckets..(t + 1) * BANDS * buckets];
                for (s, x) in table.shoe_squares.iter_mut().zip(squares) {
                    *s += std::mem::take(x) as i128;
                }
            }
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

/// A table's three band rows of `buckets` cells each, apart.
fn band_rows<T>(cells: &mut [T], buckets: usize) -> [&mut [T]; BANDS] {
    let (r0, rest) = cells.split_at_mut(buckets);
    let (r1, rest) = rest.split_at_mut(buckets);
    [r0, r1, &mut rest[..buckets]]
}

/// [`band_rows`], to read.
fn band_rows_of<T>(cells: &[T], buckets: usize) -> [&[T]; BANDS] {
    [
        &cells[..buckets],
        &cells[buckets..2 * buckets],
        &cells[2 * buckets..3 * buckets],
    ]
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
