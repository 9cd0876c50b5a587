//! Ways a card's text is refused (`crate::cards::parse_card`).

use std::fmt;

/// How the messages list what a card is made of.
const RANKS: &str = "A 2-9 10 T J Q K";
const SUITS: &str = "s h d c or ♠ ♥ ♦ ♣";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardError {
    /// `4s,,Kd` or `4s,`: nothing between two commas, or after the last.
    Empty,
    /// `K` or `10`: a rank with no suit after it.
    MissingSuit { card: String },
    /// `♠` or `s`: a suit with no rank before it.
    MissingRank { card: String },
    /// `1s`, `11h`, `Xs`: what stands before the suit is not a rank.
    UnknownRank { card: String, rank: String },
    /// `9x`, `9☃`: the last character is not a suit.
    UnknownSuit { card: String, suit: char },
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardError::Empty => write!(
                f,
                "empty card: cards are a rank ({RANKS}) and a suit ({SUITS}), separated by commas"
            ),
            CardError::MissingSuit { card } => {
                write!(f, "`{card}` has no suit: suits are {SUITS}")
            }
            CardError::MissingRank { card } => {
                write!(f, "`{card}` has no rank: ranks are {RANKS}")
            }
            CardError::UnknownRank { card, rank } => {
                write!(f, "`{card}`: `{rank}` is not a rank; ranks are {RANKS}")
            }
            CardError::UnknownSuit { card, suit } => {
                write!(f, "`{card}`: `{suit}`")?;
                if !suit.is_ascii_graphic() {
                    write!(f, " (U+{:04X})", u32::from(*suit))?;
                }
                write!(f, " is not a suit; suits are {SUITS}")
            }
        }
    }
}
