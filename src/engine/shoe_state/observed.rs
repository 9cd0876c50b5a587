//! What every round returns, split by the ranks of its first four cards in
//! dealing order: the exact joint table a player who sees (or can tell
//! apart) the first cards before betting decides from.
//!
//! The walk is the shoe states' walk (`walk.rs`), each leaf weighed at
//! once in one composition and summed under its *observation*, the
//! classes in the four slots the spec deals first (`game.deal`), instead
//! of under its signature. Parts whose conditions read only point values
//! and no suits are walked by point value and their sums shared out over
//! the ranks of each value: the rest of the shoe, and so the outcome,
//! depends on the value of a card seen, never on which ten-valued rank it
//! is, so the sum for a rank tuple is the value tuple's times the share of
//! its sequences, an exact integer. Parts that read ranks are walked by
//! rank, and so are parts that read suits in a shoe whose suits are uneven
//! (a `J` seen leaves different suits behind than a `10` there). Where
//! such a part reads ranks only as kinds (Lucky Match) and the shoe holds
//! as many cards of each ten-valued rank, those ranks are taken in one
//! order (`relabel`): the walk meets one observation of each set that
//! differ by renaming them, whose sums the others copy.
//!
//! A player who sees a card sees its suit too. For wagers that read
//! suits (and name none), the sums are also kept by the first four cards'
//! suit pattern (`first_cards`, `seen_suits`): the leaves whose outcome
//! no suit changes are shared out over the patterns by the ways each
//! deals the four cards seen (the rest of the round's weight does not
//! depend on their suits), and each partial suit assignment's difference
//! from its leaf's common outcome is shared out by enumerating the seen
//! cards' suits it leaves open. Where such wagers read no ranks and the
//! shoe holds every suit of a rank equally often (a standard shoe, as
//! game protection uses), they are walked by point value (ten classes a
//! card against thirteen), and each value observation's sums per way
//! of dealing its seen cards are shared out over the rank observations by
//! suit pattern (`seen_suits::Table::finish`).

use super::super::hash::FxMap;
use super::super::plan::{Level, Plan, plan_of, strategy_needs};
use super::super::relabel::{MOST_SETS, Relabel};
use super::super::shoe::Composition;
use super::first_cards::{ranks, value_observation, walk_places};
use super::part::keyed_parts;
use super::seen_suits;
use super::walk::{Columns, Leaf, Leaves, Order, Settling, Sink, classes_at};
use super::weights::{class_counts, class_of, factor_table, factors_of, falling};
use crate::model::Spec;
use crate::model::cond::need;
use crate::model::round::SLOTS;
use rayon::prelude::*;

pub use super::first_cards::{OBSERVATIONS, PATTERNS};
pub use super::seen_suits::Suited;

/// The joint table of observations and returns, in one composition.
pub struct Observed {
    /// Columns: the wager (spec index) and pay table whose returned stakes
    /// the column sums, or None for the rounds the wager is not placed.
    pub cols: Vec<(usize, Option<usize>)>,
    /// Per column: the stakes returned are scaled by this (the least common
    /// denominator of its pays) to be integers; 1 for a not-placed column.
    pub scales: Vec<i64>,
    /// Per observation, per column (`o * cols.len() + c`): the sum over the
    /// ordered six-card sequences dealing that observation of the column's
    /// scaled stake returned (or, for a not-placed column, one per
    /// sequence the wager is not placed).
    pub sums: Vec<i128>,
    /// Per observation: the ordered six-card sequences that deal it.
    pub counts: Vec<u128>,
    /// Every ordered six-card sequence of the shoe.
    pub total: u128,
    /// The slots of the first four cards, in dealing order.
    pub slots: [u8; 4],
    /// The columns of wagers that read suits, also by suit pattern.
    pub suited: Option<Suited>,
}

/// Why a spec's observations cannot be walked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotObservable {
    /// The drawing strategy reads suits: the walk by class cannot play it.
    StrategyReadsSuits,
    /// Fewer than six cards.
    TooFewCards,
}

impl Observed {
    /// The table of `wagers` (spec indices; each with all its pay tables)
    /// in `composition`, for a spec whose strategy is resolved for it.
    pub fn new(
        spec: &Spec,
        wagers: &[usize],
        composition: &Composition,
    ) -> Result<Observed, NotObservable> {
        assert!(
            spec.strategies_resolved(),
            "resolve the player's strategy for the shoe first (the strategy stage)"
        );
        if strategy_needs(spec).iter().any(|n| n & need::SUIT != 0) {
            return Err(NotObservable::StrategyReadsSuits);
        }
        let n = composition.total();
        if n < 6 {
            return Err(NotObservable::TooFewCards);
        }
        // Parts as the shoe states walk them, by the level they are observed
        // at; wagers whose suits a seen card tells about in parts of their own.
        let (by_suit, by_class): (Vec<usize>, Vec<usize>) =
            wagers.iter().partition(|&&w| suits_seen(spec, w));
        // Wagers whose suits a seen card tells about are walked by point
        // value where they read no ranks and the shoe holds every suit of
        // a rank equally often, and shared out over the ranks by suit
        // pattern (`seen_suits::Table::finish`); else by rank.
        let symmetric = composition.suit_symmetric();
        let suit_level = |plan: &Plan| {
            if symmetric && !plan.levels.contains(&Level::Rank) {
                Level::Value
            } else {
                Level::Rank
            }
        };
        let keyed = keyed_parts(spec, &by_class, level_of_plan)
            .into_iter()
            .map(|(k, ws)| (k, ws, false))
            .chain(
                keyed_parts(spec, &by_suit, suit_level)
                    .into_iter()
                    .map(|(k, ws)| (k, ws, true)),
            );
        let slots = first_slots(spec);
        let rank_counts = observation_counts(composition, n, Level::Rank);
        let mut cols = Vec::new();
        let mut scales = Vec::new();
        let mut parts = Vec::new();
        for ((level, before_draws), ws, suits) in keyed {
            let (settling, part_cols) =
                Settling::new(spec, level, before_draws, &ws, Columns::Tables);
            scales.extend_from_slice(&settling.scales);
            cols.extend(part_cols.iter().copied());
            let walked = walk(&settling, composition, slots, part_cols.len(), suits);
            parts.push((level, part_cols.len(), walked));
        }
        // Every part's columns side by side, by rank observation.
        let ncols = cols.len();
        let mut sums = vec![0i128; OBSERVATIONS * ncols];
        let mut first = 0;
        let mut suited: Option<seen_suits::Table> = None;
        for (level, width, (part, by_pattern)) in parts {
            // Parts kept by suit pattern: their sums by rank observation
            // are their patterns' added up, once the table is finished.
            if let Some(walked) = by_pattern {
                suited
                    .get_or_insert_with(|| seen_suits::Table::new(composition))
                    .add(level, walked, first, width);
                first += width;
                continue;
            }
            let value_counts =
                (level == Level::Value).then(|| observation_counts(composition, n, level));
            // The part's row of an observation: its classes at the part's
            // level, in base 13 by rank or 10 by point value.
            let radix = classes_at(level) as usize;
            let row = |o: usize| {
                ranks(o)
                    .iter()
                    .fold(0, |x, &r| x * radix + class_of(level, r))
            };
            for o in 0..OBSERVATIONS {
                let (from, share) = match &value_counts {
                    None => (o, None),
                    Some(vc) => (row(o), Some((rank_counts[o], vc[value_observation(o)]))),
                };
                for c in 0..width {
                    let s = part[from * width + c];
                    sums[o * ncols + first + c] = match share {
                        None => s,
                        Some((_, 0)) => 0,
                        Some((num, den)) => {
                            let x = s * num as i128;
                            debug_assert_eq!(x % den as i128, 0, "an exact share");
                            x / den as i128
                        }
                    };
                }
            }
            first += width;
        }
        let suited = suited.map(|t| t.finish(falling(n - 4, 2)));
        if let Some(t) = &suited {
            sums.par_chunks_mut(ncols).enumerate().for_each(|(o, row)| {
                let mut patterns = [0i128; PATTERNS];
                for (i, &c) in t.cols.iter().enumerate() {
                    t.patterns(i, o, &mut patterns);
                    row[c] = patterns.iter().sum();
                }
            });
        }
        Ok(Observed {
            cols,
            scales,
            sums,
            counts: rank_counts,
            total: falling(n, 6),
            slots,
            suited,
        })
    }
}

/// Whether a seen card's suit tells the player about the wager: it reads
/// suits, and names none (the suit pattern of the cards seen is then all
/// their suits tell).
fn suits_seen(spec: &Spec, wager: usize) -> bool {
    let plan = plan_of(spec, wager);
    plan.suits != 0 && plan.canonical_suits
}

/// A wager is observed by rank where it reads ranks or suits (a first card
/// seen by rank splits its classes), else by point value.
fn level_of_plan(plan: &Plan) -> Level {
    if plan.levels.contains(&Level::Rank) || plan.suits != 0 {
        Level::Rank
    } else {
        Level::Value
    }
}

/// The slots of the first four cards in dealing order (`game.deal`: the
/// hand each goes to; slot `hand * 3 + position`).
pub fn first_slots(spec: &Spec) -> [u8; 4] {
    let mut next = [0u8; 2];
    spec.game.deal.map(|hand| {
        let h = hand as usize;
        next[h] += 1;
        hand * 3 + next[h] - 1
    })
}

/// Per observation at `level` (four classes, base 13): the ordered
/// six-card sequences of `composition` whose first four cards are of those
/// classes.
fn observation_counts(composition: &Composition, n: u128, level: Level) -> Vec<u128> {
    let mut class = [0u128; 13];
    for r in 0..13 {
        class[class_of(level, r)] += composition.counts[r]
            .iter()
            .map(|&x| x as u128)
            .sum::<u128>();
    }
    let rest = falling(n - 4, 2);
    (0..OBSERVATIONS)
        .map(|o| {
            let mut taken = [0u128; 13];
            let mut w = rest;
            for place in (0..4).rev() {
                let c = o / 13usize.pow(place) % 13;
                w *= class[c].saturating_sub(taken[c]);
                taken[c] += 1;
            }
            w
        })
        .collect()
}

/// Sums of one part by observation at its level (in base 13 by rank, 10 by
/// point value: a table a third the size); with `suits`, what the
/// part's suit patterns need instead (its sums by observation are then the
/// patterns' added up, and the first vector is empty).
fn walk(
    settling: &Settling,
    composition: &Composition,
    slots: [u8; 4],
    width: usize,
    suits: bool,
) -> (Vec<i128>, Option<seen_suits::Walked>) {
    let factor = factor_table(settling.level, composition);
    // The classes the shoe holds: a leaf dealing any other weighs nothing.
    let present = (0..13)
        .filter(|&r| composition.counts[r].iter().any(|&x| x > 0))
        .fold(0u16, |m, r| m | 1 << class_of(settling.level, r));
    let k = settling.classes();
    let held: Vec<u8> = (0..k).filter(|&c| present & (1 << c) != 0).collect();
    // Ranks that no condition and no drawing decision tells apart (the
    // ten-valued ones for Lucky Match) are taken in one order: a quarter
    // of the leaves for a wager that reads ranks only as kinds. Only for
    // parts that read no suits, whose sums are kept by observation.
    let reads_suits = settling.suited.iter().any(|&s| s != 0);
    let relabel = (settling.level == Level::Rank && !suits && !reads_suits)
        .then(|| {
            Relabel::of(
                &strategy_needs(settling.spec),
                &settling.compiled.atoms,
                composition,
            )
        })
        .flatten();
    // The tasks the walk has leaves for (with `relabel`, the first two
    // cards' ranks in order), split evenly.
    let tasks: Vec<(u8, u8)> = held
        .iter()
        .flat_map(|&a| held.iter().map(move |&b| (a, b)))
        .filter(|&task| Order::new(relabel.as_ref()).deals(task))
        .collect();
    let chunk = tasks.len().div_ceil(rayon::current_num_threads()).max(1);
    let radix = k as usize;
    let kept = if suits { 0 } else { radix.pow(4) * width };
    let (mut sums, walked) = tasks
        .par_chunks(chunk)
        .map(|chunk| {
            let mut leaves = Leaves::new(Weighed {
                slots,
                width,
                sums: vec![0i128; kept],
                suits: suits
                    .then(|| seen_suits::Sink::new(settling.level, composition, slots, width)),
                suits_alike: composition.suit_symmetric(),
                radix: if suits { 13 } else { radix },
                ..Weighed::new(&factor, settling.level, composition)
            });
            for &task in chunk {
                settling.walk(task, present, relabel.as_ref(), &mut leaves);
            }
            let sink = leaves.sink;
            (sink.sums, sink.suits.map(seen_suits::Sink::walked))
        })
        // Chunks' tables added into one of them (an identity table of
        // zeros would be megabytes more to touch).
        .reduce_with(|(mut x, xs), (y, ys)| {
            for (a, b) in x.iter_mut().zip(y) {
                *a += b;
            }
            let s = match (xs, ys) {
                (Some(a), Some(b)) => Some(a.merge(b)),
                (a, b) => a.or(b),
            };
            (x, s)
        })
        .unwrap_or_else(|| (vec![0i128; kept], None));
    if let Some(relabel) = &relabel {
        renamed(&mut sums, width, slots, relabel);
    }
    (sums, walked)
}

/// Each observation's sums from the one the walk met in its stead, for a
/// part walked with interchangeable ranks taken in one order (`relabel`):
/// the walk met the observations whose first cards take each set's ranks
/// in order, in the walk's order of the slots (0, 3, 1, 4). Every other
/// observation is one of these with the ranks of a set renamed: the same
/// rounds renamed, as many of them in a shoe that holds as many of each
/// rank, settled alike.
fn renamed(sums: &mut [i128], width: usize, slots: [u8; 4], relabel: &Relabel) {
    let walked = walk_places(slots);
    for o in 0..OBSERVATIONS {
        let ranks = ranks(o);
        let (mut names, mut fresh) = ([0u8; 14], [0u8; MOST_SETS]);
        let mut met = ranks;
        for &i in &walked {
            met[i] = relabel.rename(ranks[i] as u8 + 1, &mut names, &mut fresh) as usize - 1;
        }
        let from = met.iter().fold(0, |o, &r| o * 13 + r);
        if from != o {
            sums.copy_within(from * width..(from + 1) * width, o * width);
        }
    }
}

/// A sink that weighs each leaf in one composition and sums it under its
/// observation.
struct Weighed<'a> {
    factor: &'a [u128],
    /// Per class: the shoe's cards of it (16 entries, so that a class
    /// masked to four bits indexes it without a bounds check).
    cards: [u64; 16],
    /// The shoe's six-card sequences fit 64 bits, and so does every weight.
    narrow: bool,
    /// By slots used: the ways to fill the unused ones, (N - used)
    /// falling (6 - used).
    rest: [u128; 7],
    slots: [u8; 4],
    /// The base of the observations' numbers: the walk's classes (13 by
    /// rank, 10 by point value) for `sums`; 13 where the suit patterns
    /// keep the sums, which number the classes in base 13 at either level.
    radix: usize,
    width: usize,
    /// Signature weights met so far.
    weights: FxMap<u64, i128>,
    /// Sums by observation (empty where `suits` keeps them by pattern).
    sums: Vec<i128>,
    /// Wagers that read suits: the sums the suit patterns need.
    suits: Option<seen_suits::Sink>,
    /// Every class holds as many cards of each suit: a leaf's weight and
    /// where its sums go (by classes, and by suit pattern) do not change
    /// when its suits are renamed.
    suits_alike: bool,
}

impl<'a> Weighed<'a> {
    /// A sink weighing leaves of `composition` walked at `level`, whose
    /// factors are `factor` ([`factor_table`]), keeping nothing yet (no
    /// sums, one column).
    fn new(factor: &'a [u128], level: Level, composition: &Composition) -> Weighed<'a> {
        let n = composition.total();
        let classes = class_counts(level, composition);
        Weighed {
            factor,
            cards: std::array::from_fn(|c| {
                classes
                    .get(c)
                    .map_or(0, |suits| suits.iter().map(|&x| x as u64).sum())
            }),
            narrow: falling(n, 6) <= u64::MAX as u128,
            rest: std::array::from_fn(|u| {
                if u < 4 {
                    0
                } else {
                    falling(n - u as u128, 6 - u as u32)
                }
            }),
            slots: [0, 3, 1, 4],
            radix: 13,
            width: 1,
            weights: FxMap::default(),
            sums: Vec::new(),
            suits: None,
            suits_alike: false,
        }
    }

    fn weight(&mut self, leaf: &Leaf) -> i128 {
        // Cards of unknown suit only (most leaves): from the classes, no
        // sort and no look-up. A weight is at most the shoe's six-card
        // sequences, so it fits 64 bits where those do.
        if leaf.known == 0 {
            let (factors, used) = self.plain_factors(leaf);
            return if self.narrow {
                (factors.iter().product::<u64>() * self.rest[used] as u64) as i128
            } else {
                self.wide(leaf)
            };
        }
        let sig = leaf.sig();
        if let Some(&w) = self.weights.get(&sig) {
            return w;
        }
        let w = self.by_signature(sig);
        self.weights.insert(sig, w);
        w
    }

    /// A leaf's weight from its signature's factors (any leaf; kept for
    /// those with known suits).
    fn by_signature(&self, sig: u64) -> i128 {
        let (factors, extra) = factors_of(sig);
        let cards = factors
            .iter()
            .fold(1u128, |w, &f| w * self.factor[f as usize]);
        let w = cards * self.rest[4 + extra as usize];
        i128::try_from(w).expect("a weight below N^6 fits")
    }

    /// A leaf of no known suit weighed in 128 bits (a shoe whose six-card
    /// sequences pass 2^64).
    fn wide(&self, leaf: &Leaf) -> i128 {
        let (factors, used) = self.plain_factors(leaf);
        let cards = factors.iter().fold(1u128, |w, &f| w * f as u128);
        (cards * self.rest[used]) as i128
    }

    /// A leaf of no known suit: per dealt slot, its class's cards less
    /// those of the class dealt to an earlier slot (1 for a slot not
    /// dealt), and the slots dealt.
    #[inline(always)]
    fn plain_factors(&self, leaf: &Leaf) -> ([u64; SLOTS], usize) {
        let mut factors = [1u64; SLOTS];
        // Each class's cards taken so far, four bits a class, held in a
        // register, and every slot stepped through without a branch (a
        // slot not dealt takes nothing and weighs 1): this loop runs for
        // every leaf of game protection's walk.
        let mut taken = 0u64;
        let mut used = 0;
        for (s, f) in factors.iter_mut().enumerate() {
            let on = (leaf.used >> s & 1) as u64;
            let c = leaf.cls[s] as usize & 15;
            let left = self.cards[c].saturating_sub(taken >> (4 * c) & 15);
            *f = if on == 1 { left } else { 1 };
            taken += on << (4 * c);
            used += on as usize;
        }
        (factors, used)
    }
}

impl Sink for Weighed<'_> {
    fn suits_alike(&self) -> bool {
        self.suits_alike
    }

    fn add(&mut self, leaf: &Leaf, entries: &[(u32, i64)]) {
        let w = self.weight(leaf) * leaf.times as i128;
        if w == 0 {
            return;
        }
        let o = self.slots.iter().fold(0usize, |o, &s| {
            o * self.radix + leaf.cls[s as usize] as usize
        });
        if let Some(suits) = &mut self.suits {
            suits.add(o, leaf, w, entries);
            return;
        }
        let row = &mut self.sums[o * self.width..(o + 1) * self.width];
        for &(c, v) in entries {
            row[c as usize] += w * v as i128;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A leaf of no known suit weighs the same from its classes in 64 and
    /// in 128 bits as from its sorted signature's factors, in shoes where
    /// classes run out (one deck by rank) and where they do not.
    #[test]
    fn plain_weights_agree_with_the_signature() {
        let mut rng = crate::testing::Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = |m: u64| rng.below(m);
        for (level, decks) in [
            (Level::Rank, 1),
            (Level::Rank, 8),
            (Level::Value, 1),
            (Level::Value, 8),
        ] {
            let shoe = Composition::standard(decks);
            let factor = factor_table(level, &shoe);
            let mut w = Weighed::new(&factor, level, &shoe);
            assert!(w.narrow);
            let classes = if level == Level::Rank { 13 } else { 10 };
            let mut zero = 0;
            for _ in 0..20_000 {
                // Slots 0, 1, 3 and 4 always; each third card or not. Few
                // classes, so that classes repeat and run out.
                let used = 0b01_1011 | (next(2) as u8) << 2 | (next(2) as u8) << 5;
                let few = 1 + next(classes);
                let cls: [u8; SLOTS] = std::array::from_fn(|_| next(few) as u8);
                let leaf = Leaf {
                    cls: &cls,
                    used,
                    known: 0,
                    suits: [0; SLOTS],
                    times: 1,
                };
                let expected = w.by_signature(leaf.sig());
                assert_eq!(
                    w.weight(&leaf),
                    expected,
                    "{level:?} {decks} {cls:?} {used:b}"
                );
                assert_eq!(
                    w.wide(&leaf),
                    expected,
                    "{level:?} {decks} {cls:?} {used:b}"
                );
                zero += (expected == 0) as u32;
            }
            // One deck runs out of a rank (or a value but ten) dealt five
            // times; eight do not.
            assert_eq!(zero > 0, decks == 1, "{level:?} {decks}");
        }
    }
}
