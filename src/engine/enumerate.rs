//! Exact enumeration of the shoe under the six-card convention.
//!
//! Rounds are enumerated as classes of cards (a point value, or a rank) in
//! the slots P1 B1 P2 B2, then the first hand's third card if drawn, then the
//! second hand's. Each leaf weighs the number of ordered six-card sequences it
//! stands for: the cards of the used slots, chosen from classes that are
//! nested or disjoint (a rank inside its point value, a rank-and-suit inside
//! its rank), counted smallest class first, times the falling factorial of the
//! slots not used. Suits are chosen only at leaves where an event's outcome
//! depends on them, and up to relabelling where no event names a suit.
//! The sum of all weights is exactly N(N-1)...(N-5): a checksum on every run.

use super::plan::{Group, Level, Plan};
use super::shoe::Composition;
use crate::cards::Card;
use crate::model::round::{Round, SLOTS};
use crate::model::{FirstRule, Pay, Precedence, Spec};
use rayon::prelude::*;

/// A set of cards: ranks (bit r-1) times suits (bit s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Class {
    ranks: u16,
    suits: u8,
    /// Representative rank, for evaluating conditions at this granularity.
    rep: u8,
    /// Cards of the shoe in the class.
    size: u128,
}

const ALL_SUITS: u8 = 0b1111;

impl Class {
    fn new(ranks: u16, suits: u8, rep: u8, shoe: &Composition) -> Class {
        Class {
            ranks,
            suits,
            rep,
            size: shoe.cards_in(ranks, suits),
        }
    }

    fn within(self, other: Class) -> bool {
        self.ranks & other.ranks == self.ranks && self.suits & other.suits == self.suits
    }
}

/// The classes a slot is enumerated over; empty classes are skipped.
fn classes(level: Level, shoe: &Composition) -> Vec<Class> {
    let all: Vec<Class> = match level {
        // Point value zero is the ten and the three picture ranks.
        Level::Value => std::iter::once(Class::new(0b1_1110_0000_0000, ALL_SUITS, 10, shoe))
            .chain((1..=9).map(|r| Class::new(1 << (r - 1), ALL_SUITS, r, shoe)))
            .collect(),
        Level::Rank => (1..=13)
            .map(|r| Class::new(1 << (r - 1), ALL_SUITS, r, shoe))
            .collect(),
    };
    all.into_iter().filter(|c| c.size > 0).collect()
}

/// The singleton class of one card, for settling a single given sequence.
fn single(card: Card, shoe: &Composition) -> Class {
    Class::new(1 << (card.rank - 1), 1 << card.suit, card.rank, shoe)
}

/// One wager of the group: its events' order of precedence per pay table
/// and where its counts live in the flat counter array.
struct WagerSlot {
    wager: usize,
    first_event: usize,
    events: usize,
    /// Per pay table: event indices, the one settling the wager first.
    orders: Vec<Vec<usize>>,
    offset: usize,
}

fn precedence_order(precedence: Precedence, pays: &[Pay]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..pays.len()).collect();
    if precedence == Precedence::HighestPay {
        // Stable: equal pays keep the listed order.
        order.sort_by(|a, b| pays[*b].net().cmp(&pays[*a].net()));
    }
    order
}

/// Counts for one wager.
pub struct WagerCounts {
    pub wager: usize,
    /// Per pay table, per event: the rounds it settles; the last entry
    /// counts the rounds on which no event holds.
    pub settles: Vec<Vec<u128>>,
    /// Per event: the rounds on which it holds, whatever outranks it.
    pub holds: Vec<u128>,
}

pub struct GroupCounts {
    pub wagers: Vec<WagerCounts>,
    pub total: u128,
}

pub fn count_group(spec: &Spec, group: &Group, shoe: &Composition) -> GroupCounts {
    count(spec, group, shoe, None)
}

/// Settles one concrete six-card sequence through the engine's own paths
/// (drawing, partial evaluation, suit refinement, precedence): per wager of
/// the group and pay table, the index of the settling event (`events` = none).
/// Used to check the engine against the reference evaluator.
pub fn settle_sequence(
    spec: &Spec,
    group: &Group,
    shoe: &Composition,
    seq: [Card; SLOTS],
) -> Vec<(usize, Vec<usize>)> {
    let counts = count(spec, group, shoe, Some(seq));
    counts
        .wagers
        .into_iter()
        .map(|w| {
            let hits = w
                .settles
                .iter()
                .map(|t| {
                    t.iter()
                        .position(|c| *c > 0)
                        .expect("one outcome per table")
                })
                .collect();
            (w.wager, hits)
        })
        .collect()
}

fn count(
    spec: &Spec,
    group: &Group,
    shoe: &Composition,
    fixed: Option<[Card; SLOTS]>,
) -> GroupCounts {
    let mut slots = Vec::new();
    let mut offset = 0;
    let mut first_event = 0;
    for &w in &group.wagers {
        let wager = &spec.wagers[w];
        let orders: Vec<Vec<usize>> = wager
            .pay_tables
            .iter()
            .map(|t| precedence_order(wager.precedence, &t.pays))
            .collect();
        let n = wager.events.len();
        slots.push(WagerSlot {
            wager: w,
            first_event,
            events: n,
            orders,
            offset,
        });
        // Per pay table: events + "none"; then how often each event holds.
        offset += wager.pay_tables.len() * (n + 1) + n;
        first_event += n;
    }
    let mut plan = group.plan;
    // Relabelling suits is sound only when every suit has the same cards.
    plan.canonical_suits &= shoe.suit_symmetric();
    let slot_classes: [Vec<Class>; SLOTS] = std::array::from_fn(|s| match fixed {
        Some(seq) => vec![single(seq[s], shoe)],
        None => classes(plan.levels[s], shoe),
    });
    let (p1, b1) = (&slot_classes[0], &slot_classes[3]);
    let tasks: Vec<(Class, Class)> = p1
        .iter()
        .flat_map(|a| b1.iter().map(move |b| (*a, *b)))
        .collect();
    let events = || group.wagers.iter().flat_map(|&w| &spec.wagers[w].events);
    let n = shoe.total();
    let mut fall = [1u128; SLOTS + 1];
    for k in (0..SLOTS).rev() {
        fall[k] = fall[k + 1] * n.saturating_sub(k as u128);
    }
    let ctx = Context {
        spec,
        plan,
        slots: &slots,
        shoe,
        classes: &slot_classes,
        cards: n,
        events: first_event,
        width: offset,
        fixed: fixed.is_some(),
        hand_level: fixed.is_none() && events().all(|e| e.when.hand_level()),
        pure: fixed.is_none() && plan.levels.iter().all(|l| *l == plan.levels[0]),
        fall,
        suit_slots: events()
            .map(|e| {
                (0..SLOTS)
                    .filter(|s| e.needs[*s] & crate::model::cond::need::SUIT != 0)
                    .fold(0u8, |m, s| m | (1 << s))
            })
            .collect(),
    };
    // Integer sums are associative: any split over threads gives the same counts.
    let keys = if ctx.hand_level { HAND_KEYS } else { 0 };
    let (counts, keyed, total) = tasks
        .par_iter()
        .map(|&(a, b)| {
            let mut w = Walker::new(&ctx);
            w.set(0, a);
            w.set(3, b);
            w.second_cards();
            (w.counts, w.keyed, w.total)
        })
        .reduce(
            || (vec![0u128; offset], vec![0u128; keys], 0u128),
            |(mut x, mut kx, tx), (y, ky, ty)| {
                add(&mut x, &y);
                add(&mut kx, &ky);
                (x, kx, tx + ty)
            },
        );
    let counts = if ctx.hand_level {
        let mut w = Walker::new(&ctx);
        for (key, &weight) in keyed.iter().enumerate().filter(|(_, w)| **w > 0) {
            w.round = hand_round(key);
            w.evaluate_all();
            w.accumulate(weight);
        }
        add(&mut w.counts, &counts);
        w.counts
    } else {
        counts
    };
    let wagers = slots
        .iter()
        .map(|s| {
            let tables = spec.wagers[s.wager].pay_tables.len();
            let per_table = (0..tables)
                .map(|t| {
                    let start = s.offset + t * (s.events + 1);
                    counts[start..start + s.events + 1].to_vec()
                })
                .collect();
            let start = s.offset + tables * (s.events + 1);
            WagerCounts {
                wager: s.wager,
                settles: per_table,
                holds: counts[start..start + s.events].to_vec(),
            }
        })
        .collect();
    GroupCounts { wagers, total }
}

struct Context<'a> {
    spec: &'a Spec,
    plan: Plan,
    slots: &'a [WagerSlot],
    shoe: &'a Composition,
    /// Per slot, the classes to enumerate.
    classes: &'a [Vec<Class>; SLOTS],
    cards: u128,
    events: usize,
    width: usize,
    /// Settling one given sequence: its suits are known from the start.
    fixed: bool,
    /// Every event reads hand-level facts only: leaves are summed by
    /// `hand_key` and events evaluated once per key.
    hand_level: bool,
    /// Every slot is enumerated at one level, so classes are equal or
    /// disjoint and a leaf's weight needs no ordering.
    pure: bool,
    /// `fall[k]`: ways to fill the unused slots when k slots are used.
    fall: [u128; SLOTS + 1],
    /// Per event (flat index): the slots whose suits it reads.
    suit_slots: Vec<u8>,
}

/// Hand-level state of a leaf: card counts, two-card totals, final totals.
const HAND_KEYS: usize = 4 * 100 * 100;

fn hand_key(r: &Round, two_card: [u8; 2]) -> usize {
    let counts = (r.counts[0] as usize - 2) * 2 + (r.counts[1] as usize - 2);
    (counts * 100 + two_card[0] as usize * 10 + two_card[1] as usize) * 100
        + r.total(0) as usize * 10
        + r.total(1) as usize
}

/// A round with the hand-level state of `key`.
fn hand_round(key: usize) -> Round {
    let card = |v: usize| Card::new(if v == 0 { 10 } else { v as u8 }, 0);
    let finals = [key % 100 / 10, key % 10];
    let two = [key / 100 % 100 / 10, key / 100 % 10];
    let counts = key / 10_000;
    let counts = [(counts / 2) as u8 + 2, (counts % 2) as u8 + 2];
    let mut cards = [Card::new(10, 0); SLOTS];
    for h in 0..2 {
        cards[h * 3] = card(two[h]);
        cards[h * 3 + 2] = card((finals[h] + 10 - two[h]) % 10);
    }
    Round { cards, counts }
}

fn add(into: &mut [u128], from: &[u128]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a += b;
    }
}

struct Walker<'a> {
    ctx: &'a Context<'a>,
    round: Round,
    classes: [Class; SLOTS],
    holds: Vec<Option<bool>>,
    counts: Vec<u128>,
    /// Weights summed by hand-level key (hand-level groups only).
    keyed: Vec<u128>,
    total: u128,
    /// Two-card totals of the current round.
    two_card: [u8; 2],
    /// Suits are being chosen: classes now nest, weights need ordering.
    refining: bool,
}

impl<'a> Walker<'a> {
    fn new(ctx: &'a Context<'a>) -> Self {
        let blank = Class {
            ranks: 0,
            suits: ALL_SUITS,
            rep: 1,
            size: 0,
        };
        Walker {
            ctx,
            round: Round {
                cards: [Card::new(1, 0); SLOTS],
                counts: [2, 2],
            },
            classes: [blank; SLOTS],
            holds: vec![None; ctx.events],
            counts: vec![0; ctx.width],
            keyed: vec![0; if ctx.hand_level { HAND_KEYS } else { 0 }],
            total: 0,
            two_card: [0, 0],
            refining: false,
        }
    }

    fn set(&mut self, slot: usize, c: Class) {
        // A singleton class fixes the suit too.
        let suit = if c.suits.count_ones() == 1 {
            c.suits.trailing_zeros() as u8
        } else {
            0
        };
        self.round.cards[slot] = Card::new(c.rep, suit);
        self.classes[slot] = c;
    }

    fn second_cards(&mut self) {
        let ctx = self.ctx;
        for &a in &ctx.classes[1] {
            self.set(1, a);
            for &b in &ctx.classes[4] {
                self.set(4, b);
                self.draws();
            }
        }
    }

    /// Applies the drawing rules to the four initial cards.
    fn draws(&mut self) {
        let game = &self.ctx.spec.game;
        self.round.counts = [2, 2];
        let (t0, t1) = (self.round.total(0), self.round.total(1));
        self.two_card = [t0, t1];
        if game.is_natural(t0) || game.is_natural(t1) {
            return self.leaf();
        }
        let first_draws = match &game.first {
            FirstRule::Totals(mask) => mask & (1 << t0) != 0,
            FirstRule::Decides {
                strategies,
                default,
            } => strategies[*default].draw_when.holds(&self.round),
        };
        if !first_draws {
            if game.second_draws(t1, None) {
                self.round.counts = [2, 3];
                for &c in &self.ctx.classes[5] {
                    self.set(5, c);
                    self.leaf();
                }
            } else {
                self.leaf();
            }
            return;
        }
        for &c in &self.ctx.classes[2] {
            self.set(2, c);
            let third = Card::new(c.rep, 0).value();
            if game.second_draws(t1, Some(third)) {
                self.round.counts = [3, 3];
                for &d in &self.ctx.classes[5] {
                    self.set(5, d);
                    self.leaf();
                }
            } else {
                self.round.counts = [3, 2];
                self.leaf();
            }
        }
    }

    fn used(&self) -> u8 {
        let [c0, c1] = self.round.counts;
        let mut m = 0b011_011u8;
        if c0 == 3 {
            m |= 0b000_100;
        }
        if c1 == 3 {
            m |= 0b100_000;
        }
        m
    }

    /// Ordered sequences of distinct cards this leaf stands for.
    fn weight(&self, used: u8) -> u128 {
        if self.ctx.pure && !self.refining {
            // Classes are equal or disjoint: count in slot order.
            let mut seen = [0u16; SLOTS];
            let mut k = 0;
            let mut w: u128 = 1;
            for s in 0..SLOTS {
                if used & (1 << s) == 0 {
                    continue;
                }
                let c = self.classes[s];
                let taken = seen[..k].iter().filter(|&&r| r == c.ranks).count() as u128;
                if taken >= c.size {
                    return 0;
                }
                w *= c.size - taken;
                seen[k] = c.ranks;
                k += 1;
            }
            return w * self.ctx.fall[k];
        }
        let mut order = [0usize; SLOTS];
        let mut k = 0;
        for s in 0..SLOTS {
            if used & (1 << s) != 0 {
                order[k] = s;
                k += 1;
            }
        }
        // Smallest first; on equal sizes (possible in an uneven shoe) the
        // narrower mask first, so a class always follows the classes inside it.
        order[..k].sort_by_key(|&s| {
            let c = self.classes[s];
            (c.size, c.ranks.count_ones() + c.suits.count_ones())
        });
        let mut w: u128 = 1;
        for i in 0..k {
            let c = self.classes[order[i]];
            let taken = order[..i]
                .iter()
                .filter(|&&j| self.classes[j].within(c))
                .count() as u128;
            let size = c.size;
            if taken >= size {
                return 0;
            }
            w *= size - taken;
        }
        let mut rest = self.ctx.cards - k as u128;
        for _ in k..SLOTS {
            w *= rest;
            rest -= 1;
        }
        w
    }

    fn leaf(&mut self) {
        let used = self.used();
        if self.ctx.hand_level {
            let key = hand_key(&self.round, self.two_card);
            let w = self.weight(used);
            self.total += w;
            self.keyed[key] += w;
            return;
        }
        let mut unknown = false;
        let known = if self.ctx.fixed { 0b11_1111 } else { 0 };
        for s in self.ctx.slots {
            let events = &self.ctx.spec.wagers[s.wager].events;
            for (k, e) in events.iter().enumerate() {
                let v = e.when.eval_partial(&self.round, known);
                self.holds[s.first_event + k] = v.map(|x| x != 0);
                unknown |= v.is_none();
            }
        }
        if !unknown {
            let w = self.weight(used);
            self.accumulate(w);
            return;
        }
        // Choose suits only for the slots the undecided events read.
        let undecided = self
            .holds
            .iter()
            .zip(&self.ctx.suit_slots)
            .filter(|(h, _)| h.is_none())
            .fold(0u8, |m, (_, s)| m | s);
        let suited = undecided & used;
        let q: Vec<usize> = (0..SLOTS).filter(|s| suited & (1 << s) != 0).collect();
        let partial = self.holds.clone();
        self.refining = true;
        self.refine(&q, 0, 0, 1, used, &partial);
        self.refining = false;
        for &s in &q {
            self.classes[s].suits = ALL_SUITS;
            self.classes[s].size = self.ctx.shoe.cards_in(self.classes[s].ranks, ALL_SUITS);
            self.round.cards[s].suit = 0;
        }
    }

    /// Chooses suits for the slots in `q`: every suit, or (when suits are
    /// interchangeable) an earlier label or one new label weighted by the
    /// number of real suits it can be.
    fn refine(
        &mut self,
        q: &[usize],
        i: usize,
        labels: u8,
        mult: u128,
        used: u8,
        partial: &[Option<bool>],
    ) {
        if i == q.len() {
            let w = self.weight(used) * mult;
            if w == 0 {
                return;
            }
            for s in self.ctx.slots {
                let events = &self.ctx.spec.wagers[s.wager].events;
                for (k, e) in events.iter().enumerate() {
                    let at = s.first_event + k;
                    self.holds[at] = Some(partial[at].unwrap_or_else(|| e.when.holds(&self.round)));
                }
            }
            self.accumulate(w);
            return;
        }
        let slot = q[i];
        let canonical = self.ctx.plan.canonical_suits;
        let choices = if canonical { labels.min(4) } else { 4 };
        for suit in 0..choices {
            self.assign(slot, suit);
            self.refine(q, i + 1, labels, mult, used, partial);
        }
        if canonical && labels < 4 {
            self.assign(slot, labels);
            self.refine(
                q,
                i + 1,
                labels + 1,
                mult * (4 - labels as u128),
                used,
                partial,
            );
        }
    }

    fn assign(&mut self, slot: usize, suit: u8) {
        let c = &mut self.classes[slot];
        c.suits = 1 << suit;
        c.size = self.ctx.shoe.cards_in(c.ranks, c.suits);
        self.round.cards[slot].suit = suit;
    }

    /// Evaluates every event on a fully known round.
    fn evaluate_all(&mut self) {
        for s in self.ctx.slots {
            let events = &self.ctx.spec.wagers[s.wager].events;
            for (k, e) in events.iter().enumerate() {
                self.holds[s.first_event + k] = Some(e.when.holds(&self.round));
            }
        }
    }

    fn accumulate(&mut self, w: u128) {
        self.total += w;
        for s in self.ctx.slots {
            let tables = s.orders.len();
            for t in 0..tables {
                let hit = s.orders[t]
                    .iter()
                    .copied()
                    .find(|&e| self.holds[s.first_event + e] == Some(true))
                    .unwrap_or(s.events);
                self.counts[s.offset + t * (s.events + 1) + hit] += w;
            }
            let holds = s.offset + tables * (s.events + 1);
            for e in 0..s.events {
                if self.holds[s.first_event + e] == Some(true) {
                    self.counts[holds + e] += w;
                }
            }
        }
    }
}
