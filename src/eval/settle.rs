//! Settling wagers on a played round.

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
    /// Which events hold on this round.
    pub holds: Vec<bool>,
    pub outcomes: Vec<Outcome>,
}

pub fn settle(spec: &Spec, round: &Round) -> Vec<WagerResult> {
    spec.wagers.iter().map(|w| settle_wager(w, round)).collect()
}

pub fn settle_wager(w: &Wager, round: &Round) -> WagerResult {
    let holds: Vec<bool> = w.events.iter().map(|e| e.when.holds(round)).collect();
    let outcomes = w
        .pay_tables
        .iter()
        .map(|t| {
            let event = select(w.precedence, &holds, &t.pays);
            Outcome {
                pay_table: t.id.clone(),
                event,
                pay: event.map(|k| t.pays[k]).unwrap_or(Pay::Lose),
            }
        })
        .collect();
    WagerResult {
        wager: w.id.clone(),
        holds,
        outcomes,
    }
}

/// The event that settles the wager: by listed order, or the highest pay
/// with ties going to the event listed first.
pub fn select(precedence: Precedence, holds: &[bool], pays: &[Pay]) -> Option<usize> {
    precedence.order(pays).into_iter().find(|&k| holds[k])
}
