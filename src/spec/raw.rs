//! The rule spec exactly as written in YAML, before any checking.
//! Every value a diagnostic may point at is `Spanned`.

use super::ordered_map::OrderedMap;
use serde::Deserialize;
use serde_saphyr::Spanned;

pub type S<T> = Spanned<T>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSpec {
    pub id: S<String>,
    pub title: String,
    pub version: String,
    pub source: RawSource,
    pub shoe: RawShoe,
    pub game: RawGame,
    /// Named sub-conditions (or card aliases) usable in every condition after them.
    #[serde(default)]
    pub definitions: OrderedMap<S<String>, S<String>>,
    pub wagers: Vec<RawWager>,
    #[serde(default)]
    pub claims: Vec<RawClaim>,
    #[serde(default)]
    pub interpretations: Vec<RawInterpretation>,
    /// Wagers staked together on one round (e.g. Enter plus Draw).
    #[serde(default)]
    pub combined: Vec<RawCombined>,
    /// Printed house edges of wagers whose pays the document omits.
    #[serde(default)]
    pub pay_searches: Vec<RawPaySearch>,
    /// How a whole table round is settled (player-banked games).
    #[serde(default)]
    pub table: Option<super::table::RawTable>,
    /// Who submits the game, where, under which identifier (all optional):
    /// shown on the report's first page.
    #[serde(default)]
    pub submission: Option<RawSubmission>,
    /// Readings with no computable alternative: the document's words, where
    /// they are, the choice made and why.
    #[serde(default)]
    pub assumptions: Vec<RawAssumption>,
    /// How the spec reads each numbered item and table of the document.
    #[serde(default)]
    pub readings: Vec<RawItemReading>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAssumption {
    pub id: S<String>,
    /// Optional in the shape so that the checker refuses its absence in its
    /// own words (an assumption without a source is not an assumption).
    #[serde(default)]
    pub source: Option<S<RawAssumptionSource>>,
    pub choice: String,
    pub why: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAssumptionSource {
    /// The document, when not the spec's own `source.document`.
    #[serde(default)]
    pub document: Option<String>,
    /// The section or item: `"item 4"`, `"Banker or Player Pair paytable"`.
    #[serde(default)]
    pub at: Option<S<String>>,
    /// The document's words, as printed.
    #[serde(default)]
    pub quote: Option<S<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawItemReading {
    /// The item's label as the document prints it: `"11"`, `"Lucky Match Pay Table"`.
    pub item: S<String>,
    /// A few of the item's words, so the row can be found in the document.
    #[serde(default)]
    pub says: Option<String>,
    /// Parts of the spec that model the item: a wager, `wager/pay_table`, a
    /// combined entry, or `game`, `shoe`, `table`, `claims`, `pay_searches`.
    #[serde(default)]
    pub rules: Option<S<Vec<S<String>>>>,
    #[serde(default)]
    pub assumptions: Option<S<Vec<S<String>>>>,
    #[serde(default)]
    pub interpretations: Option<S<Vec<S<String>>>>,
    /// Why the item is not modelled.
    #[serde(default)]
    pub not_modelled: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSubmission {
    #[serde(default)]
    pub submitter: Option<String>,
    #[serde(default)]
    pub jurisdiction: Option<String>,
    #[serde(default)]
    pub game_id: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCombined {
    pub id: S<String>,
    pub name: String,
    /// Each under its first pay table, one unit each when placed.
    pub wagers: S<Vec<S<String>>>,
    /// The wager the house edge is quoted per; it must always be placed.
    pub per: S<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPaySearch {
    pub wager: S<String>,
    /// As printed, e.g. `"5.32%"`.
    pub house_edge: S<String>,
    pub source: String,
    /// Per event: a range of whole pays `"1..100"` (to 1) or a fixed pay.
    pub pays: OrderedMap<S<String>, S<RawPay>>,
    /// Pays may not rise down the list of searched events (default true).
    #[serde(default)]
    pub non_increasing: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSource {
    pub document: String,
    #[serde(default)]
    pub section: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawShoe {
    pub decks: S<i64>,
    /// Inclusive range of deck counts the rules allow, `[min, max]`.
    pub allowed_decks: S<Vec<i64>>,
    /// The deck counts the rule document itself names (`counts: []` when it
    /// names none), so a report can tell the document's game from analysis.
    #[serde(default)]
    pub document_decks: Option<S<RawDocumentDecks>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDocumentDecks {
    pub counts: S<Vec<S<i64>>>,
    /// Where the document names them (or where it was searched), quoted.
    pub source: String,
    /// Why `decks` is the default when the document names no count.
    #[serde(default)]
    pub default_because: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGame {
    /// The two hands; the first completes its hand before the second.
    pub hands: S<Vec<S<String>>>,
    /// Initial deal order of the four cards, by hand name.
    pub deal: S<Vec<S<String>>>,
    /// Two-card totals that end the round for both hands (empty: no naturals).
    #[serde(default = "default_naturals")]
    pub naturals: S<Vec<i64>>,
    /// Drawing rule of each hand, keyed by hand name.
    pub drawing: OrderedMap<S<String>, S<RawDrawRule>>,
}

fn default_naturals() -> S<Vec<i64>> {
    Spanned::new(
        vec![8, 9],
        serde_saphyr::Location::UNKNOWN,
        serde_saphyr::Location::UNKNOWN,
    )
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDrawRule {
    /// Draws on these totals whatever the other hand did.
    #[serde(default)]
    pub draws_on: Option<S<Vec<i64>>>,
    /// Second hand only: totals it draws on when the first hand stood.
    #[serde(default)]
    pub when_other_stands: Option<S<Vec<i64>>>,
    /// Second hand only: an H/S chart, row = own total, column = the other
    /// hand's third-card point value 0..9.
    #[serde(default)]
    pub when_other_draws: Option<OrderedMap<S<String>, S<String>>>,
    /// The hand's owner chooses to draw or stand; strategies name conditions.
    #[serde(default)]
    pub decides: Option<RawDecision>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDecision {
    /// The cards the owner sees when deciding, e.g. `[player.first,
    /// player.second, dealer.second]`. Strategies may read only these.
    #[serde(default)]
    pub sees: Option<S<Vec<S<String>>>>,
    /// Wagers whose summed return the strategy `optimal` maximises; the
    /// engine computes that strategy exactly for each shoe.
    #[serde(default)]
    pub optimal: Option<S<Vec<S<String>>>>,
    #[serde(default)]
    pub strategies: OrderedMap<S<String>, S<String>>,
    pub default: S<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawWager {
    pub id: S<String>,
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    /// `highest_pay` (default): of the events that hold, the one paying most
    /// wins, ties going to the one listed first. `listed_order`: the first
    /// listed event that holds wins.
    #[serde(default)]
    pub precedence: Option<S<String>>,
    /// A condition: the wager is staked only on rounds where it holds.
    #[serde(default)]
    pub placed: Option<S<String>>,
    pub events: Vec<RawEvent>,
    pub pay_tables: Vec<RawPayTable>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    pub id: S<String>,
    pub name: String,
    pub when: S<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPayTable {
    pub id: S<String>,
    #[serde(default)]
    pub name: Option<String>,
    pub pays: OrderedMap<S<String>, S<RawPay>>,
    /// The assumption (by id) these pays rest on, where the document prints
    /// none: its figures are reported as an assumption's, never as printed.
    #[serde(default)]
    pub assumed: Option<S<String>>,
}

/// A pay as written: `8`, `0.95`, `"3 to 2"`, `"3/2"`, `push` or `lose`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawPay {
    Int(i64),
    Float(f64),
    Text(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawClaim {
    /// The wagers the claim is about, staked equally...
    #[serde(default)]
    pub wagers: Option<S<Vec<S<String>>>>,
    #[serde(default)]
    pub pay_table: Option<S<String>>,
    /// ...or wagers staked together (`combined`), per its `per` wager.
    #[serde(default)]
    pub combined: Option<S<String>>,
    /// As printed, e.g. `"6.1%"`; compared at the printed precision.
    pub house_edge: S<String>,
    pub source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawInterpretation {
    pub id: S<String>,
    /// What the document says that admits more than one reading.
    pub question: String,
    pub chosen: RawReading,
    pub alternative: RawReading,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawReading {
    pub reading: String,
    pub wager: S<String>,
    #[serde(default)]
    pub pay_table: Option<S<String>>,
}
