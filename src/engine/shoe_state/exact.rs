//! Machinery: the integers a part's column sums and edges are formed in
//! (`Part::columns`, `Part::fractions`): big integers, which hold every
//! result, or 128-bit integers, which step aside (None) where a step would
//! not fit. The bound prices its rounds in 128 bits and takes the big
//! integers' way only for a composition that does not fit; the arithmetic
//! is written once for both.

use num_bigint::BigInt;
use num_traits::Zero;

pub(super) trait Exact: Clone {
    fn of(x: i128) -> Option<Self>;
    fn of_u128(x: u128) -> Option<Self>;
    fn plus(&self, other: &Self) -> Option<Self>;
    fn minus(&self, other: &Self) -> Option<Self>;
    fn times(&self, other: &Self) -> Option<Self>;
    fn is_nought(&self) -> bool;
}

impl Exact for BigInt {
    fn of(x: i128) -> Option<Self> {
        Some(BigInt::from(x))
    }
    fn of_u128(x: u128) -> Option<Self> {
        Some(BigInt::from(x))
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn minus(&self, other: &Self) -> Option<Self> {
        Some(self - other)
    }
    fn times(&self, other: &Self) -> Option<Self> {
        Some(self * other)
    }
    fn is_nought(&self) -> bool {
        self.is_zero()
    }
}

impl Exact for i128 {
    fn of(x: i128) -> Option<Self> {
        Some(x)
    }
    fn of_u128(x: u128) -> Option<Self> {
        i128::try_from(x).ok()
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    fn minus(&self, other: &Self) -> Option<Self> {
        self.checked_sub(*other)
    }
    fn times(&self, other: &Self) -> Option<Self> {
        self.checked_mul(*other)
    }
    fn is_nought(&self) -> bool {
        *self == 0
    }
}

/// The nearest double to an integer (num-bigint rounds to odd, then to
/// nearest: the same double as `i128 as f64` where both apply).
pub(super) fn to_f64(x: &BigInt) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(f64::NAN)
}
