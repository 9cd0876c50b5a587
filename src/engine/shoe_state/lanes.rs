//! Machinery: thirty-two compositions' sums in the lanes of four 512-bit
//! registers (AVX-512), where the processor has them; the same exact sums
//! as `Part::sums_narrow`, which stays the way everywhere else.
//!
//! A composition's column sum S = sum of weight x value is kept twice per
//! lane: modulo 2^64 (a 64-bit multiply and add, exact) and roughly in
//! floating point. S is exact from the two when the rough sum is within
//! 2^62 of S: S is the one integer congruent to the first within 2^63 of
//! the second. [`Part::lanes_exact`] checks that bound before the pass:
//! each of the at most `t` terms of a column (a signature's weight or a
//! row's total of weights, times a value) is rounded at most three times
//! (the weight to a double, the product, the sum: relative error 2^-53
//! each), so the rough sum is within 3 t 2^-53 of the sum of absolute
//! terms, itself at most N^6 times the largest column's sum of absolute
//! values (`Part::bound`). Eight lanes of 64-bit integers and doubles
//! make a value's multiply-add three instructions a register of eight
//! shoes, where 128-bit integers take some sixty; four registers a pass
//! share each value's load and broadcast and each signature's loop (sixteen
//! shoes a pass priced 20-30% faster than eight, thirty-two 5-20% faster
//! than sixteen, `--example price_time`: 21st Century 13.3 -> 11.3 µs a
//! shoe, Lucky 8 47 -> 39, Lucky Draw 83 -> 69, 2026-11-29).

use super::Part;
use crate::model::round::SLOTS;

/// Compositions priced in one pass of the lanes.
pub(super) const LANES: usize = 32;

/// Whether this processor has the lanes (AVX-512 with 64-bit multiplies).
pub(super) fn available() -> bool {
    crate::cpu::avx512()
}

impl Part {
    /// Whether the lanes' sums are exact for shoes of at most `n` cards
    /// (see the module's docs): N^6 x bound x 3 t x 2^-53 below 2^62,
    /// checked with room (2^60), t every signature and row of the part.
    pub(super) fn lanes_exact(&self, n: u128) -> bool {
        let terms = (self.sigs.len() + self.rows.len() + 8) as f64;
        let worst = (n as f64).powi(6) * self.bound as f64 * 3.0 * terms;
        worst * 2f64.powi(-53) < 2f64.powi(60)
    }

    /// Whether the sums modulo 2^64 alone are exact for shoes of at most
    /// `n` cards: every column sum S counts sequences of at most six cards
    /// (at most n^6), each with a value of at most [`Part::most`] in
    /// magnitude, so |S| < 2^63 when n^6 x most is, and S is its residue
    /// read as a signed 64-bit integer. The rough sums are then not kept:
    /// half the work a stored value (every shipped spec at 8 decks).
    pub(super) fn low_exact(&self, n: u128) -> bool {
        n.checked_pow(6)
            .and_then(|x| x.checked_mul(self.most))
            .is_some_and(|x| x < 1 << 63)
    }

    /// Per extra slot used and output column (`x * outputs + column`), per
    /// composition: the exact sums of the part's stored values times
    /// their weights in [`LANES`] compositions, given each weight factor's
    /// value in each (`factor[f][j]`). The caller checked the lanes are
    /// [`available`] and [`Part::lanes_exact`] for every composition, and
    /// that every signature's weight is below 2^63; `low`: that the sums
    /// modulo 2^64 alone are exact ([`Part::low_exact`]).
    pub(super) fn sums_lanes(&self, factor: &[[u64; LANES]], low: bool) -> Vec<[i128; LANES]> {
        #[cfg(target_arch = "x86_64")]
        {
            assert!(available(), "the lanes asked for without AVX-512");
            // SAFETY: the processor has AVX-512F and DQ (checked above).
            unsafe {
                if low {
                    self.sums_avx512::<false>(factor)
                } else {
                    self.sums_avx512::<true>(factor)
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (factor, low);
            unreachable!("the lanes are x86-64 only")
        }
    }

    /// The lanes' pass; `ROUGH`: with the rough sums (else the residues
    /// alone, read as signed).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512dq")]
    fn sums_avx512<const ROUGH: bool>(&self, factor: &[[u64; LANES]]) -> Vec<[i128; LANES]> {
        use std::arch::x86_64::*;
        // Registers a composition group takes (eight lanes each).
        const R: usize = LANES / 8;
        let size = 3 * self.outputs;
        let zero_i = [_mm512_setzero_si512(); R];
        let zero_f = [_mm512_setzero_pd(); R];
        let mut low = vec![zero_i; size];
        let mut rough = vec![zero_f; size];
        // The products of each signature's first factors (see `Sig`).
        let mut prefix = [[_mm512_set1_epi64(1); R]; SLOTS + 1];
        for row in &self.rows {
            let sigs = &self.sigs[row.sigs.start as usize..row.sigs.end as usize];
            // The row's total weight: modulo 2^64, and rough.
            let (mut w, mut wf) = (zero_i, zero_f);
            for s in sigs {
                for i in s.shared as usize..s.len as usize {
                    let f = &factor[s.factors[i] as usize];
                    for k in 0..R {
                        // SAFETY: eight u64 are 64 bytes; an unaligned load.
                        let f = unsafe { _mm512_loadu_si512(f[8 * k..].as_ptr().cast()) };
                        prefix[i + 1][k] = _mm512_mullo_epi64(prefix[i][k], f);
                    }
                }
                let x = prefix[s.len as usize];
                for k in 0..R {
                    w[k] = _mm512_add_epi64(w[k], x[k]);
                    if ROUGH {
                        wf[k] = _mm512_add_pd(wf[k], _mm512_cvtepu64_pd(x[k]));
                    }
                }
            }
            // Weights are never negative: a rough total of zero is zero;
            // without the rough sums, a total of zero modulo 2^64 adds zero
            // to every residue.
            let zero = if ROUGH {
                (0..R).all(|k| _mm512_cmpneq_pd_mask(wf[k], zero_f[k]) == 0)
            } else {
                (0..R).all(|k| _mm512_test_epi64_mask(w[k], w[k]) == 0)
            };
            if zero {
                continue;
            }
            let base = row.extra as usize * self.outputs;
            for &(c, v) in &self.entries[row.entries.start as usize..row.entries.end as usize] {
                let a = base + c as usize;
                let vi = _mm512_set1_epi64(v);
                for k in 0..R {
                    low[a][k] = _mm512_add_epi64(low[a][k], _mm512_mullo_epi64(w[k], vi));
                }
                if ROUGH {
                    let vf = _mm512_set1_pd(v as f64);
                    for k in 0..R {
                        rough[a][k] = _mm512_add_pd(rough[a][k], _mm512_mul_pd(wf[k], vf));
                    }
                }
            }
        }
        let mut out = Vec::with_capacity(size);
        for (l, r) in low.iter().zip(&rough) {
            let (mut ls, mut rs) = ([0i64; LANES], [0f64; LANES]);
            for k in 0..R {
                // SAFETY: 64 bytes of each array; unaligned stores.
                unsafe {
                    _mm512_storeu_si512(ls[8 * k..].as_mut_ptr().cast(), l[k]);
                    _mm512_storeu_pd(rs[8 * k..].as_mut_ptr(), r[k]);
                }
            }
            out.push(std::array::from_fn(|j| {
                if ROUGH {
                    exact(ls[j], rs[j])
                } else {
                    ls[j] as i128
                }
            }));
        }
        out
    }
}

/// The integer congruent to `low` modulo 2^64 within 2^63 of `rough`.
fn exact(low: i64, rough: f64) -> i128 {
    let k = ((rough - low as f64) * 2f64.powi(-64)).round();
    low as i128 + ((k as i128) << 64)
}

#[cfg(test)]
mod tests {
    use super::exact;

    #[test]
    fn exact_recovers_sums_far_past_64_bits() {
        for s in [
            0i128,
            -1,
            (1 << 64) + 5,
            -(1 << 100) + 12_345,
            (1 << 109) - 1,
            -(1 << 70) - (1 << 63),
        ] {
            let low = s as i64; // S modulo 2^64, as the lanes keep it
            for err in [0.0, 2f64.powi(61), -(2f64.powi(61))] {
                assert_eq!(exact(low, s as f64 + err), s, "{s} off by {err}");
            }
        }
    }
}
