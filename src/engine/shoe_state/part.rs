//! One part's signatures: built by one walk, weighed per composition.

use super::super::compiled::compile;
use super::super::hash::FxMap;
use super::super::plan::{Group, Level, Plan, plan_of};
use super::super::shoe::Composition;
use super::exact::{Exact, to_f64};
use super::lanes;
use super::walk::{Columns, Leaf, Leaves, Settling, Sink, classes_at};
use super::weights::{ONE, factor_lanes, factor_table, factors_of, falling};
use super::{Part, Row, Sig};
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

/// A signature while a part is built: its slots used beyond four, its
/// row of stored values (column, count) as a start and length in one
/// shared array (a vector each cost Lucky Draw 365,314 allocations, and
/// their freeing a tenth of a second), and its weight factors.
type Item = (u8, u32, u32, [u16; SLOTS]);

/// Compositions priced in one pass over the signatures (see
/// [`Part::sums`]).
pub(super) const TOGETHER: usize = lanes::LANES;

/// One walk's sums: per signature, the column sums.
struct Sums {
    cols: usize,
    index: FxMap<u64, usize>,
    values: Vec<i64>,
}

impl Sink for Sums {
    fn add(&mut self, leaf: &Leaf, entries: &[(u32, i64)]) {
        // Sums by signature count each leaf once: no walk into this sink
        // relabels ranks, and its suits are not alike (the default).
        debug_assert_eq!(leaf.times, 1, "a leaf standing for others");
        let next = self.index.len();
        let at = *self.index.entry(leaf.sig()).or_insert(next);
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
        let most = settling.most_per_round();
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
                    settling.walk((a, b), u16::MAX, None, &mut sums);
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
        // Each signature's row of stored values (see `Row`) and factors.
        let mut col_abs = vec![0u128; ncols];
        let mut items: Vec<Item> = Vec::new();
        let mut stored: Vec<(u32, i64)> = Vec::new();
        for (sig, at) in index {
            let start = stored.len();
            for c in 0..ncols {
                let v = values[at * ncols + c];
                if v != 0 {
                    stored.push((c as u32, v));
                    col_abs[c] += v.unsigned_abs() as u128;
                }
            }
            if stored.len() == start {
                continue;
            }
            let (factors, extra) = factors_of(sig);
            items.push((extra, start as u32, (stored.len() - start) as u32, factors));
        }
        let row = |it: &Item| &stored[it.1 as usize..(it.1 + it.2) as usize];
        // Sorted by row, by weight factors within one, so that consecutive
        // signatures share most of their weight's product (`Sig::shared`).
        // On both cores: Lucky Draw sorts 365,314; items that compare equal
        // read alike (where their rows are stored does not matter), so the
        // order is the same however the sort splits.
        items.par_sort_unstable_by(|a, b| (a.0, row(a), a.3).cmp(&(b.0, row(b), b.3)));
        let same_row = |a: &Item, b: &Item| a.0 == b.0 && row(a) == row(b);
        let distinct = 1 + items.windows(2).filter(|w| !same_row(&w[0], &w[1])).count();
        // Grouped only where rows are few: a row costs a total per
        // composition and breaks the run of shared factors, which pays
        // where many signatures share a row (Lucky 8: 737 rows for 91,754
        // signatures; 21st Century's 3,860 for 6,958 do not). Else each
        // signature is its own row, sorted by factors.
        let grouped = distinct * 4 <= items.len();
        if !grouped {
            items.par_sort_unstable_by(|a, b| (a.0, a.3, row(a)).cmp(&(b.0, b.3, row(b))));
        }
        let mut rows: Vec<Row> = Vec::new();
        let mut sigs: Vec<Sig> = Vec::with_capacity(items.len());
        let mut entries = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let (extra, factors) = (item.0, &item.3);
            if i == 0 || !grouped || !same_row(&items[i - 1], item) {
                let start = entries.len() as u32;
                entries.extend_from_slice(row(item));
                rows.push(Row {
                    extra,
                    sigs: sigs.len() as u32..sigs.len() as u32,
                    entries: start..entries.len() as u32,
                });
            }
            let len = factors.iter().take_while(|&&f| f != ONE).count() as u8;
            // A pass walks the rows in order, so the signature before may
            // be the last of the row before.
            let shared = sigs.last().map_or(0, |p: &Sig| {
                (0..p.len.min(len) as usize)
                    .take_while(|&k| p.factors[k] == factors[k])
                    .count() as u8
            });
            sigs.push(Sig {
                factors: *factors,
                len,
                shared,
            });
            rows.last_mut().expect("a row").sigs.end = sigs.len() as u32;
        }
        Part {
            level,
            cols,
            scales,
            outputs: ncols,
            mix,
            sigs,
            rows,
            entries,
            bound: col_abs.into_iter().max().unwrap_or(0),
            most,
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
        for (((raw, c), total), out) in self
            .raw_sums(compositions)
            .into_iter()
            .zip(compositions)
            .zip(totals)
            .zip(outs)
        {
            for (w, t, edge) in self.big_fractions(raw, c.total(), total) {
                out[w][t] = edge;
            }
        }
    }

    /// [`Part::edges`] as the nearest floating-point numbers: each the
    /// quotient of the same two exact integers, formed in 128 bits where
    /// they fit (checked at every step) and else as big integers. Both
    /// conversions round to nearest, so the quotient is the same either
    /// way; the big integers cost most of the bound's pricing otherwise
    /// (an allocation per column and table of every round priced).
    pub(super) fn edges_f64(&self, compositions: &[Composition], outs: &mut [Vec<Vec<f64>>]) {
        for ((raw, c), out) in self
            .raw_sums(compositions)
            .into_iter()
            .zip(compositions)
            .zip(outs)
        {
            let n = c.total();
            if let Raw::Narrow(acc) = &raw
                && let Some(edges) = self.narrow_fractions(n, acc)
            {
                for (w, t, (num, den)) in edges {
                    out[w][t] = num as f64 / den as f64;
                }
                continue;
            }
            let total = BigInt::from(falling(n, 6));
            for (w, t, (num, den)) in self.big_fractions(raw, n, &total) {
                out[w][t] = to_f64(&num) / to_f64(&den);
            }
        }
    }

    /// [`Part::fractions`] in 128-bit integers from a pass's sums (None
    /// where a step does not fit).
    fn narrow_fractions(&self, n: u128, acc: &[i128]) -> Option<Vec<Edge<i128>>> {
        let ncols = self.outputs;
        let sums = self.columns(n, |x, col| acc[x * ncols + col])?;
        self.fractions(&sums, &i128::of_u128(falling(n, 6))?)
    }

    /// [`Part::fractions`] in big integers, which hold every step.
    fn big_fractions(&self, raw: Raw, n: u128, total: &BigInt) -> Vec<Edge<BigInt>> {
        let sums = match raw {
            Raw::Narrow(acc) => {
                let ncols = self.outputs;
                self.columns(n, |x, col| BigInt::from(acc[x * ncols + col]))
                    .expect("big integers hold every sum")
            }
            Raw::Wide(columns) => columns,
        };
        self.fractions(&sums, total)
            .expect("big integers hold every edge")
    }

    /// Per composition, per column: the sum over the signatures of weight
    /// times value, the ways to fill the unused slots included.
    ///
    /// Compositions are priced [`TOGETHER`] at a time, each signature's
    /// values loaded once for all of them: per stored value the loop's own
    /// cost (the load, the index, the bounds) is most of a composition's
    /// price, and the shoes of a pass share it (Lucky 8, before the
    /// lanes: 2.5 ms a shoe alone, 1.1 ms in eights, `cargo bench --bench
    /// shoe_state`).
    fn raw_sums(&self, compositions: &[Composition]) -> Vec<Raw> {
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
        let mut out: Vec<Raw> = (0..compositions.len())
            .map(|_| Raw::Wide(Vec::new()))
            .collect();
        let mut chunks = fast.chunks_exact(TOGETHER);
        for chunk in chunks.by_ref() {
            let these: Vec<&Composition> = chunk.iter().map(|&i| &compositions[i]).collect();
            let sums = if lanes::available() && these.iter().all(|c| self.lanes_exact(c.total())) {
                self.sums_in_lanes(&these)
            } else {
                self.sums_narrow::<TOGETHER>(&these)
            };
            for (&i, sums) in chunk.iter().zip(sums) {
                out[i] = Raw::Narrow(sums);
            }
        }
        for &i in chunks.remainder() {
            let sums = self.sums_narrow::<1>(&[&compositions[i]]);
            out[i] = Raw::Narrow(sums.into_iter().next().expect("one composition"));
        }
        for i in wide {
            out[i] = Raw::Wide(self.sums_wide(&compositions[i]));
        }
        out
    }

    /// Column sums from the output columns' sums by slots used beyond four
    /// (`at(x, output)`): each times the ways to fill the slots left
    /// unused, (n - 4 - x) falling (2 - x); then each pay table's from
    /// its events' (`mix`).
    fn columns<T: Exact>(&self, n: u128, at: impl Fn(usize, usize) -> T) -> Option<Vec<T>> {
        let outputs = (0..self.outputs)
            .map(|o| {
                (0..3).try_fold(T::of(0)?, |sum, x| {
                    let ways = T::of_u128(falling(n - 4 - x as u128, 2 - x as u32))?;
                    sum.plus(&at(x, o).times(&ways)?)
                })
            })
            .collect::<Option<Vec<T>>>()?;
        self.mix
            .iter()
            .map(|terms| match terms[..] {
                // A column stored as itself (by table, or not placed).
                [(o, 1)] => Some(outputs[o as usize].clone()),
                _ => terms.iter().try_fold(T::of(0)?, |sum, &(o, f)| {
                    sum.plus(&outputs[o as usize].times(&T::of(f.into())?)?)
                }),
            })
            .collect()
    }

    /// Factor tables side by side: factor `f` of every composition.
    fn factors<const K: usize>(&self, compositions: &[&Composition]) -> Vec<[u64; K]> {
        factor_lanes::<K>(self.level, compositions)
    }

    /// [`Part::sums`] of [`lanes::LANES`] compositions in one pass of the
    /// processor's lanes (see `lanes`; the caller checked they are exact).
    pub(super) fn sums_in_lanes(&self, compositions: &[&Composition]) -> Vec<Vec<i128>> {
        let low = compositions.iter().all(|c| self.low_exact(c.total()));
        let acc = self.sums_lanes(&self.factors::<{ lanes::LANES }>(compositions), low);
        by_composition(compositions.len(), &acc)
    }

    /// [`Part::sums`] of `K` compositions in one pass, in 64-bit weights
    /// and 128-bit sums (the caller checked they fit).
    pub(super) fn sums_narrow<const K: usize>(
        &self,
        compositions: &[&Composition],
    ) -> Vec<Vec<i128>> {
        let ncols = self.outputs;
        let factor = self.factors::<K>(compositions);
        // Per extra slot used and column, per composition.
        let mut acc = vec![[0i128; K]; 3 * ncols];
        // The products of each signature's first factors: row `i` is the
        // product of `i` of them, kept from the signature before as far as
        // the two share factors.
        let mut prefix = [[1u64; K]; SLOTS + 1];
        // A signature's weight from the products kept in `prefix`.
        let weigh = |s: &Sig, prefix: &mut [[u64; K]; SLOTS + 1]| -> [u64; K] {
            for i in s.shared as usize..s.len as usize {
                let f = &factor[s.factors[i] as usize];
                let (done, next) = prefix.split_at_mut(i + 1);
                for j in 0..K {
                    next[0][j] = done[i][j] * f[j];
                }
            }
            prefix[s.len as usize]
        };
        if self.rows.len() == self.sigs.len() {
            // A row a signature: its weight, one widening multiply a value.
            for (s, row) in self.sigs.iter().zip(&self.rows) {
                let w = weigh(s, &mut prefix);
                if w.iter().all(|&x| x == 0) {
                    continue;
                }
                self.add_row(&mut acc, row, |j, v| w[j] as i64 as i128 * v as i128);
            }
        } else {
            for row in &self.rows {
                // The row's weights' total: each below 2^63, so 128 bits
                // hold it; each product with a value is at most the
                // column's bound times n^6, which the caller checked fits.
                let mut total = [0u128; K];
                for s in &self.sigs[row.sigs.start as usize..row.sigs.end as usize] {
                    let w = weigh(s, &mut prefix);
                    for j in 0..K {
                        total[j] += w[j] as u128;
                    }
                }
                if total.iter().all(|&x| x == 0) {
                    continue;
                }
                self.add_row(&mut acc, row, |j, v| total[j] as i128 * v as i128);
            }
        }
        by_composition(compositions.len(), &acc)
    }

    /// Adds `times(j, value)` for composition `j` to each stored value's
    /// column of `row` (`acc` per extra slot used and column). The caller's
    /// product decides the multiply: one widening multiply for a single
    /// signature's 64-bit weight, a 128-bit one for a row's total.
    #[inline(always)]
    fn add_row<const K: usize>(
        &self,
        acc: &mut [[i128; K]],
        row: &Row,
        times: impl Fn(usize, i64) -> i128,
    ) {
        let base = row.extra as usize * self.outputs;
        for &(c, v) in &self.entries[row.entries.start as usize..row.entries.end as usize] {
            let acc = &mut acc[base + c as usize];
            for (j, x) in acc.iter_mut().enumerate() {
                *x += times(j, v);
            }
        }
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
            for row in &self.rows {
                let total: i128 = self.sigs[row.sigs.start as usize..row.sigs.end as usize]
                    .iter()
                    .map(|s| s.factors.iter().fold(1u128, |w, &f| w * factor[f as usize]) as i128)
                    .sum();
                let acc = &mut acc[row.extra as usize * ncols..(row.extra as usize + 1) * ncols];
                for &(c, v) in &self.entries[row.entries.start as usize..row.entries.end as usize] {
                    acc[c as usize] += total * v as i128;
                }
            }
            acc.into_iter().map(BigInt::from).collect()
        } else {
            let mut acc = vec![BigInt::zero(); 3 * ncols];
            for row in &self.rows {
                let total: BigInt = self.sigs[row.sigs.start as usize..row.sigs.end as usize]
                    .iter()
                    .map(|s| {
                        s.factors
                            .iter()
                            .fold(BigInt::one(), |w, &f| w * BigInt::from(factor[f as usize]))
                    })
                    .sum();
                for &(c, v) in &self.entries[row.entries.start as usize..row.entries.end as usize] {
                    acc[row.extra as usize * ncols + c as usize] += &total * BigInt::from(v);
                }
            }
            acc
        };
        self.columns(n, |x, col| acc[x * ncols + col].clone())
            .expect("big integers hold every sum")
    }

    /// Each pay table's edge from one composition's column sums (`total`
    /// its sequences of six cards): per wager, rounds placed; per table,
    /// 1 - returned / (scale x placed), as (numerator, denominator > 0)
    /// over scale x placed, 0 over 1 for a wager never placed. None where
    /// a step does not fit `T`.
    fn fractions<T: Exact>(&self, sums: &[T], total: &T) -> Option<Vec<Edge<T>>> {
        let mut out = Vec::new();
        for (c, &(w, t)) in self.cols.iter().enumerate() {
            let Some(t) = t else { continue };
            let placed = match self.cols.iter().position(|&(x, y)| x == w && y.is_none()) {
                Some(k) => total.minus(&sums[k])?,
                None => total.clone(),
            };
            let edge = if placed.is_nought() {
                (T::of(0)?, T::of(1)?)
            } else {
                let den = placed.times(&T::of(self.scales[c].into())?)?;
                (den.minus(&sums[c])?, den)
            };
            out.push((w, t, edge));
        }
        Some(out)
    }
}

/// A pay table's edge: its wager, the table, and the edge as (numerator,
/// denominator).
type Edge<T> = (usize, usize, (T, T));

/// A composition's sums from a pass: per extra slot used and output column
/// in 128 bits (`x * outputs + column`), or, for a shoe too large for
/// them, its column sums already formed as big integers.
enum Raw {
    Narrow(Vec<i128>),
    Wide(Vec<BigInt>),
}

/// A pass's sums (per slot and column, per composition) split by
/// composition: the first `k` lanes.
fn by_composition<const K: usize>(k: usize, acc: &[[i128; K]]) -> Vec<Vec<i128>> {
    (0..k)
        .map(|j| acc.iter().map(|lanes| lanes[j]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part of one wager with two pay tables (the second's pays in
    /// halves) and a condition for being placed, its sums as a pass would
    /// leave them: no walk needed.
    fn part() -> Part {
        Part {
            level: Level::Rank,
            cols: vec![(0, Some(0)), (0, Some(1)), (0, None)],
            scales: vec![1, 2, 1],
            outputs: 3,
            mix: vec![vec![(0, 1)], vec![(1, 1)], vec![(2, 1)]],
            sigs: Vec::new(),
            rows: Vec::new(),
            entries: Vec::new(),
            bound: 0,
            most: 101,
        }
    }

    /// The 128-bit edges are the big integers' quotient bit for bit, and
    /// step aside (None) where a sum would not fit 128 bits: the bound then
    /// takes the big integers' way (`Part::edges_f64`).
    #[test]
    fn narrow_edges_equal_the_big_integers_and_refuse_what_does_not_fit() {
        let part = part();
        let n = 400u128;
        // Per extra slot used and column: sums of the sizes sequences of
        // 4, 5 and 6 cards give (the figures need not be a game's).
        let acc: Vec<i128> = vec![
            11_000_000_007,
            23_000_000_011,
            9_000_000_019,
            4_400_000_003_017,
            9_100_000_000_023,
            3_600_000_000_029,
            1_700_000_000_000_031,
            3_900_000_000_000_037,
            1_400_000_000_000_041,
        ];
        let narrow = part.narrow_fractions(n, &acc).expect("fits 128 bits");
        let total = BigInt::from(falling(n, 6));
        let exact = part.big_fractions(Raw::Narrow(acc.clone()), n, &total);
        assert_eq!(narrow.len(), 2);
        for ((w, t, (num, den)), (bw, bt, (bnum, bden))) in narrow.into_iter().zip(exact) {
            assert_eq!((w, t), (bw, bt));
            let quotient = num as f64 / den as f64;
            assert_eq!(
                quotient.to_bits(),
                (to_f64(&bnum) / to_f64(&bden)).to_bits()
            );
            assert!(quotient != 0.0);
        }
        let mut huge = acc.clone();
        huge[0] = i128::MAX / 3;
        assert!(part.narrow_fractions(n, &huge).is_none());
        // The residues alone serve an 8-deck shoe for a largest return of
        // 101 units (416^6 x 101 < 2^63), not a shoe of 1,000 decks.
        assert!(part.low_exact(416) && !part.low_exact(52_000));
    }
}
