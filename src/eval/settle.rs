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
    /// Whether the wager is staked on this round (see `Wager::placed`); when
    /// not, no event settles it and its net is zero.
    pub placed: bool,
    /// Which events hold on this round.
    pub holds: Vec<bool>,
    pub outcomes: Vec<Outcome>,
}

pub fn settle(spec: &Spec, round: &Round) -> Vec<WagerResult> {
    spec.wagers.iter().map(|w| settle_wager(w, round)).collect()
}

pub fn settle_wager(w: &Wager, round: &Round) -> WagerResult {
    let placed = w.is_placed(round);
    let holds: Vec<bool> = w.events.iter().map(|e| e.when.holds(round)).collect();
    let outcomes = w
        .pay_tables
        .iter()
        .map(|t| {
            let event = select(w.precedence, &holds, &t.pays).filter(|_| placed);
            Outcome {
                pay_table: t.id.clone(),
                event,
                pay: match event {
                    Some(k) => t.pays[k],
                    None if placed => Pay::Lose,
                    None => Pay::Push,
                },
            }
        })
        .collect();
    WagerResult {
        wager: w.id.clone(),
        placed,
        holds,
        outcomes,
    }
}

/// The event that settles the wager: by listed order, or the highest pay
/// with ties going to the event listed first.
pub fn select(precedence: Precedence, holds: &[bool], pays: &[Pay]) -> Option<usize> {
    precedence.order(pays).into_iter().find(|&k| holds[k])
}
