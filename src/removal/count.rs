//! A simple integer count from a pay table's effects of removal.
//!
//! Tags by rank, scaled from the effects: at level L the tag of rank r is
//! `-round(L * e_r / max|e|)` (half away from zero), so the rank whose
//! removal most lowers the house edge gets +L and a high running count
//! means the remaining shoe favours the side-bet player. Levels 1, 2 and 3
//! are tried; the one whose tags have the best betting correlation with the
//! effects (Griffin, *The Theory of Blackjack*: the Pearson correlation
//! over the cards of the shoe, here each rank weighted by its 4 cards per
//! deck) is kept, ties to the lower level. A correlation within 1e-12 of a
//! lower level's counts as a tie: a level whose tags are a multiple of a
//! lower level's has mathematically the same correlation.

use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// Tag per rank, ace..king; positive: removing the card helps the player.
    pub tags: [i32; 13],
    /// The largest tag magnitude allowed (1, 2 or 3); 0 when every effect is
    /// zero and there is no count.
    pub level: u8,
    /// The tags sum to zero over a full deck.
    pub balanced: bool,
    /// Betting correlation of the tags with the (negated) effects of removal.
    pub correlation: f64,
}

/// The best simple count of levels 1 to 3 for a pay table (see the module
/// documentation). `decks` weighs each rank by its `4 * decks` cards.
pub fn derive_count(t: &super::TableRemoval, decks: u32) -> Count {
    let max = t
        .by_rank
        .iter()
        .map(|e| e.abs())
        .max()
        .unwrap_or_else(BigRational::zero);
    let none = Count {
        tags: [0; 13],
        level: 0,
        balanced: true,
        correlation: 0.0,
    };
    if max.is_zero() {
        return none;
    }
    let scaled: [f64; 13] = std::array::from_fn(|r| (&t.by_rank[r] / &max).to_f64().unwrap_or(0.0));
    let gains: [f64; 13] = std::array::from_fn(|r| -t.by_rank[r].to_f64().unwrap_or(0.0));
    let weight = 4.0 * decks as f64;
    let mut best = none;
    for level in 1..=3u8 {
        let tags: [i32; 13] = std::array::from_fn(|r| -(level as f64 * scaled[r]).round() as i32);
        if tags.iter().all(|&x| x == 0) {
            continue;
        }
        let correlation = pearson(&tags.map(f64::from), &gains, weight);
        if best.level == 0 || correlation > best.correlation + 1e-12 {
            best = Count {
                tags,
                level,
                balanced: tags.iter().sum::<i32>() == 0,
                correlation,
            };
        }
    }
    best
}

/// Pearson correlation of `x` and `y` with the same weight on every rank
/// (the weights are kept to show the definition; equal weights cancel).
/// Zero when either side does not vary.
fn pearson(x: &[f64; 13], y: &[f64; 13], weight: f64) -> f64 {
    let n = 13.0 * weight;
    let mean = |v: &[f64; 13]| v.iter().map(|a| a * weight).sum::<f64>() / n;
    let (mx, my) = (mean(x), mean(y));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for r in 0..13 {
        let (dx, dy) = (x[r] - mx, y[r] - my);
        sxy += weight * dx * dy;
        sxx += weight * dx * dx;
        syy += weight * dy * dy;
    }
    if sxx == 0.0 || syy == 0.0 {
        0.0
    } else {
        sxy / (sxx * syy).sqrt()
    }
}
