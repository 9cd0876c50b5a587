//! Flat leaf keys: where the atoms a group reads depend only on a few
//! things (the card counts, the hand totals, the classes of a few slots),
//! leaves are summed in a flat array indexed by those things, with no
//! hashing per leaf. The atom values of each key are taken from the first
//! leaf that has it.

use super::atoms::Atoms;
use crate::model::cond::{ABSENT, Cond};
use crate::model::round::{Round, SLOTS};

/// Largest flat array, in entries, per chunk of work.
const MAX_KEYS: usize = 1 << 18;

#[derive(Clone, Debug)]
pub enum Keying {
    /// Keyed by what the atoms are computed from.
    Cards(CardKey),
    /// Keyed by the atom values themselves (each with a small range).
    Values(ValueKey),
}

#[derive(Clone, Debug)]
pub struct CardKey {
    /// Two-card and final totals are part of the key.
    totals: bool,
    /// Slots whose class is part of the key.
    slots: Vec<usize>,
    size: usize,
}

#[derive(Clone, Debug)]
pub struct ValueKey {
    /// Per atom: (smallest value, number of key positions), or None for
    /// suit atoms, which are never part of a key (so a key whose suit atoms
    /// read a third card says whether it was drawn; see [`ValueKey::of`]).
    ranges: Vec<Option<(i64, usize)>>,
    size: usize,
}

impl Keying {
    pub fn of(atoms: &Atoms) -> Option<Keying> {
        CardKey::of(atoms)
            .map(Keying::Cards)
            .or_else(|| ValueKey::of(atoms).map(Keying::Values))
    }

    pub fn size(&self) -> usize {
        match self {
            Keying::Cards(k) => k.size,
            Keying::Values(k) => k.size,
        }
    }
}

impl ValueKey {
    fn of(atoms: &Atoms) -> Option<ValueKey> {
        // A suit atom's reading (a suit to choose, or a card not dealt)
        // follows from the key only if the key says whether each third card
        // it reads was drawn: the hand's card count or whether it drew.
        for (h, third) in [(0u8, 0b000_100u8), (1, 0b100_000)] {
            let reads_third = atoms.suit_slots.iter().any(|s| s & third != 0);
            let says_drawn = atoms
                .list
                .iter()
                .any(|a| matches!(a, Cond::Count(x) | Cond::Drew(x) if *x == h));
            if reads_third && !says_drawn {
                return None;
            }
        }
        let mut size: usize = 1;
        let mut ranges = Vec::new();
        for a in &atoms.list {
            let range = match a {
                Cond::Suit(_) | Cond::Suited(_) => None,
                Cond::Total(_) | Cond::TwoCardTotal(_) | Cond::Margin | Cond::Value(_) => {
                    Some((0, 9))
                }
                Cond::Count(_) => Some((2, 3)),
                Cond::Natural(..) | Cond::Drew(_) | Cond::Wins(_) | Cond::Tie | Cond::Face(_) => {
                    Some((0, 1))
                }
                Cond::CardCount(_) | Cond::MaxKind(_) | Cond::Kinds(..) => Some((0, 6)),
                Cond::Rank(_) => Some((1, 13)),
                Cond::High(_) => Some((2, 14)),
                _ => return None,
            };
            // One more position for a card not dealt.
            let range = range.map(|(lo, hi)| (lo, (hi - lo) as usize + 2));
            if let Some((_, width)) = range {
                size = size.checked_mul(width).filter(|s| *s <= MAX_KEYS)?;
            }
            ranges.push(range);
        }
        Some(ValueKey { ranges, size })
    }

    /// The key of a tuple of atom values (suit atoms ignored).
    pub fn key(&self, values: &[i64]) -> usize {
        let mut k = 0;
        for (v, range) in values.iter().zip(&self.ranges) {
            if let Some((lo, width)) = range {
                let pos = if *v == ABSENT {
                    0
                } else {
                    (*v - lo + 1) as usize
                };
                debug_assert!(pos < *width);
                k = k * width + pos;
            }
        }
        k
    }
}

impl CardKey {
    /// The key layout for a group's atoms, if small enough.
    fn of(atoms: &Atoms) -> Option<CardKey> {
        let mut totals = false;
        let mut slots: u8 = 0;
        for a in &atoms.list {
            match a {
                Cond::Count(_) | Cond::Drew(_) | Cond::CardCount(_) => {}
                Cond::Total(_)
                | Cond::TwoCardTotal(_)
                | Cond::Natural(..)
                | Cond::Wins(_)
                | Cond::Tie
                | Cond::Margin => totals = true,
                // Suits are chosen separately, after the key.
                Cond::Suit(_) | Cond::Suited(_) => {}
                Cond::Rank(s) | Cond::Value(s) | Cond::Face(s) | Cond::High(s) => slots |= 1 << s,
                Cond::MaxKind(m) | Cond::Kinds(m, _) => slots |= m,
                _ => return None,
            }
        }
        let slots: Vec<usize> = (0..SLOTS).filter(|s| slots & (1 << s) != 0).collect();
        let size = 4 * if totals { 10_000 } else { 1 } * 14usize.pow(slots.len() as u32);
        (size <= MAX_KEYS).then_some(CardKey {
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
