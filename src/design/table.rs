//! The request of a design and the figures of one table: the grid of
//! pays asked, the constraints, a wager's rounds as the search reads them
//! (its events' joint counts) and the exact figures of a table settled on
//! them. The search (`search`) and the entry points (`mod`) both read it.

use crate::engine::WagerStats;
use crate::model::{Precedence, Ratio};
use num_bigint::BigInt;
use num_rational::BigRational;

/// The pays an event may take, in halves of a unit (2 is 1 to 1): from
/// `lo` to `hi` in steps of `step` (2: whole pays; 1: halves too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub lo: i64,
    pub hi: i64,
    pub step: i64,
}

impl Grid {
    /// The number of pays on the grid.
    pub(crate) fn len(self) -> i64 {
        if self.hi < self.lo {
            0
        } else {
            (self.hi - self.lo) / self.step + 1
        }
    }
}

/// What to search for.
#[derive(Clone, Debug)]
pub struct Request {
    /// The house edge's range, both ends included (fractions: 0.04..0.06).
    pub edge: (BigRational, BigRational),
    /// The hit frequency's range, both ends included.
    pub hit: Option<(BigRational, BigRational)>,
    /// Per event of the wager, in listed order, the pays it may take.
    pub grids: Vec<Grid>,
    /// A rarer event (holding on fewer rounds) pays at least as much.
    pub monotone: bool,
    /// How many of the best tables to keep.
    pub top: usize,
}

/// A table that qualifies and its exact figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Per event, in listed order, its pay "to 1".
    pub pays: Vec<Ratio>,
    pub house_edge: BigRational,
    pub hit_frequency: BigRational,
    pub variance: BigRational,
}

/// The answer: the best tables, best first, and how many qualify.
#[derive(Clone, Debug)]
pub struct Design {
    pub candidates: Vec<Candidate>,
    pub qualifying: u128,
    /// The tables (whole or partial, at the bounds of the pays still
    /// open) the search settled over the wager's rounds: its work, whatever
    /// the machine's speed.
    pub settled: u64,
}

/// The most tables one search settles before it is refused as too large
/// (13 s of one core for Dragon Bonus' eight events, measured under load):
/// a count, not a clock, so the same request
/// gets the same answer on any machine. Lucky Match up to 300 settles far
/// fewer (`tests/design.rs`).
pub const MAX_SETTLED: u64 = 400_000_000;

/// Why a wager cannot be designed here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// More events than the engine keeps joint counts for.
    TooManyEvents(usize),
    /// The grid is too large to search: more partial tables than
    /// `search` settles ([`MAX_SETTLED`]).
    TooLarge,
}

/// A wager's rounds as the search reads them: per set of events holding
/// together (bit `k` for event `k`), its rounds, among the rounds the wager
/// is placed.
#[derive(Clone, Debug)]
pub(crate) struct Rounds {
    /// Sets of at least one event, with their rounds.
    pub(crate) sets: Vec<(u64, i128)>,
    /// Rounds on which no event holds (the stake is lost).
    pub(crate) none: i128,
    /// Rounds on which the wager is placed.
    pub(crate) total: i128,
    /// Per event: the rounds on which it holds.
    pub(crate) holds: Vec<i128>,
    pub(crate) precedence: Precedence,
}

impl Rounds {
    pub(crate) fn of(w: &WagerStats, precedence: Precedence, all: u128) -> Result<Rounds, Refusal> {
        let events = w.holds.len();
        if events > crate::engine::JOINT_EVENTS {
            return Err(Refusal::TooManyEvents(events));
        }
        let placed = (all - w.not_placed) as i128;
        let sets: Vec<(u64, i128)> = w
            .joint
            .iter()
            .filter(|(s, n)| *s != 0 && *n > 0)
            .map(|(s, n)| (*s, *n as i128))
            .collect();
        let none = placed - sets.iter().map(|(_, n)| n).sum::<i128>();
        Ok(Rounds {
            sets,
            none,
            total: placed,
            holds: w.holds.iter().map(|(_, n)| *n as i128).collect(),
            precedence,
        })
    }

    /// The pay (in halves) that settles a set under `pays` (in halves).
    #[inline]
    pub(crate) fn settled(&self, set: u64, pays: &[i64]) -> i64 {
        match self.precedence {
            Precedence::ListedOrder => pays[set.trailing_zeros() as usize],
            Precedence::HighestPay => {
                let mut best = i64::MIN;
                let mut bits = set;
                while bits != 0 {
                    best = best.max(pays[bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
                best
            }
        }
    }

    /// The net result over every round placed, in halves of a unit.
    pub(crate) fn net(&self, pays: &[i64]) -> i128 {
        let won: i128 = self
            .sets
            .iter()
            .map(|&(s, n)| n * self.settled(s, pays) as i128)
            .sum();
        won - 2 * self.none
    }

    /// The rounds on which the table pays (a win; a pay of 0 pushes).
    pub(crate) fn wins(&self, pays: &[i64]) -> i128 {
        self.sets
            .iter()
            .filter(|&&(s, _)| self.settled(s, pays) > 0)
            .map(|(_, n)| n)
            .sum()
    }

    /// The sum of squared net results, in quarters of a unit squared.
    pub(crate) fn squares(&self, pays: &[i64]) -> BigInt {
        let won: BigInt = self
            .sets
            .iter()
            .map(|&(s, n)| {
                let p = self.settled(s, pays) as i128;
                BigInt::from(n) * BigInt::from(p * p)
            })
            .sum();
        won + BigInt::from(4 * self.none)
    }

    /// The exact figures of a table (pays in halves).
    pub(crate) fn candidate(&self, pays: &[i64]) -> Candidate {
        let t = BigInt::from(self.total);
        let s = BigInt::from(self.net(pays));
        // Per unit: the mean is S / 2T, the mean square Q / 4T.
        let mean = BigRational::new(s, BigInt::from(2) * &t);
        let mean_square = BigRational::new(self.squares(pays), BigInt::from(4) * &t);
        Candidate {
            pays: pays.iter().map(|&h| Ratio::new(h as i128, 2)).collect(),
            house_edge: -mean.clone(),
            hit_frequency: BigRational::new(BigInt::from(self.wins(pays)), t),
            variance: mean_square - &mean * &mean,
        }
    }
}
