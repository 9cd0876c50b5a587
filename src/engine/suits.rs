//! Choosing suits at a leaf: only for the slots that undecided events read,
//! up to relabelling where every suit is alike, and as cached proportions
//! of the leaf's weight rather than one weighing per choice.
//!
//! It works on the leaf alone (its classes and cards, lent by the walk in
//! `enumerate`), so the walk depends on it and not the other way round.

use super::atoms::Atoms;
use super::classes::{ALL_SUITS, Class};
use super::hash::FxMap;
use super::lanes::{self, Lanes};
use super::shoe::Composition;
use crate::model::round::{Round, SLOTS};
use std::rc::Rc;

pub type SplitCache<const K: usize> = FxMap<SplitKey, Rc<Split<K>>>;

/// A leaf's weight split over suit atom values: numerators over `den`, per
/// lane (the proportions depend on the deck count).
pub struct Split<const K: usize> {
    pub parts: Vec<(Vec<i64>, Lanes<K>)>,
    pub den: Lanes<K>,
}

/// Needed suit atoms, the slots whose suits are chosen, their classes.
pub type SplitKey = (Rc<[usize]>, u8, [u16; SLOTS], [u128; SLOTS]);

/// A leaf of the walk, lent to choose its suits: the slots' classes and
/// cards (changed while suits are chosen, and restored), what the walk
/// holds for the whole shoe, and the cache of splits.
pub struct Leaf<'a, const K: usize> {
    pub classes: &'a mut [Class; SLOTS],
    pub round: &'a mut Round,
    /// Every suit is alike: suits are chosen up to relabelling.
    pub canonical: bool,
    /// Per lane: the shoe's multiple (see `lanes`).
    pub mult: &'a Lanes<K>,
    pub shoe: &'a Composition,
    pub atoms: &'a Atoms,
    pub splits: &'a mut SplitCache<K>,
}

impl<const K: usize> Leaf<'_, K> {
    /// How a leaf's weight splits over the values of the `needed` suit atoms
    /// when suits are chosen for the slots in `q`. The slots' classes are the
    /// finest unchosen ones, so counting them first, the other slots' ways
    /// do not depend on the suits chosen: the split depends only on the
    /// classes in `q`, and is cached by them.
    pub fn split(&mut self, q: u8, needed: &Rc<[usize]>) -> Rc<Split<K>> {
        // With every suit alike, the split depends on the chosen slots'
        // classes only through which are equal and how large they are.
        let symmetric = self.canonical;
        let mut labels = [0u16; SLOTS];
        let mut sizes = [0u128; SLOTS];
        for s in (0..SLOTS).filter(|s| q & (1 << s) != 0) {
            let c = self.classes[s];
            labels[s] = if symmetric {
                let first = (0..s).find(|&t| q & (1 << t) != 0 && self.classes[t].ranks == c.ranks);
                first.map_or(s as u16, |t| labels[t])
            } else {
                c.ranks
            };
            sizes[s] = c.size;
        }
        let key = (needed.clone(), q, labels, sizes);
        if let Some(s) = self.splits.get(&key) {
            return s.clone();
        }
        let slots: Vec<usize> = (0..SLOTS).filter(|s| q & (1 << s) != 0).collect();
        let mut den = [1u128; K];
        for (i, &s) in slots.iter().enumerate() {
            let same = slots[..i]
                .iter()
                .filter(|&&t| self.classes[t].ranks == self.classes[s].ranks)
                .count();
            den = lanes::mul(
                den,
                lanes::left(self.classes[s].size, self.mult, same as u128),
            );
        }
        let mut parts: Vec<(Vec<i64>, Lanes<K>)> = Vec::new();
        self.choose_suits(&slots, 0, 0, [1; K], needed, &mut parts);
        self.reset_suits(&slots);
        let split = Rc::new(Split { parts, den });
        self.splits.insert(key, split.clone());
        split
    }

    /// Enumerates suits for `slots[i..]`, multiplying the ways to choose the
    /// cards of the chosen classes among themselves.
    fn choose_suits(
        &mut self,
        slots: &[usize],
        i: usize,
        labels: u8,
        ways: Lanes<K>,
        needed: &[usize],
        out: &mut Vec<(Vec<i64>, Lanes<K>)>,
    ) {
        if lanes::is_zero(&ways) {
            return;
        }
        if i == slots.len() {
            let atoms = self.atoms;
            let vals: Vec<i64> = needed
                .iter()
                .map(|a| atoms.list[*a].eval(self.round))
                .collect();
            match out.iter_mut().find(|(v, _)| *v == vals) {
                Some((_, n)) => lanes::add(n, ways),
                None => out.push((vals, ways)),
            }
            return;
        }
        let slot = slots[i];
        self.for_each_suit(slot, labels, 1, &mut |me, labels, mult| {
            let c = me.classes[slot];
            let same = slots[..i]
                .iter()
                .filter(|&&t| me.classes[t].ranks == c.ranks && me.classes[t].suits == c.suits)
                .count() as u128;
            let factor = lanes::mul([mult; K], lanes::left(c.size, me.mult, same));
            me.choose_suits(slots, i + 1, labels, lanes::mul(ways, factor), needed, out);
        });
    }

    /// Each suit for `slot` (or, relabelling, each earlier label and one new).
    pub fn for_each_suit(
        &mut self,
        slot: usize,
        labels: u8,
        mult: u128,
        then: &mut dyn FnMut(&mut Self, u8, u128),
    ) {
        let canonical = self.canonical;
        let choices = if canonical { labels.min(4) } else { 4 };
        for suit in 0..choices {
            self.assign(slot, suit);
            then(self, labels, mult);
        }
        if canonical && labels < 4 {
            self.assign(slot, labels);
            then(self, labels + 1, mult * (4 - labels as u128));
        }
    }

    pub fn reset_suits(&mut self, q: &[usize]) {
        for &s in q {
            let c = &mut self.classes[s];
            c.suits = ALL_SUITS;
            c.size = self.shoe.cards_in(c.ranks, ALL_SUITS);
            self.round.cards[s].suit = 0;
        }
    }

    /// Chooses suits for the slots in `q`: every suit, or (when suits are
    /// interchangeable) an earlier label or one new label weighted by the
    /// number of real suits it can be.
    fn assign(&mut self, slot: usize, suit: u8) {
        let c = &mut self.classes[slot];
        c.suits = 1 << suit;
        c.size = self.shoe.cards_in(c.ranks, c.suits);
        self.round.cards[slot].suit = suit;
    }
}
