//! Every kind of spec error with an input that triggers it and its exact
//! wording (exhaustive: a new kind fails to compile until it has a case).

use super::SpecError::{self, *};

/// Exhaustive, so a new variant fails to compile until it is given a
/// case below.
fn ordinal(e: &SpecError) -> usize {
    match e {
        InvalidId { .. } => 0,
        ReservedName { .. } => 1,
        UnknownWager { .. } => 2,
        UnknownPayTable { .. } => 3,
        ClaimTarget => 4,
        InvalidPrintedEdge { .. } => 5,
        InvalidDeckRange { .. } => 6,
        DecksNotPositive { .. } => 7,
        DecksOutOfRange { .. } => 8,
        NotTwoHands => 9,
        DealNotFourCards { .. } => 10,
        UnknownDealHand { .. } => 11,
        UnevenDeal => 12,
        TotalOutOfRange { .. } => 13,
        TwoDrawingRules { .. } => 14,
        DrawingRuleForUnknownHand { .. } => 15,
        NoDrawingRule { .. } => 16,
        FirstHandFollows => 17,
        FirstRuleAmbiguous => 18,
        SecondHandDecides => 19,
        DrawsOnAndChart => 20,
        SecondRuleIncomplete => 21,
        ChartRowNotATotal { .. } => 22,
        ChartRowTwice { .. } => 23,
        ChartRowCells { .. } => 24,
        ChartRowMissing { .. } => 25,
        OptimalReserved => 26,
        StrategyUnseen { .. } => 27,
        StrategyReadsRank { .. } => 28,
        SeenTwice { .. } => 29,
        SeesThirdCard => 30,
        SeesNotACard => 31,
        SeesEmpty => 32,
        OptimalWithoutSees => 33,
        ObjectiveReadsRank { .. } => 34,
        OptimalEmpty => 35,
        UnknownDefaultStrategy { .. } => 36,
        DuplicateWagerId { .. } => 37,
        UnknownPrecedence { .. } => 38,
        DuplicateEventId { .. } => 39,
        NoEvents { .. } => 40,
        NoPayTables { .. } => 41,
        DuplicatePayTableId { .. } => 42,
        UnknownEvent { .. } => 43,
        EventPricedTwice { .. } => 44,
        EventUnpriced { .. } => 45,
        TableMissesEvent { .. } => 46,
        InvalidPay { .. } => 47,
        UnknownCombined { .. } => 48,
        WagerListedTwice { .. } => 49,
        PerNotCombined { .. } => 50,
        PerNotAlwaysPlaced { .. } => 51,
        PaySearchPrecedence => 52,
        NoSuchEvent { .. } => 53,
        PaySearchUnpriced { .. } => 54,
        PaySearchTooWide => 55,
        InvalidPayRange { .. } => 56,
        InvalidSeats { .. } => 57,
        InvalidRotation { .. } => 58,
        UnknownCoverage { .. } => 59,
        NoLineWager => 60,
        NotInSettlementOrder { .. } => 61,
        ListedTwiceIn { .. } => 62,
        TwoLimits { .. } => 63,
        LineAndSide { .. } => 64,
        NeitherLineNorSide { .. } => 65,
        NoLimits { .. } => 66,
        LimitNotPair => 67,
        InvalidAmount { .. } => 68,
        LimitInverted => 69,
        DocumentDecksOutOfRange { .. } => 70,
        DocumentDecksTwice { .. } => 71,
        DefaultNotNamed { .. } => 72,
        DefaultUnexplained => 73,
        DuplicateAssumptionId { .. } => 74,
        AssumptionWithoutSource { .. } => 75,
        AssumptionUnlocated { .. } => 76,
        AssumptionUnquoted { .. } => 77,
        UnknownAssumption { .. } => 78,
        UnknownInterpretation { .. } => 79,
        UnknownRuleRef { .. } => 80,
        ReadingNamesNothing { .. } => 81,
        ReadingItemTwice { .. } => 82,
        TooMany { .. } => 83,
        ReportDate { .. } => 84,
        ReportRounds { .. } => 85,
        InvalidSha256 { .. } => 86,
        HeadlineTarget => 87,
        UnknownStrategy { .. } => 88,
        UnknownEdition { .. } => 89,
        PercentageFee => 90,
        UnknownFeeValue { .. } => 91,
        PayoutLimitShort { .. } => 92,
        NoBetLimits { .. } => 93,
        NoPlayerDealer { .. } => 94,
        ReadingNamesNoWager { .. } => 95,
        GameReadingNamesWager { .. } => 96,
        GameReadingChangesNothing => 97,
        UnknownChanged { .. } => 98,
        AlternativeGameRefused { .. } => 99,
        ChosenGameChange => 100,
        DuplicateLeafletId { .. } => 101,
        LeafletEmpty { .. } => 102,
        BetsInverted { .. } => 103,
        SupersededPayoutLimit { .. } => 104,
        TotalTwice { .. } => 105,
        NaturalsNotHighest { .. } => 106,
        ChangesDiffer { .. } => 107,
        RoundsPerHour { .. } => 108,
        PayoutLimitNotAllowed { .. } => 109,
        FamilyEmpty => 110,
        FamilyRange { .. } => 111,
        FamilyRowsDiffer => 112,
        FamilyVariableUnknown { .. } => 113,
        CountedOnly { .. } => 114,
        UnambiguousButOpen { .. } => 115,
    }
}

fn s(x: &str) -> String {
    x.to_string()
}

#[test]
fn every_kind_has_its_one_wording() {
    let cases: Vec<(SpecError, &str)> = vec![
        (
            UnknownEdition { name: s("texas") },
            "unknown edition `texas`",
        ),
        (
            PercentageFee,
            "a collection fee is a fixed amount, never a percentage of wagers or winnings",
        ),
        (
            UnknownFeeValue {
                field: "paid_by",
                value: s("house"),
            },
            "`house` is not a fee's `paid_by`",
        ),
        (
            PayoutLimitShort {
                wager: s("Lucky Match"),
                declared: s("$4,000"),
                required: s("$15,000"),
            },
            "the declared payout limit on Lucky Match, $4,000, is below the $15,000 the rule requires (its maximum bet times its highest odds up to 50 to 1)",
        ),
        (
            PayoutLimitNotAllowed {
                wager: s("Lucky 7"),
                odds: s("40 to 1"),
            },
            "no payout limit may be imposed on Lucky 7: its highest odds, 40 to 1, are under 50 to 1",
        ),
        (
            SupersededPayoutLimit {
                key: s("per_player"),
            },
            "`per_player` is a limit of WAC 230-15-490 as it read before 2021-06-14 (WSR 07-09-033), superseded by WSR 21-11-057",
        ),
        (
            ReadingNamesNoWager {
                which: "alternative",
            },
            "the alternative reading names no wager",
        ),
        (
            GameReadingNamesWager { which: "chosen" },
            "the chosen reading of the game's rules names a wager",
        ),
        (
            ChosenGameChange,
            "only the alternative reading changes the game",
        ),
        (
            GameReadingChangesNothing,
            "a reading of the game's rules lists no figures it `changes`",
        ),
        (
            UnknownChanged {
                name: s("main_gam"),
            },
            "unknown wager or combined entry `main_gam`",
        ),
        (
            AlternativeGameRefused {
                id: s("naturals"),
                message: s("missing chart row for total 8"),
            },
            "under the alternative reading `naturals` the game is refused: missing chart row for total 8",
        ),
        (
            NoPlayerDealer { spec: s("lucky_8") },
            "`lucky_8` declares no player-dealer position (no `table:` section)",
        ),
        (
            NoBetLimits {
                wagers: vec![s("Lucky 8 Player")],
            },
            "the payout limits need the maximum bet of Lucky 8 Player",
        ),
        (
            ReportDate {
                date: s("25/11/2026"),
            },
            "`25/11/2026` is not a date of analysis",
        ),
        (
            ReportRounds { rounds: 0 },
            "0 is not a number of rounds to simulate",
        ),
        (
            UnambiguousButOpen {
                open: vec![s("assumption `tie_any_cards`")],
            },
            "`unambiguous: true` says the document's words leave no question open, but the spec declares one reading the document leaves open: assumption `tie_any_cards`",
        ),
        (
            RoundsPerHour { rounds: 0 },
            "0 is not a number of rounds dealt an hour",
        ),
        (
            InvalidSha256 { sha: s("abc123") },
            "`abc123` is not a SHA-256",
        ),
        (
            HeadlineTarget,
            "a headline figure names a `wager` (and `pay_table`) or a `combined` entry",
        ),
        (
            UnknownStrategy {
                name: s("draw_on_9"),
            },
            "unknown strategy `draw_on_9`",
        ),
        (
            InvalidId {
                what: "wager",
                id: s("Lucky-7"),
            },
            "invalid wager id `Lucky-7`",
        ),
        (
            ReservedName { name: s("suit") },
            "`suit` is a reserved name",
        ),
        (UnknownWager { name: s("tye") }, "unknown wager `tye`"),
        (
            UnknownPayTable {
                wager: s("tie"),
                table: s("nine"),
            },
            "wager `tie` has no pay table `nine`",
        ),
        (
            ClaimTarget,
            "a claim names `wagers` and `pay_table`, or `combined`",
        ),
        (
            InvalidPrintedEdge { printed: s("14.4") },
            "invalid printed house edge",
        ),
        (
            InvalidDeckRange { range: vec![8, 1] },
            "invalid allowed deck range",
        ),
        (
            DecksNotPositive { decks: -2 },
            "deck count must be positive",
        ),
        (
            DecksOutOfRange {
                decks: 9,
                min: 1,
                max: 8,
            },
            "deck count outside the allowed range",
        ),
        (NotTwoHands, "a game has exactly two hands"),
        (
            DealNotFourCards { cards: 3 },
            "the initial deal is four cards",
        ),
        (
            UnknownDealHand { hand: s("dealer") },
            "unknown hand `dealer` in the deal",
        ),
        (
            UnevenDeal,
            "each hand receives two cards in the initial deal",
        ),
        (
            TotalOutOfRange {
                list: "naturals",
                total: 10,
            },
            "naturals: totals run from 0 to 9",
        ),
        (
            TwoDrawingRules { hand: s("player") },
            "hand `player` has two drawing rules",
        ),
        (
            DrawingRuleForUnknownHand { hand: s("dealer") },
            "drawing rule for unknown hand `dealer`",
        ),
        (
            NoDrawingRule { hand: s("banker") },
            "no drawing rule for hand `banker`",
        ),
        (
            FirstHandFollows,
            "the first hand draws before the other: use `draws_on` or `decides`",
        ),
        (
            FirstRuleAmbiguous,
            "a drawing rule needs exactly one of `draws_on` and `decides`",
        ),
        (
            SecondHandDecides,
            "only the first hand may decide; the second follows a rule",
        ),
        (
            DrawsOnAndChart,
            "use either `draws_on` or the pair `when_other_stands`/`when_other_draws`",
        ),
        (
            SecondRuleIncomplete,
            "the second hand needs `draws_on`, or both `when_other_stands` and `when_other_draws`",
        ),
        (
            ChartRowNotATotal { row: s("ten") },
            "chart row must be a total from 0 to 9",
        ),
        (ChartRowTwice { total: 3 }, "chart row 3 appears twice"),
        (
            ChartRowCells { total: 3 },
            "chart row 3 must have ten cells, H (hit) or S (stand), for third-card values 0 to 9",
        ),
        (
            ChartRowMissing { total: 7 },
            "the `when_other_draws` chart has no row for total 7",
        ),
        (
            OptimalReserved,
            "`optimal` is the strategy certify computes",
        ),
        (
            StrategyUnseen {
                strategy: s("peek"),
                card: s("banker.first"),
            },
            "strategy `peek` reads `banker.first`, which its owner does not see",
        ),
        (
            StrategyReadsRank {
                strategy: s("faces"),
            },
            "strategy `faces` reads a rank or a suit",
        ),
        (
            SeenTwice {
                card: s("player.first"),
            },
            "`player.first` is listed twice",
        ),
        (
            SeesThirdCard,
            "a third card is not dealt when the owner decides",
        ),
        (SeesNotACard, "`sees` lists cards"),
        (SeesEmpty, "`sees` is empty"),
        (OptimalWithoutSees, "an optimal strategy needs `sees`"),
        (
            ObjectiveReadsRank {
                wager: s("lucky_match"),
            },
            "wager `lucky_match` reads ranks or suits",
        ),
        (OptimalEmpty, "`optimal` lists no wager"),
        (
            UnknownDefaultStrategy { name: s("stand") },
            "unknown default strategy `stand`",
        ),
        (
            DuplicateWagerId { id: s("tie") },
            "duplicate wager id `tie`",
        ),
        (
            UnknownPrecedence {
                precedence: s("first"),
            },
            "unknown precedence",
        ),
        (
            DuplicateEventId {
                event: s("win"),
                wager: s("banker"),
            },
            "duplicate event id `win` in wager `banker`",
        ),
        (
            NoEvents { wager: s("tie") },
            "wager `tie` declares no events",
        ),
        (
            NoPayTables { wager: s("tie") },
            "wager `tie` has no pay table",
        ),
        (
            DuplicatePayTableId {
                table: s("standard"),
            },
            "duplicate pay table id `standard`",
        ),
        (
            UnknownEvent {
                table: s("standard"),
                event: s("natural"),
                wager: s("tie"),
            },
            "pay table `standard` names event `natural`, which wager `tie` does not declare",
        ),
        (
            EventPricedTwice { event: s("tie") },
            "event `tie` priced twice",
        ),
        (
            EventUnpriced {
                event: s("natural"),
            },
            "event `natural` is priced by no pay table",
        ),
        (
            TableMissesEvent {
                table: s("b"),
                event: s("natural"),
            },
            "pay table `b` does not price event `natural`",
        ),
        (
            InvalidPay {
                pay: s("eight to one"),
            },
            "invalid pay",
        ),
        (
            UnknownCombined { id: s("mian") },
            "unknown combined entry `mian`",
        ),
        (
            WagerListedTwice { wager: s("banker") },
            "wager `banker` is listed twice",
        ),
        (
            PerNotCombined { per: s("player") },
            "`player` is not one of the combined wagers",
        ),
        (
            PerNotAlwaysPlaced { per: s("lucky_7") },
            "`lucky_7` is not always placed, so edges cannot be quoted per it",
        ),
        (
            PaySearchPrecedence,
            "a pay search needs a wager with `precedence: listed_order`",
        ),
        (
            NoSuchEvent {
                wager: s("tie"),
                event: s("tei"),
            },
            "wager `tie` declares no event `tei`",
        ),
        (
            PaySearchUnpriced {
                event: s("natural"),
            },
            "the pay search does not price event `natural`",
        ),
        (
            PaySearchTooWide,
            "the pay search ranges are too wide (over 10^9 tables)",
        ),
        (InvalidPayRange { range: s("100..1") }, "invalid pay range"),
        (
            InvalidSeats {
                seats: 1,
                min: 2,
                max: 16,
            },
            "invalid seats",
        ),
        (
            InvalidRotation {
                rotation: 0,
                min: 1,
                max: 100,
            },
            "invalid rotation",
        ),
        (
            UnknownCoverage {
                coverage: s("whole_stake"),
            },
            "unknown coverage rule",
        ),
        (NoLineWager, "a table needs at least one line wager"),
        (
            NotInSettlementOrder { wager: s("banker") },
            "wager `banker` has no place in the settlement order",
        ),
        (
            ListedTwiceIn {
                wager: s("player"),
                list: "line wagers",
            },
            "wager `player` is listed twice in the line wagers",
        ),
        (
            TwoLimits { wager: s("player") },
            "wager `player` has two limits",
        ),
        (
            LineAndSide { wager: s("player") },
            "wager `player` is both a line wager and a side bet",
        ),
        (
            NeitherLineNorSide { wager: s("tie") },
            "wager `tie` is neither a line wager nor a side bet",
        ),
        (
            NoLimits { wager: s("player") },
            "wager `player` has no limits",
        ),
        (LimitNotPair, "a limit is `[min, max]`"),
        (InvalidAmount { amount: s("2.555") }, "invalid amount"),
        (LimitInverted, "the minimum is above the maximum"),
        (
            DocumentDecksOutOfRange {
                decks: 2,
                min: 3,
                max: 8,
            },
            "a deck count the document names is outside the allowed range",
        ),
        (
            DocumentDecksTwice { decks: 6 },
            "deck count 6 is listed twice",
        ),
        (
            DefaultNotNamed {
                decks: 7,
                counts: vec![6, 8],
            },
            "the default deck count is not one the document names",
        ),
        (
            DefaultUnexplained,
            "the document names no deck count: `default_because` says why the default is used",
        ),
        (
            DuplicateAssumptionId { id: s("pair") },
            "duplicate assumption id `pair`",
        ),
        (
            AssumptionWithoutSource { id: s("pair") },
            "assumption `pair` has no source: quote the document's words and say where they are",
        ),
        (
            AssumptionUnlocated { id: s("pair") },
            "assumption `pair` does not say where in the document its words are",
        ),
        (
            AssumptionUnquoted { id: s("pair") },
            "assumption `pair` does not quote the document's words",
        ),
        (
            UnknownAssumption { name: s("pair") },
            "unknown assumption `pair`",
        ),
        (
            UnknownInterpretation { name: s("exposed") },
            "unknown interpretation `exposed`",
        ),
        (
            UnknownRuleRef { name: s("entr") },
            "`entr` names no part of the spec",
        ),
        (
            ReadingNamesNothing { item: s("3") },
            "the reading of item `3` names no rule, assumption or interpretation and does not say why it is not modelled",
        ),
        (ReadingItemTwice { item: s("3") }, "item `3` is read twice"),
        (
            DuplicateLeafletId { id: s("dragons") },
            "duplicate leaflet id `dragons`",
        ),
        (
            LeafletEmpty { id: s("dragons") },
            "leaflet `dragons` lists no wager",
        ),
        (
            BetsInverted {
                wager: s("lucky_7"),
                min: s("$100"),
                max: s("$10"),
            },
            "wager `lucky_7`'s minimum bet $100 is above its maximum bet $10",
        ),
        (
            TotalTwice {
                list: "naturals",
                total: 8,
            },
            "naturals: total 8 is listed twice",
        ),
        (
            NaturalsNotHighest {
                naturals: s("[0, 9]"),
            },
            "naturals [0, 9] are not the highest totals: a natural is a run of two-card totals ending at 9 ([9], [8, 9], [7, 8, 9], ...), and some total must draw",
        ),
        (
            ChangesDiffer {
                id: s("naturals"),
                unchanged: vec![s("lucky_7")],
                unlisted: vec![s("main_game")],
            },
            "the alternative reading `naturals`'s `changes` is not what it changes: the figures of `lucky_7` are the same under both readings; the figures of `main_game` differ but are not listed",
        ),
        (
            TooMany {
                what: "wagers",
                max: 100,
                found: 101,
            },
            "too many wagers: 101, at most 100 (the limits are in the manual's limits chapter)",
        ),
        (FamilyEmpty, "this `each` gives no member"),
        (FamilyRange { text: s("9..0") }, "invalid range `9..0`"),
        (
            FamilyRowsDiffer,
            "every row of `each` names the same variables",
        ),
        (
            FamilyVariableUnknown { name: s("totl") },
            "`{totl}` names no variable of the family",
        ),
        (
            CountedOnly {
                wager: s("banker_totals"),
            },
            "wager `banker_totals` has no pay table: it is counted only",
        ),
    ];
    let mut seen = [false; 116];
    for (e, text) in &cases {
        assert_eq!(e.to_string(), *text);
        // Through the diagnostic's kind too.
        assert_eq!(crate::diag::ErrorKind::from(e.clone()).to_string(), *text);
        seen[ordinal(e)] = true;
    }
    assert!(seen.iter().all(|&x| x), "a kind has no case: {seen:?}");
}
