//! Dealing one round from the top of a shoe, card by card, by the spec's
//! drawing rules: the first four cards in the game's initial deal order,
//! then the first hand's third card if it draws, then the second hand's if
//! it draws. Unlike the six-card convention of the exact figures, a card
//! not needed stays in the shoe for the next round.

use super::shoe::{Id, card};
use crate::cards::Card;
use crate::model::round::Round;
use crate::model::{FirstRule, Game};

/// A dealt round as card ids in the six slots (`Round`'s slot order).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dealt {
    pub(crate) ids: [Id; 6],
    pub(crate) counts: [u8; 2],
}

impl Dealt {
    /// The round as conditions read it; a slot not dealt holds a
    /// placeholder, which conditions read as absent.
    pub(crate) fn round(&self) -> Round {
        let mut cards = [Card::new(1, 0); 6];
        for (slot, c) in cards.iter_mut().enumerate() {
            if (slot % 3) < self.counts[slot / 3] as usize {
                *c = card(self.ids[slot]);
            }
        }
        Round {
            cards,
            counts: self.counts,
        }
    }
}

/// Point value of each card id.
const VALUES: [u8; 52] = {
    let mut v = [0u8; 52];
    let mut id = 0;
    while id < 52 {
        v[id] = crate::cards::point_value(id as u8 / 4 + 1);
        id += 1;
    }
    v
};

fn value(id: Id) -> u8 {
    VALUES[id as usize]
}

/// A game's dealing, with the initial deal's slots worked out once.
#[derive(Clone, Debug)]
pub(crate) struct Dealer<'a> {
    game: &'a Game,
    /// The slot each of the first four cards goes to.
    slots: [usize; 4],
}

impl<'a> Dealer<'a> {
    pub(crate) fn new(game: &'a Game) -> Dealer<'a> {
        let mut next = [0usize, 0];
        let slots = game.deal.map(|hand| {
            let h = hand as usize;
            next[h] += 1;
            h * 3 + next[h] - 1
        });
        Dealer { game, slots }
    }

    /// Deals a round from `cards` (at least six left); returns it and the
    /// number of cards used.
    pub(crate) fn deal(&self, cards: &[Id]) -> (Dealt, usize) {
        let game = self.game;
        let mut d = Dealt {
            ids: [0; 6],
            counts: [2, 2],
        };
        for (&slot, &id) in self.slots.iter().zip(&cards[..4]) {
            d.ids[slot] = id;
        }
        let t0 = (value(d.ids[0]) + value(d.ids[1])) % 10;
        let t1 = (value(d.ids[3]) + value(d.ids[4])) % 10;
        // Whether each hand draws, as 0 or 1 and without branching where
        // the rules are fixed: which way a round goes is random, and a
        // mispredicted branch costs more than the arithmetic.
        let natural = ((game.naturals >> t0) | (game.naturals >> t1)) & 1;
        let first = match &game.first {
            FirstRule::Totals(mask) => (mask >> t0) & 1 & (1 - natural),
            // A player's choice reads the two-card hands as a round.
            FirstRule::Decides(_) => (natural == 0 && game.first_draws(&d.round())) as u16,
        };
        let third = value(cards[4]);
        let second = if first == 1 {
            (game.second.when_other_draws[t1 as usize] >> third) & 1
        } else {
            (game.second.when_other_stands >> t1) & 1
        } & (1 - natural);
        // A slot not dealt holds a card its count leaves unread.
        d.ids[2] = cards[4];
        d.ids[5] = cards[4 + first as usize];
        d.counts = [2 + first as u8, 2 + second as u8];
        (d, 4 + (first + second) as usize)
    }
}
