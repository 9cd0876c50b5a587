//! Settling wagers on a played round.
//!
//! A [`Settler`] is built once per spec: its conditions compiled into one
//! program (`super::program`) and, per pay table, the order in which events
//! are tried. Settling a round then runs the program once for every wager
//! and looks nothing up.

use super::program::{Program, lanes};
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
}

/// One wager: where its conditions' values are (buffer positions), and per
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
    values: Vec<i64>,
}

/// One pay table of one wager, as [`Settler::flush`] reports it. Its
/// outcome codes are the settling event's index, `events` when no event
/// holds, `events + 1` when the wager is not placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub wager: usize,
    pub pay_table: usize,
    /// Position among every wager's pay tables, in spec order.
    pub table: usize,
    /// The wager's number of events.
    pub events: usize,
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
        let wagers: Vec<Plan> = spec
            .wagers
            .iter()
            .map(|w| Plan {
                placed: w.placed.as_ref().map(|p| program.add(&p.when)),
                events: w.events.iter().map(|e| program.add(&e.when)).collect(),
                orders: w
                    .pay_tables
                    .iter()
                    .map(|t| order(w.precedence, &t.pays))
                    .collect(),
            })
            .collect();
        program.seal();
        let wagers = wagers
            .into_iter()
            .map(|plan: Plan| Plan {
                placed: plan.placed.map(|p| program.position(p)),
                events: plan.events.iter().map(|&e| program.position(e)).collect(),
                ..plan
            })
            .collect();
        Settler { program, wagers }
    }

    /// A buffer for [`Settler::each`], one per thread.
    pub fn scratch(&self) -> Vec<i64> {
        self.program.scratch::<1>()
    }

    /// Settles every wager under every pay table on `round`, calling `f`
    /// for each in spec order.
    pub fn each(&self, round: &Round, values: &mut [i64], mut f: impl FnMut(Settled)) {
        self.program.run::<1>(std::array::from_ref(round), values);
        self.codes::<1>(values, |s, code| {
            let (placed, event) = match code[0] as usize {
                k if k < s.events => (true, Some(k)),
                k if k == s.events => (true, None),
                _ => (false, None),
            };
            f(Settled {
                wager: s.wager,
                pay_table: s.pay_table,
                table: s.table,
                placed,
                event,
            })
        });
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
            values: self.program.scratch::<LANES>(),
        }
    }

    /// Adds a round with its weight to the batch; a full batch is settled
    /// (see [`Settler::flush`]).
    pub fn push(
        &self,
        batch: &mut Batch,
        round: &Round,
        weight: u64,
        f: impl FnMut(Table, &[u64], &[u64]),
    ) {
        batch.rounds[batch.len] = *round;
        batch.weights[batch.len] = weight;
        batch.len += 1;
        if batch.len == LANES {
            self.flush(batch, f);
        }
    }

    /// Settles the rounds in the batch and empties it: for every pay table
    /// of every wager, in spec order, `f` gets the table, each round's
    /// outcome code (see [`Table`]) and each round's weight.
    pub fn flush(&self, batch: &mut Batch, mut f: impl FnMut(Table, &[u64], &[u64])) {
        let n = batch.len;
        if n == 0 {
            return;
        }
        // Lanes past `n` hold earlier rounds: settled and not reported.
        self.program.run::<LANES>(&batch.rounds, &mut batch.values);
        self.codes::<LANES>(&batch.values, |t, codes| {
            f(t, &codes[..n], &batch.weights[..n])
        });
        batch.len = 0;
    }

    /// Each pay table's outcome codes on `L` rounds, from the program's
    /// values: the first event in the table's order that holds, else "no
    /// event", else "not placed" when the wager is not staked.
    fn codes<const L: usize>(&self, values: &[i64], mut f: impl FnMut(Table, &[u64; L])) {
        let mut table = 0;
        for (wager, plan) in self.wagers.iter().enumerate() {
            let none = plan.events.len() as u64;
            for (pay_table, order) in plan.orders.iter().enumerate() {
                let mut code = [none; L];
                // Tried last to first, so the first that holds is kept.
                // Chosen by masks, not branches: which event holds varies
                // from round to round.
                for &k in order.iter().rev() {
                    let holds = lanes::<L>(values, plan.events[k]);
                    (0..L).for_each(|l| code[l] = choose(holds[l] != 0, k as u64, code[l]));
                }
                if let Some(p) = plan.placed {
                    let placed = lanes::<L>(values, p);
                    (0..L).for_each(|l| code[l] = choose(placed[l] != 0, code[l], none + 1));
                }
                let t = Table {
                    wager,
                    pay_table,
                    table,
                    events: plan.events.len(),
                };
                f(t, &code);
                table += 1;
            }
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
                placed: plan.placed.is_none_or(|s| values[s] != 0),
                holds: plan.events.iter().map(|&s| values[s] != 0).collect(),
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

/// `yes` if `c`, else `no`, without a branch.
#[inline(always)]
fn choose(c: bool, yes: u64, no: u64) -> u64 {
    let mask = (c as u64).wrapping_neg();
    (yes & mask) | (no & !mask)
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
    /// agree, for every shipped spec.
    #[test]
    fn batches_single_rounds_and_tree_walks_agree() {
        for path in crate::spec::spec_files("rules") {
            let spec = crate::check::check_path(&path).expect("shipped").spec;
            if !spec.strategies_resolved() {
                continue; // dealt by a resolved chart (tests/lucky_draw.rs)
            }
            let settler = Settler::new(&spec);
            let rounds = rounds(&spec);
            let mut batched = Vec::new();
            let mut batch = settler.batch();
            let mut keep =
                |t: Table, codes: &[u64], _: &[u64]| batched.push((t.table, codes.to_vec()));
            for r in &rounds {
                settler.push(&mut batch, r, 1, &mut keep);
            }
            settler.flush(&mut batch, &mut keep);
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
                    let (table, codes) = &batched[(i / LANES) * tables_of(&spec) + s.table];
                    assert_eq!(*table, s.table);
                    assert_eq!(codes[i % LANES], code as u64, "{path} {r:?}");
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
            assert_eq!(
                batched.len(),
                rounds.len().div_ceil(LANES) * tables_of(&spec)
            );
        }
    }

    fn tables_of(spec: &Spec) -> usize {
        spec.wagers.iter().map(|w| w.pay_tables.len()).sum()
    }
}
