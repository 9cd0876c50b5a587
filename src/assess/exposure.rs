//! What seen cards are worth, judged from the protection stage's results:
//! for each set of wagers a player chooses among (the base game's wagers
//! together, or a side bet alone), the scenario that gives the player the
//! most, and the largest over every set; the decision scenarios (a card
//! seen while deciding to draw) apart, since they stop by another
//! countermeasure. The page's figures are these, by construction.

use crate::numbers::values::Exact;
use crate::protect::{Outcome, Seen};
use num_rational::BigRational;
use num_traits::Signed;
use schemars::JsonSchema;
use serde::Serialize;

/// Game protection, judged.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Exposure {
    pub decks: u32,
    /// The scenarios computed (their codes, as `certify protect` takes
    /// them), in the order of the section.
    pub scenarios: Vec<String>,
    /// Every scenario that gives the player an edge, in the section's
    /// order: what the countermeasures answer.
    pub gaining: Vec<Gain>,
    /// Per set of wagers chosen among, its largest gain for a player who
    /// may sit out; sets no scenario lets the player beat are left out.
    pub per_wager: Vec<Gain>,
    /// The largest of `per_wager`: what page one names.
    pub largest: Option<Gain>,
    /// The decision scenarios that give the player a gain, largest first.
    pub deciding: Vec<Gain>,
    /// Wagers left out because the player has the edge without seeing any
    /// card.
    pub favourable: Vec<String>,
}

/// One scenario's gain.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Gain {
    /// The outcome's place in the protection stage's list.
    pub outcome: usize,
    pub scenario: String,
    /// The wagers (or combined wagers) chosen among.
    pub wagers: Vec<String>,
    /// The player's expected win per round dealt: sitting out when no
    /// choice is favourable, or (a decision scenario) betting every round.
    pub player_edge: Exact,
    pub countermeasure: Countermeasure,
}

/// What stops a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Countermeasure {
    /// A card seen before bets close: bets close before the first card
    /// leaves the shoe, cards covered until then, none dealt face up.
    SeenCard,
    /// Cards told apart by their backs: symmetric backs, an automatic
    /// shuffler that turns cards, no request to turn cards honoured.
    EdgeSorting,
    /// A card seen while deciding: the face-down card stays covered until
    /// every player has decided.
    DecisionCard,
}

impl Countermeasure {
    pub fn of(o: &Outcome) -> Countermeasure {
        if o.strategy.is_some() {
            Countermeasure::DecisionCard
        } else if o.partition.is_some() || matches!(o.scenario.seen, Seen::Group(_) | Seen::Best) {
            Countermeasure::EdgeSorting
        } else {
            Countermeasure::SeenCard
        }
    }
}

fn gain(k: usize, o: &Outcome, edge: &BigRational) -> Gain {
    Gain {
        outcome: k,
        scenario: o.scenario.text.clone(),
        wagers: match &o.strategy {
            Some(g) => g.objective.clone(),
            None => o.choices.clone(),
        },
        player_edge: Exact::of(edge),
        countermeasure: Countermeasure::of(o),
    }
}

pub(crate) fn exposure(set: &crate::protection::ReportSet) -> Exposure {
    let p = &set.protection;
    let mut per_wager: Vec<(BigRational, Gain)> = Vec::new();
    let mut deciding: Vec<(BigRational, Gain)> = Vec::new();
    let mut gaining = Vec::new();
    for (k, o) in p.outcomes.iter().enumerate() {
        if o.strategy.is_some() {
            if o.player_edge.is_positive() {
                deciding.push((o.player_edge.clone(), gain(k, o, &o.player_edge)));
                gaining.push(gain(k, o, &o.player_edge));
            }
            continue;
        }
        let edge = &o.player_edge_sitting_out;
        if !edge.is_positive() {
            continue;
        }
        gaining.push(gain(k, o, edge));
        match per_wager.iter_mut().find(|(_, g)| g.wagers == o.choices) {
            Some((best, g)) if edge > best => {
                *best = edge.clone();
                *g = gain(k, o, edge);
            }
            Some(_) => {}
            None => per_wager.push((edge.clone(), gain(k, o, edge))),
        }
    }
    deciding.sort_by(|a, b| b.0.cmp(&a.0));
    let largest = per_wager
        .iter()
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, g)| g.clone());
    Exposure {
        decks: p.decks,
        scenarios: p.outcomes.iter().map(|o| o.scenario.text.clone()).collect(),
        gaining,
        per_wager: per_wager.into_iter().map(|(_, g)| g).collect(),
        largest,
        deciding: deciding.into_iter().map(|(_, g)| g).collect(),
        favourable: set.favourable.clone(),
    }
}
