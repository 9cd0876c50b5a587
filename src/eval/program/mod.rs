//! A spec's conditions compiled once into one straight-line program.
//!
//! A round's values live in one buffer:
//! - first its **facts**, written once per round: each hand's total, the
//!   total of its first two cards and its card count, and, for each slot the program reads, the card's rank,
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
//!
//! Compiling conditions into steps and sealing the program is in `compile`,
//! running it on rounds in `run`, the integer of one lane in `word`.

mod compile;
mod run;
mod word;

pub(crate) use word::{Word, lanes};

use crate::model::cond::{CmpOp, Side, Sign, SlotMask};
use crate::model::round::SLOTS;
use std::collections::HashMap;

/// Where each fact of a round is in the value buffer.
const RANK: usize = 0;
const SUIT: usize = RANK + SLOTS;
const VALUE: usize = SUIT + SLOTS;
const HIGH: usize = VALUE + SLOTS;
const FACE: usize = HIGH + SLOTS;
const TOTAL: usize = FACE + SLOTS;
const TWO_CARD: usize = TOTAL + 2;
const COUNT: usize = TWO_CARD + 2;
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
    /// Operand and divisor (at least 1).
    Mod(u32, i64),
    /// The side, whether it is a condition, and the operands read of the
    /// first and of the second hand.
    Side(Side, bool, u32, u32),
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
    Mod(u32, i64),
    Side(Side, bool, u32, u32),
    Leaf(Op),
}

impl Program {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::model::cond::Cond;
    use crate::model::round::Round;

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
            Cond::TwoCardTotal(0),
            Cond::TwoCardTotal(1),
            // Remainders of a sum that may be negative or read an absent
            // card, of an absent card, and by 1.
            Cond::Mod(Box::new(sum.clone()), 10),
            Cond::Mod(Box::new(Cond::Value(5)), 3),
            Cond::Mod(Box::new(Cond::Total(1)), 1),
            Cond::Mod(
                Box::new(Cond::Sum(
                    Box::new(Cond::Total(0)),
                    vec![(Sign::Minus, Cond::TwoCardTotal(1))],
                )),
                10,
            ),
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
        // The winning and losing hand's facts: numbers (absent on a tie),
        // conditions (false on a tie), third cards that may be absent.
        let side = |side, truth, a: Cond, b: Cond| Cond::Side {
            side,
            truth,
            of: Box::new([a, b]),
        };
        all.push(side(Side::Winner, false, Cond::Rank(0), Cond::Rank(3)));
        all.push(side(Side::Loser, false, Cond::Total(0), Cond::Total(1)));
        all.push(side(
            Side::Winner,
            true,
            Cond::Natural(0, 0b11_0000_0000),
            Cond::Natural(1, 0b11_0000_0000),
        ));
        all.push(side(Side::Loser, true, Cond::Face(2), Cond::Face(5)));
        all.push(Cond::Cmp(
            CmpOp::Ne,
            Box::new(side(Side::Winner, false, Cond::Value(2), Cond::Value(5))),
            Box::new(Cond::Const(3)),
        ));
        all.push(Cond::Not(Box::new(side(
            Side::Loser,
            true,
            Cond::Suited(0b111),
            Cond::Suited(0b111_000),
        ))));
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
        let rem = |n| Cond::Mod(Box::new(Cond::Value(0)), n);
        assert!(narrow(rem(10)));
        assert!(!narrow(rem(1 << 40)), "a remainder may reach 2^40 - 1");
    }
}
