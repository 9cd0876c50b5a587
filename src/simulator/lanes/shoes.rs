//! Each lane's shoes, shuffled ahead sixteen lanes at a time.
//!
//! A lane's shoes are what its block deals alone (`passes::dealt`): the
//! first is the fixed order shuffled, each later one the one before it
//! shuffled again, with draws from the lane's own stream, which nothing
//! else draws from. So a lane's shoes can be shuffled before they are
//! needed: when a lane starts a shoe and has none shuffled, every lane
//! with room shuffles its next ones side by side, and each lane deals its
//! shoes in order from a ring of them.

use super::super::rng::LANES;
use super::super::shoe;
use super::streams::Streams;
use super::swap::{swap, swap_two};
use super::vector::{lane_numbers, load, store};
use std::arch::x86_64::*;

/// Shoes in a lane's ring: the one being dealt and those shuffled ahead.
const DEPTH: usize = 4;

/// The shoe of `decks` decks in its fixed order ([`shoe::fresh`]) in
/// every lane, card-major: `[p][l]` is lane l's p-th card.
pub(crate) fn fresh(decks: u32) -> Vec<[u32; LANES]> {
    shoe::fresh(decks)
        .into_iter()
        .map(|id| [u32::from(id); LANES])
        .collect()
}

pub(crate) struct Shoes {
    size: usize,
    /// Each lane's last shuffled shoe, card-major: `work[p][l]`.
    work: Vec<[u32; LANES]>,
    /// The rings, a card a byte: `ring[(slot * size + p) * LANES + l]`,
    /// with three bytes to spare (a lane reads a card as a word's low
    /// byte).
    ring: Vec<u8>,
    /// Per lane, the slot of the shoe being dealt and how many are
    /// shuffled after it.
    current: [u32; LANES],
    ahead: [u32; LANES],
}

impl Shoes {
    /// Rings of shoes of `decks` decks, none shuffled yet.
    pub(crate) fn new(decks: u32) -> Shoes {
        let work = fresh(decks);
        Shoes {
            size: work.len(),
            work,
            ring: vec![0; DEPTH * 52 * decks as usize * LANES + 3],
            current: [DEPTH as u32 - 1; LANES],
            ahead: [0; LANES],
        }
    }

    /// Each lane's current shoe starts at byte `slot * size * LANES + l`:
    /// the offsets of card 0, in lanes.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn starts(&self) -> __m512i {
        let slot = _mm512_mullo_epi32(
            load(&self.current),
            _mm512_set1_epi32((self.size * LANES) as i32),
        );
        _mm512_add_epi32(slot, lane_numbers())
    }

    /// Card `at` (a byte offset from [`Shoes::starts`] plus `p * LANES`) of
    /// each lane in `active`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn cards(&self, at: __m512i, active: __mmask16) -> __m512i {
        // SAFETY: every offset is within a ring's shoe, and the ring has
        // three bytes past its last card.
        let word = unsafe {
            _mm512_mask_i32gather_epi32::<1>(
                _mm512_setzero_si512(),
                active,
                at,
                self.ring.as_ptr().cast(),
            )
        };
        _mm512_and_si512(word, _mm512_set1_epi32(0xff))
    }

    /// Lane `l`'s first card of its current shoe.
    pub(crate) fn shown(&self, l: usize) -> u8 {
        self.ring[self.current[l] as usize * self.size * LANES + l]
    }

    /// Lane `l` starts its next shoe, shuffling ahead first if it has
    /// none (every lane in `shuffling` with room shuffles then).
    #[target_feature(enable = "avx512f")]
    pub(crate) fn next(&mut self, l: usize, streams: &mut Streams, shuffling: __mmask16) {
        if self.ahead[l] == 0 {
            self.shuffle(streams, shuffling | 1 << l);
        }
        self.current[l] = (self.current[l] + 1) % DEPTH as u32;
        self.ahead[l] -= 1;
    }

    /// Lanes in `lanes` with room in their rings shuffle their next shoe.
    #[target_feature(enable = "avx512f")]
    fn shuffle(&mut self, streams: &mut Streams, lanes: __mmask16) {
        let ahead = load(&self.ahead);
        let room = _mm512_mask_cmplt_epu32_mask(lanes, ahead, _mm512_set1_epi32(DEPTH as i32 - 1));
        // Fisher-Yates, as `shoe::shuffle`, in each lane, two swaps at a
        // time (cards i and i - 1): each swap's gather waits on the
        // scatter before it, so two swaps worked out from one pair of
        // gathers wait half as often.
        let mut i = self.size - 1;
        while i >= 2 {
            let j1 = streams.below(_mm512_set1_epi32(i as i32 + 1), room);
            let j2 = streams.below(_mm512_set1_epi32(i as i32), room);
            swap_two(&mut self.work, (i, j1), (i - 1, j2), room);
            i -= 2;
        }
        if i == 1 {
            let j = streams.below(_mm512_set1_epi32(2), room);
            swap(&mut self.work, (1, j), room);
        }
        // Into each lane's next free slot.
        let slot = _mm512_and_si512(
            _mm512_add_epi32(
                _mm512_add_epi32(load(&self.current), ahead),
                _mm512_set1_epi32(1),
            ),
            _mm512_set1_epi32(DEPTH as i32 - 1),
        );
        for s in 0..DEPTH {
            let here = _mm512_mask_cmpeq_epu32_mask(room, slot, _mm512_set1_epi32(s as i32));
            if here == 0 {
                continue;
            }
            for (p, cards) in self.work.iter().enumerate() {
                let at = (s * self.size + p) * LANES;
                // SAFETY: sixteen bytes within the ring.
                unsafe {
                    _mm512_mask_cvtepi32_storeu_epi8(
                        self.ring[at..].as_mut_ptr().cast(),
                        here,
                        load(cards),
                    )
                };
            }
        }
        store(
            &mut self.ahead,
            _mm512_mask_add_epi32(ahead, room, ahead, _mm512_set1_epi32(1)),
        );
    }
}
