//! A card counter's count through a shoe: per pay table, tags per rank
//! and the count bucket each round begins in. The dealt pass and the
//! sampled shoes of the same-shoe comparison keep it alike.

use super::shoe::Id;

/// Count buckets: a count below `-BUCKET_EDGE` is tallied with it, one
/// above `BUCKET_EDGE` likewise.
pub const BUCKET_EDGE: i64 = 40;
pub(crate) const BUCKETS: usize = 2 * BUCKET_EDGE as usize + 1;

/// The count buckets a dealt pass tallies: every bucket with the counts
/// kept, one without.
pub(crate) fn buckets_kept(counts: Option<&[Tags]>) -> usize {
    if counts.is_some() { BUCKETS } else { 1 }
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

/// Counts kept side by side, as many as one AVX-512 instruction holds:
/// the counter's arrays come in chunks of this many, so that its loops
/// have a fixed length the compiler turns into vector instructions.
const LANES: usize = 16;

/// One chunk of counts (or of their tags, or masks).
type Lanes = [i32; LANES];

/// Every pay table's count through a dealt shoe, kept as the counter sees
/// the cards. Pay tables whose counts are alike (a wager's tables often
/// derive the same tags) share one running count: `of_table` says whose.
pub(crate) struct Counter {
    /// Per pay table, its count among the distinct ones.
    of_table: Vec<usize>,
    /// How many distinct counts (the chunks' lanes past them are unused:
    /// no tags, always in the middle bucket).
    n: usize,
    /// Per rank (ace first), every distinct count's tag, a chunk at a
    /// time: `[rank * chunks + k]`. Counts are kept in 32 bits (twice as
    /// many to a vector instruction as 64), which `Counter::new` checks
    /// they fit.
    by_rank: Vec<Lanes>,
    initial: Vec<Lanes>,
    /// Per count, -1 if it is balanced, else 0 (a mask, for the vector
    /// select in [`Counter::buckets`]).
    balanced: Vec<Lanes>,
    running: Vec<Lanes>,
    /// The last round's bucket per distinct count (whole chunks).
    bucket: Vec<u8>,
    /// The last round's bucket per pay table (see [`Counter::table_buckets`]).
    by_table: Vec<u8>,
    /// Per number of cards left, the multiplier that divides by it (see
    /// [`Counter::buckets`]).
    divide: Vec<u32>,
    /// Whether this processor has AVX-512 (`crate::cpu`): see
    /// [`Counter::buckets`].
    wide: bool,
}

/// The shift of [`Counter::divide`]'s multipliers.
pub(crate) const SHIFT: u32 = 30;

impl Counter {
    pub(crate) fn new(counts: &[Tags], decks: u32) -> Counter {
        let tables = counts.len();
        // `buckets` divides exactly while 82 cards^2 < 2^30: 64 decks (the
        // most a spec allows) and a few more.
        let cards = 52 * decks as i64;
        assert!(
            82 * cards * cards < 1 << SHIFT,
            "{decks} decks: too many to count"
        );
        // Running counts and 52 times them fit 32 bits (tags are at most 3
        // in size, derived at levels 1 to 3).
        let fits = |c: &Tags| {
            let most = c.tags.iter().map(|&t| (t as i64).abs()).max().unwrap_or(0);
            (c.initial(decks).abs() + most * cards) * 52 <= i32::MAX as i64
        };
        assert!(counts.iter().all(fits), "tags too large to count");
        let mut distinct: Vec<&Tags> = Vec::new();
        let of_table: Vec<usize> = counts
            .iter()
            .map(|c| match distinct.iter().position(|d| *d == c) {
                Some(i) => i,
                None => {
                    distinct.push(c);
                    distinct.len() - 1
                }
            })
            .collect();
        let n = distinct.len();
        let chunks = n.div_ceil(LANES).max(1);
        // Per distinct count, `f` of it, in chunks; unused lanes hold `pad`.
        let lanes = |f: &dyn Fn(&Tags) -> i32, pad: i32| -> Vec<Lanes> {
            let mut out = vec![[pad; LANES]; chunks];
            for (c, tags) in distinct.iter().enumerate() {
                out[c / LANES][c % LANES] = f(tags);
            }
            out
        };
        let by_rank = (0..13).flat_map(|r| lanes(&|t| t.tags[r], 0)).collect();
        Counter {
            of_table,
            n,
            by_rank,
            initial: lanes(&|t| t.initial(decks) as i32, 0),
            balanced: lanes(&|t| -(t.balanced as i32), -1),
            running: vec![[0; LANES]; chunks],
            bucket: vec![0; chunks * LANES],
            by_table: vec![0; tables],
            divide: (0..=52 * decks as u64)
                .map(|left| (1u64 << SHIFT).div_ceil(left.max(1)) as u32)
                .collect(),
            wide: crate::cpu::avx512(),
        }
    }

    /// Per pay table, its count among the distinct ones (the index into
    /// what [`Counter::buckets`] returns).
    pub(crate) fn of_table(&self) -> &[usize] {
        &self.of_table
    }

    /// How many distinct counts are kept.
    pub(crate) fn distinct(&self) -> usize {
        self.n
    }

    /// Distinct count `c`'s tag per rank (ace first), its running count at
    /// a shoe's start, and whether it is balanced.
    pub(crate) fn count(&self, c: usize) -> ([i32; 13], i32, bool) {
        let chunks = self.running.len();
        let (k, lane) = (c / LANES, c % LANES);
        let tags = std::array::from_fn(|r| self.by_rank[r * chunks + k][lane]);
        (tags, self.initial[k][lane], self.balanced[k][lane] == -1)
    }

    /// Per number of cards left, the multiplier by which
    /// [`Counter::buckets`] divides by it (then shifts by [`SHIFT`]).
    pub(crate) fn divide(&self) -> &[u32] {
        &self.divide
    }

    /// A new shoe, whose first card is shown.
    pub(crate) fn start(&mut self, shown: Id) {
        self.running.copy_from_slice(&self.initial);
        self.see(&[shown]);
    }

    /// Counts the cards a counter sees. Inlined, so that it is compiled
    /// for the features of its caller (the dealt pass's AVX-512 build).
    #[inline(always)]
    pub(crate) fn see(&mut self, cards: &[Id]) {
        let chunks = self.running.len();
        for (k, running) in self.running.iter_mut().enumerate() {
            // A copy, which stays in a register through the cards.
            let mut run = *running;
            for &c in cards {
                let tags = &self.by_rank[(c / 4) as usize * chunks + k];
                for (r, &t) in run.iter_mut().zip(tags) {
                    *r += t;
                }
            }
            *running = run;
        }
    }

    /// Each distinct count's bucket as [`Counter::buckets`] last found it.
    pub(crate) fn last_buckets(&self) -> &[u8] {
        &self.bucket[..self.n]
    }

    /// Each pay table's count bucket before a round, with `left` cards in
    /// the shoe (see [`Counter::buckets`]).
    pub(crate) fn table_buckets(&mut self, left: usize) -> &[u8] {
        self.buckets(left);
        for (b, &c) in self.by_table.iter_mut().zip(&self.of_table) {
            *b = self.bucket[c];
        }
        &self.by_table
    }

    /// Each distinct count's bucket before a round, with `left` cards in
    /// the shoe: a balanced count divided by the decks left (rounded
    /// down), an unbalanced one as it runs.
    pub(crate) fn buckets(&mut self, left: usize) -> &[u8] {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: the processor has the features (checked in `new`).
            unsafe { self.buckets_avx512(left) };
            return self.last_buckets();
        }
        self.buckets_any(left)
    }

    /// [`Counter::buckets`] compiled for AVX-512, where the loop over the
    /// counts runs in vector instructions (64-bit multiplies): a quarter
    /// of the time it took (a tenth of 21st Century's simulation).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512dq")]
    fn buckets_avx512(&mut self, left: usize) {
        self.buckets_any(left);
    }

    /// [`Counter::buckets`] for any processor, inlined into each caller so
    /// that it is compiled for the caller's features; the same integers
    /// whichever runs.
    #[inline(always)]
    pub(crate) fn buckets_any(&mut self, left: usize) -> &[u8] {
        // The true count is floor(52 r / left), by a multiplication instead
        // of a division (which cost a tenth of a run). Clamped first to
        // the buckets' range widened by one, which leaves the clamped
        // bucket as it was, and shifted to be non-negative: n in
        // 0..=82 left. With m = ceil(2^30 / left) = (2^30 + e) / left,
        // e < left, n m / 2^30 exceeds n / left by n e / (left 2^30),
        // less than 82 left / 2^30, which is below 1 / left while
        // 82 left^2 < 2^30 (checked in `Counter::new`): too little to
        // pass the next integer, so the quotient is exactly floor(n / left).
        let m = self.divide[left] as u64;
        let edge = (BUCKET_EDGE as i32 + 1) * left as i32;
        let bucket_edge = BUCKET_EDGE as i32;
        for ((out, run), balanced) in self
            .bucket
            .chunks_exact_mut(LANES)
            .zip(&self.running)
            .zip(&self.balanced)
        {
            for ((b, &r), &balanced) in out.iter_mut().zip(run).zip(balanced) {
                let n = ((r * 52).clamp(-edge, edge) + edge) as u32 as u64;
                let q = ((n * m) >> SHIFT) as i32 - (bucket_edge + 1);
                let v = (q & balanced) | (r & !balanced);
                *b = (v.clamp(-bucket_edge, bucket_edge) + bucket_edge) as u8;
            }
        }
        self.last_buckets()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The multiplication gives `div_euclid`'s bucket for every running
    /// count that can reach a bucket edge and every number of cards left,
    /// in the largest shoe a spec allows.
    #[test]
    fn buckets_divide_exactly() {
        let decks = 64;
        let tags = Tags {
            tags: [0; 13],
            balanced: true,
        };
        let mut counter = Counter::new(&[tags], decks);
        // Both ways of computing them: the processor's, and the baseline.
        for wide in [counter.wide, false] {
            counter.wide = wide;
            for left in 1..=52 * decks as usize {
                let reach = (BUCKET_EDGE + 2) * left as i64 / 52 + 2;
                let far = i32::MAX as i64 / 52;
                for r in (-reach..=reach).chain([-far, far]) {
                    counter.running[0][0] = r as i32;
                    let want = (r * 52).div_euclid(left as i64);
                    let want = (want.clamp(-BUCKET_EDGE, BUCKET_EDGE) + BUCKET_EDGE) as u8;
                    assert_eq!(counter.table_buckets(left)[0], want, "r {r}, left {left}");
                }
            }
        }
    }

    /// Counts past one chunk of lanes (20 distinct, some unbalanced) are
    /// kept as a plain sum of tags would keep them: every bucket after
    /// every card of a shuffled shoe is the one worked out from the cards
    /// seen, by division.
    #[test]
    fn counts_past_one_chunk_are_plain_sums() {
        let decks = 8;
        let mut rng = crate::testing::Xorshift(0x2545_f491_4f6c_dd1d);
        let mut next = || rng.below(7) as i32 - 3;
        let counts: Vec<Tags> = (0..20)
            .map(|i| Tags {
                tags: std::array::from_fn(|_| next()),
                balanced: i % 3 != 0,
            })
            .collect();
        let mut counter = Counter::new(&counts, decks);
        assert_eq!(counter.distinct(), 20);
        let mut cards = crate::simulator::shoe::fresh(decks);
        crate::simulator::shoe::shuffle(
            &mut cards,
            &mut crate::simulator::rng::Rng::for_block(3, "test", 0),
        );
        counter.start(cards[0]);
        for at in 1..cards.len() - 1 {
            counter.see(&cards[at..at + 1]);
            let left = cards.len() - at - 1;
            let got = counter.table_buckets(left).to_vec();
            for (c, tags) in counts.iter().enumerate() {
                let running = tags.initial(decks)
                    + cards[..=at]
                        .iter()
                        .map(|&id| tags.tags[(id / 4) as usize] as i64)
                        .sum::<i64>();
                let v = if tags.balanced {
                    (running * 52).div_euclid(left as i64)
                } else {
                    running
                };
                let want = (v.clamp(-BUCKET_EDGE, BUCKET_EDGE) + BUCKET_EDGE) as u8;
                assert_eq!(got[c], want, "count {c} after card {at}");
            }
        }
    }
}
