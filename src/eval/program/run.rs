//! Running a sealed program on `L` rounds at once: each round's facts are
//! written into its lane, then every step runs as a short loop over the
//! lanes, with no branch to guess.

use super::word::{Word, lanes};
use super::{COUNT, FACE, FACTS, HIGH, Op, Program, RANK, SUIT, TOTAL, TWO_CARD, VALUE};
use crate::model::cond::{ABSENT, CmpOp, Side, SlotMask};
use crate::model::round::{Round, SLOTS};

impl Program {
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
    pub(super) fn run_any<W: Word, const L: usize>(&self, rounds: &[Round; L], values: &mut [W]) {
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
                Op::Mod(x, n) => {
                    let x = at(x);
                    (0..L).for_each(|l| out[l] = W::rem(x[l], n));
                }
                // The winner is the hand with the higher final total, the
                // loser the other; on a tie there is neither.
                Op::Side(side, truth, a, b) => {
                    let (a, b) = (at(a), at(b));
                    let neither = if truth { zero } else { W::ABSENT };
                    (0..L).for_each(|l| {
                        let (first, second) = (fact(TOTAL, l), fact(TOTAL + 1, l));
                        let (first_on, second_on) = match side {
                            Side::Winner => (first > second, second > first),
                            Side::Loser => (first < second, second < first),
                        };
                        out[l] = if first_on {
                            a[l]
                        } else if second_on {
                            b[l]
                        } else {
                            neither
                        };
                    });
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
}

/// Writes a round's facts into lane `l` of the first [`FACTS`] positions:
/// every hand's total, two-card total and count, and the five facts of each card whose
/// bit is set in `slots`.
fn facts<W: Word, const L: usize>(round: &Round, l: usize, values: &mut [W], slots: SlotMask) {
    // Sliced to the facts and the lane taken modulo L, so the compiler
    // sees every index in bounds.
    let values = &mut values[..FACTS * L];
    let mut put = |fact: usize, v: i64| values[fact * L + l % L] = W::of(v);
    for h in 0..2 {
        let held = round.counts[h] as usize;
        let mut points = 0;
        let mut first_two = 0;
        for i in 0..3 {
            let slot = h * 3 + i;
            let card = round.cards[slot];
            let value = if card.rank >= 10 { 0 } else { card.rank as i64 };
            if i < held {
                points += value;
            }
            if i < 2 {
                first_two += value;
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
        put(TWO_CARD + h, first_two % 10);
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
