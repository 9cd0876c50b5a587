//! The full-shoe pass, sixteen blocks side by side: each lane deals its
//! block's rounds from its own shoe with its own generator, as
//! `passes::full_shoe` deals one block, and the rounds are settled and
//! counted one lane at a time into the thread's memo.

use super::super::deal::Dealt;
use super::super::passes::Pass;
use super::super::rng::LANES;
use super::super::tally::FullTally;
use super::block::{Batch, active_for};
use super::deal::{deal, words};
use super::keys;
use super::streams::{Streams, lane_numbers, load, store};
use std::arch::x86_64::*;

/// Deals a batch's blocks, one to a lane.
#[target_feature(enable = "avx512f")]
pub(crate) fn full_shoe(pass: &mut Pass, batch: Batch) -> FullTally {
    let Batch { rules, blocks } = batch;
    debug_assert!(!blocks.is_empty() && blocks.len() <= LANES);
    let mut tally = FullTally::new(pass.layout);
    let mut streams = Streams::new(&std::array::from_fn(|l| {
        blocks[l.min(blocks.len() - 1)].key
    }));
    let size = 52 * pass.decks as usize;
    // Each lane's shoe, card-major: `shoe[p][l]` is lane l's p-th card,
    // each in the fixed order before the first round.
    let mut shoe: Vec<[u32; LANES]> = (0..size).map(|p| [(p % 52) as u32; LANES]).collect();
    let lanes = lane_numbers();
    let most = blocks.iter().map(|b| b.rounds).max().unwrap_or(0);
    let memo = &mut *pass.memo;
    let mut round_words = [[0u32; LANES]; 3];
    let (mut rows, mut keys_of) = ([0u32; LANES], [0u32; LANES]);
    // Per group, rounds counted per row and lane: `[row * LANES + lane]`
    // (a lane's count in a block fits 32 bits).
    let mut counted: Vec<Vec<u32>> = vec![Vec::new(); memo.groups()];
    let common = blocks.iter().map(|b| b.rounds).min().unwrap_or(0);
    let all = active_for(blocks, 0);
    for step in 0..most {
        let active = if step < common {
            all
        } else {
            active_for(blocks, step)
        };
        // A partial shuffle in each lane: its first six cards become a
        // uniformly drawn ordered sample of its shoe.
        for i in 0..6 {
            let n = _mm512_set1_epi32((size - i) as i32);
            let j = _mm512_add_epi32(streams.below(n, active), _mm512_set1_epi32(i as i32));
            let at = _mm512_add_epi32(_mm512_slli_epi32::<4>(j), lanes);
            let here = load(&shoe[i]);
            // SAFETY: `j` is below the shoe's size, so `at` is within it.
            unsafe {
                let there =
                    _mm512_mask_i32gather_epi32::<4>(here, active, at, shoe.as_ptr().cast());
                store(&mut shoe[i], there);
                _mm512_mask_i32scatter_epi32::<4>(shoe.as_mut_ptr().cast(), active, at, here);
            }
        }
        let cards = std::array::from_fn(|k| load(&shoe[k]));
        let round = deal(rules, cards);
        for (out, w) in round_words.iter_mut().zip(words(&round)) {
            store(out, w);
        }
        let dealt = |l: usize| {
            let [a, b, c] = round_words.map(|w| w[l]);
            Dealt::from_words(a, b, c)
        };
        for (g, counts) in counted.iter_mut().enumerate() {
            let Some((kind, index)) = memo.lane_index(g) else {
                for l in (0..LANES).filter(|l| active >> l & 1 == 1) {
                    memo.count_in(g, &dealt(l));
                }
                continue;
            };
            let key = keys::key(&kind, &round);
            let row = keys::rows(&index, key, active);
            let new = _mm512_mask_cmpeq_epu32_mask(active, row, _mm512_setzero_si512());
            store(&mut rows, row);
            if new != 0 {
                store(&mut keys_of, key);
                for l in (0..LANES).filter(|l| new >> l & 1 == 1) {
                    rows[l] = memo.row_of_key(g, keys_of[l] as usize, &dealt(l)) as u32;
                }
            }
            // Each lane counts into its own cells: no lane waits on
            // another's count of the same row.
            for l in (0..LANES).filter(|l| active >> l & 1 == 1) {
                let at = rows[l] as usize * LANES + l;
                if at >= counts.len() {
                    counts.resize((at / LANES + 1) * 2 * LANES, 0);
                }
                counts[at] += 1;
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
