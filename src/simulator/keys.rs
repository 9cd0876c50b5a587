//! Machinery of `memo`: what a group of wagers reads, and how a dealt
//! round is reduced to the group's key (see `memo`'s docs for the kinds).

use super::deal::Dealt;
use super::shoe::{Id, card};
use crate::model::cond::{Cond, SlotMask, need};
use crate::model::round::SLOTS;

/// At most this many keys are indexed per group (four bytes each, per thread).
const MAX_KEYS: u64 = 1 << 23;

/// The order slots are keyed in: the four cards always dealt vary fastest,
/// so rounds without a third card share a compact corner of the index.
const KEY_ORDER: [usize; SLOTS] = [0, 1, 3, 4, 2, 5];

/// What a group's conditions read, which decides its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Reads {
    pub(super) needs: [u8; SLOTS],
    kind: Kind,
}

/// How a group's key is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    /// Conditions read the hands only through their totals (two-card and
    /// final) and card counts: the key is those, 12,100 keys.
    Totals,
    /// Ranks only through their multiplicities (see the module docs).
    Renamed,
    /// Totals and counts, and suits only through whether cards share one
    /// (`suited`): the totals' key and the pattern of equal suits,
    /// 12,100 x 187 keys.
    TotalsSuits,
    /// Each slot's card by the class its conditions read.
    Cards,
}

impl Reads {
    pub(super) fn of(w: &crate::model::Wager) -> Reads {
        let mut needs = [0u8; SLOTS];
        let (mut totals, mut kinds, mut suited) = (true, true, true);
        for c in w.conditions() {
            for (n, m) in needs.iter_mut().zip(c.needs()) {
                *n |= m;
            }
            totals &= c.hand_level();
            kinds &= reads_kinds_only(c);
            suited &= c.hand_level_or_suited();
        }
        let kind = if totals {
            Kind::Totals
        } else if kinds {
            Kind::Renamed
        } else if suited {
            Kind::TotalsSuits
        } else {
            Kind::Cards
        };
        Reads { needs, kind }
    }

    /// Whether every key of `other` decides this group's key too.
    pub(super) fn within(&self, other: &Reads) -> bool {
        match (self.kind, other.kind) {
            (Kind::Cards, Kind::Cards) => self
                .needs
                .iter()
                .zip(&other.needs)
                .all(|(a, b)| a & !b == 0),
            // The totals are part of the suit pattern's key.
            (Kind::Totals, Kind::TotalsSuits) => true,
            (a, b) => a == b,
        }
    }
}

/// Every set of slots a `suited` condition of `wagers` reads, each once.
pub(super) fn suited_sets<'a>(
    wagers: impl Iterator<Item = &'a crate::model::Wager>,
) -> Vec<SlotMask> {
    fn collect(c: &Cond, out: &mut Vec<SlotMask>) {
        if let Cond::Suited(m) = c {
            out.push(*m);
        }
        c.children().for_each(|x| collect(x, out));
    }
    let mut out = Vec::new();
    for c in wagers.flat_map(crate::model::Wager::conditions) {
        collect(c, &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether a condition reads cards only through rank multiplicities and
/// which slots were dealt.
fn reads_kinds_only(c: &Cond) -> bool {
    c.reads_only(&|leaf| matches!(leaf, Cond::MaxKind(_) | Cond::Kinds(..)))
}

/// A group's key where the lanes (`super::lanes`) compute it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LaneKey {
    /// [`totals_key`].
    Totals,
    /// [`Keying::renamed_key`], with its radix per slot.
    Renamed([u32; SLOTS]),
}

/// How to reduce a round to a group's key.
#[derive(Clone, Debug)]
pub(super) struct Keying {
    /// Per slot and card id, what the card adds to the key (by class).
    adds: [[u32; 52]; SLOTS],
    /// Per slot, the key's radix (for renamed ranks).
    radix: [u32; SLOTS],
    kind: Kind,
    /// For a group of cards whose conditions are blind to the suits'
    /// names: the suits are keyed by their pattern instead of by name.
    suits: Option<SuitNames>,
    /// For [`Kind::TotalsSuits`]: the sets of slots whose suitedness the
    /// conditions read, keyed one bit each; None when there are too many
    /// (the pattern of equal suits is then keyed instead).
    suited: Option<Vec<SlotMask>>,
    pub(super) keys: u64,
}

/// The suits of a group's cards keyed by pattern (rounds alike up to a
/// renaming of suits settle alike): Lucky Draw's blocks read the ranks
/// and suits of four cards, 29 million keys by name (too many to index:
/// the evaluator settled every round), 1.7 million by pattern (13^4
/// ranks, 15 patterns, whether each third card is dealt). The same idea
/// as [`suit_pattern`], which [`Kind::TotalsSuits`] keeps: over six fixed
/// slots, branch-free, it is 10-15% faster on Lucky 8's simulation than
/// this general form (measured 2026-11-28).
#[derive(Clone, Debug)]
struct SuitNames {
    /// The slots whose suits are read, in key order.
    slots: Vec<usize>,
    /// Per code (each slot's suit named by first appearance among the
    /// dealt ones, two bits a slot; 0 for a slot not dealt), its pattern's
    /// number.
    number: Vec<u32>,
    /// What a pattern's number is multiplied by in the key.
    radix: u32,
}

impl SuitNames {
    fn new(slots: Vec<usize>, radix: u64) -> (SuitNames, u64) {
        let codes = 1usize << (2 * slots.len());
        let mut number = vec![0u32; codes];
        let mut patterns = 0u32;
        for (code, n) in number.iter_mut().enumerate() {
            // Named by first appearance: each name at most one above the
            // highest before it (a slot not dealt, 0, never breaks that).
            let mut highest = -1i32;
            let canonical = (0..slots.len()).all(|i| {
                let name = ((code >> (2 * i)) & 3) as i32;
                let ok = name <= highest + 1;
                highest = highest.max(name);
                ok
            });
            if canonical {
                *n = patterns;
                patterns += 1;
            }
        }
        let names = SuitNames {
            slots,
            number,
            radix: radix.min(u32::MAX as u64) as u32,
        };
        (names, radix.saturating_mul(patterns as u64))
    }

    /// The round's pattern of suits, as a number.
    fn pattern(&self, d: &Dealt) -> u32 {
        let (mut names, mut next, mut code) = ([4u8; 4], 0u8, 0usize);
        for (i, &slot) in self.slots.iter().enumerate() {
            if slot % 3 >= d.counts[slot / 3] as usize {
                continue;
            }
            let suit = card(d.ids[slot]).suit as usize;
            if names[suit] == 4 {
                names[suit] = next;
                next += 1;
            }
            code |= (names[suit] as usize) << (2 * i);
        }
        self.number[code]
    }
}

impl Keying {
    /// `suited`: every set of slots a `suited` condition of the group reads.
    pub(super) fn new(reads: Reads, blind: bool, suited: &[SlotMask]) -> Keying {
        let mut adds = [[0u32; 52]; SLOTS];
        let mut radix = [0u32; SLOTS];
        let mut keys = 1u64;
        // Suits keyed by pattern, apart from the classes.
        let by_pattern =
            blind && reads.kind == Kind::Cards && reads.needs.iter().any(|n| n & need::SUIT != 0);
        let suit_slots: Vec<usize> = KEY_ORDER
            .into_iter()
            .filter(|&s| by_pattern && reads.needs[s] & need::SUIT != 0)
            .collect();
        for (order, slot) in KEY_ORDER.into_iter().enumerate() {
            // A third slot's class 0 is "not dealt"; its cards start at 1.
            let third = (slot % 3 == 2) as u64;
            let n = if by_pattern {
                reads.needs[slot] & !need::SUIT
            } else {
                reads.needs[slot]
            };
            radix[slot] = keys.min(u32::MAX as u64) as u32;
            for (id, add) in adds[slot].iter_mut().enumerate() {
                let c = card(id as Id);
                let class = match n & (need::RANK | need::SUIT) {
                    0 if n & need::VALUE != 0 => c.value() as u64,
                    0 => 0,
                    need::RANK => c.rank as u64 - 1,
                    need::SUIT if n & need::VALUE != 0 => c.value() as u64 * 4 + c.suit as u64,
                    need::SUIT => c.suit as u64,
                    _ => (c.rank as u64 - 1) * 4 + c.suit as u64,
                };
                *add = ((class + third) * keys).min(u32::MAX as u64) as u32;
            }
            let classes = if reads.kind == Kind::Renamed {
                // Ranks are named in key order, so the card keyed `order`th
                // has a name from 0 to `order`: 1,008 keys in all, an
                // index small enough to stay in the fastest cache.
                order as u64 + 1
            } else {
                classes(n)
            };
            keys = keys.saturating_mul(classes + third);
        }
        let suits = by_pattern.then(|| {
            let (names, all) = SuitNames::new(suit_slots, keys);
            keys = all;
            names
        });
        // Whether each set read is suited, one bit a set, where that makes
        // fewer keys than the 187 patterns: Lucky 8 reads two sets (each
        // hand's cards), 48,400 keys whose index stays in the core's cache,
        // where the patterns' 2.3 million (4.5 MB a thread) missed it.
        let suited = (reads.kind == Kind::TotalsSuits
            && (1usize << suited.len()) <= SUIT_PATTERNS.len())
        .then(|| suited.to_vec());
        match (reads.kind, &suited) {
            (Kind::Totals, _) => keys = TOTALS_KEYS,
            (Kind::TotalsSuits, Some(sets)) => keys = TOTALS_KEYS << sets.len(),
            (Kind::TotalsSuits, None) => keys = TOTALS_KEYS * SUIT_PATTERNS.len() as u64,
            (Kind::Renamed | Kind::Cards, _) => {}
        }
        Keying {
            adds,
            radix,
            kind: reads.kind,
            suits,
            suited,
            keys,
        }
    }

    /// The key as the lanes compute it, where they do.
    pub(super) fn lane_key(&self) -> Option<LaneKey> {
        match self.kind {
            Kind::Totals => Some(LaneKey::Totals),
            Kind::Renamed => Some(LaneKey::Renamed(self.radix)),
            Kind::TotalsSuits | Kind::Cards => None,
        }
    }

    pub(super) fn indexed(&self) -> bool {
        self.keys <= MAX_KEYS
    }

    /// The round's key (for an indexed group). A third card counts only
    /// when dealt: multiplied by 0 or 1 rather than branched on, as which
    /// hands draw is random and a mispredicted branch costs more.
    #[inline(always)]
    pub(super) fn key(&self, d: &Dealt) -> usize {
        match self.kind {
            Kind::Totals => return totals_key(d),
            Kind::Renamed => return self.renamed_key(d),
            Kind::TotalsSuits => {
                return match &self.suited {
                    Some(sets) => (totals_key(d) << sets.len()) | suited_bits(sets, d),
                    None => totals_key(d) * SUIT_PATTERNS.len() + suit_pattern(d),
                };
            }
            Kind::Cards => {}
        }
        let a = &self.adds;
        let drew = d.counts.map(|n| n as u32 - 2);
        let key = a[0][d.ids[0] as usize]
            + a[1][d.ids[1] as usize]
            + a[3][d.ids[3] as usize]
            + a[4][d.ids[4] as usize]
            + a[2][d.ids[2] as usize] * drew[0]
            + a[5][d.ids[5] as usize] * drew[1];
        match &self.suits {
            Some(names) => key as usize + names.pattern(d) as usize * names.radix as usize,
            None => key as usize,
        }
    }

    /// Each rank named by the order of its first appearance. The names
    /// met so far are kept in registers, four bits a rank, and a third
    /// card not dealt names nothing (by masks, without branches).
    fn renamed_key(&self, d: &Dealt) -> usize {
        let (mut seen, mut names, mut next) = (0u32, 0u64, 0u32);
        let mut name = |id: Id, dealt: u32| {
            let rank = (id / 4) as u32;
            let old = (seen >> rank) & 1;
            // A rank not seen has no name stored (0): it takes the next.
            let n = ((names >> (4 * rank)) & 15) as u32 + (1 - old) * next;
            let mask = dealt.wrapping_neg();
            seen |= (1 << rank) & mask;
            names |= ((n & mask) as u64) << (4 * rank);
            next += (1 - old) & dealt;
            n
        };
        let r = &self.radix;
        let drew = d.counts.map(|n| n as u32 - 2);
        let mut key = name(d.ids[0], 1) * r[0]
            + name(d.ids[1], 1) * r[1]
            + name(d.ids[3], 1) * r[3]
            + name(d.ids[4], 1) * r[4];
        // A third slot's name 0 is "not dealt".
        key += (name(d.ids[2], drew[0]) + 1) * r[2] * drew[0];
        key += (name(d.ids[5], drew[1]) + 1) * r[5] * drew[1];
        key as usize
    }
}

/// Two-card totals and, per hand, its final total if it drew (0 if it
/// stood, else 1 + the total): 12,100 keys, most of them met (the deal
/// worked the totals out).
fn totals_key(d: &Dealt) -> usize {
    let [two0, two1, last0, last1] = d.totals.map(usize::from);
    let [drew0, drew1] = d.counts.map(|n| n as usize - 2);
    ((two0 * 10 + two1) * 11 + (last0 + 1) * drew0) * 11 + (last1 + 1) * drew1
}

/// Per set of slots in `sets`, one bit: whether the round's dealt cards
/// in it are all of one suit (as `suited` reads them: a set with no card
/// dealt is suited).
fn suited_bits(sets: &[SlotMask], d: &Dealt) -> usize {
    let dealt = 0b01_1011 | ((d.counts[0] == 3) as u8) << 2 | ((d.counts[1] == 3) as u8) << 5;
    // Per suit, the slots holding a card of it.
    let mut of_suit = [0u8; 4];
    for (slot, &id) in d.ids.iter().enumerate() {
        of_suit[card(id).suit as usize] |= 1 << slot;
    }
    sets.iter().enumerate().fold(0, |bits, (i, &m)| {
        let cards = m & dealt;
        let one_suit = of_suit.iter().any(|&s| cards & !s == 0);
        bits | (one_suit as usize) << i
    })
}

/// Keys of [`totals_key`].
const TOTALS_KEYS: u64 = 10 * 10 * 11 * 11;

/// The pattern of equal suits among a round's dealt cards: a third slot
/// not dealt takes the first card's suit (which of the dealt slots are is
/// in the totals' key, and `suited` reads dealt cards only), and the six
/// suits, two bits a slot, are looked up in [`PATTERN_OF`].
fn suit_pattern(d: &Dealt) -> usize {
    let suit = |slot: usize| card(d.ids[slot]).suit as usize;
    let first = suit(0);
    let drew = d.counts.map(|n| n as usize - 2);
    let third = |slot: usize, drew: usize| suit(slot) * drew + first * (1 - drew);
    let code = first
        | suit(1) << 2
        | third(2, drew[0]) << 4
        | suit(3) << 6
        | suit(4) << 8
        | third(5, drew[1]) << 10;
    PATTERN_OF[code] as usize
}

/// Six suits (two bits a slot, slot 0 lowest) named by first appearance,
/// two bits a slot: a pattern of equal suits.
const fn renamed_suits(code: usize) -> usize {
    let (mut names, mut next, mut out, mut slot) = ([4usize; 4], 0, 0, 0);
    while slot < 6 {
        let s = (code >> (2 * slot)) & 3;
        if names[s] == 4 {
            names[s] = next;
            next += 1;
        }
        out |= names[s] << (2 * slot);
        slot += 1;
    }
    out
}

/// Every pattern of equal suits of six cards, as [`renamed_suits`] gives
/// it, in increasing order: the 187 ways to split six cards into at most
/// four suits.
const SUIT_PATTERNS: [u16; 187] = {
    let mut out = [0u16; 187];
    let (mut code, mut n) = (0, 0);
    while code < 4096 {
        if renamed_suits(code) == code {
            out[n] = code as u16;
            n += 1;
        }
        code += 1;
    }
    assert!(n == 187, "six cards split into at most four suits 187 ways");
    out
};

/// Per six suits (two bits a slot): the index of their pattern in
/// [`SUIT_PATTERNS`].
const PATTERN_OF: [u8; 4096] = {
    let mut out = [0u8; 4096];
    let mut code = 0;
    while code < 4096 {
        let p = renamed_suits(code);
        let mut i = 0;
        while SUIT_PATTERNS[i] as usize != p {
            i += 1;
        }
        out[code] = i as u8;
        code += 1;
    }
    out
};

/// Distinct classes a slot's card falls in when conditions read `needs`.
fn classes(needs: u8) -> u64 {
    let rank = if needs & need::RANK != 0 {
        13
    } else if needs & need::VALUE != 0 {
        10
    } else {
        1
    };
    rank * if needs & need::SUIT != 0 { 4 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rounds whose suits differ by a renaming share a suit pattern; rounds
    /// whose dealt cards share suits differently, or whose third cards not
    /// dealt differ, do not and do.
    #[test]
    fn suit_patterns_are_equal_suits_among_dealt_cards() {
        let dealt = |suits: [u8; 6], counts: [u8; 2]| Dealt {
            ids: suits.map(|s| 4 * 7 + s),
            counts,
            totals: [0; 4],
        };
        let all = [3, 3];
        let a = suit_pattern(&dealt([0, 1, 0, 2, 3, 1], all));
        // Spades and clubs swapped, hearts and diamonds swapped.
        assert_eq!(a, suit_pattern(&dealt([3, 2, 3, 1, 0, 2], all)));
        assert_ne!(a, suit_pattern(&dealt([0, 1, 0, 2, 3, 2], all)));
        // A third card not dealt: its slot's card does not count.
        let b = suit_pattern(&dealt([0, 1, 2, 2, 3, 1], [2, 3]));
        assert_eq!(b, suit_pattern(&dealt([0, 1, 3, 2, 3, 1], [2, 3])));
        assert_ne!(b, suit_pattern(&dealt([0, 1, 2, 2, 3, 1], all)));
        let met: std::collections::HashSet<u8> = PATTERN_OF.iter().copied().collect();
        assert_eq!(met.len(), SUIT_PATTERNS.len());
    }

    /// Each set's bit is what the `suited` condition gives on the round,
    /// for every set of slots, on rounds with and without third cards.
    #[test]
    fn suited_bits_are_the_conditions() {
        let sets: Vec<SlotMask> = (0..64).collect();
        let mut rng = crate::simulator::rng::Rng::for_block(3, "test", 0);
        for n in 0..4000 {
            let d = Dealt {
                // Few suits among few cards, so that suited sets are common.
                ids: [0; 6].map(|_| 4 * rng.below(13) as u8 + rng.below(2) as u8 * 2),
                counts: [2 + (n % 2) as u8, 2 + (n / 2 % 2) as u8],
                totals: [0; 4],
            };
            let bits = suited_bits(&sets, &d);
            for (i, &m) in sets.iter().enumerate() {
                let want = Cond::Suited(m).eval(&d.round());
                assert_eq!((bits >> i) & 1, want as usize, "set {m:06b}, {d:?}");
            }
        }
    }

    /// Rounds alike up to a renaming of suits share a key where the group
    /// is blind to suits' names (Lucky Draw's blocks), and rounds whose
    /// read suits fall in another pattern do not; a group that names a
    /// suit keys suits by name.
    #[test]
    fn suits_are_keyed_by_pattern_where_their_names_do_not_matter() {
        let needs = [
            need::RANK | need::SUIT,
            need::RANK | need::SUIT,
            0,
            0,
            need::RANK | need::SUIT,
            0,
        ];
        let reads = Reads {
            needs,
            kind: Kind::Cards,
        };
        let blind = Keying::new(reads, true, &[]);
        let named = Keying::new(reads, false, &[]);
        // Ranks 1, 1, 9 and 12 in slots 0, 1, 3 and 4; suits given.
        let dealt = |suits: [u8; 4]| Dealt {
            ids: [suits[0], suits[1], 0, 32 + suits[2], 44 + suits[3], 0],
            counts: [2, 2],
            totals: [0; 4],
        };
        let a = dealt([0, 1, 2, 0]);
        // Spades and diamonds swapped (slot 3's suit is not read).
        let b = dealt([2, 1, 3, 2]);
        let c = dealt([0, 1, 2, 1]);
        assert_eq!(blind.key(&a), blind.key(&b));
        assert_ne!(blind.key(&a), blind.key(&c));
        assert_ne!(named.key(&a), named.key(&b));
        // Three suit-reading slots: 5 patterns; 13^3 rank classes, and
        // whether each third card is dealt.
        assert_eq!(blind.keys, 13 * 13 * 13 * 2 * 2 * 5);
    }
}
