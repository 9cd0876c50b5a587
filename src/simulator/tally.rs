//! What a pass counts: exact integers, so that blocks, threads and shards
//! add up to the same totals in any order.
//!
//! Nets are counted in each pay table's own unit, the smallest fraction
//! of a stake its pays need (1/20 for a pay of 0.95 to 1), so a round's
//! net is an integer and sums of squares are exact.

use crate::model::{Pay, Spec};
use serde::{Deserialize, Serialize};

/// Penetrations a dealt pass reports at once: rounds are tallied by the
/// band of the shoe they begin in, and a shallower penetration is the
/// first bands of a deeper one.
pub(crate) const BANDS: usize = 3;

/// The pay tables of a spec, flattened: per table its settlement codes'
/// nets in the table's unit.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Per table: the net of each code (see `super::memo::Code`).
    pub(crate) nets: Vec<Vec<i64>>,
    /// Per table: stakes per unit (the unit is 1/scale of a stake).
    pub(crate) scale: Vec<i64>,
}

impl Layout {
    pub(crate) fn new(spec: &Spec) -> Layout {
        let mut nets = Vec::new();
        let mut scale = Vec::new();
        for w in &spec.wagers {
            for t in &w.pay_tables {
                let den = t.pays.iter().fold(1i128, |acc, p| {
                    let d = p.net().den;
                    acc / crate::model::ratio::gcd(acc, d) * d
                });
                let unit = |p: Pay| (p.net().num * (den / p.net().den)) as i64;
                let mut n = vec![0, -(den as i64)];
                n.extend(t.pays.iter().map(|&p| unit(p)));
                nets.push(n);
                scale.push(den as i64);
            }
        }
        Layout { nets, scale }
    }

    pub(crate) fn tables(&self) -> usize {
        self.nets.len()
    }

    pub(crate) fn codes(&self, table: usize) -> usize {
        self.nets[table].len()
    }
}

/// Rounds dealt each from a full shoe: per pay table, rounds per code.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FullTally {
    pub rounds: u64,
    /// Per pay table, per settlement code: rounds.
    pub codes: Vec<Vec<u64>>,
}

impl FullTally {
    pub(crate) fn new(layout: &Layout) -> FullTally {
        FullTally {
            rounds: 0,
            codes: (0..layout.tables())
                .map(|t| vec![0; layout.codes(t)])
                .collect(),
        }
    }

    pub fn add(&mut self, other: &FullTally) {
        self.rounds += other.rounds;
        for (a, b) in self.codes.iter_mut().zip(&other.codes) {
            add_all(a, b);
        }
    }
}

/// Rounds dealt from shoes to a cut card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealtTally {
    pub shoes: u64,
    /// Rounds begun in each band of the shoe.
    pub rounds: [u64; BANDS],
    /// Count buckets per band (1 when no count is kept).
    pub buckets: usize,
    /// Per penetration (bands 0..=k): the sum over shoes of the square of
    /// the shoe's rounds.
    #[serde(with = "strings")]
    pub rounds_squared: Vec<i128>,
    pub tables: Vec<DealtTable>,
}

/// One pay table's tallies in a dealt pass.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealtTable {
    /// Rounds per band, count bucket and code: `[band][bucket][code]` flat.
    pub codes: Vec<u64>,
    /// Per penetration k and threshold bucket b: the sum over shoes of the
    /// square of the shoe's net on rounds begun in bands 0..=k at a count
    /// in bucket b or above. `[k][b]` flat.
    #[serde(with = "strings")]
    pub shoe_squares: Vec<i128>,
    /// Per penetration k: the sum over shoes of the shoe's net on every
    /// round times its rounds (for the ratio estimate's error).
    #[serde(with = "strings")]
    pub net_by_rounds: Vec<i128>,
}

impl DealtTally {
    pub(crate) fn new(layout: &Layout, buckets: usize) -> DealtTally {
        DealtTally {
            shoes: 0,
            rounds: [0; BANDS],
            buckets,
            rounds_squared: vec![0; BANDS],
            tables: (0..layout.tables())
                .map(|t| DealtTable {
                    codes: vec![0; BANDS * buckets * layout.codes(t)],
                    shoe_squares: vec![0; BANDS * buckets],
                    net_by_rounds: vec![0; BANDS],
                })
                .collect(),
        }
    }

    pub fn add(&mut self, other: &DealtTally) {
        self.shoes += other.shoes;
        add_all(&mut self.rounds, &other.rounds);
        add_all(&mut self.rounds_squared, &other.rounds_squared);
        for (a, b) in self.tables.iter_mut().zip(&other.tables) {
            add_all(&mut a.codes, &b.codes);
            add_all(&mut a.shoe_squares, &b.shoe_squares);
            add_all(&mut a.net_by_rounds, &b.net_by_rounds);
        }
    }
}

fn add_all<T: Copy + std::ops::AddAssign>(a: &mut [T], b: &[T]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += *y;
    }
}

/// 128-bit sums as decimal strings: JSON readers keep only 53 bits of a
/// number, and a merge must add these exactly.
mod strings {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[i128], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|x| x.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
        let v: Vec<String> = Vec::deserialize(d)?;
        v.iter()
            .map(|x| x.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}
