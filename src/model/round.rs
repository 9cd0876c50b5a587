//! One dealt round in the shape conditions read: six card slots.
//!
//! Slot `hand * 3 + position`: 0..3 are the first hand's cards (first,
//! second, third), 3..6 the second hand's. A slot beyond a hand's count was
//! not dealt and reads as absent.

use crate::cards::Card;

pub const SLOTS: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    pub cards: [Card; SLOTS],
    /// Cards held by each hand: 2 or 3.
    pub counts: [u8; 2],
}

impl Round {
    pub fn dealt(&self, slot: u8) -> bool {
        (slot % 3) < self.counts[(slot / 3) as usize]
    }

    /// The slots dealt, one bit a slot.
    pub fn dealt_slots(&self) -> u8 {
        (0..SLOTS as u8)
            .filter(|&s| self.dealt(s))
            .fold(0, |m, s| m | (1 << s))
    }

    pub fn total(&self, hand: u8) -> u8 {
        let h = hand as usize;
        let sum: u8 = (0..self.counts[h])
            .map(|i| self.cards[h * 3 + i as usize].value())
            .sum();
        sum % 10
    }

    /// Cards of one hand, in deal order.
    pub fn hand(&self, hand: u8) -> &[Card] {
        let h = hand as usize;
        &self.cards[h * 3..h * 3 + self.counts[h] as usize]
    }
}

pub fn slot(hand: u8, position: u8) -> u8 {
    hand * 3 + position
}
