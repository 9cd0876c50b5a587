//! Exact figures rendered as text. The engine computes big rationals; every
//! decimal a reader sees is made here, by one rule: rounded half away from
//! zero at the places shown. Square roots are rounded by the same rule,
//! decided exactly in integers (no floating point, no truncation).
//!
//! Layer: vocabulary at the bottom (the layout is in `src/lib.rs`): the
//! report, the assessment, the study, the front ends and the diff all
//! write numbers through it.

pub mod values;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Signed;

/// `p/q` in lowest terms.
pub(crate) fn fraction(r: &BigRational) -> String {
    format!("{}/{}", r.numer(), r.denom())
}

/// `r * 10^places` rounded to an integer, half away from zero: the one
/// rounding rule every rendered decimal goes through.
fn scaled_round(r: &BigRational, places: u32) -> BigInt {
    let scaled = r * BigRational::from_integer(BigInt::from(10u32).pow(places));
    let (q, rem) = scaled.numer().abs().div_rem(scaled.denom());
    // Ties (rem = den/2) go up in magnitude: half away from zero.
    let q = if rem * 2u32 >= *scaled.denom() {
        q + 1u32
    } else {
        q
    };
    if scaled.is_negative() { -q } else { q }
}

/// A scaled integer with the decimal point put back: 12345 at 2 -> "123.45".
fn with_point(q: &BigInt, places: u32) -> String {
    let places = places as usize;
    let padded = format!("{:0>width$}", q.abs().to_string(), width = places + 1);
    let (int, frac) = padded.split_at(padded.len() - places);
    // A value that rounds to zero prints without a sign.
    let sign = if q.is_negative() { "-" } else { "" };
    if places == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

/// Decimal rendering of an exact rational at `places`, half away from zero.
pub fn decimal(r: &BigRational, places: u32) -> String {
    with_point(&scaled_round(r, places), places)
}

/// A percentage with `places` decimals, from an exact fraction.
pub fn percent(r: &BigRational, places: u32) -> String {
    decimal(&(r * BigRational::from_integer(BigInt::from(100))), places) + "%"
}

/// Dollars to the cent from an exact fraction, digits grouped:
/// `$12,061.44`.
pub fn money(r: &BigRational) -> String {
    let text = decimal(r, 2);
    let (sign, body) = match text.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", text.as_str()),
    };
    let (whole, cents) = body.split_once('.').unwrap_or((body, "00"));
    format!("{sign}${}.{cents}", group_digits(whole))
}

/// Count / total as a percentage.
pub(crate) fn share(count: u128, total: u128, places: u32) -> String {
    percent(
        &BigRational::new(BigInt::from(count), BigInt::from(total)),
        places,
    )
}

/// The square root of an exact non-negative rational at `places`, rounded
/// half away from zero. With y = r * 10^(2 places) = a/b and k the integer
/// square root of floor(y) (= floor(sqrt(y))), sqrt(y) >= k + 1/2 exactly
/// when 4a >= (2k+1)^2 b: an integer comparison, so the rounding is exact
/// even where the root is irrational, and a tie (a perfect square) goes up.
pub fn sqrt_decimal(r: &BigRational, places: u32) -> String {
    assert!(
        !r.is_negative(),
        "square root of a negative figure: {}",
        fraction(r)
    );
    let a = r.numer() * BigInt::from(10u32).pow(2 * places);
    let b = r.denom();
    let k = (&a / b).sqrt();
    let odd: BigInt = &k * 2u32 + 1u32;
    let k = if a * 4u32 >= &odd * &odd * b {
        k + 1u32
    } else {
        k
    };
    with_point(&k, places)
}

/// "1 in N" odds of `count` rounds in `total`, N = total / count rounded
/// to a whole number by the same rule as every decimal.
pub fn one_in(count: u128, total: u128) -> String {
    if count == 0 {
        return "never".into();
    }
    let n = scaled_round(
        &BigRational::new(BigInt::from(total), BigInt::from(count)),
        0,
    );
    format!("1 in {}", group_digits(&n.to_string()))
}

/// 4998398275503360 -> 4,998,398,275,503,360 (one definition, shared with
/// the diagnostics).
pub(crate) use crate::diag::group_digits;

/// An estimate's share as a percentage at `places` decimals (simulated
/// figures are floating point; exact ones use [`percent`]).
pub fn pct(x: f64, places: usize) -> String {
    format!("{:.*}%", places, 100.0 * x)
}

/// As [`pct`], with its sign always shown.
pub fn signed_pct(x: f64, places: usize) -> String {
    format!("{:+.*}%", places, 100.0 * x)
}

/// An estimate and its interval's half-width: "+1.2345% ± 0.0100%".
pub fn interval_pct(e: &crate::simulator::stats::Estimate, places: usize) -> String {
    format!(
        "{} ± {}",
        signed_pct(e.value, places),
        pct(e.half_width, places)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    fn int(s: &str) -> BigInt {
        s.replace(',', "").parse().unwrap()
    }

    #[test]
    fn fractions_are_written_in_lowest_terms_with_the_sign_on_top() {
        assert_eq!(fraction(&q(6, -4)), "-3/2");
        assert_eq!(fraction(&q(0, 7)), "0/1");
        assert_eq!(fraction(&q(1_000_000, 3)), "1000000/3");
    }

    #[test]
    fn ties_round_half_away_from_zero() {
        assert_eq!(decimal(&q(1, 8), 2), "0.13");
        assert_eq!(decimal(&q(-1, 8), 2), "-0.13");
        assert_eq!(decimal(&q(5, 2), 0), "3");
        assert_eq!(decimal(&q(-5, 2), 0), "-3");
        assert_eq!(decimal(&q(1, 2000), 3), "0.001");
        assert_eq!(percent(&q(-1, 80000), 3), "-0.001%");
    }

    #[test]
    fn below_half_rounds_down_and_tiny_negatives_print_unsigned() {
        assert_eq!(decimal(&q(1, 3), 4), "0.3333");
        assert_eq!(decimal(&q(2, 3), 4), "0.6667");
        assert_eq!(decimal(&q(-2, 3), 4), "-0.6667");
        assert_eq!(decimal(&q(-1, 3000), 2), "0.00");
        assert_eq!(decimal(&q(7, 1), 3), "7.000");
        assert_eq!(decimal(&q(-123, 10), 0), "-12");
    }

    #[test]
    fn square_roots_round_not_truncate() {
        // sqrt(2) = 1.41421356...; sqrt(3) = 1.7320508...; sqrt(0.86) = 0.927361...
        assert_eq!(sqrt_decimal(&q(2, 1), 4), "1.4142");
        assert_eq!(sqrt_decimal(&q(3, 1), 4), "1.7321");
        assert_eq!(sqrt_decimal(&q(3, 1), 0), "2");
        assert_eq!(sqrt_decimal(&q(86, 100), 4), "0.9274");
        assert_eq!(sqrt_decimal(&q(0, 1), 4), "0.0000");
        assert_eq!(sqrt_decimal(&q(81, 1), 2), "9.00");
    }

    #[test]
    fn square_root_ties_round_up() {
        // sqrt(1/16) = 0.25 exactly, sqrt(9/4) = 1.5 exactly: ties.
        assert_eq!(sqrt_decimal(&q(1, 16), 1), "0.3");
        assert_eq!(sqrt_decimal(&q(9, 4), 0), "2");
        assert_eq!(sqrt_decimal(&q(1, 16), 2), "0.25");
    }

    #[test]
    fn odds_round_to_whole_numbers() {
        assert_eq!(one_in(0, 10), "never");
        assert_eq!(one_in(2, 5), "1 in 3"); // 2.5, a tie
        assert_eq!(one_in(3, 7), "1 in 2"); // 2.33
        assert_eq!(
            one_in(1, 4_998_398_275_503_360),
            "1 in 4,998,398,275,503,360"
        );
        assert_eq!(one_in(7, 7), "1 in 1");
    }

    #[test]
    fn digits_group_by_thousands() {
        assert_eq!(group_digits("4998398275503360"), "4,998,398,275,503,360");
        assert_eq!(group_digits("-1234"), "-1,234");
        assert_eq!(group_digits("999"), "999");
    }

    /// Banker at 8 decks from Wizard of Odds' published counts ("Baccarat
    /// odds for 1 to 12 decks"; /work/shared/reference/published-figures.md):
    /// the variance computed here by hand in integers, the root bracketed by
    /// squaring candidate decimals, independently of `sqrt_decimal`.
    #[test]
    fn banker_standard_deviation_from_published_counts() {
        let (win, lose, total) = (
            int("2,292,252,566,437,888"),
            int("2,230,518,282,592,256"),
            int("4,998,398,275,503,360"),
        );
        // Net +19/20 on a win, -1 on a loss, 0 on a tie. In twentieths:
        // E[X]*20T = 19w - 20l, E[X^2]*400T = 361w + 400l.
        let s1 = &win * 19 - &lose * 20;
        let s2 = &win * 361 + &lose * 400;
        // Var = (s2*T - s1^2) / (400 T^2).
        let num = &s2 * &total - &s1 * &s1;
        let den = &total * &total * 400;
        // 0.92735^2 < Var < 0.92745^2: the SD rounds to 0.9274.
        let lo = int("92735");
        let hi = int("92745");
        let e10 = int("10000000000");
        assert!(&lo * &lo * &den < &num * &e10);
        assert!(&num * &e10 < &hi * &hi * &den);
        // And it is above 0.9273(5): truncation would have printed 0.9273.
        let var = BigRational::new(num, den);
        assert_eq!(sqrt_decimal(&var, 4), "0.9274");
    }

    /// Slow reference: the candidate c/10^p with |r - c/10^p| least, ties to
    /// the candidate of larger magnitude.
    fn reference(r: &BigRational, places: u32) -> BigInt {
        let scale = BigRational::from_integer(BigInt::from(10u32).pow(places));
        let x = r * &scale;
        let f = x.floor().to_integer();
        let (lo, hi): (BigInt, BigInt) = (f.clone(), f + 1u32);
        let dlo = (&x - BigRational::from_integer(lo.clone())).abs();
        let dhi = (BigRational::from_integer(hi.clone()) - &x).abs();
        if dlo < dhi {
            lo
        } else if dhi < dlo {
            hi
        } else if x.is_negative() {
            lo
        } else {
            hi
        }
    }

    /// Slow reference for roots: the least k with (k + 1/2)^2 > x * 10^(2p),
    /// found by counting up from a bracket.
    fn sqrt_reference(r: &BigRational, places: u32) -> BigInt {
        let y = r * BigRational::from_integer(BigInt::from(10u32).pow(2 * places));
        let half = q(1, 2);
        let mut k = BigInt::zero();
        while {
            let c = BigRational::from_integer(k.clone()) + &half;
            &c * &c <= y
        } {
            k += 1;
        }
        k
    }

    proptest! {
        #[test]
        fn decimal_agrees_with_the_slow_reference(
            n in -10_000_000i64..10_000_000, d in 1i64..100_000, places in 0u32..7,
        ) {
            let r = q(n, d);
            prop_assert_eq!(decimal(&r, places), with_point(&reference(&r, places), places));
        }

        #[test]
        fn sqrt_agrees_with_the_slow_reference(
            n in 0i64..2_000, d in 1i64..500, places in 0u32..3,
        ) {
            let r = q(n, d);
            prop_assert_eq!(sqrt_decimal(&r, places), with_point(&sqrt_reference(&r, places), places));
        }
    }
}
