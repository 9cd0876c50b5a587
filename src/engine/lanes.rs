//! Weights at several deck counts at once.
//!
//! In a shoe of D standard decks a class of cards holds `m·D` cards (`m`
//! per deck), so every factor of a leaf's weight is `m·D − k`, and the
//! walk (which classes fill which slots, how the hands draw, which events
//! hold) is the same for every D: only the numbers differ. The enumeration
//! therefore walks once, over one deck's classes, and carries a leaf's
//! weight as one lane per deck count: lane `l` multiplies each class by
//! `mult[l]` decks. A lane where a class runs out gets weight 0 (the
//! factor `m·D − k` reaches 0 before it could go negative), so each lane is
//! exactly the count a walk of that shoe alone would give.
//!
//! A single shoe of any composition is the case of one lane with
//! multiplier 1.

/// One weight per deck count.
pub type Lanes<const K: usize> = [u128; K];

/// Cards left of a class of `size` cards per unit after `taken` are dealt,
/// in every lane (0 where none is left).
#[inline]
pub fn left<const K: usize>(size: u128, mult: &Lanes<K>, taken: u128) -> Lanes<K> {
    std::array::from_fn(|l| (size * mult[l]).saturating_sub(taken))
}

#[inline]
pub fn mul<const K: usize>(a: Lanes<K>, b: Lanes<K>) -> Lanes<K> {
    std::array::from_fn(|l| a[l] * b[l])
}

#[inline]
pub fn add<const K: usize>(a: &mut Lanes<K>, b: Lanes<K>) {
    for l in 0..K {
        a[l] += b[l];
    }
}

#[inline]
pub fn is_zero<const K: usize>(a: &Lanes<K>) -> bool {
    a.iter().all(|x| *x == 0)
}

/// `w·num/den` per lane, where `w` is a sum of weights whose every
/// `wᵢ·num/den` is whole: computed as `w/(den/g)·(num/g)` with `g` their
/// greatest common divisor, which is exact (`den/g` divides each `wᵢ`) and
/// never forms the product `w·num`, which a sum could overflow. A lane
/// whose denominator is 0 has no such cards, so its weight is 0 too.
#[inline]
pub fn share<const K: usize>(w: Lanes<K>, num: Lanes<K>, den: Lanes<K>) -> Lanes<K> {
    std::array::from_fn(|l| {
        if den[l] == 0 {
            debug_assert_eq!(w[l], 0, "a lane without cards has no weight");
            return 0;
        }
        let g = gcd(num[l], den[l]);
        debug_assert_eq!(w[l] % (den[l] / g), 0);
        w[l] / (den[l] / g) * (num[l] / g)
    })
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
