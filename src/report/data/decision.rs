//! `results.decision`: the player's decision analysis when a hand decides
//! whether to draw (Lucky Draw): the optimal charts, each strategy's
//! figures, and every combination of seen cards with the expected return
//! of standing and of drawing.

use super::values::{Count, Exact, Seen};
use crate::engine::decide::{DecisionStats, Figures};
use crate::model::Chart;
use num_bigint::BigInt;
use num_rational::BigRational;
use schemars::JsonSchema;
use serde::Serialize;

/// How `seen` combinations are written.
pub const SEEN_VALUES_FORMAT: &str =
    "deciding hand's values | other seen values; 0 is a ten or face";

/// The player's decision, when the first hand decides whether to draw
/// (Lucky Draw).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Decision {
    /// The deciding hand's name.
    pub hand: String,
    /// The names of the cards it sees before deciding.
    pub sees: Vec<String>,
    /// The wager ids whose combined return the optimal strategy maximises.
    pub objective: Vec<String>,
    /// The strategy every figure of the results is computed under.
    pub default_strategy: String,
    /// How `seen` combinations are written.
    #[schemars(extend("const" = SEEN_VALUES_FORMAT))]
    pub seen_values_format: &'static str,
    /// The combinations of seen cards on which the optimal
    /// (composition-dependent) strategy draws.
    pub optimal_draws_on: Vec<Seen>,
    /// The same for the best strategy that reads only totals.
    pub optimal_by_total_draws_on: Vec<Seen>,
    /// Whether the two charts differ anywhere.
    pub composition_dependent_differs: bool,
    /// The combinations where they differ.
    pub differences: Vec<Seen>,
    /// The optimal strategy, the best total-dependent one, then the spec's
    /// written strategies, each with its figures.
    pub strategies: Vec<Strategy>,
    /// Every combination of seen cards that occurs, with the exact expected
    /// return of standing and of drawing.
    pub combinations: Vec<SeenCombination>,
}

/// A strategy with its figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Strategy {
    /// The strategy's id (optimal, optimal_by_total, then the spec's).
    pub id: String,
    /// The strategy in words.
    pub rule: String,
    pub figures: StrategyFigures,
}

/// A strategy's exact figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StrategyFigures {
    /// Minus the expected net result per round (per unit of the first wager).
    pub house_edge_per_round: Exact,
    /// Minus the expected net result per unit staked in all.
    pub house_edge_per_total_wagered: Exact,
    /// Share of rounds on which the deciding hand draws.
    pub draw_frequency: Exact,
}

/// One combination of seen cards with both choices' expected returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SeenCombination {
    pub seen: Seen,
    /// Weight of this combination of seen cards.
    pub combinations: Count,
    /// Expected return of standing.
    pub expected_stand: Exact,
    /// Expected return of drawing.
    pub expected_draw: Exact,
    /// The optimal choice.
    pub optimal: Choice,
}

/// Draw or stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    Draw,
    Stand,
}

impl StrategyFigures {
    fn of(f: &Figures) -> Self {
        StrategyFigures {
            house_edge_per_round: Exact::of(&f.house_edge()),
            house_edge_per_total_wagered: Exact::of(&f.per_total_wagered()),
            draw_frequency: Exact::of(&f.draws),
        }
    }
}

/// "1,5|7": the seen point values, the deciding hand's first.
fn combination(d: &DecisionStats, index: usize) -> Seen {
    let seen = crate::engine::decide::Seen::of(&d.decisions.sees, index);
    let list = |vs: &[u8]| vs.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    Seen(format!("{}|{}", list(&seen.own), list(&seen.others)))
}

/// A chart as the combinations it draws on.
fn chart_rows(d: &DecisionStats, chart: &Chart) -> Vec<Seen> {
    (0..chart.draw.len())
        .filter(|&i| d.decisions.sets[i].weight > 0 && chart.draw[i])
        .map(|i| combination(d, i))
        .collect()
}

impl Decision {
    pub fn of(d: &DecisionStats) -> Self {
        let scale = BigInt::from(d.decisions.scale);
        let combinations = d
            .decisions
            .sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.weight > 0)
            .map(|(i, s)| {
                let ev = |net: i128| {
                    Exact::of(&BigRational::new(
                        BigInt::from(net),
                        BigInt::from(s.weight) * &scale,
                    ))
                };
                SeenCombination {
                    seen: combination(d, i),
                    combinations: Count::of(s.weight),
                    expected_stand: ev(s.stand.net),
                    expected_draw: ev(s.draw.net),
                    optimal: if d.optimal.draw[i] {
                        Choice::Draw
                    } else {
                        Choice::Stand
                    },
                }
            })
            .collect();
        Decision {
            hand: d.hand.clone(),
            sees: d.sees.clone(),
            objective: d.objective.clone(),
            default_strategy: d.default.clone(),
            seen_values_format: SEEN_VALUES_FORMAT,
            optimal_draws_on: chart_rows(d, &d.optimal),
            optimal_by_total_draws_on: chart_rows(d, &d.by_total),
            composition_dependent_differs: !d.differences.is_empty(),
            differences: d.differences.iter().map(|&i| combination(d, i)).collect(),
            strategies: d
                .strategies
                .iter()
                .map(|s| Strategy {
                    id: s.id.clone(),
                    rule: s.description.clone(),
                    figures: StrategyFigures::of(&s.figures),
                })
                .collect(),
            combinations,
        }
    }
}
