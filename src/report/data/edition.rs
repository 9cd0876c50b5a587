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

/// Washington's aggregate payout limits (WAC 230-15-490 as in force).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PayoutLimits {
    /// The text applied: citation and version.
    pub rule: String,
    /// The date the text is judged in force on (the report's date).
    pub judged_on: String,
    /// Every odds-based prize, each with its own limit.
    pub prizes: Vec<PayoutPrize>,
}

/// One odds-based prize (a wager): its limit and what it does to the
/// player's return.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PayoutPrize {
    pub wager: String,
    /// Dollars; null where declared nowhere.
    pub min_bet: Option<String>,
    pub max_bet: Option<String>,
    /// The highest pay, "N to 1".
    pub highest_odds: String,
    /// Whether the rule allows a limit (highest odds 50 to 1 or more).
    pub may_be_limited: bool,
    /// The least limit the rule allows: maximum bet times the highest odds
    /// up to 50 to 1; null where no limit may be imposed.
    pub least_limit: Option<String>,
    /// The limit the spec declares (`submission.payout_limits`).
    pub declared_limit: Option<String>,
    /// The bet above which the limit priced (declared, else the least)
    /// lowers the top award.
    pub bites_above: Option<String>,
    /// Each adopted pay table priced under the limit.
    pub priced: Vec<CappedTable>,
}

/// One pay table's house edge under a payout limit, by bet.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CappedTable {
    pub pay_table: String,
    pub house_edge_without_limit: Exact,
    pub at_bets: Vec<AtBet>,
}

/// The house edge at one bet under the limit (the return to player is
/// one minus it).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AtBet {
    /// Dollars.
    pub bet: String,
    pub house_edge: Exact,
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
