//! `protection`: the "Game protection" section's figures, per scenario
//! and wager the fields `certify protect --json` prints (its money
//! through the same type, `Money`).

use super::values::Exact;
use crate::protect::Outcome;
use crate::protect::scenario::ranks_text;
use crate::protection::ReportSet;
use schemars::JsonSchema;
use serde::Serialize;

pub use crate::protection::SHOWN_DECISIONS;

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Protection {
    /// Whether the spec has a base game whose wagers the player chooses
    /// among together (besides each side bet alone).
    pub base_game: bool,
    /// Rounds dealt an hour, for the money per hour.
    pub rounds_per_hour: u32,
    /// Whether the spec declares it (else the default, 72).
    pub rounds_per_hour_declared: bool,
    /// Per scenario and wager, in the order run (`money.rank` ranks them).
    pub scenarios: Vec<Scenario>,
    /// Side bets left out: the player has the edge without seeing anything.
    pub favourable: Vec<String>,
}

/// What a scenario is worth at the table: the fields `certify protect
/// --json` gives too.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Money {
    /// 1 for the scenario worth the most money an hour, and so on (ties:
    /// the larger edge, then the order run).
    pub rank: u64,
    /// Per wager chosen among (for the drawing decision, the bet always
    /// placed): the stake bet.
    pub stakes: Vec<Stake>,
    /// The player's expected win per unit per round dealt that the money
    /// prices: the player who may sit out; where bets close before the
    /// deal, the player who plays every round (zero when negative).
    pub edge: Exact,
    /// Dollars won per round dealt, betting the stakes.
    pub per_round_dealt: Exact,
    /// Dollars won per hour.
    pub per_hour: Exact,
    /// What stops it (none when the player gains nothing).
    pub countermeasures: Vec<crate::protection::Countermeasure>,
}

/// A wager's stake.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Stake {
    /// The wager whose maximum bet it is (a combined wager's: the one it is
    /// quoted per).
    pub wager: String,
    /// Dollars.
    pub dollars: String,
    /// Where it comes from: spec (table limits or max_bets), command_line
    /// (--max-bet), or reference ($100: none declared).
    pub from: String,
}

impl Money {
    pub fn of(e: &crate::protection::Exposure, rank: usize) -> Money {
        use crate::protection::StakeSource;
        Money {
            rank: rank as u64,
            stakes: e
                .stakes
                .iter()
                .map(|s| Stake {
                    wager: s.wager.clone(),
                    dollars: s.dollars.decimal(2),
                    from: match s.source {
                        StakeSource::Spec => "spec",
                        StakeSource::CommandLine => "command_line",
                        StakeSource::Reference => "reference",
                    }
                    .into(),
                })
                .collect(),
            edge: Exact::of(&e.edge),
            per_round_dealt: Exact::of(&e.per_round),
            per_hour: Exact::of(&e.per_hour),
            countermeasures: e.countermeasures.clone(),
        }
    }

    /// Every outcome's money, each with its rank.
    pub fn all(p: &crate::protection::Protection) -> Vec<Money> {
        let mut rank = vec![0usize; p.outcomes.len()];
        for (r, i) in p.ranked().into_iter().enumerate() {
            rank[i] = r + 1;
        }
        p.exposures
            .iter()
            .zip(rank)
            .map(|(e, r)| Money::of(e, r))
            .collect()
    }
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
    /// The decision table (empty beyond 16 observations: `certify protect --decisions`).
    pub decisions: Vec<Decision>,
    /// `hole`, `seen:N`: the drawing strategy with and without the
    /// knowledge (the player must bet: bets close before the deal).
    pub strategy: Option<Strategy>,
    /// The player sees the suits of the cards seen too (a wager reads suits).
    pub suits_seen: bool,
    /// What it is worth at the table.
    pub money: Money,
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
    /// `hole`: where drawing and standing win exactly the same to the
    /// informed player (who stands, as `informed` counts him).
    pub ties: Option<StrategyTies>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StrategyTies {
    /// The share of rounds dealt on which the two tie.
    pub share: Exact,
    /// The informed player who draws on them instead (per round the same).
    pub drawing: StrategyFigures,
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
            ties: g.ties.as_ref().map(|t| StrategyTies {
                share: Exact::of(&t.share),
                drawing: StrategyFigures::of(&t.drawing),
            }),
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
    pub fn of(o: &Outcome, money: Money) -> Scenario {
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
            observations: o.observations as u64,
            decisions,
            strategy: o.strategy.as_ref().map(Strategy::of),
            suits_seen: o.suits,
            money,
        }
    }
}

impl Protection {
    pub fn of(r: &ReportSet) -> Protection {
        let p = &r.protection;
        Protection {
            base_game: r.base_game,
            rounds_per_hour: p.pace.rounds_per_hour,
            rounds_per_hour_declared: p.pace.declared,
            scenarios: p
                .outcomes
                .iter()
                .zip(Money::all(p))
                .map(|(o, m)| Scenario::of(o, m))
                .collect(),
            favourable: r.favourable.clone(),
        }
    }
}
