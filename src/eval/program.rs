//! A spec's conditions compiled once into one straight-line program.
//!
//! A round's values live in one buffer:
//! - first its **facts**, written once per round: each hand's total and
//!   card count, and, for each slot the program reads, the card's rank,
//!   suit, point value, ace-high rank and face flag (a card not dealt reads
//!   `ABSENT`, and is no face);
//! - then the spec's **constants**, written once when the buffer is made;
//! - then one value per **step**: every distinct compound subexpression of
//!   every wager condition (events and `placed`), children before parents.
//!
//! The program runs on `L` rounds at once (`L` lanes): every position holds
//! `L` values, one per round, and each step is a short loop over the lanes.
//! The step is chosen once per `L` rounds instead of once per round, and the
//! loops have no branches, so the processor runs them without guessing
//! (the small-shoe verification settles its rounds 64 at a time; a single
//! round is the same program at `L = 1`).
//!
//! A condition that names a fact or a constant is no step at all: it reads
//! the buffer where the fact is. A named condition that many events share is
//! one step, computed once per round. Nothing is allocated and no tree is
//! walked. Every step is evaluated whether or not an `and` or `or` above it
//! would have stopped early; conditions have no effects, so the values are
//! the same as a tree walk's.
//!
//! The leaves are written here from the README's definitions of each name
//! (a hand's total is its point values summed modulo 10, `suited` is true
//! when every dealt card of the set has one suit, ...), not borrowed from
//! `Cond::eval`, which the engine uses: the verification compares two
//! readings of each definition, not one reading with itself.

use crate::model::cond::{ABSENT, CmpOp, Cond, Sign, SlotMask};
use crate::model::round::{Round, SLOTS};
use std::collections::HashMap;

/// Where each fact of a round is in the value buffer.
const RANK: usize = 0;
const SUIT: usize = RANK + SLOTS;
const VALUE: usize = SUIT + SLOTS;
const HIGH: usize = VALUE + SLOTS;
const FACE: usize = HIGH + SLOTS;
const TOTAL: usize = FACE + SLOTS;
const COUNT: usize = TOTAL + 2;
const FACTS: usize = COUNT + 2;

/// One step; operands are positions in the value buffer. Lists of operands
/// are ranges of [`Program::args`], sets of [`Program::sets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    Not(u32),
    And(u32, u32),
    Or(u32, u32),
    Cmp(CmpOp, u32, u32),
    /// Operand, then the range of the set's members.
    In(u32, u32, u32),
    /// First operand, then the range of (sign, operand) terms.
    Sum(u32, u32, u32),
    Natural(u8, u16),
    Drew(u8),
    Wins(u8),
    Tie,
    Margin,
    CardCount(SlotMask),
    Suited(SlotMask),
    MaxKind(SlotMask),
    Kinds(SlotMask, u8),
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Program {
    /// Steps in the order they are added (children first) ...
    ops: Vec<Op>,
    /// ... and the order they run in (see [`Program::seal`]).
    order: Vec<u32>,
    args: Vec<u32>,
    sets: Vec<i64>,
    terms: Vec<(Sign, u32)>,
    consts: Vec<i64>,
    /// Every step and constant added, to share equal ones.
    index: HashMap<Key, u32>,
    /// No value can leave ±[`NARROW`] (see [`Program::seal`]).
    narrow: bool,
    /// The slots whose card facts some step or condition reads: a round
    /// writes only these (a spec settled on totals alone needs no card's).
    slots_read: SlotMask,
}

/// The bound within which every value of a program must stay for it to run
/// on 32-bit lanes.
const NARROW: i64 = 1 << 30;

/// What makes two steps (or constants) the same.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Const(i64),
    Not(u32),
    And(Vec<u32>),
    Or(Vec<u32>),
    Cmp(CmpOp, u32, u32),
    In(u32, Vec<i64>),
    Sum(u32, Vec<(Sign, u32)>),
    Leaf(Op),
}

impl Program {
    /// Adds a condition (sharing every subexpression already added) and
    /// returns the buffer position holding its value. Constants must all
    /// be added before [`Program::seal`].
    pub(crate) fn add(&mut self, c: &Cond) -> usize {
        self.add_cond(c) as usize
    }

    fn add_cond(&mut self, c: &Cond) -> u32 {
        let slot = |s: &u8| *s as usize;
        let fact = match c {
            Cond::Rank(s) => Some(RANK + slot(s)),
            Cond::Suit(s) => Some(SUIT + slot(s)),
            Cond::Value(s) => Some(VALUE + slot(s)),
            Cond::High(s) => Some(HIGH + slot(s)),
            Cond::Face(s) => Some(FACE + slot(s)),
            Cond::Total(h) => Some(TOTAL + *h as usize),
            Cond::Count(h) => Some(COUNT + *h as usize),
            _ => None,
        };
        if let Some(at) = fact {
            if at < TOTAL {
                self.slots_read |= 1 << (at % SLOTS);
            }
            return at as u32;
        }
        let key = match c {
            Cond::Const(v) => Key::Const(*v),
            Cond::Not(x) => Key::Not(self.add_cond(x)),
            Cond::And(xs) => Key::And(xs.iter().map(|x| self.add_cond(x)).collect()),
            Cond::Or(xs) => Key::Or(xs.iter().map(|x| self.add_cond(x)).collect()),
            Cond::Cmp(op, a, b) => Key::Cmp(*op, self.add_cond(a), self.add_cond(b)),
            Cond::In(x, set) => Key::In(self.add_cond(x), set.clone()),
            Cond::Sum(first, rest) => Key::Sum(
                self.add_cond(first),
                rest.iter().map(|(s, x)| (*s, self.add_cond(x))).collect(),
            ),
            Cond::Natural(h, set) => Key::Leaf(Op::Natural(*h, *set)),
            Cond::Drew(h) => Key::Leaf(Op::Drew(*h)),
            Cond::Wins(h) => Key::Leaf(Op::Wins(*h)),
            Cond::Tie => Key::Leaf(Op::Tie),
            Cond::Margin => Key::Leaf(Op::Margin),
            Cond::CardCount(m) => Key::Leaf(Op::CardCount(*m)),
            Cond::Suited(m) => Key::Leaf(Op::Suited(*m)),
            Cond::MaxKind(m) => Key::Leaf(Op::MaxKind(*m)),
            Cond::Kinds(m, n) => Key::Leaf(Op::Kinds(*m, *n)),
            _ => unreachable!("facts are returned above"),
        };
        if let Key::Leaf(op) = &key {
            self.slots_read |= slots_of(op);
        }
        if let Some(&at) = self.index.get(&key) {
            return at;
        }
        let at = match &key {
            Key::Const(v) => {
                self.consts.push(*v);
                // Constants and steps share the space after the facts;
                // a constant's position is fixed once all are known, so
                // it is numbered apart (see `seal`).
                CONST_TAG | (self.consts.len() as u32 - 1)
            }
            _ => {
                let op = self.op_of(&key);
                self.ops.push(op);
                STEP_TAG | (self.ops.len() as u32 - 1)
            }
        };
        self.index.insert(key, at);
        at
    }

    fn op_of(&mut self, key: &Key) -> Op {
        let range = |from: usize, to: usize| (from as u32, to as u32);
        match key {
            Key::Not(x) => Op::Not(*x),
            Key::And(xs) | Key::Or(xs) => {
                let (from, to) = range(self.args.len(), self.args.len() + xs.len());
                self.args.extend(xs);
                if matches!(key, Key::And(_)) {
                    Op::And(from, to)
                } else {
                    Op::Or(from, to)
                }
            }
            Key::Cmp(op, a, b) => Op::Cmp(*op, *a, *b),
            Key::In(x, set) => {
                let (from, to) = range(self.sets.len(), self.sets.len() + set.len());
                self.sets.extend(set);
                Op::In(*x, from, to)
            }
            Key::Sum(first, rest) => {
                let (from, to) = range(self.terms.len(), self.terms.len() + rest.len());
                self.terms.extend(rest);
                Op::Sum(*first, from, to)
            }
            Key::Leaf(op) => *op,
            Key::Const(_) => unreachable!("constants are not steps"),
        }
    }

    /// Fixes where constants and steps live and the order steps run in: by
    /// depth (so every operand is ready before it is read), then by kind,
    /// so that steps of one kind run together and the processor predicts
    /// which comes next. Call after the last `add`; positions `add`
    /// returned before are translated by [`Program::position`].
    pub(crate) fn seal(&mut self) {
        let consts = self.consts.len() as u32;
        let place = |at: u32| resolve(at, consts);
        for op in &mut self.ops {
            *op = match *op {
                Op::Not(x) => Op::Not(place(x)),
                Op::Cmp(c, a, b) => Op::Cmp(c, place(a), place(b)),
                Op::In(x, f, t) => Op::In(place(x), f, t),
                Op::Sum(x, f, t) => Op::Sum(place(x), f, t),
                other => other,
            };
        }
        self.args.iter_mut().for_each(|a| *a = place(*a));
        self.terms.iter_mut().for_each(|(_, a)| *a = place(*a));
        let first_step = (FACTS as u32) + consts;
        let mut depth = vec![0usize; self.ops.len()];
        for i in 0..self.ops.len() {
            depth[i] = self
                .operands(&self.ops[i])
                .filter(|&x| x >= first_step)
                .map(|x| depth[(x - first_step) as usize] + 1)
                .max()
                .unwrap_or(0);
        }
        let mut order: Vec<u32> = (0..self.ops.len() as u32).collect();
        order.sort_by_key(|&i| (depth[i as usize], kind(&self.ops[i as usize]), i));
        self.order = order;
        let small = |v: &i64| v.unsigned_abs() < NARROW as u64;
        self.narrow = self.consts.iter().all(small)
            && self.sets.iter().all(small)
            && self.bounds().iter().all(|&b| b < NARROW);
    }

    /// Per step (in the order added), a bound on the size of any value it
    /// can take, absent cards aside. Every step's operands come before it,
    /// so one pass suffices.
    fn bounds(&self) -> Vec<i64> {
        let first_step = FACTS + self.consts.len();
        let mut bound = vec![0i64; self.ops.len()];
        for (i, op) in self.ops.iter().enumerate() {
            let of = |x: u32| match x as usize {
                // A card's rank, value or ace-high rank, a hand's total or
                // card count: at most 14.
                x if x < FACTS => 14,
                x if x < first_step => {
                    i64::try_from(self.consts[x - FACTS].unsigned_abs()).unwrap_or(i64::MAX)
                }
                x => bound[x - first_step],
            };
            bound[i] = match *op {
                Op::Sum(first, from, to) => self.terms[from as usize..to as usize]
                    .iter()
                    .fold(of(first), |b, &(_, x)| b.saturating_add(of(x))),
                Op::Margin => 9,
                // Every rank has at least no card: 13.
                Op::Kinds(_, 0) => 13,
                Op::CardCount(_) | Op::MaxKind(_) | Op::Kinds(..) => SLOTS as i64,
                // Truth values.
                _ => 1,
            };
        }
        bound
    }

    /// True when the program runs on 32-bit lanes with the values it
    /// would have on 64-bit ones (no value can leave ±2^30).
    pub(crate) fn narrow(&self) -> bool {
        self.narrow
    }

    /// Where a position returned by [`Program::add`] lives once sealed.
    pub(crate) fn position(&self, at: usize) -> usize {
        resolve(at as u32, self.consts.len() as u32) as usize
    }

    /// A buffer for [`Program::run`] on `L` lanes, with the constants in
    /// place.
    ///
    /// # Panics
    /// On 32-bit lanes when the program is not [`Program::narrow`].
    pub(crate) fn scratch<W: Word, const L: usize>(&self) -> Vec<W> {
        assert!(W::WIDE || self.narrow, "a narrow program");
        let positions = FACTS + self.consts.len() + self.ops.len();
        let mut values = vec![W::ZERO; positions * L];
        for (k, c) in self.consts.iter().enumerate() {
            values[(FACTS + k) * L..][..L].fill(W::of(*c));
        }
        values
    }

    /// Evaluates every step on `rounds`, one per lane; `values[p * L + l]`
    /// is then lane `l`'s value at each position `p` that
    /// [`Program::position`] gives.
    ///
    /// On a processor with AVX2 the same code runs compiled for it, eight
    /// 32-bit lanes to an instruction where the baseline has four. Integer
    /// steps give the same values whichever runs.
    pub(crate) fn run<W: Word, const L: usize>(&self, rounds: &[Round; L], values: &mut [W]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the only requirement of a function compiled for AVX2
            // is a processor that has it, checked just above.
            return unsafe { self.run_avx2(rounds, values) };
        }
        self.run_any(rounds, values)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn run_avx2<W: Word, const L: usize>(&self, rounds: &[Round; L], values: &mut [W]) {
        self.run_any(rounds, values)
    }

    /// [`Program::run`] for any processor; inlined into each caller so
    /// that it is compiled for the caller's features.
    #[inline(always)]
    fn run_any<W: Word, const L: usize>(&self, rounds: &[Round; L], values: &mut [W]) {
        debug_assert_eq!(self.order.len(), self.ops.len(), "sealed");
        for (l, round) in rounds.iter().enumerate() {
            facts::<W, L>(round, l, values, self.slots_read);
        }
        let first_step = FACTS + self.consts.len();
        let (zero, one) = (W::ZERO, W::of(1));
        let truth = W::of_bool;
        for &i in &self.order {
            // Operands are always at lower positions than the step (a
            // condition is added after its operands).
            let (done, rest) = values.split_at_mut((first_step + i as usize) * L);
            let out: &mut [W; L] = (&mut rest[..L]).try_into().expect("L lanes");
            let at = |x: u32| -> &[W; L] { lanes(done, x as usize) };
            let fact = |f: usize, l: usize| done[f * L + l];
            match self.ops[i as usize] {
                Op::Not(x) => {
                    let x = at(x);
                    (0..L).for_each(|l| out[l] = truth(x[l] == zero));
                }
                // Every operand is read (no early exit), so the loops
                // have no branch to guess.
                Op::And(from, to) => {
                    out.fill(one);
                    for &x in &self.args[from as usize..to as usize] {
                        let x = at(x);
                        (0..L).for_each(|l| out[l] = truth((out[l] != zero) & (x[l] != zero)));
                    }
                }
                Op::Or(from, to) => {
                    out.fill(zero);
                    for &x in &self.args[from as usize..to as usize] {
                        let x = at(x);
                        (0..L).for_each(|l| out[l] = truth((out[l] != zero) | (x[l] != zero)));
                    }
                }
                Op::Cmp(op, a, b) => {
                    let (a, b) = (at(a), at(b));
                    // One loop per operator, so each is a plain compare.
                    let mut each = |holds: fn(W, W) -> bool| {
                        (0..L).for_each(|l| {
                            let both = (a[l] != W::ABSENT) & (b[l] != W::ABSENT);
                            out[l] = truth(both & holds(a[l], b[l]))
                        })
                    };
                    match op {
                        CmpOp::Eq => each(|a, b| a == b),
                        CmpOp::Ne => each(|a, b| a != b),
                        CmpOp::Lt => each(|a, b| a < b),
                        CmpOp::Le => each(|a, b| a <= b),
                        CmpOp::Gt => each(|a, b| a > b),
                        CmpOp::Ge => each(|a, b| a >= b),
                    }
                }
                Op::In(x, from, to) => {
                    let x = at(x);
                    out.fill(zero);
                    for &m in &self.sets[from as usize..to as usize] {
                        let m = W::of(m);
                        (0..L).for_each(|l| out[l] = truth((out[l] != zero) | (x[l] == m)));
                    }
                    (0..L).for_each(|l| out[l] = truth((out[l] != zero) & (x[l] != W::ABSENT)));
                }
                Op::Sum(first, from, to) => {
                    out.copy_from_slice(at(first));
                    for &(sign, x) in &self.terms[from as usize..to as usize] {
                        let x = at(x);
                        (0..L).for_each(|l| out[l] = W::add(sign, out[l], x[l]));
                    }
                }
                Op::Natural(h, set) => {
                    let h = h as usize;
                    (0..L).for_each(|l| {
                        let natural = (set as i64 >> fact(TOTAL + h, l).wide()) & 1 != 0;
                        out[l] = truth((fact(COUNT + h, l) == W::of(2)) & natural);
                    });
                }
                Op::Drew(h) => {
                    (0..L).for_each(|l| out[l] = truth(fact(COUNT + h as usize, l) == W::of(3)))
                }
                Op::Wins(h) => {
                    let h = h as usize;
                    (0..L)
                        .for_each(|l| out[l] = truth(fact(TOTAL + h, l) > fact(TOTAL + 1 - h, l)));
                }
                Op::Tie => {
                    (0..L).for_each(|l| out[l] = truth(fact(TOTAL, l) == fact(TOTAL + 1, l)))
                }
                Op::Margin => (0..L).for_each(|l| {
                    out[l] = W::of((fact(TOTAL, l).wide() - fact(TOTAL + 1, l).wide()).abs())
                }),
                Op::CardCount(m) => {
                    let mut dealt = [0u8; L];
                    for s in slots_in(m) {
                        let rank = at((RANK + s) as u32);
                        (0..L).for_each(|l| dealt[l] += (rank[l] != W::ABSENT) as u8);
                    }
                    (0..L).for_each(|l| out[l] = W::of(dealt[l] as i64));
                }
                // Every two dealt cards of the set share a suit.
                Op::Suited(m) => {
                    out.fill(one);
                    for i in slots_in(m) {
                        for j in slots_in(m).filter(|&j| j > i) {
                            let (a, b) = (at((SUIT + i) as u32), at((SUIT + j) as u32));
                            (0..L).for_each(|l| {
                                let alike =
                                    (a[l] == W::ABSENT) | (b[l] == W::ABSENT) | (a[l] == b[l]);
                                out[l] = truth((out[l] != zero) & alike)
                            });
                        }
                    }
                }
                Op::MaxKind(m) => {
                    let (same, _) = same_rank::<W, L>(done, m);
                    let mut most = [0u8; L];
                    for count in &same {
                        (0..L).for_each(|l| most[l] = most[l].max(count[l]));
                    }
                    (0..L).for_each(|l| out[l] = W::of(most[l] as i64));
                }
                // Every rank has at least no card.
                Op::Kinds(_, 0) => out.fill(W::of(13)),
                Op::Kinds(m, n) => {
                    let (same, first) = same_rank::<W, L>(done, m);
                    let mut kinds = [0u8; L];
                    for (count, first) in same.iter().zip(&first) {
                        (0..L).for_each(|l| kinds[l] += first[l] & (count[l] >= n) as u8);
                    }
                    (0..L).for_each(|l| out[l] = W::of(kinds[l] as i64));
                }
            }
        }
    }

    /// The positions a step reads.
    fn operands<'a>(&'a self, op: &Op) -> Box<dyn Iterator<Item = u32> + 'a> {
        match *op {
            Op::Not(x) | Op::In(x, ..) => Box::new(std::iter::once(x)),
            Op::And(from, to) | Op::Or(from, to) => {
                Box::new(self.args[from as usize..to as usize].iter().copied())
            }
            Op::Cmp(_, a, b) => Box::new([a, b].into_iter()),
            Op::Sum(first, from, to) => Box::new(
                std::iter::once(first)
                    .chain(self.terms[from as usize..to as usize].iter().map(|t| t.1)),
            ),
            _ => Box::new(std::iter::empty()),
        }
    }
}

/// Positions before sealing: facts as they are, constants and steps tagged
/// with their own numbering.
const CONST_TAG: u32 = 1 << 30;
const STEP_TAG: u32 = 1 << 31;

fn resolve(at: u32, consts: u32) -> u32 {
    if at & STEP_TAG != 0 {
        FACTS as u32 + consts + (at & !STEP_TAG)
    } else if at & CONST_TAG != 0 {
        FACTS as u32 + (at & !CONST_TAG)
    } else {
        at
    }
}

/// The integer of one lane: `i64`, or `i32` for a [`Program::narrow`]
/// program (twice as many lanes to a vector register, the same values).
pub(crate) trait Word: Copy + PartialEq + PartialOrd + Send + Sync + 'static {
    const ZERO: Self;
    /// A card not dealt.
    const ABSENT: Self;
    /// True for `i64`, which holds every value.
    const WIDE: bool;
    /// `v`, which a narrow program keeps within ±2^30.
    fn of(v: i64) -> Self;
    fn wide(self) -> i64;

    fn of_bool(b: bool) -> Self {
        Self::of(b as i64)
    }

    /// `a ± b`: `ABSENT` when either side reads a card not dealt; wrapping,
    /// so a huge constant cannot panic (a narrow program never wraps).
    fn add(sign: Sign, a: Self, b: Self) -> Self;
}

impl Word for i64 {
    const ZERO: i64 = 0;
    const ABSENT: i64 = ABSENT;
    const WIDE: bool = true;

    #[inline(always)]
    fn of(v: i64) -> i64 {
        v
    }

    #[inline(always)]
    fn wide(self) -> i64 {
        self
    }

    #[inline(always)]
    fn add(sign: Sign, a: i64, b: i64) -> i64 {
        let sum = match sign {
            Sign::Plus => a.wrapping_add(b),
            Sign::Minus => a.wrapping_sub(b),
        };
        if (a == ABSENT) | (b == ABSENT) {
            ABSENT
        } else {
            sum
        }
    }
}

impl Word for i32 {
    const ZERO: i32 = 0;
    const ABSENT: i32 = i32::MIN;
    const WIDE: bool = false;

    #[inline(always)]
    fn of(v: i64) -> i32 {
        if v == ABSENT { i32::MIN } else { v as i32 }
    }

    #[inline(always)]
    fn wide(self) -> i64 {
        if self == i32::MIN {
            ABSENT
        } else {
            self as i64
        }
    }

    #[inline(always)]
    fn add(sign: Sign, a: i32, b: i32) -> i32 {
        let sum = match sign {
            Sign::Plus => a.wrapping_add(b),
            Sign::Minus => a.wrapping_sub(b),
        };
        if (a == i32::MIN) | (b == i32::MIN) {
            i32::MIN
        } else {
            sum
        }
    }
}

/// The `L` lanes at position `at`.
pub(crate) fn lanes<W, const L: usize>(values: &[W], at: usize) -> &[W; L] {
    values[at * L..][..L].try_into().expect("L lanes")
}

/// The slots whose card facts a leaf step reads (totals and counts are
/// always written).
fn slots_of(op: &Op) -> SlotMask {
    match *op {
        // A slot's rank says whether its card is dealt.
        Op::CardCount(m) | Op::MaxKind(m) | Op::Kinds(m, _) | Op::Suited(m) => m,
        _ => 0,
    }
}

/// Writes a round's facts into lane `l` of the first [`FACTS`] positions:
/// every hand's total and count, and the five facts of each card whose
/// bit is set in `slots`.
fn facts<W: Word, const L: usize>(round: &Round, l: usize, values: &mut [W], slots: SlotMask) {
    // Sliced to the facts and the lane taken modulo L, so the compiler
    // sees every index in bounds.
    let values = &mut values[..FACTS * L];
    let mut put = |fact: usize, v: i64| values[fact * L + l % L] = W::of(v);
    for h in 0..2 {
        let held = round.counts[h] as usize;
        let mut points = 0;
        for i in 0..3 {
            let slot = h * 3 + i;
            let card = round.cards[slot];
            let value = if card.rank >= 10 { 0 } else { card.rank as i64 };
            if i < held {
                points += value;
            }
            if slots & (1 << slot) == 0 {
                continue;
            }
            if i < held {
                put(RANK + slot, card.rank as i64);
                put(SUIT + slot, card.suit as i64);
                put(VALUE + slot, value);
                put(
                    HIGH + slot,
                    if card.rank == 1 { 14 } else { card.rank as i64 },
                );
                put(FACE + slot, (card.rank >= 11) as i64);
            } else {
                for fact in [RANK, SUIT, VALUE, HIGH] {
                    put(fact + slot, ABSENT);
                }
                put(FACE + slot, 0);
            }
        }
        put(TOTAL + h, points % 10);
        put(COUNT + h, held as i64);
    }
}

/// The slots of a set.
fn slots_in(mask: SlotMask) -> impl Iterator<Item = usize> + Clone {
    (0..SLOTS).filter(move |s| mask & (1 << s) != 0)
}

/// For each slot of `mask` and lane: how many dealt cards of the set hold
/// the slot's rank (0 when its own card is not dealt), and whether it is
/// the set's first card of that rank. A rank with at least `n` cards is
/// then a first card whose count is at least `n`, and the most of a kind
/// the largest count. Pair by pair, so each step is one compare per lane.
#[inline(always)]
fn same_rank<W: Word, const L: usize>(
    done: &[W],
    mask: SlotMask,
) -> ([[u8; L]; SLOTS], [[u8; L]; SLOTS]) {
    let mut same = [[0u8; L]; SLOTS];
    let mut first = [[0u8; L]; SLOTS];
    let rank = |s: usize| -> &[W; L] { lanes(done, RANK + s) };
    let slots = slots_in(mask);
    for i in slots.clone() {
        let ri = rank(i);
        (0..L).for_each(|l| same[i][l] = (ri[l] != W::ABSENT) as u8);
        first[i] = same[i];
        for j in slots.clone().filter(|&j| j != i) {
            let rj = rank(j);
            let mut both = [0u8; L];
            (0..L).for_each(|l| both[l] = ((ri[l] == rj[l]) & (ri[l] != W::ABSENT)) as u8);
            (0..L).for_each(|l| same[i][l] += both[l]);
            if j < i {
                (0..L).for_each(|l| first[i][l] &= 1 - both[l]);
            }
        }
    }
    (same, first)
}

/// A number per kind of step, to run like steps together.
fn kind(op: &Op) -> u8 {
    match op {
        Op::Natural(..) => 0,
        Op::Drew(_) => 1,
        Op::Wins(_) => 2,
        Op::Tie => 3,
        Op::Margin => 4,
        Op::CardCount(_) => 5,
        Op::Suited(_) => 6,
        Op::MaxKind(_) => 7,
        Op::Kinds(..) => 8,
        Op::Not(_) => 9,
        Op::And(..) => 10,
        Op::Or(..) => 11,
        Op::Cmp(..) => 12,
        Op::In(..) => 13,
        Op::Sum(..) => 14,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;

    /// Every kind of step and leaf, on slots that may be undealt (the third
    /// cards), so comparisons and sums with an absent card are covered too.
    fn conditions() -> Vec<Cond> {
        use CmpOp::*;
        let third = Cond::Value(2);
        let sum = Cond::Sum(
            Box::new(Cond::Value(0)),
            vec![(Sign::Plus, Cond::Value(1)), (Sign::Minus, third.clone())],
        );
        let mut all = Vec::new();
        for op in [Eq, Ne, Lt, Le, Gt, Ge] {
            all.push(Cond::Cmp(
                op,
                Box::new(Cond::Rank(0)),
                Box::new(Cond::Rank(3)),
            ));
            all.push(Cond::Cmp(
                op,
                Box::new(Cond::High(5)),
                Box::new(Cond::Const(9)),
            ));
            all.push(Cond::Cmp(
                op,
                Box::new(sum.clone()),
                Box::new(Cond::Const(4)),
            ));
        }
        let leaves = [
            Cond::Suit(1),
            Cond::Face(2),
            Cond::Total(1),
            Cond::Count(0),
            Cond::Natural(0, 0b11_0000_0000),
            Cond::Drew(1),
            Cond::Wins(0),
            Cond::Wins(1),
            Cond::Tie,
            Cond::Margin,
            Cond::CardCount(0b10_0101),
            Cond::Suited(0b11_1000),
            Cond::MaxKind(0b11_1111),
            Cond::Kinds(0b11_1111, 2),
            // Kinds of part of the round, of none and of more than are dealt.
            Cond::MaxKind(0b011_011),
            Cond::Kinds(0b101_101, 1),
            Cond::Kinds(0b11_1111, 3),
            Cond::Kinds(0b000_111, 0),
            Cond::Kinds(0b11_1111, 7),
            sum.clone(),
        ];
        all.extend(leaves.iter().cloned());
        all.push(Cond::In(Box::new(third), vec![0, 4, 7]));
        all.push(Cond::In(Box::new(Cond::Total(0)), vec![1, 5, 9]));
        all.push(Cond::Not(Box::new(Cond::Tie)));
        all.push(Cond::And(vec![
            Cond::Drew(0),
            Cond::Face(2),
            Cond::Suited(0b101),
        ]));
        all.push(Cond::Or(vec![
            Cond::Tie,
            Cond::Wins(1),
            Cond::Natural(1, 0b1),
        ]));
        all
    }

    /// Every step, run 64 rounds at a time and one at a time, gives the
    /// value `Cond::eval` gives on each round (the model's own reading of
    /// every name), on a thousand rounds from a fixed pseudo-random sequence
    /// with every combination of hands drawing.
    #[test]
    fn every_step_gives_cond_evals_value() {
        agrees_with_cond_eval(&conditions());
    }

    /// The same, each condition alone in its program: a round writes only
    /// the card facts its program reads, and every one it reads is written.
    #[test]
    fn each_condition_alone_gives_cond_evals_value() {
        for c in conditions() {
            agrees_with_cond_eval(std::slice::from_ref(&c));
        }
    }

    fn agrees_with_cond_eval(conds: &[Cond]) {
        let mut program = Program::default();
        let at: Vec<usize> = conds.iter().map(|c| program.add(c)).collect();
        program.seal();
        let at: Vec<usize> = at.iter().map(|&a| program.position(a)).collect();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1442695040888963407);
            x >> 33
        };
        // Every other round from three ranks only, so that three, four and
        // more of a kind are common.
        let rounds: Vec<Round> = (0..1024)
            .map(|i| Round {
                cards: std::array::from_fn(|_| {
                    let k = next() % if i % 2 == 0 { 52 } else { 12 };
                    Card::new((k / 4) as u8 + 1, (k % 4) as u8)
                }),
                counts: [2 + (next() % 2) as u8, 2 + (next() % 2) as u8],
            })
            .collect();
        assert!(program.narrow());
        let mut one = program.scratch::<i64, 1>();
        let mut many = program.scratch::<i64, 64>();
        let mut narrow = program.scratch::<i32, 64>();
        // The code for any processor, which `run` leaves aside on one with
        // AVX2.
        let mut portable = program.scratch::<i32, 64>();
        for batch in rounds.chunks(64) {
            let batch: &[Round; 64] = batch.try_into().expect("64 rounds");
            program.run::<i64, 64>(batch, &mut many);
            program.run::<i32, 64>(batch, &mut narrow);
            program.run_any::<i32, 64>(batch, &mut portable);
            for (l, round) in batch.iter().enumerate() {
                program.run::<i64, 1>(std::array::from_ref(round), &mut one);
                for (c, &p) in conds.iter().zip(&at) {
                    let want = c.eval(round);
                    assert_eq!(one[p], want, "{c:?} on {round:?}");
                    assert_eq!(many[p * 64 + l], want, "{c:?} on {round:?}, lane {l}");
                    let narrowed = narrow[p * 64 + l].wide();
                    assert_eq!(narrowed, want, "{c:?} on {round:?}, narrow lane {l}");
                    let portable = portable[p * 64 + l].wide();
                    assert_eq!(portable, want, "{c:?} on {round:?}, portable lane {l}");
                }
            }
        }
    }

    /// A value that may leave ±2^30 keeps a program on 64-bit lanes: a
    /// huge constant, a set member, or a sum of constants each small
    /// enough alone.
    #[test]
    fn values_that_may_leave_the_narrow_bound_keep_the_program_wide() {
        let narrow = |c: Cond| {
            let mut p = Program::default();
            p.add(&c);
            p.seal();
            p.narrow()
        };
        let big = 1i64 << 28;
        let sum = |terms: usize| {
            Cond::Sum(
                Box::new(Cond::Value(0)),
                (0..terms).map(|_| (Sign::Plus, Cond::Const(big))).collect(),
            )
        };
        assert!(narrow(sum(3)), "3 * 2^28 + 14 < 2^30");
        assert!(!narrow(sum(4)), "4 * 2^28 + 14 > 2^30");
        assert!(!narrow(Cond::Cmp(
            CmpOp::Lt,
            Box::new(Cond::Rank(0)),
            Box::new(Cond::Const(1 << 40)),
        )));
        assert!(!narrow(Cond::In(
            Box::new(Cond::Total(0)),
            vec![3, 1 << 35]
        )));
        assert!(narrow(Cond::In(Box::new(Cond::Total(0)), vec![3, 9])));
    }
}
