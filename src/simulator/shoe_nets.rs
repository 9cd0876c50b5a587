//! The squares of the shoes' nets: what the dealt pass adds up at the
//! end of each shoe, per pay table, band and count bucket, for the errors
//! taken over shoes. A leaf of the passes (both the block dealt alone and
//! the blocks in lanes end their shoes here).

use super::count::BUCKETS;
use super::memo::LOST;
use super::tally::{BANDS, DealtTally, Layout};

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
    pub(crate) const NONE: Losses<'static> = Losses {
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
    /// Whether the narrow squares are summed eight buckets at a time in
    /// AVX-512 ([`avx512::squares`]): where the processor has it and a
    /// shoe's nets fit 31 bits, as its 32-bit multiplies need.
    lanes: bool,
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
            lanes: narrow && shoe < 1 << 31 && crate::cpu::avx512(),
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
            if self.lanes && lo <= hi {
                let squares = &mut self.squares[t * BANDS * buckets..(t + 1) * BANDS * buckets];
                let rows = ([n0, n1, n2], [r0, r1, r2]);
                above = squares_in_lanes(rows, lost.net, band_rows(squares, buckets), (lo, hi));
            } else if self.narrow {
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

/// [`avx512::squares`], where `ShoeNets::lanes` says the processor has
/// it (never elsewhere).
fn squares_in_lanes(
    (nets, rounds): ([&mut [i64]; BANDS], [&[u32]; BANDS]),
    net: i64,
    squares: [&mut [u64]; BANDS],
    range: (usize, usize),
) -> [i64; BANDS] {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `ShoeNets::lanes` holds only where the processor has
    // AVX-512F, and the caller's range is within the rows.
    unsafe {
        avx512::squares(nets, rounds, net, squares, range)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (nets, rounds, net, squares, range);
        unreachable!("the squares are summed in lanes only where the processor has AVX-512")
    }
}

/// The narrow squares eight buckets at a time.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use crate::simulator::tally::BANDS;
    use std::arch::x86_64::*;

    /// One table's shoe from bucket `hi` down to `lo` (as
    /// [`super::ShoeNets::end`] steps it one bucket at a time): per band
    /// `k`, its nets `nets[k]` (cleared as read) and rounds lost
    /// `rounds[k]` at `net` each, summed over bands up to `k` and over
    /// buckets from the top, each sum's square added to `squares[k]`;
    /// returns each band's sum from `lo` up. Every sum must fit 31 bits
    /// (the squares are 32-bit multiplies).
    ///
    /// # Safety
    /// The processor has AVX-512F, and `lo <= hi` are within every row.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn squares(
        nets: [&mut [i64]; BANDS],
        rounds: [&[u32]; BANDS],
        net: i64,
        squares: [&mut [u64]; BANDS],
        (lo, hi): (usize, usize),
    ) -> [i64; BANDS] {
        debug_assert!(lo <= hi && nets.iter().all(|n| hi < n.len()));
        debug_assert!(rounds.iter().all(|r| hi < r.len()));
        debug_assert!(squares.iter().all(|s| hi < s.len()));
        let zero = _mm512_setzero_si512();
        let loss = _mm512_set1_epi64(net);
        // Each band's sum over the buckets above the chunk, in every lane.
        let mut carry = [zero; BANDS];
        let mut top = hi + 1;
        while top > lo {
            let bottom = top.saturating_sub(8).max(lo);
            let mask = ((1u16 << (top - bottom)) - 1) as u8;
            let mut bands = zero;
            for k in 0..BANDS {
                // SAFETY: the lanes in `mask` are buckets `bottom..top`,
                // within the rows; the others are neither read nor
                // written.
                unsafe {
                    let n = nets[k].as_mut_ptr().add(bottom);
                    let x = _mm512_maskz_loadu_epi64(mask, n.cast());
                    _mm512_mask_storeu_epi64(n.cast(), mask, zero);
                    let r = _mm512_maskz_loadu_epi32(
                        mask as u16,
                        rounds[k].as_ptr().add(bottom).cast(),
                    );
                    let r = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(r));
                    // The round's nets in bands 0..=k at each bucket.
                    bands = _mm512_add_epi64(bands, _mm512_add_epi64(x, _mm512_mul_epi32(r, loss)));
                    // Summed from each bucket to the chunk's top (lanes
                    // past it are 0), then from the top of the rows.
                    let mut sum = bands;
                    sum = _mm512_add_epi64(sum, _mm512_alignr_epi64::<1>(zero, sum));
                    sum = _mm512_add_epi64(sum, _mm512_alignr_epi64::<2>(zero, sum));
                    sum = _mm512_add_epi64(sum, _mm512_alignr_epi64::<4>(zero, sum));
                    let above = _mm512_add_epi64(sum, carry[k]);
                    let s = squares[k].as_mut_ptr().add(bottom);
                    let old = _mm512_maskz_loadu_epi64(mask, s.cast());
                    let square = _mm512_mul_epi32(above, above);
                    _mm512_mask_storeu_epi64(s.cast(), mask, _mm512_add_epi64(old, square));
                    carry[k] = _mm512_permutexvar_epi64(zero, above);
                }
            }
            top = bottom;
        }
        carry.map(|c| _mm_cvtsi128_si64(_mm512_castsi512_si128(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares summed eight buckets at a time are those summed one
    /// at a time, for shoes whose nets and rounds lost lie in random
    /// ranges of buckets (some one bucket wide, some none, some reaching
    /// either end), with nets of both signs.
    #[test]
    fn squares_in_lanes_are_those_one_bucket_at_a_time() {
        if !crate::cpu::avx512() {
            return;
        }
        let spec = crate::check::check_path("rules/21st_century_baccarat.yaml")
            .expect("a shipped spec")
            .spec;
        let layout = Layout::new(&spec);
        let tables = layout.tables();
        let mut xs = crate::testing::Xorshift(0x2545_f491_4f6c_dd1d);
        let mut lanes = ShoeNets::new(&layout, BUCKETS, 416, 1_000_000);
        assert!(lanes.lanes);
        let mut alone = ShoeNets::new(&layout, BUCKETS, 416, 1_000_000);
        alone.lanes = false;
        let mut tallies = [
            DealtTally::new(&layout, BUCKETS),
            DealtTally::new(&layout, BUCKETS),
        ];
        for _ in 0..2_000 {
            let ranges: Vec<(usize, usize)> = (0..tables)
                .map(|_| match xs.below(8) {
                    0 => (u8::MAX as usize, 0),
                    1 => (0, BUCKETS - 1),
                    _ => {
                        let lo = xs.below(BUCKETS as u64) as usize;
                        (lo, (lo + xs.below(30) as usize).min(BUCKETS - 1))
                    }
                })
                .collect();
            let mut nets = vec![0i64; tables * BANDS * BUCKETS];
            let mut rounds = vec![0u32; tables * BANDS * BUCKETS];
            for (t, &(lo, hi)) in ranges.iter().enumerate() {
                for k in 0..BANDS {
                    for b in lo..=hi.min(BUCKETS - 1) {
                        let at = (t * BANDS + k) * BUCKETS + b;
                        nets[at] = xs.below(81) as i64 - 40;
                        rounds[at] = xs.below(6) as u32;
                    }
                }
            }
            let shoe_rounds = std::array::from_fn(|_| xs.below(40) as i64);
            for (shoes, tally) in [&mut lanes, &mut alone].into_iter().zip(&mut tallies) {
                let mut nets = nets.clone();
                shoes.end(&mut nets, tally, shoe_rounds, |t| {
                    let at = t * BANDS * BUCKETS;
                    Losses::of(&layout, t, &rounds[at..at + BANDS * BUCKETS], ranges[t])
                });
                assert!(nets.iter().all(|&n| n == 0), "nets are cleared as read");
            }
        }
        assert_eq!(lanes.squares, alone.squares);
        assert!(lanes.squares.iter().any(|&s| s != 0));
        assert_eq!(lanes.below, alone.below);
        let [mut a, mut b] = tallies;
        lanes.finish(&mut a);
        alone.finish(&mut b);
        assert_eq!(a, b);
    }
}
