//! Ranks enumerated up to relabelling: the ten and the picture cards.
//!
//! The ten, jack, queen and king all count zero. Where no atom and no
//! drawing decision reads a card's rank itself (its rank, ace-high rank or
//! face flag), only whether ranks are equal (kinds), a round and the same
//! round with, say, every jack made a queen have the same atom values. When
//! the shoe also holds the same cards of both ranks, they deal equally
//! often. So a rank-level enumeration need only take these ranks in one
//! order: the first zero-valued rank a round deals is the ten, the next new
//! one the jack, and so on; the leaf then stands for every relabelling,
//! (n)(n-1)... of them for the ranks it uses of n interchangeable ones.
//!
//! The counts are exact: the relabelled rounds are distinct, have equal
//! weights and equal atom values, and together they are every round. A
//! drawing decision that reads ranks in any way (kinds included) turns it
//! off, which is stricter than needed. The small-shoe verification
//! exercises it where no suit is read (the first small shoe holds a ten, a
//! jack and a queen of different suits, one card each). No shipped spec
//! relabels with a suit read; the tests below check when ranks relabel.

use super::atoms::Atoms;
use super::shoe::Composition;
use crate::model::cond::{Cond, Needs, need};

/// Sets of interchangeable ranks, each in the order new ones are taken.
pub(super) struct Relabel {
    /// Per rank (1-13): its set's number plus one, or 0 for none.
    set_of: [u8; 14],
    sets: Vec<Vec<u8>>,
}

/// Where a rank stands on the current branch.
pub(super) enum Place {
    /// Not relabelled, or a rank of its set already dealt.
    Seen,
    /// The next new rank of set `.0`: it stands for `.1` ranks.
    New(usize, u128),
    /// A new rank out of order: the branch is counted under another.
    Beyond,
}

/// Most sets there can be (the four zero-valued ranks in pairs).
pub(super) const MOST_SETS: usize = 2;

impl Relabel {
    /// The interchangeable zero-valued ranks for a rank-level enumeration
    /// of `atoms` in `shoe`, if any two are.
    /// `strategy`: what the drawing decision reads of each slot.
    pub(super) fn of(strategy: &Needs, atoms: &Atoms, shoe: &Composition) -> Option<Relabel> {
        let reads_rank = atoms
            .list
            .iter()
            .any(|a| matches!(a, Cond::Rank(_) | Cond::Face(_) | Cond::High(_)));
        if reads_rank || strategy.iter().any(|n| n & need::RANK != 0) {
            return None;
        }
        // Where no suit is read, only how many cards a rank has matters.
        let suits_read = atoms.suit_slots.iter().any(|s| *s != 0)
            || strategy.iter().any(|n| n & need::SUIT != 0);
        let signature = |r: u8| -> [u32; 4] {
            let c = shoe.counts[r as usize - 1];
            if suits_read {
                c
            } else {
                [c.iter().sum(), 0, 0, 0]
            }
        };
        let mut sets: Vec<Vec<u8>> = Vec::new();
        for r in 10..=13u8 {
            if signature(r) == [0; 4] {
                continue;
            }
            match sets.iter_mut().find(|s| signature(s[0]) == signature(r)) {
                Some(set) => set.push(r),
                None => sets.push(vec![r]),
            }
        }
        sets.retain(|s| s.len() > 1);
        if sets.is_empty() {
            return None;
        }
        let mut set_of = [0u8; 14];
        for (g, set) in sets.iter().enumerate() {
            for &r in set {
                set_of[r as usize] = g as u8 + 1;
            }
        }
        Some(Relabel { set_of, sets })
    }

    /// The rank `rank` is named in the order ranks are taken, the ranks
    /// met so far renamed in `names` (0: not met) with `fresh[g]` ranks of
    /// each set `g` named: a rank of no set keeps its name, a set's ranks
    /// are named the set's first, second and so on as they are met.
    pub(super) fn rename(&self, rank: u8, names: &mut [u8; 14], fresh: &mut [u8; MOST_SETS]) -> u8 {
        let g = match self.set_of[rank as usize] {
            0 => return rank,
            g => g as usize - 1,
        };
        if names[rank as usize] == 0 {
            names[rank as usize] = self.sets[g][fresh[g] as usize];
            fresh[g] += 1;
        }
        names[rank as usize]
    }

    /// Where `rank` stands when `fresh[g]` ranks of each set `g` are dealt.
    pub(super) fn place(&self, rank: u8, fresh: &[u8; MOST_SETS]) -> Place {
        let g = match self.set_of[rank as usize] {
            0 => return Place::Seen,
            g => g as usize - 1,
        };
        let set = &self.sets[g];
        let at = set.iter().position(|&r| r == rank).expect("a member");
        let dealt = fresh[g] as usize;
        match at.cmp(&dealt) {
            std::cmp::Ordering::Less => Place::Seen,
            std::cmp::Ordering::Equal => Place::New(g, (set.len() - dealt) as u128),
            std::cmp::Ordering::Greater => Place::Beyond,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cond::SlotMask;

    /// A drawing decision that reads nothing of the cards' ranks.
    const TOTALS: Needs = [0; crate::model::round::SLOTS];

    fn atoms(conds: &[Cond]) -> Atoms {
        let mut atoms = Atoms::new();
        conds.iter().for_each(|c| {
            atoms.compile(c);
        });
        atoms
    }

    const ALL: SlotMask = 0b11_1111;

    fn sets(r: Option<Relabel>) -> Option<Vec<Vec<u8>>> {
        r.map(|r| r.sets)
    }

    /// Kinds and totals read ranks only as equal or not: a full shoe's four
    /// zero-valued ranks are one set. Reading a rank, a face or an ace-high
    /// rank tells them apart, in an event or in the drawing decision: none.
    #[test]
    fn kinds_relabel_and_ranks_read_do_not() {
        let shoe = Composition::standard(8);
        let kinds = atoms(&[Cond::Kinds(ALL, 2), Cond::Total(0)]);
        assert_eq!(
            sets(Relabel::of(&TOTALS, &kinds, &shoe)),
            Some(vec![vec![10, 11, 12, 13]])
        );
        for read in [Cond::Rank(2), Cond::Face(0), Cond::High(5)] {
            let a = atoms(&[Cond::Kinds(ALL, 2), read.clone()]);
            assert!(Relabel::of(&TOTALS, &a, &shoe).is_none(), "{read:?}");
        }
        // A drawing decision that reads a rank tells them apart too.
        let mut decision = TOTALS;
        decision[1] = need::RANK;
        assert!(Relabel::of(&decision, &kinds, &shoe).is_none());
    }

    /// Ranks relabel only where the shoe holds alike cards of them: by
    /// count alone when no suit is read, suit by suit when one is.
    #[test]
    fn only_ranks_the_shoe_holds_alike_relabel() {
        let mut shoe = Composition::standard(1);
        shoe.counts[9] = [1, 1, 0, 0]; // two tens
        shoe.counts[10] = [0, 0, 1, 1]; // two jacks, other suits
        shoe.counts[11] = [1, 0, 0, 0]; // one queen
        shoe.counts[12] = [0; 4]; // no king
        let kinds = atoms(&[Cond::Kinds(ALL, 2)]);
        assert_eq!(
            sets(Relabel::of(&TOTALS, &kinds, &shoe)),
            Some(vec![vec![10, 11]])
        );
        let suited = atoms(&[Cond::Kinds(ALL, 2), Cond::Suited(ALL)]);
        assert!(Relabel::of(&TOTALS, &suited, &shoe).is_none());
    }

    /// New ranks of a set are taken in order; each stands for the ranks
    /// not yet dealt.
    #[test]
    fn new_ranks_come_in_order() {
        let shoe = Composition::standard(1);
        let r = Relabel::of(&TOTALS, &atoms(&[Cond::Kinds(ALL, 2)]), &shoe).expect("a set");
        assert!(matches!(r.place(5, &[0, 0]), Place::Seen));
        assert!(matches!(r.place(10, &[0, 0]), Place::New(0, 4)));
        assert!(matches!(r.place(11, &[0, 0]), Place::Beyond));
        assert!(matches!(r.place(10, &[2, 0]), Place::Seen));
        assert!(matches!(r.place(12, &[2, 0]), Place::New(0, 2)));
        assert!(matches!(r.place(13, &[2, 0]), Place::Beyond));
    }
}
