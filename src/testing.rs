//! Data and vocabulary for the unit tests, in test builds only: a fixed
//! sequence of pseudo-random numbers, so that a test can try many cases
//! and try the same ones on every machine, with no generator crate. It
//! computes nothing a test checks.

/// Marsaglia's xorshift64 (shifts 13, 7 and 17), from a nonzero seed.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    /// The next number of the sequence.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// The next number below `m`, by remainder (its slight bias towards
    /// small numbers does not matter to a test).
    pub(crate) fn below(&mut self, m: u64) -> u64 {
        self.next_u64() % m
    }
}
