//! The exact edge of any shoe state (a composition of the cards left), fast.
//!
//! What a round does depends on which cards fill which slots, never on how
//! many of them the shoe holds: only the weights of the rounds do. So the
//! drawing tree is walked once per spec, by class of card (a point value, or
//! a rank where some condition or the drawing strategy reads ranks or suits),
//! every wager settled at every leaf under every pay table, and the leaves
//! summed under their *signature*: the multiset of classes they use. The
//! number of ordered six-card sequences a leaf stands for in a shoe is
//!
//! ```text
//!   prod over classes c of (n_c)(n_c - 1)...(n_c - m_c + 1)  x  (N - k)...(N - 5)
//! ```
//!
//! for `m_c` cards of class `c` among its `k` used slots, whatever their
//! order: it depends on the signature alone. A composition's return is then
//! one weighted sum over the signatures, in exact integers (`i128`, or big
//! integers where a shoe is so large that `i128` could overflow).
//!
//! Suits: a leaf whose events its classes leave undecided (a "suited"
//! hand, a card of the dealer's suit) is refined slot by slot into partial
//! suit assignments until every event is decided (`suited` is decided false
//! as soon as two known cards differ). The leaf's most common outcome is
//! summed under its signature by class, and each partial assignment whose
//! outcome differs adds the difference under a signature holding those
//! cards by class and suit (a rank or a point value, and a suit: the
//! classes stay those the conditions need); the weights of the partial
//! assignments sum to the leaf's, so the total is exact for any
//! composition, suits uneven included, and only the rare outcomes (three
//! suited cards) cost anything per composition.
//!
//! Each leaf stores, per pay table, the stake returned (net result plus
//! one, scaled to an integer: zero on a loss, so that losing leaves store
//! nothing), and per wager placed conditionally the rounds it is not
//! placed. A drawing strategy that reads suits cannot be walked by rank:
//! such wagers are computed by the full enumeration (`enumerate`) on the
//! composition instead, with the same result, slowly.
//!
//! `tests/shoe_state.rs` compares every shipped wager with an independent
//! brute force on random depleted shoes.

use super::atoms::UNKNOWN;
use super::compiled::{Compiled, compile};
use super::plan::{Group, Level, groups, plan_of, strategy_needs};
use super::shoe::Composition;
use crate::cards::Card;
use crate::model::cond::{Cond, need};
use crate::model::round::{Round, SLOTS};
use crate::model::{Pay, Spec};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// The engine's multiply-rotate hash, taking a slice of atom values
/// eight bytes at a time (a slice of integers is hashed as its bytes).
#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.write_u64(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        for &b in words.remainder() {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// Factors of a weight, by index: `(n_c - skip)` falling `m` for class `c`
/// (`c * 49 + skip * 7 + m`), then a class of known suit, `n_(c,s)`
/// falling `m` (`FIXED + (c * 4 + s) * 7 + m`), then the factor one.
const FIXED: usize = 13 * 49;
const ONE: u16 = (FIXED + 52 * 7) as u16;
/// Signature codes: a class is its index (0..13), a class of known suit
/// `CARD + class * 4 + suit`.
const CARD: u8 = 16;
const NO_CODE: u8 = 0xFF;

/// The exact house edge of every wager of a spec under every pay table, for
/// any composition of the shoe. Built once per spec (its strategy resolved:
/// `crate::strategy`), then [`ShoeStates::edges`] per composition.
pub struct ShoeStates {
    /// Per wager of the spec: its pay tables' count, or None when the wager
    /// is not among those asked for.
    tables: Vec<Option<usize>>,
    parts: Vec<Part>,
    /// Wagers the fast path cannot walk (the drawing strategy reads
    /// suits): computed by the full enumeration on each composition.
    slow: Option<(Spec, Vec<usize>)>,
}

/// Wagers walked together: one class level, and whether any of their
/// conditions depends on the drawing.
struct Part {
    level: Level,
    /// Per column: the wager (spec index) and pay table it counts, or None
    /// for the wager's not-placed rounds.
    cols: Vec<(usize, Option<usize>)>,
    /// Per pay table column: the scale of its returns (the least common
    /// denominator of its pays).
    scales: Vec<i64>,
    sigs: Vec<Sig>,
    /// Column and value, each signature's in `sigs[i].entries`.
    entries: Vec<(u32, i64)>,
    /// The largest sum of absolute values over a column (overflow check).
    bound: u128,
}

struct Sig {
    factors: [u16; SLOTS],
    /// Used slots minus four (0..=2).
    extra: u8,
    entries: std::ops::Range<u32>,
}

impl ShoeStates {
    /// Every wager of the spec.
    pub fn new(spec: &Spec) -> ShoeStates {
        let all: Vec<usize> = (0..spec.wagers.len()).collect();
        ShoeStates::for_wagers(spec, &all)
    }

    /// The listed wagers (spec indices) only; [`ShoeStates::edges`] gives the
    /// others no figures.
    pub fn for_wagers(spec: &Spec, wagers: &[usize]) -> ShoeStates {
        assert!(
            spec.strategies_resolved(),
            "resolve the player's strategy for the shoe first (the strategy stage)"
        );
        let tables = (0..spec.wagers.len())
            .map(|w| wagers.contains(&w).then(|| spec.wagers[w].pay_tables.len()))
            .collect();
        let drawing_reads_suits = strategy_needs(spec).iter().any(|n| n & need::SUIT != 0);
        if drawing_reads_suits {
            return ShoeStates {
                tables,
                parts: Vec::new(),
                slow: Some((spec.clone(), wagers.to_vec())),
            };
        }
        // Parts by class level and by whether the drawing matters.
        let mut keyed: Vec<((Level, bool), Vec<usize>)> = Vec::new();
        for &w in wagers {
            let plan = plan_of(spec, w);
            // Suits are read as a class and a suit: a point value and a
            // suit where no condition reads ranks.
            let level = if plan.levels.contains(&Level::Rank) {
                Level::Rank
            } else {
                Level::Value
            };
            let single = Group {
                plan,
                wagers: vec![w],
            };
            let key = (level, compile(spec, &single).atoms.before_draws());
            match keyed.iter_mut().find(|(k, _)| *k == key) {
                Some((_, ws)) => ws.push(w),
                None => keyed.push((key, vec![w])),
            }
        }
        let parts = keyed
            .into_iter()
            .map(|((level, before_draws), ws)| Part::build(spec, level, before_draws, &ws))
            .collect();
        ShoeStates {
            tables,
            parts,
            slow: None,
        }
    }

    /// Signatures summed over (the work per composition), for measuring.
    pub fn signatures(&self) -> usize {
        self.parts.iter().map(|p| p.sigs.len()).sum()
    }

    /// Per wager of the spec, per pay table: the exact house edge (per unit
    /// staked, per wager placed; zero for a wager never placed) in the shoe
    /// `composition`, the strategy played as resolved. Empty for a wager
    /// not asked for. The shoe must hold at least six cards.
    pub fn edges(&self, composition: &Composition) -> Vec<Vec<BigRational>> {
        self.fractions(composition)
            .into_iter()
            .map(|w| w.into_iter().map(|(n, d)| BigRational::new(n, d)).collect())
            .collect()
    }

    /// [`ShoeStates::edges`] as the nearest floating-point numbers, without
    /// reducing the fractions (a third of the time when many compositions
    /// are priced). Each is the quotient of two exact integers, so its
    /// sign is exact and its value within a few units of the last place.
    pub fn edges_f64(&self, composition: &Composition) -> Vec<Vec<f64>> {
        use num_traits::ToPrimitive;
        let f = |x: &BigInt| x.to_f64().unwrap_or(f64::NAN);
        self.fractions(composition)
            .iter()
            .map(|w| w.iter().map(|(n, d)| f(n) / f(d)).collect())
            .collect()
    }

    /// The house edges as unreduced fractions (numerator, denominator > 0).
    fn fractions(&self, composition: &Composition) -> Vec<Vec<(BigInt, BigInt)>> {
        let n = composition.total();
        assert!(n >= 6, "a round needs six cards in the shoe");
        let mut out: Vec<Vec<(BigInt, BigInt)>> = self
            .tables
            .iter()
            .map(|t| vec![(BigInt::zero(), BigInt::one()); t.unwrap_or(0)])
            .collect();
        let total = BigInt::from(falling(n, 6));
        for part in &self.parts {
            part.edges(composition, &total, &mut out);
        }
        if let Some((spec, wagers)) = &self.slow {
            slow_edges(spec, wagers, composition, &mut out);
        }
        out
    }
}

/// `n (n-1) ... (n-m+1)`, zero when `n < m`.
fn falling(n: u128, m: u32) -> u128 {
    if n < m as u128 {
        return 0;
    }
    (0..m as u128).map(|i| n - i).product()
}

/// The wagers of `wagers` by the full enumeration of the composition.
fn slow_edges(
    spec: &Spec,
    wagers: &[usize],
    composition: &Composition,
    out: &mut [Vec<(BigInt, BigInt)>],
) {
    let n = composition.total();
    let total: u128 = (0..6).map(|i| n - i).product();
    for group in groups(spec) {
        if !group.wagers.iter().any(|w| wagers.contains(w)) {
            continue;
        }
        let counts = super::enumerate::count_group(spec, &group, composition);
        assert_eq!(counts.total, total, "enumeration lost sequences");
        for c in counts.wagers.iter().filter(|c| wagers.contains(&c.wager)) {
            let stats = super::stats::wager_stats(&spec.wagers[c.wager], c, total, String::new());
            out[c.wager] = stats
                .tables
                .iter()
                .map(|t| {
                    let e = t.house_edge();
                    (e.numer().clone(), e.denom().clone())
                })
                .collect();
        }
    }
}

/// The representative rank of class `c` at `level`.
fn rank_of(level: Level, c: u8) -> u8 {
    match level {
        Level::Rank => c + 1,
        Level::Value if c == 0 => 10,
        Level::Value => c,
    }
}

fn classes_at(level: Level) -> u8 {
    match level {
        Level::Rank => 13,
        Level::Value => 10,
    }
}

/// What the walk needs of the part's wagers.
struct Settling<'a> {
    spec: &'a Spec,
    level: Level,
    before_draws: bool,
    wagers: Vec<usize>,
    compiled: Compiled,
    /// Per wager of the part, per pay table: the order events are tried.
    orders: Vec<Vec<Vec<usize>>>,
    /// Per wager of the part: its first column, and its not-placed column.
    first_col: Vec<usize>,
    not_placed_col: Vec<Option<usize>>,
    scales: Vec<i64>,
    cols: usize,
    /// Suited atoms: the slots each reads (0 for any other atom).
    suited: Vec<u8>,
}

/// Every column's value on a round (column, value; zeros left out), or
/// when some event is undecided the slots whose suits its atoms read.
type Outcome = Result<Rc<[(u32, i64)]>, u8>;

/// A partial suit assignment that decides every event: the slots of known
/// suit, every slot's suit, and the outcome.
type Partial = (u8, [u8; SLOTS], Rc<[(u32, i64)]>);

/// One walk's sums: per signature, the column sums.
#[derive(Default)]
struct Sums {
    index: FxMap<u64, usize>,
    values: Vec<i64>,
    /// Outcomes by atom values (None: undecided without more suits).
    cache: FxMap<Box<[i64]>, Outcome>,
    /// Atom values of the round at hand.
    scratch: Vec<i64>,
}

impl Sums {
    fn add(&mut self, sig: u64, cols: usize, entries: &[(u32, i64)], sign: i64) {
        let next = self.index.len();
        let at = *self.index.entry(sig).or_insert(next);
        if at == next {
            self.values.resize((next + 1) * cols, 0);
        }
        for &(c, v) in entries {
            self.values[at * cols + c as usize] += sign * v;
        }
    }
}

impl Part {
    fn build(spec: &Spec, level: Level, before_draws: bool, wagers: &[usize]) -> Part {
        let group = Group {
            plan: plan_of(spec, wagers[0]),
            wagers: wagers.to_vec(),
        };
        let compiled = compile(spec, &group);
        let mut cols = Vec::new();
        let mut scales = Vec::new();
        let mut first_col = Vec::new();
        let mut not_placed_col = Vec::new();
        let mut orders = Vec::new();
        for &w in wagers {
            let wager = &spec.wagers[w];
            first_col.push(cols.len());
            for (t, table) in wager.pay_tables.iter().enumerate() {
                cols.push((w, Some(t)));
                let scale = table.pays.iter().fold(1i128, |d, p| d.lcm(&p.net().den));
                scales.push(i64::try_from(scale).expect("a pay's denominator fits"));
            }
            not_placed_col.push(wager.placed.is_some().then(|| {
                cols.push((w, None));
                scales.push(1);
                cols.len() - 1
            }));
            orders.push(
                wager
                    .pay_tables
                    .iter()
                    .map(|t| wager.precedence.order(&t.pays))
                    .collect(),
            );
        }
        let suited = compiled
            .atoms
            .list
            .iter()
            .map(|a| match a {
                Cond::Suited(m) => *m,
                _ => 0,
            })
            .collect();
        let settling = Settling {
            spec,
            level,
            before_draws,
            wagers: wagers.to_vec(),
            compiled,
            orders,
            first_col,
            not_placed_col,
            scales: scales.clone(),
            cols: cols.len(),
            suited,
        };
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
                let mut sums = Sums::default();
                for &(a, b) in chunk {
                    settling.walk(a, b, &mut sums);
                }
                (sums.index, sums.values)
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
    fn edges(&self, composition: &Composition, total: &BigInt, out: &mut [Vec<(BigInt, BigInt)>]) {
        let n = composition.total();
        // Cards of each class, and of each card.
        let mut class = [0u128; 13];
        for r in 0..13 {
            let c = match self.level {
                Level::Rank => r,
                Level::Value => (Card::new(r as u8 + 1, 0).value()) as usize,
            };
            class[c] += composition.counts[r]
                .iter()
                .map(|&x| x as u128)
                .sum::<u128>();
        }
        let mut factor = vec![0u128; ONE as usize + 1];
        for (c, &size) in class.iter().enumerate() {
            for skip in 0..7u32 {
                for m in 0..7u32 {
                    factor[c * 49 + skip as usize * 7 + m as usize] =
                        falling(size.saturating_sub(skip as u128), m)
                            * (size >= skip as u128) as u128;
                }
            }
        }
        let mut suited = [[0u128; 4]; 13];
        for r in 0..13 {
            let c = match self.level {
                Level::Rank => r,
                Level::Value => (Card::new(r as u8 + 1, 0).value()) as usize,
            };
            for (n, &x) in suited[c].iter_mut().zip(&composition.counts[r]) {
                *n += x as u128;
            }
        }
        for c in 0..13 {
            for s in 0..4 {
                for m in 0..7u32 {
                    factor[FIXED + (c * 4 + s) * 7 + m as usize] = falling(suited[c][s], m);
                }
            }
        }
        factor[ONE as usize] = 1;
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

/// A signature's weight factors and its slots used beyond four.
fn factors_of(sig: u64) -> ([u16; SLOTS], u8) {
    let codes: Vec<u8> = (0..SLOTS)
        .map(|i| (sig >> (8 * i)) as u8)
        .filter(|&c| c != NO_CODE)
        .collect();
    let mut factors = [ONE; SLOTS];
    let mut f = 0;
    // Cards of known suit: per card its multiplicity; per rank how many.
    let mut skip = [0usize; 13];
    let mut i = 0;
    while i < codes.len() {
        let c = codes[i];
        let m = codes[i..].iter().take_while(|&&x| x == c).count();
        if c >= CARD {
            let card = (c - CARD) as usize;
            factors[f] = (FIXED + card * 7 + m) as u16;
            f += 1;
            skip[card / 4] += m;
        }
        i += m;
    }
    let mut i = 0;
    while i < codes.len() {
        let c = codes[i];
        let m = codes[i..].iter().take_while(|&&x| x == c).count();
        if c < CARD {
            factors[f] = (c as usize * 49 + skip[c as usize] * 7 + m) as u16;
            f += 1;
        }
        i += m;
    }
    (factors, (codes.len() - 4) as u8)
}

impl Settling<'_> {
    /// Every leaf whose first hand's first card is of class `a` and the
    /// second hand's first card of class `b`.
    fn walk(&self, a: u8, b: u8, sums: &mut Sums) {
        let mut cls = [0u8; SLOTS];
        let mut round = Round {
            cards: [Card::new(1, 0); SLOTS],
            counts: [2, 2],
        };
        let k = classes_at(self.level);
        let game = &self.spec.game;
        let set = |round: &mut Round, cls: &mut [u8; SLOTS], slot: usize, c: u8| {
            cls[slot] = c;
            round.cards[slot] = Card::new(rank_of(self.level, c), 0);
        };
        set(&mut round, &mut cls, 0, a);
        set(&mut round, &mut cls, 3, b);
        for c in 0..k {
            set(&mut round, &mut cls, 1, c);
            for d in 0..k {
                set(&mut round, &mut cls, 4, d);
                round.counts = [2, 2];
                if self.before_draws {
                    self.leaf(&mut round, &cls, sums);
                    continue;
                }
                let (t0, t1) = (round.total(0), round.total(1));
                if game.is_natural(t0) || game.is_natural(t1) {
                    self.leaf(&mut round, &cls, sums);
                    continue;
                }
                if !game.first_draws(&round) {
                    if game.second_draws(t1, None) {
                        round.counts = [2, 3];
                        for e in 0..k {
                            set(&mut round, &mut cls, 5, e);
                            self.leaf(&mut round, &cls, sums);
                        }
                    } else {
                        self.leaf(&mut round, &cls, sums);
                    }
                    continue;
                }
                for e in 0..k {
                    set(&mut round, &mut cls, 2, e);
                    let third = round.cards[2].value();
                    if game.second_draws(t1, Some(third)) {
                        round.counts = [3, 3];
                        for f in 0..k {
                            set(&mut round, &mut cls, 5, f);
                            self.leaf(&mut round, &cls, sums);
                        }
                    } else {
                        round.counts = [3, 2];
                        self.leaf(&mut round, &cls, sums);
                    }
                }
            }
        }
    }

    fn used(round: &Round) -> u8 {
        (0..SLOTS as u8)
            .filter(|&s| round.dealt(s))
            .fold(0, |m, s| m | (1 << s))
    }

    /// The signature of the used slots, `known` of them with their suits.
    fn signature(round: &Round, cls: &[u8; SLOTS], known: u8) -> u64 {
        let mut codes = [NO_CODE; SLOTS];
        let mut n = 0;
        for (s, &c) in cls.iter().enumerate() {
            if !round.dealt(s as u8) {
                continue;
            }
            codes[n] = if known & (1 << s) != 0 {
                CARD + c * 4 + round.cards[s].suit
            } else {
                c
            };
            n += 1;
        }
        codes[..n].sort_unstable();
        codes
            .iter()
            .enumerate()
            .fold(0u64, |sig, (i, &c)| sig | (c as u64) << (8 * i))
    }

    /// Settles one leaf into `sums`.
    fn leaf(&self, round: &mut Round, cls: &[u8; SLOTS], sums: &mut Sums) {
        if let Ok(entries) = self.outcome(round, 0, sums) {
            sums.add(Self::signature(round, cls, 0), self.cols, &entries, 1);
            return;
        }
        // Suits needed: every partial assignment that decides all events,
        // with the share of the suit patterns it stands for.
        let mut partials: Vec<Partial> = Vec::new();
        self.refine(round, 0, sums, &mut partials);
        for s in 0..SLOTS {
            round.cards[s].suit = 0;
        }
        // The most common outcome (by share of suit patterns: fewer known
        // slots, more patterns) goes under the rank-level signature.
        let mut shares: Vec<(&[(u32, i64)], u64)> = Vec::new();
        for (known, _, e) in &partials {
            let share = 1u64 << (2 * (SLOTS as u32 - known.count_ones()));
            match shares.iter_mut().find(|(x, _)| *x == &e[..]) {
                Some((_, n)) => *n += share,
                None => shares.push((e, share)),
            }
        }
        let base: Rc<[(u32, i64)]> = shares
            .iter()
            .max_by_key(|(_, n)| *n)
            .map(|(e, _)| (*e).into())
            .expect("a partial assignment");
        sums.add(Self::signature(round, cls, 0), self.cols, &base, 1);
        for (known, suits, e) in &partials {
            if e[..] == base[..] {
                continue;
            }
            for (card, &suit) in round.cards.iter_mut().zip(suits) {
                card.suit = suit;
            }
            let sig = Self::signature(round, cls, *known);
            sums.add(sig, self.cols, e, 1);
            sums.add(sig, self.cols, &base, -1);
        }
        for s in 0..SLOTS {
            round.cards[s].suit = 0;
        }
    }

    /// Assigns suits slot by slot (the lowest slot an undecided event
    /// reads) until every event is decided.
    fn refine(&self, round: &mut Round, known: u8, sums: &mut Sums, out: &mut Vec<Partial>) {
        let needed = match self.outcome(round, known, sums) {
            Ok(e) => {
                out.push((known, round.cards.map(|c| c.suit), e));
                return;
            }
            Err(slots) => slots & Self::used(round) & !known,
        };
        // The lowest dealt slot of unknown suit an undecided event reads.
        assert!(needed != 0, "an undecided event reads a suit not yet known");
        let slot = needed.trailing_zeros() as usize;
        for suit in 0..4 {
            round.cards[slot].suit = suit;
            self.refine(round, known | (1 << slot), sums, out);
        }
        round.cards[slot].suit = 0;
    }

    fn values(&self, round: &Round, known: u8, values: &mut Vec<i64>) {
        let atoms = &self.compiled.atoms;
        values.resize(atoms.list.len(), 0);
        atoms.values(round, known, values);
        let dealt = Self::used(round);
        for (v, &m) in values.iter_mut().zip(&self.suited) {
            if *v != UNKNOWN || m == 0 {
                continue;
            }
            // Two known cards of different suits: not suited, whatever the rest.
            let mut seen: Option<u8> = None;
            for s in 0..SLOTS {
                if m & dealt & known & (1 << s) == 0 {
                    continue;
                }
                let suit = round.cards[s].suit;
                match seen {
                    Some(x) if x != suit => {
                        *v = 0;
                        break;
                    }
                    _ => seen = Some(suit),
                }
            }
        }
    }

    /// Every column's value on the round with suits `known`, or None when
    /// some event is undecided.
    fn outcome(&self, round: &Round, known: u8, sums: &mut Sums) -> Outcome {
        let mut values = std::mem::take(&mut sums.scratch);
        self.values(round, known, &mut values);
        let settled = match sums.cache.get(&values[..]) {
            Some(hit) => hit.clone(),
            None => {
                let settled = self.settle(&values);
                sums.cache
                    .insert(values.clone().into_boxed_slice(), settled.clone());
                settled
            }
        };
        sums.scratch = values;
        settled
    }

    fn settle(&self, values: &[i64]) -> Outcome {
        let c = &self.compiled;
        let mut out = Vec::new();
        let mut flat = 0;
        let mut undecided = 0u8;
        for (g, events) in c.events.iter().enumerate() {
            let mut holds = Vec::with_capacity(events.len());
            for e in events {
                match e.eval(values) {
                    Some(v) => holds.push(v != 0),
                    None => {
                        for &a in &c.suit_atoms[flat] {
                            undecided |= c.atoms.suit_slots[a];
                        }
                    }
                }
                flat += 1;
            }
            if undecided != 0 {
                continue;
            }
            let wager = &self.spec.wagers[self.wagers[g]];
            if wager.placed.is_some() && !holds.pop().expect("the placed condition") {
                let col = self.not_placed_col[g].expect("a placed condition's column");
                out.push((col as u32, 1));
                continue;
            }
            for (t, order) in self.orders[g].iter().enumerate() {
                let pay = order
                    .iter()
                    .find(|&&e| holds[e])
                    .map_or(Pay::Lose, |&e| wager.pay_tables[t].pays[e]);
                let col = self.first_col[g] + t;
                let net = pay.net();
                let back = (net.num + net.den) * (self.scales[col] as i128 / net.den);
                if back != 0 {
                    out.push((col as u32, i64::try_from(back).expect("a return fits")));
                }
            }
        }
        if undecided != 0 {
            return Err(undecided);
        }
        Ok(out.into())
    }
}
