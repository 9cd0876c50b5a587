//! What stops a scenario, as typed values; the report words them, tied
//! to the bet they protect.

use crate::protect::{Outcome, Seen};

/// A countermeasure a laboratory names against a seen or sorted card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    pub fn against(o: &Outcome) -> Vec<Countermeasure> {
        match &o.scenario.seen {
            Seen::Ranks => vec![Countermeasure::CloseBeforeDeal],
            Seen::Group(_) | Seen::Best => vec![Countermeasure::SymmetricBacks],
            Seen::Hand { .. } => vec![Countermeasure::NoBetAfterCards],
            Seen::Hole => vec![Countermeasure::CoveredHoleCard],
            Seen::Face => vec![Countermeasure::CoveredOtherCards],
        }
    }
}
