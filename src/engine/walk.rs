//! The walk of one group's enumeration: the classes of cards slot by slot,
//! the drawing rules applied, and at each leaf its weight summed under the
//! tuple of atom values the group's events read (see `enumerate` for the
//! method, `suits` for the choosing of suits at a leaf).

use super::classes::{ALL_SUITS, Class, Map};
use super::compiled::Compiled;
use super::hash::FxMap;
use super::keys::Keying;
use super::lanes::{self, Lanes};
use super::plan::{Level, Plan};
use super::relabel::{MOST_SETS, Place, Relabel};
use super::shoe::Composition;
use super::suits::{Leaf, Split, SplitCache};
use crate::cards::Card;
use crate::model::Spec;
use crate::model::round::{Round, SLOTS};
use std::collections::HashMap;
use std::rc::Rc;

/// What a walk holds for the whole shoe.
pub(super) struct Context<'a, const K: usize> {
    pub(super) spec: &'a Spec,
    pub(super) plan: Plan,
    pub(super) compiled: &'a Compiled,
    /// Per slot, the classes to enumerate.
    pub(super) classes: &'a [Vec<Class>; SLOTS],
    pub(super) shoe: &'a Composition,
    /// Settling one given sequence: its suits are known from the start.
    pub(super) fixed: bool,
    /// No atom depends on the drawing: stop after the initial four cards.
    pub(super) before_draws: bool,
    /// Initial slots enumerated as one class of every card (no atom reads
    /// them and nothing is drawn).
    pub(super) any_slots: u8,
    /// Every slot is enumerated at one level, so classes are equal or
    /// disjoint and a leaf's weight needs no ordering.
    pub(super) pure: bool,
    /// `fall[k]`: ways to fill the unused slots when k slots are used.
    pub(super) fall: [Lanes<K>; SLOTS + 1],
    /// Per lane: the shoe's multiple (decks per lane when the shoe is one
    /// deck; 1 for a single shoe).
    pub(super) mult: Lanes<K>,
    /// The largest multiple: a branch is pruned when no lane has the cards.
    pub(super) most: u128,
    /// Leaves summed in a flat array by key, where the atoms allow.
    pub(super) keying: Option<Keying>,
    /// Some atom reads suits.
    pub(super) has_suits: bool,
    /// Plans that are not pure: the cards of each rank and point value, so a
    /// branch that takes more of them than the shoe holds is cut where it
    /// is taken, not at every leaf below it.
    pub(super) room: Option<Room>,
    /// Pure rank-level plans: ranks taken in one order (see `relabel`).
    pub(super) relabel: Option<Relabel>,
}

/// Cards of each rank (index 1-13) and point value (index 0-9) times the
/// largest multiple; rank entry 0 and value entry 10 are unbounded, for
/// slots that take no rank or value.
pub(super) struct Room {
    rank: [u128; 14],
    value: [u128; 11],
}

impl Room {
    pub(super) fn of(shoe: &Composition, most: u128) -> Room {
        let mut room = Room {
            rank: [u128::MAX; 14],
            value: [0; 11],
        };
        room.value[10] = u128::MAX;
        for r in 1..=13u8 {
            let n = shoe.cards_in(1 << (r - 1), ALL_SUITS) * most;
            room.rank[r as usize] = n;
            room.value[value_index(r)] += n;
        }
        room
    }
}

/// The point value of a rank, as an index.
fn value_index(rank: u8) -> usize {
    if rank >= 10 { 0 } else { rank as usize }
}

/// An atom tuple with suits unknown: a flat key, or a number in
/// [`Walker::unkeyed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Tuple {
    Key(usize),
    Unkeyed(usize),
}

/// Leaves of one tuple whose weight splits the same way over the values
/// of their suit atoms. Each leaf's share `w·num/den` is a whole number, so
/// the shares of the summed weight are the sums of the leaves' shares.
pub(super) struct Deferred<const K: usize> {
    needed: Rc<[usize]>,
    split: Rc<Split<K>>,
    weight: Lanes<K>,
}

pub(super) struct Walker<'a, const K: usize> {
    pub(super) ctx: &'a Context<'a, K>,
    pub(super) round: Round,
    pub(super) classes: [Class; SLOTS],
    /// Atom values of the current leaf.
    pub(super) values: Vec<i64>,
    pub(super) sums: Map<Lanes<K>>,
    /// Per atom tuple (suits unknown): the suit atoms that must be chosen,
    /// the weight summed under the tuple where none is, and the tuple's
    /// number in `unkeyed`.
    pub(super) needed: Map<(Rc<[usize]>, Lanes<K>, usize)>,
    /// Tuples of the `needed` map by number (suit atoms UNKNOWN).
    pub(super) unkeyed: Vec<Box<[i64]>>,
    /// Leaves whose suits are chosen, by tuple and split (its address in
    /// the split cache): their weights are summed here and split once at
    /// the end (see [`Deferred`]).
    pub(super) deferred: FxMap<(Tuple, usize), Deferred<K>>,
    /// Flat keys: sums (suits not chosen), the atom values of each key, and
    /// the suit atoms each key needs chosen (None: not yet known).
    pub(super) keyed: Vec<Lanes<K>>,
    pub(super) key_values: Vec<Option<Box<[i64]>>>,
    pub(super) key_needed: Vec<Option<Rc<[usize]>>>,
    pub(super) total: Lanes<K>,
    /// Cached splits of a leaf's weight over suit atom values.
    pub(super) splits: SplitCache<K>,
    /// Pure plans: cards of each class taken so far, and the running product
    /// of the ways to choose them, by depth.
    pub(super) taken: [u32; 14],
    pub(super) prod: [Lanes<K>; SLOTS + 1],
    pub(super) depth: usize,
    pub(super) two_card: [u8; 2],
    /// Mixed plans (see [`Room`]): cards taken of each rank and value, and
    /// by depth the rank and value entries the class there took.
    pub(super) in_rank: [u128; 14],
    pub(super) in_value: [u128; 11],
    pub(super) took: [(u8, u8); SLOTS + 1],
    /// Relabelled ranks (see `relabel`): new ranks dealt of each set, and
    /// by depth the set a new rank was taken from there.
    pub(super) fresh: [u8; MOST_SETS],
    pub(super) fresh_at: [Option<usize>; SLOTS + 1],
}

impl<'a, const K: usize> Walker<'a, K> {
    pub(super) fn new(ctx: &'a Context<'a, K>) -> Self {
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
            values: vec![0; ctx.compiled.atoms.list.len()],
            sums: Map::default(),
            needed: Map::default(),
            unkeyed: Vec::new(),
            deferred: HashMap::default(),
            key_needed: vec![None; ctx.keying.as_ref().map_or(0, Keying::size)],
            key_values: vec![None; ctx.keying.as_ref().map_or(0, Keying::size)],
            keyed: vec![[0; K]; ctx.keying.as_ref().map_or(0, Keying::size)],
            total: [0; K],
            splits: HashMap::default(),
            taken: [0; 14],
            prod: [[1; K]; SLOTS + 1],
            depth: 0,
            two_card: [0, 0],
            in_rank: [0; 14],
            in_value: [0; 11],
            took: [(0, 10); SLOTS + 1],
            fresh: [0; MOST_SETS],
            fresh_at: [None; SLOTS + 1],
        }
    }

    /// Places a class in a slot; false if no card of it is left.
    pub(super) fn push(&mut self, slot: usize, c: Class) -> bool {
        if self.ctx.pure {
            let taken = self.taken[c.rep as usize] as u128;
            if taken >= c.size * self.ctx.most {
                return false;
            }
            let mut ways = lanes::left(c.size, &self.ctx.mult, taken);
            if let Some(relabel) = &self.ctx.relabel {
                self.fresh_at[self.depth] = match relabel.place(c.rep, &self.fresh) {
                    Place::Seen => None,
                    Place::New(g, ranks) => {
                        ways = lanes::mul(ways, [ranks; K]);
                        self.fresh[g] += 1;
                        Some(g)
                    }
                    Place::Beyond => return false,
                };
            }
            self.prod[self.depth + 1] = lanes::mul(self.prod[self.depth], ways);
            self.taken[c.rep as usize] += 1;
        } else if let Some(room) = &self.ctx.room {
            // A slot of any card takes no rank or value (entries 0 and 10
            // are unbounded); the leaf's weight counts it.
            let (r, v) = if self.ctx.any_slots & (1 << slot) != 0 {
                (0, 10)
            } else if self.ctx.plan.levels[slot] == Level::Rank {
                (c.rep as usize, value_index(c.rep))
            } else {
                (0, value_index(c.rep))
            };
            if self.in_rank[r] >= room.rank[r] || self.in_value[v] >= room.value[v] {
                return false;
            }
            self.in_rank[r] += 1;
            self.in_value[v] += 1;
            self.took[self.depth] = (r as u8, v as u8);
        }
        self.depth += 1;
        self.set(slot, c);
        true
    }

    pub(super) fn pop(&mut self, c: Class) {
        if self.ctx.pure {
            self.taken[c.rep as usize] -= 1;
        }
        self.depth -= 1;
        if let Some(g) = self.fresh_at[self.depth].take() {
            self.fresh[g] -= 1;
        }
        if self.ctx.room.is_some() {
            let (r, v) = self.took[self.depth];
            self.in_rank[r as usize] -= 1;
            self.in_value[v as usize] -= 1;
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

    pub(super) fn second_cards(&mut self) {
        let ctx = self.ctx;
        for &a in &ctx.classes[1] {
            if !self.push(1, a) {
                continue;
            }
            for &b in &ctx.classes[4] {
                if !self.push(4, b) {
                    continue;
                }
                if ctx.before_draws {
                    self.round.counts = [2, 2];
                    self.leaf();
                } else {
                    self.draws();
                }
                self.pop(b);
            }
            self.pop(a);
        }
    }

    /// Enumerates one more slot's classes, calling `then` for each.
    fn each(&mut self, slot: usize, then: &mut dyn FnMut(&mut Self, Class)) {
        let ctx = self.ctx;
        for &c in &ctx.classes[slot] {
            if self.push(slot, c) {
                then(self, c);
                self.pop(c);
            }
        }
    }

    /// Applies the drawing rules to the four initial cards.
    fn draws(&mut self) {
        let ctx = self.ctx;
        let game = &ctx.spec.game;
        self.round.counts = [2, 2];
        let (t0, t1) = (self.round.total(0), self.round.total(1));
        self.two_card = [t0, t1];
        if game.is_natural(t0) || game.is_natural(t1) {
            return self.leaf();
        }
        let first_draws = game.first_draws(&self.round);
        if !first_draws {
            if game.second_draws(t1, None) {
                self.each(5, &mut |w, _| {
                    w.round.counts = [2, 3];
                    w.leaf();
                });
            } else {
                self.leaf();
            }
            return;
        }
        self.each(2, &mut |w, c| {
            let third = Card::new(c.rep, 0).value();
            if game.second_draws(t1, Some(third)) {
                w.each(5, &mut |w, _| {
                    w.round.counts = [3, 3];
                    w.leaf();
                });
            } else {
                w.round.counts = [3, 2];
                w.leaf();
            }
        });
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
    fn weight(&self, used: u8) -> Lanes<K> {
        if self.ctx.pure {
            // Classes are equal or disjoint: the running product counted them.
            debug_assert_eq!(self.depth as u32, used.count_ones());
            return lanes::mul(self.prod[self.depth], self.ctx.fall[self.depth]);
        }
        if !self.ctx.fixed {
            return self.two_level_weight(used);
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
        let mut w = [1u128; K];
        for i in 0..k {
            let c = self.classes[order[i]];
            let taken = order[..i]
                .iter()
                .filter(|&&j| self.classes[j].within(c))
                .count() as u128;
            if taken >= c.size * self.ctx.most {
                return [0; K];
            }
            w = lanes::mul(w, lanes::left(c.size, &self.ctx.mult, taken));
        }
        lanes::mul(w, self.ctx.fall[k])
    }

    /// Weight in a plan mixing rank and point-value slots: rank classes are
    /// equal or disjoint, value classes too, and a rank lies inside its value;
    /// so rank slots are counted first, then value slots, then the slots of
    /// any card (every card counted before is one of theirs).
    fn two_level_weight(&self, used: u8) -> Lanes<K> {
        let mut w = [1u128; K];
        let mut ranks = [0u16; SLOTS];
        let mut values = [0u16; SLOTS];
        let (mut nr, mut nv) = (0, 0);
        let any = self.ctx.any_slots;
        for level in [Level::Rank, Level::Value] {
            for s in 0..SLOTS {
                if used & !any & (1 << s) == 0 || self.ctx.plan.levels[s] != level {
                    continue;
                }
                let c = self.classes[s];
                let taken = if level == Level::Rank {
                    ranks[..nr].iter().filter(|&&r| r == c.ranks).count()
                } else {
                    ranks[..nr].iter().filter(|&&r| r & c.ranks == r).count()
                        + values[..nv].iter().filter(|&&v| v == c.ranks).count()
                } as u128;
                if taken >= c.size * self.ctx.most {
                    return [0; K];
                }
                w = lanes::mul(w, lanes::left(c.size, &self.ctx.mult, taken));
                if level == Level::Rank {
                    ranks[nr] = c.ranks;
                    nr += 1;
                } else {
                    values[nv] = c.ranks;
                    nv += 1;
                }
            }
        }
        let mut counted = nr + nv;
        for s in (0..SLOTS).filter(|s| used & any & (1 << s) != 0) {
            let c = self.classes[s];
            if counted as u128 >= c.size * self.ctx.most {
                return [0; K];
            }
            w = lanes::mul(w, lanes::left(c.size, &self.ctx.mult, counted as u128));
            counted += 1;
        }
        lanes::mul(w, self.ctx.fall[counted])
    }

    fn leaf(&mut self) {
        let used = if self.ctx.before_draws {
            0b011_011
        } else {
            self.used()
        };
        let known = if self.ctx.fixed { 0b11_1111 } else { 0 };
        let atoms = &self.ctx.compiled.atoms;
        let hand = match &self.ctx.keying {
            Some(Keying::Cards(k)) => Some(k.key(&self.round, self.two_card)),
            Some(Keying::Values(k)) => {
                atoms.values(&self.round, known, &mut self.values);
                Some(k.key(&self.values))
            }
            None => None,
        };
        if let Some(key) = hand
            && self.key_values[key].is_none()
        {
            atoms.values(&self.round, known, &mut self.values);
            self.key_values[key] = Some(self.values.clone().into_boxed_slice());
        }
        if !self.ctx.has_suits {
            let w = self.weight(used);
            match hand {
                Some(key) => {
                    lanes::add(&mut self.total, w);
                    lanes::add(&mut self.keyed[key], w);
                }
                None => {
                    atoms.values(&self.round, known, &mut self.values);
                    self.add(w);
                }
            }
            return;
        }
        let (needed, tuple) = match hand {
            Some(key) => match &self.key_needed[key] {
                Some(n) => (n.clone(), Tuple::Key(key)),
                None => {
                    atoms.values(&self.round, known, &mut self.values);
                    let n: Rc<[usize]> = self.undecided_suit_atoms().into();
                    self.key_needed[key] = Some(n.clone());
                    (n, Tuple::Key(key))
                }
            },
            None => {
                atoms.values(&self.round, known, &mut self.values);
                if !self.needed.contains_key(&self.values[..]) {
                    let n: Rc<[usize]> = self.undecided_suit_atoms().into();
                    let tuple: Box<[i64]> = self.values.clone().into_boxed_slice();
                    self.unkeyed.push(tuple.clone());
                    self.needed
                        .insert(tuple, (n, [0; K], self.unkeyed.len() - 1));
                }
                let w = self.weight(used);
                let entry = self
                    .needed
                    .get_mut(&self.values[..])
                    .expect("just inserted");
                if entry.0.is_empty() {
                    // Decided without suits: sum the weight here, one lookup.
                    lanes::add(&mut entry.1, w);
                    lanes::add(&mut self.total, w);
                    return;
                }
                (entry.0.clone(), Tuple::Unkeyed(entry.2))
            }
        };
        if needed.is_empty() {
            let w = self.weight(used);
            match hand {
                Some(key) => {
                    lanes::add(&mut self.total, w);
                    lanes::add(&mut self.keyed[key], w);
                }
                None => self.add(w),
            }
            return;
        }
        // Choose suits for the slots the undecided events read: the leaf's
        // weight splits over the suit atoms' values in fixed proportions,
        // applied to the summed weight of every leaf with this tuple and
        // split, once, at the end.
        let slots = needed.iter().fold(0u8, |m, a| m | atoms.suit_slots[*a]) & used;
        let ctx = self.ctx;
        let split = Leaf {
            classes: &mut self.classes,
            round: &mut self.round,
            canonical: ctx.plan.canonical_suits,
            mult: &ctx.mult,
            shoe: ctx.shoe,
            atoms: &ctx.compiled.atoms,
            splits: &mut self.splits,
        }
        .split(slots, &needed);
        let w = self.weight(used);
        if lanes::is_zero(&w) {
            return;
        }
        lanes::add(&mut self.total, w);
        let at = (tuple, Rc::as_ptr(&split) as usize);
        let d = self.deferred.entry(at).or_insert_with(|| Deferred {
            needed,
            split,
            weight: [0; K],
        });
        lanes::add(&mut d.weight, w);
    }

    /// The deferred leaves split over their suit atoms' values, summed
    /// under each resulting tuple into `sums`.
    pub(super) fn split_deferred(&mut self, sums: &mut Map<Lanes<K>>) {
        for ((tuple, _), d) in std::mem::take(&mut self.deferred) {
            let mut values = match tuple {
                Tuple::Key(key) => self.key_values[key].clone().expect("a key seen at a leaf"),
                Tuple::Unkeyed(n) => self.unkeyed[n].clone(),
            };
            for (vals, num) in &d.split.parts {
                for (a, v) in d.needed.iter().zip(vals) {
                    values[*a] = *v;
                }
                let w = lanes::share(d.weight, *num, d.split.den);
                if !lanes::is_zero(&w) {
                    lanes::add(sums.entry(values.clone()).or_insert([0; K]), w);
                }
            }
        }
    }

    /// The suit atoms read by events that the current values leave undecided.
    fn undecided_suit_atoms(&self) -> Vec<usize> {
        let c = self.ctx.compiled;
        let mut out: Vec<usize> = Vec::new();
        for (e, suits) in c.events.iter().flatten().zip(&c.suit_atoms) {
            if e.eval(&self.values).is_none() {
                out.extend(suits);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn add(&mut self, w: Lanes<K>) {
        if lanes::is_zero(&w) {
            return;
        }
        lanes::add(&mut self.total, w);
        match self.sums.get_mut(&self.values[..]) {
            Some(v) => lanes::add(v, w),
            None => {
                self.sums.insert(self.values.clone().into_boxed_slice(), w);
            }
        }
    }
}
