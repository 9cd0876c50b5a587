//! Every round a small shoe can deal, each with the number of ordered
//! six-card sequences of the shoe that deal it.
//!
//! Playing every six-card sequence one by one repeats work twice over: a
//! card the round never uses (the fifth when the first hand stands, the
//! sixth when the second does) cannot change it, and identical cards
//! (three `Ks` in one shoe) give identical rounds. So the shoe is dealt one
//! card at a time, only as far as the drawing rules use cards, over
//! distinct cards, and each round carries its multiplicity: the product of
//! the copies left of each card dealt, times the ways to fill the unused
//! positions. Summed over the rounds, the multiplicities are exactly the
//! shoe's ordered six-card sequences (`tests/verify.rs` checks both the
//! total and every tally against the sequence-by-sequence enumeration).
//! Which cards are used is decided by [`round_of_sequence`], the evaluator's
//! own dealing: nothing here knows the drawing rules. The sixth card, last
//! dealt and deciding nothing, is placed by [`with_sixth`] in the round the
//! first five deal instead of the round being dealt again for each.

use super::play::{round_of_sequence, with_sixth};
use crate::cards::Card;
use crate::model::Spec;
use crate::model::round::Round;

/// A shoe of a few cards, as distinct cards with their copies.
#[derive(Clone, Debug)]
pub struct SmallShoe {
    cards: Vec<Card>,
    copies: Vec<u64>,
}

impl SmallShoe {
    /// At least six cards (a whole round under the six-card convention).
    pub fn new(shoe: &[Card]) -> SmallShoe {
        let mut cards: Vec<Card> = shoe.to_vec();
        cards.sort();
        cards.dedup();
        let copies = cards
            .iter()
            .map(|c| shoe.iter().filter(|d| *d == c).count() as u64)
            .collect();
        SmallShoe { cards, copies }
    }

    /// Distinct cards: [`SmallShoe::rounds_from`] splits the work by them.
    pub fn distinct(&self) -> usize {
        self.cards.len()
    }

    /// Every round whose first card is the `first` distinct card, with its
    /// number of six-card sequences.
    pub fn rounds_from(&self, spec: &Spec, first: usize, f: &mut dyn FnMut(&Round, u64)) {
        let mut deal = Dealer {
            spec,
            shoe: self,
            left: self.copies.clone(),
            seq: [self.cards[0]; 6],
            f,
        };
        deal.take(0, first, 1);
    }
}

struct Dealer<'a> {
    spec: &'a Spec,
    shoe: &'a SmallShoe,
    /// Copies of each distinct card not yet dealt.
    left: Vec<u64>,
    seq: [Card; 6],
    f: &'a mut dyn FnMut(&Round, u64),
}

impl Dealer<'_> {
    /// Deals distinct card `k` at position `at` (weight so far `w`), then
    /// goes on.
    fn take(&mut self, at: usize, k: usize, w: u64) {
        if self.left[k] == 0 {
            return;
        }
        let w = w * self.left[k];
        self.left[k] -= 1;
        self.seq[at] = self.shoe.cards[k];
        self.next(at + 1, w);
        self.left[k] += 1;
    }

    /// Positions `at..6` are still to deal.
    fn next(&mut self, at: usize, w: u64) {
        match at {
            0..4 => (0..self.shoe.distinct()).for_each(|k| self.take(at, k, w)),
            // The round as dealt so far says whether the fifth and sixth
            // positions are used; it is kept for the position after.
            4 => {
                let round = round_of_sequence(self.spec, &self.seq);
                if round.counts[0] == 3 {
                    (0..self.shoe.distinct()).for_each(|k| self.take(4, k, w))
                } else {
                    self.sixth(w, false, &round)
                }
            }
            // The fifth dealt (`sixth` places the sixth card itself).
            5 => {
                let round = round_of_sequence(self.spec, &self.seq);
                self.sixth(w, true, &round)
            }
            _ => unreachable!("six positions, the sixth placed by `sixth`"),
        }
    }

    /// The sixth card, if the second hand draws it (`round` is the round
    /// dealt so far). A position the round leaves unused (the fifth when
    /// the first hand stood, the sixth when the second stands) holds any of
    /// the cards left.
    fn sixth(&mut self, w: u64, fifth_dealt: bool, round: &Round) {
        let left: u64 = self.left.iter().sum();
        if round.counts[1] == 3 {
            // The fifth position: any card but the sixth.
            let w = if fifth_dealt {
                w
            } else {
                w * left.saturating_sub(1)
            };
            for (&card, &copies) in self.shoe.cards.iter().zip(&self.left) {
                if copies > 0 {
                    (self.f)(&with_sixth(round, card), w * copies);
                }
            }
        } else {
            let free = if fifth_dealt {
                left
            } else {
                left * left.saturating_sub(1)
            };
            (self.f)(round, w * free)
        }
    }
}
