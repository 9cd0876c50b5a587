//! The figures an edition adds to the report (`crate::edition` fills
//! them): the requirements it answers with their sources, Washington's
//! payout limits, the player-dealer's advantage against each wager and the
//! collection fees, payout odds beside true odds. Amounts are dollars as
//! decimal strings; advantages are exact fractions with their decimals.

use super::values::Exact;
use schemars::JsonSchema;
use serde::Serialize;

/// What an edition adds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Edition {
    /// `washington`, `california` or `nevada`.
    pub name: &'static str,
    /// The authority the edition is written for.
    pub authority: &'static str,
    pub requirements: Vec<Requirement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payout_limits: Option<PayoutLimits>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub player_dealer: Vec<Advantage>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fees: Vec<Fee>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub odds: Vec<Odds>,
}

/// One requirement of the authority, where the report answers it and the
/// text it comes from.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Requirement {
    pub requirement: String,
    /// The report's section that answers it.
    pub section: String,
    /// The text: citation, version (dates) and where it was read.
    pub source: String,
    /// Whether the wording was confirmed on the authority's own site.
    pub confirmed: bool,
}

/// Washington's payout limits (WAC 230-15-490), both versions of the rule.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PayoutLimits {
    pub wagers: Vec<PayoutWager>,
    /// Text effective 2008-01-01: the least per-player limit.
    pub per_player: String,
    /// The same, reading a side bet's minimum required wager as including
    /// the smallest line wager.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_player_with_line: Option<String>,
    /// Text effective 2008-01-01: the least table (aggregate) limit.
    pub table: String,
    /// Text effective 2021-06-14: the least aggregate payout limit; null
    /// when no wager pays 50 to 1 or more (no aggregate limit may apply).
    pub aggregate_2021: Option<String>,
    /// The limits the spec declares (`submission.payout_limits`).
    pub declared_per_player: Option<String>,
    pub declared_table: Option<String>,
}

/// One odds-based wager's inputs and minimums.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PayoutWager {
    pub wager: String,
    pub min_bet: String,
    pub max_bet: String,
    /// The highest pay, "N to 1".
    pub highest_odds: String,
    /// Maximum bet times the highest odds up to 50 to 1.
    pub by_maximum: String,
    /// Minimum required wager times the highest odds.
    pub by_minimum: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_minimum_with_line: Option<String>,
    pub aggregate_2021: Option<String>,
}

/// The player-dealer position's advantage against one wager and pay table.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Advantage {
    pub wager: String,
    pub pay_table: String,
    /// What the position wins on average per unit a player bets, where
    /// the stake covers the wager in full.
    pub advantage: Exact,
}

/// One collection fee as the spec declares it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Fee {
    /// `player` or `player_dealer`.
    pub paid_by: &'static str,
    /// `wager` or `hand`.
    pub per: &'static str,
    /// The wagers it applies to (empty: every wager).
    pub wagers: Vec<String>,
    /// Dollars.
    pub amount: String,
}

/// One event's payout odds beside its true odds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Odds {
    pub wager: String,
    pub pay_table: String,
    pub event: String,
    /// "N to 1".
    pub payout_odds: String,
    /// Rounds on which the event settles the wager, of `total`.
    pub combinations: String,
    pub total: String,
    /// Against the event, "X to 1" to two places.
    pub true_odds: String,
}
