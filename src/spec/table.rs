//! The optional `table:` section of a spec, as written: how a whole table
//! round is settled (seats, settlement order, line wagers and side bets,
//! back-line betting, limits, rotation of the player-dealer position and
//! the coverage rule). Checked by `check::table` into `model::table::TableRules`.

use super::located::S;
use super::ordered_map::OrderedMap;
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

/// How a whole table round of a player-banked game is settled (`certify table`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawTable {
    /// Seated positions, numbered 1..=seats clockwise; the player-dealer
    /// holds one of them.
    #[schemars(with = "i64")]
    pub seats: S<i64>,
    /// Wager ids in the order they are settled (each type for every seat,
    /// clockwise from the player-dealer's left, before the next type).
    #[schemars(with = "Vec<String>")]
    pub settlement_order: S<Vec<S<String>>>,
    /// Base-game wagers: a seat may place them on their own.
    #[schemars(with = "Vec<String>")]
    pub line_wagers: S<Vec<S<String>>>,
    /// Side bets: allowed only to a bettor who also has a line wager.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub side_bets: Option<S<Vec<S<String>>>>,
    /// Wagers a standing bettor may place behind a seat.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub back_line: Option<S<Vec<S<String>>>>,
    /// Hands the player-dealer plays before the position moves clockwise.
    #[schemars(with = "i64")]
    pub rotation: S<i64>,
    /// How the player-dealer's stake covers the wagers: `running_limit`
    /// (each wager covered as far as the stake allows at its turn) or
    /// `cutoff` (the same until the stake is exhausted, then every wager returned).
    #[schemars(with = "String", extend("enum" = ["running_limit", "cutoff"]))]
    pub coverage: S<String>,
    /// Minimum and maximum per wager, in dollars: `[min, max]`.
    #[schemars(with = "BTreeMap<String, Vec<RawAmount>>")]
    pub limits: OrderedMap<S<String>, S<Vec<S<RawAmount>>>>,
    /// The collection fees the card room takes: each a fixed amount per
    /// wager or per hand, paid by a player or by the player-dealer. A
    /// percentage of wagers or winnings is refused (California Penal Code
    /// section 337j as read; see the California edition).
    #[serde(default)]
    pub fees: Vec<RawFee>,
}

/// One collection fee as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawFee {
    /// Who pays it: `player` or `player_dealer`.
    #[schemars(with = "String", extend("enum" = ["player", "player_dealer"]))]
    pub paid_by: S<String>,
    /// What it is charged for: `wager` (each wager placed) or `hand`.
    #[schemars(with = "String", extend("enum" = ["wager", "hand"]))]
    pub per: S<String>,
    /// The wagers it applies to (default: every wager).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub wagers: Vec<S<String>>,
    /// Dollars: `1`, `0.50`.
    #[serde(default)]
    #[schemars(with = "Option<RawAmount>")]
    pub amount: Option<S<RawAmount>>,
    /// Refused: a fee may not be a share of wagers or winnings. Accepted
    /// here only so that the refusal can say why.
    #[serde(default)]
    #[schemars(with = "Option<RawAmount>")]
    pub percent: Option<S<RawAmount>>,
    /// Where the document states the fee, e.g. a quotation.
    #[serde(default)]
    pub source: Option<String>,
}

/// An amount of dollars as written: `100`, `12.50` or `"12.50"`.
// Floats are re-read from the file's text so that no amount passes through
// floating point.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RawAmount {
    Int(i64),
    Float(f64),
    Text(String),
}

impl RawAmount {
    /// The amount's text as written in `src` (a float is re-read from the
    /// file so that `12.10` stays exactly 12.10).
    pub fn text(this: &S<RawAmount>, src: &super::SourceFile) -> String {
        match &this.value {
            RawAmount::Int(n) => n.to_string(),
            RawAmount::Float(_) => src
                .token_at(&this.referenced)
                .trim_matches(['"', '\''])
                .to_string(),
            RawAmount::Text(t) => t.trim().to_string(),
        }
    }
}

/// The largest amount (dollars) a limit, wager or stake may name: keeps every
/// product of an amount and a pay far inside `i128`.
pub const MAX_AMOUNT: i128 = 1_000_000_000;

/// Reads a positive amount of dollars in whole cents: `100`, `12.5`, `12.50`.
/// Written as a plain decimal (`super::number::plain_decimal`), quoted or not:
/// `"3/4"`, `"+5"` or `"1e2"` are not amounts.
pub fn parse_money(text: &str) -> Option<crate::model::Ratio> {
    let text = text.trim().trim_start_matches('$');
    if !super::number::plain_decimal(text) {
        return None;
    }
    let r = crate::model::Ratio::parse(text)?;
    let whole_cents = 100 % r.den == 0;
    (whole_cents && r.num > 0 && r.num <= MAX_AMOUNT * r.den).then_some(r)
}
