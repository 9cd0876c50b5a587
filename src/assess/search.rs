//! Which whole-number pay tables give a printed house edge, for a wager
//! whose document omits its pays. Never a guess: every table listed is
//! computed exactly from the engine's event counts, and all of them are
//! counted. The report words the result (`crate::report::search`).

use crate::engine::Analysis;
use crate::engine::stats::big;
use crate::model::{Pay, PayRange, PaySearch, Spec};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};

/// Tables listed in reports (all are counted).
pub const LISTED: usize = 20;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SearchResult {
    pub wager: String,
    pub printed: String,
    pub source: String,
    /// The searched events and their ranges, e.g. `ultimate_block 1..1000`.
    pub ranges: Vec<String>,
    /// Whether pays may not rise down the list of searched events.
    pub non_increasing: bool,
    /// How many tables give the printed edge at its precision.
    pub matches: u64,
    /// The first `LISTED` by total of pays, then pays in listed order:
    /// per table, the pay of each event ("50 to 1", "push") and its house
    /// edge as a 4-place percent (the exact figure is the engine's, rounded).
    pub tables: Vec<FoundTable>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FoundTable {
    pub pays: Vec<(String, String)>,
    pub house_edge: String,
}

pub fn search(spec: &Spec, a: &Analysis, p: &PaySearch) -> SearchResult {
    let w = &spec.wagers[p.wager];
    let stats = &a.wagers[p.wager].tables[0];
    let counts: Vec<i128> = stats
        .events
        .iter()
        .map(|e| e.combinations as i128)
        .collect();
    let total = stats.total as i128;
    // Net of the fixed events and of the rounds where no event holds.
    let mut fixed = BigRational::from_integer(BigInt::from(-(stats.no_event as i128)));
    for (r, c) in p.ranges.iter().zip(&counts) {
        if let PayRange::Fixed(pay) = r {
            fixed += big(pay.net()) * BigRational::from_integer(BigInt::from(*c));
        }
    }
    // The edge rounds to the printed figure: edge in [x - h, x + h).
    let (x, places) = super::claims::printed(&p.house_edge);
    let h = BigRational::new(1.into(), BigInt::from(2) * BigInt::from(10).pow(places + 2));
    let t = BigRational::from_integer(BigInt::from(total));
    // edge = -(fixed + S) / total, so S in (-(x + h) T - fixed, -(x - h) T - fixed].
    let s_hi = -((&x - &h) * &t) - &fixed;
    let s_lo = -((&x + &h) * &t) - &fixed;
    // Rounding half away from zero: a positive edge's interval is closed
    // below and open above, a negative one's the other way round (in S,
    // which falls as the edge rises, the ends swap).
    let one = BigInt::from(1);
    let (s_min, s_max) = if x.is_negative() {
        (s_lo.ceil().to_integer(), s_hi.ceil().to_integer() - &one)
    } else {
        (s_lo.floor().to_integer() + &one, s_hi.floor().to_integer())
    };
    let s_min = s_min.to_i128().unwrap_or(i128::MIN);
    let s_max = s_max.to_i128().unwrap_or(i128::MAX);
    let searched: Vec<usize> = (0..p.ranges.len())
        .filter(|&k| matches!(p.ranges[k], PayRange::Search(..)))
        .collect();
    let mut found: std::collections::BTreeSet<(i64, Vec<i64>)> = Default::default();
    let mut matches = 0u64;
    // The widest range is solved directly; the others are enumerated.
    let solve = (0..searched.len()).max_by_key(|&i| {
        let (a, b) = range(p, searched[i]);
        (b - a, std::cmp::Reverse(i))
    });
    if let Some(solve) = solve {
        let mut pays = vec![0i64; searched.len()];
        let mut ctx = Ctx {
            p,
            counts: &counts,
            searched: &searched,
            solve,
            s_min,
            s_max,
            found: &mut found,
            matches: &mut matches,
        };
        ctx.walk(0, 0, &mut pays);
    }
    let tables = found
        .iter()
        .map(|(_, pays_found)| {
            let mut s = fixed.clone();
            let mut pays = Vec::new();
            let mut it = pays_found.iter();
            for (k, r) in p.ranges.iter().enumerate() {
                let pay = match r {
                    PayRange::Fixed(pay) => *pay,
                    PayRange::Search(..) => {
                        let v = *it.next().expect("one pay per searched event");
                        s += BigRational::from_integer(BigInt::from(v as i128 * counts[k]));
                        Pay::Win(crate::model::Ratio::int(v as i128))
                    }
                };
                pays.push((w.events[k].id.clone(), pay.describe()));
            }
            let edge = -(s / &t);
            FoundTable {
                pays,
                house_edge: crate::numbers::percent(&edge, 4),
            }
        })
        .collect();
    SearchResult {
        wager: w.id.clone(),
        printed: p.house_edge.clone(),
        source: p.source.clone(),
        ranges: searched
            .iter()
            .map(|&k| match p.ranges[k] {
                PayRange::Search(a, b) => format!("{} {a}..{b}", w.events[k].id),
                PayRange::Fixed(_) => unreachable!("searched events have ranges"),
            })
            .collect(),
        non_increasing: p.non_increasing,
        matches,
        tables,
    }
}

fn range(p: &PaySearch, k: usize) -> (i64, i64) {
    match p.ranges[k] {
        PayRange::Search(a, b) => (a, b),
        PayRange::Fixed(_) => (0, 0),
    }
}

struct Ctx<'a> {
    p: &'a PaySearch,
    counts: &'a [i128],
    /// Event indices of the searched events, in listed order.
    searched: &'a [usize],
    /// Position in `searched` of the event solved for.
    solve: usize,
    s_min: i128,
    s_max: i128,
    /// The `LISTED` first tables by (sum of pays, pays).
    found: &'a mut std::collections::BTreeSet<(i64, Vec<i64>)>,
    matches: &'a mut u64,
}

impl Ctx<'_> {
    /// Chooses the pay of searched event `i` (skipping the solved one); at
    /// the end solves the remaining one's pays directly.
    fn walk(&mut self, i: usize, partial: i128, pays: &mut Vec<i64>) {
        if i == self.solve {
            return self.walk(i + 1, partial, pays);
        }
        if i == self.searched.len() {
            return self.solved(partial, pays);
        }
        // Pays do not rise: bounded by the previous enumerated event's pay.
        let prev = (0..i).rev().find(|&j| j != self.solve);
        let cap = match prev {
            Some(j) if self.p.non_increasing => pays[j],
            _ => i64::MAX,
        };
        let k = self.searched[i];
        let (a, b) = range(self.p, k);
        for v in a..=b.min(cap) {
            pays[i] = v;
            self.walk(i + 1, partial + v as i128 * self.counts[k], pays);
        }
    }

    fn solved(&mut self, partial: i128, pays: &mut [i64]) {
        let i = self.solve;
        let k = self.searched[i];
        let (mut lo, mut hi) = range(self.p, k);
        if self.p.non_increasing {
            if i > 0 {
                hi = hi.min(pays[i - 1]);
            }
            if i + 1 < pays.len() {
                lo = lo.max(pays[i + 1]);
            }
        }
        let c = self.counts[k];
        if c == 0 {
            if !(self.s_min..=self.s_max).contains(&partial) {
                return;
            }
        } else {
            let a = Integer::div_ceil(&(self.s_min - partial), &c);
            let b = Integer::div_floor(&(self.s_max - partial), &c);
            lo = lo.max(a.clamp(i64::MIN as i128, i64::MAX as i128) as i64);
            hi = hi.min(b.clamp(i64::MIN as i128, i64::MAX as i128) as i64);
        }
        for v in lo..=hi {
            *self.matches += 1;
            pays[i] = v;
            let key = (pays.iter().sum::<i64>(), pays.to_vec());
            if self.found.len() < LISTED || key < *self.found.last().expect("full") {
                self.found.insert(key);
                if self.found.len() > LISTED {
                    self.found.pop_last();
                }
            }
        }
    }
}
