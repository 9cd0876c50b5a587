//! The search over the grid. Events are chosen most common first (the
//! pays that move the edge most, and the ones a monotone table bounds
//! least), and the rarest is solved for: the net result never falls as a
//! pay rises (under either precedence), so the pays of the last event that
//! meet the edge range are one interval, found by bisection and counted
//! whole. A partial table is dropped as soon as the pays still open cannot
//! reach the edge range, with the open pays at their lowest and highest.
//!
//! Integers throughout: pays in halves of a unit, net results in halves,
//! the distance to the middle of the edge range scaled to an integer.

use super::table::{Candidate, Design, Grid, Refusal, Request, Rounds};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::collections::BinaryHeap;

/// A kept table; the greatest is the worst (the one a better one evicts).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Ranked {
    /// Distance of the net result from the middle of the edge range.
    distance: i128,
    /// T * (sum of squares) - (net)^2: grows with the standard deviation.
    spread: BigInt,
    /// Per event, in listed order (halves).
    pays: Vec<i64>,
}

struct Ctx<'a> {
    r: &'a Rounds,
    grids: &'a [Grid],
    /// Events in the order they are chosen.
    order: Vec<usize>,
    /// Per position in `order`: the events chosen before it that are
    /// strictly more common (a monotone table pays it at least as much).
    below: Vec<Vec<usize>>,
    /// The net result (halves) the edge range allows.
    s_min: i128,
    s_max: i128,
    /// Distance to the middle: |S * den + num|.
    den: i128,
    num: i128,
    /// The winning rounds the hit range allows.
    wins: Option<(i128, i128)>,
    pays: Vec<i64>,
    scratch: Vec<i64>,
    top: usize,
    heap: BinaryHeap<Ranked>,
    qualifying: u128,
    settled: u64,
    max_settled: u64,
}

fn floor(r: &BigRational) -> i128 {
    r.floor()
        .to_integer()
        .to_i128()
        .unwrap_or(if r.numer().sign() == num_bigint::Sign::Minus {
            i128::MIN
        } else {
            i128::MAX
        })
}

fn ceil(r: &BigRational) -> i128 {
    -floor(&-r.clone())
}

pub(super) fn run(r: &Rounds, req: &Request, max_settled: u64) -> Result<Design, Refusal> {
    let n = req.grids.len();
    let empty = Design {
        candidates: Vec::new(),
        qualifying: 0,
        settled: 0,
    };
    if r.total == 0 || n == 0 || req.grids.iter().any(|g| g.len() == 0) {
        return Ok(empty);
    }
    let t = BigRational::from_integer(BigInt::from(r.total));
    let two_t = &t * BigRational::from_integer(BigInt::from(2));
    let (lo, hi) = &req.edge;
    // edge = -S / 2T, so lo <= edge <= hi is -2T hi <= S <= -2T lo.
    let s_min = ceil(&-(&two_t * hi));
    let s_max = floor(&-(&two_t * lo));
    // The middle: S* = -T (lo + hi) = -T a / b; distance |S b + T a|.
    let sum = lo + hi;
    let den = sum.denom().to_i128().unwrap_or(i128::MAX);
    let num = (BigInt::from(r.total) * sum.numer())
        .to_i128()
        .unwrap_or(i128::MAX);
    let wins = req
        .hit
        .as_ref()
        .map(|(a, b)| (ceil(&(&t * a)), floor(&(&t * b))));
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&e| (std::cmp::Reverse(r.holds[e]), e));
    let below = (0..n)
        .map(|p| {
            let e = order[p];
            order[..p]
                .iter()
                .copied()
                .filter(|&x| req.monotone && r.holds[x] > r.holds[e])
                .collect()
        })
        .collect();
    let mut ctx = Ctx {
        r,
        grids: &req.grids,
        order,
        below,
        s_min,
        s_max,
        den,
        num,
        wins,
        pays: vec![0; n],
        scratch: vec![0; n],
        top: req.top,
        heap: BinaryHeap::new(),
        qualifying: 0,
        settled: 0,
        max_settled,
    };
    if s_min <= s_max {
        ctx.choose(0)?;
    }
    let candidates: Vec<Candidate> = ctx
        .heap
        .into_sorted_vec()
        .into_iter()
        .map(|k| r.candidate(&k.pays))
        .collect();
    Ok(Design {
        candidates,
        qualifying: ctx.qualifying,
        settled: ctx.settled,
    })
}

impl Ctx<'_> {
    /// The first index on event `e`'s grid at or above every pay the
    /// events chosen before it (and more common) take.
    fn first_index(&self, pos: usize, pays: &[i64]) -> i64 {
        let e = self.order[pos];
        let g = self.grids[e];
        let floor = self.below[pos]
            .iter()
            .map(|&x| pays[x])
            .fold(g.lo, i64::max);
        (floor - g.lo + g.step - 1).div_euclid(g.step).max(0)
    }

    /// The net result with the events from `pos` on at their lowest pays
    /// (`high`: their highest).
    fn bound(&mut self, pos: usize, high: bool) -> i128 {
        self.scratch.copy_from_slice(&self.pays);
        for p in pos..self.order.len() {
            let e = self.order[p];
            let g = self.grids[e];
            self.scratch[e] = if high {
                g.lo + (g.len() - 1) * g.step
            } else {
                let k = self.first_index(p, &self.scratch);
                g.lo + k * g.step
            };
        }
        self.settled += 1;
        self.r.net(&self.scratch)
    }

    fn choose(&mut self, pos: usize) -> Result<(), Refusal> {
        if self.settled > self.max_settled {
            return Err(Refusal::TooLarge);
        }
        let e = self.order[pos];
        let g = self.grids[e];
        let start = self.first_index(pos, &self.pays);
        if pos + 1 == self.order.len() {
            self.solve(e, g, start);
            return Ok(());
        }
        for k in start..g.len() {
            self.pays[e] = g.lo + k * g.step;
            if self.bound(pos + 1, false) > self.s_max {
                // Every higher pay only raises the net result.
                break;
            }
            if self.bound(pos + 1, true) < self.s_min {
                continue;
            }
            self.choose(pos + 1)?;
        }
        Ok(())
    }

    /// The net result with the last event at index `k` of its grid.
    fn net_at(&mut self, e: usize, g: Grid, k: i64) -> i128 {
        self.pays[e] = g.lo + k * g.step;
        self.settled += 1;
        self.r.net(&self.pays)
    }

    /// The first index in `from..to` where `test` holds (it holds from
    /// some index on), or `to`.
    fn first(&mut self, e: usize, g: Grid, from: i64, to: i64, test: impl Fn(i128) -> bool) -> i64 {
        let (mut a, mut b) = (from, to);
        while a < b {
            let m = a + (b - a) / 2;
            if test(self.net_at(e, g, m)) {
                b = m;
            } else {
                a = m + 1;
            }
        }
        a
    }

    /// The last event's pays that meet the ranges: counted, and the best
    /// of them kept.
    fn solve(&mut self, e: usize, g: Grid, start: i64) {
        let end = g.len();
        let (s_min, s_max) = (self.s_min, self.s_max);
        let from = self.first(e, g, start, end, |s| s >= s_min);
        let to = self.first(e, g, from, end, |s| s > s_max);
        if from >= to {
            return;
        }
        // Whether a table wins on the hit range depends only on which pays
        // are 0 (a push): the last event's pay of 0, if on the grid, apart.
        let zero = (g.lo <= 0 && (-g.lo) % g.step == 0).then_some(-g.lo / g.step);
        let parts: Vec<(i64, i64)> = match zero.filter(|z| (from..to).contains(z)) {
            Some(z) => vec![(from, z), (z, z + 1), (z + 1, to)],
            None => vec![(from, to)],
        };
        for (a, b) in parts.into_iter().filter(|(a, b)| a < b) {
            if self.hits(e, g, a) {
                self.qualifying += (b - a) as u128;
                self.keep_best(e, g, a, b);
            }
        }
    }

    /// Whether the table with the last event at index `k` meets the hit
    /// range.
    fn hits(&mut self, e: usize, g: Grid, k: i64) -> bool {
        let Some((lo, hi)) = self.wins else {
            return true;
        };
        self.pays[e] = g.lo + k * g.step;
        let w = self.r.wins(&self.pays);
        lo <= w && w <= hi
    }

    /// Offers the tables with the last event at indices `a..b` to the kept
    /// best, from the one nearest the middle outwards, while they can
    /// still enter.
    fn keep_best(&mut self, e: usize, g: Grid, a: i64, b: i64) {
        if self.top == 0 {
            return;
        }
        let (den, num) = (self.den, self.num);
        // The first index at or past the middle.
        let mid = self.first(e, g, a, b, |s| {
            s.saturating_mul(den).saturating_add(num) >= 0
        });
        let mut k = mid;
        while k < b && self.offer(e, g, k) {
            k += 1;
        }
        let mut k = mid;
        while k > a && self.offer(e, g, k - 1) {
            k -= 1;
        }
    }

    /// Offers one table; false once it is too far from the middle to be
    /// kept (so is every table further out).
    fn offer(&mut self, e: usize, g: Grid, k: i64) -> bool {
        let s = self.net_at(e, g, k);
        let distance = s
            .saturating_mul(self.den)
            .saturating_add(self.num)
            .saturating_abs();
        if self.heap.len() == self.top && self.heap.peek().is_some_and(|w| distance > w.distance) {
            return false;
        }
        let spread = BigInt::from(self.r.total) * self.r.squares(&self.pays)
            - BigInt::from(s) * BigInt::from(s);
        let ranked = Ranked {
            distance,
            spread,
            pays: self.pays.clone(),
        };
        if self.heap.len() < self.top {
            self.heap.push(ranked);
        } else if self.heap.peek().is_some_and(|w| ranked < *w) {
            self.heap.pop();
            self.heap.push(ranked);
        }
        true
    }
}
