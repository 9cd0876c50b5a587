//! What the table checker refuses in a round file: seats, wagers and limits,
//! back-line and side-bet rules, cards off the drawing rules, and a rotation
//! that does not follow. Snippets assume a spec with 8 seats, rotation 2,
//! line wagers `player`/`banker` and a side bet `lucky_7`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundError {
    /// ```yaml
    /// spec: ../rules/punto_banco.yaml     # a spec with no `table:`
    /// ```
    NoTableSection { spec: String },
    /// ```yaml
    /// rounds: []
    /// ```
    NoRounds,
    /// A round file of more than `crate::limits::MAX_TABLE_ROUNDS` rounds.
    TooManyRounds { found: usize, max: usize },
    /// ```yaml
    /// decks: 12
    /// ```
    DecksNotAllowed {
        spec: String,
        decks: i64,
        min: u32,
        max: u32,
    },
    /// ```yaml
    /// seats:
    ///   1: { plyer: 100 }
    /// ```
    UnknownWager { name: String },
    /// ```yaml
    /// pay_tables: { lucky_7: nine_to_one }
    /// ```
    UnknownPayTable { wager: String, table: String },
    /// ```yaml
    /// player_dealer: { seat: 9, stake: 500 }
    /// ```
    UnknownSeat { seat: i64 },
    /// ```yaml
    /// player_dealer: { seat: 1, stake: 2.555 }
    /// ```
    InvalidAmount { amount: String },
    /// ```yaml
    /// hand: 3
    /// ```
    InvalidHand { hand: i64 },
    /// ```yaml
    /// player_dealer: { seat: 1, stake: 500 }
    /// seats:
    ///   1: { player: 100 }
    /// ```
    DealerSeatBets { seat: u32 },
    /// ```yaml
    /// seats:
    ///   2: { player: 100 }
    ///   2: { banker: 50 }
    /// ```
    SeatTwice { seat: u32 },
    /// ```yaml
    /// player_dealer: { seat: 1, stake: 500 }
    /// back_line:
    ///   - { behind: 1, name: bob, bets: { banker: 30 } }
    /// ```
    BackLineBehindDealer { seat: u32 },
    /// ```yaml
    /// back_line:
    ///   - { behind: 2, name: "", bets: { banker: 30 } }
    /// ```
    BackLineUnnamed,
    /// ```yaml
    /// back_line:
    ///   - { behind: 2, name: bob, bets: { banker: 30 } }
    ///   - { behind: 2, name: bob, bets: { player: 20 } }
    /// ```
    BackLineTwice { name: String, seat: u32 },
    /// ```yaml
    /// seats:
    ///   2: { player: 100, player: 50 }
    /// ```
    BetTwice { bettor: Bettor, wager: String },
    /// ```yaml
    /// back_line:
    ///   - { behind: 2, name: bob, bets: { lucky_7: 5 } }
    /// ```
    BackLineNotPermitted { wager: String },
    /// ```yaml
    /// seats:
    ///   2: { lucky_7: 5 }
    /// ```
    /// `lines` are the table's line wagers.
    SideBetWithoutLine {
        wager: String,
        bettor: Bettor,
        lines: Vec<String>,
    },
    /// ```yaml
    /// seats:
    ///   2: { player: 5000 }     # limits: { player: [5, 1000] }
    /// ```
    OutsideLimits {
        bettor: Bettor,
        wager: String,
        amount: String,
    },
    /// ```yaml
    /// cards: { player: "4s,Kd", dealer: "2c,Ks" }
    /// ```
    UnknownHand { hand: String },
    /// ```yaml
    /// cards: { player: "4s,Kd", banker: "2c,Ks" }    # the player draws on 4
    /// ```
    /// `reason` is the evaluator's account of the first departure.
    OffDrawingRules { reason: super::deal::DealError },
    /// ```yaml
    /// hand: 1
    /// declines: [2]
    /// ```
    DeclineTooEarly,
    /// ```yaml
    /// seats:
    ///   2: { player: 100 }
    /// expect:
    ///   wagers:
    ///     2: { banker: pushed }
    /// ```
    NoSuchBet { bettor: String, wager: String },
    /// ```yaml
    /// - player_dealer: { seat: 1, stake: 500 }
    ///   hand: 2
    /// - player_dealer: { seat: 3, stake: 500 }    # seat 2 is next
    ///   hand: 1
    /// ```
    /// `expected` is None when every seat declined.
    WrongSeat { expected: Option<u32>, seat: u32 },
    /// ```yaml
    /// - player_dealer: { seat: 1, stake: 500 }
    ///   hand: 1
    /// - player_dealer: { seat: 1, stake: 500 }
    ///   hand: 1                                   # hand 2 is next
    /// ```
    WrongHand { expected: u32, seat: u32, hand: u32 },
}

/// Who places a bet: a seated player or a back-line bettor behind a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bettor {
    Seat(u32),
    BackLine { name: String, seat: u32 },
}

impl fmt::Display for Bettor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bettor::Seat(s) => write!(f, "seat {s}"),
            Bettor::BackLine { name, seat } => {
                write!(f, "back-line bettor `{name}` behind seat {seat}")
            }
        }
    }
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RoundError::*;
        match self {
            NoTableSection { spec } => write!(
                f,
                "spec `{spec}` declares no `table:` section: its table rounds cannot be settled"
            ),
            NoRounds => f.write_str("a round file needs at least one round"),
            TooManyRounds { found, max } => write!(
                f,
                "too many rounds: {found}, at most {max} in one round file (split it into several files)"
            ),
            DecksNotAllowed { spec, min, max, .. } => {
                write!(f, "spec `{spec}` allows {min} to {max} decks")
            }
            UnknownWager { name } => write!(f, "unknown wager `{name}`"),
            UnknownPayTable { wager, table } => {
                write!(f, "wager `{wager}` has no pay table `{table}`")
            }
            UnknownSeat { seat } => write!(f, "unknown seat {seat}"),
            InvalidAmount { .. } => f.write_str("invalid amount"),
            InvalidHand { hand } => write!(f, "invalid hand {hand}"),
            DealerSeatBets { seat } => write!(
                f,
                "seat {seat} holds the player-dealer position: it banks the round and places no wagers"
            ),
            SeatTwice { seat } => write!(f, "seat {seat} is listed twice"),
            BackLineBehindDealer { seat } => write!(
                f,
                "seat {seat} holds the player-dealer position: no back-line bets behind it"
            ),
            BackLineUnnamed => f.write_str("a back-line bettor needs a name"),
            BackLineTwice { name, seat } => write!(
                f,
                "back-line bettor `{name}` behind seat {seat} is listed twice"
            ),
            BetTwice { bettor, wager } => write!(f, "{bettor} bets `{wager}` twice"),
            BackLineNotPermitted { wager } => {
                write!(f, "back-line betting is not permitted on `{wager}`")
            }
            SideBetWithoutLine {
                wager,
                bettor,
                lines,
            } => write!(
                f,
                "side bet `{wager}` without a line wager: {bettor} places no {} wager",
                lines.join(" or ")
            ),
            OutsideLimits {
                bettor,
                wager,
                amount,
            } => write!(
                f,
                "{bettor}: `{wager}` wager of {amount} is outside its limits"
            ),
            UnknownHand { hand } => write!(f, "unknown hand `{hand}`"),
            OffDrawingRules { reason } => {
                write!(f, "the cards do not follow the drawing rules: {reason}")
            }
            DeclineTooEarly => {
                f.write_str("the position is offered only after the last hand of a turn")
            }
            NoSuchBet { bettor, wager } => write!(
                f,
                "bettor `{bettor}` places no `{wager}` wager in this round"
            ),
            WrongSeat { expected, seat } => {
                f.write_str("the position moves to ")?;
                match expected {
                    Some(s) => write!(f, "seat {s}")?,
                    None => f.write_str("no seat (every seat declined)")?,
                }
                write!(f, " after the previous hand, not to seat {seat}")
            }
            WrongHand {
                expected,
                seat,
                hand,
            } => write!(
                f,
                "this is hand {expected} of seat {seat}'s turn, not hand {hand}"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Bettor;
    use super::RoundError::{self, *};

    /// Exhaustive, so a new variant fails to compile until it has a case.
    fn ordinal(e: &RoundError) -> usize {
        match e {
            NoTableSection { .. } => 0,
            NoRounds => 1,
            TooManyRounds { .. } => 23,
            DecksNotAllowed { .. } => 2,
            UnknownWager { .. } => 3,
            UnknownPayTable { .. } => 4,
            UnknownSeat { .. } => 5,
            InvalidAmount { .. } => 6,
            InvalidHand { .. } => 7,
            DealerSeatBets { .. } => 8,
            SeatTwice { .. } => 9,
            BackLineBehindDealer { .. } => 10,
            BackLineUnnamed => 11,
            BackLineTwice { .. } => 12,
            BetTwice { .. } => 13,
            BackLineNotPermitted { .. } => 14,
            SideBetWithoutLine { .. } => 15,
            OutsideLimits { .. } => 16,
            UnknownHand { .. } => 17,
            OffDrawingRules { .. } => 18,
            DeclineTooEarly => 19,
            NoSuchBet { .. } => 20,
            WrongSeat { .. } => 21,
            WrongHand { .. } => 22,
        }
    }

    #[test]
    fn every_kind_has_its_one_wording() {
        let s = |x: &str| x.to_string();
        let bob = Bettor::BackLine {
            name: s("bob"),
            seat: 2,
        };
        let cases: Vec<(RoundError, &str)> = vec![
            (
                NoTableSection {
                    spec: s("punto_banco"),
                },
                "spec `punto_banco` declares no `table:` section: its table rounds cannot be settled",
            ),
            (NoRounds, "a round file needs at least one round"),
            (
                TooManyRounds {
                    found: 10_001,
                    max: 10_000,
                },
                "too many rounds: 10001, at most 10000 in one round file (split it into several files)",
            ),
            (
                DecksNotAllowed {
                    spec: s("x"),
                    decks: 12,
                    min: 1,
                    max: 8,
                },
                "spec `x` allows 1 to 8 decks",
            ),
            (UnknownWager { name: s("plyer") }, "unknown wager `plyer`"),
            (
                UnknownPayTable {
                    wager: s("lucky_7"),
                    table: s("nine"),
                },
                "wager `lucky_7` has no pay table `nine`",
            ),
            (UnknownSeat { seat: 9 }, "unknown seat 9"),
            (InvalidAmount { amount: s("2.555") }, "invalid amount"),
            (InvalidHand { hand: 3 }, "invalid hand 3"),
            (
                DealerSeatBets { seat: 1 },
                "seat 1 holds the player-dealer position: it banks the round and places no wagers",
            ),
            (SeatTwice { seat: 2 }, "seat 2 is listed twice"),
            (
                BackLineBehindDealer { seat: 1 },
                "seat 1 holds the player-dealer position: no back-line bets behind it",
            ),
            (BackLineUnnamed, "a back-line bettor needs a name"),
            (
                BackLineTwice {
                    name: s("bob"),
                    seat: 2,
                },
                "back-line bettor `bob` behind seat 2 is listed twice",
            ),
            (
                BetTwice {
                    bettor: Bettor::Seat(2),
                    wager: s("player"),
                },
                "seat 2 bets `player` twice",
            ),
            (
                BackLineNotPermitted {
                    wager: s("lucky_7"),
                },
                "back-line betting is not permitted on `lucky_7`",
            ),
            (
                SideBetWithoutLine {
                    wager: s("lucky_7"),
                    bettor: Bettor::Seat(2),
                    lines: vec![s("player"), s("banker")],
                },
                "side bet `lucky_7` without a line wager: seat 2 places no player or banker wager",
            ),
            (
                OutsideLimits {
                    bettor: bob.clone(),
                    wager: s("banker"),
                    amount: s("5000"),
                },
                "back-line bettor `bob` behind seat 2: `banker` wager of 5000 is outside its limits",
            ),
            (UnknownHand { hand: s("dealer") }, "unknown hand `dealer`"),
            (
                OffDrawingRules {
                    reason: super::super::deal::DealError::NoInitialCards {
                        hand: s("player"),
                        got: 1,
                    },
                },
                "the cards do not follow the drawing rules: too few cards: the player hand needs two initial cards, got 1",
            ),
            (
                DeclineTooEarly,
                "the position is offered only after the last hand of a turn",
            ),
            (
                NoSuchBet {
                    bettor: s("2"),
                    wager: s("banker"),
                },
                "bettor `2` places no `banker` wager in this round",
            ),
            (
                WrongSeat {
                    expected: Some(2),
                    seat: 3,
                },
                "the position moves to seat 2 after the previous hand, not to seat 3",
            ),
            (
                WrongSeat {
                    expected: None,
                    seat: 3,
                },
                "the position moves to no seat (every seat declined) after the previous hand, not to seat 3",
            ),
            (
                WrongHand {
                    expected: 2,
                    seat: 1,
                    hand: 1,
                },
                "this is hand 2 of seat 1's turn, not hand 1",
            ),
        ];
        let mut seen = [false; 24];
        for (e, text) in &cases {
            assert_eq!(e.to_string(), *text);
            assert_eq!(crate::diag::ErrorKind::from(e.clone()).to_string(), *text);
            seen[ordinal(e)] = true;
        }
        assert!(seen.iter().all(|&x| x), "a kind has no case: {seen:?}");
    }
}
