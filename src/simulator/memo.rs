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
//! (a few hundred keys instead of millions). A group whose conditions
//! read the hands' totals and whether cards share a suit (`suited`: Lucky
//! 8's three suited cards) settles alike any two rounds that differ by a
//! renaming of suits, so its key is the totals' with the pattern of equal
//! suits (187 patterns of six cards in four suits). A group whose keys are
//! too many to index (ranks and suits read in every slot) is settled by
//! the evaluator on every round.

use super::deal::Dealt;
pub(crate) use super::keys::LaneKey;
use super::keys::{Keying, Reads, suited_sets};
use super::tally::{BANDS, Layout};
use crate::eval::{Settled, Settler};
use crate::model::Spec;
use std::collections::HashMap;

/// A settlement code per pay table: 0 the wager is not placed (a push),
/// 1 it is lost (no event holds), 2 + k event k settles it.
pub(crate) type Code = u8;

/// The code of a lost wager: the settlement most rounds of a side bet
/// have, which the dealt pass counts by subtraction (see
/// [`Memo::each_not_lost`]).
pub(crate) const LOST: Code = 1;

pub(crate) fn code(s: Settled) -> Code {
    match (s.placed, s.event) {
        (false, _) => 0,
        (true, None) => 1,
        (true, Some(k)) => 2 + k as Code,
    }
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
            let blind = !sub.wagers.iter().any(|w| w.names_suit());
            Group {
                settler: Settler::new(&sub),
                keying: Keying::new(reads, blind, &suited_sets(sub.wagers.iter())),
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
    /// Rounds counted by [`Memo::count`] and not yet drained, for groups
    /// settled directly: per pay table, per code.
    direct: Vec<Vec<u64>>,
}

struct GroupMemo<'a> {
    group: &'a Group,
    values: Vec<i64>,
    /// Per key: 0 not yet settled, else 1 + the row in `rows`.
    index: Index,
    /// Rounds counted per row (by row number) and band of the shoe, not
    /// yet drained.
    counted: Vec<[u64; BANDS]>,
    /// Per row, the net of each of the group's pay tables (in its unit).
    row_nets: Vec<i64>,
    /// Per group pay table, the net of each code (from the layout).
    nets: Vec<&'a [i64]>,
    /// Settlement codes, one row per distinct settlement of the group.
    rows: Vec<Code>,
    /// Per row, its pay tables not lost: `not_lost[at[row - 1]..at[row]]`.
    not_lost: Vec<NotLost>,
    at: Vec<u32>,
    seen: HashMap<Vec<Code>, usize>,
    scratch: Vec<Code>,
}

impl<'a> Memo<'a> {
    pub(crate) fn new(groups: &'a [Group], layout: &'a Layout) -> Memo<'a> {
        let tables = layout.tables();
        Memo {
            groups: groups
                .iter()
                .map(|g| GroupMemo {
                    row_nets: Vec::new(),
                    nets: g.tables.iter().map(|&t| &layout.nets[t][..]).collect(),
                    group: g,
                    values: g.settler.scratch(),
                    index: if g.keying.indexed() {
                        // One entry more than keys: the lanes read an
                        // entry as the low half of a 32-bit word.
                        Index::Narrow(vec![0; g.keying.keys as usize + 1])
                    } else {
                        Index::None
                    },
                    rows: Vec::new(),
                    not_lost: Vec::new(),
                    at: vec![0],
                    counted: vec![[0; BANDS]],
                    seen: HashMap::new(),
                    scratch: vec![0; g.tables.len()],
                })
                .collect(),
            codes: vec![0; tables],
            direct: vec![vec![0; BANDS * (2 + Code::MAX as usize)]; tables],
        }
    }

    /// Counts a round's settlement by its row in each group, without
    /// spelling it out per pay table: a round then costs one count per
    /// group however many pay tables the group has. [`Memo::drain`] adds
    /// the counts up per pay table.
    #[inline(always)]
    pub(crate) fn count(&mut self, dealt: &Dealt) {
        for g in 0..self.groups.len() {
            self.count_in(g, dealt);
        }
    }

    /// How many groups of wagers.
    pub(crate) fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// Group `g`'s key as the lanes compute it, with its index of rows by
    /// key; None where a round's settlement is found one lane at a time.
    pub(crate) fn lane_index(&self, g: usize) -> Option<(LaneKey, Rows<'_>)> {
        let g = &self.groups[g];
        let key = g.group.keying.lane_key()?;
        match &g.index {
            Index::None => None,
            Index::Narrow(index) => Some((key, Rows::Narrow(index))),
            Index::Wide(index) => Some((key, Rows::Wide(index))),
        }
    }

    /// Group `g`'s row for a round of key `key` (numbered from 1),
    /// settling the key if new (the lanes' way in when the index holds
    /// no row for it).
    pub(crate) fn row_of_key(&mut self, g: usize, key: usize, dealt: &Dealt) -> usize {
        let g = &mut self.groups[g];
        debug_assert_eq!(key, g.group.keying.key(dealt));
        let row = g.settle_new(dealt);
        g.index.set(key, row);
        row
    }

    /// Counts a round in group `g` alone (see [`Memo::count`]).
    #[inline(always)]
    pub(crate) fn count_in(&mut self, g: usize, dealt: &Dealt) {
        let g = &mut self.groups[g];
        match g.row(dealt) {
            Some(row) => g.counted[row][0] += 1,
            None => {
                for (&t, &c) in g.group.tables.iter().zip(&g.scratch) {
                    self.direct[t][c as usize] += 1;
                }
            }
        }
    }

    /// Group `g`'s pay tables not lost, row by row.
    #[inline(always)]
    pub(crate) fn not_lost_rows(&self, g: usize) -> NotLostRows<'_> {
        let g = &self.groups[g];
        NotLostRows {
            at: &g.at,
            not_lost: &g.not_lost,
        }
    }

    /// [`Memo::each_not_lost`] for group `g` alone.
    #[inline(always)]
    pub(crate) fn each_not_lost_in(
        &mut self,
        g: usize,
        dealt: &Dealt,
        each: impl FnMut(usize, Code, i64),
    ) {
        self.groups[g].each_not_lost(dealt, each);
    }

    /// Adds `n` rounds to group `g`'s row `row`, as if each were counted.
    pub(crate) fn count_row(&mut self, g: usize, row: usize, n: u64) {
        self.groups[g].counted[row][0] += n;
    }

    /// Adds the rounds counted since the last drain to `codes` (per pay
    /// table, per code) and clears them.
    pub(crate) fn drain(&mut self, codes: &mut [Vec<u64>]) {
        self.drain_by(|t, _, c, n| codes[t][c] += n);
    }

    /// Like [`Memo::count`], for a round begun in `band` of a dealt shoe;
    /// also adds each pay table's net to `shoe_net` (`[table][band]`).
    pub(crate) fn count_dealt(&mut self, dealt: &Dealt, band: usize, shoe_net: &mut [i64]) {
        for g in &mut self.groups {
            match g.row(dealt) {
                Some(row) => {
                    g.counted[row][band] += 1;
                    let n = g.scratch.len();
                    let nets = &g.row_nets[(row - 1) * n..row * n];
                    for (&t, &x) in g.group.tables.iter().zip(nets) {
                        shoe_net[t * BANDS + band] += x;
                    }
                }
                None => {
                    for (i, (&t, &c)) in g.group.tables.iter().zip(&g.scratch).enumerate() {
                        self.direct[t][band * (2 + Code::MAX as usize) + c as usize] += 1;
                        shoe_net[t * BANDS + band] += g.nets[i][c as usize];
                    }
                }
            }
        }
    }

    /// Adds the rounds counted since the last drain to a dealt pass's
    /// tally (one count bucket) and clears them.
    pub(crate) fn drain_dealt(&mut self, tables: &mut [crate::simulator::tally::DealtTable]) {
        self.drain_by(|t, band, c, n| {
            let width = tables[t].codes.len() / BANDS;
            tables[t].codes[band * width + c] += n;
        });
    }

    /// Calls `add(table, band, code, rounds)` for every count held, and
    /// clears them.
    fn drain_by(&mut self, mut add: impl FnMut(usize, usize, usize, u64)) {
        for g in &mut self.groups {
            let n = g.scratch.len();
            for (row, counts) in g.counted.iter_mut().enumerate().skip(1) {
                for (band, count) in counts.iter_mut().enumerate() {
                    if *count == 0 {
                        continue;
                    }
                    let settled = &g.rows[(row - 1) * n..row * n];
                    for (&t, &c) in g.group.tables.iter().zip(settled) {
                        add(t, band, c as usize, *count);
                    }
                    *count = 0;
                }
            }
        }
        let stride = 2 + Code::MAX as usize;
        for (t, direct) in self.direct.iter_mut().enumerate() {
            for (i, n) in direct.iter_mut().enumerate() {
                if *n > 0 {
                    add(t, i / stride, i % stride, *n);
                    *n = 0;
                }
            }
        }
    }

    /// Calls `each(table, code, net above a loss)` for every pay table
    /// that the round does not settle as lost ([`LOST`]), group by group,
    /// straight from the group's row: a round most side bets lose costs
    /// little per pay table, and the dealt pass counts the losses as the
    /// rounds left over.
    #[inline(always)]
    pub(crate) fn each_not_lost(&mut self, dealt: &Dealt, mut each: impl FnMut(usize, Code, i64)) {
        for g in &mut self.groups {
            g.each_not_lost(dealt, &mut each);
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
    /// The pay tables that row `row` does not settle as lost.
    #[inline(always)]
    fn not_lost(&self, row: usize) -> &[NotLost] {
        &self.not_lost[self.at[row - 1] as usize..self.at[row] as usize]
    }

    /// [`Memo::each_not_lost`] for this group.
    #[inline(always)]
    fn each_not_lost(&mut self, dealt: &Dealt, mut each: impl FnMut(usize, Code, i64)) {
        match self.row(dealt) {
            Some(row) => {
                for w in self.not_lost(row) {
                    each(w.table as usize, w.code, w.above);
                }
            }
            None => {
                for (i, (&t, &c)) in self.group.tables.iter().zip(&self.scratch).enumerate() {
                    if c != LOST {
                        each(t, c, self.nets[i][c as usize] - self.nets[i][LOST as usize]);
                    }
                }
            }
        }
    }

    fn settle(&mut self, dealt: &Dealt) -> &[Code] {
        match self.row(dealt) {
            None => &self.scratch,
            Some(row) => {
                let n = self.scratch.len();
                &self.rows[(row - 1) * n..row * n]
            }
        }
    }

    /// The round's row (numbered from 1), settling its key if new; None
    /// when the group is not indexed (the settlement is then in `scratch`).
    #[inline(always)]
    fn row(&mut self, dealt: &Dealt) -> Option<usize> {
        let key = match &self.index {
            Index::None => {
                self.evaluate(dealt);
                return None;
            }
            _ => self.group.keying.key(dealt),
        };
        let mut row = match &self.index {
            Index::None => unreachable!("handled above"),
            Index::Narrow(index) => index[key] as usize,
            Index::Wide(index) => index[key] as usize,
        };
        if row == 0 {
            row = self.settle_new(dealt);
            self.index.set(key, row);
        }
        Some(row)
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
        self.counted.push([0; BANDS]);
        for (i, &c) in self.scratch.iter().enumerate() {
            self.row_nets.push(self.nets[i][c as usize]);
            if c != LOST {
                self.not_lost.push(NotLost {
                    table: self.group.tables[i] as u32,
                    code: c,
                    above: self.nets[i][c as usize] - self.nets[i][LOST as usize],
                });
            }
        }
        self.at.push(self.not_lost.len() as u32);
        row
    }
}

/// A pay table a row does not settle as lost: its code and its net above
/// a loss's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NotLost {
    pub(crate) table: u32,
    pub(crate) code: Code,
    pub(crate) above: i64,
}

/// A group's pay tables not lost, row by row: what the lanes read
/// once a step for every lane's row.
pub(crate) struct NotLostRows<'a> {
    at: &'a [u32],
    not_lost: &'a [NotLost],
}

impl NotLostRows<'_> {
    /// Where each row's pay tables not lost start: row `r`'s are at
    /// `bounds[r - 1]..bounds[r]`.
    #[inline(always)]
    pub(crate) fn bounds(&self) -> &[u32] {
        self.at
    }

    /// The pay table not lost at `i`, within a row's span.
    #[inline(always)]
    pub(crate) fn at(&self, i: u32) -> &NotLost {
        &self.not_lost[i as usize]
    }
}

/// A group's index of rows by key, as the lanes read it.
pub(crate) enum Rows<'a> {
    /// One entry more than keys (see [`Memo::new`]).
    Narrow(&'a [u16]),
    Wide(&'a [u32]),
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
    use crate::simulator::deal::Dealer;
    use crate::simulator::rng::Rng;
    use crate::simulator::shoe;

    /// A looked-up settlement is what the evaluator gives that round, for
    /// every shipped spec (a key that missed something a condition reads
    /// would settle two different rounds alike). Lucky Draw's blocks are
    /// keyed by their pattern of suits: its rounds differ by suits far
    /// more often than 20,000 rounds would show, so it deals 200,000.
    #[test]
    fn looked_up_settlements_are_the_evaluators() {
        for path in crate::spec::spec_files("rules") {
            let mut spec = crate::check::check_path(&path)
                .expect("shipped specs check")
                .spec;
            let mut rounds = 20_000;
            if !spec.strategies_resolved() {
                // Lucky Draw: its optimal chart comes from the engine, which
                // this module does not touch; the player draws on 0-5
                // instead (tests/simulate.rs covers the chart).
                spec.game.first = crate::model::FirstRule::Totals(0b11_1111);
                rounds = 200_000;
            }
            assert!(spec.strategies_resolved(), "{path}");
            let decks = spec.shoe.decks;
            let groups = groups(&spec);
            let tables: usize = spec.wagers.iter().map(|w| w.pay_tables.len()).sum();
            let layout = Layout::new(&spec);
            let mut memo = Memo::new(&groups, &layout);
            let settler = Settler::new(&spec);
            let mut values = settler.scratch();
            let mut rng = Rng::for_block(1, "test", 0);
            let mut cards = shoe::fresh(decks);
            let dealer = Dealer::new(&spec.game);
            for _ in 0..rounds {
                for i in 0..6 {
                    let j = i + rng.below(cards.len() as u32 - i as u32) as usize;
                    cards.swap(i, j);
                }
                let (d, _) = dealer.deal(&cards[..6]);
                let mut direct = vec![0; tables];
                settler.each(&d.round(), &mut values, |s| direct[s.table] = code(s));
                assert_eq!(memo.settle(&d), &direct[..], "{path}: {:?}", d.round());
            }
        }
    }
}
