//! Swaps of cards in every lane's shoe (card-major, `cards[p][lane]`),
//! the partial and whole shuffles' step.
//!
//! A swap reads a card at a random place (a gather) and writes it back
//! (a scatter), and the next swap's gather waits on that scatter, which
//! may have written the card it reads: swapping two pairs worked out from
//! one pair of gathers waits half as often.

use super::super::rng::LANES;
use super::vector::{lane_numbers, load, store};
use std::arch::x86_64::*;

/// Swaps card `i` with card `j` (one place a lane) in each lane in
/// `active`.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn swap(cards: &mut [[u32; LANES]], (i, j): (usize, __m512i), active: __mmask16) {
    let at = _mm512_add_epi32(_mm512_slli_epi32::<4>(j), lane_numbers());
    let here = load(&cards[i]);
    debug_assert!(i < cards.len());
    // SAFETY: the caller's `j` are places in the shoe.
    unsafe {
        let there = _mm512_mask_i32gather_epi32::<4>(here, active, at, cards.as_ptr().cast());
        store(&mut cards[i], there);
        _mm512_mask_i32scatter_epi32::<4>(cards.as_mut_ptr().cast(), active, at, here);
    }
}

/// Swaps card `i` with card `j1`, then card `k` with card `j2`, in each
/// lane in `active`, as two calls of [`swap`] would; `j2` is never `i`
/// (Fisher-Yates's next swap draws from the cards not yet settled).
///
/// From the cards before both swaps: card i ends as the one at j1 (x);
/// j1 as card i's (a), unless the second swap moves it; the second swap
/// takes card k as the first left it (p: card i's if j1 was k, else card
/// k's, b) and the card at j2 as the first left it (q: card i's if j2 is
/// j1, p if j2 is k, else the one at j2, y).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn swap_two(
    cards: &mut [[u32; LANES]],
    (i, j1): (usize, __m512i),
    (k, j2): (usize, __m512i),
    active: __mmask16,
) {
    let numbers = lane_numbers();
    let at1 = _mm512_add_epi32(_mm512_slli_epi32::<4>(j1), numbers);
    let at2 = _mm512_add_epi32(_mm512_slli_epi32::<4>(j2), numbers);
    let (a, b) = (load(&cards[i]), load(&cards[k]));
    let k_at = _mm512_set1_epi32(k as i32);
    let p = _mm512_mask_mov_epi32(b, _mm512_cmpeq_epi32_mask(j1, k_at), a);
    let base = cards.as_mut_ptr().cast();
    // SAFETY: the caller's `j1` and `j2` are places in the shoe.
    unsafe {
        let x = _mm512_mask_i32gather_epi32::<4>(a, active, at1, base);
        let y = _mm512_mask_i32gather_epi32::<4>(b, active, at2, base);
        let q = _mm512_mask_mov_epi32(y, _mm512_cmpeq_epi32_mask(j2, k_at), p);
        let q = _mm512_mask_mov_epi32(q, _mm512_cmpeq_epi32_mask(j2, j1), a);
        // Scattered in the swaps' order, then cards i and k written over
        // whatever the scatters put there.
        _mm512_mask_i32scatter_epi32::<4>(base, active, at1, a);
        _mm512_mask_i32scatter_epi32::<4>(base, active, at2, p);
        store(&mut cards[i], x);
        store(&mut cards[k], _mm512_mask_blend_epi32(active, b, q));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two swaps at once leave every lane's cards as two swaps in turn,
    /// in both directions the shuffles use (k = i - 1 and k = i + 1), with
    /// the draws meeting each other and the two cards often.
    #[test]
    fn two_swaps_at_once_are_two_swaps_in_turn() {
        if !crate::cpu::avx512() {
            return;
        }
        let mut xs = crate::testing::Xorshift(0x1234_5678_9abc_def1);
        let size = 12;
        for _ in 0..20_000 {
            let mut cards: Vec<[u32; LANES]> = (0..size)
                .map(|p| std::array::from_fn(|l| (p * LANES + l) as u32))
                .collect();
            let up = xs.below(2) == 0;
            let i = if up {
                xs.below(size as u64 - 1) as usize
            } else {
                1 + xs.below(size as u64 - 1) as usize
            };
            let k = if up { i + 1 } else { i - 1 };
            // Draws as Fisher-Yates makes them, near the two cards.
            let draw =
                |xs: &mut crate::testing::Xorshift, from: usize, to: usize| -> [u32; LANES] {
                    std::array::from_fn(|_| (from + xs.below((to - from) as u64) as usize) as u32)
                };
            let (j1, j2) = if up {
                (draw(&mut xs, i, size), draw(&mut xs, k, size))
            } else {
                (draw(&mut xs, 0, i + 1), draw(&mut xs, 0, k + 1))
            };
            let active = xs.below(1 << 16) as u16;
            let mut want = cards.clone();
            for l in (0..LANES).filter(|l| active >> l & 1 == 1) {
                for (a, b) in [(i, j1[l] as usize), (k, j2[l] as usize)] {
                    let t = want[a][l];
                    want[a][l] = want[b][l];
                    want[b][l] = t;
                }
            }
            // SAFETY: the processor has AVX-512F, checked above.
            unsafe { swap_two(&mut cards, (i, load(&j1)), (k, load(&j2)), active) };
            assert_eq!(
                cards, want,
                "i {i} k {k} j1 {j1:?} j2 {j2:?} active {active:b}"
            );
        }
    }
}
