//! The table rules of a player-banked game: who may bet what, in which order
//! the wagers of a round are settled, and how far the player-dealer's stake
//! covers them. Built by `check::table` from the spec's `table:` section.

use super::Ratio;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRules {
    /// Seated positions, numbered 1..=seats clockwise.
    pub seats: u32,
    /// The wagers in settlement order.
    pub wagers: Vec<TableWager>,
    /// Hands the player-dealer plays before the position moves on.
    pub rotation: u32,
    pub coverage: Coverage,
    /// The collection fees the card room takes (`fees:`), as declared.
    pub fees: Vec<Fee>,
}

/// A collection fee: a fixed amount, never a share of a wager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fee {
    pub paid_by: FeePayer,
    pub per: FeeBasis,
    /// The wagers it applies to (ids; empty: every wager).
    pub wagers: Vec<String>,
    /// Dollars.
    pub amount: Ratio,
    /// Where the document states it, when it does.
    pub source: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeePayer {
    Player,
    PlayerDealer,
}

/// What a fee is charged for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeeBasis {
    /// Each wager placed.
    Wager,
    /// Each hand (round) played.
    Hand,
}

/// One wager type at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableWager {
    /// Index into `Spec::wagers`.
    pub wager: usize,
    pub id: String,
    pub kind: WagerKind,
    /// A standing bettor may place it behind a seat.
    pub back_line: bool,
    /// Limits in dollars (whole cents), inclusive.
    pub min: Ratio,
    pub max: Ratio,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WagerKind {
    /// A base-game wager: may be placed on its own.
    Line,
    /// Allowed only to a bettor who also places a line wager.
    Side,
}

/// How the player-dealer's stake `S` covers the wagers, taken in settlement
/// order with his running net `N` (what he has collected less what he has
/// paid). Both rules keep `-S <= N <= S` at every step: "may not win or lose
/// more than the original amount wagered".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// Each wager is covered as far as the limits allow at its turn: a
    /// losing wager is collected up to `S - N`, a winning one paid up to
    /// `S + N` (money collected earlier in the order pays later winners);
    /// the part of a stake not covered is returned. A later losing wager
    /// may still be collected after the stake was once exhausted.
    RunningLimit,
    /// As `RunningLimit` until the stake is exhausted (`N` reaches `-S` or
    /// `S`); from then on every wager is returned, won or lost.
    Cutoff,
}

impl Coverage {
    pub fn parse(text: &str) -> Option<Coverage> {
        match text {
            "running_limit" => Some(Coverage::RunningLimit),
            "cutoff" => Some(Coverage::Cutoff),
            _ => None,
        }
    }

    /// The other reading, settled alongside so both stay computable.
    pub fn other(self) -> Coverage {
        match self {
            Coverage::RunningLimit => Coverage::Cutoff,
            Coverage::Cutoff => Coverage::RunningLimit,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Coverage::RunningLimit => "running_limit",
            Coverage::Cutoff => "cutoff",
        }
    }
}

impl TableRules {
    /// The table rules of a wager, by spec wager index.
    pub fn wager(&self, index: usize) -> Option<&TableWager> {
        self.wagers.iter().find(|w| w.wager == index)
    }

    /// The seat clockwise after `seat` (seats are numbered clockwise).
    pub fn next_seat(&self, seat: u32) -> u32 {
        seat % self.seats + 1
    }
}
