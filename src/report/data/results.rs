//! `results` at the run's deck count: every wager's pay tables with their
//! return tables and exact figures, and the combined wagers.

use super::values::{Count, Exact, Odds, Pays, Ratio, Root};
use crate::engine::stats::{CombinedStats, TableStats, WagerStats, big};
use crate::model::{Spec, Wager as SpecWager};
use num_bigint::BigInt;
use num_rational::BigRational;
use schemars::JsonSchema;
use serde::Serialize;

/// One wager with its pay tables.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Wager {
    /// The wager's id in the spec.
    pub id: String,
    /// The wager's name.
    pub name: String,
    pub granularity: Granularity,
    /// Every pay table of the wager, in the spec's order.
    #[schemars(length(min = 1))]
    pub pay_tables: Vec<PayTable>,
}

/// How finely the engine enumerated the cards for this wager: as finely as
/// its events read them.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(extend("enum" = ["point value", "rank", "point value and suit", "rank and suit"]))]
pub struct Granularity(pub String);

/// One pay table of a wager: its return table and exact figures at one
/// deck count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PayTable {
    /// The pay table's id in the spec.
    pub id: String,
    /// The pay table's name.
    pub name: String,
    /// Every event of the pay table, in the spec's order.
    pub events: Vec<Event>,
    /// Rounds on which no event holds: the stake is lost.
    pub no_event_combinations: Count,
    /// Those rounds as odds.
    pub no_event_odds: Odds,
    /// Minus the expected net result per unit staked (per wager placed).
    pub house_edge: Exact,
    /// Share of rounds placed on which the wager wins.
    pub hit_frequency: Exact,
    /// Share of rounds placed on which the stake is returned.
    pub push_frequency: Exact,
    /// Variance of the net result per unit staked.
    pub variance: Exact,
    /// Square root of the variance at 12 places, the exact root rounded
    /// half away from zero (not truncated).
    pub standard_deviation: Root,
    /// The largest pay among events that happen, with its events and odds;
    /// null when no event that happens pays.
    pub top_award: Option<TopAward>,
    /// Present only for a wager not always placed: rounds on which it is not
    /// placed (its figures are then per wager placed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_placed_combinations: Option<Count>,
    /// Present only in `results.wagers` when the spec's pays for this table
    /// are an assumption, not the document's: the assumption's id (the
    /// figures are the assumption's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assumed: Option<String>,
}

/// One event of a pay table with its exact figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Event {
    /// The event's id in the spec.
    pub id: String,
    /// What the event pays under this pay table.
    pub pays: Pays,
    /// Rounds (six-card sequences) the event settles the wager on, after
    /// precedence.
    pub combinations: Count,
    /// combinations / total rounds placed.
    pub probability: Exact,
    /// The event's odds, 1 in N.
    pub odds: Odds,
    /// Probability times net pay: the events' returns minus the no-event
    /// probability add up to minus the house edge.
    #[serde(rename = "return")]
    pub return_: Exact,
    /// Present only on an event with 0 combinations that happens: it never
    /// settles the wager because events tried before it always hold with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outranked: Option<Outranked>,
}

/// Why an event with 0 combinations never settles the wager.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Outranked {
    /// Rounds on which the event's condition holds, whatever outranks it.
    pub combinations_alone: Count,
    /// Those rounds as odds.
    pub odds_alone: Odds,
    /// Each event tried before it that settles rounds, with why it comes first.
    pub by: Vec<OutrankedBy>,
}

/// An event tried before an outranked one.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OutrankedBy {
    /// An event tried before it that settles rounds.
    pub event: String,
    /// Why it comes first.
    #[schemars(extend("enum" = ["pays more", "pays the same and is listed earlier", "is listed earlier"]))]
    pub reason: String,
}

/// The largest pay among events that happen.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TopAward {
    /// The events paying it.
    pub events: Vec<String>,
    /// The largest pay.
    pub pays: Pays,
    /// Rounds on which it is paid.
    pub combinations: Count,
    /// Those rounds as odds.
    pub odds: Odds,
}

impl PayTable {
    /// A pay table's figures, without the spec's annotations (`outranked`,
    /// `assumed`): what every deck count shows.
    pub fn of(t: &TableStats) -> Self {
        let events = t
            .events
            .iter()
            .map(|e| {
                let probability =
                    BigRational::new(BigInt::from(e.combinations), BigInt::from(t.total));
                let ret = &probability * big(e.pay.net());
                Event {
                    id: e.id.clone(),
                    pays: Pays(e.pay.describe()),
                    combinations: Count::of(e.combinations),
                    probability: Exact::of(&probability),
                    odds: Odds::of(e.combinations, t.total),
                    return_: Exact::of(&ret),
                    outranked: None,
                }
            })
            .collect();
        PayTable {
            id: t.id.clone(),
            name: t.name.clone(),
            events,
            no_event_combinations: Count::of(t.no_event),
            no_event_odds: Odds::of(t.no_event, t.total),
            house_edge: Exact::of(&t.house_edge()),
            hit_frequency: Exact::ratio(t.wins, t.total),
            push_frequency: Exact::ratio(t.pushes, t.total),
            variance: Exact::of(&t.variance),
            standard_deviation: Root::of(&t.variance),
            top_award: t.top_award().map(|e| TopAward {
                events: e.events,
                pays: Pays(e.pay.describe()),
                combinations: Count::of(e.combinations),
                odds: Odds::of(e.combinations, t.total),
            }),
            // Figures of a wager not always placed are per wager placed.
            not_placed_combinations: (t.not_placed > 0).then(|| Count::of(t.not_placed)),
            assumed: None,
        }
    }

    /// With `outranked` on each event that happens but never settles, and
    /// the assumption its pays are, if any.
    fn annotated(spec: &Spec, sw: &SpecWager, w: &WagerStats, t: &TableStats) -> Self {
        let mut table = Self::of(t);
        for n in crate::report::precedence::outranked(sw, w, t) {
            let Some(k) = t.events.iter().position(|e| e.id == n.event) else {
                continue;
            };
            table.events[k].outranked = Some(Outranked {
                combinations_alone: Count::of(n.alone),
                odds_alone: Odds::of(n.alone, t.total),
                by: n
                    .by
                    .iter()
                    .map(|(id, why)| OutrankedBy {
                        event: id.to_string(),
                        reason: why.to_string(),
                    })
                    .collect(),
            });
        }
        // Pays the document does not print: the figures are the assumption's.
        table.assumed = spec.assumed_pays(&w.id, &t.id).map(|a| a.id.clone());
        table
    }
}

/// `results.wagers`: every wager at the run's deck count, annotated.
pub fn wagers(spec: &Spec, a: &crate::engine::Analysis) -> Vec<Wager> {
    a.wagers
        .iter()
        .zip(&spec.wagers)
        .map(|(w, sw)| Wager {
            id: w.id.clone(),
            name: w.name.clone(),
            granularity: Granularity(w.granularity.clone()),
            pay_tables: w
                .tables
                .iter()
                .map(|t| PayTable::annotated(spec, sw, w, t))
                .collect(),
        })
        .collect()
}

/// Wagers staked together, with their joint outcomes.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Combined {
    /// The combined wager's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The wagers staked together.
    pub wagers: Vec<String>,
    /// The always-placed wager its house edge is quoted per.
    pub per: String,
    /// Every joint outcome: units staked, net result and how often.
    pub outcomes: Vec<Outcome>,
    /// Minus the expected net result per unit of the `per` wager.
    pub house_edge_per_bet: Exact,
    /// Minus the expected net result per unit staked in all.
    pub house_edge_per_total_wagered: Exact,
    /// Expected units staked per round.
    pub average_units_staked: Exact,
    /// Variance of the net result per round.
    pub variance: Exact,
    /// Square root of the variance at 12 places, rounded half away from zero.
    pub standard_deviation: Root,
}

/// One joint outcome of a combined wager.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Outcome {
    /// Units staked on this outcome.
    pub units_staked: u32,
    /// Net result in units.
    pub net: Ratio,
    /// Rounds with this outcome.
    pub combinations: Count,
    /// combinations / total rounds.
    pub probability: Exact,
    /// The outcome's odds.
    pub odds: Odds,
}

impl Combined {
    pub fn of(c: &CombinedStats) -> Self {
        let total = BigRational::from_integer(BigInt::from(c.total));
        Combined {
            id: c.id.clone(),
            name: c.name.clone(),
            wagers: c.wagers.clone(),
            per: c.per.clone(),
            outcomes: c
                .outcomes
                .iter()
                .map(|(net, units, n)| Outcome {
                    units_staked: *units,
                    net: Ratio(net.to_string()),
                    combinations: Count::of(n),
                    probability: Exact::of(&(BigRational::from_integer(BigInt::from(*n)) / &total)),
                    odds: Odds::of(*n, c.total),
                })
                .collect(),
            house_edge_per_bet: Exact::of(&c.house_edge()),
            house_edge_per_total_wagered: Exact::of(&c.per_total_wagered()),
            average_units_staked: Exact::of(&c.staked),
            variance: Exact::of(&c.variance),
            standard_deviation: Root::of(&c.variance),
        }
    }
}
