//! One part's signatures: built by one walk, weighed per composition.

use super::super::compiled::compile;
use super::super::plan::{Group, Level, Plan, plan_of};
use super::super::shoe::Composition;
use super::hash::FxMap;
use super::walk::{Columns, Leaf, Leaves, Settling, Sink, classes_at};
use super::weights::{ONE, factor_table, factors_of, falling};
use super::{Part, Sig};
use crate::model::Spec;
use crate::model::round::SLOTS;
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

/// Compositions priced in one pass over the signatures (see
/// [`Part::sums`]).
const TOGETHER: usize = 8;

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
        let (settling, cols) = Settling::new(spec, level, before_draws, wagers, Columns::Events);
        let scales = settling.scales.clone();
        let mix = settling.mix.clone();
        let k = classes_at(level);
        let tasks: Vec<(u8, u8)> = (0..k).flat_map(|a| (0..k).map(move |b| (a, b))).collect();
        // Stored by event: the pay tables' sums are mixed from them.
        let ncols = settling.outputs;
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
                    // Every class: the signatures serve every shoe.
                    settling.walk(a, b, u16::MAX, &mut sums);
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
        // Sorted by weight factors, consecutive signatures share most of
        // their weight's product (see `Sig::shared`); the stored values in
        // the same order, so a pass reads them front to back.
        let mut keyed: Vec<(u8, [u16; SLOTS], usize)> = index
            .into_iter()
            .map(|(sig, at)| {
                let (factors, extra) = factors_of(sig);
                (extra, factors, at)
            })
            .collect();
        keyed.sort_unstable();
        let mut sigs: Vec<Sig> = Vec::new();
        let mut entries = Vec::new();
        let mut col_abs = vec![0u128; ncols];
        for (extra, factors, at) in keyed {
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
            let len = factors.iter().take_while(|&&f| f != ONE).count() as u8;
            let shared = sigs.last().map_or(0, |p| {
                (0..p.len.min(len) as usize)
                    .take_while(|&k| p.factors[k] == factors[k])
                    .count() as u8
            });
            sigs.push(Sig {
                factors,
                len,
                shared,
                extra,
                entries: start..entries.len() as u32,
            });
        }
        Part {
            level,
            cols,
            scales,
            outputs: ncols,
            mix,
            sigs,
            entries,
            bound: col_abs.into_iter().max().unwrap_or(0),
        }
    }

    /// Adds the part's wagers' edges in each of `compositions` to the
    /// matching `outs` (one per composition).
    pub(super) fn edges(
        &self,
        compositions: &[Composition],
        totals: &[BigInt],
        outs: &mut [Vec<Vec<(BigInt, BigInt)>>],
    ) {
        for ((sums, total), out) in self.sums(compositions).iter().zip(totals).zip(outs) {
            self.finish(sums, total, out);
        }
    }

    /// Per composition, per column: the sum over the signatures of weight
    /// times value, the ways to fill the unused slots included.
    ///
    /// Compositions are priced [`TOGETHER`] at a time, each signature's
    /// values loaded once for all of them: per stored value the loop's own
    /// cost (the load, the index, the bounds) is most of a composition's
    /// price, and eight shoes share it (Lucky 8: 2.5 ms a shoe alone, 1.1
    /// ms in eights, `cargo bench --bench shoe_state`).
    fn sums(&self, compositions: &[Composition]) -> Vec<Vec<BigInt>> {
        // |sum| <= n^6 * bound: i128 when that fits with room to spare; a
        // signature's weight counts sequences of at most six cards, at
        // most n^6, so 64 bits hold it while n^6 < 2^63 (n < 1448), and
        // each product with a value is one widening multiply.
        let narrow = |c: &Composition| {
            c.total().checked_pow(6).is_some_and(|n6| {
                n6 < (1u128 << 63)
                    && n6
                        .checked_mul(self.bound)
                        .is_some_and(|x| x < (1u128 << 126))
            })
        };
        let (fast, wide): (Vec<usize>, Vec<usize>) =
            (0..compositions.len()).partition(|&i| narrow(&compositions[i]));
        let mut out = vec![Vec::new(); compositions.len()];
        let mut chunks = fast.chunks_exact(TOGETHER);
        for chunk in chunks.by_ref() {
            let these: Vec<&Composition> = chunk.iter().map(|&i| &compositions[i]).collect();
            for (&i, sums) in chunk.iter().zip(self.sums_narrow::<TOGETHER>(&these)) {
                out[i] = sums;
            }
        }
        for &i in chunks.remainder() {
            let sums = self.sums_narrow::<1>(&[&compositions[i]]);
            out[i] = sums.into_iter().next().expect("one composition");
        }
        for i in wide {
            out[i] = self.sums_wide(&compositions[i]);
        }
        out
    }

    /// Column sums from the output columns' sums by slots used beyond four
    /// (`at(x, output)`): each times the ways to fill the slots left
    /// unused, (n - 4 - x) falling (2 - x); then each pay table's from
    /// its events' (`mix`).
    fn columns(&self, n: u128, at: impl Fn(usize, usize) -> BigInt) -> Vec<BigInt> {
        let outputs: Vec<BigInt> = (0..self.outputs)
            .map(|o| {
                (0..3)
                    .map(|x| at(x, o) * BigInt::from(falling(n - 4 - x as u128, 2 - x as u32)))
                    .sum()
            })
            .collect();
        self.mix
            .iter()
            .map(|terms| match terms[..] {
                // A column stored as itself (by table, or not placed).
                [(o, 1)] => outputs[o as usize].clone(),
                _ => terms
                    .iter()
                    .map(|&(o, f)| &outputs[o as usize] * BigInt::from(f))
                    .sum(),
            })
            .collect()
    }

    /// [`Part::sums`] of `K` compositions in one pass, in 64-bit weights
    /// and 128-bit sums (the caller checked they fit).
    fn sums_narrow<const K: usize>(&self, compositions: &[&Composition]) -> Vec<Vec<BigInt>> {
        let ncols = self.outputs;
        // Factor tables side by side: factor `f` of every composition.
        let tables: Vec<Vec<u128>> = compositions
            .iter()
            .map(|c| factor_table(self.level, c))
            .collect();
        let mut factor = vec![[0u64; K]; tables[0].len()];
        for (j, table) in tables.iter().enumerate() {
            for (f, &x) in table.iter().enumerate() {
                factor[f][j] = x as u64;
            }
        }
        // Per extra slot used and column, per composition.
        let mut acc = vec![[0i128; K]; 3 * ncols];
        // The products of each signature's first factors: row `i` is the
        // product of `i` of them, kept from the signature before as far as
        // the two share factors.
        let mut prefix = [[1u64; K]; SLOTS + 1];
        for s in &self.sigs {
            for i in s.shared as usize..s.len as usize {
                let f = &factor[s.factors[i] as usize];
                let (done, next) = prefix.split_at_mut(i + 1);
                for j in 0..K {
                    next[0][j] = done[i][j] * f[j];
                }
            }
            let w = &prefix[s.len as usize];
            if w.iter().all(|&x| x == 0) {
                continue;
            }
            let base = s.extra as usize * ncols;
            for &(c, v) in &self.entries[s.entries.start as usize..s.entries.end as usize] {
                let row = &mut acc[base + c as usize];
                for j in 0..K {
                    row[j] += w[j] as i64 as i128 * v as i128;
                }
            }
        }
        compositions
            .iter()
            .enumerate()
            .map(|(j, c)| self.columns(c.total(), |x, col| BigInt::from(acc[x * ncols + col][j])))
            .collect()
    }

    /// [`Part::sums`] of one composition too large for 64-bit weights or
    /// 128-bit sums: 128-bit weights while the sums fit, else big integers.
    fn sums_wide(&self, composition: &Composition) -> Vec<BigInt> {
        let n = composition.total();
        let factor = factor_table(self.level, composition);
        let ncols = self.outputs;
        let fits = n
            .checked_pow(6)
            .and_then(|w| w.checked_mul(self.bound))
            .is_some_and(|x| x < (1u128 << 126));
        let acc: Vec<BigInt> = if fits {
            let mut acc = vec![0i128; 3 * ncols];
            for s in &self.sigs {
                let w = s.factors.iter().fold(1u128, |w, &f| w * factor[f as usize]) as i128;
                if w == 0 {
                    continue;
                }
                let row = &mut acc[s.extra as usize * ncols..(s.extra as usize + 1) * ncols];
                for &(c, v) in &self.entries[s.entries.start as usize..s.entries.end as usize] {
                    row[c as usize] += w * v as i128;
                }
            }
            acc.into_iter().map(BigInt::from).collect()
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
            acc
        };
        self.columns(n, |x, col| acc[x * ncols + col].clone())
    }

    /// The edges from one composition's column sums into `out`.
    fn finish(&self, sums: &[BigInt], total: &BigInt, out: &mut [Vec<(BigInt, BigInt)>]) {
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
