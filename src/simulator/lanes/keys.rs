//! Groups' keys in every lane (`super::super::keys`'s arithmetic, each
//! step one vector instruction), and their rows looked up in the group's
//! index.

use super::super::memo::{LaneKey, Memo, Rows};
use super::super::rng::LANES;
use super::deal::{Round, round_of};
use super::vector::store;
use std::arch::x86_64::*;

/// The key of each lane's round, as `Keying::key` makes it.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn key(kind: &LaneKey, r: &Round) -> __m512i {
    let one = _mm512_set1_epi32(1);
    let times = |a: __m512i, n: i32| _mm512_mullo_epi32(a, _mm512_set1_epi32(n));
    let drew = r.drew.map(|d| _mm512_test_epi32_mask(d, one));
    match kind {
        LaneKey::Totals => {
            // ((two0 * 10 + two1) * 11 + drew0 (last0 + 1)) * 11 + drew1 (last1 + 1)
            let [two0, two1, last0, last1] = r.totals;
            let head = _mm512_add_epi32(times(two0, 10), two1);
            let third0 = _mm512_maskz_add_epi32(drew[0], last0, one);
            let third1 = _mm512_maskz_add_epi32(drew[1], last1, one);
            _mm512_add_epi32(times(_mm512_add_epi32(times(head, 11), third0), 11), third1)
        }
        LaneKey::Renamed(radix) => {
            // Ranks named by first appearance in key order; a third card
            // not dealt names nothing and adds nothing.
            const ORDER: [usize; 6] = [0, 1, 3, 4, 2, 5];
            let rank = ORDER.map(|s| _mm512_srli_epi32::<2>(r.ids[s]));
            let dealt = [u16::MAX, u16::MAX, u16::MAX, u16::MAX, drew[0], drew[1]];
            let mut name = [_mm512_setzero_si512(); 6];
            let mut next = one;
            for k in 1..6 {
                let mut n = next;
                for p in 0..k {
                    let same = _mm512_mask_cmpeq_epu32_mask(dealt[p], rank[k], rank[p]);
                    n = _mm512_mask_mov_epi32(n, same, name[p]);
                }
                name[k] = n;
                let new = _mm512_mask_cmpeq_epu32_mask(dealt[k], n, next);
                next = _mm512_mask_add_epi32(next, new, next, one);
            }
            let mut key = _mm512_setzero_si512();
            for k in 0..4 {
                key = _mm512_add_epi32(key, times(name[k], radix[ORDER[k]] as i32));
            }
            for k in 4..6 {
                let term = times(_mm512_add_epi32(name[k], one), radix[ORDER[k]] as i32);
                key = _mm512_mask_add_epi32(key, dealt[k], key, term);
            }
            key
        }
    }
}

/// Group `g`'s row (numbered from 1) of each active lane's round
/// (`round`, and `words` as [`super::deal::words`] stored it), a key not
/// met before settled one lane at a time; None where the group is not
/// keyed in the lanes.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn rows_in(
    memo: &mut Memo,
    g: usize,
    round: &Round,
    words: &[[u32; LANES]; 3],
    active: __mmask16,
) -> Option<[u32; LANES]> {
    let (kind, index) = memo.lane_index(g)?;
    let key = key(&kind, round);
    let row = rows(&index, key, active);
    let new = _mm512_mask_cmpeq_epu32_mask(active, row, _mm512_setzero_si512());
    let mut out = [0; LANES];
    store(&mut out, row);
    if new != 0 {
        let mut keys = [0; LANES];
        store(&mut keys, key);
        for l in (0..LANES).filter(|l| new >> l & 1 == 1) {
            out[l] = memo.row_of_key(g, keys[l] as usize, &round_of(words, l)) as u32;
        }
    }
    Some(out)
}

/// Each active lane's row for its key (0: not settled yet).
#[inline]
#[target_feature(enable = "avx512f")]
fn rows(index: &Rows, key: __m512i, active: __mmask16) -> __m512i {
    let zero = _mm512_setzero_si512();
    // SAFETY: every active lane's key is below the group's keys, within
    // the index (a narrow index has one entry more, so its last entry's
    // word stays within it too).
    unsafe {
        match index {
            Rows::Narrow(rows) => _mm512_and_si512(
                _mm512_mask_i32gather_epi32::<2>(zero, active, key, rows.as_ptr().cast()),
                _mm512_set1_epi32(0xffff),
            ),
            Rows::Wide(rows) => {
                _mm512_mask_i32gather_epi32::<4>(zero, active, key, rows.as_ptr().cast())
            }
        }
    }
}
