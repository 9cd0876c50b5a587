//! One part's signatures: built by one walk, weighed per composition.

use super::super::compiled::compile;
use super::super::plan::{Group, Level, Plan, plan_of};
use super::super::shoe::Composition;
use super::hash::FxMap;
use super::walk::{Leaf, Leaves, Settling, Sink, classes_at};
use super::weights::{factor_table, factors_of, falling};
use super::{Part, Sig};
use crate::model::Spec;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// The wagers grouped into parts walked together: by the class level
/// `level` gives a wager's plan, and by whether any of its conditions
/// depends on the drawing; in the order the wagers come. The shoe states
/// and the observed table (`observed`) group alike.
pub(super) fn keyed_parts(
    spec: &Spec,
    wagers: &[usize],
    level: impl Fn(&Plan) -> Level,
) -> Vec<((Level, bool), Vec<usize>)> {
    let mut keyed: Vec<((Level, bool), Vec<usize>)> = Vec::new();
    for &w in wagers {
        let plan = plan_of(spec, w);
        let key_level = level(&plan);
        let single = Group {
            plan,
            wagers: vec![w],
        };
        let key = (key_level, compile(spec, &single).atoms.before_draws());
        match keyed.iter_mut().find(|(k, _)| *k == key) {
            Some((_, ws)) => ws.push(w),
            None => keyed.push((key, vec![w])),
        }
    }
    keyed
}

/// One walk's sums: per signature, the column sums.
struct Sums {
    cols: usize,
    index: FxMap<u64, usize>,
    values: Vec<i64>,
}

impl Sink for Sums {
    fn add(&mut self, leaf: &Leaf, entries: &[(u32, i64)]) {
        let next = self.index.len();
        let at = *self.index.entry(leaf.sig).or_insert(next);
        if at == next {
            self.values.resize((next + 1) * self.cols, 0);
        }
        for &(c, v) in entries {
            self.values[at * self.cols + c as usize] += v;
        }
    }
}

impl Part {
    pub(super) fn build(spec: &Spec, level: Level, before_draws: bool, wagers: &[usize]) -> Part {
        let (settling, cols) = Settling::new(spec, level, before_draws, wagers);
        let scales = settling.scales.clone();
        let k = classes_at(level);
        let tasks: Vec<(u8, u8)> = (0..k).flat_map(|a| (0..k).map(move |b| (a, b))).collect();
        let ncols = cols.len();
        let merged = tasks
            .par_chunks(
                tasks
                    .len()
                    .div_ceil(rayon::current_num_threads() * 4)
                    .max(1),
            )
            .map(|chunk| {
                let mut sums = Leaves::new(Sums {
                    cols: ncols,
                    index: FxMap::default(),
                    values: Vec::new(),
                });
                for &(a, b) in chunk {
                    settling.walk(a, b, &mut sums);
                }
                (sums.sink.index, sums.sink.values)
            })
            .reduce(
                || (FxMap::default(), Vec::new()),
                |(mut xi, mut xv), (yi, yv)| {
                    for (sig, at) in yi {
                        let next = xi.len();
                        let to = *xi.entry(sig).or_insert(next);
                        if to == next {
                            xv.resize((next + 1) * ncols, 0);
                        }
                        for c in 0..ncols {
                            xv[to * ncols + c] += yv[at * ncols + c];
                        }
                    }
                    (xi, xv)
                },
            );
        let (index, values) = merged;
        let mut keys: Vec<(u64, usize)> = index.into_iter().collect();
        keys.sort_unstable();
        let mut sigs = Vec::new();
        let mut entries = Vec::new();
        let mut col_abs = vec![0u128; ncols];
        for (sig, at) in keys {
            let start = entries.len() as u32;
            for c in 0..ncols {
                let v = values[at * ncols + c];
                if v != 0 {
                    entries.push((c as u32, v));
                    col_abs[c] += v.unsigned_abs() as u128;
                }
            }
            if entries.len() as u32 == start {
                continue;
            }
            let (factors, extra) = factors_of(sig);
            sigs.push(Sig {
                factors,
                extra,
                entries: start..entries.len() as u32,
            });
        }
        Part {
            level,
            cols,
            scales,
            sigs,
            entries,
            bound: col_abs.into_iter().max().unwrap_or(0),
        }
    }

    /// Adds the part's wagers' edges in `composition` to `out`.
    pub(super) fn edges(
        &self,
        composition: &Composition,
        total: &BigInt,
        out: &mut [Vec<(BigInt, BigInt)>],
    ) {
        let n = composition.total();
        let factor = factor_table(self.level, composition);
        let ncols = self.cols.len();
        // |sum| <= n^6 * bound: i128 when that fits with room to spare.
        let fits = n
            .checked_pow(6)
            .and_then(|w| w.checked_mul(self.bound))
            .is_some_and(|x| x < (1u128 << 126));
        let sums: Vec<BigInt> = if fits {
            // A signature's weight counts sequences of at most six cards:
            // at most n^6, so 64 bits hold it while n^6 < 2^63 (n < 1448),
            // and each product with a value is one widening multiply.
            let small = n.checked_pow(6).is_some_and(|x| x < (1u128 << 63));
            let factor64: Vec<u64> = if small {
                factor.iter().map(|&f| f as u64).collect()
            } else {
                Vec::new()
            };
            let mut acc = vec![0i128; 3 * ncols];
            for s in &self.sigs {
                let w = if small {
                    s.factors
                        .iter()
                        .fold(1u64, |w, &f| w * factor64[f as usize]) as i128
                } else {
                    s.factors.iter().fold(1u128, |w, &f| w * factor[f as usize]) as i128
                };
                if w == 0 {
                    continue;
                }
                let row = &mut acc[s.extra as usize * ncols..(s.extra as usize + 1) * ncols];
                for &(c, v) in &self.entries[s.entries.start as usize..s.entries.end as usize] {
                    row[c as usize] += w * v as i128;
                }
            }
            (0..ncols)
                .map(|c| {
                    (0..3)
                        .map(|x| {
                            BigInt::from(acc[x * ncols + c])
                                * BigInt::from(falling(n - 4 - x as u128, 2 - x as u32))
                        })
                        .sum()
                })
                .collect()
        } else {
            let mut acc = vec![BigInt::zero(); 3 * ncols];
            for s in &self.sigs {
                let w = s
                    .factors
                    .iter()
                    .fold(BigInt::one(), |w, &f| w * BigInt::from(factor[f as usize]));
                if w.is_zero() {
                    continue;
                }
                for &(c, v) in &self.entries[s.entries.start as usize..s.entries.end as usize] {
                    acc[s.extra as usize * ncols + c as usize] += &w * BigInt::from(v);
                }
            }
            (0..ncols)
                .map(|c| {
                    (0..3)
                        .map(|x| {
                            &acc[x * ncols + c]
                                * BigInt::from(falling(n - 4 - x as u128, 2 - x as u32))
                        })
                        .sum()
                })
                .collect()
        };
        // Per wager: rounds placed; per table: 1 - returned / (scale x placed).
        for (c, &(w, t)) in self.cols.iter().enumerate() {
            let Some(t) = t else { continue };
            let not_placed = self
                .cols
                .iter()
                .position(|&(x, y)| x == w && y.is_none())
                .map_or_else(BigInt::zero, |k| sums[k].clone());
            let placed = total - not_placed;
            // 1 - returned / (scale x placed), over (scale x placed).
            out[w][t] = if placed.is_zero() {
                (BigInt::zero(), BigInt::one())
            } else {
                let den = placed * BigInt::from(self.scales[c]);
                (&den - &sums[c], den)
            };
        }
    }
}
