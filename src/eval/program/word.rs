//! The integer a program computes with, one per lane (`i64`, or `i32` for
//! a narrow program), and the lanes at a position of the value buffer.

use crate::model::cond::{ABSENT, Sign};

/// The integer of one lane: `i64`, or `i32` for a [`Program::narrow`]
/// program (twice as many lanes to a vector register, the same values).
pub(crate) trait Word: Copy + PartialEq + PartialOrd + Send + Sync + 'static {
    const ZERO: Self;
    /// A card not dealt.
    const ABSENT: Self;
    /// True for `i64`, which holds every value.
    const WIDE: bool;
    /// `v`, which a narrow program keeps within ±2^30.
    fn of(v: i64) -> Self;
    fn wide(self) -> i64;

    fn of_bool(b: bool) -> Self {
        Self::of(b as i64)
    }

    /// `a ± b`: `ABSENT` when either side reads a card not dealt; wrapping,
    /// so a huge constant cannot panic (a narrow program never wraps).
    fn add(sign: Sign, a: Self, b: Self) -> Self;

    /// `a % n` from 0 to n - 1 (`n` at least 1): `ABSENT` when `a` reads a
    /// card not dealt.
    #[inline(always)]
    fn rem(a: Self, n: i64) -> Self {
        if a == Self::ABSENT {
            a
        } else {
            Self::of(a.wide().rem_euclid(n))
        }
    }
}

impl Word for i64 {
    const ZERO: i64 = 0;
    const ABSENT: i64 = ABSENT;
    const WIDE: bool = true;

    #[inline(always)]
    fn of(v: i64) -> i64 {
        v
    }

    #[inline(always)]
    fn wide(self) -> i64 {
        self
    }

    #[inline(always)]
    fn add(sign: Sign, a: i64, b: i64) -> i64 {
        let sum = match sign {
            Sign::Plus => a.wrapping_add(b),
            Sign::Minus => a.wrapping_sub(b),
        };
        if (a == ABSENT) | (b == ABSENT) {
            ABSENT
        } else {
            sum
        }
    }
}

impl Word for i32 {
    const ZERO: i32 = 0;
    const ABSENT: i32 = i32::MIN;
    const WIDE: bool = false;

    #[inline(always)]
    fn of(v: i64) -> i32 {
        if v == ABSENT { i32::MIN } else { v as i32 }
    }

    #[inline(always)]
    fn wide(self) -> i64 {
        if self == i32::MIN {
            ABSENT
        } else {
            self as i64
        }
    }

    #[inline(always)]
    fn add(sign: Sign, a: i32, b: i32) -> i32 {
        let sum = match sign {
            Sign::Plus => a.wrapping_add(b),
            Sign::Minus => a.wrapping_sub(b),
        };
        if (a == i32::MIN) | (b == i32::MIN) {
            i32::MIN
        } else {
            sum
        }
    }
}

/// The `L` lanes at position `at`.
pub(crate) fn lanes<W, const L: usize>(values: &[W], at: usize) -> &[W; L] {
    values[at * L..][..L].try_into().expect("L lanes")
}
