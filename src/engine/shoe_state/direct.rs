//! Machinery of the walk (`walk.rs`): a leaf's outcome looked up by what
//! its atoms read, where that is few things.
//!
//! A leaf's outcome is a function of its atom values, and an atom's value
//! is a function of the classes of the cards in the slots it reads
//! (`Atoms::slots_read`), of the suits of those whose suits it reads where they
//! are known, and of which slots are dealt (the hands' card counts): the
//! cards of a slot not dealt are never read. Where the product of those
//! is small, outcomes are kept in a table indexed by them, and a leaf met
//! again costs neither atom values nor a hash. Coarser keys serve atoms
//! that read less than whole cards: the hands' totals (atoms of totals,
//! naturals and who wins: 12,100 keys), and the pattern of equal ranks
//! (atoms of pairs and kinds: 20,160). The key of fewest keys is taken;
//! where none is small, totals with suited sets (each set known suited,
//! known not, or not yet known: Lucky 8's side bets, 326,700 keys, most
//! never met) save each leaf's atom values all the same. Lucky Monkey's
//! side bet reads the third cards alone (19,600 keys), where its walk by
//! rank meets some two million leaves; 21st Century's kinds are keyed by
//! their pattern. Parts whose atoms read more keep the walk's cache by
//! atom values.

use super::super::atoms::{Atoms, UNKNOWN};
use super::super::plan::Level;
use super::weights::class_of;
use crate::model::cond::{Cond, SlotMask};
use crate::model::round::{Round, SLOTS, slot};

/// The most keys a table is kept for (under a megabyte a walker).
const MAX_KEYS: usize = 1 << 15;

/// ... and for [`By::TotalsSuited`], taken only where no other applies.
const MAX_SUITED_KEYS: usize = 1 << 19;

/// How a part's leaves are keyed, where they can be.
pub(super) struct Direct {
    by: By,
    level: Level,
    /// Keys in all.
    pub(super) keys: usize,
}

/// What a key is made of.
enum By {
    /// The classes of the slots the atoms read (`classes` a slot), each
    /// with whether its suit is read.
    Slots {
        slots: Vec<(u8, bool)>,
        classes: usize,
    },
    /// Atoms that read the cards only through the hands' totals: the
    /// two-card totals and each final total where the hand drew (12,100
    /// keys, the simulator's totals key).
    Totals,
    /// Atoms of totals (as [`By::Totals`]) and of whether the dealt cards
    /// of sets of slots share a suit (`suited`): the totals' key, then per
    /// set whether it is known suited, known not, or not yet known (three
    /// digits: Lucky 8's side bets, 326,700 keys).
    TotalsSuited { sets: Vec<SlotMask> },
    /// Atoms that read ranks only through how many cards share one
    /// (`max_kind`, `kinds`) among the slots of `mask`: the pattern of
    /// equal ranks among them, each rank named by its first appearance.
    Kinds { mask: SlotMask },
}

impl Direct {
    /// The keying of a part whose atoms are `atoms`, walked at `level`
    /// (`classes` a slot): the one of fewest keys that applies; None when
    /// each would take more than [`MAX_KEYS`].
    pub(super) fn of(atoms: &Atoms, level: Level, classes: usize) -> Option<Direct> {
        let read = atoms.slots_read();
        let suits = atoms.suit_slots.iter().fold(0, |m, &s| m | s);
        let slots: Vec<(u8, bool)> = (0..SLOTS as u8)
            .filter(|&s| read & (1 << s) != 0)
            .map(|s| (s, suits & (1 << s) != 0))
            .collect();
        // Which hands drew: four ways, a factor of every key but the
        // totals' (which hold it in their digits).
        let by_slots = slots
            .iter()
            .try_fold(4usize, |k, &(_, suit)| {
                k.checked_mul((1 + classes) * if suit { 5 } else { 1 })
            })
            .map(|keys| (By::Slots { slots, classes }, keys));
        let by_totals = atoms
            .list
            .iter()
            .all(Cond::hand_level)
            .then_some((By::Totals, TOTALS_KEYS));
        let by_totals_suited = atoms
            .list
            .iter()
            .all(Cond::hand_level_or_suited)
            .then(|| {
                let mut sets: Vec<SlotMask> = Vec::new();
                for m in suited_masks(atoms) {
                    if m != 0 && !sets.contains(&m) {
                        sets.push(m);
                    }
                }
                let keys = TOTALS_KEYS.checked_mul(3usize.checked_pow(sets.len() as u32)?)?;
                // A wider table than the others': what it saves is every
                // atom's value at every leaf, and few of its keys are met.
                (keys <= MAX_SUITED_KEYS).then_some((By::TotalsSuited { sets }, keys))
            })
            .flatten();
        let kinds_mask = atoms.list.iter().try_fold(0u8, |m, a| match a {
            Cond::MaxKind(k) | Cond::Kinds(k, _) => Some(m | k),
            a if a.reads_no_card() => Some(m),
            _ => None,
        });
        let by_kinds = kinds_mask.map(|mask| (By::Kinds { mask }, 4 * KINDS_KEYS));
        [by_slots, by_totals, by_kinds]
            .into_iter()
            .flatten()
            .filter(|(_, keys)| *keys <= MAX_KEYS)
            .min_by_key(|(_, keys)| *keys)
            .or(by_totals_suited)
            .map(|(by, keys)| Direct { by, level, keys })
    }

    /// The key of `round` with the suits of `known` slots known: which
    /// hands drew, then what the keying reads.
    pub(super) fn key(&self, round: &Round, known: u8) -> usize {
        let counts = drew(round, 0) * 2 + drew(round, 1);
        match &self.by {
            By::Slots { slots, classes } => {
                let mut key = counts;
                for &(s, suit) in slots {
                    let dealt = round.dealt(s);
                    let card = round.cards[s as usize];
                    let class = class_of(self.level, card.rank as usize - 1);
                    key = key * (1 + classes) + if dealt { 1 + class } else { 0 };
                    if suit {
                        let seen = dealt && known & (1 << s) != 0;
                        key = key * 5 + if seen { 1 + card.suit as usize } else { 0 };
                    }
                }
                key
            }
            By::Totals => totals_key(round),
            By::TotalsSuited { sets } => {
                let dealt = round.dealt_slots();
                sets.iter().fold(totals_key(round), |key, &m| {
                    key * 3 + suited_state(round, m & dealt, known) as usize
                })
            }
            By::Kinds { mask } => {
                // Slot s's digit: 0 not read or not dealt, else 1 + its
                // rank's name (at most s), in radix s + 2.
                let (mut names, mut next, mut key) = ([u8::MAX; 14], 0u8, 0usize);
                for s in 0..SLOTS {
                    let digit = if mask & (1 << s) != 0 && round.dealt(s as u8) {
                        let r = round.cards[s].rank as usize;
                        if names[r] == u8::MAX {
                            names[r] = next;
                            next += 1;
                        }
                        1 + names[r] as usize
                    } else {
                        0
                    };
                    key = key * (s + 2) + digit;
                }
                counts * KINDS_KEYS + key
            }
        }
    }
}

/// The two-card totals and each final total where the hand drew (which
/// hands drew is in the final totals' digits).
fn totals_key(round: &Round) -> usize {
    let two = |h: usize| {
        let v = |s: usize| round.cards[s].value() as usize;
        (v(3 * h) + v(3 * h + 1)) % 10
    };
    let last = |h: usize| (round.total(h as u8) as usize + 1) * drew(round, h);
    ((two(0) * 10 + two(1)) * 11 + last(0)) * 11 + last(1)
}

/// 1 where hand `h` drew a third card, else 0.
fn drew(round: &Round, h: usize) -> usize {
    round.dealt(slot(h as u8, 2)) as usize
}

/// Whether the cards of `dealt` (the dealt slots of a `suited` set) share
/// a suit, as the walk's settling reads it with the suits of `known`: 0
/// where two known ones differ (whatever the rest), 2 where some are not
/// known, else 1.
fn suited_state(round: &Round, dealt: SlotMask, known: u8) -> u8 {
    let mut seen: Option<u8> = None;
    for s in 0..SLOTS {
        if dealt & known & (1 << s) == 0 {
            continue;
        }
        let suit = round.cards[s].suit;
        match seen {
            Some(x) if x != suit => return 0,
            _ => seen = Some(suit),
        }
    }
    if dealt & !known != 0 { 2 } else { 1 }
}

/// Per atom, the slots it reads if it is `suited`, else 0.
pub(super) fn suited_masks(atoms: &Atoms) -> Vec<SlotMask> {
    atoms
        .list
        .iter()
        .map(|a| match a {
            Cond::Suited(m) => *m,
            _ => 0,
        })
        .collect()
}

/// The atom values `values` as the walk settles them: a `suited` atom
/// (`suited`: [`suited_masks`]) left unknown is not suited once two known
/// cards of its set differ in suit, whatever the rest.
pub(super) fn not_suited_where_known(
    values: &mut [i64],
    suited: &[SlotMask],
    round: &Round,
    known: u8,
) {
    let dealt = round.dealt_slots();
    for (v, &m) in values.iter_mut().zip(suited) {
        if *v == UNKNOWN && m != 0 && suited_state(round, m & dealt, known) == 0 {
            *v = 0;
        }
    }
}

/// Keys of [`By::Totals`].
const TOTALS_KEYS: usize = 10 * 10 * 11 * 11;

/// Keys of [`By::Kinds`] for one way of drawing: 2 x 3 x ... x 7.
const KINDS_KEYS: usize = 5040;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use std::collections::HashMap;

    /// Rounds with one key have the same atom values, whatever the cards
    /// of slots not dealt and the suits not known: the key holds all the
    /// atoms read. Atoms of a side bet on the third cards (Lucky Monkey's
    /// kind), of a hand's total, of totals and suited sets (Lucky 8's) and
    /// of kinds, at both levels.
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
            // Keyed by the totals.
            vec![
                Cond::Wins(0),
                Cond::Tie,
                Cond::Margin,
                Cond::Natural(1, 0b11_0000_0000),
                Cond::TwoCardTotal(1),
                Cond::Total(1),
                Cond::CardCount(0b100_100),
            ],
            // Keyed by the totals and the suited sets' states (Lucky 8's
            // side bets); a set of one hand's cards, of the other's, of all.
            vec![
                Cond::Total(0),
                Cond::Total(1),
                Cond::Count(0),
                Cond::Suited(0b000_111),
                Cond::Suited(0b111_000),
                Cond::Suited(0b111_111),
                Cond::Wins(1),
            ],
            // Keyed by the pattern of equal ranks.
            // (The banker's third card is not among the ranks read.)
            vec![
                Cond::MaxKind(0b011_111),
                Cond::Kinds(0b011_011, 2),
                Cond::Kinds(0b000_111, 3),
                Cond::Drew(1),
            ],
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
                let direct = Direct::of(&atoms, level, classes).expect("few keys");
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
                    // As the walk's settling reads the atoms.
                    not_suited_where_known(&mut values, &suited_masks(&atoms), &round, known);
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
