//! A simple integer count from a pay table's effects of removal.
//!
//! Tags by rank, scaled from the effects: at level L the tag of rank r is
//! `-round(L * e_r / max|e|)` (half away from zero), so the rank whose
//! removal most lowers the house edge gets +L and a high running count
//! means the remaining shoe favours the side-bet player. Where that
//! rounding does not sum to zero over a deck, the balanced rounding nearest
//! to the scaled effects is tried too (tags moved by one, those rounded
//! furthest first): a balanced count can be divided by the decks left,
//! while an unbalanced one drifts as the shoe is dealt.
//!
//! Each candidate is scored by its betting correlation with the effects
//! (Griffin, *The Theory of Blackjack*: the Pearson correlation over the
//! cards of the shoe, here each rank weighted by its 4 cards per deck).
//! The simplest candidate within [`NEAR`] of the best correlation is kept:
//! balanced before unbalanced, then the lowest level. A player uses the
//! simpler count when it loses next to nothing (at level 2 this gives the
//! published Dragon 7 count for the Lucky 7).

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
pub fn derive_count(t: &super::effects::TableRemoval, decks: u32) -> Count {
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
    let mut candidates = Vec::new();
    for level in 1..=3u8 {
        let target: [f64; 13] = std::array::from_fn(|r| -(level as f64) * scaled[r]);
        let rounded: [i32; 13] = target.map(|x| x.round() as i32);
        for tags in [Some(rounded), balance(rounded, &target, level)]
            .into_iter()
            .flatten()
        {
            if tags.iter().all(|&x| x == 0) {
                continue;
            }
            let c = Count {
                tags,
                level,
                balanced: tags.iter().sum::<i32>() == 0,
                correlation: pearson(&tags.map(f64::from), &gains, weight),
            };
            if !candidates.contains(&c) {
                candidates.push(c);
            }
        }
    }
    let best = candidates
        .iter()
        .map(|c| c.correlation)
        .fold(f64::NEG_INFINITY, f64::max);
    // Candidates in order of preference: balanced first (an unbalanced
    // count drifts as the shoe is dealt), then by level.
    candidates.sort_by_key(|c| (!c.balanced, c.level));
    candidates
        .into_iter()
        .find(|c| c.correlation >= best - NEAR)
        .unwrap_or(none)
}

/// How much betting correlation a simpler count may give up.
pub const NEAR: f64 = 0.03;

/// The balanced tags nearest to `target` from its rounding `tags`, each
/// within `-level..=level`: while the sum is off, the tags rounded furthest
/// in the direction of the excess move by one. Ranks with the same effect
/// (ten, jack, queen, king in most games) move together, so that a count
/// never tells apart cards that play alike. None when `tags` are balanced
/// already (nothing new) or no such move brings the sum to zero.
fn balance(mut tags: [i32; 13], target: &[f64; 13], level: u8) -> Option<[i32; 13]> {
    let l = level as i32;
    let mut sum: i32 = tags.iter().sum();
    if sum == 0 {
        return None;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for r in 0..13 {
        match groups.iter_mut().find(|g| target[g[0]] == target[r]) {
            Some(g) => g.push(r),
            None => groups.push(vec![r]),
        }
    }
    while sum != 0 {
        let step = -sum.signum();
        let g = groups
            .iter()
            .filter(|g| {
                g.iter().all(|&r| (tags[r] + step).abs() <= l)
                    && (sum + step * g.len() as i32).abs() < sum.abs()
            })
            // The group furthest past its target in the excess' direction.
            .max_by(|a, b| {
                let over = |g: &Vec<usize>| (tags[g[0]] as f64 - target[g[0]]) * -(step as f64);
                over(a).total_cmp(&over(b)).then(b[0].cmp(&a[0]))
            })?;
        for &r in g {
            tags[r] += step;
        }
        sum += step * g.len() as i32;
    }
    Some(tags)
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
