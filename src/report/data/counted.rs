//! `results.counted`: the wagers written without pay tables, their events
//! counted (see `report::counted`), with no pay and no house edge.

use super::values::{Count, Exact, Odds};
use crate::engine::Analysis;
use crate::model::Spec;
use schemars::JsonSchema;
use serde::Serialize;

/// A wager counted only: its events' rounds, probabilities and odds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Counted {
    /// The wager's id in the spec.
    pub id: String,
    /// The wager's name.
    pub name: String,
    /// `first_listed`: each round under the first listed event that holds
    /// (the rows add up to `rounds`); `each_event`: each event on every
    /// round it holds, whatever else holds (rows may overlap).
    #[schemars(extend("enum" = ["first_listed", "each_event"]))]
    pub counting: String,
    /// Every event, in the spec's order.
    pub events: Vec<CountedEvent>,
    /// Rounds on which no event holds.
    pub no_event_combinations: Count,
    /// Those rounds as odds.
    pub no_event_odds: Odds,
    /// Rounds on which the wager is placed.
    pub rounds: Count,
}

/// One counted event.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CountedEvent {
    pub id: String,
    pub name: String,
    pub combinations: Count,
    /// Combinations / rounds.
    pub probability: Exact,
    pub odds: Odds,
}

pub fn counted(spec: &Spec, a: &Analysis) -> Vec<Counted> {
    spec.counted
        .iter()
        .zip(&a.counted)
        .map(|(w, s)| {
            let c = crate::report::counted::counts(w, s, a.total);
            Counted {
                id: w.id.clone(),
                name: w.name.clone(),
                counting: if c.exclusive {
                    "first_listed"
                } else {
                    "each_event"
                }
                .into(),
                events: c
                    .rows
                    .iter()
                    .map(|r| CountedEvent {
                        id: r.id.clone(),
                        name: r.name.clone(),
                        combinations: Count::of(r.combinations),
                        probability: Exact::ratio(r.combinations, c.total.max(1)),
                        odds: Odds::of(r.combinations, c.total),
                    })
                    .collect(),
                no_event_combinations: Count::of(c.none),
                no_event_odds: Odds::of(c.none, c.total),
                rounds: Count::of(c.total),
            }
        })
        .collect()
}
