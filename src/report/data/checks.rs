//! What the results are checked against: the printed claims at the run's
//! deck count and the pay searches (the warnings are the assessment's).

use super::values::{Pays, Percent, PrintedPercent};
use crate::assess::{ClaimCheck, SearchResult};
use schemars::JsonSchema;
use serde::Serialize;

/// A house edge the document prints, against the computed one.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Claim {
    /// The wagers the claim is of (equal stakes on each), or a combined
    /// wager's id.
    pub wagers: Vec<String>,
    /// The pay table (for a combined wager: "per <wager> bet").
    pub pay_table: String,
    /// Where the document prints it.
    pub source: String,
    /// The house edge as printed.
    pub printed: PrintedPercent,
    /// The computed house edge rounded to the printed number of decimals.
    pub computed_at_precision: PrintedPercent,
    /// The computed house edge at four decimals of a percent.
    pub computed: Percent,
    /// Whether the computed edge at the printed precision equals the printed one.
    pub matches: bool,
}

impl Claim {
    pub fn of(c: &ClaimCheck) -> Self {
        Claim {
            wagers: c.wagers.clone(),
            pay_table: c.pay_table.clone(),
            source: c.source.clone(),
            printed: PrintedPercent(c.printed.clone()),
            computed_at_precision: PrintedPercent(c.computed_at_precision.clone()),
            computed: Percent(c.computed.clone()),
            matches: c.matches,
        }
    }
}

/// Whole-number pay tables that give a printed house edge, for a wager
/// whose document omits its pays.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PaySearch {
    /// The searched wager.
    pub wager: String,
    /// The house edge the document prints.
    pub printed: PrintedPercent,
    /// Where the document prints it.
    pub source: String,
    /// The searched events with their ranges, e.g. "ultimate_block 1..1000".
    pub ranges: Vec<String>,
    /// Whether pays may not rise down the list of searched events.
    pub non_increasing: bool,
    /// How many whole-number pay tables give the printed edge at its
    /// precision (all are counted).
    pub matches: u64,
    /// The first 20 matching tables, by total of pays, then pays in listed order.
    #[schemars(length(max = 20))]
    pub tables: Vec<FoundTable>,
}

/// One pay table a search found.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FoundTable {
    /// Each event with its pay, as [event, pays].
    pub pays: Vec<(String, Pays)>,
    /// The table's house edge.
    pub house_edge: Percent,
}

impl PaySearch {
    pub fn of(r: &SearchResult) -> Self {
        PaySearch {
            wager: r.wager.clone(),
            printed: PrintedPercent(r.printed.clone()),
            source: r.source.clone(),
            ranges: r.ranges.clone(),
            non_increasing: r.non_increasing,
            matches: r.matches,
            tables: r
                .tables
                .iter()
                .map(|t| FoundTable {
                    pays: t
                        .pays
                        .iter()
                        .map(|(e, p)| (e.clone(), Pays(p.clone())))
                        .collect(),
                    house_edge: Percent(t.house_edge.clone()),
                })
                .collect(),
        }
    }
}
