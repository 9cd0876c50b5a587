//! What stops a scenario, as typed values; the report words them, tied
//! to the bet they protect.

use crate::protect::{Outcome, Seen};
use schemars::JsonSchema;
use serde::Serialize;

/// A countermeasure a laboratory names against a seen or sorted card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Countermeasure {
    /// The bet closes before the first card leaves the shoe, and no card
    /// is seen before then (a burned or covered top card, a shoe that
    /// hides it, no card dealt face up before bets close).
    CloseBeforeDeal,
    /// No bet is taken once any card is seen (the layout's late bet
    /// closed).
    NoBetAfterCards,
    /// Card backs that tell no group of ranks apart: symmetric backs
    /// checked on delivery, an automatic shuffler that turns cards, no
    /// request to turn cards honoured.
    SymmetricBacks,
    /// The face-down card stays covered until every player has decided.
    CoveredHoleCard,
    /// Other players' cards stay covered until every player has decided.
    CoveredOtherCards,
}

impl Countermeasure {
    /// What stops the scenario of `o`.
    pub fn against(o: &Outcome) -> Countermeasure {
        match &o.scenario.seen {
            Seen::Ranks => Countermeasure::CloseBeforeDeal,
            Seen::Group(_) | Seen::Best => Countermeasure::SymmetricBacks,
            Seen::Hand { .. } => Countermeasure::NoBetAfterCards,
            Seen::Hole => Countermeasure::CoveredHoleCard,
            Seen::Face => Countermeasure::CoveredOtherCards,
        }
    }
}
