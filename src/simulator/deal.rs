//! Dealing one round from the top of a shoe, card by card, by the spec's
//! drawing rules: the first four cards in the game's initial deal order,
//! then the first hand's third card if it draws, then the second hand's if
//! it draws. Unlike the six-card convention of the exact figures, a card
//! not needed stays in the shoe for the next round.

use super::shoe::{Id, card};
use crate::cards::Card;
use crate::model::round::Round;
use crate::model::{Chart, FirstRule, Game, StrategyRule};

/// A dealt round as card ids in the six slots (`Round`'s slot order),
/// with the hands' totals the deal worked out (the totals key reads them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dealt {
    pub(crate) ids: [Id; 6],
    pub(crate) counts: [u8; 2],
    /// Each hand's two-card total, then its final total.
    pub(crate) totals: [u8; 4],
}

impl Dealt {
    /// A round from three words, four bytes each, least significant
    /// first: the first four ids; the last two ids and the two counts;
    /// the four totals (how the lanes' deal hands a round over).
    #[inline(always)]
    pub(crate) fn from_words(a: u32, b: u32, c: u32) -> Dealt {
        let [i0, i1, i2, i3] = a.to_le_bytes();
        let [i4, i5, c0, c1] = b.to_le_bytes();
        Dealt {
            ids: [i0, i1, i2, i3, i4, i5],
            counts: [c0, c1],
            totals: c.to_le_bytes(),
        }
    }

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

/// Point value of each card id, over every byte so that no lookup needs a
/// bounds check.
const VALUES: [u8; 256] = {
    let mut v = [0u8; 256];
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

/// Each byte modulo 10, by a table: cheaper than the division it
/// replaces, in the hottest code of a run.
const MOD10: [u8; 256] = {
    let mut m = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        m[i] = (i % 10) as u8;
        i += 1;
    }
    m
};

/// A total with a card added, or with none when `draws` is 0.
fn add(total: u8, id: Id, draws: u16) -> u8 {
    MOD10[(total + value(id) * draws as u8) as usize]
}

/// A game's dealing, with its rules copied out of the game once (they are
/// read every round) and the initial deal's positions worked out.
#[derive(Clone, Debug)]
pub(crate) struct Dealer<'a> {
    game: &'a Game,
    /// Per two-card slot (0, 1, 3, 4): which of the first four cards it gets.
    at: [usize; 4],
    naturals: u16,
    /// The first hand's drawing totals; None when its owner decides.
    first: Option<u16>,
    /// An owner who decides by a chart of the first four cards' point
    /// values: the chart, read straight from the dealt cards.
    chart: Option<&'a Chart>,
    when_other_stands: u16,
    when_other_draws: [u16; 10],
}

/// Drawing rules that no owner's choice decides, as masks: what the
/// lanes' deal (`super::lanes`) reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fixed {
    pub(crate) at: [usize; 4],
    pub(crate) naturals: u16,
    pub(crate) first: u16,
    pub(crate) when_other_stands: u16,
    pub(crate) when_other_draws: [u16; 10],
}

impl<'a> Dealer<'a> {
    /// The rules as masks, where the first hand draws by its total alone.
    pub(crate) fn fixed(&self) -> Option<Fixed> {
        Some(Fixed {
            at: self.at,
            naturals: self.naturals,
            first: self.first?,
            when_other_stands: self.when_other_stands,
            when_other_draws: self.when_other_draws,
        })
    }

    pub(crate) fn new(game: &'a Game) -> Dealer<'a> {
        let mut next = [0usize, 0];
        let mut at = [0usize; 4];
        for (i, &hand) in game.deal.iter().enumerate() {
            let h = hand as usize;
            at[h * 2 + next[h]] = i;
            next[h] += 1;
        }
        // A chart that reads only the first four cards (a third card's
        // slot leaves the decision to the game).
        let chart = match &game.first {
            FirstRule::Decides(d) => match &d.strategies[d.default].rule {
                StrategyRule::Chart(chart) if chart.sees.iter().all(|&s| s % 3 < 2) => {
                    Some(&**chart)
                }
                _ => None,
            },
            FirstRule::Totals(_) => None,
        };
        Dealer {
            game,
            at,
            chart,
            naturals: game.naturals,
            first: match game.first {
                FirstRule::Totals(mask) => Some(mask),
                FirstRule::Decides(_) => None,
            },
            when_other_stands: game.second.when_other_stands,
            when_other_draws: game.second.when_other_draws,
        }
    }

    /// Deals a round from `cards` (at least six left); returns it and the
    /// number of cards used.
    #[inline(always)]
    pub(crate) fn deal(&self, cards: &[Id]) -> (Dealt, usize) {
        let cards: &[Id; 6] = cards[..6].try_into().expect("six cards");
        // `& 3`: positions are below four, which spares the bounds checks.
        let at = self.at.map(|i| cards[i & 3]);
        // Built whole rather than slot by slot: byte stores at computed
        // slots, read back as one word, stalled the processor (a quarter
        // of the deal's time).
        let t0 = add(value(at[0]), at[1], 1);
        let t1 = add(value(at[2]), at[3], 1);
        // Whether each hand draws, as 0 or 1 and without branching where
        // the rules are fixed: which way a round goes is random, and a
        // mispredicted branch costs more than the arithmetic.
        let natural = ((self.naturals >> t0) | (self.naturals >> t1)) & 1;
        let first = match self.first {
            Some(mask) => (mask >> t0) & 1 & (1 - natural),
            None => self.decides(at, t0, t1, natural),
        };
        let third = value(cards[4]);
        let if_drew = (self.when_other_draws[t1 as usize % 10] >> third) & 1;
        let if_stood = (self.when_other_stands >> t1) & 1;
        let second = ((first & if_drew) | ((1 - first) & if_stood)) & (1 - natural);
        // A slot not dealt holds a card its count leaves unread.
        let other = cards[4 + first as usize];
        let d = Dealt {
            ids: [at[0], at[1], cards[4], at[2], at[3], other],
            counts: [2 + first as u8, 2 + second as u8],
            totals: [t0, t1, add(t0, cards[4], first), add(t1, other, second)],
        };
        (d, 4 + (first + second) as usize)
    }

    /// Whether a first hand whose owner chooses draws: the choice reads
    /// the two-card hands as a round. Kept out of `deal` so that it is
    /// inlined where the rules are fixed.
    #[cold]
    #[inline(never)]
    fn decides(&self, at: [Id; 4], t0: u8, t1: u8, natural: u16) -> u16 {
        if let Some(chart) = self.chart {
            // Slot s of the first four (0, 1, 3, 4) is place s - s / 3.
            let index = Chart::index_of(&chart.sees, |s| value(at[(s - s / 3) as usize]));
            return (natural == 0 && chart.draw[index]) as u16;
        }
        let d = Dealt {
            ids: [at[0], at[1], 0, at[2], at[3], 0],
            counts: [2, 2],
            totals: [t0, t1, t0, t1],
        };
        (natural == 0 && self.game.first_draws(&d.round())) as u16
    }
}
