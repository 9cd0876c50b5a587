//! Machinery of the walk (`walk.rs`): a leaf's outcome looked up by what
//! its atoms read, where that is few things.
//!
//! A leaf's outcome is a function of its atom values, and an atom's value
//! is a function of the classes of the cards in the slots it reads
//! (`Cond::needs`), of the suits of those whose suits it reads where they
//! are known, and of which slots are dealt (the hands' card counts): the
//! cards of a slot not dealt are never read. Where the product of those
//! is small, outcomes are kept in a table indexed by them, and a leaf met
//! again costs neither atom values nor a hash. Lucky Monkey's side bet
//! reads the third cards alone: 19,600 keys, where its walk by rank meets
//! some two million leaves. Other parts keep the walk's cache by atom
//! values.

use super::super::plan::Level;
use super::weights::class_of;
use crate::model::cond::{Cond, need};
use crate::model::round::{Round, SLOTS};

/// The most keys a table is kept for (a few hundred kilobytes a walker).
const MAX_KEYS: usize = 1 << 15;

/// How a part's leaves are keyed, where they can be.
pub(super) struct Direct {
    /// The slots the atoms read, each with whether its suit is read.
    slots: Vec<(u8, bool)>,
    level: Level,
    /// Classes of a slot's card at `level`.
    classes: usize,
    /// Keys in all.
    pub(super) keys: usize,
}

impl Direct {
    /// The keying of a part whose atoms are `atoms`, walked at `level`;
    /// None when it would take more than [`MAX_KEYS`] keys.
    pub(super) fn of(atoms: &[Cond], level: Level, classes: usize) -> Option<Direct> {
        let mut needs = [0u8; SLOTS];
        for a in atoms {
            for (n, m) in needs.iter_mut().zip(a.needs()) {
                *n |= m;
            }
        }
        let slots: Vec<(u8, bool)> = (0..SLOTS)
            .filter(|&s| needs[s] != 0)
            .map(|s| (s as u8, needs[s] & need::SUIT != 0))
            .collect();
        // Which hands drew: four ways.
        let mut keys = 4usize;
        for &(_, suit) in &slots {
            keys = keys.checked_mul((1 + classes) * if suit { 5 } else { 1 })?;
        }
        (keys <= MAX_KEYS).then_some(Direct {
            slots,
            level,
            classes,
            keys,
        })
    }

    /// The key of `round` with the suits of `known` slots known: the hands'
    /// counts, then per slot read its class (0: not dealt) and, where its
    /// suit is read, that suit (0: not known or not dealt).
    pub(super) fn key(&self, round: &Round, known: u8) -> usize {
        let drew = |h: usize| (round.counts[h] as usize).saturating_sub(2).min(1);
        let mut key = drew(0) * 2 + drew(1);
        for &(s, suit) in &self.slots {
            let dealt = round.dealt(s);
            let card = round.cards[s as usize];
            let class = class_of(self.level, card.rank as usize - 1);
            key = key * (1 + self.classes) + if dealt { 1 + class } else { 0 };
            if suit {
                let seen = dealt && known & (1 << s) != 0;
                key = key * 5 + if seen { 1 + card.suit as usize } else { 0 };
            }
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::engine::atoms::Atoms;
    use std::collections::HashMap;

    /// Rounds with one key have the same atom values, whatever the cards
    /// of slots not dealt and the suits not known: the key holds all the
    /// atoms read. Atoms of a side bet on the third cards (Lucky Monkey's
    /// kind) and of a hand's total, at both levels.
    #[test]
    fn one_key_one_set_of_atom_values() {
        let conds = [
            vec![
                Cond::Drew(0),
                Cond::Drew(1),
                Cond::Face(2),
                Cond::Rank(5),
                Cond::Suit(2),
                Cond::Suit(5),
                Cond::Suited(0b100_100),
                Cond::Count(1),
                Cond::CardCount(0b111_111),
            ],
            vec![Cond::Total(0), Cond::TwoCardTotal(0), Cond::Drew(1)],
        ];
        // A small generator of its own: the cases need no quality.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as u8
        };
        for list in conds {
            let mut atoms = Atoms::new();
            for c in &list {
                atoms.compile(c);
            }
            for level in [Level::Rank, Level::Value] {
                let classes = if level == Level::Rank { 13 } else { 10 };
                let direct = Direct::of(&atoms.list, level, classes).expect("few keys");
                let mut met: HashMap<usize, Vec<i64>> = HashMap::new();
                for _ in 0..200_000 {
                    let mut round = Round {
                        cards: [Card::new(1, 0); SLOTS],
                        counts: [2 + next(2), 2 + next(2)],
                    };
                    for card in &mut round.cards {
                        // Few classes, so that keys repeat.
                        let class = next(3) as usize;
                        let rank = (0..13).find(|&r| class_of(level, r) == class).unwrap();
                        *card = Card::new(rank as u8 + 1, next(4));
                    }
                    let known = next(64);
                    let mut values = vec![0; atoms.list.len()];
                    atoms.values(&round, known, &mut values);
                    let key = direct.key(&round, known);
                    assert!(key < direct.keys);
                    let first = met.entry(key).or_insert_with(|| values.clone());
                    assert_eq!(*first, values, "{list:?} {level:?}: key {key}, {round:?}");
                }
                assert!(met.len() > 20, "keys differ: {}", met.len());
            }
        }
    }
}
