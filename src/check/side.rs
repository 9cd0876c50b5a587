//! `winner` and `loser` as a condition names them: hands, cards and lists
//! of cards chosen as the round ends. What a condition reads of them is
//! compiled as a `Cond::Side` over the same reading of each hand (on a tie
//! there is neither: a condition on them is false).

use crate::model::cond::{Cond, Side, SlotMask, hand_mask};
use crate::model::round::slot;

/// A hand as a condition names it: one of the game's two, or the one that
/// wins or loses the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandRef {
    Hand(u8),
    Side(Side),
}

/// A card: a slot, or the first, second or third card of the winning or
/// losing hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardRef {
    Slot(u8),
    Side(Side, u8),
}

/// A list of cards: some slots, or the winning or losing hand's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSet {
    Slots(SlotMask),
    Side(Side),
}

/// `leaf` read of each hand, chosen by `side` as the round ends; `truth`
/// when it is a condition (false on a tie rather than absent).
fn per_side(side: Side, truth: bool, leaf: impl Fn(u8) -> Cond) -> Cond {
    Cond::Side {
        side,
        truth,
        of: Box::new([leaf(0), leaf(1)]),
    }
}

impl HandRef {
    /// `leaf` read of this hand.
    pub(super) fn read(self, truth: bool, leaf: impl Fn(u8) -> Cond) -> Cond {
        match self {
            HandRef::Hand(h) => leaf(h),
            HandRef::Side(side) => per_side(side, truth, leaf),
        }
    }

    pub(super) fn card(self, i: u8) -> CardRef {
        match self {
            HandRef::Hand(h) => CardRef::Slot(slot(h, i)),
            HandRef::Side(side) => CardRef::Side(side, i),
        }
    }

    pub(super) fn cards(self) -> CardSet {
        match self {
            HandRef::Hand(h) => CardSet::Slots(hand_mask(h)),
            HandRef::Side(side) => CardSet::Side(side),
        }
    }
}

impl CardRef {
    /// `leaf` read of this card's slot.
    pub(super) fn read(self, truth: bool, leaf: impl Fn(u8) -> Cond) -> Cond {
        match self {
            CardRef::Slot(s) => leaf(s),
            CardRef::Side(side, i) => per_side(side, truth, |h| leaf(slot(h, i))),
        }
    }
}

impl CardSet {
    /// `leaf` read of these cards' slots.
    pub(super) fn read(self, truth: bool, leaf: impl Fn(SlotMask) -> Cond) -> Cond {
        match self {
            CardSet::Slots(m) => leaf(m),
            CardSet::Side(side) => per_side(side, truth, |h| leaf(hand_mask(h))),
        }
    }
}
