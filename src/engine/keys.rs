//! Flat leaf keys: where the atoms a group reads depend only on a few
//! things (the card counts, the hand totals, the classes of a few slots),
//! leaves are summed in a flat array indexed by those things, with no
//! hashing per leaf. The atom values of each key are taken from the first
//! leaf that has it.

use super::atoms::Atoms;
use crate::model::cond::Cond;
use crate::model::round::{Round, SLOTS};

/// Largest flat array, in entries, per chunk of work.
const MAX_KEYS: usize = 1 << 18;

#[derive(Clone, Debug)]
pub struct Keying {
    /// Two-card and final totals are part of the key.
    totals: bool,
    /// Slots whose class is part of the key.
    slots: Vec<usize>,
    pub size: usize,
}

impl Keying {
    /// The key layout for a group's atoms, if small enough.
    pub fn of(atoms: &Atoms) -> Option<Keying> {
        let mut totals = false;
        let mut slots: u8 = 0;
        for a in &atoms.list {
            match a {
                Cond::Count(_) | Cond::Drew(_) | Cond::CardCount(_) => {}
                Cond::Total(_) | Cond::Natural(..) | Cond::Wins(_) | Cond::Tie | Cond::Margin => {
                    totals = true
                }
                // Suits are chosen separately, after the key.
                Cond::Suit(_) | Cond::Suited(_) => {}
                Cond::Rank(s) | Cond::Value(s) | Cond::Face(s) | Cond::High(s) => slots |= 1 << s,
                Cond::MaxKind(m) | Cond::Kinds(m, _) => slots |= m,
                _ => return None,
            }
        }
        let slots: Vec<usize> = (0..SLOTS).filter(|s| slots & (1 << s) != 0).collect();
        let size = 4 * if totals { 10_000 } else { 1 } * 14usize.pow(slots.len() as u32);
        (size <= MAX_KEYS).then_some(Keying {
            totals,
            slots,
            size,
        })
    }

    /// The key of a round: counts, totals if keyed, then each keyed slot's
    /// representative rank (0 when the slot was not dealt).
    pub fn key(&self, r: &Round, two_card: [u8; 2]) -> usize {
        let mut k = (r.counts[0] as usize - 2) * 2 + (r.counts[1] as usize - 2);
        if self.totals {
            k = k * 10_000
                + two_card[0] as usize * 1000
                + two_card[1] as usize * 100
                + r.total(0) as usize * 10
                + r.total(1) as usize;
        }
        for &s in &self.slots {
            let rank = if r.dealt(s as u8) {
                r.cards[s].rank as usize
            } else {
                0
            };
            k = k * 14 + rank;
        }
        k
    }
}
