//! Compiling conditions into a program: every distinct subexpression is
//! added once as a step (children before parents), then the program is
//! sealed: constants and steps get their positions, steps are ordered by
//! depth and kind, and whether it may run on 32-bit lanes is decided.

use super::{CONST_TAG, FACTS, Key, NARROW, Op, Program, STEP_TAG, resolve};
use super::{COUNT, FACE, HIGH, RANK, SUIT, TOTAL, TWO_CARD, VALUE};
use crate::model::cond::{Cond, SlotMask};
use crate::model::round::SLOTS;

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
            Cond::TwoCardTotal(h) => Some(TWO_CARD + *h as usize),
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
            Cond::Mod(x, n) => Key::Mod(self.add_cond(x), *n),
            Cond::Side { side, truth, of } => {
                Key::Side(*side, *truth, self.add_cond(&of[0]), self.add_cond(&of[1]))
            }
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
            Key::Mod(x, n) => Op::Mod(*x, *n),
            Key::Side(side, truth, a, b) => Op::Side(*side, *truth, *a, *b),
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
                Op::Mod(x, n) => Op::Mod(place(x), n),
                Op::Side(s, t, a, b) => Op::Side(s, t, place(a), place(b)),
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
                // A remainder lies in 0..n.
                Op::Mod(_, n) => n - 1,
                Op::Side(_, _, a, b) => of(a).max(of(b)),
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

    /// The positions a step reads.
    fn operands<'a>(&'a self, op: &Op) -> Box<dyn Iterator<Item = u32> + 'a> {
        match *op {
            Op::Not(x) | Op::In(x, ..) | Op::Mod(x, _) => Box::new(std::iter::once(x)),
            Op::And(from, to) | Op::Or(from, to) => {
                Box::new(self.args[from as usize..to as usize].iter().copied())
            }
            Op::Cmp(_, a, b) | Op::Side(_, _, a, b) => Box::new([a, b].into_iter()),
            Op::Sum(first, from, to) => Box::new(
                std::iter::once(first)
                    .chain(self.terms[from as usize..to as usize].iter().map(|t| t.1)),
            ),
            _ => Box::new(std::iter::empty()),
        }
    }
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
        Op::Mod(..) => 15,
        Op::Side(..) => 16,
    }
}
