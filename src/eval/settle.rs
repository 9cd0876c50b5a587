//! Settling wagers on a played round.
//!
//! A [`Settler`] is built once per spec: its conditions compiled into one
//! program (`super::program`) and, per pay table, the order in which events
//! are tried. Settling a round then runs the program once for every wager
//! and looks nothing up.

use super::program::Program;
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

/// One wager: the steps holding its conditions, and per pay table the
/// event indices in the order they are tried.
#[derive(Clone, Debug)]
struct Plan {
    placed: Option<usize>,
    events: Vec<usize>,
    orders: Vec<Vec<usize>>,
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
        let wagers = spec
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
        Settler { program, wagers }
    }

    /// A buffer for [`Settler::each`], one per thread.
    pub fn scratch(&self) -> Vec<i64> {
        self.program.scratch()
    }

    /// Settles every wager under every pay table on `round`, calling `f`
    /// for each in spec order.
    pub fn each(&self, round: &Round, values: &mut [i64], f: impl FnMut(Settled)) {
        self.program.run(round, values);
        self.outcomes(values, f);
    }

    /// The settlements, from the program's values for a round.
    fn outcomes(&self, values: &[i64], mut f: impl FnMut(Settled)) {
        let mut table = 0;
        for (wager, plan) in self.wagers.iter().enumerate() {
            let placed = plan.placed.is_none_or(|s| values[s] != 0);
            for (pay_table, order) in plan.orders.iter().enumerate() {
                let event = if placed {
                    order.iter().copied().find(|&k| values[plan.events[k]] != 0)
                } else {
                    None
                };
                f(Settled {
                    wager,
                    pay_table,
                    table,
                    placed,
                    event,
                });
                table += 1;
            }
        }
    }

    /// Settles every wager, with the pays and names a person reads.
    pub fn settle(&self, spec: &Spec, round: &Round) -> Vec<WagerResult> {
        let mut values = self.scratch();
        self.program.run(round, &mut values);
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
        self.outcomes(&values, |s| {
            let w = &spec.wagers[s.wager];
            let t = &w.pay_tables[s.pay_table];
            results[s.wager].outcomes.push(Outcome {
                pay_table: t.id.clone(),
                event: s.event,
                pay: pay(w, s),
            });
        });
        results
    }
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
