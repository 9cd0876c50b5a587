//! Settling wagers on a played round.
//!
//! A [`Settler`] is built once per spec: its conditions compiled into one
//! program (`super::program`) and, per pay table, the order in which events
//! are tried. Settling a round then runs the program once for every wager
//! and looks nothing up.

use super::program::{Program, Word, lanes};
use crate::model::round::Round;
use crate::model::{Pay, Precedence, Ratio, Spec, Wager};

/// The result of one wager under one pay table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub pay_table: String,
    /// Index of the event that settles the wager, if any holds.
    pub event: Option<usize>,
    pub pay: Pay,
}

impl Outcome {
    pub fn net(&self) -> Ratio {
        self.pay.net()
    }
}

#[derive(Clone, Debug)]
pub struct WagerResult {
    pub wager: String,
    /// Whether the wager is staked on this round (see `Wager::placed`); when
    /// not, no event settles it and its net is zero.
    pub placed: bool,
    /// Which events hold on this round.
    pub holds: Vec<bool>,
    pub outcomes: Vec<Outcome>,
}

/// Every wager of a spec, ready to settle rounds.
#[derive(Clone, Debug)]
pub struct Settler {
    program: Program,
    wagers: Vec<Plan>,
    /// The buffer position of every distinct condition a wager reads (its
    /// events' and `placed`): a batch finds where each holds once.
    reads: Vec<usize>,
}

/// One wager: its conditions (indices into [`Settler::reads`]), and per
/// pay table the event indices in the order they are tried.
#[derive(Clone, Debug)]
struct Plan {
    placed: Option<usize>,
    events: Vec<usize>,
    orders: Vec<Vec<usize>>,
}

/// Rounds settled together (see [`Settler::push`]).
pub const LANES: usize = 64;

/// Up to [`LANES`] rounds waiting to be settled, with their weights.
pub struct Batch {
    rounds: Box<[Round; LANES]>,
    weights: [u64; LANES],
    len: usize,
    values: Lanes,
    /// Per condition a wager reads: the lanes where it holds.
    holds: Vec<u64>,
}

/// A batch's value buffer: 32-bit lanes when the program allows.
enum Lanes {
    Narrow(Vec<i32>),
    Wide(Vec<i64>),
}

/// Weighted outcome counts of many rounds, per pay table of every wager.
///
/// Pay table `t` (its position among every wager's pay tables, in spec
/// order) has its outcomes from `base[t]`: each event of its wager in the
/// wager's order, then "no event holds", then "not placed".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub counts: Vec<u64>,
    base: Vec<usize>,
}

impl Tally {
    /// Pay table `t`'s counts: each event, no event, not placed.
    pub fn table(&self, t: usize) -> &[u64] {
        let end = self.base.get(t + 1).copied().unwrap_or(self.counts.len());
        &self.counts[self.base[t]..end]
    }

    /// Adds another tally of the same spec (tallies are integer sums, so
    /// the order they are added in does not matter).
    pub fn add(&mut self, other: &Tally) {
        self.counts
            .iter_mut()
            .zip(&other.counts)
            .for_each(|(a, b)| *a += b);
    }
}

/// How one wager settles under one pay table on one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    pub wager: usize,
    pub pay_table: usize,
    /// Position of (wager, pay table) among every wager's pay tables, in
    /// spec order.
    pub table: usize,
    pub placed: bool,
    /// The settling event; None when none holds or the wager is not placed.
    pub event: Option<usize>,
}

impl Settler {
    pub fn new(spec: &Spec) -> Settler {
        let mut program = Program::default();
        let added: Vec<(Option<usize>, Vec<usize>)> = spec
            .wagers
            .iter()
            .map(|w| {
                let placed = w.placed.as_ref().map(|p| program.add(&p.when));
                (
                    placed,
                    w.events.iter().map(|e| program.add(&e.when)).collect(),
                )
            })
            .collect();
        program.seal();
        let mut reads: Vec<usize> = Vec::new();
        let mut read = |added: usize| {
            let at = program.position(added);
            match reads.iter().position(|&r| r == at) {
                Some(i) => i,
                None => {
                    reads.push(at);
                    reads.len() - 1
                }
            }
        };
        let wagers = spec
            .wagers
            .iter()
            .zip(added)
            .map(|(w, (placed, events))| Plan {
                placed: placed.map(&mut read),
                events: events.into_iter().map(&mut read).collect(),
                orders: w
                    .pay_tables
                    .iter()
                    .map(|t| order(w.precedence, &t.pays))
                    .collect(),
            })
            .collect();
        Settler {
            program,
            wagers,
            reads,
        }
    }

    /// An empty tally for [`Settler::push`] and [`Settler::flush`].
    pub fn tally(&self) -> Tally {
        let mut base = Vec::new();
        let mut size = 0;
        for plan in &self.wagers {
            for _ in &plan.orders {
                base.push(size);
                size += plan.events.len() + 2;
            }
        }
        Tally {
            counts: vec![0; size],
            base,
        }
    }

    /// A buffer for [`Settler::each`], one per thread.
    pub fn scratch(&self) -> Vec<i64> {
        self.program.scratch::<i64, 1>()
    }

    /// Settles every wager under every pay table on `round`, calling `f`
    /// for each in spec order: the first event in the table's order that
    /// holds, none when none does or the wager is not placed.
    pub fn each(&self, round: &Round, values: &mut [i64], mut f: impl FnMut(Settled)) {
        self.program
            .run::<i64, 1>(std::array::from_ref(round), values);
        let holds = |read: usize| values[self.reads[read]] != 0;
        let mut table = 0;
        for (wager, plan) in self.wagers.iter().enumerate() {
            let placed = plan.placed.is_none_or(holds);
            for (pay_table, order) in plan.orders.iter().enumerate() {
                let event = order.iter().copied().find(|&k| holds(plan.events[k]));
                f(Settled {
                    wager,
                    pay_table,
                    table,
                    placed,
                    event: event.filter(|_| placed),
                });
                table += 1;
            }
        }
    }

    /// An empty batch of rounds for [`Settler::push`], one per thread.
    pub fn batch(&self) -> Batch {
        Batch {
            rounds: Box::new(
                [Round {
                    cards: [crate::cards::Card::new(1, 0); 6],
                    counts: [2, 2],
                }; LANES],
            ),
            weights: [0; LANES],
            len: 0,
            values: if self.program.narrow() {
                Lanes::Narrow(self.program.scratch::<i32, LANES>())
            } else {
                Lanes::Wide(self.program.scratch::<i64, LANES>())
            },
            holds: vec![0; self.reads.len()],
        }
    }

    /// Adds a round with its weight to the batch; a full batch is settled
    /// into `tally` (see [`Settler::flush`]).
    pub fn push(&self, batch: &mut Batch, round: &Round, weight: u64, tally: &mut Tally) {
        batch.rounds[batch.len] = *round;
        batch.weights[batch.len] = weight;
        batch.len += 1;
        if batch.len == LANES {
            self.flush(batch, tally);
        }
    }

    /// Settles the rounds in the batch, adds each round's weight to the
    /// outcome it settles as under every pay table, and empties the batch.
    ///
    /// Done with one bit per round (lane): where each condition holds is
    /// found once per batch; a pay table then takes its events in order,
    /// each claiming the placed rounds where it holds and no earlier event
    /// did. Only the rounds an event claims are visited, and most rounds
    /// hit no event of most wagers.
    pub fn flush(&self, batch: &mut Batch, tally: &mut Tally) {
        let n = batch.len;
        if n == 0 {
            return;
        }
        // Lanes past `n` hold earlier rounds: settled and masked out.
        let live = if n == LANES { u64::MAX } else { (1 << n) - 1 };
        match &mut batch.values {
            Lanes::Narrow(values) => self.holds(&batch.rounds, values, live, &mut batch.holds),
            Lanes::Wide(values) => self.holds(&batch.rounds, values, live, &mut batch.holds),
        }
        let weights = &batch.weights;
        let all = weight_of(weights, live);
        let mut t = 0;
        for plan in &self.wagers {
            let placed = plan.placed.map_or(live, |p| batch.holds[p]);
            let staked = weight_of(weights, placed);
            let none = plan.events.len();
            for order in &plan.orders {
                let counts = &mut tally.counts[tally.base[t]..][..none + 2];
                let mut open = placed;
                let mut claimed = 0;
                for &k in order {
                    let hit = batch.holds[plan.events[k]] & open;
                    if hit != 0 {
                        open &= !hit;
                        let w = weight_of(weights, hit);
                        counts[k] += w;
                        claimed += w;
                    }
                }
                counts[none] += staked - claimed;
                counts[none + 1] += all - staked;
                t += 1;
            }
        }
        batch.len = 0;
    }

    /// Runs the program on a batch's rounds and finds, per condition a
    /// wager reads, the live lanes where it holds.
    fn holds<W: Word>(
        &self,
        rounds: &[Round; LANES],
        values: &mut [W],
        live: u64,
        holds: &mut [u64],
    ) {
        self.program.run::<W, LANES>(rounds, values);
        for (mask, &at) in holds.iter_mut().zip(&self.reads) {
            *mask = nonzero_lanes(lanes::<W, LANES>(values, at)) & live;
        }
    }

    /// Settles every wager, with the pays and names a person reads.
    pub fn settle(&self, spec: &Spec, round: &Round) -> Vec<WagerResult> {
        let mut values = self.scratch();
        let mut settled = Vec::new();
        self.each(round, &mut values, |s| settled.push(s));
        let mut results: Vec<WagerResult> = spec
            .wagers
            .iter()
            .zip(&self.wagers)
            .map(|(w, plan)| WagerResult {
                wager: w.id.clone(),
                placed: plan.placed.is_none_or(|r| values[self.reads[r]] != 0),
                holds: plan
                    .events
                    .iter()
                    .map(|&r| values[self.reads[r]] != 0)
                    .collect(),
                outcomes: Vec::with_capacity(w.pay_tables.len()),
            })
            .collect();
        for s in settled {
            let w = &spec.wagers[s.wager];
            let t = &w.pay_tables[s.pay_table];
            results[s.wager].outcomes.push(Outcome {
                pay_table: t.id.clone(),
                event: s.event,
                pay: pay(w, s),
            });
        }
        results
    }
}

/// The summed weights of the lanes set in `mask`.
#[inline(always)]
/// Bit `l` set where lane `l` is not zero. The lanes are compared into
/// bytes (0 or 1; the compiler does that in vector registers), and each
/// eight bytes become eight bits by one multiplication: byte `i` times
/// 2^(56-7i) lands on bit 56+i, and no other product reaches bits 56-63.
fn nonzero_lanes<W: Word>(values: &[W; LANES]) -> u64 {
    let mut bytes = [0u8; LANES];
    for (b, v) in bytes.iter_mut().zip(values) {
        *b = (*v != W::ZERO) as u8;
    }
    let mut mask = 0;
    for (i, eight) in bytes.chunks_exact(8).enumerate() {
        let eight = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        mask |= (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    mask
}

fn weight_of(weights: &[u64; LANES], mask: u64) -> u64 {
    if mask == u64::MAX {
        return weights.iter().sum();
    }
    let (mut m, mut sum) = (mask, 0);
    while m != 0 {
        sum += weights[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    sum
}

/// The pay of a settlement: the event's, a loss when none holds, a push
/// when the wager is not placed.
fn pay(w: &Wager, s: Settled) -> Pay {
    match s.event {
        Some(k) => w.pay_tables[s.pay_table].pays[k],
        None if s.placed => Pay::Lose,
        None => Pay::Push,
    }
}

pub fn settle(spec: &Spec, round: &Round) -> Vec<WagerResult> {
    Settler::new(spec).settle(spec, round)
}

/// The event that settles the wager when `holds` say which events hold:
/// the first in [`order`] that holds. (A [`Settler`] keeps each pay table's
/// order instead of sorting per round.)
pub fn select(precedence: Precedence, holds: &[bool], pays: &[Pay]) -> Option<usize> {
    order(precedence, pays).into_iter().find(|&k| holds[k])
}

/// Event indices in the order they are tried under a pay table: the first
/// that holds settles the wager. Highest pay first with ties in listed
/// order (a stable sort), or simply the listed order.
fn order(precedence: Precedence, pays: &[Pay]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..pays.len()).collect();
    if precedence == Precedence::HighestPay {
        order.sort_by(|a, b| pays[*b].net().cmp(&pays[*a].net()));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::eval::play::round_of_sequence;

    /// Every lane pattern's bits, against a lane-by-lane reading: each
    /// single lane, alternating and random patterns, values of both signs.
    #[test]
    fn nonzero_lanes_sets_exactly_the_bits_of_nonzero_lanes() {
        let mut rng = crate::testing::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut patterns: Vec<u64> = (0..64).map(|l| 1u64 << l).collect();
        patterns.extend([0, u64::MAX, 0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA]);
        patterns.extend((0..1000).map(|_| rng.next_u64()));
        for p in patterns {
            let wide: [i64; LANES] = std::array::from_fn(|l| {
                if p >> l & 1 == 1 {
                    [1, -1, 1 << 40, i64::MIN][l % 4]
                } else {
                    0
                }
            });
            let narrow: [i32; LANES] = std::array::from_fn(|l| {
                if p >> l & 1 == 1 {
                    [1, -1, 1 << 29, i32::MIN][l % 4]
                } else {
                    0
                }
            });
            assert_eq!(nonzero_lanes(&wide), p);
            assert_eq!(nonzero_lanes(&narrow), p);
        }
    }

    /// Rounds from a fixed pseudo-random sequence of cards (an LCG: the
    /// same rounds on every machine), a thousand per spec: a batch and a
    /// half-filled one.
    fn rounds(spec: &Spec) -> Vec<Round> {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut card = || {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let k = (x >> 33) % 52;
            Card::new((k / 4) as u8 + 1, (k % 4) as u8)
        };
        (0..1000)
            .map(|_| round_of_sequence(spec, &std::array::from_fn(|_| card())))
            .collect()
    }

    /// Rounds settled 64 at a time, one at a time, and by walking each
    /// condition's tree with `Cond::eval` and sorting each pay table's
    /// events by precedence (the model's own reading of every name) all
    /// agree, for every shipped spec: the batches' weighted tallies equal
    /// the single rounds' outcomes summed with the same weights.
    #[test]
    fn batches_single_rounds_and_tree_walks_agree() {
        for path in crate::spec::spec_files("rules") {
            let spec = crate::check::check_path(&path).expect("shipped").spec;
            if !spec.strategies_resolved() {
                continue; // dealt by a resolved chart (tests/lucky_draw.rs)
            }
            let settler = Settler::new(&spec);
            let rounds = rounds(&spec);
            // Weights that differ round to round, so a weight counted
            // under the wrong round or twice shows.
            let weight = |i: usize| 1 + (i as u64 * 7919) % 1000;
            let mut batched = settler.tally();
            let mut batch = settler.batch();
            for (i, r) in rounds.iter().enumerate() {
                settler.push(&mut batch, r, weight(i), &mut batched);
            }
            settler.flush(&mut batch, &mut batched);
            let mut single = settler.tally();
            let mut values = settler.scratch();
            for (i, r) in rounds.iter().enumerate() {
                let mut tables = 0;
                settler.each(r, &mut values, |s| {
                    let w = &spec.wagers[s.wager];
                    let placed = w.placed.as_ref().is_none_or(|p| p.when.holds(r));
                    let holds: Vec<bool> = w.events.iter().map(|e| e.when.holds(r)).collect();
                    let walked = placed
                        .then(|| select(w.precedence, &holds, &w.pay_tables[s.pay_table].pays))
                        .flatten();
                    assert_eq!((s.placed, s.event), (placed, walked), "{path} {r:?}");
                    let code = match s.event {
                        Some(k) => k,
                        None if s.placed => w.events.len(),
                        None => w.events.len() + 1,
                    };
                    single.counts[single.base[s.table] + code] += weight(i);
                    tables += 1;
                });
                assert_eq!(tables, tables_of(&spec));
                // What a person reads: which events hold, and the placing.
                for (w, result) in spec.wagers.iter().zip(settler.settle(&spec, r)) {
                    let holds: Vec<bool> = w.events.iter().map(|e| e.when.holds(r)).collect();
                    assert_eq!(result.holds, holds, "{path} {} {r:?}", w.id);
                    let placed = w.placed.as_ref().is_none_or(|p| p.when.holds(r));
                    assert_eq!(result.placed, placed, "{path} {} {r:?}", w.id);
                }
            }
            assert_eq!(batched, single, "{path}");
            let total: u64 = (0..rounds.len()).map(weight).sum();
            for t in 0..tables_of(&spec) {
                assert_eq!(batched.table(t).iter().sum::<u64>(), total, "{path}");
            }
        }
    }

    fn tables_of(spec: &Spec) -> usize {
        spec.wagers.iter().map(|w| w.pay_tables.len()).sum()
    }
}
