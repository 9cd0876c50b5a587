//! What a scenario is worth at the table: the player's expected win per
//! round dealt in dollars at the wager's maximum bet, and per hour at the
//! rounds dealt an hour. Exact fractions of dollars.

use super::counter::Countermeasure;
use crate::model::{Ratio, Spec};
use crate::protect::Outcome;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

/// The stake priced where neither the spec nor the command line gives a
/// wager's maximum bet: $100.
pub const REFERENCE_STAKE: i128 = 100;

/// Rounds dealt an hour, and whether the spec declares it (else the
/// default, `model::ROUNDS_PER_HOUR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    pub rounds_per_hour: u32,
    pub declared: bool,
}

impl Pace {
    pub fn of(spec: &Spec) -> Pace {
        let (rounds_per_hour, declared) = spec.report.pace();
        Pace {
            rounds_per_hour,
            declared,
        }
    }
}

/// Where a stake comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StakeSource {
    /// The spec's maximum bet (`table: limits`, `submission: max_bets`).
    Spec,
    /// `--max-bet`.
    CommandLine,
    /// None declared: [`REFERENCE_STAKE`].
    Reference,
}

/// The dollars a player bets on a wager: its maximum bet, or the
/// reference stake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stake {
    /// The wager whose limit it is (for a combined wager, the one it is
    /// quoted per).
    pub wager: String,
    pub dollars: Ratio,
    pub source: StakeSource,
}

impl Stake {
    /// The stake of a choice (`wager`, `wager/pay_table` or a combined
    /// wager): `max_bets` (the command line's), else the spec's, else
    /// the reference stake.
    pub fn of(spec: &Spec, max_bets: &[(String, Ratio)], choice: &str) -> Stake {
        let id = choice.split('/').next().unwrap_or_default();
        let wager = match spec.combined.iter().find(|c| c.id == id) {
            Some(c) => spec.wagers[c.per].id.clone(),
            None => id.to_string(),
        };
        let find =
            |list: &[(String, Ratio)]| list.iter().find(|(w, _)| *w == wager).map(|(_, m)| *m);
        let (dollars, source) = match (find(max_bets), find(&spec.submission.max_bets)) {
            (Some(m), _) => (m, StakeSource::CommandLine),
            (None, Some(m)) => (m, StakeSource::Spec),
            (None, None) => (
                Ratio {
                    num: REFERENCE_STAKE,
                    den: 1,
                },
                StakeSource::Reference,
            ),
        };
        Stake {
            wager,
            dollars,
            source,
        }
    }

    pub fn value(&self) -> BigRational {
        BigRational::new(
            BigInt::from(self.dollars.num),
            BigInt::from(self.dollars.den),
        )
    }
}

/// One scenario's money: what the player who exploits it wins.
#[derive(Clone, Debug)]
pub struct Exposure {
    /// Whether the wagers are the base game's (else a side bet alone, or
    /// the drawing decision).
    pub side_bet: bool,
    /// Per choice (`Outcome::choices`; for the drawing decision, the bet
    /// always placed): the stake bet.
    pub stakes: Vec<Stake>,
    /// The player's expected win per unit per round dealt: the player who
    /// may sit out; where bets close before the deal, the player who
    /// plays every round (none when it is negative: the player would not
    /// play).
    pub edge: BigRational,
    /// Dollars won per round dealt, betting the stake.
    pub per_round: BigRational,
    /// ... and per hour.
    pub per_hour: BigRational,
    /// What stops it.
    pub countermeasures: Vec<Countermeasure>,
}

impl Exposure {
    pub fn of(spec: &Spec, max_bets: &[(String, Ratio)], pace: &Pace, o: &Outcome) -> Exposure {
        let zero = BigRational::zero();
        let (stakes, edge, per_round) = match &o.strategy {
            Some(g) => {
                // Bets are down before the deal: the bet always placed.
                let always = g
                    .objective
                    .iter()
                    .find(|w| spec.wager(w).is_some_and(|x| x.placed.is_none()))
                    .or(g.objective.first())
                    .cloned()
                    .unwrap_or_default();
                let stake = Stake::of(spec, max_bets, &always);
                let edge = g.informed.expected.clone().max(zero.clone());
                let per_round = &edge * stake.value();
                (vec![stake], edge, per_round)
            }
            None => {
                let stakes: Vec<Stake> = o
                    .choices
                    .iter()
                    .map(|c| Stake::of(spec, max_bets, c))
                    .collect();
                // Each observation bet on its best wager, at that wager's
                // stake (one sum when every stake is the same).
                let per_round = if stakes.iter().all(|s| s.dollars == stakes[0].dollars) {
                    &o.player_edge_sitting_out * stakes[0].value()
                } else {
                    o.decisions
                        .iter()
                        .filter(|d| d.bet)
                        .map(|d| &d.probability * &d.edge * stakes[d.choice].value())
                        .fold(zero.clone(), |a, x| a + x)
                };
                (stakes, o.player_edge_sitting_out.clone(), per_round)
            }
        };
        let per_hour = &per_round * BigRational::from_integer(BigInt::from(pace.rounds_per_hour));
        let countermeasures = if edge.is_positive() {
            vec![Countermeasure::against(o)]
        } else {
            Vec::new()
        };
        Exposure {
            side_bet: o.scenario.wagers.is_some(),
            stakes,
            edge,
            per_round,
            per_hour,
            countermeasures,
        }
    }
}
