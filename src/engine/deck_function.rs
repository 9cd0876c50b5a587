//! House edges as exact functions of the number of decks D.
//!
//! Every count the engine makes is a sum over six-card sequences of
//! products of six factors `(a·D − k)` (copies of a class of cards left in a
//! D-deck shoe), so it is a polynomial in D of degree at most 6, and it is
//! 0 at D = 0 (the first card's factor is `a·D`). A pay table's expected
//! net over all rounds, S(D) = Σ net·count, and its rounds placed, P(D),
//! are such polynomials, and the house edge is the rational function
//! −S(D)/P(D). Seven values fix a polynomial of degree 6: D = 0 (free) and
//! six deck counts the engine enumerated. Every further count enumerated
//! is checked against the function exactly, and the limit as D grows (the
//! infinite-deck edge) is the ratio of the leading coefficients.
//!
//! This holds where the rules do not change with D. An optimal player
//! strategy is resolved per shoe (`crate::strategy`), so its chart, and
//! with it the game, may differ between deck counts: no single function
//! is given then (the pipeline does not ask for one).

use super::stats::Analysis;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// Degree of every count as a polynomial in D.
pub const DEGREE: usize = 6;

/// One pay table's house edge as a function of D.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeFunction {
    pub wager: String,
    pub pay_table: String,
    /// S(D): expected net result times the rounds placed; coefficients of
    /// D^0..=D^6.
    pub net: Vec<BigRational>,
    /// P(D): rounds on which the wager is placed; coefficients of D^0..=D^6.
    pub placed: Vec<BigRational>,
    /// The house edge's limit as D grows: −(S's coefficient)/(P's) at P's degree.
    pub infinite: BigRational,
}

/// Every pay table's function, and the deck counts behind them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckFunctions {
    /// The counts the functions are fitted to (with D = 0).
    pub fitted: Vec<u32>,
    /// Further counts enumerated and found equal to the functions.
    pub checked: Vec<u32>,
    pub tables: Vec<EdgeFunction>,
}

/// The functions of every pay table, from analyses at distinct deck counts
/// of one spec (at least six). The first six fix the functions; the others
/// are checked against them.
///
/// # Panics
/// If fewer than six counts are given, or a count disagrees with the
/// function: either breaks the degree-6 property every enumeration has,
/// which would be a defect of the engine.
pub fn edge_functions(analyses: &[&Analysis]) -> DeckFunctions {
    assert!(
        analyses.len() >= DEGREE,
        "six deck counts fix the functions"
    );
    let points: Vec<BigRational> = std::iter::once(BigRational::zero())
        .chain(analyses[..DEGREE].iter().map(|a| int(a.decks as u128)))
        .collect();
    let first = analyses[0];
    let mut out = Vec::new();
    for (wi, w) in first.wagers.iter().enumerate() {
        for (ti, t) in w.tables.iter().enumerate() {
            let at = |a: &Analysis| {
                let t = &a.wagers[wi].tables[ti];
                (&t.expected * int(t.total), int(t.total))
            };
            let (mut nets, mut placed) = (vec![BigRational::zero()], vec![BigRational::zero()]);
            for a in &analyses[..DEGREE] {
                let (s, p) = at(a);
                nets.push(s);
                placed.push(p);
            }
            let net = interpolate(&points, &nets);
            let placed = interpolate(&points, &placed);
            for a in &analyses[DEGREE..] {
                let d = int(a.decks as u128);
                let (s, p) = at(a);
                assert!(
                    value(&net, &d) == s && value(&placed, &d) == p,
                    "{} / {}: the enumeration at {} decks is not the degree-6 function of the others",
                    w.id,
                    t.id,
                    a.decks
                );
            }
            let top = (0..=DEGREE)
                .rev()
                .find(|&k| !placed[k].is_zero())
                .unwrap_or(0);
            let infinite = if placed[top].is_zero() {
                BigRational::zero()
            } else {
                -(&net[top] / &placed[top])
            };
            out.push(EdgeFunction {
                wager: w.id.clone(),
                pay_table: t.id.clone(),
                net,
                placed,
                infinite,
            });
        }
    }
    DeckFunctions {
        fitted: analyses[..DEGREE].iter().map(|a| a.decks).collect(),
        checked: analyses[DEGREE..].iter().map(|a| a.decks).collect(),
        tables: out,
    }
}

fn int(n: u128) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// The polynomial's value at `x` (coefficients lowest degree first).
fn value(coefficients: &[BigRational], x: &BigRational) -> BigRational {
    coefficients
        .iter()
        .rev()
        .fold(BigRational::zero(), |acc, c| acc * x + c)
}

/// The polynomial of degree < n through n points (distinct xs), lowest
/// degree first: Lagrange's form, each basis polynomial multiplied out.
fn interpolate(xs: &[BigRational], ys: &[BigRational]) -> Vec<BigRational> {
    let n = xs.len();
    let mut out = vec![BigRational::zero(); n];
    for i in 0..n {
        // basis_i(x) = Π_{j≠i} (x − x_j) / (x_i − x_j)
        let mut basis = vec![BigRational::one()];
        let mut scale = BigRational::one();
        for j in (0..n).filter(|&j| j != i) {
            let mut next = vec![BigRational::zero(); basis.len() + 1];
            for (k, c) in basis.iter().enumerate() {
                next[k + 1] += c;
                next[k] -= c * &xs[j];
            }
            basis = next;
            scale *= &xs[i] - &xs[j];
        }
        let factor = &ys[i] / scale;
        for (o, c) in out.iter_mut().zip(&basis) {
            *o += c * &factor;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64) -> BigRational {
        BigRational::from_integer(BigInt::from(n))
    }

    #[test]
    fn interpolation_recovers_a_known_polynomial() {
        // 52D(52D-1): the ordered two-card draws of a D-deck shoe.
        let p = |d: i64| 52 * d * (52 * d - 1);
        let xs: Vec<BigRational> = (0..7).map(r).collect();
        let ys: Vec<BigRational> = (0..7).map(|d| r(p(d))).collect();
        let c = interpolate(&xs, &ys);
        assert_eq!(c[..3], [r(0), r(-52), r(2704)]);
        assert!(c[3..].iter().all(Zero::is_zero));
        assert_eq!(value(&c, &r(8)), r(p(8)));
    }
}
