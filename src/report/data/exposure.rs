//! Who holds the other side of each wager and the most one round can cost
//! them (`results.other_side`, `results.max_exposure`).

use super::values::Amount;
use crate::engine::Analysis;
use crate::model::{Ratio, Spec};
use crate::report::exposure::{at_limits, combined, per_unit};
use crate::report::sides::{Holder, holder};
use schemars::JsonSchema;
use serde::Serialize;

/// The most one round can cost whoever holds the other side of a wager.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MaxExposure {
    /// Per wager and pay table.
    pub pay_tables: Vec<TableExposure>,
    /// Per combined wager.
    pub combined: Vec<CombinedExposure>,
    /// At the spec's table limits; null without a `table:` section.
    pub table_limits: Option<TableLimits>,
}

/// One pay table's largest pay.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TableExposure {
    /// Wager id.
    pub wager: String,
    /// Pay table id.
    pub pay_table: String,
    /// The largest pay among events that happen (0 if none pays).
    pub per_unit_staked: Amount,
}

/// One combined wager's largest net result.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CombinedExposure {
    /// Combined wager id.
    pub id: String,
    /// The largest net result that happens, in units.
    pub net: Amount,
    /// Units staked on that outcome (the fewest, if several).
    pub units_staked: u32,
    /// net / units staked.
    pub per_unit_staked: Amount,
}

/// The exposure at the spec's table limits.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TableLimits {
    /// Each wager at its maximum stake.
    pub wagers: Vec<WagerAtLimit>,
    /// One seated bettor with every wager at its maximum: the sum of the
    /// liabilities (an upper bound).
    pub seat_upper_bound: Amount,
    /// Seated bettors (the seats less the player-dealer's).
    pub seated_bettors: u32,
    /// seat_upper_bound times seated_bettors.
    pub table_upper_bound: Amount,
}

/// One wager at its maximum stake.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct WagerAtLimit {
    /// Wager id in the table's settlement order.
    pub wager: String,
    /// Its maximum stake in dollars.
    pub max_stake: Amount,
    /// Largest pay per unit under its first pay table.
    pub per_unit_staked: Amount,
    /// Largest win on one maximum bet, in dollars.
    pub liability: Amount,
}

impl MaxExposure {
    pub fn of(spec: &Spec, a: &Analysis) -> Self {
        let pay_tables = a
            .wagers
            .iter()
            .flat_map(|w| {
                w.tables.iter().map(move |t| TableExposure {
                    wager: w.id.clone(),
                    pay_table: t.id.clone(),
                    per_unit_staked: Amount::of(per_unit(t)),
                })
            })
            .collect();
        let combined = a
            .combined
            .iter()
            .filter_map(|c| {
                let (net, units) = combined(c)?;
                Some(CombinedExposure {
                    id: c.id.clone(),
                    net: Amount::of(net),
                    units_staked: units,
                    per_unit_staked: Amount::of(net / Ratio::int(units.max(1) as i128)),
                })
            })
            .collect();
        let table_limits = spec.table.as_ref().map(|table| {
            let rows = at_limits(spec, a);
            let seat = rows.iter().fold(Ratio::ZERO, |sum, r| sum + r.liability);
            let bettors = table.seats.saturating_sub(1);
            TableLimits {
                wagers: rows
                    .iter()
                    .map(|r| WagerAtLimit {
                        wager: r.wager.to_string(),
                        max_stake: Amount::of(r.max_stake),
                        per_unit_staked: Amount::of(r.per_unit),
                        liability: Amount::of(r.liability),
                    })
                    .collect(),
                seat_upper_bound: Amount::of(seat),
                seated_bettors: bettors,
                table_upper_bound: Amount::of(seat * Ratio::int(bettors as i128)),
            }
        });
        MaxExposure {
            pay_tables,
            combined,
            table_limits,
        }
    }
}

/// Who holds the other side of a wager.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OtherSide {
    /// Wager id.
    pub wager: String,
    /// Who pays its wins and collects its losses.
    pub held_by: HeldBy,
    /// The same in words.
    #[schemars(extend("enum" = ["the house", "the player-dealer"]))]
    pub description: &'static str,
}

/// The party that pays a wager's wins and collects its losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HeldBy {
    House,
    PlayerDealer,
}

/// `results.other_side`: per wager, who holds it.
pub fn other_side(spec: &Spec) -> Vec<OtherSide> {
    spec.wagers
        .iter()
        .enumerate()
        .map(|(k, w)| {
            let (held_by, description) = match holder(spec, k) {
                Holder::House => (HeldBy::House, "the house"),
                Holder::PlayerDealer => (HeldBy::PlayerDealer, "the player-dealer"),
            };
            OtherSide {
                wager: w.id.clone(),
                held_by,
                description,
            }
        })
        .collect()
}
