//! Vocabulary of the lanes' code: a register of sixteen 32-bit lanes
//! loaded, stored, numbered and multiplied.

use super::super::rng::LANES;
use std::arch::x86_64::*;

/// `0, 1, ..., 15`: each lane's number.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn lane_numbers() -> __m512i {
    _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
}

/// Sixteen words into a register.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn load(a: &[u32; LANES]) -> __m512i {
    // SAFETY: sixteen words, what one load reads.
    unsafe { _mm512_loadu_si512(a.as_ptr().cast()) }
}

/// A register into sixteen words.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn store(a: &mut [u32; LANES], v: __m512i) {
    // SAFETY: sixteen words, what one store writes.
    unsafe { _mm512_storeu_si512(a.as_mut_ptr().cast(), v) }
}

/// Each lane's 64-bit `x * n`, as its high words and its low words.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn products(x: __m512i, n: __m512i) -> (__m512i, __m512i) {
    // Even lanes' 64-bit products, then odd lanes' (moved down a word).
    let even = _mm512_mul_epu32(x, n);
    let odd = _mm512_mul_epu32(_mm512_srli_epi64::<32>(x), _mm512_srli_epi64::<32>(n));
    let high = _mm512_mask_blend_epi32(0xaaaa, _mm512_srli_epi64::<32>(even), odd);
    let low = _mm512_mask_blend_epi32(0xaaaa, even, _mm512_slli_epi64::<32>(odd));
    (high, low)
}
