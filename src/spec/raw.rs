//! The rule spec exactly as written in YAML, before any checking.
//! Every value a diagnostic may point at is `Spanned`.
//!
//! These types are also the source of the spec's JSON Schema
//! (`rules/certify-spec.schema.json`, see `spec::json_schema`): their doc
//! comments are the descriptions an editor shows beside each key, so they
//! are written for the spec's author. A `Spanned` value is written in YAML
//! as the value itself, so each is given its schema with `schemars(with)`.

pub use super::located::S;
use super::ordered_map::OrderedMap;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

/// A certify rule spec: one game and its wagers, as a rule document
/// describes them. `certify SPEC` checks it, runs its fixtures and
/// computes every wager exactly.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSpec {
    /// The spec's identifier: lower-case letters, digits and `_`, starting
    /// with a letter. Reports are named after it (`reports/<id>.md`), and
    /// fixture files name it in `spec:`.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// The game's name as the report's title shows it.
    pub title: String,
    /// The spec's version, quoted text such as `"1.0.0"`; raise it when the
    /// rules change.
    pub version: String,
    /// The rule document the spec implements.
    pub source: RawSource,
    /// The shoe: how many decks, which counts a run may use, and which the
    /// document names.
    pub shoe: RawShoe,
    /// The game: hands, deal, naturals and drawing rules; or
    /// `{ include: FILE }` to take it from a game file (a path relative to
    /// this file, e.g. `games/punto_banco.yaml`).
    // Read by `spec::include`, which knows which file holds the game: the
    // spec's own text, or the included file's.
    #[schemars(with = "RawGameEntry")]
    pub game: serde::de::IgnoredAny,
    /// Named sub-conditions (`both_draw: player.drew and banker.drew`) or
    /// card aliases (`up: dealer.second`), usable in every condition after them.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub definitions: OrderedMap<S<String>, S<String>>,
    /// The wagers: each with its events and one or more pay tables (or
    /// none: its events are counted only).
    pub wagers: Vec<RawWager>,
    /// House edges the document prints, compared with the computed figures
    /// at the printed precision.
    #[serde(default)]
    pub claims: Vec<RawClaim>,
    /// Readings chosen where the document is ambiguous, each with its
    /// alternative declared as a wager or pay table so both stay computable.
    #[serde(default)]
    pub interpretations: Vec<RawInterpretation>,
    /// Wagers staked together on one round (e.g. Enter plus Draw): one joint
    /// return table.
    #[serde(default)]
    pub combined: Vec<RawCombined>,
    /// Printed house edges of wagers whose pays the document omits: every
    /// table of whole pays in the ranges that gives the printed edge.
    #[serde(default)]
    pub pay_searches: Vec<RawPaySearch>,
    /// How a whole table round is settled (player-banked games).
    #[serde(default)]
    pub table: Option<super::table::RawTable>,
    /// Who submits the game, where, under which identifier (all optional):
    /// shown on the report's first page.
    #[serde(default)]
    pub submission: Option<RawSubmission>,
    /// What the report of `certify SPEC` holds beyond the exact figures:
    /// the date of analysis it states and the simulation it runs. Declared
    /// here so that the main command alone reproduces the report.
    #[serde(default)]
    pub report: Option<RawReportPlan>,
    /// The player's leaflets `certify leaflet SPEC` writes, each showing
    /// the wagers it lists (e.g. one per product a casino sells). Without
    /// it, one leaflet shows every wager but the alternative readings.
    #[serde(default)]
    pub leaflets: Vec<RawLeaflet>,
    /// Readings with no computable alternative: the document's words, where
    /// they are, the choice made and why.
    #[serde(default)]
    pub assumptions: Vec<RawAssumption>,
    /// How the spec reads each numbered item and table of the document, one
    /// row each, in the document's order.
    #[serde(default)]
    pub readings: Vec<RawItemReading>,
    /// House edges published by independent analysts (not the document),
    /// each with its source: the report compares them with the computed
    /// figures at their printed precision. Written as `claims` are.
    #[serde(default)]
    pub published: Vec<RawClaim>,
    /// The wagers written without `pay_tables`, counted only: set apart
    /// from `wagers` by `spec::family` (no claim, table or reading can
    /// price them).
    #[serde(skip)]
    #[schemars(skip)]
    pub counted: Vec<RawWager>,
}

/// A game written out (`hands`, `deal`, `naturals`, `drawing`), or
/// `{ include: FILE }` naming the file that holds it.
// Only the schema reads this type: `spec::include` reads the game from the
// located YAML.
#[derive(JsonSchema)]
#[serde(untagged)]
// Never built (only its schema is read), so its size does not matter.
#[allow(dead_code, clippy::large_enum_variant)]
pub enum RawGameEntry {
    Written(RawGame),
    Include(RawInclude),
}

/// `{ include: FILE }`: the game is in another file.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct RawInclude {
    /// The game file, relative to the file that names it, e.g.
    /// `games/punto_banco.yaml`. It holds a game (`hands`, `deal`,
    /// `naturals`, `drawing`) or another `include:`. The report's manifest
    /// records its SHA-256, and `certify verify` notices when it changes.
    pub include: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawAssumption {
    /// The assumption's identifier, named by pay tables (`assumed:`) and readings.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// Where the document says it and its words (required: an assumption
    /// without a source is refused).
    // Optional in the shape so that the checker refuses its absence in its
    // own words (an assumption without a source is not an assumption).
    #[serde(default)]
    #[schemars(with = "Option<RawAssumptionSource>")]
    pub source: Option<S<RawAssumptionSource>>,
    /// The reading chosen.
    pub choice: String,
    /// Why this reading.
    pub why: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawAssumptionSource {
    /// The document, when not the spec's own `source.document`.
    #[serde(default)]
    pub document: Option<String>,
    /// The section or item (required): a place of the document, `"item 4"`,
    /// `"Banker or Player Pair paytable"`; certify refuses one the document
    /// does not have.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub at: Option<S<String>>,
    /// The document's words, as printed (required); parts joined by `...`
    /// must appear in that order. certify finds them in the document.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub quote: Option<S<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawItemReading {
    /// The place of the document it reads: `"11"` (item 11), a heading or a
    /// table's name as printed (`"Lucky Match Pay Table"`), then, after a
    /// comma, where within it (`"item 6, note"`); certify refuses a place
    /// the document does not have.
    #[schemars(with = "String")]
    pub item: S<String>,
    /// What the item says: quotation marks around the document's words (each
    /// found in it), the rest a paraphrase.
    #[serde(default)]
    pub says: Option<String>,
    /// Parts of the spec that model the item: a wager, `wager/pay_table`, a
    /// combined entry, a definition, or `game`, `shoe`, `table`, `claims`,
    /// `pay_searches`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub rules: Option<S<Vec<S<String>>>>,
    /// Assumptions (by id) the item rests on.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub assumptions: Option<S<Vec<S<String>>>>,
    /// Interpretations (by id) of the item.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub interpretations: Option<S<Vec<S<String>>>>,
    /// Why the item is not modelled, when nothing models it.
    #[serde(default)]
    pub not_modelled: Option<String>,
    /// A note shown in the readings table.
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSubmission {
    /// Who submits the game: `Example Gaming Ltd`.
    #[serde(default)]
    pub submitter: Option<String>,
    /// Where: `Nevada`.
    #[serde(default)]
    pub jurisdiction: Option<String>,
    /// The game's identifier in the submission: `LM-2026-01`.
    #[serde(default)]
    pub game_id: Option<String>,
    /// Who owns the game (patent, copyright, licence), as the document names
    /// them: `21st Century Gaming Concepts`.
    #[serde(default)]
    pub owner: Option<String>,
    /// The table's maximum bet per wager, in dollars (`lucky_7: 300`), for
    /// wagers the `table:` section's limits do not cover: the report gives
    /// what a counter wins at that bet.
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, super::table::RawAmount>>")]
    pub max_bets: Option<OrderedMap<S<String>, S<super::table::RawAmount>>>,
    /// The table's minimum bet per wager, in dollars (`lucky_7: 1`), for
    /// wagers the `table:` section's limits do not cover: the Washington
    /// edition's payout limits read it.
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, super::table::RawAmount>>")]
    pub min_bets: Option<OrderedMap<S<String>, S<super::table::RawAmount>>>,
    /// The report edition: `lab` (the default), `washington`,
    /// `california` or `nevada`; `--edition` overrides it.
    #[serde(default)]
    #[schemars(with = "Option<String>", extend("enum" = edition_names()))]
    pub edition: Option<S<String>>,
    /// The aggregate payout limit the card room declares on each
    /// odds-based prize, in dollars (`lucky_match: 15000`); the Washington
    /// edition checks each against the rule and prices it.
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, super::table::RawAmount>>")]
    pub payout_limits: Option<OrderedMap<S<String>, S<super::table::RawAmount>>>,
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawReportPlan {
    /// The date of the analysis, `YYYY-MM-DD`, as page one and the PDF's
    /// dates give it. Declared rather than read from the clock, so the same
    /// spec gives the same bytes; without it the report says none was
    /// declared.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub date: Option<S<String>>,
    /// Rounds per pass of the report's "Simulation and card counting"
    /// section, which `certify SPEC` then runs as `--simulate ROUNDS` would
    /// (`--simulate N` runs another number, `--no-simulate` none).
    #[serde(default)]
    #[schemars(with = "Option<i64>")]
    pub simulate: Option<S<i64>>,
    /// The report's number, as the laboratory files it: `CFY-2026-0021`.
    #[serde(default)]
    pub number: Option<String>,
    /// The report's revision history, oldest first.
    #[serde(default)]
    pub revisions: Vec<RawRevision>,
    /// The game's headline figures, which page one leads with: a wager and
    /// pay table, or a combined entry (both of its figures).
    #[serde(default)]
    pub headline: Vec<RawHeadline>,
    /// Where the player decides: the written strategy a typical player
    /// follows, whose figures page one gives beside the headline's.
    #[serde(default)]
    pub typical_strategy: Option<RawTypical>,
    /// The wagers (or `combined` entries) a player who sees or tells apart
    /// the first cards chooses among, in the report's game-protection
    /// section and `certify protect` by default: the base game's, e.g.
    /// `[player, banker, tie]`. Without it: the `combined` entries, else
    /// each wager alone.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub protect: Vec<S<String>>,
    /// Rounds dealt an hour at the table, for the game-protection
    /// section's money per hour, e.g. `60`. Default 72, the Wizard of
    /// Odds' figure for baccarat.
    #[serde(default)]
    #[schemars(with = "Option<i64>")]
    pub rounds_per_hour: Option<S<i64>>,
    /// The wagers the layout leaves open after the first hand's first two
    /// cards are dealt face up (none by default: every bet closes before
    /// the deal); the game-protection section prices a player who bets
    /// them after seeing those cards, e.g. `[pair_bonus]`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub bets_after_cards_seen: Vec<S<String>>,
}

/// One player's leaflet: a title and the wagers it shows.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawLeaflet {
    /// The leaflet's identifier (lower-case letters, digits and `_`): its
    /// files are `reports/<report id>-<id>-leaflet.*`, and `certify leaflet
    /// SPEC --leaflet ID` writes it alone.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// The leaflet's title, e.g. the product's name: `Treasure of the 5 Dragons`.
    pub title: String,
    /// The wagers it shows, by id, in this order (an alternative reading's
    /// wager too, when listed here).
    #[schemars(with = "Vec<String>")]
    pub wagers: S<Vec<S<String>>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRevision {
    /// The report's revision: `1`, `1.1`.
    pub revision: String,
    /// Its date, `YYYY-MM-DD`.
    #[schemars(with = "String")]
    pub date: S<String>,
    /// What changed, in words (the figures that changed, and why).
    pub change: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawHeadline {
    /// A wager (with `pay_table`)...
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub wager: Option<S<String>>,
    /// ...under this pay table (default: its first)...
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub pay_table: Option<S<String>>,
    /// ...or a `combined` entry: its edge per its `per` wager and per total
    /// wagered.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub combined: Option<S<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawTypical {
    /// A written strategy of the deciding hand, e.g. `draw_0_to_5`.
    #[schemars(with = "String")]
    pub strategy: S<String>,
    /// Why a typical player plays it.
    pub why: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCombined {
    /// The entry's identifier; a claim may name it in `combined:`.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// How the report names the wagers staked together.
    pub name: String,
    /// The wagers staked together, each under its first pay table, one unit
    /// each when placed.
    #[schemars(with = "Vec<String>")]
    pub wagers: S<Vec<S<String>>>,
    /// The wager the house edge is quoted per; it must always be placed.
    #[schemars(with = "String")]
    pub per: S<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawPaySearch {
    /// The wager (a `listed_order` wager) whose pays are searched.
    #[schemars(with = "String")]
    pub wager: S<String>,
    /// The house edge as printed, e.g. `"5.32%"`.
    #[schemars(with = "String")]
    pub house_edge: S<String>,
    /// Where the document prints it.
    pub source: String,
    /// Per event: a range of whole pays `"1..100"` (to 1) or a fixed pay.
    #[schemars(with = "BTreeMap<String, RawPay>")]
    pub pays: OrderedMap<S<String>, S<RawPay>>,
    /// Pays may not rise down the list of searched events (default true).
    #[serde(default)]
    pub non_increasing: Option<bool>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSource {
    /// The rule document's file name in the `documents/` folder beside the
    /// spec (`rules/documents/` for the shipped specs), e.g.
    /// `lucky_monkey_side_bet.txt`. A run warns when it is not there.
    pub document: String,
    /// The section or items the spec implements: `"Rules, items 1-5"`.
    #[serde(default)]
    pub section: Option<String>,
    /// Your answer, as the spec's author: do the document's words leave no
    /// question open for these wagers (`true`), or is a question open
    /// (`false`: give each under `interpretations` or `assumptions`)? The
    /// report says the document was read without ambiguity only when this
    /// is `true`; left out, it says the question was not answered. `true`
    /// with assumptions or interpretations is refused: they are the
    /// questions the document leaves open.
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    pub unambiguous: Option<S<bool>>,
    /// The document's title as it prints it, e.g. `21st Century Baccarat`;
    /// page one identifies the document by title, version and file hash.
    #[serde(default)]
    pub title: Option<String>,
    /// The document's version or edition as it prints it, e.g. `V 10.0`,
    /// or where it gives none, what dates it (`placed on trial 15 July 2011`).
    #[serde(default)]
    pub version: Option<String>,
    /// SHA-256 of the document file (64 hex digits): the exact text the
    /// analysis read. A run warns when the file beside the spec differs.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub sha256: Option<S<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawShoe {
    /// The default number of decks (`--decks N` runs another count within
    /// `allowed_decks`).
    #[schemars(with = "i64")]
    pub decks: S<i64>,
    /// Inclusive range of deck counts the spec allows, `[min, max]`
    /// (analysis may go wider than the document).
    #[schemars(with = "Vec<i64>")]
    pub allowed_decks: S<Vec<i64>>,
    /// The deck counts the rule document itself names (`counts: []` when it
    /// names none), so a report can tell the document's game from analysis.
    #[serde(default)]
    #[schemars(with = "Option<RawDocumentDecks>")]
    pub document_decks: Option<S<RawDocumentDecks>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawDocumentDecks {
    /// Every deck count the document names, e.g. `[6, 8]`; `[]` when it names none.
    #[schemars(with = "Vec<i64>")]
    pub counts: S<Vec<S<i64>>>,
    /// Where the document names them (or where it was searched), quoted.
    /// The report already says whether it names a count: say where, not
    /// that it names none.
    pub source: String,
    /// Why `decks` is the default when the document names no count
    /// (required when `counts` is `[]`), e.g. "the usual punto banco shoe";
    /// the report names the count before it.
    #[serde(default)]
    pub default_because: Option<String>,
}

/// The game: two hands, the initial deal, naturals and each hand's drawing
/// rule. A game file (`game: { include: FILE }`) holds exactly this mapping.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawGame {
    /// The two hands, e.g. `[player, banker]`; the first completes its hand
    /// before the second.
    #[schemars(with = "Vec<String>")]
    pub hands: S<Vec<S<String>>>,
    /// The initial deal of four cards, by hand name, e.g.
    /// `[player, banker, player, banker]`.
    #[schemars(with = "Vec<String>")]
    pub deal: S<Vec<S<String>>>,
    /// Two-card totals that end the round for both hands (default `[8, 9]`;
    /// `[]`: no naturals).
    #[serde(default = "default_naturals")]
    #[schemars(with = "Vec<i64>", default = "default_naturals_schema")]
    pub naturals: S<Vec<i64>>,
    /// The drawing rule of each hand, keyed by hand name.
    #[schemars(with = "BTreeMap<String, RawDrawRule>")]
    pub drawing: OrderedMap<S<String>, S<RawDrawRule>>,
}

fn default_naturals() -> S<Vec<i64>> {
    Spanned::new(
        default_naturals_schema(),
        serde_saphyr::Location::UNKNOWN,
        serde_saphyr::Location::UNKNOWN,
    )
}

fn default_naturals_schema() -> Vec<i64> {
    vec![8, 9]
}

/// How a hand draws: by totals (`draws_on`), by the other hand's third card
/// (second hand: `when_other_stands` and `when_other_draws`), or by its
/// owner's choice (`decides`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawDrawRule {
    /// Draws on these two-card totals whatever the other hand did, e.g.
    /// `[0, 1, 2, 3, 4, 5]`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<i64>>")]
    pub draws_on: Option<S<Vec<i64>>>,
    /// Second hand only: the totals it draws on when the first hand stood.
    #[serde(default)]
    #[schemars(with = "Option<Vec<i64>>")]
    pub when_other_stands: Option<S<Vec<i64>>>,
    /// Second hand only: an H/S chart when the first hand drew. Row = own
    /// total (`"3"`), ten letters = the other hand's third-card point value
    /// 0..9, e.g. `"H H H H H H H H S H"`. Every total that is not a natural
    /// needs a row.
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, String>>")]
    pub when_other_draws: Option<OrderedMap<S<String>, S<String>>>,
    /// First hand only: the hand's owner chooses to draw or stand.
    #[serde(default)]
    pub decides: Option<RawDecision>,
}

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawDecision {
    /// The cards the owner sees when deciding, e.g. `[player.first,
    /// player.second, dealer.second]` (default: the owner's two cards).
    /// Strategies may read only these, and only their point values and totals.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub sees: Option<S<Vec<S<String>>>>,
    /// Wagers whose summed return the strategy `optimal` maximises; certify
    /// computes that strategy exactly for each shoe.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub optimal: Option<S<Vec<S<String>>>>,
    /// Written strategies, each a condition meaning "draw", compared in the
    /// report: `draw_0_to_5: player.total <= 5`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub strategies: OrderedMap<S<String>, S<String>>,
    /// The strategy every figure is computed under: `optimal` or a written one.
    #[schemars(with = "String")]
    pub default: S<String>,
}

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawWager {
    /// Makes the wager a family, one wager per member: per combination of
    /// the variables' values (`{ hand: [player, banker], total: [0..9] }`),
    /// or per row (`[{ total: 0, pay: 150 }, { total: 1, pay: 215 }]`).
    /// `{total}` in any text of the wager (ids, names, conditions, pays) is
    /// the member's value; `0..9` in a list is every whole number from 0 to 9.
    // Read from the located tree by `spec::family`, which expands the
    // families before anything else reads the wagers.
    #[serde(default)]
    #[schemars(with = "Option<RawEach>")]
    pub each: serde::de::IgnoredAny,
    /// The wager's identifier: lower-case letters, digits and `_`.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// The wager's name as the document prints it.
    pub name: String,
    /// Prose about the wager (no reading may live only here: use
    /// `assumptions` or `interpretations`).
    #[serde(default)]
    pub description: Option<String>,
    /// `highest_pay` (default): of the events that hold, the one paying most
    /// wins, ties going to the one listed first. `listed_order`: the first
    /// listed event that holds wins.
    #[serde(default)]
    #[schemars(with = "Option<String>", extend("enum" = ["highest_pay", "listed_order", null]))]
    pub precedence: Option<S<String>>,
    /// A condition: the wager is staked only on rounds where it holds (e.g.
    /// `player.drew`); its figures are then per wager placed.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub placed: Option<S<String>>,
    /// The events that settle the wager; when none holds, the wager loses.
    pub events: Vec<RawEvent>,
    /// One or more pay tables; each prices every event. Without
    /// `pay_tables` the wager is counted only: its events' exact counts,
    /// probabilities and "1 in N", with no pay and no house edge.
    // Absent and empty differ (`spec::family` sets the counted-only
    // wagers apart by the located tree): `pay_tables: []` is refused.
    #[serde(default)]
    #[schemars(with = "Option<Vec<RawPayTable>>")]
    pub pay_tables: Vec<RawPayTable>,
    /// The family member this wager is (set by `spec::family`).
    #[serde(skip)]
    #[schemars(skip)]
    pub member: Option<super::member::Member>,
}

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    /// Makes the event a family, one event per member, as a wager's `each`
    /// does: `{ total: [0..9] }` with `id: tie_{total}`. A pay table prices
    /// every member at once under the family's id as written
    /// (`tie_{total}: 8`, or `"{pay}"` from a row).
    #[serde(default)]
    #[schemars(with = "Option<RawEach>")]
    pub each: serde::de::IgnoredAny,
    /// The event's identifier, priced by pay tables.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// The event's name as the document prints it.
    pub name: String,
    /// A condition, e.g. `banker.drew and not player.drew and banker.third.face`
    /// (see the README's table of conditions).
    #[schemars(with = "String")]
    pub when: S<String>,
    /// The family member this event is (set by `spec::family`).
    #[serde(skip)]
    #[schemars(skip)]
    pub member: Option<super::member::Member>,
}

/// A family's members: variables and their values (every combination), or
/// rows of values.
// Only the schema reads this type: `spec::family` reads `each` from the
// located YAML.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum RawEach {
    /// Each variable's values, e.g. `{ hand: [player, banker], total: [0..9] }`:
    /// one member per combination, the first variable changing slowest.
    Product(BTreeMap<String, Vec<EachValue>>),
    /// One member per row, e.g. `[{ total: 0, pay: 150 }, { total: 1, pay: 215 }]`;
    /// every row names the same variables.
    Rows(Vec<BTreeMap<String, EachValue>>),
}

/// A family variable's value as written: any scalar (`player`, `3`, `1.5`,
/// `true`); `{name}` is replaced by its text. (Schema only: the expansion
/// reads the located tree.)
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum EachValue {
    Int(i64),
    Float(f64),
    Bool(bool),
    Text(String),
}

#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawPayTable {
    /// The pay table's identifier, e.g. `paytable_1`.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// Its name as the document prints it.
    #[serde(default)]
    pub name: Option<String>,
    /// The pay of every event, by event id: `8`, `0.95`, `"3 to 2"`,
    /// `"3/2"`, `push` or `lose`.
    #[schemars(with = "BTreeMap<String, RawPay>")]
    pub pays: OrderedMap<S<String>, S<RawPay>>,
    /// The assumption (by id) these pays rest on, where the document prints
    /// none: its figures are reported as an assumption's, never as printed.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub assumed: Option<S<String>>,
}

/// A pay as written, "to 1" odds kept exact: `8`, `0.95`, `"3 to 2"`,
/// `"3/2"`, `push` (stake returned; `0` means the same) or `lose`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RawPay {
    Int(i64),
    Float(f64),
    Text(String),
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawClaim {
    /// The wagers the claim is about, staked equally (with `pay_table`)...
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub wagers: Option<S<Vec<S<String>>>>,
    /// The pay table of the wagers the claim is about (required with
    /// `wagers`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub pay_table: Option<S<String>>,
    /// ...or wagers staked together (a `combined` entry), per its `per` wager.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub combined: Option<S<String>>,
    /// The house edge as printed, with its `%` sign, e.g. `"6.1%"`; compared
    /// at the printed precision.
    #[schemars(with = "String")]
    pub house_edge: S<String>,
    /// Where the document prints it.
    pub source: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawInterpretation {
    /// The interpretation's identifier, named by readings.
    #[schemars(with = "String")]
    pub id: S<String>,
    /// What the document says that admits more than one reading.
    pub question: String,
    /// The reading every figure is computed under.
    pub chosen: RawReading,
    /// The other reading, declared too so that it stays computable.
    pub alternative: RawReading,
    /// `true` when the document gives the alternative little support: the
    /// report lists it, with its figures, as a question to the submitter
    /// rather than beside the chosen reading's results on page one.
    #[serde(default)]
    pub ask_submitter: Option<bool>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawReading {
    /// The reading, in words.
    pub reading: String,
    /// The wager that implements it (a reading of a wager's rules).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub wager: Option<S<String>>,
    /// The pay table that implements it, when the readings differ in pays.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub pay_table: Option<S<String>>,
    /// Alternative only, for a reading of the game's own rules: the game
    /// fields this reading replaces (`naturals`, `drawing`); every other
    /// field is the spec's. The chosen reading is then the spec's game and
    /// names no wager.
    #[serde(default)]
    #[schemars(with = "Option<RawGameChange>")]
    pub game: Option<S<RawGameChange>>,
    /// With `game`: the wagers and `combined` entries whose figures the
    /// reading changes, computed under both readings in the report.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub changes: Option<S<Vec<S<String>>>>,
}

/// The game fields an alternative reading replaces.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawGameChange {
    /// Two-card totals that end the round, as in `game.naturals`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<i64>>")]
    pub naturals: Option<S<Vec<i64>>>,
    /// The drawing rules, as in `game.drawing` (replaced whole).
    #[serde(default)]
    #[schemars(with = "Option<BTreeMap<String, RawDrawRule>>")]
    pub drawing: Option<OrderedMap<S<String>, S<RawDrawRule>>>,
}

/// The editions' names, for the schema's `enum` (and null: none named).
fn edition_names() -> Vec<Option<&'static str>> {
    let mut names: Vec<Option<&str>> = crate::model::Edition::ALL
        .iter()
        .map(|e| Some(e.name()))
        .collect();
    names.push(None);
    names
}
