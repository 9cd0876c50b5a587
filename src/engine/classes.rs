//! Card classes: the sets of cards a slot is enumerated over (a point
//! value, a rank, a rank and suit), and the map keyed by atom tuples.

use super::hash::FxMap;
use super::plan::Level;
use super::shoe::Composition;
use crate::cards::Card;

/// A set of cards: ranks (bit r-1) times suits (bit s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    pub ranks: u16,
    pub suits: u8,
    /// Representative rank, for evaluating conditions at this granularity.
    pub rep: u8,
    /// Cards of the shoe in the class.
    pub size: u128,
}

pub const ALL_SUITS: u8 = 0b1111;

impl Class {
    pub fn new(ranks: u16, suits: u8, rep: u8, shoe: &Composition) -> Class {
        Class {
            ranks,
            suits,
            rep,
            size: shoe.cards_in(ranks, suits),
        }
    }

    pub fn within(self, other: Class) -> bool {
        self.ranks & other.ranks == self.ranks && self.suits & other.suits == self.suits
    }
}

/// The classes a slot is enumerated over; empty classes are skipped.
pub fn classes(level: Level, shoe: &Composition) -> Vec<Class> {
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

/// Every card of the shoe, for a slot whose card nothing reads (its
/// representative rank is never looked at).
pub fn any_card(shoe: &Composition) -> Class {
    Class::new(0b1_1111_1111_1111, ALL_SUITS, 1, shoe)
}

/// The singleton class of one card, for settling a single given sequence.
pub fn single(card: Card, shoe: &Composition) -> Class {
    Class::new(1 << (card.rank - 1), 1 << card.suit, card.rank, shoe)
}

pub type Map<V> = FxMap<Box<[i64]>, V>;
