//! Sixteen rounds dealt side by side, one to a lane, by drawing rules
//! fixed as masks (`super::super::deal::Fixed`): the arithmetic of
//! `Dealer::deal`, each step one vector instruction.

use super::super::deal::{Dealt, Fixed};
use super::super::rng::LANES;
use super::vector::load;
use std::arch::x86_64::*;

/// A round in each lane: the slots' card ids, whether each hand drew a
/// third card (0 or 1), the two-card and final totals.
pub(crate) struct Round {
    pub(crate) ids: [__m512i; 6],
    pub(crate) drew: [__m512i; 2],
    pub(crate) totals: [__m512i; 4],
}

/// [`Fixed`] with its tables in registers' shape.
#[derive(Clone, Copy)]
pub(crate) struct Rules {
    at: [usize; 4],
    naturals: i32,
    first: i32,
    when_other_stands: i32,
    /// `when_other_draws` by the second hand's total, padded to sixteen.
    when_other_draws: [u32; 16],
    /// Each rank's point value (ace first; `cards::point_value`), padded
    /// to sixteen.
    values: [u32; 16],
}

impl Rules {
    pub(crate) fn new(f: &Fixed) -> Rules {
        Rules {
            at: f.at,
            naturals: f.naturals as i32,
            first: f.first as i32,
            when_other_stands: f.when_other_stands as i32,
            when_other_draws: std::array::from_fn(|t| {
                f.when_other_draws.get(t).copied().unwrap_or(0) as u32
            }),
            values: std::array::from_fn(|r| match r {
                0..13 => u32::from(crate::cards::point_value(r as u8 + 1)),
                _ => 0,
            }),
        }
    }
}

/// Each lane's card's point value, looked up by its rank (`id / 4`).
#[inline]
#[target_feature(enable = "avx512f")]
fn value(values: __m512i, id: __m512i) -> __m512i {
    _mm512_permutexvar_epi32(_mm512_srli_epi32::<2>(id), values)
}

/// A sum below twenty, modulo ten.
#[inline]
#[target_feature(enable = "avx512f")]
fn mod10(s: __m512i) -> __m512i {
    let ten = _mm512_set1_epi32(10);
    _mm512_mask_sub_epi32(s, _mm512_cmpge_epu32_mask(s, ten), s, ten)
}

/// Bit `by` of `mask`, in each lane.
#[inline]
#[target_feature(enable = "avx512f")]
fn bit(mask: __m512i, by: __m512i) -> __m512i {
    _mm512_and_si512(_mm512_srlv_epi32(mask, by), _mm512_set1_epi32(1))
}

/// Deals a round in each lane from the next six cards of its shoe
/// (`cards[k]`: each lane's k-th card), as `Dealer::deal` deals it.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn deal(rules: &Rules, cards: [__m512i; 6]) -> Round {
    let one = _mm512_set1_epi32(1);
    let values = load(&rules.values);
    let at = rules.at.map(|i| cards[i & 3]);
    let t0 = mod10(_mm512_add_epi32(value(values, at[0]), value(values, at[1])));
    let t1 = mod10(_mm512_add_epi32(value(values, at[2]), value(values, at[3])));
    let naturals = _mm512_set1_epi32(rules.naturals);
    let natural = _mm512_or_si512(bit(naturals, t0), bit(naturals, t1));
    let first = _mm512_andnot_si512(natural, bit(_mm512_set1_epi32(rules.first), t0));
    let third = value(values, cards[4]);
    let draws = load(&rules.when_other_draws);
    let if_drew = bit(_mm512_permutexvar_epi32(t1, draws), third);
    let if_stood = bit(_mm512_set1_epi32(rules.when_other_stands), t1);
    let drew = _mm512_test_epi32_mask(first, one);
    let second = _mm512_andnot_si512(natural, _mm512_mask_blend_epi32(drew, if_stood, if_drew));
    let other = _mm512_mask_blend_epi32(drew, cards[4], cards[5]);
    let last0 = mod10(_mm512_add_epi32(t0, _mm512_maskz_mov_epi32(drew, third)));
    let second_drew = _mm512_test_epi32_mask(second, one);
    let last1 = mod10(_mm512_add_epi32(
        t1,
        _mm512_maskz_mov_epi32(second_drew, value(values, other)),
    ));
    Round {
        ids: [at[0], at[1], cards[4], at[2], at[3], other],
        drew: [first, second],
        totals: [t0, t1, last0, last1],
    }
}

/// The round in each lane as [`super::super::deal::Dealt::from_words`]
/// reads it: three words a lane.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn words(r: &Round) -> [__m512i; 3] {
    let pack = |v: [__m512i; 4]| {
        _mm512_or_si512(
            _mm512_or_si512(v[0], _mm512_slli_epi32::<8>(v[1])),
            _mm512_or_si512(_mm512_slli_epi32::<16>(v[2]), _mm512_slli_epi32::<24>(v[3])),
        )
    };
    let two = _mm512_set1_epi32(2);
    [
        pack([r.ids[0], r.ids[1], r.ids[2], r.ids[3]]),
        pack([
            r.ids[4],
            r.ids[5],
            _mm512_add_epi32(r.drew[0], two),
            _mm512_add_epi32(r.drew[1], two),
        ]),
        pack(r.totals),
    ]
}

/// Lane `l`'s round, from the words [`words`] made, stored a register a
/// word.
#[inline]
pub(crate) fn round_of(words: &[[u32; LANES]; 3], l: usize) -> Dealt {
    let [a, b, c] = words.map(|w| w[l]);
    Dealt::from_words(a, b, c)
}
