//! Settling a round once per distinct thing the wagers can see.
//!
//! A wager's settlement depends only on what its conditions read
//! (`Cond::needs`: per card slot its value, rank or suit) and on which
//! slots were dealt. So wagers that read the same things form a group, a
//! round is reduced to one key per group (per slot, the class of its card
//! as the group's conditions see it; 0 for a third slot not dealt), and
//! the reference evaluator settles a group's key once, the first time a
//! thread meets it; later rounds with that key look it up.
//!
//! A group whose conditions read ranks only through how many cards share
//! a rank (`max_kind`, `kinds`) settles alike any two rounds that differ by
//! a renaming of ranks, so its key names each rank by its first appearance
//! (a few hundred keys instead of millions). A group whose keys are too
//! many to index (suits read in every slot) is settled by the evaluator
//! on every round.

use super::deal::Dealt;
use super::shoe::{Id, card};
use crate::eval::{Settled, Settler};
use crate::model::Spec;
use crate::model::cond::{Cond, need};
use crate::model::round::SLOTS;
use std::collections::HashMap;

/// At most this many keys are indexed per group (four bytes each, per thread).
const MAX_KEYS: u64 = 1 << 23;

/// The order slots are keyed in: the four cards always dealt vary fastest,
/// so rounds without a third card share a compact corner of the index.
const KEY_ORDER: [usize; SLOTS] = [0, 1, 3, 4, 2, 5];

/// A settlement code per pay table: 0 the wager is not placed (a push),
/// 1 it is lost (no event holds), 2 + k event k settles it.
pub(crate) type Code = u8;

pub(crate) fn code(s: Settled) -> Code {
    match (s.placed, s.event) {
        (false, _) => 0,
        (true, None) => 1,
        (true, Some(k)) => 2 + k as Code,
    }
}

/// What a group's conditions read, which decides its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Reads {
    needs: [u8; SLOTS],
    /// Ranks only through their multiplicities (see the module docs).
    renamable: bool,
}

impl Reads {
    fn of(w: &crate::model::Wager) -> Reads {
        let mut needs = [0u8; SLOTS];
        let mut renamable = true;
        let conds = w.events.iter().map(|e| &e.when);
        for c in conds.chain(w.placed.iter().map(|p| &p.when)) {
            for (n, m) in needs.iter_mut().zip(c.needs()) {
                *n |= m;
            }
            renamable &= reads_kinds_only(c);
        }
        Reads { needs, renamable }
    }
}

impl Reads {
    /// Whether every key of `other` decides this group's key too.
    fn within(&self, other: &Reads) -> bool {
        if self.renamable != other.renamable {
            return false;
        }
        self.needs
            .iter()
            .zip(&other.needs)
            .all(|(a, b)| a & !b == 0)
    }
}

/// Whether a condition reads cards only through rank multiplicities and
/// which slots were dealt.
fn reads_kinds_only(c: &Cond) -> bool {
    match c {
        Cond::Const(_)
        | Cond::Count(_)
        | Cond::Drew(_)
        | Cond::CardCount(_)
        | Cond::MaxKind(_)
        | Cond::Kinds(..) => true,
        Cond::Not(_)
        | Cond::And(_)
        | Cond::Or(_)
        | Cond::Cmp(..)
        | Cond::In(..)
        | Cond::Sum(..) => c.children().all(reads_kinds_only),
        _ => false,
    }
}

/// How to reduce a round to a group's key.
#[derive(Clone, Debug)]
struct Keying {
    /// Per slot and card id, what the card adds to the key (by class).
    adds: [[u32; 52]; SLOTS],
    /// Per slot, the key's radix (for renamed ranks).
    radix: [u32; SLOTS],
    renamable: bool,
    keys: u64,
}

impl Keying {
    fn new(reads: Reads) -> Keying {
        let mut adds = [[0u32; 52]; SLOTS];
        let mut radix = [0u32; SLOTS];
        let mut keys = 1u64;
        for slot in KEY_ORDER {
            // A third slot's class 0 is "not dealt"; its cards start at 1.
            let third = (slot % 3 == 2) as u64;
            let n = reads.needs[slot];
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
            let classes = if reads.renamable {
                SLOTS as u64 // the rank's first appearance, 0..6
            } else {
                classes(n)
            };
            keys = keys.saturating_mul(classes + third);
        }
        Keying {
            adds,
            radix,
            renamable: reads.renamable,
            keys,
        }
    }

    fn indexed(&self) -> bool {
        self.keys <= MAX_KEYS
    }

    fn key(&self, d: &Dealt) -> usize {
        if self.renamable {
            return self.renamed_key(d);
        }
        let a = &self.adds;
        let mut key = a[0][d.ids[0] as usize]
            + a[1][d.ids[1] as usize]
            + a[3][d.ids[3] as usize]
            + a[4][d.ids[4] as usize];
        if d.counts[0] == 3 {
            key += a[2][d.ids[2] as usize];
        }
        if d.counts[1] == 3 {
            key += a[5][d.ids[5] as usize];
        }
        key as usize
    }

    /// Each rank named by the order of its first appearance.
    fn renamed_key(&self, d: &Dealt) -> usize {
        let mut names = [u8::MAX; 13];
        let mut next = 0u8;
        let mut key = 0u32;
        for slot in KEY_ORDER {
            let third = slot % 3 == 2;
            if third && d.counts[slot / 3] < 3 {
                continue;
            }
            let rank = (d.ids[slot] / 4) as usize;
            if names[rank] == u8::MAX {
                names[rank] = next;
                next += 1;
            }
            key += (names[rank] as u32 + third as u32) * self.radix[slot];
        }
        key as usize
    }
}

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

/// Wagers that read the same things, with their own evaluator.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    settler: Settler,
    keying: Keying,
    /// Flat pay-table positions (over the whole spec) of the group's tables.
    tables: Vec<usize>,
}

/// Every group of a spec's wagers, built once per run.
pub(crate) fn groups(spec: &Spec) -> Vec<Group> {
    let mut by_reads: Vec<(Reads, Vec<usize>)> = Vec::new();
    for (i, w) in spec.wagers.iter().enumerate() {
        let reads = Reads::of(w);
        match by_reads.iter_mut().find(|(r, _)| *r == reads) {
            Some((_, ws)) => ws.push(i),
            None => by_reads.push((reads, vec![i])),
        }
    }
    // A group that reads nothing another group does not read joins it:
    // its key would only be a coarser copy of the other's.
    let mut merged: Vec<(Reads, Vec<usize>)> = Vec::new();
    by_reads.sort_by_key(|(r, _)| {
        std::cmp::Reverse(r.needs.iter().map(|n| n.count_ones()).sum::<u32>())
    });
    for (reads, wagers) in by_reads {
        match merged.iter_mut().find(|(r, _)| reads.within(r)) {
            Some((_, ws)) => ws.extend(wagers),
            None => merged.push((reads, wagers)),
        }
    }
    for (_, ws) in &mut merged {
        ws.sort();
    }
    let by_reads = merged;
    let mut first_table = Vec::new();
    let mut t = 0;
    for w in &spec.wagers {
        first_table.push(t);
        t += w.pay_tables.len();
    }
    by_reads
        .into_iter()
        .map(|(reads, wagers)| {
            let mut sub = spec.clone();
            sub.wagers = wagers.iter().map(|&i| spec.wagers[i].clone()).collect();
            sub.combined.clear();
            Group {
                settler: Settler::new(&sub),
                keying: Keying::new(reads),
                tables: wagers
                    .iter()
                    .flat_map(|&i| first_table[i]..first_table[i] + spec.wagers[i].pay_tables.len())
                    .collect(),
            }
        })
        .collect()
}

/// One thread's settlements: per group, what it has settled.
pub(crate) struct Memo<'a> {
    groups: Vec<GroupMemo<'a>>,
    /// The last round's codes, one per pay table of the spec.
    codes: Vec<Code>,
}

struct GroupMemo<'a> {
    group: &'a Group,
    values: Vec<i64>,
    /// Per key: 0 not yet settled, else 1 + the row in `rows`.
    index: Index,
    /// Settlement codes, one row per distinct settlement of the group.
    rows: Vec<Code>,
    seen: HashMap<Vec<Code>, usize>,
    scratch: Vec<Code>,
}

impl<'a> Memo<'a> {
    pub(crate) fn new(groups: &'a [Group], tables: usize) -> Memo<'a> {
        Memo {
            groups: groups
                .iter()
                .map(|g| GroupMemo {
                    group: g,
                    values: g.settler.scratch(),
                    index: if g.keying.indexed() {
                        Index::Narrow(vec![0; g.keying.keys as usize])
                    } else {
                        Index::None
                    },
                    rows: Vec::new(),
                    seen: HashMap::new(),
                    scratch: vec![0; g.tables.len()],
                })
                .collect(),
            codes: vec![0; tables],
        }
    }

    /// Every pay table's settlement code for the round, in spec order.
    pub(crate) fn settle(&mut self, dealt: &Dealt) -> &[Code] {
        for g in &mut self.groups {
            let tables = &g.group.tables;
            let row = g.settle(dealt);
            for (&t, &c) in tables.iter().zip(row) {
                self.codes[t] = c;
            }
        }
        &self.codes
    }
}

impl GroupMemo<'_> {
    fn settle(&mut self, dealt: &Dealt) -> &[Code] {
        let key = self.group.keying.key(dealt);
        let mut row = match &self.index {
            Index::None => {
                self.evaluate(dealt);
                return &self.scratch;
            }
            Index::Narrow(index) => index[key] as usize,
            Index::Wide(index) => index[key] as usize,
        };
        if row == 0 {
            row = self.settle_new(dealt);
            self.index.set(key, row);
        }
        let n = self.scratch.len();
        let start = (row - 1) * n;
        &self.rows[start..start + n]
    }

    /// Settles the round with the reference evaluator into `scratch`.
    fn evaluate(&mut self, dealt: &Dealt) {
        let scratch = &mut self.scratch;
        self.group
            .settler
            .each(&dealt.round(), &mut self.values, |s| {
                scratch[s.table] = code(s)
            });
    }

    /// Settles a key not met before.
    #[cold]
    fn settle_new(&mut self, dealt: &Dealt) -> usize {
        self.evaluate(dealt);
        if let Some(&row) = self.seen.get(&self.scratch) {
            return row;
        }
        self.rows.extend_from_slice(&self.scratch);
        let row = self.rows.len() / self.scratch.len();
        self.seen.insert(self.scratch.clone(), row);
        row
    }
}

/// Rows by key: two bytes a key while the rows fit (so that both threads'
/// indexes stay in the processor's cache), four once they do not.
enum Index {
    None,
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Index {
    fn set(&mut self, key: usize, row: usize) {
        if let Index::Narrow(index) = self
            && row > u16::MAX as usize
        {
            *self = Index::Wide(index.iter().map(|&r| r as u32).collect());
        }
        match self {
            Index::None => {}
            Index::Narrow(index) => index[key] = row as u16,
            Index::Wide(index) => index[key] = row as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate::deal::deal;
    use crate::simulate::rng::Rng;
    use crate::simulate::shoe;

    /// A looked-up settlement is what the evaluator gives that round, for
    /// every shipped spec (a key that missed something a condition reads
    /// would settle two different rounds alike).
    #[test]
    fn looked_up_settlements_are_the_evaluators() {
        for path in crate::spec::spec_files("rules") {
            let spec = crate::check::check_path(&path)
                .expect("shipped specs check")
                .spec;
            if !spec.strategies_resolved() {
                // Lucky Draw: its optimal chart comes from the engine, which
                // this module does not touch (tests/simulate.rs covers it).
                continue;
            }
            let decks = spec.shoe.decks;
            let groups = groups(&spec);
            let tables: usize = spec.wagers.iter().map(|w| w.pay_tables.len()).sum();
            let mut memo = Memo::new(&groups, tables);
            let settler = Settler::new(&spec);
            let mut values = settler.scratch();
            let mut rng = Rng::for_block(1, "test", 0);
            let mut cards = shoe::fresh(decks);
            for _ in 0..20_000 {
                for i in 0..6 {
                    let j = i + rng.below(cards.len() as u32 - i as u32) as usize;
                    cards.swap(i, j);
                }
                let (d, _) = deal(&spec.game, &cards[..6]);
                let mut direct = vec![0; tables];
                settler.each(&d.round(), &mut values, |s| direct[s.table] = code(s));
                assert_eq!(memo.settle(&d), &direct[..], "{path}: {:?}", d.round());
            }
        }
    }
}
