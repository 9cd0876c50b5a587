//! A real shoe: shuffled, burned, dealt to a cut card.
//!
//! Procedure (no shipped rule document describes a burn, so the common
//! baccarat procedure is used and stated in the report): the shoe is
//! shuffled completely; the first card is turned face up and that many
//! further cards are burned face down, an ace counting 1, two to nine
//! their face value, tens and pictures 10. Rounds are then dealt from the
//! top. A round is begun only while fewer cards than the cut card's
//! position have left the shoe (burned cards included); the round in which
//! the cut card comes out is finished, and the shoe ends there.

use super::rng::Rng;
use crate::cards::Card;

/// A card as the simulator stores it: `(rank - 1) * 4 + suit`.
pub(crate) type Id = u8;

pub(crate) fn card(id: Id) -> Card {
    Card::new(id / 4 + 1, id % 4)
}

/// The shoe of `decks` decks, in a fixed order before shuffling.
pub(crate) fn fresh(decks: u32) -> Vec<Id> {
    (0..decks).flat_map(|_| 0..52u8).collect()
}

/// Shuffles the whole shoe (Fisher-Yates).
pub(crate) fn shuffle(cards: &mut [Id], rng: &mut Rng) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// How many cards the burn takes, the shown card included: the shown card
/// and as many more as its count (tens and pictures count 10).
pub(crate) fn burned(shown: Id) -> usize {
    let rank = shown / 4 + 1;
    1 + if rank >= 10 { 10 } else { rank as usize }
}

/// The cut card's position (cards from the top) for a penetration, the
/// share of the shoe dealt before it: rounded to the nearest card.
pub(crate) fn cut(cards: usize, penetration: f64) -> usize {
    (penetration * cards as f64).round() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffle_keeps_every_card() {
        let mut shoe = fresh(8);
        shuffle(&mut shoe, &mut Rng::for_block(5, "test", 0));
        let mut sorted = shoe.clone();
        sorted.sort();
        assert_eq!(sorted, {
            let mut f = fresh(8);
            f.sort();
            f
        });
        assert_ne!(shoe, fresh(8));
    }

    #[test]
    fn the_burn_counts_tens_and_pictures_as_ten() {
        assert_eq!(burned(0), 2); // ace of spades: shown + 1
        assert_eq!(burned(4 * 8 + 2), 10); // nine of diamonds: shown + 9
        assert_eq!(burned(4 * 9), 11); // ten
        assert_eq!(burned(4 * 12 + 3), 11); // king
    }
}
