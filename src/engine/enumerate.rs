//! Exact enumeration of the shoe under the six-card convention.
//!
//! Rounds are enumerated as classes of cards (a point value, or a rank) in
//! the slots P1 B1 P2 B2, then the first hand's third card if drawn, then the
//! second hand's. Each leaf weighs the number of ordered six-card sequences it
//! stands for: the cards of the used slots, chosen from classes that are
//! nested or disjoint (a rank inside its point value, a rank-and-suit inside
//! its rank), counted smallest class first, times the falling factorial of the
//! slots not used. The sum of all weights is exactly N(N-1)...(N-5): a
//! checksum on every run.
//!
//! Leaves are not settled one by one: their weights are summed under the
//! tuple of atom values the group's events read (see `atoms`), and events are
//! evaluated once per tuple. Suits are chosen only at leaves whose tuple
//! leaves an event undecided, only for the slots such events read, and up to
//! relabelling where every suit is alike. Where no atom depends on the
//! drawing, rounds are not played out at all.

//!
//! This file counts a group (`count_group`, `count_group_decks`) and settles
//! given sequences (`SequenceSettler`); the walk is in `walk`, the counts
//! it ends in are in `tally`, the events it evaluates in `compiled`.

use super::classes::{Class, Map, any_card, classes, single};
use super::compiled::{Compiled, compile};
use super::keys::Keying;
use super::lanes::{self, Lanes};
use super::plan::{Group, Level, strategy_needs};
use super::relabel::Relabel;
use super::shoe::Composition;
use super::tally::settle_sums;
use super::walk::{Context, Room, Walker};
use crate::cards::Card;
use crate::model::Spec;
use crate::model::round::SLOTS;
use rayon::prelude::*;

pub use super::tally::{CombinedCounts, GroupCounts, WagerCounts};

/// The four initial cards' slots: P1 P2 B1 B2.
const INITIAL: u8 = 0b011_011;

pub fn count_group(spec: &Spec, group: &Group, shoe: &Composition) -> GroupCounts {
    let [counts] = count(spec, group, shoe, [1], None);
    counts
}

/// Lanes per walk of [`count_group_decks`]: one walk serves up to this many
/// deck counts.
const DECK_LANES: usize = 8;

/// The group's counts in shoes of each of `decks` standard decks, from one
/// walk per eight counts (see [`super::lanes`]), in the order given.
pub fn count_group_decks(spec: &Spec, group: &Group, decks: &[u32]) -> Vec<GroupCounts> {
    let one = Composition::standard(1);
    let mut out = Vec::with_capacity(decks.len());
    for part in decks.chunks(DECK_LANES) {
        // Unused lanes repeat a count; their results are dropped.
        let mult: Lanes<DECK_LANES> = std::array::from_fn(|l| part[l.min(part.len() - 1)] as u128);
        let counts = count(spec, group, &one, mult, None);
        out.extend(counts.into_iter().take(part.len()));
    }
    out
}

/// Settles concrete six-card sequences through the engine's own paths
/// (drawing, atoms, suit refinement, precedence), the group's events
/// compiled once for them all. Used to check the engine against the
/// reference evaluator.
pub struct SequenceSettler<'a> {
    spec: &'a Spec,
    group: &'a Group,
    shoe: &'a Composition,
    compiled: Compiled,
}

impl<'a> SequenceSettler<'a> {
    pub fn new(spec: &'a Spec, group: &'a Group, shoe: &'a Composition) -> Self {
        SequenceSettler {
            spec,
            group,
            shoe,
            compiled: compile(spec, group),
        }
    }

    /// Per wager of the group and pay table, the index of the settling
    /// event (`events` = none, `events + 1` = not placed).
    pub fn settle(&self, seq: [Card; SLOTS]) -> Vec<(usize, Vec<usize>)> {
        let [counts] = count_compiled(
            self.spec,
            self.group,
            &self.compiled,
            self.shoe,
            [1],
            Some(seq),
        );
        counts
            .wagers
            .into_iter()
            .map(|w| {
                let hits = w
                    .settles
                    .iter()
                    .map(|t| {
                        // Not placed: reported as `events + 1`.
                        t.iter().position(|c| *c > 0).unwrap_or(t.len())
                    })
                    .collect();
                (w.wager, hits)
            })
            .collect()
    }
}

/// The group's counts in `shoe` with every class multiplied by each lane's
/// `mult` (see [`super::lanes`]).
fn count<const K: usize>(
    spec: &Spec,
    group: &Group,
    shoe: &Composition,
    mult: Lanes<K>,
    fixed: Option<[Card; SLOTS]>,
) -> [GroupCounts; K] {
    count_compiled(spec, group, &compile(spec, group), shoe, mult, fixed)
}

/// [`count`], the group's events compiled.
fn count_compiled<const K: usize>(
    spec: &Spec,
    group: &Group,
    compiled: &Compiled,
    shoe: &Composition,
    mult: Lanes<K>,
    fixed: Option<[Card; SLOTS]>,
) -> [GroupCounts; K] {
    let mut plan = group.plan;
    // Relabelling suits is sound only when every suit has the same cards.
    plan.canonical_suits &= shoe.suit_symmetric();
    let before_draws = compiled.atoms.before_draws();
    // Before the draws, an initial card no atom reads only takes a card
    // from the shoe: one class of every card, not ten or thirteen.
    let any_slots = if before_draws && fixed.is_none() {
        INITIAL & !compiled.atoms.slots_read()
    } else {
        0
    };
    let slot_classes: [Vec<Class>; SLOTS] = std::array::from_fn(|s| match fixed {
        Some(seq) => vec![single(seq[s], shoe)],
        None if any_slots & (1 << s) != 0 => vec![any_card(shoe)],
        None => classes(plan.levels[s], shoe),
    });
    let n = shoe.total();
    let mut fall = [[1u128; K]; SLOTS + 1];
    for k in (0..SLOTS).rev() {
        fall[k] = lanes::mul(fall[k + 1], lanes::left(n, &mult, k as u128));
    }
    let has_suits = compiled.atoms.suit_slots.iter().any(|s| *s != 0);
    let ctx = Context {
        spec,
        plan,
        compiled,
        classes: &slot_classes,
        shoe,
        fixed: fixed.is_some(),
        before_draws,
        any_slots,
        pure: plan.levels.iter().all(|l| *l == plan.levels[0]) && fixed.is_none() && any_slots == 0,
        fall,
        mult,
        most: mult.iter().copied().max().unwrap_or(0),
        keying: if fixed.is_none() {
            Keying::of(&compiled.atoms)
        } else {
            None
        },
        has_suits,
        room: None,
        relabel: None,
    };
    let room = (!ctx.pure && !ctx.fixed).then(|| Room::of(shoe, ctx.most));
    let relabel = if ctx.pure && plan.levels[0] == Level::Rank {
        Relabel::of(&strategy_needs(spec), &compiled.atoms, shoe)
    } else {
        None
    };
    let ctx = Context {
        room,
        relabel,
        ..ctx
    };
    let tasks: Vec<(Class, Class)> = slot_classes[0]
        .iter()
        .flat_map(|a| slot_classes[3].iter().map(move |b| (*a, *b)))
        .collect();
    // Integer sums are associative and commutative: any split over threads
    // gives the same totals.
    // A few chunks per thread, each with one accumulator: the hand-state
    // array is large, so it must not be allocated per task.
    let chunk = tasks
        .len()
        .div_ceil(rayon::current_num_threads() * 2)
        .max(1);
    let (sums, total) = tasks
        .par_chunks(chunk)
        .map(|chunk| {
            let mut w = Walker::new(&ctx);
            for &(a, b) in chunk {
                if w.push(0, a) {
                    if w.push(3, b) {
                        w.second_cards();
                        w.pop(b);
                    }
                    w.pop(a);
                }
            }
            let mut sums = std::mem::take(&mut w.sums);
            w.split_deferred(&mut sums);
            for (k, (_, weight, _)) in w.needed {
                if !lanes::is_zero(&weight) {
                    lanes::add(sums.entry(k).or_insert([0; K]), weight);
                }
            }
            // Flat keys: the atom values stored with each key.
            for (weight, values) in w.keyed.iter().zip(w.key_values) {
                if let Some(v) = values.filter(|_| !lanes::is_zero(weight)) {
                    lanes::add(sums.entry(v).or_insert([0; K]), *weight);
                }
            }
            (sums, w.total)
        })
        .reduce(
            || (Map::default(), [0u128; K]),
            |(mut x, mut tx), (y, ty)| {
                for (k, v) in y {
                    lanes::add(x.entry(k).or_insert([0; K]), v);
                }
                lanes::add(&mut tx, ty);
                (x, tx)
            },
        );
    if std::env::var_os("CERTIFY_ENGINE_STATS").is_some() {
        eprintln!(
            "group {:?}: {} wagers, {} atoms, {} tuples, before draws {}",
            group.plan.levels,
            group.wagers.len(),
            compiled.atoms.list.len(),
            sums.len(),
            ctx.before_draws
        );
    }
    let settled = settle_sums(spec, group, compiled, &sums);
    let mut settled = settled.into_iter();
    std::array::from_fn(|l| {
        let (wagers, combined) = settled.next().expect("one per lane");
        GroupCounts {
            wagers,
            combined,
            total: total[l],
        }
    })
}
