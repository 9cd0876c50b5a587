//! The weight of a signature in a composition: its factors, by index
//! into a table of falling factorials built once per composition.

use super::super::plan::Level;
use super::super::shoe::Composition;
use crate::cards::Card;
use crate::model::round::SLOTS;

/// Factors of a weight, by index: `(n_c - skip)` falling `m` for class `c`
/// (`c * 49 + skip * 7 + m`), then a class of known suit, `n_(c,s)`
/// falling `m` (`FIXED + (c * 4 + s) * 7 + m`), then the factor one.
pub(super) const FIXED: usize = 13 * 49;
pub(super) const ONE: u16 = (FIXED + 52 * 7) as u16;
/// Signature codes: a class is its index (0..13), a class of known suit
/// `CARD + class * 4 + suit`.
pub(super) const CARD: u8 = 16;
pub(super) const NO_CODE: u8 = 0xFF;

/// `n (n-1) ... (n-m+1)`, zero when `n < m`.
pub(super) fn falling(n: u128, m: u32) -> u128 {
    if n < m as u128 {
        return 0;
    }
    (0..m as u128).map(|i| n - i).product()
}

/// A signature's weight factors and its slots used beyond four.
pub(super) fn factors_of(sig: u64) -> ([u16; SLOTS], u8) {
    let codes: Vec<u8> = (0..SLOTS)
        .map(|i| (sig >> (8 * i)) as u8)
        .filter(|&c| c != NO_CODE)
        .collect();
    let mut factors = [ONE; SLOTS];
    let mut f = 0;
    // Cards of known suit: per card its multiplicity; per rank how many.
    let mut skip = [0usize; 13];
    let mut i = 0;
    while i < codes.len() {
        let c = codes[i];
        let m = codes[i..].iter().take_while(|&&x| x == c).count();
        if c >= CARD {
            let card = (c - CARD) as usize;
            factors[f] = (FIXED + card * 7 + m) as u16;
            f += 1;
            skip[card / 4] += m;
        }
        i += m;
    }
    let mut i = 0;
    while i < codes.len() {
        let c = codes[i];
        let m = codes[i..].iter().take_while(|&&x| x == c).count();
        if c < CARD {
            factors[f] = (c as usize * 49 + skip[c as usize] * 7 + m) as u16;
            f += 1;
        }
        i += m;
    }
    (factors, (codes.len() - 4) as u8)
}

/// The rows of falling factorials a composition's weight factors hold
/// (see [`FIXED`]): each as (its first index, the count it falls from),
/// the seven factors of a row being that count falling 0 to 6. Per class,
/// its cards less 0 to 6 already taken (a row whose count would be
/// negative is left out: its factors are zero); then per class and suit.
fn factor_rows(level: Level, composition: &Composition, mut row: impl FnMut(usize, u64)) {
    let by_suit = class_counts(level, composition);
    for (c, suits) in by_suit.iter().enumerate() {
        let size: u64 = suits.iter().map(|&x| x as u64).sum();
        for skip in (0..7u64).filter(|&skip| size >= skip) {
            row(c * 49 + skip as usize * 7, size - skip);
        }
    }
    for (c, suits) in by_suit.iter().enumerate() {
        for (s, &n) in suits.iter().enumerate() {
            row(FIXED + (c * 4 + s) * 7, n as u64);
        }
    }
}

/// Every weight factor of `composition` at `level`, by index (see
/// [`FIXED`]): a signature's weight is the product of its factors.
pub(super) fn factor_table(level: Level, composition: &Composition) -> Vec<u128> {
    // Each row by one multiply a step (a table is built per composition
    // priced: the bound builds tens of thousands).
    let mut factor = vec![0u128; ONE as usize + 1];
    factor_rows(level, composition, |at, n| {
        let mut x = 1u128;
        for (m, f) in factor[at..at + 7].iter_mut().enumerate() {
            *f = x;
            x *= (n as u128).saturating_sub(m as u128);
        }
    });
    factor[ONE as usize] = 1;
    factor
}

/// [`factor_table`] of each of `compositions` side by side (`[f][j]` for
/// composition `j`; lanes past the last hold zeros), modulo 2^64: what the
/// pricing lanes read, whose sums are kept modulo 2^64 (`lanes`). Each
/// product is formed in wrapping 64-bit arithmetic, which gives the exact
/// product's residue, as taking the 128-bit table's entries modulo 2^64
/// did, without a table per composition to transpose.
pub(super) fn factor_lanes<const K: usize>(
    level: Level,
    compositions: &[&Composition],
) -> Vec<[u64; K]> {
    let mut factor = vec![[0u64; K]; ONE as usize + 1];
    for (j, composition) in compositions.iter().enumerate() {
        factor_rows(level, composition, |at, n| {
            let mut x = 1u64;
            for m in 0..7 {
                factor[at + m][j] = x;
                x = x.wrapping_mul(n.saturating_sub(m as u64));
            }
        });
        factor[ONE as usize][j] = 1;
    }
    factor
}

/// The class of rank index `r` (0 = ace) at `level`: the rank, or its
/// point value.
pub(super) fn class_of(level: Level, r: usize) -> usize {
    match level {
        Level::Rank => r,
        Level::Value => Card::new(r as u8 + 1, 0).value() as usize,
    }
}

/// The cards of each class at `level` and suit: `[class][suit]`.
pub(super) fn class_counts(level: Level, composition: &Composition) -> [[u32; 4]; 13] {
    let mut counts = [[0u32; 4]; 13];
    for (r, suits) in composition.counts.iter().enumerate() {
        for (n, &x) in counts[class_of(level, r)].iter_mut().zip(suits) {
            *n += x;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lanes' factors are the 128-bit table's modulo 2^64, lane by
    /// lane, at both levels: for full shoes of 1, 8 and 400 decks (whose
    /// products pass 2^64) and an uneven, depleted one; the lanes past the
    /// last composition hold zeros.
    #[test]
    fn factor_lanes_are_the_tables_modulo_2_64() {
        let mut uneven = Composition::standard(2);
        uneven.counts[0] = [0, 1, 2, 0];
        uneven.counts[9] = [8, 3, 0, 5];
        let shoes = [
            Composition::standard(1),
            Composition::standard(8),
            Composition::standard(400),
            uneven,
        ];
        let refs: Vec<&Composition> = shoes.iter().collect();
        for level in [Level::Rank, Level::Value] {
            let lanes = factor_lanes::<8>(level, &refs);
            for (j, shoe) in shoes.iter().enumerate() {
                let table = factor_table(level, shoe);
                assert_eq!(table.len(), lanes.len());
                for (f, &x) in table.iter().enumerate() {
                    assert_eq!(lanes[f][j], x as u64, "{level:?} shoe {j} factor {f}");
                }
            }
            assert!(table_rows_past(&lanes, shoes.len()));
        }
    }

    fn table_rows_past(lanes: &[[u64; 8]], used: usize) -> bool {
        lanes.iter().all(|row| row[used..].iter().all(|&x| x == 0))
    }
}
