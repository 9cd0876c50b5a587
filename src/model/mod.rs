//! The checked spec: what every later stage (evaluator, engine, reports) reads.
//! Built only by `check`, so everything here has passed type checking.
//!
//! Layer: data: the checked spec every stage reads (the layout is in
//! `src/lib.rs`).

pub mod cond;
pub mod normal;
pub mod ratio;
pub mod round;
pub mod table;

pub use cond::{Cond, Needs};
pub use ratio::Ratio;
pub use round::Round;

#[derive(Clone, Debug)]
pub struct Spec {
    pub id: String,
    pub title: String,
    pub version: String,
    pub document: String,
    /// The folder rule documents are read from (`documents/` beside the
    /// spec file): where fixture files' quotations are looked up.
    pub documents: std::path::PathBuf,
    pub section: Option<String>,
    pub shoe: Shoe,
    pub game: Game,
    pub wagers: Vec<Wager>,
    pub claims: Vec<Claim>,
    pub interpretations: Vec<Interpretation>,
    /// Interpretations of the game's own rules (naturals, drawing), each
    /// with the spec checked again under the alternative game.
    pub game_interpretations: Vec<GameInterpretation>,
    pub combined: Vec<Combined>,
    pub pay_searches: Vec<PaySearch>,
    /// How a whole table round is settled, where the spec declares it.
    pub table: Option<table::TableRules>,
    /// Who submits the game, where, under which identifier.
    pub submission: Submission,
    /// The `report:` section: what `certify SPEC` puts in the report.
    pub report: ReportPlan,
    /// The author's answer to whether the document leaves a question open
    /// (`source.unambiguous`); None: not answered.
    pub unambiguous: Option<bool>,
    /// The deck counts the document names (`shoe.document_decks`); `None`
    /// when the spec does not record them.
    pub document_decks: Option<DocumentDecks>,
    /// Readings with no computable alternative, each with its source.
    pub assumptions: Vec<Assumption>,
    /// How the spec reads each numbered item and table of the document.
    pub readings: Vec<ItemReading>,
    /// The rule document's title, version and file hash, as declared.
    pub document_id: DocumentId,
    /// House edges published by independent analysts, each with its source.
    pub published: Vec<Claim>,
    /// The player's leaflets declared (`leaflets:`); empty: one leaflet of
    /// every wager but the alternative readings.
    pub leaflets: Vec<LeafletPlan>,
    /// The wagers written without pay tables: their events are counted
    /// (exact counts, probabilities), never priced. Apart from `wagers`,
    /// so that nothing that prices a wager meets them.
    pub counted: Vec<Wager>,
}

/// A declared player's leaflet: its id, its title and the wagers it shows
/// (ids, checked, in the order listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeafletPlan {
    pub id: String,
    pub title: String,
    pub wagers: Vec<String>,
}

/// How the rule document identifies itself (`source.title`, `.version`,
/// `.sha256`), each as declared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DocumentId {
    pub title: Option<String>,
    pub version: Option<String>,
    /// 64 lower-case hex digits.
    pub sha256: Option<String>,
}

/// A reading the document leaves open and no alternative is computed for:
/// the document's words, where they are, the choice made and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumption {
    pub id: String,
    pub document: String,
    /// The section or item the words are in.
    pub at: String,
    pub quote: String,
    pub choice: String,
    pub why: String,
}

/// One numbered item or table of the document and how the spec reads it;
/// every reference has been checked to name something in the spec.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemReading {
    pub item: String,
    pub says: Option<String>,
    pub rules: Vec<String>,
    pub assumptions: Vec<String>,
    pub interpretations: Vec<String>,
    /// Why the item is not modelled.
    pub not_modelled: Option<String>,
    pub note: Option<String>,
}

/// The deck counts a rule document names, with where it names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentDecks {
    /// Ascending, within the allowed range; empty when the document names none.
    pub counts: Vec<u32>,
    pub source: String,
    /// Why the spec's default count is used (given when `counts` is empty).
    pub default_because: Option<String>,
}

/// The optional `report:` section, checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportPlan {
    /// The date of analysis, `YYYY-MM-DD`, a real calendar date.
    pub date: Option<(u16, u8, u8)>,
    /// Rounds per pass of the simulation `certify SPEC` runs.
    pub simulate: Option<u64>,
    /// The report's number.
    pub number: Option<String>,
    /// The revision history, oldest first.
    pub revisions: Vec<Revision>,
    /// The figures page one leads with.
    pub headline: Vec<Headline>,
    /// The written strategy of a typical player: (strategy id, why).
    pub typical: Option<(String, String)>,
    /// The wagers or combined entries (ids, checked) a player who sees the
    /// first cards chooses among by default: the base game's.
    pub protect: Vec<String>,
    /// Rounds dealt an hour (`rounds_per_hour`); None: the default,
    /// `ROUNDS_PER_HOUR`.
    pub rounds_per_hour: Option<u32>,
    /// The wagers (ids, checked) the layout leaves open after the first
    /// hand's first two cards are dealt face up.
    pub after_cards_seen: Vec<String>,
}

/// Rounds dealt an hour where a spec declares none: the Wizard of Odds'
/// figure for baccarat ("Casino Game House Edge" table, hands per hour:
/// baccarat and mini-baccarat 72).
pub const ROUNDS_PER_HOUR: u32 = 72;

/// The most rounds an hour a spec may declare.
pub const MAX_ROUNDS_PER_HOUR: u32 = 1000;

impl ReportPlan {
    /// Rounds dealt an hour, and whether the spec declares it.
    pub fn pace(&self) -> (u32, bool) {
        match self.rounds_per_hour {
            Some(n) => (n, true),
            None => (ROUNDS_PER_HOUR, false),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revision {
    pub revision: String,
    pub date: (u16, u8, u8),
    pub change: String,
}

/// A headline figure: a wager under a pay table, or a combined entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Headline {
    Table { wager: String, pay_table: String },
    Combined(String),
}

/// The optional `submission:` section: shown on the report's first page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Submission {
    pub submitter: Option<String>,
    pub jurisdiction: Option<String>,
    pub game_id: Option<String>,
    pub owner: Option<String>,
    /// The table's maximum bet per wager (dollars), from `max_bets` and the
    /// `table:` section's limits, in the spec's wager order.
    pub max_bets: Vec<(String, Ratio)>,
    /// The table's minimum bet per wager (dollars), from `min_bets` and the
    /// `table:` section's limits, in the spec's wager order.
    pub min_bets: Vec<(String, Ratio)>,
    /// The report edition the submission goes out in (`edition:`); None:
    /// the generic laboratory edition unless the command line names one.
    pub edition: Option<Edition>,
    /// The payout limits the operator declares (`payout_limits:`), which
    /// the Washington edition checks against the rule's minimums.
    pub payout_limits: Option<PayoutLimits>,
}

/// Which authority a report is written for: what `--edition` and the
/// submission's `edition:` name. Each adds, removes and renames sections
/// as `crate::edition` describes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edition {
    /// The generic laboratory report.
    #[default]
    Lab,
    /// A Washington house-banked card room (WAC 230-15).
    Washington,
    /// A California card room: a player-dealer game, no house.
    California,
    /// Nevada and New Jersey style: payout and true odds, game variation.
    Nevada,
}

impl Edition {
    pub const ALL: [Edition; 4] = [
        Edition::Lab,
        Edition::Washington,
        Edition::California,
        Edition::Nevada,
    ];

    /// The name the command line and the spec use.
    pub fn name(self) -> &'static str {
        match self {
            Edition::Lab => "lab",
            Edition::Washington => "washington",
            Edition::California => "california",
            Edition::Nevada => "nevada",
        }
    }

    pub fn parse(text: &str) -> Option<Edition> {
        Edition::ALL.into_iter().find(|e| e.name() == text)
    }
}

/// Declared payout limits, in dollars: one aggregate limit per odds-based
/// prize (WAC 230-15-490 (3)(a): a limit never spans different prizes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoutLimits {
    /// In the order written (the reader refuses a wager named twice).
    pub limits: Vec<DeclaredLimit>,
}

/// One prize's declared aggregate payout limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredLimit {
    pub wager: String,
    pub dollars: Ratio,
    /// Where it is written, for the error that it falls short of the rule
    /// or is not allowed on its prize.
    pub at: crate::diag::Position,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shoe {
    pub decks: u32,
    pub min_decks: u32,
    pub max_decks: u32,
}

#[derive(Clone, Debug)]
pub struct Game {
    /// Names of the two hands; the first completes its hand before the second.
    pub hands: [String; 2],
    /// Initial deal: which hand receives each of the first four cards.
    pub deal: [u8; 4],
    /// Bit per two-card total that is a natural (ends the round).
    pub naturals: u16,
    pub first: FirstRule,
    pub second: SecondRule,
}

/// How the first hand decides to draw.
#[derive(Clone, Debug)]
pub enum FirstRule {
    /// Draws on these totals (bit per total).
    Totals(u16),
    /// Its owner chooses to draw or stand.
    Decides(Decides),
}

/// A hand whose owner decides, and the strategies the analysis plays.
#[derive(Clone, Debug)]
pub struct Decides {
    pub strategies: Vec<Strategy>,
    /// Index into `strategies`: the strategy the figures are computed under.
    pub default: usize,
    /// Card slots the owner sees when deciding (strategies read only these).
    pub sees: Vec<u8>,
    /// Wagers whose summed expected return the optimal strategy maximises
    /// (indices into `Spec::wagers`; empty: no optimal strategy declared).
    pub objective: Vec<usize>,
}

/// The id of the strategy resolved for each shoe (`crate::strategy`).
pub const OPTIMAL: &str = "optimal";

#[derive(Clone, Debug)]
pub struct Strategy {
    pub id: String,
    /// What the spec wrote, for reports.
    pub source: String,
    pub rule: StrategyRule,
}

#[derive(Clone, Debug)]
pub enum StrategyRule {
    /// Draw when this condition holds on the two-card hands.
    When(Cond),
    /// Draw as a chart computed for a particular shoe says.
    Chart(std::sync::Arc<Chart>),
    /// The optimal strategy, computed by exact enumeration for each shoe
    /// (`crate::strategy` replaces it with a `Chart` before anything plays).
    Optimal(OptimalCache),
}

/// A shoe's composition (copies per rank and suit) and its optimal chart.
pub type CachedChart = ([[u32; 4]; 13], std::sync::Arc<Chart>);

/// Charts already computed for a spec, one per shoe composition: clones of
/// a spec share them, and a re-checked spec starts empty.
#[derive(Clone, Debug, Default)]
pub struct OptimalCache(pub std::sync::Arc<std::sync::Mutex<Vec<CachedChart>>>);

/// A decision per combination of the point values of the cards seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// The slots read, in order; the index of a combination is
    /// `sum(value(slot_i) * 10^i)`.
    pub sees: Vec<u8>,
    pub draw: Vec<bool>,
}

impl Chart {
    /// The index of a combination: `value(slot)` of each seen slot.
    pub fn index_of(sees: &[u8], value: impl Fn(u8) -> u8) -> usize {
        sees.iter()
            .rev()
            .fold(0, |i, &s| i * 10 + value(s) as usize)
    }

    /// (slot, point value) of each seen card of combination `index`.
    pub fn values_of(sees: &[u8], index: usize) -> Vec<(u8, u8)> {
        let mut i = index;
        sees.iter()
            .map(|&s| {
                let v = (i % 10) as u8;
                i /= 10;
                (s, v)
            })
            .collect()
    }

    pub fn index(&self, round: &Round) -> usize {
        Self::index_of(&self.sees, |s| round.cards[s as usize].value())
    }

    pub fn draws(&self, round: &Round) -> bool {
        self.draw[self.index(round)]
    }
}

impl Strategy {
    /// Whether this strategy draws on the two-card hands in `round`.
    ///
    /// # Panics
    /// On an unresolved optimal strategy: every caller resolves it for its
    /// shoe first (see `crate::strategy::resolve`).
    pub fn draws(&self, round: &Round) -> bool {
        match &self.rule {
            StrategyRule::When(c) => c.holds(round),
            StrategyRule::Chart(chart) => chart.draws(round),
            StrategyRule::Optimal(_) => {
                panic!("the optimal strategy must be resolved for a shoe before play")
            }
        }
    }

    /// What the strategy reads of each slot.
    pub fn needs(&self, sees: &[u8]) -> Needs {
        match &self.rule {
            StrategyRule::When(c) => c.needs(),
            _ => {
                let mut n = [0; round::SLOTS];
                for &s in sees {
                    n[s as usize] |= cond::need::VALUE;
                }
                n
            }
        }
    }
}

/// How the second hand draws, given whether the first hand drew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondRule {
    /// Bit per own total: draws when the first hand stood.
    pub when_other_stands: u16,
    /// `[own total]` bit per the first hand's third-card point value: draws.
    pub when_other_draws: [u16; 10],
}

/// A card slot as conditions name it: `player.first`, `banker.third`.
pub fn slot_name(slot: u8, hands: &[String; 2]) -> String {
    let pos = ["first", "second", "third"][(slot % 3) as usize];
    format!("{}.{}", hands[(slot / 3) as usize], pos)
}

impl Game {
    pub fn slot_name(&self, slot: u8) -> String {
        slot_name(slot, &self.hands)
    }

    pub fn hand_index(&self, name: &str) -> Option<u8> {
        self.hands.iter().position(|h| h == name).map(|i| i as u8)
    }

    pub fn is_natural(&self, total: u8) -> bool {
        self.naturals & (1 << total) != 0
    }

    /// Whether the first hand draws on its two cards (`round` holds two cards
    /// per hand), by its drawing totals or, where its owner decides, by the
    /// default strategy.
    pub fn first_draws(&self, round: &Round) -> bool {
        match &self.first {
            FirstRule::Totals(mask) => mask & (1 << round.total(0)) != 0,
            FirstRule::Decides(d) => d.strategies[d.default].draws(round),
        }
    }

    /// Whether the second hand draws: own two-card total and the first hand's
    /// third-card value (None when it stood).
    pub fn second_draws(&self, own_total: u8, other_third: Option<u8>) -> bool {
        match other_third {
            None => self.second.when_other_stands & (1 << own_total) != 0,
            Some(v) => self.second.when_other_draws[own_total as usize] & (1 << v) != 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// Of the events that hold, the highest pay wins; ties go to the first listed.
    HighestPay,
    /// The first listed event that holds wins.
    ListedOrder,
}

impl Precedence {
    /// Event indices in the order they are tried under a pay table: the
    /// first that holds settles the wager. Highest pay first, ties in listed
    /// order (a stable sort); or simply the listed order.
    pub fn order(self, pays: &[Pay]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..pays.len()).collect();
        if self == Precedence::HighestPay {
            order.sort_by(|a, b| pays[*b].net().cmp(&pays[*a].net()));
        }
        order
    }
}

#[derive(Clone, Debug)]
pub struct Wager {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// The wager is staked only on rounds where this holds (the Draw bet of
    /// Lucky Draw is placed only when the player draws). None: always.
    pub placed: Option<Placed>,
    pub precedence: Precedence,
    pub events: Vec<Event>,
    pub pay_tables: Vec<PayTable>,
}

#[derive(Clone, Debug)]
pub struct Event {
    pub id: String,
    pub name: String,
    /// The condition as written in the spec.
    pub source: String,
    pub when: Cond,
    pub needs: Needs,
}

#[derive(Clone, Debug)]
pub struct PayTable {
    pub id: String,
    pub name: String,
    /// One pay per event, in the wager's event order.
    pub pays: Vec<Pay>,
    /// The assumption these pays rest on, where the document prints none.
    pub assumed: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pay {
    /// Wins this many units per unit staked ("to 1").
    Win(Ratio),
    Push,
    Lose,
}

impl Pay {
    /// Net result per unit staked.
    pub fn net(self) -> Ratio {
        match self {
            Pay::Win(r) => r,
            Pay::Push => Ratio::ZERO,
            Pay::Lose => Ratio::MINUS_ONE,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Pay::Win(r) => r.to_one(),
            Pay::Push => "push".into(),
            Pay::Lose => "lose".into(),
        }
    }
}

impl Wager {
    /// Whether some condition of the wager, its `placed` condition
    /// included, names a particular suit (see `Cond::names_suit`): where
    /// none does, rounds alike up to a renaming of suits settle alike.
    pub fn names_suit(&self) -> bool {
        self.conditions().any(Cond::names_suit)
    }

    /// Every condition of the wager: its events' in order, then its
    /// `placed` condition if it has one.
    pub fn conditions(&self) -> impl Iterator<Item = &Cond> {
        let placed = self.placed.iter().map(|p| &p.when);
        self.events.iter().map(|e| &e.when).chain(placed)
    }

    /// Whether the wager is staked on this round (see `placed`).
    pub fn is_placed(&self, round: &Round) -> bool {
        self.placed.as_ref().is_none_or(|p| p.when.holds(round))
    }
}

#[derive(Clone, Debug)]
pub struct Placed {
    pub source: String,
    pub when: Cond,
    pub needs: Needs,
}

/// Wagers staked together on one round (e.g. Enter plus the Draw bet),
/// each under its first pay table, one unit each when placed.
#[derive(Clone, Debug)]
pub struct Combined {
    pub id: String,
    pub name: String,
    /// Indices into `Spec::wagers`.
    pub wagers: Vec<usize>,
    /// The wager the house edge is quoted per (always placed).
    pub per: usize,
}

/// A printed house edge for a wager whose pays the document omits: which
/// small integer pay tables give it.
#[derive(Clone, Debug)]
pub struct PaySearch {
    pub wager: usize,
    /// As printed, e.g. "5.32%"; matched at its printed precision.
    pub house_edge: String,
    pub source: String,
    /// Per event of the wager: the pays to try (empty: fixed), in listed order.
    pub ranges: Vec<PayRange>,
    /// Pays must not rise down the list of searched events.
    pub non_increasing: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayRange {
    Fixed(Pay),
    /// Whole "to 1" pays from..=to.
    Search(i64, i64),
}

#[derive(Clone, Debug)]
pub struct Claim {
    pub wagers: Vec<String>,
    pub pay_table: String,
    /// A claim about a `combined` entry (then `wagers` and `pay_table` are empty).
    pub combined: Option<String>,
    /// As printed, e.g. "6.1%".
    pub house_edge: String,
    pub source: String,
}

#[derive(Clone, Debug)]
pub struct Interpretation {
    pub id: String,
    pub question: String,
    pub chosen: Reading,
    pub alternative: Reading,
    /// The alternative is weakly supported: a question to the submitter.
    pub ask_submitter: bool,
}

/// A reading of the game's own rules that admits another: the chosen
/// reading is the spec's game; the alternative changes some of its fields
/// (`alternative.game`), and the figures it `changes` are computed under
/// both.
#[derive(Clone, Debug)]
pub struct GameInterpretation {
    pub id: String,
    pub question: String,
    /// The chosen reading in words (the spec's game).
    pub chosen: String,
    /// The alternative reading in words.
    pub alternative: String,
    /// The wagers and combined entries (ids, checked) whose figures the
    /// reading changes.
    pub changes: Vec<String>,
    /// Where `changes` is written: the list is checked against what the
    /// alternative game is computed to change (`verify::changes`).
    pub changes_at: Option<crate::diag::Position>,
    /// The alternative is weakly supported: a question to the submitter.
    pub ask_submitter: bool,
    /// The whole spec under the alternative game (with no game
    /// interpretations of its own).
    pub spec: Box<Spec>,
}

#[derive(Clone, Debug)]
pub struct Reading {
    pub reading: String,
    pub wager: String,
    pub pay_table: Option<String>,
}

impl Spec {
    /// Whether every strategy can play: none is an optimal strategy still
    /// waiting for its shoe (`crate::strategy` resolves them).
    pub fn strategies_resolved(&self) -> bool {
        match &self.game.first {
            FirstRule::Decides(d) => !d
                .strategies
                .iter()
                .any(|s| matches!(s.rule, StrategyRule::Optimal(_))),
            FirstRule::Totals(_) => true,
        }
    }

    /// The declared leaflet (`leaflets:`) with this id.
    pub fn leaflet(&self, id: &str) -> Option<&LeafletPlan> {
        self.leaflets.iter().find(|l| l.id == id)
    }

    pub fn wager(&self, id: &str) -> Option<&Wager> {
        self.wagers.iter().find(|w| w.id == id)
    }

    /// The assumption a pay table's pays rest on, where it has one.
    pub fn assumed_pays(&self, wager: &str, table: &str) -> Option<&Assumption> {
        let t = self
            .wager(wager)?
            .pay_tables
            .iter()
            .find(|t| t.id == table)?;
        let id = t.assumed.as_deref()?;
        self.assumptions.iter().find(|a| a.id == id)
    }

    /// The first hand's decision rule, where its owner decides.
    pub fn decides(&self) -> Option<&Decides> {
        match &self.game.first {
            FirstRule::Decides(d) => Some(d),
            FirstRule::Totals(_) => None,
        }
    }
}
