//! Sixteen generators side by side, one to a lane: lane `l` draws from
//! its own block's ChaCha8 stream (`super::super::rng`), word for word
//! what that block's scalar generator would give, so a block deals the
//! same cards in a lane as alone.
//!
//! The lanes' streams are computed sixteen blocks at a time, one block a
//! lane, into a ring of the last few blocks of each. Lanes draw in step,
//! except that a rejected draw (Lemire's method, fewer than one in ten
//! million for a shoe's sizes) takes one more word in its lane only: so
//! each lane keeps its own place, and the next blocks are computed when
//! any drawing lane has used all of its own.

use super::super::rng::{self, Keys, LANES, Words};
use super::block::Block;
use super::vector::{lane_numbers, load, products, store};
use std::arch::x86_64::*;

/// Blocks kept per lane: lanes may drift apart by rejected draws by up
/// to three blocks before a lane's next block is computed on its own.
const RING: usize = 4;

pub(crate) struct Streams {
    keys: Keys,
    /// Block `b` of lane `l` in `ring[b % RING][w][l]`.
    ring: [Words; RING],
    /// Per lane, blocks computed and words used.
    made: [u32; LANES],
    used: [u32; LANES],
}

impl Streams {
    /// Lane `l` draws from block `l`'s stream (lanes past the blocks
    /// repeat the last block's key: they draw nothing).
    pub(crate) fn for_blocks(blocks: &[Block]) -> Streams {
        let key = |l: usize| blocks[l.min(blocks.len() - 1)].key;
        Self::new(&std::array::from_fn(key))
    }

    /// Lane `l` draws from the stream keyed `keys[l]`.
    fn new(keys: &[[u32; 8]; LANES]) -> Streams {
        Streams {
            keys: std::array::from_fn(|w| std::array::from_fn(|l| keys[l][w])),
            ring: [[[0; LANES]; 16]; RING],
            made: [0; LANES],
            used: [0; LANES],
        }
    }

    /// Each lane in `active` draws a uniform integer in `0..n` (its lane of
    /// `n`, each at least 1), as `Rng::below` does; other lanes draw
    /// nothing and get 0.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn below(&mut self, n: __m512i, active: __mmask16) -> __m512i {
        let mut used = load(&self.used);
        let empty =
            _mm512_mask_cmpeq_epu32_mask(active, _mm512_slli_epi32::<4>(load(&self.made)), used);
        if empty != 0 {
            self.refill();
            used = load(&self.used);
        }
        debug_assert!(active != 0);
        // Lanes in step (all but after a rare rejection) read one row of
        // the ring; others gather each lane's word.
        let first = _mm512_set1_epi32(active.trailing_zeros() as i32);
        let lead = _mm512_permutexvar_epi32(first, used);
        let x = if _mm512_mask_cmpneq_epu32_mask(active, used, lead) == 0 {
            let u = self.used[active.trailing_zeros() as usize] as usize;
            _mm512_maskz_mov_epi32(active, load(&self.ring[(u / 16) % RING][u % 16]))
        } else {
            let ring = _mm512_slli_epi32::<8>(_mm512_and_si512(
                _mm512_srli_epi32::<4>(used),
                _mm512_set1_epi32(RING as i32 - 1),
            ));
            let word = _mm512_slli_epi32::<4>(_mm512_and_si512(used, _mm512_set1_epi32(15)));
            let at = _mm512_or_si512(_mm512_or_si512(ring, word), lane_numbers());
            // SAFETY: `at` is below RING * 256, within the ring.
            unsafe {
                _mm512_mask_i32gather_epi32::<4>(
                    _mm512_setzero_si512(),
                    active,
                    at,
                    self.ring.as_ptr().cast(),
                )
            }
        };
        store(
            &mut self.used,
            _mm512_mask_add_epi32(used, active, used, _mm512_set1_epi32(1)),
        );
        let (high, low) = products(x, n);
        let rejected = _mm512_mask_cmplt_epu32_mask(active, low, n);
        if rejected != 0 {
            return self.again(rejected, n, x, high);
        }
        high
    }

    /// Lanes whose draw fell among the low products Lemire's method
    /// rejects draw again, one lane at a time, from their own streams.
    #[cold]
    #[target_feature(enable = "avx512f")]
    fn again(&mut self, rejected: __mmask16, n: __m512i, x: __m512i, high: __m512i) -> __m512i {
        let (mut ns, mut xs, mut out) = ([0; LANES], [0; LANES], [0; LANES]);
        store(&mut ns, n);
        store(&mut xs, x);
        store(&mut out, high);
        for l in 0..LANES {
            if rejected >> l & 1 == 1 {
                let m = xs[l] as u64 * ns[l] as u64;
                out[l] = (rng::below_rejected(m, ns[l], || self.word(l)) >> 32) as u32;
            }
        }
        load(&out)
    }

    /// Lane `l`'s next word.
    #[target_feature(enable = "avx512f")]
    fn word(&mut self, l: usize) -> u32 {
        if self.used[l] == self.made[l] * 16 {
            self.refill();
        }
        let u = self.used[l] as usize;
        self.used[l] += 1;
        self.ring[(u / 16) % RING][u % 16][l]
    }

    /// Computes the next block of every lane with room for it in its ring.
    #[cold]
    #[target_feature(enable = "avx512f")]
    fn refill(&mut self) {
        let mut out = [[0; LANES]; 16];
        let counters = self.made.map(u64::from);
        rng::blocks_avx512(&self.keys, &counters, &mut out);
        let made = load(&self.made);
        let unused = _mm512_sub_epi32(_mm512_slli_epi32::<4>(made), load(&self.used));
        let room = _mm512_cmple_epu32_mask(unused, _mm512_set1_epi32(16 * (RING as i32 - 1)));
        let slot = _mm512_and_si512(made, _mm512_set1_epi32(RING as i32 - 1));
        for (s, ring) in self.ring.iter_mut().enumerate() {
            let here = _mm512_mask_cmpeq_epu32_mask(room, slot, _mm512_set1_epi32(s as i32));
            if here == 0 {
                continue;
            }
            for (r, o) in ring.iter_mut().zip(&out) {
                let kept = load(r);
                store(r, _mm512_mask_blend_epi32(here, kept, load(o)));
            }
        }
        store(
            &mut self.made,
            _mm512_mask_add_epi32(made, room, made, _mm512_set1_epi32(1)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulator::rng::{Rng, key};

    /// Each lane draws what its block's own generator draws, however the
    /// lanes' bounds and active lanes vary, with rejections forced by
    /// bounds near 2^32 (whose draws reject about half the time).
    #[test]
    fn each_lane_draws_its_own_stream() {
        if !crate::cpu::avx512() {
            return;
        }
        let keys = std::array::from_fn(|l| key(5, "test", l as u64));
        let mut lanes = Streams::new(&keys);
        let mut alone: Vec<Rng> = (0..LANES as u64)
            .map(|b| Rng::for_block(5, "test", b))
            .collect();
        let mut xs = crate::testing::Xorshift(0x9e37_79b9_7f4a_7c15);
        for step in 0..20_000u32 {
            let active = if step % 7 == 0 {
                xs.below(1 << 16) as u16
            } else {
                u16::MAX
            };
            let n: [u32; LANES] = std::array::from_fn(|_| match xs.below(10) {
                0 => (1 << 31) + 1 + xs.below(1 << 20) as u32,
                _ => 1 + xs.below(416) as u32,
            });
            let mut got = [0; LANES];
            // SAFETY: the processor has AVX-512F, checked above.
            unsafe { store(&mut got, lanes.below(load(&n), active)) };
            for l in 0..LANES {
                let want = if active >> l & 1 == 1 {
                    alone[l].below(n[l])
                } else {
                    0
                };
                assert_eq!(got[l], want, "step {step}, lane {l}");
            }
        }
    }
}
