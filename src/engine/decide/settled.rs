//! The decision enumeration for many shoes of one game: every round of
//! point values a walk reads settled once ([`Settled`]), then a tight loop
//! over the initial cards and the third cards in machine integers
//! ([`decisions_settled_many`]), eight shoes side by side: the table's
//! rows are read once a batch, and each step is one vector instruction for
//! the eight (AVX-512 where the processor has it). Where a hand's two
//! initial cards settle alike in either order, one order is walked and
//! both credited. About a millisecond a shoe one at a time, where the
//! general walk takes several; faster still in batches. `seen:N` and
//! `hole` (`crate::protect::informed`) read it. `tests/protect_informed.rs`
//! compares the two walks information set by information set.

use super::{
    Decisions, InfoSet, Keying, Outcomes, SLOTS, Walk, Yield, by_value, checked, settlers,
    spec_scale,
};
use crate::engine::shoe::Composition;
use crate::model::{Chart, Spec};
use rayon::prelude::*;

/// Every round of point values settled once: the objective's net (times
/// the scale) and units staked, by the four initial values and the third
/// cards (or none). Independent of the shoe.
pub struct Settled {
    /// By the initial values (`x0 + 10 x1 + 100 x3 + 1000 x4`), times 121,
    /// plus the third cards (`11 p3 + d3`, 10 for none: the second hand's
    /// third card varies fastest, so a shoe's sum over it reads ten
    /// contiguous values).
    net: Vec<i64>,
    staked: Vec<u8>,
    /// Per hand: swapping its two initial cards changes no row (an
    /// objective that reads totals and values, not which card came
    /// first). Found from the table, not assumed: a walk then settles one
    /// order of the two cards and credits both.
    swaps: [bool; 2],
}

impl Settled {
    const NONE: usize = 10;
    const SIZE: usize = 10_000 * 11 * 11;

    /// The initial values (slots 0, 1, 3, 4) of the table's initial index
    /// `base`: its decimal digits, slot 0 least significant.
    #[inline(always)]
    fn initial(base: usize) -> [u8; 4] {
        std::array::from_fn(|k| (base / 10usize.pow(k as u32) % 10) as u8)
    }

    /// Whether the second hand draws in a round of two-card totals `t1`
    /// (its own) where a natural is or is not dealt, after the first
    /// hand's third card `p3` ([`Settled::NONE`]: it stood): the rows a
    /// walk reads by the second hand's third card, and only those.
    #[inline(always)]
    fn second_draws(game: &crate::model::Game, natural: bool, t1: u8, p3: usize) -> bool {
        !natural && game.second_draws(t1, (p3 != Self::NONE).then_some(p3 as u8))
    }

    /// The table for `spec`'s objective (the first hand decides). Only
    /// the rows a walk reads are settled (a natural's round has no third
    /// card, and the second hand's third card only where the drawing rules
    /// deal it): about two rows in five of the table. The rest stay zero
    /// and are never read ([`batch_any`] reads exactly these). Settled
    /// side by side, a block of initial values a task, each with its own
    /// memo.
    pub fn of(spec: &Spec) -> Settled {
        let d = spec.decides().expect("a deciding hand");
        let scale = spec_scale(spec, d);
        let settlers = settlers(spec, d, scale);
        let outcomes = Outcomes::of(&settlers, true);
        let game = &spec.game;
        let mut out = Settled {
            net: vec![0; Self::SIZE],
            staked: vec![0; Self::SIZE],
            swaps: [false; 2],
        };
        const ROWS: usize = 121;
        let block = (10_000 / (4 * rayon::current_num_threads())).max(1) * ROWS;
        out.net
            .par_chunks_mut(block)
            .zip(out.staked.par_chunks_mut(block))
            .enumerate()
            .for_each(|(k, (nets, stakes))| {
                let mut walk = Walk {
                    spec,
                    d,
                    scale,
                    settlers: &settlers,
                    order: &[],
                    counts: [0; 10],
                    left: 0,
                    values: [0; SLOTS],
                    found: Vec::new(),
                    touched: Vec::new(),
                    outcomes: &outcomes,
                    memo: vec![None; outcomes.keying.as_ref().map_or(0, Keying::size)],
                    atom_values: vec![0; outcomes.atoms.list.len()],
                };
                let first = k * block / ROWS;
                for (j, (nets, stakes)) in nets
                    .chunks_mut(ROWS)
                    .zip(stakes.chunks_mut(ROWS))
                    .enumerate()
                {
                    let [x0, x1, x3, x4] = Self::initial(first + j);
                    let (t0, t1) = ((x0 + x1) % 10, (x3 + x4) % 10);
                    let natural = game.is_natural(t0) || game.is_natural(t1);
                    let mut settle = |p3: usize, d3: usize| {
                        walk.values = [x0, x1, p3 as u8 % 10, x3, x4, d3 as u8 % 10];
                        let counts = [2 + (p3 != Self::NONE) as u8, 2 + (d3 != Self::NONE) as u8];
                        let (net, staked) = walk.settled(counts);
                        nets[11 * p3 + d3] = i64::try_from(net).expect("a round's net fits");
                        stakes[11 * p3 + d3] = staked as u8;
                    };
                    // The rows `second` reads: by the first hand's third
                    // card (or none), the second's where it draws.
                    let thirds =
                        std::iter::once(Self::NONE).chain(if natural { 0..0 } else { 0..10 });
                    for p3 in thirds {
                        if Self::second_draws(game, natural, t1, p3) {
                            (0..10).for_each(|d3| settle(p3, d3));
                        } else {
                            settle(p3, Self::NONE);
                        }
                    }
                }
            });
        out.swaps = [0, 2].map(|first| out.swap_alike(first));
        out
    }

    /// Per hand: whether the order of its two initial cards changes no
    /// row (the walk then settles one order and credits both).
    pub fn orders_alike(&self) -> [bool; 2] {
        self.swaps
    }

    /// Whether swapping the initial values in digits `first` and `first +
    /// 1` of the initial index (one hand's two cards) leaves every row the
    /// same (rows a walk never reads are zero either way: which are read
    /// depends on the totals only).
    fn swap_alike(&self, first: u32) -> bool {
        let (lo, hi) = (10usize.pow(first), 10usize.pow(first + 1));
        (0..10_000usize).all(|initial| {
            let (a, b) = (initial / lo % 10, initial / hi % 10);
            if a <= b {
                return true;
            }
            let swapped = initial - a * lo - b * hi + b * lo + a * hi;
            let (x, y) = (initial * 121, swapped * 121);
            self.net[x..x + 121] == self.net[y..y + 121]
                && self.staked[x..x + 121] == self.staked[y..y + 121]
        })
    }

    /// Whether the walk settles the initial values `base` (digits x0, x1,
    /// x3, x4): not where a hand whose order does not matter holds its two
    /// cards in descending order (the ascending order stands for both).
    #[inline(always)]
    fn settles(&self, base: usize) -> bool {
        let [x0, x1, x3, x4] = Self::initial(base);
        !(self.swaps[0] && x0 > x1 || self.swaps[1] && x3 > x4)
    }

    /// The initial values `vals` (by slot) and, where a hand's order does
    /// not matter and its cards differ, the orders the walk credits too.
    #[inline(always)]
    fn orders(&self, vals: [u8; SLOTS]) -> impl Iterator<Item = [u8; SLOTS]> {
        let swap = |v: [u8; SLOTS], h: usize| {
            let mut w = v;
            w.swap(3 * h, 3 * h + 1);
            w
        };
        let first = self.swaps[0] && vals[0] != vals[1];
        let second = self.swaps[1] && vals[3] != vals[4];
        [
            Some(vals),
            first.then(|| swap(vals, 0)),
            second.then(|| swap(vals, 1)),
            (first && second).then(|| swap(swap(vals, 0), 1)),
        ]
        .into_iter()
        .flatten()
    }
}

/// Shoes settled in one pass over the table: the table's rows are read
/// once for all of them, and each step is a short loop over the shoes
/// (eight 64-bit lanes: one AVX-512 register).
pub const BATCH: usize = 8;

/// [`super::decisions`] of `shoe`, settled from `table` (built once for
/// the spec): the same information sets, weights and yields.
pub fn decisions_settled(spec: &Spec, shoe: &Composition, table: &Settled) -> Decisions {
    decisions_settled_many(spec, std::slice::from_ref(shoe), table)
        .pop()
        .expect("one shoe")
}

/// [`decisions_settled`] of each of `shoes`, [`BATCH`] at a time, on one
/// thread (callers walk many shoes in parallel).
pub fn decisions_settled_many(
    spec: &Spec,
    shoes: &[Composition],
    table: &Settled,
) -> Vec<Decisions> {
    let d = spec.decides().expect("a deciding hand");
    let mut out = Vec::with_capacity(shoes.len());
    for chunk in shoes.chunks(BATCH) {
        // A short last batch repeats its first shoe in the lanes left.
        let lanes: [&Composition; BATCH] =
            std::array::from_fn(|i| chunk.get(i).unwrap_or(&chunk[0]));
        let sets = batch(spec, &lanes, table);
        for (shoe, sets) in chunk.iter().zip(sets) {
            out.push(checked(spec, d, shoe, sets));
        }
    }
    out
}

/// One value per shoe of a batch.
type Lanes = [i64; BATCH];

/// One value per shoe from `f` of the shoe's lane.
#[inline(always)]
fn lanes(f: impl Fn(usize) -> i64) -> Lanes {
    std::array::from_fn(f)
}

crate::cpu::dispatch! {
    /// The information sets of each shoe of a batch. On a processor with
    /// AVX-512 (with its 64-bit multiplies) the same code runs compiled for
    /// it; the sums are integers, the same whichever runs.
    fn batch(spec: &Spec, shoes: &[&Composition; BATCH], table: &Settled) -> Vec<Vec<InfoSet>> = batch_any;
}

/// [`batch`] for any processor, inlined into each caller so that it is
/// compiled for the caller's features. A round no shoe can deal is
/// skipped; where some can, the others' weight is zero, and so is all
/// they add (their counts may run below zero there, times a zero).
#[inline(always)]
fn batch_any(spec: &Spec, shoes: &[&Composition; BATCH], table: &Settled) -> Vec<Vec<InfoSet>> {
    let d = spec.decides().expect("a deciding hand");
    let game = &spec.game;
    let mut counts = [[0i64; BATCH]; 10];
    let mut l4 = [0i64; BATCH];
    for (s, shoe) in shoes.iter().enumerate() {
        for (v, &k) in by_value(shoe).iter().enumerate() {
            counts[v][s] = k as i64;
        }
        l4[s] = shoe.total().saturating_sub(4) as i64;
    }
    let mut sets = vec![vec![InfoSet::default(); 10usize.pow(d.sees.len() as u32)]; BATCH];
    // The four initial cards' values, as the table numbers them: slots
    // 0, 1, 3, 4 are the digits of `base`.
    for base in 0..10_000usize {
        if !table.settles(base) {
            continue;
        }
        let mut vals = [0u8; SLOTS];
        let (mut c, mut w) = (counts, [1i64; BATCH]);
        for (v, slot) in Settled::initial(base).into_iter().zip([0usize, 1, 3, 4]) {
            // A card's weight is the count of its value left when dealt.
            for s in 0..BATCH {
                w[s] *= c[v as usize][s];
                c[v as usize][s] -= 1;
            }
            vals[slot] = v;
        }
        if w.iter().all(|&w| w == 0) {
            continue;
        }
        let (t0, t1) = ((vals[0] + vals[1]) % 10, (vals[3] + vals[4]) % 10);
        let natural = game.is_natural(t0) || game.is_natural(t1);
        let stand = second(
            table,
            base,
            &c,
            Settled::NONE,
            &l4,
            Settled::second_draws(game, natural, t1, Settled::NONE),
        );
        let (draw, drew) = if natural {
            (stand, [0i64; BATCH])
        } else {
            let (mut net, mut staked) = ([0i64; BATCH], [0i64; BATCH]);
            let left = lanes(|s| l4[s] - 1);
            for p3 in 0..10usize {
                let k = c[p3];
                if k.iter().all(|&k| k <= 0) {
                    continue;
                }
                c[p3].iter_mut().for_each(|x| *x -= 1);
                let (a, b) = second(
                    table,
                    base,
                    &c,
                    p3,
                    &left,
                    Settled::second_draws(game, natural, t1, p3),
                );
                for s in 0..BATCH {
                    c[p3][s] += 1;
                    net[s] += k[s] * a[s];
                    staked[s] += k[s] * b[s];
                }
            }
            ((net, staked), lanes(|s| l4[s] * (l4[s] - 1)))
        };
        // Each order of the initial cards this base stands for deals with
        // the same weight and settles alike.
        for vals in table.orders(vals) {
            let index = Chart::index_of(&d.sees, |s| vals[s as usize]);
            for (s, sets) in sets.iter_mut().enumerate() {
                let w = w[s] as i128;
                if w == 0 {
                    continue;
                }
                let set = &mut sets[index];
                set.weight += (w * (l4[s] * (l4[s] - 1)) as i128) as u128;
                let y = |net: i64, staked: i64, drew: i64| Yield {
                    net: w * net as i128,
                    staked: (w * staked as i128) as u128,
                    drew: (w * drew as i128) as u128,
                };
                set.stand.add(y(stand.0[s], stand.1[s], 0));
                set.draw.add(y(draw.0[s], draw.1[s], drew[s]));
            }
        }
    }
    sets
}

/// The second hand's third card (if dealt) and the settlement, per
/// sequence of the first hand's cards, in each shoe of a batch (counts
/// `c` left, `left` cards in all); unused slots are any of the cards
/// left. A function, not a closure, so that it is compiled with its
/// caller's features.
#[inline(always)]
fn second(
    table: &Settled,
    base: usize,
    c: &[Lanes; 10],
    p3: usize,
    left: &Lanes,
    draws: bool,
) -> (Lanes, Lanes) {
    let at = |d3: usize| base * 121 + 11 * p3 + d3;
    if !draws {
        let i = at(Settled::NONE);
        let (net, staked) = (table.net[i], table.staked[i] as i64);
        let free = lanes(|s| {
            if p3 == Settled::NONE {
                left[s] * (left[s] - 1)
            } else {
                left[s]
            }
        });
        return (lanes(|s| net * free[s]), lanes(|s| staked * free[s]));
    }
    // Every value, those the shoe has none of times zero.
    let row = at(0);
    let nets = &table.net[row..row + 10];
    let stakes = &table.staked[row..row + 10];
    let (mut net, mut staked) = ([0i64; BATCH], [0i64; BATCH]);
    for d3 in 0..10 {
        let (x, y) = (nets[d3], stakes[d3] as i64);
        for s in 0..BATCH {
            net[s] += c[d3][s] * x;
            staked[s] += c[d3][s] * y;
        }
    }
    for s in 0..BATCH {
        let free = if p3 == Settled::NONE { left[s] - 1 } else { 1 };
        net[s] *= free;
        staked[s] *= free;
    }
    (net, staked)
}
