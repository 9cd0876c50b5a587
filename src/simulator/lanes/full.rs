//! The full-shoe pass, sixteen blocks side by side: each lane deals its
//! block's rounds from its own shoe with its own generator, as
//! `passes::full_shoe` deals one block, and the rounds are settled and
//! counted one lane at a time into the thread's memo.

use super::super::passes::Pass;
use super::super::rng::LANES;
use super::super::tally::FullTally;
use super::block::{Batch, active_for};
use super::deal::{deal, round_of, words};
use super::keys;
use super::shoes::fresh;
use super::streams::Streams;
use super::swap::swap_two;
use super::vector::{lane_numbers, load, store};
use std::arch::x86_64::*;

/// Deals a batch's blocks, one to a lane.
#[target_feature(enable = "avx512f")]
pub(crate) fn full_shoe(pass: &mut Pass, batch: Batch) -> FullTally {
    let Batch { rules, blocks } = batch;
    debug_assert!(!blocks.is_empty() && blocks.len() <= LANES);
    let mut tally = FullTally::new(pass.layout);
    let mut streams = Streams::for_blocks(blocks);
    // Each lane's shoe, in the fixed order before the first round.
    let mut shoe = fresh(pass.decks);
    let size = shoe.len();
    let lanes = lane_numbers();
    let most = blocks.iter().map(|b| b.rounds).max().unwrap_or(0);
    let memo = &mut *pass.memo;
    let mut round_words = [[0u32; LANES]; 3];
    // Per group, rounds counted per row and lane: `[row * LANES + lane]`
    // (a lane's count in a block fits 32 bits).
    let mut counted: Vec<Vec<u32>> = vec![Vec::new(); memo.group_count()];
    let common = blocks.iter().map(|b| b.rounds).min().unwrap_or(0);
    let all = active_for(blocks, 0);
    let one = _mm512_set1_epi32(1);
    for step in 0..most {
        let active = if step < common {
            all
        } else {
            active_for(blocks, step)
        };
        // A partial shuffle in each lane: its first six cards become a
        // uniformly drawn ordered sample of its shoe (swaps two at a time,
        // `swap_two`).
        for i in (0..6).step_by(2) {
            let draw = |streams: &mut Streams, i: usize| {
                let n = _mm512_set1_epi32((size - i) as i32);
                _mm512_add_epi32(streams.below(n, active), _mm512_set1_epi32(i as i32))
            };
            let j1 = draw(&mut streams, i);
            let j2 = draw(&mut streams, i + 1);
            swap_two(&mut shoe, (i, j1), (i + 1, j2), active);
        }
        let cards = std::array::from_fn(|k| load(&shoe[k]));
        let round = deal(rules, cards);
        for (out, w) in round_words.iter_mut().zip(words(&round)) {
            store(out, w);
        }
        for (g, counts) in counted.iter_mut().enumerate() {
            let Some(rows) = keys::rows_in(memo, g, &round, &round_words, active) else {
                for l in (0..LANES).filter(|l| active >> l & 1 == 1) {
                    memo.count_in(g, &round_of(&round_words, l));
                }
                continue;
            };
            // Each lane counts into its own cells (`row * LANES + lane`),
            // so that the lanes' counts are one gather and one scatter.
            let rows = load(&rows);
            let most = _mm512_mask_reduce_max_epu32(active, rows) as usize;
            if (most + 1) * LANES > counts.len() {
                counts.resize((most + 1) * 2 * LANES, 0);
            }
            let at = _mm512_add_epi32(_mm512_slli_epi32::<4>(rows), lanes);
            // SAFETY: every active lane's row is at most `most`, so its
            // cell is within `counts`; no two lanes share a cell.
            unsafe {
                let n = _mm512_mask_i32gather_epi32::<4>(one, active, at, counts.as_ptr().cast());
                _mm512_mask_i32scatter_epi32::<4>(
                    counts.as_mut_ptr().cast(),
                    active,
                    at,
                    _mm512_add_epi32(n, one),
                );
            }
        }
    }
    for (g, counts) in counted.iter().enumerate() {
        for (row, lanes) in counts.chunks(LANES).enumerate() {
            let n: u64 = lanes.iter().map(|&n| u64::from(n)).sum();
            if n > 0 {
                memo.count_row(g, row, n);
            }
        }
    }
    memo.drain(&mut tally.codes);
    tally.rounds = blocks.iter().map(|b| b.rounds).sum();
    tally
}
