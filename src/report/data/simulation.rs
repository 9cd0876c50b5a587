//! `simulation`: the simulation and card counting study (`--simulate`), as
//! the simulation stage found it. Its figures are floating point: the
//! simulation's estimates are not exact.

use super::values::{DeckCount, Ratio};
use crate::simulator::stats::{CounterResult, Estimate as Est};
use crate::study as sim;
use schemars::JsonSchema;
use serde::Serialize;

/// The simulation stage's findings (`--simulate`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Simulation {
    /// The spec's id.
    pub spec: String,
    pub decks: DeckCount,
    pub settings: Settings,
    /// Shoes on which the counter and the perfect-information player are
    /// measured, for wagers that read no suit (0: none).
    pub bound_shoes: u64,
    /// The same for wagers that read suits.
    pub bound_suit_shoes: u64,
    pub procedure: Procedure,
    /// Rounds of the full-shoe pass.
    pub full_rounds: u64,
    /// Rounds of the dealt pass (at its deepest penetration).
    pub dealt_rounds: u64,
    /// Shoes of the dealt pass.
    pub dealt_shoes: u64,
    /// Per pay table, the simulation against the exact figures.
    pub cross_check: Vec<CrossCheck>,
    /// Per pay table: removal effects, count, counter and bound.
    pub tables: Vec<TableStudy>,
    /// The countable pay tables' counters at other allowed deck counts
    /// (the smallest, the largest and one between), each with its own
    /// count, threshold and sampled shoes; absent when no pay table is
    /// countable (or the spec allows no other deck count).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub other_decks: Vec<OtherDecks>,
}

/// The counter at one other deck count, dealt as the study deals (same
/// seed, its own generator streams, the same cut card as a share of the
/// shoe) with a share of its work: a dealt pass of about a quarter of its
/// shoes, sampled shoes holding about an eighth of its sampled rounds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OtherDecks {
    pub decks: DeckCount,
    /// Cards in the shoe.
    #[schemars(range(min = 1))]
    pub cards: usize,
    /// The deepest cut card (cards from the top).
    pub cut_card: usize,
    /// Share of the shoe dealt before it.
    #[schemars(range(min = 0, max = 1))]
    pub penetration: f64,
    /// Rounds of the dealt pass that chose the thresholds.
    pub dealt_rounds: u64,
    /// Shoes of that pass.
    pub dealt_shoes: u64,
    /// Shoes on which the counter is measured, for wagers that read no
    /// suit (0: none).
    pub bound_shoes: u64,
    /// The same for wagers that read suits.
    pub bound_suit_shoes: u64,
    /// The pay tables measured: those countable at the run's deck count.
    pub tables: Vec<TableAtDecks>,
}

/// One pay table's counter at another deck count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TableAtDecks {
    /// Wager id.
    pub wager: String,
    /// Pay table id.
    pub pay_table: String,
    /// The count derived from the effects of removal at this deck count.
    pub count: DerivedCount,
    /// The threshold chosen on this deck count's dealt pass at the deepest
    /// penetration, with what it won there (optimistic).
    pub selected: Counter,
    /// The counter at that threshold on other shoes; null when none were
    /// sampled.
    pub counter: Option<Played>,
    /// Whether the counter wins at this deck count (the same test as
    /// `countable` of the run's own count).
    pub countable: bool,
}

/// What the run dealt.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Settings {
    /// Rounds of each pass.
    #[schemars(range(min = 1))]
    pub rounds: u64,
    /// The generator's seed.
    pub seed: u64,
    /// Share of the shoe dealt before the cut card.
    #[schemars(range(max = 1), extend("exclusiveMinimum" = 0))]
    pub penetration: f64,
    pub shard: Shard,
}

/// Which part of a run this is.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Shard {
    /// 1-based shard index.
    #[schemars(range(min = 1))]
    pub index: u64,
    /// Shards.
    #[schemars(range(min = 1))]
    pub count: u64,
}

/// How shoes are dealt.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Procedure {
    /// The random generator.
    pub generator: String,
    /// The burn procedure.
    pub burn: String,
    /// Where the cut card goes.
    pub cut: String,
    /// Cards in the shoe.
    #[schemars(range(min = 1))]
    pub cards: usize,
    /// Cut card positions (cards from the top), shallowest first.
    pub cut_cards: [usize; 3],
    /// The three penetrations, shallowest first.
    #[schemars(inner(range(min = 0, max = 1)))]
    pub penetrations: [f64; 3],
}

/// A simulated estimate with the half-width of its 99.9% interval
/// (floating point: the simulation's figures are not exact).
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// Half the width of its 99.9% normal interval.
    #[schemars(range(min = 0))]
    pub half_width: f64,
}

/// One pay table's simulation against the exact figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CrossCheck {
    /// Wager id.
    pub wager: String,
    /// Pay table id.
    pub pay_table: String,
    /// House edge by the exact engine (full shoe).
    pub exact_edge: f64,
    /// House edge of the full-shoe pass.
    pub simulated_edge: Estimate,
    /// Whether the exact edge is inside the simulated interval.
    pub agrees: bool,
    /// Exact hit frequency (an event settles the wager).
    #[schemars(range(min = 0, max = 1))]
    pub exact_hits: f64,
    /// Simulated hit frequency.
    pub simulated_hits: Estimate,
    /// House edge dealt to the cut card minus the exact full-shoe edge.
    pub cut_card_effect: Estimate,
}

/// One pay table's removal effects, count, counter and bound.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TableStudy {
    /// Wager id.
    pub wager: String,
    /// Pay table id.
    pub pay_table: String,
    /// Change in house edge when one card of each rank (ace first) is removed.
    #[schemars(length(equal = 13))]
    pub removal_by_rank: Vec<f64>,
    /// The same as exact fractions.
    #[schemars(length(equal = 13))]
    pub removal_by_rank_exact: Vec<Ratio>,
    /// Where the wager reads suits, per rank, per suit (spades, hearts,
    /// diamonds, clubs); else null.
    #[schemars(length(equal = 13))]
    pub removal_by_card: Option<Vec<[f64; 4]>>,
    /// Whether the wager reads suits (its shoes are `bound_suit_shoes`).
    pub reads_suits: bool,
    pub count: DerivedCount,
    /// The best threshold at each penetration, shallowest first, chosen on
    /// the dealt pass, with what it won there (optimistic: chosen on the
    /// same rounds).
    #[schemars(length(equal = 3))]
    pub selected: Vec<Counter>,
    /// The counter at those thresholds and the perfect-information player,
    /// measured on other shoes; null when none were sampled.
    pub same_shoes: Option<SameShoes>,
    /// Whether a counter wins: its expected win per shoe at the deepest
    /// penetration clears zero by its 99.9% interval on the sampled shoes
    /// (without them: the dealt pass's best win by a Bonferroni margin).
    pub countable: bool,
    /// Whether the perfect-information player's expected win per shoe
    /// clears zero by its interval.
    pub bound_wins: bool,
    /// The verdict in words.
    pub verdict: String,
}

/// The counter and the perfect-information player on the same shoes.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SameShoes {
    /// The counter at its chosen threshold, per penetration (shallowest
    /// first).
    #[schemars(length(equal = 3))]
    pub counter: Vec<Played>,
    /// Bets only the rounds whose exact edge on the unseen cards favours
    /// the player (at the deepest penetration).
    pub bound: Played,
}

/// One player on the sampled shoes.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Played {
    /// Share of the shoe dealt before the cut card.
    #[schemars(range(min = 0, max = 1))]
    pub penetration: f64,
    /// The counter's threshold (null: every round; the perfect-information
    /// player has none).
    pub threshold: Option<i64>,
    /// Shoes measured.
    pub shoes: u64,
    /// Rounds of those shoes at this penetration.
    pub rounds: u64,
    /// Bets per shoe.
    #[schemars(range(min = 0))]
    pub bets_per_shoe: f64,
    /// Fewer than 0.05 bets per shoe: `advantage` is then no figure.
    pub never_bets: bool,
    /// Expected win per unit bet (the exact edges of the rounds bet,
    /// averaged).
    pub advantage: f64,
    /// Expected win per shoe in units: the exact edges of the rounds bet,
    /// summed.
    pub expected: Estimate,
    /// What the rounds bet paid, per shoe.
    pub realised: Estimate,
}

/// The pay table's derived count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DerivedCount {
    /// Integer tags per rank, ace first.
    pub tags: [i32; 13],
    /// The count's level, 1 to 3; 0 when removing any one card leaves the
    /// house edge unchanged (every tag 0).
    #[schemars(range(max = 3))]
    pub level: u8,
    /// Whether the tags sum to zero over a deck (a true count).
    pub balanced: bool,
    /// Betting correlation of the tags with the effects of removal.
    #[schemars(range(min = -1, max = 1))]
    pub correlation: f64,
}

/// What a counter wins at one penetration and its best threshold.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Counter {
    /// Share of the shoe dealt before the cut card.
    #[schemars(range(min = 0, max = 1))]
    pub penetration: f64,
    /// Bet when the count (true count when balanced, else running) is at
    /// least this; null: on every round.
    pub threshold: Option<i64>,
    /// Bets per shoe.
    #[schemars(range(min = 0))]
    pub bets_per_shoe: f64,
    /// Net win per unit bet on the rounds bet (negative: a loss).
    pub advantage: f64,
    /// Net win per shoe in units.
    pub win_per_shoe: Estimate,
}

impl From<&Est> for Estimate {
    fn from(e: &Est) -> Self {
        Estimate {
            value: e.value,
            half_width: e.half_width,
        }
    }
}

impl From<&CounterResult> for Counter {
    fn from(c: &CounterResult) -> Self {
        Counter {
            penetration: c.penetration,
            threshold: c.threshold,
            bets_per_shoe: c.bets_per_shoe,
            advantage: c.advantage,
            win_per_shoe: (&c.win_per_shoe).into(),
        }
    }
}

impl From<&sim::Played> for Played {
    fn from(p: &sim::Played) -> Self {
        Played {
            penetration: p.penetration,
            threshold: p.threshold,
            shoes: p.sample.shoes,
            rounds: p.sample.rounds,
            bets_per_shoe: p.bets_per_shoe,
            never_bets: p.never_bets,
            advantage: p.advantage,
            expected: (&p.expected).into(),
            realised: (&p.realised).into(),
        }
    }
}

impl Simulation {
    pub fn of(s: &sim::Study) -> Self {
        Simulation {
            spec: s.spec.clone(),
            decks: DeckCount(s.decks),
            settings: Settings {
                rounds: s.settings.rounds,
                seed: s.settings.seed,
                penetration: s.settings.penetration,
                shard: Shard {
                    index: s.settings.shard.index,
                    count: s.settings.shard.count,
                },
            },
            bound_shoes: s.shoes.rank_level,
            bound_suit_shoes: s.shoes.suit_reading,
            procedure: Procedure {
                generator: s.procedure.generator.clone(),
                burn: s.procedure.burn.clone(),
                cut: s.procedure.cut.clone(),
                cards: s.procedure.cards,
                cut_cards: s.procedure.cut_cards,
                penetrations: s.procedure.penetrations,
            },
            full_rounds: s.full_rounds,
            dealt_rounds: s.dealt_rounds,
            dealt_shoes: s.dealt_shoes,
            cross_check: s
                .cross_check
                .iter()
                .map(|c| CrossCheck {
                    wager: c.wager.clone(),
                    pay_table: c.pay_table.clone(),
                    exact_edge: c.exact_edge,
                    simulated_edge: (&c.simulated_edge).into(),
                    agrees: c.agrees,
                    exact_hits: c.exact_hits,
                    simulated_hits: (&c.simulated_hits).into(),
                    cut_card_effect: (&c.cut_card_effect).into(),
                })
                .collect(),
            tables: s
                .tables
                .iter()
                .map(|t| TableStudy {
                    wager: t.wager.clone(),
                    pay_table: t.pay_table.clone(),
                    removal_by_rank: t.removal_by_rank.clone(),
                    removal_by_rank_exact: t
                        .removal_by_rank_exact
                        .iter()
                        .map(|r| Ratio(r.clone()))
                        .collect(),
                    removal_by_card: t.removal_by_card.clone(),
                    count: (&t.count).into(),
                    reads_suits: t.reads_suits,
                    selected: t.selected.iter().map(Counter::from).collect(),
                    same_shoes: t.same_shoes.as_ref().map(|c| SameShoes {
                        counter: c.counter.iter().map(Played::from).collect(),
                        bound: (&c.bound).into(),
                    }),
                    countable: t.countable,
                    bound_wins: t.bound_wins,
                    verdict: crate::report::simulation::verdict(s, t),
                })
                .collect(),
            other_decks: s
                .other_decks
                .iter()
                .map(|o| OtherDecks {
                    decks: DeckCount(o.decks),
                    cards: o.cards,
                    cut_card: o.cut_card,
                    penetration: o.penetration,
                    dealt_rounds: o.dealt_rounds,
                    dealt_shoes: o.dealt_shoes,
                    bound_shoes: o.shoes.rank_level,
                    bound_suit_shoes: o.shoes.suit_reading,
                    tables: o
                        .tables
                        .iter()
                        .map(|t| TableAtDecks {
                            wager: t.wager.clone(),
                            pay_table: t.pay_table.clone(),
                            count: (&t.count).into(),
                            selected: (&t.selected).into(),
                            counter: t.measured.as_ref().map(Played::from),
                            countable: t.countable,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

impl From<&sim::CountInfo> for DerivedCount {
    fn from(c: &sim::CountInfo) -> Self {
        DerivedCount {
            tags: c.tags,
            level: c.level,
            balanced: c.balanced,
            correlation: c.correlation,
        }
    }
}
