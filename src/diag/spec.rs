//! What the checker refuses in a spec once its YAML has loaded: the shoe, the
//! game and its drawing rules, the player's decision, wagers and their pay
//! tables, claims, combined entries, pay searches and the `table:` section.
//! Expressions have kinds of their own.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    // Names and ids.
    /// ```yaml
    /// wagers:
    ///   - id: Lucky-7      # upper case and `-`
    /// ```
    /// `what` is the kind of id: spec, hand, wager, event, pay table...
    InvalidId { what: &'static str, id: String },
    /// ```yaml
    /// hands: [player, suit]      # `suit` names a card attribute
    /// ```
    ReservedName { name: String },
    /// ```yaml
    /// claims:
    ///   - { wagers: [tye], pay_table: standard, house_edge: "14.4%" }
    /// ```
    UnknownWager { name: String },
    /// ```yaml
    /// claims:
    ///   - { wagers: [tie], pay_table: nine_to_one, house_edge: "4.8%" }   # tie has `standard` only
    /// ```
    UnknownPayTable { wager: String, table: String },
    /// ```yaml
    /// claims:
    ///   - { house_edge: "6.1%" }     # neither `wagers` nor `combined`
    /// ```
    ClaimTarget,
    /// ```yaml
    /// claims:
    ///   - { wagers: [tie], pay_table: standard, house_edge: "14.4" }   # no `%`
    /// ```
    InvalidPrintedEdge { printed: String },

    // The shoe.
    /// ```yaml
    /// shoe: { decks: 8, allowed_decks: [8, 1] }
    /// ```
    InvalidDeckRange { range: Vec<i64> },
    /// ```yaml
    /// shoe: { decks: -2, allowed_decks: [1, 8] }
    /// ```
    DecksNotPositive { decks: i64 },
    /// ```yaml
    /// shoe: { decks: 9, allowed_decks: [1, 8] }
    /// ```
    DecksOutOfRange { decks: i64, min: u32, max: u32 },
    /// ```yaml
    /// shoe: { decks: 8, allowed_decks: [3, 8], document_decks: { counts: [2, 8], source: x } }
    /// ```
    DocumentDecksOutOfRange { decks: i64, min: u32, max: u32 },
    /// ```yaml
    /// document_decks: { counts: [6, 8, 6], source: x }
    /// ```
    DocumentDecksTwice { decks: i64 },
    /// ```yaml
    /// shoe: { decks: 7, allowed_decks: [1, 8], document_decks: { counts: [6, 8], source: x } }
    /// ```
    DefaultNotNamed { decks: u32, counts: Vec<u32> },
    /// ```yaml
    /// document_decks: { counts: [], source: x }     # no `default_because`
    /// ```
    DefaultUnexplained,

    // The game and its drawing rules.
    /// ```yaml
    /// hands: [player, player]
    /// ```
    NotTwoHands,
    /// ```yaml
    /// deal: [player, banker, player]
    /// ```
    DealNotFourCards { cards: usize },
    /// ```yaml
    /// deal: [player, banker, player, dealer]    # hands: [player, banker]
    /// ```
    UnknownDealHand { hand: String },
    /// ```yaml
    /// deal: [player, player, player, banker]
    /// ```
    UnevenDeal,
    /// ```yaml
    /// naturals: [8, 10]
    /// ```
    /// `list` names the list: naturals, draws_on or when_other_stands.
    TotalOutOfRange { list: &'static str, total: i64 },
    /// ```yaml
    /// drawing:
    ///   player: { draws_on: [0, 1, 2, 3, 4, 5] }
    ///   player: { draws_on: [0, 1, 2] }
    /// ```
    TwoDrawingRules { hand: String },
    /// ```yaml
    /// drawing:
    ///   dealer: { draws_on: [0, 1, 2, 3, 4, 5] }   # hands: [player, banker]
    /// ```
    DrawingRuleForUnknownHand { hand: String },
    /// ```yaml
    /// drawing:
    ///   player: { draws_on: [0, 1, 2, 3, 4, 5] }    # and nothing for banker
    /// ```
    NoDrawingRule { hand: String },
    /// ```yaml
    /// drawing:
    ///   player: { when_other_stands: [0, 1, 2, 3, 4, 5] }
    /// ```
    FirstHandFollows,
    /// ```yaml
    /// drawing:
    ///   player: { draws_on: [0, 1, 2], decides: { default: stand } }
    /// ```
    FirstRuleAmbiguous,
    /// ```yaml
    /// drawing:
    ///   banker: { decides: { default: stand } }
    /// ```
    SecondHandDecides,
    /// ```yaml
    /// banker: { draws_on: [0, 1, 2], when_other_stands: [0, 1, 2, 3, 4, 5] }
    /// ```
    DrawsOnAndChart,
    /// ```yaml
    /// banker: { when_other_stands: [0, 1, 2, 3, 4, 5] }    # no chart
    /// ```
    SecondRuleIncomplete,
    /// ```yaml
    /// when_other_draws:
    ///   "ten": "H H H H H H H H H H"
    /// ```
    ChartRowNotATotal { row: String },
    /// ```yaml
    /// when_other_draws:
    ///   "3": "H H H H H H H H S H"
    ///   "3": "H H H H H H H H H H"
    /// ```
    ChartRowTwice { total: u8 },
    /// ```yaml
    /// when_other_draws:
    ///   "3": "H H H H H H H H S"     # nine cells
    /// ```
    ChartRowCells { total: u8 },
    /// ```yaml
    /// when_other_draws:      # rows 0 to 6 but no "7"
    ///   "6": "S S S S S S H H S S"
    /// ```
    ChartRowMissing { total: u16 },

    // The player's decision.
    /// ```yaml
    /// decides: { strategies: { optimal: player.total < 5 }, default: optimal }
    /// ```
    OptimalReserved,
    /// ```yaml
    /// decides:
    ///   sees: [player.first, player.second]
    ///   strategies: { peek: banker.first.value > 5 }
    /// ```
    StrategyUnseen { strategy: String, card: String },
    /// ```yaml
    /// strategies: { faces: player.first.face }
    /// ```
    StrategyReadsRank { strategy: String },
    /// ```yaml
    /// sees: [player.first, player.first]
    /// ```
    SeenTwice { card: String },
    /// ```yaml
    /// sees: [player.third]
    /// ```
    SeesThirdCard,
    /// ```yaml
    /// sees: [player.total]
    /// ```
    SeesNotACard,
    /// ```yaml
    /// sees: []
    /// ```
    SeesEmpty,
    /// ```yaml
    /// decides: { optimal: [player], default: optimal }    # no `sees`
    /// ```
    OptimalWithoutSees,
    /// ```yaml
    /// optimal: [lucky_match]     # its events read ranks
    /// ```
    ObjectiveReadsRank { wager: String },
    /// ```yaml
    /// optimal: []
    /// ```
    OptimalEmpty,
    /// ```yaml
    /// decides: { strategies: { hit: player.total < 6 }, default: stand }
    /// ```
    UnknownDefaultStrategy { name: String },

    // Wagers, events and pay tables.
    /// ```yaml
    /// wagers:
    ///   - id: tie
    ///   - id: tie
    /// ```
    DuplicateWagerId { id: String },
    /// ```yaml
    /// - { id: tie, precedence: first_match, ... }
    /// ```
    UnknownPrecedence { precedence: String },
    /// ```yaml
    /// events:
    ///   - { id: win, when: banker.wins }
    ///   - { id: win, when: banker.natural }
    /// ```
    DuplicateEventId { event: String, wager: String },
    /// ```yaml
    /// - { id: tie, events: [], pay_tables: [...] }
    /// ```
    NoEvents { wager: String },
    /// ```yaml
    /// - { id: tie, events: [...], pay_tables: [] }
    /// ```
    NoPayTables { wager: String },
    /// ```yaml
    /// pay_tables:
    ///   - { id: standard, pays: { tie: 8 } }
    ///   - { id: standard, pays: { tie: 9 } }
    /// ```
    DuplicatePayTableId { table: String },
    /// ```yaml
    /// events: [{ id: tie, when: tie }]
    /// pay_tables:
    ///   - { id: standard, pays: { tie: 8, natural: 9 } }
    /// ```
    UnknownEvent {
        table: String,
        event: String,
        wager: String,
    },
    /// ```yaml
    /// pays: { tie: 8, tie: 9 }
    /// ```
    EventPricedTwice { event: String },
    /// ```yaml
    /// events: [{ id: tie, when: tie }, { id: natural, when: player.natural }]
    /// pay_tables: [{ id: standard, pays: { tie: 8 } }]
    /// ```
    EventUnpriced { event: String },
    /// ```yaml
    /// pay_tables:
    ///   - { id: a, pays: { tie: 8, natural: 9 } }
    ///   - { id: b, pays: { tie: 9 } }         # natural missing
    /// ```
    TableMissesEvent { table: String, event: String },
    /// ```yaml
    /// pays: { tie: "eight to one" }
    /// ```
    InvalidPay { pay: String },

    // Combined entries and pay searches.
    /// ```yaml
    /// claims:
    ///   - { combined: mian, house_edge: "1.2%" }
    /// ```
    UnknownCombined { id: String },
    /// ```yaml
    /// combined:
    ///   - { id: both, wagers: [banker, banker], per: banker }
    /// ```
    WagerListedTwice { wager: String },
    /// ```yaml
    /// combined:
    ///   - { id: both, wagers: [banker, lucky_7], per: player }
    /// ```
    PerNotCombined { per: String },
    /// ```yaml
    /// combined:
    ///   - { id: both, wagers: [banker, lucky_7], per: lucky_7 }   # lucky_7 has `placed`
    /// ```
    PerNotAlwaysPlaced { per: String },
    /// ```yaml
    /// pay_searches:
    ///   - { wager: lucky_7, ... }    # lucky_7 has `precedence: highest_pay`
    /// ```
    PaySearchPrecedence,
    /// ```yaml
    /// pay_searches:
    ///   - { wager: tie, pays: { tei: "1..100" }, ... }
    /// ```
    NoSuchEvent { wager: String, event: String },
    /// ```yaml
    /// pay_searches:
    ///   - { wager: lucky_7, pays: { six_card: "1..100" }, ... }   # other events missing
    /// ```
    PaySearchUnpriced { event: String },
    /// ```yaml
    /// pays: { a: "1..100000", b: "1..100000", c: "1..100000" }
    /// ```
    PaySearchTooWide,
    /// ```yaml
    /// pays: { six_card: "100..1" }
    /// ```
    InvalidPayRange { range: String },

    // The `table:` section.
    /// ```yaml
    /// table: { seats: 1, ... }
    /// ```
    InvalidSeats { seats: i64, min: i64, max: i64 },
    /// ```yaml
    /// table: { rotation: 0, ... }
    /// ```
    InvalidRotation { rotation: i64, min: i64, max: i64 },
    /// ```yaml
    /// table: { coverage: whole_stake, ... }
    /// ```
    UnknownCoverage { coverage: String },
    /// ```yaml
    /// table: { line_wagers: [], ... }
    /// ```
    NoLineWager,
    /// ```yaml
    /// table: { settlement_order: [player], ... }    # banker is missing
    /// ```
    NotInSettlementOrder { wager: String },
    /// ```yaml
    /// table: { line_wagers: [player, player], ... }
    /// ```
    /// `list` names the list: settlement order, line wagers, side bets...
    ListedTwiceIn { wager: String, list: &'static str },
    /// ```yaml
    /// limits: { player: [5, 100], player: [10, 200] }
    /// ```
    TwoLimits { wager: String },
    /// ```yaml
    /// table: { line_wagers: [player], side_bets: [player], ... }
    /// ```
    LineAndSide { wager: String },
    /// ```yaml
    /// table: { settlement_order: [player, tie], line_wagers: [player], ... }   # tie in neither
    /// ```
    NeitherLineNorSide { wager: String },
    /// ```yaml
    /// table: { settlement_order: [player], limits: {}, ... }
    /// ```
    NoLimits { wager: String },
    /// ```yaml
    /// limits: { player: [5] }
    /// ```
    LimitNotPair,
    /// ```yaml
    /// limits: { player: [5, 2.555] }
    /// ```
    InvalidAmount { amount: String },
    /// ```yaml
    /// limits: { side: [10, 1] }
    /// ```
    LimitInverted,

    // Assumptions and the readings of the document.
    /// ```yaml
    /// assumptions:
    ///   - { id: pair, ... }
    ///   - { id: pair, ... }
    /// ```
    DuplicateAssumptionId { id: String },
    /// ```yaml
    /// assumptions:
    ///   - { id: pair, choice: same rank, why: usual meaning }   # no `source`
    /// ```
    AssumptionWithoutSource { id: String },
    /// ```yaml
    /// source: { quote: "Player or Banker Pair" }    # no `at`
    /// ```
    AssumptionUnlocated { id: String },
    /// ```yaml
    /// source: { at: "Banker or Player Pair" }    # no `quote`
    /// ```
    AssumptionUnquoted { id: String },
    /// ```yaml
    /// readings:
    ///   - { item: "4", assumptions: [highest_row] }    # no such assumption
    /// ```
    UnknownAssumption { name: String },
    /// ```yaml
    /// readings:
    ///   - { item: "5", interpretations: [exposed] }
    /// ```
    UnknownInterpretation { name: String },
    /// ```yaml
    /// readings:
    ///   - { item: "12", rules: [entr] }
    /// ```
    UnknownRuleRef { name: String },
    /// ```yaml
    /// readings:
    ///   - { item: "3" }     # no rule, assumption, interpretation or `not_modelled`
    /// ```
    ReadingNamesNothing { item: String },
    /// ```yaml
    /// readings:
    ///   - { item: "3", rules: [game] }
    ///   - { item: "3", rules: [enter] }
    /// ```
    ReadingItemTwice { item: String },
    /// ```yaml
    /// source: { document: rules.txt, unambiguous: true }
    /// assumptions:
    ///   - id: highest_row_only     # a question the document leaves open
    /// ```
    UnambiguousButOpen { open: Vec<String> },
    /// ```yaml
    /// report: { date: 25/11/2026 }
    /// ```
    ReportDate { date: String },
    /// ```yaml
    /// report: { simulate: 0 }
    /// ```
    ReportRounds { rounds: i64 },
    /// ```yaml
    /// report: { rounds_per_hour: 0 }
    /// ```
    RoundsPerHour { rounds: i64 },
    /// ```yaml
    /// source: { document: rules.txt, sha256: abc123 }
    /// ```
    InvalidSha256 { sha: String },
    /// ```yaml
    /// report: { headline: [{ pay_table: standard }] }   # no wager or combined
    /// ```
    HeadlineTarget,
    /// ```yaml
    /// report: { typical_strategy: { strategy: draw_on_9, why: "..." } }
    /// ```
    UnknownStrategy { name: String },
    /// ```yaml
    /// submission: { edition: texas }
    /// ```
    UnknownEdition { name: String },
    /// ```yaml
    /// table: { fees: [{ paid_by: player, per: wager, percent: 5 }], ... }
    /// ```
    PercentageFee,
    /// ```yaml
    /// table: { fees: [{ paid_by: house, per: wager, amount: 1 }], ... }
    /// ```
    /// `field` is `paid_by` or `per`.
    UnknownFeeValue { field: &'static str, value: String },
    /// ```yaml
    /// submission: { max_bets: { lucky_match: 300 }, payout_limits: { lucky_match: 4000 } }   # the rule asks at least 15,000
    /// ```
    /// Found by the Washington edition (WAC 230-15-490 (3)(b)).
    PayoutLimitShort {
        wager: String,
        declared: String,
        required: String,
    },
    /// ```yaml
    /// submission: { payout_limits: { lucky_7: 5000 } }   # Lucky 7 pays at most 40 to 1
    /// ```
    /// Found by the Washington edition (WAC 230-15-490 (3)(c)).
    PayoutLimitNotAllowed { wager: String, odds: String },
    /// ```yaml
    /// submission: { payout_limits: { per_player: 15000, table: 30000 } }
    /// ```
    /// The limits of WAC 230-15-490 as it read from 2008 to 2021.
    SupersededPayoutLimit { key: String },
    /// `certify SPEC --edition washington` with a prize paying 50 to 1 or
    /// more whose maximum bet is declared nowhere.
    NoBetLimits { wagers: Vec<String> },
    /// ```yaml
    /// leaflets:
    ///   - { id: dragons, title: Dragons, wagers: [golden_dragon_7] }
    ///   - { id: dragons, title: More dragons, wagers: [red_dragon_7] }
    /// ```
    DuplicateLeafletId { id: String },
    /// ```yaml
    /// leaflets:
    ///   - { id: dragons, title: Treasure of the 5 Dragons, wagers: [] }
    /// ```
    LeafletEmpty { id: String },
    /// `certify SPEC --edition california` for a spec without a `table:`
    /// section (no player-dealer position).
    NoPlayerDealer { spec: String },
    /// ```yaml
    /// alternative: { reading: "...", pay_table: tie_loses }   # no wager, no game
    /// ```
    /// A wager's reading names no wager (`which`: `chosen` or `alternative`).
    ReadingNamesNoWager { which: &'static str },
    /// ```yaml
    /// chosen: { reading: "...", wager: enter }
    /// alternative: { reading: "...", game: { naturals: [8, 9] }, changes: [enter] }
    /// ```
    /// A reading of the game's rules names a wager: its chosen reading is
    /// the spec's game, its alternative the game changed.
    GameReadingNamesWager { which: &'static str },
    /// ```yaml
    /// alternative: { reading: "...", game: { naturals: [8, 9] } }   # no `changes`
    /// ```
    GameReadingChangesNothing,
    /// ```yaml
    /// chosen: { reading: "...", game: { naturals: [] } }
    /// ```
    ChosenGameChange,
    /// ```yaml
    /// changes: [main_gam]
    /// ```
    UnknownChanged { name: String },
    /// ```yaml
    /// game: { naturals: [] }   # the banker's chart now lacks rows 8 and 9
    /// ```
    /// The spec, checked again under the alternative game, is refused.
    AlternativeGameRefused { id: String, message: String },
    /// ```yaml
    /// min_bets: { lucky_7: 100 }
    /// max_bets: { lucky_7: 10 }
    /// ```
    BetsInverted {
        wager: String,
        min: String,
        max: String,
    },
    /// ```yaml
    /// naturals: [8, 8, 9]
    /// ```
    TotalTwice { list: &'static str, total: i64 },
    /// ```yaml
    /// naturals: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]     # or [0], [5, 9]
    /// ```
    /// Naturals are the highest two-card totals, and some total must draw.
    NaturalsNotHighest { naturals: String },
    /// ```yaml
    /// changes: [enter, draw]     # the alternative changes main_game too
    /// ```
    /// Found when the report is computed: the wagers and combined entries
    /// whose figures differ under the alternative game are not the list.
    ChangesDiffer {
        id: String,
        unchanged: Vec<String>,
        unlisted: Vec<String>,
    },
    /// A spec past a size limit of `crate::limits`: a 101st wager, a 51st
    /// pay table of one wager, a 5,001st event of one wager, or more than
    /// 20,000 settlement lines in all.
    TooMany {
        what: &'static str,
        max: usize,
        found: usize,
    },

    // Families (`each`).
    /// ```yaml
    /// each: { total: [] }
    /// ```
    FamilyEmpty,
    /// ```yaml
    /// each: { total: [9..0] }
    /// ```
    FamilyRange { text: String },
    /// ```yaml
    /// each: [{ total: 0, pay: 150 }, { total: 1 }]
    /// ```
    FamilyRowsDiffer,
    /// ```yaml
    /// each: { total: [0..9] }
    /// id: tie_{totl}
    /// ```
    FamilyVariableUnknown { name: String },
    /// A wager written without `pay_tables` (counted only) named where a
    /// priced wager is needed: `claims: [{ wagers: [banker_totals], ... }]`.
    CountedOnly { wager: String },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SpecError::*;
        match self {
            InvalidId { what, id } => write!(f, "invalid {what} id `{id}`"),
            ReservedName { name } => write!(f, "`{name}` is a reserved name"),
            UnknownWager { name } => write!(f, "unknown wager `{name}`"),
            UnknownPayTable { wager, table } => {
                write!(f, "wager `{wager}` has no pay table `{table}`")
            }
            ClaimTarget => f.write_str("a claim names `wagers` and `pay_table`, or `combined`"),
            InvalidPrintedEdge { .. } => f.write_str("invalid printed house edge"),
            InvalidDeckRange { .. } => f.write_str("invalid allowed deck range"),
            DecksNotPositive { .. } => f.write_str("deck count must be positive"),
            DecksOutOfRange { .. } => f.write_str("deck count outside the allowed range"),
            DocumentDecksOutOfRange { .. } => {
                f.write_str("a deck count the document names is outside the allowed range")
            }
            DocumentDecksTwice { decks } => write!(f, "deck count {decks} is listed twice"),
            ReportDate { date } => write!(f, "`{date}` is not a date of analysis"),
            UnknownEdition { name } => write!(f, "unknown edition `{name}`"),
            PercentageFee => f.write_str(
                "a collection fee is a fixed amount, never a percentage of wagers or winnings",
            ),
            UnknownFeeValue { field, value } => write!(f, "`{value}` is not a fee's `{field}`"),
            PayoutLimitShort {
                wager,
                declared,
                required,
            } => write!(
                f,
                "the declared payout limit on {wager}, {declared}, is below the {required} the rule requires (its maximum bet times its highest odds up to 50 to 1)"
            ),
            PayoutLimitNotAllowed { wager, odds } => write!(
                f,
                "no payout limit may be imposed on {wager}: its highest odds, {odds}, are under 50 to 1"
            ),
            SupersededPayoutLimit { key } => write!(
                f,
                "`{key}` is a limit of WAC 230-15-490 as it read before 2021-06-14 (WSR 07-09-033), superseded by WSR 21-11-057"
            ),
            NoPlayerDealer { spec } => write!(
                f,
                "`{spec}` declares no player-dealer position (no `table:` section)"
            ),
            ReadingNamesNoWager { which } => {
                write!(f, "the {which} reading names no wager")
            }
            GameReadingNamesWager { which } => write!(
                f,
                "the {which} reading of the game's rules names a wager"
            ),
            GameReadingChangesNothing => {
                f.write_str("a reading of the game's rules lists no figures it `changes`")
            }
            ChosenGameChange => f.write_str("only the alternative reading changes the game"),
            UnknownChanged { name } => write!(f, "unknown wager or combined entry `{name}`"),
            AlternativeGameRefused { id, message } => write!(
                f,
                "under the alternative reading `{id}` the game is refused: {message}"
            ),
            NoBetLimits { wagers } => write!(
                f,
                "the payout limits need the maximum bet of {}",
                wagers.join(", ")
            ),
            ReportRounds { rounds } => {
                write!(f, "{rounds} is not a number of rounds to simulate")
            }
            RoundsPerHour { rounds } => {
                write!(f, "{rounds} is not a number of rounds dealt an hour")
            }
            InvalidSha256 { sha } => write!(f, "`{sha}` is not a SHA-256"),
            HeadlineTarget => {
                f.write_str("a headline figure names a `wager` (and `pay_table`) or a `combined` entry")
            }
            UnknownStrategy { name } => write!(f, "unknown strategy `{name}`"),
            DefaultNotNamed { .. } => {
                f.write_str("the default deck count is not one the document names")
            }
            DefaultUnexplained => f.write_str(
                "the document names no deck count: `default_because` says why the default is used",
            ),
            NotTwoHands => f.write_str("a game has exactly two hands"),
            DealNotFourCards { .. } => f.write_str("the initial deal is four cards"),
            UnknownDealHand { hand } => write!(f, "unknown hand `{hand}` in the deal"),
            UnevenDeal => f.write_str("each hand receives two cards in the initial deal"),
            TotalOutOfRange { list, .. } => write!(f, "{list}: totals run from 0 to 9"),
            TwoDrawingRules { hand } => write!(f, "hand `{hand}` has two drawing rules"),
            DrawingRuleForUnknownHand { hand } => {
                write!(f, "drawing rule for unknown hand `{hand}`")
            }
            NoDrawingRule { hand } => write!(f, "no drawing rule for hand `{hand}`"),
            FirstHandFollows => {
                f.write_str("the first hand draws before the other: use `draws_on` or `decides`")
            }
            FirstRuleAmbiguous => {
                f.write_str("a drawing rule needs exactly one of `draws_on` and `decides`")
            }
            SecondHandDecides => {
                f.write_str("only the first hand may decide; the second follows a rule")
            }
            DrawsOnAndChart => f.write_str(
                "use either `draws_on` or the pair `when_other_stands`/`when_other_draws`",
            ),
            SecondRuleIncomplete => f.write_str(
                "the second hand needs `draws_on`, or both `when_other_stands` and `when_other_draws`",
            ),
            ChartRowNotATotal { .. } => f.write_str("chart row must be a total from 0 to 9"),
            ChartRowTwice { total } => write!(f, "chart row {total} appears twice"),
            ChartRowCells { total } => write!(
                f,
                "chart row {total} must have ten cells, H (hit) or S (stand), for third-card values 0 to 9"
            ),
            ChartRowMissing { total } => {
                write!(f, "the `when_other_draws` chart has no row for total {total}")
            }
            OptimalReserved => f.write_str("`optimal` is the strategy certify computes"),
            StrategyUnseen { strategy, card } => write!(
                f,
                "strategy `{strategy}` reads `{card}`, which its owner does not see"
            ),
            StrategyReadsRank { strategy } => {
                write!(f, "strategy `{strategy}` reads a rank or a suit")
            }
            SeenTwice { card } => write!(f, "`{card}` is listed twice"),
            SeesThirdCard => f.write_str("a third card is not dealt when the owner decides"),
            SeesNotACard => f.write_str("`sees` lists cards"),
            SeesEmpty => f.write_str("`sees` is empty"),
            OptimalWithoutSees => f.write_str("an optimal strategy needs `sees`"),
            ObjectiveReadsRank { wager } => write!(f, "wager `{wager}` reads ranks or suits"),
            OptimalEmpty => f.write_str("`optimal` lists no wager"),
            UnknownDefaultStrategy { name } => write!(f, "unknown default strategy `{name}`"),
            DuplicateWagerId { id } => write!(f, "duplicate wager id `{id}`"),
            UnknownPrecedence { .. } => f.write_str("unknown precedence"),
            DuplicateEventId { event, wager } => {
                write!(f, "duplicate event id `{event}` in wager `{wager}`")
            }
            NoEvents { wager } => write!(f, "wager `{wager}` declares no events"),
            NoPayTables { wager } => write!(f, "wager `{wager}` has no pay table"),
            DuplicatePayTableId { table } => write!(f, "duplicate pay table id `{table}`"),
            UnknownEvent {
                table,
                event,
                wager,
            } => write!(
                f,
                "pay table `{table}` names event `{event}`, which wager `{wager}` does not declare"
            ),
            EventPricedTwice { event } => write!(f, "event `{event}` priced twice"),
            EventUnpriced { event } => write!(f, "event `{event}` is priced by no pay table"),
            TableMissesEvent { table, event } => {
                write!(f, "pay table `{table}` does not price event `{event}`")
            }
            InvalidPay { .. } => f.write_str("invalid pay"),
            UnknownCombined { id } => write!(f, "unknown combined entry `{id}`"),
            WagerListedTwice { wager } => write!(f, "wager `{wager}` is listed twice"),
            PerNotCombined { per } => write!(f, "`{per}` is not one of the combined wagers"),
            PerNotAlwaysPlaced { per } => write!(
                f,
                "`{per}` is not always placed, so edges cannot be quoted per it"
            ),
            PaySearchPrecedence => {
                f.write_str("a pay search needs a wager with `precedence: listed_order`")
            }
            NoSuchEvent { wager, event } => write!(f, "wager `{wager}` declares no event `{event}`"),
            PaySearchUnpriced { event } => {
                write!(f, "the pay search does not price event `{event}`")
            }
            PaySearchTooWide => f.write_str("the pay search ranges are too wide (over 10^9 tables)"),
            InvalidPayRange { .. } => f.write_str("invalid pay range"),
            InvalidSeats { .. } => f.write_str("invalid seats"),
            InvalidRotation { .. } => f.write_str("invalid rotation"),
            UnknownCoverage { .. } => f.write_str("unknown coverage rule"),
            NoLineWager => f.write_str("a table needs at least one line wager"),
            NotInSettlementOrder { wager } => {
                write!(f, "wager `{wager}` has no place in the settlement order")
            }
            ListedTwiceIn { wager, list } => write!(f, "wager `{wager}` is listed twice in the {list}"),
            TwoLimits { wager } => write!(f, "wager `{wager}` has two limits"),
            LineAndSide { wager } => {
                write!(f, "wager `{wager}` is both a line wager and a side bet")
            }
            NeitherLineNorSide { wager } => {
                write!(f, "wager `{wager}` is neither a line wager nor a side bet")
            }
            NoLimits { wager } => write!(f, "wager `{wager}` has no limits"),
            LimitNotPair => f.write_str("a limit is `[min, max]`"),
            InvalidAmount { .. } => f.write_str("invalid amount"),
            LimitInverted => f.write_str("the minimum is above the maximum"),
            DuplicateAssumptionId { id } => write!(f, "duplicate assumption id `{id}`"),
            AssumptionWithoutSource { id } => write!(
                f,
                "assumption `{id}` has no source: quote the document's words and say where they are"
            ),
            AssumptionUnlocated { id } => write!(
                f,
                "assumption `{id}` does not say where in the document its words are"
            ),
            AssumptionUnquoted { id } => {
                write!(f, "assumption `{id}` does not quote the document's words")
            }
            UnknownAssumption { name } => write!(f, "unknown assumption `{name}`"),
            UnknownInterpretation { name } => write!(f, "unknown interpretation `{name}`"),
            UnknownRuleRef { name } => write!(f, "`{name}` names no part of the spec"),
            ReadingNamesNothing { item } => write!(
                f,
                "the reading of item `{item}` names no rule, assumption or interpretation and does not say why it is not modelled"
            ),
            ReadingItemTwice { item } => write!(f, "item `{item}` is read twice"),
            UnambiguousButOpen { open } => write!(
                f,
                "`unambiguous: true` says the document's words leave no question open, but the spec declares {} the document leaves open: {}",
                if open.len() == 1 {
                    "one reading".to_string()
                } else {
                    format!("{} readings", open.len())
                },
                super::words::list(open)
            ),
            DuplicateLeafletId { id } => write!(f, "duplicate leaflet id `{id}`"),
            LeafletEmpty { id } => write!(f, "leaflet `{id}` lists no wager"),
            BetsInverted { wager, min, max } => write!(
                f,
                "wager `{wager}`'s minimum bet {min} is above its maximum bet {max}"
            ),
            TotalTwice { list, total } => write!(f, "{list}: total {total} is listed twice"),
            NaturalsNotHighest { naturals } => write!(
                f,
                "naturals {naturals} are not the highest totals: a natural is a run of two-card totals ending at 9 ([9], [8, 9], [7, 8, 9], ...), and some total must draw"
            ),
            ChangesDiffer {
                id,
                unchanged,
                unlisted,
            } => {
                write!(f, "the alternative reading `{id}`'s `changes` is not what it changes:")?;
                if !unchanged.is_empty() {
                    write!(
                        f,
                        " the figures of {} are the same under both readings",
                        super::list(&ticked(unchanged))
                    )?;
                }
                if !unchanged.is_empty() && !unlisted.is_empty() {
                    f.write_str(";")?;
                }
                if !unlisted.is_empty() {
                    write!(
                        f,
                        " the figures of {} differ but are not listed",
                        super::list(&ticked(unlisted))
                    )?;
                }
                Ok(())
            }
            TooMany { what, max, found } => write!(
                f,
                "too many {what}: {found}, at most {max} (the limits are in the manual's limits chapter)"
            ),
            FamilyEmpty => f.write_str("this `each` gives no member"),
            FamilyRange { text } => write!(f, "invalid range `{text}`"),
            FamilyRowsDiffer => f.write_str("every row of `each` names the same variables"),
            FamilyVariableUnknown { name } => {
                write!(f, "`{{{name}}}` names no variable of the family")
            }
            CountedOnly { wager } => write!(
                f,
                "wager `{wager}` has no pay table: it is counted only"
            ),
        }
    }
}

/// Ids as a message quotes them.
fn ticked(ids: &[String]) -> Vec<String> {
    ids.iter().map(|i| format!("`{i}`")).collect()
}

#[cfg(test)]
mod tests;
