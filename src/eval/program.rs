//! A spec's conditions compiled once into one straight-line program.
//!
//! Every distinct subexpression of every wager condition (events and
//! `placed`) is one step, children before parents. A round is evaluated by
//! running the steps in order into a scratch buffer: a named condition that
//! many events share is computed once per round, nothing is allocated and
//! no tree is walked. Every step is evaluated whether or not an `and` or
//! `or` above it would have stopped early; conditions have no effects, so
//! the values are the same as a tree walk's. Leaves (a card's rank, a
//! hand's total, ...) read the round exactly as `Cond::eval` defines them.

use crate::model::cond::{ABSENT, CmpOp, Cond, Sign, compare};
use crate::model::round::Round;
use std::collections::HashMap;

/// One step; operands are indices of earlier steps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Step {
    /// A condition without operands, evaluated by `Cond::eval`.
    Leaf(Cond),
    Not(usize),
    And(Vec<usize>),
    Or(Vec<usize>),
    Cmp(CmpOp, usize, usize),
    In(usize, Vec<i64>),
    Sum(usize, Vec<(Sign, usize)>),
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Program {
    steps: Vec<Step>,
    index: HashMap<Step, usize>,
    /// The order steps run in (see [`Program::seal`]).
    order: Vec<usize>,
}

impl Program {
    /// Adds a condition (sharing every subexpression already added) and
    /// returns the step holding its value.
    pub(crate) fn add(&mut self, c: &Cond) -> usize {
        let step = match c {
            Cond::Not(x) => Step::Not(self.add(x)),
            Cond::And(xs) => Step::And(xs.iter().map(|x| self.add(x)).collect()),
            Cond::Or(xs) => Step::Or(xs.iter().map(|x| self.add(x)).collect()),
            Cond::Cmp(op, a, b) => Step::Cmp(*op, self.add(a), self.add(b)),
            Cond::In(x, set) => Step::In(self.add(x), set.clone()),
            Cond::Sum(first, rest) => Step::Sum(
                self.add(first),
                rest.iter().map(|(s, x)| (*s, self.add(x))).collect(),
            ),
            leaf => Step::Leaf(leaf.clone()),
        };
        if let Some(&i) = self.index.get(&step) {
            return i;
        }
        self.steps.push(step.clone());
        self.index.insert(step, self.steps.len() - 1);
        self.steps.len() - 1
    }

    /// Fixes the order the steps run in: by depth (leaves first, so every
    /// operand is ready before it is read), then by kind, so that steps of
    /// one kind run together and the processor predicts which comes next
    /// (a fifth less time per round on Golden Bacc). Call after the last
    /// `add`.
    pub(crate) fn seal(&mut self) {
        let mut depth = vec![0usize; self.steps.len()];
        for (i, step) in self.steps.iter().enumerate() {
            depth[i] = operands(step).map(|x| depth[x] + 1).max().unwrap_or(0);
        }
        let mut order: Vec<usize> = (0..self.steps.len()).collect();
        order.sort_by_key(|&i| (depth[i], kind(&self.steps[i]), i));
        self.order = order;
    }

    /// A buffer for [`Program::run`].
    pub(crate) fn scratch(&self) -> Vec<i64> {
        vec![0; self.steps.len()]
    }

    /// Evaluates every step on `round`; `values[i]` is then step `i`'s value.
    pub(crate) fn run(&self, round: &Round, values: &mut [i64]) {
        debug_assert_eq!(self.order.len(), self.steps.len(), "sealed");
        for &i in &self.order {
            let v = match &self.steps[i] {
                Step::Leaf(c) => c.eval(round),
                Step::Not(x) => (values[*x] == 0) as i64,
                Step::And(xs) => xs.iter().all(|x| values[*x] != 0) as i64,
                Step::Or(xs) => xs.iter().any(|x| values[*x] != 0) as i64,
                Step::Cmp(op, a, b) => compare(*op, values[*a], values[*b]),
                Step::In(x, set) => {
                    let v = values[*x];
                    (v != ABSENT && set.contains(&v)) as i64
                }
                Step::Sum(first, rest) => rest
                    .iter()
                    .fold(values[*first], |acc, (sign, x)| sign.apply(acc, values[*x])),
            };
            values[i] = v;
        }
    }
}

/// The steps a step reads.
fn operands(step: &Step) -> Box<dyn Iterator<Item = usize> + '_> {
    match step {
        Step::Leaf(_) => Box::new(std::iter::empty()),
        Step::Not(x) | Step::In(x, _) => Box::new(std::iter::once(*x)),
        Step::And(xs) | Step::Or(xs) => Box::new(xs.iter().copied()),
        Step::Cmp(_, a, b) => Box::new([*a, *b].into_iter()),
        Step::Sum(first, rest) => {
            Box::new(std::iter::once(*first).chain(rest.iter().map(|(_, x)| *x)))
        }
    }
}

/// A number per kind of step (and of leaf), to run like steps together.
fn kind(step: &Step) -> u8 {
    match step {
        Step::Leaf(c) => match c {
            Cond::Const(_) => 0,
            Cond::Rank(_) => 1,
            Cond::Suit(_) => 2,
            Cond::Value(_) => 3,
            Cond::Face(_) => 4,
            Cond::High(_) => 5,
            Cond::Total(_) => 6,
            Cond::Count(_) => 7,
            Cond::Natural(..) => 8,
            Cond::Drew(_) => 9,
            Cond::Wins(_) => 10,
            Cond::Tie => 11,
            Cond::Margin => 12,
            Cond::CardCount(_) => 13,
            Cond::Suited(_) => 14,
            Cond::MaxKind(_) => 15,
            Cond::Kinds(..) => 16,
            _ => 17,
        },
        Step::Not(_) => 20,
        Step::And(_) => 21,
        Step::Or(_) => 22,
        Step::Cmp(..) => 23,
        Step::In(..) => 24,
        Step::Sum(..) => 25,
    }
}
