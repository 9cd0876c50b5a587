//! The walk of the drawing tree: every leaf settled, suits refined where
//! an event needs them, each outcome handed to a sink by signature.

use super::super::compiled::{Compiled, compile};
use super::super::hash::FxMap;
use super::super::plan::{Group, Level, plan_of};
use super::super::relabel::{MOST_SETS, Place, Relabel};
use super::direct::{Direct, not_suited_where_known, suited_masks};
use super::weights::{CARD, NO_CODE};
use crate::cards::Card;
use crate::model::round::{Round, SLOTS};
use crate::model::{Pay, Spec};
use num_integer::Integer;
use std::rc::Rc;

/// The representative rank of class `c` at `level`.
pub(super) fn rank_of(level: Level, c: u8) -> u8 {
    match level {
        Level::Rank => c + 1,
        Level::Value if c == 0 => 10,
        Level::Value => c,
    }
}

pub(super) fn classes_at(level: Level) -> u8 {
    match level {
        Level::Rank => 13,
        Level::Value => 10,
    }
}

/// Ranks taken in one order where some are interchangeable (see
/// `relabel`; a walk by rank only): the new ranks of each set dealt so
/// far, the state passed on by value down the walk.
#[derive(Clone, Copy)]
pub(super) struct Order<'r> {
    relabel: Option<&'r Relabel>,
    fresh: [u8; MOST_SETS],
}

impl<'r> Order<'r> {
    /// No rank dealt yet.
    pub(super) fn new(relabel: Option<&'r Relabel>) -> Self {
        Order {
            relabel,
            fresh: [0; MOST_SETS],
        }
    }

    /// Whether a walk in this order deals the first two cards `a` and `b`
    /// (slots 0 and 3): the tasks [`Settling::walk`] has leaves for.
    pub(super) fn deals(self, (a, b): (u8, u8)) -> bool {
        self.take(a, false)
            .and_then(|(order, _)| order.take(b, false))
            .is_some()
    }

    /// Class `c` taken: None where the walk counts the branch under another
    /// order of the ranks; else the order after it, and how many ranks the
    /// class stands for: 1, or for a new rank of a set in a slot the
    /// observation does not read (`unseen`, the third cards), each rank
    /// of the set not yet dealt.
    fn take(self, c: u8, unseen: bool) -> Option<(Self, u32)> {
        let Some(relabel) = self.relabel else {
            return Some((self, 1));
        };
        match relabel.place(c + 1, &self.fresh) {
            Place::Seen => Some((self, 1)),
            Place::New(g, ranks) => {
                let mut next = self;
                next.fresh[g] += 1;
                Some((next, if unseen { ranks as u32 } else { 1 }))
            }
            Place::Beyond => None,
        }
    }
}

/// What the walk needs of the part's wagers.
pub(super) struct Settling<'a> {
    pub(super) spec: &'a Spec,
    pub(super) level: Level,
    pub(super) before_draws: bool,
    pub(super) wagers: Vec<usize>,
    pub(super) compiled: Compiled,
    /// Per wager of the part, per pay table: the order events are tried.
    pub(super) orders: Vec<Vec<Vec<usize>>>,
    /// Per wager of the part: its first column, and its not-placed column.
    pub(super) first_col: Vec<usize>,
    pub(super) not_placed_col: Vec<Option<usize>>,
    pub(super) scales: Vec<i64>,
    /// Suited atoms: the slots each reads (0 for any other atom).
    pub(super) suited: Vec<u8>,
    /// Whether no wager names a suit (see `Wager::names_suit`): then
    /// partial suit assignments alike up to a renaming of suits settle
    /// alike, and a leaf settles each pattern of equal suits once
    /// ([`Settling::refine`]).
    suit_blind: bool,
    /// Per wager of the part, counted by event ([`Columns::Events`], where
    /// two of its pay tables order their events alike): its tables'
    /// distinct orders, each with its first output column (event `e`
    /// counted in column `first + e`); None: by table, each table's
    /// return in its own output column.
    by_event: Vec<Option<Orders>>,
    /// Output columns of a leaf's entries.
    pub(super) outputs: usize,
    /// Where a leaf's outcome is keyed by few things (see `direct.rs`).
    direct: Option<Direct>,
    /// Per column (as returned by [`Settling::new`]): its sum from the
    /// output columns' sums, as (output column, factor) terms.
    pub(super) mix: Mix,
}

/// A wager's distinct orders of events, each with its first output column.
type Orders = Vec<(Vec<usize>, usize)>;

/// Per column, (output column, factor) terms: see [`Settling::mix`].
pub(super) type Mix = Vec<Vec<(u32, i64)>>;

/// What a leaf's entries count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Columns {
    /// Per pay table, the scaled stake it returns (and per wager with a
    /// placed condition, one for a round it is not placed).
    Tables,
    /// Per event a pay table's order settles on, one (and the not-placed
    /// rounds as by table): the tables of a wager that order their events
    /// alike share one count, their returns mixed from the counts once a
    /// composition is priced. Lucky 8's three tables a wager: 729,423
    /// values stored instead of 1,126,665.
    Events,
}

/// Every column's value on a round (column, value; zeros left out), or
/// when some event is undecided the slots whose suits its atoms read.
type Outcome = Result<Rc<[(u32, i64)]>, u8>;

/// A partial suit assignment that decides every event: the slots of known
/// suit, every slot's suit, the outcome, and how many assignments it
/// stands for (renamings of its suits, see [`Sink::suits_alike`]).
type Partial = (u8, [u8; SLOTS], Entries, u32);

/// A round's column values (column, value; zeros left out), shared.
type Entries = Rc<[(u32, i64)]>;

/// A leaf as a sink receives it: its class in every slot (the observed
/// walk keys its sums by the classes of the first cards dealt), the slots
/// dealt, the slots whose suits it fixes and those suits (none for most
/// leaves: a partial suit assignment's difference from the leaf's common
/// outcome); and how many leaves it stands for, each weighing as much and
/// settling alike: the renamings of its suits where the sink's suits are
/// alike, times the ranks a relabelled walk's third cards stand for
/// ([`Settling::walk`]); 1 otherwise. Its signature
/// is formed when a sink asks ([`Leaf::sig`]): the observed walk weighs a
/// leaf of no known suit from its classes, without sorting them.
pub(super) struct Leaf<'a> {
    pub(super) cls: &'a [u8; SLOTS],
    pub(super) used: u8,
    pub(super) known: u8,
    pub(super) suits: [u8; SLOTS],
    pub(super) times: u32,
}

impl Leaf<'_> {
    /// The signature of the dealt slots, the known ones with their suits:
    /// their codes sorted, a byte each, [`NO_CODE`] past the last.
    pub(super) fn sig(&self) -> u64 {
        let mut codes = [NO_CODE; SLOTS];
        let mut n = 0;
        for (s, &c) in self.cls.iter().enumerate() {
            if self.used & (1 << s) == 0 {
                continue;
            }
            codes[n] = if self.known & (1 << s) != 0 {
                CARD + c * 4 + self.suits[s]
            } else {
                c
            };
            n += 1;
        }
        codes[..n].sort_unstable();
        codes
            .iter()
            .enumerate()
            .fold(0u64, |sig, (i, &c)| sig | (c as u64) << (8 * i))
    }
}

/// Where a walk's leaves go: a leaf's column values under its signature.
pub(super) trait Sink {
    fn add(&mut self, leaf: &Leaf, entries: &[(u32, i64)]);

    /// Whether renaming the suits changes nothing the sink keeps: every
    /// class holds as many cards of each suit, and a leaf's sums go where
    /// its suits' names do not matter. Then, for wagers that name no
    /// suit, a partial assignment stands for all its renamings
    /// ([`Leaf::times`]), and only one of them is settled.
    fn suits_alike(&self) -> bool {
        false
    }
}

/// One walk's working state: the outcomes met so far, and the sink.
pub(super) struct Leaves<S> {
    /// Outcomes by atom values (None: undecided without more suits).
    cache: FxMap<Box<[i64]>, Outcome>,
    /// Outcomes by direct key, where the part has one (see `direct.rs`);
    /// sized when first used.
    direct: Vec<Option<Outcome>>,
    /// Look-ups so far and how many found an outcome; when few do (atoms
    /// that tell nearly every round apart, as Lucky Draw's suit-reading
    /// blocks), the cache costs more than settling again and is dropped.
    lookups: u64,
    hits: u64,
    caching: bool,
    /// Atom values of the round at hand.
    scratch: Vec<i64>,
    /// The leaf at hand's outcomes by pattern of known suits (see
    /// [`Settling::refine`]).
    patterns: FxMap<u32, Outcome>,
    /// Scratch: one value per output column ([`Settling::leaf`]).
    row: Vec<i64>,
    pub(super) sink: S,
}

impl<S: Sink> Leaves<S> {
    pub(super) fn new(sink: S) -> Leaves<S> {
        Leaves {
            cache: FxMap::default(),
            direct: Vec::new(),
            lookups: 0,
            hits: 0,
            caching: true,
            scratch: Vec::new(),
            patterns: FxMap::default(),
            row: Vec::new(),
            sink,
        }
    }
}

/// Columns of a part: per wager (spec index) and pay table, or None for
/// the wager's not-placed rounds.
pub(super) type Cols = Vec<(usize, Option<usize>)>;

impl<'a> Settling<'a> {
    /// The settling of `wagers` (one plan's, walked together) at `level`,
    /// its leaves' entries counted by `columns`; the columns returned are
    /// by pay table either way (see [`Settling::mix`]).
    pub(super) fn new(
        spec: &'a Spec,
        level: Level,
        before_draws: bool,
        wagers: &[usize],
        columns: Columns,
    ) -> (Settling<'a>, Cols) {
        let group = Group {
            plan: plan_of(spec, wagers[0]),
            wagers: wagers.to_vec(),
        };
        let compiled = compile(spec, &group);
        let mut cols = Vec::new();
        let mut scales = Vec::new();
        let mut first_col = Vec::new();
        let mut not_placed_col = Vec::new();
        let mut orders = Vec::new();
        for &w in wagers {
            let wager = &spec.wagers[w];
            first_col.push(cols.len());
            for (t, table) in wager.pay_tables.iter().enumerate() {
                cols.push((w, Some(t)));
                let scale = table.pays.iter().fold(1i128, |d, p| d.lcm(&p.net().den));
                scales.push(i64::try_from(scale).expect("a pay's denominator fits"));
            }
            not_placed_col.push(wager.placed.is_some().then(|| {
                cols.push((w, None));
                scales.push(1);
                cols.len() - 1
            }));
            orders.push(
                wager
                    .pay_tables
                    .iter()
                    .map(|t| wager.precedence.order(&t.pays))
                    .collect(),
            );
        }
        let (by_event, outputs, mix) = match columns {
            Columns::Tables => {
                let mix = (0..cols.len()).map(|c| vec![(c as u32, 1)]).collect();
                (vec![None; wagers.len()], cols.len(), mix)
            }
            Columns::Events => event_columns(spec, wagers, &cols, &scales, &orders),
        };
        let suited = suited_masks(&compiled.atoms);
        let suit_blind = !wagers.iter().any(|&w| spec.wagers[w].names_suit());
        let direct = Direct::of(&compiled.atoms, level, classes_at(level) as usize);
        let settling = Settling {
            direct,
            suit_blind,
            spec,
            level,
            before_draws,
            wagers: wagers.to_vec(),
            compiled,
            orders,
            first_col,
            not_placed_col,
            scales,
            suited,
            by_event,
            outputs,
            mix,
        };
        (settling, cols)
    }
}

/// The stake a pay returns, scaled by its table's `scale`.
fn back(pay: Pay, scale: i64) -> i64 {
    let net = pay.net();
    let back = (net.num + net.den) * (scale as i128 / net.den);
    i64::try_from(back).expect("a return fits")
}

/// The output columns by event ([`Columns::Events`]): per wager, by event
/// (its tables' distinct orders with their first output column) where two
/// of its pay tables order their events alike, else None (by table: a
/// count per event would store more values than one return per table);
/// how many output columns; per pay-table column its terms.
fn event_columns(
    spec: &Spec,
    wagers: &[usize],
    cols: &Cols,
    scales: &[i64],
    orders: &[Vec<Vec<usize>>],
) -> (Vec<Option<Orders>>, usize, Mix) {
    let mut outputs = 0usize;
    let mut by_event = Vec::new();
    let mut mix = vec![Vec::new(); cols.len()];
    for (g, &w) in wagers.iter().enumerate() {
        let wager = &spec.wagers[w];
        let col = |t: usize| {
            cols.iter()
                .position(|&x| x == (w, Some(t)))
                .expect("the table's column")
        };
        let mut distinct: Vec<Vec<usize>> = orders[g].clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() == orders[g].len() {
            for t in 0..orders[g].len() {
                mix[col(t)].push((outputs as u32, 1));
                outputs += 1;
            }
            by_event.push(None);
        } else {
            let mut firsts: Orders = Vec::new();
            for (t, order) in orders[g].iter().enumerate() {
                let first = match firsts.iter().find(|(o, _)| o == order) {
                    Some(&(_, first)) => first,
                    None => {
                        firsts.push((order.clone(), outputs));
                        outputs += wager.events.len();
                        outputs - wager.events.len()
                    }
                };
                let c = col(t);
                for (e, &pay) in wager.pay_tables[t].pays.iter().enumerate() {
                    let b = back(pay, scales[c]);
                    if b != 0 {
                        mix[c].push(((first + e) as u32, b));
                    }
                }
            }
            by_event.push(Some(firsts));
        }
        if let Some(c) = cols.iter().position(|&x| x == (w, None)) {
            mix[c].push((outputs as u32, 1));
            outputs += 1;
        }
    }
    (by_event, outputs, mix)
}

impl Settling<'_> {
    /// The largest magnitude an output column's value takes on one round:
    /// a round puts at most one value in a column, a count of one (an
    /// event, a round not placed) or a pay table's scaled return
    /// ([`Settling::settle`]). A column's sum over a shoe's sequences of
    /// cards is at most this many times the number of sequences.
    pub(super) fn most_per_round(&self) -> u128 {
        let mut most = 1u128;
        for (g, &w) in self.wagers.iter().enumerate() {
            for (t, table) in self.spec.wagers[w].pay_tables.iter().enumerate() {
                let scale = self.scales[self.first_col[g] + t];
                for &pay in table.pays.iter().chain([&Pay::Lose]) {
                    most = most.max(back(pay, scale).unsigned_abs() as u128);
                }
            }
        }
        most
    }

    /// The classes of a walk at this level.
    pub(super) fn classes(&self) -> u8 {
        classes_at(self.level)
    }

    /// Every leaf whose first hand's first card is of class `a` and the
    /// second hand's first card of class `b`, its other cards of the
    /// classes in `present` (bit `c` for class `c`): a walk for one shoe
    /// skips the classes it lacks, whose leaves weigh nothing in it.
    ///
    /// With `relabel` (a walk by rank), the interchangeable ranks are
    /// taken in one order, in the order of the slots 0, 3, 1, 4, 2, 5: the
    /// first four cards' leaves are those of one observation of each set
    /// of renamings (the caller copies its sums to the others), and a
    /// third card's new rank stands for every rank of its set not dealt
    /// ([`Leaf::times`]).
    pub(super) fn walk<S: Sink>(
        &self,
        (a, b): (u8, u8),
        present: u16,
        relabel: Option<&Relabel>,
        sums: &mut Leaves<S>,
    ) {
        debug_assert!(relabel.is_none() || self.level == Level::Rank);
        let Some((order, _)) = Order::new(relabel).take(a, false) else {
            return;
        };
        let Some((order, _)) = order.take(b, false) else {
            return;
        };
        let mut cls = [0u8; SLOTS];
        let mut round = Round {
            cards: [Card::new(1, 0); SLOTS],
            counts: [2, 2],
        };
        let k = classes_at(self.level);
        let game = &self.spec.game;
        let set = |round: &mut Round, cls: &mut [u8; SLOTS], slot: usize, c: u8| {
            cls[slot] = c;
            round.cards[slot] = Card::new(rank_of(self.level, c), 0);
        };
        set(&mut round, &mut cls, 0, a);
        set(&mut round, &mut cls, 3, b);
        let classes: Vec<u8> = (0..k).filter(|&c| present & (1 << c) != 0).collect();
        for &c in &classes {
            let Some((order, _)) = order.take(c, false) else {
                continue;
            };
            set(&mut round, &mut cls, 1, c);
            for &d in &classes {
                let Some((order, _)) = order.take(d, false) else {
                    continue;
                };
                set(&mut round, &mut cls, 4, d);
                round.counts = [2, 2];
                if self.before_draws {
                    self.leaf(&mut round, &cls, 1, sums);
                    continue;
                }
                let (t0, t1) = (round.total(0), round.total(1));
                if game.is_natural(t0) || game.is_natural(t1) {
                    self.leaf(&mut round, &cls, 1, sums);
                    continue;
                }
                if !game.first_draws(&round) {
                    if game.second_draws(t1, None) {
                        round.counts = [2, 3];
                        for &e in &classes {
                            let Some((_, times)) = order.take(e, true) else {
                                continue;
                            };
                            set(&mut round, &mut cls, 5, e);
                            self.leaf(&mut round, &cls, times, sums);
                        }
                    } else {
                        self.leaf(&mut round, &cls, 1, sums);
                    }
                    continue;
                }
                for &e in &classes {
                    let Some((order, third_times)) = order.take(e, true) else {
                        continue;
                    };
                    set(&mut round, &mut cls, 2, e);
                    let third = round.cards[2].value();
                    if game.second_draws(t1, Some(third)) {
                        round.counts = [3, 3];
                        for &f in &classes {
                            let Some((_, times)) = order.take(f, true) else {
                                continue;
                            };
                            set(&mut round, &mut cls, 5, f);
                            self.leaf(&mut round, &cls, third_times * times, sums);
                        }
                    } else {
                        round.counts = [3, 2];
                        self.leaf(&mut round, &cls, third_times, sums);
                    }
                }
            }
        }
    }

    /// Settles one leaf, standing for `alike` leaves that settle and weigh
    /// alike, into `sums`.
    fn leaf<S: Sink>(
        &self,
        round: &mut Round,
        cls: &[u8; SLOTS],
        alike: u32,
        sums: &mut Leaves<S>,
    ) {
        let used = round.dealt_slots();
        let plain = Leaf {
            cls,
            used,
            known: 0,
            suits: [0; SLOTS],
            times: alike,
        };
        if let Ok(entries) = self.outcome(round, 0, sums) {
            sums.sink.add(&plain, &entries);
            return;
        }
        // Suits needed: every partial assignment that decides all events,
        // with the share of the suit patterns it stands for.
        let mut partials: Vec<Partial> = Vec::new();
        sums.patterns.clear();
        // Suits named by first appearance where renamings count alike.
        let renamed = (self.suit_blind && sums.sink.suits_alike()).then_some((0, 1));
        self.refine(round, 0, renamed, sums, &mut partials);
        for s in 0..SLOTS {
            round.cards[s].suit = 0;
        }
        // The most common outcome (by share of suit patterns: fewer known
        // slots, more patterns) goes under the rank-level signature.
        // Outcomes met twice are mostly one shared outcome (the settle
        // cache's): compared by address first.
        let same = |a: &Entries, b: &Entries| Rc::ptr_eq(a, b) || a[..] == b[..];
        let mut shares: Vec<(&Entries, u64)> = Vec::new();
        for (known, _, e, times) in &partials {
            let share = (*times as u64) << (2 * (SLOTS as u32 - known.count_ones()));
            match shares.iter_mut().find(|(x, _)| same(x, e)) {
                Some((_, n)) => *n += share,
                None => shares.push((e, share)),
            }
        }
        let base: Entries = shares
            .iter()
            .max_by_key(|(_, n)| *n)
            .map(|(e, _)| Rc::clone(e))
            .expect("a partial assignment");
        sums.sink.add(&plain, &base);
        // Each other outcome: its difference from the common one, under
        // the signature of its partial assignment, formed in a row of
        // every output column (a column appears once in an outcome).
        let mut row = std::mem::take(&mut sums.row);
        row.clear();
        row.resize(self.outputs, 0);
        let mut diff: Vec<(u32, i64)> = Vec::new();
        for (known, suits, e, times) in &partials {
            if same(e, &base) {
                continue;
            }
            for (card, &suit) in round.cards.iter_mut().zip(suits) {
                card.suit = suit;
            }
            diff.clear();
            for &(c, v) in e.iter() {
                row[c as usize] += v;
            }
            for &(c, v) in base.iter() {
                row[c as usize] -= v;
            }
            for &(c, _) in e.iter().chain(base.iter()) {
                let v = std::mem::take(&mut row[c as usize]);
                if v != 0 {
                    diff.push((c, v));
                }
            }
            let leaf = Leaf {
                cls,
                used,
                known: *known,
                suits: *suits,
                times: *times * alike,
            };
            sums.sink.add(&leaf, &diff);
        }
        sums.row = row;
        for s in 0..SLOTS {
            round.cards[s].suit = 0;
        }
    }

    /// Assigns suits slot by slot (the lowest slot an undecided event
    /// reads) until every event is decided. Where the events are blind to
    /// the suits' names, an assignment settles as the first one met with
    /// the same pattern of equal suits among the same known slots (a
    /// leaf's 341 assignments of four slots hold 24 patterns: Lucky Draw's
    /// blocks walked some ten times faster); the assignments are still
    /// visited in the same order, each under its own suits.
    ///
    /// `renamed`: where renamings of the suits count alike, the suits used
    /// so far and the renamings the assignment stands for; a slot then
    /// takes a suit already used or the next new one (the new one standing
    /// for each suit not yet used).
    fn refine<S: Sink>(
        &self,
        round: &mut Round,
        known: u8,
        renamed: Option<(u8, u32)>,
        sums: &mut Leaves<S>,
        out: &mut Vec<Partial>,
    ) {
        let outcome = if self.suit_blind {
            let key = pattern(round, known);
            match sums.patterns.get(&key) {
                Some(o) => o.clone(),
                None => {
                    let o = self.outcome(round, known, sums);
                    sums.patterns.insert(key, o.clone());
                    o
                }
            }
        } else {
            self.outcome(round, known, sums)
        };
        let needed = match outcome {
            Ok(e) => {
                let times = renamed.map_or(1, |(_, t)| t);
                out.push((known, round.cards.map(|c| c.suit), e, times));
                return;
            }
            Err(slots) => slots & round.dealt_slots() & !known,
        };
        // The lowest dealt slot of unknown suit an undecided event reads.
        assert!(needed != 0, "an undecided event reads a suit not yet known");
        let slot = needed.trailing_zeros() as usize;
        for suit in 0..4u8 {
            let next = match renamed {
                None => None,
                Some((used, _)) if suit > used => break,
                Some((used, times)) if suit == used => Some((used + 1, times * (4 - used as u32))),
                Some(same) => Some(same),
            };
            round.cards[slot].suit = suit;
            self.refine(round, known | (1 << slot), next, sums, out);
        }
        round.cards[slot].suit = 0;
    }

    fn values(&self, round: &Round, known: u8, values: &mut Vec<i64>) {
        let atoms = &self.compiled.atoms;
        values.resize(atoms.list.len(), 0);
        atoms.values(round, known, values);
        not_suited_where_known(values, &self.suited, round, known);
    }

    /// Every column's value on the round with suits `known`, or None when
    /// some event is undecided.
    fn outcome<S: Sink>(&self, round: &Round, known: u8, sums: &mut Leaves<S>) -> Outcome {
        let Some(direct) = &self.direct else {
            return self.by_values(round, known, sums);
        };
        let key = direct.key(round, known);
        if sums.direct.is_empty() {
            sums.direct = vec![None; direct.keys];
        }
        if let Some(o) = &sums.direct[key] {
            return o.clone();
        }
        let o = self.by_values(round, known, sums);
        sums.direct[key] = Some(o.clone());
        o
    }

    /// [`Settling::outcome`] from the atom values, through the cache by
    /// atom values while it pays.
    fn by_values<S: Sink>(&self, round: &Round, known: u8, sums: &mut Leaves<S>) -> Outcome {
        let mut values = std::mem::take(&mut sums.scratch);
        self.values(round, known, &mut values);
        let settled = if !sums.caching {
            self.settle(&values)
        } else if let Some(hit) = sums.cache.get(&values[..]) {
            sums.hits += 1;
            hit.clone()
        } else {
            let settled = self.settle(&values);
            sums.cache
                .insert(values.clone().into_boxed_slice(), settled.clone());
            settled
        };
        if sums.caching {
            sums.lookups += 1;
            // Checked every 2^16 look-ups: kept while a quarter or more hit.
            if sums.lookups.is_multiple_of(1 << 16) && sums.hits * 4 < sums.lookups {
                sums.caching = false;
                sums.cache = FxMap::default();
            }
        }
        sums.scratch = values;
        settled
    }

    fn settle(&self, values: &[i64]) -> Outcome {
        let c = &self.compiled;
        let mut out = Vec::new();
        let mut flat = 0;
        let mut undecided = 0u8;
        for (g, events) in c.events.iter().enumerate() {
            let mut holds = Vec::with_capacity(events.len());
            for e in events {
                match e.eval(values) {
                    Some(v) => holds.push(v != 0),
                    None => {
                        for &a in &c.suit_atoms[flat] {
                            undecided |= c.atoms.suit_slots[a];
                        }
                    }
                }
                flat += 1;
            }
            if undecided != 0 {
                continue;
            }
            let wager = &self.spec.wagers[self.wagers[g]];
            if wager.placed.is_some() && !holds.pop().expect("the placed condition") {
                let col = self.not_placed_col[g].expect("a placed condition's column");
                let col = self.mix[col][0].0;
                out.push((col, 1));
                continue;
            }
            if let Some(firsts) = &self.by_event[g] {
                for (order, first) in firsts {
                    if let Some(&e) = order.iter().find(|&&e| holds[e]) {
                        out.push(((first + e) as u32, 1));
                    }
                }
                continue;
            }
            for (t, order) in self.orders[g].iter().enumerate() {
                let pay = order
                    .iter()
                    .find(|&&e| holds[e])
                    .map_or(Pay::Lose, |&e| wager.pay_tables[t].pays[e]);
                let col = self.first_col[g] + t;
                let back = back(pay, self.scales[col]);
                if back != 0 {
                    out.push((self.mix[col][0].0, back));
                }
            }
        }
        if undecided != 0 {
            return Err(undecided);
        }
        Ok(out.into())
    }
}

/// The known slots and the pattern of equal suits among them: each known
/// slot's suit named by its first appearance (two bits a slot), above the
/// known slots' mask.
fn pattern(round: &Round, known: u8) -> u32 {
    let (mut names, mut next, mut key) = ([4u8; 4], 0u8, known as u32);
    for s in 0..SLOTS {
        if known & (1 << s) == 0 {
            continue;
        }
        let suit = round.cards[s].suit as usize;
        if names[suit] == 4 {
            names[suit] = next;
            next += 1;
        }
        key |= (names[suit] as u32) << (8 + 2 * s);
    }
    key
}
