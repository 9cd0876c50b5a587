//! Round files: the wagers, the player-dealer and the cards of one or more
//! consecutive hands at a table, read with the line and column of every
//! value, and checked against the spec's table rules before anything is
//! settled (the checking is in `check`).
//!
//! ```yaml
//! spec: ../../rules/21st_century_baccarat.yaml   # optional: else on the command line
//! pay_tables: { player: tie_pushes }             # optional: else each wager's first
//! rounds:
//!   - name: an example
//!     player_dealer: { seat: 8, stake: 500 }
//!     hand: 1                                    # within the player-dealer's turn
//!     cards: { player: "4s,Kd,4h", banker: "2c,Ks,4d" }
//!     seats:
//!       1: { player: 100, lucky_7: 5 }
//!     back_line:                                 # standing bettors behind a seat
//!       - { behind: 1, name: ann, bets: { banker: 20 } }
//!     declines: [1]                              # seats declining the next offer
//!     expect: { ... }                            # optional: hand-worked results
//! ```

use crate::diag::Diagnostic;
use crate::eval::play::Played;
use crate::model::Ratio;
use crate::model::table::TableRules;
use crate::spec::SourceFile;
use crate::spec::ordered_map::OrderedMap;
use crate::spec::raw::S;
use crate::spec::table::RawAmount;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRoundFile {
    /// The spec, relative to the round file's folder.
    #[serde(default)]
    pub spec: Option<S<String>>,
    #[serde(default)]
    pub decks: Option<S<i64>>,
    /// Pay table per wager id (default: each wager's first).
    #[serde(default)]
    pub pay_tables: OrderedMap<S<String>, S<String>>,
    pub rounds: S<Vec<RawRound>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRound {
    #[serde(default)]
    pub name: Option<String>,
    pub player_dealer: RawPlayerDealer,
    /// Which hand of the player-dealer's turn this is, from 1.
    pub hand: S<i64>,
    /// Cards per hand name, in the order each hand received them.
    pub cards: S<OrderedMap<S<String>, S<String>>>,
    /// Seat number -> wager id -> amount.
    #[serde(default)]
    pub seats: OrderedMap<S<i64>, OrderedMap<S<String>, S<RawAmount>>>,
    #[serde(default)]
    pub back_line: Vec<RawBackLine>,
    /// Seats that decline the position when it is next offered (after the
    /// last hand of the turn); an empty seat declines.
    #[serde(default)]
    pub declines: Option<S<Vec<S<i64>>>>,
    #[serde(default)]
    pub expect: Option<RawExpect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlayerDealer {
    pub seat: S<i64>,
    pub stake: S<RawAmount>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBackLine {
    /// The seat the bettor stands behind.
    pub behind: S<i64>,
    pub name: S<String>,
    pub bets: OrderedMap<S<String>, S<RawAmount>>,
}

/// Hand-worked results a round must settle to.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExpect {
    /// Bettor (`3`, or `3/ann` behind seat 3) -> wager id -> settlement, as
    /// `paid 100`, `collected 5`, `pushed`, `returned 50` or `paid 30, returned 20`.
    #[serde(default)]
    pub wagers: OrderedMap<S<String>, OrderedMap<S<String>, S<String>>>,
    /// `+105`, `-500` or `0`.
    #[serde(default)]
    pub player_dealer_net: Option<S<String>>,
    /// `seat 8, hand 2`, or `none` when every seat declines.
    #[serde(default)]
    pub next: Option<S<String>>,
}

/// One bet at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bet {
    pub seat: u32,
    /// The back-line bettor's name; None for the seated player.
    pub backer: Option<String>,
    /// Index into `Spec::wagers`.
    pub wager: usize,
    pub stake: Ratio,
}

impl Bet {
    /// `3`, or `3/ann` for a back-line bettor behind seat 3.
    pub fn bettor(&self) -> String {
        match &self.backer {
            Some(name) => format!("{}/{name}", self.seat),
            None => self.seat.to_string(),
        }
    }
}

/// A round that passed every check: ready to settle.
#[derive(Clone, Debug)]
pub struct TableRound {
    pub name: String,
    pub seat: u32,
    pub stake: Ratio,
    pub hand: u32,
    pub played: Played,
    /// In the order the file lists them.
    pub bets: Vec<Bet>,
    pub declines: Vec<u32>,
    pub expect: Vec<Expectation>,
}

/// One hand-worked figure, with where it was written.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// `3.player`, `player_dealer_net` or `next`.
    pub target: String,
    pub expected: String,
}

/// A checked round file.
#[derive(Clone, Debug)]
pub struct RoundFile {
    pub decks: u32,
    /// Pay table index per spec wager.
    pub pay_tables: Vec<usize>,
    pub rounds: Vec<TableRound>,
}

/// Reads the YAML of a round file: every missing field, value of the wrong
/// kind and refused number, each located (see `spec::yaml::read`).
pub fn load(src: &SourceFile) -> Result<RawRoundFile, Vec<Diagnostic>> {
    crate::spec::yaml::read(
        src,
        crate::diag::input::FileKind::Round,
        &crate::spec::schema::ROUND_FILE,
    )
}

/// Who holds the position next hand: the same seat within its turn; after
/// the turn's last hand, the first seat clockwise that does not decline the
/// offer (the offer comes back to the player-dealer last). `(None, 1)` when
/// every seat declines.
pub fn next_position(rules: &TableRules, round: &TableRound) -> (Option<u32>, u32) {
    if round.hand < rules.rotation {
        return (Some(round.seat), round.hand + 1);
    }
    let mut seat = round.seat;
    for _ in 0..rules.seats {
        seat = rules.next_seat(seat);
        if !round.declines.contains(&seat) {
            return (Some(seat), 1);
        }
    }
    (None, 1)
}

/// `seat 8, hand 2` or `none`.
pub fn describe_position(next: (Option<u32>, u32)) -> String {
    match next {
        (Some(seat), hand) => format!("seat {seat}, hand {hand}"),
        (None, _) => "none".into(),
    }
}
