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
use num_integer::Integer;
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
    let points: Vec<BigInt> = std::iter::once(BigInt::zero())
        .chain(analyses[..DEGREE].iter().map(|a| BigInt::from(a.decks)))
        .collect();
    let fit = Interpolation::new(&points);
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
            let net = fit.through(&nets);
            let placed = fit.through(&placed);
            for a in &analyses[DEGREE..] {
                let d = BigInt::from(a.decks);
                let (s, p) = at(a);
                assert!(
                    net.at(&d) == s && placed.at(&d) == p,
                    "{} / {}: the enumeration at {} decks is not the degree-6 function of the others",
                    w.id,
                    t.id,
                    a.decks
                );
            }
            let (net, placed) = (net.coefficients(), placed.coefficients());
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

/// Lagrange interpolation through fixed points, shared by every pay table:
/// each basis polynomial Π_{j≠i} (x − x_j) / (x_i − x_j) is multiplied out
/// once, in integers over one common denominator, so fitting a table is a
/// few integer sums and one reduction per coefficient.
struct Interpolation {
    /// Per point i: the basis polynomial's coefficients times `den`,
    /// lowest degree first (integers).
    basis: Vec<Vec<BigInt>>,
    den: BigInt,
}

/// A polynomial as integer coefficients over one denominator.
struct Fitted {
    numerators: Vec<BigInt>,
    den: BigInt,
}

impl Interpolation {
    /// The basis for distinct points `xs`.
    fn new(xs: &[BigInt]) -> Interpolation {
        let n = xs.len();
        let mut products = Vec::with_capacity(n);
        let mut scales = Vec::with_capacity(n);
        for i in 0..n {
            let mut product = vec![BigInt::one()];
            let mut scale = BigInt::one();
            for j in (0..n).filter(|&j| j != i) {
                let mut next = vec![BigInt::zero(); product.len() + 1];
                for (k, c) in product.iter().enumerate() {
                    next[k + 1] += c;
                    next[k] -= c * &xs[j];
                }
                product = next;
                scale *= &xs[i] - &xs[j];
            }
            products.push(product);
            scales.push(scale);
        }
        let den = scales.iter().fold(BigInt::one(), |l, s| l.lcm(s));
        let basis = products
            .into_iter()
            .zip(&scales)
            .map(|(p, s)| {
                let m = &den / s;
                p.into_iter().map(|c| c * &m).collect()
            })
            .collect();
        Interpolation { basis, den }
    }

    /// The polynomial of degree < n through the n points with values `ys`.
    fn through(&self, ys: &[BigRational]) -> Fitted {
        // Values over one denominator: integers.
        let d = ys.iter().fold(BigInt::one(), |l, y| l.lcm(y.denom()));
        let ints: Vec<BigInt> = ys.iter().map(|y| y.numer() * (&d / y.denom())).collect();
        let numerators = (0..self.basis.len())
            .map(|k| ints.iter().zip(&self.basis).map(|(y, b)| y * &b[k]).sum())
            .collect();
        Fitted {
            numerators,
            den: &self.den * d,
        }
    }
}

impl Fitted {
    /// Coefficients lowest degree first, each reduced.
    fn coefficients(&self) -> Vec<BigRational> {
        self.numerators
            .iter()
            .map(|c| BigRational::new(c.clone(), self.den.clone()))
            .collect()
    }

    /// The polynomial's value at `x` (Horner's rule on the numerators).
    fn at(&self, x: &BigInt) -> BigRational {
        let top = self
            .numerators
            .iter()
            .rev()
            .fold(BigInt::zero(), |acc, c| acc * x + c);
        BigRational::new(top, self.den.clone())
    }
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
        let xs: Vec<BigInt> = (0..7).map(BigInt::from).collect();
        let ys: Vec<BigRational> = (0..7).map(|d| r(p(d))).collect();
        let f = Interpolation::new(&xs).through(&ys);
        let c = f.coefficients();
        assert_eq!(c[..3], [r(0), r(-52), r(2704)]);
        assert!(c[3..].iter().all(Zero::is_zero));
        assert_eq!(f.at(&BigInt::from(8)), r(p(8)));
    }

    #[test]
    fn interpolation_through_spread_points_and_fractions() {
        // Points like a spec allowing 3 to 8 decks; coefficients with
        // different denominators (pays such as 3 to 2 give half units).
        let q = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
        let want = [r(0), q(-1, 3), r(0), q(5, 7), r(0), r(-2), q(3, 2)];
        let value = |x: i64| {
            want.iter()
                .rev()
                .fold(BigRational::zero(), |acc, c| acc * r(x) + c)
        };
        let xs = [0, 3, 4, 5, 6, 7, 8];
        let points: Vec<BigInt> = xs.iter().map(|&x| BigInt::from(x)).collect();
        let ys: Vec<BigRational> = xs.iter().map(|&x| value(x)).collect();
        let f = Interpolation::new(&points).through(&ys);
        assert_eq!(f.coefficients(), want);
        assert_eq!(f.at(&BigInt::from(11)), value(11));
        assert_ne!(f.at(&BigInt::from(11)), value(12));
    }
}
