//! What seen cards are worth, judged from the protection stage's results:
//! for each set of wagers a player chooses among (the base game's wagers
//! together, or a side bet alone), the scenario that gives the player the
//! most, and the largest over every set; the decision scenarios (a card
//! seen while deciding to draw) apart, since they stop by another
//! countermeasure. Each gain carries its money at the wager's maximum bet;
//! the largest is the one worth the most an hour. The page's figures are
//! these, by construction.

use crate::numbers::values::Exact;
use crate::protect::Outcome;
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
    /// Per set of wagers chosen among (the base game's together, each
    /// side bet alone), its largest gain for a player who may sit out,
    /// most money an hour first; sets no scenario lets the player beat
    /// are left out.
    pub per_wager: Vec<Gain>,
    /// The largest of `per_wager` in money an hour: what page one names.
    pub largest: Option<Gain>,
    /// The decision scenarios that give the player a gain, most money an
    /// hour first.
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
    /// The dollars bet (the wager's maximum bet, or the $100 priced where
    /// none is declared; the first choice's where they differ).
    pub stake: Exact,
    /// Dollars the player wins per round dealt, betting the stake.
    pub per_round: Exact,
    /// ... and per hour, at the spec's rounds an hour.
    pub per_hour: Exact,
    pub countermeasure: Countermeasure,
}

/// What stops a scenario: typed by the protection stage.
pub use crate::protection::Countermeasure;

fn gain(k: usize, o: &Outcome, m: &crate::protection::Exposure, edge: &BigRational) -> Gain {
    Gain {
        outcome: k,
        scenario: o.scenario.text.clone(),
        wagers: match &o.strategy {
            Some(g) => g.objective.clone(),
            None => o.choices.clone(),
        },
        player_edge: Exact::of(edge),
        stake: Exact::of(&m.stakes[0].value()),
        per_round: Exact::of(&m.per_round),
        per_hour: Exact::of(&m.per_hour),
        countermeasure: Countermeasure::against(o),
    }
}

pub(crate) fn exposure(set: &crate::protection::ReportSet) -> Exposure {
    let p = &set.protection;
    let mut per_wager: Vec<(BigRational, Gain)> = Vec::new();
    let mut deciding: Vec<(BigRational, Gain)> = Vec::new();
    let mut gaining = Vec::new();
    // Ranked by money an hour (the protection stage's order), so that
    // the first found per set of wagers is its largest.
    for k in p.ranked() {
        let (o, m) = (&p.outcomes[k], &p.exposures[k]);
        if o.strategy.is_some() {
            if o.player_edge.is_positive() {
                deciding.push((m.per_hour.clone(), gain(k, o, m, &o.player_edge)));
            }
            continue;
        }
        let edge = &o.player_edge_sitting_out;
        if !edge.is_positive() {
            continue;
        }
        if !per_wager.iter().any(|(_, g)| g.wagers == o.choices) {
            per_wager.push((m.per_hour.clone(), gain(k, o, m, edge)));
        }
    }
    // The section's order for what the countermeasures answer.
    for (k, o) in p.outcomes.iter().enumerate() {
        let edge = match o.strategy {
            Some(_) => &o.player_edge,
            None => &o.player_edge_sitting_out,
        };
        if edge.is_positive() {
            gaining.push(gain(k, o, &p.exposures[k], edge));
        }
    }
    deciding.sort_by(|a, b| b.0.cmp(&a.0));
    let largest = per_wager.first().map(|(_, g)| g.clone());
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
