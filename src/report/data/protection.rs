//! `protection`: the "Game protection" section's figures, per scenario
//! the fields `certify protect --json` prints.

use super::values::Exact;
use crate::protect::Outcome;
use crate::protect::scenario::ranks_text;
use crate::protection::ReportSet;
use schemars::JsonSchema;
use serde::Serialize;

/// Decision tables longer than this are left to `certify protect --json`.
pub const SHOWN_DECISIONS: usize = 16;

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Protection {
    /// Whether the player chooses among the base game's wagers (else each
    /// side bet alone).
    pub base_game: bool,
    pub scenarios: Vec<Scenario>,
    /// Side bets left out: the player has the edge without seeing anything.
    pub favourable: Vec<String>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Scenario {
    /// As `certify protect --scenario` writes it.
    pub scenario: String,
    /// The wagers the player chooses among.
    pub wagers: Vec<String>,
    /// For a group scenario: the ranks of one group (the smaller).
    pub partition: Option<String>,
    /// The player who must bet every round: expected win per round dealt.
    pub player_edge: Exact,
    /// The player who may sit out: expected win per round dealt.
    pub player_edge_sitting_out: Exact,
    /// ... per round bet.
    pub edge_per_bet_sitting_out: Exact,
    /// ... share of rounds bet.
    pub share_bet: Exact,
    /// Observations (what the player can see) that happen.
    pub observations: u64,
    /// The decision table (empty beyond 16 observations: `certify protect --json`).
    pub decisions: Vec<Decision>,
    /// `hole`, `seen:N`: the drawing strategy with and without the
    /// knowledge (the player must bet: bets close before the deal).
    pub strategy: Option<Strategy>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Strategy {
    /// The wagers whose summed return the strategy maximises.
    pub objective: Vec<String>,
    /// `hole`: the cards of the initial deal now seen, as the spec names them.
    pub hidden: Vec<String>,
    /// The spec's strategy, without the knowledge.
    pub normal: StrategyFigures,
    /// The optimal strategy with it.
    pub informed: StrategyFigures,
    /// Informed minus normal, per round.
    pub gain: Exact,
    /// `seen:N`: combinations of the seen cards' point values enumerated.
    pub combinations: u64,
    /// `hole`: per player two-card total (0 to 9), the decision against
    /// each dealer two-card total: D draw, S stand, S/D by the cards, -
    /// never dealt.
    pub chart: Vec<String>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StrategyFigures {
    /// The player's expected win per round (per unit of the bet always placed).
    pub per_round: Exact,
    /// ... per unit wagered in total.
    pub per_total_wagered: Exact,
    /// The share of rounds on which the player draws.
    pub draws: Exact,
}

impl StrategyFigures {
    fn of(f: &crate::engine::decide::Figures) -> StrategyFigures {
        StrategyFigures {
            per_round: Exact::of(&f.expected),
            per_total_wagered: Exact::of(&crate::protect::informed::per_total_wagered(f)),
            draws: Exact::of(&f.draws),
        }
    }
}

impl Strategy {
    fn of(g: &crate::protect::StrategyGain) -> Strategy {
        Strategy {
            objective: g.objective.clone(),
            hidden: g.hidden.clone(),
            normal: StrategyFigures::of(&g.normal),
            informed: StrategyFigures::of(&g.informed),
            gain: Exact::of(&g.gain()),
            combinations: g.combinations,
            chart: g.chart.as_ref().map(|c| c.rows()).unwrap_or_default(),
        }
    }
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Decision {
    /// Ranks (`7 K`) or groups (`in out`) of the first cards, in dealing order.
    pub observation: String,
    /// The best wager.
    pub wager: String,
    /// Its expected win per unit bet, given the observation.
    pub edge: Exact,
    pub probability: Exact,
    /// Whether the player who may sit out bets.
    pub bet: bool,
}

impl Scenario {
    pub fn of(o: &Outcome) -> Scenario {
        let decisions = if o.decisions.len() <= SHOWN_DECISIONS {
            o.decisions
                .iter()
                .map(|d| Decision {
                    observation: d.observation.clone(),
                    wager: o.choices[d.choice].clone(),
                    edge: Exact::of(&d.edge),
                    probability: Exact::of(&d.probability),
                    bet: d.bet,
                })
                .collect()
        } else {
            Vec::new()
        };
        Scenario {
            scenario: o.scenario.text.clone(),
            wagers: o.choices.clone(),
            partition: o.partition.map(ranks_text),
            player_edge: Exact::of(&o.player_edge),
            player_edge_sitting_out: Exact::of(&o.player_edge_sitting_out),
            edge_per_bet_sitting_out: Exact::of(&o.edge_per_bet_sitting_out),
            share_bet: Exact::of(&o.share_bet),
            observations: o.decisions.len() as u64,
            decisions,
            strategy: o.strategy.as_ref().map(Strategy::of),
        }
    }
}

impl Protection {
    pub fn of(r: &ReportSet) -> Protection {
        Protection {
            base_game: r.base_game,
            scenarios: r.protection.outcomes.iter().map(Scenario::of).collect(),
            favourable: r.favourable.clone(),
        }
    }
}
