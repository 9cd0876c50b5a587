//! The dealt pass, sixteen blocks side by side: each lane deals its
//! block's shoes to the cut card as `passes::dealt` deals one block, with
//! the counts kept, and its counts' buckets and rounds in vector
//! instructions; the pay tables a round does not lose are tallied one
//! lane at a time, every lane's first such table, then every lane's
//! second (so that no loop's end depends on one lane's row).
//!
//! What a shoe adds up (its nets and rounds per count bucket) is each
//! lane's own; what a block adds up (the cells, the squares of shoes'
//! nets, the rounds per bucket) is shared by the lanes, integer sums
//! that any order gives alike.

use super::super::count::{BUCKET_EDGE, BUCKETS, Counter, SHIFT};
use super::super::passes::{Pass, add_shoe_rounds, flat_into, write_losses};
use super::super::rng::LANES;
use super::super::shoe;
use super::super::shoe_nets::{Losses, ShoeNets};
use super::super::tally::{BANDS, DealtTally};
use super::block::{Batch, Counting, active_for};
use super::deal::{deal, round_of, words};
use super::keys;
use super::shoes::Shoes;
use super::streams::Streams;
use super::vector::{lane_numbers, load, products, store};
use std::arch::x86_64::*;

/// One count in every lane.
struct Count {
    /// Its tag per rank (thirteen, padded to a register's sixteen lanes),
    /// a shoe's first running count, whether balanced.
    tags: [u32; LANES],
    initial: i32,
    balanced: bool,
    running: [u32; LANES],
    /// The buckets of the round being dealt.
    bucket: [u32; LANES],
    /// The lowest and highest bucket each lane's shoe met (`u8::MAX` and
    /// 0 when none).
    lo: [u32; LANES],
    hi: [u32; LANES],
}

/// The counts of every lane, and the rounds they saw.
struct Counts {
    of_table: Vec<usize>,
    counts: Vec<Count>,
    /// Rounds of each lane's shoe: `[l * stride + (c * BANDS + band) *
    /// BUCKETS + bucket]`, `stride` a lane's share.
    shoe: Vec<u32>,
    stride: usize,
    /// Rounds of the blocks, `[(c * BANDS + band) * BUCKETS + bucket]`.
    block: Vec<u32>,
}

impl Counts {
    fn new(counter: &Counter) -> Counts {
        let n = counter.distinct();
        let stride = n * BANDS * BUCKETS;
        Counts {
            of_table: counter.of_table().to_vec(),
            counts: (0..n)
                .map(|c| {
                    let (tags, initial, balanced) = counter.count(c);
                    Count {
                        tags: std::array::from_fn(|r| tags.get(r).map_or(0, |&t| t as u32)),
                        initial,
                        balanced,
                        running: [0; LANES],
                        bucket: [0; LANES],
                        lo: [u8::MAX as u32; LANES],
                        hi: [0; LANES],
                    }
                })
                .collect(),
            shoe: vec![0; LANES * stride],
            stride,
            block: vec![0; stride],
        }
    }

    /// Lane `l` starts a shoe whose first card, `shown`, it sees.
    fn start(&mut self, l: usize, shown: u8) {
        for c in &mut self.counts {
            c.running[l] = (c.initial + c.tags[shown as usize / 4] as i32) as u32;
        }
    }

    /// Lane `l`'s shoe ends: its rounds join the blocks'.
    fn end_shoe(&mut self, l: usize) {
        let per = BANDS * BUCKETS;
        for (c, count) in self.counts.iter_mut().enumerate() {
            let lo = std::mem::replace(&mut count.lo[l], u8::MAX as u32) as usize;
            let hi = std::mem::replace(&mut count.hi[l], 0) as usize;
            let at = l * self.stride + c * per;
            add_shoe_rounds(
                &mut self.shoe[at..at + per],
                &mut self.block[c * per..(c + 1) * per],
                lo,
                hi,
            );
        }
    }
}

/// Lane `l` starts its next shoe (lanes in `shuffling` shuffle ahead with
/// it if it has none): the counter sees the shown card; returns the
/// position of the shoe's first round, past the burn.
#[target_feature(enable = "avx512f")]
fn start_shoe(
    l: usize,
    shoes: &mut Shoes,
    streams: &mut Streams,
    counted: &mut Counts,
    shuffling: u16,
) -> u32 {
    shoes.next(l, streams, shuffling);
    let shown = shoes.shown(l);
    counted.start(l, shown);
    shoe::burned(shown) as u32
}

/// Deals a batch's blocks, one to a lane, to the cut cards keeping the
/// counts (`counting`).
#[target_feature(enable = "avx512f")]
pub(crate) fn dealt(pass: &mut Pass, batch: Batch, counting: Counting) -> DealtTally {
    let Batch { rules, blocks } = batch;
    let Counting { cuts, counts } = counting;
    debug_assert!(!blocks.is_empty() && blocks.len() <= LANES);
    let (layout, decks) = (pass.layout, pass.decks);
    let memo = &mut *pass.memo;
    let tables = layout.tables();
    let size = 52 * decks as usize;
    let counter = Counter::new(counts, decks);
    let divide = counter.divide();
    let mut counted = Counts::new(&counter);
    let width = (0..tables).map(|t| layout.codes(t)).max().unwrap_or(0);
    let mut flat = vec![0u32; tables * BANDS * BUCKETS * width];
    let mut tally = DealtTally::new(layout, BUCKETS);
    let rounds: u64 = blocks.iter().map(|b| b.rounds).sum();
    let mut squares = ShoeNets::new(layout, BUCKETS, size, rounds);
    let per_lane = tables * BANDS * BUCKETS;
    let mut nets = vec![0i64; LANES * per_lane];
    // Each lane's shoe's rounds per band, band-major.
    let mut shoe_rounds = [[0u32; LANES]; BANDS];
    let mut streams = Streams::for_blocks(blocks);
    let mut shoes = Shoes::new(decks);
    let mut pos = [0u32; LANES];
    let mut active = active_for(blocks, 0);
    for (l, pos) in pos.iter_mut().enumerate().take(blocks.len()) {
        *pos = start_shoe(l, &mut shoes, &mut streams, &mut counted, active);
    }
    let groups = memo.group_count();
    let mut rows: Vec<Option<[u32; LANES]>> = vec![None; groups];
    let mut round_words = [[0u32; LANES]; 3];
    // A step's rounds per count bucket in each lane's shoe, gathered
    // before any is scattered.
    let mut seen = vec![_mm512_setzero_si512(); counted.counts.len()];
    let mut cells = vec![[0u32; LANES]; tables];
    let mut band_rounds = [0u64; BANDS];
    let numbers = lane_numbers();
    let one = _mm512_set1_epi32(1);
    let edge = BUCKET_EDGE as i32;
    let lane_shoe = _mm512_mullo_epi32(numbers, _mm512_set1_epi32(counted.stride as i32));
    let mut dealt = 0u64;
    while active != 0 {
        let at = load(&pos);
        let start = _mm512_add_epi32(shoes.starts(), _mm512_slli_epi32::<4>(at));
        let cards = std::array::from_fn(|k| {
            shoes.cards(
                _mm512_add_epi32(start, _mm512_set1_epi32(16 * k as i32)),
                active,
            )
        });
        let round = deal(rules, cards);
        for (out, w) in round_words.iter_mut().zip(words(&round)) {
            store(out, w);
        }
        let band = _mm512_add_epi32(
            _mm512_maskz_mov_epi32(
                _mm512_cmpge_epu32_mask(at, _mm512_set1_epi32(cuts[0] as i32)),
                one,
            ),
            _mm512_maskz_mov_epi32(
                _mm512_cmpge_epu32_mask(at, _mm512_set1_epi32(cuts[1] as i32)),
                one,
            ),
        );
        // Each count's bucket before the round, as `Counter::buckets`
        // finds it, and the lowest and highest its lane's shoe met.
        let left = _mm512_sub_epi32(_mm512_set1_epi32(size as i32), at);
        // SAFETY: `left` is at most the shoe's size, within `divide`.
        let m =
            unsafe { _mm512_mask_i32gather_epi32::<4>(one, active, left, divide.as_ptr().cast()) };
        let far = _mm512_mullo_epi32(left, _mm512_set1_epi32(edge + 1));
        let band_cell = _mm512_mullo_epi32(band, _mm512_set1_epi32(BUCKETS as i32));
        for count in counted.counts.iter_mut() {
            let r = load(&count.running);
            let v = if count.balanced {
                let x = _mm512_mullo_epi32(r, _mm512_set1_epi32(52));
                let n = _mm512_add_epi32(
                    _mm512_max_epi32(
                        _mm512_min_epi32(x, far),
                        _mm512_sub_epi32(_mm512_setzero_si512(), far),
                    ),
                    far,
                );
                // floor(n m / 2^SHIFT) per lane, from its 64-bit product
                // (the quotient fits 32 bits).
                let (high, low) = products(n, m);
                let q = _mm512_or_si512(
                    _mm512_slli_epi32::<{ 32 - SHIFT }>(high),
                    _mm512_srli_epi32::<SHIFT>(low),
                );
                _mm512_sub_epi32(q, _mm512_set1_epi32(edge + 1))
            } else {
                r
            };
            let b = _mm512_add_epi32(
                _mm512_max_epi32(
                    _mm512_min_epi32(v, _mm512_set1_epi32(edge)),
                    _mm512_set1_epi32(-edge),
                ),
                _mm512_set1_epi32(edge),
            );
            store(&mut count.bucket, b);
            let lo = load(&count.lo);
            store(&mut count.lo, _mm512_mask_min_epu32(lo, active, lo, b));
            let hi = load(&count.hi);
            store(&mut count.hi, _mm512_mask_max_epu32(hi, active, hi, b));
        }
        // Each count's round counted at its bucket in its lane's shoe:
        // every count's gather, then every count's scatter (a gather
        // issued after a scatter waits for it, though their cells differ).
        let shoe_cell = |c: usize, count: &Count| {
            let of = _mm512_set1_epi32((c * BANDS * BUCKETS) as i32);
            let cell = _mm512_add_epi32(_mm512_add_epi32(band_cell, of), load(&count.bucket));
            _mm512_add_epi32(lane_shoe, cell)
        };
        for (c, (count, seen)) in counted.counts.iter().zip(&mut seen).enumerate() {
            // SAFETY: each lane's cell is within its own share of `shoe`.
            *seen = unsafe {
                _mm512_mask_i32gather_epi32::<4>(
                    one,
                    active,
                    shoe_cell(c, count),
                    counted.shoe.as_ptr().cast(),
                )
            };
        }
        for (c, (count, seen)) in counted.counts.iter().zip(&seen).enumerate() {
            // SAFETY: each lane's cell is within its own share of `shoe`,
            // so no two lanes write one cell, and no two counts.
            unsafe {
                _mm512_mask_i32scatter_epi32::<4>(
                    counted.shoe.as_mut_ptr().cast(),
                    active,
                    shoe_cell(c, count),
                    _mm512_add_epi32(*seen, one),
                );
            }
        }
        // Rows of the groups keyed in the lanes.
        for (g, rows) in rows.iter_mut().enumerate() {
            *rows = keys::rows_in(memo, g, &round, &round_words, active);
        }
        // Each table's cell in each lane, `(table * BANDS + band) *
        // BUCKETS + bucket`, worked out once a step.
        for (t, cell) in cells.iter_mut().enumerate() {
            let of = _mm512_set1_epi32((t * BANDS * BUCKETS) as i32);
            let bucket = load(&counted.counts[counted.of_table[t]].bucket);
            store(
                cell,
                _mm512_add_epi32(_mm512_add_epi32(of, band_cell), bucket),
            );
        }
        for (k, rounds) in shoe_rounds.iter_mut().enumerate() {
            let here = _mm512_mask_cmpeq_epu32_mask(active, band, _mm512_set1_epi32(k as i32));
            let n = load(rounds);
            store(rounds, _mm512_mask_add_epi32(n, here, n, one));
        }
        // Each lane's pay tables not lost, into the blocks' cells and its
        // shoe's nets: a group keyed in the lanes from each lane's row,
        // the rows' first tables in every lane that has one, then their
        // second, and so on (a loop per lane would mispredict its end
        // on most lanes, a loop over lanes once a round).
        for (g, rows) in rows.iter().enumerate() {
            let Some(rows) = rows else { continue };
            let not_lost = memo.not_lost_rows(g);
            let (start, count) = spans(not_lost.bounds(), load(rows), active);
            let mut first = [0u32; LANES];
            store(&mut first, start);
            let most = _mm512_mask_reduce_max_epu32(active, count);
            for k in 0..most {
                let mut lanes =
                    _mm512_mask_cmpgt_epu32_mask(active, count, _mm512_set1_epi32(k as i32));
                while lanes != 0 {
                    let l = lanes.trailing_zeros() as usize;
                    lanes &= lanes - 1;
                    let w = not_lost.at(first[l] + k);
                    let (t, code) = (w.table as usize, w.code as usize);
                    debug_assert!(t < tables && code < width);
                    let cell = cells[t][l] as usize;
                    debug_assert!(cell < per_lane);
                    // SAFETY: a cell is a table's (below `tables`) band
                    // (0 to 2, from two comparisons) and bucket (clamped
                    // to the buckets), so below `per_lane`, and a code is
                    // below the widest table's: both places are within
                    // `nets` and `flat`. (Unchecked: the checks were 2%
                    // of the command's time.)
                    unsafe {
                        *flat.get_unchecked_mut(cell * width + code) += 1;
                        *nets.get_unchecked_mut(l * per_lane + cell) += w.above;
                    }
                }
            }
        }
        // The other groups one lane at a time, from its round.
        if rows.iter().any(Option::is_none) {
            let mut lanes = active;
            while lanes != 0 {
                let l = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let nets = &mut nets[l * per_lane..(l + 1) * per_lane];
                let (flat, cells) = (&mut flat, &cells);
                let mut each = |t: usize, code: u8, above: i64| {
                    let cell = cells[t][l] as usize;
                    flat[cell * width + code as usize] += 1;
                    nets[cell] += above;
                };
                for (g, _) in rows.iter().enumerate().filter(|(_, r)| r.is_none()) {
                    memo.each_not_lost_in(g, &round_of(&round_words, l), &mut each);
                }
            }
        }
        // The counter sees the round's cards.
        let drew = round
            .drew
            .map(|d| _mm512_mask_test_epi32_mask(active, d, one));
        let seen: [_; 6] = std::array::from_fn(|slot| match slot {
            2 => drew[0],
            5 => drew[1],
            _ => active,
        });
        let ranks = round.ids.map(|id| _mm512_srli_epi32::<2>(id));
        for count in &mut counted.counts {
            let tags = load(&count.tags);
            let mut r = load(&count.running);
            for (&rank, &seen) in ranks.iter().zip(&seen) {
                r = _mm512_mask_add_epi32(r, seen, r, _mm512_permutexvar_epi32(rank, tags));
            }
            store(&mut count.running, r);
        }
        let used = _mm512_add_epi32(
            _mm512_set1_epi32(4),
            _mm512_add_epi32(round.drew[0], round.drew[1]),
        );
        let at = _mm512_mask_add_epi32(at, active, at, used);
        store(&mut pos, at);
        dealt += 1;
        // Shoes that reach the cut card end; a lane whose block has its
        // rounds stops there, the others start their next shoe.
        let ended =
            _mm512_mask_cmpge_epu32_mask(active, at, _mm512_set1_epi32(cuts[BANDS - 1] as i32));
        for l in (0..LANES).filter(|l| ended >> l & 1 == 1) {
            let nets = &mut nets[l * per_lane..(l + 1) * per_lane];
            let c = &counted;
            let rounds: [i64; BANDS] =
                std::array::from_fn(|k| std::mem::take(&mut shoe_rounds[k][l]) as i64);
            for (all, &n) in band_rounds.iter_mut().zip(&rounds) {
                *all += n as u64;
            }
            squares.end(nets, &mut tally, rounds, |t| {
                let k = c.of_table[t];
                let at = l * c.stride + k * BANDS * BUCKETS;
                let range = (c.counts[k].lo[l] as usize, c.counts[k].hi[l] as usize);
                Losses::of(layout, t, &c.shoe[at..at + BANDS * BUCKETS], range)
            });
            counted.end_shoe(l);
            if dealt >= blocks[l].rounds {
                active &= !(1 << l);
                continue;
            }
            pos[l] = start_shoe(l, &mut shoes, &mut streams, &mut counted, active);
        }
    }
    for (x, y) in tally.rounds.iter_mut().zip(band_rounds) {
        *x += y;
    }
    squares.finish(&mut tally);
    write_losses(&counted.of_table, &counted.block, &mut flat, width);
    flat_into(&flat, width, layout, &mut tally);
    tally
}

/// Where each active lane's row (numbered from 1) starts among its
/// group's pay tables not lost, and how many it has, from the rows'
/// bounds (`NotLostRows::bounds`).
#[inline]
#[target_feature(enable = "avx512f")]
fn spans(bounds: &[u32], row: __m512i, active: __mmask16) -> (__m512i, __m512i) {
    let one = _mm512_set1_epi32(1);
    let at = bounds.as_ptr().cast();
    // SAFETY: rows are numbered from 1 to the rows settled, and the
    // bounds have an entry more than rows.
    unsafe {
        let start = _mm512_mask_i32gather_epi32::<4>(one, active, _mm512_sub_epi32(row, one), at);
        let end = _mm512_mask_i32gather_epi32::<4>(one, active, row, at);
        (start, _mm512_sub_epi32(end, start))
    }
}
